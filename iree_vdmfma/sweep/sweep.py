"""Sweeps: every problem x variant compiled, proved, optionally run, as rows on disk.

The persisted state is results.csv itself: every planned row is written as
``pending`` before any work, and each row is rewritten (atomically) the moment
its job finishes. Re-running the same command skips rows in a terminal state, so
an interrupted sweep resumes where it stopped; a finished row is never touched (a job whose hot row
finished recompiles from the cache and runs only its cold row); ``retry_failed`` redoes failures.
Rows that fail validation on reading (cut off, edited) are redone, never trusted
(``Sweep.damaged`` says which). A ``machine-error`` row (the machine failed, not
the job) is never kept as finished. The output directory is locked while a sweep
writes into it (``OUT/.lock``), and it refuses an output directory that holds a
different sweep (other target, shapes, variants) unless ``append`` is set;
``sweep.json`` lists every run.
All work goes through one executor (executors/; ``options.executor`` or the one passed in): compiles
are its CPU tasks, in parallel; proof happens in the main thread as each compile finishes; runs start
after every compile and are its GPU tasks, which locally run one at a time in job order, so timings
never overlap with each other or with compiles. The local and Ray paths differ only in the executor
(a remote one also gets each module shipped along).
"""

from __future__ import annotations

import dataclasses
import shlex
import shutil
import sys
import time
from concurrent.futures import FIRST_COMPLETED, as_completed, wait
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, Optional, Sequence

from ..backends import Backend, backend_for
from ..compiler.driver import (Compiler, CompileInterrupted, CompileJob, CompileResult, DEFAULT_TIMEOUT_S,
                              default_cache_dir, repro_command)
from ..compiler.retry import single_threaded_argv, submit_retrying
from ..compiler.configured import no_mma_tile_mismatch
from ..compiler.entry import EntryGone, check_present
from ..compiler.fingerprint import fingerprint
from ..compiler.toolchain import compiler_version
from ..configs.catalog import IntrinsicUnavailableError
from ..configs.config import KernelConfig
from ..configs.gemv import GemvConfig
from ..configs.library import spec_pair
from ..executors import (Executor, ExecutorError, ExecutorSpec, TaskCancelled, make_executor, where_ran,
                         write_files)
from ..problems.inputs import input_ir
from ..problems.loop_ir import RUNNER_FLAGS, runner_input_ir
from ..problems.problem import Problem
from ..run.hook import RunHook
from ..run.timing import check_one_mode
from ..problems.rows import (COMPILE_HUNG, COMPILE_TIMED_OUT, FAILED, MACHINE_REASON, TERMINAL, ResultRow, Status,
                              read_results, row_for, spill_verdict, write_rows)
from ..util.lock import locked_dir
from ..util.runs import check_kind, check_same, previous_runs, record_run
from ..util.signals import stop_signals_as_interrupt
from ..variants import UnknownVariantError, Variant, variant as get_variant
from .manifest import Manifest, ModuleEntry, write_manifest
from .proofs import ProofMemo
from ..util.io import atomic_write_text
from ..util.scratch import scratch


@dataclass(frozen=True)
class Job:
    problem: Problem
    variant: Variant
    target: str
    config: Optional[KernelConfig]
    compile_job: Optional[CompileJob]  # None: skipped (skip_reason) or a peer (not compiled)
    backend: Backend
    skip_reason: str = ""  # why this variant does not build for the target ("" = it does)
    chunk: int = 0  # the split-K chunk the variant set (0: none)

    @property
    def label(self) -> str:
        return f"{self.problem.key}/{self.variant.name}/{self.target}"




_PATH_FLAGS = ("--iree-hal-dump-executable-files-to=", "--iree-codegen-tuning-spec-path=",
               "--iree-preprocessing-transform-spec-filename=")


def _same_flags(row: ResultRow, flags: Sequence[str]) -> bool:
    """A finished row is this job's only if it was compiled with the same flags (the user's --compile-flag among
    them): its repro (iree-compile INPUT -o OUT FLAGS...) says which. An --out that accumulates (`vdmfma compile`)
    redoes a row another run compiled with other flags instead of keeping it. A row of the retry compiler/retry.py
    made (single-threaded) is this job's too."""
    try:
        args = shlex.split(row.repro)
    except ValueError:
        return True
    if len(args) < 4 or Path(args[0]).name != "iree-compile":
        return True  # no compile to compare (a skipped row, a foreign one, a failed run's `vdmfma run` repro)
    used = sorted(a for a in args[4:] if not a.startswith(_PATH_FLAGS))
    return used in (sorted(flags), sorted(single_threaded_argv(flags) or flags))


@dataclass
class SweepOptions:
    target: str = "gfx942"
    variants: Sequence[str] = ("default", "vdmfma", "padded")
    out_dir: Path = Path("out/sweep")
    cache_dir: Optional[Path] = field(default_factory=default_cache_dir)  # None: no cache
    workers: Optional[int] = None
    timeout_s: float = DEFAULT_TIMEOUT_S
    retry_failed: bool = False
    cache_modes: Sequence[str] = ("",)  # ('hot', 'cold') when a run hook is given
    extra_flags: Sequence[str] = ()
    runnable: bool = False  # compile the runner's module (adds @gemm_loop) so rows can be run
    executor: ExecutorSpec = ExecutorSpec()  # local threads (default) or a Ray cluster
    append: bool = False  # add to an output directory that holds a different sweep (else refuse)


def _resolve(problem: Problem, v: Variant, target: str) -> Optional[KernelConfig]:
    """The variant's config for the problem on target; IntrinsicUnavailableError if it cannot exist there."""
    config = v.config(problem, target)  # a variant that injects a config checks its own intrinsic
    if config is None:
        v.backend_for(target).require(problem, target)  # IREE's own choice: the target must support it
    return config


def plan(problems: Sequence[Problem], options: SweepOptions) -> list[Job]:
    """All jobs, with configs resolved up front: an impossible variant fails before any compile.

    Raises UnknownTargetError / UnknownVariantError / IntrinsicUnavailableError naming
    the valid choices; an impossible (shape, variant) pairing names the first such
    shape and how many more there are.
    """
    if not problems:
        raise ValueError("nothing to do: the list of problems is empty")
    if not options.timeout_s > 0:
        raise ValueError(f"the per-job timeout must be > 0 seconds, got {options.timeout_s}")
    if options.workers is not None and options.workers < 0:
        raise ValueError(f"workers must be >= 1 (0: all cores), got {options.workers}")
    backend = backend_for(options.target)  # UnknownTargetError naming every valid target
    variants = [get_variant(v) for v in options.variants]
    if not variants:
        raise UnknownVariantError("no variants given")
    configs: dict[tuple[str, str], Optional[KernelConfig]] = {}
    skipped: dict[tuple[str, str], str] = {}
    refused: list[str] = []
    for problem in problems:
        for v in variants:
            enabled, why = v.enabled(problem, options.target)
            if not enabled or not v.compiled:
                skipped[(problem.key, v.name)] = why
                continue
            try:
                configs[(problem.key, v.name)] = _resolve(problem, v, options.target)
            except IntrinsicUnavailableError as e:
                refused.append(f"{problem.name}, variant {v.name!r}: {e}")
    if refused:
        more = f" (and {len(refused) - 1} more shape/variant pairs)" if len(refused) > 1 else ""
        raise IntrinsicUnavailableError(f"cannot build for {options.target}: {refused[0]}{more}; nothing was compiled")
    return [_job(problem, v, options, backend, configs.get((problem.key, v.name)),
                 skipped.get((problem.key, v.name), "")) for problem in problems for v in variants]


def _job(problem: Problem, v: Variant, options: SweepOptions, backend: Backend,
         config: Optional[KernelConfig], skipped: str) -> Job:
    target = options.target
    if skipped or not v.compiled:
        return Job(problem, v, target, None, None, v.backend_for(target), skipped)
    # A runnable module adds @gemm_loop (cold-cache rotation) around the same @gemm kernel.
    ir_text = runner_input_ir(problem) if options.runnable else input_ir(problem)
    chunk = v.split(problem, target)  # a per-shape split-K chunk goes into a preprocessing spec
    prespec, spec = spec_pair([(problem, chunk, config)], backend.spec_route)
    flags = tuple(backend.compile_flags(target)) + v.flags + tuple(options.extra_flags)
    flags += RUNNER_FLAGS if options.runnable else ()
    job = CompileJob(f"{problem.key}/{v.name}/{target}", ir_text, flags, spec, options.timeout_s,
                     preprocessing_spec=prespec, spec_honoured=backend.codegen_spec_honoured(target))
    return Job(problem, v, target, config, job, backend, chunk=chunk)


def _base_row(job: Job, cache_mode: str) -> ResultRow:
    if job.skip_reason:
        return row_for(job.problem, job.target, job.variant.name, Status.SKIPPED, cache_mode=cache_mode,
                       reason=job.skip_reason)
    return row_for(job.problem, job.target, job.variant.name, Status.PENDING, cache_mode=cache_mode,
                   intended_mma_kind=job.config.mma_kind if job.config else "")


def proved_row(job: Job, result: CompileResult, row: ResultRow, artifacts: Path,
               proofs: Optional[ProofMemo] = None) -> ResultRow:
    """The row after compiling: failure, not-applied, or the evidence from configured IR and ISA (a cache
    entry's proof from ``proofs`` when it was proved before: proofs.py)."""
    error = result.error.replace(str(result.workdir), str(artifacts))  # point at the files the user keeps
    row = row.replace(compile_s=round(result.compile_s, 3), cached=result.cached, compiled_on=result.node,
                      artifacts=str(artifacts),
                      repro=repro_command(result.job, Path(artifacts).resolve()), error="", reason="")
    if result.timed_out:
        return row.replace(status=Status.TIMEOUT.value, error=error,
                           reason=COMPILE_HUNG if result.hung else COMPILE_TIMED_OUT)
    if result.machine_failed:  # killed from outside, or its disk failed under it
        return row.replace(status=Status.MACHINE_ERROR.value, error=error, reason=MACHINE_REASON)
    if not result.ok:
        return row.replace(status=Status.COMPILE_ERROR.value, error=error, reason="iree-compile failed")
    prove = lambda: _proof_fields(job, result)  # noqa: E731
    return row.replace(**(proofs.fields(_identity(job), result, prove) if proofs else prove()))


def _identity(job: Job) -> str:
    """Everything about a job its proof depends on besides the dump and the code."""
    return repr((job.label, job.config, job.chunk, job.variant.splits))


def _proof_fields(job: Job, result: CompileResult) -> dict:
    """The fields proof sets on a compiled job's row: the backend's evidence, the fingerprint, status, reason."""
    needed = (result.workdir, result.dump_dir, result.vmfb)
    check_present(*needed)  # a missing dump proves nothing: EntryGone
    try:
        proof = job.backend.prove(result.dump_dir, job.problem, job.target,
                                  job.config.mma_kind if job.config else None)
        fp = fingerprint(result.dump_dir)
    except OSError:  # a dump file gone mid-read: EntryGone if the entry (or its dump) was removed, by hand
        check_present(*needed)
        raise
    check_present(*needed)  # removed while read, by hand: the host's proof reads no file; a gone dump fingerprints ''
    fields = dict(proof.fields, status=Status.COMPILED.value, kernel_fingerprint=fp.digest,
                  executables=fp.executables or None, reason="")
    reason = proof.reason
    if not reason and job.config is not None and job.config.mma_kind == "" and "workgroup_tile" in proof.details:
        reason = no_mma_tile_mismatch(job.config.workgroup, tuple(proof.details["workgroup_tile"]))
    configured = proof.details.get("lowering_config")
    if not reason and configured is not None and isinstance(job.config, GemvConfig):  # its K distribution
        reason = job.config.not_applied(configured)
    if reason:
        return dict(fields, status=Status.NOT_APPLIED.value, reason=reason)
    if fields.get("spills"):  # the kernel's VGPR/SGPR spills, from the ISA metadata: one rule (problems/rows.py)
        status, why = spill_verdict(f"{fields['spills']} spills",
                                    injected=job.config is not None or bool(job.chunk) or job.variant.splits)
        if status:
            return dict(fields, status=status, reason=why)
        fields["reason"] = why
    if (job.chunk or job.variant.splits) and fp.executables == 1:  # a split makes a partial and a reduce dispatch
        return dict(fields, reason="the split did not apply: one dispatch, no reduce dispatch (compare "
                                   "kernel_fingerprint with the default's: the same value is the same kernel)")
    return fields




class Sweep:
    """One sweep directory: its results.csv, artifacts/ and specs/."""

    def __init__(self, problems: Sequence[Problem], options: SweepOptions,
                 run_hook: Optional[RunHook] = None,
                 on_row: Optional[Callable[[ResultRow], None]] = None,
                 executor: Optional[Executor] = None):
        self.options = options
        # Where compiles and runs go: this executor (the caller closes it), else one made from options.executor.
        self.executor = executor
        self.out = Path(options.out_dir)
        self.jobs = plan(problems, options)
        if run_hook is not None and not isinstance(run_hook, RunHook):  # a bare function: its timing mode unsaid
            raise TypeError(f"run_hook must be a RunHook (run/hook.py), which says its timing mode; got "
                            f"{type(run_hook).__name__}")
        self.run_hook = run_hook
        self.on_row = on_row or (lambda row: None)
        self.on_start: Callable[[], None] = lambda: None  # called under OUT's lock, before any row is written
        self.modes = tuple(options.cache_modes) if run_hook else ("",)
        self.proofs = ProofMemo(options.cache_dir)  # a cache hit's proof, kept from when it was proved
        self._load()

    def _load(self) -> None:
        """Rows on disk (damaged ones left out: they are redone) and a check that OUT holds this sweep."""
        try:
            results = read_results(self.results_path)
        except ValueError as e:
            raise ValueError(f"cannot resume from it: {e}; move it away to start afresh") from None
        self.rows: dict[tuple, ResultRow] = {r.row_key: r for r in results.rows}
        self.damaged: list[str] = results.damaged
        self._check_same_sweep()

    @property
    def identity(self) -> dict:
        """What makes two runs the same sweep: target, variants, cache modes, the user's compile flags, shapes."""
        return {"target": self.options.target, "variants": list(self.options.variants),
                "cache_modes": list(self.modes), "compile_flags": list(self.options.extra_flags),
                "problems": sorted({j.problem.key for j in self.jobs})}

    def _previous_runs(self) -> list[dict]:
        return previous_runs(self.out / "sweep.json")

    def _check_same_sweep(self) -> None:
        check_kind(self.out, "sweep")
        mode = self.run_hook.timing_mode if self.run_hook else ""  # the one place the sweep learns its timing mode
        if mode:  # rows timed in another mode would be kept as this run's (--append too): refused
            check_one_mode(self.results_path, self.rows.values(), mode)
        if not self.options.append:
            check_same(self.out, self._previous_runs(), self.identity,
                       ("target", "variants", "cache_modes", "compile_flags"), "sweep", "rows")

    @property
    def results_path(self) -> Path:
        return self.out / "results.csv"

    def _keys(self, job: Job) -> list[tuple]:
        return [(job.problem.key, job.target, job.variant.name, mode) for mode in self.modes]

    def _open(self, job: Job) -> list[tuple]:
        """The job's row keys still to do; a finished row is never redone, re-proved or re-measured (on resume
        only its job's unfinished cache modes run)."""
        finished = TERMINAL - (FAILED if self.options.retry_failed else set())
        same = (lambda r: True) if job.compile_job is None else (lambda r: _same_flags(r, job.compile_job.flags))
        return [k for k in self._keys(job)
                if (r := self.rows.get(k)) is None or Status(r.status) not in finished or not same(r)]

    def _done(self, job: Job) -> bool:
        return not self._open(job)

    def _save(self, rows: list[ResultRow]) -> None:
        for row in rows:
            self.rows[row.row_key] = row
        write_rows(self.rows.values(), self.results_path)
        for row in rows:
            self.on_row(row)

    def write_specs(self) -> list[Path]:
        """Per injecting variant, its spec files covering the whole list (for users to take away):
        ``NAME-TARGET.mlir`` (codegen tuning spec) and ``NAME-TARGET.preprocess.mlir`` (split chunks,
        and the configs where IREE ignores a codegen spec)."""
        paths = []
        by_variant: dict[str, list] = {}
        for job in self.jobs:
            if job.config or job.chunk:
                by_variant.setdefault(job.variant.name, []).append((job.problem, job.chunk, job.config))
        target = self.options.target
        for name, entries in by_variant.items():
            pre, tuning = spec_pair(entries, backend_for(target).spec_route)
            for text, path in ((tuning, self.out / "specs" / f"{name}-{target}.mlir"),
                               (pre, self.out / "specs" / f"{name}-{target}.preprocess.mlir")):
                if text is not None:
                    atomic_write_text(path, text)
                    paths.append(path)
        return paths

    def manifest(self) -> Manifest:
        """What `vdmfma bench` needs to run this directory elsewhere (no compiler there)."""
        entries = []
        for job in self.jobs:
            if job.skip_reason:
                continue
            vmfb = "" if job.compile_job is None else \
                str(Path("artifacts") / job.problem.key / f"{job.variant.name}-{job.target}" / "out.vmfb")
            entries.append(ModuleEntry.of(job.problem, job.variant.name, job.target, vmfb,
                                          job.compile_job.flags if job.compile_job else (),
                                          "iree" if job.variant.compiled else "torch",
                                          runnable=self.options.runnable))
        base = next((v for v in self.options.variants if get_variant(v).baseline), self.options.variants[0])
        return Manifest.new(self.options.target, compiler_version(), base, entries)

    def _build_floor_module(self) -> None:
        """A runnable directory carries the harness-floor module (run/floor.py), so a bench elsewhere (no
        compiler there) measures every row's floor; one that does not compile is a note, the rows go on."""
        from ..run import floor  # noqa: PLC0415
        from ..run.runner import build_floor_module  # noqa: PLC0415

        path = floor.module_path(self.out, self.options.target)
        if not self.options.runnable or path.is_file():
            return
        build_floor_module(self.options.target, path.parent, self.options.cache_dir,  # None: --no-cache
                           use_cache=self.options.cache_dir is not None, on_error=lambda why: print(
                               f"note: the harness-floor module did not build; rows will have no floor_us: {why}",
                               file=sys.stderr))

    def _write_meta(self) -> None:
        """sweep.json: this run's identity at the top (as before), every run so far under 'runs'."""
        run = {**self.identity, "compiler_version": compiler_version(), "jobs": len(self.jobs),
               "append": self.options.append, "started": time.strftime("%Y-%m-%dT%H:%M:%S%z"),
               "command": shlex.join(sys.argv)[:1000]}
        record_run(self.out / "sweep.json", run, self._previous_runs())

    def pending(self) -> list[Job]:
        """Jobs with rows still to finish (peers have no rows here: `vdmfma bench` runs them)."""
        return [job for job in self.jobs if job.variant.compiled and not self._done(job)]

    def todo(self) -> int:
        """How many rows this run will finish: the unfinished rows of the pending jobs."""
        return sum(len(self._open(job)) for job in self.pending())

    def run(self) -> list[ResultRow]:
        """Compile (and run) every unfinished job; each row is on disk the moment it finishes.

        On Ctrl-C / SIGTERM the running compiles are killed, their rows stay
        ``pending`` (never a compile-error, never cached) and KeyboardInterrupt
        propagates; finished rows are already in results.csv.
        """
        # the executor first: a cluster that cannot be reached is one line, and OUT is not touched
        executor = self.executor or make_executor(self.options.executor, self.options.workers)
        try:
            with locked_dir(self.out):
                self._load()  # again, under the lock: what is on disk now
                self._write_meta()
                self.on_start()
                self.write_specs()
                write_manifest(self.out, self.manifest())
                self._build_floor_module()
                todo = self.pending()
                self._save([_base_row(job, k[3]) for job in todo for k in self._open(job)])  # skipped rows: final
                todo = [job for job in todo if not job.skip_reason]
                compiler = Compiler(self.options.cache_dir, self.options.workers,
                                    retry_failed=self.options.retry_failed, executor=executor)
                try:
                    with stop_signals_as_interrupt():
                        compiled = self._compile_all(compiler, todo)
                        self._run_all(executor, compiler, compiled)
                finally:
                    compiler.close()
        finally:
            if executor is not self.executor:
                executor.close()
        return list(self.rows.values())

    def _run_all(self, executor: Executor, compiler: Compiler,
                 compiled: list[tuple[Job, CompileResult, list[ResultRow]]]) -> None:
        """Runs as GPU tasks of the executor, rows saved as they finish: locally one at a time in job order
        (timings never overlap), on a cluster one per GPU at a time with the module shipped along."""
        futures = {}
        try:
            for job, result, rows in compiled:
                packed = compiler.pack(result) if executor.remote else None
                for row in rows:
                    task = ((run_shipped, self.run_hook, packed, result, job.problem, row) if executor.remote
                            else (self.run_hook, result, job.problem, row))
                    futures[executor.submit_gpu(*task)] = row
            for future in as_completed(futures):
                if compiler.cancelled:
                    raise KeyboardInterrupt("cancelled")
                self._save([self._checked_row(futures[future], future.result)])
        except BaseException:
            executor.cancel()  # unfinished runs stay pending
            raise

    def _compile_all(self, compiler: Compiler, todo: list[Job]) -> list[tuple[Job, CompileResult, list[ResultRow]]]:
        """Compile in parallel (CPU tasks of the compiler's executor), saving rows as jobs finish; the jobs
        that are ready to run, with their unfinished rows."""
        compiled = []
        # each compile retried as compiler/retry.py says (the row is the retry's: its repro has the flag, its
        # compile_s both attempts)
        futures = {submit_retrying(compiler, job.compile_job): job for job in todo}
        pending = set(futures)
        try:
            while pending:
                done, pending = wait(pending, return_when=FIRST_COMPLETED)
                for future in done:
                    job = futures[future]
                    try:
                        result, _ = future.result()
                    except CompileInterrupted:
                        raise
                    except Exception as e:  # could not even run the compiler (missing tool, disk full, read-only
                        # cache): the machine's failure, not the job's; a row that a rerun redoes, and go on
                        self._save([(self.rows.get(k) or _base_row(job, k[3])).replace(
                            status=Status.MACHINE_ERROR.value, error=_one_line(e),
                            reason=f"could not run iree-compile: {MACHINE_REASON}") for k in self._open(job)])
                        continue
                    compiled += self._compiled(compiler, job, result)
        except BaseException:
            compiler.stop(futures)  # kill in-flight compiles: their rows stay pending, nothing is cached
            raise
        return compiled

    def _compiled(self, compiler: Compiler, job: Job, result: CompileResult) -> list[tuple[Job, CompileResult, list[ResultRow]]]:
        """Save a compiled job's rows; the job, its result and rows when it is ready to run ([] otherwise)."""
        rows = self._after_compile(compiler, job, result)
        # runs read the sweep's own copy of the entry (artifacts/): `vdmfma cache prune` never touches it
        kept = dataclasses.replace(result, workdir=self._artifacts(job))
        return [(job, kept, rows)] if self.run_hook and all(Status(r.status) == Status.COMPILED for r in rows) else []

    def _artifacts(self, job: Job) -> Path:
        """Where the sweep keeps its copy of the job's compile: the vmfb, dumps and manifest (copy_entry)."""
        return self.out / "artifacts" / job.problem.key / f"{job.variant.name}-{job.target}"

    @staticmethod
    def _checked_row(row: ResultRow, call: Callable[[], ResultRow]) -> ResultRow:
        """The run hook's row; an exception from it (no device, out of memory...) is a run-error row; the
        executor's (a cluster worker lost on every retry) a machine-error row, which a rerun redoes."""
        try:
            done = call()
        except TaskCancelled:
            raise KeyboardInterrupt("cancelled") from None
        except ExecutorError as e:
            return row.replace(status=Status.MACHINE_ERROR.value, error=_one_line(e),
                               reason=f"worker lost: {MACHINE_REASON}")
        except Exception as e:
            return row.replace(status=Status.RUN_ERROR.value, error=_one_line(e), reason="run failed")
        if not isinstance(done, ResultRow):
            return row.replace(status=Status.RUN_ERROR.value, error=f"run hook returned {type(done).__name__}",
                               reason="run failed")
        return done

    def _after_compile(self, compiler: Compiler, job: Job, result: CompileResult) -> list[ResultRow]:
        artifacts = self._artifacts(job)
        try:
            # copied out (replacing any stale vmfb of an earlier attempt) and proved under the entry's lock, shared:
            # `vdmfma cache prune` skips an entry held so, so it cannot remove the dump the proof is reading
            rows = compiler.copy_entry(result, artifacts, lambda: [
                proved_row(job, result, self.rows.get(k) or _base_row(job, k[3]), artifacts, self.proofs)
                for k in self._open(job)])
        except EntryGone as e:  # pruned before the copy, or removed by hand: the machine's doing, a rerun redoes it
            rows = [(self.rows.get(k) or _base_row(job, k[3])).replace(
                status=Status.MACHINE_ERROR.value, error=f"missing: {e.missing}", reason=str(e))
                for k in self._open(job)]
        if not self.run_hook:  # compile-only: proving was the whole job
            rows = [r.replace(status=Status.OK.value) if r.status == Status.COMPILED.value else r for r in rows]
        self._save(rows)
        return rows


def run_shipped(hook: RunHook, packed: dict, result: CompileResult, problem: Problem, row: ResultRow) -> ResultRow:
    """On a GPU worker: put the shipped module in a temp dir, run the hook, say where it ran."""
    with scratch("run") as tmp:
        write_files(packed["files"], Path(tmp))
        done = hook(dataclasses.replace(result, workdir=Path(tmp)), problem, row)
    return done.replace(device=where_ran(done.device)) if isinstance(done, ResultRow) else done


def _one_line(e: BaseException) -> str:
    """An exception as one line for a row: 'Type: first line of the message'."""
    text = str(e).strip().splitlines()
    return f"{type(e).__name__}: {text[0]}"[:500] if text else type(e).__name__


def sweep(problems: Sequence[Problem], options: SweepOptions, **kwargs) -> list[ResultRow]:
    """Library entry point: run (or resume) a sweep and return all its rows."""
    return Sweep(problems, options, **kwargs).run()
