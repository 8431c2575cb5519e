"""The small shared helpers every stage leans on: atomic writes (and the report writers that go through them) and
the one size parser."""

from __future__ import annotations

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


@pytest.mark.parametrize("text", ["", "lots", "32X", "-1K", "1K2"])
def test_a_non_size_is_none(text):
    assert parse_size(text) is None
