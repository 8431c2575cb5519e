"""What a GPU evidence call has left to measure, read from the records: nothing measured is measured twice.

A measurement is a (problem, config, SKU, compiler): a tune of a shape (its winner), a sweep row (shape, variant,
timing mode, both cache modes; a `tuned` row's config is the knob setting of the winner it ran), a forward of a
layer at one M, an A/A calibration, a race-vs-exhaustive check of a shape (its rounds: an unresolved check is redone with twice the
rounds, a new config; its contenders are the measured candidates of every loan's tune of that shape).
:class:`Measured` indexes the records of one SKU (the device's product name) and one
compiler; a record imported from a rewritten report counts as measured (it was), but is never taken as a rule or
resumed from (records/evidence.py ``trusted``): a calibration is reused only from a run's own records. A record
whose provenance says it was superseded (it measured something else than it says: the H200's tuned forward that
ran IREE's default kernel) does not count. Costs
for ``--plan`` come from the records' ``cost_s`` (the seconds their run spent on an item), this SKU's first,
then any SKU's, else the ESTIMATES below, each said as such.
"""

from __future__ import annotations

import json
import statistics
from dataclasses import dataclass
from datetime import datetime, timezone
from typing import Iterable, Optional

from .db import CALIBRATION, CANDIDATE, EXHAUSTIVE, FORWARD, MEASURED, SWEEP, WINNER, Record, iso_time
from .evidence import forward_key, trusted

# Seconds an item takes where no record says (ESTIMATES, from reports/gpu-evidence-h200*: calibrate 7-15 s, a
# sweep row of seed-sized weights 3-7 s, the forward 140-195 s for three M, a raced tune 16-33 s a shape).
ESTIMATES = {CALIBRATION: 15.0, SWEEP: 5.0, FORWARD: 65.0, EXHAUSTIVE: 10.0, WINNER: 35.0}


SWEEP_CACHE_MODES = ("hot", "cold")  # what an evidence sweep times each row in (vdmfma sweep's default on a device)


def loop_mode(mode: str) -> str:
    """A row from before timing modes were recorded was timed one submission a dispatch: loop mode."""
    return mode or "loop"


def _space_of(winner: Record) -> Optional[str]:
    """The space_id a WINNER record's tune searched (tune/space.py); None when it recorded none."""
    return json.loads(winner.detail or "{}").get("space_id")


def _when(stamp: str) -> datetime:
    """A record's ``recorded_at`` as a time (db.iso_time's forms; a bare date is midnight UTC, none or an
    unreadable one is before everything)."""
    t = iso_time(stamp)
    if t is None:
        return datetime.min.replace(tzinfo=timezone.utc)
    return t if t.tzinfo else t.replace(tzinfo=timezone.utc)


def kept_default(winner: Record) -> bool:
    """The tune kept IREE's default: a `tuned` row would time the default's kernel again."""
    return winner.verdict == "default"


def superseded(record: Record) -> bool:
    """Measured, but known not to measure what it says (its provenance says why): measured again."""
    return "; superseded: " in record.provenance


@dataclass(frozen=True)
class Item:
    """One measurement a step would make: its kind (what its records are), the shape (or M), its config (a sweep's
    variant, an exhaustive check's rounds), and a note; a ``blocked`` item cannot be measured by this DIR."""

    kind: str
    key: str
    config: str = ""
    note: str = ""

    @property
    def blocked(self) -> bool:
        return self.note.startswith("blocked")

    def __str__(self) -> str:
        return " ".join(filter(None, (self.key, self.config))) + (f" ({self.note})" if self.note else "")


class Measured:
    """The records of one SKU and compiler, indexed by what they measured."""

    def __init__(self, records: Iterable[Record], sku: str, compiler: str):
        self.sku, self.compiler = sku, compiler
        self.all = [r for r in records if r.basis == MEASURED]
        mine = [r for r in self.all if r.sku_name == sku and r.compiler_version == compiler and not superseded(r)]
        self.winners: dict[str, Record] = {}
        for r in sorted((r for r in mine if r.kind == WINNER), key=lambda r: r.recorded_at):
            self.winners[r.key] = r  # the newest
        self.sweeps: dict[tuple, set] = {}  # (shape, variant, timing mode, knobs) -> the cache modes with a row
        for r in mine:
            if r.kind == SWEEP:
                self.sweeps.setdefault((r.key, r.variant, loop_mode(r.timing_mode), r.knobs), set()).add(r.cache_mode)
        self.forwards = {r.key for r in mine if r.kind == FORWARD and r.variant == "tuned"}
        self.exhaustive: dict[str, Record] = {}
        for r in sorted((r for r in mine if r.kind == EXHAUSTIVE), key=lambda r: r.recorded_at):
            self.exhaustive[r.key] = r
        self.candidates: dict[str, dict[str, Record]] = {}  # key -> knobs -> its newest measured candidate
        for r in sorted((r for r in mine if r.kind == CANDIDATE), key=lambda r: r.recorded_at):
            self.candidates.setdefault(r.key, {})[r.knobs] = r
        self.calibrations = sorted((r for r in mine if r.kind == CALIBRATION and trusted(r)),
                                   key=lambda r: r.recorded_at)

    def winner(self, key: str) -> Optional[Record]:
        return self.winners.get(key)

    def tuned_over(self, key: str, space: str) -> bool:
        """Whether ``key``'s newest winner was tuned over the pruned space ``space`` (tune/space.py space_id). A
        winner from before the id was recorded (every loan before 2026-11-29) was tuned over an older space."""
        w = self.winners.get(key)
        return w is not None and _space_of(w) == space

    def tuned_knobs(self, key: str) -> Optional[str]:
        """The knob setting a `tuned` row of this shape runs: its winner's, None when no winner or the default kept."""
        w = self.winners.get(key)
        return None if w is None or kept_default(w) else w.knobs

    def contenders(self, key: str) -> list[Record]:
        """The measured candidates of ``key``'s tunes (any loan's, this SKU and compiler): a race-vs-exhaustive
        check's contenders, compiled again from their knobs (their timings are not reused: every one is raced)."""
        return list(self.candidates.get(key, {}).values())

    def swept(self, key: str, variant: str, mode: str) -> bool:
        """A sweep row is measured when both its cache modes are: a sweep cut off between its hot and its cold row
        (a call's budget spent) has not measured what the summary reports (cold), so it is swept again."""
        knobs = (self.tuned_knobs(key) or "") if variant == "tuned" else ""
        return set(SWEEP_CACHE_MODES) <= self.sweeps.get((key, variant, loop_mode(mode), knobs), set())

    def forward(self, layer: str, m: int) -> bool:
        return forward_key(layer, m) in self.forwards

    def exhaustive_rounds(self, key: str, base: int, most: int) -> Optional[int]:
        """The rounds a race-vs-exhaustive check of ``key`` still needs: ``base`` when it has none; twice its rounds
        when it was unresolved, up to ``most``; None when resolved (or unresolved at ``most``). A check of another
        race winner than the shape's newest winner's, or one made before a winner that records its space (a tune
        since, over a grown space: its race had contenders the check never raced), is no check of it: ``base``."""
        prior, won = self.exhaustive.get(key), self.winners.get(key)
        if prior is None or (won is not None and (prior.knobs != won.knobs or (
                _space_of(won) and _when(prior.recorded_at) < _when(won.recorded_at)))):
            return base
        if prior.verdict in ("yes", "no"):
            return None
        rounds = int(json.loads(prior.detail or "{}").get("rounds") or 0)
        return 2 * rounds if rounds and 2 * rounds <= most else None  # unresolved: more rounds are another config

    def cost(self, kind: str) -> tuple[float, str]:
        """Seconds an item of ``kind`` takes, and where that figure comes from."""
        for scope, pool in (("", [r for r in self.all if r.sku_name == self.sku]), (" (another SKU's)", self.all)):
            costs = [r.cost_s for r in pool if r.kind == kind and r.cost_s]
            if costs:
                return statistics.median(costs), f"records{scope}, {len(costs)}"
        return ESTIMATES[kind], "ESTIMATE"
