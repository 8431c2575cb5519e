"""Records of what a GPU evidence run measures besides tunes: sweep rows, calibrations, forwards, exhaustive checks.

Read from the tables the commands write (a sweep's results.csv, `vdmfma calibrate`'s calibration.csv, `vdmfma
model`'s model.csv, benchmarks/gpu_evidence.py's exhaustive.csv) as CSV dicts, one record per MEASURED row (a
failed, skipped or untimed row measured nothing and is no record). Every record carries its provenance
(:class:`Source`): the SKU, driver, compiler, runtime and toolkit versions, the toolkit's commit, when it was
measured, where it came from. A row whose checksum verifies is the run's own state (provenance ''); a row whose
checksum does not verify, or that has none (a committed report whose lent-machine paths were rewritten, or a
trimmed copy), is imported with provenance ``REWRITTEN: why``: evidence to read, never state a run resumes from
or a rule it takes (a calibration's threshold, see ``trusted``).
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, replace
from typing import Iterable, Optional

from ..devices.sku import Sku
from ..problems.rows import row_checksum
from ..report.verdict import Timing
from .ingest import interval, winner_detail
from .db import (CALIBRATION, CANDIDATE, EXHAUSTIVE, FORWARD, MEASURED, MODELLED, REWRITTEN, SWEEP, WINNER, Record,
                 problems)

_KEY = re.compile(r"(?P<dtype>[a-z0-9]+)_(?:b(?P<batch>\d+)_)?(?P<m>\d+)x(?P<n>\d+)x(?P<k>\d+)")


@dataclass(frozen=True)
class Source:
    """Where a table's rows were measured: what a row does not say itself."""

    sku: Sku
    origin: str  # the folder (or HOST:DIR) the table came from
    toolkit_commit: str = ""
    compiler_version: str = ""  # the run's iree-compile, for rows that do not name it (torch rows)
    recorded_at: str = ""  # for rows without measured_at
    imported: str = ""  # '' a live run's table; else why its rows are evidence only (a rewritten report, ...)
    cost_s: Optional[float] = None  # the step's wall seconds over the items it measured (gpu_evidence)
    superseded: str = ""  # why its rows do not measure what they say (records/plan.py measures them again)


def trusted(record: Record) -> bool:
    """Measured by a run whose own checksummed table it came from: state a later run may resume from."""
    return not record.provenance


def verified(row: dict) -> bool:
    """The row's checksum hashes its cells as written (every column before the checksum, in order)."""
    want = str(row.get("checksum") or "").strip()
    cols = [c for c in row if c != "checksum"]
    return bool(want) and row_checksum([str(row.get(c) or "") for c in cols]) == want.zfill(16)


def _provenance(row: dict, src: Source) -> str:
    said = f"; superseded: {src.superseded}" if src.superseded else ""
    if verified(row):
        return f"{REWRITTEN}: {src.imported} (row checksum verified){said}" if src.imported else said.lstrip("; ")
    why = "row checksum does not verify" if row.get("checksum") else "no row checksum"
    return f"{REWRITTEN}: {src.imported or src.origin}: {why}{said}"


def _num(x) -> Optional[float]:
    try:
        v = float(x)
    except (TypeError, ValueError):
        return None
    return v if v == v and v not in (float("inf"), float("-inf")) else None


def shape_of(key: str) -> dict:
    """The identity columns of a canonical shape key ('f16_8x128x512')."""
    m = _KEY.fullmatch(key or "")
    if not m:
        raise ValueError(f"{key!r}: not a shape key (dtype_MxNxK)")
    return dict(m=int(m["m"]), n=int(m["n"]), k=int(m["k"]), batch=int(m["batch"] or 1), dtype=m["dtype"])


def _common(row: dict, src: Source, target: str) -> dict:
    return dict(device=row.get("device", ""), **src.sku.fields(), target=target, basis=MEASURED,
                driver_version=row.get("driver_version") or src.sku.driver_version,
                compiler_version=row.get("compiler_version") or src.compiler_version,
                runtime_version=row.get("runtime_version", ""), toolkit_version=row.get("toolkit_version", ""),
                recorded_at=row.get("measured_at") or src.recorded_at, origin=src.origin,
                toolkit_commit=src.toolkit_commit, provenance=_provenance(row, src), cost_s=src.cost_s)


def _detail(row: dict, names: Iterable[str]) -> str:
    return json.dumps({n: row[n] for n in names if row.get(n) not in (None, "")}, sort_keys=True)


def _kept(records: list[Record]) -> list[Record]:
    return [r for r in records if not problems(r)]


def sweep_records(rows: Iterable[dict], src: Source, tuned_knobs: Optional[dict] = None) -> list[Record]:
    """One SWEEP record per timed row with status ok. ``tuned_knobs``: shape key -> the knob setting the `tuned`
    variant's library held (a tuned row's config; '' when not known, e.g. an imported report)."""
    out = []
    for r in rows:
        median = _num(r.get("latency_us_median"))
        if r.get("status") != "ok" or not r.get("cache_mode") or median is None:
            continue
        timing = Timing(median, _num(r.get("latency_us_std")), _num(r.get("latency_us_min")),
                        _num(r.get("latency_us_max")), int(_num(r.get("reps")) or 0), _num(r.get("latency_us_mad")))
        low, high = interval(timing)
        knobs = (tuned_knobs or {}).get(r["key"], "") if r["variant"] == "tuned" else ""
        out.append(Record(kind=SWEEP, key=r["key"], name=r.get("name", ""), **shape_of(r["key"]), knobs=knobs,
                          latency_us=median, latency_low_us=low, latency_high_us=high, variant=r["variant"],
                          cache_mode=r["cache_mode"], timing_mode=r.get("timing_mode", ""),
                          floor_us=_num(r.get("floor_us")),
                          detail=_detail(r, ("pct_peak_bw", "gbps", "kernel_fingerprint", "numerics", "max_abs_err",
                                             "reps")),
                          **_common(r, src, r.get("target", ""))))
    return _kept(out)


def calibration_records(rows: Iterable[dict], src: Source, target: str = "") -> list[Record]:
    """One CALIBRATION record per comparison of an A/A calibration (its whole row in ``detail``)."""
    out = []
    for r in rows:
        key = r.get("problem", "")
        out.append(Record(kind=CALIBRATION, key=key, name="calibration", **shape_of(key), knobs=r.get("kind", ""),
                          verdict="verified" if r.get("heldout_verified") == "True" else "",
                          cache_mode=r.get("cache_mode", ""), timing_mode=r.get("timing_mode", ""),
                          floor_us=_num(r.get("floor_us")),
                          detail=_detail(r, [c for c in r if c != "checksum"]), **_common(r, src, target)))
    return _kept(out)


def forward_key(layer: str, m: int) -> str:
    return f"forward:{layer}:m{m}"


def forward_records(rows: Iterable[dict], src: Source, layer: str, target: str) -> list[Record]:
    """One FORWARD record per timed row of a model.csv (one M, one variant, one cache mode) with status ok."""
    out = []
    for r in rows:
        median = _num(r.get("latency_us_median"))
        if r.get("status") != "ok" or median is None:
            continue
        m = int(r["m_tokens"])
        out.append(Record(kind=FORWARD, key=forward_key(layer, m), name=layer, m=m, n=0, k=0, batch=1, dtype="",
                          knobs="", latency_us=median, latency_low_us=_num(r.get("latency_us_lo")),
                          latency_high_us=_num(r.get("latency_us_hi")), verdict=r.get("verdict", ""),
                          speedup_vs_default=_num(r.get("speedup_vs_default")), variant=r["variant"],
                          cache_mode=r.get("cache_mode", ""),
                          detail=_detail(r, ("numerics", "max_abs_err", "applied", "skinny_dispatches", "rounds",
                                             "calls_per_sample", "speedup_lo", "speedup_hi")),
                          **_common(r, src, target)))
    return _kept(out)


def exhaustive_records(rows: Iterable[dict], src: Source, target: str, device: str = "") -> list[Record]:
    """One EXHAUSTIVE record per shape checked: the race's winner (knobs), 'within 3%' (verdict), the row. A row
    with a verdict is a check: a paired ratio, or the winner's kernel found to be the best's (no ratio: one kernel is
    never measured against itself); a row without one (the winner not among the measured) is not."""
    out = []
    for r in rows:
        if r.get("within_3pct", "-") in ("", "-"):
            continue
        out.append(Record(kind=EXHAUSTIVE, key=r["key"], name=r["key"], **shape_of(r["key"]), knobs=r["race_winner"],
                          verdict=r.get("within_3pct", ""), detail=_detail(r, [c for c in r if c != "checksum"]),
                          **{**_common(r, src, target), "device": device}))
    return _kept(out)


def with_cost(records: list[Record], seconds: float, items: int) -> list[Record]:
    """The records with a step's wall seconds shared over the items it measured (the plan's estimates)."""
    each = seconds / max(1, items)
    return [replace(r, cost_s=round(each, 3)) for r in records]


def tune_table_records(candidates: Iterable[dict], winners: Iterable[dict], src: Source, target: str = "",
                       device: str = "") -> list[Record]:
    """CANDIDATE and WINNER records from a tune's tables as a report keeps them (maybe trimmed to a few columns):
    a measured candidate's cold median, a winner's latency, its paired speedup and verdict, and IREE's default
    latency of the same race (``detail``: default_us_median)."""
    out = []

    def ident(r: dict) -> dict:
        return dict(key=r["key"], name=r.get("name") or r["key"], **shape_of(r["key"]),
                    **{**_common(r, src, r.get("target") or target), "device": r.get("device") or device})

    for r in candidates:
        median = _num(r.get("cold_us_median"))
        if r.get("status") != "measured" or median is None:
            continue
        out.append(Record(kind=CANDIDATE, knobs=r["candidate"], latency_us=median, **ident(r)))
    for w in winners:
        if not w.get("winner") or not w.get("verdict"):
            continue
        modelled = "modelled" in (w.get("basis") or "").lower()
        out.append(Record(kind=WINNER, knobs=w["winner"], latency_us=_num(w.get("latency_us_median")),
                          verdict=w["verdict"], speedup_vs_default=_num(w.get("speedup_vs_default")),
                          detail=winner_detail(w), timing_mode="" if modelled else w.get("timing_mode") or "",
                          floor_us=None if modelled else _num(w.get("floor_us")),
                          **{**ident(w), "basis": MODELLED if modelled else MEASURED}))
    return _kept(out)
