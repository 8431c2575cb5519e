"""One command for anyone with a GPU: sweep the seed shapes with IREE default, splitk and torch, hot and cold.

    python benchmarks/gpu_smoke.py [--out out/gpu-smoke] [--shapes sweeps/seed-f16.csv]

Finds a GPU through IREE's runtime (cuda first, then hip), compiles for it (CUDA: the
newest sm this iree-compile accepts at or below the device, e.g. sm_89 PTX on an H100),
runs every row hot and cold with numerics checked, and writes OUT/report/. On a machine
with no GPU it says so in one `error:` line and exits 2. The same sweep, run as `vdmfma sweep` on a
lent NVIDIA H100, is reports/gpu-h100-seed; no AMD GPU was available.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def find_gpu() -> str:
    from iree_vdmfma.devices.probe import probe_driver

    return next((d for d in ("cuda", "hip") if probe_driver(d)), "")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", default="out/gpu-smoke")
    ap.add_argument("--shapes", default=str(ROOT / "sweeps" / "seed-f16.csv"))
    ap.add_argument("--reps", default="10")
    args = ap.parse_args()
    device = find_gpu()
    if not device:
        print("error: no CUDA or HIP GPU is visible to IREE here (gpu_smoke needs one)", file=sys.stderr)
        return 2
    cmd = [sys.executable, "-m", "iree_vdmfma.cli", "sweep", args.shapes, "--device", device,
           "--variants", "default,splitk,torch", "--reps", args.reps, "--out", args.out]
    print("gpu_smoke:", " ".join(cmd))
    return subprocess.call(cmd)


if __name__ == "__main__":
    sys.exit(main())
