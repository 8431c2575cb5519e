"""`--help` reads on an 80-column terminal, `--version` says what is installed, shell completion works (issue 34).

Every command's help, rendered at COLUMNS=80 as a user sees it: no line wider than the terminal, no line of one
word (a wrapped remainder such as `(a` or `exact`), no option name cut with an ellipsis, a one-line description
per command in the command lists, and the page of the manual that tells the rest.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from importlib import metadata

import pytest
import typer.main
from typer.testing import CliRunner

from conftest import ROOT
from iree_vdmfma.cli import app

HEADINGS = {"Usage:", "Arguments:", "Options:", "Commands:"}


def _paths(cmd=None, path=()):
    cmd = cmd or typer.main.get_command(app)
    yield path
    for name, sub in sorted(getattr(cmd, "commands", {}).items()):
        yield from _paths(sub, (*path, name))


PATHS = list(_paths())


def _command(path):
    cmd = typer.main.get_command(app)
    for name in path:
        cmd = cmd.commands[name]
    return cmd


def _help(path) -> str:
    """--help as an 80-column terminal shows it: click's layout is 2 columns narrower than the terminal (its test
    runner would render 80 wide, whatever COLUMNS is, without ``terminal_width``)."""
    res = CliRunner().invoke(app, [*path, "--help"], terminal_width=78)
    assert res.exit_code == 0, res.output
    return res.output


def _help_in_a_terminal(path, columns: int) -> str:
    done = subprocess.run([sys.executable, "-m", "iree_vdmfma.cli", *path, "--help"], capture_output=True, text=True,
                          cwd=ROOT, env={**os.environ, "PYTHONPATH": str(ROOT), "COLUMNS": str(columns)}, timeout=120)
    assert done.returncode == 0, done.stderr
    return done.stdout


def test_every_command_group_is_walked():
    assert len(PATHS) == 1 + 16 + 3 + 1 + 2  # vdmfma, its commands, db's three, library's one, cache's two


@pytest.mark.parametrize("path", PATHS, ids=lambda p: " ".join(("vdmfma", *p)))
def test_help_fits_80_columns_without_one_word_lines_or_cut_option_names(path):
    text = _help(path)
    lines = text.splitlines()
    wide = [line for line in lines if len(line) > 80]
    assert not wide, wide
    lonely = [line for line in lines if len(line.split()) == 1 and line.strip() not in HEADINGS]
    assert not lonely, f"lines of one word:\n" + "\n".join(lonely) + "\n\n" + text
    assert "…" not in text
    cmd = _command(path)
    shown = set(re.findall(r"(?<![\w-])--?[a-zA-Z][\w-]*", text))
    for p in cmd.params:
        if getattr(p, "hidden", False) or p.param_type_name != "option":
            continue
        for name in (*p.opts, *p.secondary_opts):
            assert name in shown, f"{name} is not shown whole in {' '.join(path)} --help"
    listed = text.split("Commands:", 1)[1].strip().splitlines() if "Commands:" in text else []
    assert not [line for line in listed if line.rstrip().endswith("...")], listed  # a cut one-line description


@pytest.mark.parametrize("path", [p for p in PATHS if p], ids=lambda p: " ".join(p))
def test_each_command_help_names_its_page_of_the_manual(path):
    page = f"docs/commands/{path[0]}.md"
    assert _help(path).rstrip().splitlines()[-1].strip() == f"Manual: {page}"
    assert (ROOT / page).is_file()


@pytest.mark.parametrize("path", [p for p in PATHS if p and not hasattr(_command(p), "commands")],
                         ids=lambda p: " ".join(p))
def test_each_command_help_shows_an_example_that_uses_its_own_options(path):
    """--help said what each option does but showed no command line to start from (spec alone had one)."""
    text = " ".join(_help(path).split())
    example = re.search(r"Example: (vdmfma .*?) Manual:", text)
    assert example and example.group(1).startswith(f"vdmfma {' '.join(path)} "), text
    cmd = _command(path)
    own = {o for p in cmd.params for o in (*p.opts, *p.secondary_opts)}
    assert set(re.findall(r"(?<![\w-])--[a-z][\w-]*", example.group(1))) <= own, example.group(1)


def test_the_command_list_gives_each_command_one_line():
    text = _help(())
    names = set(typer.main.get_command(app).commands)
    listed = text.split("Commands:\n", 1)[1].split("\n\n", 1)[0].splitlines()
    assert sorted(line.split()[0] for line in listed) == sorted(names)  # one line each: none wrapped
    assert all(len(line.split()) >= 3 for line in listed), listed  # a name and its description


def test_help_grows_with_a_wide_terminal_but_keeps_its_words():
    narrow, wide = _help_in_a_terminal(("tune",), 80), _help_in_a_terminal(("tune",), 200)
    assert narrow == _help(("tune",))
    assert len(wide.splitlines()) < len(narrow.splitlines()) and max(map(len, wide.splitlines())) <= 120
    assert " ".join(narrow.split()) == " ".join(wide.split())


def test_version_prints_the_toolkit_iree_and_the_optional_packages_without_importing_them():
    code = ("import sys; sys.argv = ['vdmfma', '--version']\n"
            "from iree_vdmfma.cli import app\n"
            "try:\n    app(prog_name='vdmfma')\nexcept SystemExit as e:\n    assert not e.code, e.code\n"
            "heavy = [m for m in ('torch', 'ray', 'optuna', 'iree.compiler', 'iree.turbine', 'pandas') if m in sys.modules]\n"
            "assert not heavy, heavy\n")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT,
                          env={**os.environ, "PYTHONPATH": str(ROOT)}, timeout=120)
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    from iree_vdmfma import __version__

    assert lines[0] == f"iree-vdmfma {__version__}"
    for dist in ("iree-base-compiler", "iree-base-runtime", "torch", "iree-turbine", "ray"):
        try:
            want = f"{dist} {metadata.version(dist)}"
        except metadata.PackageNotFoundError:
            want = f"{dist} not installed"
        assert any(line == want or line.startswith(want + " (") for line in lines), (want, lines)
    # the build every row records (sweep.json, results.csv), beside the wheel's version
    from iree_vdmfma.compiler.toolchain import compiler_version

    assert f"iree-base-compiler {metadata.version('iree-base-compiler')} (iree-compile {compiler_version()})" in lines


def test_shell_completion_completes_commands_and_options():
    env = {**os.environ, "PYTHONPATH": str(ROOT), "_VDMFMA_COMPLETE": "complete_bash"}

    def complete(words: str) -> list[str]:
        done = subprocess.run([sys.executable, "-m", "iree_vdmfma.cli"], capture_output=True, text=True, cwd=ROOT,
                              env={**env, "COMP_WORDS": words, "COMP_CWORD": str(len(words.split()) - 1)}, timeout=120)
        assert done.returncode == 0, done.stderr
        return done.stdout.split()

    assert complete("vdmfma sw") == ["sweep"]
    assert complete("vdmfma sweep --retry") == ["--retry-failed"]
    script = subprocess.run([sys.executable, "-m", "iree_vdmfma.cli"], capture_output=True, text=True, cwd=ROOT,
                            env={**env, "_VDMFMA_COMPLETE": "source_bash"}, timeout=120)  # what the manual shows
    assert script.returncode == 0 and "_VDMFMA_COMPLETE=complete_bash" in script.stdout


@pytest.mark.parametrize("group", [("db",), ("library",)])
def test_a_command_group_given_no_command_shows_its_help_as_vdmfma_alone_does(group):
    """`vdmfma db` printed its whole help as one "error: Usage: ... (see vdmfma db --help)"."""
    res = CliRunner().invoke(app, list(group), terminal_width=78)
    assert res.exit_code == 2 and "error:" not in res.output and "(see vdmfma" not in res.output, res.output
    assert res.output == _help(group)
