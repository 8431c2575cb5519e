"""Shared CLI plumbing: user errors without tracebacks, progress bars, option parsing."""

from __future__ import annotations

import sys
from contextlib import contextmanager
from pathlib import Path
from typing import Iterator, Optional

import typer
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

from ..executors import ExecutorError
from ..problems.problem import Problem
from ..problems.shapes import ShapeListError, load_shape_list
from ..devices.probe import DeviceUnavailableError, TargetMismatchError
from ..devices.targets import UnknownTargetError
from ..util.signals import stop_signals_as_interrupt

# Nothing here imports iree.compiler: `vdmfma bench` runs where only the runtime is installed.
# Input errors of the compiling stages (unknown variant, missing intrinsic) are ValueErrors.

console = Console(stderr=True, width=None if sys.stderr.isatty() else 160)

# Errors that are the user's input, not our bug: one clear line, exit code 2.
USER_ERRORS = (ShapeListError, UnknownTargetError, ExecutorError, DeviceUnavailableError, TargetMismatchError,
               FileNotFoundError, PermissionError, IsADirectoryError, NotADirectoryError, ValueError)
EXIT_USER_ERROR = 2
EXIT_INTERRUPTED = 130


@contextmanager
def user_errors(debug: bool = False) -> Iterator[None]:
    """Input errors: one 'error:' line, exit 2 (``--debug`` re-raises for the traceback).

    Ctrl-C, SIGTERM and SIGHUP: one line, exit 130; finished rows are already on disk.
    """
    try:
        with stop_signals_as_interrupt():
            yield
    except USER_ERRORS as e:
        if debug:
            raise
        console.print(f"[bold red]error:[/] {e}", highlight=False, soft_wrap=True)
        raise typer.Exit(EXIT_USER_ERROR)
    except KeyboardInterrupt:
        console.print("[yellow]interrupted[/]: finished rows are on disk; run the same command again to resume",
                      highlight=False, soft_wrap=True)
        raise typer.Exit(EXIT_INTERRUPTED)


def split_list(value: str) -> list[str]:
    return [v.strip() for v in value.split(",") if v.strip()]


def problems_from(shapes: Optional[Path], m: Optional[int], n: Optional[int], k: Optional[int],
                  batch: int, dtype: str) -> list[Problem]:
    """Problems from a shape list, or one problem from --m/--n/--k."""
    if shapes is not None:
        if m or n or k:
            raise ValueError("give either a shape list or --m/--n/--k, not both")
        return load_shape_list(shapes)
    if not (m and n and k):
        raise ValueError("give a shape list (SHAPES.csv) or all of --m, --n and --k")
    return [Problem(m=m, n=n, k=k, batch=batch, dtype=dtype)]


def progress() -> Progress:
    return Progress(TextColumn("[bold]{task.description}"), BarColumn(), MofNCompleteColumn(),
                    TimeElapsedColumn(), TextColumn("{task.fields[last]}"), console=console,
                    disable=not sys.stderr.isatty())
