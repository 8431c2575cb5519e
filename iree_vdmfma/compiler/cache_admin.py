"""The compile cache as a whole: what it holds (`vdmfma cache info`) and trimming it (`vdmfma cache prune`).

A cache folder holds entries (a folder named by a job's 32-hex cache key holding ``manifest.json``, never a
symbolic link: compiler/entry.py), their lock files (``.locks/KEY.lock``), the proof memo (``.proofs/KEY40.json``,
sweep/proofs.py), and things that are not the compiler's and are never removed here: the tuning records
(``records.sqlite``), kept calibrations, CUDA target probes, and anything named otherwise. A folder with no
``.locks/``, no entry and something else (not the toolkit's) is no compile cache: prune refuses it
(:class:`NotACache`) and writes nothing there. The folder itself may be a link; nothing inside is followed.

Prune removes entries least recently used first (an entry's last use: entry.mark_used). A sweep copies and
proves an entry under its lock (shared: prune skips it), but other commands read an entry after letting go of
its lock (a tune keeps its vmfb for a race), so entries used within the grace window (``keep_recent_s``,
`--keep-recent`, a day by default) are never removed by either limit: prune is safe for running commands that
use an entry within it; a command that runs longer may find an entry gone: a sweep's, tune's or model's rows say
so (machine-error, redone by a rerun). Each entry is removed only while prune holds its lock, taken without
waiting (an entry a command is building, checking, copying out or proving is kept), and only if its last use has
not moved since the survey. It is renamed to a trash folder
inside the cache (``.trash-KEY-PID-NS``: never an entry) and its lock file unlinked while still held (util/lock.py:
a waiter on the old file then locks the new one), then the trash is removed. An interrupted prune leaves only
trash, which the next prune removes. A crash while an entry was replaced (entry.install: the old one removed,
then the new one renamed into place, all under the entry's lock held exclusively) leaves a 32-hex folder with no
manifest: a leftover too, removed under its lock taken without waiting, and only once it is older than the grace
window. Alone (no ``.locks/``, no entry) it is no sign of a cache. A proof is a memo, safe to remove at any time
(at worst it is proved again): those last used before --older-than go, and with --max-size those last used before
the oldest entry kept (their entry was most likely pruned); never one used within the grace window.
"""

from __future__ import annotations

import os
import re
import shutil
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Optional

from ..util.lock import held_elsewhere, lock_if_free
from .entry import LOCKS, MANIFEST, PROOFS, is_entry, is_key

DAY_S = 86400.0
_TRASH = re.compile(r"\.trash-([0-9a-f]{32})-\d+-\d+")  # an entry being removed (_remove_entry): renamed, then deleted
_BUILD = re.compile(r"\.([0-9a-f]{32})\.[a-z0-9_]{8}")  # a build's temp folder: driver.py's mkdtemp(prefix=".KEY.")
_PROOF = re.compile(r"[0-9a-f]{40}\.json")  # sweep/proofs.py ProofMemo._path
# what else the toolkit keeps in the cache folder (never pruned): the tuning records (records/db.py, with SQLite's
# side files), kept calibrations (cli/calibrate_cmds.py), CUDA target probes (compiler/cuda_targets.py)
_TOOLKITS = re.compile(r"records\.sqlite(?:-wal|-shm|-journal)?|calibration|cuda-targets|\.locks")
_LOCK = re.compile(r"([0-9a-f]{32})\.lock")  # entry.py entry_lock


class NotACache(ValueError):
    """The folder holds no compile cache: prune touches nothing in it."""


@dataclass(frozen=True)
class Item:
    path: Path
    bytes: int
    last_use: float  # seconds since the epoch


class _Totals:
    """Bytes in all of a survey's (or a prune's) entries, proofs and leftovers."""

    entries: list[Item]
    proofs: list[Item]
    leftovers: list[Item]

    @property
    def entry_bytes(self) -> int:
        return sum(x.bytes for x in self.entries)

    @property
    def proof_bytes(self) -> int:
        return sum(x.bytes for x in self.proofs)

    @property
    def leftover_bytes(self) -> int:
        return sum(x.bytes for x in self.leftovers)


@dataclass
class Survey(_Totals):
    """What a cache folder holds, by kind (their bytes: _Totals)."""

    root: Path
    entries: list[Item] = field(default_factory=list)  # least recently used first
    proofs: list[Item] = field(default_factory=list)
    leftovers: list[Item] = field(default_factory=list)  # an interrupted prune's trash, a killed build's or install's
    other_bytes: int = 0  # lock files, tuning records, calibrations, anything else
    has_locks: bool = False  # a .locks/ folder: any compile made one
    foreign: bool = False  # something the toolkit does not keep in a cache folder (a user's file or folder)

    @property
    def is_cache(self) -> bool:
        """Whether the folder looks like a compile cache: a .locks/ folder, or an entry, or nothing but what the
        toolkit keeps there besides entries (an empty folder, the tuning records, calibrations: nothing to prune)."""
        return self.has_locks or bool(self.entries) or not self.foreign


@dataclass
class Pruned(_Totals):
    """What a prune removed (or, in a dry run, would), by kind (their bytes: _Totals), and what it kept."""

    before: Survey
    entries: list[Item] = field(default_factory=list)  # removed (or, in a dry run, would be)
    in_use: list[Item] = field(default_factory=list)  # held by another process: kept
    used: list[Item] = field(default_factory=list)  # used since the survey (seen under its lock): kept
    recent: list[Item] = field(default_factory=list)  # used within the grace window: kept by both limits
    gone: list[Item] = field(default_factory=list)  # removed meanwhile by another prune (or by hand)
    proofs: list[Item] = field(default_factory=list)
    leftovers: list[Item] = field(default_factory=list)
    locks: int = 0  # orphan lock files removed

    @property
    def entries_after(self) -> int:
        return len(self.before.entries) - len(self.entries) - len(self.gone)

    @property
    def bytes_after(self) -> int:
        return self.before.entry_bytes - self.entry_bytes - sum(e.bytes for e in self.gone)


def _tree_bytes(path: Path) -> int:
    """A file's or a folder tree's apparent bytes (st_size: not the disk blocks they take, which `du` counts;
    links not followed, a link counts its own size); a file removed meanwhile counts nothing."""
    try:
        if path.is_symlink() or not path.is_dir():
            return path.lstat().st_size
        return sum(_tree_bytes(p) for p in path.iterdir())
    except FileNotFoundError:
        return 0


def _mtime(path: Path) -> float:
    try:
        return path.stat().st_mtime
    except FileNotFoundError:
        return 0.0


def _folder(path: Path) -> bool:
    """A folder, not a symbolic link to one (never surveyed, never removed through)."""
    return path.is_dir() and not path.is_symlink()


def survey(root: Path) -> Survey:
    """What ``root`` holds (an empty survey when it does not exist)."""
    found = Survey(root)
    if not root.is_dir():  # the root may be a link (a cache moved to a bigger disk); nothing inside is followed
        return found
    for path in sorted(root.iterdir()):
        if is_entry(path):
            found.entries.append(Item(path, _tree_bytes(path), _mtime(path / MANIFEST)))
        elif _folder(path) and (_TRASH.fullmatch(path.name) or _BUILD.fullmatch(path.name)):
            found.leftovers.append(Item(path, _tree_bytes(path), _mtime(path)))
        elif _half_entry(path):
            found.leftovers.append(Item(path, _tree_bytes(path), _mtime(path)))
            found.foreign = True  # alone no sign of a cache (a user's folder named by a hash); a build made .locks/
        elif path.name == PROOFS and _folder(path):
            found.proofs = [Item(p, _tree_bytes(p), _mtime(p)) for p in sorted(path.iterdir())
                            if _PROOF.fullmatch(p.name) and p.is_file() and not p.is_symlink()]
            found.other_bytes += _tree_bytes(path) - found.proof_bytes  # anything else in it
        else:
            found.has_locks = found.has_locks or (path.name == LOCKS and _folder(path))
            found.foreign = found.foreign or not _TOOLKITS.fullmatch(path.name)
            found.other_bytes += _tree_bytes(path)
    found.entries.sort(key=lambda e: (e.last_use, e.path.name))
    return found


def _half_entry(path: Path) -> bool:
    """A folder named by a cache key with no ``manifest.json`` at all (not even a link): what a crash in
    entry.install leaves (the old entry half removed)."""
    return is_key(path.name) and _folder(path) and not os.path.lexists(path / MANIFEST)


def _lock(root: Path, key: str) -> Path:
    return root / LOCKS / f"{key}.lock"


def _rmtree(path: Path) -> None:
    """Remove a folder; one another prune removed first is no fault, a failing disk is (OSError)."""
    def gone_is_no_fault(func, name, exc):  # exc: the exception (onexc), or sys.exc_info() (onerror)
        exc = exc if isinstance(exc, BaseException) else exc[1]
        if not isinstance(exc, FileNotFoundError):
            raise exc
    if sys.version_info >= (3, 12):  # onerror is deprecated from 3.12 on; onexc is new in 3.12
        shutil.rmtree(path, onexc=gone_is_no_fault)
    else:
        shutil.rmtree(path, onerror=gone_is_no_fault)


def _remove_entry(root: Path, entry: Item, dry_run: bool) -> str:
    """Remove ``entry`` while holding its lock, taken without waiting: 'removed'; 'in-use' when another process
    holds it, 'used' when its last use moved since the survey, 'gone' when another prune removed it first. A dry
    run only asks whether the lock is held (no lock file made)."""
    lock = _lock(root, entry.path.name)
    if dry_run:
        return "in-use" if held_elsewhere(lock) else "removed"
    with lock_if_free(lock) as free:
        if not is_entry(entry.path):
            return "gone"  # another prune renamed it meanwhile (held or not, it is not in use)
        if not free:
            return "in-use"
        if _mtime(entry.path / MANIFEST) != entry.last_use:
            return "used"  # a hit since the survey: it is in use, whatever the limits said then
        trash = root / f".trash-{entry.path.name}-{os.getpid()}-{time.monotonic_ns()}"
        try:
            os.rename(entry.path, trash)
        except FileNotFoundError:
            return "gone"
        lock.unlink(missing_ok=True)  # still held: see the module's docstring
    _rmtree(trash)
    return "removed"


def _remove_leftover(root: Path, item: Item, dry_run: bool, recent: float) -> bool:
    """A trash folder goes at once; a build's folder only when its key's lock is free (no build running); a half
    entry only when its lock is free (no install running: entry.install holds it), it is older than ``recent``
    and it is still no entry (not installed since the survey)."""
    build = _BUILD.fullmatch(item.path.name)
    if build is None and not is_key(item.path.name):
        if not dry_run:
            _rmtree(item.path)
        return True
    if build is None and item.last_use >= recent:
        return False
    lock = _lock(root, build.group(1) if build else item.path.name)
    if dry_run:
        return not held_elsewhere(lock)
    with lock_if_free(lock) as free:
        if not free or is_entry(item.path):
            return False
        _rmtree(item.path)
        return True


def _orphan_locks(root: Path, dry_run: bool) -> int:
    """Remove (count) lock files whose entry is gone, each while holding it (a build about to start waits on it)."""
    folder, removed = root / LOCKS, 0
    if not _folder(folder):
        return 0
    for lock in sorted(folder.iterdir()):
        key = _LOCK.fullmatch(lock.name)
        if key is None or lock.is_symlink() or not lock.is_file():
            continue
        key = key.group(1)
        if (root / key).exists() or any(_BUILD.fullmatch(p.name) for p in root.glob(f".{key}.*")):
            continue
        if dry_run:
            removed += not held_elsewhere(lock)
            continue
        with lock_if_free(lock) as free:
            if free and not (root / key).exists():
                lock.unlink(missing_ok=True)
                removed += 1
    return removed


def prune(root: Path, older_than_s: Optional[float] = None, max_bytes: Optional[int] = None,
          keep_recent_s: float = DAY_S, dry_run: bool = False) -> Pruned:
    """Remove entries least recently used first until none is older than ``older_than_s`` and they hold at most
    ``max_bytes`` in all, never one used within ``keep_recent_s`` (said in ``recent``); entries another process
    holds (``in_use``) or used since the survey (``used``) are kept. Stale proofs, leftovers and orphan lock
    files go too. ``dry_run`` removes nothing and says what would go. NotACache when ``root`` is no compile
    cache (nothing written there); OSError when the disk fails."""
    start = time.time()
    before = survey(root)
    if not before.is_cache:
        raise NotACache(f"{root} does not look like a compile cache (no {LOCKS}/ folder, no entry with a "
                        f"{MANIFEST}, and things the toolkit does not keep there): nothing pruned")
    done = Pruned(before)
    recent = start - keep_recent_s
    for item in before.leftovers:
        if _remove_leftover(root, item, dry_run, recent):
            done.leftovers.append(item)
    total, kept_oldest = before.entry_bytes, None
    for entry in before.entries:  # least recently used first
        old = older_than_s is not None and entry.last_use < start - older_than_s
        big = max_bytes is not None and total > max_bytes
        if (old or big) and entry.last_use >= recent:
            done.recent.append(entry)
        if not (old or big) or entry.last_use >= recent:
            kept_oldest = entry.last_use if kept_oldest is None else kept_oldest
            continue
        outcome = _remove_entry(root, entry, dry_run)
        if outcome in ("removed", "gone"):
            (done.entries if outcome == "removed" else done.gone).append(entry)
            total -= entry.bytes
            continue
        (done.in_use if outcome == "in-use" else done.used).append(entry)
        kept_oldest = entry.last_use if kept_oldest is None else kept_oldest
    stale = start - older_than_s if older_than_s is not None else 0.0
    if max_bytes is not None:
        stale = max(stale, min(kept_oldest if kept_oldest is not None else start, start))
    for proof in before.proofs:
        if proof.last_use < min(stale, recent):
            if not dry_run:
                proof.path.unlink(missing_ok=True)
            done.proofs.append(proof)
    done.locks = _orphan_locks(root, dry_run)
    return done
