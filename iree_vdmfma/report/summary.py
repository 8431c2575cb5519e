"""The report's tables: one summary row per result row (speedup and verdict against the baseline
variant of the same key, target and cache mode), geomeans per group, and the static table.

Every number is a results column, a ratio or difference of results columns, or (labelled) a
results column divided by a data-sheet figure from ``devices`` (peaks, CU counts).
"""

from __future__ import annotations

from functools import lru_cache
from typing import Mapping, Optional

import numpy as np
import pandas as pd

from ..devices.targets import TARGETS, device_spec
from ..problems.rows import STATIC_METRICS, Status
from .derived import DERIVED_DOC, derived, element_bytes
from .instructions import instructions, instructions_of  # noqa: F401  (the report's modules import them from here)
from ..problems.rows import EXCLUDED, status_values
from .verdict import (LOSS, SAME_KERNEL, UNDETERMINED, WIN, WITHIN_NOISE, NoiseRule, Timing, apart, num, same_kernel,
                      speedup_interval, verdict_of)

SUMMARY_DOC: dict[str, str] = {
    "key": "problem key, e.g. f16_8x13312x16384",
    "name": "problem name",
    "dtype": "element type", "m": "M", "n": "N", "k": "K", "batch": "batch count",
    "m_pow2": "True when M is a power of two",
    "target": "compile target (gfx arch, sm_NN or host)", "device": "device the row was measured on ('' if compile-only)",
    "device_name": "the driver's name for that device (provenance), e.g. 'NVIDIA H100 80GB HBM3'",
    "device_arch": "that device's own arch (provenance), e.g. sm_90 for an H100 running sm_89 PTX",
    "cache_mode": "'' compile-only, 'hot' or 'cold'",
    "variant": "variant name", "is_baseline": "True for the baseline variant's own rows",
    "status": "results status (ok, compiled, not-applied, compile-error, ...)",
    "mma_kind": "MMA kind applied (from the ISA/IR)", "intended_mma_kind": "MMA kind the spec asked for",
    "smfmac": "sparse MFMA instruction count", "mfma": "dense MFMA instruction count",
    "wmma": "RDNA WMMA (v_wmma) instruction count",
    "mfma_scale": "scaled MFMA (v_mfma_scale, MX dtypes such as mxfp4) instruction count; also counted in mfma",
    "vgpr": "VGPRs", "agpr": "AGPRs", "sgpr": "SGPRs", "lds_bytes": "LDS bytes", "spills": "spills",
    "scratch_bytes": "scratch bytes",
    "waves_per_simd": "MODELLED occupancy (waves per SIMD) from the ISA's VGPRs, LDS and workgroup size "
                      "(backends/rocm/evidence.py), not measured",
    "workgroups": "workgroups launched, MODELLED from the configured workgroup tile and the problem shape", "compute_units": "target CU count (data sheet, targets.py)",
    "workgroups_per_cu": "workgroups / compute_units (MODELLED)",
    **DERIVED_DOC,
    "peak_gbps": "HBM peak of the device (data sheet, devices/targets.py; by driver name, else arch)",
    "peak_tflops": "device's dense compute peak for the dtype's width (data sheet, devices/targets.py)",
    "pct_peak_tflops": "tflops / peak_tflops · 100 (measured / data sheet)",
    "reps": "timed repetitions", "latency_us_median": "median latency (us)",
    "timing_mode": "how the timed dispatches were submitted: cmdbuf (8 a command buffer, as a model's function), "
                   "graph (the same, recorded as a CUDA/HIP graph) or loop (one submission each); "
                   "docs/concepts/measurement.md",
    "floor_us": "the harness floor (us): a 1x1x1 GEMM timed the same way in the same process, MEASURED "
                "(run/floor.py); a latency near it is the harness, not the kernel",
    "latency_us_min": "min latency (us)", "latency_us_max": "max latency (us)",
    "latency_us_std": "std of latency over reps (us)",
    "latency_us_mad": "median absolute deviation of latency over reps (us): the noise rule's spread",
    "gbps": "achieved bandwidth (GB/s, from results)",
    "pct_peak_bw": "% of HBM peak (from results; else gbps / targets peak_hbm_gbps)",
    "tflops": "achieved TFLOP/s (from results)",
    "numerics": "numerics check result", "max_abs_err": "max abs error", "max_rel_err": "max rel error",
    "baseline": "baseline variant name", "baseline_status": "status of the matched baseline row",
    "baseline_latency_us_median": "baseline median latency (us)",
    "baseline_latency_us_std": "baseline latency std (us)",
    "speedup": "baseline median / variant median (> 1: variant faster); empty when not compared",
    "speedup_lo": "speedup's noise interval, low end: baseline interval low / variant interval high (NoiseRule)",
    "speedup_hi": "speedup's noise interval, high end: baseline interval high / variant interval low",
    "verdict": "win | loss | within-noise | undetermined; same-kernel when the row's kernel_fingerprint is the "
               "baseline's (one kernel: no speedup, never in a geomean); 'baseline' on baseline rows; '' when not "
               "compared",
    "kernel_fingerprint": "hash of the dispatched code with volatile metadata stripped (compiler/fingerprint.py)",
    "noise_threshold": "relative difference needed to leave the noise (NoiseRule)",
    "baseline_mma_kind": "baseline's applied MMA kind",
    **{f"d_{m}": "variant - baseline" for m in STATIC_METRICS},
    "included": "True when the row is compared with the baseline (and enters the geomean when measured)",
    "excluded_reason": "why the row is not compared (own failure, baseline failure, no data)",
    "repro": "command that reproduces the job", "source": "results file the row came from",
}

SUMMARY_COLUMNS: list[str] = list(SUMMARY_DOC)

GROUP_COLUMNS: list[str] = [
    "target", "cache_mode", "variant", "group_by", "group", "n_rows", "n_compared", "n_excluded",
    "geomean_speedup", "min_speedup", "max_speedup", "wins", "losses", "within_noise", "undetermined",
    "same_kernel",
]

GROUP_BY = ["dtype", "m", "n", "m_pow2"]


def records(df: pd.DataFrame) -> list[dict]:
    """``df.to_dict("records")``, several times faster on wide tables (no per-cell boxing)."""
    cols = list(df.columns)
    columns = [df[c].to_numpy(dtype=object).tolist() for c in cols]  # column-wise: no per-cell pandas access
    return [dict(zip(cols, row)) for row in zip(*columns)]


def own_problem(row: Mapping, measured: bool) -> str:
    status = row["status"]
    detail = row["error"] or row["reason"]
    if status in status_values(EXCLUDED):
        return f"{status}: {detail}" if detail else status
    if status == str(Status.PENDING):
        return "pending: job did not finish"
    if "fail" in str(row["numerics"]).lower():
        return f"numerics {row['numerics']}" + (f": {detail}" if detail else "")
    if measured and num(row["latency_us_median"]) is None:
        return f"no runtime data (status {status})"
    return ""


def _peak_gbps(row: Mapping) -> float:
    """Data-sheet HBM peak of the device the row ran on (by driver name, else AMD arch); NaN when unknown
    (a CPU, an unknown GPU). Compile-only rows: the target's peak."""
    device = str(row.get("device") or "")
    if device.startswith("local"):
        return float("nan")
    spec = device_spec(str(row.get("device_name") or ""), str(row.get("device_arch") or row["target"]))
    return spec.peak_hbm_gbps if spec else float("nan")


@lru_cache(maxsize=256)
def _peak_gbps_of(device: str, device_name: str, arch: str) -> float:
    return _peak_gbps({"device": device, "device_name": device_name, "device_arch": arch, "target": arch})


@lru_cache(maxsize=8192)
def _derived_of(variant, m, n, k, batch, dtype, target, workgroups) -> dict:
    """derived() of a row, by the only fields it reads (a row's hot and cold rows share one computation)."""
    return derived(dict(variant=variant, m=m, n=n, k=k, batch=batch, dtype=dtype, target=target,
                        workgroups=workgroups))


def _pct_peak(row: Mapping, peak: float) -> float:
    pct = num(row.get("pct_peak_bw"))
    if pct is not None:
        return pct
    gbps = num(row.get("gbps"))
    return gbps / peak * 100.0 if gbps is not None and peak == peak else float("nan")


def _compute_peak(row: Mapping, t) -> dict:
    """Data-sheet dense compute peak for the row's dtype width, and achieved TFLOP/s as % of it."""
    eb = element_bytes(str(row["dtype"]))
    peak = t.peak_tflops(eb) if t and eb else float("nan")
    tf = num(row.get("tflops"))
    return dict(peak_tflops=peak, pct_peak_tflops=tf / peak * 100.0 if tf is not None and peak == peak else np.nan)


def _find_baseline(index: dict, key: str, target: str, cache: str) -> Optional[Mapping]:
    for c in (cache, ""):
        if (key, target, c) in index:
            return index[(key, target, c)]
    return next((r for (k, t, _), r in index.items() if k == key and t == target), None)


def build_summary(df: pd.DataFrame, baseline: str, rule: NoiseRule, measured: bool) -> pd.DataFrame:
    base_rows = {(r["key"], r["target"], r["cache_mode"]): r for r in records(df[df["variant"] == baseline])}
    out = []
    for r in records(df):
        is_base = r["variant"] == baseline
        t = TARGETS.get(r["target"])
        s = {c: r.get(c) for c in SUMMARY_COLUMNS if c in r}
        s.update(
            m_pow2=bool(int(r["m"]) & (int(r["m"]) - 1) == 0),
            is_baseline=is_base,
            compute_units=t.compute_units if t else np.nan,
            peak_gbps=_peak_gbps_of(str(r.get("device") or ""), str(r.get("device_name") or ""),
                                    str(r.get("device_arch") or r["target"])),
            baseline=baseline,
            speedup=np.nan, verdict="", noise_threshold=np.nan,
        )
        s["pct_peak_bw"] = _pct_peak(r, s["peak_gbps"])
        s.update(_derived_of(r["variant"], r["m"], r["n"], r["k"], r.get("batch"), r["dtype"], r["target"],
                             r.get("workgroups")))
        s.update(_compute_peak(r, t))
        s["workgroups_per_cu"] = (r["workgroups"] / t.compute_units) if t and num(r["workgroups"]) is not None else np.nan
        reason = own_problem(r, measured)
        if is_base:
            b = r
            s["verdict"] = "baseline" if not reason else ""
        else:
            b = _find_baseline(base_rows, r["key"], r["target"], r["cache_mode"])
            if not reason:
                if b is None:
                    reason = f"no {baseline} row for this key/target/cache_mode"
                else:
                    breason = own_problem(b, measured) or (apart(b, r) if measured else "")
                    if breason:
                        reason = f"baseline {baseline} {breason}"
        if b is not None:
            s.update(baseline_status=b["status"], baseline_latency_us_median=b["latency_us_median"],
                     baseline_latency_us_std=b["latency_us_std"], baseline_mma_kind=b["mma_kind"])
            for m in STATIC_METRICS:
                s[f"d_{m}"] = r[m] - b[m]
        if not is_base and not reason and b is not None and (measured or same_kernel(r, b)):
            j = verdict_of(b, r, rule)  # the one verdict; same-kernel: one kernel, a difference is drift
            s["verdict"] = j.verdict
            if j.verdict != SAME_KERNEL:
                lo, hi = speedup_interval(Timing.from_row(b), Timing.from_row(r), rule)
                s.update(speedup=j.speedup, noise_threshold=j.threshold, speedup_lo=lo, speedup_hi=hi)
        s["included"] = not reason
        s["excluded_reason"] = reason
        out.append(s)
    summary = pd.DataFrame(out)
    summary = summary.reindex(columns=SUMMARY_COLUMNS)
    for c in ("baseline_status", "baseline_mma_kind"):
        summary[c] = summary[c].fillna("")
    summary = summary.sort_values(
        ["target", "cache_mode", "dtype", "batch", "m", "n", "k", "is_baseline", "variant"],
        ascending=[True, True, True, True, True, True, True, False, True], kind="stable",
    ).reset_index(drop=True)
    return summary


def _label(g: str, value) -> str:
    if g == "m_pow2":
        return "pow2" if value else "not-pow2"
    if g in ("m", "n"):
        return str(int(value))
    return str(value)


def build_groups(summary: pd.DataFrame) -> pd.DataFrame:
    """Per (target, cache_mode, variant): the 'all' group, then one group per value of each GROUP_BY column.

    Vectorised (one groupby per grouping): geomean = exp(mean(log speedup)) over the compared rows with a
    positive finite speedup; verdict counts and min/max over the compared rows."""
    var = summary[~summary["is_baseline"] & (summary["status"] != str(Status.SKIPPED))]  # skipped: never compared
    if var.empty:
        return pd.DataFrame(columns=GROUP_COLUMNS)
    same = var["verdict"] == SAME_KERNEL  # one kernel: never compared (a difference is drift), counted apart
    inc = var["included"].astype(bool) & ~same
    sp = pd.to_numeric(var["speedup"], errors="coerce")
    comp = inc & sp.notna()
    good = comp & np.isfinite(sp) & (sp > 0)
    t = pd.DataFrame({
        "target": var["target"], "cache_mode": var["cache_mode"], "variant": var["variant"], "all": "all",
        **{g: var[g] for g in GROUP_BY},
        "_inc": inc.astype(int), "_exc": (~inc & ~same).astype(int), "_log": np.log(sp.where(good)),
        "_sp": sp.where(comp), **{f"_{v}": (comp & (var["verdict"] == v)).astype(int)
                                  for v in (WIN, LOSS, WITHIN_NOISE, UNDETERMINED)},
        "_same": same.astype(int),
    })
    ident = ["target", "cache_mode", "variant"]
    parts = []
    for order, g in enumerate(["all"] + GROUP_BY):
        a = t.groupby(ident + [g], sort=True).agg(
            n_rows=("_inc", "size"), n_compared=("_inc", "sum"), n_excluded=("_exc", "sum"),
            _logmean=("_log", "mean"), min_speedup=("_sp", "min"), max_speedup=("_sp", "max"),
            wins=(f"_{WIN}", "sum"), losses=(f"_{LOSS}", "sum"), within_noise=(f"_{WITHIN_NOISE}", "sum"),
            undetermined=(f"_{UNDETERMINED}", "sum"), same_kernel=("_same", "sum")).reset_index()
        a["group_by"], a["group"], a["_order"] = g, [_label(g, v) for v in a[g]], order
        a["_rank"] = range(len(a))
        parts.append(a.drop(columns=[g]))
    out = pd.concat(parts, ignore_index=True).sort_values(ident + ["_order", "_rank"], kind="stable")
    out["geomean_speedup"] = np.exp(out["_logmean"])
    return out[GROUP_COLUMNS].reset_index(drop=True)


def static_table(summary: pd.DataFrame) -> pd.DataFrame:
    """One row per (key, target, variant): static metrics are the same for hot and cold rows."""
    s = summary.copy()
    s["_has_static"] = s[list(STATIC_METRICS)].notna().any(axis=1)
    s["_ok"] = ~s["status"].isin(status_values(EXCLUDED))
    s = s.sort_values(["_has_static", "_ok", "cache_mode"], ascending=[False, False, True], kind="stable")
    s = s.drop_duplicates(["key", "target", "variant"])
    s = s.sort_values(["target", "dtype", "batch", "m", "n", "k", "is_baseline", "variant"],
                      ascending=[True, True, True, True, True, True, False, True], kind="stable")
    return s.reset_index(drop=True)
