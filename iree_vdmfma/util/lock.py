"""Locks between processes: an exclusive one on an output directory, so two runs never write into one at
once, and a waiting one on a file (a compile-cache entry's, compiler/entry.py).

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


@contextmanager
def waiting_lock(path: Path, shared: bool = False, give_up: Optional[Callable[[], None]] = None,
                 poll_s: float = 0.05, wait_s: Optional[float] = None) -> Iterator[None]:
    """Hold ``flock`` on ``path`` (created if absent), exclusive or ``shared``, waiting for it as long as another
    process holds it, or at most ``wait_s`` seconds (then LockWaitTimeout). ``give_up`` is called between tries
    and may raise to stop waiting (a cancelled compile). As for :func:`locked_dir`, the kernel drops the lock
    however the holder ends."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o644)
    deadline = None if wait_s is None else time.monotonic() + wait_s
    try:
        while True:
            try:
                fcntl.flock(fd, (fcntl.LOCK_SH if shared else fcntl.LOCK_EX) | fcntl.LOCK_NB)
                break
            except BlockingIOError:
                if give_up is not None:
                    give_up()
                if deadline is not None and time.monotonic() > deadline:
                    raise LockWaitTimeout(f"{path} held by another process for more than {wait_s:g} s") from None
                time.sleep(poll_s)
        yield
    finally:
        os.close(fd)  # closing drops the flock
