"""model: export a PyTorch model (or take an exported .mlir), spec its skinny GEMMs, prove it per dispatch."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Optional

import typer
from rich.table import Table

from ..compiler.driver import default_cache_dir
from ..devices.targets import target as get_target
from ..model.model import APPLIED, NOT_SKINNY, ModelOptions, run_model
from ..model.source import SourceError, parse_source
from ..variants.registry import REGISTRY, variant as get_variant
from .app import app
from .common import console, split_list, user_errors
from .core_cmds import CACHE_OPT, DEBUG_OPT, NO_CACHE_OPT, WORKERS_OPT
from .tune_cmds import _default_target

EXIT_NOT_MATCHED = 1
EXIT_NUMERICS = 1
_COLUMNS = ("m_tokens", "dispatch", "op_form", "m", "n", "k", "batch", "fused_consumers", "default_mma_kind",
            "spec_mma_kind", "smfmac", "mfma", "vgpr", "spills", "status")


def _table(rows) -> Table:
    table = Table(show_lines=False)
    for c in _COLUMNS:
        table.add_column(c)
    for r in rows:
        cells = ["" if getattr(r, c) is None else str(getattr(r, c)) for c in _COLUMNS]
        cells[1] = _short_dispatch(r.dispatch)
        color = "green" if r.status == APPLIED else "dim" if r.status == NOT_SKINNY else "red"
        cells[-1] = f"[{color}]{r.status}[/]" + (f": {r.reason}" if r.reason else "")
        table.add_row(*cells)
    return table


def _short_dispatch(name: str) -> str:
    """main$async_dispatch_12_matmul_8x256x256_f16xf16xf32 -> dispatch_12 (the CSV keeps the full name)."""
    m = re.search(r"dispatch_\d+", name)
    return m.group(0) if m else name


def _ms(text: str) -> tuple[int, ...]:
    try:
        ms = tuple(int(v) for v in split_list(text))
    except ValueError:
        raise ValueError(f"--m {text!r}: give positive integers separated by commas") from None
    if not ms or any(m < 1 for m in ms):
        raise ValueError(f"--m {text!r}: give positive integers separated by commas")
    return ms


@app.command()
def model(
    source: str = typer.Argument(..., help="path/to/file.py[:FUNC], pkg.module[:FUNC] (FUNC default 'build', "
                                           "takes m, returns (nn.Module, example_args)), or an exported .mlir."),
    m: str = typer.Option("1,4,8,16,32", "--m", help="Token counts M to export and prove, comma-separated."),
    dtype: Optional[str] = typer.Option(None, "--dtype", help="Passed to FUNC as dtype= when it takes one."),
    target: Optional[str] = typer.Option(None, "--target", "-t",
                                         help="gfx942, gfx950, sm_89 or host (default: from --device, else gfx942)."),
    variant: str = typer.Option("vdmfma", "--variant", "-v",
                                help=f"Without --tune/--library: one of {', '.join(REGISTRY)} (with a config)."),
    tune: bool = typer.Option(False, "--tune", help="Tune every distinct skinny GEMM once (vdmfma tune's engine), "
                                                    "compile the model with the library, run and time the forward."),
    library: Optional[Path] = typer.Option(None, "--library", help="A tuned library folder (vdmfma tune's "
                                                                   "OUT/specs) to use instead of --tune."),
    device: Optional[str] = typer.Option(None, "--device", "-d",
                                         help="With --tune/--library: hip, cuda, local-task, or none (compile and "
                                              "prove only; the tuner then ranks by its MODEL). Default: "
                                              "local-task for a host target, else none."),
    max_candidates: Optional[int] = typer.Option(None, "--max-candidates",
                                                 help="Tuner: per shape, references included."),
    reps: int = typer.Option(10, "--reps", help="Tuner: timing repetitions per candidate."),
    search: str = typer.Option("exhaustive", "--search", help="Tuner: exhaustive or optuna."),
    time_budget: Optional[float] = typer.Option(None, "--time-budget", help="Tuner: seconds for the whole tune."),
    rounds: int = typer.Option(10, "--rounds", help="Paired timing rounds of the whole forward (each variant once "
                                                    "per round, shuffled)."),
    calls: int = typer.Option(10, "--calls", help="Forward calls per timing sample."),
    seed: int = typer.Option(0, "--seed", help="Seed of the round orders."),
    out: Path = typer.Option(..., "--out", "-o", help="Output folder: shapes.csv, spec.mlir, dispatches.csv "
                                                      "(+ model.csv, tune/, report/ with --tune/--library)."),
    workers: Optional[int] = WORKERS_OPT,
    timeout: float = typer.Option(600.0, "--timeout", help="Per compile and per run, seconds."),
    cache_dir: Optional[Path] = CACHE_OPT, no_cache: bool = NO_CACHE_OPT,
    debug: bool = DEBUG_OPT,
) -> None:
    """Export SOURCE per M, find every contraction dispatch in the compiler's dumps, spec the skinny ones,
    compile the whole model with the spec and prove each dispatch from its own kernel's ISA.

    With --tune (or --library DIR): tune the model's distinct skinny GEMMs once, compile the whole model per M as IREE's default, the tuned library and (ROCm) the vdmfma spec, prove per dispatch, run each forward on --device against torch eager and time it in paired rounds: OUT/model.csv, OUT/dispatches.csv, OUT/report/index.md.

    Exit 1 if a skinny GEMM dispatch was not matched (without --tune/--library) or a variant ran but failed numerics; exit 2 for bad input (source, options, a model with nothing to tune).
    """
    if tune or library is not None:
        _step(source, m, dtype, target, device, tune, library, max_candidates, reps, search, time_budget, rounds,
              calls, seed, out, workers, timeout, cache_dir, no_cache, debug)
        return
    with user_errors(debug):
        if device is not None:
            raise ValueError("--device runs the forward: give --tune or --library DIR with it")
        target = target or "gfx942"
        if not target.startswith("gfx"):
            raise ValueError(f"--target {target}: vdmfma model writes gfx tuning specs; give a gfx target")
        get_target(target)
        v = get_variant(variant)
        src = _source(source)
        opts = ModelOptions(src, _ms(m), target, v, out, dtype, None if no_cache else cache_dir or default_cache_dir())
        result = run_model(opts, log=lambda s: console.print(s, highlight=False))
    console.print(_table(result.rows))
    console.print(f"wrote {out / 'dispatches.csv'}, {out / 'shapes.csv'}"
                  + (f", {result.spec_path}" if result.spec_path else " (no skinny contraction: no spec)"))
    bad = result.unmatched_skinny
    if bad:
        console.print(f"[red]{len(bad)} skinny GEMM dispatch(es) not matched[/]")
        raise typer.Exit(EXIT_NOT_MATCHED)


def _source(text: str):
    try:
        return parse_source(text)
    except SourceError as e:
        raise ValueError(str(e)) from None


def _step(source, m, dtype, target, device, tune, library, max_candidates, reps, search, time_budget, rounds, calls,
          seed, out, workers, timeout, cache_dir, no_cache, debug) -> None:
    from ..model.step import StepOptions, run_step  # noqa: PLC0415

    with user_errors(debug):
        device = device or ("local-task" if target in (None, "host", "cpu") else "none")
        target = target or _default_target(device)
        opts = StepOptions(_source(source), _ms(m), target, device, out, tune, library, dtype,
                           None if no_cache else cache_dir or default_cache_dir(), timeout, max_candidates, reps,
                           search, time_budget, workers, rounds, calls, seed)
        result = run_step(opts, log=lambda s: console.print(s, highlight=False))
    for r in result.rows:
        lat = "-" if r.latency_us_median is None else f"{r.latency_us_median:.4g} us"
        sp = "" if r.speedup_vs_default is None else f"  {r.speedup_vs_default:.3f}x vs default"
        console.print(f"M={r.m_tokens} {r.variant}: {r.status} {r.numerics} {lat}{sp}"
                      + (f"  ({r.error})" if r.error else ""), highlight=False)
    console.print(f"wrote {out / 'model.csv'}, {out / 'dispatches.csv'}, {out / 'report' / 'index.md'}")
    if result.numerics_failed:
        console.print(f"[red]{len(result.numerics_failed)} variant(s) ran but failed numerics[/]")
        raise typer.Exit(EXIT_NUMERICS)
