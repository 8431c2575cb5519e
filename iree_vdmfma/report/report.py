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
  - PNG plots (``plots``): speedup per shape and achieved bandwidth against the HBM peak
    (measured), and static compiler metrics per shape and variant (always, when present).

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

from dataclasses import dataclass, field
from pathlib import Path
from typing import Optional

import pandas as pd

from .compare import COMPARE_COLUMNS, COMPARE_GROUP_COLUMNS, CompareResult, compare_runs  # noqa: F401
from .load import ResultsInput, fold_compile_rows, load_results
from .markdown import md_table, write_markdown
from .summary import GROUP_COLUMNS, SUMMARY_COLUMNS, SUMMARY_DOC, build_groups, build_summary, static_table  # noqa: F401
from .verdict import DEFAULT_RULE, NoiseRule, Timing, Judgement, judge, geomean  # noqa: F401

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
    paths: dict[str, Path] = field(default_factory=dict)  # summary, groups, report, plot:<name>
    notes: list[str] = field(default_factory=list)

    @property
    def excluded(self) -> pd.DataFrame:
        return self.summary[~self.summary["included"]]

    @property
    def overall(self) -> pd.DataFrame:
        return self.groups[self.groups["group_by"] == "all"].reset_index(drop=True)


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
        df = fold_compile_rows(df, notes)
    summary = build_summary(df, baseline, rule, measured)
    groups = build_groups(summary)
    res = ReportResult(out_dir, "measured" if measured else "static", baseline, summary, groups, notes=notes)
    res.paths["summary"] = out_dir / "summary.csv"
    summary.to_csv(res.paths["summary"], index=False, float_format="%.6g")
    res.paths["groups"] = out_dir / "groups.csv"
    groups.to_csv(res.paths["groups"], index=False, float_format="%.6g")
    plot_paths: dict[str, Path] = {}
    if plots:
        from . import plots as report_plots

        plot_paths = report_plots.report_plots(summary, static_table(summary), baseline, out_dir, measured)
        res.paths.update({f"plot:{k}": v for k, v in plot_paths.items()})
    sources = sorted(df["source"].unique())
    md = write_markdown(res, sources, rule, title or f"VDMFMA report: {out_dir.name}", plot_paths)
    res.paths["report"] = out_dir / "report.md"
    res.paths["report"].write_text(md)
    return res
