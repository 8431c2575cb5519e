"""CUDA's tuning knobs (IREE 3.13): split, mma (default, plus gemv for M <= 8 and tc, the tensor-core
TileAndFuse config, for 2 <= M <= 16), gemv's rows, kpart, ksub, vec and tc's n_tile, reduction, subgroups.
The configs travel in the preprocessing spec (the backend's spec route)."""

from __future__ import annotations

from ...problems.problem import Problem
from ...configs.tensorcore import tc_fits
from ...configs.knobs import register_knob_table
from .. import knobs as tile
from ..knobs import GEMV, KnobTable, gemv_fits, split_chunks
from .targets import FAMILY

KNOBS = register_knob_table(FAMILY.named, KnobTable())


@KNOBS.knob("split", prune=tile.split_rule)
def _split(p: Problem, arch: str):
    return split_chunks(p, (2, 4, 8, 16, 32, 64), 256)


@KNOBS.knob("mma")
def _mma(p: Problem, arch: str):
    # gemv at M = 1 too: IREE folds the unit M away after preprocessing (a config annotated on the unfolded op was
    # dropped: every gemv candidate of five M = 1 shapes compiled to IREE's default on the H200), so the
    # preprocessing spec folds it first and annotates the matvec (configs/prespec.py; tests/test_m1_route.py)
    return ["default"] + (["gemv"] if gemv_fits(p) else []) + (["tc"] if tc_fits(p) else [])


# gemv: the region an exploration on the H100 found fast first (rows 4, K step 1024 over 2 warps:
# within 3% and 6% of the best of 45 configs on 8x2304x8192 and 8x13312x8192,
# reports/tune-h100/notes.md). FITTED ON: those two seed shapes (sweeps/seed-f16.csv): the order is
# biased towards them; reports on other lists (the held-out decode list of benchmarks/gpu_evidence.py)
# are the honest test of it. rows 16 and 8-byte loads (vec) widen the space where the H200 left cuBLAS
# 1.4-9x ahead (reports/gpu-evidence-h200): not measured yet, so they come last in the order.
KNOBS.fixed("rows", [4, 2, 1, 8, 16], GEMV, tile.rows, tile.rows_rule)
KNOBS.fixed("kpart", [1024, 512, 2048], GEMV, tile.kpart)
KNOBS.fixed("ksub", [2, 4, 1], GEMV, tile.ksub)
KNOBS.fixed("vec", [16, 8], GEMV, tile.vec)
KNOBS.fixed("nsub", [1, 4, 16], GEMV, tile.nsub, tile.nsub_rule, searched=False)  # by name only: not searched here

# tc: mma.sync TileAndFuse with M padded to 16 and both operands in shared memory (configs/tensorcore.py). The
# first values are the config of shared/notes/cuda-kernel-analysis.md Q3 (N tile 16, K tile 512, one warp: 144
# workgroups, 32 16-byte loads a step, no spills by ptxas at 8x2304x8192); compile-only, never measured.
TC = ("tc",)
KNOBS.fixed("n_tile", [16, 32], TC, tile.tc_n_tile)
KNOBS.fixed("reduction", [32, 16, 8], TC, tile.tc_reduction)  # K tile = 16 x reduction elements
# warps along N (N tile / subgroups a multiple of the 8-wide mma.sync)
KNOBS.fixed("subgroups", [1, 2], TC, tile.tc_subgroups, tile.subgroups_rule)
# the operands in shared memory: AB only in the space (A alone sends B to 2-byte loads), other values by name
KNOBS.fixed("promote", ["AB", "A", "none"], TC, tile.tc_promote, searched=False)
