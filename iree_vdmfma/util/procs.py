"""A tool run so that a timeout or an interrupt ends it whole.

``iree-benchmark-module`` on PATH is a Python wrapper that starts the real binary; killing the wrapper alone (as
``subprocess.run(timeout=...)`` does) leaves the binary running, orphaned, for as long as its repetitions last.
A tool that may start others (``own_session``) gets a session of its own, and a timeout, Ctrl-C or SIGTERM kills
its whole group, then reaps it; a tool that is the binary itself stays in the caller's group (so a signal to the
caller's whole group, e.g. ``kill -9 -PGID``, reaches it too) and is killed itself. Any process still holding
the tool's output pipes after that (one that left the group, e.g. in a session of its own) is killed too.

A tool whose output is complete but that does not exit is ended too (``finished``): IREE 3.13's local-task device
sometimes deadlocks in its own destroy (``iree_hal_task_device_destroy`` waiting on an idle io_uring proactor
thread, after its JSON was written), which would otherwise hold a tune for its whole timeout. Such a run is its output, never a timeout.

A tool that makes no progress at all is ended early too (``stall_s``, :class:`Stall`): IREE 3.13's threaded
``iree-compile`` sometimes deadlocks (every thread waiting on a futex, no CPU time from then on), which held the
compile for its whole timeout (300 s by default). How often each was seen: docs/troubleshooting.md, "Known
compiler problems this toolkit works around" (the one place for those figures). A process group that has used no CPU time, with no thread running, runnable or
in I/O at any look, for ``stall_s`` seconds is hung: a compile that works, even on a machine too busy to run it,
has a thread running or runnable.
"""

from __future__ import annotations

import os
import signal
import subprocess
import threading
import time
from typing import Callable, Optional, Sequence

POLL_S = 0.25  # how often a run with ``finished`` asks whether its output is complete
REAP_S = 10.0  # how long a killed run's output is read for, at most
GRACE_S = 10.0  # how long a tool whose output is complete has to exit (``finished``) before it is ended
STALL_S = 10.0  # no CPU time and no thread running, runnable or in I/O for this long: the process group is hung
STALL_POLL_S = 1.0  # how often a watched group is looked at
BUSY_STATES = frozenset("RD")  # a thread running or runnable, or in uninterruptible I/O: the group may progress


class Hung(subprocess.TimeoutExpired):
    """The tool made no progress for ``stall_s`` seconds (:class:`Stall`) and was ended: a timeout, said early."""

    def __init__(self, cmd, stall_s: float, output=None, stderr=None):
        super().__init__(cmd, stall_s, output, stderr)
        self.stall_s = stall_s

    def __str__(self) -> str:
        return f"Command {self.cmd!r} hung: no CPU time and no thread running for {self.stall_s:g} s"


def _stat(pid) -> list[str]:
    """The fields of /proc/PID/stat after the command name (which may hold spaces and parentheses): state ppid
    pgrp ... utime(11) stime cutime cstime. OSError when the process is gone."""
    with open(f"/proc/{pid}/stat", "rb") as f:
        return f.read().rsplit(b")", 1)[1].decode().split()


def _ticks(fields: list[str]) -> int:
    return sum(int(x) for x in fields[11:15])  # its threads' CPU time and its reaped children's


def group_activity(pgid: int) -> Optional[tuple[int, bool]]:
    """(CPU clock ticks used by the processes of group ``pgid``, their reaped children's included; whether any of
    their threads is running, runnable or in I/O), from /proc; None where /proc cannot say (not Linux)."""
    ticks, busy, found = 0, False, False
    try:
        pids = [d for d in os.listdir("/proc") if d.isdigit()]
    except OSError:
        return None
    for pid in pids:
        try:
            fields = _stat(pid)
            if int(fields[2]) != pgid:
                continue
            found = True
            ticks += _ticks(fields)
            if not busy:
                busy = any(_stat(f"{pid}/task/{tid}")[0] in BUSY_STATES for tid in os.listdir(f"/proc/{pid}/task"))
        except (OSError, IndexError, ValueError):  # gone meanwhile
            continue
    return (ticks, busy) if found else None


class Stall:
    """Watches one process group, led by process ``pgid``: :meth:`hung` once the group has used no CPU time, with
    no thread running, runnable or in I/O at any look, for ``stall_s`` seconds (looked at no more often than every
    ``STALL_POLL_S``). A look reads the leader's /proc entry; only when the leader used no CPU since the last look
    is the whole group looked for (its children, e.g. a linker it waits for), so a working compile costs one read
    a second however many processes the machine runs."""

    def __init__(self, pgid: int, stall_s: float = STALL_S):
        self.pgid, self.stall_s = pgid, stall_s
        self._leader: Optional[int] = None
        self._group: Optional[int] = None
        self._since = time.monotonic()
        self._looked = 0.0

    def hung(self) -> bool:
        now = time.monotonic()
        if now - self._looked < STALL_POLL_S:
            return False
        self._looked = now
        try:
            leader = _ticks(_stat(self.pgid))
        except (OSError, IndexError, ValueError):  # gone, or no /proc here: nothing to say
            leader = None
        if leader is None or leader != self._leader:  # the leader used CPU since the last look: progress
            self._leader, self._group, self._since = leader, None, now
            return False
        seen = group_activity(self.pgid)
        if seen is None or seen[1] or seen[0] != self._group:  # unknown, busy, or a child used CPU: progress
            self._group, self._since = (None if seen is None else seen[0]), now
            return False
        return now - self._since >= self.stall_s


# Every tool a run_group of this process has running now, with whether it has a session of its own: a command
# interrupted in its main thread ends them all (end_children) even where a worker thread is the one waiting on
# the tool (a device task of an executor), so no tool outlives the command under init.
_LIVE: dict[subprocess.Popen, bool] = {}
_LIVE_LOCK = threading.Lock()
_ENDED: set[int] = set()  # the tools end_children killed (id of their Popen): their run says ``ended``


def end_children() -> int:
    """SIGKILL every tool (and, in a session of its own, its group) a run_group of this process has running; the
    thread waiting on each sees it killed. Returns how many. For an interrupted command, before it exits."""
    with _LIVE_LOCK:
        live = [(p, own) for p, own in _LIVE.items() if p.returncode is None]  # a reaped pid may be reused
        _ENDED.update(id(p) for p, _ in live)
    for proc, own_session in live:
        kill_group(proc) if own_session else proc.kill()
    return len(live)


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


def _end(proc: subprocess.Popen, own_session: bool) -> tuple[str, str]:
    """Kill the tool (with ``own_session`` its group), then every process still holding its output pipes (one
    that left the group, as a grandchild in a session of its own), and reap it: (stdout, stderr), or what was read
    of them when a pipe is still held after ``REAP_S`` (a process the kernel has not let die yet)."""
    kill_group(proc) if own_session else proc.kill()
    _kill_pipe_writers(proc)
    try:
        return proc.communicate(timeout=REAP_S)
    except subprocess.TimeoutExpired as e:  # stop reading, keep what was read, still reap the tool
        _kill_pipe_writers(proc)
        for pipe in (proc.stdout, proc.stderr):
            pipe.close()
        proc.wait()
        return tuple((b or b"").decode(errors="replace") for b in (e.output, e.stderr))


def _end_surely(proc: subprocess.Popen, own_session: bool) -> tuple[str, str]:
    """``_end``, again while a second interrupt (ray.cancel may repeat one) comes before the tool is reaped: no
    zombie is left behind."""
    while True:
        try:
            return _end(proc, own_session)
        except KeyboardInterrupt:
            continue


def _kill_pipe_writers(proc: subprocess.Popen) -> None:
    """SIGKILL every process (of ours: /proc) holding the write end of the tool's stdout or stderr: only the
    tool and what it started can (Popen closes ours; a new process closes all but 0-2 by default)."""
    pipes = {f"pipe:[{os.fstat(p.fileno()).st_ino}]" for p in (proc.stdout, proc.stderr) if p and not p.closed}
    if not pipes:
        return
    for pid in (d for d in os.listdir("/proc") if d.isdigit() and int(d) != os.getpid()):
        try:
            fds = os.listdir(f"/proc/{pid}/fd")
            if any(os.readlink(f"/proc/{pid}/fd/{fd}") in pipes and _writes(pid, fd) for fd in fds):
                os.kill(int(pid), signal.SIGKILL)
        except OSError:  # gone, or not ours
            continue


def _writes(pid: str, fd: str) -> bool:
    with open(f"/proc/{pid}/fdinfo/{fd}", encoding="utf-8") as f:
        flags = next(int(line.split()[1], 8) for line in f if line.startswith("flags:"))
    return flags & os.O_ACCMODE == os.O_WRONLY


def run_group(cmd: Sequence[str], timeout_s: float, own_session: bool = True,
              finished: Optional[Callable[[], bool]] = None, grace_s: Optional[float] = None,
              stall_s: Optional[float] = None, on_start: Optional[Callable[[subprocess.Popen], None]] = None,
              on_end: Optional[Callable[[subprocess.Popen], None]] = None, **popen) -> subprocess.CompletedProcess:
    """``subprocess.run(cmd, capture_output=True, text=True, timeout=timeout_s)``, but the tool (and with
    ``own_session`` every process it started) dies on the timeout (TimeoutExpired) or an interrupt (re-raised).

    ``finished``: says whether the tool's output (a file it writes) is complete; once it is, the tool has
    ``grace_s`` (default ``GRACE_S``) seconds to exit, then it is killed and the result has ``hung_at_exit`` True (its exit code is the
    kill's: the caller reads the complete output instead), also when the timeout comes first.

    ``stall_s`` (needs ``own_session``): a tool whose group makes no progress for that long (:class:`Stall`) is
    ended and :class:`Hung` (a TimeoutExpired) raised, before the timeout; 0: no watch. Not with ``finished``.
    A TimeoutExpired (or Hung) carries what the tool wrote before it was ended (``output``, ``stderr``).

    ``on_start(proc)`` / ``on_end(proc)``: called once the tool runs and once it is reaped (a caller that can
    stop its tools from another thread keeps them so: the compile driver's ``cancel``)."""
    if stall_s is not None and (finished is not None or not own_session):
        raise ValueError("run_group: stall_s watches a tool in a session of its own, without finished")
    with _LIVE_LOCK:  # started and known as one step: an end_children meanwhile waits for it, then kills it
        proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                                encoding="utf-8", errors="replace",
                                start_new_session=own_session, **popen)
        _LIVE[proc] = own_session
    hung = False
    try:
        if on_start is not None:
            on_start(proc)
        if stall_s is not None:
            out, err = communicate_unless_hung(proc, timeout_s, Stall(proc.pid, stall_s) if stall_s > 0 else None)
        elif finished is None:
            out, err = proc.communicate(timeout=timeout_s)
        else:
            out, err, hung = _communicate_until_finished(proc, timeout_s, finished,
                                                         GRACE_S if grace_s is None else grace_s, own_session)
    except subprocess.TimeoutExpired as e:  # the timeout or a stall: ended, with what it wrote
        e.output, e.stderr = _end_surely(proc, own_session)
        raise
    except BaseException:  # Ctrl-C, SIGTERM: nothing of the run outlives it
        _end_surely(proc, own_session)
        raise
    finally:
        if on_end is not None:
            on_end(proc)
        with _LIVE_LOCK:
            _LIVE.pop(proc, None)
            ended = id(proc) in _ENDED  # killed by end_children: the command is stopping, not the tool failing
            _ENDED.discard(id(proc))
    done = subprocess.CompletedProcess(cmd, proc.returncode, out, err)
    done.hung_at_exit = hung
    done.ended = ended
    return done


def _communicate_until_finished(proc: subprocess.Popen, timeout_s: float, finished: Callable[[], bool],
                                grace_s: float, own_session: bool) -> tuple[str, str, bool]:
    """(stdout, stderr, hung): wait for the tool to exit, or, once ``finished()``, at most ``grace_s`` more."""
    deadline, since = time.monotonic() + timeout_s, None
    while True:
        now = time.monotonic()
        if since is None and finished():
            since = now
        if since is not None and (now - since >= grace_s or now >= deadline):  # complete, and it does not exit
            return (*_end(proc, own_session), True)  # never a timeout: the caller reads the complete output
        if now >= deadline:
            raise subprocess.TimeoutExpired(proc.args, timeout_s)
        try:
            out, err = proc.communicate(timeout=POLL_S)
            return out, err, False
        except subprocess.TimeoutExpired:
            continue


def communicate_unless_hung(proc: subprocess.Popen, timeout_s: float, stall: Optional[Stall]) -> tuple[str, str]:
    """``proc.communicate(timeout=timeout_s)``, raising :class:`Hung` as soon as ``stall`` says the group is hung
    while its leader still runs (the caller ends it; no output is lost: communicate may be called again after a
    timeout). ``stall`` None: no watch."""
    if stall is None:
        return proc.communicate(timeout=timeout_s)
    deadline = time.monotonic() + timeout_s
    while True:
        left = deadline - time.monotonic()
        if left <= 0:
            raise subprocess.TimeoutExpired(proc.args, timeout_s)
        try:
            return proc.communicate(timeout=min(STALL_POLL_S, left))
        except subprocess.TimeoutExpired:
            if proc.poll() is None and stall.hung():
                raise Hung(proc.args, stall.stall_s) from None
