"""The tune report: per-shape speedups over default and padded, geomeans by group, one plot.

Every figure says whether it is MEASURED (device, cold cache) or MODELLED (--device
none: tune/perf_model.py, not a measurement).
"""

from __future__ import annotations

from pathlib import Path

import pandas as pd

from ..report.markdown import drop_empty, md_table
from ..report.verdict import geomean
from . import state

# Knob values that mean "not set": shown as such, never as a number (waves_per_eu=0 is IREE's own choice).
UNSET = {("waves_per_eu", "0"): "unset", ("split", "0"): "none"}


def display_id(candidate: str) -> str:
    """A candidate id for people: 'split=0,...,waves_per_eu=0' -> 'split=none,...,waves_per_eu=unset'."""
    parts = []
    for part in str(candidate or "").split(","):
        k, sep, v = part.partition("=")
        parts.append(f"{k}={UNSET[(k, v)]}" if sep and (k, v) in UNSET else part)
    return ",".join(parts)


def speedup_text(speedup, basis: str) -> str:
    """'1.28x' for a measured speedup, 'MODELLED 5.44x' for a modelled one, '-' when there is none."""
    if not speedup:
        return "-"
    return ("MODELLED " if basis == "modelled" else "") + f"{speedup:.3g}x"


def _groups(w: pd.DataFrame) -> pd.DataFrame:
    rows = [{"group": "all", "shapes": len(w), "geomean_vs_default": geomean(w.speedup_vs_default),
             "geomean_vs_padded": geomean(w.speedup_vs_padded)}]
    for col in ("dtype", "m", "n"):
        for value, sub in w.groupby(col):
            rows.append({"group": f"{col}={value}", "shapes": len(sub),
                         "geomean_vs_default": geomean(sub.speedup_vs_default),
                         "geomean_vs_padded": geomean(sub.speedup_vs_padded)})
    return pd.DataFrame(rows)


def _plot(cands: pd.DataFrame, path: Path, label: str) -> Path | None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    col = "cold_us_median" if "MEASURED" in label else "modelled_us"
    ok = cands[cands[col].notna()]
    if ok.empty:
        return None
    xcol = "workgroups" if ok["workgroups"].notna().any() else "split"
    fig, ax = plt.subplots(figsize=(7, 4.5))
    for key, sub in ok.groupby("key"):
        ax.scatter(sub[xcol].fillna(0), sub[col], label=key, s=18)
    ax.set_xlabel(xcol + (" (contraction dispatch)" if xcol == "workgroups" else " (K chunk; 0 = no split)"))
    if xcol == "workgroups":
        ax.set_xscale("log")
    ax.set_ylabel("latency us" + (" (cold)" if "MEASURED" in label else " (MODELLED, not measured)"))
    ax.set_title(f"candidates: {label}", fontsize=9)
    ax.legend(fontsize=6)
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)
    return path


def headline(winners: pd.DataFrame, label: str) -> str:
    """The tune's result in one sentence: geomean speedup of the winners over IREE's default, wins, range."""
    sp = winners["speedup_vs_default"].dropna()
    if sp.empty:
        return f"No shape has a winner and a default to compare ({label})."
    modelled = "MODELLED " if "MODELLED" in label else ""
    wins = int((winners["verdict"] == "win").sum())
    return (f"Tuned winners: {modelled}geomean {geomean(sp):.2f}x over IREE's default over {len(sp)} shapes "
            f"({sp.min():.2f}x-{sp.max():.2f}x; {wins} of {len(winners)} a win under the noise rule) — {label}.")


def write_report(out_dir: Path | str, target: str, report_dir: Path | str | None = None) -> Path:
    """OUT/report/report.md (or ``report_dir``/report.md) and candidates.png from OUT's CSVs."""
    out = Path(out_dir)
    winners = pd.DataFrame([w.__dict__ for w in state.read_table(out / "winners.csv", state.WinnerRow)
                            if w.target == target])
    cands = pd.DataFrame([c.__dict__ for c in state.read_table(out / "candidates.csv", state.CandidateRow)
                          if c.target == target])
    rep = Path(report_dir) if report_dir is not None else out / "report"
    rep.mkdir(parents=True, exist_ok=True)
    if winners.empty:
        (rep / "report.md").write_text("# vdmfma tune\n\nNo shape finished yet.\n")
        return rep / "report.md"
    modelled = (winners.basis == "modelled").all()
    label = (f"MODELLED (static model, no device; {target})" if modelled
             else f"MEASURED on {winners.device.iloc[0]} ({target}), cold cache")
    head = headline(winners, label)
    plot = _plot(cands, rep / "candidates.png", label)
    winners = winners.assign(winner=[display_id(w) for w in winners["winner"]])
    if modelled:  # the column names say it: no modelled figure is shown without the word
        winners = winners.rename(columns={c: f"{c} (MODELLED)" for c in
                                          ("latency_us_median", "default_us_median", "padded_us_median",
                                           "speedup_vs_default", "speedup_vs_padded")})
    cols = ["key", "winner", "latency_us_median", "default_us_median", "padded_us_median", "speedup_vs_default",
            "speedup_vs_padded", "verdict", "basis", "drift_default", "candidates"]
    cols = [f"{c} (MODELLED)" if modelled and f"{c} (MODELLED)" in winners else c for c in cols]
    status = cands.groupby("status").size().rename("candidates").reset_index() if not cands.empty else pd.DataFrame()
    text = [f"# vdmfma tune: {target}", "", f"**{head}**", "",
            f"All latencies here are **{label}**."]
    if modelled:
        text.append("They come from tune/perf_model.py, a static model (bytes moved, workgroups per CU, loads in "
                    "flight, occupancy from the ISA): it ranks configs; it is not a measurement.")
    groups = _groups(winners.rename(columns=lambda c: c.replace(" (MODELLED)", "")))
    if modelled:
        groups = groups.rename(columns={c: f"{c} (MODELLED)" for c in ("geomean_vs_default", "geomean_vs_padded")})
    text += ["", "## Winners", "", md_table(drop_empty(winners[[c for c in cols if c in winners]])), "",
             "## Geomean speedup by group", "", md_table(drop_empty(groups)), "",
             "## Candidates by status", "", md_table(status) if not status.empty else "(none)", ""]
    if plot:
        text += [f"![candidates]({plot.name})", f"*Candidate latency against {'workgroups' if 'workgroups' in plot.name else 'the knob'}: {label}.*", ""]
    (rep / "report.md").write_text("\n".join(text))
    return rep / "report.md"
