"""index.md: the one page per report folder. It opens with the result (a ``lead``: the headline
sentences, the summary figure, the shape x variant pivot; see headline.py), then says what was
measured, where, and what was modelled (two sentences), and links every table and plot in the folder.
"""

from __future__ import annotations

from pathlib import Path
from typing import Mapping, Sequence

from ..util.io import atomic_write_text

# What a file is, by name pattern (first match wins); shown next to its link.
DESCRIPTIONS: Sequence[tuple[str, str]] = (
    ("report.md", "the report: verdicts, geomeans, per-problem and static tables, excluded rows"),
    ("summary.csv", "one row per results row with speedup, verdict and derived columns (defined in report.md)"),
    ("pivot.csv", "the shape x variant table of index.md, every shape"),
    ("groups.csv", "geomean speedup and verdict counts per group"),
    ("compare.md", "run-vs-run comparison"), ("compare.csv", "run-vs-run rows"),
    ("compare_groups.csv", "run-vs-run geomeans"),
    ("coverage.md", "coverage matrix per dtype with every reason"),
    ("coverage.csv", "one row per coverage cell, with both compiles' evidence"),
    ("results.csv", "the sweep's result rows (input)"),
    ("candidates.png", "the tune's candidates: latency per candidate, IREE's default and the winner marked"),
    ("headline", "the summary figure: geomean speedup of each variant over the baseline (and the vendor library)"),
    ("weights_", "achieved GB/s against the weight bytes a call reads, with noise intervals (and the data-sheet "
                 "HBM peak line where the device has one)"),
    ("speedup_", "speedup against the baseline with noise intervals; same-kernel and within-noise patterned apart"),
    ("bandwidth_", "achieved GB/s per shape with noise intervals, same-kernel rows marked (and the data-sheet HBM "
                   "peak where the target has one)"), ("static_", "static compiler metrics per shape"),
    ("latency_", "median latency per shape with noise intervals, beside the harness floor measured in the same "
                 "process"),
    ("ratio_", "latency ratio B/A per row"), ("coverage-", "coverage heat map"),
)


def describe(name: str) -> str:
    return next((d for pat, d in DESCRIPTIONS if name == pat or name.startswith(pat)), "")


def index_markdown(title: str, measured: str, modelled: str, files: Sequence[Path],
                   extra: Mapping[str, str] | None = None, lead: Sequence[str] = ()) -> str:
    """The page: title, the result (``lead`` lines), the two sentences, then tables and plots (relative links)."""
    files = sorted(files, key=lambda p: p.name)
    L = [f"# {title}", "", *lead]
    L += (["## What was measured", ""] if lead else []) + [f"{measured.strip()} {modelled.strip()}", ""]
    tables = [p for p in files if p.suffix in (".md", ".csv") and p.name != "index.md"]
    plots = [p for p in files if p.suffix == ".png"]
    if tables:
        L += ["## Tables", ""] + [f"- [{p.name}]({p.name}): {describe(p.name)}".rstrip(": ") for p in tables] + [""]
    if plots:
        L += ["## Plots", ""]
        for p in plots:
            L += [f"- [{p.name}]({p.name}): {describe(p.name)}".rstrip(": ")]
        L.append("")
    for link, text in (extra or {}).items():
        L.append(f"- [{text}]({link})")
    return "\n".join(L).rstrip() + "\n"


def write_index(out_dir: Path, title: str, measured: str, modelled: str,
                extra: Mapping[str, str] | None = None, lead: Sequence[str] = ()) -> Path:
    """Write OUT/index.md linking every .md/.csv/.png directly in ``out_dir``."""
    out_dir = Path(out_dir)
    files = [p for p in out_dir.iterdir() if p.is_file() and p.suffix in (".md", ".csv", ".png")]
    path = out_dir / "index.md"
    atomic_write_text(path, index_markdown(title, measured, modelled, files, extra, lead))
    return path
