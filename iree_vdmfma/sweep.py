"""Sweeps: every problem x variant compiled, proved, optionally run, as rows on disk.

The persisted state is results.csv itself: every planned row is written as
``pending`` before any work, and each row is rewritten (atomically) the moment
its job finishes. Re-running the same command skips rows in a terminal state, so
an interrupted sweep resumes where it stopped; ``retry_failed`` redoes failures.
Compiles run in parallel; proof and runs happen in the main thread, runs one at
a time so timings never overlap with each other or with compiles.
"""

from __future__ import annotations

import json
import shutil
import signal
from concurrent.futures import ThreadPoolExecutor, as_completed
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, Iterator, Optional, Sequence

from . import evidence as proof
from .compiler import Compiler, CompileJob, CompileResult, DEFAULT_TIMEOUT_S, default_cache_dir, repro_command
from .config import KernelConfig
from .inputs import input_ir
from .problem import Problem
from .results import FAILED, ResultRow, Status, read_rows, write_rows
from .spec import spec_text, write_spec
from .targets import compile_flags, target as get_target
from .toolchain import compiler_version
from .variants import Variant, variant as get_variant

CPU_TARGET = "host"
TERMINAL = {Status.OK, Status.NOT_APPLIED} | FAILED

# A run hook: (compile result, problem, row for one cache mode) -> finished row.
RunHook = Callable[[CompileResult, Problem, ResultRow], ResultRow]


@dataclass(frozen=True)
class Job:
    problem: Problem
    variant: Variant
    target: str
    config: Optional[KernelConfig]
    compile_job: CompileJob

    @property
    def label(self) -> str:
        return f"{self.problem.key}/{self.variant.name}/{self.target}"


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


def cpu_flags() -> list[str]:
    return ["--iree-hal-target-device=local", "--iree-hal-local-target-device-backends=llvm-cpu",
            "--iree-llvmcpu-target-cpu=host"]


def plan(problems: Sequence[Problem], options: SweepOptions) -> list[Job]:
    """All jobs, with configs resolved up front: an impossible variant fails before any compile."""
    variants = [get_variant(v) for v in options.variants]
    get_target(options.target)
    jobs = []
    for problem in problems:
        ir_text = input_ir(problem)
        for v in variants:
            config = v.config(problem, options.target) if v.backend == "rocm" else None
            arch = options.target if v.backend == "rocm" else CPU_TARGET
            flags = compile_flags(arch) if v.backend == "rocm" else cpu_flags()
            spec = spec_text([(problem, config)]) if config else None
            cj = CompileJob(f"{problem.key}/{v.name}/{arch}", ir_text, tuple(flags) + tuple(options.extra_flags),
                            spec, options.timeout_s)
            jobs.append(Job(problem, v, arch, config, cj))
    return jobs


def _base_row(job: Job, cache_mode: str) -> ResultRow:
    p = job.problem
    return ResultRow(name=p.name, m=p.m, n=p.n, k=p.k, batch=p.batch, dtype=p.dtype, target=job.target,
                     variant=job.variant.name, status=Status.PENDING.value, key=p.key, cache_mode=cache_mode,
                     intended_mma_kind=job.config.mma_kind if job.config else "")


def proved_row(job: Job, result: CompileResult, row: ResultRow, artifacts: Path) -> ResultRow:
    """The row after compiling: failure, not-applied, or the evidence from configured IR and ISA."""
    row = row.replace(compile_s=round(result.compile_s, 3), cached=result.cached, artifacts=str(artifacts),
                      repro=repro_command(result.job, artifacts))
    if result.timed_out:
        return row.replace(status=Status.TIMEOUT.value, error=result.error, reason="compile timed out")
    if not result.ok:
        return row.replace(status=Status.COMPILE_ERROR.value, error=result.error, reason="iree-compile failed")
    if job.variant.backend != "rocm":
        return row.replace(status=Status.COMPILED.value)
    ev = proof.collect(result.dump_dir, job.problem, get_target(job.target))
    row = row.replace(mma_kind=ev.mma_kind, smfmac=ev.smfmac, mfma=ev.mfma, vgpr=ev.vgpr, agpr=ev.agpr,
                      sgpr=ev.sgpr, lds_bytes=ev.lds_bytes, spills=ev.spills, scratch_bytes=ev.scratch_bytes,
                      workgroups=ev.workgroups, workgroup_size=ev.workgroup_size,
                      waves_per_simd=ev.waves_per_simd, status=Status.COMPILED.value)
    reason = proof.check_applied(ev, job.config.mma_kind if job.config else None)
    if reason:
        return row.replace(status=Status.NOT_APPLIED.value, reason=reason)
    return row


class Sweep:
    """One sweep directory: its results.csv, artifacts/ and specs/."""

    def __init__(self, problems: Sequence[Problem], options: SweepOptions,
                 run_hook: Optional[RunHook] = None,
                 on_row: Optional[Callable[[ResultRow], None]] = None):
        self.options = options
        self.out = Path(options.out_dir)
        self.jobs = plan(problems, options)
        self.run_hook = run_hook
        self.on_row = on_row or (lambda row: None)
        self.modes = tuple(options.cache_modes) if run_hook else ("",)
        self.rows: dict[tuple, ResultRow] = {r.row_key: r for r in read_rows(self.results_path)}

    @property
    def results_path(self) -> Path:
        return self.out / "results.csv"

    def _keys(self, job: Job) -> list[tuple]:
        return [(job.problem.key, job.target, job.variant.name, mode) for mode in self.modes]

    def _done(self, job: Job) -> bool:
        rows = [self.rows.get(k) for k in self._keys(job)]
        finished = TERMINAL - (FAILED if self.options.retry_failed else set())
        return all(r is not None and Status(r.status) in finished for r in rows)

    def _save(self, rows: list[ResultRow]) -> None:
        for row in rows:
            self.rows[row.row_key] = row
        write_rows(self.rows.values(), self.results_path)
        for row in rows:
            self.on_row(row)

    def write_specs(self) -> list[Path]:
        """One spec file per injecting variant covering the whole list (for users to take away)."""
        paths = []
        by_variant: dict[str, list] = {}
        for job in self.jobs:
            if job.config:
                by_variant.setdefault(job.variant.name, []).append((job.problem, job.config))
        for name, entries in by_variant.items():
            paths.append(write_spec(entries, self.out / "specs" / f"{name}-{self.options.target}.mlir"))
        return paths

    def _write_meta(self) -> None:
        meta = {"target": self.options.target, "variants": list(self.options.variants),
                "cache_modes": list(self.modes), "compiler_version": compiler_version(),
                "jobs": len(self.jobs)}
        (self.out / "sweep.json").write_text(json.dumps(meta, indent=1))

    def pending(self) -> list[Job]:
        return [job for job in self.jobs if not self._done(job)]

    def run(self) -> list[ResultRow]:
        self.out.mkdir(parents=True, exist_ok=True)
        self._write_meta()
        self.write_specs()
        todo = self.pending()
        self._save([_base_row(job, k[3]) for job in todo for k in self._keys(job)])
        compiler = Compiler(self.options.cache_dir, self.options.workers)
        with _sigterm_as_interrupt(), ThreadPoolExecutor(max_workers=compiler.workers) as pool:
            futures = {pool.submit(compiler.compile, job.compile_job): job for job in todo}
            try:
                compiled = []
                for future in as_completed(futures):
                    job = futures[future]
                    rows = self._after_compile(job, future.result())
                    if self.run_hook and all(Status(r.status) == Status.COMPILED for r in rows):
                        compiled.append((job, future.result()))
                for job, result in compiled:
                    self._save([self.run_hook(result, job.problem, self.rows[k]) for k in self._keys(job)])
            except BaseException:
                for f in futures:
                    f.cancel()
                raise
        return list(self.rows.values())

    def _after_compile(self, job: Job, result: CompileResult) -> list[ResultRow]:
        artifacts = self.out / "artifacts" / job.problem.key / f"{job.variant.name}-{job.target}"
        shutil.copytree(result.workdir, artifacts, dirs_exist_ok=True)
        rows = [proved_row(job, result, self.rows.get(k) or _base_row(job, k[3]), artifacts)
                for k in self._keys(job)]
        if not self.run_hook:  # compile-only: proving was the whole job
            rows = [r.replace(status=Status.OK.value) if r.status == Status.COMPILED.value else r for r in rows]
        self._save(rows)
        return rows


@contextmanager
def _sigterm_as_interrupt() -> Iterator[None]:
    """Treat SIGTERM like Ctrl-C so both stop cleanly (rows on disk stay as they are)."""
    def handler(signum, frame):
        raise KeyboardInterrupt(f"signal {signum}")

    try:
        previous = signal.signal(signal.SIGTERM, handler)
    except ValueError:  # not the main thread: leave signals alone
        yield
        return
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, previous)


def sweep(problems: Sequence[Problem], options: SweepOptions, **kwargs) -> list[ResultRow]:
    """Library entry point: run (or resume) a sweep and return all its rows."""
    return Sweep(problems, options, **kwargs).run()
