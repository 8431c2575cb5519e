"""Markdown for reports: a table writer and one function per section of report.md.

Sections take the report's tables (already computed) and return lines; they compute nothing new.
"""

from __future__ import annotations

import math
from pathlib import Path
from typing import Mapping, Optional

import numpy as np
import pandas as pd

from ..devices.targets import TARGETS
from ..problems.rows import STATIC_METRICS
from .summary import static_table
from .verdict import SAME_KERNEL, NoiseRule, num

def _fmt(v, spec: str = ".4g") -> str:
    if v is None or v is pd.NA:
        return "—"
    if isinstance(v, (bool, np.bool_)):
        return "yes" if v else "no"
    if isinstance(v, (int, np.integer)):
        return str(int(v))
    if isinstance(v, (float, np.floating)):
        if not math.isfinite(v):
            return "—"
        if float(v).is_integer() and abs(v) < 1e15 and spec == ".4g":
            return str(int(v))
        return format(float(v), spec)
    s = str(v)
    return s if s else "—"


def _md_cell(s: str, limit: int = 160) -> str:
    s = " ".join(str(s).split())
    if len(s) > limit:
        s = s[: limit - 1] + "…"
    return s.replace("|", "\\|")


def md_table(df: pd.DataFrame, formats: Optional[Mapping[str, str]] = None) -> str:
    """A GitHub markdown table (no tabulate needed). ``formats``: column -> format spec."""
    formats = formats or {}
    if df.empty:
        return "_(none)_\n"
    cols = [str(c) for c in df.columns]
    lines = ["| " + " | ".join(_md_cell(c) for c in cols) + " |", "|" + "|".join("---" for _ in cols) + "|"]
    for row in df.itertuples(index=False):
        cells = [_md_cell(_fmt(v, formats.get(c, ".4g"))) for c, v in zip(cols, row)]
        lines.append("| " + " | ".join(cells) + " |")
    return "\n".join(lines) + "\n"


def shape_label(r: Mapping) -> str:
    """The name the user gave the problem (its key when none was given)."""
    return str(r.get("name") or r["key"])


def _names(sub: pd.DataFrame) -> dict:
    """The first two columns of every per-row table: the user's name, then the problem key."""
    return {"name": [shape_label(r) for r in sub.to_dict("records")], "key": list(sub["key"])}


def _weights(r: Mapping) -> str:
    """'4.2 MiB ×4' : weight bytes read per call (modelled) and the re-read factor across M tiles."""
    read, tiles = num(r.get("weight_bytes_read")), num(r.get("m_tiles"))
    if read is None:
        return "—"
    return f"{read / 2**20:.3g} MiB" + (f" (×{int(tiles)} re-read)" if tiles and tiles > 1 else "")


def _spread(r: Mapping) -> str:
    lo, hi, sd, n = (num(r.get(c)) for c in ("latency_us_min", "latency_us_max", "latency_us_std", "reps"))
    parts = []
    if lo is not None and hi is not None:
        parts.append(f"{lo:.4g}–{hi:.4g}")
    if sd is not None:
        parts.append(f"σ {sd:.3g}")
    if n is not None:
        parts.append(f"n={int(n)}")
    return ", ".join(parts) or "—"


def _mma_cell(r: Mapping) -> str:
    kind, want = r.get("mma_kind") or "", r.get("intended_mma_kind") or ""
    if want and kind != want:
        return f"{kind or '—'} (wanted {want})"
    return kind or "—"


def _group_pivot(g: pd.DataFrame) -> pd.DataFrame:
    """One row per (target, cache, by, group), one column per variant: compact for markdown."""
    def cell(r) -> str:
        gm = _fmt(r["geomean_speedup"], ".3f")
        c = f"{gm} ({r['n_compared']}: {r['wins']}W {r['losses']}L {r['within_noise']}= {r['undetermined']}?"
        c += f" {r['same_kernel']}S" if r.get("same_kernel") else ""
        return c + (f", {r['n_excluded']}x)" if r["n_excluded"] else ")")

    if g.empty:
        return pd.DataFrame()
    g = g.assign(cell=[cell(r) for r in g.to_dict("records")])
    order = {k: i for i, k in enumerate(dict.fromkeys(zip(g["target"], g["cache_mode"], g["group_by"], g["group"])))}
    p = g.pivot_table(index=["target", "cache_mode", "group_by", "group"], columns="variant", values="cell",
                      aggfunc="first", sort=False).reset_index()
    p = p.iloc[sorted(range(len(p)), key=lambda i: order[tuple(p.iloc[i][["target", "cache_mode", "group_by", "group"]])])]
    p.columns.name = None
    return p.rename(columns={"cache_mode": "cache", "group_by": "by"}).fillna("—")


def devices_of(sub: pd.DataFrame) -> str:
    """The devices of some rows: the driver's name with the device URI, e.g. 'NVIDIA H100 80GB HBM3 (cuda://0)'."""
    names = sub["device_name"] if "device_name" in sub else pd.Series([""] * len(sub), index=sub.index)
    d = sorted({f"{n} ({x})" if isinstance(n, str) and n else x
                for x, n in zip(sub["device"], names) if isinstance(x, str) and x})
    return ", ".join(d) if d else "device not recorded"


def section_header(res, sources: list[str], title: str) -> list[str]:
    """Title, sources, what was measured (where) or that it is static, notes, row counts."""
    s, base = res.summary, res.baseline
    L: list[str] = [f"# {title}", ""]
    L.append(f"Sources: {', '.join(f'`{x}`' for x in sources)} — {len(s)} rows, baseline variant `{base}`.")
    L.append("")
    if res.mode == "measured":
        meas = s[s["latency_us_median"].notna()]
        where = "; ".join(f"{t} on {devices_of(sub)}" for t, sub in meas.groupby("target"))
        L.append(f"**Measured** latencies ({where}). Comparisons are within the same key, target and cache mode.")
    elif (s["numerics"] != "").any():
        L.append(f"**No timing** (numerics only, e.g. `--reps 0`): rows were run on {devices_of(s)} and checked "
                 "against numpy; no latency was measured, so no speedups are computed.")
    else:
        L.append("**Static only**: no runtime data (compile-only sweep). Numbers below come from the compiler's "
                 "output and ISA; no speedups are computed.")
    L.append("")
    L += [f"> Note: {n}" for n in res.notes] + ([""] if res.notes else [])
    var = s[~s["is_baseline"]]
    n_exc = int((~s["included"]).sum())
    if var.empty:
        L.append(f"Only the baseline variant `{base}` is in the results: there is nothing to compare it with, "
                 f"so no speedups or verdicts; {n_exc} row(s) have a problem of their own (*Excluded rows*).")
    else:
        L.append(f"{len(var)} variant rows, {int(var['included'].sum())} compared with `{base}`, "
                 f"{n_exc} row(s) excluded (listed under *Excluded rows*"
                 + (", left out of every geomean)." if res.mode == "measured" else ")."))
    L.append("")
    return L


def section_geomeans(res, rule: NoiseRule) -> list[str]:
    """Geomean speedup per target, cache and variant, then the per-group pivot (measured only)."""
    base = res.baseline
    L = ["## Summary: geomean speedup vs `" + base + "`", "",
         rule.describe(f"`{base}`") + f" Speedup = `{base}` median / variant median (> 1: the variant is faster).",
         ""]
    ov = res.overall.rename(columns={"cache_mode": "cache", "geomean_speedup": "geomean", "n_compared": "compared",
                                     "n_excluded": "excluded", "within_noise": "within-noise",
                                     "same_kernel": "same-kernel"})
    L.append(md_table(ov[["target", "cache", "variant", "compared", "geomean", "wins", "losses", "within-noise",
                          "undetermined", "same-kernel", "excluded"]], {"geomean": ".3f"}))
    L += ["### By group (dtype, M, N, M power of two)", "",
          "Cells: geomean speedup (compared rows: wins W, losses L, within-noise =, undetermined ?, same kernel as "
          "the baseline S, not in the geomean; excluded rows x).",
          ""]
    g = res.groups
    L.append(md_table(_group_pivot(g[g["group_by"] != "all"])))
    return L


def section_per_problem(res) -> list[str]:
    """Per (target, cache): every measured row, worst % of peak first (the rows to look at first)."""
    L = ["## Per problem (worst % of peak first)", ""]
    s = res.summary
    for (target, cache), sub in s[s["cache_mode"] != ""].groupby(["target", "cache_mode"], sort=True):
        peaks = sorted(set(sub["peak_gbps"].dropna()))  # per device (by driver name, else arch): summary.py
        peak = peaks[0] if len(peaks) == 1 else None
        L += [f"### {target}, cache `{cache}` — measured on {devices_of(sub)}", ""]
        if peak:
            L += [f"% of peak: GB/s against the {peak:g} GB/s HBM peak and TFLOP/s against the dense compute peak "
                  "for the element width (data sheet, `devices/targets.py`). Sorted worst % of HBM peak first.", ""]
        else:
            L += ["No data-sheet peak for this device: % of peak is not shown; sorted slowest first.", ""]
        sub = sub.assign(_worst=sub["pct_peak_bw"].fillna(-sub["latency_us_median"]))
        sub = sub.sort_values(["_worst", "variant"], kind="stable")
        t = pd.DataFrame({
            **_names(sub), "variant": sub["variant"], "status": sub["status"],
            "median µs": sub["latency_us_median"],
            "spread µs": [_spread(r) for r in sub.to_dict("records")],
            "speedup": sub["speedup"], "verdict": sub["verdict"],
            "GB/s": sub["gbps"], "% HBM peak": sub["pct_peak_bw"],
            "TFLOP/s": sub["tflops"], "% compute peak": sub["pct_peak_tflops"], "numerics": sub["numerics"],
        })
        if not peak:
            t = t.drop(columns=["% HBM peak", "% compute peak"])
        if sub["is_baseline"].all():  # nothing compared: no speedup or verdict to show
            t = t.drop(columns=["speedup", "verdict"])
        L.append(md_table(t, {"speedup": ".3f", "% HBM peak": ".1f", "median µs": ".4g", "GB/s": ".4g",
                              "TFLOP/s": ".3g", "% compute peak": ".2f"}))
    return L


def section_static(res) -> list[str]:
    """Static comparison per target: applied mma_kind, instruction counts, registers, LDS, and the
    modelled columns a reader needs (weights read per call, % of CUs with work, waves/SIMD)."""
    L = ["## Static comparison (compiler output / ISA, not measured)", "",
         "Columns marked *modelled* are computed, not measured: `weights read` = weight bytes × M tiles (each "
         "M tile's workgroups re-read the weights; the M tile is the variant's config, — for IREE's own choice), "
         "`% CUs busy` = min(workgroups, CUs) / CUs, `waves/SIMD` from the ISA's VGPRs, LDS and workgroup size.",
         ""]
    for target, sub in static_table(res.summary).groupby("target", sort=True):
        t = TARGETS.get(target)
        L += [f"### {target}" + (f" ({t.product}, {t.compute_units} CUs)" if t else ""), ""]
        if sub[list(STATIC_METRICS)].isna().all().all():
            L += ["No static data for these rows: no GPU ISA metadata (e.g. a host llvm-cpu build).", ""]
            if (sub["numerics"] != "").any():  # run for numerics only (no timing): show what was checked
                L.append(md_table(pd.DataFrame({**_names(sub), "variant": sub["variant"], "status": sub["status"],
                                                "device": sub["device"], "numerics": sub["numerics"],
                                                "max rel err": sub["max_rel_err"]}), {"max rel err": ".3g"}))
            continue
        recs = sub.to_dict("records")
        tab = pd.DataFrame({
            **_names(sub), "variant": sub["variant"], "status": sub["status"],
            "mma_kind": [_mma_cell(r) for r in recs], "smfmac": sub["smfmac"], "mfma": sub["mfma"],
            "VGPR": sub["vgpr"], "AGPR": sub["agpr"], "LDS KiB": sub["lds_bytes"] / 1024, "spills": sub["spills"],
            "WGs (modelled)": sub["workgroups"], "% CUs busy (modelled)": sub["pct_cus_busy"],
            "weights read (modelled)": [_weights(r) for r in recs],
            "waves/SIMD (modelled)": sub["waves_per_simd"],
        })
        if "wmma" in sub and sub["wmma"].fillna(0).gt(0).any():  # RDNA: WMMA instead of (A)GPR-split MFMA
            tab.insert(tab.columns.get_loc("mfma") + 1, "wmma", sub["wmma"].values)
        L.append(md_table(tab, {"LDS KiB": ".3g", "% CUs busy (modelled)": ".0f"}))
    return L


def section_same_kernel(res) -> list[str]:
    """Rows that compiled to the baseline's very kernel (one kernel_fingerprint): named, never compared."""
    s = res.summary
    same = s[s["verdict"] == SAME_KERNEL]
    if same.empty:
        return []
    keep = same.drop_duplicates(["key", "target", "variant"])
    return ["## Same kernel as the baseline", "",
            f"{len(keep)} variant(s) compiled to the very code of `{res.baseline}` (the same `kernel_fingerprint`: "
            "a hash of the executables' ISA with names, paths and timestamps stripped). Their verdict is "
            "`same-kernel`: any latency difference is drift, so they are no win, no loss and in no geomean.", "",
            md_table(pd.DataFrame({**_names(keep), "target": keep["target"], "variant": keep["variant"],
                                   "kernel_fingerprint": keep["kernel_fingerprint"]})), ""]


def section_excluded(res) -> list[str]:
    """Every row not compared, with its reason and reproducing command."""
    L = ["## Excluded rows", ""]
    s = res.summary
    ex = s[~s["included"]]
    if ex.empty:
        L.append("None: no row failed, was not applied, or lacked data.")
    else:
        L.append(f"{len(ex)} row(s) were not compared" + (" and are not in any geomean" if res.mode == "measured" else "")
                 + ". Reasons come from the results file (`reason`/`error`).")
        L.append("")
        L.append(md_table(pd.DataFrame({
            **_names(ex), "target": ex["target"], "cache": ex["cache_mode"], "variant": ex["variant"],
            "status": ex["status"], "reason": ex["excluded_reason"], "repro": ex["repro"],
        })))
    L.append("")
    return L


def section_plots(plots: dict[str, Path]) -> list[str]:
    L = ["## Plots", ""] if plots else []
    for name, p in plots.items():
        L += [f"![{name}]({p.name})", ""]
    return L


def section_files() -> list[str]:
    return ["## Files", "", "- `summary.csv`: one row per results row (columns documented in "
            "`iree_vdmfma.report.SUMMARY_DOC`).", "- `groups.csv`: geomeans and verdict counts per group.", ""]


def write_markdown(res, sources: list[str], rule: NoiseRule, title: str, plots: dict[str, Path]) -> str:
    """report.md: the sections in order (measured sections only when there is runtime data)."""
    L = section_header(res, sources, title)
    if res.mode == "measured":
        L += (section_geomeans(res, rule) if (~res.summary["is_baseline"]).any() else []) + section_per_problem(res)
    L += section_static(res) + section_same_kernel(res) + section_excluded(res) + section_plots(plots) + section_files()
    return "\n".join(L)
