"""`vdmfma calibrate --device D --out DIR`: A/A calibration of the paired verdict rule on one device."""

from __future__ import annotations

from pathlib import Path

import typer

from .app import app
from .common import console, user_errors


@app.command()
def calibrate(
    device: str = typer.Option(..., "--device", "-d", help="cuda, hip, local-task: the device to calibrate."),
    out: Path = typer.Option(..., "--out", "-o", help="Folder for calibration.csv."),
    pairs: int = typer.Option(24, "--pairs", help="A/A rounds to measure (half fit the threshold, half test it)."),
    m: int = typer.Option(8, "--m", help="Problem M (a small kernel keeps it quick)."),
    n: int = typer.Option(128, "--n", help="Problem N."),
    k: int = typer.Option(512, "--k", help="Problem K."),
    dtype: str = typer.Option("f16", "--dtype", help="Element type."),
    cache_mode: str = typer.Option("cold", "--cache-mode", help="cold (weights rotated past the cache) or hot."),
    rounds: int = typer.Option(6, "--rounds", help="Paired rounds one verdict uses (what the false-win rate is for)."),
    seed: int = typer.Option(0, "--seed", help="Seeds the round orders and the subsets."),
    keep: bool = typer.Option(True, "--keep/--no-keep", help="Keep a copy under the cache directory: tune and "
                              "reports then use this device's threshold without being told."),
    debug: bool = typer.Option(False, "--debug", help="Show Python tracebacks for input errors."),
) -> None:
    """Measure one module against itself (and against a second compile of it) in paired, shuffled rounds;
    write OUT/calibration.csv (device, pairs, false_win_rate, drift, min_detectable_effect, threshold) and
    print one line: the verdict rule's false-win rate at its threshold, the drift, the minimal detectable effect.
    """
    from ..problems.problem import Problem
    from ..run.calibration import CALIBRATION_CSV, calibrate as run_calibration, summary_line

    with user_errors(debug):
        rows = run_calibration(device, out, pairs=pairs, problem=Problem(m, n, k, dtype=dtype),
                               cache_mode=cache_mode, seed=seed, rounds=rounds, keep=keep)
        print(summary_line(rows, out / CALIBRATION_CSV))
    console.print(f"{len(rows)} rows in {out / CALIBRATION_CSV}", highlight=False)
