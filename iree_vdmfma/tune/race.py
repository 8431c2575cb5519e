"""Racing: successive halving over the pruned space with paired, interleaved rounds (run/paired.py).

The default of every measured tune (``vdmfma tune`` with a device; ``--no-race`` measures each
candidate on its own instead). Which candidates enter is decided before, in tune/tuner.py: the
whole pruned space when it fits the shape's time budget (``--time-budget`` shared over the shapes
left, else ``RACE_BUDGET_S`` a shape), estimated from the compile and measuring times seen so
far and :func:`contender_rounds` of this race; when it does not fit, the top of the order up to
what fits, and the console, winners.csv's note and the report count the cut.
``--max-candidates`` stays a hard cap before that.

Every candidate that compiled, proved and passed numerics enters, with the module it was
numerics-checked with (kept in memory by the tuner; recompiled through the cache only on a
resumed tune). Each step measures every contender still in the race (and IREE's default, the
pairing base, always) for a number of paired rounds; contenders are ranked by their median
per-round latency ratio against the default over all rounds so far; the slower half is
dropped; the next step doubles the rounds. The race ends when the leader is separated from the
runner-up by the paired rule (the runner-up is a ``loss`` against the leader) and resolved
against the default (a ``win`` or a ``loss``), when at most ``max_rounds`` rounds have been
raced, when the time budget is spent, or after its first step when the rule's threshold is 100%
or more (a calibration on a device too noisy to tell kernels apart: no ratio can be a win).

The winner: the leader, unless it is in a true statistical tie (not separated by the paired
rule) with others at the end; then the simplest of the tied (fewest knobs changed). A winner
other than the default must beat the default by the paired rule, else the default stays.
The rule's threshold is the device's A/A calibration when there is one (run/calibration.py).

What is measured: per-dispatch latencies of each candidate's module through the timing function of the
default timing mode (``cmdbuf``: ``@gemm_cmdbuf``, run/timing.py), in rounds; what is reported:
medians of per-round ratios with order-statistics intervals.
Nothing is modelled; the fit decision before the race is an estimate (from times measured in
this run), and says so.
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass, field, fields
from pathlib import Path
from typing import Callable, Mapping, Optional, Sequence

import numpy as np

from ..problems.problem import Problem
from ..run import paired
from ..run.paired import Contender, PairedRule, Rounds
from ..problems.rows import Status
from ..compiler.entry import module_gone
from .measure import gone_fields, harness_floor

FIRST_ROUNDS = 6  # the fewest with a 95% interval of the median
MAX_ROUNDS = 48


@dataclass
class RaceResult:
    winner: str
    fastest: str  # the leader by median paired ratio at the end (the winner unless a tie went to a simpler one)
    runner_up: str  # '' when the race had one contender
    vs_default: paired.Paired  # winner against the default
    margin: paired.Paired  # runner-up against the leader (> 1: the runner-up is slower)
    rounds: int  # rounds the finalists were measured
    verdict: str  # 'win' (winner beat the default) / 'default' (no candidate did)
    note: str
    measuring_s: float
    rule: PairedRule
    standings: list[dict] = field(default_factory=list)  # per contender: rounds, ratio vs default, dropped

    def median_us(self, samples: Rounds, name: str) -> Optional[float]:
        s = samples.samples.get(name)
        return float(np.median(s)) if s else None


def contender_rounds(n: int, first_rounds: int = FIRST_ROUNDS, max_rounds: int = MAX_ROUNDS) -> int:
    """Contender-rounds :func:`race` measures at most for ``n`` contenders (the base among them): the race
    run to ``max_rounds``, halving as it does (the base measured on after it is dropped)."""
    if n <= 1:
        return first_rounds * max(n, 0)
    alive, step, done, total = n, first_rounds, 0, 0
    while True:
        total += (alive + (alive < n)) * step
        done += step
        if done >= max_rounds:
            return total
        if alive > 2:
            alive = max(2, math.ceil(alive / 2))
        step = min(2 * step, max_rounds - done)


def _ratio(rounds: Rounds, name: str, base: str) -> float:
    r = rounds.ratios(name, base)
    return float(np.median(r)) if len(r) else math.inf


def race(contenders: Mapping[str, Path], base: str, problem: Problem, device: str, *,
         rule: PairedRule = paired.DEFAULT_PAIRED_RULE, seed: int = 0, cache_mode: str = "cold",
         first_rounds: int = FIRST_ROUNDS, max_rounds: int = MAX_ROUNDS, budget_s: Optional[float] = None,
         simplicity: Callable[[str], int] = lambda name: 0, min_time_s: float = 0.05,
         on_step: Callable[[str], None] = lambda msg: None,
         measure: Optional[Callable[..., Rounds]] = None) -> tuple[RaceResult, Rounds]:
    """Race ``contenders`` (name -> vmfb; ``base`` among them) by successive halving. ``measure`` takes
    paired.measure_rounds' arguments (None: paired.measure_rounds, looked up when the race measures)."""
    if base not in contenders:
        raise ValueError(f"the base {base!r} must be a contender")
    started = time.monotonic()
    alive = list(contenders)
    rounds = Rounds(list(contenders))
    standings = {name: {"candidate": name, "dropped_after": None} for name in contenders}
    step, done = first_rounds, 0
    while True:
        measured = sorted(set(alive) | {base}, key=list(contenders).index)
        more = (measure or paired.measure_rounds)([Contender(n, contenders[n]) for n in measured], problem, device,
                                                  step, seed=seed, start=done, cache_mode=cache_mode,
                                                  min_time_s=min_time_s)
        rounds.extend(more)  # samples, orders, how each round was measured, and the timing mode
        done += step
        alive.sort(key=lambda n: (_ratio(rounds, n, base), simplicity(n)))
        leader = alive[0]
        separated = len(alive) == 1 or paired.compare(rounds.ratios(alive[1], leader), rule).verdict == paired.LOSS
        # ... and the leader resolved against the base too: a leader ahead of the runner-up but not yet beyond
        # noise of the default would otherwise end the race with the default kept (seen on the CPU: 6 rounds)
        decided = leader == base or paired.compare(rounds.ratios(leader, base), rule).verdict in (paired.WIN,
                                                                                                  paired.LOSS)
        over = budget_s is not None and time.monotonic() - started >= budget_s
        on_step(f"{done} rounds, {len(alive)} in the race; leader {leader} "
                + ("(IREE's default itself)" if leader == base else
                   f"(median per-round latency ratio {_ratio(rounds, leader, base):.3g}x IREE's default's)"))
        hopeless = rule.threshold >= 1  # a win needs a ratio below 1 - threshold: none can, however many rounds
        if (separated and decided) or over or done >= max_rounds or hopeless:
            break
        if len(alive) > 2:  # drop the slower half; the finalists race on with more rounds
            keep = max(2, math.ceil(len(alive) / 2))
            for name in alive[keep:]:
                standings[name]["dropped_after"] = done
            alive = alive[:keep]
        step = min(2 * step, max_rounds - done)
    for name, s in standings.items():
        s.update(rounds=len(rounds.samples.get(name, [])), ratio_vs_default=_ratio(rounds, name, base))
    leader = alive[0]
    runner_up = alive[1] if len(alive) > 1 else ""
    margin = paired.compare(rounds.ratios(runner_up, leader), rule) if runner_up else paired.compare([], rule)
    tied = [n for n in alive if n == leader or paired.compare(rounds.ratios(n, leader), rule).verdict != paired.LOSS]
    beats = [n for n in tied if n != base and paired.compare(rounds.ratios(n, base), rule).verdict == paired.WIN]
    cut = over and not (separated and decided) and done < max_rounds  # stopped by the budget, undecided
    why = f"threshold {rule.threshold:.0%}: no ratio can be a win, raced {done} rounds" if hopeless else \
        f"budget spent after {done} rounds" if cut else "budget spent" if over else \
        "leader separated from the runner-up" if len(tied) == 1 else f"{len(tied)} tied after {done} rounds"
    if base in tied or not beats:
        winner, verdict = base, "default"
        note = f"no candidate beat the default by the paired rule ({why})"
    elif cut and leader in beats:
        # too few rounds to call a tie: "not separated" is no evidence of equal speed, so the simplest of the
        # unseparated is not kept (on the H200 it was 13.7% slower than the leader by exhaustive rounds)
        winner, verdict = leader, paired.WIN
        note = f"{why}; the leader kept (a tie is claimed only after the race ran its rounds)"
    else:
        winner, verdict = min(beats, key=lambda n: (simplicity(n), _ratio(rounds, n, base))), paired.WIN
        note = why + ("" if winner == leader else f"; the simplest of the tied kept, not the leader {leader}")
    result = RaceResult(winner, leader, runner_up, paired.compare(rounds.ratios(winner, base), rule), margin,
                        len(rounds.samples[leader]), verdict, note, rounds.measuring_s, rule,
                        sorted(standings.values(), key=lambda s: s["ratio_vs_default"]))
    return result, rounds


def exhaustive(contenders: Mapping[str, Path], base: str, problem: Problem, device: str, rounds: int, *,
               seed: int = 0, cache_mode: str = "cold", min_time_s: float = 0.05) -> tuple[str, Rounds]:
    """Every contender for ``rounds`` paired rounds: the fastest by median ratio against ``base``."""
    measured = paired.measure_rounds([Contender(n, p) for n, p in contenders.items()], problem, device, rounds,
                                     seed=seed, cache_mode=cache_mode, min_time_s=min_time_s)
    return min(contenders, key=lambda n: _ratio(measured, n, base)), measured


# ------------------------------------------------------------------ the tuner's side


def race_shape(tuner, module_of: Callable[[object], Path], p: Problem, rows: Sequence) -> "object":
    """The tuner's finish for one shape in race mode: race every measured candidate, write race.csv rows,
    return the WinnerRow; None when a contender's module was removed from the compile cache under the race (its
    row then says so: machine-error, measure.gone_fields). ``tuner`` is a tune/tuner.py Tuner (its rows, jobs and
    options); ``module_of(row)`` gives a candidate row's compiled module (the one its numerics were checked with)."""
    from ..problems.rows import write_csv_table  # noqa: PLC0415
    from ..run.calibration import load_rule  # noqa: PLC0415
    from . import state  # noqa: PLC0415

    o = tuner.o
    default = next((r for r in rows if "default" in r.reference.split(",")), None)
    fit = [r for r in rows if r.status in (Status.MEASURED.value, Status.CHECKED.value)]
    base = dict(**p.identity(), target=o.target, candidates=sum(r.compile_s is not None for r in rows))
    if default is None or default not in fit:
        return state.WinnerRow(**base, device=o.device, winner="", verdict="none",
                               note="IREE's default did not compile, run or pass numerics: nothing to race against")
    vmfbs = {r.candidate: module_of(r) for r in [default] + [r for r in fit if r is not default]}
    by_id = {r.candidate: r for r in fit}
    rule = load_rule(o.device)
    if rule.note:
        tuner.say(f"{p.key}: {rule.note}")
    budget = tuner.race_budget_left(p)
    try:
        res, rounds = race(vmfbs, default.candidate, p, o.device, rule=rule, seed=o.seed, budget_s=budget,
                           simplicity=lambda c: tuner.simplicity(by_id[c]),
                           on_step=lambda m: tuner.say(f"{p.key}: {m}"))
    except RuntimeError:  # a round could not load a module: its cache entry removed under the race, say so
        gone = {n: g for n, v in vmfbs.items() if (g := module_gone(v)) is not None}
        if not gone:
            raise
        tuner.save_rows(*(by_id[n].replace(**gone_fields(g)) for n, g in gone.items()))
        return None  # no winner from a field the machine cut: the tuner leaves the shape to a rerun
    tuner.costs.saw_race(rounds)
    path = tuner.out / "race.csv"
    old = [r for r in read_race(path, tuner.say) if r.key != p.key]
    table = old + [RaceRow(**{"key": p.key, **s, "place": i + 1}) for i, s in enumerate(res.standings)]
    write_csv_table(table, path, RACE_COLUMNS, checksum=True)
    med = {n: float(np.median(s)) for n, s in rounds.samples.items()}
    timed = []  # every contender's timing is its race samples (cold, paired): checked -> measured
    for name, s in rounds.samples.items():
        if s and name in by_id:
            a = np.asarray(s, float)
            by_id[name] = by_id[name].replace(
                status=Status.MEASURED.value, cold_us_median=med[name], cold_us_min=float(a.min()), cold_us_max=float(a.max()),
                cold_us_std=float(a.std()), cold_us_mad=float(np.median(np.abs(a - med[name]))), cold_reps=len(s))
            timed.append(by_id[name])
    tuner.save_rows(*timed)
    w = by_id[res.winner]
    return state.WinnerRow(
        **base, **tuner.provenance(w), device=o.device, winner=w.candidate, split=w.split, mma=w.mma,
        workgroups=w.workgroups, latency_us_median=med[w.candidate], default_us_median=med[default.candidate],
        speedup_vs_default=res.vs_default.speedup if w is not default else 1.0, verdict=res.verdict,
        basis=f"measured (paired race, cold, {o.device})", note=res.note, runner_up=res.runner_up,
        margin=res.margin.margin() if res.runner_up else "", rounds=res.rounds, fastest=res.fastest,
        threshold=rule.threshold, threshold_source=rule.source, timing_mode=rounds.timing_mode,
        floor_us=harness_floor(o.target, rounds.timing_mode, tuner.measure_options(), o.cache_dir))  # on the device


@dataclass(frozen=True)
class RaceRow:
    """A line of race.csv: a contender's place in its shape's race (rounds raced, median ratio against the
    default, the round it was dropped after; None for a finalist)."""

    key: str
    place: int
    candidate: str
    rounds: int
    ratio_vs_default: Optional[float]
    dropped_after: Optional[int] = None


RACE_COLUMNS = [f.name for f in fields(RaceRow)]


def read_race(path: Path, say: Callable[[str], None] = lambda s: None) -> list[RaceRow]:
    """race.csv's rows that verify (the row store's checksums, problems/rows.py); damaged ones (cut off, edited)
    are left out and said in one line naming the file, so a rewrite never carries them on. A file from before
    checksums is read and said to be unverified."""
    from ..problems.rows import read_checked  # noqa: PLC0415

    try:
        table = read_checked(path, RaceRow, required=("key", "candidate"), what="a race.csv written by vdmfma tune")
    except ValueError as e:
        say(f"{e}: not trusted, rewritten with this race's standings only")
        return []
    if table.damaged:
        say(f"{path}: {len(table.damaged)} damaged row(s) (first: {table.damaged[0]}): not trusted, left out")
    if table.unverified:
        say(f"{path}: {table.unverified} row(s) without a checksum (written before vdmfma checksummed it): "
            "not verified")
    return table.rows
