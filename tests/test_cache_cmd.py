"""`vdmfma cache info` and `vdmfma cache prune`: the compile cache's size said, and trimmed least recently used first
while other processes use it. Real iree-compile runs of tiny host GEMMs into a cache of the test's own."""

from __future__ import annotations

import os
import queue
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from conftest import ROOT
from iree_vdmfma.compiler.driver import Compiler
from iree_vdmfma.compiler.entry import LOCKS, MANIFEST, read_valid_manifest
from iree_vdmfma.problems.problem import Problem
from iree_vdmfma.sweep.sweep import SweepOptions, plan
from iree_vdmfma.util.lock import lock_if_free

DAY = 86400.0


def _job(m: int):
    return plan([Problem(m, 64, 64)], SweepOptions(target="host", variants=("default",)))[0].compile_job


def _cli(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "iree_vdmfma.cli", "cache", *args], capture_output=True, text=True,
                          cwd=ROOT, env={**os.environ, "PYTHONPATH": str(ROOT)}, timeout=120)


def _file_bytes(folder: Path) -> int:
    return sum(p.stat().st_size for p in folder.rglob("*") if p.is_file())


def _used(entry: Path, ago_s: float) -> None:
    """Set the entry's last use ``ago_s`` seconds back."""
    t = time.time() - ago_s
    os.utime(entry / MANIFEST, (t, t))


def _entries(cache: Path) -> set[str]:
    return {p.name for p in cache.iterdir() if not p.name.startswith(".")}


@pytest.fixture
def two(tmp_path):
    """A cache of two real entries, A used 2 days ago and B 1 day ago."""
    cache = tmp_path / "cache"
    with Compiler(cache) as compiler:
        a, b = (compiler.compile(_job(m)) for m in (1, 2))
    assert a.ok and b.ok
    _used(a.workdir, 2 * DAY)
    _used(b.workdir, DAY)
    return cache, a.workdir, b.workdir


def test_info_counts_the_entries_and_their_bytes_as_on_disk_and_says_where_the_cache_came_from(two):
    cache, a, b = two
    done = _cli("info", "--cache-dir", str(cache))
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[0] == f"compile cache: {cache} (from --cache-dir)"
    assert lines[1].startswith(f"entries: 2, {_file_bytes(a) + _file_bytes(b)} bytes")
    assert lines[2].startswith("last use: oldest ") and "proofs: 0 files" in done.stdout


def test_info_on_a_cache_not_made_yet_says_so_plainly(tmp_path):
    done = subprocess.run([sys.executable, "-m", "iree_vdmfma.cli", "cache", "info"], capture_output=True, text=True,
                          cwd=ROOT, env={**os.environ, "PYTHONPATH": str(ROOT),
                                         "VDMFMA_CACHE_DIR": str(tmp_path / "none")}, timeout=120)
    assert done.returncode == 0 and not done.stderr
    assert done.stdout.splitlines() == [f"compile cache: {tmp_path / 'none'} (from $VDMFMA_CACHE_DIR)",
                                        "no cache there yet (the first compile makes it)"]
    assert not (tmp_path / "none").exists()


def test_a_cache_hit_moves_the_entrys_last_use_and_the_entry_still_verifies(two):
    cache, a, _ = two
    before = (a / MANIFEST).stat().st_mtime
    with Compiler(cache) as compiler:
        assert compiler.compile(_job(1)).cached
    assert (a / MANIFEST).stat().st_mtime > before + DAY
    assert read_valid_manifest(a) is not None


def test_prune_max_size_keeps_the_most_recently_used_entry_a_hit_counting_as_use(two):
    cache, a, b = two  # A built first, then B; a hit on A makes A the most recently used
    with Compiler(cache) as compiler:
        assert compiler.compile(_job(1)).cached
    b_bytes = _file_bytes(b)
    done = _cli("prune", "--max-size", str(_file_bytes(a)), "--cache-dir", str(cache))
    assert done.returncode == 0, done.stderr
    assert _entries(cache) == {a.name}
    assert read_valid_manifest(a) is not None
    assert not (cache / LOCKS / f"{b.name}.lock").exists() and (cache / LOCKS / f"{a.name}.lock").exists()
    assert f"removed 1 of 2 entries, {b_bytes} bytes" in done.stdout
    assert f"-> 1, {_file_bytes(a)} bytes" in done.stdout
    with Compiler(cache) as compiler:  # the pruned one is simply built again
        rebuilt = compiler.compile(_job(2))
    assert rebuilt.ok and not rebuilt.cached


def test_prune_older_than_removes_only_the_entries_last_used_before_it(two):
    cache, a, b = two
    done = _cli("prune", "--older-than", "1.5", "--cache-dir", str(cache))
    assert done.returncode == 0, done.stderr
    assert _entries(cache) == {b.name}
    assert "removed 1 of 2 entries" in done.stdout


def test_a_dry_run_removes_nothing_and_says_what_would_go(two):
    cache, a, b = two
    listing = sorted(str(p) for p in cache.rglob("*"))
    done = _cli("prune", "--older-than", "0", "--dry-run", "--cache-dir", str(cache))
    assert done.returncode == 0, done.stderr
    assert "would remove 2 of 2 entries" in done.stdout
    assert sorted(str(p) for p in cache.rglob("*")) == listing


_HOLD = """
import fcntl, os, sys
fd = os.open(sys.argv[1], os.O_RDWR | os.O_CREAT)
fcntl.flock(fd, fcntl.LOCK_SH)  # a command reading the entry out
print("held", flush=True)
sys.stdin.readline()
"""


def test_an_entry_another_process_holds_is_kept_and_said(two):
    cache, a, b = two
    holder = subprocess.Popen([sys.executable, "-c", _HOLD, str(cache / LOCKS / f"{a.name}.lock")],
                              stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    try:
        assert holder.stdout.readline().strip() == "held"
        done = _cli("prune", "--older-than", "0", "--cache-dir", str(cache))
    finally:
        holder.communicate("\n", timeout=60)
    assert done.returncode == 0, done.stderr
    assert _entries(cache) == {a.name} and read_valid_manifest(a) is not None
    assert "1 entries in use, kept" in done.stdout


_WAITER = """
import os, sys
from pathlib import Path
from iree_vdmfma.util.lock import waiting_lock
with waiting_lock(Path(sys.argv[1])):
    print("held", os.stat(sys.argv[1]).st_ino, flush=True)
    sys.stdin.readline()
"""


def _fd_on(pid: int, path: Path, deleted: bool) -> bool:
    """Whether process ``pid`` has ``path`` open (the unlinked file: ``deleted``)."""
    want = f"{path} (deleted)" if deleted else str(path)
    for fd in Path(f"/proc/{pid}/fd").iterdir():
        try:
            if os.readlink(fd) == want:
                return True
        except OSError:
            continue
    return False


def _until(done, what: str, lines: queue.Queue, timeout_s: float = 60.0) -> None:
    """Poll ``done()`` until it holds; a line from the waiter first means it holds the lock too early."""
    end = time.monotonic() + timeout_s
    while not done():
        assert lines.empty(), f"the waiter took the lock ({lines.get()}) while {what}"
        assert time.monotonic() < end, f"never {what}"
        time.sleep(0.01)


def test_a_waiter_on_a_lock_file_unlinked_and_made_again_holds_the_new_files_lock_not_the_old(tmp_path):
    """Prune unlinks an entry's lock file while holding it; a process already waiting on the old file and a newcomer
    that made a new one must not both hold "the" lock."""
    path = tmp_path / "KEY.lock"
    with lock_if_free(path) as held:
        assert held
        waiter = subprocess.Popen([sys.executable, "-c", _WAITER, str(path)], cwd=ROOT, stdin=subprocess.PIPE,
                                  stdout=subprocess.PIPE, text=True, env={**os.environ, "PYTHONPATH": str(ROOT)})
        lines: queue.Queue = queue.Queue()
        threading.Thread(target=lambda: [lines.put(line) for line in waiter.stdout], daemon=True).start()
        try:
            _until(lambda: _fd_on(waiter.pid, path, deleted=False), "opened the lock file", lines)
            path.unlink()  # the prune, still holding the old file
            newcomer = lock_if_free(path)  # a build that starts now: a new file, its lock
            assert newcomer.__enter__()
            new_ino = path.stat().st_ino
        except BaseException:
            waiter.kill()
            raise
    try:  # the old file's lock let go: the waiter takes it, sees it unlinked, and waits on the new one
        _until(lambda: _fd_on(waiter.pid, path, deleted=False) and not _fd_on(waiter.pid, path, deleted=True),
               "moved to the new file", lines)
        newcomer.__exit__(None, None, None)
        said = lines.get(timeout=60)
        assert said.split() == ["held", str(new_ino)]
        with lock_if_free(path) as free:
            assert not free, "the waiter does not hold the new file's lock"
    finally:
        waiter.communicate("\n", timeout=60)


def test_a_trash_folder_of_an_interrupted_prune_is_no_entry_and_the_next_prune_removes_it(two):
    cache, a, b = two
    trash = cache / f".trash-{b.name}-1-2"
    b.rename(trash)  # interrupted between its rename and its rmtree
    done = _cli("info", "--cache-dir", str(cache))
    assert "entries: 1," in done.stdout and f"leftovers: 1 folders, {_file_bytes(trash)} bytes" in done.stdout
    with Compiler(cache) as compiler:
        assert not compiler.compile(_job(2)).cached  # not taken for the entry
    done = _cli("prune", "--older-than", "30", "--cache-dir", str(cache))
    assert done.returncode == 0, done.stderr
    assert not trash.exists() and "1 leftover folders" in done.stdout
    assert _entries(cache) == {a.name, b.name}


@pytest.mark.parametrize("args, names", [
    ((), "--older-than DAYS or --max-size SIZE"),
    (("--max-size", "12X"), "--max-size"),
    (("--max-size", "0"), "--max-size"),
    (("--older-than", "-1"), "--older-than"),
    (("--older-than", "soon"), "--older-than"),
    (("--older-than", "inf"), "--older-than"),
])
def test_a_bad_limit_is_one_error_line_naming_the_option(tmp_path, args, names):
    done = _cli("prune", *args, "--cache-dir", str(tmp_path / "cache"))
    assert done.returncode == 2 and not done.stdout
    lines = done.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("error:") and names in lines[0], done.stderr
    assert not (tmp_path / "cache").exists()
