"""Measure one compiled candidate on a device: numerics, then cold (and hot) latency.

The ONE place the tuner touches a device (an executor can wrap :func:`measure`).
Numerics are checked for every candidate against a float64 reference (run/numerics.py);
a candidate with wrong numbers is never timed or ranked. Latencies are
dispatch-level (run/timing.py), cold: the weights rotate through more copies than
the last-level cache holds; hot: one copy. Every measurement carries its provenance
(run/provenance.py: device name, arch, driver, compiler/runtime/toolkit versions,
``measured_at``) and its numerics (verdict, max_abs_err, max_rel_err). A shape's winner carries the harness
floor (:func:`harness_floor`, run/floor.py) of the timing mode its latencies were taken in.
"""

from __future__ import annotations

from dataclasses import dataclass, fields, replace
from functools import lru_cache
from pathlib import Path
from typing import Optional

from ..compiler.entry import EntryGone, module_gone
from ..problems.problem import Problem
from ..run.numerics import Checker
from ..run.provenance import Provenance, now_utc, provenance
from ..run.floor import FLOOR_REPS
from ..run.runner import RunResult, harness_floor_us, run_problem
from . import state
from ..problems.rows import PROVENANCE_COLUMNS, Status


@dataclass(frozen=True)
class MeasureOptions:
    device: str
    reps: int = 10  # 0: numerics only (a raced tune: the race times every contender in paired rounds)
    hot: bool = True
    timeout_s: float = 300.0
    cache_bytes: Optional[int] = None
    compiler_version: str = ""  # of the iree-compile that built the modules (provenance)


@lru_cache(maxsize=None)
def _device_provenance(device: str, compiler_version: str) -> Provenance:
    return provenance(device, compiler_version)  # asks the driver once per device, not per candidate


def provenance_fields(options: MeasureOptions) -> dict:
    """The provenance columns of a row measured now on ``options.device`` (compiler_version excluded:
    a candidate row carries it in its key)."""
    cols = replace(_device_provenance(options.device, options.compiler_version), measured_at=now_utc()).columns()
    cols.pop("compiler_version")
    return cols


def measure(vmfb: Path, problem: Problem, module_target: str, options: MeasureOptions,
            checker: Optional[Checker] = None) -> dict:
    """CandidateRow fields from one measurement (status measured / numerics-failed / run-error / timeout; a
    machine-error when ``vmfb``, read from the compile cache, was removed from it: :func:`gone_fields`)."""
    checker = checker or Checker(problem)
    kwargs = dict(module_target=module_target, reps=options.reps, timeout_s=options.timeout_s,
                  cache_bytes=options.cache_bytes, checker=checker)
    cold = _run(vmfb, problem, options.device, cache_mode="hot" if options.reps == 0 else "cold", check=True,
                **kwargs)
    if isinstance(cold, EntryGone):
        return gone_fields(cold)
    out: dict = provenance_fields(options)
    if cold.numerics is not None:
        out.update(numerics=cold.numerics.verdict, max_abs_err=cold.numerics.max_abs_err,
                   max_rel_err=cold.numerics.max_rel_err)
    status = str(cold.status)
    if status != "ok":
        what = {"numerics-failed": Status.NUMERICS_FAILED.value, "timeout": Status.TIMEOUT.value}.get(status, Status.RUN_ERROR.value)
        reason = cold.numerics.message if what == Status.NUMERICS_FAILED.value else f"run on {cold.device} failed"
        return {**out, "status": what, "reason": reason, "error": cold.error.splitlines()[0] if cold.error else ""}
    if options.reps == 0:  # numerics only: the race's paired rounds are this candidate's timing
        return {**out, "status": Status.CHECKED.value}
    lat = cold.latency
    out.update(status=Status.MEASURED.value, cold_us_median=lat.median_us, cold_us_std=lat.std_us, cold_us_mad=lat.mad_us,
               cold_us_min=lat.min_us, cold_us_max=lat.max_us, cold_reps=lat.reps)
    if options.hot:
        hot = _run(vmfb, problem, options.device, cache_mode="hot", check=False, **kwargs)
        if isinstance(hot, EntryGone):  # removed after its cold timing: not measured whole, a rerun redoes it
            return gone_fields(hot)
        if hot.latency is not None:
            out.update(hot_us_median=hot.latency.median_us, hot_us_std=hot.latency.std_us)
    return out


def _run(vmfb: Path, problem: Problem, device: str, **kwargs) -> "RunResult | EntryGone":
    """run_problem's result, or EntryGone (compiler/entry.py module_gone) when ``vmfb``'s cache entry was removed
    under it: before its load ("no such module", raised), or between its load and its timing (iree-benchmark-module
    opens the file again: a failed run, which would otherwise be a run-error row that a rerun never redoes)."""
    try:
        res = run_problem(vmfb, problem, device, **kwargs)
    except (RuntimeError, OSError):
        if (gone := module_gone(Path(vmfb))) is None:
            raise
        return gone
    if res.status != Status.OK and (gone := module_gone(Path(vmfb))) is not None:
        return gone
    return res


# a measurement's columns of a candidate row: numerics, latencies, and where and when (its compiler_version is in
# the row's key, not the measurement's)
MEASUREMENT = ("numerics", "max_abs_err", "max_rel_err", "cold_us_median", "cold_us_std", "cold_us_mad",
               "cold_us_min", "cold_us_max", "cold_reps", "hot_us_median", "hot_us_std",
               *(c for c in PROVENANCE_COLUMNS if c != "compiler_version"))


def gone_fields(gone: EntryGone) -> dict:
    """A candidate's row fields when its module was removed from the compile cache under the tune (a prune past
    --keep-recent, a hand rm): the machine's doing, so machine-error, which a rerun redoes (compiled again). Its
    measurement columns are cleared (a row the race or the side-by-side cut was 'checked' or measured before): the
    row does not look measured."""
    unmeasured = {f.name: f.default for f in fields(state.CandidateRow) if f.name in MEASUREMENT}
    return {**unmeasured, "status": Status.MACHINE_ERROR.value, "reason": str(gone),
            "error": f"missing: {gone.missing}"}


def harness_floor(module_target: str, timing_mode: str, options: MeasureOptions,
                  cache_dir: Optional[Path]) -> Optional[float]:
    """The harness floor (run/floor.py: a one-element GEMM's per-dispatch latency, hot) on ``options.device`` in
    ``timing_mode``, µs, MEASURED once per process and shared with every run_problem of that mode (a race's rounds
    run in a worker process of their own: the same runtime, device and mode); None when it cannot be measured.
    Its module is compiled through ``cache_dir`` (None: uncached): run/runner.py harness_floor_us, as for a row."""
    from ..devices.probe import resolve_device  # noqa: PLC0415

    return harness_floor_us(resolve_device(options.device), module_target, timing_mode, max(options.reps, FLOOR_REPS),
                            options.timeout_s, cache_dir=cache_dir)
