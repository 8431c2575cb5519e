"""The README's "A short tour" runs as written (issue 23): every command of its code block, in order, on a
fresh directory holding only the repository's sweeps/ and examples/ (the shipped tour inputs), exits 0 and
leaves what the tour says it leaves. Compile-only (gfx942), real iree-compile, nothing mocked.
"""

from __future__ import annotations

import re
import shlex

import docs_blocks
from conftest import ROOT


def tour_commands() -> list[str]:
    return [c.text for c in docs_blocks.block_after(ROOT / "README.md", "## A short tour")]


def test_the_tour_names_only_inputs_the_repository_ships():
    cmds = tour_commands()
    assert len(cmds) >= 5 and any(c.startswith("iree-compile ") for c in cmds)
    for c in cmds:
        for arg in shlex.split(c):
            if re.match(r"^(sweeps|examples)/", arg):
                assert (ROOT / arg).is_file(), f"{c}: {arg} is not in the repository"
    made = (ROOT / "examples" / "tiny_layer.mlir").read_text().splitlines()[0]
    assert made.startswith("// Made by `python examples/make_tour_ir.py`")  # how the shipped IR was made


def test_every_tour_command_runs_as_written_from_a_fresh_directory(tmp_path):
    for d in ("sweeps", "examples"):
        (tmp_path / d).symlink_to(ROOT / d)
    env = docs_blocks.environment(tmp_path)  # `vdmfma` runs this checkout
    for cmd in tour_commands():
        runner = docs_blocks.run_compile if cmd.startswith("iree-compile ") else docs_blocks.run
        done = runner(cmd, tmp_path, env)
        assert done.returncode == 0, f"{cmd}\n{done.stdout[-2000:]}\n{done.stderr[-2000:]}"
        if cmd.startswith("vdmfma sweep "):  # the main job ends with what it found, per variant
            said = " ".join(done.stdout.split())
            assert "vdmfma: applied on 6 of 6 shapes; same kernel as IREE's default on 6" in said, said[-2000:]
            assert "padded: applied on 6 of 6 shapes; another kernel on 6: smfmac 32->0, mfma 0->32" in said
    out = tmp_path / "out"
    for path in ("seed/results.csv", "vdmfma-gfx942/spec.mlir", "model.vmfb",
                 "annotated/annotated.mlir",
                 "one/results.csv"):
        assert (out / path).is_file(), path
    annotated = (out / "annotated" / "annotated.mlir").read_text()
    assert annotated.count("compilation_info") >= 4  # the example layer's GEMMs carry the VDMFMA config
