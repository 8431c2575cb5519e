"""Shared CLI plumbing: user errors without tracebacks, progress, the two output streams.

``console`` (stderr) carries progress, logs, notes and errors; ``results`` (stdout) carries what a
command found (tables, geomeans, where results.csv is), so `vdmfma X > file` keeps only results.
Data strings (ids, reasons, paths, verdicts such as ``[win; measured]``) are printed with rich markup
off (:func:`say`, :func:`show`, :func:`cell`): rich would take ``[...]`` for a style and drop it; and with
emoji codes off on both consoles (rich would print the ':b:' of ``a:b:c`` as an emoji).
"""

from __future__ import annotations

import re
import shutil
import sys
from contextlib import contextmanager
from pathlib import Path
from typing import Iterator, Optional

import typer
from rich.console import Console
from rich.markup import escape
from rich.text import Text
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

from ..compiler.errors import DISK_ERRNOS, ToolFailed  # "free it" is advice for these errnos alone
from ..executors import ClusterLost, ExecutorError
from ..problems.problem import Problem
from ..problems.shapes import ShapeListError, load_shape_list
from ..devices.probe import DeviceUnavailableError, TargetMismatchError
from ..devices.targets import UnknownTargetError
from ..util import procs
from ..util.signals import stop_signals_as_interrupt
from .options import TABLE_FORMATS

# Nothing here imports iree.compiler: `vdmfma bench` runs where only the runtime is installed.
# Input errors of the compiling stages (unknown variant, missing intrinsic) are ValueErrors.

console = Console(stderr=True, emoji=False, width=None if sys.stderr.isatty() else 160)
results = Console(emoji=False, width=None if sys.stdout.isatty() else 160)


def say(text: str) -> None:
    """A progress or log line on stderr, printed as is (no markup, no highlighting)."""
    console.print(text, markup=False, highlight=False, soft_wrap=True)


def show(text: str) -> None:
    """A result line on stdout, printed as is."""
    results.print(text, markup=False, highlight=False, soft_wrap=True)



def _natural_width(table) -> int:
    """The width a rich table takes with no cell wrapped."""
    from rich.measure import Measurement  # noqa: PLC0415

    return Measurement.get(results, results.options.update_width(100_000), table).maximum


def print_table(table, fmt: str = "table") -> None:
    """A result table on stdout, the one way every command prints one: ``table`` (rich; every cell wrapped in its
    column when the line is too narrow, never cut with an ellipsis), ``csv`` or ``json`` (one object per row, keyed
    by the column headers; the cells as the table shows them)."""
    if fmt == "table":
        for column in table.columns:
            column.overflow, column.no_wrap = "fold", False
        if sys.stdout.isatty():  # on a terminal: folded to the window
            results.print(table)
            return
        width = results.width  # piped: the table at its natural width, one line a row
        results.width = max(_natural_width(table), width)
        try:
            results.print(table)
        finally:
            results.width = width
        return
    import csv  # noqa: PLC0415
    import io  # noqa: PLC0415
    import json  # noqa: PLC0415

    heads = [str(c.header) for c in table.columns]
    rows = [[str(getattr(c, "plain", c)) for c in cells] for cells in zip(*(col.cells for col in table.columns))]
    if fmt == "csv":
        buf = io.StringIO()
        w = csv.writer(buf, lineterminator="\n")
        w.writerow(heads)
        w.writerows(rows)
        sys.stdout.write(buf.getvalue())
    else:
        sys.stdout.write(json.dumps([dict(zip(heads, r)) for r in rows], indent=1) + "\n")
    sys.stdout.flush()


def cell(value) -> Text:
    """A table cell holding data: shown as is, never parsed as markup."""
    return Text("" if value is None else str(value))

# Errors that are the user's input, not our bug: one clear line, exit code 2.
USER_ERRORS = (ShapeListError, UnknownTargetError, ExecutorError, DeviceUnavailableError, TargetMismatchError,
               FileNotFoundError, FileExistsError, PermissionError, IsADirectoryError, NotADirectoryError,
               ValueError)
EXIT_USER_ERROR = 2
EXIT_MACHINE_FAULT = 1
EXIT_INTERRUPTED = 130
EXIT_FAILED = 1  # what a command that ran and failed exits with (rows failed, the cluster lost)


def file_fault(e: OSError) -> str:
    """A file-system error as one line naming the file: 'No space left on device: PATH' (shutil.Error, from a
    folder copy, holds a list of them: its first)."""
    if isinstance(e, shutil.Error) and e.args and isinstance(e.args[0], list) and e.args[0]:
        src, dst, why = (list(e.args[0][0]) + ["", "", ""])[:3]
        said = re.match(r"\[Errno \d+\] ([^:]+)", str(why))
        return f"{said.group(1) if said else why or 'copy failed'}: {dst}"
    what = e.strerror or str(e) or type(e).__name__
    return f"{what}: {e.filename}" if e.filename else what


@contextmanager
def user_errors(debug: bool = False, keeps: str = "") -> Iterator[None]:
    """Input errors: one 'error:' line, exit 2 (``--debug`` re-raises for the traceback). A file system that fails
    mid-run (full, read-only, I/O error: an OSError that is not the input's): one 'error:' line naming the file,
    exit 1, never a traceback; so is memory that runs out (MemoryError). The Ray cluster's head lost mid-command:
    one line, exit 1 (the rows in flight stay pending for a re-run).

    Ctrl-C, SIGTERM and SIGHUP: one line, exit 130, saying what the command keeps: ``keeps`` names what it
    writes as it goes and resumes from ('rows': a sweep's finished rows are on disk); '' says nothing was kept.
    """
    try:
        with stop_signals_as_interrupt():
            yield
    except (ClusterLost, ToolFailed) as e:  # the cluster's head lost; a probe of the toolkit's own failed
        if debug:
            raise
        console.print(f"[bold red]error:[/] {escape(str(e))}", highlight=False, soft_wrap=True)
        raise typer.Exit(EXIT_FAILED)
    except USER_ERRORS as e:
        if debug:
            raise
        console.print(f"[bold red]error:[/] {escape(str(e))}", highlight=False, soft_wrap=True)
        raise typer.Exit(EXIT_USER_ERROR)
    except (OSError, MemoryError) as e:  # the file system failed mid-run (full, read-only, I/O error), or the memory
        if debug:                        # ran out (a problem whose inputs do not fit): the machine, not the input
            raise
        disk = isinstance(e, shutil.Error) or getattr(e, "errno", None) in DISK_ERRNOS  # full, read-only, failing
        again = ("run the same command again to resume once more memory is free (what ran out is redone)"
                 if isinstance(e, MemoryError) else  # at once, it would run out again
                 f"{'free it and ' if disk else ''}run the same command again to resume")
        kept = f"finished {keeps} are on disk; {again}" if keeps else "nothing was kept"
        said = (f"out of memory{f' ({e})' if str(e) else ''}" if isinstance(e, MemoryError)  # Python's own says nothing
                else file_fault(e))
        console.print(f"[bold red]error:[/] {escape(said)}; {kept}", highlight=False, soft_wrap=True)
        raise typer.Exit(EXIT_MACHINE_FAULT)
    except KeyboardInterrupt:
        procs.end_children()  # a tool a worker thread waits on (a device task) must not outlive the command
        said = (f"finished {keeps} are on disk; run the same command again to resume" if keeps else
                "nothing was kept (this command does not resume); run it again to start over")
        console.print(f"[yellow]interrupted[/]: {escape(said)}", highlight=False, soft_wrap=True)
        raise typer.Exit(EXIT_INTERRUPTED)


def split_list(value: str) -> list[str]:
    return [v.strip() for v in value.split(",") if v.strip()]


def load_problems(shapes: Path) -> list[Problem]:
    """A shape-list CSV, or a dispatch dump (a folder or one .mlir file: configs/dumps.py, what it found on stderr)."""
    if not (Path(shapes).is_dir() or Path(shapes).suffix == ".mlir"):
        return load_shape_list(shapes)
    from ..configs.dumps import read_dump  # noqa: PLC0415  (imports iree.compiler: only when a dump is read)

    dump = read_dump(shapes)
    for line in dump.notes():
        say(line)
    return dump.problems


def problems_from(shapes: Optional[Path], m: Optional[str], n: Optional[int], k: Optional[int],
                  batch: int, dtype: Optional[str]) -> list[Problem]:
    """Problems from a shape list, or from --m (the one grammar: 1,4,8 or 1-32) x --n x --k x --dtype."""
    from .options import dtype_names, m_values

    if shapes is not None:
        if m or n or k:
            raise ValueError("give either a shape list or --m/--n/--k, not both")
        for given, option in ((dtype is not None, "--dtype"), (batch != 1, "--batch")):
            if given:  # else dropped without a word
                raise ValueError(f"{option} describes the --m/--n/--k problems; a shape list gives each row's own (its "
                                 "dtype and batch columns)")
        return load_problems(shapes)
    if not (m and n and k):
        raise ValueError("give a shape list (SHAPES.csv) or all of --m, --n and --k")
    return [Problem(m=mv, n=n, k=k, batch=batch, dtype=dt)
            for dt in dtype_names(dtype or "f16") for mv in m_values(m)]


def progress() -> Progress:
    return Progress(TextColumn("[bold]{task.description}"), BarColumn(), MofNCompleteColumn(),
                    TimeElapsedColumn(), TextColumn("{task.fields[last]}", markup=False), console=console,
                    disable=not sys.stderr.isatty())


class RowProgress:
    """Finished rows as progress: the bar on a terminal; otherwise one stderr line per finished row
    (a log or CI never sees minutes of silence). Pending and compiled rows are not finished."""

    def __init__(self, bar: Progress, label: str, total: int):
        self.bar, self.total, self.done = bar, total, 0
        self.task = bar.add_task(label, total=total, last="")
        self.lines = not sys.stderr.isatty()

    def line(self, row) -> str:
        mode = f"/{row.cache_mode}" if row.cache_mode else ""
        name = f"{row.name} ({row.key})" if row.name and row.name != row.key else row.key
        return (f"[{self.done}/{self.total}] {name} {row.variant}{mode}: {row.status}"
                + (f" — {row.reason}" if row.reason else ""))

    def __call__(self, row) -> None:
        if row.status in ("pending", "compiled"):
            return
        self.done += 1
        self.bar.update(self.task, advance=1, last=f"{row.key}/{row.variant} {row.status}")
        if self.lines:
            say(self.line(row))
