"""The manual runs as written (issue 34): every shell command of README.md and docs/**/*.md is run here, page by
page in order, in a fresh folder (tests/docs_blocks.py), or carries a visible marker; a `# GPU only` or
`# cluster only` command of the toolkit is run all the same and must fail at once with one `error:` line and no
traceback. Compile-only (real iree-compile, the session's compile cache) and CPU runs; nothing is mocked.
"""

from __future__ import annotations

import functools
import re
import shlex
import subprocess
import sys

import pytest

import docs_blocks as docs
from conftest import ROOT

# Commands another test runs as written, reading them from the page (so the page and the test cannot drift, and
# one run serves both): the README's tour (a fresh folder holding only the tour's inputs), the sharktank
# walk-through (it stands the committed exports in for the sharktank export environment's output), the model
# page's decode step on the CPU, the calibrate page's A/A calibration and the sweep page's CPU sweep (their tests
# assert on what they wrote).
# A `# GPU only` or `# cluster only` command of such a block is still run here, and must fail.
ELSEWHERE = {("README.md", "## A short tour"): "tests/test_tour.py",
             ("docs/model-path.md", "## From a sharktank export"): "tests/test_sharktank.py",
             ("docs/model-path.md", "## Mixture of experts and Hugging Face models"): "tests/test_moe.py",
             ("docs/model-path.md", "## One decode step end to end: `--tune` / `--library`"): "tests/test_model_step.py",
             ("docs/commands/calibrate.md", "# vdmfma calibrate"): "tests/test_paired.py",
             ("docs/commands/sweep.md", "### On the CPU"): "tests/test_sweep_run.py"}
# The check of every committed report costs a minute of compiles: tests/test_regenerate.py runs it; the example
# layer's CPU check is tests/test_model.py's (it asserts on the verdict line the script prints).
ELSEWHERE_COMMANDS = {"python reports/regenerate.py --check": "tests/test_regenerate.py",
                      "python examples/llama_layer.py --tiny --m 4 --rank 3": "tests/test_model.py"}
# Pages whose commands take 20 s or more on the 2-core machine, cold (model-path about 25 s, tune 35 s, radeon
# 23 s): still CPU-only, still each command as written.
SLOW = {"docs/model-path.md", "docs/commands/tune.md", "docs/radeon.md"}


def _elsewhere() -> dict[str, str]:
    run_by = {}
    for (page, heading), test in ELSEWHERE.items():
        for c in docs.block_after(ROOT / page, heading):
            if c.marker not in ("gpu", "cluster"):
                run_by[f"{page}:{c.text}"] = test
    return run_by


RUN_ELSEWHERE = _elsewhere()


def _kind(part: str, command: docs.Command) -> str:
    """What the test does with one part of a command (the parts of `a && b`)."""
    argv = shlex.split(part)
    if argv[:2] == ["pip", "install"]:
        return "set-up"
    if argv[1:3] == ["-m", "pytest"]:
        return "test-command"
    if argv[:2] == ["ray", "start"]:
        return "ray-start"
    if command.marker == "sharktank" or f"{command.page}:{command.text}" in RUN_ELSEWHERE \
            or part in ELSEWHERE_COMMANDS:
        return "elsewhere"
    return {"gpu": "must-fail", "cluster": "must-fail"}.get(command.marker, "run")


@functools.lru_cache(maxsize=1)
def _gpu_here() -> bool:
    from iree_vdmfma.devices.probe import probe_driver

    return bool(probe_driver("cuda") or probe_driver("hip"))


def _must_fail_here(command: docs.Command, part: str, cwd, env) -> None:
    """A GPU-only or cluster-only command of the toolkit, run here: it fails before doing anything, with one
    `error:` line and no traceback. `--ray-address auto` runs in a process namespace of its own, where no other
    job's Ray cluster can answer it."""
    if command.marker == "gpu" and _gpu_here():
        return  # a GPU is here: it would run for real, and take what the page does not budget for
    prefix: tuple[str, ...] = ()
    if "--ray-address auto" in part:
        if subprocess.run(["unshare", "--pid", "--fork", "--mount-proc", "true"], capture_output=True).returncode:
            return  # cannot isolate it from other jobs' clusters here; the HOST:PORT form is still checked
        prefix = ("unshare", "--pid", "--fork", "--mount-proc")
    done = docs.run(part, cwd, env, timeout=300, prefix=prefix)
    said = done.stdout + done.stderr
    errors = [line for line in said.splitlines() if line.startswith("error:")]
    assert done.returncode != 0, f"{command}: ran here, but it is marked {command.marker} only\n{said[-2000:]}"
    assert "Traceback" not in said and len(errors) == 1, f"{command}: not one clear error line\n{said[-3000:]}"


def _extras(part: str) -> set[str]:
    m = re.search(r"-e '?\.\[([a-z,]+)\]'?", part)
    return set(m.group(1).split(",")) if m else set()


def _set_up(part: str) -> None:
    """A `pip install` of this package names only extras pyproject.toml declares (it is not run: the tests run
    in the environment it makes)."""
    tomllib = pytest.importorskip("tomllib", reason="Python < 3.11")
    declared = set(tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["optional-dependencies"])
    assert re.match(r"pip install (-q )?-e ('\.\[[a-z,]+\]'|\.)( |$)", part), part
    assert _extras(part) <= declared, _extras(part) - declared


def _test_command(part: str) -> None:
    ci = (ROOT / ".ci" / "run").read_text()
    assert re.search(r"python3? " + re.escape(part.split(" ", 1)[1]) + r"\s*$", ci, re.M), \
        f"{part!r} is not the test command .ci/run runs"


PAGES = [p for p in docs.pages() if any(_kind(x, c) == "run" or _kind(x, c) == "must-fail"
                                        for c in docs.commands_of(p) for x in c.parts)]


@pytest.mark.parametrize("page", [pytest.param(p, id=docs.rel(p), marks=[pytest.mark.slow] if docs.rel(p) in SLOW
                                               else []) for p in PAGES])
def test_every_command_of_the_page_runs_as_written(page, tmp_path):
    work = docs.workdir(tmp_path / "work")
    env = docs.environment(tmp_path)
    ran = 0
    for command in docs.commands_of(page):
        for part in command.parts:
            kind = _kind(part, command)
            if kind == "set-up":
                _set_up(part)
            elif kind == "test-command":
                _test_command(part)
            elif kind == "must-fail":
                _must_fail_here(command, part, work, env)
            elif kind == "run":
                runner = docs.run_compile if part.startswith("iree-compile ") else docs.run
                done = runner(part, work, env)
                assert done.returncode == command.exits, f"{command}\n{done.stdout[-3000:]}\n{done.stderr[-3000:]}"
                for made in docs.outputs(part):
                    assert (work / made).exists(), f"{command}: says it writes {made}, which is not there"
                ran += 1
    assert ran or any(c.marker for c in docs.commands_of(page))


def test_every_command_is_run_here_or_elsewhere_or_marked():
    """Each command lands in exactly one class, and the marked ones are what their marker says."""
    counted: dict[str, int] = {}
    for command in docs.all_commands():
        for part in command.parts:
            kind = _kind(part, command)
            counted[kind] = counted.get(kind, 0) + 1
            if kind == "ray-start":
                assert command.marker == "cluster", f"{command}: Ray's own command needs `# cluster only`"
            if command.marker in ("gpu", "cluster") and kind != "ray-start":
                assert kind == "must-fail" and re.match(r"(\w+=\S+ )?(vdmfma|python benchmarks/)", part), command
            if command.marker == "sharktank":
                assert "examples/sharktank/make_exports.py" in part, command
    assert counted.get("run", 0) >= 50 and counted.get("must-fail", 0) >= 10, counted


@pytest.mark.parametrize("place, test", list(ELSEWHERE.items()) + [((None, c), t) for c, t in ELSEWHERE_COMMANDS.items()],
                         ids=lambda v: str(v))
def test_the_commands_run_elsewhere_are_read_from_the_page_by_the_test_that_runs_them(place, test):
    source = (ROOT / test).read_text()
    page, heading = place
    if page is None:  # one command: the test runs that script with that option
        script, option = heading.split()[1:3]
        assert script in source and f'"{option}"' in source
        assert any(c.text == heading for c in docs.all_commands())
    else:
        assert f'"{page}"' in source or f"'{page}'" in source or page.split("/")[-1] in source, test
        assert heading in source, f"{test} does not read the block after {heading!r}"
        assert docs.block_after(ROOT / page, heading)


# ------------------------------------------------------------------------------------------------ the pages


def _nav_pages() -> list[str]:
    return re.findall(r":\s*(\S+\.md)\s*$", (ROOT / "mkdocs.yml").read_text(), re.M)


def test_every_page_is_in_the_navigation_and_every_navigation_entry_is_a_page():
    nav = _nav_pages()
    pages = sorted(docs.rel(p)[len("docs/"):] for p in docs.pages()[1:])
    assert sorted(nav) == pages
    assert len(nav) == len(set(nav))


def test_one_page_per_command_and_no_command_without_a_page():
    import typer.main

    from iree_vdmfma.cli import app

    commands = set(typer.main.get_command(app).commands)
    assert {p.stem for p in (ROOT / "docs" / "commands").glob("*.md")} - {"index"} == commands


def test_no_shell_command_hides_outside_a_bash_block():
    """Shell sessions are ```bash blocks, nothing else: no ```sh/```shell/```console fence and no indented block
    of a command (which the runner would not see)."""
    for page in docs.pages():
        text = page.read_text()
        fences = set(re.findall(r"^```(\w*)", text, re.M)) - {"bash", "mlir", ""}
        assert not fences, f"{docs.rel(page)}: fences {fences}"
        indented = [line for line in text.splitlines() if re.match(r"^ {4}(vdmfma|python|iree-compile|pip) ", line)]
        assert not indented, f"{docs.rel(page)}: {indented}"


def test_the_docs_build_leaves_nothing_in_the_checkout():
    """mkdocs.yml builds into site/ by default: CI builds into a temp dir, and site/ is ignored."""
    ci = (ROOT / ".ci" / "run").read_text()
    built = re.search(r'mkdocs build --strict\b[^\n#]*-d "\$(\w+)"', ci)
    assert built and re.search(rf'^{built.group(1)}="\$\(mktemp -d\)"', ci, re.M), ci
    assert " -q" not in built.group(0), "mkdocs -q silences the very warnings --strict fails on"
    assert "/site/" in (ROOT / ".gitignore").read_text().split()


# ------------------------------------------------------------------------------------------------ inline commands


def _inline_commands() -> list[tuple[str, str]]:
    """(page, command) of every `vdmfma ...` or `python X.py ...` quoted in a sentence (outside code blocks)."""
    found = []
    for page in docs.pages():
        prose = re.sub(r"```.*?```", "", page.read_text(), flags=re.S)
        for span in re.findall(r"`([^`\n]+)`", prose):
            if re.match(r"(vdmfma \w|python [\w/]+\.py)", span):
                found.append((docs.rel(page), span))
    return found


def _vdmfma_options(argv: list[str]):
    """The click command an argv names and its option names, or a message saying what is not a command."""
    import typer.main

    from iree_vdmfma.cli import app

    cmd = typer.main.get_command(app)
    words = [a for a in argv[1:] if not a.startswith("-")]
    for word in words:
        sub = getattr(cmd, "commands", {}).get(word)
        if sub is None:
            break
        cmd = sub
    opts = {o for p in cmd.params for o in (*p.opts, *getattr(p, "secondary_opts", ()))} | {"--help"}
    return cmd, opts


@functools.lru_cache(maxsize=None)
def _script_help(script: str) -> str:
    """What a script of the checkout says its options are, asked only for options its own source does not
    declare: its --help where it has an argparse parser of its own or imports its main (benchmarks/gpu_evidence.py
    keeps its options in benchmarks/evidence/); a script without one (tests/two_hosts.py,
    examples/make_records_db.py) might run for real on --help, so its source is all it says."""
    source = (ROOT / script).read_text()
    if "argparse" not in source and "import main" not in source:
        return source
    done = subprocess.run([sys.executable, str(ROOT / script), "--help"], capture_output=True, text=True, cwd=ROOT,
                          timeout=120)
    assert done.returncode == 0, f"{script} --help: {done.stderr[-2000:]}"
    return done.stdout


def test_every_command_quoted_in_a_sentence_names_a_real_command_and_its_options():
    quoted = _inline_commands()
    assert len(quoted) >= 30
    bad = []
    for page, span in quoted:
        argv = span.replace("...", " ").split()
        flags = [a.split("=", 1)[0] for a in argv if a.startswith("--") and re.match(r"--[a-z]", a)]
        if argv[0] == "vdmfma":
            cmd, opts = _vdmfma_options(argv)
            first = next((a for a in argv[1:] if not a.startswith("-")), "")
            if cmd.name == "vdmfma" and not first.isupper():  # COMMAND, a placeholder, is fine
                bad.append(f"{page}: `{span}`: no such command")
            # an iree-compile flag given to --compile-flag=... is the flag's value, not ours
            bad += [f"{page}: `{span}`: {f} is not an option of {cmd.name}" for f in flags
                    if f not in opts and not f.startswith("--iree-")]
        else:
            script = ROOT / argv[1]
            assert script.is_file(), f"{page}: `{span}`: {argv[1]} does not exist"
            source = script.read_text()
            unseen = [f for f in flags if f'"{f}"' not in source]  # an option the script itself declares
            bad += [f"{page}: `{span}`: {argv[1]} has no {f}" for f in unseen
                    if not re.search(rf"{f}(?![\w-])", _script_help(argv[1]))]
    assert not bad, "\n".join(bad)
