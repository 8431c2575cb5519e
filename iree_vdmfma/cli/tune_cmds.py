"""vdmfma tune: search each shape's knob space, measure (or model), ship the winners as a spec pair."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Optional

import typer

from . import options as opt, typed
from .app import app, docs_page
from ..util.lists import counted
from .common import load_problems, progress, say, show, user_errors


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
        said = ev.detail.lower().startswith(ev.status.lower())  # 'MODELLED 12.1 us' says 'modelled' already
        last = (f"[{ev.candidate}] {'' if said else ev.status + ' '}{ev.detail}".strip()
                if ev.candidate else "")
        if self.tty:
            if ev.done == 0 and not ev.candidate:
                self.task = self.bar.add_task(ev.shape, total=ev.total, last="")
            elif self.task is not None:
                self.bar.update(self.task, completed=ev.done, last=last)
            return
        now = time.monotonic()
        if ev.candidate and (now - self.last_line >= self.every_s or ev.done >= ev.total):
            self.last_line = now
            say(f"{ev.shape}: {ev.done}/{ev.total} candidates; last {last}")


@app.command(epilog=docs_page("tune", "tune sweeps/tiny-layer.csv --target host --out out/tune"))
def tune(
    shapes: Path = opt.SHAPES,
    target: Optional[str] = opt.TARGET,
    device: str = opt.DEVICE,
    out: Optional[Path] = opt.OUT,
    max_candidates: Optional[int] = opt.MAX_CANDIDATES,
    time_budget: Optional[float] = opt.TIME_BUDGET,
    append: bool = opt.APPEND,
    search: str = opt.SEARCH,
    reps: int = opt.REPS,
    hot: bool = typer.Option(True, "--hot/--no-hot", help="With --no-race: also time each candidate hot."),
    race: Optional[bool] = opt.RACE,
    seed: int = opt.SEED,
    workers: Optional[int] = opt.WORKERS,
    executor: str = opt.EXECUTOR, ray_address: Optional[str] = opt.RAY_ADDRESS,
    timeout: float = opt.TIMEOUT,
    compile_flag: Optional[list[str]] = opt.COMPILE_FLAG, compile_flags_file: Optional[Path] = opt.COMPILE_FLAGS_FILE,
    cache_dir: Optional[Path] = opt.CACHE_DIR, no_cache: bool = opt.NO_CACHE,
    publish: Optional[Path] = typer.Option(
        None, "--publish", metavar="DIR", help="Also merge the library into this folder."),
    allow_modelled: bool = typer.Option(False, "--allow-modelled",
                                        help="Let --publish write MODELLED winners."),
    merge_with: Optional[list[Path]] = opt.MERGE_WITH, prefer: str = opt.PREFER,
    db: Optional[Path] = opt.DB,
    calibration: Optional[str] = opt.CALIBRATION,
    debug: bool = opt.DEBUG,
) -> None:
    """Search each shape's configs and ship the winners as specs.

    Candidates are pruned, compiled, proved from the ISA and checked; with a device they are raced
    against IREE's default, without one ranked by a MODEL. Writes OUT/candidates.csv, winners.csv,
    specs/ (the library and its flags) and report/; every candidate is also a record in --db.
    Resumable: run the same command again.

    Exit: 0 every shape finished; 1 the time budget left shapes unfinished; 2 bad input or a busy or
    foreign OUT; 130 interrupted.
    """
    with user_errors(debug, keeps="candidates"), opt.calibration(calibration):
        from ..tune.tune_report import write_tune_report
        from ..executors import ExecutorSpec
        from ..tune.ship import publish_tuned, tuned_library
        from ..tune.options import TuneOptions, check_search, unread_seed
        from ..tune.tuner import Tuner
        from .core_cmds import plan_run

        out = opt.out_folder(out, "tune")
        check_search(search)
        opt.positive("--time-budget", time_budget)
        opt.positive("--timeout", timeout)
        # how the options relate, before the shape list is read or a device probed
        typed.no_timing_without_device(device, "reps", "hot", "race", "calibration")
        measuring = None if typed.asked_auto(device) else not typed.no_device_asked(device)  # auto: either way
        if (unread := unread_seed(search, measuring, race, max_candidates, f"--device {device}")) is not None:
            typed.refuse_given(("seed",), *unread)
        problems = load_problems(shapes)
        run_device, target = plan_run(device, target)
        if allow_modelled and publish is None:  # an option that would change nothing is a misunderstanding to say
            raise ValueError("--allow-modelled only lets --publish write MODELLED winners: give --publish DIR too, "
                             "or leave it out")
        if race and run_device is None:
            raise ValueError("--race races candidates on a device: give --device, or leave --race out (with no "
                             "device the candidates are ranked by a MODEL)")
        from ..configs.link import link_library
        from .link_cmds import merge_specs, need_codegen_spec, say_lines

        theirs = merge_specs(merge_with, prefer)
        if theirs:
            need_codegen_spec(target)
        from .db_cmds import check_db, record_tune

        cache = opt.cache_dir_of(cache_dir, no_cache)  # a read-only cache: one line before the DB
        db = check_db(opt.db_path(db, cache_dir))
        if publish is not None:
            from ..configs.library import check_publish

            check_publish(publish, target)
            opt.writable(publish, "--publish")  # a read-only folder: said now, not after the whole tune
            if run_device is None and not allow_modelled:
                raise ValueError("--publish with no device would publish MODELLED winners (nothing is run); "
                                 "add --allow-modelled to publish them anyway, or tune on a device")
        options = TuneOptions(target=target, device=run_device or "none", out_dir=out,
                              cache_dir=cache,
                              workers=workers, timeout_s=timeout, max_candidates=max_candidates,
                              time_budget_s=time_budget, reps=reps, hot=hot, search=search, race=race, seed=seed,
                              executor=ExecutorSpec(executor, ray_address), append=append,
                              flags=opt.compile_flags(compile_flag, compile_flags_file))
        from ..tune.options import PROGRESS_EVERY_S

        with TuneProgress(PROGRESS_EVERY_S) as view:
            tuner = Tuner(problems, options, on_event=say, on_progress=view)
            say(f"tune: {counted(len(problems), 'shape')} for {options.target} on "
                f"{run_device or 'no device (MODELLED ranking)'}"
                + (f"; at most {tuner.limit} candidates per shape" if tuner.limit else "")
                + ("; racing them in paired rounds (--no-race: time each on its own)" if options.racing else ""))
            winners = tuner.run()
        written = tuner.written
        report = write_tune_report(out, options.target, options.device)
        from ..tune.tune_report import winner_line

        for w in winners:  # plain text: '[verdict; basis]' is data, not rich markup
            show(winner_line(w))
        if any(("split=0" in w.winner or "waves_per_eu=0" in w.winner) for w in winners):
            from ..tune.state import KNOB_ZEROES

            show(f"(in the candidate ids, {KNOB_ZEROES})")
        if run_device:  # every measured verdict names the rule and calibration that decided it
            from ..report.verdict import calibrated_rule

            show(calibrated_rule(run_device)[0].named())
        show(f"{len(winners)}/{len(problems)} shapes done; {out / 'winners.csv'}; report {report}")
        say_lines(link_library(written, tuned_library(tuner), theirs, prefer))
        record_tune(out, run_device, db)
        if tuner.left:  # the time budget ran out, or the machine failed a candidate: not a finished tune (exit 1)
            why = {(True, False): "the time budget ran out",
                   (False, True): "the machine failed a candidate (its compile killed, or its module removed from "
                                  "the compile cache)",
                   (True, True): "the time budget ran out or the machine failed a candidate"}[
                (bool(tuner.left_by_budget), bool(tuner.lost))]
            say(f"{len(tuner.left)} shape(s) unfinished ({', '.join(tuner.left)}): {why}; run the same command again "
                "to continue")
        if written.get("flags"):
            show(f"iree-compile flags: {written['flags'].read_text(encoding='utf-8').strip()}")
        if publish is not None and written:  # rewritten, not copied: the flags file names the folder as given
            merge, published = publish_tuned(tuner, publish, allow_modelled)
            say_lines(link_library(published, merge.library, theirs, prefer))
            show(f"published to {publish}/ ({merge.summary()}): {', '.join(p.name for p in published.values())}")
            for label, keys in (("added", merge.added), ("replaced", merge.replaced), ("kept", merge.kept),
                                ("refused", merge.refused)):
                if keys:
                    show(f"  {label}: {', '.join(keys)}")
    if tuner.left:
        raise typer.Exit(1)
