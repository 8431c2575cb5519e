"""The tuning loop, per shape: generate -> prune -> compile (parallel, cached) -> prove
-> check numerics and measure -> race (tune/race.py; the default with a device) -> write the
spec pair. With a device the candidates that passed are raced in paired rounds against
IREE's default: the whole pruned space when it fits the shape's budget (``--time-budget``
shared over the shapes left, else ``RACE_BUDGET_S``; an estimate from the compile, numerics
and race times seen so far: tune/costs.py), else the top of the order up to what fits, the cut counted.
``race=False`` (``--no-race``; the default of a ``TuneOptions`` built in code, ``None`` races as the
CLI does): each candidate timed cold/hot on its own, then choose ->
re-measure default and winner side by side -> ship the winner only if that confirms it.
Modelled (--device none): ranked by the backend's perf model, never raced.

State: candidates.csv (every candidate's row, rewritten atomically after each
stage) and winners.csv, in problems/rows.py's row store (checksummed, validated on
resume: damaged rows are redone and counted); a rerun redoes nothing that finished.
OUT is locked for the whole tune (util/lock.py, as for sweeps), and an OUT holding
another target, device or shape list is refused unless ``append`` (tune.json lists
every run; written atomically after that check). ``time_budget_s`` bounds the whole
tune, compiles included: when it is spent the running compiles are stopped (their
candidates stay pending, not failed) and a rerun continues. Compiles go through
compiler/retry.compile_retrying (Compiler + hang/timeout retry) as CPU tasks of the executor; measurements and
races (tune/measure.py, tune/race.py) as GPU tasks of a local executor (:meth:`Tuner.on_device`).
Estimates of what is left and of what the race budget fits come from tune/costs.py; the winners ship as a
library (specs/, ``--publish``) through tune/ship.py.
"""

from __future__ import annotations

import math
import os
import shlex
import sys
import threading
import time
from pathlib import Path
from typing import Callable, Optional, Sequence

from ..backends import backend_for
from ..executors import Executor, device_executor, make_executor, on_device
from ..compiler.driver import RETRY_FLAG, Compiler, CompileInterrupted, CompileJob, CompileResult
from ..compiler.retry import compile_many_retrying, compile_retrying
from ..compiler.fingerprint import fingerprint
from ..compiler.toolchain import compiler_version
from ..configs.library import Entry, Library
from ..problems.inputs import input_ir
from ..problems.loop_ir import RUNNER_FLAGS, runner_input_ir
from ..problems.problem import Problem
from ..problems.rows import (COMPILE_HUNG, COMPILE_TIMED_OUT, MACHINE_REASON, problem_of, CANDIDATE_TERMINAL, Status,
                             status_values)
from ..run.numerics import Checker
from ..util.lock import locked_dir
from ..util.runs import check_kind, check_same, previous_runs, record_run
from ..util.signals import stop_signals_as_interrupt
from . import state
from .options import MODELLED_DEFAULT_CANDIDATES, Progress, TuneOptions, check_options
from .costs import Costs, duration, evaluate_what_fits, race_budget
from .measure import MeasureOptions, measure
from .ship import write_tuned_library
from .space import Candidate, changed, reference, settings_of, space, space_id

PROVENANCE = ("numerics", "max_abs_err", "max_rel_err", "device_name", "device_arch", "driver_version",
              "runtime_version", "toolkit_version", "measured_at")  # a candidate's measurement, onto its winner row
STALL_SAY_S = 60.0  # a batch of compiles with nothing finished for this long is said (and again each time)


class Tuner:
    def __init__(self, problems: Sequence[Problem], options: TuneOptions,
                 on_event: Optional[Callable[[str], None]] = None,
                 on_progress: Optional[Callable[[Progress], None]] = None,
                 budget_timer: Callable[..., threading.Timer] = threading.Timer):
        """``budget_timer(seconds, fn, args=...)``: what fires ``--time-budget`` (a threading.Timer; a test
        passes one it fires on an event of its own)."""
        check_options(options)
        if not problems:
            raise ValueError("nothing to tune: the shape list is empty")
        self.problems, self.o = list(problems), options
        self.device_tasks: Optional[Executor] = None  # run()'s executor for device work (measurements, races)
        self.backend = backend_for(options.target)
        self.out = Path(options.out_dir)
        self.say = on_event or (lambda msg: None)  # candidate ids as candidates.csv and winners.csv spell them
        self.on_progress = on_progress or (lambda ev: None)
        self.started = time.monotonic()
        self.budget_timer = budget_timer
        self.version = compiler_version()
        self.limit = options.max_candidates
        if self.limit is None and not options.measuring:
            self.limit = MODELLED_DEFAULT_CANDIDATES
        self.budget_spent = False
        self.left: list[str] = []  # shapes left unfinished: by the time budget, or by the machine (``lost``)
        self.lost: list[str] = []  # shapes with a machine-error candidate (a killed compile...): a rerun redoes it
        self.written: dict[str, Path] = {}  # the library files run() wrote (spec pair, JSON, flags)
        self.costs = Costs(options.workers or 1, options.measuring)  # the times seen: every estimate (tune/costs.py)
        self._modules: dict[tuple, Path] = {}  # row_key -> the module a measured candidate was checked with
        self._shape_budget: tuple[float, float] = (0.0, math.inf)  # (started, seconds) of the shape being raced
        self._done = self._total = 0  # progress of the shape being tuned
        self._space_ids: dict[str, str] = {}  # shape key -> the pruned space's space_id (select())
        self._load()
        self._check_same_tune()

    candidates_path = property(lambda self: self.out / "candidates.csv")
    winners_path = property(lambda self: self.out / "winners.csv")
    meta_path = property(lambda self: self.out / "tune.json")

    @property
    def left_by_budget(self) -> list[str]:
        """The unfinished shapes the time budget left (``left`` less those the machine ``lost``)."""
        return [k for k in self.left if k not in self.lost]

    def _load(self) -> None:
        """Rows on disk; damaged ones (cut off, edited, without a checksum, impossible states) are left out, so
        redone."""
        try:
            cands = state.read_checked_table(self.candidates_path, state.CandidateRow, verified=True)
            wins = state.read_checked_table(self.winners_path, state.WinnerRow, verified=True)
        except ValueError as e:
            raise ValueError(f"cannot resume from it: {e}; move it away to start afresh") from None
        self.rows = {r.row_key: r for r in cands.rows}
        self.winners = {w.row_key: w for w in wins.rows}
        self.damaged = [f"candidates.csv {d}" for d in cands.damaged] + [f"winners.csv {d}" for d in wins.damaged]

    # ------------------------------------------------------------------ what OUT holds

    @property
    def identity(self) -> dict:
        """What makes two runs one tune: target, device ('none': modelled), the user's compile flags, the shapes."""
        return {"target": self.o.target, "device": self.o.device, "compile_flags": list(self.o.flags),
                "problems": sorted({p.key for p in self.problems})}

    def _previous_runs(self) -> list[dict]:
        runs = previous_runs(self.meta_path)
        if runs or self.meta_path.exists():
            return runs
        held = sorted({(r.target, r.device) for r in self.rows.values()})  # no tune.json: what the rows say
        return [{"target": t, "device": d or "(not recorded)",
                 "problems": sorted({r.key for r in self.rows.values() if (r.target, r.device) == (t, d)})}
                for t, d in held]

    def _check_same_tune(self) -> None:
        check_kind(self.out, "tune")
        if not self.o.append:
            check_same(self.out, self._previous_runs(), self.identity, ("target", "device", "compile_flags"), "tune",
                       "candidates")

    def _write_meta(self) -> None:
        """tune.json: this run at the top, every run so far under 'runs'; atomic, after validation."""
        run = {**self.identity, "compiler_version": self.version, "max_candidates": self.limit,
               "time_budget_s": self.o.time_budget_s, "search": self.o.search, "reps": self.o.reps,
               "race": self.o.racing,
               "append": self.o.append, "started": time.strftime("%Y-%m-%dT%H:%M:%S%z"),
               "command": shlex.join(sys.argv)[:1000]}
        record_run(self.meta_path, run, self._previous_runs())

    # ------------------------------------------------------------------ rows

    def _key(self, p: Problem, cid: str) -> tuple[str, str, str, str, str]:
        return (p.key, self.o.target, self.o.device, self.version, cid)

    def row(self, c: Candidate) -> state.CandidateRow:
        """The candidate's row: its stored one, else a new pending row (the resume key is its id)."""
        p = c.problem
        old = self.rows.get(self._key(p, c.id))
        if old is not None:
            return old
        refs = [k for k in ("default", "padded") if (r := reference(p, self.o.target, k)) and r.id == c.id]
        return state.CandidateRow(**p.identity(), target=self.o.target, candidate=c.id, reference=",".join(refs),
                                  split=c.split, mma=c.mma, device=self.o.device, compiler_version=self.version)

    def shape_rows(self, p: Problem) -> list[state.CandidateRow]:
        """This tune's rows of shape ``p`` (same target, device and compiler)."""
        return [r for r in self.rows.values()
                if (r.key, r.target, r.device, r.compiler_version) == self._key(p, "")[:4]]

    def _save(self, *rows: state.CandidateRow) -> None:
        for r in rows:
            self.rows[r.row_key] = r
        state.write_table(self.rows.values(), self.candidates_path, state.CandidateRow)

    def save_rows(self, *rows: state.CandidateRow) -> None:
        """Rewrite candidate rows (the race writes its contenders' timings back)."""
        self._save(*rows)

    def _save_winner(self, w: state.WinnerRow) -> None:
        self.winners[w.row_key] = w
        state.write_table(self.winners.values(), self.winners_path, state.WinnerRow)

    def winner(self, p: Problem) -> Optional[state.WinnerRow]:
        w = self.winners.get((p.key, self.o.target, self.o.device))
        return w if w is not None and w.compiler_version == self.version else None

    def over_budget(self) -> bool:
        """Whether the run's ``--time-budget`` is spent (wall time since the tune started)."""
        return self.o.time_budget_s is not None and time.monotonic() - self.started > self.o.time_budget_s

    def _spend_budget(self, compiler: Compiler) -> None:
        """The budget timer fired: stop the running compiles (never cached, their rows stay pending)."""
        self.budget_spent = True
        compiler.cancel()

    # ------------------------------------------------------------------ stages

    def job(self, c: Candidate) -> CompileJob:
        p, arch = c.problem, self.o.target
        pre, tuning = Library(arch, (Entry(p, c.settings),)).spec_texts(self.backend.spec_route)
        ir_text = runner_input_ir(p) if self.o.measuring else input_ir(p)
        runner = RUNNER_FLAGS if self.o.measuring else ()
        return CompileJob(f"{p.key}/tune[{c.id}]/{arch}", ir_text, (*self.backend.compile_flags(arch), *self.o.flags, *runner),
                          tuning, self.o.timeout_s, pre, spec_honoured=self.backend.codegen_spec_honoured(arch))

    def _after_compile(self, c: Candidate, result: CompileResult, retried: bool) -> state.CandidateRow:
        self.costs.saw_compile(result.compile_s, result.cached)
        row = self.row(c).replace(compile_s=round(result.compile_s, 3), retried=retried, repro=result.repro,
                                   error="", reason="")
        if result.timed_out:
            return row.replace(status=Status.TIMEOUT.value, error=result.error, reason="compile timed out twice" if retried
                               else COMPILE_HUNG if result.hung else COMPILE_TIMED_OUT)
        if result.killed:  # from outside (the OOM killer?): the machine's failure, not the candidate's; redone
            return row.replace(status=Status.MACHINE_ERROR.value, error=result.error, reason=MACHINE_REASON)
        if result.disk_fault:  # the disk under the cache failed, not the candidate: it stays pending, the tune ends
            raise OSError(result.disk_fault, os.strerror(result.disk_fault), str(self.o.cache_dir or result.workdir))
        if not result.ok:
            return row.replace(status=Status.COMPILE_ERROR.value, error=result.error, reason="iree-compile failed")
        from .prove import prove  # noqa: PLC0415  (keeps the ISA parser off the import path of the CLI help)

        pr = prove(c, result, self.o.target)
        row = row.replace(status=pr.status, reason=pr.reason, kernel_fingerprint=fingerprint(result.dump_dir).digest,
                          **pr.fields)
        model = self.backend.perf_model() if pr.status == Status.COMPILED.value else None
        us = model.modelled_us(c.problem, c.settings, pr.fields, self.o.target) if model else None
        if us:  # a MODEL's figure, also beside a measured candidate's timing
            row = row.replace(model_pct_peak=round(model.pct_peak(c.problem, us, self.o.target), 1))
        if pr.status == Status.COMPILED.value and not self.o.measuring:
            row = row.replace(status=Status.MODELLED.value, modelled_us=us, reason="; ".join(filter(None, (
                "" if us is not None else "compile-only: no model for this target", pr.reason))))
        return row

    def evaluate(self, compiler: Compiler, cands: Sequence[Candidate], checker: Optional[Checker]) -> None:
        """Compile, prove and measure/model the unfinished candidates among ``cands``."""
        todo = [c for c in cands if not self._finished(self.row(c))]
        if not todo:
            return
        self._save(*(self.row(c) for c in todo))
        ready: list[tuple[Candidate, CompileResult]] = []
        planned = [(self.job(c), c) for c in todo]  # built once: a job builds its specs through the bindings
        jobs: dict[str, list[Candidate]] = {}  # candidates whose knobs make one compile job share it (and its kernel)
        for job, c in planned:
            jobs.setdefault(job.cache_key(), []).append(c)
        p = todo[0].problem
        compiled = 0
        finished: set[str] = set()

        def retrying(result: CompileResult) -> None:  # the retry (compiler/retry.py): said, its time in the row
            why = (result.error.split(" (")[0] if result.hung else
                   f"timed out after {result.compile_s:.0f} s (--timeout {self.o.timeout_s:g})")
            self.say(f"{p.key}: [{jobs[result.job.cache_key()][0].id}] iree-compile {why}; retrying it once "
                     f"single-threaded ({RETRY_FLAG})")

        def done(result: CompileResult, retried: bool) -> None:
            nonlocal compiled
            key = keys[result.job.label]  # a retry's job has its flag, so another cache key
            cands = jobs[key]
            finished.add(key)
            for c in cands:
                row = self._after_compile(c, result, retried)
                self._save(row)
                compiled += 1
                if compiled == min(len(todo), compiler.workers) and len(todo) > compiled:
                    left = [x for j, x in planned if j.cache_key() not in finished]
                    self.say(f"{p.key}: {len(left)} candidate(s) to go, "
                             f"{self.estimate(len(left), 0, compiler, left)}")
                if row.status == Status.COMPILED.value:
                    ready.append((c, result))
                else:
                    self._tick(p, row)

        began = time.monotonic()
        unique = {job.cache_key(): job for job, _ in planned}
        keys = {job.label: key for key, job in unique.items()}
        compile_many_retrying(compiler, list(unique.values()), on_done=done, on_retry=retrying,
                              on_wait=lambda idle, left: self.say(
            f"{p.key}: still compiling {left} candidate(s): nothing finished for {idle:.0f} s (each compile is "
            f"bounded by --timeout {self.o.timeout_s:g} s, then retried once)"), wait_s=STALL_SAY_S)
        self.costs.saw_batch(time.monotonic() - began)
        order = {c.id: i for i, c in enumerate(todo)}  # references first: a twin of the default is the one left out
        for c, result in sorted(ready, key=lambda cr: order[cr[0].id]):
            twin = self._twin(self.row(c))
            if twin is not None:  # one kernel is measured once
                self._save(self.row(c).replace(status=Status.SAME_KERNEL.value,
                                                reason=f"same kernel as [{twin.candidate}] (kernel_fingerprint "
                                                       f"{twin.kernel_fingerprint}): measured once, as that one"))
                continue
            if self.over_budget():
                self.say(f"time budget spent: {c.problem.key} [{c.id}] left compiled (rerun to measure)")
                continue
            began = time.monotonic()
            fields = self.on_device(measure, result.vmfb, c.problem, self.o.target, self.measure_options(),
                               checker)
            self.costs.saw_check(time.monotonic() - began)
            self._save(self.row(c).replace(**fields))
            if fields["status"] in (Status.MEASURED.value, Status.CHECKED.value):  # the race / final re-measure use this module
                self._modules[self.row(c).row_key] = result.vmfb
            self._tick(p, self.row(c))

    def on_device(self, fn: Callable, *args):
        """``fn(*args)`` (a measurement or a race) as a GPU task on this machine's device, waited for."""
        if self.device_tasks is None:  # outside run() (a benchmark driving the tuner's steps)
            self.device_tasks = device_executor(None)
        return on_device(self.device_tasks, fn, *args)

    def _tick(self, p: Problem, row: state.CandidateRow) -> None:
        """Progress: one more candidate of ``p`` finished (named, with its outcome)."""
        self._done += 1
        detail = (_fmt(row.cold_us_median) if row.status == Status.MEASURED.value
                  else "numerics pass; the race times it" if row.status == Status.CHECKED.value
                  else f"MODELLED {_fmt(row.modelled_us)}" if row.status == Status.MODELLED.value and row.modelled_us
                  else row.reason)
        self.on_progress(Progress(p.key, self._done, self._total, row.candidate, row.status, detail))

    def estimate(self, n: int, race_of: int = 0, compiler: Optional[Compiler] = None,
                 left: Sequence[Candidate] = ()) -> str:
        """Time for ``n`` more candidates (and a race of ``race_of`` contenders), from the times seen so far;
        ``left``: those candidates, asked of the ``compiler``'s cache (a hit costs no compile)."""
        cached = sum(compiler.is_cached(self.job(c)) for c in left) if compiler is not None else 0
        return self.costs.estimate(n, self.compile_times(), race_of, cached)

    def compile_times(self) -> list[float]:
        """The measured compile seconds of every row that has one (what the race-budget estimate is fitted on)."""
        return [r.compile_s for r in self.rows.values() if r.compile_s]

    def _finished(self, row: state.CandidateRow) -> bool:
        """Terminal for this tune: a 'checked' row (numerics passed, timed by a race) is finished only when this
        tune races; a no-race finish (or optuna) needs each candidate's own timing, so it measures it."""
        return row.status in status_values(CANDIDATE_TERMINAL) and not (row.status == Status.CHECKED.value and not self._race_times())

    def _race_times(self) -> bool:
        return self.o.racing and self.o.search != "optuna"

    def _twin(self, row: state.CandidateRow) -> Optional[state.CandidateRow]:
        """A measured candidate of the same shape that compiled to this row's very kernel, if any."""
        return next((r for r in self.rows.values() if r.key == row.key and r.candidate != row.candidate
                     and r.status in (Status.MEASURED.value, Status.CHECKED.value) and row.kernel_fingerprint
                     and r.kernel_fingerprint == row.kernel_fingerprint), None)

    def module(self, compiler: Compiler, p: Problem, row: state.CandidateRow) -> Path:
        """The module a measured candidate was measured with: kept from its compile in this run; from the
        compile cache only when the row was measured by an earlier run (a resumed tune)."""
        vmfb = self._modules.get(row.row_key)
        if vmfb is None or not vmfb.exists():
            vmfb = self._modules[row.row_key] = compile_retrying(compiler, self.job(_candidate(row, p)))[0].vmfb
        return vmfb

    @staticmethod
    def provenance(row: Optional[state.CandidateRow]) -> dict:
        """Numerics and where/when of a candidate's measurement, for the winner row that ships it."""
        return {k: getattr(row, k) for k in PROVENANCE} if row is not None else {}

    def measure_options(self) -> MeasureOptions:
        """How a candidate is measured on the device in this run (numerics only when the race times it)."""
        if self._race_times():  # numerics only: the race times every contender, paired
            # (one cold timing each cost 0.7-2.9 s a candidate on the H200, a contender's race round 0.07-0.27 s)
            return MeasureOptions(self.o.device, 0, False, self.o.timeout_s, compiler_version=self.version)
        if self.o.racing:  # optuna's search is guided by each candidate's own timing
            return MeasureOptions(self.o.device, 1, False, self.o.timeout_s, compiler_version=self.version)
        return MeasureOptions(self.o.device, self.o.reps, self.o.hot, self.o.timeout_s,
                              compiler_version=self.version)

    # ------------------------------------------------------------------ per shape

    def select(self, p: Problem) -> tuple[list[Candidate], int]:
        """Candidates to evaluate (references first, each once) and the size of the pruned space. The order
        decides what a cut leaves out (--max-candidates, or the race's budget): the backend's pre-compile
        model order when it has one (a model!), else the space's simplicity order."""
        kept, pruned = space(p, self.o.target)
        self._space_ids[p.key] = space_id(kept)
        self._save(*(self.row(c).replace(status=Status.PRUNED.value, reason=why) for c, why in pruned
                     if self.row(c).status == Status.PENDING.value))
        refs = list({r.id: r for k in ("default", "padded") if (r := reference(p, self.o.target, k)) is not None}
                    .values())
        rest = [c for c in kept if c.id not in {r.id for r in refs}]
        limit = self.limit
        cut = limit is not None and len(kept) > limit
        model = self.backend.perf_model()
        if model is not None and (cut or self.o.racing):
            rest.sort(key=lambda c: model.estimate_us(c.problem, c.settings, self.o.target))
        return refs + (rest[: max(0, limit - len(refs))] if cut else rest), len(kept)

    def tune_shape(self, compiler: Compiler, p: Problem) -> None:
        chosen, size = self.select(p)
        optuna = self.o.search == "optuna" and self.limit is not None and size > self.limit
        planned = self.limit if optuna else len(chosen)
        cut = max(0, size - planned)
        racing = self.o.racing and not optuna  # (optuna picks what it measures; its measured ones are raced)
        if (w := self.winner(p)) is not None and w.verdict and \
                (optuna or all(self._finished(self.row(c)) for c in self._finished_set(w, chosen, cut))):
            self.say(f"{p.key}: already done (winner [{w.winner or 'none'}], {w.verdict}): nothing redone")
            return  # finished before (a damaged or missing candidate row reopens the shape)
        finished = sum(self._finished(self.row(c)) for c in chosen)
        self._done, self._total = (0 if optuna else finished), planned
        left = [] if optuna else [c for c in chosen if not self._finished(self.row(c))]
        how = f"{cut} cut by --max-candidates {self.limit}" if cut else "all of them"
        if cut and self.o.max_candidates is None:
            how += " (the default for --device none)"
        if self.o.racing:
            budget, source = race_budget(self, p)
            self._shape_budget = (time.monotonic(), budget)
        if racing:
            self.say(f"{p.key}: {size} candidates after pruning; racing up to {planned} ({how}) in paired rounds "
                     f"if they fit the budget of {duration(budget)} ({source})"
                     + (f", {finished} finished before" if finished else "")
                     + f"; {self.estimate(planned - self._done, planned, compiler, left)}")
        else:
            self.say(f"{p.key}: {size} candidates after pruning; evaluating {planned} ({how})"
                     + (f", {finished} finished before" if finished else "")
                     + f"; {self.estimate(planned - self._done, 0, compiler, left)}")
        self.on_progress(Progress(p.key, self._done, self._total))
        checker = Checker(p) if self.o.measuring else None
        race_cut = ""
        if optuna:
            from .search import optuna_search  # noqa: PLC0415  (optuna is optional)

            optuna_search(self, compiler, p, chosen[:2], checker)
        elif racing:
            chosen, race_cut = evaluate_what_fits(self, compiler, p, chosen, checker, budget, source)
        else:
            self.evaluate(compiler, chosen, checker)
        ids = {c.id for c in chosen}
        rows = [r for r in self.shape_rows(p) if optuna or r.candidate in ids or r.status == Status.PRUNED.value]
        if self._lost(p, rows):
            return
        open_rows = sum(not self._finished(r) for r in rows)
        if open_rows or (self.o.measuring and self.over_budget()):
            why = f"{open_rows} candidate(s) unfinished" if open_rows else "no time left for the final re-measure"
            self.say(f"{p.key}: time budget spent, {why}; rerun to finish")
            self.left.append(p.key)
            return
        if self.o.racing:
            from .race import race_shape  # noqa: PLC0415

            won = self.on_device(race_shape, self, lambda r: self.module(compiler, p, r), p, rows)
            if won is not None:
                won = won.replace(compiler_version=self.version, note="; ".join(filter(None, (won.note, race_cut))))
        else:
            won = self.finish(compiler, p, rows, checker)
        if won is None:  # a module was removed from the compile cache under the race or the final re-measure
            self._lost(p, [self.rows[r.row_key] for r in rows])
            return
        self._save_winner(won.replace(space=size, evaluated=sum(r.status != Status.PRUNED.value for r in rows),
                                      cut_max_candidates=cut, space_id=self._space_ids.get(p.key, "")))

    def _lost(self, p: Problem, rows: list[state.CandidateRow]) -> bool:
        """Whether the machine cut the shape's field (a machine-error row: a compile killed, a module removed from
        the compile cache): then no winner from it, said, and the shape waits for the rerun that redoes them."""
        lost = [r for r in rows if r.status == Status.MACHINE_ERROR.value]
        if lost:
            first = lost[0]  # a killed compile's error says why; a removed module's reason does (measure.gone_fields)
            why = first.error if first.reason == MACHINE_REASON else f"{first.reason}; {first.error}"
            self.say(f"{p.key}: {len(lost)} candidate(s) lost to the machine ([{first.candidate}]: {why}); "
                     "rerun to redo them")
            self.left.append(p.key)
            self.lost.append(p.key)
        return bool(lost)

    # ------------------------------------------------------------------ what the race can cover

    def _finished_set(self, w: state.WinnerRow, chosen: list[Candidate], cut: int) -> list[Candidate]:
        """The candidates a finished shape evaluated: all of ``chosen``, or the top of it that the race's
        budget fitted (fewer evaluated under the same --max-candidates cut): a rerun does not reopen it."""
        if self.o.racing and w.evaluated and w.evaluated < len(chosen) and w.cut_max_candidates == cut:
            return chosen[: w.evaluated]
        return chosen

    def race_budget_left(self, p: Problem) -> float:
        """What is left of the shape's budget for its race (tune/race.py stops there)."""
        began, budget = self._shape_budget
        return max(0.0, budget - (time.monotonic() - began))

    def simplicity(self, row: state.CandidateRow) -> int:
        """How many knobs the row's candidate changes from IREE's default (tune/space.py ``changed``)."""
        return changed(_candidate(row, problem_of(row)), self.o.target)

    def finish(self, compiler: Compiler, p: Problem, rows: list[state.CandidateRow],
               checker: Optional[Checker]) -> Optional[state.WinnerRow]:
        """The shape's winner without a race: chosen by tune/choose.py, confirmed side by side (tune/confirm.py);
        None when a module was removed from the compile cache under that (its row says so: a rerun redoes it)."""
        from .confirm import finish_shape  # noqa: PLC0415

        return finish_shape(self, compiler, p, rows, checker)

    # ------------------------------------------------------------------ all

    def run(self) -> list[state.WinnerRow]:
        # the executor first: a cluster that cannot be reached is one line, and OUT is not touched
        executor = make_executor(self.o.executor, self.o.workers)
        try:
            with locked_dir(self.out):  # one tune (or sweep) writing into OUT at a time
                self._load()  # again, under the lock: what is on disk now
                self._check_same_tune()
                if self.damaged:
                    self.say(f"{len(self.damaged)} damaged row(s) in {self.out} ({self.damaged[0]}"
                             f"{', ...' if len(self.damaged) > 1 else ''}); redoing them")
                self._write_meta()
                self._run_shapes(executor)
                budget_left = self.left_by_budget
                if budget_left:
                    of = "" if self.o.time_budget_s is None else f" of {self.o.time_budget_s:g} s"  # a race's own
                    self.say(f"time budget{of} spent: {len(budget_left)} shape(s) unfinished "
                             f"({', '.join(budget_left)}); their candidates stay pending; rerun to continue")
                self.written = write_tuned_library(self)
        finally:
            executor.close()
        return [w for p in self.problems if (w := self.winner(p)) is not None]

    def _run_shapes(self, executor: Executor) -> None:
        compiler = Compiler(self.o.cache_dir, self.o.workers, executor=executor)
        self.device_tasks = device_executor(executor)  # measurements: GPU tasks on this machine's device
        self.costs.workers = compiler.workers
        timer = None
        if self.o.time_budget_s is not None:
            left = max(0.0, self.o.time_budget_s - (time.monotonic() - self.started))
            timer = self.budget_timer(left, self._spend_budget, args=(compiler,))
            timer.daemon = True
            timer.start()
        try:
            with stop_signals_as_interrupt():
                for p in self.problems:
                    if self.budget_spent or self.over_budget():
                        self.left.append(p.key)
                        continue
                    self.say(f"tuning {p.key}")
                    try:
                        self.tune_shape(compiler, p)
                    except CompileInterrupted:
                        if not self.budget_spent:
                            raise
                        self.left.append(p.key)
        finally:
            if timer is not None:
                timer.cancel()
            compiler.close()
            if self.device_tasks is not executor:
                self.device_tasks.close()
            self.device_tasks = None


def _fmt(x) -> str:
    return "" if x is None else f"{x:.4g} us"


def _candidate(row: state.CandidateRow, p: Problem) -> Candidate:
    return Candidate(p, tuple(settings_of(row.candidate).items()))
