"""The decode step's whole-forward timing (``vdmfma model --device D``, step 5 of model/step.py): per M, every
compiled variant's forward and the torch peers run on the same seeded inputs and weights, are checked against
torch eager and timed in paired interleaved rounds, per cache mode; one model.csv row (``ModelRow``) per M,
variant and cache mode.

What is measured (forward.py says how a sample is taken): each IREE variant's forward (``default``, ``tuned``,
``vdmfma``: its whole-model module from the step's compiles) loaded once on the device, run once and checked
against torch eager (forward.FORWARD_RULE; a failed check is a ``numerics-failed`` row, never timed); torch eager
(on a GPU torch sees, checked against CPU eager there, else on the CPU) and torch.compile (inductor, the CPU peer;
checked against eager too, a status row where it cannot compile) as peers; then every contender in the same paired
rounds: the median latency with its interval, and vs IREE's default the median of the per-round ratios with its
interval and its verdict (forward.verdict: the device's calibrated floor, ``same-kernel`` where the whole-model
fingerprints are IREE's default's). A runtime failure is a row (``run-error``), never a crash.

What is modelled: the cold cache mode's weight copies come from the device's stated cache size
(devices/caches.py, forward.cold_plan), not a measurement. The skinny GEMMs' share of the forward is measured
apart from the timed rounds: each variant's forward under IREE's dispatch statistics (:func:`_profiled_share`).

``opts`` is the step's options (step.StepOptions; not imported here: step.py imports this module).
"""

from __future__ import annotations

from dataclasses import dataclass, fields, replace
from typing import Callable, Optional

from ..compiler.entry import EntryGone
from ..compiler.fingerprint import fingerprint
from ..compiler.toolchain import compiler_version
from ..problems.rows import Provenance, Status, as_written
from ..report.verdict import calibrated_rule
from . import forward as fwd
from .model import DispatchRow
from .source import PARAMETER_SCOPE, Exported

DEFAULT, TUNED, VDMFMA, EAGER, COMPILE = "default", "tuned", "vdmfma", "torch-eager", "torch-compile"


@dataclass
class _ModelBody:

    m_tokens: int
    variant: str
    status: str
    cache_mode: str = ""  # hot / cold (forward.py); '' for a row that was not timed
    numerics: str = ""
    max_abs_err: Optional[float] = None
    tolerance: Optional[float] = None
    latency_us_median: Optional[float] = None
    latency_us_lo: Optional[float] = None
    latency_us_hi: Optional[float] = None
    speedup_vs_default: Optional[float] = None
    speedup_lo: Optional[float] = None
    speedup_hi: Optional[float] = None
    verdict: str = ""  # vs default: win / loss / within-noise / undetermined / same-kernel (forward.verdict)
    interval_coverage: Optional[float] = None
    rounds: Optional[int] = None
    calls_per_sample: Optional[int] = None
    rotation_copies: Optional[int] = None  # cold: weight copies rotated; hot: 1
    bytes_between_reuses: Optional[int] = None  # cold: distinct weight bytes read between two calls on one copy
    skinny_dispatches: Optional[int] = None
    applied: Optional[int] = None
    device: str = ""
    noise_floor: Optional[float] = None  # the floor the verdict took (report/verdict.py calibrated_rule)
    calibration: str = ""  # where that floor came from: a calibration's file, date, threshold, load; '' the default
    calibration_flag: str = ""  # why that calibration is suspect (NOISY: under load, threshold over 10%); ''
    skinny_share: Optional[float] = None  # MEASURED: the skinny GEMMs' share of one profiled forward's dispatch time


@dataclass
class ModelRow(Provenance, _ModelBody):
    """One line of model.csv: one M and one variant (or the torch eager peer); the body, the provenance of
    the measurement (problems/rows.py ``Provenance``), the diagnosis."""

    error: str = ""
    note: str = ""
    repro: str = ""


def _provenance(opts) -> dict:
    from ..run.provenance import provenance  # noqa: PLC0415

    return provenance(opts.device, compiler_version()).columns()


def run_forward(m: int, variants: list[str], results: dict, drows: list[DispatchRow], ex: Exported, opts,
                log) -> list[ModelRow]:
    """The rows of one M: per variant compiled (``results``: (M, variant) -> its whole-model compile), checked and
    timed with the torch peers in every cache mode of ``opts``. Compile only (``--device none``): one row per
    variant, compiled or failed; an .mlir source (no weights, no torch reference): those rows skipped, saying why."""
    rows: dict[str, ModelRow] = {}
    for v in variants:
        r = results.get((m, v))
        mine = _skinny(drows, m, v)
        row = ModelRow(m, v, Status.COMPILED.value, skinny_dispatches=len(mine), device=opts.device,
                       applied=sum(d.status == Status.APPLIED.value for d in mine) if v != DEFAULT else None,
                       repro=r.repro if r is not None else "")
        if r is None or not r.ok:
            row.status, row.error = Status.COMPILE_ERROR.value, (r.error if r is not None else "not compiled")
        elif v == TUNED and r.job.cache_key() == results[(m, DEFAULT)].job.cache_key():
            row.note = "the library changes nothing for this model: the same module as IREE's default"
        elif v != DEFAULT and not results[(m, DEFAULT)].ok:
            row.note = "rescued: the whole model compiles where IREE's default does not"
        rows[v] = row
    if not opts.running:
        return list(rows.values())
    if ex.parameters is None:  # an .mlir source: no weights and no torch reference to run the forward with
        for row in rows.values():
            if row.status == Status.COMPILED.value:
                row.status, row.note = Status.SKIPPED.value, ("an .mlir source has no weights or torch reference: its forward is "
                                                 "not run (its GEMMs were tuned on the device)" if opts.tune else
                                                 "an .mlir source has no weights or torch reference: its forward is "
                                                 "not run")
        return list(rows.values())
    prov = _provenance(opts)
    modules: dict[str, fwd.ForwardModule] = {}
    for v, row in rows.items():
        for k, val in prov.items():
            setattr(row, k, val)
        if row.status != Status.COMPILED.value:
            continue
        try:
            modules[v] = fwd.ForwardModule(results[(m, v)].vmfb, ex.parameters, opts.device, PARAMETER_SCOPE)
            got = modules[v](ex.inputs)
        except Exception as e:  # noqa: BLE001  (a runtime failure is a row, not a crash)
            _run_failed(row, e)
            modules.pop(v, None)
            continue
        _check(row, fwd.check_forward(got, ex.eager, ex.ref64, ex.output_dtypes))
        if row.status == Status.NUMERICS_FAILED.value:
            modules.pop(v)
        else:
            row.skinny_share = _profiled_share(m, v, results[(m, v)].vmfb, _skinny(drows, m, v), ex, opts, log)
    peers = _torch_peers(m, ex, opts, prov, rows, log)
    timed = list(modules) + [p for p in peers if rows[p].status == Status.COMPILED.value]
    out = [r for v, r in rows.items() if v not in timed]
    same = _same_kernel(m, modules, results, rows)
    rule = calibrated_rule(opts.device, prov.get("device_name", ""))[0]  # the report's floor for the device
    for mode in opts.cache_modes:
        out += _time_mode(mode, m, {v: rows[v] for v in timed}, modules, ex, opts, prov, log, same, rule.floor)
    for r in out:
        if r.cache_mode:  # a timed row: its verdict names the rule that decided it
            r.noise_floor, r.calibration, r.calibration_flag = rule.floor, rule.calibration, rule.noisy
    return out


def _skinny(drows: list[DispatchRow], m: int, variant: str) -> list[DispatchRow]:
    """The skinny GEMM dispatches of the ``variant`` compile at M = ``m``."""
    return [d for d in drows if d.m_tokens == m and d.variant == variant and d.m is not None and d.m <= 32]


@dataclass
class DispatchTimeRow:
    """One line of OUT/dispatch_times.csv: one dispatch function in one forward (M, variant), MEASURED by IREE's
    dispatch statistics (run/profile.py), averaged over the profiled repetitions."""

    m_tokens: int
    variant: str
    function: str
    calls: float  # its dispatches per forward
    us: float  # its time per forward, all its dispatches together
    skinny_gemm: bool  # one of the variant's skinny GEMM dispatches (dispatches.csv, by name)


DISPATCH_TIMES = "dispatch_times.csv"


def _profiled_share(m: int, variant: str, vmfb, skinny: list[DispatchRow], ex: Exported, opts,
                    log) -> Optional[float]:
    """The forward under IREE's dispatch statistics (run/profile.py): every dispatch function's time goes to
    OUT/dispatch_times.csv (this M and variant's block; the step starts the file afresh) and the skinny GEMMs'
    share of the forward's dispatch time is returned (MEASURED). None, said in the log, where no profile is had."""
    from ..problems.rows import read_checked, write_csv_table  # noqa: PLC0415
    from ..run.profile import ProfileError, profile_call  # noqa: PLC0415
    from ..util.scratch import scratch  # noqa: PLC0415

    names = {d.dispatch for d in skinny}
    try:
        with scratch("profile") as tmp:
            times = profile_call(vmfb, opts.device, "main", ex.inputs, tmp, (PARAMETER_SCOPE, ex.parameters))
    except (ProfileError, OSError, ValueError) as e:  # a failed profile is no share, never a failed forward
        log(f"M={m} {variant}: no per-dispatch profile ({e})")
        return None
    path = opts.out / DISPATCH_TIMES
    kept = [r for r in read_checked(path, DispatchTimeRow, required=("m_tokens", "variant")).rows
            if (r.m_tokens, r.variant) != (m, variant)] if path.exists() else []
    mine = [DispatchTimeRow(m, variant, t.function, t.calls, t.us, t.function in names) for t in times]
    write_csv_table(kept + mine, path, [f.name for f in fields(DispatchTimeRow)], checksum=True)
    total = sum(t.us for t in times)
    return sum(t.us for t in times if t.function in names) / total if total > 0 else None


def _same_kernel(m: int, modules: dict, results: dict, rows: dict) -> dict[str, str]:
    """Variant -> the fingerprint of its whole-model module (compiler/fingerprint.py); a variant whose modules are
    IREE's default's very code is said so in its note (its verdict is then same-kernel, never a win)."""
    fps = {v: fingerprint(results[(m, v)].dump_dir).digest for v in modules}
    for v, fp in fps.items():
        if v != DEFAULT and fp and fp == fps.get(DEFAULT) and not rows[v].note:
            rows[v].note = "the same kernels as IREE's default (one fingerprint): any difference is drift"
    return fps


def _first_line(e: Exception) -> str:
    return f"{type(e).__name__}: {str(e).splitlines()[0] if str(e) else ''}"


def _run_failed(row: ModelRow, e: Exception, prefix: str = "") -> None:
    """A variant whose forward could not be loaded or run: run-error, saying the exception; machine-error when its
    module was removed from the compile cache under the run (EntryGone: the machine's doing, a rerun rebuilds it)."""
    if isinstance(e, EntryGone):
        row.status, row.error = Status.MACHINE_ERROR.value, f"{prefix}{e} (missing: {e.missing})"
    else:
        row.status, row.error = Status.RUN_ERROR.value, f"{prefix}{_first_line(e)}"


def _check(row: ModelRow, n: fwd.ForwardNumerics) -> None:
    row.numerics, row.max_abs_err, row.tolerance = n.verdict, n.max_abs_err, n.tolerance
    if not n.passed:
        row.status, row.error = Status.NUMERICS_FAILED.value, n.message


def _eager_gpu(device: str):
    """(the torch device of a GPU ``device``, '') or (None, why not): CPU devices give (None, '')."""
    if device.startswith("local"):
        return None, ""
    from ..run.peer import PeerUnavailable, torch_device  # noqa: PLC0415

    try:
        return torch_device(device), ""
    except PeerUnavailable as e:
        return None, str(e)


def _torch_peers(m: int, ex: Exported, opts, prov: dict, rows: dict, log) -> list[str]:
    """Add the torch eager row (the reference) and, with ``opts.torch_compile``, the torch.compile row: compiled
    (inductor), run once and checked against eager under the same rule, or a status row saying why not."""
    from .source import numpy_outputs, torch_forwards  # noqa: PLC0415

    here = opts.device.startswith("local")
    gpu, why = _eager_gpu(opts.device)
    rows[EAGER] = ModelRow(m, EAGER, Status.COMPILED.value if here or gpu is not None else Status.SKIPPED.value,
                           numerics="reference" if here else "", device=opts.device, **prov,
                           note="the torch eager peer (CPU)" if here else
                           f"the torch eager peer on {gpu}, checked against CPU eager" if gpu is not None else
                           f"torch eager peer: {why}")
    if gpu is not None:  # its own numbers on the GPU, under the rule every IREE variant is checked by
        try:
            _check(rows[EAGER], fwd.check_forward(numpy_outputs(torch_forwards(ex, 1, device=gpu)[0]()), ex.eager,
                                                  ex.ref64, ex.output_dtypes))
        except Exception as e:  # noqa: BLE001  (out of memory, an op torch lacks there: a row)
            rows[EAGER].status, rows[EAGER].error = Status.RUN_ERROR.value, _first_line(e)
    peers = [EAGER]
    if not opts.torch_compile:
        return peers
    row = rows[COMPILE] = ModelRow(m, COMPILE, Status.COMPILED.value, device=opts.device, **prov,
                                   note="torch.compile (inductor) of the same module, the CPU peer")
    peers.append(COMPILE)
    if not here:
        row.status, row.note = Status.SKIPPED.value, "torch.compile peer: only on the CPU (local-task) here"
        return peers
    log(f"M={m}: torch.compile (inductor) of the model")
    try:
        got = numpy_outputs(torch_forwards(ex, 1, compiled=True)[0]())
    except Exception as e:  # noqa: BLE001  (inductor without a C++ compiler, an unsupported op: a row)
        row.status, row.error = Status.COMPILE_ERROR.value, _first_line(e)
        how = f"--library {opts.library}" if opts.library is not None else "--tune"
        row.repro = (f"vdmfma model {opts.source.text} --m {m} {how} --device {opts.device} --cache-mode hot "
                     "(torch.compile runs once, before any timing)")
        return peers
    _check(row, fwd.check_forward(got, ex.eager, ex.ref64, ex.output_dtypes))
    return peers


def _time_mode(mode: str, m: int, rows: dict[str, ModelRow], modules: dict, ex: Exported, opts, prov: dict, log,
               fps: dict[str, str], floor: float) -> list[ModelRow]:
    """Time every contender in ``mode`` (hot / cold) in paired rounds: one row per contender."""
    from ..devices.caches import default_cache_bytes  # noqa: PLC0415
    from .source import torch_forwards  # noqa: PLC0415

    out = {v: replace(r, cache_mode=mode) for v, r in rows.items()}
    if mode == "hot":
        copies, plan = 1, None
    else:
        cache = opts.cache_bytes or default_cache_bytes(opts.device, opts.target, prov.get("device_name", ""))
        plan = fwd.cold_plan(ex.weight_bytes, cache, len(rows))
        copies = plan.copies
        if not copies:
            log(f"M={m}: cold not run: {plan.why}")
            for r in out.values():
                r.status, r.note = Status.SKIPPED.value, f"cold not run: {plan.why}"
            return list(out.values())
    contenders: dict[str, Callable[[], object]] = {}
    for v in rows:
        try:
            if v in modules:
                contenders[v] = ((lambda mod=modules[v]: mod(ex.inputs)) if copies == 1
                                 else modules[v].rotation(copies, ex.inputs))
            elif v == EAGER and (gpu := _eager_gpu(opts.device)[0]) is not None:
                contenders[v] = fwd.rotate(torch_forwards(ex, copies, device=gpu))
            elif v == EAGER:
                contenders[v] = fwd.rotate(torch_forwards(ex, copies)) if copies > 1 else ex.run_eager
            elif v == COMPILE:
                contenders[v] = fwd.rotate(torch_forwards(ex, copies, compiled=True))
        except Exception as e:  # noqa: BLE001  (loading the copies failed: a row, not a crash)
            _run_failed(out[v], e, f"{mode}: ")
    how = f"{copies} weight copies of {ex.weight_bytes / 2**20:.4g} MiB rotated" if copies > 1 else "one weight copy"
    log(f"M={m}: timing {', '.join(contenders)} {mode} ({how}) in {opts.rounds} paired rounds of {opts.calls} calls")
    failed: dict[str, Exception] = {}
    samples = fwd.paired_rounds(contenders, opts.rounds, opts.calls, opts.seed, warmup=max(2, copies), failed=failed)
    for v, e in failed.items():  # a contender that raised while timed: its row says so, the others are timed
        out[v].status, out[v].error = Status.RUN_ERROR.value, f"{mode}: {_first_line(e)}"
    for v, us in samples.items():
        row = out[v]
        lat = fwd.Estimate.of(us)
        row.status = Status.OK.value
        row.latency_us_median, row.latency_us_lo, row.latency_us_hi = lat.median, lat.lo, lat.hi
        row.rounds, row.calls_per_sample, row.interval_coverage = lat.rounds, opts.calls, round(lat.coverage, 4)
        row.rotation_copies = copies
        row.bytes_between_reuses = plan.bytes_between_reuses if plan else None
        if DEFAULT in samples:
            sp = fwd.speedup(samples, DEFAULT, v)
            # as model.csv holds them: the console and the report print these very figures
            row.speedup_vs_default, row.speedup_lo, row.speedup_hi = (as_written(x) for x in (sp.median, sp.lo, sp.hi))
            row.verdict = fwd.verdict(sp, floor, base_fingerprint=fps.get(DEFAULT, ""),
                                      fingerprint=fps.get(v, "")) if v != DEFAULT else ""
    return list(out.values())
