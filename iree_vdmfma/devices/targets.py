"""Targets: hardware facts for rooflines and occupancy, plus what the compiler says.

Hardware numbers come from vendor data sheets (see shared/notes/field.md); they
are inputs to *modelled* figures (occupancy, % of peak), never measurements.
What the compiler knows about a target (its MMA intrinsics, LDS limit) is asked
from the compiler itself through ``iree_gpu.TargetInfo``.

RDNA (Radeon) targets: gfx1100 (Navi 31), gfx1101 (Navi 32), gfx1200 (Navi 44),
gfx1201 (Navi 48); IREE 3.13 refuses gfx1102 (``Unknown ROCM target``). Their
register file, wave and LDS facts are LLVM's (AMDGPUBaseInfo.cpp: 1536 VGPRs per
SIMD lane at wave32 with allocation granule 24, 16 waves per SIMD, LDS 64 KB per
workgroup); IREE's TargetInfo for them says ``subgroup_size_choices = [32, 64]``,
``max_workgroup_memory_bytes = 65536``. ``compute_units`` counts CUs (a WGP is two).
A peak that is not in a data sheet we could cite is ``None`` (unknown), not a guess.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Optional


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
    peak_tflops_16bit: Optional[float]  # dense; None: not known from a data sheet
    peak_tflops_8bit: Optional[float]  # dense; None: not known from a data sheet
    last_level_cache_bytes: int  # Infinity Cache
    l2_bytes: int  # all L2 caches together (one per XCD)
    wave_sizes: tuple[int, ...] = (64,)  # subgroup sizes IREE may use; the first is IREE's default
    family: str = "cdna"  # 'cdna' (MFMA, wave64) or 'rdna' (WMMA, wave32/wave64, no AGPRs)

    @property
    def cache_bytes(self) -> int:
        """Every cache level weights can sit in between two uses: Infinity Cache + all L2s."""
        return self.last_level_cache_bytes + self.l2_bytes

    def peak_tflops(self, dtype_bytes: int) -> float:
        """Dense peak for the element width; NaN where the data sheet gives none."""
        peak = self.peak_tflops_8bit if dtype_bytes == 1 else self.peak_tflops_16bit
        return float("nan") if peak is None else peak

    @property
    def rdna(self) -> bool:
        return self.family == "rdna"


TARGETS: dict[str, Target] = {
    t.arch: t
    for t in (
        # MI300X: 256 MiB Infinity Cache; 8 XCDs x 4 MiB L2.
        Target("gfx942", "MI300X", 304, 64 * 1024, 4, 512, 8, 8, 5300.0, 1307.4, 2614.9, 256 * 2**20, 8 * 4 * 2**20),
        # MI355X: 160 KiB LDS; peaks for dense fp16/fp8 from AMD's data sheet; 256 MiB Infinity Cache,
        # 8 XCDs x 4 MiB L2.
        Target("gfx950", "MI355X", 256, 160 * 1024, 4, 512, 8, 8, 8000.0, 2516.6, 5033.2, 256 * 2**20,
               8 * 4 * 2**20),
        # RDNA. Per SIMD32: 1536 VGPRs per lane at wave32, granule 24; 16 waves (LLVM AMDGPUBaseInfo.cpp,
        # Feature1_5xVGPRs: gfx1100, gfx1101 and every gfx12). ``simds_per_cu`` = 2 SIMD32 per CU.
        # RX 7900 XTX (AMD product specifications): 96 CUs, 384-bit 20 Gbps GDDR6 = 960 GB/s, 96 MB
        # Infinity Cache, 6 MB L2, peak FP16 122.8 TFLOPS; 8-bit WMMA peak: not given, unknown.
        Target("gfx1100", "RX 7900 XTX", 96, 64 * 1024, 2, 1536, 24, 16, 960.0, 122.8, None, 96 * 2**20,
               6 * 2**20, (32, 64), "rdna"),
        # RX 7800 XT (AMD's launch specifications, 2023): 60 CUs, 256-bit 19.5 Gbps GDDR6 = 624 GB/s,
        # 64 MB Infinity Cache, 4 MB L2; matrix peaks: unknown.
        Target("gfx1101", "RX 7800 XT", 60, 64 * 1024, 2, 1536, 24, 16, 624.0, None, None, 64 * 2**20,
               4 * 2**20, (32, 64), "rdna"),
        # RX 9060 XT (AMD's launch specifications, 2025): 32 CUs, 128-bit 20 Gbps GDDR6 = 320 GB/s,
        # 32 MB Infinity Cache, 4 MB L2 (launch reviews); matrix peaks: unknown (AMD quotes sparse TOPS).
        Target("gfx1200", "RX 9060 XT", 32, 64 * 1024, 2, 1536, 24, 16, 320.0, None, None, 32 * 2**20,
               4 * 2**20, (32, 64), "rdna"),
        # RX 9070 XT (AMD product specifications): 64 CUs, 256-bit 20 Gbps GDDR6 = 640 GB/s, 64 MB
        # Infinity Cache, 8 MB L2. AMD quotes its AI TOPS with sparsity; the dense WMMA peaks are not
        # stated as such there: unknown.
        Target("gfx1201", "RX 9070 XT", 64, 64 * 1024, 2, 1536, 24, 16, 640.0, None, None, 64 * 2**20,
               8 * 2**20, (32, 64), "rdna"),
    )
}


@dataclass(frozen=True)
class DeviceSpec:
    """Data-sheet memory facts of one GPU product: what % of peak and cold rotation sizes use.

    Several products share an arch (H100 and H200 are both sm_90), so products are
    matched by the device name the driver reports, then (AMD only) by arch.
    """

    product: str
    arch: str  # base arch: 'sm_90', 'gfx942'
    peak_hbm_gbps: float
    last_level_cache_bytes: int  # NVIDIA: L2; AMD: Infinity Cache
    names: tuple[str, ...]  # substrings of the driver's device name (case-insensitive)
    not_names: tuple[str, ...] = ()  # ... that must not appear (another SKU of the same chip)
    l2_bytes: int = 0  # AMD: all L2s under the Infinity Cache (NVIDIA: the L2 is the last level)

    @property
    def cache_bytes(self) -> int:
        """Every cache level weights can sit in between two uses."""
        return self.last_level_cache_bytes + self.l2_bytes


DEVICE_SPECS: tuple[DeviceSpec, ...] = (
    # NVIDIA data sheets: H100 SXM5 3.35 TB/s HBM3, 50 MB L2; H200 SXM 4.8 TB/s HBM3e, 50 MB L2.
    # H100 PCIe/NVL are other SKUs (other bandwidths): not matched, so their peak stays unknown.
    DeviceSpec("H100 SXM", "sm_90", 3350.0, 50 * 2**20, ("h100",), ("pcie", "nvl")),
    DeviceSpec("H200", "sm_90", 4800.0, 50 * 2**20, ("h200",), ("nvl",)),
    *(DeviceSpec(t.product, t.arch, t.peak_hbm_gbps, t.last_level_cache_bytes, (t.product.lower(),),
                 l2_bytes=t.l2_bytes) for t in TARGETS.values()),
    # Radeon PRO W7900 (AMD data sheet): Navi 31 = gfx1100, 48 GB GDDR6 at 864 GB/s, 96 MB Infinity
    # Cache, 6 MB L2. Matched by name; by arch, gfx1100 stays the RX 7900 XTX.
    DeviceSpec("Radeon PRO W7900", "gfx1100", 864.0, 96 * 2**20, ("w7900",),
               l2_bytes=6 * 2**20),
)


def base_arch(arch: str) -> str:
    """'gfx942:sramecc+:xnack-' -> 'gfx942' (target features dropped)."""
    return arch.split(":", 1)[0].strip().lower()


def device_spec(name: str = "", arch: str = "") -> "DeviceSpec | None":
    """The product a device is: by its driver name first, else (AMD) by arch; None when unknown."""
    low = name.lower().replace(" ", "")
    for s in DEVICE_SPECS:
        if low and any(n.replace(" ", "") in low for n in s.names) and not any(x in low for x in s.not_names):
            return s
    arch = base_arch(arch)
    if arch in TARGETS:
        return next(s for s in DEVICE_SPECS if s.arch == arch)
    return None


class UnknownTargetError(ValueError):
    pass


def target(arch: str) -> Target:
    try:
        return TARGETS[base_arch(arch)]
    except KeyError:
        raise UnknownTargetError(f"unknown target {arch!r}; valid: {', '.join(TARGETS)}") from None


CPU_TARGET = "host"  # llvm-cpu for this machine: the target of local-task runs


def subgroup_size(arch: str) -> int:
    """Lanes per subgroup IREE's GPU codegen uses by default: 64 on CDNA (wave64), 32 on RDNA
    (wave32; wave64 is allowed too, see ``wave_sizes``) and NVIDIA (warp)."""
    if arch.startswith("sm_"):
        return 32
    if arch.startswith("gfx"):
        return TARGETS[base_arch(arch)].wave_sizes[0] if base_arch(arch) in TARGETS else 64
    raise ValueError(f"no GPU subgroup size for target {arch!r}")


def is_rdna(arch: str) -> bool:
    """True for a Radeon (RDNA: gfx11xx/gfx12xx) target this toolkit knows."""
    t = TARGETS.get(base_arch(arch))
    return bool(t and t.rdna)
