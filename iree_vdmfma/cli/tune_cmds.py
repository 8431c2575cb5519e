"""vdmfma tune: search each shape's knob space, measure (or model), ship the winners as a spec pair."""

from __future__ import annotations

from pathlib import Path
from typing import Optional

import typer

from . import options as opt
from .app import app
from .common import say, show, user_errors


def _check_search(search: str) -> None:
    """--search up front: a known name, and optuna importable before any shape is tuned."""
    if search not in ("exhaustive", "optuna"):
        raise ValueError(f"--search {search!r}: use exhaustive or optuna")
    if search == "optuna":
        try:
            import optuna  # noqa: F401
        except ImportError:
            raise ValueError("--search optuna needs optuna: pip install -e '.[tune]' (or use --search exhaustive)") \
                from None


@app.command()
def tune(
    shapes: Path = opt.SHAPES,
    target: Optional[str] = opt.TARGET,
    device: str = opt.DEVICE,
    out: Optional[Path] = opt.OUT,
    max_candidates: Optional[int] = typer.Option(None, "--max-candidates", min=1,
                                                 help="Per shape, references included (default: the whole pruned space)."),
    time_budget: Optional[float] = typer.Option(None, "--time-budget",
                                                help="Seconds for the whole tune (> 0); unfinished candidates resume on rerun."),
    search: str = typer.Option("exhaustive", "--search",
                               help="exhaustive (in simplicity order) or optuna (TPE, when the space exceeds --max-candidates)."),
    reps: int = opt.REPS,
    hot: bool = typer.Option(True, "--hot/--no-hot", help="Also time each candidate hot (cold always)."),
    race: bool = typer.Option(False, "--race/--no-race", help="Race the measured candidates by successive halving "
                              "in paired, interleaved rounds against the default (tune/race.py); --reps then only "
                              "sizes the first numerics-checked timing."),
    seed: int = opt.SEED,
    workers: Optional[int] = opt.WORKERS,
    executor: str = opt.EXECUTOR, ray_address: Optional[str] = opt.RAY_ADDRESS,
    timeout: float = opt.TIMEOUT,
    cache_dir: Optional[Path] = opt.CACHE_DIR, no_cache: bool = opt.NO_CACHE,
    publish: bool = typer.Option(False, "--publish", help="Write the library into ./specs/ as well (its flags file then names specs/...)."),
    debug: bool = opt.DEBUG,
) -> None:
    """Tune each shape's knobs: candidates -> prune -> compile -> prove -> measure (or MODEL) -> winner.

    Writes OUT/candidates.csv (every candidate's row), OUT/winners.csv, OUT/specs/ (a
    preprocessing spec with the split chunks + a codegen tuning spec, and the exact
    iree-compile flags in flags-TARGET.txt; on CUDA one preprocessing spec carries both,
    since IREE ignores codegen specs there) and OUT/report/. Resumable: after Ctrl-C run
    the same command again; nothing finished is redone. With no device (--device none, or
    auto on a machine without a GPU) candidates are ranked by a MODEL.
    """
    with user_errors(debug):
        from ..problems.shapes import load_shape_list
        from ..tune.report import write_tune_report
        from ..executors import ExecutorSpec
        from ..tune.tuner import TuneOptions, Tuner
        from .core_cmds import plan_run

        out = opt.out_folder(out, "tune")
        _check_search(search)
        opt.positive("--time-budget", time_budget)
        opt.positive("--timeout", timeout)
        problems = load_shape_list(shapes)
        run_device, target = plan_run(device, target)
        options = TuneOptions(target=target, device=run_device or "none", out_dir=out,
                              cache_dir=opt.cache_dir_of(cache_dir, no_cache),
                              workers=workers, timeout_s=timeout, max_candidates=max_candidates,
                              time_budget_s=time_budget, reps=reps, hot=hot, search=search, race=race, seed=seed,
                              executor=ExecutorSpec(executor, ray_address))
        tuner = Tuner(problems, options, on_event=say)
        say(f"tune: {len(problems)} shapes for {options.target} on "
            f"{run_device or 'no device (MODELLED ranking)'}")
        winners = tuner.run()
        written = tuner.written
        report = write_tune_report(out, options.target)
        for w in winners:
            sp = f"{w.speedup_vs_default:.3g}x" if w.speedup_vs_default else "-"
            show(f"{w.key}: {w.winner or '(none)'}  vs default {sp}  [{w.verdict}; {w.basis}]")
        show(f"{len(winners)}/{len(problems)} shapes done; {out / 'winners.csv'}; report {report}")
        if written.get("flags"):
            show(f"iree-compile flags: {written['flags'].read_text().strip()}")
        if publish and written:  # rewritten, not copied: the flags file then names specs/ (relative)
            published = tuner.write_library(Path("specs"))
            show(f"published {', '.join(p.name for p in published.values())} to specs/")
