"""The 'rdna' knob family: the tuner's search space on Radeon targets (gfx11/gfx12, rocm backend).

RDNA has no sparse MFMA, so ``mma`` is IREE's default, ``dense`` (WMMA 16x16x16 on 32-lane
subgroups, M padded to 16: the padded baseline's config) or, for unbatched M <= 8, ``gemv``
(no MMA, VectorDistribute, 32-lane subgroups: IREE 3.13 does not build it on wave64, see
variants/gemv.py). WMMA tiles: the N tile splits over its subgroups in 16-wide WMMAs; the
reduction is in WMMAs of K = 16 (8 = a 128-element K tile, IREE's choice on gfx1100; 4 on
gfx1201); LDS is bounded by 64 KB per workgroup (pruned by space.prune_reason). gemv: rows,
K step and K subgroups as on CDNA, with K steps from 256 (8 f16 x 32 lanes). Nothing here is
measured on a Radeon card; with ``--device none`` the ranking is the static MODEL's.
"""

from __future__ import annotations

from ..problems.problem import Problem
from .space import GEMV, _fixed, gemv_fits, knob, split_chunks

DENSE = ("dense",)
FAMILY = "rdna"


@knob(FAMILY, "split")
def _rdna_split(p: Problem, arch: str):
    return split_chunks(p, (2, 4, 8, 16, 32), 256)


@knob(FAMILY, "mma")
def _rdna_mma(p: Problem, arch: str):
    return ["default", "dense"] + (["gemv"] if gemv_fits(p) else [])


@knob(FAMILY, "n_tile", DENSE)
def _rdna_n_tile(p: Problem, arch: str):
    return [64, 32, 128]


@knob(FAMILY, "subgroups", DENSE)
def _rdna_subgroups(p: Problem, arch: str):
    return [2, 1, 4]


@knob(FAMILY, "reduction", DENSE)
def _rdna_reduction(p: Problem, arch: str):
    return [8, 4, 16]


@knob(FAMILY, "promote", DENSE)
def _rdna_promote(p: Problem, arch: str):
    return ["AB", "A"]


@knob(FAMILY, "prefetch", DENSE)
def _rdna_prefetch(p: Problem, arch: str):
    return [2, 3]


GEMV_VALUES = {"rows": [4, 1, 2, 8, 16], "kpart": [512, 256, 1024, 2048], "ksub": [1, 2, 4]}
for _name, _values in GEMV_VALUES.items():
    knob(FAMILY, _name, GEMV)(_fixed(_values))
