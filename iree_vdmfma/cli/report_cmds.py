"""`vdmfma report` and `vdmfma compare`: results.csv -> tables, verdicts, geomeans, plots."""

from __future__ import annotations

from pathlib import Path
from typing import List, Optional

import typer

from . import options as opt
from .app import app, docs_page
from .common import say, show, user_errors

EXIT_NOTHING_MATCHED = 1


def _rule(noise_k: float, noise_floor: Optional[float], min_reps: int):
    from ..report.report import DEFAULT_RULE, NoiseRule

    opt.finite("--noise-k", noise_k)
    opt.finite("--noise-floor", noise_floor)
    if noise_floor is None and (noise_k, min_reps) == (DEFAULT_RULE.k, DEFAULT_RULE.min_reps):
        return None  # the report takes the device's A/A-calibrated floor when there is one
    return NoiseRule(k=noise_k, floor=DEFAULT_RULE.floor if noise_floor is None else noise_floor, min_reps=min_reps,
                     calibration="the command line (--noise-floor, --noise-k, --min-reps)")


def _notes(notes) -> None:
    """What reading left out or could not verify (damaged rows, rows without a checksum), on stderr."""
    for n in notes:
        say(f"note: {n}")


def _check_own(out: Path, results: List[Path]) -> List[str]:
    """An --out that holds a report of other results is refused (exit 2), never overwritten: its summary.csv names
    the results it was made from (``source``); a report of the same files is redone in place. A summary.csv older
    than its ``source`` column cannot say what it was made from: it is taken as a report of these results (the
    default) and redone in place, and the note returned says so."""
    import csv

    old = out / "summary.csv"
    if not old.is_file():
        return []
    try:
        with old.open(newline="", encoding="utf-8") as f:
            table = csv.DictReader(f)
            if table.fieldnames and "source" not in table.fieldnames:
                return [f"{old} predates the 'source' column (written by an older vdmfma): it cannot say which "
                        f"results it was made from, so it is taken as a report of {', '.join(map(str, results))} "
                        "and redone in place"]
            made = {row.get("source") or "" for row in table}
    except (OSError, UnicodeDecodeError, csv.Error):
        made = {""}
    mine = {str(Path(p).resolve()) for p in results}
    if not made or not all(m and str(Path(m).resolve()) in mine for m in made):
        raise ValueError(f"--out {out} holds a report of other results ({', '.join(sorted(m or '?' for m in made))}); "
                         "choose another --out, or remove that folder first")
    return []


def _check_files(paths: List[Path]) -> None:
    for p in paths:
        if p.is_dir():  # a run's folder (a sweep's, a bench's --out): its results.csv is what is meant
            inside = p / "results.csv"
            raise IsADirectoryError(f"{p} is a folder; give " + (f"its results file: {inside}" if inside.is_file()
                                                                  else "a results.csv file"))
        if not p.is_file():
            hint = " (to compare two runs use: vdmfma compare A.csv B.csv --out DIR)" if str(p) == "compare" else ""
            raise FileNotFoundError(f"results file not found: {p}{hint}")


@app.command(
    "report",
    help=(
        "Compare every variant with a baseline: tables, verdicts, plots.\n\n"
        "Per (shape, target, cache mode): latency, speedup with a noise-aware verdict, GB/s, numerics and "
        "geomeans; compile-only results get the static comparison. Writes OUT/summary.csv, groups.csv, "
        "pivot.csv, report.md, index.md and PNG plots.\n\n"
        "Exit: 0 written; 1 nothing could be compared; 2 bad input; 130 interrupted."
    ),
    epilog=docs_page("report", "report out/layer/results.csv --baseline default"),
)
def report_cmd(
    results: List[Path] = typer.Argument(..., help="results.csv files (later files win on duplicates)."),
    baseline: Optional[str] = typer.Option(None, "--baseline", "-b", help="The variant compared with (default: "
                                           "padded, else default)."),
    out: Optional[Path] = opt.OUT,
    title: Optional[str] = typer.Option(None, help="Report title (default: the folder's name)."),
    noise_k: float = opt.NOISE_K, noise_floor: Optional[float] = opt.NOISE_FLOOR, min_reps: int = opt.MIN_REPS,
    calibration: Optional[str] = opt.CALIBRATION,
    plots: bool = opt.PLOTS,
    debug: bool = opt.DEBUG,
) -> None:
    from ..report.report import build_report

    with user_errors(debug), opt.calibration(calibration):
        rule = _rule(noise_k, noise_floor, min_reps)
        out = opt.out_folder(out, "report")
        _check_files(results)
        older = _check_own(out, results)
        res = build_report(results, baseline=baseline, out_dir=out, rule=rule,
                           title=title, plots=plots)
    _notes(older + res.notes)
    out_rows = res.summary.loc[~res.summary["included"] & (res.summary["status"] != "skipped"), "status"]
    excluded = out_rows.where(out_rows != "ok", "ok but its baseline is not").value_counts()
    why = ", ".join(f"{n} {status}" for status, n in excluded.items())
    skipped = int((res.summary["status"] == "skipped").sum())
    show(f"{res.mode} report, baseline {res.baseline}: {len(res.summary)} rows, {int(excluded.sum())} excluded"
         + (f" ({why}; see report.md)" if why else "") + (f", {skipped} skipped" if skipped else ""))
    for line in res.headline:
        show(line)
    if res.mode == "measured":
        show(res.rule.named())
        for r in res.overall.to_dict("records"):
            same = f"{r['same_kernel']} same-kernel (the baseline's own kernel: not compared)" if r["same_kernel"] else ""
            if r["n_compared"]:
                gm = r["geomean_speedup"]
                show(f"  {r['target']} {r['cache_mode']:>4} {r['variant']:<12} "
                     + (f"geomean {gm:.3f}x" if gm == gm else "no geomean (no positive speedup)")
                     + f" over {r['n_compared']} (win {r['wins']}, loss {r['losses']}, noise {r['within_noise']}, "
                     f"undetermined {r['undetermined']})" + (f"; {same}" if same else ""))
            elif same:
                show(f"  {r['target']} {r['cache_mode']:>4} {r['variant']:<12} {same}")
    for name, p in res.paths.items():
        show(f"  wrote {p}")
    if not res.compared:
        same = int((res.summary["verdict"] == "same-kernel").sum())
        say(f"nothing to compare: no variant row could be compared with the baseline {res.baseline} "
            f"(variants present: {', '.join(sorted(set(res.summary['variant'])))}"
            + (f"; {same} row(s) are the baseline's own kernel, same-kernel" if same else "") + ")")
        raise typer.Exit(1)


@app.command(
    "compare",
    help=(
        "Compare two runs row by row: ratios B/A, verdicts, geomeans.\n\n"
        "Writes OUT/compare.csv, compare_groups.csv, compare.md and ratio plots. Exit 1 when no row of B matches "
        "a row of A, or none of the matched rows can be compared."
    ),
    epilog=docs_page("compare", "compare out/a/results.csv out/b/results.csv --out out/ab"),
)
def compare_cmd(
    a: Path = typer.Argument(..., help="Results of run A (the reference)."),
    b: Path = typer.Argument(..., help="Results of run B."),
    out: Optional[Path] = opt.OUT,
    label_a: str = typer.Option("A", help="Run A's name in tables and plots."),
    label_b: str = typer.Option("B", help="Run B's name in tables and plots."),
    pair: Optional[List[str]] = typer.Option(None, "--pair", metavar="VA:VB", help=(
        "Compare run A's variant VA with run B's VB on each problem (repeatable; default: each run's best "
        "variant against the other's default).")),
    noise_k: float = opt.NOISE_K, noise_floor: Optional[float] = opt.NOISE_FLOOR, min_reps: int = opt.MIN_REPS,
    calibration: Optional[str] = opt.CALIBRATION,
    plots: bool = opt.PLOTS,
    debug: bool = opt.DEBUG,
) -> None:
    from ..report.compare import parse_pairs
    from ..report.report import compare_runs

    with user_errors(debug), opt.calibration(calibration):
        pairs = parse_pairs(pair) if pair else None
        rule = _rule(noise_k, noise_floor, min_reps)
        out = opt.out_folder(out, "compare")
        _check_files([a, b])
        res = compare_runs(a, b, out, labels=(label_a, label_b), rule=rule,
                           plots=plots, pairs=pairs)
    _notes(res.notes)
    t = res.table
    both, only_a, only_b = (int((t["presence"] == p).sum()) for p in ("both", "only-a", "only-b"))
    # measured: a row of one kernel in both runs is not a comparison (drift); compile-only, its static deltas are
    same = int((t["included"] & (t["verdict"] == "same-kernel")).sum()) if res.mode == "measured" else 0
    compared = int((t["included"] & (t["presence"] == "both")).sum()) - same
    if not both or not compared:
        first = t.loc[(t["presence"] == "both") & ~t["included"], "excluded_reason"]
        why = (f"no problem (key, target, cache_mode) of a pair is in both {label_a} and {label_b}" if not both
               else f"{both} rows in both, none comparable"
               + (f"; {same} are one kernel in both runs (same-kernel: a difference is drift)" if same else "")
               + (f" (first excluded: {first.iloc[0]})" if len(first) else ""))
        say(f"nothing to compare: {why} ({only_a} only in {label_a}, {only_b} only in {label_b}; "
            f"{res.pairs_line((label_a, label_b))}); see {res.paths['report']}")
        raise typer.Exit(EXIT_NOTHING_MATCHED)
    if res.mode == "measured":
        show(res.rule.named())
    show(f"{res.pairs_line((label_a, label_b))}: {both} rows in both, {only_a} only in {label_a}, {only_b} only in "
         f"{label_b}")
    for r in res.groups[res.groups["variant"] != "all"].to_dict("records"):
        ratio, drift = r["geomean_ratio_b_over_a"], r["drift_geomean_ratio"]
        same = (f"; {r['same_kernel']} same-kernel (one kernel in both runs: drift "
                + (f"{drift:.4f}, " if drift == drift else "") + "not a win or a loss)"
                if r["same_kernel"] and res.mode == "measured" else "")
        va, vb = r["variant"].split(":", 1)
        head = f"  {r['target']} {r['cache_mode']:>4} {label_b}'s {vb} vs {label_a}'s {va}: "
        if ratio == ratio:
            show(head + f"geomean {label_b}/{label_a} {ratio:.4f} over {r['n_compared']} (win {r['b_faster']}, loss "
                 f"{r['b_slower']}, noise {r['within_noise']}, undetermined {r['undetermined']}){same}")
        elif r["same_kernel"] and res.mode == "measured":
            show(head + f"no verdict{same}")
        else:
            show(head + f"— (no latency ratio: none of {r['n_rows']} rows was timed in both runs; static deltas in "
                 f"{res.paths['report'].name})")
    for name, p in res.paths.items():
        show(f"  wrote {p}")
