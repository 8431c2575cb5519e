"""ROCm's tuning knobs on RDNA targets (Radeon gfx11/gfx12): the table ``RocmBackend.knobs`` picks there.

RDNA has no sparse MFMA, so ``mma`` is IREE's default, ``dense`` (WMMA 16x16x16 on 32-lane
subgroups, M padded to 16: the padded baseline's config) or, for unbatched M <= 8, ``gemv``
(no MMA, VectorDistribute, 32-lane subgroups: IREE 3.13 does not build it on wave64, see
variants/gemv.py). WMMA tiles: the N tile splits over its subgroups in 16-wide WMMAs; the
reduction is in WMMAs of K = 16 (8 = a 128-element K tile, IREE's choice on gfx1100; 4 on
gfx1201); LDS is bounded by 64 KB per workgroup (pruned by tune/space.prune_reason). gemv: rows,
K step and K subgroups as on CDNA, with K steps from 256 (8 f16 x 32 lanes). Nothing here is
measured on a Radeon card; with ``--device none`` the ranking is the static MODEL's.
"""

from __future__ import annotations

from ...configs.knobs import register_knob_table
from ...problems.problem import Problem
from .. import knobs as tile
from ..knobs import GEMV, KnobTable, gemv_fits
from .knobs import KNOBS as CDNA_KNOBS
from .targets import is_rdna

DENSE = ("dense",)  # the injected WMMA config (no vdmfma on RDNA)
KNOBS = register_knob_table(is_rdna, KnobTable(split=CDNA_KNOBS["split"]))  # the same K chunks as on CDNA


@KNOBS.knob("mma")
def _mma(p: Problem, arch: str):
    return ["default", "dense"] + (["gemv"] if gemv_fits(p) else [])


KNOBS.fixed("n_tile", [64, 32, 128], DENSE, tile.n_tile)
KNOBS.fixed("subgroups", [2, 1, 4], DENSE, tile.subgroups, tile.subgroups_rule)
KNOBS.fixed("reduction", [8, 4, 16], DENSE, tile.reduction)
KNOBS.fixed("promote", ["AB", "A"], DENSE, tile.promote)
KNOBS.fixed("prefetch", [2, 3], DENSE, tile.prefetch)
KNOBS.fixed("rows", [4, 1, 2, 8, 16], GEMV, tile.rows, tile.rows_rule)
KNOBS.fixed("kpart", [512, 256, 1024, 2048], GEMV, tile.kpart)
KNOBS.fixed("ksub", [1, 2, 4], GEMV, tile.ksub)
# not searched on RDNA (never compile-checked here), but a setting that names them means what it does on CDNA
KNOBS.fixed("vec", [16, 8], GEMV, tile.vec, searched=False)
KNOBS.fixed("nsub", [1, 4, 16], GEMV, tile.nsub, tile.nsub_rule, searched=False)
