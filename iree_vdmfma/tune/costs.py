"""What a tune's remaining work will cost, from what this run has seen: the compile, numerics-check and
race times (one owner; the tuner asks it for its estimate lines and for how much of a shape's space the
race budget fits).

Every figure here is an ESTIMATE from times measured earlier in the same run: a fresh candidate costs the wall
time its batches of compiles took (the workers' parallelism, proving the ISA and saving rows included) over the
fresh compiles in them; until a batch with a fresh compile is seen, the median fresh compile time (this run's, else
the rows' of an earlier run, so a resume whose first compiles were cache hits is costed from real compiles) over the
workers. A cache hit costs no compile; the caller says how many of the candidates left are in the cache. Until a
kind of work has been seen, a stated prior stands in (PRIOR_CHECK_S, PRIOR_CONTENDER_ROUND_S). A race is costed
at its worst case: every round it could run (tune/race.py ``contender_rounds``).

The race budget (a measured tune that races): a shape's compiles, numerics checks and race may take its share of
the ``--time-budget`` left (shared over it and the unfinished shapes after it), else ``RACE_BUDGET_S`` a shape, a
stated default. :func:`evaluate_what_fits` evaluates the top of the shape's order in growing batches and, after
each, asks :meth:`Costs.fits` how many the budget left still fits: a cut is that ESTIMATE, said and counted.
``tuner`` there is a tune/tuner.py Tuner (its options, rows, stages and budget clock).
"""

from __future__ import annotations

import math
import statistics
import time
from typing import Sequence

from . import state
from ..problems.rows import Status

RACE_BUDGET_S = 600.0  # per shape, when a measured tune gives no --time-budget: what the race may cover
PRIOR_CHECK_S = 0.5  # one numerics-checked timing of a candidate, until one is seen (a resumed tune has none)
PRIOR_CONTENDER_ROUND_S = 0.1  # one contender's turn in one paired round (min_time_s 0.05 + overhead), until seen


def duration(secs: float) -> str:
    return f"{secs:.0f} s" if secs < 120 else f"{secs / 60:.0f} min" if secs < 7200 else f"{secs / 3600:.1f} h"


class Costs:
    """The times seen this run; ``workers`` is the compile parallelism (set once the compiler exists)."""

    def __init__(self, workers: int = 1, measuring: bool = True):
        self.workers, self.measuring = workers, measuring
        self.compile_s: list[float] = []  # what each compile of this run cost (0: a cache hit)
        self.check_s: list[float] = []  # seconds per numerics-checked measurement
        self.round_s: list[float] = []  # seconds per contender-round of the races
        self.batches: list[tuple[float, int]] = []  # (wall seconds, fresh compiles) of batches with a fresh one
        self._fresh = 0  # fresh compiles since the last batch ended

    def saw_compile(self, secs: float, cached: bool) -> None:
        self.compile_s.append(0.0 if cached else secs)
        self._fresh += not cached

    def saw_batch(self, wall_s: float) -> None:
        """A batch of compiles (and their proofs) ended after ``wall_s`` seconds."""
        if self._fresh:
            self.batches.append((wall_s, self._fresh))
        self._fresh = 0

    def saw_check(self, secs: float) -> None:
        self.check_s.append(secs)

    def saw_race(self, rounds) -> None:
        """A race finished: its measuring seconds per contender-round feed the next shape's estimate."""
        measured = sum(len(s) for s in rounds.samples.values())
        if measured:
            self.round_s.append(rounds.measuring_s / measured)

    def per_candidate_s(self, earlier: Sequence[float] = ()) -> tuple[float, float]:
        """(wall seconds a fresh candidate's compile and proof take on the workers, seconds per numerics check);
        ``earlier``: compile times of rows from before this run, used until this run has compiled one afresh."""
        check = statistics.median(self.check_s) if self.check_s else PRIOR_CHECK_S
        if self.batches:
            wall, fresh = (sum(x) for x in zip(*self.batches))
            return wall / fresh, check
        seen = [s for s in self.compile_s if s] or [s for s in earlier if s]
        return (statistics.median(seen) / self.workers) if seen else 0.0, check

    def round_cost_s(self) -> float:
        return statistics.median(self.round_s) if self.round_s else PRIOR_CONTENDER_ROUND_S

    def race_s(self, contenders: float) -> float:
        """Estimated seconds to race ``contenders`` (at most: the race run to its last round)."""
        from .race import contender_rounds  # noqa: PLC0415

        return contender_rounds(math.ceil(contenders)) * self.round_cost_s()

    def estimate(self, n: int, earlier: Sequence[float], race_of: int = 0, cached: int = 0) -> str:
        """Time for ``n`` more candidates, ``cached`` of them in the compile cache (and a race of ``race_of``
        contenders, at most all its rounds)."""
        seen = [s for s in earlier if s]
        if not seen:
            return "time unknown until the first compiles finish"
        compile_s, check_s = self.per_candidate_s(seen)
        secs = max(0, n - cached) * compile_s
        basis = (f"{sum(f for _, f in self.batches)} fresh compile(s) of this run" if self.batches else
                 f"{len(seen)} compile time(s) seen") + (f"; {cached} of them cached" if cached else "")
        if self.measuring and self.check_s:
            secs += n * check_s
            basis += f", {len(self.check_s)} measurement(s)"
        elif self.measuring:
            basis += "; measuring not counted yet"
        if race_of:
            secs += self.race_s(race_of)
            basis += ("; the race at most " + (f"{len(self.round_s)} race(s) seen" if self.round_s
                                               else f"{PRIOR_CONTENDER_ROUND_S:g} s a contender-round assumed"))
        return f"about {duration(secs)} (from {basis})"

    def fits(self, total: int, done: int, passed: int, left_s: float, earlier: Sequence[float] = ()) -> int:
        """How many of ``total`` candidates (at least the ``done`` evaluated, ``passed`` of them measured) the
        ``left_s`` seconds fit: the rest's compiles and checks, and the race of those that pass at the rate
        seen so far."""
        compile_s, check_s = self.per_candidate_s(earlier)
        rate = passed / done if done else 1.0

        def cost(n: int) -> float:
            more = n - done
            return more * (compile_s + rate * check_s) + self.race_s(passed + rate * more)

        lo, hi = done, total
        while lo < hi:  # the largest n with cost(n) <= left_s (cost grows with n)
            mid = (lo + hi + 1) // 2
            lo, hi = (mid, hi) if cost(mid) <= left_s else (lo, mid - 1)
        return lo

    def basis(self, earlier: Sequence[float] = ()) -> str:
        compile_s, check_s = self.per_candidate_s(earlier)
        return (f"estimated from {compile_s:.2g} s of compile and {check_s:.2g} s of numerics check a candidate and "
                f"{self.round_cost_s():.2g} s a contender-round of the race"
                + ("" if self.round_s else " (assumed until a race has run)"))


def race_budget(tuner, p) -> tuple[float, str]:
    """Seconds shape ``p``'s compiles, numerics checks and race may take, and where that figure comes from:
    the --time-budget left shared over this shape and the unfinished ones after it, else RACE_BUDGET_S."""
    o = tuner.o
    if o.time_budget_s is None:
        return RACE_BUDGET_S, f"no --time-budget: the default {RACE_BUDGET_S:g} s a shape"
    left = max(0.0, o.time_budget_s - (time.monotonic() - tuner.started))
    after = tuner.problems[tuner.problems.index(p):]
    shapes = max(1, sum(tuner.winner(q) is None or q is p for q in after))
    return left / shapes, f"--time-budget {o.time_budget_s:g} s: {left:.0f} s left for {shapes} shape(s)"


def evaluate_what_fits(tuner, compiler, p, chosen: list, checker, budget: float, source: str) -> tuple[list, str]:
    """Race mode: evaluate the top of ``chosen`` in growing batches; after each, estimate what the shape's
    budget still fits (the rest's compiles and numerics checks and the race of all of them) and stop there.
    Returns the candidates evaluated and, when some were cut, one line saying how many and why."""
    costs = tuner.costs
    n, fit, batch = 0, len(chosen), max(2, costs.workers)  # the first batch: the default and the top of the order
    while n < fit and not tuner.budget_spent:
        part = chosen[n: min(fit, n + batch)]
        tuner.evaluate(compiler, part, checker)
        n += len(part)
        batch = max(batch, n)  # batches double: a fresh estimate after each, few pool drains
        passed = sum(tuner.row(c).status in (Status.MEASURED.value, Status.CHECKED.value) for c in chosen[:n])
        fit = costs.fits(len(chosen), n, passed, tuner.race_budget_left(p), tuner.compile_times())
    if n >= len(chosen):
        return chosen, ""
    why = (f"raced the top {n} of {len(chosen)} candidates: {len(chosen) - n} cut, since the race budget of "
           f"{duration(budget)} ({source}) fits about {n} ({costs.basis(tuner.compile_times())}); a larger "
           "--time-budget in a fresh --out covers more (a rerun keeps a finished shape)")
    tuner.say(f"{p.key}: {why}")
    tuner.save_rows(*(tuner.row(c).replace(reason=f"cut by the race budget: not compiled or raced ({why})")
                      for c in chosen[n:] if tuner.row(c).status == Status.PENDING.value))  # every candidate has its row
    return chosen[:n], why
