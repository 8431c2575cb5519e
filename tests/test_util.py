"""The small shared helpers every stage leans on: atomic writes and the one size parser."""

from __future__ import annotations

import pytest

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


@pytest.mark.parametrize("text, size", [("1048576", 2**20), ("32K", 32 * 2**10), ("256MiB", 256 * 2**20),
                                        ("1.5G", int(1.5 * 2**30)), (" 32768K\n", 32 * 2**20), ("12 mb", 12 * 2**20)])
def test_sizes_read_as_people_write_them(text, size):
    assert parse_size(text) == size


@pytest.mark.parametrize("text", ["", "lots", "32X", "-1K", "1K2"])
def test_a_non_size_is_none(text):
    assert parse_size(text) is None
