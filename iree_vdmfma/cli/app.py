"""The typer application object; command modules register on it.

Usage errors found while parsing (an option out of its range, a missing argument, an unknown
option) are one ``error:`` line on stderr and exit 2, like every other bad input.
"""

import sys

import typer
from typer.core import TyperGroup

try:  # typer >= 0.2x carries its own copy of click
    from typer._click.exceptions import UsageError
except ImportError:  # pragma: no cover - older typer on plain click
    from click import UsageError


class _Group(TyperGroup):
    """Prints click's usage errors as one ``error:`` line (no box, no usage block) and exits 2."""

    def invoke(self, ctx):
        try:
            return super().invoke(ctx)
        except UsageError as e:
            where = e.ctx.command_path if e.ctx is not None else ctx.command_path
            print(f"error: {e.format_message()} (see {where} --help)", file=sys.stderr)
            raise typer.Exit(e.exit_code) from None


app = typer.Typer(
    name="vdmfma",
    cls=_Group,
    help=(
        "Generate, prove, tune and measure VDMFMA skinny-GEMM kernels with IREE (AMD Instinct and RDNA, "
        "NVIDIA PTX, the CPU).\n\n"
        "Every command speaks the same options: --target, --device (default auto), --m (1,4,8 or 1-32), "
        "--dtype, --variants, --out (always a folder), --cache-dir/--no-cache, --reps, --cache-size (256M). "
        "Results go to stdout, progress and logs to stderr; bad input is one 'error:' line and exit 2."
    ),
    no_args_is_help=True,
    pretty_exceptions_enable=False,
    add_completion=False,
)


@app.callback()
def _group() -> None:
    """Always a command group (`vdmfma bench ...` loads only that command, and must still take its name)."""
