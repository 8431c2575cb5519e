"""Config rules: how a variant tiles a problem on a target.

These follow the configs IREE 3.13 itself picks (shared notes): a 64-wide N tile
over two subgroups of 64 lanes, operands promoted to LDS, two prefetch stages,
and a reduction tile that VDMFMA scales by its intrinsic's K-unroll. Where a dim
does not divide its tile, ``padding`` pads it; M < 8 pads to 8, M > 8 is tiled
by 8 (VDMFMA) or 16 (dense).
"""

from __future__ import annotations

from .catalog import Intrinsic, dense_intrinsic, vdmfma_intrinsic
from .config import KernelConfig
from ..problems.problem import Problem
from ..devices.targets import target

N_TILE = 64
N_SUBGROUPS = 2
LDS_ROW_PAD_BYTES = 8  # IREE pads each promoted row to dodge bank conflicts


def lds_bytes(m_tile: int, n_tile: int, k_tile: int, elem_bytes: int) -> int:
    """Modelled LDS footprint of the promoted A and B tiles.

    Matches what IREE 3.13 reports for the measured configs: M8/N64/K256 f16 ->
    37440 B, M16/N64/K128 f16 -> 21120 B.
    """
    return (m_tile + n_tile) * (k_tile * elem_bytes + LDS_ROW_PAD_BYTES)


def _tiled(problem: Problem, arch: str, intrinsic: Intrinsic, m_tile: int, reduction_count: int,
           always_pad: bool) -> KernelConfig:
    """A config for M tile ``m_tile``, halving the reduction tile until LDS fits the target."""
    while True:
        k_tile = reduction_count * intrinsic.k
        lds = lds_bytes(m_tile, N_TILE, k_tile, problem.dt.bytes)
        if lds <= target(arch).lds_bytes or reduction_count == 1:
            break
        reduction_count //= 2
    divides = problem.m % m_tile == 0 and problem.n % N_TILE == 0 and problem.k % k_tile == 0
    padding = (m_tile, N_TILE, k_tile) if always_pad or not divides else None
    lead = (1,) if problem.batched else ()
    zero = (0,) if problem.batched else ()
    return KernelConfig(
        intrinsic=intrinsic,
        workgroup=lead + (m_tile, N_TILE, 0),
        reduction=zero + (0, 0, reduction_count),
        subgroup=zero + (1, N_SUBGROUPS, 0),
        padding=lead + padding if padding else None,
        lds_estimate=lds,
    )


def vdmfma_config(problem: Problem, arch: str) -> KernelConfig:
    """VDMFMA: M tile 8 (M < 8 padded up, M > 8 tiled by 8); K tile = 2 x K-unroll intrinsics."""
    intrinsic = vdmfma_intrinsic(arch, problem.dtype)
    return _tiled(problem, arch, intrinsic, 8, 2 * intrinsic.k_unroll, always_pad=False)


def padded_config(problem: Problem, arch: str) -> KernelConfig:
    """Dense 16x16 MFMA with M padded to 16: the write-up's baseline (K tile <= 256 elements)."""
    intrinsic = dense_intrinsic(arch, problem.dtype)
    return _tiled(problem, arch, intrinsic, 16, max(1, min(8, 256 // intrinsic.k)), always_pad=True)
