"""`vdmfma` command line: a thin typer layer over the library API.

Each stage's commands live in their own module and register on ``app``. A process started
as `vdmfma CMD ...` loads only CMD's module (``COMMAND_MODULES``): a command pays for no
other command's imports (a warm sweep is mostly imports), and `vdmfma bench ...` on a machine
with just iree-base-runtime never imports ``iree.compiler``. `vdmfma --help`, an unknown
command and any other use of ``app`` (tests, `import iree_vdmfma.cli`) load them all;
`vdmfma --version` loads none.
"""

import faulthandler
import importlib
import os
import signal
import sys

from .app import app

# Which module registers each command (tests/test_cli_options.py checks this against the app).
COMMAND_MODULES = {
    "spec": "core_cmds", "annotate": "core_cmds", "compile": "core_cmds", "sweep": "core_cmds",
    "report": "report_cmds", "compare": "report_cmds", "run": "run_cmds", "coverage": "coverage_cmds",
    "model": "model_cmds", "tune": "tune_cmds", "calibrate": "calibrate_cmds", "db": "db_cmds",
    "library": "db_cmds", "link": "link_cmds", "bench": "bench_cmds", "cache": "cache_cmds",
}


def _invoked(argv: list[str]) -> str:
    """The command a `vdmfma CMD ...` (or `python -m iree_vdmfma.cli CMD ...`) process runs; '' otherwise."""
    prog = os.path.basename(argv[0]) if argv else ""
    args = [a for a in argv[1:] if not a.startswith("-")]
    if prog in ("vdmfma", "__main__.py", "-m") and args and args[0] in COMMAND_MODULES:  # "-m": python -m
        return args[0]
    return ""


def _version_only(argv: list[str]) -> bool:
    """`vdmfma --version` reads package metadata only: no command module is loaded for it."""
    return argv[1:] == ["--version"]


def _console_cannot_fail(streams) -> None:
    """A console whose encoding lacks a character the toolkit prints ("µs", "—": LC_ALL=C without Python's UTF-8
    mode) shows it as an escape (``\\xb5s``) instead of the command dying with a traceback mid-way."""
    for stream in streams:
        try:
            "µ—·".encode(stream.encoding)
        except UnicodeEncodeError:
            if hasattr(stream, "reconfigure"):
                stream.reconfigure(errors="backslashreplace")
        except (AttributeError, TypeError, LookupError):  # not a text stream we can ask
            pass


_command = _invoked(sys.argv)
if os.path.basename(sys.argv[0] if sys.argv else "") in ("vdmfma", "-m"):  # `vdmfma`, `python -m iree_vdmfma.cli`
    _console_cannot_fail((sys.stdout, sys.stderr))
if not _version_only(sys.argv):
    for _module in ([COMMAND_MODULES[_command]] if _command else dict.fromkeys(COMMAND_MODULES.values())):
        importlib.import_module(f".{_module}", __name__)  # registration

# `kill -USR1 PID` prints every thread's stack to stderr and the command goes on: how a stall is diagnosed
# (benchmarks/gpu_evidence.py sends it before it stops a step at its budget).
if hasattr(signal, "SIGUSR1"):
    faulthandler.register(signal.SIGUSR1, all_threads=True)

__all__ = ["app"]
