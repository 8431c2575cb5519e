"""Run-vs-run comparison by problem: for each pair of variants (``--pair VA:VB``: run A's VA against run B's VB;
by default each run's best IREE variant against the other run's ``default``), the latency ratio B/A per problem
under the report's verdict (report/verdict.py ``verdict_of``; the floor is the device's A/A-calibrated threshold
where there is one), static deltas, geomean of the ratio, and the problems present in only one run.

A pair of one kernel in both runs is ``same-kernel``: a drift figure, never a win or a loss and in no geomean.
One kernel is one kernel_fingerprint, or, for rows written without fingerprints, one variant built by one
compiler with identical static metrics; a peer (the vendor library, torch) against itself is always drift.

Writes compare.csv, compare_groups.csv, compare.md and (measured) ratio plots.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Mapping, Optional, Sequence

import numpy as np
import pandas as pd

from ..problems.rows import STATIC_METRICS, Status
from .load import ResultsInput, load_results, no_rows
from ..util.io import atomic_write_csv, atomic_write_text
from .markdown import capped, drop_empty, md_table
from .summary import own_problem
from .verdict import (DEFAULT_RULE, LOSS, SAME_KERNEL, UNDETERMINED, WIN, WITHIN_NOISE, NoiseRule, apart, geomean, num,
                      rule_for, same_kernel, verdict_of)

COMPARE_DOC: dict[str, str] = {
    "key": "problem key", "dtype": "element type", "m": "M", "n": "N", "k": "K", "batch": "batch",
    "target": "gfx arch", "variant": "the pair compared, VA:VB (run A's VA against run B's VB)",
    "variant_a": "run A's variant", "variant_b": "run B's variant", "cache_mode": "'' / hot / cold",
    "presence": "both | only-a | only-b",
    "status_a": "status in A", "status_b": "status in B", "device_a": "device in A", "device_b": "device in B",
    "latency_us_median_a": "median latency in A (us)", "latency_us_median_b": "median latency in B (us)",
    "floor_us_a": "A's harness floor (us, MEASURED: a 1x1x1 GEMM timed the same way)", "floor_us_b": "B's (us)",
    "timing_mode_a": "how A's dispatches were submitted", "timing_mode_b": "how B's were",
    "latency_us_std_a": "std in A (us)", "latency_us_std_b": "std in B (us)",
    "latency_us_mad_a": "median absolute deviation in A (us)", "latency_us_mad_b": "median absolute deviation in B (us)", "reps_a": "reps in A", "reps_b": "reps in B",
    "ratio_b_over_a": "latency_us_median_b / latency_us_median_a (< 1: B faster)",
    "kernel_fingerprint_a": "hash of the row's dispatched code in A", "kernel_fingerprint_b": "... in B",
    "verdict": "B against A under NoiseRule: win = B faster, loss = B slower, within-noise, undetermined; "
               "same-kernel = one kernel in both runs (a difference is drift: never a win or a loss)",
    "drift_reason": "why a same-kernel pair is one kernel ('' otherwise)",
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
    "drift_geomean_ratio",
]

IDENT = ["key", "target", "cache_mode"]  # one problem on one target in one cache mode: what a pair compares
DEFAULT_VARIANT = "default"
_BUILD = ("mma_kind", "smfmac", "mfma", "wmma", "nv_mma", "vgpr", "agpr", "sgpr", "lds_bytes", "spills",
          "workgroups", "workgroup_size", "kernels", "ptx_regs32")  # what a sweep row proves about its code


def is_peer(variant_name: str) -> bool:
    """A peer (the vendor library through torch): run, never compiled."""
    from ..variants.registry import UnknownVariantError, variant  # noqa: PLC0415

    try:
        return not variant(variant_name).compiled
    except UnknownVariantError:
        return False


def parse_pairs(specs: Sequence[str]) -> list[tuple[str, str]]:
    """``VA:VB`` strings -> (VA, VB); ValueError naming the bad one."""
    out = []
    for s in specs:
        va, sep, vb = s.partition(":")
        if not sep or not va.strip() or not vb.strip():
            raise ValueError(f"--pair {s}: give VA:VB (run A's variant VA against run B's VB, e.g. default:tuned)")
        out.append((va.strip(), vb.strip()))
    return out


def best_variant(d: pd.DataFrame) -> tuple[str, float]:
    """A run's best IREE variant and its geomean latency over the run's ``default``: the one (peers left out) whose
    geomean on the problems both timed is lowest and below 1; (``default``, 1.0) when none is faster or nothing was
    timed."""
    ok = d[(d["status"] == Status.OK.value) & d["latency_us_median"].notna()
           & ~d["numerics"].fillna("").astype(str).str.contains("fail")]
    base = ok[ok["variant"] == DEFAULT_VARIANT].set_index(IDENT)["latency_us_median"]
    best, best_gm = DEFAULT_VARIANT, 1.0
    for v, sub in ok.groupby("variant", sort=True):
        if v == DEFAULT_VARIANT or is_peer(str(v)):
            continue
        ratio = (sub.set_index(IDENT)["latency_us_median"] / base).dropna()
        gm = geomean(ratio.to_numpy(dtype=float))
        if gm == gm and gm < best_gm:
            best, best_gm = str(v), gm
    return best, best_gm


def default_pairs(da: pd.DataFrame, db: pd.DataFrame, measured: bool,
                  labels: tuple[str, str] = ("A", "B")) -> tuple[list[tuple[str, str]], str]:
    """(pairs, why): measured, both runs with a ``default``: A's default against B's best and A's best against B's
    default (one pair when both bests are the default). Otherwise each variant present in both runs against itself.
    ``why`` says how the pairs were chosen, and that a best was picked from the very rows it is then compared on."""
    va, vb = set(da["variant"]), set(db["variant"])
    if not (measured and DEFAULT_VARIANT in va and DEFAULT_VARIANT in vb):
        pairs = [(v, v) for v in sorted(va & vb)] or [(v, v) for v in sorted(va | vb)]
        return pairs, ("chosen by default (no --pair): each variant against itself, "
                       + ("compile-only: no latency to pick a best by" if not measured
                          else f"{labels[0] if DEFAULT_VARIANT not in va else labels[1]} has no default to pick a "
                                                                        "best against"))
    (best_b, gm_b), (best_a, gm_a) = best_variant(db), best_variant(da)

    def said(lab: str, best: str, gm: float) -> str:
        return (f"{lab}'s best is {best} ({gm:.2f}x its default's latency, geomean)" if best != DEFAULT_VARIANT
                else f"{lab}'s best is its default (no IREE variant faster)")
    return list(dict.fromkeys([(DEFAULT_VARIANT, best_b), (best_a, DEFAULT_VARIANT)])), (
        f"chosen by default (no --pair): each run's best IREE variant against the other's default; "
        f"{said(labels[1], best_b, gm_b)}, {said(labels[0], best_a, gm_a)}: picked from the same rows compared "
        "here, so a best is favoured by its own noise; give --pair VA:VB to fix the pairs before looking")


def drift_reason(r: Mapping, va: str, vb: str) -> str:
    """Why the merged row ``r`` (``_a``/``_b`` columns) is one kernel in both runs, '' when it is not known to be:
    one kernel_fingerprint; a peer against itself; or, without fingerprints on either side, one variant built by
    one compiler with every static metric the rows carry equal."""
    if same_kernel(r, r, ("_a", "_b")):
        return "one kernel_fingerprint in both runs"
    if va != vb:
        return ""
    if is_peer(va):
        return f"{va} against itself: the vendor library is no kernel of ours"
    fp = [r.get(f"kernel_fingerprint_{s}") for s in "ab"]
    if any(isinstance(f, str) and f for f in fp):
        return ""
    cv = [r.get(f"compiler_version_{s}") for s in "ab"]
    if not (isinstance(cv[0], str) and cv[0] and cv[0] == cv[1]):
        return ""
    seen = 0
    for c in _BUILD:
        x, y = r.get(f"{c}_a"), r.get(f"{c}_b")
        xn, yn = x is None or x != x or x == "", y is None or y != y or y == ""
        if xn and yn:
            continue
        if xn != yn or x != y:
            return ""
        seen += 1
    return f"{va} built by one compiler with identical static metrics in both runs" if seen else ""


def _devices_note(da: pd.DataFrame, db: pd.DataFrame, labels: tuple[str, str]) -> list[str]:
    """A note when the runs' timed rows were measured on different devices (the driver's name, else the device):
    then a ratio B/A measures the machines as well as the kernels, and no one device's calibration applies."""
    def on(d: pd.DataFrame) -> set[str]:
        t = d[d["latency_us_median"].notna()]
        return {n or dev for n, dev in zip(t["device_name"], t["device"]) if n or dev}

    a, b = on(da), on(db)
    if not a or not b or a == b:
        return []
    return [f"the runs were measured on different devices ({labels[0]}: {', '.join(sorted(a))}; {labels[1]}: "
            f"{', '.join(sorted(b))}): a ratio {labels[1]}/{labels[0]} compares the machines as well as the kernels"]


@dataclass
class CompareResult:
    out_dir: Path
    mode: str  # "measured" or "static"
    table: pd.DataFrame  # == compare.csv
    groups: pd.DataFrame  # == compare_groups.csv ('all' variant rows = across variants)
    paths: dict[str, Path] = field(default_factory=dict)
    notes: list[str] = field(default_factory=list)
    pairs: list[tuple[str, str]] = field(default_factory=list)  # (run A's variant, run B's) compared
    chosen: str = "given by --pair"  # how the pairs were chosen (default_pairs says why, when it chose them)
    rule: NoiseRule = DEFAULT_RULE  # the rule (and calibration) every verdict rests on

    def pairs_line(self, labels: tuple[str, str]) -> str:
        return (f"pairs ({labels[0]}'s variant:{labels[1]}'s): " + ", ".join(f"{a}:{b}" for a, b in self.pairs)
                + f" ({self.chosen})")

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
    pairs: Optional[Sequence[tuple[str, str]]] = None,
) -> CompareResult:
    """Compare run B with run A problem by problem (same key, target, cache_mode) for each pair of variants
    (``pairs``: (run A's variant, run B's variant); None: :func:`default_pairs`); ``rule`` None: the device's
    A/A-calibrated floor when both runs were measured on one calibrated device (as `vdmfma report`).

    Writes compare.csv (``COMPARE_COLUMNS``), compare_groups.csv (``COMPARE_GROUP_COLUMNS``),
    compare.md and, when measured, ratio plots. ValueError when a pair names a variant its run lacks.
    """
    da, na = load_results(a)
    db, nb = load_results(b)
    for run, d, notes, label in ((a, da, na, labels[0]), (b, db, nb, labels[1])):
        if d.empty:  # else a pair's check below says only "run B has no variant default (its variants: )"
            where = f" ({run})" if isinstance(run, (str, Path)) else ""
            raise ValueError(f"run {label}{where} holds no result row" + (no_rows(run, notes) if notes else ""))
    measured = bool(da["latency_us_median"].notna().any() and db["latency_us_median"].notna().any())
    chosen = "given by --pair"
    if pairs is None:
        pairs, chosen = default_pairs(da, db, measured, labels)
    for va, vb in pairs:
        for v, d, lab in ((va, da, labels[0]), (vb, db, labels[1])):
            if v not in set(d["variant"]):
                raise ValueError(f"--pair {va}:{vb}: run {lab} has no variant {v} "
                                 f"(its variants: {', '.join(sorted(set(d['variant'])))})")
    out_dir = Path(out_dir)
    out_dir.mkdir(parents=True, exist_ok=True)
    frames = []
    for va, vb in pairs:
        m = da[da["variant"] == va].merge(db[db["variant"] == vb], on=IDENT, how="outer", suffixes=("_a", "_b"),
                                          indicator=True)
        frames.append(m.assign(variant=f"{va}:{vb}", variant_a=va, variant_b=vb))
    merged = pd.concat(frames, ignore_index=True)
    notes = [f"{labels[0]}: {n}" for n in na] + [f"{labels[1]}: {n}" for n in nb]
    if measured:
        notes += _devices_note(da, db, labels)
    if rule is None:
        rule = rule_for(pd.concat([da, db], ignore_index=True), notes) if measured else DEFAULT_RULE
    ident = IDENT + ["variant"]
    rows = []
    for r in merged.to_dict("records"):
        side = {"both": "both", "left_only": "only-a", "right_only": "only-b"}[str(r["_merge"])]
        pick = lambda c: r[f"{c}_a"] if side != "only-b" else r[f"{c}_b"]  # noqa: E731
        o = {c: r[c] for c in ident + ["variant_a", "variant_b"]}
        o.update({c: pick(c) for c in ("dtype", "m", "n", "k", "batch")})
        o["presence"] = side
        for s in ("a", "b"):
            for c in ("status", "device", "latency_us_median", "latency_us_std", "latency_us_mad", "reps", "gbps",
                      "mma_kind", "kernel_fingerprint", "floor_us", "timing_mode"):
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
            if measured and not reason:  # one problem timed two ways is no comparison of kernels (cache modes match)
                reason = apart(r, r, ("_a", "_b"), devices=False)  # other devices: said once, in the notes
            for c in STATIC_METRICS:
                o[f"d_{c}"] = r[f"{c}_b"] - r[f"{c}_a"]
        o["ratio_b_over_a"] = np.nan
        o["verdict"] = ""
        o["noise_threshold"] = np.nan
        o["drift_reason"] = ""
        if side == "both" and not reason:
            drift = drift_reason(r, r["variant_a"], r["variant_b"])
            if drift:  # one kernel in both runs: the ratio is drift, never a verdict
                ma, mb = num(r["latency_us_median_a"]), num(r["latency_us_median_b"])
                o.update(ratio_b_over_a=mb / ma if ma and mb else np.nan, verdict=SAME_KERNEL, drift_reason=drift)
            elif measured:
                j = verdict_of(r, r, rule, ("_a", "_b"))  # the one verdict, as the report gives it
                o.update(ratio_b_over_a=1.0 / j.speedup if j.speedup == j.speedup else np.nan, verdict=j.verdict,
                         noise_threshold=j.threshold)
        o["included"] = not reason
        o["excluded_reason"] = reason
        rows.append(o)
    table = pd.DataFrame(rows).reindex(columns=COMPARE_COLUMNS)
    for c in ("status_a", "status_b", "device_a", "device_b", "mma_kind_a", "mma_kind_b", "kernel_fingerprint_a",
              "kernel_fingerprint_b", "timing_mode_a", "timing_mode_b"):
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
            drift = vs.loc[same, "ratio_b_over_a"].to_numpy(dtype=float)
            v = comp["verdict"]
            grows.append(dict(
                target=target, cache_mode=cache, variant=variant, n_rows=len(vs),
                n_compared=int((vs["included"] & ~same).sum()), n_excluded=int((~vs["included"]).sum()),
                geomean_ratio_b_over_a=geomean(r),
                min_ratio=float(r.min()) if r.size else np.nan, max_ratio=float(r.max()) if r.size else np.nan,
                b_faster=int((v == WIN).sum()), b_slower=int((v == LOSS).sum()),
                within_noise=int((v == WITHIN_NOISE).sum()), undetermined=int((v == UNDETERMINED).sum()),
                same_kernel=int(same.sum()), drift_geomean_ratio=geomean(drift),
            ))
    groups = pd.DataFrame(grows, columns=COMPARE_GROUP_COLUMNS)
    res = CompareResult(out_dir, "measured" if measured else "static", table, groups, notes=notes, pairs=list(pairs),
                        rule=rule, chosen=chosen)
    res.paths["compare"] = out_dir / "compare.csv"
    atomic_write_csv(table, res.paths["compare"], index=False, float_format="%.6g")
    res.paths["groups"] = out_dir / "compare_groups.csv"
    atomic_write_csv(groups, res.paths["groups"], index=False, float_format="%.6g")
    plot_paths: dict[str, Path] = {}
    if plots and measured:
        from . import plots as report_plots

        plot_paths = report_plots.compare_plots(table, out_dir, labels)
        res.paths.update({f"plot:{k}": v for k, v in plot_paths.items()})
    src = (sorted(da["source"].unique()), sorted(db["source"].unique()))
    res.paths["report"] = out_dir / "compare.md"
    atomic_write_text(res.paths["report"], _compare_markdown(res, src, labels, rule, plot_paths))
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
    L += [res.pairs_line(labels) + ".", ""]
    L.append(f"{len(both)} rows in both runs, {int((t['presence'] == 'only-a').sum())} only in {A}, "
             f"{int((t['presence'] == 'only-b').sum())} only in {B}; {int(both['included'].sum())} compared.")
    L.append("")
    if res.mode == "measured":
        L += [f"Each pair `VA:VB` compares {A}'s variant VA with {B}'s VB on the same problem. "
              f"Ratio = {B} median / {A} median (< 1: {B} is faster). Verdict `win` means {B} is faster. "
              f"`same-kernel`: one kernel in both runs (`drift_reason` in compare.csv says how it is known); its "
              f"ratio is drift, shown apart, never a win or a loss and in no geomean.",
              "", rule.describe(f"run {A}", f"run {B}"), "",
              "## Geomean of the latency ratio", ""]
        L.append(md_table(g.rename(columns={"cache_mode": "cache", "geomean_ratio_b_over_a": f"geomean {B}/{A}",
                                            "n_compared": "compared", "n_excluded": "excluded",
                                            "b_faster": f"{B} faster", "b_slower": f"{B} slower",
                                            "within_noise": "within-noise", "same_kernel": "same-kernel",
                                            "variant": "pair", "drift_geomean_ratio": "drift geomean (same-kernel)"})[
            ["target", "cache", "pair", "compared", f"geomean {B}/{A}", f"{B} faster", f"{B} slower",
             "within-noise", "undetermined", "same-kernel", "drift geomean (same-kernel)", "excluded"]],
            {f"geomean {B}/{A}": ".4f", "drift geomean (same-kernel)": ".4f"}))
        L += ["## Per row", ""]
        m, said = capped(both[both["cache_mode"] != ""], "compare.csv")  # at most MAX_ROWS rows; the CSV has all
        L += said
        L.append(md_table(drop_empty(pd.DataFrame({  # the floors where the runs measured them
            "shape": m["key"], "target": m["target"], "cache": m["cache_mode"], "pair": m["variant"],
            "timing": [x if x == y else f"{x or '?'} / {y or '?'}"  # one mode where a row was compared
                       for x, y in zip(m["timing_mode_a"], m["timing_mode_b"])],
            f"{A} µs": m["latency_us_median_a"], f"{A} floor µs": m["floor_us_a"],
            f"{B} µs": m["latency_us_median_b"], f"{B} floor µs": m["floor_us_b"],
            f"{B}/{A}": m["ratio_b_over_a"], "verdict": m["verdict"], "excluded": m["excluded_reason"],
        })), {f"{B}/{A}": ".4f"}))
    else:
        L += ["No runtime data in both runs: static deltas only.", ""]
    L += [f"## Static deltas ({B} − {A})", ""]
    st, said = capped(both.drop_duplicates(["key", "target", "variant"]), "compare.csv")
    L += said
    L.append(md_table(pd.DataFrame({
        "shape": st["key"], "target": st["target"], "pair": st["variant"],
        f"mma_kind {A}": st["mma_kind_a"], f"mma_kind {B}": st["mma_kind_b"],
        **{f"Δ{c}": st[f"d_{c}"] for c in STATIC_METRICS},
    })))
    L += ["## Rows in only one run, or not compared", ""]
    ex, said = capped(t[~t["included"]], "compare.csv")
    L += said
    L.append(md_table(pd.DataFrame({
        "shape": ex["key"], "target": ex["target"], "cache": ex["cache_mode"], "pair": ex["variant"],
        "presence": ex["presence"], f"status {A}": ex["status_a"], f"status {B}": ex["status_b"],
        "reason": ex["excluded_reason"],
    })) if not ex.empty else "None.\n")
    if plots:
        L += ["## Plots", ""] + [f"![{k}]({p.name})\n" for k, p in plots.items()]
    return "\n".join(L) + "\n"
