"""How `vdmfma report` and `vdmfma compare` scale: SYNTHETIC results (hand-made rows, not measurements) of N
rows, reported (or two such runs compared) with plots in a child process; prints the wall time, CPU time,
rows/s and the child's peak resident memory.

    python benchmarks/report_scale.py                 # report: 100,000 rows, plots on
    python benchmarks/report_scale.py --rows 10000 --no-plots
    python benchmarks/report_scale.py --compare --rows 10000   # compare two 10,000-row runs

Targets (issue 22): report on 100k rows with plots in under a minute on 2 cores and under 2 GB; compare on
10k rows (98 s before) in seconds.
"""

from __future__ import annotations

import argparse
import itertools
import os
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

VARIANTS = ("padded", "default", "vdmfma", "splitk")
CACHES = ("hot", "cold")


def synthetic_rows(n_rows: int):
    """``n_rows`` SYNTHETIC measured rows on a named MI300X: shapes x VARIANTS x CACHES, seeded latencies."""
    import numpy as np

    from iree_vdmfma.problems.rows import ResultRow, shape_key

    rng = np.random.default_rng(0)
    per_shape = len(VARIANTS) * len(CACHES)
    shapes = itertools.islice(((m, n, k) for k in range(1024, 10**6, 512) for n in range(256, 32768, 256)
                               for m in (1, 4, 8, 16, 32)), -(-n_rows // per_shape))
    rows = []
    for m, n, k in shapes:
        key = shape_key(m, n, k, 1, "f16")
        base = 2.0 * n * k / 3e3 + 3.0  # us: weights at ~3 TB/s plus a launch
        for v, c in itertools.product(VARIANTS, CACHES):
            med = float(base * rng.uniform(0.6, 1.4))
            rows.append(ResultRow(name=key, m=m, n=n, k=k, batch=1, dtype="f16", target="gfx942", variant=v,
                                  status="ok", key=key, cache_mode=c, device="hip", device_name="AMD Instinct MI300X",
                                  device_arch="gfx942", numerics="pass", reps=10, latency_us_median=med,
                                  latency_us_min=med * 0.97, latency_us_max=med * 1.05, latency_us_std=med * 0.01,
                                  latency_us_mad=med * 0.005, gbps=2.0 * n * k / (med * 1e3),
                                  tflops=2.0 * m * n * k / (med * 1e6), workgroups=n // 64))
            if len(rows) == n_rows:
                return rows
    return rows


def child(results: Path, out: Path, plots: bool, other: Path | None = None) -> None:
    """Report ``results`` (or, with ``other``, compare it with ``other``) and print the figures."""
    t0, c0 = time.perf_counter(), time.process_time()
    if other is None:
        from iree_vdmfma.report.report import build_report

        res = build_report([results], out_dir=out, plots=plots)
        n, what = len(res.summary), "report"
    else:
        from iree_vdmfma.report.compare import compare_runs

        res = compare_runs(results, other, out, plots=plots)
        n, what = len(res.table), "compare (rows of compare.csv)"
    took, cpu = time.perf_counter() - t0, time.process_time() - c0
    peak_mib = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"{what}: {n} rows in {took:.1f} s wall, {cpu:.1f} s CPU (this process; the wall time includes "
          f"waiting for a shared machine's cores): {n / took:,.0f} rows/s wall, "
          f"{n / cpu:,.0f} rows/s CPU; peak memory {peak_mib:,.0f} MiB (max RSS); plots "
          f"{'on' if plots else 'off'} ({sum(k.startswith('plot:') for k in res.paths)} PNGs)")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rows", type=int, default=100_000)
    ap.add_argument("--no-plots", action="store_true")
    ap.add_argument("--compare", action="store_true", help="compare two runs of --rows rows (B: A re-timed)")
    ap.add_argument("--child", nargs="+", help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.child:
        child(Path(args.child[0]), Path(args.child[1]), not args.no_plots,
              Path(args.child[2]) if len(args.child) > 2 else None)
        return 0
    from iree_vdmfma.problems.rows import write_rows

    with tempfile.TemporaryDirectory() as tmp:
        results = Path(tmp) / "scale" / "results.csv"
        t0 = time.perf_counter()
        rows = synthetic_rows(args.rows)
        write_rows(rows, results)
        cmd = [sys.executable, __file__, "--child", str(results), str(Path(tmp) / "report")]
        if args.compare:  # run B: every row re-timed 0.9-1.1x (SYNTHETIC)
            import numpy as np

            scale = np.random.default_rng(1).uniform(0.9, 1.1, len(rows))
            other = Path(tmp) / "scale-b" / "results.csv"
            write_rows([r.replace(latency_us_median=r.latency_us_median * float(f)) for r, f in zip(rows, scale)],
                       other)
            cmd.append(str(other))
        print(f"wrote {args.rows} SYNTHETIC rows{' twice' if args.compare else ''} in {time.perf_counter() - t0:.1f} s "
              f"({results.stat().st_size / 2**20:.0f} MiB); {'comparing' if args.compare else 'reporting'} in a "
              f"child process ...", flush=True)
        env = {**os.environ, "PYTHONPATH": str(ROOT)}
        done = subprocess.run(cmd + (["--no-plots"] if args.no_plots else []), env=env)
        return done.returncode


if __name__ == "__main__":
    sys.exit(main())
