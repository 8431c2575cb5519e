"""Paired, interleaved timing and the A/A calibration of its verdict rule, for real on local-task.

The kernels are tiny (8x128x512 f16, hot) so a whole calibration takes seconds on a CPU; CPU timings
check the method, they say nothing about a GPU.
"""

from __future__ import annotations

import csv
import math
from pathlib import Path

import pytest
from typer.testing import CliRunner

from iree_vdmfma.cli import app
from iree_vdmfma.problems.problem import Problem
from iree_vdmfma.run import paired
from iree_vdmfma.run.calibration import load_rule
from iree_vdmfma.run.runner import compile_for_run

TINY = Problem(8, 128, 512)


def test_the_median_interval_takes_binomial_ranks_and_95_percent_needs_six_rounds():
    lo, hi, cover = paired.median_interval([5, 1, 4, 2, 6, 3])
    assert (lo, hi) == (1, 6) and cover == pytest.approx(1 - 2 / 64)
    lo, hi, cover = paired.median_interval(range(1, 21))  # P(B(20,1/2) <= 5) = 0.0207 <= 0.025 < P(<= 6)
    assert (lo, hi) == (6, 15) and cover == pytest.approx(1 - 2 * sum(math.comb(20, j) for j in range(6)) / 2 ** 20)
    assert paired.compare([0.8] * 5).verdict == paired.UNDETERMINED  # [min, max] of 5 covers only 93.75%
    assert paired.compare([0.8, 0.85, 0.82, 0.9, 0.81, 0.84]).verdict == paired.WIN
    assert paired.compare([0.8, 0.85, 1.02, 0.9, 0.81, 0.84]).verdict == paired.WITHIN_NOISE  # one round says no
    assert paired.compare([1.2] * 6, paired.PairedRule(threshold=0.25)).verdict == paired.WITHIN_NOISE
    assert paired.compare([1.3] * 6, paired.PairedRule(threshold=0.25)).verdict == paired.LOSS


def test_rounds_interleave_every_contender_once_in_a_seeded_shuffled_order_both_ways(tmp_path):
    vmfb = compile_for_run(TINY, "host", tmp_path)
    contenders = [paired.Contender(x, vmfb) for x in ("A", "B", "C")]
    assert paired.round_orders("ABC", 4, seed=1) == paired.round_orders("ABC", 4, seed=1)
    assert paired.round_orders("ABC", 2, seed=1, start=2) == paired.round_orders("ABC", 4, seed=1)[2:]
    for mode, rounds in ((paired.ONE_PROCESS, 6), (paired.PER_CONTENDER, 2)):
        r = paired.measure_rounds(contenders, TINY, "local-task", rounds, seed=3, cache_mode="hot", mode=mode)
        assert r.modes == [mode] * rounds and r.count == rounds
        assert all(sorted(o) == ["A", "B", "C"] for o in r.orders) and len({tuple(o) for o in r.orders}) > 1
        assert all(len(s) == rounds and min(s) > 0 for s in r.samples.values())
        assert len(r.ratios("B", "A")) == rounds and r.measuring_s > 0


def test_calibrate_on_local_task_has_a_false_win_rate_of_at_most_5_percent_over_24_aa_pairs(tmp_path, monkeypatch):
    out = tmp_path / "cal"
    result = CliRunner().invoke(app, ["calibrate", "--device", "local-task", "--out", str(out), "--pairs", "24",
                                      "--cache-mode", "hot", "--no-keep"])
    assert result.exit_code == 0, result.output
    line = [l for l in result.output.splitlines() if l.startswith("calibration local-task")]
    assert len(line) == 1 and "false-win rate" in line[0] and "drift" in line[0] and "detectable" in line[0]
    rows = list(csv.DictReader((out / "calibration.csv").open()))
    assert {r["kind"] for r in rows} == {"same-module", "two-compiles"}
    for r in rows:
        assert r["device"] == "local-task" and int(r["pairs"]) >= 20 and r["same_kernel"] == "True"
        assert float(r["false_win_rate"]) <= 0.05, r
        assert float(r["threshold"]) >= 0.01 and float(r["min_detectable_effect"]) >= float(r["threshold"])
        assert math.isfinite(float(r["drift"]))
    monkeypatch.setenv("VDMFMA_CALIBRATION", str(out))
    rule = load_rule("local-task")
    assert rule.threshold == max(float(r["threshold"]) for r in rows) and str(out) in rule.source
    assert load_rule("local-task", device_name="another CPU").source == "default"
    # a report of rows measured on this device takes the calibrated floor, and says so
    from iree_vdmfma.devices.probe import device_info
    from iree_vdmfma.problems.rows import row_for
    from iree_vdmfma.report.report import build_report

    name = device_info("local-task").name
    runs = [row_for(TINY, "host", v, "ok", cache_mode="cold", device="local-task", device_name=name, reps=10,
                    latency_us_median=us, latency_us_mad=0.0, numerics="pass") for v, us in (("default", 100.0),
                                                                                             ("splitk", 95.0))]
    res = build_report(runs, baseline="default", out_dir=tmp_path / "report", plots=False)
    assert any("A/A-calibrated threshold" in n and str(out) in n for n in res.notes)
    row = res.summary[res.summary["variant"] == "splitk"].iloc[0]
    assert row["noise_threshold"] >= rule.threshold  # 5% faster with no spread: a win only past the floor
    assert row["verdict"] == ("win" if rule.threshold < 0.05 else "within-noise")
