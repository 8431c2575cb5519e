"""CUDA tensor-core TileAndFuse configs for 2 <= M <= 16 (``mma=tc``): M padded to one 16-row ``mma.sync`` tile.

The config shared/notes/cuda-kernel-analysis.md (Q3) compiled for sm_89 (example 14): workgroup [16, N tile, 0],
reduction r (a K tile of 16 r elements), both operands promoted to shared memory, the N tile split over
``subgroups`` warps. Promoting A alone sends B straight to registers and degrades the weight loads to 2-byte
``ld.global.b16`` (the CUDA backend rejects that from the PTX). IREE 3.13's own CUDA default is this pipeline
with N tile 32 and r 8. A wide K tile was meant to put many 16-byte loads in flight per step; the H200 MEASURED
no such gain (2026-11-29: r 32 took 0.88-1.61x r 8's time; backends/cuda/perf_model.py's TC_THREAD_BYTES). Plain
data: configs/config.py's KernelConfig builds the attribute through the bindings.
"""

from __future__ import annotations

from ..problems.problem import Problem
from .catalog import Intrinsic, IntrinsicUnavailableError
from .config import KernelConfig
from .rules import LDS_ROW_PAD_BYTES

TC_M_TILE = 16  # one mma.sync tile of rows: M is padded to it
TC_MAX_M = 16
TC_MIN_M = 2  # M = 1 is folded to a matvec by IREE (no M loop to pad)
# the f32-accumulating mma.sync of IREE 3.13's CUDA target per input type (iree_gpu.MMAIntrinsic)
_NV_MMA = {"f16": "NV_MMA_SYNC_F32_16x8x16_F16", "bf16": "NV_MMA_SYNC_F32_16x8x16_BF16"}
NV_LANES = 32


def tc_fits(p: Problem) -> bool:
    return TC_MIN_M <= p.m <= TC_MAX_M and not p.batched and p.dtype in _NV_MMA


def nv_intrinsic(dtype: str) -> Intrinsic:
    if dtype not in _NV_MMA:
        raise IntrinsicUnavailableError(f"no mma.sync config for {dtype}; element types with one: "
                                        f"{', '.join(sorted(_NV_MMA))}")
    return Intrinsic(_NV_MMA[dtype], False, 16, 8, 16, 1, dtype, dtype, "f32", True, NV_LANES)


def tc_config(p: Problem, n_tile: int = 16, reduction: int = 32, subgroups: int = 1,
              promote: tuple[int, ...] = (0, 1)) -> KernelConfig:
    """Workgroup [16, n_tile, 0] over ``subgroups`` warps along N, K tile 16 x ``reduction``, M padded to 16; the
    defaults are the cuda-kernel-analysis.md Q3 config (what a setting that omits a knob gets)."""
    if not tc_fits(p):
        raise IntrinsicUnavailableError(f"{p.key}: tensor-core configs are for unbatched f16/bf16 "
                                        f"{TC_MIN_M} <= M <= {TC_MAX_M}")
    intrinsic = nv_intrinsic(p.dtype)
    k_tile = reduction * intrinsic.k
    rows = {0: TC_M_TILE, 1: n_tile}
    lds = sum(rows[i] for i in promote) * (k_tile * p.dt.bytes + LDS_ROW_PAD_BYTES)
    return KernelConfig(intrinsic=intrinsic, workgroup=(TC_M_TILE, n_tile, 0), reduction=(0, 0, reduction),
                        subgroup=(1, subgroups, 0), padding=(TC_M_TILE, n_tile, k_tile),
                        promote_operands=tuple(promote), lds_estimate=lds)
