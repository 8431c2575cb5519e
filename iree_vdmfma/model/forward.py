"""The whole exported forward on a device: load, run, check against torch, time in paired rounds.

What is measured
----------------
A compiled model (one vmfb per variant) is loaded with ``iree.runtime`` on the device with its
weights from the IRPA archive the export wrote (``source.export_step``), once per variant. One
sample of a variant is the wall time of ``calls`` back-to-back calls of ``main`` from Python,
each waiting for its outputs on the host (``to_host``), divided by ``calls``: a forward latency
that includes the runtime's invoke overhead, as a decode loop driven from Python pays it. Torch
eager (the peer) is timed the same way on the same device, in the same rounds.

Paired, interleaved rounds: every round measures every contender once, in an order shuffled
with a seed per round, so drift and neighbour load hit all alike. The speedup of a variant vs
IREE's default is the median over rounds of the per-round ratio ``default / variant``, with the
order-statistics interval of that median (:func:`median_interval`).

Cache modes (the ``cache_mode`` column): ``hot``: one copy of the weights and inputs, re-used by
every call (they stay in the caches where they fit). ``cold``: ``copies`` copies of the weights
(each IREE copy its own parameter buffers read from the IRPA archive; each torch copy a deep copy
of the module) and of the inputs, at distinct addresses, called round-robin: between two calls on
one copy the other ``copies - 1`` copies are read, at least ``COLD_MARGIN`` (2) x the device's
cache (devices/caches.py: the CPU's L2 + L3, a GPU's data-sheet caches) — the rule of run/timing.py
for one kernel, applied to the whole forward (:func:`cold_plan`). Where the copies of every
contender would not fit in half the memory available (at most 8 GiB), cold is not run: its rows are
``skipped`` with the reason. Activations in between layers are not rotated (they are small and hot
in a real decode step too).

Numerics rule (stated in the report)
------------------------------------
Per output ``o``, torch eager in the model's dtype (``eager``) and the same model and inputs in
float64 (``ref64``) give the scale of the rounding error a correct implementation in this dtype
makes: ``e_o = max |eager - ref64|``. A variant's output passes when, per element,
``|got - eager| <= TOL_SAFETY * (e_o + 0.5 * eps_out * max |ref64|)`` (TOL_SAFETY = 4, as in
run/numerics.py; the half ulp of the output dtype keeps the bound non-zero when eager happens to
be exact). A lost K tile or a wrong element misses by the size of the output, far beyond it.
Any NaN/Inf or a shape mismatch fails.
"""

from __future__ import annotations

import math
import random
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Callable, Optional, Sequence

import numpy as np

from ..compiler.entry import module_gone
from ..run.numerics import TOL_SAFETY
from ..run.paired import median_interval  # the one order-statistics interval of a median
from ..run.timing import CACHE_MODES, COLD_MARGIN, DEFAULT_MAX_ROTATION_BYTES, cold_copies  # noqa: F401
from ..util.io import read_tool_text

FORWARD_RULE = (f"per output: |iree - torch eager| <= {TOL_SAFETY:g} x (max|eager - float64| + "
                "0.5 x eps_out x max|float64|), per element")
TIMING_HOW = ("wall time per forward call from Python (iree.runtime / torch), outputs waited for on the host; "
              "paired interleaved rounds in seeded shuffled order; `hot`: one copy of the weights, re-used; `cold`: "
              "weight and input copies rotated round-robin, at least 2x the device's cache read between two calls "
              "on one copy (the `rotation_copies` column says how many)")


# ------------------------------------------------------------------ cold rotation


@dataclass(frozen=True)
class ColdPlan:
    """How many weight copies a cold forward rotates through (0: cold not run, ``why`` says why)."""

    copies: int
    weight_bytes: int
    cache_bytes: int
    why: str = ""

    @property
    def bytes_between_reuses(self) -> int:
        return max(0, self.copies - 1) * self.weight_bytes


def available_bytes() -> int:
    """MemAvailable of the host (Linux), else the physical pages the OS reports free."""
    try:
        for line in read_tool_text("/proc/meminfo").splitlines():
            if line.startswith("MemAvailable:"):
                return int(line.split()[1]) * 1024
    except OSError:
        pass
    import os  # noqa: PLC0415

    return os.sysconf("SC_AVPHYS_PAGES") * os.sysconf("SC_PAGE_SIZE")


def cold_plan(weight_bytes: int, cache_bytes: int, contenders: int, budget_bytes: Optional[int] = None) -> ColdPlan:
    """The fewest copies with ``(copies - 1) * weight_bytes >= COLD_MARGIN * cache_bytes`` (at least 2), if every
    contender's copies (x2: an IREE copy may sit in a host and a device buffer) fit in ``budget_bytes`` (default:
    half the available memory, at most 8 GiB); else copies 0 and why."""
    if weight_bytes <= 0:
        return ColdPlan(0, weight_bytes, cache_bytes, "the model has no weights to rotate")
    copies = cold_copies(weight_bytes, cache_bytes)
    budget = budget_bytes if budget_bytes is not None else min(DEFAULT_MAX_ROTATION_BYTES, available_bytes() // 2)
    need = 2 * copies * weight_bytes * max(1, contenders)
    if need > budget:
        return ColdPlan(0, weight_bytes, cache_bytes,
                        f"cold needs {copies} copies of {weight_bytes / 2**20:.4g} MiB of weights for each of "
                        f"{contenders} contenders ({need / 2**30:.3g} GiB with host and device buffers), more than "
                        f"the memory budget {budget / 2**30:.3g} GiB")
    return ColdPlan(copies, weight_bytes, cache_bytes)


# ------------------------------------------------------------------ running


class ForwardModule:
    """A compiled forward loaded on a device with its parameter archive: ``copies`` contexts of the one module,
    each with its own copy of every parameter (``copies`` = 1: the archive as IREE loads it). A module removed
    from the compile cache under the run raises compiler/entry.py EntryGone (``module_gone``)."""

    def __init__(self, vmfb: Path, parameters: Path, device: str, scope: str, function: str = "main",
                 copies: int = 1, config=None):
        import iree.runtime as rt  # noqa: PLC0415  (only when something runs)

        self.vmfb, self.parameters, self.device, self.scope, self.function = vmfb, parameters, device, scope, function
        self.config = config or rt.Config(device)
        instance = self.config.vm_instance
        archive = rt.ParameterIndex()
        archive.load(str(parameters))
        try:
            module = rt.VmModule.mmap(instance, str(vmfb))
        except (RuntimeError, ValueError, OSError) as e:  # the compile cache's module, read after its lock let go
            if (gone := module_gone(Path(vmfb))) is None:
                raise
            raise gone from e  # removed under the run (a prune, a hand rm): say so, not "No such file"
        self._buffers: list[np.ndarray] = []  # the copies' parameter memory, alive as long as the module
        self.fns = []
        for i in range(copies):
            index = archive if copies == 1 else self._copy(rt, archive)
            modules = rt.load_vm_modules(
                rt.create_io_parameters_module(instance, index.create_provider(scope=scope)),
                rt.create_hal_module(instance, self.config.device), module, config=self.config)
            self.fns.append(getattr(modules[-1], function))
        self.fn = self.fns[0]

    def _copy(self, rt, archive):
        index = rt.ParameterIndex()
        for key, entry in archive.items():
            if entry.is_file:
                data = np.array(entry.file_view, dtype=np.uint8, copy=True)
                self._buffers.append(data)
                index.add_buffer(key, data)
            else:
                index.add_splat(key, entry.splat_pattern, entry.length)
        return index

    def __call__(self, inputs: Sequence[np.ndarray], copy: int = 0) -> list[np.ndarray]:
        result = self.fns[copy](*inputs)
        items = result if isinstance(result, (tuple, list)) else [result]
        return [np.asarray(r.to_host() if hasattr(r, "to_host") else r) for r in items]

    def rotation(self, copies: int, inputs: Sequence[np.ndarray]) -> Callable[[], object]:
        """One zero-argument forward over ``copies`` fresh copies of the weights and inputs (on this module's
        device), calling the next copy each time, round-robin (a cold rotation)."""
        mod = ForwardModule(self.vmfb, self.parameters, self.device, self.scope, self.function, copies, self.config)
        args = [[np.array(a, copy=True) for a in inputs] for _ in range(copies)]
        return rotate([(lambda c=c: mod(args[c], c)) for c in range(copies)])


def rotate(calls: Sequence[Callable[[], object]]) -> Callable[[], object]:
    """One zero-argument callable that calls ``calls`` in turn, round-robin (one copy per call)."""
    state = {"i": 0}

    def run():
        i = state["i"]
        state["i"] = (i + 1) % len(calls)
        return calls[i]()

    return run


# ------------------------------------------------------------------ numerics


@dataclass(frozen=True)
class ForwardNumerics:
    passed: bool
    max_abs_err: float  # max |got - eager| over all outputs
    tolerance: float  # the loosest per-output bound applied
    message: str = ""

    @property
    def verdict(self) -> str:
        return "pass" if self.passed else "fail"


def _eps(dtype: str) -> float:
    import ml_dtypes  # noqa: PLC0415

    return float({"f16": np.finfo(np.float16).eps, "f32": np.finfo(np.float32).eps,
                  "bf16": ml_dtypes.finfo(ml_dtypes.bfloat16).eps}.get(dtype, np.finfo(np.float16).eps))


def output_tolerance(eager: np.ndarray, ref64: np.ndarray, dtype: str) -> float:
    """The per-output bound of FORWARD_RULE."""
    e = np.asarray(eager, np.float64)
    r = np.asarray(ref64, np.float64)
    scale = float(np.abs(r).max()) if r.size else 0.0
    return TOL_SAFETY * (float(np.abs(e - r).max()) + 0.5 * _eps(dtype) * scale)


def check_forward(got: Sequence[np.ndarray], eager: Sequence[np.ndarray], ref64: Sequence[np.ndarray],
                  dtypes: Sequence[str]) -> ForwardNumerics:
    """Every output against torch eager under FORWARD_RULE."""
    if len(got) != len(eager):
        return ForwardNumerics(False, math.inf, math.nan, f"{len(got)} outputs, torch gives {len(eager)}")
    worst, tol_max, bad = 0.0, 0.0, []
    for i, (g, e, r, dt) in enumerate(zip(got, eager, ref64, dtypes)):
        g = np.asarray(g)
        if g.shape != np.asarray(e).shape:
            return ForwardNumerics(False, math.inf, math.nan, f"output {i}: shape {g.shape} != torch {e.shape}")
        tol = output_tolerance(e, r, dt)
        err = np.abs(g.astype(np.float64) - np.asarray(e, np.float64))
        err = np.where(np.isfinite(err), err, np.inf)
        worst, tol_max = max(worst, float(err.max())), max(tol_max, tol)
        n_bad = int((err > tol).sum())
        if n_bad:
            at = tuple(int(x) for x in np.unravel_index(int(np.argmax(err)), err.shape))
            bad.append(f"output {i}: {n_bad}/{err.size} elements beyond {tol:.3g}; worst at {at}: "
                       f"|err| {err[at]:.3g}")
    return ForwardNumerics(not bad, worst, tol_max, "; ".join(bad))


# ------------------------------------------------------------------ paired timing


@dataclass(frozen=True)
class Estimate:
    median: float
    lo: float
    hi: float
    coverage: float
    rounds: int

    @classmethod
    def of(cls, values: Sequence[float]) -> "Estimate":
        lo, hi, cov = median_interval(values)
        return cls(float(np.median(values)) if len(values) else math.nan, lo, hi, cov, len(values))


def _sample_us(fn: Callable[[], object], calls: int) -> float:
    start = time.perf_counter()
    for _ in range(calls):
        fn()
    return (time.perf_counter() - start) / calls * 1e6


def paired_rounds(contenders: dict[str, Callable[[], object]], rounds: int, calls: int = 10,
                  seed: int = 0, warmup: int = 2,
                  failed: Optional[dict[str, Exception]] = None) -> dict[str, list[float]]:
    """Per contender, one latency sample (us per call) per round; each round in a seeded shuffled order.
    ``warmup`` calls per contender first (a cold rotation: at least one per copy, so no first touch is timed).
    With ``failed`` given, a contender that raises (in warm-up or a round: torch.compile fails on its first
    call, a cold copy runs out of memory) is dropped from the rounds and its exception kept there, so the
    others are still timed; without it the exception propagates."""
    alive = dict(contenders)

    def call(name: str, fn: Callable[[], object]) -> None:
        if failed is None:
            fn()
            return
        try:
            fn()
        except Exception as e:  # noqa: BLE001  (the contender's failure, reported by the caller as its row)
            failed[name] = e
            alive.pop(name, None)

    for name, fn in contenders.items():
        for _ in range(warmup):
            if name in alive:
                call(name, fn)
    samples: dict[str, list[float]] = {name: [] for name in alive}
    for i in range(rounds):
        order = list(alive)
        random.Random(f"{seed}:{i}").shuffle(order)
        for name in order:
            if name not in alive:
                continue
            try:
                samples[name].append(_sample_us(alive[name], calls))
            except Exception as e:  # noqa: BLE001
                if failed is None:
                    raise
                failed[name] = e
                alive.pop(name)
    return {name: us for name, us in samples.items() if name in alive}


def verdict(s: Estimate, threshold: float = 0.01, confidence: float = 0.95, base_fingerprint: str = "",
            fingerprint: str = "") -> str:
    """A speedup's word, from the one verdict (report/verdict.py ``verdict_of``): same-kernel when the two modules
    carry one fingerprint; win / loss when its interval excludes 1 and the median is beyond ``threshold``,
    within-noise otherwise; undetermined with too few rounds for a ``confidence`` interval (6 for 95%)."""
    from ..report.verdict import NoiseRule, verdict_of  # noqa: PLC0415

    return verdict_of({"kernel_fingerprint": base_fingerprint}, {"kernel_fingerprint": fingerprint},
                      NoiseRule(floor=threshold), paired=s, confidence=confidence).verdict


def speedup(samples: dict[str, list[float]], base: str, new: str) -> Estimate:
    """Median over rounds of base / new (> 1: new faster), with the interval of that median."""
    b, n = np.asarray(samples[base], float), np.asarray(samples[new], float)
    k = min(len(b), len(n))
    return Estimate.of(list(b[:k] / n[:k]))
