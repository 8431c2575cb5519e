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
import numpy as np  # noqa: E402
import pandas as pd  # noqa: E402
from matplotlib.patches import Patch  # noqa: E402

from ..problems.rows import EXCLUDED, status_values  # noqa: E402
from ..devices.targets import TARGETS  # noqa: E402
from .bars import MAX_HEIGHT_IN, hbars, height_for, layout, missing_handle, text_width_in  # noqa: E402
from .summary import instructions  # noqa: E402
from .weights import weights_plots  # noqa: E402

SKIPPED = "skipped"
MAX_SHAPES = 30  # per-shape bar charts: more shapes than this are chosen (extremes) and the title says so

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
    handles = [Patch(facecolor=c, label=v) for v, c in VERDICT_COLOURS.items()]
    handles += [Patch(facecolor="white", edgecolor=colours[v], linewidth=1.5, label=f"variant {v}") for v in variants]
    ax.legend(handles=handles + missing_handle(marked), fontsize=7, loc="upper left", bbox_to_anchor=(1.01, 1.0),
              framealpha=0.9)
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

    fig, ax = plt.subplots(figsize=(10, height_for(len(shapes), len(variants))))
    layout(fig, _labels(sub, shapes), legend_right=True)
    marked = hbars(ax, shapes, variants, lambda s, v: gb.get((s, v)), lambda s, v, j: dict(color=colours[v]),
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
    ax.legend(handles=[Patch(facecolor=colours[v], label=v) for v in variants] + missing_handle(marked), fontsize=7,
              loc="upper left", bbox_to_anchor=(1.01, 1.0))
    fig.savefig(path, dpi=110)
    plt.close(fig)
    return path


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
        fig, ax = plt.subplots(figsize=(12, height_for(len(shapes), len(variants))))
        layout(fig, _labels(sub, shapes), legend_right=True, title_lines=2)
        marked = hbars(ax, shapes, variants, lambda s, v: ratio.get((s, v)),
                        lambda s, v, j: dict(color=VERDICT_COLOURS.get(verdict.get((s, v), ""), "#777777")),
                        lambda s, v, x: f"{x:.3f}  {v}",
                        lambda s, v: (": ".join(str(reason.get((s, v)) or "").split(": ")[:2]) or None), base=1.0,
                        labels=_labels(sub, shapes))
        ax.axvline(1.0, color="black", linewidth=1)
        ax.set_xlabel(f"latency ratio {B}/{A} (< 1: {B} faster)")
        dev = f"{A}: {_devices(sub.rename(columns={'device_a': 'device'}))}; {B}: {_devices(sub.rename(columns={'device_b': 'device'}))}"
        ax.set_title(f"{B} vs {A} — MEASURED [{target}], cache={cache}{picked}\n{dev}", fontsize=10)
        ax.legend(handles=[Patch(facecolor=c, label=f"{v}" + (f" ({B} faster)" if v == "win" else f" ({B} slower)" if v == "loss" else ""))
                           for v, c in VERDICT_COLOURS.items()] + missing_handle(marked), fontsize=7, loc="upper left",
                  bbox_to_anchor=(1.01, 1.0))
        name = f"ratio_{_safe(target)}_{_safe(cache)}"
        out[name] = out_dir / f"{name}.png"
        fig.savefig(out[name], dpi=110)
        plt.close(fig)
    return out
