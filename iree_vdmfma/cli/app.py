"""The typer application object; command modules register on it.

Usage errors found while parsing (an option out of its range, a missing argument, an unknown
option) are one ``error:`` line on stderr and exit 2, like every other bad input.

--help is click's plain layout (``rich_markup_mode=None``), not rich's boxed tables: at 80 columns those
left about 20 columns for an option's text and cut long option names with "…". Each help string is one
short line; the long story of a command is its page of the manual, which its help names (``docs_page``).
"""

import sys
import textwrap

import typer
from typer.core import TyperArgument, TyperGroup

from . import typed

try:  # typer >= 0.2x carries its own copy of click
    from typer._click.core import Context
    from typer._click.exceptions import NoArgsIsHelpError, UsageError
    from typer._click.formatting import HelpFormatter, measure_table, term_len
except ImportError:  # pragma: no cover - older typer on plain click
    from click import Context, HelpFormatter, UsageError
    from click.formatting import measure_table, term_len

    try:
        from click.exceptions import NoArgsIsHelpError
    except ImportError:  # click < 8.2 prints the help itself
        NoArgsIsHelpError = ()

NBSP = "\u00a0"


def _wrap(text: str, width: int) -> list[str]:
    """``text`` (one paragraph) in lines of at most ``width``, none of them one word where that can be helped: the
    width shrinks until the last line takes two words (a remainder such as `(a` alone on a line reads as noise)."""
    width = max(width, 10)
    lines = textwrap.wrap(text, width, break_long_words=False, break_on_hyphens=False)
    for narrower in range(width - 1, max(width * 2 // 3, 10), -1):
        if len(lines) < 2 or len(lines[-1].split()) > 1:
            break
        lines = textwrap.wrap(text, narrower, break_long_words=False, break_on_hyphens=False)
    return [line.replace(NBSP, " ") for line in lines]


def _paragraphs(text: str) -> list[tuple[bool, list[str]]]:
    """(raw, lines) per paragraph; a paragraph led by a ``\\b`` line keeps its lines as written (click's rule)."""
    found = []
    for block in textwrap.dedent(text.expandtabs()).strip("\n").split("\n\n"):
        lines = block.splitlines()
        if lines and lines[0].strip() == "\b":
            found.append((True, lines[1:]))
        elif lines:
            found.append((False, [" ".join(line.strip() for line in lines)]))
    return found


class _HelpFormatter(HelpFormatter):
    """click's plain layout, with no line of one word: each paragraph and each option's text is wrapped so that its
    last line keeps two words, and an option's trailing ``[default: ...; x>=N]`` is never split."""

    def write_text(self, text: str) -> None:
        indent = " " * self.current_indent
        out = []
        for raw, lines in _paragraphs(text):
            body = lines if raw else _wrap(lines[0], self.width - self.current_indent)
            out.append("\n".join(indent + line for line in body))
        self.write("\n\n".join(out) + "\n")

    def write_dl(self, rows, col_max: int = 30, col_spacing: int = 2) -> None:
        rows = list(rows)
        first_col = min(measure_table(rows)[0], col_max) + col_spacing
        for first, second in rows:
            self.write(f"{'':>{self.current_indent}}{first}")
            if not second:
                self.write("\n")
                continue
            if term_len(first) <= first_col - col_spacing:
                self.write(" " * (first_col - term_len(first)))
            else:
                self.write("\n" + " " * (first_col + self.current_indent))
            if second.endswith("]") and "  [" in second:  # the extra click adds: one piece
                head, extra = second.rsplit("  [", 1)
                second = f"{head}  [{extra.replace(' ', NBSP)}"
            lines = _wrap(second, self.width - first_col - self.current_indent)
            self.write(lines[0] + "\n")
            for line in lines[1:]:
                self.write(f"{'':>{first_col + self.current_indent}}{line}\n")


class _Context(Context):
    formatter_class = _HelpFormatter


class _Argument(TyperArgument):
    """An argument as click's usage line writes it: SHAPES, [SHAPES] when optional, RESULTS... when repeatable
    (typer's own writes a required one as '{shapes}', which reads as a literal set of braces)."""

    def _usage_display_name(self) -> str:
        name = self.display_name_raw.upper() + ("..." if self.nargs != 1 else "")
        return name if self.required else f"[{name}]"

    def get_error_hint(self, ctx=None) -> str:  # "Missing argument 'SHAPES'", as the usage line names it
        return f"'{self.display_name_raw.upper()}'"


def _use_our_help(command) -> None:
    command.context_class = _Context
    for param in getattr(command, "params", []):
        if type(param) is TyperArgument:
            param.__class__ = _Argument
    for sub in getattr(command, "commands", {}).values():
        _use_our_help(sub)


def _empty_value(given: typed.Typed) -> str:
    """What was given an empty value ('' when nothing was): '--out ""' or '--out=' (an unset shell variable), or an
    empty argument. Never a meaningful value: a Path('') is the current folder, an empty --target or --dtype the
    default."""
    return next((name or "an argument" for name, values in given if "" in values), "")


def _short_with_equals(given: typed.Typed) -> str:
    """The first short option typed as '-o=VALUE' ('' when none was): click reads '=VALUE' as its value, so '-o=x'
    writes into '=x' and '-o=' (an unset shell variable) into '='."""
    return next((name + values[0] for name, values in given
                 if name[:1] == "-" and name[1:2] != "-" and values and values[0].startswith("=")), "")


class _Group(TyperGroup):
    """Prints click's usage errors as one ``error:`` line (no box, no usage block) and exits 2, an empty value
    among them; its commands render --help with ``_HelpFormatter``."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        _use_our_help(self)

    def invoke(self, ctx):
        try:
            args = [*getattr(ctx, "_protected_args", getattr(ctx, "protected_args", [])), *ctx.args]
            where, ctx.meta[typed.KEY] = typed.read(self, ctx, args)  # the command line, read once
            empty = _empty_value(ctx.meta[typed.KEY])
            if empty:
                print(f"error: {empty} is given an empty value (an unset shell variable?); give one, or leave it out "
                      f"for its default (see {where} --help)", file=sys.stderr)
                raise typer.Exit(UsageError.exit_code)
            short = _short_with_equals(ctx.meta[typed.KEY])
            if short:
                print(f"error: {short}: a short option takes its value as {short[:2]}VALUE or {short[:2]} VALUE, "
                      f"never {short[:2]}=VALUE (it would be read as '{short[2:]}'; see {where} --help)",
                      file=sys.stderr)
                raise typer.Exit(UsageError.exit_code)
            return super().invoke(ctx)
        except NoArgsIsHelpError as e:  # `vdmfma db`: its help, as `vdmfma` alone shows it, not an error line
            e.show()
            raise typer.Exit(e.exit_code) from None
        except UsageError as e:
            where = e.ctx.command_path if e.ctx is not None else ctx.command_path
            print(f"error: {e.format_message()} (see {where} --help)", file=sys.stderr)
            raise typer.Exit(e.exit_code) from None


# --help fits 80 columns and grows with a wider terminal up to this many.
CONTEXT = {"max_content_width": 120}
MANUAL = "docs"  # the manual's folder in the repository (mkdocs serve renders it)


def docs_page(command: str, example: str = "") -> str:
    """The lines ending a command's --help: a command line to start from (``example``, the arguments after
    'vdmfma'), then where its long story is."""
    return (f"Example: vdmfma {example}\n\n" if example else "") + f"Manual: {MANUAL}/commands/{command}.md"


app = typer.Typer(
    name="vdmfma",
    cls=_Group,
    help=(
        "Generate, prove, tune and measure VDMFMA skinny-GEMM kernels with IREE (AMD Instinct and RDNA, "
        "NVIDIA PTX, the CPU).\n\n"
        "Every command shares one vocabulary: --target, --device (default auto), --m (1,4,8 or 1-32), --dtype, "
        "--variants, --out (a folder). Results go to stdout, progress to stderr; bad input is one 'error:' line "
        "and exit 2."
    ),
    epilog=f"Manual: {MANUAL}/index.md; the shared options: {MANUAL}/commands/index.md",
    no_args_is_help=True,
    pretty_exceptions_enable=False,
    rich_markup_mode=None,
    context_settings=CONTEXT,
)

VERSIONS_OF = ("iree-base-compiler", "iree-base-runtime", "torch", "iree-turbine", "ray", "optuna")


def versions() -> list[str]:
    """The toolkit's version and those of what it runs on, from package metadata (nothing heavy is imported)."""
    import platform
    from importlib import metadata

    from .. import __version__

    lines = [f"iree-vdmfma {__version__}", f"python {platform.python_version()}"]
    for dist in VERSIONS_OF:
        try:
            lines.append(f"{dist} {metadata.version(dist)}")
        except metadata.PackageNotFoundError:
            lines.append(f"{dist} not installed")
            continue
        if dist == "iree-base-compiler":  # the build rows record (sweep.json, results.csv's compiler_version)
            lines[-1] += f" (iree-compile {_compiler_build()})"
    return lines


def _compiler_build() -> str:
    """What `iree-compile --version` says it is, as every row records it ('3.13.0rc20261016 @ 89ece87...')."""
    from ..compiler.toolchain import compiler_version, wheel_tool  # noqa: PLC0415  (a subprocess, no iree import)

    try:
        return compiler_version(wheel_tool("iree-compile"))
    except (OSError, RuntimeError) as e:  # not found, or it hung (ToolFailed)
        return f"not runnable: {e}"


def _version(value: bool) -> None:
    if value:
        print("\n".join(versions()))
        raise typer.Exit()


@app.callback()
def _group(
    version: bool = typer.Option(False, "--version", is_eager=True, callback=_version,
                                 help="Print the versions of the toolkit and IREE."),
) -> None:
    """Always a command group (`vdmfma bench ...` loads only that command, and must still take its name)."""
