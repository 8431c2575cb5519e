"""benchmarks/gpu_evidence.py runs end to end on the CPU (--small), so it is known to work before a GPU is lent,
and its evidence adds up across calls through the tuning records.

Two real calls on local-task, as two loans would make them. The first plans from no record and measures, in the
plan's order, every step but race vs exhaustive (--steps): the A/A calibration, the raced tunes of the two seed
rows, their sweeps of default/splitk/torch (and `tuned` where a tune won), the graph mode's sweep said blocked
(the CPU has no CUDA or HIP graphs), the held-out row's tune and sweep, the tiny layer's forward at M = 1; and
sends back its bundle. The second starts in an empty folder from that bundle alone (a fresh machine), runs every
step, and measures only what the records of the first lack: the race-vs-exhaustive checks. The records are
counted: nothing the first call measured is measured again, and summary.md, rebuilt from the records, holds both
calls' rows. Then the bundle's records merge into a copy of the committed GPU database, twice (the second adds
nothing).
"""

from __future__ import annotations

import csv
import json
import re
import shlex
import shutil
import subprocess
import sys
import tarfile
from collections import Counter
from pathlib import Path

from iree_vdmfma.records.db import CALIBRATION, EXHAUSTIVE, FORWARD, SWEEP, WINNER, RecordDB

ROOT = Path(__file__).resolve().parents[1]
SCRIPT = ROOT / "benchmarks" / "gpu_evidence.py"
FIRST = ("calibrate", "tune-seed", "sweep-seed", "sweep-seed-loop", "tune-heldout", "sweep-heldout", "model")


def _rows(path: Path) -> list[dict]:
    with path.open() as f:
        return list(csv.DictReader(line for line in f if not line.startswith("#")))


def _records(db: Path) -> list:
    with RecordDB(db, write=False) as held:
        read = held.read()
    assert not read.damaged
    return read.records


def _what(r) -> tuple:
    """What a record measured: (problem, config) of one SKU and compiler."""
    return (r.kind, r.key, r.name, r.knobs, r.variant, r.cache_mode, r.timing_mode, r.sku_name, r.compiler_version)


def _call(tmp_path: Path, out: Path, *extra: str, timeout: int = 1500) -> subprocess.CompletedProcess:
    cmd = [sys.executable, str(SCRIPT), "--device", "local-task", "--small", "--budget-s", "900", "--out", str(out),
           "--records", "none", "--commit", "test0000", *extra]
    return subprocess.run(cmd, capture_output=True, text=True, cwd=tmp_path, timeout=timeout)


def test_two_small_calls_add_up_through_the_records_and_the_second_measures_nothing_the_first_did(tmp_path):
    out, bundle = tmp_path / "ev", tmp_path / "back" / "evidence.tgz"
    first = _call(tmp_path, out, "--bundle", str(bundle), "--steps", ",".join((*FIRST, "sweep-seed-graph")))
    assert first.returncode == 0, first.stdout[-3000:] + first.stderr[-2000:]  # nothing left of its steps
    graph = next(line for line in first.stdout.splitlines() if line.startswith("== sweep-seed-graph:"))
    # 2 shapes x default and torch, and tuned where a CPU tune won: none measurable here
    blocked = re.search(r"nothing to measure \((\d+) blocked: timing mode graph", graph)
    assert blocked and 4 <= int(blocked[1]) <= 6 and "cuda or hip device only" in graph, graph
    state = json.loads((out / "steps.json").read_text())
    assert {s: state[s]["status"] for s in FIRST} == {s: "done" for s in FIRST} and "exhaustive" not in state
    one = _records(out / "records.sqlite")
    kinds = Counter(r.kind for r in one)
    # winners: the two seed shapes and the one held-out shape of --small; the forward at M = 1: default, tuned, torch
    assert kinds[CALIBRATION] >= 1 and kinds[FORWARD] == 3 and kinds[WINNER] == 3 and kinds[EXHAUSTIVE] == 0
    # at M = 1 the CPU's one knob (split) is pruned, so the tuned forward runs IREE's default kernel: said so, never
    # a win or a loss (a tuned config through the forward is tests/test_model_step.py's M = 4)
    assert [r.verdict for r in one if r.kind == FORWARD and r.variant == "tuned"] == ["same-kernel"]
    # sweep rows: per shape, default/splitk/torch in command-buffer mode (seed and held-out) and default/torch in loop
    # mode (seed), hot and cold
    swept = Counter((r.variant, r.timing_mode) for r in one if r.kind == SWEEP and r.cache_mode == "cold")
    assert swept == {("default", "cmdbuf"): 3, ("splitk", "cmdbuf"): 3, ("torch", "cmdbuf"): 3,
                     ("default", "loop"): 2, ("torch", "loop"): 2}
    for r in one:  # provenance: this run's own, checksummed state, and what each item cost
        assert r.provenance == "" and r.toolkit_commit == "test0000" and r.sku_name and r.recorded_at
        assert r.compiler_version.startswith("3.13") and r.origin.startswith("gpu_evidence ")
    assert all(r.cost_s and r.cost_s > 0 for r in one if r.kind in (SWEEP, CALIBRATION, FORWARD, WINNER))
    assert all(json.loads(r.detail)["numerics"] == "pass" for r in one if r.kind == SWEEP and r.variant != "torch")
    for tune, lst in (("tune-seed", "seed-small.csv"), ("tune-heldout", "heldout.csv")):
        assert {r["key"] for r in _rows(out / tune / "winners.csv") if r["verdict"]} == \
            {f"{r['dtype']}_{r['m']}x{r['n']}x{r['k']}" for r in _rows(out / lst)}
        assert all(str(out / "calibrate" / "calibration.csv") in r["threshold_source"]  # the device's A/A threshold
                   for r in _rows(out / tune / "winners.csv")), tune
    with tarfile.open(bundle) as tar:
        names = tar.getnames()
    assert "records.sqlite" in names and "summary.md" in names and "tune-seed/candidates.csv" in names
    assert not [n for n in names if n.endswith((".vmfb", ".irpa", ".npy")) or "/artifacts/" in n]

    fresh, again_bundle = tmp_path / "fresh", tmp_path / "back2" / "evidence.tgz"
    second = _call(tmp_path, fresh, "--restore", str(bundle), "--bundle", str(again_bundle), timeout=600)
    assert second.returncode == 0, second.stdout[-3000:] + second.stderr[-2000:]
    assert "restored" in second.stdout
    for step in FIRST:
        assert f"== {step}: nothing to measure" in second.stdout, step
    both = _records(fresh / "records.sqlite")
    new = [r for r in both if r.checksum not in {o.checksum for o in one}]
    assert {r.checksum for r in one} <= {r.checksum for r in both}  # the first call's records came back
    assert new and not {_what(r) for r in new} & {_what(r) for r in one}  # measured nothing the first did
    assert Counter(r.kind for r in new) == {EXHAUSTIVE: 2}  # what was left: both seed shapes' check
    for r in _rows(fresh / "exhaustive.csv"):
        if r["race_winner_vs_best"] == "":  # the winner's kernel is the best's: no ratio of a kernel against itself
            assert r["lo"] == r["hi"] == "" and r["within_3pct"] == "yes"
            assert "the race's winner is the exhaustive best" in r["note"]
            continue
        # the paired median of winner / best, inside its own interval
        assert float(r["lo"]) <= float(r["race_winner_vs_best"]) <= float(r["hi"])
        assert r["within_3pct"] == ("yes" if float(r["hi"]) <= 1.03 else "no" if float(r["lo"]) > 1.03 else "unresolved")

    # summary.md: rebuilt from the records alone, both calls' rows, each citing its call's source
    summary = (fresh / "summary.md").read_text()
    for title in ("Calibration (A/A)", "Tuned vs IREE's default", "Sweeps:", "Race vs exhaustive", "The forward"):
        assert f": {title}" in summary, title
    assert "(none recorded)" not in summary and "## Environment" in summary
    sources = [line for line in summary.splitlines() if line.startswith("- [")]
    assert any("/exhaustive.csv" in s for s in sources) and any("/sweep-seed/call1/" in s for s in sources)
    exhaustive = summary.split(": Race vs exhaustive")[1].split("###")[0]
    assert sum(line.startswith("| ") and not line.startswith("| shape") for line in exhaustive.splitlines()) == 2

    # back home: the bundle's records merge into the committed database (a copy), once
    db = tmp_path / "gpu-records.sqlite"
    shutil.copyfile(ROOT / "reports" / "gpu-records.sqlite", db)
    before = len(_records(db))
    for added in (len(both), 0):
        merged = subprocess.run([sys.executable, str(SCRIPT), "--merge", str(again_bundle), "--records", str(db)],
                                capture_output=True, text=True, cwd=tmp_path, timeout=120)
        assert merged.returncode == 0 and f"{added} new of {len(both)}" in merged.stdout, merged.stdout + merged.stderr
    assert len(_records(db)) == before + len(both)
    md = db.with_suffix(".md").read_text()
    assert "## NVIDIA H200" in md and f"## {one[0].sku_name}" in md

    state = json.loads((fresh / "steps.json").read_text())  # one folder, one device: another one is refused
    (fresh / "steps.json").write_text(json.dumps({**state, "_device": "NVIDIA H200"}))
    other = _call(tmp_path, fresh, timeout=120)
    assert other.returncode == 2 and other.stderr.startswith("error: ") and "NVIDIA H200" in other.stderr


def _recipe() -> tuple[list[str], list[str]]:
    """benchmarks/evidence/NEXT_GPU.md's recipe for the next lent GPU: the arguments of its --plan command and of
    its device call."""
    text = (ROOT / "benchmarks" / "evidence" / "NEXT_GPU.md").read_text().split("```text")[1].split("```")[0]
    plan = next(line for line in text.splitlines() if line.startswith("python benchmarks/gpu_evidence.py --device cuda "
                                                                      "--plan"))
    device = next(line for line in text.splitlines() if line.startswith("source .gpu/setup.sh"))
    return shlex.split(plan)[2:], shlex.split(device.split("python3 benchmarks/gpu_evidence.py")[1])


def _imported_only(tmp_path: Path) -> Path:
    """The committed GPU database as the imported reports left it: its records of a rewritten report only. Every
    loan since adds records (and plans less), so the plan's test holds the records to these."""
    db = tmp_path / "db" / "gpu-records.sqlite"
    db.parent.mkdir()
    with RecordDB(db) as held:
        held.add([r for r in _records(ROOT / "reports" / "gpu-records.sqlite") if r.provenance])
    return db


def test_a_record_in_two_databases_is_read_once(tmp_path):
    """A loan's bundle merged into the committed database, then restored for its next call, puts the same records in
    both databases the call reads: each is one record (its checksum is its identity), never a doubled table row."""
    sys.path.insert(0, str(ROOT / "benchmarks"))
    try:
        from evidence.common import read_records
    finally:
        sys.path.remove(str(ROOT / "benchmarks"))
    committed = ROOT / "reports" / "gpu-records.sqlite"
    copy = tmp_path / "restored.sqlite"
    shutil.copyfile(committed, copy)
    once = read_records(committed)
    assert len(once) > 100 and len({r.checksum for r in once}) == len(once)
    assert [r.checksum for r in read_records(committed, copy)] == [r.checksum for r in once]


def test_a_sweep_row_cut_off_before_its_cold_half_is_swept_again():
    """A call's budget can stop a sweep between a row's hot and cold timing: that row has not measured what the
    summary reports, so the plan sweeps it again. The H200's records of one torch row, with and without its cold
    half."""
    from iree_vdmfma.records.plan import Measured

    rows = [r for r in _records(ROOT / "reports" / "gpu-records.sqlite") if r.kind == SWEEP and r.variant == "torch"
            and r.key == "f16_8x2304x8192" and r.timing_mode == "cmdbuf" and r.sku_name == "NVIDIA H200"]
    assert {r.cache_mode for r in rows} == {"hot", "cold"}
    compiler = rows[0].compiler_version
    assert Measured(rows, "NVIDIA H200", compiler).swept("f16_8x2304x8192", "torch", "cmdbuf")
    hot = [r for r in rows if r.cache_mode == "hot"]
    assert not Measured(hot, "NVIDIA H200", compiler).swept("f16_8x2304x8192", "torch", "cmdbuf")


def test_a_tune_the_budget_started_for_some_shapes_tunes_the_rest_in_the_next_call(tmp_path):
    """A call whose budget starts one of the two seed tunes leaves the other to the next call, which tunes it in the
    same folder (the tune's list is the call's items, not the first call's), and both winners are records carrying
    today's space_id; a winner of another space in that folder would send the tune to a folder of its own."""
    sys.path.insert(0, str(ROOT / "benchmarks"))
    try:
        from evidence.tune import tuned_elsewhere
    finally:
        sys.path.remove(str(ROOT / "benchmarks"))
    from iree_vdmfma.problems.shapes import load_shape_list
    from iree_vdmfma.tune.space import space_id_of

    out = tmp_path / "ev"
    first = _call(tmp_path, out, "--steps", "tune-seed", "--budget-s", "60")  # no record: 35 s an item, ESTIMATE
    assert first.returncode == 3 and "1 of 2 item(s) fit" in first.stdout, first.stdout[-3000:] + first.stderr[-2000:]
    assert json.loads((out / "steps.json").read_text())["tune-seed"]["status"] == "partial"  # 1 of 2 tuned
    assert "| tune-seed | partial |" in (out / "summary.md").read_text()
    assert "== tune-seed: partial" in first.stdout and "1 item(s) left: the next call" in first.stdout
    second = _call(tmp_path, out, "--steps", "tune-seed", "--budget-s", "60")
    assert second.returncode == 0 and "== tune-seed: 1 item(s)" in second.stdout, second.stdout[-3000:]
    assert json.loads((out / "steps.json").read_text())["tune-seed"]["status"] == "done"
    assert "| tune-seed | done |" in (out / "summary.md").read_text()
    wins = [r for r in _records(out / "records.sqlite") if r.kind == WINNER]
    seed = {p.key: p for p in load_shape_list(out / "seed-small.csv")}
    assert sorted(r.key for r in wins) == sorted(seed)
    today = {k: space_id_of(p, "host") for k, p in seed.items()}
    assert all(json.loads(r.detail)["space_id"] == today[r.key] for r in wins)
    assert tuned_elsewhere(out / "tune-seed", today) == set()
    one = sorted(seed)[0]
    assert tuned_elsewhere(out / "tune-seed", {**today, one: "another-space"}) == {one}


def _evidence(module: str):
    """benchmarks/evidence/<module> (the folder is not a package of the toolkit)."""
    import importlib

    sys.path.insert(0, str(ROOT / "benchmarks"))
    try:
        return importlib.import_module(f"evidence.{module}")
    finally:
        sys.path.remove(str(ROOT / "benchmarks"))


def _h200_model_plan(tmp_path: Path):
    """A Plan of the model step in tmp_path/ev on the H200 (no records but DIR's), and the H200's forward records of
    the layer at M = 1, 4 and 8 as a run of that DIR writes them (no provenance)."""
    import argparse
    from dataclasses import replace

    from iree_vdmfma.devices.sku import Sku

    forwards = [replace(r, provenance="") for r in _records(ROOT / "reports" / "gpu-records.sqlite")
                if r.kind == FORWARD and r.sku_name == "NVIDIA H200" and r.variant == "tuned"
                and r.key.startswith("forward:llama_layer:build:")]
    args = argparse.Namespace(device="cuda", small=False, remeasure=False, out=str(tmp_path / "ev"), target=None,
                              budget_s=60.0, steps="model", heldout_m="1", records="none", commit="test0000")
    plan = _evidence("plan").Plan(args)
    plan.sku, plan.compiler = Sku(name="NVIDIA H200"), forwards[0].compiler_version
    return plan, forwards


def test_a_step_is_done_only_when_nothing_of_it_is_left_to_measure(tmp_path):
    """A step the budget cut to its first items finished them, but is "partial" (steps.json, summary.md) while the
    records leave any of its items to measure; "done" once they hold them all. The H200's forward records of the
    layer at M = 1, then at M = 1, 4 and 8, as a run of this DIR writes them (no provenance), stand for what the
    model step measured."""
    step_status = _evidence("cli").step_status
    plan, forwards = _h200_model_plan(tmp_path)
    assert plan.model_m == [1, 4, 8]
    with RecordDB(plan.db) as db:
        db.add([r for r in forwards if r.key.endswith(":m1")])  # the first of three fitted the budget
    assert step_status(plan, "model", {}, ok=True, cut=2) == ("partial", 2)
    with RecordDB(plan.db) as db:
        db.add(forwards)
    assert step_status(plan, "model", {}, ok=True, cut=0) == ("done", 0)
    assert step_status(plan, "model", {}, ok=False, cut=0) == ("partial", 0)  # it failed: nothing says it is whole
    plan.remeasure = True  # the records leave every item to do: what the budget did not start is left
    assert step_status(plan, "model", {}, ok=True, cut=2) == ("partial", 2)
    assert step_status(plan, "model", {}, ok=True, cut=0) == ("done", 0)


def test_a_remeasure_call_the_budget_cut_leaves_its_step_to_measure(tmp_path):
    """The end of a call (exit 3 and its "left to measure" line) counts the steps it leaves: by the records, and
    with --remeasure (the records leave every item to do) a step that ran this call only while it is "partial",
    so a step the budget cut is not called finished. The H200's forward records of the layer stand for what the
    model step measured."""
    steps_left, save_state = _evidence("cli").steps_left, _evidence("common").save_state
    plan, forwards = _h200_model_plan(tmp_path)
    plan.call = 2
    plan.out.mkdir()
    assert steps_left(plan, ["model"], {}, {}) == ["model"]  # no record of it
    with RecordDB(plan.db) as db:
        db.add(forwards)
    assert steps_left(plan, ["model"], {}, {}) == []
    plan.remeasure = True
    assert steps_left(plan, ["model"], {}, {}) == ["model"]  # it did not run this call: every item is to do
    for status, left in (("partial", ["model"]), ("done", [])):
        state = {"model": {"status": status, "last_call": 2}}
        save_state(plan, state)
        assert steps_left(plan, ["model"], {}, state) == left, status
    state = {"model": {"status": "partial", "last_call": 1}}  # an earlier call's: this one did not run it
    save_state(plan, state)
    assert steps_left(plan, ["model"], {}, state) == ["model"]


def test_a_winner_of_an_older_space_is_tuned_again_and_its_race_checked_afresh():
    """A winner carries the space_id of the pruned space it was tuned over (tune/space.py). The H200's winner of
    8x2304x8192 has none (tuned before the tensor-core candidates): tuned again. The same winner with today's id is
    not; one with another id is. Its resolved race-vs-exhaustive check stands while the newest winner is the winner
    it checked, and is planned afresh (8 rounds) once a newer tune's winner is another config, or the same config
    from a race over today's space (until a check made after that race)."""
    from dataclasses import replace

    from iree_vdmfma.problems.problem import Problem
    from iree_vdmfma.records.plan import Measured
    from iree_vdmfma.tune.space import space, space_id, space_id_of

    key, sku = "f16_8x2304x8192", "NVIDIA H200"
    # the records as they stood before the fourth loan (2026-11-29), which re-tuned this shape over today's space
    mine = [r for r in _records(ROOT / "reports" / "gpu-records.sqlite")
            if r.key == key and r.sku_name == sku and r.recorded_at < "2026-11-29"]
    won = max((r for r in mine if r.kind == WINNER), key=lambda r: r.recorded_at)
    rest = [r for r in mine if r.kind != WINNER]
    today = space_id_of(Problem(8, 2304, 8192), "sm_89")
    assert today == space_id(list(reversed(space(Problem(8, 2304, 8192), "sm_89")[0])))  # any order: one id
    for detail, again in (("{}", True), (json.dumps({"space_id": today}), False), ('{"space_id": "0123"}', True)):
        known = Measured([replace(won, detail=detail), *rest], sku, won.compiler_version)
        assert known.tuned_over(key, today) is not again, detail
    known = Measured([won, *rest], sku, won.compiler_version)
    assert known.exhaustive_rounds(key, 8, 32) is None  # resolved at 16 rounds, for this very winner
    newer = replace(won, knobs="split=0,mma=tc,wg_n=16,red=32", recorded_at="2026-12-01T00:00:00Z")
    assert Measured([won, newer, *rest], sku, won.compiler_version).exhaustive_rounds(key, 8, 32) == 8
    # a re-tune over today's space that kept the knobs: its race had contenders the check never raced, until a check
    # made after it
    again = replace(won, detail=json.dumps({"space_id": today}), recorded_at="2026-12-01T00:00:00+00:00")
    assert Measured([won, again, *rest], sku, won.compiler_version).exhaustive_rounds(key, 8, 32) == 8
    checked = [replace(r, recorded_at="2026-12-01T00:05:00Z") if r.kind == EXHAUSTIVE else r for r in rest]
    assert Measured([won, again, *checked], sku, won.compiler_version).exhaustive_rounds(key, 8, 32) is None
    # the stamps are times, not dates: a check at 00:05 on the re-tune's day, but at +01:00 (23:05 the day before)
    before = [replace(r, recorded_at="2026-12-01T00:05:00+0100") if r.kind == EXHAUSTIVE else r for r in rest]
    assert Measured([won, again, *before], sku, won.compiler_version).exhaustive_rounds(key, 8, 32) == 8


def test_the_plan_reads_the_committed_records_and_measures_nothing(tmp_path):
    """--plan for the H200 from the imported reports' records: the seed shapes come first, tuned before they are
    swept: the two never tuned, and the four whose winners were tuned over an older space than today's (no space_id
    recorded: the tensor-core and M = 1 candidates came later); race vs exhaustive is planned for a shape another
    call tuned (its candidates are records); each step's cost comes from the records where they hold one."""
    plan_args, device_args = _recipe()
    assert plan_args == ["--device", "cuda", "--plan", "--sku", "NVIDIA H200", "--target", "sm_89", "--heldout-m",
                         "1,8", "--budget-s", "480"]
    records = ["--records", str(_imported_only(tmp_path))]
    proc = subprocess.run([sys.executable, str(SCRIPT), *plan_args, *records], capture_output=True, text=True,
                          cwd=tmp_path, timeout=120)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    lines = proc.stdout.splitlines()
    step = {line.split(":")[0].strip(): line for line in lines if line.startswith("  ") and not line.startswith("    ")}
    assert [s for s in step if not s.startswith(("estimated", "("))] == [
        "calibrate", "tune-seed", "sweep-seed", "sweep-seed-loop", "sweep-seed-graph", "exhaustive", "tune-heldout",
        "sweep-heldout", "model"]
    assert "also sweeps the `tuned` rows" in lines[-1]  # the tunes' new winners: planned by the call, said
    assert "(records, 2)" in step["calibrate"]  # imported calibrations: a cost, never a rule (measured again)
    tune_seed = [t.strip() for t in lines[lines.index(step["tune-seed"]) + 1:lines.index(step["tune-seed"]) + 7]]
    older = " again (its winner (da8ccab) was tuned over an older space)"
    assert tune_seed == [f"- f16_8x13312x16384{older}", f"- f16_8x13312x8192{older}", f"- f16_8x2304x16384{older}",
                         f"- f16_8x2304x8192{older}", "- f16_8x6656x16384", "- f16_8x6656x8192"]
    assert "- f16_8x13312x16384 tuned" in proc.stdout and "(records, 13)" in step["tune-heldout"]
    assert "(records, 18)" in step["model"]  # the superseded forward: measured again, its cost known
    assert "16 item(s)" in step["sweep-seed-graph"] and "blocked" not in step["sweep-seed-graph"]  # a GPU takes it
    # 8x2304x8192's unresolved check (8 rounds), tuned by another call: its contenders come from the records' candidates
    assert "- f16_8x2304x8192 16 rounds (16 contenders)" in proc.stdout and "blocked" not in proc.stdout
    # what the call would do, as the call takes it: in order, each step within its limit, and a step whose items do
    # not all fit what is left (the held-out tunes) starts what fits while the steps after it get the rest
    assert "[all 6 start" in step["tune-seed"] and "[all 1 start" in step["exhaustive"]
    assert "x 16/8 rounds + 16 compiles" in step["exhaustive"]  # the recorded 8-round check, scaled, compiles added
    assert "[6 of 16 start" in step["tune-heldout"] and "left for a later call" in step["model"]
    starting = [float(re.search(r"about (\d+) s", line)[1]) for line in step.values() if "about" in line]
    estimated = float(re.search(r"estimated: (\d+) s of 480", proc.stdout)[1])
    assert abs(sum(starting) - estimated) <= len(starting) and estimated <= 480
    # the page's device call plans exactly what its --plan printed (its options: the same budget, lists, target)
    call = dict(zip(device_args[::2], device_args[1::2]))
    assert {"--out", "--bundle", "--commit"} <= set(call) and call["--bundle"].startswith("$OUT/")
    same = [a for k, v in call.items() if k not in ("--out", "--bundle", "--commit") for a in (k, v)]
    again = subprocess.run([sys.executable, str(SCRIPT), *same, "--plan", "--sku", "NVIDIA H200", *records],
                           capture_output=True, text=True, cwd=tmp_path, timeout=120)
    assert again.returncode == 0 and again.stdout == proc.stdout, again.stdout + again.stderr
    assert [p.name for p in tmp_path.iterdir()] == ["db"]  # nothing written here but the test's database


def test_a_race_contender_that_does_not_compile_is_left_out_and_twins_of_one_kernel_race_once(tmp_path):
    """Race vs exhaustive races the contenders that compiled; one that did not is left out, its first error line
    kept for the row's note (a real failing compile: an op the CPU backend refuses to parse). Two ids whose kernel is
    one kernel (one kernel_fingerprint: here the same compile under two ids, as two knob settings IREE lowers alike)
    race once, as the preferred id (IREE's default first), the twin named with the id it raced under."""
    sys.path.insert(0, str(ROOT / "benchmarks"))
    try:
        from evidence.race import fit_contenders, judge
    finally:
        sys.path.remove(str(ROOT / "benchmarks"))
    from iree_vdmfma.backends import backend_for
    from iree_vdmfma.compiler.driver import CompileJob, Compiler
    from iree_vdmfma.compiler.fingerprint import fingerprint
    from iree_vdmfma.problems.inputs import input_ir
    from iree_vdmfma.problems.problem import Problem

    flags = tuple(backend_for("host").compile_flags("host"))
    good = CompileJob("good", input_ir(Problem(m=8, n=64, k=64, dtype="f16")), flags)
    other = CompileJob("other", input_ir(Problem(m=8, n=128, k=64, dtype="f16")), flags)
    with Compiler(tmp_path / "cache", workers=1) as compiler:
        compiled = {"a": compiler.compile(good), "b": compiler.compile(CompileJob("bad", "func.func @f( {", flags)),
                    "twin": compiler.compile(good), "c": compiler.compile(other)}
    assert fingerprint(compiled["a"].dump_dir).digest, "the host compile's dump holds its ISA"
    vmfbs, dropped, twins = fit_contenders(compiled, prefer=("twin",))
    assert list(vmfbs) == ["twin", "c"] and vmfbs["twin"].is_file()
    assert set(dropped) == {"b", "a"} and "error" in dropped["b"] and "\n" not in dropped["b"]
    assert twins == {"a": "twin"} and dropped["a"].startswith("same kernel as twin")
    # as step_exhaustive asks: IREE's default ("a") first, then the race's winner ("twin", the default's kernel)
    vmfbs, dropped, twins = fit_contenders(compiled, prefer=("a", "twin"))
    assert list(vmfbs) == ["a", "c"] and twins == {"twin": "a"}
    raced = twins.get("twin", "twin")
    said = "the race's winner is the exhaustive best (as a, the same kernel)"
    assert judge("twin", raced, "a", None) == ("yes", [said])
    assert judge("a", "a", "a", None)[0] == "yes"  # the winner is the default and the best: no ratio
    assert judge("twin", raced, "c", None)[0] == "-"  # another kernel was best and the winner was not measured


def test_a_step_stopped_by_its_budget_leaves_its_stacks_in_the_log_not_on_the_console(tmp_path, capsys):
    """A spent budget is routine: the console says so in one line; the stopped command's stack dump (SIGUSR1) and
    what it prints while stopping go to the evidence log, where a stall can still be read."""
    sys.path.insert(0, str(ROOT / "benchmarks"))
    try:
        from evidence.common import run_cmd
    finally:
        sys.path.remove(str(ROOT / "benchmarks"))
    # the stand-in step takes Ctrl-C as Python does by default; run_cmd gives it a default Ctrl-C even from a parent
    # that ignores it (a shell's background job), as this test's process does while it runs the step
    child = ("import signal, sys, time\n"
             "signal.signal(signal.SIGUSR1, lambda *a: print('STACK-DUMP line', flush=True))\n"
             "print('working', flush=True)\n"
             "try:\n    time.sleep(60)\nexcept KeyboardInterrupt:\n    print('interrupted: rows kept', flush=True)\n")
    log, script = tmp_path / "evidence.log", tmp_path / "step.py"
    script.write_text(child)
    import signal

    before = signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        rc, stopped = run_cmd([sys.executable, str(script)], log, limit_s=1.5)
    finally:
        signal.signal(signal.SIGINT, before)
    said = capsys.readouterr().out
    assert stopped and "working" in said and "budget of 2 s spent" in said
    assert "STACK-DUMP" not in said and "interrupted: rows kept" not in said
    kept = log.read_text()
    assert "working" in kept and "STACK-DUMP line" in kept and "interrupted: rows kept" in kept
