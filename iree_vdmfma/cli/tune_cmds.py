"""vdmfma tune: search each shape's knob space, measure (or model), ship the winners as a spec pair."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Optional

import typer
from rich.markup import escape

from .app import app
from .common import console, progress, user_errors
from .core_cmds import CACHE_OPT, DEBUG_OPT, EXECUTOR_OPT, NO_CACHE_OPT, RAY_ADDRESS_OPT, WORKERS_OPT


class TuneProgress:
    """The tuner's progress on stderr: a rich bar per shape on a terminal; otherwise one line at most
    every PROGRESS_EVERY_S seconds (and at each shape's end), naming the last candidate and its outcome."""

    def __init__(self, every_s: float):
        self.bar = progress()
        self.tty = not self.bar.disable
        self.every_s, self.last_line, self.task = every_s, 0.0, None

    def __enter__(self) -> "TuneProgress":
        self.bar.__enter__()
        return self

    def __exit__(self, *exc) -> None:
        self.bar.__exit__(*exc)

    def __call__(self, ev) -> None:
        last = f"[{ev.candidate}] {ev.status} {ev.detail}".strip() if ev.candidate else ""
        if self.tty:
            if ev.done == 0 and not ev.candidate:
                self.task = self.bar.add_task(ev.shape, total=ev.total, last="")
            elif self.task is not None:
                self.bar.update(self.task, completed=ev.done, last=escape(last))
            return
        now = time.monotonic()
        if ev.candidate and (now - self.last_line >= self.every_s or ev.done >= ev.total):
            self.last_line = now
            console.print(f"{ev.shape}: {ev.done}/{ev.total} candidates; last {last}", markup=False, highlight=False)


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
    max_candidates: Optional[int] = typer.Option(
        None, "--max-candidates", help="Per shape, references included, >= 2 (default: the whole pruned space; "
        "32 with --device none). Cuts are counted in the report."),
    time_budget: Optional[float] = typer.Option(
        None, "--time-budget", help="Seconds (> 0) for the whole tune, compiles included; unfinished candidates "
        "stay pending and resume on rerun."),
    append: bool = typer.Option(False, "--append", help="Add to an --out that holds another target, device or "
                                "shape list (refused otherwise)."),
    search: str = typer.Option("exhaustive", "--search",
                               help="exhaustive (in simplicity order) or optuna (TPE, when the space exceeds --max-candidates)."),
    reps: int = typer.Option(10, "--reps", help="Timing repetitions per candidate."),
    hot: bool = typer.Option(True, "--hot/--no-hot", help="Also time each candidate hot (cold always)."),
    workers: Optional[int] = WORKERS_OPT,
    executor: str = EXECUTOR_OPT, ray_address: Optional[str] = RAY_ADDRESS_OPT,
    timeout: float = typer.Option(300.0, "--timeout", help="Per-candidate compile and run timeout in seconds."),
    cache_dir: Optional[Path] = CACHE_OPT, no_cache: bool = NO_CACHE_OPT,
    publish: bool = typer.Option(False, "--publish", help="Write the library into ./specs/ as well (its flags file then names specs/...)."),
    debug: bool = DEBUG_OPT,
) -> None:
    """Tune every shape: candidates -> prune -> compile -> prove -> measure (numerics checked) -> winner.

    Writes OUT/candidates.csv (every candidate's row), OUT/winners.csv, OUT/specs/ (a
    preprocessing spec with the split chunks + a codegen tuning spec, and the exact
    iree-compile flags in flags-TARGET.txt; on CUDA one preprocessing spec carries both,
    since IREE ignores codegen specs there) and OUT/report/. Resumable: after Ctrl-C run
    the same command again; nothing finished is redone (rows cut off or edited are redone).
    OUT is locked while a tune writes into it, and an OUT holding another target, device or
    shape list is refused unless --append. --device none ranks by a MODEL.
    """
    with user_errors(debug):
        from ..compiler.driver import default_cache_dir
        from ..problems.shapes import load_shape_list
        from ..tune.report import write_report
        from ..executors import ExecutorSpec
        from ..tune.tuner import TuneOptions, Tuner

        problems = load_shape_list(shapes)
        options = TuneOptions(target=target or _default_target(device), device=device, out_dir=out,
                              cache_dir=None if no_cache else (cache_dir or default_cache_dir()),
                              workers=workers, timeout_s=timeout, max_candidates=max_candidates,
                              time_budget_s=time_budget, reps=reps, hot=hot, search=search,
                              executor=ExecutorSpec(executor, ray_address), append=append)
        from ..tune.tuner import PROGRESS_EVERY_S

        with TuneProgress(PROGRESS_EVERY_S) as view:
            tuner = Tuner(problems, options, on_event=lambda msg: console.print(msg, markup=False, highlight=False),
                          on_progress=view)
            console.print(f"tune: {len(problems)} shapes for {options.target} on "
                          f"{'no device (modelled ranking)' if device == 'none' else device}"
                          + (f"; at most {tuner.limit} candidates per shape" if tuner.limit else ""),
                          markup=False, highlight=False)
            winners = tuner.run()
        written = tuner.written
        report = write_report(out, options.target, options.device)
        for w in winners:
            sp = f"{w.speedup_vs_default:.3g}x" if w.speedup_vs_default else "-"
            label = "MODELLED " if w.basis == "modelled" else ""
            console.print(f"{w.key}: {w.winner or '(none)'}  vs default {label}{sp}  [{w.verdict}; {w.basis}]",
                          markup=False, highlight=False)
        console.print(f"{len(winners)}/{len(problems)} shapes done; {out / 'winners.csv'}; report {report}")
        if written.get("flags"):
            console.print(f"iree-compile flags: {written['flags'].read_text().strip()}", highlight=False)
        if publish and written:  # rewritten, not copied: the flags file then names specs/ (relative)
            from ..configs.library import write_library
            from ..devices.flags import compile_flags

            published = write_library(tuner.library(), Path("specs"), compile_flags(options.target))
            console.print(f"published {', '.join(p.name for p in published.values())} to specs/")
