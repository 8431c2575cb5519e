"""Grouped horizontal bar charts for the report's figures: bars, their labels, and fixed margins.

Every label stays in its bar's own slot (its font fitted to the slot's height, the figure laid out first); a cell
with no value says why in its slot, or, where the slot is too thin for legible words, gets a grey mark that the
figure's legend explains (``missing_handle``).
"""

from __future__ import annotations

from collections import Counter
from typing import Callable, Optional

import numpy as np
from matplotlib.lines import Line2D
from matplotlib.textpath import TextPath

from ..util.io import atomic_writer

MAX_HEIGHT_IN = 20.0  # no figure taller than this (at 110 dpi: 2200 px)
LABEL_PT, MIN_LABEL_PT = 7.0, 4.5  # bar labels: their size, shrunk to fit a thin slot down to this (else a mark)
MISSING_MARK, MISSING_GREY = "x", "#555555"  # a cell with no value whose slot is too thin to say why in words


def hbars(
    ax,
    shapes: list[str],
    series: list[str],
    value: Callable[[str, str], Optional[float]],
    style: Callable[[str, str, int], dict],
    label: Callable[[str, str, float], str],
    missing: Callable[[str, str], Optional[str]],
    base: float = 0.0,
    max_labels: int = 400,
    labels: Optional[list[str]] = None,
    interval: Optional[Callable[[str, str], Optional[tuple[float, float]]]] = None,
) -> Counter:
    """Grouped horizontal bars: one group per shape (top to bottom), one bar per series.

    Bars start at ``base`` (0 for amounts; 1 for ratios, so gains and losses point opposite ways).
    Values are written next to the bars unless there are more than ``max_labels`` of them.
    ``interval(shape, series)``: a (low, high) range drawn as an error bar on the bar (noise interval); a high of
    ``inf`` (a GB/s over a latency interval that reaches 0) is drawn to the axis' edge with an arrow there.
    Every label stays in its bar's own slot: its font is fitted to the slot's height (the figure is laid out
    first). A cell with no value and a ``missing`` reason is written "series: reason" in its slot; where the
    slot is too thin for legible text it gets a grey ``MISSING_MARK`` instead, and the reasons so marked are
    returned (counted) for the figure's legend (``missing_handle``).
    """
    n = max(len(series), 1)
    h = 0.8 / n
    y0 = np.arange(len(shapes))[::-1].astype(float)
    size = min(LABEL_PT, slot_points(ax, len(shapes)) * h / 1.35)  # a text box is ~1.3 font sizes tall
    legible = size >= MIN_LABEL_PT
    marked: Counter = Counter()
    finite = [v for s in shapes for v in (value(s, x) for x in series) if v is not None and np.isfinite(v)]
    n_bars = len(finite)
    if interval:  # the axis must hold the noise intervals too
        finite += [e for s in shapes for x in series for e in (interval(s, x) or ()) if np.isfinite(e)]
    if base == 0.0:
        lo, hi = 0.0, (max(finite) if finite and max(finite) > 0 else 1.0) * 1.22
    else:
        vals = finite + [base]
        span = max(max(vals) - min(vals), 0.02 * base)
        lo, hi = max(min(vals) - 0.35 * span, 0.0), max(vals) + 0.55 * span  # a ratio is never below 0
    pad = (hi - lo) * 0.01
    for j, ser in enumerate(series):
        ys, vs, styles = [], [], []
        for i, shape in enumerate(shapes):
            y = y0[i] + 0.4 - h * (j + 0.5)
            v = value(shape, ser)
            if v is None or not np.isfinite(v):
                why = missing(shape, ser)
                if why and legible:
                    ax.text(lo + pad, y, f"{ser}: {why}", va="center", ha="left", fontsize=size, color=MISSING_GREY,
                            style="italic")
                elif why:
                    ax.plot([lo + pad], [y], linestyle="none", marker=MISSING_MARK, color=MISSING_GREY,
                            markersize=max(size * 1.35 * 0.8, 1.0))
                    marked[why] += 1
                continue
            ys.append(y)
            vs.append(v)
            styles.append(style(shape, ser, j))
            right, at = v >= base, v
            iv = interval(shape, ser) if interval else None
            unbounded = bool(iv) and np.isfinite(iv[0]) and iv[1] == np.inf
            if unbounded:  # drawn to the axis' edge, an arrow there; its label beside the bar's end
                iv = (iv[0], hi)
                ax.plot([hi], [y], linestyle="none", marker=">", color="black", markersize=5, clip_on=False, zorder=4)
            if iv and all(np.isfinite(iv)):
                ax.errorbar(v, y, xerr=[[max(v - iv[0], 0)], [max(iv[1] - v, 0)]], fmt="none", ecolor="black",
                            elinewidth=1, capsize=2.5, zorder=4)
                at = v if unbounded else max(iv[1], v) if right else min(iv[0], v)  # the label past the interval
            if not right and at < lo + 0.25 * (hi - lo):  # no room on the left: write it right
                right, at = True, max(base, iv[1] if iv and all(np.isfinite(iv)) else v)
            if n_bars <= max_labels and legible:
                ax.text(at + (pad if right else -pad), y, label(shape, ser, v), va="center",
                        ha="left" if right else "right", fontsize=size)
        if not ys:
            continue
        # one barh call per series (per-bar calls are slow); per-bar styles applied to the patches
        bars = ax.barh(ys, np.asarray(vs) - base, left=base, height=h * 0.92)
        for patch, st in zip(bars.patches, styles):
            patch.set(**{k: v for k, v in st.items() if v is not None or k == "hatch"})
    ax.set_yticks(y0)
    ax.set_yticklabels(labels or shapes, fontsize=8)
    ax.set_ylim(-0.6, len(shapes) - 0.4)
    ax.set_xlim(lo, hi)
    ax.grid(axis="x", alpha=0.3)
    ax.set_axisbelow(True)
    return marked


def slot_points(ax, n_shapes: int) -> float:
    """Height in points of one shape's group on ``ax`` as laid out now (y runs -0.6 .. n_shapes - 0.4)."""
    return ax.get_position().height * ax.figure.get_size_inches()[1] * 72.0 / (max(n_shapes, 1) + 0.2)


def missing_handle(marked: Counter) -> list:
    """The legend entry for the cells ``hbars`` marked instead of writing (none when it wrote them all)."""
    if not marked:
        return []
    whys = [f"{why} ×{n}" for why, n in marked.most_common(3)] + (["…"] if len(marked) > 3 else [])
    return [Line2D([], [], linestyle="none", marker=MISSING_MARK, color=MISSING_GREY,
                   label="no value: " + "; ".join(whys))]


def layout(fig, shapes: list[str], *, legend_right: bool = False, title_lines: int = 1, suptitle: bool = False,
            ncol: int = 1, nrow: int = 1) -> None:
    """Fixed margins in inches (cheaper than tight_layout, which draws the figure an extra time)."""
    w, h = fig.get_size_inches()
    left = 0.3 + text_width_in(shapes)
    right = 1.9 if legend_right else 0.25
    top = 0.3 + 0.22 * title_lines + (0.45 if suptitle else 0.0)
    bottom = 0.55
    kw = {}
    if ncol > 1 or nrow > 1:
        kw = dict(wspace=0.12, hspace=(0.75 / ((h - top - bottom) / nrow)))
    fig.subplots_adjust(left=min(left / w, 0.45), right=1 - right / w, top=1 - top / h, bottom=bottom / h, **kw)


def text_width_in(labels: list[str], size: float = 8.0) -> float:
    """Width in inches of the widest label drawn at ``size`` points (measured from the glyph outlines)."""
    longest = sorted({str(t) for t in labels if str(t)}, key=len)[-4:]  # glyph outlines are slow: the longest few
    widths = [TextPath((0, 0), t, size=size).get_extents().width for t in longest]
    return max(widths, default=48.0) / 72.0 * 1.05


def height_for(n_shapes: int, n_series: int) -> float:
    return min(MAX_HEIGHT_IN, max(3.0, 1.2 + 0.2 * n_shapes * max(n_series, 1)))


def save(fig, path, dpi: int = 110) -> None:
    """Write ``fig`` as PNG and close it: every report figure goes through here (a test can keep the figure to
    read its artists)."""
    import matplotlib.pyplot as plt  # noqa: PLC0415

    try:
        with atomic_writer(path, binary=True) as f:  # whole or not at all; a full disk names the file
            fig.savefig(f, dpi=dpi, format="png")
    finally:
        plt.close(fig)
