"""Temporary folders that a kill cannot leak: each is named for its kind, host and process
(``vdmfma-KIND-HOST-PID-random``), and making one first removes those of this host whose process is gone.
So what a run killed by ``kill -9`` or the OOM killer left (cold-rotation inputs of tens of MB, modules
shipped to a worker, paired rounds, no-cache compiles, Ray task scratch) is reclaimed by the next run of
any command; a folder of another host sharing the temp dir (containers) is never touched.
"""

from __future__ import annotations

import os
import re
import shutil
import socket
import tempfile
from contextlib import contextmanager
from pathlib import Path
from typing import Iterator, Optional


def alive(pid: int) -> bool:
    """The process runs (a zombie, killed and not yet reaped, does not)."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    try:
        return Path(f"/proc/{pid}/stat").read_text(encoding="utf-8").rsplit(")", 1)[1].split()[0] != "Z"
    except (OSError, IndexError):
        return True


def prefix(kind: str) -> str:
    """'vdmfma-KIND-HOST-': this machine's folders of one kind (the process id follows)."""
    return f"vdmfma-{kind}-{socket.gethostname()}-"


def reap(root: Optional[Path] = None) -> int:
    """Remove this host's scratch folders (any kind) whose process is gone; how many were removed."""
    root = Path(root or tempfile.gettempdir())
    mine = re.compile(rf"vdmfma-[a-z]+-{re.escape(socket.gethostname())}-(\d+)-[^/]*")
    removed = 0
    for path in root.glob("vdmfma-*"):
        m = mine.fullmatch(path.name)
        if m and int(m.group(1)) != os.getpid() and not alive(int(m.group(1))):
            shutil.rmtree(path, ignore_errors=True)
            removed += 1
    return removed


def scratch_dir(kind: str, root: Optional[Path | str] = None) -> Path:
    """A new scratch folder of ``kind`` (the caller removes it); what dead processes left is reaped first."""
    base = Path(root or tempfile.gettempdir())
    reap(base)
    return Path(tempfile.mkdtemp(prefix=f"{prefix(kind)}{os.getpid()}-", dir=base))


@contextmanager
def scratch(kind: str, root: Optional[Path | str] = None) -> Iterator[Path]:
    """``with scratch('time') as d:`` a scratch folder, removed when the block ends however it ends (and by the
    next run's :func:`reap` when the process is killed)."""
    path = scratch_dir(kind, root)
    try:
        yield path
    finally:
        shutil.rmtree(path, ignore_errors=True)
