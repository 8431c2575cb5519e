"""Reports: turn results.csv files into tables, verdicts, geomeans and plots.

Two entry points, both callable from a notebook and used by the CLI and the sweep:

* ``build_report(results, baseline=None, out_dir=...)`` compares every variant with the
  baseline variant of the same (key, target, cache_mode) and writes, in ``out_dir``:

  - ``summary.csv``: one row per results row (baseline rows included, ``is_baseline`` true),
    columns ``SUMMARY_COLUMNS`` (``SUMMARY_DOC``, written into report.md).
  - ``groups.csv``: geomean speedup and verdict counts per (target, cache_mode, variant) overall
    (``group_by == "all"``) and by dtype, M, N and whether M is a power of two; columns
    ``GROUP_COLUMNS``.
  - ``pivot.csv``: shape x variant (median µs, % of HBM peak, verdict) and the best variant per shape.
  - ``report.md``: the same, readable on GitHub, opening with the result (``headline.py``), with every
    excluded row and its reason and the definitions of every column.
  - ``index.md``: the result in one or two sentences, the summary figure (``headline.png``: geomean
    speedup per variant over the baseline and the vendor library, per cache mode), the pivot, links.
  - PNG plots (``plots``, ``weights``): speedup per shape, achieved bandwidth against the HBM peak and
    against the weight bytes per call (measured), and static compiler metrics per shape and variant.

* ``compare_runs(a, b, out_dir)`` (``compare.py``) compares two runs row by row.

The pieces: ``verdict`` (noise rule, geomean), ``load`` (results -> one table), ``summary``
(summary, groups and static tables), ``markdown`` (one function per section), ``plots`` (PNGs from
the tables; imports nothing back), ``compare``. This module only wires them together.

Nothing is invented: every number shown is a results column, a ratio or difference of results
columns, or (labelled) a results column divided by a data-sheet figure from ``devices``.
Rows that failed or were not applied are never dropped: they are listed with their reason and
left out of the geomean, and the report says how many.
"""

from __future__ import annotations


import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Optional, Sequence

import pandas as pd

from .compare import COMPARE_COLUMNS, COMPARE_GROUP_COLUMNS, CompareResult, compare_runs  # noqa: F401
from .load import ResultsInput, fold_compile_rows, load_results, no_rows
from ..util.io import atomic_write_csv, atomic_write_text
from .index import write_index
from . import headline
from .markdown import devices_of, md_table, section_pivot, write_markdown
from .summary import GROUP_COLUMNS, SUMMARY_COLUMNS, SUMMARY_DOC, build_groups, build_summary, static_table  # noqa: F401
from .verdict import (DEFAULT_RULE, SAME_KERNEL, NoiseRule, Timing, Judgement, judge, geomean,  # noqa: F401
                      rule_for)

__all__ = [
    "NoiseRule", "DEFAULT_RULE", "Timing", "Judgement", "judge", "geomean", "load_results", "build_report",
    "compare_runs", "ReportResult", "CompareResult", "SUMMARY_COLUMNS", "SUMMARY_DOC", "GROUP_COLUMNS",
    "COMPARE_COLUMNS", "COMPARE_GROUP_COLUMNS", "md_table",
]



@dataclass
class ReportResult:
    out_dir: Path
    mode: str  # "measured" (latency data present) or "static" (compile-only)
    baseline: str
    summary: pd.DataFrame  # == summary.csv
    groups: pd.DataFrame  # == groups.csv
    paths: dict[str, Path] = field(default_factory=dict)  # summary, groups, pivot, report, index, plot:<name>
    notes: list[str] = field(default_factory=list)
    headline: list[str] = field(default_factory=list)  # the result in one or two sentences (index.md's lead)
    rule: NoiseRule = DEFAULT_RULE  # the rule (and calibration) every verdict of this report rests on

    @property
    def compared(self) -> int:
        """Variant rows compared with the baseline (0: the report has nothing to compare); measured, a same-kernel
        row (the baseline's own kernel: a difference is drift) is not a comparison."""
        s = self.summary
        same = (s["verdict"] == SAME_KERNEL) if self.mode == "measured" else False
        return int((s["included"] & ~s["is_baseline"] & ~same).sum())

    @property
    def excluded(self) -> pd.DataFrame:
        return self.summary[~self.summary["included"]]

    @property
    def overall(self) -> pd.DataFrame:
        return self.groups[self.groups["group_by"] == "all"].reset_index(drop=True)


def default_baseline(variants: Sequence[str]) -> str:
    """The baseline when none is given: ``padded`` when present, else ``default``, else the first variant."""
    return next((b for b in ("padded", "default") if b in variants), sorted(variants)[0] if variants else "padded")


def build_report(
    results: ResultsInput,
    baseline: Optional[str] = None,
    out_dir: Path | str = Path("reports/latest"),
    *,
    rule: Optional[NoiseRule] = None,
    title: Optional[str] = None,
    subject: Optional[str] = None,
    notes: Sequence[str] = (),
    plots: bool = True,
) -> ReportResult:
    """Compare every variant with ``baseline`` and write summary.csv, groups.csv, report.md, PNGs.

    ``results``: results.csv path(s), ResultRow values, or a DataFrame with ``results.COLUMNS``.
    ``title`` defaults to "VDMFMA report: SUBJECT — where", SUBJECT being ``subject`` (e.g. the shape
    list's name) or the input files' names, and where the device(s) measured on or the compile target(s).
    Also writes index.md (see ``index.py``). Raises ValueError when there are no rows or the baseline
    variant is absent.
    """
    df, load_notes = load_results(results)
    notes = list(notes) + load_notes  # the caller's notes (e.g. how the machine was loaded) come first
    if df.empty:
        raise ValueError("no result rows to report" + no_rows(results, load_notes))
    variants = sorted(df["variant"].unique())
    built = sorted(df.loc[df["status"] != "skipped", "variant"].unique())
    baseline = baseline or default_baseline(built or variants)
    if baseline not in variants:
        raise ValueError(f"baseline variant {baseline!r} is not in the results; variants present: {', '.join(variants)}")
    out_dir = Path(out_dir)
    out_dir.mkdir(parents=True, exist_ok=True)
    measured = bool(df["latency_us_median"].notna().any())
    if measured:
        df = fold_compile_rows(df, notes)
    if rule is None:  # no rule given: the device's calibrated one when it has a calibration
        rule = rule_for(df, notes) if measured else DEFAULT_RULE
    summary = build_summary(df, baseline, rule, measured)
    groups = build_groups(summary)
    res = ReportResult(out_dir, "measured" if measured else "static", baseline, summary, groups, notes=notes,
                       rule=rule)
    res.paths["summary"] = out_dir / "summary.csv"
    atomic_write_csv(summary, res.paths["summary"], index=False, float_format="%.6g")
    res.paths["groups"] = out_dir / "groups.csv"
    atomic_write_csv(groups, res.paths["groups"], index=False, float_format="%.6g")
    plot_paths: dict[str, Path] = {}
    for old in out_dir.glob("*.png"):
        if old.name.startswith(_PLOT_PREFIXES):  # an earlier report's plot that this one may not redraw
            old.unlink()
    piv = headline.pivot(summary, baseline) if measured else headline.static_pivot(summary, baseline)
    res.paths["pivot"] = out_dir / "pivot.csv"
    if piv.empty:
        res.paths.pop("pivot").unlink(missing_ok=True)
    else:
        atomic_write_csv(piv, res.paths["pivot"], index=False)
    gm = headline.geomeans(summary, baseline) if measured else pd.DataFrame()
    inputs = [str(Path(x).resolve()) if not x.startswith("<") else x for x in df["source"].unique()]
    sources = sorted(_relative(x, out_dir) for x in inputs)  # links that work from report.md
    # named from the resolved inputs: a relative '../results.csv' would name the folder '..'
    title = title or f"VDMFMA report: {subject or _subject(inputs)} — {where(summary, measured)}"
    res.headline = headline.sentences(summary, baseline, measured, where(summary, measured))
    if plots:
        from . import plots as report_plots

        whiskers = f"median ± {rule.k:g}·sigma on each side (sigma = 1.4826·MAD of the repetitions; the verdict rule)"
        plot_paths = report_plots.report_plots(summary, static_table(summary), baseline, out_dir, measured, whiskers)
        if measured:
            p = report_plots.headline_plot(gm, baseline, out_dir / "headline.png",
                                           "Geomean speedup — " + where(summary, True).replace("measured on", "MEASURED on", 1))
            if p:
                plot_paths = {"headline": p, **plot_paths}
        res.paths.update({f"plot:{k}": v for k, v in plot_paths.items()})
    lead = _lead(res, plot_paths.get("headline"))
    md = write_markdown(res, sources, rule, title, plot_paths, piv, lead)
    res.paths["report"] = out_dir / "report.md"
    atomic_write_text(res.paths["report"], md)
    skipped = headline.skipped_line(summary)
    index_lead = lead + section_pivot(res, piv, limit=60) + ([skipped, ""] if skipped else [])
    res.paths["index"] = write_index(out_dir, title, *index_sentences(summary, measured), lead=index_lead)
    return res


def _lead(res: "ReportResult", figure: Optional[Path]) -> list[str]:
    """The result, first: the headline sentences and the summary figure."""
    L = ["## Result", "", *[f"**{s}**" if i == 0 else s for i, s in enumerate(res.headline)], ""]
    if figure is not None:
        L += [f"![geomean speedup of each variant]({figure.name})", ""]
    elif res.mode != "measured":
        L += ["No summary figure: nothing was timed, so there is no speedup to draw.", ""]
    return L


_PLOT_PREFIXES = ("roofline_", "speedup_", "bandwidth_", "static_", "weights_", "headline")


def _relative(source: str, out_dir: Path) -> str:
    if source.startswith("<"):
        return source
    try:
        return os.path.relpath(Path(source).resolve(), out_dir.resolve())
    except ValueError:  # another drive
        return source


def _subject(sources: list[str]) -> str:
    """Input files by name: a sweep's results.csv by its folder's name."""
    names = [Path(x).parent.name if Path(x).name == "results.csv" and Path(x).parent.name else Path(x).stem
             for x in sources]
    return ", ".join(dict.fromkeys(n for n in names if n)) or "results"


def where(summary: pd.DataFrame, measured: bool) -> str:
    """'measured on DEVICE [target]; ...' or 'compile-only for gfx942'."""
    if measured:
        meas = summary[summary["latency_us_median"].notna()]
        return "measured on " + "; ".join(f"{devices_of(sub)} [{t}]" for t, sub in meas.groupby("target"))
    if (summary["numerics"] != "").any():
        return "numerics only (no timing) on " + devices_of(summary[summary["numerics"] != ""])
    return "compile-only for " + ", ".join(sorted(set(summary["target"])))


def index_sentences(summary: pd.DataFrame, measured: bool) -> tuple[str, str]:
    """The two sentences of index.md: what was measured and where; what was modelled."""
    targets = ", ".join(sorted(set(summary["target"])))
    if measured:
        meas = summary[summary["latency_us_median"].notna()]
        reps = sorted({int(r) for r in meas["reps"].dropna()})
        said = (f"Measured: the latency of {len(meas)} rows ({', '.join(sorted(set(meas['cache_mode'])))} cache, "
                f"median of {'/'.join(map(str, reps)) or '?'} repetitions) {where(summary, True)}, with GB/s and "
                f"TFLOP/s computed from those latencies and numerics checked against numpy.")
    elif (summary["numerics"] != "").any():
        ran = summary[summary["numerics"] != ""]
        said = (f"No timing was measured: {len(ran)} rows were run on {devices_of(ran)} only to check numerics "
                f"against numpy (built for {targets}).")
    else:
        said = (f"Nothing was measured: every number comes from compiling for {targets} (configured IR and ISA "
                f"metadata); no kernel was run.")
    parts = []
    if summary["waves_per_simd"].notna().any():
        parts.append("waves/SIMD, workgroups and % of CUs busy (ISA metadata and the configured tile)")
    if summary["weight_bytes_read"].notna().any():
        parts.append("weights read per call (weight bytes × M tiles of the variant's config)")
    if summary["pct_peak_bw"].notna().any() or summary["pct_peak_tflops"].notna().any():
        parts.append("every % of peak (data-sheet peaks from devices/targets.py)")
    if not parts:
        return said, ("Nothing was modelled: these builds carry no GPU ISA metadata and the device has no "
                      "data-sheet peak, so no occupancy, weight-traffic or %-of-peak figure is shown.")
    return said, "Modelled, not measured: " + "; ".join(parts) + "."
