"""Targets: hardware facts for rooflines and occupancy, plus what the compiler says.

Hardware numbers come from vendor data sheets (see shared/notes/field.md); they
are inputs to *modelled* figures (occupancy, % of peak), never measurements.
What the compiler knows about a target (its MMA intrinsics, LDS limit) is asked
from the compiler itself through ``iree_gpu.TargetInfo``.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Target:
    arch: str
    product: str
    compute_units: int
    lds_bytes: int  # per workgroup limit the compiler enforces (per CU on CDNA)
    simds_per_cu: int
    vgprs_per_simd_lane: int  # unified VGPR+AGPR file per lane, per SIMD
    vgpr_granule: int
    max_waves_per_simd: int
    peak_hbm_gbps: float
    peak_tflops_16bit: float  # dense
    peak_tflops_8bit: float  # dense
    last_level_cache_bytes: int  # Infinity Cache
    l2_bytes: int  # all L2 caches together (one per XCD)

    @property
    def cache_bytes(self) -> int:
        """Every cache level weights can sit in between two uses: Infinity Cache + all L2s."""
        return self.last_level_cache_bytes + self.l2_bytes

    def peak_tflops(self, dtype_bytes: int) -> float:
        return self.peak_tflops_8bit if dtype_bytes == 1 else self.peak_tflops_16bit


TARGETS: dict[str, Target] = {
    t.arch: t
    for t in (
        # MI300X: 256 MiB Infinity Cache; 8 XCDs x 4 MiB L2.
        Target("gfx942", "MI300X", 304, 64 * 1024, 4, 512, 8, 8, 5300.0, 1307.4, 2614.9, 256 * 2**20, 8 * 4 * 2**20),
        # MI355X: 160 KiB LDS; peaks for dense fp16/fp8 from AMD's data sheet; 256 MiB Infinity Cache,
        # 8 XCDs x 4 MiB L2.
        Target("gfx950", "MI355X", 256, 160 * 1024, 4, 512, 8, 8, 8000.0, 2516.6, 5033.2, 256 * 2**20,
               8 * 4 * 2**20),
    )
}


class UnknownTargetError(ValueError):
    pass


def target(arch: str) -> Target:
    try:
        return TARGETS[arch]
    except KeyError:
        raise UnknownTargetError(f"unknown target {arch!r}; valid: {', '.join(TARGETS)}") from None


CPU_TARGET = "host"  # llvm-cpu for this machine: the target of local-task runs
