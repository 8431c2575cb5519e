"""Paired, interleaved timing: contenders measured in rounds, verdicts from per-round ratios.

Why: two rows timed minutes apart drift (about 5% on the H100), and two independent noise
intervals cannot see a difference smaller than their widths. Here every round measures every
contender once, in a shuffled (seeded) order, so drift hits them alike; the verdict of a
contender against the base (IREE's default) comes from the per-round latency ratios
``new / base`` of the same rounds: their median, with a distribution-free interval from order
statistics (binomial ranks around the median), not from two separate intervals.

How a sample is taken (what is measured): the same timing function as run/timing.py, in the same
timing mode (default ``cmdbuf``: ``@gemm_cmdbuf``, 8 dispatches a command buffer, as a model's
forward records them; ``loop``: ``@gemm_loop``, one submission a dispatch) over ``iters`` dispatches
of the proven kernel, cold rotation or hot, the same :func:`timing.plan`, so one sample is a
per-dispatch latency as the runner's is. A multi-dispatch config (split-K) is timed as one unit:
each @gemm call's dispatches all lie in the same command buffer.

- ``one-process`` (tried first): one Python worker process (``python -m iree_vdmfma.run.paired``)
  loads every contender's module on the device once, shares one set of inputs among them, and
  runs the requested rounds. In a round the contenders take turns call by call (the round's
  order, then a seeded shuffle per turn), each call of the mode's timing function timed on its own, as
  many calls each as fill ``min_time_s`` for
  the slowest; a sample is a contender's median call time over its dispatches. So each sample of
  a round spans the same stretch of wall time: load that comes and goes hits every contender
  alike. One process: no per-sample launch or module-load noise.
- ``process-per-contender`` (the fallback, when the worker fails): per round and contender one
  ``iree-benchmark-module`` run of one repetition (run/timing.py ``time_module``).

Nothing here is modelled; ratios are of measured medians.
"""

from __future__ import annotations

import json
import math
import os
import random
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Optional, Sequence

import numpy as np

from . import timing
from ..problems.problem import Problem
from ..util.procs import run_group
from ..util.scratch import scratch

ONE_PROCESS, PER_CONTENDER = "one-process", "process-per-contender"
WIN, LOSS, WITHIN_NOISE, UNDETERMINED = "win", "loss", "within-noise", "undetermined"  # report/verdict.py's words


@dataclass(frozen=True)
class Contender:
    name: str
    vmfb: Path


@dataclass
class Rounds:
    """Per-dispatch latency samples (us), one per contender per round; ``orders``: who ran when."""

    names: list[str]
    samples: dict[str, list[float]] = field(default_factory=dict)
    orders: list[list[str]] = field(default_factory=list)
    modes: list[str] = field(default_factory=list)  # how each round was measured
    timing_mode: str = ""  # how each sample's dispatches were submitted (timing.TIMING_MODES)
    measuring_s: float = 0.0  # wall time spent measuring (workers and benchmark runs)

    @property
    def count(self) -> int:
        return len(self.orders)

    def ratios(self, new: str, base: str) -> np.ndarray:
        """Per-round latency ratios new / base (< 1: new faster), rounds where both were measured."""
        a, b = np.asarray(self.samples[new], float), np.asarray(self.samples[base], float)
        n = min(len(a), len(b))
        return a[:n] / b[:n]

    def extend(self, other: "Rounds") -> None:
        for name in other.names:
            self.samples.setdefault(name, []).extend(other.samples[name])
        self.orders += other.orders
        self.modes += other.modes
        self.timing_mode = self.timing_mode or other.timing_mode
        self.measuring_s += other.measuring_s


# ------------------------------------------------------------------ statistics


def median_interval(values: Sequence[float], confidence: float = 0.95) -> tuple[float, float, float]:
    """(low, high, coverage): the order-statistics interval of the median of ``values``.

    With n sorted values the interval [x_(k), x_(n-k+1)] covers the median with probability
    1 - 2 P(Binomial(n, 1/2) <= k-1); k is the largest rank that keeps this >= ``confidence``.
    Too few values for that confidence: [min, max] and the coverage it has (1 - 2^(1-n)).
    """
    x = sorted(float(v) for v in values)
    n = len(x)
    if n == 0:
        return math.nan, math.nan, 0.0
    alpha, cdf, k = (1.0 - confidence) / 2.0, 0.0, 0
    for j in range(n):
        cdf += math.comb(n, j) / 2.0 ** n
        if cdf > alpha:
            break
        k = j + 1
    k = max(k, 1)
    tail = sum(math.comb(n, j) for j in range(k)) / 2.0 ** n
    return x[k - 1], x[n - k], 1.0 - 2.0 * tail


@dataclass(frozen=True)
class PairedRule:
    """The paired verdict: ``new`` wins when its median per-round ratio new/base is below
    1 - ``threshold`` AND the median's ``confidence`` interval lies wholly below 1; a loss
    mirrors it; otherwise within-noise. Undetermined: fewer than ``min_rounds`` rounds, or too
    few for an interval of that confidence (95% needs 6: [min, max] of 6 covers 96.9%).
    ``source`` says where the threshold came from ('default' or 'calibration <path>'); ``note``, why a
    calibration file that was found is not used (damaged or edited rows)."""

    threshold: float = 0.01
    confidence: float = 0.95
    min_rounds: int = 3
    source: str = "default"
    note: str = ""

    def describe(self) -> str:
        return (f"paired rule: median per-round ratio beyond {self.threshold:.1%} and its {self.confidence:.0%} "
                f"order-statistics interval excluding 1 (threshold from {self.source})")


DEFAULT_PAIRED_RULE = PairedRule()


@dataclass(frozen=True)
class Paired:
    """One contender against the base over paired rounds."""

    ratio: float  # median of per-round latency ratios new / base (< 1: new faster)
    lo: float
    hi: float
    rounds: int
    verdict: str
    threshold: float

    @property
    def speedup(self) -> float:
        return 1.0 / self.ratio if self.ratio else math.nan

    def margin(self) -> str:
        """'0.912 [0.897, 0.931] x12': the ratio, its interval and the rounds, for a CSV cell."""
        return f"{self.ratio:.4g} [{self.lo:.4g}, {self.hi:.4g}] x{self.rounds}"


def compare(ratios: Sequence[float], rule: PairedRule = DEFAULT_PAIRED_RULE) -> Paired:
    """The paired verdict of per-round ratios new / base under ``rule``."""
    r = [float(v) for v in ratios if v is not None and math.isfinite(v) and v > 0]
    if not r:
        return Paired(math.nan, math.nan, math.nan, 0, UNDETERMINED, rule.threshold)
    med = float(np.median(r))
    lo, hi, coverage = median_interval(r, rule.confidence)
    if len(r) < rule.min_rounds or coverage < rule.confidence:  # 95%: at least 6 rounds
        verdict = UNDETERMINED
    elif hi < 1.0 and med < 1.0 - rule.threshold:
        verdict = WIN
    elif lo > 1.0 and med > 1.0 + rule.threshold:
        verdict = LOSS
    else:
        verdict = WITHIN_NOISE
    return Paired(med, lo, hi, len(r), verdict, rule.threshold)


# ------------------------------------------------------------------ measuring


def round_orders(names: Sequence[str], rounds: int, seed: int, start: int = 0) -> list[list[str]]:
    """The shuffled order of every round (seeded per round: round i's order never depends on how
    many rounds were asked for before it)."""
    out = []
    for i in range(start, start + rounds):
        order = list(names)
        random.Random(f"{seed}:{i}").shuffle(order)
        out.append(order)
    return out


def measure_rounds(contenders: Sequence[Contender], problem: Problem, device: str, rounds: int, *,
                   seed: int = 0, start: int = 0, cache_mode: str = "cold", cache_bytes: Optional[int] = None,
                   min_time_s: float = timing.DEFAULT_MIN_TIME_S, timeout_s: float = 600.0, mode: str = "auto",
                   timing_mode: str = timing.DEFAULT_TIMING_MODE) -> Rounds:
    """Measure ``rounds`` rounds (numbered from ``start``: their orders are seeded by number).

    ``mode``: 'auto' (one process, else the fallback), ONE_PROCESS or PER_CONTENDER.
    Raises timing.TimingError when neither way could measure.
    """
    if rounds < 1 or not contenders:
        raise ValueError("measure_rounds needs at least one round and one contender")
    names = [c.name for c in contenders]
    if len(set(names)) != len(names):
        raise ValueError(f"contender names must be unique: {names}")
    from ..devices.probe import device_info, device_target, resolve_device  # noqa: PLC0415

    dev = resolve_device(device) or device
    timing.check_timing_mode(timing_mode, dev)  # graph: a cuda or hip device only, before any process starts
    if cache_bytes is None and cache_mode == "cold":
        tgt = device_target(dev)
        cache_bytes = timing.default_cache_bytes(dev, tgt, device_info(dev).name if tgt != "host" else "")
    the_plan = timing.plan(problem, cache_mode, cache_bytes, timing_mode=timing_mode)
    orders = round_orders(names, rounds, seed, start)
    started = time.perf_counter()
    error = ""
    if mode in ("auto", ONE_PROCESS):
        try:
            out = _one_process(contenders, problem, dev, the_plan, orders, seed, min_time_s, timeout_s)
            out.measuring_s, out.timing_mode = time.perf_counter() - started, timing_mode
            return out
        except timing.TimingError as e:
            if mode == ONE_PROCESS:
                raise
            error = str(e)
    out = _per_contender(contenders, problem, dev, the_plan, orders, seed, timeout_s)
    out.measuring_s, out.timing_mode = time.perf_counter() - started, timing_mode
    if error:
        out.modes = [f"{PER_CONTENDER} (one process failed: {error[:200]})" for _ in out.modes]
    return out


def _one_process(contenders, problem, device, the_plan, orders, seed, min_time_s, timeout_s) -> Rounds:
    spec = {"vmfbs": {c.name: str(c.vmfb) for c in contenders}, "device": device,
            "problem": [problem.m, problem.n, problem.k, problem.batch, problem.dtype],
            "copies": the_plan.copies, "calls": the_plan.calls, "function": the_plan.function, "orders": orders,
            "runtime_flags": timing.mode_flags(the_plan.timing_mode, device),
            "seed": seed,
            "min_time_s": min_time_s}
    with scratch("paired") as tmp:
        path = Path(tmp) / "spec.json"
        path.write_text(json.dumps(spec), encoding="utf-8")
        cmd = [sys.executable, "-m", "iree_vdmfma.run.paired", str(path)]
        env = {**os.environ, "PYTHONPATH": os.pathsep.join(p for p in (str(Path(__file__).parents[2]),
                                                                        os.environ.get("PYTHONPATH", "")) if p)}
        try:
            # the worker times in-process (no child of its own): it stays in our group, killed itself on a timeout
            proc = run_group(cmd, timeout_s, own_session=False, env=env)
        except subprocess.TimeoutExpired:
            raise timing.TimingError(f"paired worker timed out after {timeout_s:g} s", True, " ".join(cmd))
        if proc.ended:  # the command is being interrupted (util/procs.end_children): no per-contender fallback
            raise KeyboardInterrupt("paired worker ended: the command is stopping")
        if proc.returncode != 0:
            last = [l for l in proc.stderr.splitlines() if l.strip()][-1:] or ["no output"]
            raise timing.TimingError(f"paired worker exited {proc.returncode}: {last[0][:300]}", False, " ".join(cmd))
        try:
            samples = json.loads(proc.stdout.strip().splitlines()[-1])
        except (ValueError, IndexError) as e:
            raise timing.TimingError(f"paired worker printed no samples ({e})", False, " ".join(cmd))
    return Rounds([c.name for c in contenders], samples, orders, [ONE_PROCESS] * len(orders))


def _per_contender(contenders, problem, device, the_plan, orders, seed, timeout_s) -> Rounds:
    from .numerics import make_inputs  # noqa: PLC0415

    inputs = make_inputs(problem, seed)
    by_name = {c.name: c for c in contenders}
    samples: dict[str, list[float]] = {c.name: [] for c in contenders}
    with scratch("paired") as tmp:
        for order in orders:
            for name in order:
                run = timing.time_module(by_name[name].vmfb, problem, inputs.a, inputs.b, device, the_plan,
                                         has_loop=True, reps=1, warmup_s=0.02, workdir=Path(tmp), timeout_s=timeout_s)
                samples[name].append(run.latency.median_us)
    return Rounds([c.name for c in contenders], samples, orders, [PER_CONTENDER] * len(orders))


# ------------------------------------------------------------------ the worker (one process)


def _worker(spec: dict) -> dict[str, list[float]]:
    """Load every module once, share the inputs, run the rounds; per-dispatch us per sample."""
    from .numerics import make_inputs  # noqa: PLC0415
    from .runner import load_module  # noqa: PLC0415

    if spec.get("runtime_flags"):  # graph mode: set before the device is made (this process's own flags)
        from iree.runtime import flags  # noqa: PLC0415

        flags.parse_flags(*spec["runtime_flags"])
    m, n, k, batch, dtype = spec["problem"]
    problem = Problem(m, n, k, batch, dtype)
    inputs = make_inputs(problem, spec["seed"])
    mods = {name: load_module(vmfb, spec["device"]) for name, vmfb in spec["vmfbs"].items()}
    first = next(iter(mods.values()))
    a = first.device_arg(inputs.a, dtype)
    bs = first.device_arg(timing.rotation_buffer([inputs.b] * spec["copies"], problem), dtype)
    calls = spec["calls"]
    fns = {name: mod.context.modules.module[spec["function"]] for name, mod in mods.items()}
    slowest = 1e-6
    for fn in fns.values():  # warm up, and time one call of each
        fn(a, bs, calls)
        t0 = time.perf_counter()
        fn(a, bs, calls)
        slowest = max(slowest, time.perf_counter() - t0)
    # The same number of calls per sample for every contender (a fixed cost per sample then weighs alike),
    # enough that the slowest fills min_time_s.
    times = max(1, math.ceil(spec["min_time_s"] / slowest))
    samples: dict[str, list[float]] = {name: [] for name in mods}
    for name in spec["orders"][0]:  # one unrecorded round: caches, clocks and thread pools settle
        for _ in range(times):
            fns[name](a, bs, calls)
    for i, order in enumerate(spec["orders"]):
        spent: dict[str, list[float]] = {name: [] for name in order}
        turns = random.Random(f"{spec['seed']}:{i}:turns")
        for rep in range(times):  # the contenders take turns call by call: a load change hits them all alike
            turn = list(order)
            if rep:  # the round's order first, then a fresh shuffle each turn: nobody always follows the same one
                turns.shuffle(turn)
            for name in turn:
                t0 = time.perf_counter()
                fns[name](a, bs, calls)
                spent[name].append(time.perf_counter() - t0)
        for name in order:  # the median call: a call the OS preempted does not move it
            samples[name].append(float(np.median(spent[name])) / calls * 1e6)
    return samples


if __name__ == "__main__":
    print(json.dumps(_worker(json.loads(Path(sys.argv[1]).read_text(encoding="utf-8")))), flush=True)
    # The samples are out: skip the runtime's teardown, where IREE 3.13's local-task device sometimes deadlocks
    # (util/procs.py); the OS frees the device. An error above exits through Python as usual (its traceback).
    sys.stderr.flush()
    os._exit(0)
