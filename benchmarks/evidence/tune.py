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


def tuned_elsewhere(folder: Path, today: dict[str, str]) -> set[str]:
    """The shapes of ``today`` (key -> today's space_id) whose finished winner in ``folder`` was tuned over another
    space: a tune resumed there would call them done and change nothing."""
    out = set()
    for r in read_csv(folder / "winners.csv"):
        if r.get("verdict") and r["key"] in today and r.get("space_id", "") != today[r["key"]]:
            out.add(r["key"])
    return out


def step_tune(plan: Plan, items, limit: float, log: Path, known, lists, step: str) -> bool:
    """A raced tune of this call's items (the shapes without a winner, or whose winner was tuned over an older
    space) in DIR/<step>, where it resumes what an earlier call left (its list is rewritten to this call's items);
    in a folder of this call's own when --remeasure, or when DIR/<step> holds a winner of one of them from another
    space (a tune resumed there would call it done). Its candidates and winners become records."""
    from dataclasses import replace

    from iree_vdmfma.records.db import WINNER
    from iree_vdmfma.records.ingest import tune_records, winner_detail

    from .plan import space_id_now

    began = time.monotonic()
    keys = {i.key for i in items}
    problems = [p for p in shapes_of(lists[step]) if p.key in keys]
    target = plan.target or next((r["target"] for r in read_csv(plan.out / step / "winners.csv")), "")
    today = {p.key: space_id_now(p, target) for p in problems} if target else {}
    folder = plan.out / step
    if plan.remeasure or tuned_elsewhere(folder, today):
        folder = plan.folder(step)
    shapes = sub_list(lists[step], keys, folder.parent / f"{folder.name}.list.csv")  # this call's, every call
    cmd = plan.vdmfma("tune", str(shapes), "--out", str(folder), "--no-hot", "--time-budget",
                      f"{max(5.0, limit - 15):.0f}", *(["--max-candidates", "2"] if plan.small else []),
                      *(["--append"] if (folder / "tune.json").is_file() else []))  # another list than its last
    # --small: IREE's default and one more a shape, raced (CI's cost; the exhaustive check still has two contenders)
    rc, stopped = run_cmd(cmd, log, limit + GRACE_S, env=calibration_env(plan))  # exit 1: the budget left shapes
    if (folder / "candidates.csv").is_file():
        found = tune_records(folder, plan.sku, origin=f"gpu_evidence {plan.run_id}/{folder.relative_to(plan.out)}")
        for note in found.notes:
            print(f"  {step}: {note}", flush=True)
        rows = {r["key"]: r for r in read_csv(folder / "winners.csv")}  # a winner's detail: its race and its space
        records = [replace(r, toolkit_commit=plan.commit, detail=winner_detail(rows[r.key]) if r.kind == WINNER
                           and r.key in rows else r.detail) for r in found.records]
        seen = lambda r: (r.key, r.knobs, r.origin, r.detail)  # noqa: E731  (a re-tune keeping its knobs is new)
        had = {seen(r) for r in read_records(plan.db) if r.kind == WINNER}
        new = [r for r in records if r.kind == WINNER and seen(r) not in had]
        keep(plan, new, time.monotonic() - began, len(new))
        keep(plan, [r for r in records if r.kind != WINNER])
    return rc == 0 and shapes_done(folder, shapes)
