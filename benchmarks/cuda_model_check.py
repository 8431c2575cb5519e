"""Validate backends/cuda/perf_model.py (the CUDA ranking MODEL) leave-one-shape-out on every measured candidate the
repository holds. Read: the committed CSVs in SOURCES (the H100 tune, 2026-11-22, and its exploration; the two H200
sessions of 2026-11-26), then the records database reports/gpu-records.sqlite (records/db.py; ``--db`` names
another): its measured candidate records (kind candidate, basis measured) compiled for sm_89 on a GPU whose SKU name
devices/targets.py's ``device_spec`` knows (its data-sheet HBM peak is the group's peak: 'NVIDIA H200' 4800 GB/s,
'NVIDIA H100 80GB HBM3' 3350 GB/s), one group per (origin, shape) -- the origin names the loan and its step, e.g.
'gpu_evidence 20261129T192231Z/tune-seed'. A database group that shares a (candidate, cold median) with a CSV row of
its shape is the same measurement imported (benchmarks/import_gpu_records.py wrote the CSVs' rows there with the
folder as origin), so it is left out: the CSV is read instead and nothing is counted twice; the first loan whose
candidates are only in the database is the H200's of 2026-11-29, the first to measure tensor-core (mma=tc)
candidates. A shape with fewer than MIN_CANDIDATES measured candidates in a group ranks nothing.
For each shape, the model's fitted constants (LATENCY_US, FLOOR_US and a tensor-core thread's bytes in flight,
TC_THREAD_BYTES, fitted to the H200's tc candidates: the grid's None is the old formula, the whole K step; the
grid holds EXTRA_DISPATCH_US at the measured 40 us) are picked on the other shapes (the grid below, by median rank
correlation, then by closeness of modelled to measured time), so no shape's constants have seen it; then the
shape's candidates are ranked by the model: the Spearman rank correlation of modelled and measured cold medians,
and whether the measured best is in the model's top 16 (and top 3: with 12-46 candidates a shape, top 16 is a weak
test); candidates the model gives the same time (every saturated one: HBM peak plus the floor) are ordered at
random and a hit is counted as its chance, 0.38 for a best tied with seven others for three places. Over the
database's groups it then prints a line per
candidate family (IREE's default, gemv, tc, splitk: any split): median modelled and measured % of peak and time over
IREE's default's, and how many the model put in its top 16 / top 3 of their shape against how many the measurement
did -- whether a family is over-predicted; the database's groups again with the old K-step formula held; and the
constants the grid picks on every group, against perf_model.py's. Nothing is compiled or run: the model is fed each
candidate's knob settings (its pre-compile estimate, what orders the race). The measured times are MEASURED there;
every modelled figure is MODELLED.
"""

from __future__ import annotations

import argparse
import csv
import math
import statistics
import sys
from dataclasses import replace
from pathlib import Path

from iree_vdmfma.backends.cuda import perf_model
from iree_vdmfma.configs.knobs import knob_config
from iree_vdmfma.devices.targets import device_spec
from iree_vdmfma.problems.problem import Problem
from iree_vdmfma.records.db import CANDIDATE, MEASURED, RecordDB
from iree_vdmfma.records.evidence import shape_of as key_fields
from iree_vdmfma.tune.space import settings_of

ROOT = Path(__file__).resolve().parents[1]
SOURCES = (("reports/tune-h100/candidates.csv", "H100 SXM"),
           ("reports/tune-h100/exploration/candidates.csv", "H100 SXM"),
           ("reports/gpu-evidence-h200/call3-tune-seed-candidates.csv", "H200"),
           ("reports/gpu-evidence-h200-2/seed-candidates.csv", "H200"),
           ("reports/gpu-evidence-h200-2/heldout-candidates.csv", "H200"))
DATABASE = "reports/gpu-records.sqlite"
TARGET = "sm_89"  # what every CUDA candidate was compiled for (IREE 3.13 has no sm_90 target)
LATENCIES = (0.2, 0.3, 0.5, 0.7, 1.0)
FLOORS = (20.0, 30.0, 40.0)
# a split's second dispatch: held at the gap the H200 MEASURED (held-out split gemv candidates, about 40 us more),
# not fitted: with the M = 1 term the ranks alone pick 20 us (objective 0.761 against 0.744), under the measurement
EXTRAS = (40.0,)
TC_BYTES = (8.0, 12.0, 16.0, 20.0, 24.0, 32.0, 48.0, 64.0, None)  # tc B in flight a thread; None: the old K step
TOP = 16
MIN_CANDIDATES = 3  # a shape with fewer measured candidates ranks nothing
FAMILIES = ("default", "gemv", "tc", "splitk")


def _problem(key: str) -> Problem:
    """The problem a shape key names, batched ones too ('f16_b4_8x2304x8192'): records/evidence.py reads keys."""
    return Problem(**key_fields(key))


def _group(source: str, key: str, device: str, date: str, cands: list[tuple[str, float]]) -> dict:
    """A group: its problem, device and peak, and per candidate its id, knob settings, MEASURED us, model shape."""
    p = _problem(key)
    settings = [settings_of(c) for c, _ in cands]
    return {"source": source, "key": key, "problem": p, "device": device, "date": date,
            "peak": device_spec(device).peak_hbm_gbps, "ids": [c for c, _ in cands],
            "cands": [(st, us) for st, (_, us) in zip(settings, cands)],
            "shapes": [perf_model.shape_of(p, st, TARGET) for st in settings],
            "tc": [(i, _k_step_bytes(p, st)) for i, st in enumerate(settings) if st.get("mma") == "tc"]}


def _k_step_bytes(p: Problem, settings: dict) -> float:
    """The old formula's B in flight a tensor-core thread: its share of the workgroup's whole K step of weights."""
    config = knob_config(p, TARGET, settings)
    return config.n_tile * config.k_tile * p.dt.bytes / config.workgroup_size


def csv_groups(root: Path = ROOT) -> tuple[list[dict], set]:
    """One group per (source, shape), and every measured (shape, candidate, cold median) the CSVs hold."""
    out, seen = [], set()
    for path, device in SOURCES:
        by_key: dict[str, list] = {}
        for r in csv.DictReader(open(root / path)):
            if r.get("status") == "measured" and r.get("cold_us_median"):
                by_key.setdefault(r["key"], []).append((r["candidate"], float(r["cold_us_median"])))
        for key, cands in sorted(by_key.items()):
            seen |= {(key, c, us) for c, us in cands}
            if len(cands) >= MIN_CANDIDATES:
                out.append(_group(path, key, device, "", cands))
    return out, seen


def database_groups(db: Path, seen: set, until: str | None = None) -> tuple[list[dict], list[str]]:
    """One group per (origin, shape) of the database's measured sm_89 candidates on a known GPU (recorded on or
    before the day ``until``, YYYY-MM-DD, when given), those sharing a measurement with the CSVs (``seen``) left out;
    and what was left out for want of a data-sheet peak."""
    with RecordDB(db, write=False) as d:
        records = [r for r in d.read(TARGET).records if until is None or r.recorded_at[:10] <= until]
    by: dict[tuple, list] = {}
    unknown = set()
    for r in records:
        if r.kind == CANDIDATE and r.basis == MEASURED:
            spec = device_spec(r.sku_name) if r.sku_name else None
            if spec is None:
                unknown.add(r.sku)
            else:
                by.setdefault((r.origin, r.key, spec.product), []).append(r)
    out = []
    for (origin, key, product), rs in sorted(by.items()):
        cands = [(r.knobs, r.latency_us) for r in rs]
        if len(cands) >= MIN_CANDIDATES and not any((key, c, us) in seen for c, us in cands):
            out.append({**_group(f"{db.name}: {origin}", key, product, min(r.recorded_at[:10] for r in rs), cands),
                        "database": True})
    return out, sorted(unknown)


def groups(root: Path = ROOT, db: Path | None = None, until: str | None = None) -> list[dict]:
    """The CSV groups, then the database's groups not already read from a CSV (recorded by ``until``, if given)."""
    gs, seen = csv_groups(root)
    return gs + database_groups(db or root / DATABASE, seen, until)[0]


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


def modelled(g: dict, latency: float, floor: float, extra: float, tc_bytes: float | None) -> list[float]:
    """MODELLED time a candidate, with these constants; a tensor-core candidate's B in flight a thread ``tc_bytes``
    (None: its whole K step)."""
    p, shapes = g["problem"], list(g["shapes"])
    for i, k_step in g["tc"]:
        shapes[i] = replace(shapes[i], thread_bytes=k_step if tc_bytes is None else tc_bytes)
    return [perf_model.modelled_time_us(p, shape, g["peak"], latency, floor, extra) for shape in shapes]


def chance(xs: list[float], i: int, k: int) -> float:
    """The chance that xs[i] is among the k smallest, ties broken at random: 1 or 0 without ties. Saturated
    candidates tie in the model (all at HBM peak plus the floor), and the race orders those by its own rule."""
    below = sum(x < xs[i] * (1 - 1e-9) for x in xs)
    tied = sum(abs(x - xs[i]) <= xs[i] * 1e-9 for x in xs)  # itself included
    return min(1.0, max(0.0, (k - below) / tied))


def _count(x: float) -> str:
    return f"{x:.0f}" if abs(x - round(x)) < 1e-9 else f"{x:.1f}"


def score(g: dict, latency: float, floor: float, extra: float, tc_bytes: float | None) -> dict:
    model = modelled(g, latency, floor, extra, tc_bytes)
    measured = [us for _, us in g["cands"]]
    best = min(range(len(measured)), key=measured.__getitem__)
    log_err = statistics.median(abs(math.log(a / b)) for a, b in zip(model, measured))
    return {"rho": spearman(model, measured), "top16": chance(model, best, TOP), "top3": chance(model, best, 3),
            "log_err": log_err,
            "n": len(measured), "pct_model": perf_model.pct_peak(g["problem"], model[best], g["peak"]),
            "pct_measured": perf_model.pct_peak(g["problem"], measured[best], g["peak"])}


def _objective(scores: list[dict]) -> float:
    """Ranks first (median rank correlation), then closeness (median |log(modelled / measured)|, a tenth)."""
    return statistics.median(s["rho"] for s in scores) - 0.1 * statistics.median(s["log_err"] for s in scores)


def _scores(g: dict, grid: list[tuple]) -> list[dict]:
    """``g``'s score at each point of the grid, computed once for a group without tensor-core candidates (whose
    score does not depend on tc_bytes)."""
    def key(c: tuple) -> tuple:
        return c if g["tc"] else c[:3]

    once: dict[tuple, dict] = {}
    for c in grid:
        if key(c) not in once:
            once[key(c)] = score(g, *c)
    return [once[key(c)] for c in grid]


def _grid(latencies: tuple = LATENCIES, tc_bytes: tuple = TC_BYTES) -> list[tuple]:
    return [(lat, fl, ex, tc) for lat in latencies for fl in FLOORS for ex in EXTRAS for tc in tc_bytes]


def _best(scores: list[list[dict]], grid: list[tuple], train: list[int]) -> tuple[tuple, float]:
    """The grid's point of the best objective over the groups ``train`` (indices into ``scores``), and that."""
    j = max(range(len(grid)), key=lambda j: _objective([scores[i][j] for i in train]))
    return grid[j], _objective([scores[i][j] for i in train])


def leave_one_shape_out(gs: list[dict], tc_bytes: tuple = TC_BYTES) -> list[dict]:
    """Per group: constants (LATENCY_US, FLOOR_US, TC_THREAD_BYTES; EXTRA_DISPATCH_US held, its grid one value) fitted
    on the groups of every other shape, then scored on this one; ``tc_bytes`` the tensor-core grid ((None,): the
    old K-step formula)."""
    grid = _grid(tc_bytes=tc_bytes)
    scores = [_scores(g, grid) for g in gs]
    out = []
    for g in gs:
        fit, _ = _best(scores, grid, [i for i, h in enumerate(gs) if h["key"] != g["key"]])
        out.append({**g, "fit": fit, **score(g, *fit)})
    return out


def fit_all(gs: list[dict], latencies: tuple = LATENCIES) -> tuple[tuple, float]:
    """The grid's best constants on every group (``latencies`` narrows the grid), and their objective."""
    grid = _grid(latencies)
    return _best([_scores(g, grid) for g in gs], grid, list(range(len(gs))))


def family(settings: dict) -> str:
    """default, gemv or tc (the mma knob), or splitk for any candidate with a split."""
    return "splitk" if settings.get("split") else str(settings.get("mma", "default"))


def families(results: list[dict]) -> dict[str, dict]:
    """Per family over ``results`` (each with its fit): per candidate the MODELLED and MEASURED % of peak and time
    over IREE's default's in its group, and how many were in their group's top 16 / top 3, modelled and measured."""
    out: dict[str, dict] = {}
    for r in results:
        model, measured = modelled(r, *r["fit"]), [us for _, us in r["cands"]]
        base = next((i for i, (st, _) in enumerate(r["cands"]) if family(st) == "default"), None)
        for i, (st, us) in enumerate(r["cands"]):
            f = out.setdefault(family(st), {"n": 0, "groups": set(), "pct": ([], []), "vs_default": ([], []),
                                            "top16": [0, 0], "top3": [0, 0]})
            f["n"] += 1
            f["groups"].add((r["source"], r["key"]))
            for j, (t, xs) in enumerate(zip((model[i], us), (model, measured))):
                f["pct"][j].append(perf_model.pct_peak(r["problem"], t, r["peak"]))
                if base is not None:
                    f["vs_default"][j].append(t / xs[base])
                f["top16"][j] += chance(xs, i, TOP)
                f["top3"][j] += chance(xs, i, 3)
    return out


def _family_lines(results: list[dict]) -> list[str]:
    fams = families(results)
    said = []
    for name in sorted(fams, key=lambda x: (FAMILIES + (x,)).index(x)):
        f = fams[name]
        pct = " vs ".join(f"{statistics.median(xs):.0f}%" for xs in f["pct"])
        ratio = " vs ".join(f"{statistics.median(xs):.2f}x" for xs in f["vs_default"]) if f["vs_default"][0] else "-"
        tops = " | ".join(" vs ".join(_count(x) for x in f[top]) for top in ("top16", "top3"))
        said.append(f"| mma={name} | {f['n']} in {len(f['groups'])} | {pct} | {ratio} | {tops} |")
    return said


def _yes(x: float) -> str:
    return "yes" if x == 1 else "no" if x == 0 else f"{x:.2f} (tied)"


def _summary(results: list[dict], what: str) -> str:
    rhos = [r["rho"] for r in results]
    return (f"leave-one-shape-out over {len(results)} {what}: median rank correlation {statistics.median(rhos):+.2f}; "
            f"top-16 hit rate {_count(sum(r['top16'] for r in results))}/{len(results)}; top-3 hit rate "
            f"{_count(sum(r['top3'] for r in results))}/{len(results)} (MODELLED ranks vs MEASURED times; "
            "a tie in MODELLED time broken at random: expected hits)")


def _constants(c: tuple) -> str:
    return " / ".join("K step" if x is None else f"{x:g}" for x in c)


def _fits(gs: list[dict]) -> str:
    """The constants picked on every group, free and at perf_model's LATENCY_US, against perf_model's own."""
    best, at = fit_all(gs), fit_all(gs, (perf_model.LATENCY_US,))
    own = (perf_model.LATENCY_US, perf_model.FLOOR_US, perf_model.EXTRA_DISPATCH_US, perf_model.TC_THREAD_BYTES)
    return (f"picked on all {len(gs)} groups (latency us / floor us / 2nd dispatch us, held / tc B a thread): "
            f"{_constants(best[0])}, objective {best[1]:.3f}; at LATENCY_US {perf_model.LATENCY_US:g}: "
            f"{_constants(at[0])}, {at[1]:.3f}; perf_model.py holds {_constants(own)} (objective: median rank "
            "correlation less a tenth of the median |log(MODELLED / MEASURED)|)")


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--db", type=Path, default=ROOT / DATABASE, help=f"the records database (default {DATABASE})")
    args = ap.parse_args(argv)
    gs, seen = csv_groups()
    try:
        new, unknown = database_groups(args.db, seen)
    except (ValueError, OSError) as e:
        print(f"error: {e}", file=sys.stderr)
        sys.exit(2)
    results = leave_one_shape_out(gs + new)
    print("| source | shape | candidates | fitted latency us / floor us / 2nd dispatch us (held) / tc B a thread "
          "| Spearman | best in top 16 | in top 3 (ties: chance) | best: MODELLED % peak / MEASURED % peak |")
    print("|---|---|---|---|---|---|---|---|")
    for r in results:
        fit = _constants(r["fit"])
        source = r["source"].split("reports/")[1] if r["source"].startswith("reports/") else r["source"]
        print(f"| {source} | {r['key']} | {r['n']} | {fit} "
              f"| {r['rho']:+.2f} | {_yes(r['top16'])} | {_yes(r['top3'])} "
              f"| {r['pct_model']:.0f}% / {r['pct_measured']:.0f}% |")
    if unknown:
        print(f"\nleft out: measured candidates on {', '.join(unknown)} (no data-sheet peak in devices/targets.py)")
    fresh = [r for r in results if r.get("database")]
    if fresh:
        when = ", ".join(sorted({f"{r['device']}, {r['date']}" for r in fresh}))
        print(f"\nper family over the database's {len(fresh)} groups not in a CSV (MEASURED: {when}; MODELLED: each "
              "shape's constants fitted on the other shapes):\n")
        print("| family | candidates in groups | median % of peak, MODELLED vs MEASURED | median time / IREE "
              "default's, MODELLED vs MEASURED | in their shape's top 16, MODELLED vs MEASURED | in its top 3 |")
        print("|---|---|---|---|---|---|")
        print("\n".join(_family_lines(fresh)))
        print("\n" + _summary([r for r in results if not r.get("database")], "CSV groups (SOURCES)"))
        print(_summary(fresh, f"database groups (MEASURED: {when})"))
        old = [r for r in leave_one_shape_out(gs + new, (None,)) if r.get("database")]
        print(_summary(old, "database groups with a tensor-core thread's whole K step in flight (the model before "
                            "2026-11-29)"))
    print(("" if fresh else "\n") + _fits(gs + new))
    print(_summary(results, "measured shape groups"))


if __name__ == "__main__":
    main()
