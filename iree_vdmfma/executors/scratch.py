"""Task scratch directories on a cluster's machines (no ray import: the tasks' side of the Ray executor).

Every task runs with its own scratch directory as the temp dir (``vdmfma-task-HOST-PID-*``: the compiler's,
the shipped module's), removed when the task ends or raises; one whose worker died (SIGKILL) is removed by
the next task on that machine and by the executor's close (its PID is gone). The folders are util/scratch.py's
(one mechanism for every temp folder of the toolkit); the host name in the name keeps a temp dir shared by
containers (whose PIDs are not ours) from being reaped by another one.
"""

from __future__ import annotations

import tempfile
from typing import Callable

from ..util.scratch import prefix, reap, scratch

reap_scratch = reap  # this machine's scratch folders whose process is gone (a worker killed mid-task)


def _scratch_prefix() -> str:
    """This machine's task scratch prefix."""
    return prefix("task")


def in_scratch(fn: Callable, *args):
    """On a worker: run ``fn(*args)`` with a scratch directory of its own as the temp dir, removed after
    (also when ``fn`` raises); first remove what dead workers left behind."""
    with scratch("task") as path:
        before = tempfile.tempdir
        tempfile.tempdir = str(path)
        try:
            return fn(*args)
        finally:
            tempfile.tempdir = before
