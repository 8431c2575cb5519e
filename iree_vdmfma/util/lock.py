"""Locks between processes: an exclusive one on an output directory, so two runs never write into one at
once, a waiting one on a file (a compile-cache entry's, compiler/entry.py), and one taken only if free (the
cache's prune, compiler/cache_admin.py).

``OUT/.lock`` is locked with ``flock`` for as long as the run holds it; the
kernel drops the lock when the process ends, however it ends (no stale locks
after a crash or SIGKILL). The holder writes its pid, host and command line
into the file, so a second run can say who holds it.
"""

from __future__ import annotations

import fcntl
import json
import os
import shlex
import socket
import sys
import time
from contextlib import contextmanager
from pathlib import Path
from typing import Callable, Iterator, Optional

from .io import read_tool_text

LOCK_NAME = ".lock"


class DirectoryLockedError(ValueError):
    """Another process is writing into the directory."""


def _holder(path: Path) -> str:
    try:
        info = json.loads(read_tool_text(path))
        return f"pid {info['pid']} on {info['host']} ({info['command']})"
    except (OSError, ValueError, KeyError, TypeError):
        return "another process (it has not said which yet)"


@contextmanager
def locked_dir(directory: Path | str) -> Iterator[Path]:
    """Hold ``directory/.lock`` exclusively; DirectoryLockedError naming the holder if it is taken."""
    directory = Path(directory)
    directory.mkdir(parents=True, exist_ok=True)
    path = directory / LOCK_NAME
    fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o644)
    try:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            raise DirectoryLockedError(f"{directory} is in use by {_holder(path)}; wait for it to finish, "
                                       "or choose another --out") from None
        info = {"pid": os.getpid(), "host": socket.gethostname(), "command": shlex.join(sys.argv)[:300]}
        try:
            os.ftruncate(fd, 0)
            os.pwrite(fd, json.dumps(info).encode(), 0)
        except OSError as e:  # a full disk: the first write into OUT; the error names the file
            raise OSError(e.errno, e.strerror, str(path)) from e
        try:
            yield path
        finally:
            os.ftruncate(fd, 0)  # released: nobody holds it (the file itself stays; it is harmless)
    finally:
        os.close(fd)  # closing drops the flock


class LockWaitTimeout(TimeoutError):
    """Another process held the lock longer than the caller would wait (it may be stopped: Ctrl-Z, SIGSTOP)."""


def _names(path: Path, fd: int) -> bool:
    """Whether ``path`` still names the file open as ``fd`` (not unlinked, nor replaced by a new one)."""
    try:
        on_disk, held = os.stat(path), os.fstat(fd)
    except FileNotFoundError:
        return False
    return (on_disk.st_ino, on_disk.st_dev) == (held.st_ino, held.st_dev)


def _flocked(path: Path, shared: bool, give_up: Optional[Callable[[], None]], poll_s: float,
             wait_s: Optional[float]) -> Optional[int]:
    """An fd holding ``flock`` on the file ``path`` names once it is held (None: held by another process and
    ``wait_s`` is 0). A lock file may be unlinked by its holder (`vdmfma cache prune` removing the entry): one that
    was unlinked or replaced while this process waited on it is let go and the file now at ``path`` locked instead,
    else a waiter on the old file and a newcomer on the new one would both hold "the" lock."""
    deadline = None if wait_s is None else time.monotonic() + wait_s
    while True:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o644)
        try:
            while True:
                try:
                    fcntl.flock(fd, (fcntl.LOCK_SH if shared else fcntl.LOCK_EX) | fcntl.LOCK_NB)
                    break
                except BlockingIOError:
                    if wait_s == 0:
                        os.close(fd)
                        return None
                    if give_up is not None:
                        give_up()
                    if deadline is not None and time.monotonic() > deadline:
                        raise LockWaitTimeout(f"{path} held by another process for more than {wait_s:g} s") from None
                    time.sleep(poll_s)
            if _names(path, fd):
                return fd
        except BaseException:  # a failing disk under os.stat too: never leak the fd, nor the flock it holds
            os.close(fd)
            raise
        os.close(fd)  # the file was unlinked under us: lock the one at ``path`` now


@contextmanager
def waiting_lock(path: Path, shared: bool = False, give_up: Optional[Callable[[], None]] = None,
                 poll_s: float = 0.05, wait_s: Optional[float] = None) -> Iterator[None]:
    """Hold ``flock`` on ``path`` (created if absent), exclusive or ``shared``, waiting for it as long as another
    process holds it, or at most ``wait_s`` seconds (then LockWaitTimeout). ``give_up`` is called between tries
    and may raise to stop waiting (a cancelled compile). As for :func:`locked_dir`, the kernel drops the lock
    however the holder ends."""
    fd = _flocked(path, shared, give_up, poll_s, wait_s)
    if fd is None:  # wait_s=0: not waited for at all
        raise LockWaitTimeout(f"{path} held by another process")
    try:
        yield
    finally:
        os.close(fd)  # closing drops the flock


@contextmanager
def lock_if_free(path: Path) -> Iterator[bool]:
    """``path``'s exclusive lock taken now if no other process holds it (True), never waited for (False). Its
    holder may unlink ``path`` before letting go: a process waiting on it then locks the next file (_flocked)."""
    fd = _flocked(path, False, None, 0.0, 0)
    try:
        yield fd is not None
    finally:
        if fd is not None:
            os.close(fd)


def held_elsewhere(path: Path) -> bool:
    """Whether another process holds ``path``'s lock now, asked without creating the file (none: not held) and
    without keeping the lock (`vdmfma cache prune --dry-run`)."""
    try:
        fd = os.open(path, os.O_RDONLY)
    except FileNotFoundError:
        return False
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        return False
    except BlockingIOError:
        return True
    finally:
        os.close(fd)  # closing drops the flock, if it was taken
