"""What a failed iree-compile says, as one line: the first real diagnostic, or for a crash its signal and the
innermost frame of the compiler's own code (never a bare 'Stack dump:' or a frame address)."""

from __future__ import annotations

import errno
import os
import re
import signal
from typing import Optional

_FRAME = re.compile(r"^#\d+\s+0x[0-9a-fA-F]+\s+(?P<sym>.*)$")
# Frames of the crash machinery itself, not of the code that crashed.
_PLUMBING = ("llvm::sys::", "SignalHandler", "__restore_rt", "__pthread_kill", "raise", "abort", "gsignal",
             "__assert_fail", "llvm::report_fatal_error", "llvm::llvm_unreachable_internal")
# Signals that say "someone stopped the compiler", not "the compiler crashed".
EXTERNAL_SIGNALS = {signal.SIGKILL, signal.SIGTERM, signal.SIGINT, signal.SIGHUP}
# The errors a tool names when the file system under it failed (LLVM: 'IO failure on output stream: No space left
# on device'): the machine's failure, not the job's.
DISK_ERRNOS = (errno.ENOSPC, errno.EDQUOT, errno.EROFS, errno.EIO)


class ToolFailed(RuntimeError):
    """A tool the toolkit runs for itself before any job (the target-info compile of a GPU target) failed, hung or
    was killed: the machine's or the install's fault, not the input's. The commands print it as one line, exit 1."""


def disk_fault(text: str, where: str = "") -> int:
    """The errno of the file-system failure a failed tool's output names ('No space left on device': ENOSPC) on a
    line about its own output (a line naming ``where``, the build's folder, or LLVM's 'IO failure on output stream'),
    0 when none: a compile that failed for it failed for the machine (a full or read-only disk), never for the job.
    A disk message about another path (a dump folder a user's flag names) is the job's own error."""
    for line in text.splitlines():
        line = re.sub(r"^\S+:\d+:\d+:\s*", "", line)  # a diagnostic's location (the build's input.mlir) is no output
        if (where and where in line) or "IO failure on output stream" in line:
            found = next((e for e in DISK_ERRNOS if os.strerror(e) in line), 0)
            if found:
                return found
    return 0


def signal_name(returncode: Optional[int]) -> str:
    if returncode is None or returncode >= 0:
        return ""
    try:
        return signal.Signals(-returncode).name
    except ValueError:
        return f"signal {-returncode}"


def _crash_frame(lines: list[str]) -> str:
    """The innermost stack frame that is the compiler's own code: 'qualified::name (File.cpp)'."""
    for line in lines:
        m = _FRAME.match(line)
        if not m:
            continue
        sym = m.group("sym").strip()
        if sym.startswith("(") or sym.startswith("0x") or any(p in sym for p in _PLUMBING):
            continue  # an address in a shared library, or the signal/abort machinery
        where = re.search(r"\s(\S+\.\w+):\d+(:\d+)?$", sym)
        name = sym[: where.start()] if where else sym
        depth, cut = 0, len(name)
        for i, ch in enumerate(name):  # drop the argument list: 'ns::f(A, B)' -> 'ns::f'
            if ch == "(" and depth == 0 and i > 0 and name[:i].strip() and not name[:i].endswith("operator"):
                cut = i
                break
            depth += ch == "<"
            depth -= ch == ">"
        name = name[:cut].strip()
        return name + (f" ({where.group(1)})" if where else "")
    return ""


def first_error_line(stderr: str, returncode: Optional[int] = None) -> str:
    """The compiler's first real error, as one line.

    An ``error:`` diagnostic if there is one, else an ``LLVM ERROR`` or a failed
    assertion, else for a crash the signal and the innermost compiler frame of
    the stack dump (never a bare 'Stack dump:' or a frame address), else the
    last line that is not part of a stack dump.
    """
    lines = [l.strip() for l in stderr.splitlines() if l.strip()]
    for needle in ("error:", "LLVM ERROR", "Assertion", "UNREACHABLE", "Unknown command line argument"):
        for line in lines:
            if needle in line:
                return line[:500]
    sig = signal_name(returncode)
    crashed = bool(sig) or any(l.startswith(("Stack dump:", "Please report")) for l in lines)
    if crashed:
        frame = _crash_frame(lines)
        what = f"iree-compile crashed ({sig})" if sig else "iree-compile crashed"
        return (f"{what} in {frame}" if frame else f"{what}; see stderr.txt for the stack dump")[:500]
    plain = [l for l in lines if not _FRAME.match(l) and not re.match(r"^\d+\.\s", l)]
    own = [l for l in plain if l.startswith("iree-compile:")]  # the tool's own complaint (bad flag...)
    return (own or plain[-1:] or [""])[0][:500]


_LEGALIZE = re.compile(r"failed to legalize operation '(?P<op>[\w.]+)'(?P<rest>.*)")
_TORCH_OPERATOR = re.compile(r'name = "(?P<name>torch\.[\w.]+)"')


def frontend_failure(error: str) -> str:
    """The op a model's input conversion could not lower, as one line naming the frontend and the op ('' when the
    error is no frontend failure): IREE's torch frontend (``--iree-input-type=torch``) marks every torch op it
    cannot lower illegal, and an op torch-mlir has no definition for is a ``torch.operator`` named by the aten op."""
    m = _LEGALIZE.search(error)
    if not m or not m.group("op").startswith("torch."):
        return ""
    named = _TORCH_OPERATOR.search(m.group("rest"))
    op = named.group("name") if named else m.group("op")
    return f"IREE's torch frontend (--iree-input-type=torch) cannot lower {op}"
