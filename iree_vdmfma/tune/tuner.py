"""The tuning loop, per shape: generate -> prune -> compile (parallel, cached) -> prove
-> measure cold/hot with numerics (or model, --device none) -> choose -> re-measure
default and winner side by side -> write the spec pair.

State: candidates.csv (every candidate's row, rewritten atomically after each
stage) and winners.csv; a rerun redoes nothing that finished. Compiles go through
:func:`compile_candidate` (Compiler + timeout retry), device work through
tune/measure.py's :func:`measure`: the two places an executor can wrap.
"""

from __future__ import annotations

import json
import time
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Callable, Optional, Sequence

from ..executors import ExecutorSpec, make_executor
from ..compiler.driver import Compiler, CompileJob, CompileResult, default_cache_dir
from ..compiler.toolchain import compiler_version
from ..configs.library import MEASURED, MODELLED, Entry, Library, now_utc, write_library
from ..devices.flags import compile_flags
from ..problems.inputs import input_ir
from ..problems.loop_ir import runner_input_ir
from ..problems.problem import Problem
from ..problems.rows import problem_of
from ..run.numerics import Checker
from ..sweep.sweep import stop_signals_as_interrupt
from . import state
from .choose import Choice, choose_measured, choose_modelled
from .measure import MeasureOptions, measure
from .perf_model import modelled_us
from .space import Candidate, backend_of, changed, reference, space

RETRY_FLAG = "--mlir-disable-threading"
DEVICE_TARGETS = {"local-task": "host", "local-sync": "host", "cpu": "host"}


@dataclass
class TuneOptions:
    target: str = "host"
    device: str = "local-task"  # 'none': compile, prove and model only
    out_dir: Path = Path("out/tune")
    cache_dir: Optional[Path] = field(default_factory=default_cache_dir)
    workers: Optional[int] = None
    timeout_s: float = 300.0  # per compile and per run
    max_candidates: Optional[int] = None  # per shape, references included
    time_budget_s: Optional[float] = None  # whole tune; unfinished candidates stay resumable
    reps: int = 10
    hot: bool = True
    search: str = "exhaustive"  # or 'optuna' (budgeted, when the space exceeds max_candidates)
    seed: int = 0
    executor: ExecutorSpec = ExecutorSpec()  # compiles on local threads (default) or a Ray cluster

    @property
    def measuring(self) -> bool:
        return self.device != "none"


def check_options(o: TuneOptions) -> None:
    backend_of(o.target)  # validates the target
    if o.device != "none":
        want = {"hip": "rocm", "cuda": "cuda"}.get(o.device.split(":")[0].split("://")[0])
        if want is None and o.device not in DEVICE_TARGETS:
            raise ValueError(f"unknown --device {o.device!r}; valid: hip, cuda, local-task, none")
        if (want or "cpu") != backend_of(o.target):
            raise ValueError(f"--device {o.device} cannot run modules built for --target {o.target}")
    if not o.timeout_s > 0:
        raise ValueError(f"--timeout must be > 0 seconds, got {o.timeout_s}")
    if o.max_candidates is not None and o.max_candidates < 2:
        raise ValueError(f"--max-candidates must be >= 2 (the default plus one), got {o.max_candidates}")
    if o.search not in ("exhaustive", "optuna"):
        raise ValueError(f"--search must be exhaustive or optuna, got {o.search!r}")


def compile_candidate(compiler: Compiler, job: CompileJob) -> tuple[CompileResult, bool]:
    """Compile; on a timeout (IREE 3.13 hangs on ~1% of split-K + spec compiles) retry once single-threaded."""
    result = compiler.compile(job)
    if not result.timed_out:
        return result, False
    return compiler.compile(replace(job, flags=job.flags + (RETRY_FLAG,))), True


class Tuner:
    def __init__(self, problems: Sequence[Problem], options: TuneOptions,
                 on_event: Optional[Callable[[str], None]] = None):
        check_options(options)
        if not problems:
            raise ValueError("nothing to tune: the shape list is empty")
        self.problems, self.o = list(problems), options
        self.out = Path(options.out_dir)
        self.say = on_event or (lambda msg: None)
        self.started = time.monotonic()
        self.written: dict[str, Path] = {}  # the library files run() wrote (spec pair, JSON, flags)
        self.rows = {r.row_key: r for r in state.read_table(self.candidates_path, state.CandidateRow)}
        self.winners = {w.key: w for w in state.read_table(self.winners_path, state.WinnerRow)
                        if w.target == options.target}

    candidates_path = property(lambda self: self.out / "candidates.csv")
    winners_path = property(lambda self: self.out / "winners.csv")

    # ------------------------------------------------------------------ rows

    def _row(self, c: Candidate) -> state.CandidateRow:
        p = c.problem
        old = self.rows.get((p.key, c.id))
        if old is not None:
            return old
        refs = [k for k in ("default", "padded") if (r := reference(p, self.o.target, k)) and r.id == c.id]
        return state.CandidateRow(**p.identity(), target=self.o.target, candidate=c.id, reference=",".join(refs),
                                  split=c.split, mma=c.mma)

    def _save(self, *rows: state.CandidateRow) -> None:
        for r in rows:
            self.rows[r.row_key] = r
        state.write_table(self.rows.values(), self.candidates_path, state.CandidateRow)

    def _save_winner(self, w: state.WinnerRow) -> None:
        self.winners[w.key] = w
        state.write_table(self.winners.values(), self.winners_path, state.WinnerRow)

    def _over_budget(self) -> bool:
        return self.o.time_budget_s is not None and time.monotonic() - self.started > self.o.time_budget_s

    # ------------------------------------------------------------------ stages

    def job(self, c: Candidate) -> CompileJob:
        p, arch = c.problem, self.o.target
        pre, tuning = Library(arch, (Entry(p, c.settings),)).spec_texts()
        ir_text = runner_input_ir(p) if self.o.measuring else input_ir(p)
        return CompileJob(f"{p.key}/tune[{c.id}]/{arch}", ir_text, tuple(compile_flags(arch)),
                          tuning, self.o.timeout_s, pre)

    def _after_compile(self, c: Candidate, result: CompileResult, retried: bool) -> state.CandidateRow:
        row = self._row(c).replace(compile_s=round(result.compile_s, 3), retried=retried, repro=result.repro,
                                   error="", reason="")
        if result.timed_out:
            return row.replace(status=state.TIMEOUT, error=result.error, reason="compile timed out twice")
        if not result.ok:
            return row.replace(status=state.COMPILE_ERROR, error=result.error, reason="iree-compile failed")
        from .prove import prove  # noqa: PLC0415  (keeps the ISA parser off the import path of the CLI help)

        pr = prove(c, result, self.o.target)
        row = row.replace(status=pr.status, reason=pr.reason, **pr.fields)
        if pr.status == state.COMPILED and not self.o.measuring:
            us = modelled_us(c, row, self.o.target) if backend_of(self.o.target) == "rocm" else None
            row = row.replace(status=state.MODELLED, modelled_us=us,
                              reason="" if us is not None else "compile-only: no model for this target")
        return row

    def evaluate(self, compiler: Compiler, cands: Sequence[Candidate], checker: Optional[Checker]) -> None:
        """Compile, prove and measure/model the unfinished candidates among ``cands``."""
        todo = [c for c in cands if self._row(c).status not in state.TERMINAL]
        self._save(*(self._row(c) for c in todo))
        ready: list[tuple[Candidate, CompileResult]] = []
        planned = [(self.job(c), c) for c in todo]  # built once: a job builds its specs through the bindings
        jobs = {job.cache_key(): c for job, c in planned}

        def done(result: CompileResult) -> None:
            c = jobs[result.job.cache_key()]
            if result.timed_out:  # the retry runs here, single-threaded, in the caller's thread
                result, retried = compile_candidate(compiler, result.job)
            else:
                retried = False
            row = self._after_compile(c, result, retried)
            self._save(row)
            if row.status == state.COMPILED:
                ready.append((c, result))

        compiler.compile_many([job for job, _ in planned], on_done=done)
        for c, result in ready:
            if self._over_budget():
                self.say(f"time budget spent: {c.problem.key} [{c.id}] left compiled (rerun to measure)")
                continue
            fields = measure(result.vmfb, c.problem, self.o.target, self._measure_options(), checker)
            self._save(self._row(c).replace(**fields))
            self.say(f"{c.problem.key} [{c.id}]: {fields['status']} {_fmt(fields.get('cold_us_median'))}")

    def _measure_options(self) -> MeasureOptions:
        return MeasureOptions(self.o.device, self.o.reps, self.o.hot, self.o.timeout_s)

    # ------------------------------------------------------------------ per shape

    def select(self, p: Problem) -> tuple[list[Candidate], int]:
        """Candidates to evaluate (references first) and the size of the pruned space."""
        kept, pruned = space(p, self.o.target)
        self._save(*(self._row(c).replace(status=state.PRUNED, reason=why) for c, why in pruned
                     if self._row(c).status == state.PENDING))
        refs = [r for k in ("default", "padded") if (r := reference(p, self.o.target, k)) is not None]
        rest = [c for c in kept if c.id not in {r.id for r in refs}]
        limit = self.o.max_candidates
        if limit is None or len(kept) <= limit:
            return refs + rest, len(kept)
        if backend_of(self.o.target) == "rocm":  # order the rest by the pre-compile model (a model!)
            from .perf_model import estimate_us  # noqa: PLC0415

            rest.sort(key=lambda c: estimate_us(c, self.o.target))
        return refs + rest[: max(0, limit - len(refs))], len(kept)

    def tune_shape(self, compiler: Compiler, p: Problem) -> None:
        if p.key in self.winners and self.winners[p.key].verdict:
            return
        chosen, size = self.select(p)
        checker = Checker(p) if self.o.measuring else None
        if self.o.search == "optuna" and self.o.max_candidates and size > self.o.max_candidates:
            from .search import optuna_search  # noqa: PLC0415  (optuna is optional)

            optuna_search(self, compiler, p, chosen[:2], checker)
        else:
            self.evaluate(compiler, chosen, checker)
        rows = [r for r in self.rows.values() if r.key == p.key]
        if any(r.status not in state.TERMINAL for r in rows):
            self.say(f"{p.key}: unfinished candidates left (time budget); rerun to finish")
            return
        self._save_winner(self.finish(compiler, p, rows, checker))

    def _simplicity(self, row: state.CandidateRow) -> int:
        return changed(_candidate(row, problem_of(row)), self.o.target)

    def finish(self, compiler: Compiler, p: Problem, rows: list[state.CandidateRow],
               checker: Optional[Checker]) -> state.WinnerRow:
        default = next((r for r in rows if "default" in r.reference.split(",")), None)
        padded = next((r for r in rows if "padded" in r.reference.split(",")), None)
        fit = [r for r in rows if r.status in (state.MEASURED, state.MODELLED)]
        pick = choose_measured if self.o.measuring else choose_modelled
        choice: Choice = pick(fit, default, self._simplicity)
        w = choice.winner
        base = dict(**p.identity(), target=self.o.target, candidates=sum(r.compile_s is not None for r in rows))
        if w is None:
            return state.WinnerRow(**base, device=self.o.device, winner="", verdict="none", note=choice.note)
        base.update(winner=w.candidate, split=w.split, mma=w.mma, workgroups=w.workgroups, note=choice.note)
        if not self.o.measuring:
            return state.WinnerRow(**base, device="none", latency_us_median=w.modelled_us,
                                   default_us_median=default.modelled_us if default else None,
                                   padded_us_median=padded.modelled_us if padded else None,
                                   speedup_vs_default=_ratio(default and default.modelled_us, w.modelled_us),
                                   speedup_vs_padded=_ratio(padded and padded.modelled_us, w.modelled_us),
                                   verdict=choice.verdict, basis="modelled")
        return self._side_by_side(compiler, p, base, w, default, padded, choice, checker)

    def _side_by_side(self, compiler, p, base, w, default, padded, choice, checker) -> state.WinnerRow:
        """Re-measure default, padded and winner now, in one sitting, to report drift."""
        from ..report.verdict import judge  # noqa: PLC0415

        from .choose import timing  # noqa: PLC0415

        final: dict[str, Optional[state.CandidateRow]] = {}
        for label, row in (("default", default), ("padded", padded), ("winner", w)):
            if row is None or not row.cold_us_median:
                final[label] = None
                continue
            same = next((f for f in final.values() if f is not None and f.candidate == row.candidate), None)
            if same is not None:  # the winner is the default (or padded): one measurement serves both
                final[label] = same
                continue
            result, _ = compile_candidate(compiler, self.job(_candidate(row, p)))
            fields = measure(result.vmfb, p, self.o.target, replace(self._measure_options(), hot=False), checker)
            final[label] = row.replace(**fields) if fields["status"] == state.MEASURED else None
        fw, fd, fp = final["winner"], final["default"], final["padded"]
        verdict = choice.verdict
        if fw is not None and fd is not None and w.candidate != (default.candidate if default else None):
            verdict = judge(timing(fd), timing(fw)).verdict  # the side-by-side verdict is the one reported
        elif fw is not None and default is not None and w.candidate == default.candidate:
            verdict = "default"
        return state.WinnerRow(
            **base, device=(fw or w).device, latency_us_median=fw.cold_us_median if fw else None,
            default_us_median=fd.cold_us_median if fd else None, padded_us_median=fp.cold_us_median if fp else None,
            speedup_vs_default=_ratio(fd and fd.cold_us_median, fw and fw.cold_us_median),
            speedup_vs_padded=_ratio(fp and fp.cold_us_median, fw and fw.cold_us_median),
            verdict=verdict, basis=f"measured (cold, {(fw or w).device})", search_us_median=w.cold_us_median,
            default_search_us_median=default.cold_us_median if default else None,
            drift_default=_ratio(fd and fd.cold_us_median, default and default.cold_us_median))

    # ------------------------------------------------------------------ all

    def run(self) -> list[state.WinnerRow]:
        self.out.mkdir(parents=True, exist_ok=True)
        meta = {"target": self.o.target, "device": self.o.device, "compiler_version": compiler_version(),
                "max_candidates": self.o.max_candidates, "search": self.o.search}
        (self.out / "tune.json").write_text(json.dumps(meta, indent=1))
        executor = make_executor(self.o.executor, self.o.workers)
        compiler = Compiler(self.o.cache_dir, self.o.workers, executor=executor)
        try:
            with stop_signals_as_interrupt():
                for p in self.problems:
                    self.say(f"tuning {p.key}")
                    self.tune_shape(compiler, p)
        finally:
            compiler.close()
            executor.close()
        self.written = self.write_library()
        return [self.winners[p.key] for p in self.problems if p.key in self.winners]

    def library(self) -> Library:
        by_key = {p.key: p for p in self.problems}
        entries, at = [], now_utc()
        for key, w in self.winners.items():
            if key in by_key and w.winner:
                basis = MODELLED if w.basis == MODELLED else MEASURED
                entries.append(Entry(by_key[key], _candidate_settings(w.winner), basis, w.device, at))
        return Library(self.o.target, tuple(entries))

    def write_library(self) -> dict[str, Path]:
        lib = self.library()
        if not lib.entries:
            return {}
        for note in lib.conflicts():  # the spec serves the first shape's config; say which shape lost
            self.say(f"library: {note}")
        return write_library(lib, self.out / "specs", compile_flags(self.o.target))


def _fmt(x) -> str:
    return "" if x is None else f"{x:.4g} us"


def _ratio(num, den) -> Optional[float]:
    return num / den if num and den else None


def _candidate_settings(cid: str) -> dict[str, object]:
    out: dict[str, object] = {}
    for part in cid.split(","):
        k, _, v = part.partition("=")
        out[k] = int(v) if v.lstrip("-").isdigit() else v
    return out


def _candidate(row: state.CandidateRow, p: Problem) -> Candidate:
    return Candidate(p, tuple(_candidate_settings(row.candidate).items()))
