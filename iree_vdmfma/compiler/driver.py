"""Compile driver: iree-compile per job, in parallel on an executor (executors/: local threads by
default, or a Ray cluster), behind a content-addressed cache.

A job is (input IR, spec, flags). Its cache key hashes those with the compiler
version, so an identical re-run compiles nothing. Each cache entry keeps the
vmfb, the configured IR and ISA dumps, and a manifest with every file's hash: a
corrupt or partial entry is detected and rebuilt, never trusted. Processes that share a
cache take a lock per entry (``.locks/KEY.lock``): the second to want an entry waits for
the first's build and reuses it, and no entry is replaced while another copies it. A failing or
hanging compile becomes a result with the first error line and a command that
reproduces it.
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import shlex
import threading
import shutil
import weakref
import subprocess
import sys
import tempfile
import time
from concurrent.futures import FIRST_COMPLETED, Future, as_completed, wait
from dataclasses import dataclass
from pathlib import Path
from typing import Callable, Iterable, Optional, TypeVar

from ..executors import Executor, LocalExecutor, task_provenance
from .entry import (check_present, entry_lock, install, is_entry, mark_used, pack, prune_dump, read_valid_manifest,
                    say_held_too_long, unpack, write_manifest)
from .errors import DISK_ERRNOS, EXTERNAL_SIGNALS, disk_fault, signal_name, first_error_line
from .toolchain import compiler_version, tool
from ..util.lock import LockWaitTimeout
from ..util import procs
from ..util.procs import Hung, kill_group
from ..util.scratch import scratch_dir

DEFAULT_TIMEOUT_S = 300.0
RETRY_FLAG = "--mlir-disable-threading"  # a compile that hung or timed out is retried once with it
R = TypeVar("R")  # what copy_entry's ``then`` gives


def default_cache_dir() -> Path:
    return default_cache_dir_source()[0]


def default_cache_dir_source() -> tuple[Path, str, bool]:
    """The compile cache folder when no --cache-dir is given, where it came from, and whether that is the
    default: ($VDMFMA_CACHE_DIR, False), else iree-vdmfma under $XDG_CACHE_HOME, else under ~/.cache (True)."""
    env = os.environ.get("VDMFMA_CACHE_DIR")
    if env:
        return Path(env), "$VDMFMA_CACHE_DIR", False
    if os.environ.get("XDG_CACHE_HOME"):
        return Path(os.environ["XDG_CACHE_HOME"]) / "iree-vdmfma", "$XDG_CACHE_HOME/iree-vdmfma", True
    return Path(os.path.expanduser("~")) / ".cache" / "iree-vdmfma", "~/.cache/iree-vdmfma", True


@dataclass(frozen=True)
class CompileJob:
    """One iree-compile invocation: input IR text, optional spec text, target flags."""

    label: str  # human name, e.g. 'f16_8x2304x8192/vdmfma/gfx942'
    input_ir: str
    flags: tuple[str, ...]
    spec: Optional[str] = None
    timeout_s: float = DEFAULT_TIMEOUT_S
    preprocessing_spec: Optional[str] = None  # transform spec run before dispatch creation (split-K)
    # Whether the target of ``flags`` honours a codegen tuning spec: the job's builder asks the target's
    # backend (``Backend.codegen_spec_honoured``). Not in the cache key: it changes no output.
    spec_honoured: bool = False

    def cache_key(self) -> str:
        h = hashlib.sha256()
        parts = [compiler_version(), self.input_ir, self.spec or "", "\0".join(self.flags)]
        if self.preprocessing_spec is not None:  # absent: the same keys as before the field existed
            parts.append("preprocessing:" + self.preprocessing_spec)
        for part in parts:
            h.update(part.encode())
            h.update(b"\0\0")
        return h.hexdigest()[:32]


class SpecTargetError(ValueError):
    """A tuning spec handed to a compile for a target it was not written for."""


def check_spec_target(job: CompileJob) -> None:
    """Refuse a codegen tuning spec on a compile whose target does not take one.

    The spec flag applies to every executable of the compile, and IREE 3.13's transform
    dialect has no matcher op that can read the executable target (only op names, types,
    dims and indexing maps), so the spec cannot guard itself: an llvm-cpu compile given a
    gfx942 spec fails every matched dispatch ("failed to build pass pipeline"), and a CUDA
    compile ignores it silently. Which targets take one is their backend's fact
    (``Backend.codegen_spec_honoured``), stated by the job's builder in ``spec_honoured``.
    """
    if job.spec is not None and not job.spec_honoured:
        device = next((f.split("=", 1)[1] for f in job.flags if f.startswith("--iree-hal-target-device=")), "?")
        raise SpecTargetError(f"{job.label}: a codegen tuning spec was given to a {device} compile, whose "
                              "target does not honour one (its backend's spec route is the preprocessing spec)")


@dataclass(frozen=True)
class CompileResult:
    job: CompileJob
    ok: bool
    timed_out: bool
    returncode: Optional[int]
    error: str  # first error line ('' when ok)
    compile_s: float
    cached: bool
    workdir: Path  # holds input.mlir, spec.mlir, out.vmfb, dump/, stderr.txt
    repro: str
    node: str = ""  # the cluster node that compiled it ('' here); its manifest keeps it for cache hits
    hung: bool = False  # timed out early: no progress for the compiler's stall_s (IREE 3.13's deadlock)
    disk_fault: int = 0  # the errno where the file system under it failed (full, read-only): never cached

    @property
    def vmfb(self) -> Path:
        return self.workdir / "out.vmfb"

    @property
    def dump_dir(self) -> Path:
        return self.workdir / "dump"

    @property
    def killed(self) -> bool:
        """Killed from outside (the OOM killer, an admin): the machine's failure, not the job's."""
        return (not self.timed_out and self.returncode is not None and self.returncode < 0
                and -self.returncode in EXTERNAL_SIGNALS)

    @property
    def machine_failed(self) -> bool:
        """Killed from outside, or failed because its disk did: the machine's failure (a rerun redoes it)."""
        return self.killed or bool(self.disk_fault)


class CompileInterrupted(KeyboardInterrupt):
    """The compile was stopped because the caller cancelled (Ctrl-C / SIGTERM): no result, nothing cached."""


def _command(job: CompileJob, workdir: Path, compiler: Optional[str] = None) -> list[str]:
    cmd = [compiler or tool("iree-compile"), str(workdir / "input.mlir"), "-o", str(workdir / "out.vmfb"), *job.flags,
           f"--iree-hal-dump-executable-files-to={workdir / 'dump'}"]
    if job.spec is not None:
        cmd.append(f"--iree-codegen-tuning-spec-path={workdir / 'spec.mlir'}")
    if job.preprocessing_spec is not None:
        cmd.append(f"--iree-preprocessing-transform-spec-filename={workdir / 'preprocess.mlir'}")
    return cmd


def repro_command(job: CompileJob, workdir: Path) -> str:
    """Shell command that redoes the job from the files in ``workdir``."""
    return shlex.join(_command(job, workdir, compiler="iree-compile"))


class Compiler:
    """Runs CompileJobs with caching, every one as a CPU task of its executor (``executor``, else a
    ``LocalExecutor(workers)`` of its own): :meth:`compile` waits for one, :meth:`submit` and
    :meth:`compile_many` run many in parallel. ``cache_dir=None`` disables the cache (work in a temp dir).

    Only deterministic outcomes are cached: a success, an error, a crash. A timeout,
    a compile killed from outside (e.g. by the OOM killer) and a compile stopped by
    ``cancel()`` are never cached. ``retry_failed`` recompiles cached failures.
    Each iree-compile runs in its own process group, so a timeout or ``cancel()``
    kills all of it and reaps it. A compile whose group makes no progress for ``stall_s``
    seconds (no CPU time, no thread running: IREE 3.13's threaded-compile deadlock; default
    ``$VDMFMA_STALL_S`` else util/procs.STALL_S, 0: no watch) is ended then, a timeout whose
    error says it hung; callers retry it single-threaded (compiler/retry.py).
    """

    def __init__(self, cache_dir: Optional[Path] = None, workers: Optional[int] = None,
                 retry_failed: bool = False, executor: Optional[Executor] = None, stall_s: Optional[float] = None):
        self.cache_dir = Path(cache_dir) if cache_dir else None
        self.stall_s = stall_seconds() if stall_s is None else stall_s
        # Every compile runs through an executor (executors/): the caller's, else local threads of our own.
        self._owns_executor = executor is None
        self.executor: Executor = executor if executor is not None else LocalExecutor(workers)
        self.workers = self.executor.cpu_slots
        # On a remote executor a local thread per compile in flight only waits for the cluster's answer and
        # installs it; locally the compile task itself runs on the executor's CPU slots.
        self._waiters: Executor = LocalExecutor(self.workers) if self.executor.remote else self.executor
        self.retry_failed = retry_failed
        self._scratch: Optional[Path] = None
        self._lock = threading.Lock()
        self._procs: set[subprocess.Popen] = set()
        self._cancelled = threading.Event()
        # Identical jobs (same key, e.g. two variants that both inject nothing) compile once:
        # the second waits for the first and reuses its entry instead of replacing it mid-copy.
        self._key_locks: dict[str, threading.Lock] = {}
        self._finished: set[str] = set()

    @property
    def scratch(self) -> Path:
        """Where results that are not cached live (all of them with no cache)."""
        with self._lock:
            if self._scratch is None:
                self._scratch = scratch_dir("nocache")
                # Removed on close(), or when the Compiler is garbage-collected or the process exits.
                self._finalizer = weakref.finalize(self, shutil.rmtree, str(self._scratch), True)
            return self._scratch

    def _entry(self, job: CompileJob) -> Path:
        root = self.cache_dir if self.cache_dir else self.scratch
        return root / job.cache_key()

    def _entry_lock(self, workdir: Path, shared: bool = False, wait_s: Optional[float] = None):
        """compiler/entry.py entry_lock on ``workdir`` in this cache, given up when this compiler is cancelled."""
        return entry_lock(self.cache_dir, workdir, shared, give_up=self._give_up, wait_s=wait_s)

    def _give_up(self) -> None:
        if self.cancelled:
            raise CompileInterrupted("the compile was cancelled while another process built the same entry")

    @contextlib.contextmanager
    def _reading(self, result: CompileResult):
        """The entry's shared lock while it is read out, waited for at most the compile's timeout (as _compile
        waits): a holder stopped longer (Ctrl-Z) is not waited for; the entry is read as it stands, said once."""
        with contextlib.ExitStack() as held:
            try:  # only the wait is guarded: a LockWaitTimeout of the body (``then``) is the body's own
                held.enter_context(self._entry_lock(result.workdir, shared=True, wait_s=result.job.timeout_s))
            except LockWaitTimeout:
                say_held_too_long(result.job.label, result.job.timeout_s, "reading it without the lock")
            yield

    def copy_entry(self, result: CompileResult, dest: Path, then: Callable[[], R] = lambda: None) -> R:
        """Copy ``result``'s entry to ``dest`` (replacing it), then ``then()`` (the sweep's proof of its dump), while
        no other process can replace the entry nor prune it (unless the lock wait timed out: then read as it stands);
        EntryGone when it was removed (compiler/entry.py)."""
        shutil.rmtree(dest, ignore_errors=True)  # no stale vmfb from an earlier attempt
        with self._reading(result):
            try:
                shutil.copytree(result.workdir, dest)
            except (FileNotFoundError, shutil.Error):  # removed under it (by hand: prune skips a held entry)
                check_present(result.workdir)  # EntryGone when it is; else the disk's fault
                raise
            return then()

    def is_cached(self, job: CompileJob) -> bool:
        """Whether ``job`` has an entry in the cache (compiler/entry.py is_entry: what prune surveys; links are not
        followed), so a compile of it now would most likely be a hit (its files are checked only then)."""
        return self.cache_dir is not None and is_entry(self.cache_dir / job.cache_key())

    def cancel(self) -> None:
        """Stop every running compile and refuse new ones (they raise CompileInterrupted)."""
        self._cancelled.set()
        if self.executor.remote:
            self.executor.cancel()  # ray.cancel interrupts the cluster's running tasks
        # Local tasks not started are left queued: each starts, sees the cancel and raises CompileInterrupted
        # (a cancelled Future would say CancelledError, which callers would take for the machine's failure).
        with self._lock:
            running = list(self._procs)
        for proc in running:
            kill_group(proc)

    @property
    def cancelled(self) -> bool:
        return self._cancelled.is_set()

    def close(self) -> None:
        """Remove the scratch directory (uncached results; cached entries stay) and stop the threads this
        compiler started (a caller's executor is the caller's to close)."""
        if self._waiters is not self.executor:
            self._waiters.close()
        if self._owns_executor:
            self.executor.close()
        with self._lock:
            scratch, self._scratch = self._scratch, None
        if scratch is not None:
            self._finalizer()  # rmtree, once

    def __enter__(self) -> "Compiler":
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    def compile(self, job: CompileJob) -> CompileResult:
        """Compile one job as a CPU task of the executor and wait for it (every compile goes through the
        executor). Ctrl-C while waiting kills the compile, as :meth:`stop` does, and propagates."""
        future = self.submit(job)
        try:
            return future.result()
        except BaseException:
            if not future.done():  # interrupted while waiting, not the job's own failure
                self.stop([future])
            raise

    def _compile(self, job: CompileJob) -> CompileResult:
        """The task: a valid cache entry, else a fresh build here or on the remote executor's worker."""
        check_spec_target(job)
        if self.cancelled:
            raise CompileInterrupted(f"{job.label}: not started, the compile was cancelled")
        workdir = self._entry(job)
        with self._lock:
            key_lock = self._key_locks.setdefault(workdir.name, threading.Lock())
        with key_lock, contextlib.ExitStack() as held:
            try:
                held.enter_context(self._entry_lock(workdir, wait_s=job.timeout_s))
            except LockWaitTimeout:
                # The process building this entry has held it longer than the compile may take: it is stopped
                # (Ctrl-Z, SIGSTOP) or gone astray. Build it here, uncached, rather than wait without end.
                say_held_too_long(job.label, job.timeout_s, "compiling it here, uncached")
                own = Path(tempfile.mkdtemp(dir=self.scratch, prefix=f"{workdir.name}-"))
                return self._compile_remote(job, own) if self.executor.remote else self._compile_fresh(job, own)
            if self.cache_dir is not None or workdir.name in self._finished:
                meta = read_valid_manifest(workdir)
                usable = meta is not None and not meta.get("timed_out") and not meta.get("uncacheable")
                fresh = workdir.name in self._finished  # compiled by this instance: never retried twice
                if usable and (meta["returncode"] == 0 or not self.retry_failed or fresh):
                    if self.cache_dir is not None:
                        mark_used(workdir)  # its last use, for `vdmfma cache prune` (a build's is its manifest's)
                    return self._result(job, workdir, meta, cached=True)
            if self.executor.remote:
                result = self._compile_remote(job, workdir)
            else:
                result = self._compile_fresh(job, workdir)
            self._finished.add(workdir.name)
            return result

    def _compile_remote(self, job: CompileJob, workdir: Path) -> CompileResult:
        """Compile on an executor's worker; install the files it ships back exactly as a local build."""
        try:
            shipped = self.executor.submit_cpu(build_shipped, job, compiler_version(), self.stall_s).result()
        except BaseException as e:
            if self.cancelled or isinstance(e, KeyboardInterrupt):
                raise CompileInterrupted(f"iree-compile for {job.label} was interrupted") from None
            raise
        if self.cancelled:
            raise CompileInterrupted(f"iree-compile for {job.label} was interrupted")
        meta = shipped["meta"]
        final = (self.scratch / f"{workdir.name}-remote" if meta["uncacheable"] and self.cache_dir is not None
                 else workdir)
        final.parent.mkdir(parents=True, exist_ok=True)
        tmp = Path(tempfile.mkdtemp(dir=final.parent, prefix=f".{final.name}."))
        try:
            unpack(shipped, tmp, final)
            meta = {k: v for k, v in meta.items() if k != "files"}
            meta["error"] = meta["error"].replace(shipped["workdir"], str(final))
            meta["node"] = shipped.get("node", "")  # where it was built, for the row (and later cache hits)
            write_manifest(tmp, meta)
            install(tmp, final)
        except BaseException:
            shutil.rmtree(tmp, ignore_errors=True)
            raise
        checked = read_valid_manifest(final)  # verified as a cache hit is: every file against its hash
        if checked is None:
            raise RuntimeError(f"{job.label}: the entry built on the worker did not verify in {final}")
        return self._result(job, final, checked, cached=False)

    def _run(self, cmd: list[str], timeout_s: float) -> tuple[Optional[int], str, bool, bool]:
        """(returncode, stderr, timed_out, hung) of one iree-compile, run by util/procs.run_group in its own
        process group; one that makes no progress for ``self.stall_s`` (util/procs.Stall: IREE 3.13's
        threaded-compile deadlock) is ended then, timed out and hung, not at ``timeout_s``. ``cancel`` kills it
        from another thread."""
        try:
            done = procs.run_group(cmd, timeout_s, stall_s=self.stall_s, on_start=self._started,
                                   on_end=self._ended)
        except subprocess.TimeoutExpired as e:
            return None, e.stderr or "", True, isinstance(e, Hung)
        if done.ended:  # killed by procs.end_children: the command is stopping, not the compile failing
            self._cancelled.set()
        return done.returncode, done.stderr or "", False, False

    def _started(self, proc: subprocess.Popen) -> None:
        with self._lock:
            self._procs.add(proc)
            cancelled = self._cancelled.is_set()
        if cancelled:
            kill_group(proc)

    def _ended(self, proc: subprocess.Popen) -> None:
        with self._lock:
            self._procs.discard(proc)

    def _compile_fresh(self, job: CompileJob, workdir: Path) -> CompileResult:
        # Build in a sibling temp dir and rename: a crash mid-way never leaves a half entry.
        workdir.parent.mkdir(parents=True, exist_ok=True)
        tmp = Path(tempfile.mkdtemp(dir=workdir.parent, prefix=f".{workdir.name}."))
        try:
            (tmp / "input.mlir").write_text(job.input_ir, encoding="utf-8")
            if job.spec is not None:
                (tmp / "spec.mlir").write_text(job.spec, encoding="utf-8")
            if job.preprocessing_spec is not None:
                (tmp / "preprocess.mlir").write_text(job.preprocessing_spec, encoding="utf-8")
            start = time.perf_counter()
            returncode, stderr, timed_out, hung = self._run(_command(job, tmp), job.timeout_s)
            elapsed = time.perf_counter() - start
            if self.cancelled:
                # Stopped by the user's Ctrl-C / SIGTERM: not a result of the job; never record or cache it.
                raise CompileInterrupted(f"iree-compile for {job.label} was interrupted")
            sig = signal_name(returncode)
            killed = returncode is not None and returncode < 0 and -returncode in EXTERNAL_SIGNALS
            if hung:
                why = "" if RETRY_FLAG in job.flags else "IREE 3.13's threaded-compile deadlock; "
                error = (f"hung: no CPU time and no thread running for {self.stall_s:g} s or more ({why}iree-compile "
                         f"and its process group killed after {elapsed:.0f} s)")
            elif timed_out:
                error = f"timed out after {job.timeout_s:g} s (iree-compile and its process group killed)"
            elif returncode == 0:
                error = ""
            elif killed:
                error = f"iree-compile was killed by {sig} from outside (out of memory?)"
            else:
                error = first_error_line(stderr, returncode) or f"iree-compile exited with {returncode}"
            disk = disk_fault(stderr, str(tmp)) if returncode not in (0, None) and not killed else 0  # its errno
            uncacheable = timed_out or killed or bool(disk)
            final = (self.scratch / f"{workdir.name}-{tmp.name.rsplit('.', 1)[-1]}"
                     if uncacheable and self.cache_dir is not None else workdir)
            stderr, error = (text.replace(str(tmp), str(final)) for text in (stderr, error))  # the entry's final place
            (tmp / "stderr.txt").write_text(stderr, encoding="utf-8")
            prune_dump(tmp / "dump")
            meta = {"label": job.label, "returncode": returncode, "timed_out": timed_out, "hung": hung,
                    "uncacheable": uncacheable, "disk_fault": disk, "signal": sig, "error": error,
                    "compile_s": elapsed, "compiler_version": compiler_version()}
            write_manifest(tmp, meta)
            install(tmp, final)
        except OSError as e:  # a full or failing disk under the entry: the error names the cache it was writing
            shutil.rmtree(tmp, ignore_errors=True)
            if e.filename is None and e.errno in DISK_ERRNOS:
                raise OSError(e.errno, e.strerror, str(workdir.parent)) from e
            raise
        except BaseException:
            shutil.rmtree(tmp, ignore_errors=True)
            raise
        return self._result(job, final, meta, cached=False)

    def _result(self, job: CompileJob, workdir: Path, meta: dict, cached: bool) -> CompileResult:
        ok = meta["returncode"] == 0 and not meta["timed_out"] and (workdir / "out.vmfb").exists()
        return CompileResult(job, ok, bool(meta["timed_out"]), meta["returncode"], meta["error"],
                             float(meta["compile_s"]), cached, workdir, repro_command(job, workdir),
                             str(meta.get("node") or ""), bool(meta.get("hung")),
                             int(meta.get("disk_fault") or 0))

    def pack(self, result: CompileResult) -> dict:
        """A result's entry as bytes (to ship it to another machine); see compiler/entry.py unpack."""
        with self._reading(result):
            return pack(result.workdir)

    def submit(self, job: CompileJob) -> Future:
        """Start :meth:`compile` of ``job`` as a CPU task of the executor (a remote executor: a local waiter
        whose compile runs on the cluster); a Future of its CompileResult."""
        return self._waiters.submit_cpu(self._compile, job)

    def stop(self, futures: Iterable[Future]) -> None:
        """On Ctrl-C (or any failure) with ``futures`` in flight: cancel those not started, kill the running
        compiles (nothing in flight is cached) and wait until every task has ended."""
        futures = list(futures)
        for f in futures:
            f.cancel()
        self.cancel()
        wait(futures)

    def compile_many(self, jobs: Iterable[CompileJob],
                     on_done: Optional[Callable[[CompileResult], None]] = None,
                     on_wait: Optional[Callable[[float, int], None]] = None, wait_s: float = 60.0) -> list[CompileResult]:
        """Compile in parallel on the executor; ``on_done`` is called (in the caller's thread, in order of
        completion); ``on_wait(seconds, left)`` each time ``wait_s`` seconds pass with nothing finished (a stall
        is said, not silent: each compile is still bounded by its job's timeout).

        On Ctrl-C every running compile is killed and nothing in flight is cached.
        """
        return self.wait_many([self.submit(job) for job in jobs], on_done, on_wait, wait_s)

    def wait_many(self, futures: list[Future], on_done: Optional[Callable] = None,
                  on_wait: Optional[Callable[[float, int], None]] = None, wait_s: float = 60.0) -> list:
        """The results of ``futures`` (compiles submitted here), in their order; ``on_done(result)`` and
        ``on_wait`` as :meth:`compile_many` says. On Ctrl-C or any failure every running compile is killed."""
        index = {future: i for i, future in enumerate(futures)}
        results: list = [None] * len(futures)
        try:
            for future in _as_completed_saying(index, on_wait, wait_s):
                results[index[future]] = result = future.result()
                if on_done:
                    on_done(result)
        except BaseException:
            self.stop(futures)
            raise
        return [r for r in results if r is not None]


def stall_seconds() -> float:
    """How long a compile may make no progress before it is ended as hung: ``$VDMFMA_STALL_S`` (0: never),
    else util/procs.STALL_S."""
    raw = os.environ.get("VDMFMA_STALL_S", "")
    try:
        return max(0.0, float(raw)) if raw.strip() else procs.STALL_S
    except ValueError:
        if raw not in _WARNED:
            _WARNED.add(raw)
            print(f"warning: VDMFMA_STALL_S={raw!r} is not a number of seconds (0: never end a compile as hung); "
                  f"{procs.STALL_S:g} s", file=sys.stderr)
        return procs.STALL_S


_WARNED: set[str] = set()


def _as_completed_saying(futures, on_wait: Optional[Callable[[float, int], None]], wait_s: float):
    """``as_completed(futures)``, calling ``on_wait(idle seconds, futures left)`` every ``wait_s`` idle seconds."""
    if on_wait is None:
        yield from as_completed(futures)
        return
    left, idle = set(futures), 0.0
    while left:
        done, left = wait(left, timeout=wait_s, return_when=FIRST_COMPLETED)
        if not done:
            idle += wait_s
            on_wait(idle, len(left))
            continue
        idle = 0.0
        yield from done


def build_shipped(job: CompileJob, expected_version: str, stall_s: Optional[float] = None) -> dict:
    """On a worker: compile ``job`` in a scratch directory and return the entry as bytes (a compile with no
    progress for the driver's ``stall_s`` ended as hung there too).

    Refuses a worker whose iree-compile is not the driver's (the cache key names the version).
    """
    if compiler_version() != expected_version:
        raise RuntimeError(f"worker {os.uname().nodename} has iree-compile {compiler_version()}, "
                           f"the driver {expected_version}: install the same iree-base-compiler on every node")
    with Compiler(None, workers=1, stall_s=stall_s) as compiler:
        result = compiler._compile_fresh(job, compiler._entry(job))
        return {**pack(result.workdir), "node": task_provenance() or os.uname().nodename}
