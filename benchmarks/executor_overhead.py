"""Executor overhead: the same cold compile-only sweep through `local` and through `ray`, side by side.

Sweep: sweeps/seed-f16.csv (6 shapes x default/vdmfma/padded = 18 compiles) for gfx942, compile-only,
each executor with its own empty cache. `ray` starts a private local Ray cluster with as many CPUs as
the local executor has workers (its start-up is timed apart), so the ratio is the cost of Ray's
scheduling, worker processes and shipping each cache entry back as bytes - not of more hardware.

Run: python benchmarks/executor_overhead.py [--workers N] [--shapes N] [--repeat R]
"""

from __future__ import annotations

import argparse
import os
import statistics
import tempfile
import time
from pathlib import Path

from iree_vdmfma.executors import ExecutorSpec
from iree_vdmfma.executors.ray_executor import RayExecutor
from iree_vdmfma.problems.shapes import load_shape_list
from iree_vdmfma.sweep.sweep import SweepOptions, sweep

ROOT = Path(__file__).resolve().parents[1]


def timed_sweep(problems, tmp: Path, name: str, workers: int, executor: ExecutorSpec) -> float:
    start = time.perf_counter()
    rows = sweep(problems, SweepOptions(target="gfx942", out_dir=tmp / name, cache_dir=tmp / f"{name}-cache",
                                        workers=workers, executor=executor))
    elapsed = time.perf_counter() - start
    assert all(r.status == "ok" and not r.cached for r in rows), "benchmark expects a clean, cold sweep"
    return elapsed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--workers", type=int, default=os.cpu_count())
    parser.add_argument("--shapes", type=int, default=6, help="first N shapes of seed-f16.csv")
    parser.add_argument("--repeat", type=int, default=1, help="alternate local/ray this many times")
    args = parser.parse_args()
    problems = load_shape_list(ROOT / "sweeps" / "seed-f16.csv")[: args.shapes]
    local_s, ray_s = [], []
    with tempfile.TemporaryDirectory() as tmp:
        tmp = Path(tmp)
        start = time.perf_counter()
        cluster = RayExecutor(None, workers=args.workers)  # sweeps below reuse it
        startup = time.perf_counter() - start
        try:
            for i in range(args.repeat):
                local_s.append(timed_sweep(problems, tmp, f"local{i}", args.workers, ExecutorSpec("local")))
                ray_s.append(timed_sweep(problems, tmp, f"ray{i}", args.workers, ExecutorSpec("ray")))
        finally:
            cluster.close()
    local, remote = statistics.median(local_s), statistics.median(ray_s)
    print(f"machine: {os.cpu_count()} cores; {len(problems) * 3} cold compiles for gfx942, compile-only, "
          f"{args.workers} workers; median of {args.repeat}")
    print(f"local executor (threads)     : {local:7.2f} s   runs: {', '.join(f'{x:.2f}' for x in local_s)}")
    print(f"ray executor (local cluster) : {remote:7.2f} s   runs: {', '.join(f'{x:.2f}' for x in ray_s)}")
    print(f"ray cluster start-up (once)  : {startup:7.2f} s")
    print(f"overhead ratio ray/local     : {remote / local:7.2f}x  (with start-up: {(remote + startup) / local:.2f}x)")


if __name__ == "__main__":
    main()
