"""A tool run so that a timeout or an interrupt ends it whole.

``iree-benchmark-module`` on PATH is a Python wrapper that starts the real binary; killing the wrapper alone (as
``subprocess.run(timeout=...)`` does) leaves the binary running, orphaned, for as long as its repetitions last.
A tool that may start others (``own_session``) gets a session of its own, and a timeout, Ctrl-C or SIGTERM kills
its whole group, then reaps it; a tool that is the binary itself stays in the caller's group (so a signal to the
caller's whole group, e.g. ``kill -9 -PGID``, reaches it too) and is killed itself.
"""

from __future__ import annotations

import os
import signal
import subprocess
from typing import Sequence


def kill_group(proc: subprocess.Popen) -> None:
    """SIGKILL the process's whole group (it runs in its own session), then the process itself."""
    try:
        os.killpg(proc.pid, signal.SIGKILL)
    except (ProcessLookupError, PermissionError):
        pass
    try:
        proc.kill()
    except ProcessLookupError:
        pass


def run_group(cmd: Sequence[str], timeout_s: float, own_session: bool = True, **popen) -> subprocess.CompletedProcess:
    """``subprocess.run(cmd, capture_output=True, text=True, timeout=timeout_s)``, but the tool (and with
    ``own_session`` every process it started) dies on the timeout (TimeoutExpired) or an interrupt (re-raised)."""
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            start_new_session=own_session, **popen)
    try:
        out, err = proc.communicate(timeout=timeout_s)
    except BaseException:  # the timeout, Ctrl-C, SIGTERM: nothing of the run outlives it
        kill_group(proc) if own_session else proc.kill()
        try:
            proc.communicate(timeout=10)
        except subprocess.TimeoutExpired:  # a stray grandchild holds the pipes: stop reading, still reap
            proc.wait()
        raise
    return subprocess.CompletedProcess(cmd, proc.returncode, out, err)
