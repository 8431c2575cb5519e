"""Reports: turn results.csv files into tables, verdicts, geomeans and plots.

Two entry points, both callable from a notebook and used by the CLI and the sweep:

* ``build_report(results, baseline="padded", out_dir=...)`` compares every variant with the
  baseline variant of the same (key, target, cache_mode) and writes, in ``out_dir``:

  - ``summary.csv``: one row per results row (baseline rows included, ``is_baseline`` true),
    columns ``SUMMARY_COLUMNS`` (documented in ``SUMMARY_DOC``).
  - ``groups.csv``: geomean speedup and verdict counts per (target, cache_mode, variant) overall
    (``group_by == "all"``) and by dtype, M, N and whether M is a power of two; columns
    ``GROUP_COLUMNS``.
  - ``report.md``: the same, readable on GitHub, with every excluded row and its reason.
  - PNG plots (``report_plots``): speedup per shape and achieved bandwidth against the HBM peak
    (measured), and static compiler metrics per shape and variant (always, when present).

* ``compare_runs(a, b, out_dir)`` compares two runs row by row: latency ratio B/A with the same
  noise rule, static deltas, geomean of the ratio, rows present in only one run. It writes
  ``compare.csv``, ``compare_groups.csv``, ``compare.md`` and ratio plots.

Nothing is invented: every number shown is a results column, a ratio or difference of results
columns, or (labelled) a results column divided by a data-sheet figure from ``targets.TARGETS``.
Rows that failed or were not applied are never dropped: they are listed with their reason and
left out of the geomean, and the report says how many.

The noise rule (``NoiseRule``, ``judge``) is written once, here; see ``NoiseRule.describe``.
"""

from __future__ import annotations

import dataclasses
import math
from dataclasses import dataclass, field
from pathlib import Path
from typing import Iterable, Mapping, Optional, Sequence, Union

import numpy as np
import pandas as pd

from ..problems.rows import COLUMNS, FAILED, ResultRow, Status, read_results
from ..devices.targets import TARGETS

__all__ = [
    "NoiseRule",
    "DEFAULT_RULE",
    "Timing",
    "Judgement",
    "judge",
    "geomean",
    "load_results",
    "build_report",
    "compare_runs",
    "ReportResult",
    "CompareResult",
    "SUMMARY_COLUMNS",
    "GROUP_COLUMNS",
    "COMPARE_COLUMNS",
    "COMPARE_GROUP_COLUMNS",
    "md_table",
]

ResultsInput = Union[pd.DataFrame, Path, str, Sequence[Union[Path, str]], Sequence[ResultRow]]

WIN, LOSS, WITHIN_NOISE, UNDETERMINED = "win", "loss", "within-noise", "undetermined"
VERDICTS = (WIN, LOSS, WITHIN_NOISE, UNDETERMINED)

_FIELD_TYPES = {f.name: f.type for f in dataclasses.fields(ResultRow)}
_NUMERIC = [c for c, t in _FIELD_TYPES.items() if t in ("int", "Optional[int]", "Optional[float]")]
_TEXT = [c for c, t in _FIELD_TYPES.items() if t == "str"]
_NOT_OK = {str(s) for s in FAILED} | {str(Status.NOT_APPLIED)}
STATIC_METRICS = ["smfmac", "mfma", "vgpr", "agpr", "lds_bytes", "spills", "waves_per_simd", "workgroups"]


# --------------------------------------------------------------------------------------------
# The noise rule: one place.
# --------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class NoiseRule:
    """When a latency difference is a win, a loss, or within the noise.

    Each side's noise interval is ``median +/- k * std`` (std of the repetitions), or
    ``[min, max]`` when no std was recorded. The relative difference
    ``d = (base_median - new_median) / base_median`` is *within-noise* when the two intervals
    overlap or ``|d| < floor``; otherwise it is a *win* (new faster) or a *loss* (new slower).
    Equivalently ``|d| <= threshold`` where ``threshold = max(floor, gap / base_median)`` and
    ``gap`` is the distance the medians must be apart for the intervals to separate (the new
    side's upper half-width plus the base's lower half-width for a win, and vice versa).
    With fewer than ``min_reps`` repetitions, or no spread recorded, the verdict is
    *undetermined*: one number cannot tell a win from noise.
    """

    k: float = 2.0
    floor: float = 0.01
    min_reps: int = 2

    def describe(self, base: str = "the baseline", new: str = "a variant") -> str:
        return (
            f"Verdict rule: each side's noise interval is median ± {self.k:g}·std of its repetitions "
            f"([min, max] when no std was recorded). {new[0].upper() + new[1:]} is `within-noise` against "
            f"{base} when the intervals overlap or the medians differ by less than {self.floor:.1%} of "
            f"{base}'s; otherwise `win` (faster) or `loss` (slower). Fewer than {self.min_reps} repetitions "
            f"or no recorded spread gives `undetermined`. `noise_threshold` is the relative difference "
            f"a row needed to leave the noise."
        )


DEFAULT_RULE = NoiseRule()


def _num(x) -> Optional[float]:
    """A finite float, or None for missing / NaN / NA."""
    if x is None or x is pd.NA:
        return None
    try:
        v = float(x)
    except (TypeError, ValueError):
        return None
    return v if math.isfinite(v) else None


@dataclass(frozen=True)
class Timing:
    """Latency statistics of one row's repetitions (microseconds)."""

    median: Optional[float]
    std: Optional[float] = None
    min: Optional[float] = None
    max: Optional[float] = None
    reps: Optional[int] = None

    @classmethod
    def from_row(cls, row: Mapping, suffix: str = "") -> "Timing":
        """From a results/summary row; ``suffix`` selects e.g. ``_a`` columns of a merge."""
        get = lambda c: _num(row.get(c + suffix))  # noqa: E731
        reps = get("reps")
        return cls(
            get("latency_us_median"), get("latency_us_std"), get("latency_us_min"), get("latency_us_max"),
            None if reps is None else int(reps),
        )

    def interval(self, k: float) -> Optional[tuple[float, float]]:
        if self.median is None:
            return None
        if self.std is not None:
            return self.median - k * self.std, self.median + k * self.std
        if self.min is not None and self.max is not None:
            return min(self.min, self.median), max(self.max, self.median)
        return None


@dataclass(frozen=True)
class Judgement:
    speedup: float  # base median / new median; > 1: new is faster
    verdict: str  # one of VERDICTS
    threshold: float  # relative difference needed to leave the noise (NaN when undetermined)


def judge(base: Timing, new: Timing, rule: NoiseRule = DEFAULT_RULE) -> Judgement:
    """Compare ``new`` with ``base`` under ``rule`` (see ``NoiseRule``)."""
    if base.median is None or new.median is None or base.median <= 0 or new.median <= 0:
        raise ValueError("judge needs positive medians on both sides")
    speedup = base.median / new.median
    diff = (base.median - new.median) / base.median
    too_few = any(t.reps is not None and t.reps < rule.min_reps for t in (base, new))
    bi, ni = base.interval(rule.k), new.interval(rule.k)
    if too_few or bi is None or ni is None:
        return Judgement(speedup, UNDETERMINED, float("nan"))
    if diff > 0:  # new faster: new's upper half-width + base's lower half-width
        gap = (ni[1] - new.median) + (base.median - bi[0])
    else:
        gap = (bi[1] - base.median) + (new.median - ni[0])
    threshold = max(rule.floor, gap / base.median)
    if abs(diff) <= threshold:
        return Judgement(speedup, WITHIN_NOISE, threshold)
    return Judgement(speedup, WIN if diff > 0 else LOSS, threshold)


def geomean(values: Iterable[float]) -> float:
    """Geometric mean of positive finite values (NaN when there are none)."""
    a = np.asarray([v for v in values if v is not None], dtype=float)
    a = a[np.isfinite(a) & (a > 0)]
    return float(np.exp(np.mean(np.log(a)))) if a.size else float("nan")


# --------------------------------------------------------------------------------------------
# Loading.
# --------------------------------------------------------------------------------------------


def _shape_key(m, n, k, batch, dtype) -> str:
    try:
        from ..problems.problem import Problem

        return Problem(int(m), int(n), int(k), int(batch or 1), str(dtype)).key
    except Exception:  # unknown dtype etc.: same spelling, without validation
        b = f"b{int(batch)}_" if batch and int(batch) > 1 else ""
        return f"{dtype}_{b}{int(m)}x{int(n)}x{int(k)}"


def _normalise(df: pd.DataFrame) -> pd.DataFrame:
    df = df.copy()
    for c in COLUMNS:
        if c not in df.columns:
            df[c] = "" if c in _TEXT else np.nan
    for c in _NUMERIC:
        df[c] = pd.to_numeric(df[c], errors="coerce").astype(float)
    for c in _TEXT + ["source"]:
        if c not in df.columns:
            df[c] = ""
        df[c] = df[c].fillna("").astype(str)
    df["batch"] = df["batch"].fillna(1)
    missing = df["key"] == ""
    if missing.any():
        df.loc[missing, "key"] = [
            _shape_key(r.m, r.n, r.k, r.batch, r.dtype) for r in df.loc[missing].itertuples()
        ]
    df.loc[df["name"] == "", "name"] = df.loc[df["name"] == "", "key"]
    return df.reset_index(drop=True)


def load_results(results: ResultsInput) -> tuple[pd.DataFrame, list[str]]:
    """Read results into one normalised DataFrame (``COLUMNS`` + ``source``).

    Accepts a DataFrame, one path, several paths, or ResultRow values. When several files hold
    the same row key (key, target, variant, cache_mode) the later file wins; the returned notes
    say how many rows were replaced.
    """
    notes: list[str] = []
    if isinstance(results, pd.DataFrame):
        df = results.copy()
        if "source" not in df.columns:
            df["source"] = "<DataFrame>"
    else:
        items = [results] if isinstance(results, (str, Path)) else list(results)
        frames = []
        if items and all(isinstance(i, ResultRow) for i in items):
            frames.append(pd.DataFrame([dataclasses.asdict(r) for r in items], columns=COLUMNS).assign(source="<rows>"))
        else:
            for p in items:
                p = Path(p)
                if not p.is_file():
                    raise FileNotFoundError(f"results file not found: {p}")
                results = read_results(p)  # ValueError naming the file if it is not a results file
                rows = results.rows
                if results.damaged:
                    notes.append(f"{p}: {len(results.damaged)} damaged row(s) left out (cut off or edited; "
                                 f"first: {results.damaged[0]}).")
                frames.append(pd.DataFrame([dataclasses.asdict(r) for r in rows], columns=COLUMNS).assign(source=str(p)))
        df = pd.concat(frames, ignore_index=True) if frames else pd.DataFrame(columns=COLUMNS + ["source"])
    df = _normalise(df)
    ident = ["key", "target", "variant", "cache_mode"]
    dup = df.duplicated(ident, keep="last")
    if dup.any():
        notes.append(f"{int(dup.sum())} row(s) appeared more than once (same key, target, variant, cache_mode); "
                     f"the last one read was kept.")
        df = df[~dup].reset_index(drop=True)
    return df, notes


# --------------------------------------------------------------------------------------------
# build_report
# --------------------------------------------------------------------------------------------

SUMMARY_DOC: dict[str, str] = {
    "key": "problem key, e.g. f16_8x13312x16384",
    "name": "problem name",
    "dtype": "element type", "m": "M", "n": "N", "k": "K", "batch": "batch count",
    "m_pow2": "True when M is a power of two",
    "target": "gfx arch", "device": "device the row was measured on ('' if compile-only)",
    "cache_mode": "'' compile-only, 'hot' or 'cold'",
    "variant": "variant name", "is_baseline": "True for the baseline variant's own rows",
    "status": "results status (ok, compiled, not-applied, compile-error, ...)",
    "mma_kind": "MMA kind applied (from the ISA/IR)", "intended_mma_kind": "MMA kind the spec asked for",
    "smfmac": "sparse MFMA instruction count", "mfma": "dense MFMA instruction count",
    "vgpr": "VGPRs", "agpr": "AGPRs", "sgpr": "SGPRs", "lds_bytes": "LDS bytes", "spills": "spills",
    "scratch_bytes": "scratch bytes", "waves_per_simd": "occupancy reported by the compiler",
    "workgroups": "workgroups launched", "compute_units": "target CU count (data sheet, targets.py)",
    "workgroups_per_cu": "workgroups / compute_units",
    "reps": "timed repetitions", "latency_us_median": "median latency (us)",
    "latency_us_min": "min latency (us)", "latency_us_max": "max latency (us)",
    "latency_us_std": "std of latency over reps (us)",
    "gbps": "achieved bandwidth (GB/s, from results)",
    "pct_peak_bw": "% of HBM peak (from results; else gbps / targets peak_hbm_gbps)",
    "tflops": "achieved TFLOP/s (from results)",
    "numerics": "numerics check result", "max_abs_err": "max abs error", "max_rel_err": "max rel error",
    "baseline": "baseline variant name", "baseline_status": "status of the matched baseline row",
    "baseline_latency_us_median": "baseline median latency (us)",
    "baseline_latency_us_std": "baseline latency std (us)",
    "speedup": "baseline median / variant median (> 1: variant faster); empty when not compared",
    "verdict": "win | loss | within-noise | undetermined; 'baseline' on baseline rows; '' when not compared",
    "noise_threshold": "relative difference needed to leave the noise (NoiseRule)",
    "baseline_mma_kind": "baseline's applied MMA kind",
    "d_smfmac": "variant - baseline", "d_mfma": "variant - baseline", "d_vgpr": "variant - baseline",
    "d_lds_bytes": "variant - baseline", "d_waves_per_simd": "variant - baseline",
    "d_workgroups": "variant - baseline",
    "included": "True when the row is compared with the baseline (and enters the geomean when measured)",
    "excluded_reason": "why the row is not compared (own failure, baseline failure, no data)",
    "repro": "command that reproduces the job", "source": "results file the row came from",
}
SUMMARY_COLUMNS: list[str] = list(SUMMARY_DOC)

GROUP_COLUMNS: list[str] = [
    "target", "cache_mode", "variant", "group_by", "group", "n_rows", "n_compared", "n_excluded",
    "geomean_speedup", "min_speedup", "max_speedup", "wins", "losses", "within_noise", "undetermined",
]
GROUP_BY = ["dtype", "m", "n", "m_pow2"]


@dataclass
class ReportResult:
    out_dir: Path
    mode: str  # "measured" (latency data present) or "static" (compile-only)
    baseline: str
    summary: pd.DataFrame  # == summary.csv
    groups: pd.DataFrame  # == groups.csv
    paths: dict[str, Path] = field(default_factory=dict)  # summary, groups, report, plot:<name>
    notes: list[str] = field(default_factory=list)

    @property
    def excluded(self) -> pd.DataFrame:
        return self.summary[~self.summary["included"]]

    @property
    def overall(self) -> pd.DataFrame:
        return self.groups[self.groups["group_by"] == "all"].reset_index(drop=True)


def _own_problem(row: Mapping, measured: bool) -> str:
    status = row["status"]
    detail = row["error"] or row["reason"]
    if status in _NOT_OK:
        return f"{status}: {detail}" if detail else status
    if status == str(Status.PENDING):
        return "pending: job did not finish"
    if "fail" in str(row["numerics"]).lower():
        return f"numerics {row['numerics']}" + (f": {detail}" if detail else "")
    if measured and _num(row["latency_us_median"]) is None:
        return f"no runtime data (status {status})"
    return ""


def _pct_peak(row: Mapping) -> float:
    pct = _num(row.get("pct_peak_bw"))
    if pct is not None:
        return pct
    gbps, t = _num(row.get("gbps")), TARGETS.get(row["target"])
    return gbps / t.peak_hbm_gbps * 100.0 if gbps is not None and t else float("nan")


def _find_baseline(index: dict, key: str, target: str, cache: str) -> Optional[Mapping]:
    for c in (cache, ""):
        if (key, target, c) in index:
            return index[(key, target, c)]
    return next((r for (k, t, _), r in index.items() if k == key and t == target), None)


def _build_summary(df: pd.DataFrame, baseline: str, rule: NoiseRule, measured: bool) -> pd.DataFrame:
    base_rows = {(r["key"], r["target"], r["cache_mode"]): r for r in df[df["variant"] == baseline].to_dict("records")}
    out = []
    for r in df.to_dict("records"):
        is_base = r["variant"] == baseline
        t = TARGETS.get(r["target"])
        s = {c: r.get(c) for c in SUMMARY_COLUMNS if c in r}
        s.update(
            m_pow2=bool(int(r["m"]) & (int(r["m"]) - 1) == 0),
            is_baseline=is_base,
            compute_units=t.compute_units if t else np.nan,
            pct_peak_bw=_pct_peak(r),
            baseline=baseline,
            speedup=np.nan, verdict="", noise_threshold=np.nan,
        )
        s["workgroups_per_cu"] = (r["workgroups"] / t.compute_units) if t and _num(r["workgroups"]) is not None else np.nan
        reason = _own_problem(r, measured)
        if is_base:
            b = r
            s["verdict"] = "baseline" if not reason else ""
        else:
            b = _find_baseline(base_rows, r["key"], r["target"], r["cache_mode"])
            if not reason:
                if b is None:
                    reason = f"no {baseline} row for this key/target/cache_mode"
                else:
                    breason = _own_problem(b, measured)
                    if breason:
                        reason = f"baseline {baseline} {breason}"
        if b is not None:
            s.update(baseline_status=b["status"], baseline_latency_us_median=b["latency_us_median"],
                     baseline_latency_us_std=b["latency_us_std"], baseline_mma_kind=b["mma_kind"])
            for m in ("smfmac", "mfma", "vgpr", "lds_bytes", "waves_per_simd", "workgroups"):
                s[f"d_{m}"] = r[m] - b[m]
        if not is_base and not reason and measured:
            j = judge(Timing.from_row(b), Timing.from_row(r), rule)
            s.update(speedup=j.speedup, verdict=j.verdict, noise_threshold=j.threshold)
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


def _group_rows(sub: pd.DataFrame, label: dict) -> dict:
    comp = sub[sub["included"] & sub["speedup"].notna()]
    v = comp["verdict"]
    sp = comp["speedup"].to_numpy(dtype=float)
    return dict(
        label,
        n_rows=len(sub),
        n_compared=int(sub["included"].sum()),
        n_excluded=int((~sub["included"]).sum()),
        geomean_speedup=geomean(sp),
        min_speedup=float(sp.min()) if sp.size else np.nan,
        max_speedup=float(sp.max()) if sp.size else np.nan,
        wins=int((v == WIN).sum()), losses=int((v == LOSS).sum()),
        within_noise=int((v == WITHIN_NOISE).sum()), undetermined=int((v == UNDETERMINED).sum()),
    )


def _build_groups(summary: pd.DataFrame) -> pd.DataFrame:
    rows = []
    var = summary[~summary["is_baseline"]]
    for (target, cache, variant), sub in var.groupby(["target", "cache_mode", "variant"], sort=True):
        ident = dict(target=target, cache_mode=cache, variant=variant)
        rows.append(_group_rows(sub, dict(ident, group_by="all", group="all")))
        for g in GROUP_BY:
            for value, gsub in sub.groupby(g, sort=True):
                if g == "m_pow2":
                    label = "pow2" if value else "not-pow2"
                elif g in ("m", "n"):
                    label = str(int(value))
                else:
                    label = str(value)
                rows.append(_group_rows(gsub, dict(ident, group_by=g, group=label)))
    return pd.DataFrame(rows, columns=GROUP_COLUMNS)


# --------------------------------------------------------------------------------------------
# Markdown
# --------------------------------------------------------------------------------------------


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


def _shape_label(r: Mapping) -> str:
    return str(r["key"])


def _spread(r: Mapping) -> str:
    lo, hi, sd, n = (_num(r.get(c)) for c in ("latency_us_min", "latency_us_max", "latency_us_std", "reps"))
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


def _static_table(summary: pd.DataFrame) -> pd.DataFrame:
    """One row per (key, target, variant): static metrics are the same for hot and cold rows."""
    s = summary.copy()
    s["_has_static"] = s[STATIC_METRICS].notna().any(axis=1)
    s["_ok"] = ~s["status"].isin(_NOT_OK)
    s = s.sort_values(["_has_static", "_ok", "cache_mode"], ascending=[False, False, True], kind="stable")
    s = s.drop_duplicates(["key", "target", "variant"])
    s = s.sort_values(["target", "dtype", "batch", "m", "n", "k", "is_baseline", "variant"],
                      ascending=[True, True, True, True, True, True, False, True], kind="stable")
    return s.reset_index(drop=True)


def _group_pivot(g: pd.DataFrame) -> pd.DataFrame:
    """One row per (target, cache, by, group), one column per variant: compact for markdown."""
    def cell(r) -> str:
        gm = _fmt(r["geomean_speedup"], ".3f")
        c = f"{gm} ({r['n_compared']}: {r['wins']}W {r['losses']}L {r['within_noise']}= {r['undetermined']}?"
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


def _devices(sub: pd.DataFrame) -> str:
    d = sorted({x for x in sub["device"] if x})
    return ", ".join(d) if d else "device not recorded"


def _write_markdown(res: ReportResult, sources: list[str], rule: NoiseRule, title: str, plots: dict[str, Path]) -> str:
    s, g, base = res.summary, res.groups, res.baseline
    L: list[str] = [f"# {title}", ""]
    L.append(f"Sources: {', '.join(f'`{x}`' for x in sources)} — {len(s)} rows, baseline variant `{base}`.")
    L.append("")
    if res.mode == "measured":
        meas = s[s["latency_us_median"].notna()]
        where = "; ".join(f"{t} on {_devices(sub)}" for t, sub in meas.groupby("target"))
        L.append(f"**Measured** latencies ({where}). Comparisons are within the same key, target and cache mode.")
    else:
        L.append("**Static only**: no runtime data (compile-only sweep). Numbers below come from the compiler's "
                 "output and ISA; no speedups are computed.")
    L.append("")
    for n in res.notes:
        L.append(f"> Note: {n}")
    if res.notes:
        L.append("")
    var = s[~s["is_baseline"]]
    n_exc = int((~s["included"]).sum())
    L.append(f"{len(var)} variant rows, {int(var['included'].sum())} compared with `{base}`, "
             f"{n_exc} row(s) excluded (listed under *Excluded rows*"
             + (", left out of every geomean)." if res.mode == "measured" else ")."))
    L.append("")

    if res.mode == "measured":
        L += ["## Summary: geomean speedup vs `" + base + "`", "",
              rule.describe(f"`{base}`") + f" Speedup = `{base}` median / variant median (> 1: the variant is faster).",
              ""]
        ov = res.overall.rename(columns={"cache_mode": "cache", "geomean_speedup": "geomean", "n_compared": "compared",
                                         "n_excluded": "excluded", "within_noise": "within-noise"})
        L.append(md_table(ov[["target", "cache", "variant", "compared", "geomean", "wins", "losses", "within-noise",
                              "undetermined", "excluded"]], {"geomean": ".3f"}))
        L += ["### By group (dtype, M, N, M power of two)", ""]
        L.append("Cells: geomean speedup (compared rows: wins W, losses L, within-noise =, undetermined ?; "
                 "excluded rows x).")
        L.append("")
        L.append(md_table(_group_pivot(g[g["group_by"] != "all"])))
        L += ["## Per problem", ""]
        for (target, cache), sub in s[s["cache_mode"] != ""].groupby(["target", "cache_mode"], sort=True):
            peak = TARGETS[target].peak_hbm_gbps if target in TARGETS else None
            L.append(f"### {target}, cache `{cache}` — measured on {_devices(sub)}")
            L.append("")
            if peak:
                L.append(f"% HBM peak against {peak:g} GB/s (data sheet, `targets.py`).")
                L.append("")
            t = pd.DataFrame({
                "shape": [_shape_label(r) for r in sub.to_dict("records")],
                "variant": sub["variant"], "status": sub["status"],
                "median µs": sub["latency_us_median"],
                "spread µs": [_spread(r) for r in sub.to_dict("records")],
                "speedup": sub["speedup"], "verdict": sub["verdict"],
                "GB/s": sub["gbps"], "% HBM peak": sub["pct_peak_bw"], "numerics": sub["numerics"],
            })
            L.append(md_table(t, {"speedup": ".3f", "% HBM peak": ".1f", "median µs": ".4g", "GB/s": ".4g"}))
    # static comparison (the main table when compile-only; a compact reference otherwise)
    L += ["## Static comparison (compiler output / ISA, not measured)", ""]
    st = _static_table(s)
    for target, sub in st.groupby("target", sort=True):
        t = TARGETS.get(target)
        L.append(f"### {target}" + (f" ({t.product}, {t.compute_units} CUs)" if t else ""))
        L.append("")
        recs = sub.to_dict("records")
        tab = pd.DataFrame({
            "shape": [_shape_label(r) for r in recs], "variant": sub["variant"], "status": sub["status"],
            "mma_kind": [_mma_cell(r) for r in recs], "smfmac": sub["smfmac"], "mfma": sub["mfma"],
            "VGPR": sub["vgpr"], "AGPR": sub["agpr"], "LDS KiB": sub["lds_bytes"] / 1024, "spills": sub["spills"],
            "waves/SIMD": sub["waves_per_simd"], "WGs": sub["workgroups"], "WGs/CU": sub["workgroups_per_cu"],
        })
        L.append(md_table(tab, {"LDS KiB": ".3g", "WGs/CU": ".3g"}))
    # excluded
    L += ["## Excluded rows", ""]
    ex = s[~s["included"]]
    if ex.empty:
        L.append("None: every row was compared.")
    else:
        L.append(f"{len(ex)} row(s) were not compared" + (" and are not in any geomean" if res.mode == "measured" else "")
                 + ". Reasons come from the results file (`reason`/`error`).")
        L.append("")
        L.append(md_table(pd.DataFrame({
            "shape": ex["key"], "target": ex["target"], "cache": ex["cache_mode"], "variant": ex["variant"],
            "status": ex["status"], "reason": ex["excluded_reason"], "repro": ex["repro"],
        })))
    L.append("")
    if plots:
        L += ["## Plots", ""]
        for name, p in plots.items():
            L.append(f"![{name}]({p.name})")
            L.append("")
    L += ["## Files", "", "- `summary.csv`: one row per results row (columns documented in "
          "`iree_vdmfma.report.SUMMARY_DOC`).", "- `groups.csv`: geomeans and verdict counts per group.", ""]
    return "\n".join(L)


_STATIC_FIELDS = ["mma_kind", "intended_mma_kind", "smfmac", "mfma", "vgpr", "agpr", "sgpr", "lds_bytes", "spills",
                  "scratch_bytes", "workgroups", "workgroup_size", "waves_per_simd"]


def _fold_compile_rows(df: pd.DataFrame, notes: list[str]) -> pd.DataFrame:
    """In a measured report, a compile-only row ('' cache_mode) whose (key, target, variant) also has
    hot/cold rows is folded into them: its static fields fill the run rows' empty ones, and it is
    not reported separately (the report notes how many). Compile-only rows without run rows stay."""
    ident = ["key", "target", "variant"]
    run_ids = set(map(tuple, df.loc[df["cache_mode"] != "", ident].to_numpy()))
    is_compile = df["cache_mode"] == ""
    fold = is_compile & pd.Series([tuple(x) in run_ids for x in df[ident].to_numpy()], index=df.index)
    if not fold.any():
        return df
    src = df[fold].set_index(ident)
    out = df[~fold].copy()
    for i in out.index[out["cache_mode"] != ""]:
        k = tuple(out.loc[i, ident])
        if k not in src.index:
            continue
        for c in _STATIC_FIELDS:
            v = out.at[i, c]
            if v == "" or (not isinstance(v, str) and pd.isna(v)):
                out.at[i, c] = src.at[k, c]
    notes.append(f"{int(fold.sum())} compile-only row(s) have measured hot/cold rows for the same key, target "
                 f"and variant; their static fields are shown with those rows.")
    return out.reset_index(drop=True)


def build_report(
    results: ResultsInput,
    baseline: str = "padded",
    out_dir: Path | str = Path("reports/latest"),
    *,
    rule: NoiseRule = DEFAULT_RULE,
    title: Optional[str] = None,
    plots: bool = True,
) -> ReportResult:
    """Compare every variant with ``baseline`` and write summary.csv, groups.csv, report.md, PNGs.

    ``results``: results.csv path(s), ResultRow values, or a DataFrame with ``results.COLUMNS``.
    Raises ValueError when there are no rows or the baseline variant is absent.
    """
    df, notes = load_results(results)
    if df.empty:
        raise ValueError("no result rows to report")
    variants = sorted(df["variant"].unique())
    if baseline not in variants:
        raise ValueError(f"baseline variant {baseline!r} is not in the results; variants present: {', '.join(variants)}")
    out_dir = Path(out_dir)
    out_dir.mkdir(parents=True, exist_ok=True)
    measured = bool(df["latency_us_median"].notna().any())
    if measured:
        df = _fold_compile_rows(df, notes)
    summary = _build_summary(df, baseline, rule, measured)
    groups = _build_groups(summary)
    res = ReportResult(out_dir, "measured" if measured else "static", baseline, summary, groups, notes=notes)
    res.paths["summary"] = out_dir / "summary.csv"
    summary.to_csv(res.paths["summary"], index=False, float_format="%.6g")
    res.paths["groups"] = out_dir / "groups.csv"
    groups.to_csv(res.paths["groups"], index=False, float_format="%.6g")
    plot_paths: dict[str, Path] = {}
    if plots:
        from . import plots as report_plots

        plot_paths = report_plots.report_plots(summary, baseline, out_dir, measured)
        res.paths.update({f"plot:{k}": v for k, v in plot_paths.items()})
    sources = sorted(df["source"].unique())
    md = _write_markdown(res, sources, rule, title or f"VDMFMA report: {out_dir.name}", plot_paths)
    res.paths["report"] = out_dir / "report.md"
    res.paths["report"].write_text(md)
    return res


# --------------------------------------------------------------------------------------------
# compare_runs
# --------------------------------------------------------------------------------------------

COMPARE_DOC: dict[str, str] = {
    "key": "problem key", "dtype": "element type", "m": "M", "n": "N", "k": "K", "batch": "batch",
    "target": "gfx arch", "variant": "variant", "cache_mode": "'' / hot / cold",
    "presence": "both | only-a | only-b",
    "status_a": "status in A", "status_b": "status in B", "device_a": "device in A", "device_b": "device in B",
    "latency_us_median_a": "median latency in A (us)", "latency_us_median_b": "median latency in B (us)",
    "latency_us_std_a": "std in A (us)", "latency_us_std_b": "std in B (us)", "reps_a": "reps in A", "reps_b": "reps in B",
    "ratio_b_over_a": "latency_us_median_b / latency_us_median_a (< 1: B faster)",
    "verdict": "B against A under NoiseRule: win = B faster, loss = B slower, within-noise, undetermined",
    "noise_threshold": "relative difference needed to leave the noise",
    "gbps_a": "GB/s in A", "gbps_b": "GB/s in B",
    "mma_kind_a": "applied MMA kind in A", "mma_kind_b": "applied MMA kind in B",
    "d_smfmac": "B - A", "d_mfma": "B - A", "d_vgpr": "B - A", "d_agpr": "B - A", "d_lds_bytes": "B - A",
    "d_spills": "B - A", "d_waves_per_simd": "B - A", "d_workgroups": "B - A",
    "included": "True when both rows are usable and compared",
    "excluded_reason": "why not compared",
}
COMPARE_COLUMNS: list[str] = list(COMPARE_DOC)
COMPARE_GROUP_COLUMNS: list[str] = [
    "target", "cache_mode", "variant", "n_rows", "n_compared", "n_excluded", "geomean_ratio_b_over_a",
    "min_ratio", "max_ratio", "b_faster", "b_slower", "within_noise", "undetermined",
]
_STATIC_DELTAS = ["smfmac", "mfma", "vgpr", "agpr", "lds_bytes", "spills", "waves_per_simd", "workgroups"]


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
    rule: NoiseRule = DEFAULT_RULE,
    plots: bool = True,
) -> CompareResult:
    """Compare run B with run A row by row (same key, target, variant, cache_mode).

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
    rows = []
    for r in merged.to_dict("records"):
        side = {"both": "both", "left_only": "only-a", "right_only": "only-b"}[str(r["_merge"])]
        pick = lambda c: r[f"{c}_a"] if side != "only-b" else r[f"{c}_b"]  # noqa: E731
        o = {c: r[c] for c in ident}
        o.update({c: pick(c) for c in ("dtype", "m", "n", "k", "batch")})
        o["presence"] = side
        for s in ("a", "b"):
            for c in ("status", "device", "latency_us_median", "latency_us_std", "reps", "gbps", "mma_kind"):
                o[f"{c}_{s}"] = r.get(f"{c}_{s}")
        reason = ""
        if side != "both":
            reason = f"only in {labels[0] if side == 'only-a' else labels[1]}"
        else:
            for s, lab in (("a", labels[0]), ("b", labels[1])):
                view = {c: r[f"{c}_{s}"] for c in ("status", "error", "reason", "numerics", "latency_us_median")}
                p = _own_problem(view, measured)
                if p and not reason:
                    reason = f"{lab}: {p}"
            for c in _STATIC_DELTAS:
                o[f"d_{c}"] = r[f"{c}_b"] - r[f"{c}_a"]
        o["ratio_b_over_a"] = np.nan
        o["verdict"] = ""
        o["noise_threshold"] = np.nan
        if side == "both" and not reason and measured:
            j = judge(Timing.from_row(r, "_a"), Timing.from_row(r, "_b"), rule)
            o.update(ratio_b_over_a=1.0 / j.speedup, verdict=j.verdict, noise_threshold=j.threshold)
        o["included"] = not reason
        o["excluded_reason"] = reason
        rows.append(o)
    table = pd.DataFrame(rows).reindex(columns=COMPARE_COLUMNS)
    for c in ("status_a", "status_b", "device_a", "device_b", "mma_kind_a", "mma_kind_b"):
        table[c] = table[c].fillna("")
    table = table.sort_values(["target", "cache_mode", "dtype", "batch", "m", "n", "k", "variant"], kind="stable")
    table = table.reset_index(drop=True)

    grows = []
    for (target, cache), sub in table.groupby(["target", "cache_mode"], sort=True):
        parts = [("all", sub)] + list(sub.groupby("variant", sort=True))
        for variant, vs in parts:
            comp = vs[vs["included"] & vs["ratio_b_over_a"].notna()]
            r = comp["ratio_b_over_a"].to_numpy(dtype=float)
            v = comp["verdict"]
            grows.append(dict(
                target=target, cache_mode=cache, variant=variant, n_rows=len(vs), n_compared=int(vs["included"].sum()),
                n_excluded=int((~vs["included"]).sum()), geomean_ratio_b_over_a=geomean(r),
                min_ratio=float(r.min()) if r.size else np.nan, max_ratio=float(r.max()) if r.size else np.nan,
                b_faster=int((v == WIN).sum()), b_slower=int((v == LOSS).sum()),
                within_noise=int((v == WITHIN_NOISE).sum()), undetermined=int((v == UNDETERMINED).sum()),
            ))
    groups = pd.DataFrame(grows, columns=COMPARE_GROUP_COLUMNS)
    res = CompareResult(out_dir, "measured" if measured else "static", table, groups,
                        notes=[f"{labels[0]}: {n}" for n in na] + [f"{labels[1]}: {n}" for n in nb])
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
                                            "within_noise": "within-noise"})[
            ["target", "cache", "variant", "compared", f"geomean {B}/{A}", f"{B} faster", f"{B} slower",
             "within-noise", "undetermined", "excluded"]], {f"geomean {B}/{A}": ".4f"}))
        L += ["## Per row", ""]
        m = both[both["cache_mode"] != ""]
        L.append(md_table(pd.DataFrame({
            "shape": m["key"], "target": m["target"], "cache": m["cache_mode"], "variant": m["variant"],
            f"{A} µs": m["latency_us_median_a"], f"{B} µs": m["latency_us_median_b"],
            f"{B}/{A}": m["ratio_b_over_a"], "verdict": m["verdict"], "excluded": m["excluded_reason"],
        }), {f"{B}/{A}": ".4f"}))
    else:
        L += ["No runtime data in both runs: static deltas only.", ""]
    L += [f"## Static deltas ({B} − {A})", ""]
    st = both.drop_duplicates(["key", "target", "variant"])
    L.append(md_table(pd.DataFrame({
        "shape": st["key"], "target": st["target"], "variant": st["variant"],
        f"mma_kind {A}": st["mma_kind_a"], f"mma_kind {B}": st["mma_kind_b"],
        **{f"Δ{c}": st[f"d_{c}"] for c in _STATIC_DELTAS},
    })))
    L += ["## Rows in only one run, or not compared", ""]
    ex = t[~t["included"]]
    L.append(md_table(pd.DataFrame({
        "shape": ex["key"], "target": ex["target"], "cache": ex["cache_mode"], "variant": ex["variant"],
        "presence": ex["presence"], f"status {A}": ex["status_a"], f"status {B}": ex["status_b"],
        "reason": ex["excluded_reason"],
    })) if not ex.empty else "None.\n")
    if plots:
        L += ["## Plots", ""] + [f"![{k}]({p.name})\n" for k, p in plots.items()]
    return "\n".join(L) + "\n"
