"""Task scratch directories on a cluster's machines (no ray import: the tasks' side of the Ray executor).

Every task runs with its own scratch directory as the temp dir (``vdmfma-task-HOST-PID-*``: the compiler's,
the shipped module's), removed when the task ends or raises; one whose worker died (SIGKILL) is removed by
the next task on that machine and by the executor's close (its PID is gone). The host name is in the name,
so a temp dir shared by containers (whose PIDs are not ours) is never reaped by another one.
"""

from __future__ import annotations

import os
import re
import shutil
import socket
import tempfile
from pathlib import Path
from typing import Callable, Optional

TASK_SCRATCH = "vdmfma-task-"


def _alive(pid: int) -> bool:
    """The process runs (a zombie, killed and not yet reaped, does not)."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0] != "Z"
    except (OSError, IndexError):
        return True


def _scratch_prefix() -> str:
    """This machine's task scratch prefix: the host name too, so a temp dir shared by containers (whose process
    ids are not ours) is never reaped by another one."""
    return f"{TASK_SCRATCH}{socket.gethostname()}-"


def reap_scratch(root: Optional[Path] = None) -> int:
    """Remove this machine's task scratch directories whose worker process is gone; how many were removed."""
    removed = 0
    root = Path(root or tempfile.gettempdir())
    prefix = _scratch_prefix()
    for path in root.glob(f"{TASK_SCRATCH}*"):
        m = re.fullmatch(rf"{re.escape(prefix)}(\d+)-[^/]*", path.name)
        if m and int(m.group(1)) != os.getpid() and not _alive(int(m.group(1))):
            shutil.rmtree(path, ignore_errors=True)
            removed += 1
    return removed


def in_scratch(fn: Callable, *args):
    """On a worker: run ``fn(*args)`` with a scratch directory of its own as the temp dir, removed after
    (also when ``fn`` raises); first remove what dead workers left behind."""
    base = tempfile.gettempdir()
    reap_scratch(Path(base))
    scratch = tempfile.mkdtemp(prefix=f"{_scratch_prefix()}{os.getpid()}-", dir=base)
    before = tempfile.tempdir
    tempfile.tempdir = scratch
    try:
        return fn(*args)
    finally:
        tempfile.tempdir = before
        shutil.rmtree(scratch, ignore_errors=True)
