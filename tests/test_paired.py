"""Paired, interleaved timing and the A/A calibration of its verdict rule, for real on local-task.

The kernels are tiny (8x128x512 f16, hot) so a whole calibration takes seconds on a CPU; CPU timings
check the method, they say nothing about a GPU.
"""

from __future__ import annotations

import dataclasses
import csv
import math
from pathlib import Path

import pytest

from conftest import ROOT, rounds_stream
from iree_vdmfma.cli import app
from iree_vdmfma.problems.problem import Problem
from iree_vdmfma.run import calibration, paired
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
        assert r.timing_mode == "cmdbuf"  # races time as a model's command buffer runs, unless told otherwise


def test_the_one_process_worker_sets_its_runtime_flags_before_its_device_and_graph_is_refused_on_the_cpu(tmp_path):
    """The race's one-process worker parses the spec's runtime flags (graph mode: the driver's graph flag) before it
    makes its device: a flag the runtime does not know ends it with the runtime's error, the graph flag runs (a
    CUDA flag is inert on local-task). Asked for graph on local-task, measure_rounds refuses before any process."""
    import json
    import subprocess
    import sys

    from iree_vdmfma.devices.targets import graph_flag
    from iree_vdmfma.run import timing

    vmfb = compile_for_run(TINY, "host", tmp_path)
    plan = timing.plan(TINY, "hot")
    spec = {"vmfbs": {"A": str(vmfb)}, "device": "local-task", "copies": plan.copies, "calls": plan.calls,
            "problem": [TINY.m, TINY.n, TINY.k, TINY.batch, TINY.dtype], "function": plan.function,
            "orders": [["A"]], "seed": 0, "min_time_s": 0.001}
    said = {}
    for flag in (graph_flag("cuda"), "--cuda_use_streamz=false"):
        path = tmp_path / "spec.json"
        path.write_text(json.dumps({**spec, "runtime_flags": [flag]}))
        said[flag] = subprocess.run([sys.executable, "-m", "iree_vdmfma.run.paired", str(path)], capture_output=True,
                                    text=True, timeout=120)
    good, bad = said.values()
    assert good.returncode == 0 and len(json.loads(good.stdout.splitlines()[-1])["A"]) == 1, good.stderr[-2000:]
    assert bad.returncode != 0 and "cuda_use_streamz" in bad.stderr and "not recognized" in bad.stderr
    with pytest.raises(ValueError, match="cuda or hip device only"):
        paired.measure_rounds([paired.Contender("A", vmfb), paired.Contender("B", vmfb)], TINY, "local-task", 2,
                              cache_mode="hot", timing_mode="graph")


CALIBRATE_PAGE = ROOT / "docs" / "commands" / "calibrate.md"


def test_calibrate_on_local_task_checks_its_threshold_on_at_least_20_fresh_aa_pairs(tmp_path, monkeypatch):
    """The manual's command (docs/commands/calibrate.md, read from the page; tests/test_docs.py leaves it to this
    test) as written, with its defaults: 24 pairs to fit, 24 fresh ones to check, hot, a copy kept. It runs with a
    compile cache of its own, so the copy it keeps reaches no other test's tune or report."""
    import docs_blocks

    [command] = [c.text for c in docs_blocks.block_after(CALIBRATE_PAGE, "# vdmfma calibrate")]
    assert command.startswith("vdmfma calibrate --device local-task ")
    env = {**docs_blocks.environment(tmp_path), "VDMFMA_CACHE_DIR": str(tmp_path / "cache")}
    done = docs_blocks.run(command, tmp_path, env, timeout=600)
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    [out] = [tmp_path / o for o in docs_blocks.outputs(command)]
    line = [l for l in done.stdout.splitlines() if l.startswith("calibration local-task")]
    assert len(line) == 1 and "held-out false-win rate" in line[0] and "in-sample" in line[0], line
    assert "drift" in line[0] and "detectable" in line[0] and "per core when taken" in line[0]
    # where the copy went and what it decides from now on
    assert f"kept a copy at {tmp_path / 'cache' / 'calibration'}" in done.stdout
    assert "it sets the verdict floor of every later tune, report, compare and model measured on local-task" \
        in " ".join(done.stdout.split())
    rows = list(csv.DictReader((out / "calibration.csv").open()))
    assert {r["kind"] for r in rows} == {"same-module", "two-compiles"}
    for r in rows:
        assert r["device"] == "local-task" and int(r["pairs"]) == 24 and r["same_kernel"] == "True"
        assert int(r["heldout_pairs"]) == 24 and 1 <= int(r["heldout_batches"]) <= 3  # the default: >= 20
        assert r["cache_mode"] == "hot" and r["timing_mode"] == "cmdbuf" and float(r["floor_us"]) > 0
        assert float(r["load"]) >= 0  # the host's load per core when it began, MEASURED
        assert float(r["threshold"]) >= float(r["threshold_in_sample"]) >= 0.01
        assert float(r["min_detectable_effect"]) >= float(r["threshold"]) and math.isfinite(float(r["drift"]))
        # how noisy this machine is right now decides whether the threshold had to grow, never what is written:
        # a threshold is 'verified' exactly when every held-out rate at it is <= 5%, else the line says NOT
        held = max(float(x["false_win_rate_heldout"]) for x in rows)
        assert r["heldout_verified"] == str(held <= 0.05)
        assert ("NOT verified" in line[0]) == (held > 0.05) and ("grown from" in line[0]) == (r["heldout_batches"] != "1")
    monkeypatch.setenv("VDMFMA_CALIBRATION", str(out))
    rule = load_rule("local-task")
    assert rule.threshold == max(float(r["threshold"]) for r in rows) and str(out) in rule.source
    assert f"held-out false-win rate {held:.1%} over 24 fresh A/A pairs" in rule.source
    assert load_rule("local-task", device_name="another CPU").source == "default"
    # the copy it kept under its cache directory: tune and reports there take it without being told
    monkeypatch.delenv("VDMFMA_CALIBRATION")
    monkeypatch.setenv("VDMFMA_CACHE_DIR", str(tmp_path / "cache"))
    kept = load_rule("local-task")
    assert kept.threshold == rule.threshold and str(tmp_path / "cache" / "calibration") in kept.source
    monkeypatch.setenv("VDMFMA_CALIBRATION", str(out))
    # a report of rows measured on this device takes the calibrated floor, and says so
    from iree_vdmfma.devices.probe import device_info
    from iree_vdmfma.problems.rows import row_for
    from iree_vdmfma.report.report import build_report

    name = device_info("local-task").name
    # whatever threshold t this machine's noise gave (a loaded CI host has measured t = 340%): a slowdown of t/2
    # is within noise; a cut of (1 + t)/2 of the latency is beyond t, a win, where t < 100% allows one at all
    t = rule.threshold
    runs = [row_for(TINY, "host", v, "ok", cache_mode="cold", device="local-task", device_name=name, reps=10,
                    latency_us_median=us, latency_us_mad=0.0, numerics="pass")
            for v, us in (("default", 100.0), ("splitk", 100.0 * (1 + t / 2)),
                          ("vdmfma", 100.0 * (1 - t) / 2 if t < 1 else 1.0))]
    res = build_report(runs, baseline="default", out_dir=tmp_path / "report", plots=False)
    assert f"the floor of calibration {out}" in res.rule.named()
    verdicts = res.summary.set_index("variant")
    assert (verdicts.loc[["splitk", "vdmfma"], "noise_threshold"] >= t - 1e-6).all()  # (6 places)
    assert verdicts.loc["splitk", "verdict"] == "within-noise"
    # at t >= 100% not even a 100x cut leaves the noise, and the rule the report names says why
    assert verdicts.loc["vdmfma", "verdict"] == ("win" if t < 1 else "within-noise")
    assert ("no candidate can win a race" in res.rule.named()) == (t >= 1)


# ------------------------------------------------------------------ the held-out false-win rate, on streams
# conftest.rounds_stream stands in for paired.measure_rounds: round i (numbered from the calibration's first)
# gives A 100 us and A-again / B 100 us x ratio(i, name) x (1 +- 0.2% uniform noise seeded by the round).

# calibration.csv's columns before held-out checks (the header vdmfma calibrate wrote until then)
OLD_COLUMNS = ("device,device_name,kind,problem,cache_mode,pairs,rounds_per_verdict,confidence,threshold,fitted_threshold,"
               "false_win_rate,drift,min_detectable_effect,median_ratio,same_kernel,mode,measured_at")


def drifting(i: int, name: str) -> float:  # B drifts 0.4% a round slower (A-again does not)
    return 1.0 + (0.004 * i if name == "B" else 0.0)


def step_after_fit(i: int, name: str) -> float:  # B 6% slower from round 24 on: after the 24 fit rounds
    return 1.06 if name == "B" and i >= 24 else 1.0


def _fit(ratio, **kw):
    measure, calls = rounds_stream(ratio)
    contenders = [paired.Contender(x, Path("unused.vmfb")) for x in ("A", "A-again", "B")]
    fit = calibration.fit_and_check(lambda start, n: measure(contenders, TINY, "stream", n, start=start),
                                    calibration.COMPARISONS, 24, **kw)
    return fit, calls


def test_a_drift_the_in_sample_rate_hides_is_caught_on_fresh_rounds_and_never_verified():
    fit, calls = _fit(drifting)
    assert calls == [(0, 24), (24, 24), (48, 24), (72, 24)]  # the fit, then 3 fresh batches: none reused
    fit_b = fit.rounds.ratios("B", "A")[:24]
    # what calibrate reported before held-out checks: the rate on the halves of the rounds it was fitted on
    in_sample = calibration.analyse(fit_b, fit.rounds.samples["A"], fit.in_sample)["false_win_rate"]
    assert in_sample <= 0.05
    # every fresh ratio (rounds 24-47: at least 1.096 x 0.998) is beyond 1 + the in-sample threshold, so every
    # 6-round subset of them is a false loss: all its rounds above 1, its median beyond the threshold
    assert 1.0 + fit.in_sample < min(fit.rounds.ratios("B", "A")[24:48])
    assert fit.checks[0].threshold == fit.in_sample and fit.checks[0].rates["two-compiles"] == 1.0
    assert fit.checks[0].rates["same-module"] <= 0.05  # the comparison without drift passes
    # the threshold grows each time, the drift outruns it: still false on the next fresh batch, never verified
    assert [c.threshold for c in fit.checks] == sorted({c.threshold for c in fit.checks})
    assert all(c.rate > 0.05 for c in fit.checks) and not fit.verified


def test_a_bias_after_the_fit_grows_the_threshold_and_a_fresh_batch_verifies_it():
    fit, calls = _fit(step_after_fit)
    assert calls == [(0, 24), (24, 24), (48, 24)]
    # fit rounds: +-0.2% noise only, so the fit is the 1% floor, and in-sample there is no false verdict
    assert fit.in_sample == 0.01
    assert calibration.analyse(fit.rounds.ratios("B", "A")[:24], [1.0], 0.01)["false_win_rate"] == 0.0
    assert fit.checks[0].rate == 1.0  # every fresh 6-round median is 6 +- 0.2% slower: all false losses
    # grown by x1.25 steps from 1% until batch 1 passes: the ratios are 1.06 x (1 +- 0.2%), so 5.96% (k = 8)
    # still leaves about half the medians beyond it, 1% x 1.25^9 = 7.45% none; the next fresh batch (the same
    # 6% bias) has no false verdict at that threshold
    assert fit.checks[1].threshold == pytest.approx(0.01 * 1.25 ** 9) and fit.checks[1].rate == 0.0
    assert fit.verified and fit.threshold == fit.checks[1].threshold


def test_calibrate_writes_the_held_out_rate_and_the_rule_says_when_it_is_not_verified(tmp_path, monkeypatch):
    measure, calls = rounds_stream(drifting)
    out = tmp_path / "cal"
    rows = calibration.calibrate("local-task", out, pairs=24, heldout_pairs=20, cache_mode="hot", keep=False,
                                 measure=measure)
    assert calls == [(0, 24), (24, 20), (44, 20), (64, 20)]  # the two real compiles, measured by the stand-in
    written = {r["kind"]: r for r in csv.DictReader((out / "calibration.csv").open())}
    b = written["two-compiles"]
    assert float(b["false_win_rate"]) <= 0.05 < float(b["false_win_rate_heldout"])  # in-sample hid it
    assert b["heldout_pairs"] == "20" and b["heldout_batches"] == "3" and b["heldout_verified"] == "False"
    assert float(b["first_heldout_rate"]) == 1.0 and float(b["threshold"]) > float(b["threshold_in_sample"])
    assert written["same-module"]["threshold"] == b["threshold"]  # one threshold for the device
    line = calibration.summary_line(rows, out / "calibration.csv")
    assert "NOT verified" in line and f"{float(b['false_win_rate_heldout']):.1%} over 20 fresh A/A pairs" in line
    monkeypatch.setenv("VDMFMA_CALIBRATION", str(out))
    rule = load_rule("local-task")
    assert rule.threshold == float(b["threshold"]) and "held-out" in rule.source and "NOT verified" in rule.source
    # a calibration.csv from before held-out checks (no such columns, no checksums) is not used, and said so
    old = tmp_path / "old" / "calibration.csv"
    old.parent.mkdir()
    with old.open("w", newline="") as f:
        w = csv.DictWriter(f, OLD_COLUMNS.split(","), extrasaction="ignore")
        w.writeheader()
        w.writerows(written.values())
    assert "false_win_rate_heldout" not in old.read_text()
    rule = load_rule("local-task", path=old)
    assert rule.source == "default" and f"calibration {old} not used" in rule.note and "checksum" in rule.note


def test_calibrate_times_its_harness_floor_as_a_row_is_timed_with_floor_reps_repetitions(tmp_path, monkeypatch):
    """run/floor.py: a calibration measures its harness floor with FLOOR_REPS repetitions and the warm-up and
    minimum time every timed row has (run/timing.py's DEFAULT_WARMUP_S, DEFAULT_MIN_TIME_S), on the one-element
    FLOOR_PROBLEM, hot, in its timing mode; the floor_us it writes is that timing's median."""
    import inspect

    from iree_vdmfma.run import floor, timing

    monkeypatch.setattr(floor, "_measured", {})  # measured by this calibration, not remembered from another test
    real, timed = timing.time_module, []

    def spy(*args, **kwargs):
        run = real(*args, **kwargs)
        timed.append((inspect.signature(real).bind(*args, **kwargs).arguments, run.latency.median_us))
        return run

    monkeypatch.setattr(timing, "time_module", spy)
    measure, _ = rounds_stream(lambda i, name: 1.0)  # the rounds stand in; the floor is timed for real
    rows = calibration.calibrate("local-task", tmp_path / "cal", pairs=24, heldout_pairs=20, cache_mode="hot",
                                 keep=False, measure=measure)
    [(settings, median)] = timed
    assert settings["problem"] == floor.FLOOR_PROBLEM and settings["reps"] == floor.FLOOR_REPS
    assert (settings["warmup_s"], settings["min_time_s"]) == (timing.DEFAULT_WARMUP_S, timing.DEFAULT_MIN_TIME_S)
    assert settings["the_plan"].cache_mode == "hot" and settings["the_plan"].timing_mode == "cmdbuf"
    assert [r.floor_us for r in rows] == [median] * len(rows) and median > 0


def test_a_calibrated_threshold_of_100_percent_or_more_is_used_and_said_never_swapped_for_the_default(tmp_path):
    """A busy machine can calibrate to a threshold above 100% (CI once measured 270% on local-task). That is
    what the device measured: the rule keeps it, so no noise is called a win, and says why nothing can win."""
    row = calibration.CalibrationRow("local-task", "a busy CPU", "same-module", "f16_8x128x512", "hot", 24, 6, 0.95,
                                     2.7, 1.7, 0.0, 0.001, 2.7, 1.0, False, "one-process", "2026-01-01T00:00:00Z")
    path = tmp_path / "calibration.csv"
    calibration.write_calibration([row], path)
    rule = load_rule("local-task", path=path, device_name="a busy CPU")
    assert rule.threshold == 2.7 and str(path) in rule.source
    assert "no candidate can win a race" in rule.source and "calibrate again when it is idle" in rule.note
    assert paired.compare([0.3] * 12, rule).verdict == paired.WITHIN_NOISE  # 3.3x faster every round: not a win
    assert paired.compare([0.3] * 12).verdict == paired.WIN  # the default would have called it one
    assert "no candidate can win a race" in calibration.summary_line([row], path)
    # a race at that threshold stops after its first step, IREE's default kept, and says why
    from iree_vdmfma.tune.race import FIRST_ROUNDS, race

    measure, calls = rounds_stream(lambda i, name: 0.3 if name == "B" else 1.0)
    res, _ = race({"A": Path("a.vmfb"), "B": Path("b.vmfb")}, "A", TINY, "stream", rule=rule, measure=measure)
    assert calls == [(0, FIRST_ROUNDS)] and res.winner == "A" and res.verdict == "default"
    assert "threshold 270%: no ratio can be a win" in res.note


def test_a_calibration_whose_load_was_not_recorded_says_load_unknown_never_nan(tmp_path):
    """A calibration.csv written where the OS has no load average (or before the load was recorded) keeps NaN:
    the summary line and the name every verdict gives it say 'load unknown', never 'load nan'."""
    row = calibration.CalibrationRow("local-task", "a CPU", "same-module", "f16_8x128x512", "hot", 24, 6, 0.95,
                                     0.04, 0.04, 0.0, 0.001, 1.0, 1.0, False, "one-process", "2026-01-01T00:00:00Z")
    path = tmp_path / "calibration.csv"
    for said in (calibration.summary_line([row], path), calibration.describe(path, [row])):
        assert "load unknown when taken" in said and "load nan" not in said
    busy = dataclasses.replace(row, load=0.75)
    assert "load 0.75 per core when taken" in calibration.summary_line([row, busy], path)
