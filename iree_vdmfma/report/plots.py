"""PNG plots for ``report``: matplotlib, Agg backend, one figure per (target, cache mode).

Every figure says what it shows: *measured* (with the device and target from the results) or
*static* (compiler output / ISA, not measured). Only values present in the summary are drawn;
missing values are marked "n/a" or "excluded", never drawn as zero. Skipped rows (a variant that
does not build for the target) are never drawn. At scale a per-shape figure shows at most
``MAX_SHAPES`` shapes (which ones, and out of how many, is in its title) and is never taller than
``MAX_HEIGHT_IN``; every shape is in summary.csv and pivot.csv.
"""

from __future__ import annotations

from pathlib import Path
from typing import Callable, Optional

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402
import pandas as pd  # noqa: E402
from matplotlib.patches import Patch  # noqa: E402
from matplotlib.textpath import TextPath  # noqa: E402

from ..problems.rows import EXCLUDED  # noqa: E402
from ..devices.targets import TARGETS  # noqa: E402
from .summary import instructions  # noqa: E402
from .weights import weights_plots  # noqa: E402

_NOT_OK = {str(x) for x in EXCLUDED}
SKIPPED = "skipped"
MAX_SHAPES = 30  # per-shape bar charts: more shapes than this are chosen (extremes) and the title says so
MAX_HEIGHT_IN = 20.0  # no figure taller than this (at 110 dpi: 2200 px)

VERDICT_COLOURS = {"win": "#2e7d32", "loss": "#c62828", "within-noise": "#9e9e9e", "undetermined": "#f9a825",
                   "same-kernel": "#1565c0"}
_PALETTE = plt.get_cmap("tab10").colors


def _devices(sub: pd.DataFrame) -> str:
    """The devices of some rows: the driver's name with the device URI, e.g. 'NVIDIA H100 80GB HBM3 (cuda://0)'."""
    names = sub["device_name"] if "device_name" in sub else pd.Series([""] * len(sub), index=sub.index)
    d = sorted({f"{n} ({x})" if isinstance(n, str) and n else x
                for x, n in zip(sub["device"], names) if isinstance(x, str) and x})
    return ", ".join(d) if d else "device not recorded"


def _safe(s: str) -> str:
    return "".join(ch if ch.isalnum() or ch in "-_." else "_" for ch in str(s)) or "none"


def _shape_order(sub: pd.DataFrame) -> list[str]:
    o = sub.sort_values(["dtype", "batch", "m", "n", "k"], kind="stable")
    return list(dict.fromkeys(o["key"]))


def _labels(sub: pd.DataFrame, shapes: list[str]) -> list[str]:
    """Axis labels: the user's name for each key (the key itself when no name was given)."""
    names: dict = {}
    for key, name in zip(sub["key"], sub["name"] if "name" in sub else sub["key"]):
        names.setdefault(key, str(name or key))
    return [names.get(k, k) for k in shapes]


def _hbars(
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
):
    """Grouped horizontal bars: one group per shape (top to bottom), one bar per series.

    Bars start at ``base`` (0 for amounts; 1 for ratios, so gains and losses point opposite ways).
    Values are written next to the bars unless there are more than ``max_labels`` of them.
    ``interval(shape, series)``: a (low, high) range drawn as an error bar on the bar (noise interval).
    """
    n = max(len(series), 1)
    h = 0.8 / n
    y0 = np.arange(len(shapes))[::-1].astype(float)
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
                if why:
                    ax.text(lo + pad, y, f"{ser}: {why}", va="center", ha="left", fontsize=7, color="#555555",
                            style="italic")
                continue
            ys.append(y)
            vs.append(v)
            styles.append(style(shape, ser, j))
            right, at = v >= base, v
            iv = interval(shape, ser) if interval else None
            if iv and all(np.isfinite(iv)):
                ax.errorbar(v, y, xerr=[[max(v - iv[0], 0)], [max(iv[1] - v, 0)]], fmt="none", ecolor="black",
                            elinewidth=1, capsize=2.5, zorder=4)
                at = max(iv[1], v) if right else min(iv[0], v)  # the label goes past the interval
            if not right and at < lo + 0.25 * (hi - lo):  # no room on the left: write it right
                right, at = True, max(base, iv[1] if iv and all(np.isfinite(iv)) else v)
            if n_bars <= max_labels:
                ax.text(at + (pad if right else -pad), y, label(shape, ser, v), va="center",
                        ha="left" if right else "right", fontsize=7)
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


def _layout(fig, shapes: list[str], *, legend_right: bool = False, title_lines: int = 1, suptitle: bool = False,
            ncol: int = 1, nrow: int = 1) -> None:
    """Fixed margins in inches (cheaper than tight_layout, which draws the figure an extra time)."""
    w, h = fig.get_size_inches()
    left = 0.3 + _text_width_in(shapes)
    right = 1.9 if legend_right else 0.25
    top = 0.3 + 0.22 * title_lines + (0.45 if suptitle else 0.0)
    bottom = 0.55
    kw = {}
    if ncol > 1 or nrow > 1:
        kw = dict(wspace=0.12, hspace=(0.75 / ((h - top - bottom) / nrow)))
    fig.subplots_adjust(left=min(left / w, 0.45), right=1 - right / w, top=1 - top / h, bottom=bottom / h, **kw)


def _text_width_in(labels: list[str], size: float = 8.0) -> float:
    """Width in inches of the widest label drawn at ``size`` points (measured from the glyph outlines)."""
    longest = sorted({str(t) for t in labels if str(t)}, key=len)[-4:]  # glyph outlines are slow: the longest few
    widths = [TextPath((0, 0), t, size=size).get_extents().width for t in longest]
    return max(widths, default=48.0) / 72.0 * 1.05


def _height(n_shapes: int, n_series: int) -> float:
    return min(MAX_HEIGHT_IN, max(3.0, 1.2 + 0.2 * n_shapes * max(n_series, 1)))


def _pick(shapes: list[str], score: dict[str, float], what: str) -> tuple[list[str], str]:
    """At most MAX_SHAPES shapes: all of them, or the half with the lowest and the half with the highest
    ``score`` (in shape order), and a note for the title saying which."""
    if len(shapes) <= MAX_SHAPES:
        return shapes, ""
    ranked = sorted(shapes, key=lambda k: score.get(k, float("inf")))
    half = MAX_SHAPES // 2
    keep = set(ranked[:half] + ranked[-half:])
    return [k for k in shapes if k in keep], f" — {MAX_SHAPES} of {len(shapes)} shapes: the {half} lowest and {half} highest {what}"


def _first(shapes: list[str]) -> tuple[list[str], str]:
    if len(shapes) <= MAX_SHAPES:
        return shapes, ""
    return shapes[:MAX_SHAPES], f" — first {MAX_SHAPES} of {len(shapes)} shapes"


def _lookup(sub: pd.DataFrame, col: str) -> dict:
    return dict(zip(zip(sub["key"], sub["variant"]), sub[col]))


def _speedup_plot(sub: pd.DataFrame, baseline: str, target: str, cache: str, path: Path, whiskers: str) -> Path:
    var = sub[~sub["is_baseline"]]
    shapes, variants = _shape_order(var), sorted(var["variant"].unique())
    worst = var.groupby("key")["speedup"].min().to_dict()
    shapes, picked = _pick(shapes, worst, "speedups")
    var = var[var["key"].isin(set(shapes))]
    sp, verdict, reason = _lookup(var, "speedup"), _lookup(var, "verdict"), _lookup(var, "excluded_reason")
    colours = {v: _PALETTE[i % len(_PALETTE)] for i, v in enumerate(variants)}

    def style(shape, ser, j):
        vd = verdict.get((shape, ser), "")
        return dict(facecolor=VERDICT_COLOURS.get(vd, "#777777"), edgecolor=colours[ser], linewidth=1.5,
                    hatch="///" if vd in ("within-noise", "undetermined") else None)

    def lab(shape, ser, v):
        return f"{v:.3f}  {ser}: {verdict.get((shape, ser), '')}"

    def missing(shape, ser):
        if (shape, ser) not in reason:
            return None
        return "excluded (" + str(reason[(shape, ser)]).split(":")[0] + ")"

    fig, ax = plt.subplots(figsize=(12, _height(len(shapes), len(variants))))
    lo, hi = _lookup(var, "speedup_lo"), _lookup(var, "speedup_hi")
    _hbars(ax, shapes, variants, lambda s, v: sp.get((s, v)), style, lab, missing, base=1.0,
           labels=_labels(var, shapes), interval=lambda s, v: (lo.get((s, v)), hi.get((s, v))) if (s, v) in lo else None)
    ax.axvline(1.0, color="black", linewidth=1)
    ax.set_xlabel(f"speedup vs {baseline} (baseline median / variant median; > 1 = faster)\nwhiskers: {whiskers}")
    ax.set_title(f"Speedup vs {baseline} — MEASURED on {_devices(sub)} [{target}], cache={cache}{picked}", fontsize=10)
    handles = [Patch(facecolor=c, label=v) for v, c in VERDICT_COLOURS.items()]
    handles += [Patch(facecolor="white", edgecolor=colours[v], linewidth=1.5, label=f"variant {v}") for v in variants]
    ax.legend(handles=handles, fontsize=7, loc="upper left", bbox_to_anchor=(1.01, 1.0), framealpha=0.9)
    _layout(fig, _labels(var, shapes), legend_right=True)
    fig.subplots_adjust(bottom=min(0.8 / fig.get_size_inches()[1], 0.3))  # two lines of x label
    fig.savefig(path, dpi=110)
    plt.close(fig)
    return path


def _bandwidth_plot(sub: pd.DataFrame, baseline: str, target: str, cache: str, path: Path) -> Optional[Path]:
    if sub["gbps"].notna().sum() == 0:
        return None
    shapes, picked = _pick(_shape_order(sub), sub.groupby("key")["gbps"].min().to_dict(), "GB/s")
    sub = sub[sub["key"].isin(set(shapes))]
    variants = [v for v in [baseline] + sorted(v for v in sub["variant"].unique() if v != baseline)
                if v in set(sub["variant"])]
    gb, pct, status = _lookup(sub, "gbps"), _lookup(sub, "pct_peak_bw"), _lookup(sub, "status")
    colours = {v: _PALETTE[i % len(_PALETTE)] for i, v in enumerate(variants)}

    def lab(shape, ser, v):
        p = pct.get((shape, ser))
        return f"{v:.3g}" + (f" ({p:.0f}%)" if p is not None and np.isfinite(p) else "")

    def missing(shape, ser):
        return f"n/a ({status[(shape, ser)]})" if (shape, ser) in status else None

    fig, ax = plt.subplots(figsize=(10, _height(len(shapes), len(variants))))
    _hbars(ax, shapes, variants, lambda s, v: gb.get((s, v)), lambda s, v, j: dict(color=colours[v]),
           lab, missing, labels=_labels(sub, shapes))
    t = TARGETS.get(target)
    if t:
        ax.axvline(t.peak_hbm_gbps, color="#c62828", linestyle="--", linewidth=1.2)
        lo, hi = ax.get_xlim()
        ax.set_xlim(0, max(hi, t.peak_hbm_gbps * 1.08))
        ax.text(t.peak_hbm_gbps, len(shapes) - 0.45, f"HBM peak {t.peak_hbm_gbps:g} GB/s \n(data sheet; memory roof) ",
                color="#c62828", fontsize=7, va="top", ha="right")
    ax.set_xlabel("achieved bandwidth, GB/s (label: GB/s, and % of HBM peak where the device's peak is known)")
    note = " (hot: weights may stay in the last-level cache)" if cache == "hot" else ""
    ax.set_title(f"Achieved bandwidth — MEASURED on {_devices(sub)} [{target}], cache={cache}{note}{picked}",
                 fontsize=10)
    ax.legend(handles=[Patch(facecolor=colours[v], label=v) for v in variants], fontsize=7, loc="upper left",
              bbox_to_anchor=(1.01, 1.0))
    _layout(fig, _labels(sub, shapes), legend_right=True)
    fig.savefig(path, dpi=110)
    plt.close(fig)
    return path


_STATIC_PANELS = [
    ("smfmac", "smfmac (sparse MFMA) count", 1.0),
    ("mfma", "mfma (dense) count", 1.0),
    ("wmma", "wmma (RDNA) count", 1.0),
    ("vgpr", "VGPRs", 1.0),
    ("lds_bytes", "LDS (KiB)", 1 / 1024),
    ("waves_per_simd", "waves/SIMD (MODELLED)", 1.0),
    ("workgroups_per_cu", "workgroups / CU (MODELLED)", 1.0),
    ("m_tiles", "weight re-reads: M tiles (MODELLED)", 1.0),
]


def _static_plot(st: pd.DataFrame, baseline: str, target: str, path: Path) -> Optional[Path]:
    # instruction panels: only those that matter on the target (its backend says: no smfmac/mfma on RDNA)
    skip = {"smfmac", "mfma", "wmma"} - {col for col, _ in instructions(target)}
    panels = [p for p in _STATIC_PANELS if p[0] in st and p[0] not in skip and st[p[0]].notna().any()]
    if not panels:
        return None
    shapes, picked = _first(_shape_order(st))
    st = st[st["key"].isin(set(shapes))]
    variants = [v for v in [baseline] + sorted(st["variant"].unique()) if v in set(st["variant"])]
    variants = list(dict.fromkeys(variants))
    colours = {v: _PALETTE[i % len(_PALETTE)] for i, v in enumerate(variants)}
    status = _lookup(st, "status")
    # one row of panels sharing the shape axis: the figure grows with the shape count only once
    ncol = min(len(panels), 4)  # at most four panels a row: the figure stays readable on a page
    nrow = -(-len(panels) // ncol)
    label_w = 0.35 + _text_width_in(_labels(st, shapes))
    height = min(MAX_HEIGHT_IN, (_height(len(shapes), len(variants)) - 0.4) * nrow + 0.9)
    fig, axes = plt.subplots(nrow, ncol, figsize=(label_w + 3.4 * ncol, height), squeeze=False)
    for ax, (col, title, scale) in zip(axes.flat, panels):
        vals = _lookup(st, col)

        def value(s, v, vals=vals, scale=scale):
            x = vals.get((s, v))
            return None if x is None or not np.isfinite(x) else x * scale

        _hbars(ax, shapes, variants, value,
               lambda s, v, j: dict(color=colours[v], hatch="xx" if status.get((s, v)) in _NOT_OK else None,
                                    alpha=0.45 if status.get((s, v)) in _NOT_OK else 1.0),
               lambda s, v, x: f"{x:.3g}" + (f" ({status[(s, v)]})" if status.get((s, v)) in _NOT_OK else ""),
               lambda s, v: ("n/a" + (f" ({status[(s, v)]})" if status[(s, v)] in _NOT_OK else "")
                             if (s, v) in status else None), max_labels=60,
               labels=_labels(st, shapes))
        ax.set_title(title, fontsize=9)
        if col == "workgroups_per_cu":
            ax.axvline(1.0, color="black", linestyle="--", linewidth=1)
    for ax in list(axes.flat)[len(panels):]:
        ax.axis("off")
    for r in range(nrow):
        for c in range(1, ncol):
            axes[r][c].set_yticklabels([])
    t = TARGETS.get(target)
    cu = f", {t.compute_units} CUs" if t else ""
    fig.suptitle(f"STATIC (compiler output / ISA, not measured) — target {target}{cu}{picked}", fontsize=11,
                 y=1 - 0.12 / height, va="top")
    fig.legend(handles=[Patch(facecolor=colours[v], label=v) for v in variants], fontsize=8, ncol=len(variants),
               loc="upper right", bbox_to_anchor=(1 - 0.1 / fig.get_size_inches()[0], 1 - 0.05 / height))
    _layout(fig, _labels(st, shapes), suptitle=True, ncol=ncol, nrow=nrow)
    fig.savefig(path, dpi=100)
    plt.close(fig)
    return path


def headline_plot(g: pd.DataFrame, baseline: str, path: Path, title: str) -> Optional[Path]:
    """The summary figure: per target, the geomean speedup of each variant over the baseline per cache mode
    and, where a vendor library was measured, over it (``headline.geomeans``; MEASURED latencies)."""
    g = g[g["shapes"] > 0]
    if g.empty:
        return None
    vendor = g[g["geomean_vs_vendor"].notna()]
    panels = [("geomean_vs_baseline", f"geomean speedup over {baseline} (> 1: faster)", g)]
    if not vendor.empty:
        panels.append(("geomean_vs_vendor", f"geomean speedup over the vendor library ({vendor['vendor'].iloc[0]}; "
                       "< 1: slower)", vendor))
    caches = sorted(set(g["cache_mode"]), key=lambda c: (c != "cold", c))
    labels = list(dict.fromkeys(f"{t} {v}" for t, v in zip(g["target"], g["variant"])))
    height = min(MAX_HEIGHT_IN, 1.6 + 0.32 * len(labels) * len(caches))
    fig, axes = plt.subplots(1, len(panels), figsize=(6.2 * len(panels) + 1.5, height), squeeze=False)
    colours = {c: _PALETTE[i % len(_PALETTE)] for i, c in enumerate(caches)}
    for ax, (col, xlabel, sub) in zip(axes[0], panels):
        vals = {(f"{r['target']} {r['variant']}", r["cache_mode"]): r[col] for r in sub.to_dict("records")}
        _hbars(ax, labels, caches, lambda s, c: vals.get((s, c)), lambda s, c, j: dict(color=colours[c]),
               lambda s, c, v: f"{v:.2f}x ({c})", lambda s, c: None, base=1.0, labels=labels)
        ax.axvline(1.0, color="black", linewidth=1)
        ax.set_xlabel(xlabel, fontsize=8)
    for ax in list(axes[0])[1:]:
        ax.set_yticklabels([])
    fig.suptitle(title, fontsize=10, y=1 - 0.1 / height, va="top")
    fig.legend(handles=[Patch(facecolor=colours[c], label=f"cache {c}") for c in caches], fontsize=7,
               loc="lower right")
    _layout(fig, labels, suptitle=True, ncol=len(panels))
    fig.savefig(path, dpi=110)
    plt.close(fig)
    return path


def report_plots(summary: pd.DataFrame, static: pd.DataFrame, baseline: str, out_dir: Path,
                 measured: bool, whiskers: str = "the verdict rule's noise interval") -> dict[str, Path]:
    """Write the report's PNGs from the summary and static tables (given, not rebuilt); {name: path}.
    Skipped rows are never drawn. ``whiskers``: what the speedup whiskers are (the verdict rule's interval)."""
    out: dict[str, Path] = {}
    summary = summary[summary["status"] != SKIPPED]
    if measured:
        run = summary[summary["cache_mode"] != ""]
        for (target, cache), sub in run.groupby(["target", "cache_mode"], sort=True):
            if sub[~sub["is_baseline"]]["speedup"].notna().any():  # nothing compared: no speedup plot
                name = f"speedup_{_safe(target)}_{_safe(cache)}"
                out[name] = _speedup_plot(sub, baseline, target, cache, out_dir / f"{name}.png", whiskers)
            name = f"bandwidth_{_safe(target)}_{_safe(cache)}"
            p = _bandwidth_plot(sub, baseline, target, cache, out_dir / f"{name}.png")
            if p:
                out[name] = p
    out.update(weights_plots(summary, out_dir) if measured else {})
    st = static[static["status"] != SKIPPED]
    for target, sub in st.groupby("target", sort=True):
        name = f"static_{_safe(target)}"
        p = _static_plot(sub, baseline, target, out_dir / f"{name}.png")
        if p:
            out[name] = p
    return out


def compare_plots(table: pd.DataFrame, out_dir: Path, labels: tuple[str, str]) -> dict[str, Path]:
    """Latency ratio B/A per row, coloured by verdict (win = B faster)."""
    A, B = labels
    out: dict[str, Path] = {}
    run = table[table["cache_mode"] != ""]
    for (target, cache), sub in run.groupby(["target", "cache_mode"], sort=True):
        if sub["ratio_b_over_a"].notna().sum() == 0:
            continue
        shapes, picked = _pick(_shape_order(sub), sub.groupby("key")["ratio_b_over_a"].max().to_dict(), "ratios")
        sub = sub[sub["key"].isin(set(shapes))]
        variants = sorted(sub["variant"].unique())
        ratio, verdict, reason = _lookup(sub, "ratio_b_over_a"), _lookup(sub, "verdict"), _lookup(sub, "excluded_reason")
        fig, ax = plt.subplots(figsize=(12, _height(len(shapes), len(variants))))
        _hbars(ax, shapes, variants, lambda s, v: ratio.get((s, v)),
               lambda s, v, j: dict(color=VERDICT_COLOURS.get(verdict.get((s, v), ""), "#777777")),
               lambda s, v, x: f"{x:.3f}  {v}", lambda s, v: (": ".join(str(reason.get((s, v)) or "").split(": ")[:2]) or None), base=1.0,
               labels=_labels(sub, shapes))
        ax.axvline(1.0, color="black", linewidth=1)
        ax.set_xlabel(f"latency ratio {B}/{A} (< 1: {B} faster)")
        dev = f"{A}: {_devices(sub.rename(columns={'device_a': 'device'}))}; {B}: {_devices(sub.rename(columns={'device_b': 'device'}))}"
        ax.set_title(f"{B} vs {A} — MEASURED [{target}], cache={cache}{picked}\n{dev}", fontsize=10)
        ax.legend(handles=[Patch(facecolor=c, label=f"{v}" + (f" ({B} faster)" if v == "win" else f" ({B} slower)" if v == "loss" else ""))
                           for v, c in VERDICT_COLOURS.items()], fontsize=7, loc="upper left", bbox_to_anchor=(1.01, 1.0))
        _layout(fig, _labels(sub, shapes), legend_right=True, title_lines=2)
        name = f"ratio_{_safe(target)}_{_safe(cache)}"
        out[name] = out_dir / f"{name}.png"
        fig.savefig(out[name], dpi=110)
        plt.close(fig)
    return out
