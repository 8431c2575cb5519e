"""benchmarks/gpu_evidence.py runs end to end on the CPU (--small), so it is known to work before a GPU is lent.

One real run on local-task: calibrate, raced tunes of two two-row lists, sweeps with default/tuned/splitk/torch,
race vs exhaustive, the tiny layer's forward, summary.md and the bundle a lent machine sends back; then a
second call from that bundle alone, into an empty folder, finds everything finished (the resume a fresh
machine needs).
"""

from __future__ import annotations

import csv
import json
import subprocess
import sys
import tarfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SCRIPT = ROOT / "benchmarks" / "gpu_evidence.py"
STEPS = ("calibrate", "tune-seed", "sweep-seed", "sweep-seed-loop", "tune-heldout", "sweep-heldout", "exhaustive",
         "model")


def _rows(path: Path) -> list[dict]:
    with path.open() as f:
        return list(csv.DictReader(line for line in f if not line.startswith("#")))


def test_the_small_evidence_run_finishes_every_step_and_its_bundle_resumes(tmp_path):
    out, bundle = tmp_path / "ev", tmp_path / "back" / "evidence.tgz"
    cmd = [sys.executable, str(SCRIPT), "--device", "local-task", "--small", "--budget-s", "900",
           "--out", str(out), "--bundle", str(bundle)]
    proc = subprocess.run(cmd, capture_output=True, text=True, cwd=tmp_path, timeout=1500)
    assert proc.returncode == 0, proc.stdout[-3000:] + proc.stderr[-2000:]
    state = json.loads((out / "steps.json").read_text())
    assert {s: state[s]["status"] for s in STEPS} == {s: "done" for s in STEPS}

    # every list got a winner per shape; the sweeps timed default and tuned with numerics passing
    for tune, lst in (("tune-seed", "seed-small.csv"), ("tune-heldout", "heldout.csv")):
        assert {r["key"] for r in _rows(out / tune / "winners.csv") if r["verdict"]} == \
            {f"{r['dtype']}_{r['m']}x{r['n']}x{r['k']}" for r in _rows(out / lst)}
    for sweep in ("sweep-seed", "sweep-heldout"):
        timed = [r for r in _rows(out / sweep / "results.csv") if r["cache_mode"] == "cold"]
        assert {r["variant"] for r in timed if r["status"] == "ok"} >= {"default", "tuned", "torch"}
        assert all(r["numerics"] == "pass" for r in timed if r["variant"] != "torch" and r["status"] == "ok")
    # the seed list in both timing modes, every timed row with its floor: the gap to torch per mode in summary.md
    for sweep, mode in (("sweep-seed", "cmdbuf"), ("sweep-seed-loop", "loop")):
        timed = [r for r in _rows(out / sweep / "results.csv") if r["cache_mode"] and r["status"] == "ok"]
        assert {r["variant"] for r in timed} >= {"default", "tuned", "torch"}
        assert {r["timing_mode"] for r in timed} == {mode} and all(float(r["floor_us"]) > 0 for r in timed)
    exhaustive = _rows(out / "exhaustive.csv")
    assert len(exhaustive) == 2
    for r in exhaustive:  # the paired median of winner / best, inside its own interval, and a verdict from it
        assert float(r["lo"]) <= float(r["race_winner_vs_best"]) <= float(r["hi"])
        assert r["within_3pct"] == ("yes" if float(r["hi"]) <= 1.03 else "no" if float(r["lo"]) > 1.03 else "unresolved")
    # every verdict after the calibration step took this device's A/A threshold, not the default floor
    for tune in ("tune-seed", "tune-heldout"):
        assert all(str(out / "calibrate" / "calibration.csv") in r["threshold_source"]
                   for r in _rows(out / tune / "winners.csv")), tune
    model = _rows(out / "model" / "model.csv")
    assert {(r["m_tokens"], r["variant"]) for r in model if r["status"] == "ok" and r["numerics"] == "pass"} >= \
        {("1", "default"), ("1", "tuned"), ("4", "default"), ("4", "tuned")}

    summary = (out / "summary.md").read_text()
    assert "Gap to the vendor library (tuned / torch, geomean): cmdbuf **" in summary and "; loop **" in summary
    for heading in ("## Calibration (A/A)", "## Seed shapes", "## Timing modes and the harness floor", "## Held-out decode shapes", "## Race vs exhaustive",
                    "## The forward", "## Environment"):
        assert heading in summary
    assert "false-win rate" in summary and "(not run)" not in summary

    with tarfile.open(bundle) as tar:
        names = tar.getnames()
    assert "summary.md" in names and "tune-seed/candidates.csv" in names and "model/model.csv" in names
    assert not [n for n in names if n.endswith((".vmfb", ".irpa", ".npy")) or "/artifacts/" in n]

    fresh = tmp_path / "fresh"
    again = subprocess.run([sys.executable, str(SCRIPT), "--device", "local-task", "--small", "--budget-s", "60",
                            "--out", str(fresh), "--restore", str(bundle)], capture_output=True, text=True,
                           cwd=tmp_path, timeout=300)
    assert again.returncode == 0, again.stdout[-2000:]
    assert "restored" in again.stdout and "== calibrate" not in again.stdout  # nothing redone

    state = json.loads((fresh / "steps.json").read_text())  # one folder, one device: another one is refused
    (fresh / "steps.json").write_text(json.dumps({**state, "_device": "NVIDIA H200"}))
    other = subprocess.run([sys.executable, str(SCRIPT), "--device", "local-task", "--small", "--out", str(fresh)],
                           capture_output=True, text=True, cwd=tmp_path, timeout=120)
    assert other.returncode == 2 and other.stderr.startswith("error: ") and "NVIDIA H200" in other.stderr
