"""The small shared helpers every stage leans on: atomic writes (and the report writers that go through them) and
the one size parser."""

from __future__ import annotations

import ast
import errno
import io
import os
import subprocess
import sys

import pytest

from conftest import ASCII_LOCALE, ROOT
from iree_vdmfma.util.io import atomic_write_text, atomic_writer
from iree_vdmfma.util.sizes import parse_size


def test_a_write_that_fails_halfway_leaves_the_old_file_whole_and_no_temporary_behind(tmp_path):
    path = atomic_write_text(tmp_path / "sweep.json", "old")
    with pytest.raises(RuntimeError):
        with atomic_writer(path) as f:
            f.write("new, half of it")
            raise RuntimeError("disk full")
    assert path.read_text() == "old"
    assert [p.name for p in tmp_path.iterdir()] == ["sweep.json"]
    atomic_write_text(path, "new")
    assert path.read_text() == "new" and path.stat().st_mode & 0o044  # group/others may read it


def fill_the_disk_midway(monkeypatch) -> None:
    """From now on every text file opened for writing (util/io's temporary file, a Path.write_text in place) takes
    half of a write, then fails as a full disk does (ENOSPC, naming no file)."""
    def cut(opener):
        def opened(*args, **kwargs):
            f = opener(*args, **kwargs)
            if isinstance(f, io.TextIOBase) and f.writable():
                write = f.write

                def half(text: str) -> int:
                    write(text[: len(text) // 2])
                    f.flush()
                    raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

                f.write = half
            return f
        return opened

    monkeypatch.setattr(os, "fdopen", cut(os.fdopen))
    monkeypatch.setattr(io, "open", cut(io.open))


def test_a_tune_report_cut_by_a_full_disk_keeps_the_report_before_whole_and_leaves_no_temporary(
        tmp_path, monkeypatch):
    from iree_vdmfma.tune.tune_report import write_tune_report

    rep = tmp_path / "rep"
    report = atomic_write_text(rep / "report.md", "# the report written before\n")
    fill_the_disk_midway(monkeypatch)
    with pytest.raises(OSError) as cut:
        write_tune_report(ROOT / "reports" / "tune-h100", "sm_89", report_dir=rep)  # the H100 tune, re-read
    assert report.read_text() == "# the report written before\n"
    assert not [p.name for p in rep.iterdir() if p.name.startswith(".")]
    assert cut.value.errno == errno.ENOSPC and cut.value.filename == str(report)  # the error names the file


# Writes a text and a table with "µs" through util/io in a process whose own default encoding is ASCII (it says so
# first: otherwise the test would prove nothing). Its source is ASCII: the command line is decoded as ASCII too.
_WRITE_IN_ASCII_LOCALE = r"""
import locale, sys
from pathlib import Path
import pandas as pd
from iree_vdmfma.util.io import atomic_write_csv, atomic_write_text
assert locale.getpreferredencoding(False) in ("ANSI_X3.4-1968", "ascii"), locale.getpreferredencoding(False)
out = Path(sys.argv[1])
atomic_write_text(out / "report.md", "median \u00b5s \u00b7 \u03c3\n")
atomic_write_csv(pd.DataFrame({"median \u00b5s": [1.5]}), out / "pivot.csv", index=False)
"""


def test_the_atomic_writers_write_utf8_whatever_the_locale(tmp_path):
    done = subprocess.run([sys.executable, "-c", _WRITE_IN_ASCII_LOCALE, str(tmp_path)], capture_output=True,
                          text=True, env={**os.environ, **ASCII_LOCALE, "PYTHONPATH": str(ROOT)}, timeout=120)
    assert done.returncode == 0, done.stderr
    assert (tmp_path / "report.md").read_bytes() == "median µs · σ\n".encode("utf-8")
    assert (tmp_path / "pivot.csv").read_bytes() == "median µs\n1.5\n".encode("utf-8")


@pytest.mark.parametrize("text, size", [("1048576", 2**20), ("32K", 32 * 2**10), ("256MiB", 256 * 2**20),
                                        ("1.5G", int(1.5 * 2**30)), (" 32768K\n", 32 * 2**20), ("12 mb", 12 * 2**20)])
def test_sizes_read_as_people_write_them(text, size):
    assert parse_size(text) == size


@pytest.mark.parametrize("text", ["", "lots", "32X", "-1K", "1K2", "1.2.3", ".", "1..5G"])
def test_a_non_size_is_none(text):
    assert parse_size(text) is None


@pytest.mark.parametrize("text", ["0.5", "0.5B", "0.0005K", ".9", "0.0000009M"])
def test_a_size_below_one_byte_is_refused_not_rounded_to_nothing(text):
    with pytest.raises(ValueError, match="below one byte"):
        parse_size(text)


@pytest.mark.parametrize("text, size", [("1B", 1), ("1.5K", 1536), ("0.1K", 102), ("1.9", 1), ("0", 0), ("0.0", 0),
                                        ("0K", 0)])
def test_one_byte_and_more_or_exactly_nothing_are_sizes(text, size):
    assert parse_size(text) == size


# --- every text the package reads or writes names its encoding ----------------------------------------------

_SUBPROCESS_CALLS = {"run", "Popen", "check_output", "call", "check_call"}


def _literal_mode(call: ast.Call, position: int) -> str | None:
    """The mode a call to open/fdopen/Path.open passes (positional at ``position`` or ``mode=``): 'r' when none,
    None when it is no literal (then it cannot be told binary: it counts as text)."""
    mode = next((k.value for k in call.keywords if k.arg == "mode"), None)
    if mode is None and len(call.args) > position:
        mode = call.args[position]
    if mode is None:
        return "r"
    return mode.value if isinstance(mode, ast.Constant) and isinstance(mode.value, str) else None


def _text_io_without_encoding(call: ast.Call) -> str:
    """What the call is ('' when it is no text I/O, or names its encoding): open() and os.fdopen() and
    path.open() in a text mode, path.read_text()/write_text(), subprocess.* with text=True/universal_newlines."""
    kwargs = {k.arg for k in call.keywords}
    if "encoding" in kwargs:
        return ""
    f = call.func
    name = f.id if isinstance(f, ast.Name) else f.attr if isinstance(f, ast.Attribute) else ""
    owner = f.value.id if isinstance(f, ast.Attribute) and isinstance(f.value, ast.Name) else ""
    if name in ("read_text", "write_text"):
        return f".{name}()"
    if name == "open" and owner != "os":  # os.open: a file descriptor, no text
        mode = _literal_mode(call, 1 if isinstance(f, ast.Name) else 0)
        return "" if mode and "b" in mode else f"{ast.unparse(f)}() in a text mode"
    if name == "fdopen":
        mode = _literal_mode(call, 1)
        return "" if mode and "b" in mode else "os.fdopen() in a text mode"
    if owner == "subprocess" and name in _SUBPROCESS_CALLS:
        text = [k for k in call.keywords if k.arg in ("text", "universal_newlines")]
        if text and not (isinstance(text[0].value, ast.Constant) and not text[0].value.value):
            return f"subprocess.{name}({text[0].arg}=...)"
    return ""


def test_every_text_read_write_and_tool_output_in_the_package_names_its_encoding():
    """Without encoding= Python takes the locale's (ASCII under LC_ALL=C): a "µs" the toolkit wrote, a "ü" in a
    user's .mlir or a compiler's output read back then fails. Every text read or write in iree_vdmfma/ says which
    encoding it means; binary modes need none."""
    found = []
    for path in sorted((ROOT / "iree_vdmfma").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
            what = isinstance(node, ast.Call) and _text_io_without_encoding(node)
            if what:
                found.append(f"{path.relative_to(ROOT)}:{node.lineno}: {what} without encoding=")
    assert not found, "\n".join(found)
