"""`vdmfma cache info` and `vdmfma cache prune`: the compile cache's size said, and trimmed least recently used first
while other processes use it. Real iree-compile runs of tiny host GEMMs into a cache of the test's own."""

from __future__ import annotations

import contextlib
import os
import queue
import shutil
import subprocess
import sys
import threading
import time
import warnings
from pathlib import Path

import pytest

from conftest import ROOT
from iree_vdmfma.backends.cpu.backend import CpuBackend
from iree_vdmfma.compiler import cache_admin
from iree_vdmfma.compiler.driver import Compiler
from iree_vdmfma.compiler.entry import LOCKS, MANIFEST, mark_used, read_valid_manifest
from iree_vdmfma.problems.problem import Problem
from iree_vdmfma.problems.rows import Status
from iree_vdmfma.run.hook import RunHook
from iree_vdmfma.sweep.sweep import SweepOptions, plan, sweep
from iree_vdmfma.util import lock as lock_module
from iree_vdmfma.util.lock import held_elsewhere, lock_if_free

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


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    """Two real entries, compiled once for the module: each test prunes a copy of its own."""
    cache = tmp_path_factory.mktemp("built") / "cache"
    with Compiler(cache) as compiler:
        a, b = (compiler.compile(_job(m)) for m in (1, 2))
    assert a.ok and b.ok
    yield cache, a.workdir.name, b.workdir.name
    shutil.rmtree(cache.parent, ignore_errors=True)


@pytest.fixture
def two(tmp_path, built):
    """A cache of two real entries, A used 2 days ago and B 1 day ago."""
    source, a, b = built
    cache = tmp_path / "cache"
    shutil.copytree(source, cache, symlinks=True)
    _used(cache / a, 2 * DAY)
    _used(cache / b, DAY)
    return cache, cache / a, cache / b


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
        waiter.communicate("\n", timeout=60)
    finally:
        if waiter.poll() is None:  # a failed check above: never leave it waiting
            waiter.kill()
            waiter.wait(timeout=60)


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
    (("--max-size", "1.2.3"), "--max-size"),
    (("--max-size", "."), "--max-size"),
    (("--max-size", "0.5"), "--max-size '0.5': below one byte"),  # found in review: 0.5 (GB meant) was 0 bytes
    (("--max-size", "0.0005K"), "--max-size '0.0005K': below one byte"),  # 0.512 bytes
    (("--keep-recent", "-1", "--older-than", "1"), "--keep-recent"),
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


@pytest.mark.parametrize("size", ["1B", "1.5K", "0"])
def test_a_size_of_one_byte_or_more_or_exactly_zero_is_a_limit(tmp_path, size):
    done = _cli("prune", "--max-size", size, "--cache-dir", str(tmp_path / "cache"))
    assert done.returncode == 0 and "no cache there yet: nothing to prune" in done.stdout, done.stderr


@contextlib.contextmanager
def _holding(lock: Path):
    """Another process holding ``lock`` (shared, as a command reading an entry out) for the block."""
    holder = subprocess.Popen([sys.executable, "-c", _HOLD, str(lock)], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                              text=True)
    try:
        assert holder.stdout.readline().strip() == "held"
        yield
        holder.communicate("\n", timeout=60)
    finally:
        if holder.poll() is None:
            holder.kill()
            holder.wait(timeout=60)


def test_entries_used_within_keep_recent_are_kept_by_both_limits_and_said(two):
    cache, a, b = two
    _used(b, 3600.0)  # an hour ago: a running command may still read it
    done = _cli("prune", "--max-size", "0", "--older-than", "0", "--cache-dir", str(cache))
    assert done.returncode == 0, done.stderr
    assert _entries(cache) == {b.name}
    assert "removed 1 of 2 entries" in done.stdout
    assert "1 entries used in the last 24 h kept: a running command may still read them" in done.stdout
    done = _cli("prune", "--max-size", "0", "--keep-recent", "0", "--cache-dir", str(cache))
    assert done.returncode == 0, done.stderr
    assert _entries(cache) == set() and "removed 1 of 1 entries" in done.stdout and "last 0 h" not in done.stdout


def test_prunes_help_and_its_module_say_an_entry_pruned_under_any_command_is_a_row_a_rerun_redoes():
    """A tune or a model no longer fails on an entry removed under it (tests/test_gone_modules.py): its rows say so,
    as a sweep's do. Both used to say "a tune or model may fail" on it."""
    from typer.testing import CliRunner

    from iree_vdmfma.cli import app

    shown = CliRunner().invoke(app, ["cache", "prune", "--help"], env={"COLUMNS": "250"}).output
    for text in (shown, cache_admin.__doc__):
        said = " ".join(text.split())
        assert "a sweep's, tune's or model's rows say so (machine-error, redone by a rerun)" in said, said
        assert "may fail" not in said


def test_an_entry_hit_after_the_survey_is_kept_when_prune_holds_its_lock(two, monkeypatch):
    cache, a, b = two
    real = cache_admin.lock_if_free

    @contextlib.contextmanager
    def hit_first(path):  # a cache hit on the entry between prune's survey and its lock
        mark_used(cache / path.name[: -len(".lock")])
        with real(path) as free:
            yield free

    monkeypatch.setattr(cache_admin, "lock_if_free", hit_first)
    done = cache_admin.prune(cache, older_than_s=0.0, keep_recent_s=0.0)
    assert _entries(cache) == {a.name, b.name} and not done.entries
    assert {e.path for e in done.used} == {a, b}


def test_an_entry_another_prune_is_removing_is_not_said_in_use(two, monkeypatch):
    cache, a, b = two

    @contextlib.contextmanager
    def other_prune(path):  # the other prune holds the lock and has renamed the entry
        key = path.name[: -len(".lock")]
        if (cache / key).exists():
            (cache / key).rename(cache / f".trash-{key}-1-2")
        yield False

    monkeypatch.setattr(cache_admin, "lock_if_free", other_prune)
    done = cache_admin.prune(cache, older_than_s=0.0, keep_recent_s=0.0)
    assert not done.in_use and {e.path for e in done.gone} == {a, b}
    assert done.entries_after == 0 and done.bytes_after == 0


def test_a_dry_run_says_which_entries_are_in_use_and_makes_no_lock_file(two):
    cache, a, b = two
    (cache / LOCKS / f"{b.name}.lock").unlink()
    listing = sorted(str(p) for p in cache.rglob("*"))
    with _holding(cache / LOCKS / f"{a.name}.lock"):
        done = _cli("prune", "--older-than", "0", "--dry-run", "--cache-dir", str(cache))
    assert done.returncode == 0, done.stderr
    assert "would remove 1 of 2 entries" in done.stdout and "1 entries in use, kept" in done.stdout
    assert sorted(str(p) for p in cache.rglob("*")) == listing


def test_stale_proofs_and_orphan_lock_files_go_and_recent_proofs_stay(two):
    cache, a, b = two
    _used(b, 3600.0)
    proofs = cache / ".proofs"
    proofs.mkdir()
    old, recent = proofs / f"{'1' * 40}.json", proofs / f"{'2' * 40}.json"
    for path, ago in ((old, 3 * DAY), (recent, 3600.0)):
        path.write_text("{}")
        os.utime(path, (time.time() - ago,) * 2)
    orphan, notes = cache / LOCKS / f"{'3' * 32}.lock", cache / LOCKS / "notes.lock"
    orphan.touch()
    notes.touch()
    done = _cli("prune", "--older-than", "0.01", "--cache-dir", str(cache))  # a quarter of an hour
    assert done.returncode == 0, done.stderr
    assert not old.exists() and recent.exists() and not orphan.exists() and notes.exists()
    assert "removed 1 proof files" in done.stdout and "1 orphan lock files" in done.stdout
    assert (cache / LOCKS / f"{b.name}.lock").exists()


def test_a_survey_and_a_prune_carry_the_bytes_of_what_they_found_and_removed(tmp_path):
    cache = tmp_path / "cache"
    entry, proof, trash = cache / ("9" * 32), cache / ".proofs" / f"{'1' * 40}.json", cache / f".trash-{'9' * 32}-1-2"
    for path, size in ((entry / MANIFEST, 10), (entry / "out.vmfb", 200), (proof, 30), (trash / "out.vmfb", 4000)):
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(b"x" * size)
        os.utime(path, (time.time() - 2 * DAY,) * 2)
    found = cache_admin.survey(cache)
    assert (found.entry_bytes, found.proof_bytes, found.leftover_bytes, found.other_bytes) == (210, 30, 4000, 0)
    done = cache_admin.prune(cache, older_than_s=DAY, keep_recent_s=0)
    assert (done.entry_bytes, done.proof_bytes, done.leftover_bytes, done.bytes_after) == (210, 30, 4000, 0)
    assert sorted(str(p.relative_to(cache)) for p in cache.rglob("*")) == [LOCKS, ".proofs"]


def test_removing_a_tree_forgives_only_its_being_gone_and_warns_of_nothing(tmp_path):
    """_rmtree's handler (shutil's onexc from Python 3.12, onerror, deprecated there, before) sees every error:
    a tree another prune removed first is no fault; anything else (a link, a read-only folder) is raised."""
    tree = tmp_path / "trash"
    (tree / "locked").mkdir(parents=True)
    (tree / "locked" / "out.vmfb").write_bytes(b"x")
    link = tmp_path / "link"
    link.symlink_to(tree, target_is_directory=True)
    (tree / "locked").chmod(0o555)  # its file cannot be unlinked (but by root, whom permissions do not stop)
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("error")
            cache_admin._rmtree(tmp_path / "gone")
            with pytest.raises(OSError) as raised:
                cache_admin._rmtree(link)
            assert "symbolic link" in raised.value.args[0]  # str() names only the path on Python 3.13
            if os.geteuid() != 0:
                with pytest.raises(PermissionError):
                    cache_admin._rmtree(tree)
                assert (tree / "locked" / "out.vmfb").exists()
    finally:
        (tree / "locked").chmod(0o755)
    assert link.is_symlink() and (tree / "locked" / "out.vmfb").exists()
    cache_admin._rmtree(tree)
    assert not tree.exists()


def test_a_build_folder_is_kept_while_its_keys_lock_is_held_and_removed_after(two):
    cache, a, b = two
    key = "4" * 32
    build = cache / f".{key}.ab_cd123"  # as driver.py's mkdtemp names it
    build.mkdir()
    (build / "input.mlir").write_text("module {}")
    with _holding(cache / LOCKS / f"{key}.lock"):
        done = _cli("prune", "--older-than", "30", "--cache-dir", str(cache))
        assert done.returncode == 0, done.stderr
        assert build.exists() and "0 leftover folders" in done.stdout
    done = _cli("prune", "--older-than", "30", "--cache-dir", str(cache))
    assert not build.exists() and "1 leftover folders" in done.stdout


def test_a_half_installed_entry_is_a_leftover_removed_past_keep_recent_and_never_while_its_lock_is_held(two, tmp_path):
    """A command killed in entry.install (the old entry removed, the new one not yet renamed into place) leaves a
    32-hex folder with no manifest, under the entry's lock. `info` shows it as a leftover; prune keeps it within
    --keep-recent and while another process holds its lock, and removes it (and then its orphan lock) after."""
    cache, a, b = two
    key = "9" * 32
    half, lock = cache / key, cache / LOCKS / f"{key}.lock"
    half.mkdir()
    (half / "out.vmfb").write_bytes(b"\0" * 1000)  # what the killed install's rmtree had not reached yet
    done = _cli("info", "--cache-dir", str(cache))
    assert "entries: 2," in done.stdout and "leftovers: 1 folders, 1000 bytes" in done.stdout, done.stdout
    done = _cli("prune", "--older-than", "30", "--cache-dir", str(cache))
    assert done.returncode == 0 and half.exists() and "0 leftover folders" in done.stdout, done.stdout + done.stderr
    t = time.time() - 2 * DAY
    os.utime(half, (t, t))  # past the 24 h grace
    with _holding(lock):
        done = _cli("prune", "--older-than", "30", "--cache-dir", str(cache))
        assert done.returncode == 0 and half.exists() and "0 leftover folders" in done.stdout, done.stdout
    done = _cli("prune", "--older-than", "30", "--dry-run", "--cache-dir", str(cache))
    assert half.exists() and "would remove 0 of 2 entries" in done.stdout and "1 leftover folders" in done.stdout
    done = _cli("prune", "--older-than", "30", "--cache-dir", str(cache))
    assert done.returncode == 0 and "1 leftover folders (1000 bytes), 1 orphan lock files" in done.stdout, done.stdout
    assert not half.exists() and not lock.exists() and _entries(cache) == {a.name, b.name}
    alone = tmp_path / "hashes" / key
    alone.mkdir(parents=True)  # a user's folder named by a hash, nothing else: no sign of a compile cache
    assert not cache_admin.survey(alone.parent).is_cache


def test_nothing_of_the_users_is_removed_only_what_the_compiler_names(two, tmp_path):
    cache, a, b = two
    outside = tmp_path / "outside"
    shutil.copytree(a, outside / a.name)
    mine = [cache / ".trash-can", cache / f".{'6' * 32}.backup", cache / ".proofs"]  # a 32-hex folder is a half entry
    for folder in mine:
        folder.mkdir()
        (folder / "notes.txt").write_text("mine")
    link = cache / ("7" * 32)
    link.symlink_to(outside / a.name)  # a link that looks like an entry: never followed, never removed through
    done = _cli("prune", "--older-than", "0", "--max-size", "0", "--keep-recent", "0", "--cache-dir", str(cache))
    assert done.returncode == 0, done.stderr
    assert all((folder / "notes.txt").read_text() == "mine" for folder in mine)
    assert link.is_symlink() and read_valid_manifest(outside / a.name) is not None
    assert _entries(cache) == {"7" * 32} and "removed 2 of 2 entries" in done.stdout


def test_a_folder_that_is_no_compile_cache_is_refused_and_nothing_is_written_there(tmp_path):
    folder = tmp_path / "photos"
    folder.mkdir()
    (folder / "cat.jpg").write_bytes(b"\xff\xd8")
    (folder / ("8" * 32)).mkdir()  # looks like a key, holds no manifest
    done = _cli("prune", "--older-than", "0", "--keep-recent", "0", "--cache-dir", str(folder))
    assert done.returncode == 2 and not done.stdout.strip().splitlines()[1:], done.stdout
    lines = done.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("error:") and str(folder) in lines[0], done.stderr
    assert "does not look like a compile cache" in lines[0]
    assert sorted(p.name for p in folder.iterdir()) == ["8" * 32, "cat.jpg"]
    done = _cli("info", "--cache-dir", str(folder))
    assert done.returncode == 0 and done.stdout.splitlines()[1:] == [
        "it does not look like a compile cache (no .locks/ folder, no entry with a manifest.json, and things the "
        "toolkit does not keep there)"]


def test_a_cache_folder_reached_through_a_link_is_surveyed_and_pruned(two, tmp_path):
    """Found in review: a cache moved to a bigger disk and linked back (~/.cache/iree-vdmfma -> /data/...) was
    refused as no compile cache, though compiles go through the link. The root is followed; nothing inside is."""
    cache, a, b = two
    link = tmp_path / "link"
    link.symlink_to(cache)
    done = _cli("info", "--cache-dir", str(link))
    assert done.returncode == 0 and "entries: 2, " in done.stdout, done.stdout + done.stderr
    done = _cli("prune", "--older-than", "1.5", "--keep-recent", "0", "--cache-dir", str(link))
    assert done.returncode == 0, done.stderr
    assert _entries(cache) == {b.name} and link.is_symlink()


def test_the_toolkits_own_folder_without_entries_is_nothing_to_prune_not_refused(tmp_path):
    """Found in review: the default cache folder holding only the tuning records (a --no-cache tune's), kept
    calibrations or nothing at all was refused as no compile cache, failing a scheduled prune. It is the toolkit's
    folder with nothing to prune: exit 0, and the records are kept."""
    folder = tmp_path / "iree-vdmfma"
    (folder / "calibration").mkdir(parents=True)
    (folder / "records.sqlite").write_bytes(b"SQLite format 3\x00")
    done = _cli("prune", "--max-size", "0", "--keep-recent", "0", "--cache-dir", str(folder))
    assert done.returncode == 0 and "removed 0 of 0 entries" in done.stdout, done.stdout + done.stderr
    assert sorted(p.name for p in folder.iterdir()) == ["calibration", "records.sqlite"]
    assert "does not look like" not in _cli("info", "--cache-dir", str(folder)).stdout


def test_a_failing_stat_while_locking_leaks_no_descriptor_and_no_lock(tmp_path, monkeypatch):
    path = tmp_path / "KEY.lock"

    def failing(path, fd):
        raise PermissionError(13, "Permission denied", str(path))

    fds = len(os.listdir("/proc/self/fd"))
    monkeypatch.setattr(lock_module, "_names", failing)
    with pytest.raises(PermissionError):
        with lock_if_free(path):
            pass
    monkeypatch.undo()
    assert len(os.listdir("/proc/self/fd")) == fds
    assert not held_elsewhere(path)


@pytest.mark.parametrize("when", ["before the copy", "between the copy and the proof"])
def test_an_entry_pruned_under_a_sweep_is_a_machine_error_row_that_a_rerun_redoes(two, tmp_path, monkeypatch, when):
    cache, a, b = two
    real = Compiler.copy_entry

    def pruned(self, result, dest, then):  # prune (past --keep-recent) took it before the copy, or `rm` after it
        if when == "before the copy":
            shutil.rmtree(result.workdir)
        return real(self, result, dest, lambda: (shutil.rmtree(result.workdir, ignore_errors=True), then())[1])

    options = SweepOptions(target="host", variants=("default",), out_dir=tmp_path / "out", cache_dir=cache)
    monkeypatch.setattr(Compiler, "copy_entry", pruned)
    (row,) = sweep([Problem(1, 64, 64)], options)
    assert row.status == Status.MACHINE_ERROR.value, row
    assert row.reason == (f"the cache entry {a} was removed while this sweep used it (vdmfma cache prune?): "
                          "rerun to compile it again")
    monkeypatch.undo()
    (row,) = sweep([Problem(1, 64, 64)], options)
    assert row.status == Status.OK.value and row.kernel_fingerprint


def _proving(monkeypatch, before) -> list:
    """The host backend's prove calls ``before(dump_dir)`` first (something done to the cache entry just before its
    dump is read); the list of dumps it was called on."""
    real, calls = CpuBackend.prove, []

    def prove(self, dump_dir, *args):
        calls.append(dump_dir)
        before(dump_dir)
        return real(self, dump_dir, *args)

    monkeypatch.setattr(CpuBackend, "prove", prove)
    return calls


def test_a_prune_while_a_sweep_proves_an_entry_skips_it_and_the_row_is_proved(two, tmp_path, monkeypatch):
    """The sweep holds the entry's lock, shared, from its copy through its proof: a real prune run then (past
    --keep-recent) keeps it, in use, and the proof reads the whole dump (it used to read a folder removed under it)."""
    cache, a, b = two
    pruned = []
    calls = _proving(monkeypatch, lambda dump: pruned.append(
        _cli("prune", "--older-than", "0", "--keep-recent", "0", "--cache-dir", str(cache))))
    options = SweepOptions(target="host", variants=("default",), out_dir=tmp_path / "out", cache_dir=cache)
    (row,) = sweep([Problem(1, 64, 64)], options)
    (done,) = pruned
    assert calls == [a / "dump"] and done.returncode == 0, done.stderr
    assert "removed 1 of 2 entries" in done.stdout and "1 entries in use, kept" in done.stdout, done.stdout
    assert _entries(cache) == {a.name} and read_valid_manifest(a) is not None
    assert row.status == Status.OK.value and row.kernel_fingerprint, row


def _read_after_rm(dump: Path) -> None:
    """A proof that lists the dump, then reads a file of it (ROCm's globs the ISA files) while it is removed."""
    listed = sorted(dump.iterdir())
    shutil.rmtree(dump.parent)
    listed[0].read_bytes()


REMOVALS = {"the entry": lambda dump: shutil.rmtree(dump.parent), "its dump folder": shutil.rmtree,
            "the entry, mid-read": _read_after_rm}


@pytest.mark.parametrize("removed", sorted(REMOVALS))
def test_an_entry_removed_by_hand_while_proved_is_a_machine_error_row_that_a_rerun_redoes(two, tmp_path,
                                                                                           monkeypatch, removed):
    """`rm` takes no lock: an entry (or its dump) removed while its dump is read proves nothing. The host's proof
    reads no file, so nothing raised: it used to be an ok row with no kernel fingerprint; a proof that reads one
    raised FileNotFoundError, which stopped the sweep. The row says it was removed, and a rerun compiles the
    entry again (its manifest lists the dump's files, so it is no hit)."""
    cache, a, b = two
    calls = _proving(monkeypatch, REMOVALS[removed])
    options = SweepOptions(target="host", variants=("default",), out_dir=tmp_path / "out", cache_dir=cache)
    (row,) = sweep([Problem(1, 64, 64)], options)
    assert calls == [a / "dump"]
    assert row.status == Status.MACHINE_ERROR.value, row
    assert row.reason == (f"the cache entry {a} was removed while this sweep used it (vdmfma cache prune?): "
                          "rerun to compile it again")
    assert row.error == f"missing: {a / 'dump' if removed == 'its dump folder' else a / MANIFEST}"
    monkeypatch.undo()
    (row,) = sweep([Problem(1, 64, 64)], options)
    assert row.status == Status.OK.value and row.kernel_fingerprint and not row.cached, row


def test_a_sweeps_runs_read_its_own_copy_so_an_entry_pruned_before_the_run_is_no_matter(two, tmp_path):
    cache, a, b = two

    def run(result, problem, row):  # prune took the entry between the compiles and the runs
        shutil.rmtree(a, ignore_errors=True)
        assert result.vmfb.read_bytes()[:4] and (result.dump_dir).is_dir()
        return row.replace(status=Status.OK.value)

    options = SweepOptions(target="host", variants=("default",), out_dir=tmp_path / "out", cache_dir=cache)
    (row,) = sweep([Problem(1, 64, 64)], options, run_hook=RunHook(run, ""))
    assert row.status == Status.OK.value, row
