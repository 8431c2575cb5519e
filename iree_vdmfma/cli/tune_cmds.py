"""vdmfma tune: search each shape's knob space, measure (or model), ship the winners as a spec pair."""

from __future__ import annotations

from pathlib import Path
from typing import Optional

import typer

from .app import app
from .common import console, user_errors
from .core_cmds import CACHE_OPT, DEBUG_OPT, EXECUTOR_OPT, NO_CACHE_OPT, RAY_ADDRESS_OPT, WORKERS_OPT


def _default_target(device: str) -> str:
    return {"hip": "gfx942", "cuda": "sm_89"}.get(device.split(":")[0], "host" if device != "none" else "gfx942")


@app.command()
def tune(
    shapes: Path = typer.Argument(..., help="Shape-list CSV."),
    target: Optional[str] = typer.Option(None, "--target", "-t",
                                         help="gfx942, gfx950, sm_89 or host (default: from --device)."),
    device: str = typer.Option("local-task", "--device", "-d",
                               help="hip, cuda, local-task, or none (compile, prove and rank by a static MODEL)."),
    out: Path = typer.Option(..., "--out", "-o", help="Directory: candidates.csv, winners.csv, specs/, report/."),
    max_candidates: Optional[int] = typer.Option(None, "--max-candidates",
                                                 help="Per shape, references included (default: the whole pruned space)."),
    time_budget: Optional[float] = typer.Option(None, "--time-budget",
                                                help="Seconds for the whole tune; unfinished candidates resume on rerun."),
    search: str = typer.Option("exhaustive", "--search",
                               help="exhaustive (in simplicity order) or optuna (TPE, when the space exceeds --max-candidates)."),
    reps: int = typer.Option(10, "--reps", help="Timing repetitions per candidate."),
    hot: bool = typer.Option(True, "--hot/--no-hot", help="Also time each candidate hot (cold always)."),
    workers: Optional[int] = WORKERS_OPT,
    executor: str = EXECUTOR_OPT, ray_address: Optional[str] = RAY_ADDRESS_OPT,
    timeout: float = typer.Option(300.0, "--timeout", help="Per-candidate compile and run timeout in seconds."),
    cache_dir: Optional[Path] = CACHE_OPT, no_cache: bool = NO_CACHE_OPT,
    publish: Optional[Path] = typer.Option(
        None, "--publish", help="Merge the library into this folder as well (a newer measurement of a shape "
        "replaces the older, other entries stay; never the repository's shipped specs/). Its flags file names "
        "the folder as given."),
    allow_modelled: bool = typer.Option(False, "--allow-modelled",
                                        help="Let --publish write MODELLED winners (--device none); refused otherwise."),
    debug: bool = DEBUG_OPT,
) -> None:
    """Tune every shape: candidates -> prune -> compile -> prove -> measure (numerics checked) -> winner.

    Writes OUT/candidates.csv (every candidate's row), OUT/winners.csv, OUT/specs/ (a
    preprocessing spec with the split chunks + a codegen tuning spec, and the exact
    iree-compile flags in flags-TARGET.txt; on CUDA one preprocessing spec carries both,
    since IREE ignores codegen specs there) and OUT/report/. Resumable: after Ctrl-C run
    the same command again; nothing finished is redone. --device none ranks by a MODEL.
    """
    with user_errors(debug):
        from ..compiler.driver import default_cache_dir
        from ..problems.shapes import load_shape_list
        from ..tune.report import write_report
        from ..executors import ExecutorSpec
        from ..tune.tuner import TuneOptions, Tuner

        problems = load_shape_list(shapes)
        if publish is not None:
            from ..configs.library import shipped_specs

            if shipped_specs(publish):
                raise ValueError(f"--publish {publish}: that is the repository's shipped specs/ folder; "
                                 "publish into a folder of your own")
            if device == "none" and not allow_modelled:
                raise ValueError("--publish with --device none would publish MODELLED winners (nothing is run); "
                                 "add --allow-modelled to publish them anyway, or tune on a device")
        options = TuneOptions(target=target or _default_target(device), device=device, out_dir=out,
                              cache_dir=None if no_cache else (cache_dir or default_cache_dir()),
                              workers=workers, timeout_s=timeout, max_candidates=max_candidates,
                              time_budget_s=time_budget, reps=reps, hot=hot, search=search,
                              executor=ExecutorSpec(executor, ray_address))
        tuner = Tuner(problems, options, on_event=lambda msg: console.print(msg, highlight=False))
        console.print(f"tune: {len(problems)} shapes for {options.target} on "
                      f"{'no device (modelled ranking)' if device == 'none' else device}")
        winners = tuner.run()
        written = tuner.written
        report = write_report(out, options.target)
        from ..tune.report import display_id, speedup_text

        for w in winners:  # markup off: '[verdict; basis]' is data, not rich markup
            console.print(f"{w.key}: {display_id(w.winner) or '(none)'}  vs default "
                          f"{speedup_text(w.speedup_vs_default, w.basis)}  [{w.verdict}; "
                          f"{'MODELLED' if w.basis == 'modelled' else w.basis}]", highlight=False, markup=False)
        console.print(f"{len(winners)}/{len(problems)} shapes done; {out / 'winners.csv'}; report {report}")
        if written.get("flags"):
            console.print(f"iree-compile flags: {written['flags'].read_text().strip()}", highlight=False)
        if publish is not None and written:  # rewritten, not copied: the flags file names the folder as given
            from ..configs.library import publish as publish_library
            from ..devices.flags import compile_flags

            merge, published = publish_library(tuner.library(), publish, compile_flags(options.target),
                                               allow_modelled)
            console.print(f"published to {publish}/ ({merge.summary()}): "
                          f"{', '.join(p.name for p in published.values())}", highlight=False, markup=False)
            for label, keys in (("added", merge.added), ("replaced", merge.replaced), ("kept", merge.kept),
                                ("refused", merge.refused)):
                if keys:
                    console.print(f"  {label}: {', '.join(keys)}", highlight=False, markup=False)
