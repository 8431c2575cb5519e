"""model: export a PyTorch model (or take an exported .mlir), spec its skinny GEMMs, prove it per dispatch."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Optional

import typer
from rich.table import Table
from rich.text import Text

from ..devices.targets import family_of, target as get_target
from ..model.model import ModelOptions, counts_against, run_model
from ..model import weights
from ..model.source import SourceError, parse_source
from ..util.runs import check_kind
from ..variants.registry import variant as get_variant
from . import options as opt, typed
from .app import app, docs_page
from .common import cell, print_table, say, show, user_errors
from .model_modes import PLAIN, refuse_unread
from ..problems.rows import Status

EXIT_NOT_MATCHED = 1
EXIT_NUMERICS = 1
EXIT_UNFINISHED = 1
_COLUMNS = ("m_tokens", "dispatch", "calls", "op_form", "m", "n", "k", "batch", "fused_consumers",
            "default_mma_kind", "spec_mma_kind", "smfmac", "mfma", "vgpr", "spills", "status")


def _table(rows) -> Table:
    table = Table(show_lines=False)
    for c in _COLUMNS:
        table.add_column(c)
    for r in rows:
        cells = [cell(getattr(r, c)) for c in _COLUMNS]
        cells[1] = cell(_short_dispatch(r.dispatch))
        color = ("green" if r.status in (Status.APPLIED.value, Status.RESCUED.value) else "dim" if r.status in (Status.NOT_SKINNY.value, Status.NOT_GEMM.value)
                 else "red" if counts_against(r) else "yellow")
        cells[-1] = Text(r.status, style=color) + Text(f": {_console_reason(r.reason)}" if r.reason else "")
        table.add_row(*cells)
    return table


def _console_reason(reason: str) -> str:
    """A row's reason without its reproducing iree-compile command (a few hundred characters of cache paths that
    made every piped row that long): the console points to dispatches.csv, whose `reason` keeps the command."""
    for cut in (" (minimal reproducer: iree-compile ", ": iree-compile "):
        if cut in reason:
            return reason[:reason.index(cut)] + " (its iree-compile command: dispatches.csv)"
    return reason


def _short_dispatch(name: str) -> str:
    """main$async_dispatch_12_matmul_8x256x256_f16xf16xf32 -> dispatch_12 (the CSV keeps the full name)."""
    m = re.search(r"dispatch_\d+", name)
    return m.group(0) if m else name


@app.command(epilog=docs_page("model", "model examples/tiny_layer.mlir --m 8 --target gfx942"))
def model(
    source: str = typer.Argument(..., help="file.py[:FUNC], pkg.module[:FUNC] or an exported .mlir."),
    m: Optional[str] = opt.M,
    dtype: Optional[str] = opt.DTYPE,
    target: Optional[str] = opt.TARGET,
    variants: Optional[str] = opt.VARIANTS, variant: Optional[str] = opt.VARIANT_ALIAS,
    tune: bool = typer.Option(False, "--tune", help="Tune its skinny GEMMs, then run and time the forward."),
    library: Optional[Path] = typer.Option(None, "--library", metavar="DIR", help="A tuned library in place of "
                                           "--tune."),
    device: str = opt.DEVICE,
    max_candidates: Optional[int] = opt.MAX_CANDIDATES,
    reps: int = opt.REPS,
    search: str = opt.SEARCH,
    race: Optional[bool] = opt.RACE,
    time_budget: Optional[float] = opt.TIME_BUDGET,
    rounds: int = typer.Option(10, "--rounds", min=1, help="Paired timing rounds of the forward."),
    calls: int = typer.Option(10, "--calls", min=1, help="Forward calls per timing sample."),
    cache_mode: str = typer.Option("both", "--cache-mode", help="hot, cold or both (cold: weights rotated past "
                                   "the cache)."),
    cache_size: Optional[str] = opt.CACHE_SIZE,
    torch_compile: bool = typer.Option(True, "--torch-compile/--no-torch-compile",
                                       help="A torch.compile peer beside torch eager."),
    seed: int = opt.SEED,
    out: Optional[Path] = opt.OUT,
    workers: Optional[int] = opt.WORKERS,
    timeout: float = opt.TIMEOUT,
    compile_flag: Optional[list[str]] = opt.COMPILE_FLAG,
    compile_flags_file: Optional[Path] = opt.COMPILE_FLAGS_FILE,
    merge_with: Optional[list[Path]] = opt.MERGE_WITH, prefer: str = opt.PREFER,
    db: Optional[Path] = opt.DB,
    calibration: Optional[str] = opt.CALIBRATION,
    cache_dir: Optional[Path] = opt.CACHE_DIR, no_cache: bool = opt.NO_CACHE,
    debug: bool = opt.DEBUG,
) -> None:
    """Spec, prove, tune and time a PyTorch model's skinny GEMMs.

    Per --m (default 1,4,8,16,32) SOURCE is exported and compiled; its skinny GEMM dispatches are specced
    (one variant, default vdmfma) and proved from their own ISA: OUT/dispatches.csv, shapes.csv,
    spec.mlir (with --merge-with: linked with your spec before the proof). With --tune or --library the
    model is also compiled as default and tuned, and its forward run against torch and timed:
    OUT/model.csv and report/.

    Exit: 1 a skinny GEMM not applied, numerics failed, a forward cut by the machine (machine-error: run it
    again), or --time-budget left GEMMs untuned; 2 bad input.
    """
    with user_errors(debug):
        mode = refuse_unread(tune, library, device, search, merge_with, prefer)  # how options relate: before files
        flags = opt.compile_flags(compile_flag, compile_flags_file)
    if mode != PLAIN:
        _step(source, m, dtype, target, device, tune, library, max_candidates, reps, search, time_budget, rounds,
              calls, seed, out, workers, timeout, (cache_dir, no_cache), debug, (cache_mode, cache_size, torch_compile),
              race, flags, db, calibration)
        return
    with user_errors(debug):
        from .link_cmds import merge_specs  # noqa: PLC0415

        theirs = merge_specs(merge_with, prefer)
        target = target or opt.DEFAULT_TARGET
        out = opt.out_folder(out, "model")
        check_kind(out, "model")
        family = family_of(target)  # the specs it writes are the vdmfma variant's backend's (gfx specs)
        if family is None or family.backend != get_variant("vdmfma").backend.name:
            raise ValueError(f"--target {target}: vdmfma model writes gfx tuning specs; give a gfx target")
        get_target(target)
        v = get_variant(opt.one_of("--variants", opt.names(variants, "vdmfma", variant)))
        dt = opt.one_of("--dtype", opt.names(dtype)) if dtype is not None else None
        src = _source(source)
        ms = _ms(src, m)
        opts = ModelOptions(src, ms, target, v, out, dt, opt.cache_dir_of(cache_dir, no_cache), timeout,
                            flags, tuple(theirs), prefer, workers)
        result = run_model(opts, log=say)
    print_table(_table(result.rows))
    show(f"wrote {out / 'dispatches.csv'}, {out / 'shapes.csv'}"
         + (f", {result.spec_path}" if result.spec_path else " (no skinny contraction: no spec)")
         + (f", linked with {', '.join(s.label for s in theirs)}" if theirs and result.spec_path else ""))
    _verdicts(result)
    if result.unmatched_skinny:
        raise typer.Exit(EXIT_NOT_MATCHED)


def _verdicts(result) -> None:
    """Per M, the same verdicts as dispatches.csv in one line, the share of the weights the proven dispatches read and
    the expert GEMMs (model/weights.py); the crashes with their reproducers."""
    for m in sorted({r.m_tokens for r in result.rows}):
        mine = [r for r in result.rows if r.m_tokens == m]
        counts: dict[str, int] = {}
        for r in mine:
            counts[r.status] = counts.get(r.status, 0) + 1
        show(f"M={m}: " + ", ".join(f"{n} {s}" for s, n in sorted(counts.items())))
    for line in [s.line() for s in weights.shares(result.rows)] + weights.expert_lines(result.rows):
        show(line)
    for r in result.crashes:
        show(f"M={r.m_tokens}: {_short_dispatch(r.dispatch)} ({r.op_form or 'whole model'}) does not compile: "
             f"{r.reason}")
    bad = result.unmatched_skinny
    if bad:
        say(f"{len(bad)} skinny GEMM dispatch(es) not applied ("
            + ", ".join(sorted({r.status for r in bad})) + ")")


def _ms(src, m: Optional[str]) -> tuple[int, ...]:
    """--m for the source: default 1,4,8,16,32; an .mlir without {m} in its path is one program (one --m: the
    batch it was exported for). Each M's .mlir must exist."""
    if src.is_mlir and "{m}" not in str(src.path):
        if m is None:
            raise ValueError(f"{src.text}: an exported .mlir is one program: give --m, the batch (token count) it was "
                             "exported for, or put {m} in its path for one file per M")
        ms = tuple(opt.m_values(m))
        if len(ms) != 1:
            raise ValueError(f"--m {m}: {src.text} is one program; give one M (or put {{m}} in its path)")
    else:
        ms = tuple(opt.m_values(m, "1,4,8,16,32"))
    if src.is_mlir:
        src.check_mlir(ms)
    return ms


def _source(text: str):
    try:
        return parse_source(text)
    except SourceError as e:
        raise ValueError(str(e)) from None


def _step(source, m, dtype, target, device, tune, library, max_candidates, reps, search, time_budget, rounds, calls,
          seed, out, workers, timeout, cache_dir, debug, timing=("both", None, True), race=None, flags=(),
          db=None, calibration=None) -> None:
    from ..model.step import StepOptions, run_step  # noqa: PLC0415
    from .core_cmds import plan_run  # noqa: PLC0415

    with user_errors(debug, keeps="tune candidates (OUT/tune)" if tune else ""), opt.calibration(calibration):
        opt.positive("--time-budget", time_budget)
        out = opt.out_folder(out, "model")
        check_kind(out, "model")
        given_cache, cache_dir = cache_dir[0], opt.cache_dir_of(*cache_dir)
        if tune:  # the tune's candidates and winners become records, as `vdmfma tune`'s do
            from .db_cmds import check_db, record_tune  # noqa: PLC0415

            db = opt.db_path(db, given_cache)
            if db.exists():  # one that is not ours is bad input up front; a new one is made after the tune (nothing
                check_db(db)  # is written before the model is built: a bad builder leaves no cache behind)
        # the model's default target under --device auto is the CPU, which auto runs on local-task (plan_device)
        run_device, target = plan_run(device, target or ("host" if typed.asked_auto(device) else None))
        dt = opt.one_of("--dtype", opt.names(dtype)) if dtype is not None else None
        mode, size, compiled = timing
        modes = ("hot", "cold") if mode == "both" else tuple(opt.names(mode))
        if library is not None:  # read and checked now: a damaged library is one error line before anything builds
            from ..configs.library import UNVERIFIED, check_library  # noqa: PLC0415

            if check_library(library, target).unverified:
                say(f"--library {library}: {UNVERIFIED}")
        src = _source(source)
        opts = StepOptions(src, _ms(src, m), target, run_device or "none", out,
                           tune, library, dt, cache_dir, timeout, max_candidates, reps, search, time_budget, workers,
                           rounds, calls, seed, modes, opt.size_of(size), compiled, race, flags)
        result = run_step(opts, log=say)
        if tune:
            record_tune(out / "tune", run_device, db)
    for r in result.rows:
        lat = "-" if r.latency_us_median is None else f"{r.latency_us_median:.4g} us"
        sp = ("" if r.speedup_vs_default is None or r.variant == "default" else
              f"  {r.speedup_vs_default:.3f}x [{r.speedup_lo:.3f}, {r.speedup_hi:.3f}] vs default: {r.verdict}")
        mode = f"/{r.cache_mode}" if r.cache_mode else ""
        show(f"M={r.m_tokens} {r.variant}{mode}: {r.status} {r.numerics} {lat}{sp}"
             + (f"  ({r.error})" if r.error else ""))
    timed = [r for r in result.rows if r.noise_floor is not None]
    if timed:
        from ..model.model_report import rule_words  # noqa: PLC0415

        show(f"verdicts: a win or loss needs its 95% interval to exclude 1 and a median beyond {rule_words(timed)}"
             .replace("**", ""))
    show(f"wrote {out / 'model.csv'}, {out / 'dispatches.csv'}, {out / 'report' / 'index.md'}")
    if result.numerics_failed:
        say(f"{len(result.numerics_failed)} variant(s) ran but failed numerics")
        raise typer.Exit(EXIT_NUMERICS)
    cut = list(dict.fromkeys(f"M={r.m_tokens} {r.variant}" for r in result.rows  # a variant once, not per mode
                             if r.status == Status.MACHINE_ERROR.value))
    if cut:  # as a sweep's or a tune's machine-error: unfinished, redone by the same command (its module rebuilt)
        say(f"{len(cut)} forward(s) cut by the machine ({', '.join(cut)}: machine-error, a module removed from the "
            "compile cache under this run): run the same command again to redo them")
    if result.untuned:  # as `vdmfma tune` does: a tune the budget cut short is not a finished one
        by = "the time budget" if not result.lost else ("the machine (a compile killed, a module removed from the "
                                                        "compile cache), or the time budget")
        say(f"{len(result.untuned)} GEMM shape(s) left untuned by {by} ({', '.join(result.untuned)}): "
            "the tuned forward runs IREE's default there; run the same command again to continue")
    if cut or result.untuned:
        raise typer.Exit(EXIT_UNFINISHED)
