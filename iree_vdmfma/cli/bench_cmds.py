"""`vdmfma bench DIR --device D`: run a directory compiled elsewhere (no compiler needed here).

This module and everything it imports stay clear of ``iree.compiler``; the CLI
entry loads only this module for `vdmfma bench` (cli/__init__.py).
"""

from __future__ import annotations

from pathlib import Path
from typing import Optional

import typer

from . import options as opt
from .app import app, docs_page
from .common import say, show, user_errors


def write_bench_report(out: Path, baseline: str) -> None:
    """OUT/report/ from OUT/results.csv (the report layer imports no compiler)."""
    from ..report.report import build_report

    result = build_report([out / "results.csv"], baseline=baseline, out_dir=out / "report")
    show(f"report (baseline {baseline}): {result.paths['index']}")


def bench_progress(row) -> None:
    """One line on stderr per row bench finishes: a long bench is never silent."""
    lat = f", {row.latency_us_median:.4g} us median" if row.latency_us_median is not None else ""
    say(f"bench: {row.name or row.key} {row.variant}" + (f"/{row.cache_mode}" if row.cache_mode else "")
        + f": {row.status}{lat}" + (f" ({row.error or row.reason})" if row.error or row.reason else ""))


@app.command(epilog=docs_page("bench", "bench out/host-dir --device local-task --reps 3"))
def bench(
    directory: Path = typer.Argument(..., help="A folder `vdmfma sweep` wrote."),
    device: str = opt.DEVICE,
    reps: int = opt.REPS,
    timing_mode: str = opt.TIMING_MODE,
    cache_size: Optional[str] = opt.CACHE_SIZE,
    retry_failed: bool = opt.RETRY_FAILED,
    timeout: float = opt.TIMEOUT,
    report: Optional[bool] = opt.REPORT,
    executor: str = opt.EXECUTOR, ray_address: Optional[str] = opt.RAY_ADDRESS,
    debug: bool = opt.DEBUG,
) -> None:
    """Run a sweep folder compiled elsewhere, hot and cold.

    DIR comes from `vdmfma sweep LIST --target T --out DIR` on any machine; here only iree-base-runtime
    is needed (and torch for the torch peer). Resumable. Exit 2 when DIR has nothing to bench.
    """
    from ..devices.probe import DeviceError, plan_device
    from ..executors import ExecutorSpec, make_executor
    from ..sweep.bench import BenchOptions, bench as run_bench
    from ..sweep.manifest import read_manifest
    from ..problems.rows import not_ok

    with user_errors(debug, keeps="rows"):
        cache_bytes = opt.size_of(cache_size)
        opt.positive("--timeout", timeout)
        dev, _ = plan_device(device, None)  # a named device must be here: refused before anything runs
        if dev is None:
            raise ValueError(f"--device {device}: no device to bench on (no GPU here; the CPU is --device local-task)")
        spec = ExecutorSpec(executor, ray_address)
        options = BenchOptions(dev, reps, cache_bytes, retry_failed=retry_failed,  # validated before any cluster
                               timeout_s=timeout, timing_mode=opt.timing_mode_on(timing_mode, dev))
        try:
            with make_executor(spec) as runner:
                rows = run_bench(directory, options, executor=runner, on_note=say, on_row=bench_progress)
        except DeviceError as e:
            raise ValueError(str(e)) from None
        measured = [r for r in rows if r.cache_mode]
        bad = not_ok(measured)
        manifest = read_manifest(directory)
        show(f"{len(measured)} measured rows in {directory / 'results.csv'} on {dev}; {len(bad)} not ok"
             + (f"; {len(manifest.damaged)} damaged modules.json entries not benched" if manifest.damaged else ""))
        if report is not False:  # bench always runs rows: a report unless --no-report
            write_bench_report(directory, manifest.baseline)
        if bad or manifest.damaged:
            raise typer.Exit(1)
