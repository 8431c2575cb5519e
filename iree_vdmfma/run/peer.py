"""The vendor-library peer: ``torch.matmul`` on the same problem, device, inputs and rotation.

What torch calls is the vendor library of the device: cuBLAS/cuBLASLt on NVIDIA,
hipBLASLt/rocBLAS on ROCm builds, oneDNN/MKL on the CPU. Timed like the IREE
runner times its modules (dispatch level, in-loop): each repetition runs the
plan's ``calls`` back-to-back matmuls, rotating through the plan's ``copies`` of B
(hot: one copy; cold: enough copies that the bytes between two reads of one copy
exceed the device's cache), synchronised once per repetition; a repetition
repeats whole rounds until ``min_time_s`` passed. The first call's output is
checked with the same :class:`Checker` as IREE's (plus the rounding of a narrower
output when the library returns f16/bf16, see numerics.py).

Timing modes as IREE's (run/timing.py): ``loop`` launches the matmuls back to back on one stream; ``cmdbuf`` and
``graph`` on a GPU record one round of them into a CUDA graph (HIP graph on ROCm builds) and replay it, as IREE
records a command buffer (IREE replays it on a stream in ``cmdbuf`` mode and builds a graph of it per call in
``graph`` mode; torch captures once and has no stream replay of a recording, so its two figures are one way of
timing, measured twice); on the CPU there is
nothing to record and ``cmdbuf`` is the same loop (``graph`` is refused there, as IREE's is). Every timed result
carries ``floor_us``: a 1x1x1 matmul timed the same way (run/floor.py), torch's harness floor.

Optional: torch is imported only here, only when the peer runs. A device or dtype
torch cannot do is :class:`PeerUnavailable` (the sweep's ``skipped`` row, with the reason).
"""

from __future__ import annotations

import time
from typing import Optional

import numpy as np

from . import floor, timing
from .numerics import Checker
from .runner import RunResult
from ..devices.caches import peak_gbps
from ..devices.probe import device_kind, device_target, normalize_device
from ..problems.problem import Problem

PEER_DTYPES = ("f16", "bf16")  # i8 -> i32 and fp8 are other torch ops (_int_mm, _scaled_mm), not matmul


class PeerUnavailable(RuntimeError):
    """torch cannot run this problem on this device; the message is the reason."""


def _torch():
    try:
        import torch
    except ImportError as e:
        raise PeerUnavailable(f"torch is not installed ({e})") from None
    return torch


def torch_device(device: str):
    """The torch device for an IREE device URI, or PeerUnavailable with the reason."""
    torch = _torch()
    device = normalize_device(device)
    kind = device_kind(device)
    if kind == "cpu":
        return torch.device("cpu")
    if kind not in ("cuda", "hip"):
        raise PeerUnavailable(f"no torch peer for {kind} devices")
    build = "ROCm" if torch.version.hip else ("CUDA" if torch.version.cuda else "CPU-only")
    if (kind == "hip") != bool(torch.version.hip) or not torch.cuda.is_available():
        raise PeerUnavailable(f"torch {torch.__version__} ({build} build) has no {kind} device")
    index = int(device.split("://", 1)[1]) if "://" in device and device.split("://", 1)[1].isdigit() else 0
    if index >= torch.cuda.device_count():
        raise PeerUnavailable(f"torch sees {torch.cuda.device_count()} GPU(s), not {device}")
    return torch.device("cuda", index)


def check_supported(problem: Problem, device: str) -> None:
    """PeerUnavailable unless torch.matmul can run ``problem`` on ``device``."""
    if problem.dtype not in PEER_DTYPES:
        raise PeerUnavailable(f"torch.matmul has no {problem.dtype} GEMM with a wide accumulator "
                              f"(peer dtypes: {', '.join(PEER_DTYPES)})")
    torch_device(device)


def _matmul(torch, a, b):
    """C = A . B^T with an f32 output where torch offers it (CUDA), else in the input dtype."""
    bt = b.transpose(-1, -2)
    if a.dim() == 2 and a.device.type == "cuda":
        try:
            return torch.mm(a, bt, out_dtype=torch.float32)
        except (TypeError, RuntimeError, NotImplementedError):
            pass
    return torch.matmul(a, bt)


def _sync(torch, dev) -> None:
    if dev.type == "cuda":
        torch.cuda.synchronize(dev)


def _round(torch, dev, a, bs, the_plan: timing.Plan):
    """One round of the plan's matmuls as a callable: launched one by one, or (cmdbuf on a GPU) a graph replay."""
    def launch() -> None:
        for i in range(the_plan.calls):
            _matmul(torch, a, bs[i % len(bs)])

    if the_plan.timing_mode == "loop" or dev.type != "cuda":
        return launch
    side = torch.cuda.Stream(dev)  # capture needs a warmed-up side stream (the library's workspace allocated)
    side.wait_stream(torch.cuda.current_stream(dev))
    with torch.cuda.stream(side):
        launch()
    torch.cuda.current_stream(dev).wait_stream(side)
    graph = torch.cuda.CUDAGraph()
    with torch.cuda.graph(graph):
        launch()
    return graph.replay


def _time(torch, dev, a, bs, the_plan: timing.Plan, reps: int, warmup_s: float,
          min_time_s: float) -> timing.Latency:
    one_round = _round(torch, dev, a, bs, the_plan)
    end = time.perf_counter() + warmup_s
    while True:
        one_round()
        _sync(torch, dev)
        if time.perf_counter() >= end:
            break
    samples = []
    for _ in range(reps):
        rounds, t0 = 0, time.perf_counter()
        while True:
            one_round()
            rounds += 1
            _sync(torch, dev)
            elapsed = time.perf_counter() - t0
            if elapsed >= min_time_s:
                break
        samples.append(elapsed * 1e6 / (rounds * the_plan.calls))
    return timing.Latency(tuple(samples), the_plan.calls)


def run_torch(problem: Problem, device: str = "local-task", cache_mode: str = "hot", reps: int = 10,
              *, seed: int = 0, check: bool = True, cache_bytes: Optional[int] = None,
              min_calls: int = timing.DEFAULT_MIN_CALLS, warmup_s: float = timing.DEFAULT_WARMUP_S,
              min_time_s: float = timing.DEFAULT_MIN_TIME_S,
              checker: Optional[Checker] = None, device_name: str = "",
              timing_mode: str = timing.DEFAULT_TIMING_MODE) -> RunResult:
    """Check and time torch.matmul for ``problem`` on ``device`` in ``timing_mode``, with torch's floor in that
    mode; PeerUnavailable when it cannot."""
    torch = _torch()
    check_supported(problem, device)
    timing.check_timing_mode(timing_mode, device)
    dev = torch_device(device)
    dev_target = device_target(device)
    res = RunResult(problem, normalize_device(device), dev_target, f"torch {torch.__version__}", cache_mode,
                    peak_gbps=peak_gbps(device, dev_target, device_name))
    chk = checker or Checker(problem, seed)
    to_dev = lambda x: torch.from_numpy(np.ascontiguousarray(x).view(np.uint16)).view(  # noqa: E731
        getattr(torch, {"f16": "float16", "bf16": "bfloat16"}[problem.dtype])).to(dev)
    a = to_dev(chk.inputs.a)
    try:
        if check:
            c = _matmul(torch, a, to_dev(chk.inputs.b))
            out_dtype = None if c.dtype == torch.float32 else problem.dtype
            res.numerics = chk.check(c.float().cpu().numpy(), "torch.matmul", output_dtype=out_dtype)
        if reps > 0:
            cb = cache_bytes if cache_bytes is not None else (
                timing.default_cache_bytes(res.device, dev_target, device_name) if cache_mode == "cold" else None)
            res.plan = timing.plan(problem, cache_mode, cb, min_calls, timing_mode=timing_mode)
            bs = [to_dev(chk.inputs.b) for _ in range(res.plan.copies)]
            res.latency = _time(torch, dev, a, bs, res.plan, reps, warmup_s, min_time_s)
            res.timing_mode = timing_mode
            res.floor_us = floor.remembered(("torch", str(dev), timing_mode), lambda: _floor_us(
                torch, dev, a.dtype, timing_mode, reps, warmup_s, min_time_s))
    except (RuntimeError, ValueError) as e:  # out of memory, rotation too large, a kernel error
        res.error = f"torch: {str(e).strip().splitlines()[0][:300]}" if str(e).strip() else type(e).__name__
    res.command = f"torch.matmul on {dev} ({problem.key}, {cache_mode}, {timing_mode})"
    return res


def _floor_us(torch, dev, dtype, timing_mode: str, reps: int, warmup_s: float, min_time_s: float) -> float:
    """torch's harness floor: a 1x1x1 matmul (floor.FLOOR_PROBLEM) timed as the rows are, hot (µs)."""
    one = torch.ones((1, 1), dtype=dtype, device=dev)
    the_plan = timing.plan(floor.FLOOR_PROBLEM, "hot", timing_mode=timing_mode)
    return _time(torch, dev, one, [one], the_plan, max(1, reps), warmup_s, min_time_s).median_us
