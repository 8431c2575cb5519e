"""The committed examples under reports/ regenerate (issue 23): one layout (index.md at the top, no lock or
stamp files, no absolute path of the machine that made them), and `python reports/regenerate.py --check`
fails when a cheap example (compile-only, or a GPU folder re-rendered from its committed CSVs) is stale.
The compile-only check compiles for real (gfx942); nothing is measured here.
"""

from __future__ import annotations

import importlib.util
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import ROOT


def _regenerate():
    spec = importlib.util.spec_from_file_location("regenerate", ROOT / "reports" / "regenerate.py")
    mod = importlib.util.module_from_spec(spec)
    sys.modules["regenerate"] = mod  # dataclasses look their module up by name
    spec.loader.exec_module(mod)
    return mod


def test_every_committed_example_keeps_the_layout():
    regen = _regenerate()
    folders = [d for d in (ROOT / "reports").iterdir() if d.is_dir() and not d.name.startswith(("_", "."))]
    assert {d.name for d in folders} >= {"seed-gfx942", "cpu-local-task", "gpu-h100-seed", "tune-h100"}
    assert [p for d in folders for p in regen.layout_problems(d)] == []
    rows = (ROOT / "reports" / "cpu-local-task" / "results.csv").read_text()
    assert ",cpu," not in rows and ",default," in rows and ",splitk," in rows  # no removed `cpu` variant


def test_check_passes_on_the_committed_cheap_examples(cache_dir):
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    done = subprocess.run([sys.executable, "reports/regenerate.py", "--check", "--cache-dir", str(cache_dir)],
                          cwd=ROOT, env=env, capture_output=True, text=True, timeout=900)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "every example is current" in done.stdout
    assert not (ROOT / "out" / "regenerate" / "check").exists()


def test_check_fails_on_a_stale_example_a_lock_file_and_a_foreign_path(tmp_path, monkeypatch, cache_dir):
    regen = _regenerate()
    shutil.copytree(ROOT / "reports" / "gpu-h100-seed", tmp_path / "gpu-h100-seed")
    monkeypatch.setattr(regen, "REPORTS", tmp_path)
    assert regen.check(["gpu-h100-seed"], cache_dir) == 0  # a faithful copy is current
    index = tmp_path / "gpu-h100-seed" / "index.md"
    index.write_text(index.read_text().replace("geomean speedup", "geomean slowdown"))
    (tmp_path / "gpu-h100-seed" / ".lock").write_text("")
    with (tmp_path / "gpu-h100-seed" / "env.txt").open("a") as f:
        f.write("ran in /tmp/elsewhere/out\n")
    assert regen.check(["gpu-h100-seed"], cache_dir) == 1
    problems = regen.layout_problems(tmp_path / "gpu-h100-seed")
    assert any(".lock" in p for p in problems) and any("/tmp/elsewhere" in p for p in problems)


@pytest.mark.parametrize("text, want", [
    ("iree-compile /tmp/run7/artifacts/k/v/input.mlir -o /tmp/run7/artifacts/k/v/out.vmfb",
     "iree-compile artifacts/k/v/input.mlir -o artifacts/k/v/out.vmfb"),
    ("--out /tmp/run7 and /tmp/run7/specs/x.mlir", "--out . and specs/x.mlir"),
    ("cache /root/.cache/iree-vdmfma/ab12/input.mlir", "cache $VDMFMA_CACHE_DIR/ab12/input.mlir"),
    # a --cache-dir of any name is the cache too, and a Markdown link to a specs/ folder is no absolute path
    ("iree-compile /tmp/my-cache/ab12/input.mlir", "iree-compile $VDMFMA_CACHE_DIR/ab12/input.mlir"),
    ("the library in [tune/specs](tune/specs/library-host.json).",
     "the library in [tune/specs](tune/specs/library-host.json)."),
])
def test_localise_makes_a_folders_paths_relative_to_it(tmp_path, text, want):
    (tmp_path / "f.txt").write_text(text)
    _regenerate().localise(tmp_path, cache=Path("/tmp/my-cache"))  # the --cache-dir the section compiled into
    assert (tmp_path / "f.txt").read_text() == want


def test_localise_rewrites_a_coverage_csv_through_its_row_writer_so_its_checksums_hold(tmp_path):
    import dataclasses

    from iree_vdmfma.coverage.classes import read_cells, write_csv

    rows = read_cells(ROOT / "reports" / "coverage-gfx942" / "coverage.csv").rows[:3]
    assert rows
    far = f"{tmp_path}/work/"  # where a regeneration made it: an absolute path of this machine
    write_csv([dataclasses.replace(r, default_artifacts=far + r.default_artifacts) for r in rows],
              tmp_path / "coverage.csv")
    _regenerate().localise(tmp_path)
    back = read_cells(tmp_path / "coverage.csv")
    assert not back.damaged and len(back.rows) == 3  # checksums still valid: never 'edited or cut off'
    assert [r.default_artifacts for r in back.rows] == [r.default_artifacts for r in rows]
