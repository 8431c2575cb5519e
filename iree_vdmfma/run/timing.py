"""Dispatch-level timing with ``iree-benchmark-module``, hot and cold cache.

How a latency is taken
----------------------
A runnable module holds, next to ``@gemm(A, B)``, two timing functions (problems/loop_ir.py)::

    func @gemm_loop(A, Bs: !hal.buffer_view, iters: i32) -> C        # timing mode 'loop'
      for i in [0, iters):
        B = import(view of Bs at byte offset (i mod copies) * stride)
        C = gemm(A, B)

    func @gemm_cmdbuf(A, Bs, iters) -> (C x 8)                        # timing mode 'cmdbuf' (the default)
      for t in [0, iters / 8):
        B_j = import(view of copy (8t + j) mod copies), j = 0..7    # every import first
        C_j = gemm(A, B_j), j = 0..7                                  # one command buffer, one submission

    timing mode 'graph': @gemm_cmdbuf again, on a device whose driver records each command buffer as a CUDA/HIP
    graph, built and instantiated per call (devices/targets.py graph_flag; IREE 3.13 replays command buffers on a
    stream by default): cuda and hip only

``Bs`` is one flat device buffer holding ``copies`` copies of the weights.
Each dispatch binds its copy at a buffer offset: no copy of the weights, no offset
arithmetic in the kernel, and IREE deduplicates the executable with the one
``@gemm`` uses (runnable modules are compiled with loop_ir.RUNNER_FLAGS for that):
the timed kernel is bit for bit the kernel the sweep proves (checked on gfx942).
``iree-benchmark-module --function=<the mode's function>`` times ``--benchmark_repetitions`` repetitions; each
repetition's ``real_time`` (the mean over its benchmark iterations) divided by ``iters`` is one latency sample
(MEASURED). One call's fixed costs (VM invoke, the final host wait) are amortised over ``iters`` dispatches. What
each dispatch still pays differs by mode: in ``loop`` mode its own buffer import, result allocation, queue
submission and signal; in ``cmdbuf`` mode an eighth of one submission, as the dispatches of a model's function
pay; in ``graph`` mode an eighth of one graph's build, instantiation and launch. The harness floor of each mode is
measured beside every timed row (run/floor.py). docs/concepts/measurement.md says which mode is used where.

Ordering caveat: HIP and CUDA run the submissions, and the dispatches of one command buffer,
in order on the device queue; the CPU task executor (``local-task``) may overlap two loop-mode
submissions, so CPU numbers are a throughput-flavoured figure, good for testing the plumbing,
not for claims.

Cache modes
-----------
``hot``: ``Bs`` holds 1 copy; every dispatch re-reads the same weights, which
stay in the last-level cache when they fit (MI300X: 256 MB Infinity Cache).

``cold``: ``Bs`` holds ``copies`` identical copies of the weights at distinct
addresses (each padded to a 256-byte boundary) and the loop walks them round-robin, with ``iters`` a multiple of
``copies``. Between two uses of one copy the kernel reads the other
``copies - 1`` copies, ``(copies - 1) * weight_bytes`` distinct bytes, and
:func:`plan` picks the fewest copies (in ``cmdbuf`` mode rounded up to a divisor or a multiple
of 8, so a call is whole command buffers) that make this at least ``COLD_MARGIN``
(2) times ``cache_bytes``, the sum of every cache level weights can sit in
(MI300X: 256 MiB Infinity Cache + 8 x 4 MiB L2; the CPU: L2 + L3). The margin
covers what a plain "more than the cache" would not: non-LRU replacement, the
L2s, and A, C and other traffic sharing the caches. So the copy has been
evicted when it is read again, and each dispatch streams its weights from
memory. Every cold row records ``rotation_copies`` and ``bytes_between_reuses``.
Hot and cold run the very same executable and loop; only the number of
distinct weight copies differs. (A and C are small and stay cached in both
modes, as they would in a decode step.)
"""

from __future__ import annotations

import dataclasses
import json
import math
import os
import re
import shutil
import statistics
import subprocess
import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Iterable, Optional, Sequence

import numpy as np

from ..devices.caches import default_cache_bytes  # noqa: F401  (re-exported for callers)
from ..problems.loop_ir import CMDBUF_DISPATCHES, CMDBUF_FUNC, GEMM_FUNC, LOOP_FUNC, copy_stride  # noqa: F401
from ..problems.problem import Problem
from ..util.io import atomic_write_bytes, read_tool_text
from ..util.procs import run_group
from ..util.scratch import scratch_dir

CACHE_MODES = ("hot", "cold")
# How the timed dispatches reach the device (docs/concepts/measurement.md): 'cmdbuf' records CMDBUF_DISPATCHES of them
# into one command buffer (one queue submission), as a model's function does, which IREE 3.13's CUDA and HIP drivers
# replay on a stream by default; 'graph' is the same command buffer recorded as a CUDA or HIP graph (the driver's
# *_use_streams=false, its target family's graph_flag; a graph built per call, unlike torch's captured once); 'loop'
# submits each dispatch alone.
TIMING_MODES = ("cmdbuf", "graph", "loop")
DEFAULT_TIMING_MODE = "cmdbuf"


def check_timing_mode(mode: str, device: Optional[str] = None) -> str:
    """``mode`` if it is one of TIMING_MODES (and, given a ``device``, one it can take), else ValueError saying why."""
    if mode not in TIMING_MODES:
        raise ValueError(f"timing mode must be {', '.join(TIMING_MODES[:-1])} or {TIMING_MODES[-1]} (got {mode!r})")
    if device is not None:
        mode_flags(mode, device)
    return mode


UNRECORDED_MODE = "loop"  # a row timed before rows recorded their mode was timed in it (@gemm_loop was the harness)


def check_one_mode(results: Path, rows: Iterable, mode: str, remedy: str = "choose another --out") -> None:
    """ValueError when ``results`` holds ``rows`` (ResultRows) timed in another timing mode than ``mode``: a
    results.csv keeps one row per shape, variant and cache mode and never redoes a finished one, so a run in another
    mode would keep those rows as its own. A row not timed (no latency, no mode) or timed as a plain call ('call')
    takes any mode; one timed before modes were recorded was timed in UNRECORDED_MODE."""
    modes = {r.timing_mode or (UNRECORDED_MODE if r.latency_us_median is not None else "") for r in rows}
    other = sorted(modes - {"", "call", mode})
    if other:
        raise ValueError(f"{results} holds rows timed in {' and '.join(other)} timing mode (now --timing-mode "
                         f"{mode}): one results.csv holds one timing mode, as it keeps one row per shape, variant "
                         f"and cache mode; {remedy}")


def mode_flags(mode: str, device: str) -> list[str]:
    """The runtime flags ``mode`` needs on ``device`` (graph: the driver's graph command buffers); ValueError for a
    graph on a device without them (the CPU's local-task runs a command buffer as a task graph, never a CUDA/HIP one:
    a 'graph' figure there would be the cmdbuf figure under another name)."""
    if mode != "graph":
        return []
    from ..devices.probe import device_kind  # noqa: PLC0415
    from ..devices.targets import graph_flag  # noqa: PLC0415

    kind = device_kind(device)
    flag = graph_flag(kind)
    if not flag:
        raise ValueError(f"timing mode graph replays command buffers as CUDA or HIP graphs: a cuda or hip device only "
                         f"({device} is {kind})")
    return [flag]


def timing_modes_on(device: str) -> tuple[str, ...]:
    """The TIMING_MODES ``device`` takes (the CPU: every one but graph)."""
    ok = []
    for mode in TIMING_MODES:
        try:
            ok.append(check_timing_mode(mode, device))
        except ValueError:
            pass
    return tuple(ok)


MODE_FUNCS = {"cmdbuf": CMDBUF_FUNC, "graph": CMDBUF_FUNC, "loop": LOOP_FUNC}
DISPATCHES_PER_SUBMISSION = {"cmdbuf": CMDBUF_DISPATCHES, "graph": CMDBUF_DISPATCHES, "loop": 1}
DEFAULT_MIN_CALLS = 16  # dispatches per timed call (hot); cold rounds up to whole rotations
DEFAULT_WARMUP_S = 0.1  # untimed calls first, for at least this long
DEFAULT_MIN_TIME_S = 0.05  # each timed repetition lasts at least this long (calls are batched up to it)
DEFAULT_MAX_ROTATION_BYTES = 8 * 2**30
COLD_MARGIN = 2  # cold mode: distinct weight bytes between two reads of one copy >= COLD_MARGIN x cache bytes


class TimingError(RuntimeError):
    """iree-benchmark-module failed, timed out or printed nothing usable."""

    def __init__(self, message: str, timed_out: bool = False, command: str = ""):
        super().__init__(message)
        self.timed_out = timed_out
        self.command = command


def rotation_buffer(copies: Sequence[np.ndarray], problem: Problem) -> np.ndarray:
    """The flat uint8 buffer the timing functions take: the given B copies, each padded to the stride."""
    stride = copy_stride(problem)
    buf = np.zeros((len(copies), stride), np.uint8)
    for row, b in zip(buf, copies):
        row[:problem.weight_bytes] = np.ascontiguousarray(b).view(np.uint8).reshape(-1)
    return buf.reshape(-1)



@dataclass(frozen=True)
class Plan:
    """How many weight copies a timing run rotates through, and what that touches."""

    cache_mode: str
    copies: int
    calls: int  # dispatches per timed call (a multiple of copies and of the mode's dispatches per submission)
    weight_bytes: int  # one copy of B
    cache_bytes: Optional[int]  # the cache the cold mode must defeat (None: hot)
    timing_mode: str = DEFAULT_TIMING_MODE

    @property
    def function(self) -> str:
        """The runnable module's function this plan times."""
        return MODE_FUNCS[self.timing_mode]

    @property
    def submissions(self) -> int:
        """Queue submissions per timed call (IREE: one per command buffer)."""
        return self.calls // DISPATCHES_PER_SUBMISSION[self.timing_mode]

    @property
    def rotated_weight_bytes(self) -> int:
        """Distinct weight bytes the loop reads per round (all copies)."""
        return self.copies * self.weight_bytes

    @property
    def bytes_between_reuse(self) -> int:
        """Distinct weight bytes read between two reads of the same copy."""
        return (self.copies - 1) * self.weight_bytes

    def run_bytes(self, problem: Problem) -> int:
        """Memory one timed call may hold: the rotated weights, A, and one C per dispatch of the call (the loop's
        results may all be live until the call returns: at M = 100000 that is what the OOM killer saw)."""
        c = problem.batch * problem.m * problem.n * problem.dt.acc_numpy.itemsize
        return self.copies * copy_stride(problem) + problem.operand_bytes(problem.m) + self.calls * c

    @property
    def defeats_cache(self) -> bool:
        """At least COLD_MARGIN x the cache is read between two reads of one copy."""
        return self.cache_bytes is not None and self.bytes_between_reuse >= COLD_MARGIN * self.cache_bytes


def cold_copies(weight_bytes: int, cache_bytes: int) -> int:
    """The fewest weight copies (at least 2) with ``(copies - 1) * weight_bytes >= COLD_MARGIN * cache_bytes``: the one
    cold rule, for one kernel's weights (:func:`plan`) and for a whole model's (model/forward.py)."""
    return max(2, -(-COLD_MARGIN * cache_bytes // weight_bytes) + 1)


def plan(problem: Problem, cache_mode: str, cache_bytes: Optional[int] = None,
         min_calls: int = DEFAULT_MIN_CALLS,
         max_rotation_bytes: int = DEFAULT_MAX_ROTATION_BYTES, memory_bytes: Optional[int] = None,
         timing_mode: str = DEFAULT_TIMING_MODE) -> Plan:
    """Copies and calls for a cache mode and timing mode; cold needs ``cache_bytes``. ValueError, before anything
    runs, when the run would need more than ``memory_bytes`` (the device's memory, where known: devices/caches.py)."""
    check_timing_mode(timing_mode)
    per = DISPATCHES_PER_SUBMISSION[timing_mode]
    min_calls = -(-max(1, min_calls) // per) * per
    the_plan = _plan(problem, cache_mode, cache_bytes, min_calls, max_rotation_bytes)
    copies = the_plan.copies  # a call is whole rotations (each copy read equally often, the last one read long
    while per % copies and copies % per:  # before the next call's first) of whole command buffers: copies that
        copies += 1  # divide or are a multiple of `per` keep that to max(copies, per) dispatches (129 copies: 136)
    if copies * problem.weight_bytes > max_rotation_bytes:
        raise ValueError(f"cold mode would need {copies} copies x {problem.weight_bytes} B = "
                         f"{copies * problem.weight_bytes} B of weights (> max_rotation_bytes {max_rotation_bytes})")
    step = max(copies, per)
    the_plan = dataclasses.replace(the_plan, copies=copies, calls=-(-min_calls // step) * step,
                                   timing_mode=timing_mode)
    need = the_plan.run_bytes(problem)
    if memory_bytes is not None and need > memory_bytes:
        raise ValueError(f"{cache_mode} run not started: it would need {need / 2**30:.3g} GiB ({the_plan.copies} weight "
                         f"copies, {the_plan.calls} dispatches a call, each with its own {problem.m}x{problem.n} "
                         f"result) and {memory_bytes / 2**30:.3g} GiB is available")
    return the_plan


def _plan(problem: Problem, cache_mode: str, cache_bytes: Optional[int], min_calls: int,
          max_rotation_bytes: int) -> Plan:
    if cache_mode not in CACHE_MODES:
        raise ValueError(f"cache_mode must be one of {CACHE_MODES}, got {cache_mode!r}")
    w = problem.weight_bytes
    if cache_mode == "hot":
        return Plan("hot", 1, max(1, min_calls), w, None)
    if cache_bytes is None or cache_bytes < 0:
        raise ValueError("cold mode needs the cache size in bytes")
    copies = cold_copies(w, cache_bytes)
    if copies * w > max_rotation_bytes:
        raise ValueError(f"cold mode would need {copies} copies x {w} B = {copies * w} B of weights "
                         f"(> max_rotation_bytes {max_rotation_bytes})")
    calls = copies * max(1, math.ceil(min_calls / copies))
    return Plan("cold", copies, calls, w, cache_bytes)


# ------------------------------------------------------------------- benchmark


@dataclass(frozen=True)
class Latency:
    """Per-dispatch latency statistics over repetitions, in microseconds."""

    samples_us: tuple[float, ...]
    calls_per_sample: int = 1

    @property
    def reps(self) -> int:
        return len(self.samples_us)

    @property
    def median_us(self) -> float:
        return statistics.median(self.samples_us)

    @property
    def min_us(self) -> float:
        return min(self.samples_us)

    @property
    def max_us(self) -> float:
        return max(self.samples_us)

    @property
    def std_us(self) -> float:
        return statistics.stdev(self.samples_us) if len(self.samples_us) > 1 else 0.0

    @property
    def mad_us(self) -> float:
        """Median absolute deviation: a spread one slow repetition cannot inflate (unlike std)."""
        med = self.median_us
        return statistics.median(abs(s - med) for s in self.samples_us)


_UNIT_US = {"ns": 1e-3, "us": 1.0, "ms": 1e3, "s": 1e6}


def parse_benchmark_json(data: dict | str, calls_per_iteration: int = 1) -> Latency:
    """Per-repetition entries (``run_type == "iteration"``) of a google-benchmark JSON.

    Aggregates (mean/median/stddev/cv) are ignored: statistics are recomputed
    from the repetitions themselves. ``real_time`` is the wall time of one
    benchmark iteration (one function call), divided by the dispatches per call.
    """
    if isinstance(data, str):
        data = json.loads(data)
    samples = []
    for entry in data.get("benchmarks", []):
        if entry.get("run_type", "iteration") != "iteration" or "aggregate_name" in entry:
            continue
        if entry.get("error_occurred"):
            raise TimingError(f"benchmark error: {entry.get('error_message', '?')}")
        us = float(entry["real_time"]) * _UNIT_US[entry.get("time_unit", "ns")]
        samples.append(us / calls_per_iteration)
    if not samples:
        raise TimingError("benchmark JSON has no per-repetition entries")
    return Latency(tuple(samples), calls_per_iteration)


def benchmark_tool() -> str:
    """Path of the iree-benchmark-module binary: PATH's, unless it is a script (the wheel's console entry point,
    a Python wrapper that starts the binary: a killed wrapper would leave the binary running), then the
    iree.runtime wheel's binary itself."""
    exe = shutil.which("iree-benchmark-module")
    if exe and not _script(exe):
        return exe
    try:
        from iree.runtime import benchmark_exe
    except ImportError:
        return exe or "iree-benchmark-module"
    return benchmark_exe()


def _script(path: str) -> bool:
    try:
        with open(path, "rb") as f:
            return f.read(2) == b"#!"
    except OSError:
        return False


def input_flag(array: np.ndarray, path: Path, elem: str) -> str:
    """Write raw bytes and return ``--input=SHAPExTYPE=@path`` (works for fp8/bf16)."""
    atomic_write_bytes(path, [np.ascontiguousarray(array).view(np.uint8).tobytes()])
    shape = "x".join(str(d) for d in array.shape)
    return f"--input={shape}x{elem}=@{path}"


def rotation_input_flag(b: np.ndarray, problem: Problem, copies: int, path: Path) -> str:
    """Write ``copies`` padded copies of B back to back; the flag passes them as flat i8."""
    stride = copy_stride(problem)
    raw = np.ascontiguousarray(b).view(np.uint8).tobytes()
    pad = bytes(stride - len(raw))
    atomic_write_bytes(path, (part for _ in range(copies) for part in (raw, pad)))
    return f"--input={copies * stride}xi8=@{path}"


def benchmark_command(vmfb: Path, device: str, function: str, inputs: Sequence[str],
                      reps: int, warmup_s: float, min_time_s: float, out_json: Path,
                      extra: Sequence[str] = ()) -> list[str]:
    return [benchmark_tool(), f"--module={vmfb}", f"--device={device}", f"--function={function}",
            *inputs,
            f"--benchmark_repetitions={reps}",
            f"--benchmark_min_warmup_time={warmup_s}",
            f"--benchmark_min_time={min_time_s}s",
            "--benchmark_format=json", f"--benchmark_out={out_json}",
            "--benchmark_out_format=json", *extra]


def run_benchmark(cmd: list[str], out_json: Path, calls_per_iteration: int,
                  timeout_s: float = 600.0) -> Latency:
    """Run a benchmark command built by :func:`benchmark_command` and parse its JSON."""
    printable = " ".join(cmd)
    try:
        # a timeout or Ctrl-C ends the run whole: the binary itself, or a wrapper with the binary it started
        # a run whose JSON is complete but that hangs in the device's destroy (IREE 3.13, util/procs.py) is ended
        proc = run_group(cmd, timeout_s, own_session=_script(cmd[0]) if os.path.isfile(cmd[0]) else False,
                         finished=lambda: _complete_json(out_json))
    except subprocess.TimeoutExpired:
        raise TimingError(f"iree-benchmark-module timed out after {timeout_s:g} s", True, printable)
    if proc.hung_at_exit:  # the measurement is whole: only the tool's teardown hung (we killed it)
        pass
    elif proc.returncode in (-9, 128 + 9, 256 - 9):  # SIGKILL, as a shell or the tool's own exit code reports it
        raise TimingError(f"iree-benchmark-module was killed (SIGKILL, exit {proc.returncode}): out of memory? "
                          "(the kernel's OOM killer; see dmesg)", False, printable)
    elif proc.returncode != 0:
        lines = [l.strip() for l in (proc.stderr + "\n" + proc.stdout).splitlines() if l.strip()]
        first = next((l for l in lines if re.search(r"error|[A-Z_]{6,};", l, re.I)),
                     lines[-1] if lines else "no output")
        raise TimingError(f"iree-benchmark-module exited {proc.returncode}: {first}", False, printable)
    try:
        return parse_benchmark_json(read_tool_text(out_json), calls_per_iteration)
    except (OSError, ValueError, KeyError) as e:
        raise TimingError(f"cannot read benchmark output {out_json}: {e}", False, printable)


def _complete_json(path: Path) -> bool:
    """Whether the benchmark's JSON output is whole (it is written at the end, closing brackets last)."""
    try:
        return "benchmarks" in json.loads(read_tool_text(path))
    except (OSError, ValueError, TypeError):
        return False


@dataclass
class TimingRun:
    latency: Latency
    plan: Plan
    function: str
    command: str
    extra: dict = field(default_factory=dict)


def time_module(vmfb: Path, problem: Problem, a: np.ndarray | Sequence[np.ndarray], b: np.ndarray, device: str,
                the_plan: Plan, has_loop: bool, reps: int = 10, warmup_s: float = DEFAULT_WARMUP_S,
                min_time_s: float = DEFAULT_MIN_TIME_S, workdir: Optional[Path] = None,
                timeout_s: float = 600.0, extra_flags: Sequence[str] = ()) -> TimingRun:
    """Time one module under a plan. ``has_loop``: the module has the plan's timing function (``@gemm_loop`` or
    ``@gemm_cmdbuf``); without it only hot mode, one plain ``@gemm`` call per sample, works.

    ``a``: A, or the list of @gemm's activation arguments (MX: packed A and its scales); ``b``: one
    weight copy as the loop rotates it (MX: packed B then its scales, bytes).
    """
    if reps < 1:
        raise ValueError("reps must be >= 1")
    own = workdir is None
    wd = scratch_dir("time") if own else Path(workdir)
    wd.mkdir(parents=True, exist_ok=True)
    written: list[Path] = []  # input files (the cold rotation: up to GiBs): removed when done, always
    try:
        key = problem.key
        elem = "i8" if problem.dt.is_mx else problem.dtype  # MX: every argument is packed bytes
        inputs = []
        for i, arr in enumerate(a if isinstance(a, (list, tuple)) else [a]):  # MX: A and its scales
            written.append(wd / f"{key}.a{i}.bin")
            inputs.append(input_flag(arr, written[-1], elem))
        if has_loop:
            written.append(wd / f"{key}.b_x{the_plan.copies}.bin")
            inputs.append(rotation_input_flag(b, problem, the_plan.copies, written[-1]))
            inputs.append(f"--input={the_plan.calls}")
            function, calls = the_plan.function, the_plan.calls
        else:
            if problem.dt.is_mx:
                raise TimingError(f"an MX module is timed through @{the_plan.function} (B and its scales rotate "
                                  "together)")
            if the_plan.cache_mode != "hot":
                raise TimingError(f"cold mode needs @{the_plan.function} in the module (a module built before "
                                  f"timing modes has only @gemm_loop: time it with --timing-mode loop, or "
                                  f"rebuild it from loop_ir.runner_input_ir(problem))")
            written.append(wd / f"{key}.b.bin")
            inputs.append(input_flag(b, written[-1], elem))
            function, calls = GEMM_FUNC, 1
        fd, out_name = tempfile.mkstemp(dir=wd, prefix=f"{key}.{the_plan.cache_mode}.", suffix=".json")
        os.close(fd)
        out_json = Path(out_name)
        cmd = benchmark_command(vmfb, device, function, inputs, reps, warmup_s, min_time_s,
                                out_json, [*mode_flags(the_plan.timing_mode, device), *extra_flags])
        try:
            lat = run_benchmark(cmd, out_json, calls, timeout_s)
        finally:
            out_json.unlink(missing_ok=True)
        return TimingRun(lat, the_plan, function, " ".join(cmd))
    finally:
        for path in written:
            path.unlink(missing_ok=True)
        if own:
            shutil.rmtree(wd, ignore_errors=True)
