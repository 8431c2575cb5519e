"""The result first: what a report found, in one or two sentences, a shape x variant pivot and the best
variant per shape. Everything is read from the report's summary table (results columns and the verdicts
computed from them); nothing new is measured or modelled here.

* ``geomeans``: per (target, cache mode, variant), the geomean speedup over the baseline (the summary's
  ``speedup``: MEASURED latencies) and, where a vendor-library peer (``torch``) was measured, the
  geomean of vendor median / variant median over the shapes both ran (> 1: faster than the vendor).
* ``pivot``: one row per (target, cache mode, shape), one cell per variant: median µs, % of HBM peak (a
  MEASURED GB/s over a data-sheet peak), verdict against the baseline; and the best variant (lowest median).
* ``sentences``: the headline, from those two tables.
"""

from __future__ import annotations

from typing import Optional

import numpy as np
import pandas as pd

from ..problems.rows import Status
from .summary import instructions, instructions_of, records
from .verdict import SAME_KERNEL, geomean

VENDOR_PEERS = ("torch",)  # the vendor library (cuBLAS, hipBLASLt, CPU BLAS) through the torch peer


def timed(summary: pd.DataFrame) -> pd.DataFrame:
    """Rows with a latency that may be compared: the baseline's own rows and every included variant row."""
    s = summary[(summary["cache_mode"] != "") & summary["latency_us_median"].notna()]
    return s[s["included"] | (s["verdict"] == "baseline")]


def _fastest(t: pd.DataFrame) -> pd.DataFrame:
    """Per (target, cache, shape) the row with the lowest median; a same-kernel row (the baseline's own kernel
    compiled again) is never the fastest: its difference is drift."""
    t = t[t["verdict"] != SAME_KERNEL]
    return t.sort_values("latency_us_median", kind="stable").drop_duplicates(["target", "cache_mode", "key"])


def geomeans(summary: pd.DataFrame, baseline: str) -> pd.DataFrame:
    """target, cache_mode, variant, shapes, geomean_vs_baseline, wins, vendor, shapes_vs_vendor, geomean_vs_vendor."""
    t = timed(summary)
    rows = []
    for (target, cache), sub in t.groupby(["target", "cache_mode"], sort=True):
        lat = sub.pivot_table(index="key", columns="variant", values="latency_us_median", aggfunc="first")
        vendor = next((v for v in VENDOR_PEERS if v in lat.columns and v != baseline), None)
        for variant, vs in sub[sub["variant"] != baseline].groupby("variant", sort=True):
            r = dict(target=target, cache_mode=cache, variant=variant, shapes=int(vs["speedup"].notna().sum()),
                     geomean_vs_baseline=geomean(vs["speedup"]), wins=int((vs["verdict"] == "win").sum()),
                     losses=int((vs["verdict"] == "loss").sum()), vendor=vendor or "",
                     shapes_vs_vendor=0, geomean_vs_vendor=np.nan)
            if vendor and variant != vendor:
                both = lat[[vendor, variant]].dropna()
                r.update(shapes_vs_vendor=len(both), geomean_vs_vendor=geomean(both[vendor] / both[variant]))
            rows.append(r)
    return pd.DataFrame(rows, columns=["target", "cache_mode", "variant", "shapes", "geomean_vs_baseline", "wins",
                                       "losses", "vendor", "shapes_vs_vendor", "geomean_vs_vendor"])


def _cell(r: dict) -> str:
    parts = [f"{r['latency_us_median']:.4g}"]
    pct = r.get("pct_peak_bw")
    if pct is not None and pct == pct:
        parts.append(f"{pct:.0f}%")
    verdict = r.get("verdict") or ""
    if verdict and verdict != "baseline":
        sp = r.get("speedup")
        parts.append(f"{verdict} {sp:.2f}x" if sp == sp and sp is not None else verdict)
    elif verdict == "baseline":
        parts.append("baseline")
    return " · ".join(parts)


def pivot(summary: pd.DataFrame, baseline: str) -> pd.DataFrame:
    """One row per (target, cache_mode, shape): a cell per variant ('median µs · % HBM peak · verdict'),
    failed rows as their status, and ``best`` (the variant with the lowest median, with its speedup)."""
    s = summary[(summary["cache_mode"] != "") & (summary["status"] != Status.SKIPPED.value)]
    if s.empty:
        return pd.DataFrame()
    t = timed(s)
    variants = [baseline] + sorted(v for v in s["variant"].unique() if v != baseline)
    cells: dict[tuple, dict] = {}
    names: dict[str, str] = {}
    for r in records(s[["target", "cache_mode", "key", "name", "variant", "status"]]):
        ident = (r["target"], r["cache_mode"], r["key"])
        names.setdefault(r["key"], str(r.get("name") or r["key"]))
        cells.setdefault(ident, {})[r["variant"]] = r["status"] if r["status"] != "ok" else "—"
    t = t[["target", "cache_mode", "key", "variant", "latency_us_median", "pct_peak_bw", "verdict", "speedup"]]
    for r in records(t):
        cells[(r["target"], r["cache_mode"], r["key"])][r["variant"]] = _cell(r)
    best = _fastest(t)
    best_of = {(r["target"], r["cache_mode"], r["key"]): r for r in records(best)}
    order = s.sort_values(["target", "cache_mode", "dtype", "batch", "m", "n", "k"], kind="stable")
    present = set(s["variant"])
    variants = [v for v in variants if v in present]
    out = []
    for ident in dict.fromkeys(zip(order["target"], order["cache_mode"], order["key"])):
        row = {"target": ident[0], "cache": ident[1], "shape": names[ident[2]]}
        row.update({v: cells[ident].get(v, "") for v in variants})
        b = best_of.get(ident)
        row["best"] = _best(b, baseline) if b else "—"
        out.append(row)
    return pd.DataFrame(out)


def _best(r: dict, baseline: str) -> str:
    if r["variant"] == baseline:
        return f"{baseline} (baseline)"
    sp, verdict = r.get("speedup"), r.get("verdict") or ""
    return f"{r['variant']} ({sp:.2f}x, {verdict})" if sp == sp and sp is not None else r["variant"]


def best_counts(summary: pd.DataFrame) -> dict[tuple[str, str], dict[str, int]]:
    """(target, cache) -> {variant: shapes where it has the lowest median}."""
    best = _fastest(timed(summary))
    out: dict[tuple[str, str], dict[str, int]] = {}
    for (target, cache), sub in best.groupby(["target", "cache_mode"], sort=True):
        out[(target, cache)] = sub["variant"].value_counts().to_dict()
    return out


def _x(v: float) -> str:
    return f"{v:.2f}x"


def sentences(summary: pd.DataFrame, baseline: str, measured: bool, where: str) -> list[str]:
    """The headline: one or two sentences saying what the report found."""
    if not measured:
        return [_static_sentence(summary, baseline, where)]
    g = geomeans(summary, baseline)
    if g.empty or not g["shapes"].any():
        same = _same_kernel_variants(summary, baseline)
        return [f"Nothing to compare ({where}): no variant other than the baseline `{baseline}` has a timed row "
                "that could be compared with it" + (f"; {same}" if same else "") + "."]
    caches = sorted(set(g["cache_mode"]), key=lambda c: (c != "cold", c))
    cache = caches[0]  # the cold cache is the decode case (weights streamed from memory): lead with it
    out = []
    counts = best_counts(summary)
    for target, sub in g[g["cache_mode"] == cache].groupby("target", sort=True):
        sub = sub[sub["shapes"] > 0].sort_values("geomean_vs_baseline", ascending=False)
        parts = [f"`{r['variant']}` {_x(r['geomean_vs_baseline'])} ({r['wins']} of {r['shapes']} a win)"
                 for r in sub.to_dict("records")]
        s = (f"{target}, {cache} cache: geomean speedup over `{baseline}` — " + ", ".join(parts) + ".")
        vend = sub[sub["geomean_vs_vendor"].notna()]
        if not vend.empty:
            vendor = vend["vendor"].iloc[0]
            lead = vend.iloc[0]
            ratio = lead["geomean_vs_vendor"]
            rel = (f"{_x(1 / ratio)} behind" if ratio < 1 else f"{_x(ratio)} ahead of")
            s += (f" The fastest IREE variant, `{lead['variant']}`, is {rel} the vendor library (`{vendor}`) "
                  f"over {lead['shapes_vs_vendor']} shapes.")
        others = g[(g["target"] == target) & (g["cache_mode"] != cache) & (g["shapes"] > 0)]
        for other, osub in others.groupby("cache_mode", sort=True):
            osub = osub.sort_values("geomean_vs_baseline", ascending=False)
            s += (f" {other.capitalize()} cache: " + ", ".join(f"`{r['variant']}` {_x(r['geomean_vs_baseline'])}"
                                                               for r in osub.to_dict("records")) + ".")
        c = counts.get((target, cache), {})
        if c:
            s += " Fastest per shape: " + ", ".join(f"`{v}` {n}" for v, n in sorted(c.items(), key=lambda x: -x[1])) + "."
        out.append(s)
    return out


def _same_kernel_variants(summary: pd.DataFrame, baseline: str) -> str:
    """'`splitk` compiled to the baseline's own kernel on 5 of 5 shapes (...)' for variants with same-kernel rows."""
    if "verdict" not in summary:
        return ""
    rows = summary[(summary["variant"] != baseline) & (summary["cache_mode"] != "")].drop_duplicates(["key", "variant"])
    parts = []
    for variant, sub in rows.groupby("variant", sort=True):
        n = int((sub["verdict"] == SAME_KERNEL).sum())
        if n:
            parts.append(f"`{variant}` compiled to `{baseline}`'s own kernel on {n} of {len(sub)} shapes")
    return (", ".join(parts) + " (one kernel fingerprint: timing differences there are drift, never a win or "
            "a loss)") if parts else ""


def _static_sentence(summary: pd.DataFrame, baseline: str, where: str) -> str:
    """Per variant: rows that built, and how many carry the instruction that matters on their target (the
    first of its backend's ``instructions``: v_smfmac on CDNA, v_wmma on RDNA, mma.sync in PTX)."""
    st = summary[summary["status"] != Status.SKIPPED.value].drop_duplicates(["key", "target", "variant"])
    if st.empty:
        return f"Nothing was built ({where}): every row was skipped."
    parts = []
    for variant, sub in st.groupby("variant", sort=True):
        ok = sub[sub["status"] == "ok"]
        txt = f"`{variant}` {len(ok)}/{len(sub)} ok"
        counts: dict[str, int] = {}
        for (target, dtype), osub in ok.groupby(["target", "dtype"], sort=True):
            first = instructions(str(target), str(dtype))[:1]
            if first and first[0][0] in osub and osub[first[0][0]].notna().any():
                col, name = first[0]
                counts[name] = counts.get(name, 0) + int((osub[col] > 0).sum())
        if counts:
            txt += " (" + ", ".join(f"{n} with {name}" for name, n in counts.items()) + ")"
        parts.append(txt)
    return (f"{where[0].upper() + where[1:]}, nothing timed: " + ", ".join(parts)
            + f" over {st['key'].nunique()} shapes; no speedup is claimed.")


def skipped_line(summary: pd.DataFrame) -> Optional[str]:
    """One line for every skipped row (a variant that does not build for the target), or None."""
    sk = summary[summary["status"] == Status.SKIPPED.value]
    if sk.empty:
        return None
    per = sk.drop_duplicates(["key", "target", "variant"]).groupby(["variant", "target"]).size()
    what = ", ".join(f"`{v}` on {t} ({n} shapes)" for (v, t), n in per.items())
    return (f"{len(sk)} row(s) skipped, not compared and not plotted (the variant does not build for the "
            f"target): {what}.")


def _static_cell(r: dict) -> str:
    if r["status"] not in ("ok", "compiled"):
        return str(r["status"])
    parts = []
    for col, unit in (*instructions(str(r["target"]), str(r.get("dtype", ""))), ("vgpr", "VGPR"), ("workgroups", "WGs")):
        v = r.get(col)
        if v is not None and v == v:
            parts.append(f"{int(v)} {unit}")
    return " · ".join(parts) or str(r["status"])


def static_pivot(summary: pd.DataFrame, baseline: str) -> pd.DataFrame:
    """Compile-only: one row per (target, shape), a cell per variant: the target's instruction counts from the
    ISA (its backend's ``instructions``), VGPRs and WGs (MODELLED from the configured tile), or the row's status
    when it did not build."""
    from .summary import static_table  # noqa: PLC0415

    st = static_table(summary)
    st = st[st["status"] != Status.SKIPPED.value]
    if st.empty:
        return pd.DataFrame()
    variants = [v for v in [baseline] + sorted(set(st["variant"]) - {baseline}) if v in set(st["variant"])]
    cells: dict[tuple, dict] = {}
    names: dict[str, str] = {}
    cols = [c for c, _ in instructions_of(sorted(set(zip(st["target"], st["dtype"]))))] + ["vgpr", "workgroups"]
    for r in records(st[["target", "key", "name", "dtype", "variant", "status", *[c for c in cols if c in st]]]):
        names.setdefault(r["key"], str(r.get("name") or r["key"]))
        cells.setdefault((r["target"], r["key"]), {})[r["variant"]] = _static_cell(r)
    out = [{"target": t, "cache": "compile-only", "shape": names[k], **{v: c.get(v, "") for v in variants}}
           for (t, k), c in cells.items()]
    return pd.DataFrame(out)
