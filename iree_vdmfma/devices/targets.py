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
    """Lanes per subgroup IREE's GPU codegen uses: 64 on CDNA (wave64), 32 on NVIDIA (warp)."""
    if arch.startswith("sm_"):
        return 32
    if arch.startswith("gfx"):
        return 64
    raise ValueError(f"no GPU subgroup size for target {arch!r}")
