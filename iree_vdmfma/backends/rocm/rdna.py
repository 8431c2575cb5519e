"""RDNA (Radeon gfx11xx/gfx12xx) ISA facts: WMMA counts, wave size, and the occupancy MODEL.

What the ISA shows (checked by compiling with IREE 3.13 / its LLVM, gfx1100 and gfx1201):
``v_wmma_*`` instructions (8x2304x8192 f16: 32 on gfx1100, 24 on gfx1201, both IREE's
default with M padded to 16), ``.wavefront_size: 32`` in the kernel metadata (IREE's
default subgroup size on RDNA; 64 is allowed too), ``.agpr_count`` absent/0 (RDNA has no
AGPRs, so ``.vgpr_count`` is the arch VGPR count alone).

Occupancy (MODELLED, never measured) follows LLVM's rules (AMDGPUBaseInfo.cpp) for gfx10+
in WGP mode, which IREE's kernels use (their metadata says ``.workgroup_processor_mode: 1``):
a workgroup's waves share one WGP (2 CUs, 4 SIMD32) and its LDS, 2 x 64 KB; one workgroup may
use at most 64 KB.

* VGPRs: ``target.vgprs_per_simd_lane`` (1536) registers per SIMD lane at wave32, allocated
  in granules of ``target.vgpr_granule`` (24); a wave64 occupies two lanes' worth, so at
  wave64 the file is 768 with granule 12. Waves = file // round_up(vgprs, granule).
* LDS: workgroups per WGP = 2 x ``target.lds_bytes`` // LDS per workgroup.
* Workgroup slots: 16 waves x 4 SIMDs per WGP, and at most 32 multi-wave workgroups
  (barriers) per WGP.
* Waves per SIMD = ceil(workgroups per WGP x waves per workgroup / 4), at most 16.
"""

from __future__ import annotations

import math
import re

from ...devices.targets import Target

SIMDS_PER_WGP = 4  # WGP mode: two CUs of two SIMD32 each
CUS_PER_WGP = 2
MAX_BARRIER_WORKGROUPS_PER_WGP = 32  # LLVM getMaxWorkGroupsPerCU, gfx10+ WGP mode

_WMMA_RE = re.compile(r"^\s+v_wmma_\w+\s", re.M)
_WAVEFRONT_RE = re.compile(r"^\s*\.wavefront_size:\s+(\d+)", re.M)


def wmma_count(asm: str) -> int:
    """``v_wmma_*`` instruction lines in a whole .rocmasm file (comments and metadata not counted)."""
    return len(_WMMA_RE.findall(asm + "\n"))


def wavefront_sizes(asm: str) -> list[int]:
    """``.wavefront_size`` of each kernel in the file's metadata, in order (32 or 64)."""
    return [int(w) for w in _WAVEFRONT_RE.findall(asm)]


def _round_up(x: int, m: int) -> int:
    return -(-x // m) * m


def occupancy(vgprs: int, lds_bytes: int, workgroup_size: int, target: Target, wave_size: int) -> tuple[int, str]:
    """Waves per SIMD the resources allow on an RDNA target, and what limits it (MODELLED, see above)."""
    wave_size = wave_size or target.wave_sizes[0]
    scale = wave_size // 32  # a wave64 uses two lanes' worth of the wave32 register file
    vgpr_file = target.vgprs_per_simd_lane // scale
    granule = target.vgpr_granule // scale
    limits: dict[str, int] = {"max": target.max_waves_per_simd}
    limits["vgpr"] = vgpr_file // _round_up(max(vgprs, 1), granule)
    waves_per_wg = max(1, math.ceil(workgroup_size / wave_size))
    wg_slots = target.max_waves_per_simd * SIMDS_PER_WGP // waves_per_wg
    if waves_per_wg > 1:
        wg_slots = min(wg_slots, MAX_BARRIER_WORKGROUPS_PER_WGP)
    lds_per_wgp = CUS_PER_WGP * target.lds_bytes
    wgs = min(wg_slots, lds_per_wgp // lds_bytes) if lds_bytes else wg_slots
    limits["lds" if lds_bytes and wgs < wg_slots else "workgroups"] = math.ceil(wgs * waves_per_wg / SIMDS_PER_WGP)
    waves = max(0, min(limits.values()))
    if waves == target.max_waves_per_simd:
        return waves, "max"
    return waves, next(k for k in ("vgpr", "lds", "workgroups") if limits.get(k) == waves)


def wmma_missing(intended_mma_kind: str, wmma: int | None) -> str:
    """'' unless a WMMA kind was configured and the ISA has no v_wmma (then the reason)."""
    if intended_mma_kind.startswith("WMMA") and not wmma:
        return f"{intended_mma_kind} configured but the ISA has no v_wmma instructions"
    return ""
