"""Sweep throughput: `vdmfma sweep` against a serial loop of bare `iree-compile` calls, as whole processes,
side by side in one run on this machine.

Each round measures, in alternating order:

* bare: the sweep's own compiles (the `repro` commands of its results.csv: the same input IR, spec, flags and
  dump flag) run one after another with the iree-compile binary the toolkit runs (the wheel's, not the Python
  wrapper on PATH, which adds about 0.15 s of CPU a call; `--bare-tool iree-compile` measures that one);
* cold: `vdmfma sweep SHAPES --target TARGET --out NEW` with a fresh, empty compile cache;
* warm: the same command into another new folder, with the compile cache the cold run filled.

Wall time is perf_counter around the process; CPU time is user + sys of the whole process tree
(RUSAGE_CHILDREN). The ratios are per round (bare wall / cold wall, bare wall / warm wall), then the median over
rounds. On a shared machine, read the ratios measured in one round and the CPU seconds (load disturbs CPU time
less than wall time); the load average is printed before and after.

Goals (issue 34): cold >= 1.6x and warm >= 6x the bare loop on an idle 2-core machine; warm <= 1 s of CPU.

Run: python benchmarks/sweep_throughput.py [--rounds N] [--shapes CSV] [--target T] [--bare-tool PATH]
"""

from __future__ import annotations

import argparse
import csv
import os
import resource
import shlex
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def _cpu() -> float:
    r = resource.getrusage(resource.RUSAGE_CHILDREN)
    return r.ru_utime + r.ru_stime


def _vdmfma() -> list[str]:
    """The `vdmfma` command of this Python's environment (as a user runs it), else ``python -m``."""
    script = Path(sys.executable).parent / "vdmfma"
    return [str(script)] if script.is_file() else [sys.executable, "-m", "iree_vdmfma.cli"]


def run_sweep(shapes: Path, target: str, out: Path, cache: Path) -> tuple[float, float]:
    """(wall s, CPU s) of one `vdmfma sweep` process; raises when it does not end with every row ok."""
    cmd = [*_vdmfma(), "sweep", str(shapes), "--target", target, "--out", str(out)]
    env = {**os.environ, "VDMFMA_CACHE_DIR": str(cache)}
    cpu, start = _cpu(), time.perf_counter()
    res = subprocess.run(cmd, env=env, capture_output=True, text=True)
    wall, cpu = time.perf_counter() - start, _cpu() - cpu
    if res.returncode != 0:
        raise SystemExit(f"{shlex.join(cmd)} exited {res.returncode}:\n{res.stderr[-2000:]}")
    return wall, cpu


def bare_commands(results: Path, into: Path, tool: str) -> list[list[str]]:
    """The sweep's compiles (its rows' repro commands) rewritten to run from copies of their inputs in ``into``."""
    commands = []
    with results.open() as f:
        rows = [r for r in csv.DictReader(f) if r["repro"]]
    for i, row in enumerate(rows):
        art, here = row["artifacts"], into / f"job{i}"
        here.mkdir(parents=True)
        for name in ("input.mlir", "spec.mlir", "preprocess.mlir"):
            if (Path(art) / name).is_file():
                shutil.copy(Path(art) / name, here / name)
        args = [a.replace(art, str(here)) for a in shlex.split(row["repro"])]
        assert Path(args[0]).name == "iree-compile", row["repro"]
        commands.append([tool, *args[1:]])
    return commands


def run_bare(commands: list[list[str]]) -> tuple[float, float]:
    """(wall s, CPU s) of the commands run one after another."""
    cpu, start = _cpu(), time.perf_counter()
    for cmd in commands:
        subprocess.run(cmd, check=True, capture_output=True)
    return time.perf_counter() - start, _cpu() - cpu


def _load() -> str:
    return "/".join(f"{x:.2f}" for x in os.getloadavg())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--shapes", type=Path, default=ROOT / "sweeps" / "seed-f16.csv")
    parser.add_argument("--target", default="gfx942")
    parser.add_argument("--bare-tool", default=None,
                        help="iree-compile for the bare loop (default: the binary the toolkit runs)")
    args = parser.parse_args()
    from iree_vdmfma.compiler.toolchain import tool  # only to name the binary the toolkit runs

    bare_tool = shutil.which(args.bare_tool) or args.bare_tool if args.bare_tool else tool("iree-compile")
    print(f"sweep_throughput: {args.shapes.name} for {args.target}; {os.cpu_count()} cores; "
          f"{time.strftime('%Y-%m-%d %H:%M %Z')}; load average (1/5/15 min) before: {_load()}")
    print(f"bare loop tool: {bare_tool}")
    print(f"{'round':>5}  {'order':<16} {'bare wall/cpu':>14} {'cold wall/cpu':>14} {'warm wall/cpu':>14}"
          f" {'cold x':>7} {'warm x':>7}  load after")
    cold_x, warm_x, warm_cpu, cold_cpu, bare_cpu = [], [], [], [], []
    commands: list[list[str]] = []
    with tempfile.TemporaryDirectory(prefix="sweep-throughput-") as tmp:
        tmp = Path(tmp)
        for r in range(1, args.rounds + 1):
            rd = tmp / f"round{r}"
            times: dict[str, tuple[float, float]] = {}
            # round 1 must sweep first (its rows give the bare loop's commands); then the bare loop goes first
            # every other round, so neither side always runs on a machine the other just warmed
            order = ("cold", "warm", "bare") if r % 2 else ("bare", "cold", "warm")
            for what in order:
                if what == "cold":
                    times[what] = run_sweep(args.shapes, args.target, rd / "cold", rd / "cache")
                    if not commands:
                        commands = bare_commands(rd / "cold" / "results.csv", tmp / "bare-inputs", bare_tool)
                elif what == "warm":
                    times[what] = run_sweep(args.shapes, args.target, rd / "warm", rd / "cache")
                else:
                    times[what] = run_bare(commands)
            (bw, bc), (cw, cc), (ww, wc) = times["bare"], times["cold"], times["warm"]
            cold_x.append(bw / cw)
            warm_x.append(bw / ww)
            warm_cpu.append(wc)
            cold_cpu.append(cc)
            bare_cpu.append(bc)
            print(f"{r:>5}  {','.join(order):<16} {bw:6.2f}/{bc:6.2f}  {cw:6.2f}/{cc:6.2f}  {ww:6.2f}/{wc:6.2f}"
                  f" {bw / cw:6.2f}x {bw / ww:6.2f}x  {_load()}")
            shutil.rmtree(rd)
    med = statistics.median
    print(f"{len(commands)} compiles a run. Median over {args.rounds} round(s), each ratio measured side by side in "
          "one round:")
    print(f"  cold sweep : {med(cold_x):5.2f}x the bare serial loop (goal >= 1.6x); CPU {med(cold_cpu):.2f} s "
          f"against the bare loop's {med(bare_cpu):.2f} s")
    print(f"  warm re-run: {med(warm_x):5.2f}x the bare serial loop (goal >= 6x); CPU {med(warm_cpu):.2f} s "
          "(goal <= 1 s)")
    print(f"load average after: {_load()}")


if __name__ == "__main__":
    main()
