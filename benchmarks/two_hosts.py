"""Per-task overhead of the executors side by side, in one run: local threads, Ray on one host, Ray on two hosts.

Each column has 2 task slots in all: `local` 2 threads; `one host` a private 2-CPU Ray cluster
(`--executor ray` without --ray-address); `two hosts` a head and a worker with 1 CPU each that share no
file system (tests/two_hosts.py: network and mount namespaces, root only; the column says why when they
cannot be made). Both hosts run on this machine's cores, so the columns differ in the path a task takes
(threads; Ray's scheduler, worker processes and object store; the same across a veth link), not in
hardware. Measured, each in a fresh driver process:
- start-up: making the executor, paid once per command (one host: ray.init starts a private cluster; two
  hosts: ray.init joins the running one, whose `ray start` on both hosts is timed apart: once per cluster);
- round trip: tasks run one after another, submit to result: an empty task, and one that sends 256 KiB
  back (about a compile entry shipped home), after a warm-up that starts the workers;
- a cold compile-only sweep of sweeps/tiny-cpu.csv for gfx942 (15 real compiles, an empty cache).

Run (as root for the third column): python benchmarks/two_hosts.py [--tasks N] [--repeat R]
(--repeat: the three columns measured R times, alternated, medians shown with every run: the machine's
load moves these numbers, so look at the spread.)
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
KIB256 = 256 * 1024


def empty() -> None:
    return None


def payload(size: int) -> bytes:
    return b"x" * size


def _per_task_ms(executor, tasks: int, fn, *args) -> float:
    start = time.perf_counter()
    for _ in range(tasks):
        executor.submit_cpu(fn, *args).result()
    return (time.perf_counter() - start) / tasks * 1000


def measure(where: str, tasks: int, work: Path) -> dict:
    """In this process: the executor for ``where`` ('local', 'one' or HEAD:PORT), timed."""
    from iree_vdmfma.executors import LocalExecutor
    from iree_vdmfma.problems.shapes import load_shape_list
    from iree_vdmfma.sweep.sweep import SweepOptions, sweep

    start = time.perf_counter()
    if where == "local":
        executor = LocalExecutor(2)
    else:
        from iree_vdmfma.executors.ray_executor import RayExecutor

        executor = RayExecutor(None if where == "one" else where, workers=2)
    startup = time.perf_counter() - start
    try:
        for f in [executor.submit_cpu(empty) for _ in range(4)]:  # warm-up: the workers start
            f.result()
        said = {"startup_s": startup, "empty_ms": _per_task_ms(executor, tasks, empty),
                "kib256_ms": _per_task_ms(executor, tasks, payload, KIB256)}
        problems = load_shape_list(ROOT / "sweeps" / "tiny-cpu.csv")
        start = time.perf_counter()
        rows = sweep(problems, SweepOptions(target="gfx942", out_dir=work / "out", cache_dir=work / "cache"),
                     executor=executor)
        said["sweep_s"] = time.perf_counter() - start
        assert all(r.status == "ok" and not r.cached for r in rows), "expects a clean, cold sweep"
        said["compiles"], said["nodes"] = len(rows), sorted({r.compiled_on or "this machine (threads)" for r in rows})
    finally:
        executor.close()
    return said


def _child(argv: list[str], run=subprocess.run, **kw) -> dict:
    done = run(argv, capture_output=True, text=True, timeout=900, **kw)
    if done.returncode:
        raise RuntimeError(f"{' '.join(argv[-4:])} failed: {done.stderr[-2000:]}")
    return json.loads(done.stdout.strip().splitlines()[-1])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--tasks", type=int, default=50, help="tasks per round-trip measurement")
    parser.add_argument("--repeat", type=int, default=1, help="measure every column this many times, alternated")
    parser.add_argument("--measure", help=argparse.SUPPRESS)  # the child: local, one or HEAD:PORT
    parser.add_argument("--work", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.measure:
        print(json.dumps(measure(args.measure, args.tasks, Path(args.work))))
        return
    sys.path.insert(0, str(ROOT / "tests"))
    from two_hosts import TwoHosts, unavailable

    me = [sys.executable, str(Path(__file__).resolve()), "--tasks", str(args.tasks)]
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    runs: dict = {}
    why = unavailable()
    with tempfile.TemporaryDirectory(prefix="vdmfma-overhead-") as tmp:
        for i in range(args.repeat):
            for name, where in (("local", "local"), ("one host", "one")):
                runs.setdefault(name, []).append(_child([*me, "--measure", where, "--work", f"{tmp}/{where}{i}"],
                                                        env=env))
            if not why:
                start = time.perf_counter()
                with TwoHosts(cpus=1, hide=[Path(tmp)]) as hosts:
                    runs.setdefault("ray start", []).append(time.perf_counter() - start)
                    argv = [*me, "--measure", hosts.address, "--work", f"{tmp}/two{i}"]
                    runs.setdefault("two hosts", []).append(
                        _child(argv, run=lambda a, **kw: hosts.run("a", a, **kw), env=hosts.env("a")))
    cluster = runs.pop("ray start", [])
    cols = {n: {k: (statistics.median(r[k] for r in rs) if isinstance(rs[0][k], float) else rs[0][k])
                for k in rs[0]} for n, rs in runs.items()}
    for n in cols:
        cols[n]["nodes"] = sorted({x for r in runs[n] for x in r["nodes"]})
    load = os.getloadavg()[0]
    print(f"measured on this machine: {os.cpu_count()} cores, load average {load:.1f}; 2 task slots per column; "
          f"{args.tasks} tasks per round trip; median of {args.repeat}")
    names = list(cols) + ([] if "two hosts" in cols else ["two hosts"])
    print(f"{'':34}" + "".join(f"{n:>14}" for n in names))
    rows = (("start-up (s, once per command)", "startup_s"), ("round trip, empty task (ms)", "empty_ms"),
            ("round trip, 256 KiB back (ms)", "kib256_ms"), ("cold sweep, 15 compiles (s)", "sweep_s"))
    for label, key in rows:
        print(f"{label:34}" + "".join(f"{cols[n][key]:>14.2f}" if n in cols else f"{'-':>14}" for n in names))
    print(f"{'  per compile (s)':34}" + "".join(
        f"{cols[n]['sweep_s'] / cols[n]['compiles']:>14.3f}" if n in cols else f"{'-':>14}" for n in names))
    for n in cols:
        each = "; ".join(" ".join(f"{r[k]:.2f}" for k in ("startup_s", "empty_ms", "kib256_ms", "sweep_s"))
                         for r in runs[n])
        print(f"{n}: compiled on {', '.join(cols[n]['nodes'])}; every run (start-up, empty, 256 KiB, sweep): {each}")
    if cluster:
        print(f"two hosts: `ray start` of both hosts (namespaces included), once per cluster: "
              f"{', '.join(f'{x:.2f}' for x in cluster)} s")
    else:
        print(f"two hosts: not measured ({why})")


if __name__ == "__main__":
    main()
