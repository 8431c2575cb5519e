"""A compile-cache entry on disk: its files, its manifest, its lock, and how it is installed and shipped.

An entry is a directory named by the job's cache key (compiler/driver.py CompileJob.cache_key) holding
input.mlir, the spec files, stderr.txt, out.vmfb when the compile succeeded, the kept dumps (configured IR,
ISA) and ``manifest.json``: the compile's outcome and every file's sha256. An entry whose manifest is
incomplete or whose files do not match it is not trusted (:func:`read_valid_manifest` says None) and is
rebuilt. Processes sharing a cache take ``.locks/KEY.lock`` (:func:`entry_lock`): exclusively while an entry is
checked, built and installed, shared while it is read out, so no entry is replaced under a reader. An entry's
last use is its manifest's modification time (:func:`mark_used`): set when it is built, moved on every hit; what
`vdmfma cache prune` removes least recently used first (compiler/cache_admin.py).
"""

from __future__ import annotations

import contextlib
import errno
import hashlib
import json
import os
import re
import shutil
import sys
from pathlib import Path
from typing import Callable, Optional

from ..util.io import atomic_write_text
from ..util.lock import waiting_lock

# Dump files worth keeping: configured IR, ISA (ROCm .rocmasm, CUDA .ptx), the dispatch benchmark module.
KEEP_SUFFIXES = (".rocmasm", ".ptx", ".mlir", ".s")
MANIFEST = "manifest.json"
LOCKS = ".locks"  # one lock file per entry key, beside the entries (entry_lock)
PROOFS = ".proofs"  # what the entries' dumps proved, beside the entries (sweep/proofs.py)
_KEY = re.compile(r"[0-9a-f]{32}")  # an entry's name: its job's cache key (driver.py CompileJob.cache_key)


def is_key(name: str) -> bool:
    """Whether ``name`` is an entry's name: a job's 32-hex cache key."""
    return _KEY.fullmatch(name) is not None


def _sha(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def prune_dump(dump: Path) -> None:
    """Keep only what proof and runs need: drop LLVM IR and code objects (large)."""
    if dump.is_dir():
        for f in dump.iterdir():
            if not f.name.endswith(KEEP_SUFFIXES):
                f.unlink()


def write_manifest(workdir: Path, meta: dict) -> None:
    """``meta`` and the hash of every file under ``workdir`` into its manifest (written last, atomically)."""
    files = {str(p.relative_to(workdir)): _sha(p) for p in sorted(workdir.rglob("*"))
             if p.is_file() and p.name != MANIFEST}
    atomic_write_text(workdir / MANIFEST, json.dumps({**meta, "files": files}, indent=1))


def is_entry(path: Path) -> bool:
    """Whether ``path`` is a cache entry: a folder named by a 32-hex cache key holding a ``manifest.json`` file,
    neither of them a symbolic link (never followed: what `vdmfma cache prune` surveys and removes)."""
    manifest = path / MANIFEST
    return is_key(path.name) and path.is_dir() and not path.is_symlink() \
        and manifest.is_file() and not manifest.is_symlink()


def read_valid_manifest(workdir: Path) -> Optional[dict]:
    """The entry's manifest if it is complete and every file it lists is present and unchanged, else None."""
    try:
        meta = json.loads((workdir / MANIFEST).read_text(encoding="utf-8"))
        files = meta["files"]
        returncode, timed_out = meta["returncode"], meta["timed_out"]
        str(meta["error"]), float(meta["compile_s"])
        if not isinstance(files, dict) or "input.mlir" not in files or "stderr.txt" not in files:
            return None
        if returncode == 0 and not timed_out and "out.vmfb" not in files:
            return None
        for rel, digest in files.items():
            if _sha(workdir / rel) != digest:
                return None
        return meta
    except (OSError, ValueError, KeyError, TypeError, AttributeError):
        return None


def mark_used(workdir: Path) -> None:
    """Record now as the entry's last use: its manifest's mtime (no file's bytes change, so neither does any
    checksum). A cache that cannot be written (read-only, a failing disk) serves the hit all the same."""
    touch(workdir / MANIFEST)


def touch(path: Path) -> None:
    """A cache file's last use moved to now (an entry's manifest, a kept proof: what `vdmfma cache prune` reads);
    never an error: one that cannot be touched keeps its older last use (pruned sooner, never served wrong)."""
    try:
        os.utime(path)
    except OSError:
        pass


# Why a run found its cached module missing (a tune candidate's reason, a model row's error): module_gone
REMOVED = "removed from the compile cache under this run (a prune or a hand rm): a rerun rebuilds it"


class EntryGone(RuntimeError):
    """A cache entry a command was using was removed under it (`vdmfma cache prune` past its grace window, or by
    hand): the machine's doing, not the job's; a rerun compiles it again. ``why``: the message (the sweep's
    by default)."""

    def __init__(self, workdir: Path, missing: Path, why: str = ""):
        super().__init__(why or f"the cache entry {workdir} was removed while this sweep used it (vdmfma cache "
                         "prune?): rerun to compile it again")
        self.missing = missing


def check_present(workdir: Path, *needed: Path) -> None:
    """EntryGone unless ``workdir`` still holds its manifest and every path ``needed``."""
    for path in (workdir / MANIFEST, *needed):
        if not path.exists():
            raise EntryGone(workdir, path)


def module_gone(vmfb: Path) -> Optional[EntryGone]:
    """Why a run could not open ``vmfb``, a cache entry's module read after its lock was let go (a tune's
    candidate, a model's forward), when that is why: EntryGone saying REMOVED, naming what went (the entry's
    manifest: the whole entry; else the module alone), while ``vmfb`` is missing; None while it is there."""
    if vmfb.exists():
        return None
    try:
        check_present(vmfb.parent, vmfb)
    except EntryGone as e:
        return EntryGone(vmfb.parent, e.missing, REMOVED)
    return None  # back meanwhile (rebuilt by another command)


def entry_lock(cache_dir: Optional[Path], workdir: Path, shared: bool = False,
               give_up: Optional[Callable[[], None]] = None, wait_s: Optional[float] = None):
    """The lock other processes sharing the cache see on ``workdir``: exclusive while it is checked, built and
    installed, ``shared`` while it is read out; LockWaitTimeout when another process holds it longer than
    ``wait_s``. An entry outside ``cache_dir`` (no cache, the scratch folder) is this process's own: no lock."""
    if cache_dir is None or workdir.parent != cache_dir:
        return contextlib.nullcontext()
    return waiting_lock(cache_dir / LOCKS / f"{workdir.name}.lock", shared, give_up=give_up, wait_s=wait_s)


def say_held_too_long(label: str, wait_s: float, instead: str) -> None:
    """The one warning for an entry another process has held past the compile's timeout (stopped with Ctrl-Z,
    SIGSTOP, or astray): ``instead`` says what this process does rather than wait without end."""
    print(f"warning: {label}: another process has held its compile-cache entry for more than {wait_s:g} s "
          f"(stopped?); {instead}", file=sys.stderr)


def install(tmp: Path, final: Path) -> None:
    """Move a finished build into place, replacing an old (corrupt, failed) entry. An uncacheable build goes
    from the cache to the scratch folder, which may be on another file system: copied there, then removed."""
    for _ in range(3):
        shutil.rmtree(final, ignore_errors=True)
        try:
            os.replace(tmp, final)
            return
        except OSError as e:
            if e.errno == errno.EXDEV:  # the cache and the scratch folder are on different file systems
                shutil.copytree(tmp, final)
                shutil.rmtree(tmp, ignore_errors=True)
                return
            continue  # another process installed the same entry meanwhile: try again
    os.replace(tmp, final)


def pack(workdir: Path) -> dict:
    """An entry as {'workdir', 'meta', 'files': {relative path: bytes}} (small: vmfb, kept dumps, stderr)."""
    meta = json.loads((workdir / MANIFEST).read_text(encoding="utf-8"))
    files = {str(p.relative_to(workdir)): p.read_bytes() for p in sorted(workdir.rglob("*"))
             if p.is_file() and p.name != MANIFEST}
    return {"workdir": str(workdir), "meta": meta, "files": files}


def unpack(shipped: dict, into: Path, final: Path) -> None:
    """Write shipped files into ``into``, checking each against the sender's manifest (a corrupt
    transfer raises); stderr.txt is rewritten to name ``final`` instead of the sender's directory."""
    expected = shipped["meta"]["files"]
    if set(expected) != set(shipped["files"]):
        raise RuntimeError(f"shipped entry is incomplete: {sorted(set(expected) ^ set(shipped['files']))}")
    for rel, data in shipped["files"].items():
        if hashlib.sha256(data).hexdigest() != expected[rel]:
            raise RuntimeError(f"shipped file {rel} does not match its hash (corrupt in transfer)")
        if rel == "stderr.txt":
            data = data.decode(errors="replace").replace(shipped["workdir"], str(final)).encode()
        path = into / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(data)
