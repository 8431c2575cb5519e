"""The shell commands of the manual (README.md and docs/**/*.md): found, classified and run as written.

A command is a line of a ```bash block (continuation lines joined, comments dropped). A command that needs what
this project's machines lack carries a visible marker, a comment on its own line right above it or at its end:
``# GPU only``, ``# cluster only`` or ``# sharktank env only``. A command whose documented outcome is a failure
the toolkit reports (a kernel that spills, say) says its exit code at its end, ``# exits 1``; the test then
checks exactly that code. Every other command runs here, in order, page
by page, in a fresh folder holding copies of the repository's input folders (so a command may read what an
earlier command on its page wrote, and nothing a command writes reaches the checkout).
"""

from __future__ import annotations

import os
import re
import shlex
import shutil
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Optional

from iree_vdmfma.util.procs import STALL_S, run_group

ROOT = Path(__file__).resolve().parents[1]
DOCS = ROOT / "docs"
INPUTS = ("sweeps", "examples", "specs", "reports", "benchmarks")  # what a page's commands may read
MARKERS = {"GPU only": "gpu", "cluster only": "cluster", "sharktank env only": "sharktank"}
_MARKER = re.compile(r"#\s*(" + "|".join(MARKERS) + r")\b")
_EXITS = re.compile(r"#\s*exits (\d+)\b")


@dataclass(frozen=True)
class Command:
    page: str  # relative to the repository root
    line: int  # where the command starts in the page
    text: str  # as written: continuation lines joined, its comment dropped
    marker: Optional[str]  # 'gpu', 'cluster', 'sharktank' or None
    exits: int = 0  # the exit code the page documents (`# exits N` at its end)

    @property
    def parts(self) -> list[str]:
        """The commands it chains with ``&&``."""
        return [p.strip() for p in self.text.split("&&")]

    def __str__(self) -> str:
        return f"{self.page}:{self.line}: {self.text}"


def pages() -> list[Path]:
    """README.md and every page of docs/ (not docs/reports, the link to the repository's report folders)."""
    found = sorted(p for p in DOCS.rglob("*.md") if not p.relative_to(DOCS).parts[0] == "reports")
    return [ROOT / "README.md", *found]


def rel(page: Path) -> str:
    return str(page.relative_to(ROOT))


def bash_blocks(text: str) -> list[tuple[int, list[str]]]:
    """(line of the first command line, lines) of every ```bash block."""
    blocks, lines, i = [], text.splitlines(), 0
    while i < len(lines):
        if lines[i].strip() == "```bash":
            start, body = i + 2, []
            i += 1
            while lines[i].strip() != "```":
                body.append(lines[i])
                i += 1
            blocks.append((start, body))
        i += 1
    return blocks


def _split_comment(line: str) -> tuple[str, str]:
    """(command, trailing comment) at the first `` #`` outside quotes."""
    quote = None
    for i, c in enumerate(line):
        if quote:
            quote = None if c == quote else quote
        elif c in "'\"":
            quote = c
        elif c == "#" and (i == 0 or line[i - 1].isspace()):
            return line[:i].rstrip(), line[i:]
    return line.rstrip(), ""


def commands_of(page: Path) -> list[Command]:
    found = []
    for start, body in bash_blocks(page.read_text()):
        marker, i = None, 0
        while i < len(body):
            first, line = i, body[i].strip()
            i += 1
            if not line:
                continue
            if line.startswith("#"):
                m = _MARKER.match(line)
                marker = MARKERS[m.group(1)] if m else marker
                continue
            while line.endswith("\\"):
                line = line[:-1].rstrip() + " " + body[i].strip()
                i += 1
            text, comment = _split_comment(line)
            m = _MARKER.match(comment) if comment else None
            code = _EXITS.match(comment) if comment else None
            found.append(Command(rel(page), start + first, text, MARKERS[m.group(1)] if m else marker,
                                 int(code.group(1)) if code else 0))
            marker = None
    return found


def all_commands() -> list[Command]:
    return [c for p in pages() for c in commands_of(p)]


def block_after(page: Path, heading: str) -> list[Command]:
    """The commands of the first ```bash block after ``heading`` in ``page``."""
    text = page.read_text()
    line = text[:text.index(heading)].count("\n") + 1
    start, body = next((s, b) for s, b in bash_blocks(text) if s > line)
    return [c for c in commands_of(page) if start <= c.line < start + len(body)]


# ------------------------------------------------------------------------------------------------ running


def workdir(tmp: Path) -> Path:
    """A fresh folder with copies of the input folders (a script that writes beside itself writes the copy)."""
    for d in INPUTS:
        shutil.copytree(ROOT / d, tmp / d, symlinks=True, ignore=shutil.ignore_patterns("__pycache__"))
    return tmp


def environment(tmp: Path) -> dict:
    """The test's environment (its compile cache included), with `vdmfma` running this checkout."""
    shim = tmp / ".bin"
    shim.mkdir(exist_ok=True)
    (shim / "vdmfma").write_text(f'#!/bin/sh\nexec "{sys.executable}" -m iree_vdmfma.cli "$@"\n')
    (shim / "vdmfma").chmod(0o755)
    (shim / "python").write_text(f'#!/bin/sh\nexec "{sys.executable}" "$@"\n')  # a link would lose the venv
    (shim / "python").chmod(0o755)
    env = {k: v for k, v in os.environ.items() if k not in ("RAY_ADDRESS", "COLUMNS")}
    env.update(PATH=f"{shim}{os.pathsep}{env.get('PATH', '')}", PYTHONPATH=str(ROOT), VDMFMA_RAY_CONNECT_TIMEOUT="3",
               RAY_TMPDIR=str(tmp / ".no-ray-here"))
    return env


def run(text: str, cwd: Path, env: dict, timeout: float = 600, prefix: tuple[str, ...] = (),
        stall_s: Optional[float] = None) -> subprocess.CompletedProcess:
    """``text`` in bash, in its own process group, the whole group killed on a timeout (the `iree-compile` on
    PATH is a Python wrapper: killing only it would leave a hung compiler behind) or, with ``stall_s``, once it
    has made no progress for that long (util/procs.Hung)."""
    return run_group([*prefix, "bash", "-c", text], timeout, cwd=cwd, env=env, stall_s=stall_s)


def run_compile(text: str, cwd: Path, env: dict) -> subprocess.CompletedProcess:
    """A plain iree-compile, bounded and, if it hangs, run once more with --mlir-disable-threading: IREE 3.13
    deadlocks now and then in a threaded compile (the same hang the tuner retries, tune/tuner.py). The manual's
    compiles take seconds; a run of the pages lost 180 s to one such hang at the bound this had first. A hung
    compile is ended once it has made no progress for the toolkit's stall time (util/procs.Stall)."""
    try:
        return run(text, cwd, env, timeout=90, stall_s=STALL_S)
    except subprocess.TimeoutExpired:
        return run(text + " --mlir-disable-threading", cwd, env)


def outputs(text: str) -> list[str]:
    """What a command says it writes: the folder of `--out`, the file of iree-compile's `-o`."""
    argv = shlex.split(text.split("$(")[0])
    named = [argv[i + 1] for i, a in enumerate(argv[:-1]) if a in ("--out", "-o")]
    return named + [a.split("=", 1)[1] for a in argv if a.startswith("--out=")]
