"""One decode step end to end: tune the model's skinny GEMMs, compile the whole model per variant,
prove per dispatch, run the forward on the device against torch and time it in paired rounds.

``vdmfma model SOURCE --m 1,4,8 --tune --device D --out DIR`` (or ``--library DIR``):

1. per M: build the model, run torch eager (model dtype and float64), save the weights as an
   IRPA archive and export (``source.export_step``); bad input stops here, before any compile;
2. per M: compile IREE's default and read its contraction dispatches (``dispatches.py``);
3. the distinct skinny GEMMs (deduplicated across layers and M) are tuned once with
   ``vdmfma tune``'s engine (tune/tuner.py ``Tuner``, its measurement and winner rules) into a
   library under OUT/tune/, or ``--library`` is read; a shape the tuner could not improve
   keeps IREE's default;
4. per M the whole model is compiled per variant: ``default``, ``tuned`` (the library's spec
   pair, configs/library.py) and on ROCm targets ``vdmfma`` (the variant rule's spec); each
   dispatch is proved (``tuned``: the split and config the library asks for are in the
   compiled dispatch, else ``not-applied``);
5. on the device (timing.py; ``--device none``: compile and prove only) every variant's forward runs
   on the same seeded inputs and weights, is checked against torch eager (forward.FORWARD_RULE)
   and timed with torch eager and torch.compile (inductor; checked against eager too, a
   status row where it cannot compile) as the peers in paired interleaved rounds, per cache
   mode: hot (one weight copy) and cold (weight copies rotated past the device's cache where
   memory allows, forward.cold_plan), one model.csv row per M, variant and cache mode.

Writes OUT/model.csv and OUT/dispatches.csv (per dispatch and variant) through the checksummed
row store (problems/rows.py), OUT/shapes.csv and OUT/report/ (model_report.py, rendered from model.csv
as read back), OUT/dispatch_times.csv (each dispatch's time in one profiled forward). Everything timed is
measured, the skinny-GEMM share of the forward too (run/profile.py).
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Callable, Optional

from ..executors import on_device
from ..compiler.driver import CompileJob, CompileResult, Compiler
from ..configs.annotate import config_for_form, form_config
from ..configs.forms import Contraction
from ..configs.knobs import dispatch_problem, knob_config
from ..configs.library import EXPORT_FORMS, Library, check_library, read_library
from ..backends import backend_for
from ..problems.problem import Problem
from ..variants.registry import variant as get_variant
from . import forward as fwd
from .dispatches import Dispatch, collect_dispatches
from .rescue import alone as compile_alone, compile_all, executable_of, rescue
from .model_report import write_model_csv, write_step_report
from .model import (DispatchRow, Discovered, ModelOptions, check_frontend, crash_rows, discover, dispatch_row,
                    failed_row, is_skinny, isa_kernels, model_flags, one_row_per_dispatch, prove_dispatches, proved,
                    variant_configs, write_dispatches, write_shapes)
from .source import Exported, Source, export_step
from .forward_rows import DEFAULT, DISPATCH_TIMES, EAGER, TUNED, VDMFMA, ModelRow, run_forward
from ..problems.rows import Status
from ..util.io import atomic_write_text


class UnmatchedModelError(ValueError):
    """The model has nothing to tune: no skinny GEMM dispatch, or a library with none of its shapes."""


@dataclass(frozen=True)
class StepOptions:
    source: Source
    ms: tuple[int, ...]
    target: str
    device: str  # 'none': compile and prove only
    out: Path
    tune: bool = False
    library: Optional[Path] = None
    dtype: Optional[str] = None
    cache_dir: Optional[Path] = None
    timeout_s: float = 600.0
    max_candidates: Optional[int] = None
    tune_reps: int = 10
    search: str = "exhaustive"
    time_budget_s: Optional[float] = None
    workers: Optional[int] = None
    rounds: int = 10
    calls: int = 10
    seed: int = 0
    cache_modes: tuple[str, ...] = fwd.CACHE_MODES  # 'hot' and/or 'cold' (forward.py)
    cache_bytes: Optional[int] = None  # the cache cold must defeat; None: the device's (devices/caches.py)
    torch_compile: bool = True  # a torch.compile peer beside torch eager (where torch runs: local-task)
    race: Optional[bool] = None  # the tuner's race (tune/race.py): None = race when measuring, as `vdmfma tune`
    flags: tuple[str, ...] = ()  # the user's compile flags (--compile-flag, --compile-flags-file): every compile

    @property
    def running(self) -> bool:
        return self.device != "none"


@dataclass
class StepResult:
    rows: list[ModelRow]
    dispatch_rows: list[DispatchRow]
    exports: dict[int, Exported]
    library: Optional[Library]
    problems: list[Problem] = field(default_factory=list)
    library_dir: Optional[Path] = None
    untuned: list[str] = field(default_factory=list)  # shapes the tune left unfinished (IREE's default there)
    lost: list[str] = field(default_factory=list)  # those of them unfinished because the machine killed a compile

    @property
    def numerics_failed(self) -> list[ModelRow]:
        return [r for r in self.rows if r.status == Status.NUMERICS_FAILED.value]


# ------------------------------------------------------------------ compile and prove


def _job(label: str, text: str, target: str, spec=None, pre=None, timeout_s: float = 600.0,
         flags: tuple[str, ...] = ()) -> CompileJob:
    return CompileJob(label, text, model_flags(target, flags), spec, timeout_s, pre,
                      spec_honoured=backend_for(target).codegen_spec_honoured(target))


def skinny_problems(found: dict[int, list[Dispatch]]) -> list[Problem]:
    """The distinct skinny GEMMs over every M (one per problem key), in discovery order."""
    out: dict[str, Problem] = {}
    for dispatches in found.values():
        for d in dispatches:
            if d.contraction is not None and is_skinny(d.contraction):
                p = d.contraction.problem
                out.setdefault(p.key, Problem(m=p.m, n=p.n, k=p.k, batch=p.batch, dtype=p.dtype))
    return list(out.values())


def prove_tuned(m: int, base: list[Dispatch], tuned: list[Dispatch], kernels: Optional[dict], library: Library,
                target: str) -> list[DispatchRow]:
    """Per default-compile dispatch: did the library's split and config reach the tuned compile? ``kernels``:
    the tuned compile's ISA kernels where the target's backend counts them (None: proved from the configured
    IR alone)."""
    by_shape: dict[tuple[str, str], Dispatch] = {}
    count: dict[tuple[str, str], int] = {}
    for d in tuned:
        if d.contraction is not None:
            shape = (d.contraction.form, d.contraction.problem.key)
            by_shape.setdefault(shape, d)
            count[shape] = count.get(shape, 0) + 1
    rows = []
    for d in base:
        row = dispatch_row(m, d, None, None, None)
        c = d.contraction
        if c is None or not is_skinny(c):
            rows.append(replace(row, variant=TUNED))
            continue
        entry = library.find(c.problem)
        config = knob_config(entry.problem, target, entry.knobs) if entry else None
        chunk = entry.split if entry else 0
        if entry is None or (not chunk and config is None):
            why = "no library entry: IREE's default" if entry is None else "the tuner kept IREE's default"
            rows.append(replace(row, variant=TUNED, status=Status.DEFAULT_KEPT.value, reason=why))
            continue
        want = dispatch_problem(c.problem, chunk)
        got = by_shape.get((c.form, want.key))
        kernel = kernels.get(got.dispatch) if got and kernels else None
        if chunk and (c.form, c.problem.key) in by_shape:
            status, reason = Status.NOT_APPLIED.value, f"split K chunk {chunk} asked; a K={c.problem.k} contraction is still there"
        elif got is None:
            status, reason = Status.NOT_APPLIED.value, f"no {want.key} contraction in the tuned compile"
        elif config is not None:
            # ROCm: the mma kind and the ISA; elsewhere (PTX) the configured lowering_config itself: a config that
            # never reached the op (the H200's tuned forward was IREE's default) is not-applied, not applied
            form = Contraction(want, c.form, c.acc)  # the config as the form takes it (mv: the M loop folded)
            status, reason = proved(form_config(form, config, target)[0] or config_for_form(form, config), got,
                                    kernels)
            status = Status.NOT_APPLIED.value if status == Status.NOT_MATCHED.value else status
        else:
            status, reason = Status.APPLIED.value, ""
        if status == Status.APPLIED.value and chunk:  # the base dispatch's name; the tuned one where it is unambiguous
            where = f" ({got.dispatch})" if count[(c.form, want.key)] == 1 else ""
            reason = f"split K into chunks of {chunk}: a k={chunk} dispatch{where}, no K={c.problem.k} one"
        rows.append(replace(row, variant=TUNED,
                            spec_mma_kind=got.mma_kind if got else "", status=status, reason=reason,
                            smfmac=kernel.smfmac if kernel else None, mfma=kernel.mfma if kernel else None,
                            vgpr=kernel.vgpr if kernel else None))
    return rows


def _tune(problems: list[Problem], opts: StepOptions, log) -> tuple[Library, Path, list[str], list[str]]:
    """Tune every distinct skinny GEMM once with `vdmfma tune`'s engine; (library, library dir, the shapes left
    unfinished, those of them left because the machine killed a candidate's compile)."""
    from ..tune.ship import tuned_library  # noqa: PLC0415
    from ..tune.options import TuneOptions  # noqa: PLC0415
    from ..tune.tuner import Tuner  # noqa: PLC0415

    options = TuneOptions(target=opts.target, device=opts.device, out_dir=opts.out / "tune", cache_dir=opts.cache_dir,
                          workers=opts.workers, timeout_s=opts.timeout_s, max_candidates=opts.max_candidates,
                          time_budget_s=opts.time_budget_s, reps=opts.tune_reps, hot=False, search=opts.search,
                          seed=opts.seed, race=opts.race, flags=opts.flags)
    tuner = Tuner(problems, options, on_event=lambda s: log(f"tune: {s}"))
    tuner.run()
    return tuned_library(tuner), opts.out / "tune" / "specs", list(tuner.left), list(tuner.lost)


def _read(opts: StepOptions, problems: list[Problem]) -> Library:
    lib = read_library(opts.library, opts.target)
    if lib.target != opts.target:
        raise ValueError(f"{opts.library}: a library for {lib.target}, not --target {opts.target}")
    keys = {p.key for p in problems}
    if problems and not any(e.problem.key in keys for e in lib.entries):
        raise UnmatchedModelError(f"{opts.library}: " + ("its one shape is not" if len(lib.entries) == 1 else
                                  f"none of its {len(lib.entries)} shapes is") + " one of the model's "
                                  f"skinny GEMMs ({', '.join(sorted(keys))})")
    return lib


def _for_model(lib: Library, problems: list[Problem]) -> Library:
    keys = {p.key for p in problems}
    return Library(lib.target, tuple(e for e in lib.entries if e.problem.key in keys))


# ------------------------------------------------------------------ the command


def check_step_options(opts: StepOptions) -> None:
    """Bad options: a ValueError before anything is built or compiled."""
    from ..tune.options import NOT_BOTH, TuneOptions, check_options  # noqa: PLC0415

    if opts.tune and opts.library is not None:
        raise ValueError(NOT_BOTH)
    if not opts.ms or any(m < 1 for m in opts.ms):
        raise ValueError(f"--m needs positive token counts, got {opts.ms}")
    if opts.rounds < 1 or opts.calls < 1:
        raise ValueError("--rounds and --calls must be >= 1")
    if not opts.cache_modes or any(c not in fwd.CACHE_MODES for c in opts.cache_modes):
        raise ValueError(f"--cache-mode: hot, cold or both, got {','.join(opts.cache_modes)}")
    check_options(TuneOptions(target=opts.target, device=opts.device, timeout_s=opts.timeout_s,
                              max_candidates=opts.max_candidates, search=opts.search))
    if opts.library is not None:
        check_library(opts.library, opts.target)


def run_step(opts: StepOptions, log: Callable[[str], None] = lambda s: None) -> StepResult:
    check_step_options(opts)
    opts.out.mkdir(parents=True, exist_ok=True)
    exports: dict[int, Exported] = {}
    for m in opts.ms:  # every M built and exported before anything compiles: bad input stops here
        log(f"M={m}: " + ("reading" if opts.source.is_mlir else "building and exporting") + f" {opts.source.text}")
        exports[m] = export_step(opts.source, m, opts.out / f"m{m}", opts.dtype)
        (opts.out / f"m{m}").mkdir(parents=True, exist_ok=True)
        atomic_write_text(opts.out / f"m{m}" / "model.mlir", exports[m].mlir)
    rows: list[ModelRow] = []
    drows: list[DispatchRow] = []
    with Compiler(opts.cache_dir, opts.workers) as compiler:
        base: dict[int, CompileResult] = {}
        found: dict[int, list[Dispatch]] = {}
        disc: dict[int, Discovered] = {}
        for m in opts.ms:
            log(f"M={m}: compiling IREE's default for {opts.target}")
            disc[m] = discover(compiler, m, exports[m].mlir, opts.target, opts.flags, opts.timeout_s, log)
            base[m] = disc[m].base
            if disc[m].dispatches is not None:  # from the failed compile's configured dump too
                found[m] = disc[m].dispatches
            else:
                check_frontend(m, base[m], opts.out / f"m{m}" / "model.mlir")
        problems = skinny_problems(found)
        if found and not problems:
            raise UnmatchedModelError(f"{opts.source.text}: no skinny GEMM (M <= 32) among the contraction "
                                      f"dispatches IREE formed for M = {', '.join(map(str, found))}; nothing to tune")
        lib_dir: Optional[Path] = None
        untuned: list[str] = []
        lost: list[str] = []
        if opts.tune and problems:
            log(f"tuning {len(problems)} distinct skinny GEMM(s) on {opts.device}")
            lib, lib_dir, untuned, lost = _tune(problems, opts, log)
        elif opts.library is not None:
            lib, lib_dir = _read(opts, problems), opts.library
        else:
            lib = None
        lib = _for_model(lib, problems) if lib is not None else None
        variants = ([DEFAULT] + ([TUNED] if lib is not None else [])
                    + ([VDMFMA] if get_variant(VDMFMA).backend.handles(opts.target) else []))
        write_shapes(opts.out / "shapes.csv", {p.key: (_as_contraction(p), None) for p in problems})
        vconfigs = variant_configs(found, ModelOptions(opts.source, opts.ms, opts.target, get_variant(VDMFMA), opts.out)) \
            if VDMFMA in variants else {}
        results: dict[tuple[int, str], CompileResult] = {}
        for m in opts.ms:
            results[(m, DEFAULT)] = base[m]
            for v in variants:
                if v == DEFAULT:
                    drows += ([_default_row(m, d) for d in found[m]] if m in found
                              else [replace(failed_row(m, base[m], DEFAULT), variant=v)])
                    continue
                if m not in found:
                    drows.append(replace(failed_row(m, base[m], DEFAULT), variant=v))
                    continue
                results[(m, v)], vrows = _compile_variant(compiler, v, m, exports[m].mlir, disc[m], lib, vconfigs,
                                                          opts, log)
                drows += vrows
            if not base[m].ok and m in found:
                drows = _rescue_rows(compiler, m, disc[m], drows, variants, lib, opts, log)
        write_dispatches(opts.out / "dispatches.csv", drows)
        (opts.out / DISPATCH_TIMES).unlink(missing_ok=True)  # this run's forwards write it afresh
        for m in opts.ms:  # the forward per M: one GPU task of the compiler's (local) executor
            rows += on_device(compiler.executor, run_forward, m, variants, results, drows, exports[m], opts, log)
    result = StepResult(rows, drows, exports, lib, problems, lib_dir, untuned, lost)
    write_model_csv(opts.out / "model.csv", rows, ModelRow)
    write_step_report(opts, result, DEFAULT, EAGER, ModelRow)
    return result


def _rescue_rows(compiler: Compiler, m: int, found: Discovered, drows: list[DispatchRow], variants: list[str],
                 lib: Optional[Library], opts: StepOptions, log) -> list[DispatchRow]:
    """Where IREE's default fails: its skinny dispatches that fail alone are compile-error + minimal reproducer,
    per tuned variant ``rescued`` (its codegen spec compiles that executable) or compile-error; the executables
    that fail alone and are no skinny GEMM (attention) are one compile-error row each, for the default and the
    tuned variant (the vdmfma variant's proof, model.prove_dispatches, has its own)."""
    specs: dict[str, Optional[str]] = {}
    if TUNED in variants and lib is not None and lib.entries:
        specs[TUNED] = lib.spec_texts(backend_for(opts.target).spec_route, EXPORT_FORMS)[1]
    skinny = [d for d in found.dispatches if d.contraction and is_skinny(d.contraction)]
    verdicts = rescue(compiler, m, found.source_dump, skinny, specs, opts.target, opts.timeout_s, opts.flags,
                      found.crashed)
    for name, per in verdicts.items():
        log(f"M={m}: {name}: " + ", ".join(f"{v} {s}" for v, (s, _) in per.items()))
    out = []
    for r in drows:
        per = verdicts.get(r.dispatch) if r.m_tokens == m and r.variant != VDMFMA else None
        if per is None and r.m_tokens == m and r.variant == TUNED:  # a tuned row names the base dispatch too
            per = next((vs for d, vs in verdicts.items() if executable_of(d) == executable_of(r.dispatch)), None)
        if per is not None and r.variant in per:
            status, reason = per[r.variant]
            r = replace(r, status=status, reason=reason if r.status in ("", DEFAULT, status) else
                        f"{reason}; whole model: {r.status} {r.reason}".strip())
        out.append(r)
    covered = {executable_of(d.dispatch) for d in skinny}
    for v in variants:
        if v != VDMFMA and found.crashed:
            mine = [r for r in out if r.variant == v]
            crashes = [replace(c, variant=v) for c in crash_rows(m, found, covered, tuple(mine))]
            out = [r for r in out if r.variant != v or r.m_tokens != m] + one_row_per_dispatch(
                [r for r in mine if r.m_tokens == m], crashes)
    return out


def _as_contraction(p: Problem):
    from ..configs.forms import Contraction  # noqa: PLC0415

    return Contraction(p, "bmmt" if p.batched else "mmt", p.dt.acc)


def _default_row(m: int, d: Dispatch) -> DispatchRow:
    """IREE's own compile: a skinny GEMM is just that (status 'default'); others as the proof says."""
    row = replace(dispatch_row(m, d, None, None, None), variant=DEFAULT)
    if d.contraction is not None and is_skinny(d.contraction):
        return replace(row, status=DEFAULT, reason="")
    return row


def _compile_variant(compiler: Compiler, v: str, m: int, text: str, found: Discovered,
                     lib: Optional[Library], vconfigs: dict, opts: StepOptions, log):
    if v == VDMFMA:
        from .model import write_model_spec  # noqa: PLC0415

        spec_path = write_model_spec(opts.out, vconfigs)
        job = _job(f"model_m{m}/{VDMFMA}/{opts.target}", text, opts.target,
                   spec_path.read_text(encoding="utf-8") if spec_path else None, timeout_s=opts.timeout_s,
                   flags=opts.flags)
        whole = compile_all(compiler, [job])[0]
        drows = prove_dispatches(compiler, m, found, vconfigs, spec_path,
                       ModelOptions(opts.source, opts.ms, opts.target, get_variant(VDMFMA), opts.out,
                                    timeout_s=opts.timeout_s, flags=opts.flags), log, whole)
        return whole, [replace(r, variant=v) for r in drows]
    pre, tuning = lib.spec_texts(backend_for(opts.target).spec_route, EXPORT_FORMS) if lib.entries else (None, None)
    log(f"M={m}: compiling with the tuned library ({len(lib.entries)} shape(s))")
    result = compile_all(compiler, [_job(f"model_m{m}/{TUNED}/{opts.target}", text, opts.target, tuning, pre,
                                         opts.timeout_s, opts.flags)])[0]
    if result.ok:
        tuned = collect_dispatches(result.dump_dir)
        kernels = isa_kernels(result, opts.target)
        return result, prove_tuned(m, found.dispatches, tuned, kernels, lib, opts.target)
    if tuning is None or found.base.ok:
        return result, [replace(failed_row(m, result, TUNED), variant=TUNED)]
    # the whole model fails with the default too: prove each skinny GEMM's executable alone with the library's
    # codegen spec (a split acts before dispatch creation: only the whole model can show it)
    rows = []
    for d in found.dispatches:
        r = None
        if d.contraction is not None and is_skinny(d.contraction):
            r = compile_alone(compiler, m, found.source_dump, executable_of(d.dispatch), TUNED, opts.target,
                              opts.flags, tuning, opts.timeout_s)
        if r is None or not r.ok:
            rows += prove_tuned(m, [d], [], {}, lib, opts.target)
            continue
        kernels = isa_kernels(r, opts.target)
        rows += [replace(x, reason="; ".join(y for y in (x.reason, f"proved on its executable alone: {r.repro}") if y))
                 for x in prove_tuned(m, [d], collect_dispatches(r.dump_dir), kernels, lib, opts.target)]
    return result, rows
