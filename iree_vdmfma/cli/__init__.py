"""`vdmfma` command line: a thin typer layer over the library API.

Each stage's commands live in their own module and register on ``app``.
"""

from .app import app
from . import core_cmds, report_cmds, run_cmds, coverage_cmds, model_cmds  # noqa: F401  (registration)

__all__ = ["app"]
