"""Sweep throughput, measured side by side in one run on this machine.

1. cold sweep of sweeps/seed-f16.csv (18 compiles: 6 shapes x default/vdmfma/padded,
   parallel, empty cache, including proof from configured IR and ISA)
   vs a serial loop of bare `iree-compile` calls doing the same 18 compiles;
2. warm re-run of the same sweep (everything cached) vs the cold one, in-process;
3. the same as whole processes (`vdmfma sweep ... --out X` run twice: imports, planning, the
   report at the end included): what a user waits for when re-running a command.

Run: python benchmarks/sweep_throughput.py [--workers N]
"""

from __future__ import annotations

import argparse
import os
import subprocess
import tempfile
import time
from pathlib import Path

from iree_vdmfma.problems.shapes import load_shape_list
from iree_vdmfma.sweep.sweep import SweepOptions, plan, sweep

ROOT = Path(__file__).resolve().parents[1]


def bare_serial(jobs, tmp: Path) -> float:
    """The same compiles as plain iree-compile calls, one after another."""
    start = time.perf_counter()
    for i, job in enumerate(jobs):
        d = tmp / f"bare{i}"
        d.mkdir()
        (d / "in.mlir").write_text(job.compile_job.input_ir)
        cmd = ["iree-compile", str(d / "in.mlir"), "-o", str(d / "out.vmfb"), *job.compile_job.flags,
               f"--iree-hal-dump-executable-files-to={d / 'dump'}"]
        if job.compile_job.spec:
            (d / "spec.mlir").write_text(job.compile_job.spec)
            cmd.append(f"--iree-codegen-tuning-spec-path={d / 'spec.mlir'}")
        subprocess.run(cmd, check=True, capture_output=True)
    return time.perf_counter() - start


def timed_sweep(problems, out: Path, cache: Path, workers) -> float:
    start = time.perf_counter()
    rows = sweep(problems, SweepOptions(target="gfx942", out_dir=out, cache_dir=cache, workers=workers))
    assert all(r.status == "ok" for r in rows), "benchmark expects a clean sweep"
    return time.perf_counter() - start


def whole_process(out: Path, cache: Path) -> float:
    """One `vdmfma sweep` process on the seed shapes (compile-only, gfx942), wall seconds."""
    cmd = ["vdmfma", "sweep", str(ROOT / "sweeps" / "seed-f16.csv"), "--target", "gfx942", "--device", "none",
           "--out", str(out), "--cache-dir", str(cache)]
    start = time.perf_counter()
    subprocess.run(cmd, check=True, capture_output=True)
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--workers", type=int, default=None)
    args = parser.parse_args()
    problems = load_shape_list(ROOT / "sweeps" / "seed-f16.csv")
    with tempfile.TemporaryDirectory() as tmp:
        tmp = Path(tmp)
        jobs = plan(problems, SweepOptions(target="gfx942"))
        bare = bare_serial(jobs, tmp)
        cold = timed_sweep(problems, tmp / "cold", tmp / "cache", args.workers)
        warm = timed_sweep(problems, tmp / "warm", tmp / "cache", args.workers)
        proc_cold = whole_process(tmp / "proc", tmp / "proc-cache")
        proc_warm = whole_process(tmp / "proc", tmp / "proc-cache")  # the same command again
    print(f"machine: {os.cpu_count()} cores; {len(jobs)} compiles for gfx942")
    print(f"bare serial iree-compile loop : {bare:7.2f} s")
    print(f"vdmfma sweep, cold cache      : {cold:7.2f} s   speedup vs bare serial: {bare / cold:5.2f}x")
    print(f"vdmfma sweep, warm cache      : {warm:7.2f} s   speedup vs cold sweep : {cold / warm:5.1f}x")
    print(f"whole process, cold           : {proc_cold:7.2f} s")
    print(f"whole process, warm re-run    : {proc_warm:7.2f} s   speedup vs cold process: {proc_cold / proc_warm:5.1f}x")


if __name__ == "__main__":
    main()
