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
from collections import Counter
from typing import Optional

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402

from . import bars as _bars  # noqa: E402
import numpy as np  # noqa: E402
import pandas as pd  # noqa: E402
from matplotlib.patches import Patch  # noqa: E402

from ..problems.rows import EXCLUDED, status_values  # noqa: E402
from ..devices.targets import TARGETS  # noqa: E402
from .bars import MAX_HEIGHT_IN, hbars, height_for, layout, missing_handle, text_width_in  # noqa: E402
from .summary import instructions  # noqa: E402
from .weights import gbps_intervals, weights_plots  # noqa: E402

SKIPPED = "skipped"
MAX_SHAPES = 30  # per-shape bar charts: more shapes than this are chosen (extremes) and the title says so

VERDICT_COLOURS = {"win": "#2e7d32", "loss": "#c62828", "within-noise": "#9e9e9e", "undetermined": "#f9a825",
                   "same-kernel": "#ffffff"}
# Patterns that tell the verdicts apart without colour: one kernel (drift, never a result) is white with rings;
# a difference inside the noise is hatched grey.
VERDICT_HATCH = {"within-noise": "///", "undetermined": "///", "same-kernel": "oo"}
SAME_KERNEL_EDGE = "#000000"


def verdict_handles(new: str = "") -> list:
    """Legend entries of the verdicts, drawn as the bars are (``new``: who is faster on a win)."""
    words = {"win": f" ({new} faster)" if new else " (faster)", "loss": f" ({new} slower)" if new else " (slower)",
             "same-kernel": " (one kernel: drift)"}
    return [Patch(facecolor=c, hatch=VERDICT_HATCH.get(v), edgecolor=SAME_KERNEL_EDGE if v == "same-kernel" else
                  "#555555", label=v + words.get(v, "")) for v, c in VERDICT_COLOURS.items()]


def fit_legend(fig, legend) -> None:
    """Widen the figure's right margin until ``legend`` (placed right of the axes) lies inside the figure."""
    fig.canvas.draw()
    w = fig.get_size_inches()[0]
    need = legend.get_window_extent().x1 / fig.dpi - w
    if need > 0:
        right = fig.subplotpars.right - (need + 0.1) / w
        fig.subplots_adjust(right=max(right, 0.3))
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
                    hatch=VERDICT_HATCH.get(vd))

    def lab(shape, ser, v):
        return f"{v:.3f}  {ser}: {verdict.get((shape, ser), '')}"

    def missing(shape, ser):
        if verdict.get((shape, ser)) == "same-kernel":  # no bar: one kernel is not a speedup
            return f"same kernel as {baseline} (drift: not compared)"
        if not reason.get((shape, ser)):
            return None
        return "excluded (" + str(reason[(shape, ser)]).split(":")[0] + ")"

    fig, ax = plt.subplots(figsize=(12, height_for(len(shapes), len(variants))))
    layout(fig, _labels(var, shapes), legend_right=True)
    fig.subplots_adjust(bottom=min(0.8 / fig.get_size_inches()[1], 0.3))  # two lines of x label
    lo, hi = _lookup(var, "speedup_lo"), _lookup(var, "speedup_hi")
    marked = hbars(ax, shapes, variants, lambda s, v: sp.get((s, v)), style, lab, missing, base=1.0,
                    labels=_labels(var, shapes),
                    interval=lambda s, v: (lo.get((s, v)), hi.get((s, v))) if (s, v) in lo else None)
    ax.axvline(1.0, color="black", linewidth=1)
    ax.set_xlabel(f"speedup vs {baseline} (baseline median / variant median; > 1 = faster)\nwhiskers: {whiskers}")
    ax.set_title(f"Speedup vs {baseline} — MEASURED on {_devices(sub)} [{target}], cache={cache}{picked}", fontsize=10)
    handles = verdict_handles()
    handles += [Patch(facecolor="white", edgecolor=colours[v], linewidth=1.5, label=f"variant {v} (edge)")
                for v in variants]
    fit_legend(fig, ax.legend(handles=handles + missing_handle(marked), fontsize=7, loc="upper left",
                              bbox_to_anchor=(1.01, 1.0), framealpha=0.9))
    _bars.save(fig, path, 110)
    return path


def _baseline_first(sub: pd.DataFrame, baseline: str) -> list[str]:
    """The variants present in ``sub``: the baseline first, then the others by name."""
    return [v for v in [baseline] + sorted(v for v in sub["variant"].unique() if v != baseline)
            if v in set(sub["variant"])]


def _bandwidth_plot(sub: pd.DataFrame, baseline: str, target: str, cache: str, path: Path) -> Optional[Path]:
    if sub["gbps"].notna().sum() == 0:
        return None
    shapes, picked = _pick(_shape_order(sub), sub.groupby("key")["gbps"].min().to_dict(), "GB/s")
    sub = sub[sub["key"].isin(set(shapes))]
    variants = _baseline_first(sub, baseline)
    gb, pct, status = _lookup(sub, "gbps"), _lookup(sub, "pct_peak_bw"), _lookup(sub, "status")
    verdict, band = _lookup(sub, "verdict"), gbps_intervals(sub)
    colours = {v: _PALETTE[i % len(_PALETTE)] for i, v in enumerate(variants)}
    same = lambda s, v: verdict.get((s, v)) == "same-kernel"  # noqa: E731

    def lab(shape, ser, v):
        p = pct.get((shape, ser))
        return (f"{v:.3g}" + (f" ({p:.0f}%)" if p is not None and np.isfinite(p) else "")
                + (f" same kernel as {baseline}" if same(shape, ser) else ""))

    def missing(shape, ser):
        return f"n/a ({status[(shape, ser)]})" if (shape, ser) in status else None

    fig, ax = plt.subplots(figsize=(10, height_for(len(shapes), len(variants))))
    layout(fig, _labels(sub, shapes), legend_right=True)
    marked = hbars(ax, shapes, variants, lambda s, v: gb.get((s, v)),
                    lambda s, v, j: dict(facecolor="white" if same(s, v) else colours[v], edgecolor=colours[v],
                                         hatch=VERDICT_HATCH["same-kernel"] if same(s, v) else None),
                    lab, missing, labels=_labels(sub, shapes), interval=lambda s, v: band.get((s, v)))
    t = TARGETS.get(target)
    if t:
        ax.axvline(t.peak_hbm_gbps, color="#c62828", linestyle="--", linewidth=1.2)
        lo, hi = ax.get_xlim()
        ax.set_xlim(0, max(hi, t.peak_hbm_gbps * 1.08))
        ax.text(t.peak_hbm_gbps, len(shapes) - 0.45, f"HBM peak {t.peak_hbm_gbps:g} GB/s \n(data sheet; memory roof) ",
                color="#c62828", fontsize=7, va="top", ha="right")
    ax.set_xlabel("achieved bandwidth, GB/s (label: GB/s, and % of HBM peak where the device's peak is known)\n"
                  "whiskers: GB/s at each end of the latency's noise interval (median ± 2·sigma)")
    fig.subplots_adjust(bottom=min(0.8 / fig.get_size_inches()[1], 0.3))
    note = " (hot: weights may stay in the last-level cache)" if cache == "hot" else ""
    ax.set_title(f"Achieved bandwidth — MEASURED on {_devices(sub)} [{target}], cache={cache}{note}{picked}",
                 fontsize=10)
    _save_with_legend(fig, ax, path, [Patch(facecolor=colours[v], label=v) for v in variants],
                      any(same(k, v) for k, v in gb), baseline, marked)
    return path


FLOOR_LABEL = "harness floor (measured, same process)"


def latency_intervals(sub: pd.DataFrame, k: float = 2.0) -> dict:
    """(key, variant) -> the latency's noise interval (report/verdict.py ``Timing``: median ± k robust sigma)."""
    from .verdict import Timing  # noqa: PLC0415

    out = {}
    for r in sub.to_dict("records"):
        iv = Timing.from_row(r).interval(k)
        if iv:
            out[(r["key"], r["variant"])] = (max(iv[0], 0.0), iv[1])
    return out


def _latency_plot(sub: pd.DataFrame, baseline: str, target: str, cache: str, path: Path) -> Optional[Path]:
    """Median latency per shape and variant with its noise interval, beside the harness floor the rows measured
    in the same process (``floor_us``, run/floor.py): a line where every row's floor is one, a band from the lowest
    to the highest otherwise. Drawn only where the rows carry a floor: what the plot is for is a latency seen
    against what the harness alone costs."""
    floors = pd.to_numeric(sub["floor_us"], errors="coerce").dropna() if "floor_us" in sub else pd.Series(dtype=float)
    if floors.empty or sub["latency_us_median"].notna().sum() == 0:
        return None
    shapes, picked = _pick(_shape_order(sub), sub.groupby("key")["latency_us_median"].max().to_dict(), "latencies")
    sub = sub[sub["key"].isin(set(shapes))]
    variants = _baseline_first(sub, baseline)
    us, status, verdict = _lookup(sub, "latency_us_median"), _lookup(sub, "status"), _lookup(sub, "verdict")
    colours = {v: _PALETTE[i % len(_PALETTE)] for i, v in enumerate(variants)}
    same = lambda s, v: verdict.get((s, v)) == "same-kernel"  # noqa: E731

    def lab(shape, ser, v):
        return f"{v:.4g}" + (f" same kernel as {baseline}" if same(shape, ser) else "")

    def missing(shape, ser):
        return f"n/a ({status[(shape, ser)]})" if (shape, ser) in status else None

    fig, ax = plt.subplots(figsize=(10, height_for(len(shapes), len(variants))))
    layout(fig, _labels(sub, shapes), legend_right=True)
    band = latency_intervals(sub)
    marked = hbars(ax, shapes, variants, lambda s, v: us.get((s, v)),
                   lambda s, v, j: dict(facecolor="white" if same(s, v) else colours[v], edgecolor=colours[v],
                                        hatch=VERDICT_HATCH["same-kernel"] if same(s, v) else None),
                   lab, missing, labels=_labels(sub, shapes), interval=lambda s, v: band.get((s, v)))
    lo, hi = float(floors.min()), float(floors.max())
    if hi > lo:
        floor = ax.axvspan(lo, hi, color="#6a1b9a", alpha=0.18, zorder=0, label=f"{FLOOR_LABEL}:\n{lo:.3g}-{hi:.3g} us")
    else:
        floor = ax.axvline(lo, color="#6a1b9a", linestyle=":", linewidth=1.6, label=f"{FLOOR_LABEL}:\n{lo:.3g} us")
    ax.set_xlim(0, max(ax.get_xlim()[1], hi * 1.1))
    ax.set_xlabel("latency, us (median of the repetitions; whiskers: its noise interval, median ± 2·sigma)\n"
                  "a latency near the harness floor measures the harness, not the kernel")
    fig.subplots_adjust(bottom=min(0.8 / fig.get_size_inches()[1], 0.3))
    ax.set_title(f"Latency and the harness floor — MEASURED on {_devices(sub)} [{target}], cache={cache}{picked}",
                 fontsize=10)
    _save_with_legend(fig, ax, path, [Patch(facecolor=colours[v], label=v) for v in variants] + [floor],
                      any(same(k, v) for k, v in us), baseline, marked)
    return path


def _save_with_legend(fig, ax, path: Path, handles: list, any_same: bool, baseline: str, marked) -> None:
    """The per-variant bar plots' legend (right of the axes, inside the figure: the variants, the same-kernel
    pattern when a bar has it, the missing marks) and the PNG."""
    if any_same:
        handles = handles + [Patch(facecolor="white", edgecolor="#555555", hatch=VERDICT_HATCH["same-kernel"],
                                   label=f"same kernel as {baseline}:\na difference is drift")]
    fit_legend(fig, ax.legend(handles=handles + missing_handle(marked), fontsize=7, loc="upper left",
                              bbox_to_anchor=(1.01, 1.0)))
    _bars.save(fig, path, 110)


_STATIC_PANELS = [  # after the instruction panels (``_instruction_panels``)
    ("vgpr", "VGPRs", 1.0),
    ("lds_bytes", "LDS (KiB)", 1 / 1024),
    ("waves_per_simd", "waves/SIMD (MODELLED)", 1.0),
    ("workgroups_per_cu", "workgroups / CU (MODELLED)", 1.0),
    ("m_tiles", "weight re-reads: M tiles (MODELLED)", 1.0),
]
_KIND = {"smfmac": "sparse", "mfma": "dense", "mfma_scale": "scaled", "wmma": "RDNA", "nv_mma": "PTX"}


def _instruction_panels(st: pd.DataFrame, target: str) -> list[tuple[str, str, float, Optional[set]]]:
    """One panel per instruction the target's backend counts for the dtypes drawn (v_smfmac and v_mfma for a
    plain dtype, v_mfma_scale and v_mfma for an MX one, v_wmma on RDNA), titled with the instruction, and with
    the dtypes it is counted for when not all of them: (column, title, scale, those dtypes or None for all)."""
    dtypes = sorted({str(d) for d in st["dtype"]})
    counted: dict[tuple[str, str], list[str]] = {}
    for d in dtypes:
        for col, name in instructions(target, d):
            counted.setdefault((col, name), []).append(d)
    scaled = {d for (col, _), ds in counted.items() if col == "mfma_scale" for d in ds}
    out = []
    for (col, name), ds in counted.items():
        kind = "dense + scaled" if col == "mfma" and scaled & set(ds) else _KIND.get(col, "")
        whose = None if len(ds) == len(dtypes) else set(ds)
        out.append((col, f"{name} ({kind}) count" + (f" — {', '.join(ds)} shapes" if whose else ""), 1.0, whose))
    return out


def static_figure(st: pd.DataFrame, baseline: str, target: str):
    """The static figure of one target (a matplotlib Figure, not saved), or None when it has nothing to draw."""
    panels = [p for p in _instruction_panels(st, target) + [(*p, None) for p in _STATIC_PANELS]
              if p[0] in st and st[p[0]].notna().any()]
    if not panels:
        return None
    shapes, picked = _first(_shape_order(st))
    st = st[st["key"].isin(set(shapes))]
    variants = [v for v in [baseline] + sorted(st["variant"].unique()) if v in set(st["variant"])]
    variants = list(dict.fromkeys(variants))
    colours = {v: _PALETTE[i % len(_PALETTE)] for i, v in enumerate(variants)}
    status, dtype = _lookup(st, "status"), dict(zip(st["key"], st["dtype"]))
    # one row of panels sharing the shape axis: the figure grows with the shape count only once
    ncol = min(len(panels), 4)  # at most four panels a row: the figure stays readable on a page
    nrow = -(-len(panels) // ncol)
    label_w = 0.35 + text_width_in(_labels(st, shapes))
    height = min(MAX_HEIGHT_IN, (height_for(len(shapes), len(variants)) - 0.4) * nrow + 0.9)
    fig, axes = plt.subplots(nrow, ncol, figsize=(label_w + 3.4 * ncol, height), squeeze=False)
    layout(fig, _labels(st, shapes), suptitle=True, ncol=ncol, nrow=nrow)
    marked: Counter = Counter()
    for ax, (col, title, scale, whose) in zip(axes.flat, panels):
        vals = _lookup(st, col)

        def counted(s, whose=whose):  # a shape whose dtype this panel does not count is left empty
            return whose is None or str(dtype.get(s)) in whose

        def value(s, v, vals=vals, scale=scale, counted=counted):
            x = vals.get((s, v)) if counted(s) else None
            return None if x is None or not np.isfinite(x) else x * scale

        def missing(s, v, counted=counted):
            if (s, v) not in status or not counted(s):
                return None
            return "n/a" + (f" ({status[(s, v)]})" if status[(s, v)] in status_values(EXCLUDED) else "")

        marked += hbars(ax, shapes, variants, value,
                         lambda s, v, j: dict(color=colours[v], hatch="xx" if status.get((s, v)) in status_values(EXCLUDED) else None,
                                              alpha=0.45 if status.get((s, v)) in status_values(EXCLUDED) else 1.0),
                         lambda s, v, x: f"{x:.3g}" + (f" ({status[(s, v)]})" if status.get((s, v)) in status_values(EXCLUDED) else ""),
                         missing, max_labels=60, labels=_labels(st, shapes))
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
    if marked:  # a footnote under the panels
        fig.legend(handles=missing_handle(marked), fontsize=7, loc="lower left", bbox_to_anchor=(0.0, 0.0),
                   frameon=False)
    return fig


def _static_plot(st: pd.DataFrame, baseline: str, target: str, path: Path) -> Optional[Path]:
    fig = static_figure(st, baseline, target)
    if fig is None:
        return None
    _bars.save(fig, path, 100)
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
    layout(fig, labels, suptitle=True, ncol=len(panels))
    for ax, (col, xlabel, sub) in zip(axes[0], panels):
        vals = {(f"{r['target']} {r['variant']}", r["cache_mode"]): r[col] for r in sub.to_dict("records")}
        hbars(ax, labels, caches, lambda s, c: vals.get((s, c)), lambda s, c, j: dict(color=colours[c]),
               lambda s, c, v: f"{v:.2f}x ({c})", lambda s, c: None, base=1.0, labels=labels)
        ax.axvline(1.0, color="black", linewidth=1)
        ax.set_xlabel(xlabel, fontsize=8)
    for ax in list(axes[0])[1:]:
        ax.set_yticklabels([])
    fig.suptitle(title, fontsize=10, y=1 - 0.1 / height, va="top")
    fig.legend(handles=[Patch(facecolor=colours[c], label=f"cache {c}") for c in caches], fontsize=7,
               loc="lower right")
    _bars.save(fig, path, 110)
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
            name = f"latency_{_safe(target)}_{_safe(cache)}"
            p = _latency_plot(sub, baseline, target, cache, out_dir / f"{name}.png")
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


def _ratio_intervals(sub: pd.DataFrame) -> dict:
    """(key, pair) -> the B/A ratio at the ends of both runs' noise intervals (report/verdict.py, median ± 2·sigma)."""
    from .verdict import Timing, speedup_interval  # noqa: PLC0415

    out = {}
    for r in sub.to_dict("records"):
        lo, hi = speedup_interval(Timing.from_row(r, "_a"), Timing.from_row(r, "_b"))
        if lo == lo and hi == hi and lo > 0 and hi > 0:
            out[(r["key"], r["variant"])] = (1.0 / hi, 1.0 / lo)
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
        band = _ratio_intervals(sub)
        fig, ax = plt.subplots(figsize=(12, height_for(len(shapes), len(variants))))
        layout(fig, _labels(sub, shapes), legend_right=True, title_lines=2)
        marked = hbars(ax, shapes, variants, lambda s, v: ratio.get((s, v)),
                        lambda s, v, j: dict(facecolor=VERDICT_COLOURS.get(verdict.get((s, v), ""), "#777777"),
                                             edgecolor="#555555", hatch=VERDICT_HATCH.get(verdict.get((s, v), ""))),
                        lambda s, v, x: f"{x:.3f}  {v}",
                        lambda s, v: (": ".join(str(reason.get((s, v)) or "").split(": ")[:2]) or None), base=1.0,
                        labels=_labels(sub, shapes), interval=lambda s, v: band.get((s, v)))
        ax.axvline(1.0, color="black", linewidth=1)
        ax.set_xlabel(f"latency ratio {B}/{A} (< 1: {B} faster); bars: pairs VA:VB, {A}'s VA against {B}'s VB\n"
                      "whiskers: the ratio at the ends of both runs' noise intervals (median ± 2·sigma)")
        fig.subplots_adjust(bottom=min(0.8 / fig.get_size_inches()[1], 0.3))
        dev = f"{A}: {_devices(sub.rename(columns={'device_a': 'device'}))}; {B}: {_devices(sub.rename(columns={'device_b': 'device'}))}"
        ax.set_title(f"{B} vs {A} — MEASURED [{target}], cache={cache}{picked}\n{dev}", fontsize=10)
        fit_legend(fig, ax.legend(handles=verdict_handles(f"{B}'s variant") + missing_handle(marked), fontsize=7,
                                  loc="upper left", bbox_to_anchor=(1.01, 1.0)))
        name = f"ratio_{_safe(target)}_{_safe(cache)}"
        out[name] = out_dir / f"{name}.png"
        _bars.save(fig, out[name], 110)
    return out
