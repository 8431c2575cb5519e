"""SIGTERM/SIGHUP as Ctrl-C: one handler for the sweep library, bench and every CLI command."""

from __future__ import annotations

import signal
import threading
from contextlib import contextmanager
from typing import Iterator


def _raise_interrupt(signum, frame):
    raise KeyboardInterrupt(f"signal {signum}")


@contextmanager
def stop_signals_as_interrupt() -> Iterator[None]:
    """Treat SIGTERM and SIGHUP like Ctrl-C so all stop cleanly (rows on disk stay as they are). SIGINT raises
    KeyboardInterrupt also where the command was started with it ignored (a background job of a script: a shell
    starts those with SIGINT ignored, and `kill -INT PID` would otherwise do nothing).

    Only the main thread may set handlers; elsewhere signals are left alone.
    """
    previous = {}
    if threading.current_thread() is threading.main_thread():
        for sig in (signal.SIGTERM, signal.SIGHUP):
            previous[sig] = signal.signal(sig, _raise_interrupt)
        if signal.getsignal(signal.SIGINT) is signal.SIG_IGN:
            previous[signal.SIGINT] = signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        yield
    finally:
        for sig, old in previous.items():
            signal.signal(sig, old)
