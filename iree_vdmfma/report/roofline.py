"""Roofline plots: one PNG per (device, cache mode) from the report's summary table (matplotlib, Agg).

Each measured row is a marker at (arithmetic intensity, achieved TFLOP/s), one marker shape per
variant. Intensity is exact (FLOP per compulsory byte, from the shape); TFLOP/s is MEASURED
(flops / median latency, from results). The roofs are data-sheet peaks from ``devices`` (HBM
bandwidth and the dense compute peak for each element width, the summary's ``peak_gbps`` and
``peak_tflops`` columns), drawn only where the device's peaks are known; they are not measurements.
A vendor-library peer (e.g. the torch peer variant) is one more marker when its rows were measured.
"""

from __future__ import annotations

from pathlib import Path
from typing import Optional

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402
import pandas as pd  # noqa: E402
from matplotlib.ticker import FuncFormatter, NullFormatter  # noqa: E402


_MARKERS = "osD^vP*Xh<>"
_PALETTE = plt.get_cmap("tab10").colors


def _safe(s: str) -> str:
    return "".join(ch if ch.isalnum() or ch in "-_." else "_" for ch in str(s)) or "none"


def _decades(axis, ax) -> float:
    lo, hi = ax.get_xlim() if axis is ax.xaxis else ax.get_ylim()
    return float(np.log10(hi / lo)) if lo > 0 else 9.0


def _roofs(ax, sub: pd.DataFrame) -> bool:
    """The memory roof (``peak_gbps``) and one compute roof per element width (``peak_tflops``), from the
    table's data-sheet columns; False when the device's bandwidth peak is unknown."""
    gbps = sorted(set(sub["peak_gbps"].dropna()))
    if not gbps:
        return False
    xs = sub["arith_intensity"].to_numpy(float)
    lo, hi = min(xs.min(), 0.5) / 2, max(xs.max(), 2000) * 2
    x = np.geomspace(lo, hi, 200)
    bw = gbps[0]
    widths = (sub["weight_bytes"] / (sub["batch"] * sub["n"] * sub["k"])).round()
    peaks = {int(w): p for w, p in zip(widths, sub["peak_tflops"]) if p == p}
    for w, peak in sorted(peaks.items()):
        ax.plot(x, np.minimum(x * bw / 1e3, peak), color="#c62828", linestyle="--", linewidth=1)
        ax.text(hi, peak, f"{8 * w}-bit dense peak {peak:g} TFLOP/s (data sheet) ", color="#c62828", fontsize=7,
                ha="right", va="bottom")
    if not peaks:  # the compute peak is not known for this device: the memory roof alone
        ax.plot(x, x * bw / 1e3, color="#c62828", linestyle="--", linewidth=1)
    ax.text(lo * 1.1, lo * 1.1 * bw / 1e3, f" HBM {bw:g} GB/s (data sheet)", color="#c62828", fontsize=7,
            va="bottom")
    return True


def roofline_plot(sub: pd.DataFrame, device: str, cache: str, path: Path) -> Optional[Path]:
    """Achieved TFLOP/s against intensity for one device and cache mode; None without data."""
    sub = sub[sub["tflops"].notna() & sub["arith_intensity"].notna()]
    if sub.empty:
        return None
    fig, ax = plt.subplots(figsize=(9, 6))
    variants = sorted(sub["variant"].unique())
    for i, v in enumerate(variants):
        vs = sub[sub["variant"] == v]
        ax.scatter(vs["arith_intensity"], vs["tflops"], marker=_MARKERS[i % len(_MARKERS)], s=40,
                   color=_PALETTE[i % len(_PALETTE)], label=f"{v} (measured)", zorder=3)
    targets = sorted(set(sub["target"]))
    known = _roofs(ax, sub)
    if sub["key"].nunique() <= 30:  # name each problem once (its variants share an x) while that stays readable
        for r in sub.sort_values("tflops").drop_duplicates("key", keep="last").to_dict("records"):
            ax.annotate(str(r.get("name") or r["key"]), (r["arith_intensity"], r["tflops"]), fontsize=7,
                        xytext=(6, 4), textcoords="offset points", color="#444444")
    ax.set_xscale("log")
    ax.set_yscale("log")
    ax.margins(x=0.12, y=0.08)  # room for the point names
    plain = FuncFormatter(lambda v, _: f"{v:g}")
    for axis in (ax.xaxis, ax.yaxis):
        axis.set_major_formatter(plain)
        axis.set_minor_formatter(plain if _decades(axis, ax) < 2 else NullFormatter())
    ax.set_xlabel("arithmetic intensity, FLOP per compulsory byte (A, B read once, C written once)")
    ax.set_ylabel("achieved TFLOP/s (measured: flops / median latency)")
    roof = "roofs: data-sheet peaks" if known else "no data-sheet peaks for this device: no roofs drawn"
    ax.set_title(f"Roofline — MEASURED on {device} [{', '.join(targets)}], cache={cache}\n{roof}", fontsize=10)
    ax.grid(which="both", alpha=0.25)
    ax.legend(fontsize=8, loc="best")
    fig.tight_layout()
    fig.savefig(path, dpi=100)
    plt.close(fig)
    return path


def roofline_plots(summary: pd.DataFrame, out_dir: Path) -> dict[str, Path]:
    """One roofline per (device, cache mode) of the measured rows: {name: path}."""
    out: dict[str, Path] = {}
    run = summary[(summary["cache_mode"] != "") & summary["tflops"].notna()]
    names = run["device_name"] if "device_name" in run else pd.Series("", index=run.index)
    run = run.assign(_dev=[f"{n} ({d})" if n else (d or "device not recorded") for n, d in zip(names, run["device"])])
    for (device, cache), sub in run.groupby(["_dev", "cache_mode"], sort=True):
        name = f"roofline_{_safe(device)}_{_safe(cache)}"
        p = roofline_plot(sub, device, cache, out_dir / f"{name}.png")
        if p:
            out[name] = p
    return out
