"""The race (tune/race.py) against an exhaustive paired measurement, for real on local-task.

Shapes from sweeps/tiny-cpu.csv; every candidate is a real compile, checked for numerics, and timed in
paired rounds with a fixed seed. CPU timings check the method, not a GPU's speed.
"""

from __future__ import annotations

import csv

import pytest

from conftest import ROOT, rounds_stream, write_calibration_of
from iree_vdmfma.compiler.driver import Compiler
from iree_vdmfma.compiler.retry import compile_retrying
from iree_vdmfma.problems.shapes import load_shape_list
from iree_vdmfma.run import paired
from iree_vdmfma.run.floor import FLOOR_PROBLEM
from iree_vdmfma.tune import state
from iree_vdmfma.tune.race import exhaustive, race
from iree_vdmfma.tune.options import TuneOptions

from iree_vdmfma.tune.tuner import Tuner, _candidate
from iree_vdmfma.problems.rows import Status

EXHAUSTIVE_ROUNDS = 24  # every contender, four times the race's first step
CLEAR = 0.90  # a latency ratio the race must resolve: beyond the 2-core CPU's minimal detectable effect (~8%)


def _not_slower(measured, a: str, b: str) -> bool:
    """True when the exhaustive paired rounds do not find ``a`` slower than ``b`` beyond noise."""
    return paired.compare(measured.ratios(a, b)).verdict != paired.LOSS


def _raced_tune(problems, out, cache_dir, seed: int):
    tuner = Tuner(problems, TuneOptions(target="host", device="local-task", out_dir=out, cache_dir=cache_dir,
                                        workers=2, race=True, seed=seed))
    return tuner, {w.key: w for w in tuner.run()}


def test_the_race_picks_the_winner_an_exhaustive_paired_measurement_with_many_more_rounds_picks(tmp_path, cache_dir):
    problems = [p for p in load_shape_list(ROOT / "sweeps" / "tiny-cpu.csv") if p.name == "tiny-f16"]
    out = tmp_path / "tune"
    tuner, winners = _raced_tune(problems, out, cache_dir, seed=7)
    assert len(winners) == 1
    raced = list(csv.DictReader((out / "race.csv").open()))
    compiler = Compiler(cache_dir, 2)
    for p in problems:
        w = winners[p.key]
        assert w.basis.startswith("measured (paired race") and w.rounds >= 6 and w.fastest and w.runner_up
        assert w.threshold_source and w.margin.endswith(f"x{w.rounds}")
        rows = [r for r in tuner.rows.values() if r.key == p.key and r.status == Status.MEASURED.value]
        assert len(rows) >= 2 and {r["candidate"] for r in raced if r["key"] == p.key} == {r.candidate for r in rows}
        vmfbs = {r.candidate: compile_retrying(compiler, tuner.job(_candidate(r, p)))[0].vmfb for r in rows}
        default = next(r.candidate for r in rows if "default" in r.reference)
        best, measured = exhaustive(vmfbs, default, p, "local-task", EXHAUSTIVE_ROUNDS, seed=7)
        # The race's leader is the exhaustive fastest, or within noise of it by the exhaustive's own rounds:
        # on this CPU the split candidates can differ by ~1%, where which of two medians is lower is chance.
        if not (w.fastest == best or _not_slower(measured, w.fastest, best)):
            # Both are statistical procedures on a shared 2-core CPU: once (CI, a suite beside it) the tuner's
            # race led with split=512 where the exhaustive rounds, samples 162/144/55 us, found split=0 ahead.
            # The tuner again, into a fresh OUT with another seed, and the exhaustive rounds again: a tuner whose
            # pick disagrees twice fails below.
            w = _raced_tune(problems, tmp_path / "tune-again", cache_dir, seed=9)[1][p.key]
            best, measured = exhaustive(vmfbs, default, p, "local-task", EXHAUSTIVE_ROUNDS, seed=10)
        assert w.fastest == best or _not_slower(measured, w.fastest, best), (p.key, w, best)
        assert w.winner == w.fastest or (w.verdict == "default" and w.winner == default) \
            or _not_slower(measured, w.winner, best), (p.key, w, best)

        # the same race with a slower candidate as the base: the fastest must now beat it and win
        slowest = max(vmfbs, key=lambda c: next(float(r["ratio_vs_default"]) for r in raced
                                                if r["key"] == p.key and r["candidate"] == c))
        if slowest == best:
            continue
        for seed in (7, 9):  # a second race and exhaustive run only where the first race missed a clear gap
            res, rounds = race(vmfbs, slowest, p, "local-task", seed=seed)
            again, measured = exhaustive(vmfbs, slowest, p, "local-task", EXHAUSTIVE_ROUNDS, seed=seed + 1)
            assert rounds.count == res.rounds
            gap = paired.compare(measured.ratios(again, slowest))
            if not (gap.verdict == paired.WIN and gap.hi <= CLEAR) or res.verdict == paired.WIN:
                break
            # The race is a statistical procedure: on the 2-core machine under load (a suite run beside other
            # test jobs, seen once) its 48 rounds left a gap unresolved that the exhaustive rounds, measured after
            # it, found >= 10%. Both are measured again; a race that misses a clear gap twice fails below.
        if gap.verdict == paired.WIN and gap.hi <= CLEAR:
            # the exhaustive measurement separates its fastest from the base by a clear margin: so must the race
            # (a smaller effect, which 24 rounds resolve and the race's 6-18 may not, is the else branch)
            assert res.verdict == paired.WIN and res.winner == res.fastest and res.vs_default.hi < 1, res
            assert res.fastest == again or _not_slower(measured, res.fastest, again), res
        else:  # the base within noise of the fastest: base or leader ships (true by construction; the rules are
            # pinned on streams with known truths in the tests below)
            assert res.winner in (slowest, res.fastest), res
    compiler.close()


# ------------------------------------------------------------------ the race's rules, on streams
# conftest.rounds_stream stands in for the measurement: each contender's true latency ratio to the default,
# +-0.2% noise a round. What the race must do with them is worked out by hand in each test.

def _race(truth: dict, simplicity: dict, said: list | None = None):
    from pathlib import Path

    from iree_vdmfma.problems.problem import Problem

    measure, calls = rounds_stream(lambda i, name: truth[name], base="default")
    res, rounds = race({n: Path(f"{n}.vmfb") for n in ["default", *truth]}, "default", Problem(8, 128, 512),
                       "stream", simplicity=lambda n: simplicity.get(n, 0), measure=measure,
                       on_step=(said if said is not None else []).append)
    return res, rounds, calls, {s["candidate"]: s for s in res.standings}


def test_a_race_halves_the_field_and_between_two_tied_winners_ships_the_simplest():
    # a and b: 20% faster than the default and 0.4% apart, within the 1% rule: never separated; slow, slower lose
    said: list[str] = []
    res, rounds, calls, standing = _race({"a": 0.80, "b": 0.804, "slow": 1.2, "slower": 1.3}, {"a": 3, "b": 1}, said)
    # the progress names what the leader's figure is, never a bare '(0.8 of the default)'
    assert said[0].startswith("6 rounds, 5 in the race; leader a (median per-round latency ratio 0.8")
    assert said[0].endswith("x IREE's default's)")
    # 6 rounds of all five: not separated, the slower half goes (ceil(5 / 2) = 3 stay: a, b, the default);
    # 12 more: still not, the default drops out of the race (measured on as the base); then 24, then the
    # last 6 up to 48 rounds
    assert calls == [(0, 6), (6, 12), (18, 24), (42, 6)]
    assert standing["slow"]["dropped_after"] == standing["slower"]["dropped_after"] == 6
    assert standing["default"]["dropped_after"] == 18 and standing["a"]["dropped_after"] is None
    assert res.rounds == 48 and res.fastest == "a" and res.runner_up == "b"
    assert res.margin.verdict == paired.WITHIN_NOISE  # b against a: 0.5% slower, inside the rule's 1%
    # both beat the default by the rule; tied with each other, so the simpler one ships, and the note says so
    assert res.winner == "b" and res.verdict == paired.WIN and res.vs_default.hi < 1
    assert "the simplest of the tied kept, not the leader a" in res.note


def test_a_race_where_nothing_beats_the_default_beyond_the_rule_keeps_the_default():
    res, rounds, calls, standing = _race({"same": 1.003, "slower": 1.1}, {})
    # the default leads (same is 0.3% slower), is decided against itself, but same is never separated from it
    assert calls == [(0, 6), (6, 12), (18, 24), (42, 6)] and res.rounds == 48
    assert standing["slower"]["dropped_after"] == 6 and res.fastest == "default" and res.runner_up == "same"
    assert res.winner == "default" and res.verdict == "default"
    assert res.note == "no candidate beat the default by the paired rule (2 tied after 48 rounds)"


def test_a_race_stops_once_the_leader_is_separated_and_decided():
    res, rounds, calls, _ = _race({"fast": 0.8, "mid": 0.9, "slow": 1.2}, {})
    assert calls == [(0, 6)] and res.rounds == 6  # the first step: fast beats mid (1.125) and the default
    assert res.winner == res.fastest == "fast" and res.runner_up == "mid" and res.verdict == paired.WIN
    assert res.margin.verdict == paired.LOSS and res.note == "leader separated from the runner-up"


# ------------------------------------------------------------------ the race as the tuner's default

SHAPE = "name,m,n,k,batch,dtype\ntiny-small,8,128,512,1,f16\n"  # three CPU candidates: split 0 (default), 256, 128


def _tune_cli(tmp_path, cache_dir, out: str, *extra: str):
    from typer.testing import CliRunner

    from iree_vdmfma.cli.app import app

    shapes = tmp_path / "shapes.csv"
    shapes.write_text(SHAPE)
    res = CliRunner().invoke(app, ["tune", str(shapes), "--device", "local-task", "--target", "host", "--out",
                                   str(tmp_path / out), "-j", "2", "--cache-dir", str(cache_dir), *extra])
    assert res.exit_code == 0, res.output
    (w,) = state.read_table(tmp_path / out / "winners.csv", state.WinnerRow)
    return w, res.output


def _raced(out) -> list[dict]:
    return list(csv.DictReader((out / "race.csv").open()))


def test_a_measured_tune_races_the_whole_pruned_space_by_default_and_no_race_times_each_candidate_alone(
        tmp_path, cache_dir, monkeypatch):
    from iree_vdmfma.run import runner
    from iree_vdmfma.tune.race import contender_rounds

    timed_alone = []  # the per-candidate timing path (iree-benchmark-module); a raced tune never takes it
    real_time_module = runner.timing.time_module

    def spy(*a, **k):
        if a[1] != FLOOR_PROBLEM:  # the harness floor's one-element module is no candidate
            timed_alone.append(a)
        return real_time_module(*a, **k)

    monkeypatch.setattr(runner.timing, "time_module", spy)
    w, output = _tune_cli(tmp_path, cache_dir, "raced")
    assert timed_alone == []
    rows = state.read_table(tmp_path / "raced" / "candidates.csv", state.CandidateRow)
    rounds = {r["candidate"]: int(r["rounds"]) for r in _raced(tmp_path / "raced")}
    assert {r.candidate: (r.status, r.cold_reps) for r in rows} == \
        {c: ("measured", n) for c, n in rounds.items()}  # each candidate's timing is its race samples
    assert "racing them in paired rounds" in output and "racing up to 3 (all of them)" in output
    assert w.basis.startswith("measured (paired race") and w.rounds >= 6 and w.runner_up and w.margin
    assert w.space == w.evaluated == 3 and w.cut_max_candidates == 0 and "cut" not in w.note
    raced = _raced(tmp_path / "raced")
    assert {r["candidate"] for r in raced} == {"split=0", "split=256", "split=128"}  # the whole pruned space
    assert sum(int(r["rounds"]) for r in raced) <= contender_rounds(3)  # the estimate's bound holds
    assert w.numerics == "pass" and w.measured_at and w.device_name  # the winner's numerics and provenance
    assert w.timing_mode == "cmdbuf"  # the race times as a model's command buffer runs (the default)
    assert w.floor_us > 0  # the harness floor in that mode, measured beside it, and the report says it
    label = f"cmdbuf timing mode, harness floor {w.floor_us:.3g} µs"
    assert label in (tmp_path / "raced" / "report" / "report.md").read_text()
    from iree_vdmfma.records.ingest import tune_records

    (won,) = [r for r in tune_records(tmp_path / "raced").records if r.kind == "winner"]
    assert (won.timing_mode, won.floor_us) == ("cmdbuf", w.floor_us)  # and its record keeps both

    plain, output = _tune_cli(tmp_path, cache_dir, "plain", "--no-race", "--reps", "3", "--no-hot")
    assert timed_alone  # --no-race: each candidate timed on its own
    assert "racing" not in output and not (tmp_path / "plain" / "race.csv").exists()
    assert plain.basis == "measured (cold, local-task)" and plain.runner_up == "" and plain.margin == ""
    assert plain.rounds is None and plain.evaluated == 3 and plain.timing_mode == "cmdbuf"
    assert plain.floor_us > 0


def test_max_candidates_is_a_hard_cap_on_the_race(tmp_path, cache_dir):
    w, output = _tune_cli(tmp_path, cache_dir, "capped", "--max-candidates", "2")
    assert "1 cut by --max-candidates 2" in output
    assert [r["candidate"] for r in _raced(tmp_path / "capped")].count("split=0") == 1
    assert len(_raced(tmp_path / "capped")) == 2 and w.evaluated == 2 and w.cut_max_candidates == 1
    assert w.rounds >= 6 and w.runner_up in {"split=0", "split=256"}  # the default and the top of the order


def test_a_space_the_race_budget_does_not_fit_races_the_top_of_the_order_and_counts_the_cut(
        tmp_path, cache_dir, monkeypatch):
    from iree_vdmfma.problems.problem import Problem
    from iree_vdmfma.tune import costs
    from iree_vdmfma.tune.tune_report import race_budget_cut, write_tune_report

    # No --time-budget: the default budget a shape, made tiny here; the first batch (the default and the top
    # of the order, one per worker) is always raced, nothing after it fits.
    monkeypatch.setattr(costs, "RACE_BUDGET_S", 0.01)  # where race_budget looks it up
    said: list[str] = []
    options = TuneOptions(target="host", device="local-task", out_dir=tmp_path / "out", cache_dir=cache_dir,
                          workers=2, seed=3, race=None)  # None: race when measuring, as the CLI does
    tuner = Tuner([Problem(8, 128, 512)], options, on_event=said.append)
    (w,) = tuner.run()
    # the race measured the very modules the numerics were checked with, kept from their compiles
    assert sorted(key[-1] for key in tuner._modules) == ["split=0", "split=256"]
    assert w.evaluated == 2 and w.space == 3 and w.cut_max_candidates == 0 and race_budget_cut(w) == 1
    assert "raced the top 2 of 3 candidates: 1 cut" in w.note and "race budget" in w.note
    assert any("1 cut, since the race budget" in line for line in said)
    rows = state.read_table(tmp_path / "out" / "candidates.csv", state.CandidateRow)
    (cut,) = [r for r in rows if r.candidate == "split=128"]  # the cut one has its row, never compiled
    assert cut.status == Status.PENDING.value and cut.compile_s is None and cut.reason.startswith("cut by the race budget")
    assert sorted(r.candidate for r in rows if r is not cut) == ["split=0", "split=256"]
    assert {r["candidate"] for r in _raced(tmp_path / "out")} == {"split=0", "split=256"}
    report = write_tune_report(tmp_path / "out", "host", "local-task").read_text()
    covered = report.splitlines()[report.splitlines().index("## What the search covered"):]
    header = next(line for line in covered if "cut_by_race_budget" in line)
    cuts = next(line for line in covered if line.startswith("| f16_8x128x512"))
    assert cuts.split("|")[header.split("|").index(" cut_by_race_budget ")].strip() == "1"
    # a rerun with the same budget finds the shape finished: nothing reopened, nothing measured again
    Tuner([Problem(8, 128, 512)], options).run()
    assert state.read_table(tmp_path / "out" / "candidates.csv", state.CandidateRow) == rows


@pytest.mark.parametrize("command", ["tune", "model"])
def test_tune_and_model_help_say_a_measured_tune_races_by_default_and_the_manual_the_budget_the_tuner_uses(command):
    """--help says it in one line; the manual (which --help names) gives the budget the tuner uses."""
    from typer.testing import CliRunner

    from iree_vdmfma.cli.app import app
    from iree_vdmfma.tune.costs import RACE_BUDGET_S

    text = " ".join(CliRunner().invoke(app, [command, "--help"], env={"COLUMNS": "400"}).output.split())
    assert "--race / --no-race Tuner: race the candidates against IREE's default (default: with a device)" in text
    manual = " ".join((ROOT / "docs" / "tuning.md").read_text().split())
    assert "the default of `vdmfma tune` with a device, `--no-race` to time each candidate on its own" in manual
    assert f"without one, {RACE_BUDGET_S:g} s a shape" in manual and "`--max-candidates` stays a hard cap" in manual


def test_the_race_budget_fits_more_candidates_when_their_compiles_were_cache_hits():
    from iree_vdmfma.tune.costs import Costs

    cold, warm = Costs(workers=2), Costs(workers=2)
    for c in (cold, warm):
        c.saw_check(0.5)
    for _ in range(4):
        cold.saw_compile(10.0, cached=False)
        warm.saw_compile(10.0, cached=True)  # a hit reports the original compile time; it costs nothing now
    # 100 candidates, 4 done and all measured, 60 s left: fresh compiles (5 s a candidate on 2 workers) fit
    # fewer than hits, whose cost is the numerics check and the race alone
    assert 4 <= cold.fits(100, 4, 4, 60.0) < warm.fits(100, 4, 4, 60.0)
    assert cold.per_candidate_s() == (5.0, 0.5) and warm.per_candidate_s() == (0.0, 0.5)


# ------------------------------------------------------------------ ties: only a race that ran its rounds claims one

SAMPLES = {"default": [100.0] * 6, "simple": [60.0] * 5 + [50.0], "leader": [55.0] * 6}  # simple/leader: 1.09 x5, 0.91


def _scripted_rounds(calls):
    """A stand-in for run/paired.measure_rounds that replays SAMPLES (the race's decision rule, not timing, is
    under test here: the timing path has the real-module tests above)."""
    def measure_rounds(contenders, problem, device, rounds, *, seed=0, start=0, **_):
        calls.append((start, rounds))
        names = [c.name for c in contenders]
        return paired.Rounds(names, {n: SAMPLES[n][start:start + rounds] for n in names},
                             [names] * rounds, ["scripted"] * rounds, 0.0)
    return measure_rounds


@pytest.mark.parametrize("budget_s, max_rounds, want", [(0.0, 48, "leader"), (None, 6, "simple")])
def test_a_race_cut_by_its_budget_keeps_the_leader_and_only_a_full_race_calls_a_tie(monkeypatch, budget_s,
                                                                                    max_rounds, want):
    from iree_vdmfma.problems.problem import Problem
    from iree_vdmfma.tune import race as race_module

    calls: list = []
    monkeypatch.setattr(race_module.paired, "measure_rounds", _scripted_rounds(calls))
    vmfbs = {n: f"/nonexistent/{n}.vmfb" for n in SAMPLES}
    res, rounds = race(vmfbs, "default", Problem(8, 128, 512), "local-task", budget_s=budget_s,
                       max_rounds=max_rounds, simplicity=lambda n: {"default": 0, "simple": 1, "leader": 2}[n])
    assert calls == [(0, 6)] and rounds.count == 6
    assert res.fastest == "leader" and res.verdict == paired.WIN
    assert res.winner == want, res.note
    assert ("the leader kept" in res.note) == (want == "leader")


@pytest.mark.parametrize("how", [(), ("--no-race", "--reps", "3", "--no-hot")], ids=["race", "no-race"])
def test_a_tune_takes_its_verdicts_threshold_from_the_devices_calibration_and_records_its_held_out_rate(
        tmp_path, cache_dir, monkeypatch, how):
    from iree_vdmfma.devices.probe import device_info

    # A calibration of this CPU as `vdmfma calibrate` writes it, with a 90% threshold: no split of this tiny
    # GEMM is 10x faster than the default, so nothing can win by the rule.
    cal = write_calibration_of(tmp_path / "cal", "local-task", device_info("local-task").name, 0.9)
    monkeypatch.setenv("VDMFMA_CALIBRATION", str(cal.parent))
    w, _ = _tune_cli(tmp_path, cache_dir, "calibrated", "--max-candidates", "2", *how)
    assert w.threshold == 0.9 and str(cal.parent) in w.threshold_source
    assert "held-out false-win rate 2.5% over 24 fresh A/A pairs" in w.threshold_source  # the worse comparison
    assert w.winner == "split=0" and w.verdict != "win", w  # IREE's default stays


def test_a_raced_tune_cut_before_its_race_resumes_without_a_race_by_timing_its_checked_candidates(
        tmp_path, cache_dir, monkeypatch):
    """'checked' rows (numerics passed, the race to time them) are finished only for a race: a --no-race resume
    measures them and ships a winner (found in review: it ended with 'no candidate measured', for ever)."""
    from iree_vdmfma.problems.shapes import load_shape_list
    from iree_vdmfma.tune import race as race_module

    shapes = tmp_path / "s.csv"
    shapes.write_text(SHAPE)
    problems = load_shape_list(shapes)
    out = tmp_path / "tune"

    def cut(*args, **kwargs):
        raise KeyboardInterrupt  # Ctrl-C after every candidate was checked, before the race timed them

    monkeypatch.setattr(race_module, "race_shape", cut)
    options = dict(target="host", device="local-task", out_dir=out, cache_dir=cache_dir, workers=2, reps=3)
    with pytest.raises(KeyboardInterrupt):
        Tuner(problems, TuneOptions(**options, race=True)).run()
    rows = state.read_table(out / "candidates.csv", state.CandidateRow)
    assert {r.status for r in rows} == {Status.CHECKED.value}
    monkeypatch.undo()
    (w,) = Tuner(problems, TuneOptions(**options, race=False)).run()
    assert w.winner and w.basis.startswith("measured") and w.verdict in ("win", "default")
    assert {r.status for r in state.read_table(out / "candidates.csv", state.CandidateRow)} == {Status.MEASURED.value}
