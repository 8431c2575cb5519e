"""Compile driver: iree-compile per job, in parallel, behind a content-addressed cache.

A job is (input IR, spec, flags). Its cache key hashes those with the compiler
version, so an identical re-run compiles nothing. Each cache entry keeps the
vmfb, the configured IR and ISA dumps, and a manifest with every file's hash: a
corrupt or partial entry is detected and rebuilt, never trusted. A failing or
hanging compile becomes a result with the first error line and a command that
reproduces it.
"""

from __future__ import annotations

import hashlib
import json
import os
import shlex
import shutil
import signal
import subprocess
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor, as_completed
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, Iterable, Optional

from .toolchain import compiler_version, tool

# Dump files worth keeping: configured IR, ISA, the dispatch benchmark module.
KEEP_SUFFIXES = (".rocmasm", ".mlir", ".s")
MANIFEST = "manifest.json"
DEFAULT_TIMEOUT_S = 300.0
INTERRUPT_SIGNALS = {signal.SIGINT, signal.SIGTERM, signal.SIGKILL}


def default_cache_dir() -> Path:
    env = os.environ.get("VDMFMA_CACHE_DIR")
    if env:
        return Path(env)
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(base) / "iree-vdmfma"


@dataclass(frozen=True)
class CompileJob:
    """One iree-compile invocation: input IR text, optional spec text, target flags."""

    label: str  # human name, e.g. 'f16_8x2304x8192/vdmfma/gfx942'
    input_ir: str
    flags: tuple[str, ...]
    spec: Optional[str] = None
    timeout_s: float = DEFAULT_TIMEOUT_S

    def cache_key(self) -> str:
        h = hashlib.sha256()
        for part in (compiler_version(), self.input_ir, self.spec or "", "\0".join(self.flags)):
            h.update(part.encode())
            h.update(b"\0\0")
        return h.hexdigest()[:32]


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

    @property
    def vmfb(self) -> Path:
        return self.workdir / "out.vmfb"

    @property
    def dump_dir(self) -> Path:
        return self.workdir / "dump"


def first_error_line(stderr: str) -> str:
    """The compiler's first real error: an 'error:' diagnostic, else a crash banner, else the last line."""
    lines = [l.strip() for l in stderr.splitlines() if l.strip()]
    for needle in ("error:", "LLVM ERROR", "Assertion", "Stack dump", "Segmentation fault", "Aborted"):
        for line in lines:
            if needle in line:
                return line[:500]
    return lines[-1][:500] if lines else ""


def _command(job: CompileJob, workdir: Path, compiler: Optional[str] = None) -> list[str]:
    cmd = [compiler or tool("iree-compile"), str(workdir / "input.mlir"), "-o", str(workdir / "out.vmfb"), *job.flags,
           f"--iree-hal-dump-executable-files-to={workdir / 'dump'}"]
    if job.spec is not None:
        cmd.append(f"--iree-codegen-tuning-spec-path={workdir / 'spec.mlir'}")
    return cmd


def repro_command(job: CompileJob, workdir: Path) -> str:
    """Shell command that redoes the job from the files in ``workdir``."""
    return shlex.join(_command(job, workdir, compiler="iree-compile"))


def _sha(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def _prune_dump(dump: Path) -> None:
    """Keep only what proof and runs need: drop LLVM IR and code objects (large)."""
    if dump.is_dir():
        for f in dump.iterdir():
            if not f.name.endswith(KEEP_SUFFIXES):
                f.unlink()


def _write_manifest(workdir: Path, meta: dict) -> None:
    files = {str(p.relative_to(workdir)): _sha(p) for p in sorted(workdir.rglob("*"))
             if p.is_file() and p.name != MANIFEST}
    tmp = workdir / (MANIFEST + ".tmp")
    tmp.write_text(json.dumps({**meta, "files": files}, indent=1))
    os.replace(tmp, workdir / MANIFEST)


def _read_valid_manifest(workdir: Path) -> Optional[dict]:
    """The entry's manifest if every file it lists is present and unchanged, else None."""
    try:
        meta = json.loads((workdir / MANIFEST).read_text())
        for rel, digest in meta["files"].items():
            if _sha(workdir / rel) != digest:
                return None
        return meta
    except (OSError, ValueError, KeyError, TypeError):
        return None


class Compiler:
    """Runs CompileJobs with caching. ``cache_dir=None`` disables the cache (work in a temp dir)."""

    def __init__(self, cache_dir: Optional[Path] = None, workers: Optional[int] = None):
        self.cache_dir = Path(cache_dir) if cache_dir else None
        self.workers = workers or os.cpu_count() or 1
        self._scratch = Path(tempfile.mkdtemp(prefix="vdmfma-nocache-")) if cache_dir is None else None

    def _entry(self, job: CompileJob) -> Path:
        root = self.cache_dir if self.cache_dir else self._scratch
        return root / job.cache_key()

    def compile(self, job: CompileJob) -> CompileResult:
        workdir = self._entry(job)
        if self.cache_dir is not None:
            meta = _read_valid_manifest(workdir)
            if meta is not None and not meta.get("timed_out"):
                return self._result(job, workdir, meta, cached=True)
        return self._compile_fresh(job, workdir)

    def _compile_fresh(self, job: CompileJob, workdir: Path) -> CompileResult:
        # Build in a sibling temp dir and rename: a crash mid-way never leaves a half entry.
        workdir.parent.mkdir(parents=True, exist_ok=True)
        tmp = Path(tempfile.mkdtemp(dir=workdir.parent, prefix=f".{workdir.name}."))
        (tmp / "input.mlir").write_text(job.input_ir)
        if job.spec is not None:
            (tmp / "spec.mlir").write_text(job.spec)
        start = time.perf_counter()
        timed_out, returncode, stderr = False, None, ""
        try:
            proc = subprocess.run(_command(job, tmp), capture_output=True, text=True, timeout=job.timeout_s)
            returncode, stderr = proc.returncode, proc.stderr
        except subprocess.TimeoutExpired as e:
            timed_out = True
            stderr = (e.stderr.decode(errors="replace") if isinstance(e.stderr, bytes) else e.stderr) or ""
        elapsed = time.perf_counter() - start
        if returncode is not None and -returncode in INTERRUPT_SIGNALS:
            # Killed by the user's Ctrl-C / SIGTERM: not a result of the job; never cache it.
            shutil.rmtree(tmp, ignore_errors=True)
            raise KeyboardInterrupt(f"iree-compile for {job.label} was interrupted")
        stderr = stderr.replace(str(tmp), str(workdir))  # name the entry's final place
        (tmp / "stderr.txt").write_text(stderr)
        _prune_dump(tmp / "dump")
        meta = {"label": job.label, "returncode": returncode, "timed_out": timed_out,
                "error": f"timed out after {job.timeout_s:g} s" if timed_out else
                ("" if returncode == 0 else first_error_line(stderr) or f"iree-compile exited with {returncode}"),
                "compile_s": elapsed, "compiler_version": compiler_version()}
        _write_manifest(tmp, meta)
        shutil.rmtree(workdir, ignore_errors=True)
        os.replace(tmp, workdir)
        return self._result(job, workdir, meta, cached=False)

    def _result(self, job: CompileJob, workdir: Path, meta: dict, cached: bool) -> CompileResult:
        ok = meta["returncode"] == 0 and not meta["timed_out"] and (workdir / "out.vmfb").exists()
        return CompileResult(job, ok, bool(meta["timed_out"]), meta["returncode"], meta["error"],
                             float(meta["compile_s"]), cached, workdir, repro_command(job, workdir))

    def compile_many(self, jobs: Iterable[CompileJob],
                     on_done: Optional[Callable[[CompileResult], None]] = None) -> list[CompileResult]:
        """Compile in parallel; ``on_done`` is called (in the caller's thread order of completion)."""
        jobs = list(jobs)
        results: list[Optional[CompileResult]] = [None] * len(jobs)
        with ThreadPoolExecutor(max_workers=self.workers) as pool:
            futures = {pool.submit(self.compile, job): i for i, job in enumerate(jobs)}
            for future in as_completed(futures):
                result = future.result()
                results[futures[future]] = result
                if on_done:
                    on_done(result)
        return [r for r in results if r is not None]
