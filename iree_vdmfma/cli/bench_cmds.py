"""`vdmfma bench DIR --device D`: run a directory compiled elsewhere (no compiler needed here).

This module and everything it imports stay clear of ``iree.compiler``; the CLI
entry loads only this module for `vdmfma bench` (cli/__init__.py).
"""

from __future__ import annotations

from pathlib import Path
from typing import Optional

import typer

from .app import app
from .common import console, user_errors


def write_bench_report(out: Path, baseline: str) -> None:
    """OUT/report/ from OUT/results.csv (the report layer imports no compiler)."""
    from ..report.report import build_report

    result = build_report([out / "results.csv"], baseline=baseline, out_dir=out / "report")
    console.print(f"report (baseline {baseline}): {result.paths['index']}")


@app.command()
def bench(
    directory: Path = typer.Argument(..., help="A sweep directory (modules.json, results.csv, artifacts/)."),
    device: str = typer.Option("local-task", "--device", "-d", help="cuda, cuda://N, hip, hip://N, local-task."),
    reps: int = typer.Option(10, "--reps", help="Timing repetitions per row."),
    cache_size: Optional[int] = typer.Option(None, "--cache-size",
                                             help="Bytes the cold mode must exceed (default: the device's own cache)."),
    retry_failed: bool = typer.Option(False, "--retry-failed", help="Redo rows that failed or timed out."),
    report: bool = typer.Option(True, "--report/--no-report", help="Write DIR/report/ at the end."),
    executor: str = typer.Option("local", "--executor", help="local (this machine) or ray (each measurement a "
                                 "one-GPU task on a Ray cluster, module shipped; needs iree-vdmfma[cluster])."),
    ray_address: Optional[str] = typer.Option(None, "--ray-address", help="With --executor ray: auto or HOST:PORT "
                                              "of the head; default: a private local cluster."),
    debug: bool = typer.Option(False, "--debug", help="Show Python tracebacks for input errors."),
) -> None:
    """Run every compiled module of DIR (and the torch peer) hot and cold on DEVICE; resumable.

    DIR comes from `vdmfma sweep LIST --target T --out DIR` on any machine; here only
    iree-base-runtime (and, for the torch peer, torch) is needed.
    """
    from ..devices.probe import DeviceError, resolve_device
    from ..executors import ExecutorSpec, make_executor
    from ..sweep.bench import BenchOptions, bench as run_bench
    from ..sweep.manifest import read_manifest

    with user_errors(debug):
        dev = resolve_device(device)
        if dev is None:
            raise ValueError(f"--device {device}: no device to bench on")
        spec = ExecutorSpec(executor, ray_address)
        try:
            with make_executor(spec) as runner:
                rows = run_bench(directory, BenchOptions(dev, reps, cache_size, retry_failed=retry_failed),
                                 executor=runner)
        except DeviceError as e:
            raise ValueError(str(e)) from None
        measured = [r for r in rows if r.cache_mode]
        bad = [r for r in measured if r.status not in ("ok", "skipped")]
        console.print(f"{len(measured)} measured rows in {directory / 'results.csv'} on {dev}; {len(bad)} not ok")
        if report:
            write_bench_report(directory, read_manifest(directory).baseline)
        if bad:
            raise typer.Exit(1)
