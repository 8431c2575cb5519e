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
from .summary import instructions_of, records, static_table
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


MAX_ROWS = 300  # rows per table in report.md; beyond that the table names the CSV that holds them all


def capped(sub: pd.DataFrame, csv: str = "summary.csv") -> tuple[pd.DataFrame, list[str]]:
    """At most MAX_ROWS rows of a per-row table, and the line that says so."""
    if len(sub) <= MAX_ROWS:
        return sub, []
    return sub.head(MAX_ROWS), [f"The first {MAX_ROWS} of {len(sub)} rows; every row is in [{csv}]({csv}).", ""]


def _names(sub: pd.DataFrame) -> dict:
    """The first columns of every per-row table: the user's name, then the problem key (the key column is
    left out when every name is its key: one column saying the same thing twice)."""
    names = [str(n or k) for n, k in zip(sub["name"], sub["key"])]  # shape_label, column-wise
    if names == list(sub["key"]):
        return {"name": names}
    return {"name": names, "key": list(sub["key"])}


def _empty(v) -> bool:
    return v is None or v is pd.NA or (isinstance(v, float) and not math.isfinite(v)) or str(v) in ("", "—", "nan")


def drop_empty(t: pd.DataFrame) -> pd.DataFrame:
    """Leave out the columns with no value in any row (e.g. '% compute peak' where the peak is unknown)."""
    if t.empty:
        return t
    return t[[c for c in t.columns if not all(_empty(v) for v in t[c])]]


# What each column shown in report.md means (written into the report, next to the tables). A column whose name
# says MODELLED is not labelled again in its definition.
COLUMN_DOC: dict[str, str] = {
    "name / key": "the name you gave the problem in the shape list, and its key dtype_MxNxK (key shown only "
                  "where a name differs from it)",
    "pivot cell": "median µs · % of HBM peak · verdict and speedup against the baseline (MEASURED latency; the "
                  "% divides a MEASURED GB/s by a data-sheet peak, shown only where the device's peak is known; no "
                  "speedup for a same-kernel row); a status instead when the row failed. "
                  "Compile-only: the instruction counts that matter on the target, from the ISA (as its backend "
                  "names them: v_smfmac · v_mfma on CDNA, v_mfma_scale · v_mfma for an MX dtype, v_wmma on RDNA, "
                  "mma.sync in PTX) · VGPR · WGs (MODELLED) "
                  "per variant",
    "best": "the variant with the lowest median for that shape and cache mode, with its speedup and verdict; a "
            "same-kernel row (the baseline's own kernel: its difference is drift) is never the best",
    "timing": "how the dispatches were submitted: cmdbuf (8 a command buffer, as a model's function records "
              "them, replayed on a stream), graph (the same, recorded as a CUDA/HIP graph) or loop (one submission "
              "each); docs/concepts/measurement.md",
    "median µs": "median latency of the repetitions (MEASURED, per dispatch)",
    "floor µs": "the harness floor beside it: a 1x1x1 GEMM (torch: matmul) timed the same way in the same "
                "process (MEASURED); a median near it is mostly the harness, not the kernel",
    "spread µs": "min–max of the repetitions, σ = their std, n = repetitions",
    "speedup": "baseline median / variant median (> 1: the variant is faster)",
    "verdict": "win / loss / within-noise / undetermined by the verdict rule above; `baseline` on baseline rows",
    "GB/s": "bytes moved (A, B read once, C written once) / median latency",
    "% HBM peak": "GB/s / the device's data-sheet HBM peak × 100",
    "TFLOP/s": "2·batch·M·N·K / median latency",
    "% compute peak": "TFLOP/s / the data-sheet dense compute peak for the element width × 100",
    "numerics": "the check against the float64 numpy reference (pass / fail)",
    "mma_kind": "the MMA kind applied, read from the configured IR (`wanted X` when the spec asked for another)",
    "smfmac / mfma": "v_smfmac (sparse, VDMFMA) / v_mfma (dense) instructions in the kernel's ISA",
    "mfma_scale": "v_mfma_scale (scaled MFMA) instructions in an MX (e.g. mxfp4) kernel's ISA; mfma counts them too",
    "wmma": "v_wmma instructions in the kernel's ISA (RDNA: its only matrix instruction; no smfmac or mfma there)",
    "nv_mma": "mma.sync / wmma instructions in the kernel's PTX",
    "VGPR / AGPR / LDS KiB / spills": "from the ISA metadata of the kernel",
    "WGs (MODELLED)": "workgroups launched, computed from the configured workgroup tile and the shape",
    "% CUs busy (MODELLED)": "min(workgroups, CUs) / CUs × 100 (CU count from the data sheet)",
    "weights read (MODELLED)": "weight bytes × M tiles of the variant's config (each M tile re-reads "
                               "the weights)",
    "waves/SIMD (MODELLED)": "occupancy from the ISA's VGPRs, LDS and workgroup size",
}


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
    skipped = s["status"] == "skipped"  # summarised in one line under *Excluded rows*
    var = s[~s["is_baseline"] & ~skipped]
    n_exc = int((~s["included"] & ~skipped).sum())
    if skipped.any():
        L += [f"{int(skipped.sum())} skipped row(s) (a variant that does not build for the target) are not compared "
              "or plotted.", ""]
    if var.empty:
        L.append(f"Only the baseline variant `{base}` is in the results: there is nothing to compare it with, "
                 f"so no speedups or verdicts; {n_exc} row(s) have a problem of their own (*Excluded rows*).")
    else:
        verb = f"compared with `{base}`" if res.mode == "measured" else f"set beside `{base}` (nothing timed)"
        L.append(f"{len(var)} variant rows, {int(var['included'].sum())} {verb}, "
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


def section_pivot(res, pivot: pd.DataFrame, limit: Optional[int] = None) -> list[str]:
    """Shape x variant per (target, cache): 'median µs · % HBM peak · verdict' and the best variant."""
    if pivot.empty:
        return []
    pairs = sorted(set(zip(res.summary["target"], res.summary["dtype"])))
    names = " · ".join(n for _, n in instructions_of(pairs))
    peak = bool(pd.to_numeric(res.summary["pct_peak_bw"], errors="coerce").notna().any())
    cell = (f"median µs · {'% of HBM peak · ' if peak else ''}verdict and speedup against `{res.baseline}` (no "
            "speedup for a same-kernel row: the baseline's own kernel); `best`: the lowest median, same-kernel rows "
            "aside" + ("" if peak else " (no % of HBM peak: the device's peak is not known)")
            if res.mode == "measured" else f"{names + ' · ' if names else ''}VGPRs from the ISA, workgroups "
            "(MODELLED from the configured tile); nothing was run")
    L = ["## Shape x variant", "", f"Each cell: {cell}. Definitions under *Column definitions* in report.md.", ""]
    for (target, cache), sub in pivot.groupby(["target", "cache"], sort=False):
        L += [f"### {target}" + (f", cache `{cache}`" if cache != "compile-only" else " (compile-only)"), ""]
        t = drop_empty(sub.drop(columns=["target", "cache"]))
        if limit is not None and len(t) > limit:
            L += [f"The first {limit} of {len(t)} shapes; every shape is in [pivot.csv](pivot.csv).", ""]
            t = t.head(limit)
        L.append(md_table(t))
    return L


def section_per_problem(res) -> list[str]:
    """Per (target, cache): every measured row, each shape's variants together (baseline first)."""
    L = ["## Per shape: every measured row", ""]
    s = res.summary
    s = s[s["status"] != "skipped"]
    for (target, cache), sub in s[s["cache_mode"] != ""].groupby(["target", "cache_mode"], sort=True):
        peaks = sorted(set(sub["peak_gbps"].dropna()))  # per device (by driver name, else arch): summary.py
        peak = peaks[0] if len(peaks) == 1 else None
        L += [f"### {target}, cache `{cache}` — measured on {devices_of(sub)}", ""]
        if peak:
            L += [f"% of peak: GB/s against the {peak:g} GB/s HBM peak and TFLOP/s against the dense compute peak "
                  "for the element width (data sheet, `devices/targets.py`).", ""]
        else:
            L += ["No data-sheet peak for this device: % of peak is not shown.", ""]
        sub = sub.sort_values(["dtype", "batch", "m", "n", "k", "is_baseline", "variant"],
                              ascending=[True, True, True, True, True, False, True], kind="stable")
        sub, note = capped(sub)
        L += note
        t = pd.DataFrame({
            **_names(sub), "variant": sub["variant"], "status": sub["status"],
            "timing": sub["timing_mode"] if "timing_mode" in sub else None,
            "median µs": sub["latency_us_median"],
            "floor µs": sub["floor_us"] if "floor_us" in sub else None,
            "spread µs": [_spread(r) for r in records(sub)],
            "speedup": sub["speedup"], "verdict": sub["verdict"],
            "GB/s": sub["gbps"], "% HBM peak": sub["pct_peak_bw"],
            "TFLOP/s": sub["tflops"], "% compute peak": sub["pct_peak_tflops"], "numerics": sub["numerics"],
        })
        if not peak:
            t = t.drop(columns=["% HBM peak", "% compute peak"])
        if sub["is_baseline"].all():  # nothing compared: no speedup or verdict to show
            t = t.drop(columns=["speedup", "verdict"])
        L.append(md_table(drop_empty(t), {"speedup": ".3f", "% HBM peak": ".1f", "median µs": ".4g", "floor µs": ".3g",
                                          "GB/s": ".4g",
                                          "TFLOP/s": ".3g", "% compute peak": ".2f"}))
    return L


def section_static(res) -> list[str]:
    """Static comparison per target: applied mma_kind, instruction counts, registers, LDS, and the
    modelled columns a reader needs (weights read per call, % of CUs with work, waves/SIMD)."""
    L = ["## Static comparison (compiler output / ISA, not measured)", "",
         "Columns marked MODELLED are computed, not measured: `weights read` = weight bytes × M tiles (each "
         "M tile's workgroups re-read the weights; the M tile is the variant's config, — for IREE's own choice), "
         "`% CUs busy` = min(workgroups, CUs) / CUs, `waves/SIMD` from the ISA's VGPRs, LDS and workgroup size.",
         ""]
    st = static_table(res.summary)
    for target, sub in st[st["status"] != "skipped"].groupby("target", sort=True):
        t = TARGETS.get(target)
        L += [f"### {target}" + (f" ({t.product}, {t.compute_units} CUs)" if t else ""), ""]
        if sub[list(STATIC_METRICS)].isna().all().all():
            L += ["No static data for these rows: no GPU ISA metadata (e.g. a host llvm-cpu build).", ""]
            if (sub["numerics"] != "").any():  # run for numerics only (no timing): show what was checked
                L.append(md_table(pd.DataFrame({**_names(sub), "variant": sub["variant"], "status": sub["status"],
                                                "device": sub["device"], "numerics": sub["numerics"],
                                                "max rel err": sub["max_rel_err"]}), {"max rel err": ".3g"}))
            continue
        sub, note = capped(sub)
        L += note
        recs = records(sub)
        tab = pd.DataFrame({
            **_names(sub), "variant": sub["variant"], "status": sub["status"],
            "mma_kind": [_mma_cell(r) for r in recs],
            **{col: sub[col] for col, _ in instructions_of((target, d) for d in sorted(set(sub["dtype"])))
               if col in sub},  # what matters on the target, for its dtypes (MX: v_mfma_scale)
            "VGPR": sub["vgpr"], "AGPR": sub["agpr"], "LDS KiB": sub["lds_bytes"] / 1024, "spills": sub["spills"],
            "WGs (MODELLED)": sub["workgroups"], "% CUs busy (MODELLED)": sub["pct_cus_busy"],
            "weights read (MODELLED)": [_weights(r) for r in recs],
            "waves/SIMD (MODELLED)": sub["waves_per_simd"],
        })
        L.append(md_table(drop_empty(tab), {"LDS KiB": ".3g", "% CUs busy (MODELLED)": ".0f"}))
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
    from .headline import skipped_line  # noqa: PLC0415

    L = ["## Excluded rows", ""]
    s = res.summary
    line = skipped_line(s)
    if line:
        L += [line, ""]
    ex = s[~s["included"] & (s["status"] != "skipped")]
    if ex.empty:
        L.append("None: no row failed, was not applied, or lacked data.")
    else:
        L.append(f"{len(ex)} row(s) were not compared" + (" and are not in any geomean" if res.mode == "measured" else "")
                 + ". Reasons come from the results file (`reason`/`error`).")
        L.append("")
        ex, note = capped(ex)
        L += note
        L.append(md_table(drop_empty(pd.DataFrame({
            **_names(ex), "target": ex["target"], "cache": ex["cache_mode"], "variant": ex["variant"],
            "status": ex["status"], "reason": ex["excluded_reason"], "repro": ex["repro"],
        }))))
    L.append("")
    return L


def section_plots(plots: dict[str, Path]) -> list[str]:
    L = ["## Plots", ""] if plots else []
    for name, p in plots.items():
        L += [f"![{name}]({p.name})", ""]
    return L


def section_columns() -> list[str]:
    """Column definitions, written out: the tables' columns, then every summary.csv column."""
    from .summary import SUMMARY_DOC  # noqa: PLC0415

    L = ["## Column definitions", "", "### Tables in this report", ""]
    L += [f"- **{c}**: {d}" for c, d in COLUMN_DOC.items()]
    L += ["", "### summary.csv", "", "One row per results row (baseline rows included); `groups.csv` holds the "
          "geomean speedup and verdict counts per (target, cache, variant) overall and by dtype, M, N and M "
          "power of two; `pivot.csv` the shape x variant table.", ""]
    L.append(md_table(pd.DataFrame({"column": list(SUMMARY_DOC), "meaning": list(SUMMARY_DOC.values())})))
    return L


def write_markdown(res, sources: list[str], rule: NoiseRule, title: str, plots: dict[str, Path],
                   pivot: Optional[pd.DataFrame] = None, lead: Optional[list[str]] = None) -> str:
    """report.md: the sections in order (measured sections only when there is runtime data)."""
    L = section_header(res, sources, title)
    L[2:2] = list(lead or [])  # the result first, under the title
    if res.mode == "measured":
        L += (section_geomeans(res, rule) if (~res.summary["is_baseline"]).any() else [])
        L += section_pivot(res, pivot if pivot is not None else pd.DataFrame(), limit=200) + section_per_problem(res)
    elif pivot is not None:
        L += section_pivot(res, pivot, limit=200)
    L += section_static(res) + section_same_kernel(res) + section_excluded(res) + section_plots(plots) + section_columns()
    return "\n".join(L)
