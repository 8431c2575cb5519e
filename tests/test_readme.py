"""The README's set-up commands are the ones CI runs: a fresh machine that follows the README installs
exactly the extras the suite needs (last round, optuna and torch were installed by hand and a green CI
hid two failing tests)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def _extras(text: str) -> list[set[str]]:
    return [set(m.split(",")) for m in re.findall(r"pip install (?:-q )?-e '\.\[([a-z,]+)\]'", text)]


def test_ci_installs_the_extras_the_readme_test_command_installs():
    readme = (ROOT / "README.md").read_text()
    test_cmd = [line for line in readme.splitlines() if "python -m pytest" in line]
    assert len(test_cmd) == 1, "the README has one test command"
    (readme_extras,) = _extras(test_cmd[0])
    ci = (ROOT / ".ci" / "run").read_text()
    (ci_extras,) = _extras(ci)
    assert readme_extras == ci_extras
    # and the same pytest runs, in the same order (.ci/run spells python python3)
    readme_runs = [p.strip() for p in test_cmd[0].split("&&") if "-m pytest" in p]
    ci_runs = [line.strip().replace("python3 ", "python ", 1) for line in ci.splitlines()
               if line.startswith("python3 -m pytest")]
    assert readme_runs == ci_runs and len(ci_runs) == 2


def test_every_extra_the_readme_names_exists_in_pyproject():
    tomllib = pytest.importorskip("tomllib", reason="Python < 3.11 (the README's other promises are checked there)")
    declared = set(tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["optional-dependencies"])
    for extras in _extras((ROOT / "README.md").read_text()):
        assert extras <= declared, extras - declared


def test_every_input_file_a_readme_command_names_is_shipped_or_made_by_an_earlier_command():
    """A command in a README code block may read only files the repository ships or that an earlier command
    writes under out/ (issue 23: `iree-compile model.mlir` named a file nobody had)."""
    text = (ROOT / "README.md").read_text()
    blocks = re.findall(r"```bash\n(.*?)```", text, re.S)
    named = {tok for block in blocks for line in block.splitlines() if not line.lstrip().startswith("#")
             for tok in re.findall(r"(?<![\w/.$-])([\w][\w./-]*\.(?:mlir|csv|py))\b", line.split(" #")[0])}
    missing = sorted(p for p in named if not p.startswith("out/") and not (ROOT / p).is_file())
    assert named and not missing, f"README commands read files that do not exist: {missing}"
