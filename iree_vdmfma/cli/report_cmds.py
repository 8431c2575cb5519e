"""`vdmfma report` and `vdmfma compare`: results.csv -> tables, verdicts, geomeans, plots."""

from __future__ import annotations

from pathlib import Path
from typing import List, Optional

import typer
from rich.console import Console

from .app import app
from .common import user_errors

_console = Console()
DEBUG_OPT = typer.Option(False, "--debug", help="Show Python tracebacks for input errors.")


def _rule(noise_k: float, noise_floor: float, min_reps: int):
    from ..report.report import NoiseRule

    if noise_k < 0 or noise_floor < 0 or min_reps < 1:
        raise ValueError("--noise-k and --noise-floor must be >= 0, --min-reps >= 1")
    return NoiseRule(k=noise_k, floor=noise_floor, min_reps=min_reps)


def _check_files(paths: List[Path]) -> None:
    for p in paths:
        if not p.is_file():
            hint = " (to compare two runs use: vdmfma compare A.csv B.csv --out DIR)" if str(p) == "compare" else ""
            raise FileNotFoundError(f"results file not found: {p}{hint}")


@app.command(
    "report",
    help=(
        "Compare every variant with a baseline variant and write a report.\n\n"
        "Rows are matched on (key, target, cache_mode). With runtime data it reports latency "
        "(median, spread), speedup with a noise-aware verdict (win / loss / within-noise / "
        "undetermined), GB/s and % of HBM peak, numerics, and geomean speedups overall and by dtype, "
        "M, N and M power of two. Compile-only results get the static comparison (applied mma_kind, "
        "smfmac/mfma counts, VGPR/LDS, occupancy, workgroups per CU). Failed and not-applied rows "
        "are listed with their reason and left out of geomeans.\n\n"
        "Writes OUT/summary.csv, OUT/groups.csv, OUT/report.md and PNG plots.\n\n"
        "Example: vdmfma report sweeps/run1/results.csv --baseline padded --out reports/run1"
    ),
)
def report_cmd(
    results: List[Path] = typer.Argument(..., help="One or more results.csv files (later files win on duplicate rows)."),
    baseline: Optional[str] = typer.Option(None, "--baseline", "-b", help="Variant every other variant is compared "
                                           "with (default: padded when the results have it, else default)."),
    out: Path = typer.Option(Path("reports/latest"), "--out", "-o", help="Output directory (created)."),
    title: Optional[str] = typer.Option(None, help="Report title (default: the output directory's name)."),
    noise_k: float = typer.Option(2.0, help="Noise interval half-width: median ± k·sigma (sigma = 1.4826·MAD "
                                  "of the repetitions, else their std)."),
    noise_floor: float = typer.Option(0.01, help="Relative differences below this are within-noise."),
    min_reps: int = typer.Option(2, help="Fewer repetitions than this give verdict 'undetermined'."),
    plots: bool = typer.Option(True, "--plots/--no-plots", help="Write PNG plots."),
    debug: bool = DEBUG_OPT,
) -> None:
    """Exit codes: 0 written; 1 written, but no variant row could be compared with the baseline; 2 bad input (a
    missing or damaged results file, an unwritable --out); 130 interrupted."""
    from ..report.report import build_report

    with user_errors(debug):
        _check_files(results)
        res = build_report(results, baseline=baseline, out_dir=out, rule=_rule(noise_k, noise_floor, min_reps),
                           title=title, plots=plots)
    skipped = int((res.summary["status"] == "skipped").sum())
    _console.print(f"[bold]{res.mode}[/bold] report, baseline [cyan]{res.baseline}[/cyan]: "
                   f"{len(res.summary)} rows, {int((~res.summary['included']).sum()) - skipped} excluded"
                   + (f", {skipped} skipped" if skipped else "") + " (see report.md)")
    for line in res.headline:
        _console.print(line, markup=False, highlight=False, soft_wrap=True)
    if res.mode == "measured":
        for r in res.overall.to_dict("records"):
            if not r["n_compared"]:
                continue
            _console.print(f"  {r['target']} {r['cache_mode']:>4} {r['variant']:<12} geomean {r['geomean_speedup']:.3f}x "
                           f"over {r['n_compared']} (win {r['wins']}, loss {r['losses']}, "
                           f"noise {r['within_noise']}, undetermined {r['undetermined']})", markup=False)
    for name, p in res.paths.items():
        _console.print(f"  wrote {p}", markup=False, highlight=False)
    if not res.compared:
        _console.print(f"nothing to compare: no variant row could be compared with the baseline {res.baseline} "
                       f"(variants present: {', '.join(sorted(set(res.summary['variant'])))})", markup=False,
                       highlight=False, soft_wrap=True)
        raise typer.Exit(1)


@app.command(
    "compare",
    help=(
        "Compare two runs row by row: latency ratio B/A with the same noise-aware verdict "
        "(win = B faster), static deltas (B − A), geomean of the ratio per target/cache/variant, "
        "and the rows present in only one run.\n\n"
        "Writes OUT/compare.csv, OUT/compare_groups.csv, OUT/compare.md and ratio plots.\n\n"
        "Example: vdmfma compare sweeps/before/results.csv sweeps/after/results.csv --out reports/after-vs-before"
    ),
)
def compare_cmd(
    a: Path = typer.Argument(..., help="Results of run A (the reference)."),
    b: Path = typer.Argument(..., help="Results of run B (compared against A)."),
    out: Path = typer.Option(Path("reports/compare"), "--out", "-o", help="Output directory (created)."),
    label_a: str = typer.Option("A", help="Name of run A in tables and plots."),
    label_b: str = typer.Option("B", help="Name of run B in tables and plots."),
    noise_k: float = typer.Option(2.0, help="Noise interval half-width in stds: median ± k·std."),
    noise_floor: float = typer.Option(0.01, help="Relative differences below this are within-noise."),
    min_reps: int = typer.Option(2, help="Fewer repetitions than this give verdict 'undetermined'."),
    plots: bool = typer.Option(True, "--plots/--no-plots", help="Write PNG plots."),
    debug: bool = DEBUG_OPT,
) -> None:
    from ..report.report import compare_runs

    with user_errors(debug):
        _check_files([a, b])
        res = compare_runs(a, b, out, labels=(label_a, label_b), rule=_rule(noise_k, noise_floor, min_reps),
                           plots=plots)
    t = res.table
    _console.print(f"{int((t['presence'] == 'both').sum())} rows in both, {int((t['presence'] == 'only-a').sum())} "
                   f"only in {label_a}, {int((t['presence'] == 'only-b').sum())} only in {label_b}")
    for r in res.groups[res.groups["variant"] == "all"].to_dict("records"):
        _console.print(f"  {r['target']} {r['cache_mode']:>4} geomean {label_b}/{label_a} "
                       f"{r['geomean_ratio_b_over_a']:.4f} over {r['n_compared']}")
    for name, p in res.paths.items():
        _console.print(f"  wrote {p}")
