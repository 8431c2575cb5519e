"""Check backends/rocm/perf_model.py (the --device none ranking MODEL) against the write-up's six published
MI300X numbers (shared/seeds/000, field.md): IREE's default (VDMFMA at M=8) and the padded dense
baseline, f16. Compiles the two references per shape for gfx942 here (real ISA evidence), models
them, prints rank correlation and error. Nothing is run on a GPU.

    python benchmarks/tune_model_check.py [--out DIR]
"""

from __future__ import annotations

import argparse
import tempfile
from pathlib import Path

import pandas as pd

from iree_vdmfma.report.markdown import md_table

from iree_vdmfma.problems.shapes import load_shape_list
from iree_vdmfma.tune import state
from iree_vdmfma.tune.options import TuneOptions

from iree_vdmfma.tune.tuner import Tuner

ROOT = Path(__file__).resolve().parents[1]
# Published MI300X latencies, us: (VDMFMA = IREE's default at M=8, padded dense).
PUBLISHED = {"f16_8x13312x16384": (189, 206), "f16_8x13312x8192": (117, 116), "f16_8x2304x16384": (133, 138),
             "f16_8x2304x8192": (103, 110), "f16_8x6656x16384": (127, 130), "f16_8x6656x8192": (102, 109)}


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--out", type=Path, default=Path(tempfile.mkdtemp(prefix="tune-model-check-")))
    args = ap.parse_args()
    problems = load_shape_list(ROOT / "sweeps/seed-f16.csv")
    Tuner(problems, TuneOptions(target="gfx942", device="none", out_dir=args.out, max_candidates=2)).run()
    rows = state.read_table(args.out / "candidates.csv", state.CandidateRow)
    out = []
    for ref, col in (("default", 0), ("padded", 1)):
        for r in rows:
            if ref in r.reference.split(",") and r.key in PUBLISHED:
                out.append({"config": ref, "shape": r.key, "published_us": PUBLISHED[r.key][col],
                            "modelled_us": round(r.modelled_us, 1)})
    df = pd.DataFrame(out)
    df["error"] = (df.modelled_us / df.published_us - 1).round(3)
    print(md_table(df))
    for name, sub in [("default (VDMFMA)", df[df.config == "default"]), ("padded", df[df.config == "padded"]),
                      ("all 12", df)]:
        rho = sub.published_us.rank().corr(sub.modelled_us.rank())
        print(f"{name}: Spearman rank correlation {rho:.2f}, mean |error| {sub.error.abs().mean():.0%}, "
              f"max |error| {sub.error.abs().max():.0%}")


if __name__ == "__main__":
    main()
