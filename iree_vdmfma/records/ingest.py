"""Records from a tune folder: every candidate it measured or modelled, and every winner.

Read from the tune's own state (candidates.csv, winners.csv through tune/state.py's checked reader: a damaged
row is left out and counted), tune.json (the compiler and device of tunes whose rows predate those columns)
and, for the SKU, what the caller probed on the device it ran on, else the folder's env.txt (the
``nvidia-smi --format=csv`` lines the GPU runs keep beside their results), else the rows' device name.
A record's time is its measurement's (``measured_at``), else when the tune started, else ``recorded_at``.
"""

from __future__ import annotations

import csv
import io
import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Optional

from ..report.verdict import DEFAULT_RULE, Timing
from ..tune import state
from ..util.io import read_tool_text
from ..util.runs import previous_runs
from .db import CANDIDATE, MEASURED, MODELLED, WINNER, Record, problems
from ..devices.sku import Sku, nvidia_smi_sku
from ..problems.rows import Status


@dataclass
class Ingest:
    records: list[Record] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)


def env_sku(folder: Path) -> Optional[Sku]:
    """The SKU in a folder's env.txt: a CSV header naming 'name' and 'memory.total' and the row under it."""
    path = folder / "env.txt"
    if not path.is_file():
        return None
    lines = [line.removeprefix("nvidia-smi: ") for line in read_tool_text(path).splitlines() if line.strip()]
    for head, row in zip(lines, lines[1:]):
        cols = [c.strip().split(" ")[0] for c in next(csv.reader(io.StringIO(head)))]
        if "name" in cols and "memory.total" in cols:
            cells = dict(zip(cols, (c.strip() for c in next(csv.reader(io.StringIO(row))))))
            return nvidia_smi_sku(", ".join(cells.get(c, "") for c in ("name", "memory.total", "clocks.max.sm",
                                                                       "clocks.max.mem", "driver_version")))
    return None


def interval(timing: Timing) -> tuple[Optional[float], Optional[float]]:
    """The noise rule's interval of a timing (median +- k robust sigma; its low end may be below 0), else none."""
    return timing.interval(DEFAULT_RULE.k) or (None, None)


def _interval(row: Optional[state.CandidateRow]) -> tuple[Optional[float], Optional[float]]:
    if row is None or row.cold_us_median is None:
        return None, None
    return interval(Timing(row.cold_us_median, row.cold_us_std, row.cold_us_min, row.cold_us_max, row.cold_reps,
                           row.cold_us_mad))


# What a GPU evidence WINNER record keeps of its winners.csv row beside its latency and verdict (benchmarks/evidence,
# records/evidence.py): IREE's default in the same race, the pruned space (its size and tune/space.py space_id: a
# winner of an older space is tuned again), what was raced. (tune_records leaves it out: a `vdmfma db import` of a
# folder imported before keeps each record's checksum, so importing it again adds nothing.)
WINNER_DETAIL = ("default_us_median", "space", "space_id", "evaluated", "candidates", "rounds")


def winner_detail(row: dict) -> str:
    """A WINNER record's ``detail`` from its winners.csv row (a CSV dict, or a WinnerRow's fields), values as text."""
    return json.dumps({n: str(row[n]) for n in WINNER_DETAIL if row.get(n) not in (None, "")}, sort_keys=True)


def tune_records(folder: Path | str, sku: Optional[Sku] = None, origin: str = "", recorded_at: str = "") -> Ingest:
    """The records of one tune folder. ValueError naming the folder when it holds no tune."""
    folder = Path(folder)
    if not (folder / "candidates.csv").is_file():
        raise ValueError(f"{folder}: no candidates.csv (not a vdmfma tune folder)")
    cands = state.read_checked_table(folder / "candidates.csv", state.CandidateRow)
    damaged = [f"{folder}/candidates.csv {d}" for d in cands.damaged]
    winners: list[state.WinnerRow] = []
    if (folder / "winners.csv").is_file():  # a tune cut before its first shape finished has none
        wins = state.read_checked_table(folder / "winners.csv", state.WinnerRow)
        winners, damaged = wins.rows, damaged + [f"{folder}/winners.csv {d}" for d in wins.damaged]
    runs = previous_runs(folder / "tune.json")
    run = runs[0] if runs else {}
    started = str(run.get("started", "") or recorded_at)
    sku = sku or env_sku(folder) or Sku()
    out = Ingest(notes=[f"damaged, left out: {d}" for d in damaged])

    def common(row, knobs: str, basis: str) -> dict:
        name = sku.name or row.device_name
        return dict(key=row.key, name=row.name, m=row.m, n=row.n, k=row.k, batch=row.batch, dtype=row.dtype,
                    target=row.target, knobs=knobs, basis=basis, device=row.device or str(run.get("device", "")),
                    **{**sku.fields(), "sku_name": name}, driver_version=row.driver_version or sku.driver_version,
                    compiler_version=row.compiler_version or str(run.get("compiler_version", "")),
                    runtime_version=row.runtime_version, toolkit_version=row.toolkit_version,
                    recorded_at=row.measured_at or started, origin=origin or str(folder))

    by_knobs = {}
    for row in cands.rows:
        if row.status not in (Status.MEASURED.value, Status.MODELLED.value):
            continue
        by_knobs[(row.key, row.target, row.candidate)] = row
        measured = row.status == Status.MEASURED.value
        low, high = _interval(row)
        out.records.append(Record(kind=CANDIDATE, latency_us=row.cold_us_median if measured else row.modelled_us,
                                  latency_low_us=low, latency_high_us=high,
                                  **common(row, row.candidate, MEASURED if measured else MODELLED)))
    for w in winners:
        if not w.winner:
            continue
        twin = by_knobs.get((w.key, w.target, w.winner))
        modelled = w.basis == MODELLED
        same = not modelled and twin is not None and twin.cold_us_median == w.latency_us_median
        low, high = _interval(twin) if same else (None, None)  # the final re-measure keeps no spread of its own
        latency = (twin.modelled_us if twin is not None else None) if modelled else w.latency_us_median
        out.records.append(Record(kind=WINNER, latency_us=latency, latency_low_us=low, latency_high_us=high,
                                  verdict=w.verdict, speedup_vs_default=w.speedup_vs_default,
                                  timing_mode="" if modelled else w.timing_mode, floor_us=None if modelled else w.floor_us,
                                  **common(w, w.winner, MODELLED if modelled else MEASURED)))
    bad = [(r, problems(r)) for r in out.records]
    out.notes += [f"{folder}: left out a {r.kind} of {r.name or r.key} ({r.knobs}): {'; '.join(said)}"
                  for r, said in bad if said]
    out.records = [r for r, said in bad if not said]
    return out
