"""Achieved bandwidth against the weight bytes a call reads: one PNG per (device, cache mode).

A skinny GEMM (M = 1..32) reads its weights once and does little else, so its arithmetic intensity is
about M FLOP per byte for every N and K: a roofline puts every shape at one x. What separates shapes is
how many bytes there are to stream. Each MEASURED row is a marker at (weight bytes = batch·N·K·element
size, exact from the shape; GB/s = bytes moved / median latency, from results), one marker shape per
variant, with the device's data-sheet HBM peak (the summary's ``peak_gbps``) as a dashed line where it is
known (a data-sheet figure, not a measurement); whiskers: GB/s at the two ends of the latency's noise interval
(median ± 2 robust sigma, report/verdict.py). With few weight sizes the x ticks sit at those sizes. Small weights cannot reach the peak (launch and latency
dominate); large ones should approach it. At most ``MAX_POINTS`` markers per variant are drawn (a
seeded sample beyond that, said in the title); every row is in summary.csv.
"""

from __future__ import annotations

import math
from pathlib import Path
from typing import Optional

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402

from . import bars as _bars  # noqa: E402
import pandas as pd  # noqa: E402
from matplotlib.ticker import FixedLocator, FuncFormatter, NullFormatter, NullLocator  # noqa: E402


_MARKERS = "osD^vP*Xh<>"
UNBOUNDED_GBPS = 1e12  # a whisker with no upper bound (its latency interval reaches 0): clipped at the axis' top
_PALETTE = plt.get_cmap("tab10").colors
MAX_POINTS = 4000  # markers per variant; beyond that a seeded sample
MAX_NAMED = 12  # shapes named on the plot (when there are no more than this)


def _safe(s: str) -> str:
    return "".join(ch if ch.isalnum() or ch in "-_." else "_" for ch in str(s)) or "none"


def _mib(v, _=None) -> str:
    return f"{v / 2**20:.3g}"


def gbps_intervals(sub: pd.DataFrame, k: float = 2.0) -> dict:
    """(key, variant) -> GB/s at the two ends of the latency's noise interval (report/verdict.py ``Timing``):
    bytes moved over the interval's high and low latency."""
    from .verdict import Timing  # noqa: PLC0415

    out = {}
    for r in sub.to_dict("records"):
        iv, gb, med = Timing.from_row(r).interval(k), r.get("gbps"), r.get("latency_us_median")
        if iv and gb == gb and med and iv[1] > 0:  # an interval reaching 0 us: no upper bound on the GB/s
            out[(r["key"], r["variant"])] = (gb * med / iv[1], gb * med / iv[0] if iv[0] > 0 else float("inf"))
    return out


def weights_plot(sub: pd.DataFrame, device: str, cache: str, path: Path) -> Optional[Path]:
    """GB/s against weight bytes for one device and cache mode; None without data."""
    sub = sub[sub["gbps"].notna() & sub["weight_bytes"].notna()]
    if sub.empty:
        return None
    fig, ax = plt.subplots(figsize=(9, 6))
    sampled = False
    for i, (v, vs) in enumerate(sorted(sub.groupby("variant"), key=lambda x: x[0])):
        if len(vs) > MAX_POINTS:
            vs, sampled = vs.sample(MAX_POINTS, random_state=0), True
        colour = _PALETTE[i % len(_PALETTE)]
        same = vs["verdict"].eq("same-kernel") if "verdict" in vs else pd.Series(False, index=vs.index)
        for part, hollow in ((vs[~same], False), (vs[same], True)):
            if len(part):  # the baseline's own kernel: hollow (a difference there is drift, not a result)
                ax.scatter(part["weight_bytes"], part["gbps"], marker=_MARKERS[i % len(_MARKERS)], s=28, alpha=0.8,
                           facecolors="none" if hollow else colour, edgecolors=colour, zorder=3,
                           label=f"{v} (measured" + ("; hollow: same kernel as the baseline, drift)" if hollow else ")"))
        band = gbps_intervals(vs)
        have = [(r["weight_bytes"], r["gbps"], band[(r["key"], r["variant"])]) for r in vs.to_dict("records")
                if (r["key"], r["variant"]) in band]
        if have:  # the latency's noise interval, as GB/s
            x, y, iv = zip(*have)
            top = [b[1] if math.isfinite(b[1]) else UNBOUNDED_GBPS for b in iv]  # unbounded: up to the axis' top
            ax.errorbar(x, y, yerr=[[max(g - b[0], 0) for g, b in zip(y, iv)], [max(t - g, 0) for g, t in zip(y, top)]],
                        fmt="none", ecolor=colour, elinewidth=1, capsize=2.5, alpha=0.8, zorder=2)
    peaks = sorted(set(sub["peak_gbps"].dropna()))
    if peaks:
        ax.axhline(peaks[0], color="#c62828", linestyle="--", linewidth=1.2)
        ax.text(sub["weight_bytes"].max(), peaks[0], f"HBM peak {peaks[0]:g} GB/s (data sheet) ", color="#c62828",
                fontsize=7, va="bottom", ha="right")
    if sub["key"].nunique() <= MAX_NAMED:  # name each shape once, at its fastest variant
        for r in sub.sort_values("gbps").drop_duplicates("key", keep="last").to_dict("records"):
            ax.annotate(str(r.get("name") or r["key"]), (r["weight_bytes"], r["gbps"]), fontsize=7,
                        xytext=(5, 4), textcoords="offset points", color="#444444")
    ax.set_xscale("log")
    ax.xaxis.set_major_formatter(FuncFormatter(_mib))
    at = sorted(set(sub["weight_bytes"]))
    if len(at) <= MAX_NAMED:  # few sizes: a tick at each, where the points are, and no other
        ax.xaxis.set_major_locator(FixedLocator(at))
        ax.xaxis.set_minor_locator(NullLocator())
        if len(at) == 1:
            ax.set_xlim(at[0] / 2, at[0] * 2)
    else:
        ax.xaxis.set_minor_formatter(NullFormatter())
    tops = [hi for _, hi in gbps_intervals(sub).values() if math.isfinite(hi)]  # the whiskers fit too
    ax.set_ylim(0, max([sub["gbps"].max(), peaks[0] if peaks else 0] + tops) * 1.12)
    ax.set_xlabel("weight bytes per call, MiB (batch·N·K·element size: exact, from the shape)")
    ax.set_ylabel("achieved GB/s (measured: bytes moved / median latency;\nwhiskers: the latency's noise interval)")
    roof = "dashed: the device's data-sheet HBM peak" if peaks else "no data-sheet peak for this device: no peak line"
    note = f"; {MAX_POINTS} sampled rows per variant" if sampled else ""
    ax.set_title(f"Bandwidth vs weight bytes — MEASURED on {device} [{', '.join(sorted(set(sub['target'])))}], "
                 f"cache={cache}\n{roof}{note}", fontsize=10)
    ax.grid(which="both", alpha=0.25)
    ax.legend(fontsize=8, loc="lower right")
    fig.tight_layout()
    _bars.save(fig, path, 100)
    return path


def weights_plots(summary: pd.DataFrame, out_dir: Path) -> dict[str, Path]:
    """One plot per (device, cache mode) of the measured rows: {name: path}."""
    out: dict[str, Path] = {}
    run = summary[(summary["cache_mode"] != "") & summary["gbps"].notna()]
    names = run["device_name"] if "device_name" in run else pd.Series("", index=run.index)
    run = run.assign(_dev=[f"{n} ({d})" if n else (d or "device not recorded") for n, d in zip(names, run["device"])])
    for (device, cache), sub in run.groupby(["_dev", "cache_mode"], sort=True):
        name = f"weights_{_safe(device)}_{_safe(cache)}"
        p = weights_plot(sub, device, cache, out_dir / f"{name}.png")
        if p:
            out[name] = p
    return out
