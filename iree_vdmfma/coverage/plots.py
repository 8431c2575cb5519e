"""Heat maps for ``coverage``: one PNG per dtype, M across, shape case down (matplotlib, Agg).

These are *static* results (compiler output and ISA), not measurements.
"""

from __future__ import annotations

from pathlib import Path
from typing import Sequence

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402
from matplotlib.colors import ListedColormap  # noqa: E402
from matplotlib.patches import Patch  # noqa: E402

from .classes import BY_DEFAULT, NOT_IN_GRID, NOT_REACHABLE, ONLY_WITH_SPEC, CoverageRow, reason_tag  # noqa: E402
from ..report import bars as _bars  # noqa: E402

SPEC_DEFAULT_FAILS = "only-with-spec/default-fails"  # drawn apart: an S cell whose default does not compile
ORDER = (NOT_IN_GRID, NOT_REACHABLE, SPEC_DEFAULT_FAILS, ONLY_WITH_SPEC, BY_DEFAULT)
COLOURS = {NOT_IN_GRID: "#eeeeee", NOT_REACHABLE: "#e57373", SPEC_DEFAULT_FAILS: "#ffd54f",
           ONLY_WITH_SPEC: "#81c784", BY_DEFAULT: "#64b5f6"}
LEGEND = {BY_DEFAULT: "D: VDMFMA by IREE's default", ONLY_WITH_SPEC: "S: only with the spec (default: other or no MMA)",
          SPEC_DEFAULT_FAILS: "S!: only with the spec (default fails to compile)",
          NOT_REACHABLE: "x: not reachable (reason below the x)", NOT_IN_GRID: "not in grid"}


def _category(r: CoverageRow | None) -> str:
    if r is None:
        return NOT_IN_GRID
    return SPEC_DEFAULT_FAILS if r.code == "S!" else r.cls


def _text(r: CoverageRow | None) -> str:
    if r is None:
        return ""
    tag = reason_tag(r.reason) if r.cls == NOT_REACHABLE else ""
    return f"{r.code}\n{tag}" if tag else r.code


def _safe(s: str) -> str:
    return "".join(ch if ch.isalnum() or ch in "-_." else "_" for ch in s)


def heatmap(rows: Sequence[CoverageRow], path: Path, target: str, dtype: str) -> Path:
    ms = sorted({r.m for r in rows})
    cases = list(dict.fromkeys(r.case for r in rows))
    labels = {}
    for r in rows:
        labels.setdefault(r.case, f"{r.case}\nN={r.n} K={r.k}" + (f" B={r.batch}" if r.batch > 1 else ""))
    cell = {(r.case, r.m): r for r in rows}
    grid = np.zeros((len(cases), len(ms)), dtype=int)
    for i, c in enumerate(cases):
        for j, m in enumerate(ms):
            grid[i, j] = ORDER.index(_category(cell.get((c, m))))
    fig, ax = plt.subplots(figsize=(max(6.0, 0.42 * len(ms) + 3.2), 0.62 * len(cases) + 2.4), dpi=120)
    ax.imshow(grid, cmap=ListedColormap([COLOURS[c] for c in ORDER]), vmin=0, vmax=len(ORDER) - 1, aspect="auto")
    for i, c in enumerate(cases):
        for j, m in enumerate(ms):
            ax.text(j, i, _text(cell.get((c, m))), ha="center", va="center", fontsize=8, fontweight="bold")
    ax.set_xticks(range(len(ms)), [str(m) for m in ms], fontsize=8)
    ax.set_yticks(range(len(cases)), [labels[c] for c in cases], fontsize=8)
    ax.set_xticks(np.arange(-0.5, len(ms)), minor=True)
    ax.set_yticks(np.arange(-0.5, len(cases)), minor=True)
    ax.grid(which="minor", color="white", linewidth=1.5)
    ax.tick_params(which="minor", length=0)
    ax.set_xlabel("M")
    ax.set_title(f"VDMFMA coverage, {target} {dtype} (static: compiler output + ISA)", fontsize=10)
    present = [c for c in ORDER[::-1] if (grid == ORDER.index(c)).any()]
    legend = fig.legend(handles=[Patch(color=COLOURS[c], label=LEGEND[c]) for c in present], fontsize=7,
                        loc="lower center", bbox_to_anchor=(0.5, 0.01), ncol=2, frameon=False)
    fig.canvas.draw()  # the legend's size, then the figure made to hold it: below the axes, never cut
    box = legend.get_window_extent()
    if box.width > fig.bbox.width * 0.98:
        fig.set_size_inches(box.width / fig.dpi * 1.04, fig.get_size_inches()[1])
    fig.tight_layout(rect=(0, (box.height + 8) / fig.bbox.height, 1, 1))
    path.parent.mkdir(parents=True, exist_ok=True)
    _bars.save(fig, path, 120)
    return path


def heatmaps(rows: Sequence[CoverageRow], out_dir: Path, target: str) -> list[Path]:
    """One PNG per dtype: OUT/coverage-<target>-<dtype>.png."""
    paths = []
    for dtype in dict.fromkeys(r.dtype for r in rows):
        sub = [r for r in rows if r.dtype == dtype]
        paths.append(heatmap(sub, Path(out_dir) / f"coverage-{target}-{_safe(dtype)}.png", target, dtype))
    return paths
