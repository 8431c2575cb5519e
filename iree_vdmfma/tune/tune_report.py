"""The tune report: per-shape speedups over default and padded, geomeans by group, one plot.

Every figure says whether it is MEASURED (device, cold cache) or MODELLED (--device
none: the target's own backend perf model, backends/<backend>/perf_model.py, not a
measurement). The report also counts what the search did not cover: candidates cut by
--max-candidates, candidates the race's time budget cut (the top of the order that fitted
was raced) and candidates a spent --time-budget left unfinished, per shape; and why a
search winner was not shipped (the final side-by-side did not confirm it).
"""

from __future__ import annotations

import textwrap
from pathlib import Path
from typing import Optional

import pandas as pd

from ..backends.base import PerfModel
from ..util.io import atomic_write_text
from ..util.lists import counted
from ..report.markdown import drop_empty, md_table
from ..report.verdict import geomean
from . import state
from .choose import BEYOND_MODEL_ERROR, NOT_SEPARABLE, model_error, separable
from .state import KNOB_ZEROES
from ..problems.rows import CANDIDATE_TERMINAL, Status, status_values


def speedup_text(speedup, basis: str) -> str:
    """'1.28x' for a measured speedup, 'MODELLED 5.44x' for a modelled one, '-' when there is none."""
    if not speedup:
        return "-"
    return ("MODELLED " if basis == "modelled" else "") + f"{speedup:.3g}x"


def race_budget_cut(w) -> int:
    """Candidates of a raced shape that the race's budget cut (never compiled): the pruned space less those
    evaluated and those --max-candidates cut. 0 for a shape that was not raced."""
    if not _present(w.rounds):
        return 0
    return max(0, int(_num(w.space) - _num(w.evaluated) - _num(w.cut_max_candidates)))


def winner_line(w) -> str:
    """A shape's result on the console, plain text: a modelled figure says MODELLED once (beside the number),
    a measured one names its verdict and basis; a race's budget cut is counted."""
    text = f"{w.key}: {w.winner or '(none)'}  vs default {speedup_text(w.speedup_vs_default, w.basis)}"
    if w.basis == "modelled":  # the number says MODELLED; the verdict only when it says more than 'modelled'
        return text + (f"  [{w.verdict}]" if w.verdict not in ("", "modelled") else "")
    cut = race_budget_cut(w)
    return text + f"  [{w.verdict}; {w.basis}]" + (f" ({cut} candidates cut by the race budget)" if cut else "")


# Figures that a modelled tune's model gave: their column names say MODELLED wherever they are shown.
MODELLED_FIGURES = ("latency_us_median", "default_us_median", "padded_us_median", "speedup_vs_default",
                    "speedup_vs_padded", "geomean_vs_default", "geomean_vs_padded")


def modelled_name(column: str, modelled: bool) -> str:
    """'speedup_vs_default' -> 'speedup_vs_default (MODELLED)' for a modelled tune; other columns as they are."""
    return f"{column} (MODELLED)" if modelled and column in MODELLED_FIGURES else column


def _present(x) -> bool:
    return x is not None and not (isinstance(x, float) and x != x) and x != ""


def _num(x) -> float:
    return float(x) if _present(x) else 0.0


def _groups(w: pd.DataFrame) -> pd.DataFrame:
    rows = [{"group": "all", "shapes": len(w), "geomean_vs_default": geomean(w.speedup_vs_default),
             "geomean_vs_padded": geomean(w.speedup_vs_padded)}]
    for col in ("dtype", "m", "n"):
        for value, sub in w.groupby(col):
            rows.append({"group": f"{col}={value}", "shapes": len(sub),
                         "geomean_vs_default": geomean(sub.speedup_vs_default),
                         "geomean_vs_padded": geomean(sub.speedup_vs_padded)})
    return pd.DataFrame(rows)


def _plot(cands: pd.DataFrame, path: Path, label: str, winners: Optional[pd.DataFrame] = None) -> Path | None:
    """Each shape's candidates by latency (fastest left, one panel row of points per shape), IREE's default and the
    shipped winner marked apart; measured points carry their noise interval."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    import matplotlib.ticker  # noqa: F401

    from ..report import bars as _bars

    measured = "MEASURED" in label
    col = "cold_us_median" if measured else "modelled_us"
    ok = cands[cands[col].notna()]
    if ok.empty:
        return None
    shipped = dict(zip(winners["key"], winners["winner"])) if winners is not None and not winners.empty else {}
    fig, ax = plt.subplots(figsize=(8, 4.8))
    for i, (key, sub) in enumerate(ok.groupby("key", sort=True)):
        sub = sub.sort_values(col).reset_index(drop=True)
        x, y = sub.index + 1, sub[col]
        colour = plt.get_cmap("tab10").colors[i % 10]
        if measured:  # the noise rule's interval: median ± 2 robust sigma (report/verdict.py)
            sigma = (sub["cold_us_mad"] * 1.4826).where(sub["cold_us_mad"].notna(), sub["cold_us_std"]).fillna(0)
            ax.errorbar(x, y, yerr=[(2 * sigma).clip(upper=0.9 * y), 2 * sigma], fmt="none", ecolor=colour,
                        alpha=0.6, capsize=2)
        ax.scatter(x, y, s=16, color=colour, label=key, zorder=3)
        ref = sub["reference"].fillna("").str.split(",").apply(lambda r: "default" in r)
        ax.scatter(x[ref], y[ref], s=90, facecolors="none", edgecolors="black", marker="s", zorder=4,
                   label="IREE's default" if i == 0 else None)
        won = sub["candidate"] == shipped.get(key)
        ax.scatter(x[won], y[won], s=140, color=colour, edgecolors="black", marker="*", zorder=5,
                   label="shipped winner" if i == 0 else None)
    ax.set_xlabel("candidate, fastest first (rank within its shape)")
    ax.xaxis.set_major_locator(matplotlib.ticker.MaxNLocator(integer=True))
    ax.set_ylabel("latency us" + (" (cold; whiskers: noise interval)" if measured else " (MODELLED, not measured)"))
    ax.set_yscale("log")
    ax.set_title(textwrap.fill(f"candidates: {label}", 95), fontsize=9)  # the whole label, never cut off
    ax.legend(fontsize=6, loc="upper left", ncol=2)
    fig.tight_layout()
    _bars.save(fig, path, 110)
    return path


def timed_in(winners: pd.DataFrame) -> str:
    """How the winners' measured latencies were submitted, for the report's label: 'cmdbuf timing mode'; a tune from
    before winners recorded one timed one submission a dispatch (records/plan.py ``loop_mode``); and the harness
    floor (run/floor.py) MEASURED beside them, the range over shapes where it varied, or that none was measured
    (a tune from before winners recorded one, or a floor that could not be measured). Only shapes with a measured
    winner count: a shape whose default did not build or run has neither."""
    timed = winners[pd.to_numeric(winners.get("latency_us_median"), errors="coerce").notna()
                    & (winners.get("winner", pd.Series("", index=winners.index)).fillna("") != "")]
    timed = timed if not timed.empty else winners  # (no shape measured: the label says what the rows say)
    modes = sorted({str(m) if m == m and m else "" for m in timed.get("timing_mode", pd.Series([""]))})
    said = [m or "loop (not recorded: a tune from before timing modes were)" for m in modes]
    floors = pd.to_numeric(timed.get("floor_us", pd.Series(dtype=float)), errors="coerce").dropna()
    lo, hi = (floors.min(), floors.max()) if len(floors) else (None, None)
    floor = ("no harness floor measured" if lo is None
             else f"harness floor {lo:.3g} µs" if f"{lo:.3g}" == f"{hi:.3g}" else f"harness floor {lo:.3g}-{hi:.3g} µs")
    some = "" if lo is None or len(floors) == len(timed) else f" ({len(floors)} of {len(timed)} shapes)"
    return f"{' and '.join(said)} timing mode, {floor}{some}"


def _cuts(winners: pd.DataFrame, cands: pd.DataFrame) -> pd.DataFrame:
    """Per shape: the pruned space, what was evaluated, cut by --max-candidates, cut by the race's budget
    (when a shape was raced), left by --time-budget."""
    rows = []
    raced = "rounds" in winners and winners["rounds"].notna().any()
    for key, sub in cands.groupby("key", sort=False):
        w = winners[winners.key == key] if not winners.empty else winners
        cut = sub.reason.fillna("").astype(str).str.startswith("cut by the race budget")  # pending, never left
        left = int((~sub.status.isin(status_values(CANDIDATE_TERMINAL)) & ~cut).sum())
        row = {"key": key, "pruned_space": w.space.iloc[0] if len(w) else None,
               "evaluated": int((~sub.status.isin({Status.PRUNED.value, Status.PENDING.value, Status.COMPILED.value})).sum()),
               "cut_by_max_candidates": w.cut_max_candidates.iloc[0] if len(w) else None}
        if raced:
            row["cut_by_race_budget"] = race_budget_cut(next(w.itertuples())) if len(w) else None
        rows.append({**row, "left_by_time_budget": left, "finished": "yes" if len(w) else "no (rerun to finish)"})
    return pd.DataFrame(rows)


def modelled_headline(winners: pd.DataFrame, target: str, label: str) -> str:
    """A modelled tune's result: no geomean, only which winners' modelled speedups over IREE's default lie beyond
    the model's validated error (tune/choose.py ``separable``); the others are not separable by the model."""
    from ..backends import backend_for  # noqa: PLC0415

    error = model_error(backend_for(target), target)
    sp = winners.set_index("key")["speedup_vs_default"].dropna()
    if error is None:
        return (f"Tuned winners: MODELLED, not measured ({label}): the model's error is not validated on {target}, "
                f"so none of the {len(sp)} modelled speedups over IREE's default is separable by the model; "
                "measure before believing any.")
    beyond = [f"{k} (MODELLED {v:.2f}x)" for k, v in sp.items() if separable(v, error)]
    return (f"Tuned winners: MODELLED, not measured ({label}): {len(beyond)} of {len(sp)} modelled speedups over "
            f"IREE's default lie beyond the model's validated error (a modelled speedup is off by up to {error:.2f}x "
            f"on {_validation(target)})" + (f": {', '.join(beyond)}" if beyond else "")
            + (f"; {'the other' if beyond else 'all'} {len(sp) - len(beyond)} {NOT_SEPARABLE}"
               if len(sp) > len(beyond) else "") + ". Measure before believing any.")


def model_source(target: str) -> str:
    """The file of ``target``'s own backend perf model, as the package names it (backends/cuda/perf_model.py on
    sm_89, backends/rocm/perf_model.py on gfx942)."""
    import inspect  # noqa: PLC0415

    from .. import __file__ as package  # noqa: PLC0415
    from ..backends import backend_for  # noqa: PLC0415

    model = backend_for(target).perf_model()
    if model is None:
        return f"none: {target}'s backend has no perf model"
    return Path(inspect.getmodule(model).__file__).relative_to(Path(package).parent).as_posix()


def _validation(target: str) -> str:
    from ..backends import backend_for  # noqa: PLC0415

    model = backend_for(target).perf_model()
    return model.validation if model is not None else PerfModel.validation


def headline(winners: pd.DataFrame, label: str) -> str:
    """The tune's result in one sentence: geomean speedup of the winners over IREE's default, wins, range."""
    sp = winners["speedup_vs_default"].dropna()
    if sp.empty:
        return f"No shape has a winner and a default to compare ({label})."
    wins = int((winners["verdict"] == "win").sum())
    return (f"Tuned winners: geomean {geomean(sp):.2f}x over IREE's default over {counted(len(sp), 'shape')} "
            f"({sp.min():.2f}x-{sp.max():.2f}x; {wins} of {len(winners)} a win under the noise rule) — {label}.")


def write_tune_report(out_dir: Path | str, target: str, device: str | None = None,
                      report_dir: Path | str | None = None) -> Path:
    """OUT/report/report.md (or ``report_dir``/report.md) and candidates.png from OUT's CSVs (the rows of
    ``target`` and, when given, ``device``)."""
    out = Path(out_dir)
    mine = lambda r: r.target == target and (device is None or r.device == device)  # noqa: E731
    winners = pd.DataFrame([w.__dict__ for w in state.read_table(out / "winners.csv", state.WinnerRow) if mine(w)])
    cands = pd.DataFrame([c.__dict__ for c in state.read_table(out / "candidates.csv", state.CandidateRow)
                          if mine(c)])
    rep = Path(report_dir) if report_dir is not None else out / "report"
    rep.mkdir(parents=True, exist_ok=True)
    cuts = _cuts(winners, cands) if not cands.empty else pd.DataFrame()
    if winners.empty:
        text = ["# vdmfma tune", "", "No shape finished yet."]
        if not cuts.empty:
            text += ["", "## What the search covered", "", md_table(cuts)]
        atomic_write_text(rep / "report.md", "\n".join(text) + "\n")
        return rep / "report.md"
    modelled = (winners.basis == "modelled").all()
    label = (f"MODELLED (static model, no device; {target})" if modelled
             else f"MEASURED on {winners.device.iloc[0]} ({target}), cold cache, {timed_in(winners)}")
    head = modelled_headline(winners, target, label) if modelled else headline(winners, label)
    plot = _plot(cands, rep / "candidates.png", label, winners) if not cands.empty else None
    cols = ["key", "winner", "search_winner", "latency_us_median", "default_us_median", "padded_us_median", "floor_us",
            "speedup_vs_default", "speedup_vs_padded", "verdict", "basis", "drift_default", "candidates", "numerics",
            "max_rel_err"]
    if (winners.get("runner_up", pd.Series(dtype=str)).fillna("") != "").any():  # a race: its finalists too
        cols[3:3] = ["fastest", "runner_up", "margin", "rounds", "threshold", "threshold_source"]
    # the column names say it: no modelled figure is shown without the word
    shown = lambda df: df.rename(columns=lambda c: modelled_name(c, modelled))  # noqa: E731
    status = cands.groupby("status").size().rename("candidates").reset_index() if not cands.empty else pd.DataFrame()
    text = [f"# vdmfma tune: {target}", "", f"**{head}**", "",
            f"All latencies here are **{label}**."]
    if modelled:
        text.append(f"They come from the backend's perf model ({model_source(target)}), a static model (bytes moved, "
                    "the grid against the compute units, loads in flight, occupancy from the machine code): it ranks "
                    "configs; it is not a measurement.")
    text += ["", "## Winners", "", f"Candidate ids are spelled as winners.csv stores them: {KNOB_ZEROES}.", "",
             md_table(drop_empty(shown(winners[[c for c in cols if c in winners]]))), ""]
    text += (["## Geomean speedup by group", "", md_table(drop_empty(shown(_groups(winners)))), ""] if not modelled
             else ["No geomean of modelled speedups is given: each winner's `verdict` says whether its modelled "
                   f"speedup lies beyond the model's validated error (`{BEYOND_MODEL_ERROR}`) or not "
                   f"(`{NOT_SEPARABLE}`).", ""])
    text += ["## Candidates by status", "", md_table(status) if not status.empty else "(none)", ""]
    cut_by = ("--max-candidates, or by the race's budget (the top of the order that fitted it was raced),"
              if "cut_by_race_budget" in cuts else "--max-candidates")
    text += ["## What the search covered", "",
             f"Candidates cut by {cut_by} were never compiled; those left by a spent --time-budget "
             "resume on a rerun.", "", md_table(drop_empty(cuts)) if not cuts.empty else "(none)", ""]
    kept = winners[winners.note.fillna("").str.contains("not confirmed")] if "note" in winners else winners[:0]
    if not kept.empty:
        text += ["## Search winners not shipped", "",
                 "A winner ships only if the final side-by-side re-measure confirms it beats IREE's default "
                 "beyond noise; otherwise the default stays:", ""]
        text += [f"- {r.key}: {r.note}" for r in kept.itertuples()] + [""]
    if plot:
        text += [f"![candidates]({plot.name})", f"*Each shape's candidates by latency, fastest first; IREE's default "
                 f"(square) and the shipped winner (star) marked: {label}.*", ""]
    atomic_write_text(rep / "report.md", "\n".join(text))
    _index(rep, target, head, label, plot, raced=(winners.get("rounds", pd.Series(dtype=float)).notna()).any())
    return rep / "report.md"


def _index(rep: Path, target: str, head: str, label: str, plot: Optional[Path], raced: bool = False) -> Path:
    """REPORT/index.md, as every report folder has: the result first, then what was measured, then links."""
    from ..report.index import write_index  # noqa: PLC0415

    lead = ["## Result", "", f"**{head}**", ""] + ([f"![candidates]({plot.name})", ""] if plot else [])
    ships = ("a raced shape's winner ships only if it beats IREE's default by the paired rule in the race's own "
             "interleaved rounds (else the default stays)" if raced else
             "a winner ships only if the final side-by-side re-measure confirms it beats IREE's default beyond noise")
    measured = (f"Winners and candidates {label}; {ships}." if not label.startswith("MODELLED")
                else "Nothing was measured: no device.")
    modelled = ("Every latency here is MODELLED by the backend's static perf model: it ranks configs; it is "
                "not a measurement." if label.startswith("MODELLED") else "Nothing here is modelled.")
    return write_index(rep, f"vdmfma tune: {target}", measured, modelled, lead=lead)
