"""The race (tune/race.py) against an exhaustive paired measurement, for real on local-task.

Shapes from sweeps/tiny-cpu.csv; every candidate is a real compile, checked for numerics, and timed in
paired rounds with a fixed seed. CPU timings check the method, not a GPU's speed.
"""

from __future__ import annotations

import csv

from conftest import ROOT
from iree_vdmfma.compiler.driver import Compiler
from iree_vdmfma.problems.shapes import load_shape_list
from iree_vdmfma.run import paired
from iree_vdmfma.tune import state
from iree_vdmfma.tune.race import exhaustive, race
from iree_vdmfma.tune.tuner import TuneOptions, Tuner, _candidate

EXHAUSTIVE_ROUNDS = 24  # every contender, four times the race's first step


def _not_slower(measured, a: str, b: str) -> bool:
    """True when the exhaustive paired rounds do not find ``a`` slower than ``b`` beyond noise."""
    return paired.compare(measured.ratios(a, b)).verdict != paired.LOSS


def test_the_race_picks_the_winner_an_exhaustive_paired_measurement_with_many_more_rounds_picks(tmp_path, cache_dir):
    problems = [p for p in load_shape_list(ROOT / "sweeps" / "tiny-cpu.csv") if p.name == "tiny-f16"]
    out = tmp_path / "tune"
    tuner = Tuner(problems, TuneOptions(target="host", device="local-task", out_dir=out, cache_dir=cache_dir,
                                        workers=2, race=True, seed=7))
    winners = {w.key: w for w in tuner.run()}
    assert len(winners) == 1
    raced = list(csv.DictReader((out / "race.csv").open()))
    compiler = Compiler(cache_dir, 2)
    for p in problems:
        w = winners[p.key]
        assert w.basis.startswith("measured (paired race") and w.rounds >= 6 and w.fastest and w.runner_up
        assert w.threshold_source and w.margin.endswith(f"x{w.rounds}")
        rows = [r for r in tuner.rows.values() if r.key == p.key and r.status == state.MEASURED]
        assert len(rows) >= 2 and {r["candidate"] for r in raced if r["key"] == p.key} == {r.candidate for r in rows}
        vmfbs = {r.candidate: compiler.compile(tuner.job(_candidate(r, p))).vmfb for r in rows}
        default = next(r.candidate for r in rows if "default" in r.reference)
        best, measured = exhaustive(vmfbs, default, p, "local-task", EXHAUSTIVE_ROUNDS, seed=7)
        # The race's leader is the exhaustive fastest, or within noise of it by the exhaustive's own rounds:
        # on this CPU the split candidates can differ by ~1%, where which of two medians is lower is chance.
        assert w.fastest == best or _not_slower(measured, w.fastest, best), (p.key, w, best)
        assert w.winner == w.fastest or (w.verdict == "default" and w.winner == default) \
            or _not_slower(measured, w.winner, best), (p.key, w, best)

        # the same race with a slower candidate as the base: the fastest must now beat it and win
        slowest = max(vmfbs, key=lambda c: next(float(r["ratio_vs_default"]) for r in raced
                                                if r["key"] == p.key and r["candidate"] == c))
        if slowest == best:
            continue
        res, rounds = race(vmfbs, slowest, p, "local-task", seed=7)
        again, measured = exhaustive(vmfbs, slowest, p, "local-task", EXHAUSTIVE_ROUNDS, seed=8)
        assert rounds.count == res.rounds
        if paired.compare(measured.ratios(again, slowest)).verdict == paired.WIN:
            # the exhaustive measurement separates its fastest from the base: so must the race
            assert res.verdict == paired.WIN and res.winner == res.fastest and res.vs_default.hi < 1, res
            assert res.fastest == again or _not_slower(measured, res.fastest, again), res
        else:  # the base is within noise of the fastest: the race ships the base or its leader, nothing slower
            assert res.winner in (slowest, res.fastest), res
    compiler.close()
