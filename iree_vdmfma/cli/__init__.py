"""`vdmfma` command line: a thin typer layer over the library API.

Each stage's commands live in their own module and register on ``app``. When the
process was started as `vdmfma bench ...` only the bench command is loaded, so a
machine with just iree-base-runtime never imports ``iree.compiler``; `vdmfma --version`
loads none.
"""

import faulthandler
import os
import signal
import sys

from .app import app
from . import bench_cmds  # noqa: F401  (registration; imports no compiler)


def _bench_only(argv: list[str]) -> bool:
    prog = os.path.basename(argv[0]) if argv else ""
    args = [a for a in argv[1:] if not a.startswith("-")]
    return prog in ("vdmfma", "__main__.py", "-m") and bool(args) and args[0] == "bench"  # "-m": python -m


def _version_only(argv: list[str]) -> bool:
    """`vdmfma --version` reads package metadata only: no command module is loaded for it."""
    return argv[1:] == ["--version"]


if not _bench_only(sys.argv) and not _version_only(sys.argv):
    from . import core_cmds, report_cmds, run_cmds, coverage_cmds, model_cmds, tune_cmds, calibrate_cmds  # noqa: F401
    from . import db_cmds, link_cmds  # noqa: F401

# `kill -USR1 PID` prints every thread's stack to stderr and the command goes on: how a stall is diagnosed
# (benchmarks/gpu_evidence.py sends it before it stops a step at its budget).
if hasattr(signal, "SIGUSR1"):
    faulthandler.register(signal.SIGUSR1, all_threads=True)

__all__ = ["app"]
