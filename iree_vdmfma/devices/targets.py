"""Targets as the layers below backends/ see them: data-sheet facts per GPU target, and target families.

Each backend registers what it owns (backends/<name>/targets.py): its ``Target`` facts, the products
that share an arch, and one ``TargetFamily`` that says how its target names look, which device kind runs
them, their iree-compile flags and their default subgroup size. Nothing here names a backend or a target:
code below backends/ asks ``family_of(arch)`` or ``target(arch)``.

Hardware numbers are vendor data sheets' (see shared/notes/field.md); they are inputs to *modelled*
figures (occupancy, % of peak), never measurements. A peak that is not in a data sheet we could cite is
``None`` (unknown), not a guess. What the compiler knows about a target (its MMA intrinsics, LDS limit)
is asked from the compiler itself through ``iree_gpu.TargetInfo``.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Callable, Optional


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
    smfmac_k: tuple[tuple[int, tuple[int, ...]], ...] = ()  # (input bits, K-depths of its 16x16 sparse MFMAs)
    preferred_unroll: int = 1  # the VDMFMA K-unroll IREE's own selector prefers here
    spec_dtypes: tuple[str, ...] = ()  # element types of the decode specs shipped for it (specs/)

    def sparse_k(self, bits: int) -> tuple[int, ...]:
        """The K-depths of its 16x16 sparse MFMAs (v_smfmac) for inputs of ``bits`` (none: ())."""
        return dict(self.smfmac_k).get(bits, ())

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


TARGETS: dict[str, Target] = {}  # arch -> Target, as each backend registers its own (backends/*/targets.py)
DEVICE_SPECS: list[DeviceSpec] = []  # in registration order: a device is the first product its name matches


def register_target(t: Target) -> Target:
    """Add a target (its backend's targets.py calls this), and its product by name and arch."""
    TARGETS[t.arch] = t
    register_device_spec(DeviceSpec(t.product, t.arch, t.peak_hbm_gbps, t.last_level_cache_bytes,
                                    (t.product.lower(),), l2_bytes=t.l2_bytes))
    return t


def register_device_spec(spec: DeviceSpec) -> DeviceSpec:
    """Add a product that is not a target of its own (an H200 is an sm_90; a W7900 a gfx1100)."""
    DEVICE_SPECS.append(spec)
    return spec


def unregister_target(arch: str) -> None:
    """Remove a target and its products (tests that register a toy target clean up with this)."""
    TARGETS.pop(arch, None)
    DEVICE_SPECS[:] = [s for s in DEVICE_SPECS if s.arch != arch]


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


@dataclass(frozen=True)
class TargetFamily:
    """One backend's targets as devices/, compiler/ and configs/ need them, registered by that backend.

    ``prefix``: every target name of the family starts so ('' for a family of fixed ``names``);
    ``driver``: the device kind that runs its modules ('' none); ``flags(arch)``: the iree-compile flags
    that select arch; ``subgroup_size(arch)``: the lanes per subgroup IREE's codegen uses by default (None:
    not a GPU); ``compile_target(arch, cache_dir)``: the target to build for a device of arch (the arch
    itself unless the compiler must be asked); ``mma_configs``/``gemv_configs``: whether knob settings
    may inject MMA (VDMFMA, dense, scaled) or the no-MMA gemv configs there (configs/knobs.py);
    ``tensor_core_configs``: whether it takes CUDA's tensor-core TileAndFuse configs.
    ``waves_attr``: the LLVM function attribute of the ``waves_per_eu`` knob. ``workgroup_memory_bytes``: the
    shared memory a workgroup may use on every target of the family (0: each target's own ``lds_bytes``).
    ``knob_modules``: the modules that register the family's knob tables (configs/knobs.py imports them when a
    table is first asked for, so a knob never depends on which backend was imported first). ``graph_flag``: the
    runtime flag that makes its driver replay command buffers as graphs (timing mode 'graph', run/timing.py;
    '' none).
    """

    backend: str
    driver: str
    flags: Callable[[str], list[str]]
    prefix: str = ""
    names: tuple[str, ...] = ()
    subgroup_size: Callable[[str], Optional[int]] = lambda arch: None
    compile_target: Callable[[str, Optional[Path]], str] = lambda arch, cache_dir=None: arch
    mma_configs: bool = False
    gemv_configs: bool = False
    tensor_core_configs: bool = False  # the mma.sync TileAndFuse configs (``mma=tc``, configs/tensorcore.py)
    waves_attr: str = ""  # the llvm_func_attrs key that asks for N waves per execution unit ('' none)
    workgroup_memory_bytes: int = 0
    knob_modules: tuple[str, ...] = ()
    graph_flag: str = ""

    def named(self, arch: str) -> bool:
        """Whether ``arch`` is spelled as one of this family's targets (known to its backend or not)."""
        low = arch.strip().lower()
        return low in self.names or bool(self.prefix) and low.startswith(self.prefix)


FAMILIES: list[TargetFamily] = []


def register_family(family: TargetFamily) -> TargetFamily:
    FAMILIES.append(family)
    return family


def graph_flag(kind: str) -> str:
    """The runtime flag that makes the driver of device kind ``kind`` replay command buffers as graphs ('' none)."""
    return next((f.graph_flag for f in FAMILIES if f.driver == kind and f.graph_flag), "")


def family_of(arch: str) -> Optional[TargetFamily]:
    """The family a target name belongs to by its spelling (None: no registered family's)."""
    return next((f for f in FAMILIES if f.named(arch)), None)


def target(arch: str) -> Target:
    try:
        return TARGETS[base_arch(arch)]
    except KeyError:
        family = family_of(arch)
        if family is not None and not any(family.named(t) for t in TARGETS):  # sm_89, host: known, no chip table
            raise UnknownTargetError(f"target {arch!r} is a {family.backend} target; this command takes only these: "
                                     f"{', '.join(TARGETS)}") from None
        raise UnknownTargetError(f"unknown target {arch!r}; valid: {', '.join(TARGETS)}") from None


CPU_TARGET = "host"  # llvm-cpu for this machine: the target of local-task runs


def subgroup_size(arch: str) -> int:
    """Lanes per subgroup IREE's GPU codegen uses by default on ``arch`` (its family says)."""
    family = family_of(arch)
    lanes = family.subgroup_size(arch) if family else None
    if lanes is None:
        raise ValueError(f"no GPU subgroup size for target {arch!r}")
    return lanes
