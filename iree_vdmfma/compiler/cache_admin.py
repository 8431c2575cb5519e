"""The compile cache as a whole: what it holds (`vdmfma cache info`) and trimming it (`vdmfma cache prune`).

A cache folder holds entries (folders named by a job's 32-hex cache key, compiler/entry.py), their lock files
(``.locks/KEY.lock``), the proof memo (``.proofs/``, sweep/proofs.py), and things that are not the compiler's
and are never removed here: the tuning records (``records.sqlite``), kept calibrations, CUDA target probes.

Prune removes entries least recently used first (an entry's last use: entry.mark_used), each only while it
holds the entry's lock, taken without waiting: an entry a running command is building, checking or reading is
kept. It renames the entry to a trash folder inside the cache (``.trash-KEY-...``: never an entry) and unlinks its
lock file while still holding it (util/lock.py: a waiter on the old file then locks the new one), then removes
the trash. An interrupted prune leaves only trash, which the next prune removes. A proof is a memo, safe to
remove at any time (at worst it is proved again): those last used before --older-than go, and with --max-size
those last used before the oldest entry kept (their entry was most likely pruned).
"""

from __future__ import annotations

import os
import re
import shutil
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Optional

from ..util.lock import lock_if_free
from .entry import LOCKS, MANIFEST, PROOFS

TRASH = ".trash-"  # an entry being removed: renamed, then deleted
_KEY = re.compile(r"[0-9a-f]{32}")
_BUILD = re.compile(r"\.([0-9a-f]{32})\..+")  # a build's temp folder (driver.py _compile_fresh): .KEY.xxxx


@dataclass(frozen=True)
class Item:
    path: Path
    bytes: int
    last_use: float  # seconds since the epoch


@dataclass
class Survey:
    """What a cache folder holds, by kind."""

    root: Path
    entries: list[Item] = field(default_factory=list)  # least recently used first
    proofs: list[Item] = field(default_factory=list)
    leftovers: list[Item] = field(default_factory=list)  # trash of an interrupted prune, a killed build's folder
    other_bytes: int = 0  # lock files, tuning records, calibrations, anything else

    @property
    def entry_bytes(self) -> int:
        return sum(e.bytes for e in self.entries)


@dataclass
class Pruned:
    before: Survey
    entries: list[Item] = field(default_factory=list)  # removed (or, in a dry run, would be)
    in_use: list[Item] = field(default_factory=list)  # held by another process: kept
    proofs: list[Item] = field(default_factory=list)
    leftovers: list[Item] = field(default_factory=list)
    locks: int = 0  # orphan lock files removed

    @property
    def entries_after(self) -> int:
        return len(self.before.entries) - len(self.entries)

    @property
    def bytes_after(self) -> int:
        return self.before.entry_bytes - sum(e.bytes for e in self.entries)


def _bytes(path: Path) -> int:
    """A file's or a folder tree's bytes (links not followed); a file removed meanwhile counts nothing."""
    try:
        if not path.is_dir() or path.is_symlink():
            return path.lstat().st_size
        return sum(_bytes(p) for p in path.iterdir())
    except FileNotFoundError:
        return 0


def _mtime(path: Path) -> float:
    try:
        return path.stat().st_mtime
    except FileNotFoundError:
        return 0.0


def survey(root: Path) -> Survey:
    """What ``root`` holds (an empty survey when it does not exist)."""
    found = Survey(root)
    if not root.is_dir():
        return found
    for path in sorted(root.iterdir()):
        if path.is_dir() and _KEY.fullmatch(path.name):
            used = _mtime(path / MANIFEST) or _mtime(path)  # one without a manifest: not usable, still an entry
            found.entries.append(Item(path, _bytes(path), used))
        elif path.is_dir() and (path.name.startswith(TRASH) or _BUILD.fullmatch(path.name)):
            found.leftovers.append(Item(path, _bytes(path), _mtime(path)))
        elif path.name == PROOFS and path.is_dir():
            found.proofs = [Item(p, _bytes(p), _mtime(p)) for p in sorted(path.iterdir()) if p.is_file()]
            found.other_bytes += _bytes(path) - sum(p.bytes for p in found.proofs)  # an atomic write's temp file
        else:
            found.other_bytes += _bytes(path)
    found.entries.sort(key=lambda e: (e.last_use, e.path.name))
    return found


def _lock(root: Path, key: str) -> Path:
    return root / LOCKS / f"{key}.lock"


def _rmtree(path: Path) -> None:
    """Remove a folder; one another prune removed first is no fault, a failing disk is (OSError)."""
    def onerror(func, name, exc_info):
        if not issubclass(exc_info[0], FileNotFoundError):
            raise exc_info[1]
    shutil.rmtree(path, onerror=onerror)


def _remove_entry(root: Path, entry: Item) -> bool:
    """Remove ``entry`` while holding its lock, taken without waiting; False when another process holds it."""
    with lock_if_free(_lock(root, entry.path.name)) as free:
        if not free:
            return False
        trash = root / f"{TRASH}{entry.path.name}-{os.getpid()}-{time.monotonic_ns()}"
        try:
            os.rename(entry.path, trash)
        except FileNotFoundError:
            return True  # another prune removed it meanwhile
        _lock(root, entry.path.name).unlink(missing_ok=True)  # still held: see the module's docstring
    _rmtree(trash)
    return True


def _remove_leftover(root: Path, item: Item) -> bool:
    """A trash folder goes at once; a build's folder only when its key's lock is free (no build running)."""
    build = _BUILD.fullmatch(item.path.name)
    if build is None:
        _rmtree(item.path)
        return True
    with lock_if_free(_lock(root, build.group(1))) as free:
        if free:
            _rmtree(item.path)
        return free


def _orphan_locks(root: Path, dry_run: bool) -> int:
    """Remove (count) lock files whose entry is gone, each while holding it (a build about to start waits on it)."""
    folder, removed = root / LOCKS, 0
    if not folder.is_dir():
        return 0
    for lock in sorted(folder.glob("*.lock")):
        key = lock.name[: -len(".lock")]
        if (root / key).exists() or any(root.glob(f".{key}.*")):
            continue
        if dry_run:
            removed += 1
            continue
        with lock_if_free(lock) as free:
            if free and not (root / key).exists():
                lock.unlink(missing_ok=True)
                removed += 1
    return removed


def prune(root: Path, older_than_s: Optional[float] = None, max_bytes: Optional[int] = None,
          dry_run: bool = False) -> Pruned:
    """Remove entries least recently used first until none is older than ``older_than_s`` and they hold at most
    ``max_bytes`` in all; entries another process holds are kept (said in ``in_use``). Stale proofs, leftovers
    and orphan lock files go too. ``dry_run`` removes nothing and says what would go (without asking which
    entries are in use). OSError when the disk fails."""
    start = time.time()
    before = survey(root)
    done = Pruned(before)
    for item in before.leftovers:
        if dry_run or _remove_leftover(root, item):
            done.leftovers.append(item)
    total, kept_oldest = before.entry_bytes, None
    for entry in before.entries:  # least recently used first
        old = older_than_s is not None and entry.last_use < start - older_than_s
        big = max_bytes is not None and total > max_bytes
        if not (old or big):
            kept_oldest = entry.last_use if kept_oldest is None else kept_oldest
            continue
        if dry_run or _remove_entry(root, entry):
            done.entries.append(entry)
            total -= entry.bytes
        else:
            done.in_use.append(entry)
            kept_oldest = entry.last_use if kept_oldest is None else kept_oldest
    stale = start - older_than_s if older_than_s is not None else 0.0
    if max_bytes is not None:
        stale = max(stale, min(kept_oldest if kept_oldest is not None else start, start))
    for proof in before.proofs:
        if proof.last_use < stale:
            if not dry_run:
                proof.path.unlink(missing_ok=True)
            done.proofs.append(proof)
    done.locks = _orphan_locks(root, dry_run)
    return done
