"""The compile cache: a corrupt or partial entry is detected and rebuilt, never trusted; failures are cached
only when deterministic and --retry-failed recompiles them. Real iree-compile runs for gfx942."""

from __future__ import annotations

import dataclasses
import json
import shutil
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from conftest import isa_counts
from iree_vdmfma.compiler.driver import Compiler
from iree_vdmfma.compiler.entry import LOCKS, MANIFEST, read_valid_manifest
from iree_vdmfma.problems.problem import Problem
from iree_vdmfma.problems.rows import Status
from iree_vdmfma.sweep.sweep import SweepOptions, plan, sweep
from iree_vdmfma.util.lock import LockWaitTimeout, waiting_lock

PROBLEM = Problem(8, 256, 1024)


def _job():
    return plan([PROBLEM], SweepOptions(target="gfx942", variants=("vdmfma",)))[0].compile_job


def _entries(cache: Path) -> list[Path]:
    """The cache's entries: not the lock files the processes sharing it take (.locks)."""
    return [p for p in cache.iterdir() if p.name != LOCKS]


def _truncate(path: Path) -> None:
    path.write_bytes(path.read_bytes()[: path.stat().st_size // 2])


def _rocmasm(entry: Path) -> Path:
    (isa,) = (entry / "dump").glob("*.rocmasm")
    return isa


def _drop_key(key: str):
    def corrupt(entry: Path) -> None:
        meta = json.loads((entry / "manifest.json").read_text())
        del meta[key]
        (entry / "manifest.json").write_text(json.dumps(meta))
    return corrupt


CORRUPTIONS = {
    "truncated rocmasm": lambda e: _truncate(_rocmasm(e)),
    "truncated vmfb": lambda e: _truncate(e / "out.vmfb"),
    "vmfb deleted": lambda e: (e / "out.vmfb").unlink(),
    "one byte flipped in configured IR": lambda e: (lambda p: p.write_bytes(bytes([p.read_bytes()[0] ^ 1]) +
                                                                           p.read_bytes()[1:]))(
        next((e / "dump").glob("configured_*.mlir"))),
    "manifest not JSON": lambda e: (e / "manifest.json").write_text('{"files": {'),
    "manifest missing": lambda e: (e / "manifest.json").unlink(),
    "manifest without returncode": _drop_key("returncode"),
    "vmfb dropped from manifest and disk": lambda e: ((e / "out.vmfb").unlink(), (e / "manifest.json").write_text(
        json.dumps({k: ({f: h for f, h in v.items() if f != "out.vmfb"} if k == "files" else v)
                    for k, v in json.loads((e / "manifest.json").read_text()).items()}))),
}


@pytest.fixture(scope="module")
def reference(tmp_path_factory):
    """One good compile: a rebuilt entry must have the same ISA (the vmfb embeds paths, so not the same bytes)."""
    cache = tmp_path_factory.mktemp("reference-cache")
    result = Compiler(cache).compile(_job())
    assert result.ok and not result.cached
    return cache, result.vmfb.stat().st_size, _rocmasm(result.workdir).read_text()


@pytest.mark.parametrize("corruption", sorted(CORRUPTIONS))
def test_corrupt_entry_is_rebuilt_not_trusted(tmp_path, reference, corruption):
    ref_cache, vmfb, isa = reference
    cache = tmp_path / "cache"
    shutil.copytree(ref_cache, cache)
    compiler = Compiler(cache)
    assert compiler.compile(_job()).cached  # the intact copy is trusted
    (entry,) = _entries(cache)
    CORRUPTIONS[corruption](entry)
    rebuilt = compiler.compile(_job())
    assert rebuilt.ok and not rebuilt.cached, "a corrupt entry was trusted"
    assert _rocmasm(rebuilt.workdir).read_text() == isa
    assert abs(rebuilt.vmfb.stat().st_size - vmfb) < 1000
    assert isa_counts(rebuilt.dump_dir)[0] > 0
    assert compiler.compile(_job()).cached  # and the rebuilt entry is good again
    assert [p.name for p in cache.iterdir() if p.name != LOCKS] == [entry.name]  # no temp dirs left behind


def test_sweep_over_a_corrupt_entry_gives_a_correct_row(tmp_path, reference):
    ref_cache, vmfb, _ = reference
    cache = tmp_path / "cache"
    shutil.copytree(ref_cache, cache)
    (entry,) = _entries(cache)
    _truncate(_rocmasm(entry))
    (row,) = sweep([PROBLEM], SweepOptions(target="gfx942", variants=("vdmfma",), out_dir=tmp_path / "out",
                                           cache_dir=cache))
    assert row.status == Status.OK.value and not row.cached
    assert row.smfmac == isa_counts(Path(row.artifacts) / "dump")[0] > 0
    assert abs((Path(row.artifacts) / "out.vmfb").stat().st_size - vmfb) < 1000


def test_deterministic_failures_are_cached_and_retry_failed_recompiles_them(tmp_path):
    bad = dataclasses.replace(_job(), flags=_job().flags + ("--iree-no-such-flag",))
    cache = tmp_path / "cache"
    first = Compiler(cache).compile(bad)
    assert not first.ok and not first.cached and "no-such-flag" in first.error
    again = Compiler(cache).compile(bad)
    assert not again.ok and again.cached and again.error == first.error
    retried = Compiler(cache, retry_failed=True).compile(bad)
    assert not retried.ok and not retried.cached


def test_no_cache_leaves_no_scratch_behind(tmp_path):
    with Compiler(None) as compiler:
        result = compiler.compile(_job())
        assert result.ok and not result.cached and result.vmfb.exists()
        scratch = compiler.scratch
    assert not scratch.exists()


_RUN_FIELDS = ("artifacts", "repro", "cached", "compile_s", "checksum")  # where and when, not what was proved


def _proved(row) -> dict:
    return {k: v for k, v in dataclasses.asdict(row).items() if k not in _RUN_FIELDS}


def test_a_cache_hit_takes_its_proof_from_the_cache_and_an_edited_proof_is_proved_again(tmp_path, reference,
                                                                                      monkeypatch):
    from iree_vdmfma.sweep import proofs

    ref_cache, _, _ = reference
    cache = tmp_path / "cache"
    shutil.copytree(ref_cache, cache)
    run = lambda out: sweep([PROBLEM], SweepOptions(target="gfx942", variants=("vdmfma",),  # noqa: E731
                                                    out_dir=tmp_path / out, cache_dir=cache))[0]
    (first,) = [run("first")]  # a hit that was never proved: proved now, and kept
    (kept,) = (cache / proofs.PROOFS).iterdir()
    memo = json.loads(kept.read_text())
    assert first.cached and first.status == Status.OK.value and first.smfmac > 0
    assert {k: getattr(first, k) for k in memo["fields"] if k != "status"} == \
        {k: v for k, v in memo["fields"].items() if k != "status"}
    assert _proved(run("again")) == _proved(first)  # from the kept proof, the same row

    # a kept proof is trusted as the cache's entries are, by its checksum: a hit reads it and proves nothing
    forged = dict(memo["fields"], vgpr=first.vgpr + 1)
    kept.write_text(json.dumps({"fields": forged, "sha256": proofs._checksum(forged)}))
    assert run("forged").vgpr == first.vgpr + 1
    # one edited without its checksum (or cut) is not: the dump is proved again and the file rewritten
    kept.write_text(json.dumps({"fields": dict(memo["fields"], vgpr=1), "sha256": memo["sha256"]}))
    assert _proved(run("edited")) == _proved(first)
    kept.write_text(kept.read_text()[:20])
    assert _proved(run("cut")) == _proved(first) and json.loads(kept.read_text()) == memo

    monkeypatch.setattr(proofs, "code_digest", lambda: "another version of the toolkit")
    assert _proved(run("upgraded")) == _proved(first)
    assert len(list((cache / proofs.PROOFS).iterdir())) == 2  # proved afresh under the new version's key


_CHILD = """
import json, sys
sys.path.insert(0, sys.argv[2])
from test_cache import _job
from iree_vdmfma.compiler.driver import Compiler
print("started", flush=True)
result = Compiler(sys.argv[1]).compile(_job())
print(json.dumps({"ok": result.ok, "cached": result.cached}), flush=True)
"""


def test_a_process_that_wants_an_entry_another_is_building_waits_and_reuses_it(tmp_path, reference):
    """Two processes sharing a cache (pytest-xdist's workers, two sweeps): the second waits on the entry's lock
    and takes the first's build as a hit, instead of building it again and replacing it while the first copies
    it out. Here this test is the first: it holds the lock, installs a finished entry, then lets go."""
    ref_cache, _, _ = reference
    cache = tmp_path / "cache"
    (ref_entry,) = _entries(ref_cache)
    with waiting_lock(cache / LOCKS / f"{ref_entry.name}.lock"):
        child = subprocess.Popen([sys.executable, "-c", _CHILD, str(cache), str(Path(__file__).parent)],
                                 stdout=subprocess.PIPE, text=True)
        assert child.stdout.readline().strip() == "started"
        time.sleep(1.0)  # the child is at its cache check now: waiting on the lock (without one: compiling)
        building = [p.name for p in cache.glob(f".{ref_entry.name}.*")]  # a build's temp folder (driver.py)
        assert child.poll() is None and not building, "the second process did not wait for the entry's lock"
        shutil.copytree(ref_entry, cache / ref_entry.name)
    out, _ = child.communicate(timeout=600)
    assert json.loads(out) == {"ok": True, "cached": True}, "the second process built the entry again"


def test_a_job_is_cached_only_when_its_entry_is_one_that_prune_would_see(tmp_path, reference):
    """is_cached (the tune's estimate of the compiles left) takes an entry as compiler/entry.py is_entry does: a
    folder holding a manifest, neither of them a symbolic link; a link in the cache is not followed."""
    ref_cache, _, _ = reference
    cache, elsewhere = tmp_path / "cache", tmp_path / "elsewhere"
    shutil.copytree(ref_cache, cache)
    assert Compiler(cache).is_cached(_job()) and not Compiler(None).is_cached(_job())
    (entry,) = _entries(cache)
    entry.rename(elsewhere)
    assert not Compiler(cache).is_cached(_job())
    entry.symlink_to(elsewhere)  # the entry's name, a link to a whole entry
    assert not Compiler(cache).is_cached(_job())
    entry.unlink()
    entry.mkdir()
    (entry / MANIFEST).symlink_to(elsewhere / MANIFEST)  # a folder whose manifest is a link
    assert not Compiler(cache).is_cached(_job())


def test_an_entry_is_not_copied_out_while_another_process_holds_it(tmp_path, reference):
    ref_cache, _, _ = reference
    compiler = Compiler(ref_cache)
    result = compiler.compile(_job())
    copier = threading.Thread(target=compiler.copy_entry, args=(result, tmp_path / "copy"))
    with waiting_lock(ref_cache / LOCKS / f"{result.workdir.name}.lock"):  # another process rebuilding it
        copier.start()
        copier.join(timeout=1.0)
        assert copier.is_alive() and not (tmp_path / "copy").exists(), "copied while the entry was being replaced"
    copier.join(timeout=60)
    assert read_valid_manifest(tmp_path / "copy") is not None


def test_an_entry_held_past_the_compile_timeout_is_copied_out_all_the_same_with_a_warning(tmp_path, reference,
                                                                                         capfd):
    """A holder stopped (Ctrl-Z) mid hit-check is not waited for without end: the copy waits at most the compile's
    timeout, says so, and copies the entry as it stands."""
    ref_cache, _, _ = reference
    result = Compiler(ref_cache).compile(dataclasses.replace(_job(), timeout_s=0.5))
    copier = threading.Thread(target=Compiler(ref_cache).copy_entry, args=(result, tmp_path / "copy"))
    with waiting_lock(ref_cache / LOCKS / f"{result.workdir.name}.lock"):
        copier.start()
        copier.join(timeout=60)
        assert not copier.is_alive(), "still waiting on a lock held past the compile's timeout"
    assert read_valid_manifest(tmp_path / "copy") is not None
    assert "reading it without the lock" in capfd.readouterr().err


def test_a_lock_wait_timeout_raised_while_an_entry_is_read_out_is_the_readers_own(tmp_path, reference, capfd):
    """copy_entry's ``then`` (the sweep's proof) runs under the entry's lock: a LockWaitTimeout it raises (a wait
    of its own) goes to the caller as itself, not taken for the wait on the entry's lock (no warning, no second
    yield of the context manager: RuntimeError)."""
    ref_cache, _, _ = reference
    compiler = Compiler(ref_cache)
    result = compiler.compile(_job())

    def then():
        raise LockWaitTimeout("the body's own wait")

    with pytest.raises(LockWaitTimeout, match="the body's own wait"):
        compiler.copy_entry(result, tmp_path / "copy", then)
    assert "reading it without the lock" not in capfd.readouterr().err


def test_a_process_holding_an_entry_past_the_compile_timeout_is_not_waited_for_without_end(tmp_path, reference):
    """The process building an entry was stopped (Ctrl-Z) with its lock held: a second command waits at most its
    compile's timeout, then compiles the job itself, uncached (it used to wait, silent, until the first went on)."""
    ref_cache, _, _ = reference
    cache = tmp_path / "cache"
    (ref_entry,) = _entries(ref_cache)
    compiler = Compiler(cache)
    try:
        with waiting_lock(cache / LOCKS / f"{ref_entry.name}.lock"):  # held, as by a stopped process
            future = compiler.submit(dataclasses.replace(_job(), timeout_s=15.0))
            result = future.result(timeout=120)  # a guard against the hang, not a timing
        assert result.ok and not result.cached and result.workdir.parent != cache
        assert _entries(cache) == []  # the stopped process's entry stays its own to install
    finally:
        compiler.cancel()  # a waiter still waiting stops
        compiler.close()
