"""The shape lists the steps measure: the seed list, the held-out decode list (never used to fit anything),
--small's cuts of committed CPU lists (two seed rows, one held-out row), and the rows of a list left to measure. Measures nothing.
"""

from __future__ import annotations

import csv
from pathlib import Path
from typing import TYPE_CHECKING

from .common import ROOT, read_csv

if TYPE_CHECKING:
    from .plan import Plan


HELDOUT_MODELS = (("llama3-8b", "f16"), ("qwen2-7b", "bf16"))


SMALL = {"seed-small.csv": ("tiny-cpu.csv", ("tiny-f16", "tiny-bf16")),
         "heldout.csv": ("tiny-layer.csv", ("tiny_q_o",))}  # one held-out row: CI's cost (its sweep and tune)


def write_list(path: Path, rows: list[dict], columns: list[str], comment: str) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("w", newline="") as f:
        f.write(f"# {comment}\n")
        w = csv.DictWriter(f, fieldnames=columns, extrasaction="ignore")
        w.writeheader()
        w.writerows(rows)
    return path


def small_list(plan: Plan, name: str) -> Path:
    """--small: a list of a row or two cut from a committed CPU list (seconds a step on two cores)."""
    source_list, names = SMALL[name]
    rows = [r for r in read_csv(ROOT / "sweeps" / source_list) if r["name"] in names]
    return write_list(plan.out / name, rows, list(rows[0]),
                       f"--small: {', '.join(names)} of sweeps/{source_list} (benchmarks/gpu_evidence.py)")


def heldout_list(plan: Plan) -> Path:
    """The held-out decode list: rows of sweeps/decode-<dtype>.csv of HELDOUT_MODELS at --heldout-m."""
    if plan.small:
        return small_list(plan, "heldout.csv")
    rows = [r for model, dtype in HELDOUT_MODELS for r in read_csv(ROOT / "sweeps" / f"decode-{dtype}.csv")
            if r["name"].startswith(model + ".") and int(r["m"]) in plan.heldout_m]
    return write_list(plan.out / "heldout.csv", rows, ["name", "m", "n", "k", "dtype"],
                       f"held out from the knob defaults' fit: {', '.join(m for m, _ in HELDOUT_MODELS)} at M = "
                       f"{','.join(map(str, plan.heldout_m))} (benchmarks/gpu_evidence.py)")


def sub_list(shapes: Path, keys: set, path: Path) -> Path:
    """The rows of a shape list whose shapes are ``keys``, in its order."""
    from iree_vdmfma.problems.shapes import load_shape_list

    wanted = {p.name for p in load_shape_list(shapes) if p.key in keys}
    rows = [r for r in read_csv(shapes) if r["name"] in wanted]
    return write_list(path, rows, list(rows[0]), f"{len(rows)} row(s) of {shapes.name} left to measure")


def shapes_of(path: Path) -> list:
    from iree_vdmfma.problems.shapes import load_shape_list

    return load_shape_list(path)
