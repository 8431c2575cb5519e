"""Validate backends/cuda/perf_model.py (the CUDA ranking MODEL) leave-one-shape-out on every measured candidate
the repository holds: the H100 tune (reports/tune-h100, its exploration too) and the H200 sessions
(reports/gpu-evidence-h200*). For each shape, the model's three fitted constants (LATENCY_US, FLOOR_US,
EXTRA_DISPATCH_US) are picked on the other shapes (the grid below, by median rank correlation, then by closeness
of modelled to measured time), then the shape's candidates are ranked by the model: the Spearman rank
correlation of modelled and measured cold medians, and whether the measured best is in the model's top 16 (and
top 3: with 15-46 candidates a shape, top 16 is a weak test). Nothing is compiled or run: the model is fed each
candidate's knob settings (its pre-compile estimate, what orders the race).
The measured times are MEASURED there; every modelled figure is MODELLED.
"""

from __future__ import annotations

import argparse
import csv
import math
import statistics
from pathlib import Path

from iree_vdmfma.backends.cuda import perf_model
from iree_vdmfma.devices.targets import device_spec
from iree_vdmfma.problems.problem import Problem
from iree_vdmfma.tune.space import settings_of

ROOT = Path(__file__).resolve().parents[1]
SOURCES = (("reports/tune-h100/candidates.csv", "H100 SXM"),
           ("reports/tune-h100/exploration/candidates.csv", "H100 SXM"),
           ("reports/gpu-evidence-h200/call3-tune-seed-candidates.csv", "H200"),
           ("reports/gpu-evidence-h200-2/seed-candidates.csv", "H200"),
           ("reports/gpu-evidence-h200-2/heldout-candidates.csv", "H200"))
LATENCIES = (0.2, 0.3, 0.5, 0.7, 1.0)
FLOORS = (20.0, 30.0, 40.0)
EXTRAS = (0.0, 20.0, 40.0, 60.0, 80.0)
TOP = 16
MIN_CANDIDATES = 3  # a shape with fewer measured candidates ranks nothing


def _problem(key: str) -> Problem:
    dtype, mnk = key.split("_", 1)
    m, n, k = (int(x) for x in mnk.split("x"))
    return Problem(m, n, k, dtype=dtype)


def groups(root: Path = ROOT) -> list[dict]:
    """One group per (source, shape): its problem, device peak, and [(knob settings, measured us)]."""
    out = []
    for path, device in SOURCES:
        by_key: dict[str, list] = {}
        for r in csv.DictReader(open(root / path)):
            if r.get("status") == "measured" and r.get("cold_us_median"):
                by_key.setdefault(r["key"], []).append((settings_of(r["candidate"]), float(r["cold_us_median"])))
        for key, cands in sorted(by_key.items()):
            if len(cands) >= MIN_CANDIDATES:
                p = _problem(key)
                out.append({"source": path, "key": key, "problem": p, "peak": device_spec(device).peak_hbm_gbps,
                            "cands": cands, "shapes": [perf_model.shape_of(p, st, "sm_89") for st, _ in cands]})
    return out


def _ranks(xs: list[float]) -> list[float]:
    order = sorted(range(len(xs)), key=lambda i: xs[i])
    ranks = [0.0] * len(xs)
    i = 0
    while i < len(order):
        j = i
        while j + 1 < len(order) and xs[order[j + 1]] == xs[order[i]]:
            j += 1
        for t in order[i: j + 1]:
            ranks[t] = (i + j) / 2
        i = j + 1
    return ranks


def spearman(a: list[float], b: list[float]) -> float:
    ra, rb = _ranks(a), _ranks(b)
    ma, mb = statistics.fmean(ra), statistics.fmean(rb)
    cov = sum((x - ma) * (y - mb) for x, y in zip(ra, rb))
    den = (sum((x - ma) ** 2 for x in ra) * sum((y - mb) ** 2 for y in rb)) ** 0.5
    return cov / den if den else 0.0


def modelled(g: dict, latency: float, floor: float, extra: float) -> list[float]:
    p = g["problem"]
    return [perf_model.modelled_time_us(p, shape, g["peak"], latency, floor, extra) for shape in g["shapes"]]


def score(g: dict, latency: float, floor: float, extra: float) -> dict:
    model = modelled(g, latency, floor, extra)
    measured = [us for _, us in g["cands"]]
    best = min(range(len(measured)), key=measured.__getitem__)
    order = sorted(range(len(model)), key=model.__getitem__)
    log_err = statistics.median(abs(math.log(a / b)) for a, b in zip(model, measured))
    return {"rho": spearman(model, measured), "top16": best in order[:TOP], "top3": best in order[:3],
            "log_err": log_err,
            "n": len(measured), "pct_model": perf_model.pct_peak(g["problem"], model[best], g["peak"]),
            "pct_measured": perf_model.pct_peak(g["problem"], measured[best], g["peak"])}


def _objective(scores: list[dict]) -> float:
    """Ranks first (median rank correlation), then closeness (median |log(modelled / measured)|, a tenth)."""
    return statistics.median(s["rho"] for s in scores) - 0.1 * statistics.median(s["log_err"] for s in scores)


def leave_one_shape_out(gs: list[dict]) -> list[dict]:
    """Per group: constants fitted on the groups of every other shape, then scored on this one."""
    out = []
    for g in gs:
        train = [h for h in gs if h["key"] != g["key"]]
        fit = max(((lat, fl, ex) for lat in LATENCIES for fl in FLOORS for ex in EXTRAS),
                  key=lambda c: _objective([score(h, *c) for h in train]))
        out.append({**g, "fit": fit, **score(g, *fit)})
    return out


def main(argv: list[str] | None = None) -> None:
    argparse.ArgumentParser(description=__doc__.split("\n")[0]).parse_args(argv)
    results = leave_one_shape_out(groups())
    print("| source | shape | candidates | fitted latency / floor / 2nd dispatch, us | Spearman | best in top 16 "
          "| in top 3 | best: MODELLED % peak / MEASURED % peak |")
    print("|---|---|---|---|---|---|---|---|")
    for r in results:
        fit = " / ".join(f"{x:g}" for x in r["fit"])
        print(f"| {r['source'].split('reports/')[1]} | {r['key']} | {r['n']} | {fit} "
              f"| {r['rho']:+.2f} | {'yes' if r['top16'] else 'no'} | {'yes' if r['top3'] else 'no'} "
              f"| {r['pct_model']:.0f}% / {r['pct_measured']:.0f}% |")
    rhos = [r["rho"] for r in results]
    print(f"\nleave-one-shape-out over {len(results)} measured shape groups: median rank correlation "
          f"{statistics.median(rhos):+.2f}; top-16 hit rate {sum(r['top16'] for r in results)}/{len(results)}; "
          f"top-3 hit rate {sum(r['top3'] for r in results)}/{len(results)} (MODELLED ranks vs MEASURED times)")


if __name__ == "__main__":
    main()
