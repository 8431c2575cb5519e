"""ROCm's targets: the gfx chips this toolkit builds for, their data-sheet and ISA facts, and how a gfx
name becomes iree-compile flags. A new AMD target is one ``register_target(Target(...))`` here (or in a
module of its own that calls it).

CDNA (Instinct): gfx942 (MI300X), gfx950 (MI355X). RDNA (Radeon): gfx1100 (Navi 31), gfx1101 (Navi 32),
gfx1200 (Navi 44), gfx1201 (Navi 48); IREE 3.13 refuses gfx1102 (``Unknown ROCM target``). RDNA's
register file, wave and LDS facts are LLVM's (AMDGPUBaseInfo.cpp: 1536 VGPRs per SIMD lane at wave32 with
allocation granule 24, 16 waves per SIMD, LDS 64 KB per workgroup); IREE's TargetInfo for them says
``subgroup_size_choices = [32, 64]``, ``max_workgroup_memory_bytes = 65536``. ``compute_units`` counts
CUs (a WGP is two). ``smfmac_k``: the K-depths of the 16x16 sparse MFMA (v_smfmac_*_16x16xK) per input
bit width, from the CDNA3 / CDNA4 ISA guides; ``preferred_unroll``: gfx942 has only the x2 sparse
instructions, gfx950's native 16x16x64 (16-bit) / x128 (8-bit) ones give x1; ``spec_dtypes``: the
shipped decode specs' element types (the fp8 flavour each CDNA target's sparse MFMA takes; RDNA: those of
gfx11's WMMA).
"""

from __future__ import annotations

from ...devices.targets import (DeviceSpec, Target, TargetFamily, TARGETS, base_arch, register_device_spec,
                                register_family, register_target, target)

BACKEND = "rocm"
GFX = "gfx"  # every ROCm target name starts so (a gfx name this toolkit does not know is refused by name)


def rocm_flags(arch: str) -> list[str]:
    target(arch)
    return ["--iree-hal-target-device=hip", f"--iree-rocm-target={base_arch(arch)}"]  # IREE takes no :features


def wave_size(arch: str) -> int:
    """64 on CDNA (wave64); 32 on RDNA (wave32; wave64 is allowed too, see ``wave_sizes``)."""
    known = TARGETS.get(base_arch(arch))
    return known.wave_sizes[0] if known else 64


def is_rdna(arch: str) -> bool:
    """True for a Radeon (RDNA: gfx11xx/gfx12xx) target this toolkit knows."""
    t = TARGETS.get(base_arch(arch))
    return bool(t and t.rdna)


FAMILY = register_family(TargetFamily(BACKEND, "hip", rocm_flags, prefix=GFX, subgroup_size=wave_size,
                                      mma_configs=True, gemv_configs=True, waves_attr="amdgpu-waves-per-eu",
                                      knob_modules=("iree_vdmfma.backends.rocm.knobs",
                                                    "iree_vdmfma.backends.rocm.knobs_rdna"),
                                      graph_flag="--hip_use_streams=false"))  # IREE 3.13's default: streams

# MI300X: 256 MiB Infinity Cache; 8 XCDs x 4 MiB L2.
register_target(Target("gfx942", "MI300X", 304, 64 * 1024, 4, 512, 8, 8, 5300.0, 1307.4, 2614.9, 256 * 2**20,
                       8 * 4 * 2**20, smfmac_k=((16, (32,)), (8, (64,))), preferred_unroll=2,
                       spec_dtypes=("f16", "bf16", "f8E4M3FNUZ", "i8")))
# MI355X: 160 KiB LDS; peaks for dense fp16/fp8 from AMD's data sheet; 256 MiB Infinity Cache,
# 8 XCDs x 4 MiB L2.
register_target(Target("gfx950", "MI355X", 256, 160 * 1024, 4, 512, 8, 8, 8000.0, 2516.6, 5033.2, 256 * 2**20,
                       8 * 4 * 2**20, smfmac_k=((16, (32, 64)), (8, (64, 128))), preferred_unroll=1,
                       spec_dtypes=("f16", "bf16", "f8E4M3FN", "i8")))
# RDNA. Per SIMD32: 1536 VGPRs per lane at wave32, granule 24; 16 waves (LLVM AMDGPUBaseInfo.cpp,
# Feature1_5xVGPRs: gfx1100, gfx1101 and every gfx12). ``simds_per_cu`` = 2 SIMD32 per CU.
# RX 7900 XTX (AMD product specifications): 96 CUs, 384-bit 20 Gbps GDDR6 = 960 GB/s, 96 MB
# Infinity Cache, 6 MB L2, peak FP16 122.8 TFLOPS; 8-bit WMMA peak: not given, unknown.
register_target(Target("gfx1100", "RX 7900 XTX", 96, 64 * 1024, 2, 1536, 24, 16, 960.0, 122.8, None, 96 * 2**20,
                       6 * 2**20, (32, 64), "rdna", spec_dtypes=("f16", "bf16", "i8")))
# RX 7800 XT (AMD's launch specifications, 2023): 60 CUs, 256-bit 19.5 Gbps GDDR6 = 624 GB/s,
# 64 MB Infinity Cache, 4 MB L2; matrix peaks: unknown.
register_target(Target("gfx1101", "RX 7800 XT", 60, 64 * 1024, 2, 1536, 24, 16, 624.0, None, None, 64 * 2**20,
                       4 * 2**20, (32, 64), "rdna"))
# RX 9060 XT (AMD's launch specifications, 2025): 32 CUs, 128-bit 20 Gbps GDDR6 = 320 GB/s,
# 32 MB Infinity Cache, 4 MB L2 (launch reviews); matrix peaks: unknown (AMD quotes sparse TOPS).
register_target(Target("gfx1200", "RX 9060 XT", 32, 64 * 1024, 2, 1536, 24, 16, 320.0, None, None, 32 * 2**20,
                       4 * 2**20, (32, 64), "rdna"))
# RX 9070 XT (AMD product specifications): 64 CUs, 256-bit 20 Gbps GDDR6 = 640 GB/s, 64 MB
# Infinity Cache, 8 MB L2. AMD quotes its AI TOPS with sparsity; the dense WMMA peaks are not
# stated as such there: unknown.
register_target(Target("gfx1201", "RX 9070 XT", 64, 64 * 1024, 2, 1536, 24, 16, 640.0, None, None, 64 * 2**20,
                       8 * 2**20, (32, 64), "rdna", spec_dtypes=("f16", "bf16", "i8")))
# Radeon PRO W7900 (AMD data sheet): Navi 31 = gfx1100, 48 GB GDDR6 at 864 GB/s, 96 MB Infinity
# Cache, 6 MB L2. Matched by name; by arch, gfx1100 stays the RX 7900 XTX.
register_device_spec(DeviceSpec("Radeon PRO W7900", "gfx1100", 864.0, 96 * 2**20, ("w7900",), l2_bytes=6 * 2**20))
