"""The small shared helpers every stage leans on: atomic writes and the one size parser."""

from __future__ import annotations

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
