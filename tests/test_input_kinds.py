"""Input files are checked for kind and content before any work (issue 47 items 3, 11, 13, 14): a FIFO where a
file is expected, a flags file that is not UTF-8, an empty .mlir given to `model`, and a target flag of the CPU
backend are each one `error:` line naming the file (and line) or the option, exit 2, before anything compiles.
Every command here ends in well under a second; a hang is caught by the subprocess timeout."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import ROOT


def _vdmfma(tmp_path: Path, *args: str) -> str:
    """The CLI in a process of its own (a FIFO read would block it, not this test), its one error line."""
    done = subprocess.run([sys.executable, "-m", "iree_vdmfma.cli", *args], cwd=tmp_path, capture_output=True,
                          text=True, timeout=60, env={**os.environ, "NO_COLOR": "1", "COLUMNS": "250"})
    errors = [line for line in done.stdout.splitlines() + done.stderr.splitlines() if line.startswith("error:")]
    assert done.returncode == 2 and len(errors) == 1 and "Traceback" not in done.stderr, done.stdout + done.stderr
    assert not (tmp_path / "out").exists()  # refused before anything was written
    return errors[0]


@pytest.fixture
def inputs(tmp_path: Path) -> Path:
    os.mkfifo(tmp_path / "fifo")
    (tmp_path / "one.csv").write_text("name,m,n,k\nt,8,256,1024\n")
    (tmp_path / "latin1.txt").write_bytes(b"--iree-opt-level=O2\n# caf\xe9\n")
    (tmp_path / "empty.mlir").write_text("")
    return tmp_path


def test_a_fifo_where_a_file_is_expected_is_one_error_line_and_never_blocks(inputs):
    assert _vdmfma(inputs, "link", str(ROOT / "specs" / "gfx942-f16.mlir"), "fifo", "--out", "out") == "error: fifo: a FIFO (named pipe), not a file"
    assert _vdmfma(inputs, "sweep", "one.csv", "--target", "gfx942", "--device", "none", "--compile-flags-file",
                   "fifo", "--out", "out") == "error: --compile-flags-file fifo: a FIFO (named pipe), not a file"
    assert _vdmfma(inputs, "sweep", "fifo", "--target", "gfx942", "--device", "none", "--out", "out").endswith(
        "fifo: a FIFO (named pipe), not a file")
    assert _vdmfma(inputs, "link", str(ROOT / "specs" / "gfx942-f16.mlir"), str(ROOT / "specs" / "gfx942-bf16.mlir"),
                   "--payload", "fifo", "--out", "out") == "error: --payload fifo: a FIFO (named pipe), not a file"


def test_an_empty_mlir_given_to_model_is_bad_input_not_a_failed_gemm(inputs):
    assert _vdmfma(inputs, "model", "empty.mlir", "--m", "8", "--target", "gfx942", "--out", "out") == (
        "error: empty.mlir: an empty module (no function to compile): not an exported program")


def test_a_flags_file_that_is_not_utf8_names_the_file_and_line(inputs):
    line = _vdmfma(inputs, "sweep", "one.csv", "--target", "gfx942", "--device", "none", "--compile-flags-file",
                   "latin1.txt", "--out", "out")
    assert line == "error: --compile-flags-file latin1.txt: not UTF-8 text (byte 0xe9 on line 2)"


def test_the_cpu_backends_target_triple_flag_is_refused_like_the_other_target_flags(inputs):
    line = _vdmfma(inputs, "sweep", "one.csv", "--target", "host", "--device", "none",
                   "--compile-flag=--iree-llvmcpu-target-triple=x86_64-unknown-linux-gnu", "--out", "out")
    assert line.startswith("error: --compile-flag: --iree-llvmcpu-target-triple is set by the toolkit")


def test_an_export_given_to_model_with_another_m_than_it_was_made_for_is_bad_input(tmp_path):
    """examples/tiny_layer.mlir is an M = 8 export: `--m 4` once reported 'M=4: 6 applied' with rows of m = 8. The
    program's own GEMMs say which M it was made for; another --m is one error line, exit 2, and no dispatches.csv."""
    done = subprocess.run([sys.executable, "-m", "iree_vdmfma.cli", "model", str(ROOT / "examples" / "tiny_layer.mlir"),
                           "--m", "4", "--target", "gfx942", "--out", str(tmp_path / "m4")], capture_output=True,
                          text=True, timeout=600, env={**os.environ, "NO_COLOR": "1", "COLUMNS": "250"})
    errors = [line for line in (done.stdout + done.stderr).splitlines() if line.startswith("error:")]
    assert done.returncode == 2 and len(errors) == 1, done.stdout + done.stderr
    assert errors[0].startswith("error: --m 4: ") and "its GEMMs have M = 8, none 4" in errors[0]
    assert not (tmp_path / "m4" / "dispatches.csv").exists()
    assert "M=4: reading " in done.stderr and "exporting" not in done.stderr  # an .mlir is read, never exported


def test_a_flags_file_saved_with_a_byte_order_mark_reads_as_its_flags(tmp_path):
    """Notepad's UTF-8 starts the file with a BOM: its first flag was refused as '\\ufeff--iree-opt-level=O3', where a
    shape list with one is read as written."""
    from iree_vdmfma.cli.options import compile_flags

    flags = tmp_path / "compile_flags.txt"
    flags.write_bytes(b"\xef\xbb\xbf--iree-opt-level=O3\r\n# a comment\r\n")
    assert compile_flags(None, flags) == ("--iree-opt-level=O3",)
    flags.write_bytes(b"\xef\xbb\xbf--iree-opt-level=O3\n# caf\xe9\n")  # the byte and line of the text, not the file
    with pytest.raises(ValueError, match=r"not UTF-8 text \(byte 0xe9 on line 2\)"):
        compile_flags(None, flags)


def test_an_mlir_with_a_utf8_comment_is_read_as_utf8_under_an_ascii_locale(tmp_path):
    """LC_ALL=C without Python's UTF-8 mode: a "µ" in the user's .mlir was refused as "does not parse as MLIR ('ascii'
    codec can't decode byte 0xc2 ...)". It is read as UTF-8, copied and compiled as it is: the export of M = 8
    given `--m 4` gets as far as counting its GEMMs (one compile of IREE's default, into a cache of its own)."""
    from conftest import ASCII_LOCALE

    mlir = tmp_path / "layer.mlir"
    mlir.write_bytes("// weights in µs, für M = 8\n".encode("utf-8") + (ROOT / "examples" / "tiny_layer.mlir").read_bytes())
    env = {k: v for k, v in {**os.environ, **ASCII_LOCALE, "NO_COLOR": "1", "COLUMNS": "250"}.items()
           if k != "PYTHONIOENCODING"}
    done = subprocess.run([sys.executable, "-m", "iree_vdmfma.cli", "model", str(mlir), "--m", "4", "--target",
                           "gfx942", "--out", str(tmp_path / "m4"), "--cache-dir", str(tmp_path / "cache")],
                          capture_output=True, timeout=600, env=env)
    said = (done.stdout + done.stderr).decode("ascii", "backslashreplace")
    errors = [line for line in said.splitlines() if line.startswith("error:")]
    assert done.returncode == 2 and len(errors) == 1 and "Traceback" not in said, said
    assert "its GEMMs have M = 8, none 4" in errors[0], said  # read, compiled, its dispatches counted
    assert (tmp_path / "m4" / "model_m4.mlir").read_bytes() == mlir.read_bytes()  # the input, as the user wrote it
