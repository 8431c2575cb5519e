"""ROCm's tuning knobs (IREE 3.13): what ``vdmfma tune`` varies on gfx targets.

split, mma (default/vdmfma/dense, plus gemv for M <= 8); for vdmfma/dense n_tile,
subgroups, reduction, promote, prefetch (2/3) and waves_per_eu (unset/2); for gemv
rows, kpart, ksub, vec, nsub (wvSplitK-like rows per wave). The first value of each is IREE's default.

An MX (block-scaled, mxfp4 on gfx950) problem has its own family: mma
default/scaled/scaled32/mxgemv, mx_reduction (K intrinsics a step of the scaled
MFMAs), mx_ksub (subgroups along K of the MX gemv), and no split (the split-K
preprocessing spec matches with the contraction matcher, which a scaled op is not).
Its configs are configs/scaled.py's, reached through configs/knobs.py.
"""

from __future__ import annotations

from ...configs.knobs import MX_MMA_KINDS, register_knob_table
from ...problems.problem import Problem
from .. import knobs as tile
from ..knobs import GEMV, MFMA, KnobTable, gemv_fits, split_chunks
from .targets import FAMILY, is_rdna

KNOBS = register_knob_table(lambda arch: FAMILY.named(arch) and not is_rdna(arch), KnobTable())
SCALED = ("scaled", "scaled32")  # the injected scaled-MFMA configs (MX)
MX_GEMV = ("mxgemv",)  # the injected MX gemv (values decoded in registers)


@KNOBS.knob("split", prune=tile.split_rule)
def _split(p: Problem, arch: str):
    if p.dt.is_mx:
        return [0]
    return split_chunks(p, (2, 4, 8, 16, 32), 256)


@KNOBS.knob("mma")
def _mma(p: Problem, arch: str):
    if p.dt.is_mx:
        return list(MX_MMA_KINDS)
    return ["default", "vdmfma", "dense"] + (["gemv"] if gemv_fits(p) else [])


# K intrinsics a step; 4 is IREE's own choice for a gfx950 scaled matmul at M = 8..16
KNOBS.fixed("mx_reduction", [4, 2, 8], SCALED, tile.mx_reduction)
# subgroups along K of the MX gemv (each: 64 lanes, one 32-value block a lane a step)
KNOBS.fixed("mx_ksub", [1, 2, 4], MX_GEMV, tile.mx_ksub)
KNOBS.fixed("n_tile", [64, 32, 128], MFMA, tile.n_tile)
KNOBS.fixed("subgroups", [2, 1, 4], MFMA, tile.subgroups, tile.subgroups_rule)
KNOBS.fixed("reduction", [4, 2, 8], MFMA, tile.reduction)
KNOBS.fixed("promote", ["AB", "A"], MFMA, tile.promote)
# tuning-knobs.md: 0, 1 and unset give one ISA, 2 is IREE's default, 3 = 4 = more loads in flight
KNOBS.fixed("prefetch", [2, 3], MFMA, tile.prefetch)
# 0: unset; 2 cut VGPRs 196 -> 148 with promote A; 4 spilled (tuning-knobs.md)
KNOBS.fixed("waves_per_eu", [0, 2], MFMA, tile.waves_per_eu)
# gemv: N rows per workgroup, K elements per step, subgroups along K: the values the shared
# notes compiled (48/48), example 11's config first.
KNOBS.fixed("rows", [4, 1, 2, 8, 16], GEMV, tile.rows, tile.rows_rule)
KNOBS.fixed("kpart", [512, 256, 1024, 2048], GEMV, tile.kpart)
KNOBS.fixed("ksub", [1, 2, 4], GEMV, tile.ksub)
KNOBS.fixed("vec", [16, 8], GEMV, tile.vec)  # bytes a lane loads per step: 16 (dwordx4), 8 (dwordx2); compile-checked
# subgroups along N, each wave owning rows / nsub rows over the K step: vLLM's wvSplitK keeps 16 waves a workgroup,
# each with its own rows (docs/wvsplitk.md); 1 is IREE's gemv (every wave on all rows, K split over ksub)
KNOBS.fixed("nsub", [1, 4, 16], GEMV, tile.nsub, tile.nsub_rule)
