"""The M = 1 route on a real exported program: sharktank's bs 1 Llama decode (examples/sharktank/, every projection
a torch ``matmul(A, transpose(W))``) compiled by `vdmfma model --library` with a gemv config for each of its five
projection shapes, per target (sm_89: the preprocessing spec folds unit dims, then sets the config; gfx942: the
codegen spec meets the matvec) and --iree-opt-level (O1 keeps the M = 1 GEMMs; O3 folds them into matvecs).
Prints per case how many projections the config reached (the step's proof) and how many other kernels are the
very kernels of IREE's default compile (kernel digests, compiler/fingerprint.py): folding unit dims must change
nothing but the GEMMs. Compile-only: nothing runs, nothing is measured or modelled.

    python benchmarks/m1_route_check.py [--targets sm_89,gfx942] [--levels O1,O3]

tests/test_sharktank.py runs the sm_89 O1 case; the others cost CI 10-35 s each.
"""

from __future__ import annotations

import argparse
import json
import tempfile
from pathlib import Path

from iree_vdmfma.backends import backend_for
from iree_vdmfma.compiler.fingerprint import kernel_digests, kernel_name
from iree_vdmfma.configs.library import Entry, Library, write_library
from iree_vdmfma.devices.flags import compile_flags
from iree_vdmfma.model.source import parse_source
from iree_vdmfma.model.step import StepOptions, run_step
from iree_vdmfma.problems.problem import Problem

ROOT = Path(__file__).resolve().parents[1]
DECODE_BS1 = ROOT / "examples" / "sharktank" / "llama3_8b_1l_decode_bs1.mlir"
PROJECTIONS = ((4096, 4096), (1024, 4096), (14336, 4096), (4096, 14336), (128256, 4096))  # q/o, k/v, gate/up, down, lm_head
GEMV = {"split": 0, "mma": "gemv", "rows": 4, "kpart": 256, "ksub": 1, "vec": 16}


def m1_route(target: str, level: str, tmp: Path, cache_dir: Path | None = None):
    """(the tuned variant's dispatch rows, {'default' | 'tuned': {kernel: digest}}) of the bs 1 decode at ``level``
    with a gemv library for ``target``; ``cache_dir``: the compile cache (default: one under ``tmp``)."""
    backend = backend_for(target)
    knobs = dict(GEMV, **({"nsub": 1} if "nsub" in backend.knobs(target) else {}))  # nsub where the table declares it
    lib = Library(target, tuple(Entry(Problem(1, n, k), dict(knobs)) for n, k in PROJECTIONS))
    write_library(lib, tmp / "lib", compile_flags(target), backend.spec_route)
    cache = cache_dir or tmp / "cache"
    result = run_step(StepOptions(parse_source(str(DECODE_BS1)), (1,), target, "none", tmp / "out",
                                  library=tmp / "lib", cache_dir=cache, timeout_s=120,
                                  flags=(f"--iree-opt-level={level}",)))
    digests = {}
    for manifest in cache.glob("*/manifest.json"):
        label = json.loads(manifest.read_text())["label"].split("/")  # model_m1/<default|tuned|...>/<target>
        if label[-1] == target and label[1] in ("default", "tuned") and (manifest.parent / "dump").is_dir():
            digests[label[1]] = kernel_digests(manifest.parent / "dump")
    return [r for r in result.dispatch_rows if r.variant == "tuned"], digests


def summary(rows, digests) -> dict:
    """Projections applied of all, and the other kernels unchanged of all."""
    gemms = [r for r in rows if r.m is not None]
    names = {kernel_name(r.dispatch) for r in gemms}
    default, tuned = digests.get("default", {}), digests.get("tuned", {})
    others = [k for k in default if k not in names]
    return {"applied": sum(r.status == "applied" for r in gemms), "gemms": len(gemms),
            "statuses": sorted({r.status for r in gemms}),
            "same_others": sum(tuned.get(k) == default[k] for k in others), "others": len(others),
            "same_dispatches": set(default) == set(tuned)}


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--targets", default="sm_89,gfx942")
    ap.add_argument("--levels", default="O1,O3")
    args = ap.parse_args(argv)
    print("| target | level | projections applied | statuses | other kernels as IREE's default | same dispatches |")
    print("|---|---|---|---|---|---|")
    for target in args.targets.split(","):
        for level in args.levels.split(","):
            with tempfile.TemporaryDirectory() as tmp:
                s = summary(*m1_route(target, level, Path(tmp)))
            print(f"| {target} | {level} | {s['applied']}/{s['gemms']} | {', '.join(s['statuses'])} "
                  f"| {s['same_others']}/{s['others']} | {'yes' if s['same_dispatches'] else 'no'} |")


if __name__ == "__main__":
    main()
