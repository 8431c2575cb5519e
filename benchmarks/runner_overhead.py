"""Runner overhead: the runner's median latency vs bare iree-benchmark-module, side by side.

Both time the same .vmfb with the same input files on the same device in one
process run:

* bare:   iree-benchmark-module --function=gemm --input=A --input=B
          (one call per benchmark iteration; its own 'median' aggregate)
* runner: runner.run_problem(..., cache_mode='hot'), which times @gemm_cmdbuf (the default timing mode)
          (N back-to-back dispatches per call) and reports the per-dispatch median.

It also times the wall clock of each, to show what the runner's Python side
(loading, numerics check, writing inputs) costs per problem.

    PYTHONPATH=. python benchmarks/runner_overhead.py [--m 8 --n 2304 --k 8192 --dtype f16 --device local-task]
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from iree_vdmfma import devices  # noqa: E402
from iree_vdmfma.run import runner, timing  # noqa: E402
from iree_vdmfma.run.numerics import Checker  # noqa: E402
from iree_vdmfma.problems.problem import Problem  # noqa: E402


def bare(vmfb: Path, problem: Problem, chk: Checker, device: str, reps: int, min_time: float,
         wd: Path) -> tuple[float, float, str]:
    """(median us per call from the tool's own aggregate, wall s, command)."""
    inputs = [timing.input_flag(chk.inputs.a, wd / "a.bin", problem.dtype),
              timing.input_flag(chk.inputs.b, wd / "b.bin", problem.dtype)]
    out = wd / "bare.json"
    cmd = [timing.benchmark_tool(), f"--module={vmfb}", f"--device={device}", "--function=gemm", *inputs,
           f"--benchmark_repetitions={reps}", f"--benchmark_min_time={min_time}s",
           "--benchmark_min_warmup_time=0.1", f"--benchmark_out={out}", "--benchmark_out_format=json"]
    t0 = time.perf_counter()
    subprocess.run(cmd, check=True, capture_output=True)
    wall = time.perf_counter() - t0
    data = json.loads(out.read_text())
    med = next(b for b in data["benchmarks"] if b.get("aggregate_name") == "median")
    return med["real_time"] * timing._UNIT_US[med["time_unit"]], wall, " ".join(cmd)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--m", type=int, default=8)
    ap.add_argument("--n", type=int, default=2304)
    ap.add_argument("--k", type=int, default=8192)
    ap.add_argument("--dtype", default="f16")
    ap.add_argument("--device", default="local-task")
    ap.add_argument("--reps", type=int, default=10)
    ap.add_argument("--min-time", type=float, default=0.1)
    ap.add_argument("--rounds", type=int, default=2, help="alternate bare/runner this many times")
    args = ap.parse_args()

    problem = Problem(args.m, args.n, args.k, dtype=args.dtype)
    device = devices.resolve_device(args.device)
    target = devices.device_target(device)
    with tempfile.TemporaryDirectory(prefix="vdmfma-overhead-") as tmp:  # module and inputs: gone afterwards
        measure(args, problem, device, target, Path(tmp))


def measure(args, problem: Problem, device: str, target: str, wd: Path) -> None:
    vmfb = runner.compile_for_run(problem, target, wd)
    chk = Checker(problem, 0)
    print(f"problem {problem.key} on {device} ({target}), {os.cpu_count()} CPUs, reps={args.reps}, "
          f"min_time={args.min_time}s per rep")
    print(f"{'round':>5} {'bare median us':>15} {'runner median us':>17} {'ratio runner/bare':>18} "
          f"{'bare wall s':>12} {'runner wall s':>14}")
    ratios = []
    for r in range(args.rounds):
        b_med, b_wall, b_cmd = bare(vmfb, problem, chk, device, args.reps, args.min_time, wd)
        t0 = time.perf_counter()
        res = runner.run_problem(vmfb, problem, device, target, "hot", args.reps, checker=Checker(problem, 0),
                                 min_time_s=args.min_time, workdir=wd)
        r_wall = time.perf_counter() - t0
        assert res.ok, (res.error, res.numerics)
        ratio = res.latency_us_median / b_med
        ratios.append(ratio)
        print(f"{r:>5} {b_med:>15.2f} {res.latency_us_median:>17.2f} {ratio:>18.3f} {b_wall:>12.2f} "
              f"{r_wall:>14.2f}")
    print(f"runner = {res.plan.calls} back-to-back dispatches per timed call (@gemm_cmdbuf); bare = one @gemm call "
          f"per iteration (includes per-call invoke/import/wait)")
    print(f"median ratio runner/bare over {len(ratios)} rounds: {sorted(ratios)[len(ratios) // 2]:.3f}")
    print(f"bare command: {b_cmd}")
    print(f"runner command: {res.command}")


if __name__ == "__main__":
    main()
