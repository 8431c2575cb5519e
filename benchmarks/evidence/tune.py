"""Steps ``tune-seed`` and ``tune-heldout``: a raced `vdmfma tune` of the shapes without a winner (or whose winner
was tuned over an older space), resumed in DIR/<step>; its MEASURED candidates and winners become records, each
winner's detail naming its race and its space (records/ingest.py WINNER_DETAIL).
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import TYPE_CHECKING

from .common import GRACE_S, calibration_env, keep, read_csv, read_records, run_cmd
from .lists import shapes_of, sub_list

if TYPE_CHECKING:
    from .plan import Plan


def shapes_done(folder: Path, shapes: Path) -> bool:
    """Every shape of the list has a winner with a verdict in folder/winners.csv."""
    got = {r["key"] for r in read_csv(folder / "winners.csv") if r.get("verdict")}
    return {p.key for p in shapes_of(shapes)} <= got


def step_tune(plan: Plan, items, limit: float, log: Path, known, lists, step: str) -> bool:
    """A raced tune of the shapes without a winner, in DIR/<step> (it resumes there: the list it started with is
    kept beside it); its candidates and winners become records."""
    from dataclasses import replace

    from iree_vdmfma.records.db import WINNER
    from iree_vdmfma.records.ingest import tune_records, winner_detail

    began = time.monotonic()
    folder = plan.folder(step) if plan.remeasure else plan.out / step
    shapes = folder.parent / f"{folder.name}.list.csv"
    if not ((folder / "tune.json").is_file() and shapes.is_file()):
        sub_list(lists[step], {i.key for i in items}, shapes)
    cmd = plan.vdmfma("tune", str(shapes), "--out", str(folder), "--no-hot", "--time-budget",
                      f"{max(5.0, limit - 15):.0f}", *(["--max-candidates", "2"] if plan.small else []))
    # --small: IREE's default and one more a shape, raced (CI's cost; the exhaustive check still has two contenders)
    rc, stopped = run_cmd(cmd, log, limit + GRACE_S, env=calibration_env(plan))  # exit 1: the budget left shapes
    if (folder / "candidates.csv").is_file():
        found = tune_records(folder, plan.sku, origin=f"gpu_evidence {plan.run_id}/{folder.relative_to(plan.out)}")
        for note in found.notes:
            print(f"  {step}: {note}", flush=True)
        rows = {r["key"]: r for r in read_csv(folder / "winners.csv")}  # a winner's detail: its race and its space
        records = [replace(r, toolkit_commit=plan.commit, detail=winner_detail(rows[r.key]) if r.kind == WINNER
                           and r.key in rows else r.detail) for r in found.records]
        had = {(r.key, r.knobs, r.origin) for r in read_records(plan.db) if r.kind == WINNER}
        new = [r for r in records if r.kind == WINNER and (r.key, r.knobs, r.origin) not in had]
        keep(plan, new, time.monotonic() - began, len(new))
        keep(plan, [r for r in records if r.kind != WINNER])
    return rc == 0 and shapes_done(folder, shapes)
