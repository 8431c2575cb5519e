"""One MLIR context per thread, shared by the bindings' builds and parses.

Creating an ``ir.Context`` (every IREE dialect registered) costs about as much as parsing a kernel's
configured IR ten times, and a sweep builds and parses dozens of small modules: its input IR, specs,
and the configured IR of every dump it proves. ``shared_context()`` hands out this thread's context
(contexts are not thread-safe; each thread gets its own) and a fresh one every ``_USES`` calls, so a
long tune does not keep every attribute it ever parsed alive. Code that changes a context's settings
(``allow_unregistered_dialects``) makes its own.
"""

from __future__ import annotations

import re
import threading

_USES = 1000
_local = threading.local()


def shared_context():
    """This thread's ``iree.compiler.ir.Context`` (use as ``with shared_context():``)."""
    from iree.compiler import ir  # noqa: PLC0415  (util/ imports no compiler at import time)

    ctx, uses = getattr(_local, "ctx", None), getattr(_local, "uses", 0)
    if ctx is None or uses >= _USES:
        ctx, uses = ir.Context(), 0
        _local.ctx = ctx
    _local.uses = uses + 1
    return ctx


def parse_error(where: str, e: Exception) -> str:
    """An MLIR parse error as one line naming the file and, where the parser says it, the line: 'PATH:L:C: does not
    parse as MLIR: why' (the bindings' message is several lines, its place given as '"-":L:C')."""
    first = next((line.strip() for line in str(e).splitlines()[1:] if line.strip()), str(e).strip())
    at = re.match(r'error: "-":(\d+:\d+): (.*)', first)
    return (f"{where}:{at.group(1)}: does not parse as MLIR: {at.group(2)[:300]}" if at
            else f"{where}: does not parse as MLIR ({first[:300]})")
