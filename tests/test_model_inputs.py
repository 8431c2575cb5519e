"""Bad input to `vdmfma model` and `vdmfma tune --publish`, and --help ranges: one `error:` line naming the file or
option, exit 2, before anything is exported, compiled or tuned; and the range --help shows is the range checked."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from iree_vdmfma.cli import app


def _refused(args: list[str], says: str, out: Path) -> str:
    res = CliRunner().invoke(app, [*args, "--out", str(out)])
    assert res.exit_code == 2 and isinstance(res.exception, SystemExit), res.output
    lines = [line for line in res.output.splitlines() if line.strip() and not line.startswith("M=")]
    assert len(lines) == 1 and lines[0].startswith("error: ") and "Traceback" not in res.output, res.output
    assert says in " ".join(res.output.split()), res.output
    assert not (out / "dispatches.csv").exists() and not (out / "tune").exists()  # nothing compiled or tuned
    return lines[0]


@pytest.mark.parametrize("name,text,says", [
    ("bad.mlir", "func.func @f( {\n", "bad.mlir:1:14: does not parse as MLIR: expected non-function type"),
    ("exits.py", "import sys\ndef build(m):\n    sys.exit(3)\n", "exits.py: build(m=1) called sys.exit(3)"),
    ("argv.py", "import argparse\np = argparse.ArgumentParser()\np.add_argument('--x', required=True)\np.parse_args()\n",
     "argv.py called sys.exit(2) after printing: argv.py: error: the following arguments are required: --x"),
    ("imports.py", "import not_a_package_anyone_has\n",
     "imports.py: importing it failed: ModuleNotFoundError: No module named 'not_a_package_anyone_has'"),
    ("config.json", '{"hidden_size": 64}', 'config.json: no "model_type": not a Hugging Face model config'),
])
def test_a_model_source_that_cannot_be_read_is_one_line_naming_it(tmp_path, monkeypatch, name, text, says):
    monkeypatch.chdir(tmp_path)
    Path(name).write_text(text)
    # --device none alone is what the command does anyway (compile and prove): the source's error, never --device's;
    # --dtype is the builder's (a Hugging Face config takes f32 too, model/hf.py), never checked as a GEMM dtype
    for extra in ([], ["--tune", "--device", "none"], ["--device", "none"], ["--dtype", "f32"]):
        line = _refused(["model", name, "--m", "1", "--target", "gfx942", *extra], says, tmp_path / "out")
        assert "[model]" not in line and "usage:" not in line.lower()


def test_a_config_json_saved_with_a_byte_order_mark_reads_and_one_not_utf8_names_its_line(tmp_path):
    """A BOM was "not JSON: Unexpected UTF-8 BOM"; a stray byte was Python's codec message, no line."""
    from iree_vdmfma.model.hf import read_config

    bom = tmp_path / "config.json"
    bom.write_bytes(b'\xef\xbb\xbf{"model_type": "llama"}')
    assert read_config(bom) == {"model_type": "llama"}
    bom.write_bytes(b'{\n"model_type": "ll\xe9ma"}')
    with pytest.raises(ValueError, match=r"^\S*config.json: not UTF-8 text \(byte 0xe9 on line 2\)$"):
        read_config(bom)


def test_a_library_or_publish_folder_that_is_not_one_is_refused_before_the_model_is_built(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    Path("never.py").write_text("import sys\ndef build(m):\n    sys.exit(7)\n")  # never reached: checked first
    Path("garbage.json").write_text("garbage")
    Path("lib").mkdir()
    Path("lib/library-gfx942.json").write_text('{"target": "gfx942", "entries": []}')
    model = ["model", "never.py", "--m", "1", "--target", "host", "--device", "none", "--library"]
    _refused([*model, "missing"], "--library missing: no such file or folder", tmp_path / "out")
    _refused([*model, "garbage.json"], "--library garbage.json: garbage.json: not a tuning library", tmp_path / "out")
    _refused([*model, "lib"], "--library lib: no library-host.json in it (it has library-gfx942.json: another "
             "target's)", tmp_path / "out")
    Path("shapes.csv").write_text("m,n,k\n8,256,1024\n")
    Path("broken").mkdir()
    Path("broken/library-gfx942.json").write_text("{")
    tune = ["tune", "shapes.csv", "--target", "gfx942", "--device", "none", "--allow-modelled", "--publish"]
    _refused([*tune, "shapes.csv"], "--publish shapes.csv is a file", tmp_path / "tune")
    _refused([*tune, "broken"], "--publish broken: broken/library-gfx942.json: not a tuning library", tmp_path / "tune")
    assert not (tmp_path / "tune").exists()


# --- 12. the range --help shows is the range the command needs ----------------------------------------------

@pytest.mark.parametrize("command,option,least", [(["calibrate"], "--pairs", 12),
                                                  (["tune", "s.csv"], "--max-candidates", 2),
                                                  (["model", "m.mlir", "--tune"], "--max-candidates", 2)])
def test_help_shows_the_range_the_command_checks(tmp_path, command, option, least):
    shown = " ".join(CliRunner().invoke(app, [command[0], "--help"]).output.split())
    assert re.search(rf"{option} <int range> [^\[]*\[(default: \d+; )?x>={least}\]", shown), shown
    res = CliRunner().invoke(app, [*command, option, str(least - 1), "--out", str(tmp_path / "out")])
    assert res.exit_code == 2 and res.output.strip() == (f"error: Invalid value for '{option}': Input should be greater "
                                                         f"than or equal to {least} (see vdmfma {command[0]} --help)")
