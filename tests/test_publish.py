"""`vdmfma tune --publish DIR`: an explicit folder, a merge that keeps what it does not replace, modelled
winners refused unless allowed, per-entry provenance, and a `tuned` variant that says which library it read.

The CLI tests run real tunes (CPU: measured on local-task; gfx942 --device none: real compiles, MODELLED).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from conftest import ROOT, run_iree_compile
from iree_vdmfma.configs.library import (CODEGEN, MEASURED, MODELLED, Entry, Library, merge_library, publish, read_library,
                                         paths)
from iree_vdmfma.devices.flags import compile_flags
from iree_vdmfma.problems.problem import Problem


def _tune(cwd: Path, *args: str) -> subprocess.CompletedProcess:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    return subprocess.run([sys.executable, "-m", "iree_vdmfma.cli", "tune", *args], env=env, cwd=cwd,
                          capture_output=True, text=True, timeout=400)


P1, P2, P3 = Problem(8, 2304, 8192, name="q"), Problem(8, 6656, 8192, name="o"), Problem(8, 13312, 8192, name="up")
VD = {"split": 0, "mma": "vdmfma", "n_tile": 64, "subgroups": 2, "reduction": 8, "promote": "AB", "prefetch": 2,
      "waves_per_eu": 0}


def _lib(*entries: Entry) -> Library:
    return Library("gfx942", entries)


def test_a_newer_measurement_replaces_the_older_and_every_other_entry_is_kept():
    old = _lib(Entry(P1, {"split": 1024}, MEASURED, "hip", "2026-11-01T00:00:00Z"),
               Entry(P2, {"split": 2048}, MEASURED, "hip", "2026-11-01T00:00:00Z"))
    new = _lib(Entry(P1, {"split": 512}, MEASURED, "hip", "2026-11-02T00:00:00Z"),
               Entry(P3, {"split": 0}, MEASURED, "hip", "2026-11-02T00:00:00Z"))
    m = merge_library(old, new)
    assert (m.added, m.replaced, m.kept, m.refused) == ([P3.key], [P1.key], [P2.key], [])
    got = {e.problem.key: e for e in m.library.entries}
    assert got[P1.key].knobs == {"split": 512} and got[P2.key].knobs == {"split": 2048} and len(got) == 3
    assert m.summary() == "added 1, replaced 1, kept 1"


def test_an_older_or_modelled_entry_never_replaces_a_measured_one_and_modelled_needs_allowing():
    old = _lib(Entry(P1, {"split": 1024}, MEASURED, "hip", "2026-11-05T00:00:00Z"))
    older = _lib(Entry(P1, {"split": 512}, MEASURED, "hip", "2026-11-01T00:00:00Z"))
    m = merge_library(old, older)
    assert m.replaced == [] and m.kept == [P1.key] and "newer" in m.refused[0]
    modelled = _lib(Entry(P1, {"split": 512}, MODELLED, "none", "2026-11-09T00:00:00Z"),
                    Entry(P2, {"split": 512}, MODELLED, "none", "2026-11-09T00:00:00Z"))
    m = merge_library(old, modelled)
    assert m.added == [] and m.replaced == [] and len(m.refused) == 2 and "MODELLED" in m.refused[0]
    m = merge_library(old, modelled, allow_modelled=True)
    assert m.added == [P2.key] and m.kept == [P1.key] and "measured" in m.refused[0]
    assert {e.problem.key: e.knobs for e in m.library.entries}[P1.key] == {"split": 1024}


def test_publish_merges_into_an_existing_folder_writes_one_spec_pair_and_records_provenance(tmp_path):
    flags = compile_flags("gfx942")
    publish(_lib(Entry(P1, dict(VD, split=1024), MEASURED, "hip", "2026-11-01T00:00:00Z")), tmp_path / "pub", flags,
            CODEGEN)
    merge, written = publish(_lib(Entry(P2, VD, MEASURED, "hip://1", "2026-11-02T00:00:00Z")), tmp_path / "pub",
                             flags, CODEGEN)
    assert merge.added == [P2.key] and merge.kept == [P1.key]
    lib = read_library(tmp_path / "pub", "gfx942")
    assert [e.problem.key for e in lib.entries] == [P1.key, P2.key]
    assert lib.entries[1].provenance == "measured on hip://1, 2026-11-02T00:00:00Z"
    data = json.loads(paths(tmp_path / "pub", "gfx942")["library"].read_text())
    assert {e["basis"] for e in data["entries"]} == {"measured"}
    tuning = written["tuning"].read_text()  # both shapes' configs survive the second publish
    assert tuning.count("linalg.generic") >= 2 or tuning.count("match_") >= 2
    assert "split_reduction" in written["preprocess"].read_text()  # P1's split chunk is still there



def test_a_publish_while_another_writes_the_folder_waits_and_merges_into_what_that_one_wrote(tmp_path):
    """Two tunes ending together, publishing into one folder: the second takes its turn on the folder's lock and
    keeps the first's shape (unlocked, each merged into the folder it had read and one shape was lost, 5 of 20)."""
    from iree_vdmfma.configs.library import write_library
    from iree_vdmfma.util.lock import waiting_lock

    flags, pub = compile_flags("gfx942"), tmp_path / "pub"
    second = threading.Thread(target=publish, args=(_lib(Entry(P2, VD, MEASURED, "hip", "2026-11-02T00:00:00Z")),
                                                     pub, flags, CODEGEN))
    with waiting_lock(pub / ".library-gfx942.lock"):  # the first publish, between its read and its write
        second.start()
        time.sleep(0.5)
        assert second.is_alive() and not (pub / "library-gfx942.json").exists(), "published past the lock"
        write_library(_lib(Entry(P1, VD, MEASURED, "hip", "2026-11-01T00:00:00Z")), pub, flags, CODEGEN)
    second.join(timeout=60)
    assert sorted(e.problem.key for e in read_library(pub, "gfx942").entries) == sorted([P1.key, P2.key])

def test_a_publish_behind_a_lock_held_too_long_is_one_error_naming_the_lock_and_writes_nothing(tmp_path,
                                                                                                monkeypatch):
    from iree_vdmfma.configs import library
    from iree_vdmfma.util.lock import waiting_lock

    monkeypatch.setattr(library, "PUBLISH_WAIT_S", 0.3)
    pub = tmp_path / "pub"
    with waiting_lock(pub / ".library-gfx942.lock"):  # another publish, stopped (Ctrl-Z) between read and write
        with pytest.raises(ValueError, match=r"\.library-gfx942\.lock for more than 0\.3 s"):
            publish(_lib(Entry(P1, VD, MEASURED, "hip", "2026-11-01T00:00:00Z")), pub, compile_flags("gfx942"),
                    CODEGEN)
    assert not (pub / "library-gfx942.json").exists()


def test_publish_refuses_the_repository_shipped_specs_and_a_damaged_library(tmp_path):
    lib = _lib(Entry(P1, VD, MEASURED, "hip", "2026-11-01T00:00:00Z"))
    with pytest.raises(ValueError, match="shipped specs"):
        publish(lib, ROOT / "specs", compile_flags("gfx942"), CODEGEN)
    (tmp_path / "pub").mkdir()
    paths(tmp_path / "pub", "gfx942")["library"].write_text("{not json")
    with pytest.raises(ValueError, match="not a tuning library"):
        publish(lib, tmp_path / "pub", compile_flags("gfx942"), CODEGEN)
    assert paths(tmp_path / "pub", "gfx942")["library"].read_text() == "{not json"  # left as it was


def test_tune_publish_of_modelled_winners_is_refused_up_front_without_allow_modelled(tmp_path):
    (tmp_path / "one.csv").write_text("name,m,n,k,dtype\nq,8,2304,8192,f16\n")
    done = _tune(tmp_path, "one.csv", "--target", "gfx942", "--device", "none", "--out", "out", "--publish", "pub")
    assert done.returncode == 2, done.stdout + done.stderr
    assert "--allow-modelled" in done.stderr and not (tmp_path / "out" / "candidates.csv").exists()
    done = _tune(ROOT, str(tmp_path / "one.csv"), "--target", "gfx942", "--device", "none", "--allow-modelled",
                 "--out", str(tmp_path / "out2"), "--publish", "specs")
    assert done.returncode == 2 and "shipped specs" in done.stderr, done.stderr
    assert not list((ROOT / "specs").glob("library-*.json"))


def test_modelled_publish_with_allow_modelled_says_modelled_and_its_flags_work_from_where_published(tmp_path):
    (tmp_path / "one.csv").write_text("name,m,n,k,dtype\nq,8,2304,8192,f16\n")
    done = _tune(tmp_path, "one.csv", "--target", "gfx942", "--device", "none", "--out", "out",
                 "--max-candidates", "3", "-j", "2", "--publish", "pub", "--allow-modelled")
    assert done.returncode == 0, done.stdout + done.stderr
    assert "MODELLED" in done.stderr and "published to pub/ (added 1, replaced 0, kept 0)" in done.stdout  # a result: stdout
    lib = read_library(tmp_path / "pub", "gfx942")
    assert [(e.basis, e.device) for e in lib.entries] == [(MODELLED, "none")]
    flags = (tmp_path / "pub" / "flags-gfx942.txt").read_text().split()
    specs = [f.split("=", 1)[1] for f in flags if f.endswith(".mlir")]
    assert specs and all(s.startswith("pub/") and (tmp_path / s).is_file() for s in specs), flags
    from test_tune import HAND_WRITTEN

    (tmp_path / "in.mlir").write_text(HAND_WRITTEN.format(m=8, n=2304, k=8192))
    run_iree_compile(["iree-compile", "in.mlir", *flags, "-o", "in.vmfb"], cwd=tmp_path, text=True)


def test_two_measured_cpu_tunes_published_into_one_folder_keep_both_shapes_and_tuned_says_what_it_read(tmp_path):
    for i, shape in enumerate(("a,8,256,1024,f16", "b,8,128,512,f16")):
        (tmp_path / f"s{i}.csv").write_text(f"name,m,n,k,dtype\n{shape}\n")
        done = _tune(tmp_path, f"s{i}.csv", "--device", "local-task", "--out", f"t{i}", "--max-candidates", "2",
                     "--reps", "3", "--no-hot", "--no-race", "-j", "2", "--publish", "pub")
        assert done.returncode == 0, done.stdout + done.stderr
        assert f"added 1, replaced 0, kept {i}" in done.stdout
    lib = read_library(tmp_path / "pub", "host")
    assert sorted(e.problem.name for e in lib.entries) == ["a", "b"]
    assert all(e.basis == MEASURED and e.device == "local-task" and e.recorded_at for e in lib.entries)
    code = ("from iree_vdmfma.variants.tuned import library; print(len(library('host').entries))")
    env = {**os.environ, "PYTHONPATH": str(ROOT), "VDMFMA_TUNED_LIBRARY": str(tmp_path / "pub")}
    seen = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, timeout=120)
    assert seen.stdout.strip() == "2", seen.stderr
    assert f"variant tuned: read {tmp_path / 'pub' / 'library-host.json'} (2 entries: 2 measured)" in seen.stderr
