"""Run-vs-run comparison: latency ratio B/A per row under the report's verdict (report/verdict.py ``verdict_of``: a
row whose kernel_fingerprint is one in both runs is ``same-kernel``, never a win or a loss and in no geomean; the
floor is the device's A/A-calibrated threshold where there is one), static deltas, geomean of the ratio, and the
rows present in only one run.

Writes compare.csv, compare_groups.csv, compare.md and (measured) ratio plots.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Optional

import numpy as np
import pandas as pd

from ..problems.rows import STATIC_METRICS
from .load import ResultsInput, load_results
from .markdown import capped, md_table
from .summary import own_problem
from .verdict import (DEFAULT_RULE, LOSS, SAME_KERNEL, UNDETERMINED, WIN, WITHIN_NOISE, NoiseRule, geomean, rule_for,
                      same_kernel, verdict_of)

COMPARE_DOC: dict[str, str] = {
    "key": "problem key", "dtype": "element type", "m": "M", "n": "N", "k": "K", "batch": "batch",
    "target": "gfx arch", "variant": "variant", "cache_mode": "'' / hot / cold",
    "presence": "both | only-a | only-b",
    "status_a": "status in A", "status_b": "status in B", "device_a": "device in A", "device_b": "device in B",
    "latency_us_median_a": "median latency in A (us)", "latency_us_median_b": "median latency in B (us)",
    "latency_us_std_a": "std in A (us)", "latency_us_std_b": "std in B (us)",
    "latency_us_mad_a": "median absolute deviation in A (us)", "latency_us_mad_b": "median absolute deviation in B (us)", "reps_a": "reps in A", "reps_b": "reps in B",
    "ratio_b_over_a": "latency_us_median_b / latency_us_median_a (< 1: B faster)",
    "kernel_fingerprint_a": "hash of the row's dispatched code in A", "kernel_fingerprint_b": "... in B",
    "verdict": "B against A under NoiseRule: win = B faster, loss = B slower, within-noise, undetermined; "
               "same-kernel = one kernel_fingerprint in both runs (a difference is drift: never a win or a loss)",
    "noise_threshold": "relative difference needed to leave the noise",
    "gbps_a": "GB/s in A", "gbps_b": "GB/s in B",
    "mma_kind_a": "applied MMA kind in A", "mma_kind_b": "applied MMA kind in B",
    **{f"d_{m}": "B - A" for m in STATIC_METRICS},
    "included": "True when both rows are usable and compared",
    "excluded_reason": "why not compared",
}

COMPARE_COLUMNS: list[str] = list(COMPARE_DOC)

COMPARE_GROUP_COLUMNS: list[str] = [
    "target", "cache_mode", "variant", "n_rows", "n_compared", "n_excluded", "geomean_ratio_b_over_a",
    "min_ratio", "max_ratio", "b_faster", "b_slower", "within_noise", "undetermined", "same_kernel",
]


@dataclass
class CompareResult:
    out_dir: Path
    mode: str  # "measured" or "static"
    table: pd.DataFrame  # == compare.csv
    groups: pd.DataFrame  # == compare_groups.csv ('all' variant rows = across variants)
    paths: dict[str, Path] = field(default_factory=dict)
    notes: list[str] = field(default_factory=list)

    @property
    def only_in_one(self) -> pd.DataFrame:
        return self.table[self.table["presence"] != "both"]


def compare_runs(
    a: ResultsInput,
    b: ResultsInput,
    out_dir: Path | str,
    *,
    labels: tuple[str, str] = ("A", "B"),
    rule: Optional[NoiseRule] = None,
    plots: bool = True,
) -> CompareResult:
    """Compare run B with run A row by row (same key, target, variant, cache_mode); ``rule`` None: the device's
    A/A-calibrated floor when both runs were measured on one calibrated device (as `vdmfma report`).

    Writes compare.csv (``COMPARE_COLUMNS``), compare_groups.csv (``COMPARE_GROUP_COLUMNS``),
    compare.md and, when measured, ratio plots.
    """
    da, na = load_results(a)
    db, nb = load_results(b)
    if da.empty and db.empty:
        raise ValueError("no result rows in either run")
    out_dir = Path(out_dir)
    out_dir.mkdir(parents=True, exist_ok=True)
    ident = ["key", "target", "variant", "cache_mode"]
    merged = da.merge(db, on=ident, how="outer", suffixes=("_a", "_b"), indicator=True)
    measured = bool(merged["latency_us_median_a"].notna().any() and merged["latency_us_median_b"].notna().any())
    notes = [f"{labels[0]}: {n}" for n in na] + [f"{labels[1]}: {n}" for n in nb]
    if rule is None:
        rule = rule_for(pd.concat([da, db], ignore_index=True), notes) if measured else DEFAULT_RULE
    rows = []
    for r in merged.to_dict("records"):
        side = {"both": "both", "left_only": "only-a", "right_only": "only-b"}[str(r["_merge"])]
        pick = lambda c: r[f"{c}_a"] if side != "only-b" else r[f"{c}_b"]  # noqa: E731
        o = {c: r[c] for c in ident}
        o.update({c: pick(c) for c in ("dtype", "m", "n", "k", "batch")})
        o["presence"] = side
        for s in ("a", "b"):
            for c in ("status", "device", "latency_us_median", "latency_us_std", "latency_us_mad", "reps", "gbps",
                      "mma_kind", "kernel_fingerprint"):
                o[f"{c}_{s}"] = r.get(f"{c}_{s}")
        reason = ""
        if side != "both":
            reason = f"only in {labels[0] if side == 'only-a' else labels[1]}"
        else:
            for s, lab in (("a", labels[0]), ("b", labels[1])):
                view = {c: r[f"{c}_{s}"] for c in ("status", "error", "reason", "numerics", "latency_us_median")}
                p = own_problem(view, measured)
                if p and not reason:
                    reason = f"{lab}: {p}"
            for c in STATIC_METRICS:
                o[f"d_{c}"] = r[f"{c}_b"] - r[f"{c}_a"]
        o["ratio_b_over_a"] = np.nan
        o["verdict"] = ""
        o["noise_threshold"] = np.nan
        if side == "both" and not reason and (measured or same_kernel(r, r, ("_a", "_b"))):
            j = verdict_of(r, r, rule, ("_a", "_b"))  # the one verdict, as the report gives it
            o.update(ratio_b_over_a=1.0 / j.speedup if j.speedup == j.speedup else np.nan, verdict=j.verdict,
                     noise_threshold=j.threshold)
        o["included"] = not reason
        o["excluded_reason"] = reason
        rows.append(o)
    table = pd.DataFrame(rows).reindex(columns=COMPARE_COLUMNS)
    for c in ("status_a", "status_b", "device_a", "device_b", "mma_kind_a", "mma_kind_b", "kernel_fingerprint_a",
              "kernel_fingerprint_b"):
        table[c] = table[c].fillna("")
    table = table.sort_values(["target", "cache_mode", "dtype", "batch", "m", "n", "k", "variant"], kind="stable")
    table = table.reset_index(drop=True)

    grows = []
    for (target, cache), sub in table.groupby(["target", "cache_mode"], sort=True):
        parts = [("all", sub)] + list(sub.groupby("variant", sort=True))
        for variant, vs in parts:
            same = vs["included"] & (vs["verdict"] == SAME_KERNEL)  # one kernel in both: never in the geomean
            comp = vs[vs["included"] & ~same & vs["ratio_b_over_a"].notna()]
            r = comp["ratio_b_over_a"].to_numpy(dtype=float)
            v = comp["verdict"]
            grows.append(dict(
                target=target, cache_mode=cache, variant=variant, n_rows=len(vs),
                n_compared=int((vs["included"] & ~same).sum()), n_excluded=int((~vs["included"]).sum()),
                geomean_ratio_b_over_a=geomean(r),
                min_ratio=float(r.min()) if r.size else np.nan, max_ratio=float(r.max()) if r.size else np.nan,
                b_faster=int((v == WIN).sum()), b_slower=int((v == LOSS).sum()),
                within_noise=int((v == WITHIN_NOISE).sum()), undetermined=int((v == UNDETERMINED).sum()),
                same_kernel=int(same.sum()),
            ))
    groups = pd.DataFrame(grows, columns=COMPARE_GROUP_COLUMNS)
    res = CompareResult(out_dir, "measured" if measured else "static", table, groups, notes=notes)
    res.paths["compare"] = out_dir / "compare.csv"
    table.to_csv(res.paths["compare"], index=False, float_format="%.6g")
    res.paths["groups"] = out_dir / "compare_groups.csv"
    groups.to_csv(res.paths["groups"], index=False, float_format="%.6g")
    plot_paths: dict[str, Path] = {}
    if plots and measured:
        from . import plots as report_plots

        plot_paths = report_plots.compare_plots(table, out_dir, labels)
        res.paths.update({f"plot:{k}": v for k, v in plot_paths.items()})
    src = (sorted(da["source"].unique()), sorted(db["source"].unique()))
    res.paths["report"] = out_dir / "compare.md"
    res.paths["report"].write_text(_compare_markdown(res, src, labels, rule, plot_paths))
    return res


def _compare_markdown(res: CompareResult, src, labels, rule: NoiseRule, plots: dict[str, Path]) -> str:
    t, g = res.table, res.groups
    A, B = labels
    L = [f"# Run comparison: {B} vs {A}", "",
         f"{A}: {', '.join(f'`{x}`' for x in src[0])}  ", f"{B}: {', '.join(f'`{x}`' for x in src[1])}", ""]
    for n in res.notes:
        L.append(f"> Note: {n}")
    L.append("")
    both = t[t["presence"] == "both"]
    L.append(f"{len(both)} rows in both runs, {int((t['presence'] == 'only-a').sum())} only in {A}, "
             f"{int((t['presence'] == 'only-b').sum())} only in {B}; {int(both['included'].sum())} compared.")
    L.append("")
    if res.mode == "measured":
        L += [f"Ratio = {B} median / {A} median (< 1: {B} is faster). Verdict `win` means {B} is faster.",
              "", rule.describe(f"run {A}", f"run {B}"), "",
              "## Geomean of the latency ratio", ""]
        L.append(md_table(g.rename(columns={"cache_mode": "cache", "geomean_ratio_b_over_a": f"geomean {B}/{A}",
                                            "n_compared": "compared", "n_excluded": "excluded",
                                            "b_faster": f"{B} faster", "b_slower": f"{B} slower",
                                            "within_noise": "within-noise", "same_kernel": "same-kernel"})[
            ["target", "cache", "variant", "compared", f"geomean {B}/{A}", f"{B} faster", f"{B} slower",
             "within-noise", "undetermined", "same-kernel", "excluded"]], {f"geomean {B}/{A}": ".4f"}))
        L += ["## Per row", ""]
        m, said = capped(both[both["cache_mode"] != ""], "compare.csv")  # at most MAX_ROWS rows; the CSV has all
        L += said
        L.append(md_table(pd.DataFrame({
            "shape": m["key"], "target": m["target"], "cache": m["cache_mode"], "variant": m["variant"],
            f"{A} µs": m["latency_us_median_a"], f"{B} µs": m["latency_us_median_b"],
            f"{B}/{A}": m["ratio_b_over_a"], "verdict": m["verdict"], "excluded": m["excluded_reason"],
        }), {f"{B}/{A}": ".4f"}))
    else:
        L += ["No runtime data in both runs: static deltas only.", ""]
    L += [f"## Static deltas ({B} − {A})", ""]
    st, said = capped(both.drop_duplicates(["key", "target", "variant"]), "compare.csv")
    L += said
    L.append(md_table(pd.DataFrame({
        "shape": st["key"], "target": st["target"], "variant": st["variant"],
        f"mma_kind {A}": st["mma_kind_a"], f"mma_kind {B}": st["mma_kind_b"],
        **{f"Δ{c}": st[f"d_{c}"] for c in STATIC_METRICS},
    })))
    L += ["## Rows in only one run, or not compared", ""]
    ex, said = capped(t[~t["included"]], "compare.csv")
    L += said
    L.append(md_table(pd.DataFrame({
        "shape": ex["key"], "target": ex["target"], "cache": ex["cache_mode"], "variant": ex["variant"],
        "presence": ex["presence"], f"status {A}": ex["status_a"], f"status {B}": ex["status_b"],
        "reason": ex["excluded_reason"],
    })) if not ex.empty else "None.\n")
    if plots:
        L += ["## Plots", ""] + [f"![{k}]({p.name})\n" for k, p in plots.items()]
    return "\n".join(L) + "\n"
