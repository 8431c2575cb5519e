"""Evidence: prove from an executable dump what IREE really generated.

After ``iree-compile ... --iree-hal-dump-executable-files-to=DUMP`` the dump holds,
per dispatch, ``configured_<exe>.mlir`` (the ``lowering_config`` and
``translation_info`` that were applied) and one or more ``*.rocmasm`` files (ISA and
AMDHSA metadata; several dispatches may be linked into one file). :func:`collect`
reads both (the configured IR through compiler/configured.py, shared with CUDA);
:func:`check_applied` says whether an intended ``mma_kind`` was applied.

What the metadata means (checked by compiling, IREE 3.13 / LLVM 24 for gfx942):

* ``.vgpr_count`` is the *unified* register count: on gfx90a/gfx942/gfx950 LLVM
  reports ``alignTo(arch_vgprs, 4) + agprs`` when AGPRs are used (e.g. 9 arch + 32
  AGPRs -> ``.vgpr_count: 44``, ``.amdhsa_accum_offset 12``), so AGPRs are already
  in it and must not be added again. IREE marks kernels ``"amdgpu-agpr-alloc"="0"``,
  so ``.agpr_count`` is 0 in practice and ``.amdhsa_accum_offset`` is the arch VGPR
  count rounded up to 4.
* ``.amdhsa_next_free_vgpr`` (what the kernel descriptor allocates) is often *larger*
  than ``.vgpr_count``: LLVM pads the allocation up to the occupancy that LDS and the
  workgroup size already impose (M=8 default: 204 used, 257 -> 264 allocated, which
  still gives the LDS-bound 1 wave/SIMD). It is exposed as ``vgpr_alloc``; it encodes
  LLVM's own occupancy estimate and is a cross-check of :func:`waves_per_simd`.

RDNA targets (gfx11xx/gfx12xx): ``wmma`` counts ``v_wmma_*``, there are no AGPRs, and
occupancy follows the RDNA rules for the kernel's wave size (backends/rocm/rdna.py).
"""

from __future__ import annotations

import math
import re
from dataclasses import asdict, dataclass, replace
from pathlib import Path

from ...compiler.configured import check_no_mma, configs, kind_name, pick_contraction, workgroups
from ...devices.targets import Target
from ...problems.problem import Problem
from ...util.io import read_tool_text
from . import rdna

WAVE_SIZE = 64  # CDNA wave64
MAX_BARRIER_WORKGROUPS_PER_CU = 16  # multi-wave workgroups need a barrier slot (gfx9)


@dataclass(frozen=True)
class Kernel:
    """Resources and MMA instruction counts of one kernel in a .rocmasm file."""

    name: str
    vgpr: int  # .vgpr_count: unified arch VGPRs (rounded to 4 when AGPRs are used) + AGPRs
    agpr: int
    sgpr: int
    lds_bytes: int  # .group_segment_fixed_size
    vgpr_spills: int
    sgpr_spills: int
    scratch_bytes: int  # .private_segment_fixed_size
    next_free_vgpr: int  # .amdhsa_next_free_vgpr (allocation, padded by LLVM)
    smfmac: int
    mfma: int

    @property
    def spilled(self) -> str:
        """What the kernel spills ("" if nothing): VGPR and SGPR spills, scratch bytes (private segment)."""
        parts = [f"{n} {what}" for n, what in ((self.vgpr_spills, "VGPR spills"), (self.sgpr_spills, "SGPR spills"),
                                               (self.scratch_bytes, "scratch bytes")) if n]
        return ", ".join(parts)


@dataclass(frozen=True)
class Evidence:
    """What was really generated for one problem on one target."""

    problem: Problem
    arch: str
    missing: str = ""  # why evidence is incomplete (no configured IR, no ISA, ...); "" if complete
    dispatches: int = 0  # number of dispatches (configured_*.mlir) in the dump
    dispatch: str = ""  # the contraction dispatch the per-kernel fields describe
    mma_kind: str = ""  # e.g. VDMFMA_F32_8x16x64x2_F16; "" if the root op has none
    lowering_config: str = ""
    pipeline: str = ""  # e.g. TileAndFuse, VectorDistribute
    workgroup_tile: tuple[int, ...] = ()
    reduction_tile: tuple[int, ...] = ()
    workgroup_size: int | None = None  # threads per workgroup
    subgroup_size: int | None = None
    split: int = 1  # split-reduction factor of the contraction dispatch
    workgroups: int | None = None  # launched for the contraction dispatch (modelled from the tile)
    # ISA: instruction counts summed over all dispatches; resources of the contraction dispatch
    smfmac: int | None = None
    mfma: int | None = None
    wmma: int | None = None  # RDNA: v_wmma instructions (summed over all kernels)
    vgpr: int | None = None
    agpr: int | None = None
    sgpr: int | None = None
    lds_bytes: int | None = None
    spills: int | None = None  # VGPR + SGPR spills
    scratch_bytes: int | None = None
    vgpr_alloc: int | None = None  # allocated by the kernel descriptor (next_free_vgpr, granule-rounded)
    waves_per_simd: int | None = None  # modelled occupancy, see waves_per_simd()
    occupancy_limit: str = ""  # what bounds waves_per_simd: vgpr, lds, workgroups, max
    mfma_scale: int | None = None  # v_mfma_scale_f32_* lines, all kernels (MX; also counted in mfma)
    cvt_scale: int | None = None  # v_cvt_scalef32_* lines, all kernels (MX values decoded in registers)

    def row_fields(self) -> dict:
        """The fields a ResultRow has, ready for ``row.replace(**ev.row_fields())``."""
        keys = ("mma_kind", "smfmac", "mfma", "wmma", "vgpr", "agpr", "sgpr", "lds_bytes", "spills",
                "scratch_bytes", "workgroups", "workgroup_size", "waves_per_simd",
                "mfma_scale", "cvt_scale")
        d = asdict(self)
        return {k: d[k] for k in keys}


# ---------------------------------------------------------------------------- occupancy


def _round_up(x: int, m: int) -> int:
    return -(-x // m) * m


def occupancy(vgprs: int, lds_bytes: int, workgroup_size: int, target: Target,
              wave_size: int = 0) -> tuple[int, str]:
    """Waves per SIMD the resources allow, and what limits it. Modelled, not measured.

    RDNA targets: :func:`rdna.occupancy` (wave32/wave64 by ``wave_size``, WGP-mode rules).

    Model (CDNA3/CDNA4, wave64):

    * VGPRs: arch VGPRs and AGPRs share one 512-entry file per lane per SIMD;
      ``vgprs`` is the unified count (``.vgpr_count``: arch rounded up to 4, plus
      AGPRs), allocated in granules of 8: ``512 // round_up(vgprs, 8)`` waves.
    * LDS: workgroups per CU = ``target.lds_bytes // lds_bytes``; a workgroup's
      ``ceil(workgroup_size / 64)`` waves spread over the 4 SIMDs, so the busiest SIMD
      holds ``ceil(workgroups_per_cu * waves_per_workgroup / 4)`` waves.
    * Workgroup slots: at most ``8 * 4`` waves per CU, and at most 16 multi-wave
      workgroups per CU (barrier slots), as LLVM assumes for gfx9.
    * At most ``target.max_waves_per_simd`` (8) waves per SIMD.

    SGPRs (800 per SIMD, <= 104 per wave) never bind below 8 waves on these targets.
    Returns 0 waves if the kernel cannot fit at all.
    """
    if target.rdna:
        return rdna.occupancy(vgprs, lds_bytes, workgroup_size, target, wave_size)
    limits: dict[str, int] = {"max": target.max_waves_per_simd}
    alloc = _round_up(max(vgprs, 1), target.vgpr_granule)
    limits["vgpr"] = target.vgprs_per_simd_lane // alloc
    waves_per_wg = max(1, math.ceil(workgroup_size / WAVE_SIZE))
    max_waves_cu = target.max_waves_per_simd * target.simds_per_cu
    wg_slots = max_waves_cu // waves_per_wg
    if waves_per_wg > 1:
        wg_slots = min(wg_slots, MAX_BARRIER_WORKGROUPS_PER_CU)
    wgs = min(wg_slots, target.lds_bytes // lds_bytes) if lds_bytes else wg_slots
    by_wgs = math.ceil(wgs * waves_per_wg / target.simds_per_cu)
    limits["lds" if lds_bytes and wgs < wg_slots else "workgroups"] = by_wgs
    waves = max(0, min(limits.values()))
    if waves == target.max_waves_per_simd:
        return waves, "max"
    return waves, next(k for k in ("vgpr", "lds", "workgroups") if limits.get(k) == waves)


def waves_per_simd(vgprs: int, lds_bytes: int, workgroup_size: int, target: Target) -> int:
    """Modelled occupancy in waves per SIMD (see :func:`occupancy`)."""
    return occupancy(vgprs, lds_bytes, workgroup_size, target)[0]


# ---------------------------------------------------------------------------- ISA


_MMA_RE = re.compile(r"^\s+(v_smfmac|v_mfma)\w*\s", re.M)
_LABEL_RE = re.compile(r"^([A-Za-z_.$][\w.$]*):", re.M)
_KD_RE = re.compile(r"^\s*\.amdhsa_kernel\s+(\S+)(.*?)^\s*\.end_amdhsa_kernel", re.M | re.S)
_META_RE = re.compile(r"^\s*\.amdgpu_metadata\s*$(.*?)^\s*\.end_amdgpu_metadata", re.M | re.S)
_META_KEY_RE = re.compile(r"^(?:  - |    )\.([\w]+):\s+('[^']*'|\"[^\"]*\"|\S+)\s*$")


def _mma_counts(asm: str) -> dict[str, tuple[int, int]]:
    """(smfmac, mfma) instruction lines per kernel label; comments and metadata are not counted."""
    counts: dict[str, list[int]] = {}
    current = ""
    for line in asm.splitlines():
        label = _LABEL_RE.match(line)
        if label and not label.group(1).startswith("."):
            current = label.group(1)
            continue
        m = _MMA_RE.match(line + " ")
        if m:
            c = counts.setdefault(current, [0, 0])
            c[0 if m.group(1) == "v_smfmac" else 1] += 1
    return {k: (v[0], v[1]) for k, v in counts.items()}


def mma_counts(asm: str) -> tuple[int, int]:
    """(smfmac, mfma) instruction lines in a whole .rocmasm file (all kernels and helpers)."""
    counts = _mma_counts(asm).values()
    return sum(c[0] for c in counts), sum(c[1] for c in counts)


_SCALED_RE = re.compile(r"^\s+(v_mfma_scale_f32|v_cvt_scalef32)\w*\s", re.M)


def scaled_counts(asm: str) -> tuple[int, int]:
    """(v_mfma_scale_f32_*, v_cvt_scalef32_*) instruction lines in a .rocmasm file (MX kernels)."""
    found = [m.group(1) for m in _SCALED_RE.finditer(asm + "\n")]
    return found.count("v_mfma_scale_f32"), found.count("v_cvt_scalef32")


def _unquote(value: str) -> str:
    """YAML scalars as LLVM writes them: names with ``$`` (``'main$async_dispatch_0_...'``) come quoted."""
    if len(value) >= 2 and value[0] == value[-1] and value[0] in "'\"":
        return value[1:-1].replace("''", "'") if value[0] == "'" else value[1:-1]
    return value


def _metadata(asm: str) -> list[dict[str, str]]:
    """Top-level keys of each entry of ``amdhsa.kernels`` (nested .args are skipped)."""
    block = _META_RE.search(asm)
    kernels: list[dict[str, str]] = []
    for line in (block.group(1) if block else "").splitlines():
        if line.startswith("  - ."):
            kernels.append({})
        m = _META_KEY_RE.match(line)
        if m and kernels:
            kernels[-1][m.group(1)] = _unquote(m.group(2))
    return kernels


def parse_rocmasm(text: str) -> list[Kernel]:
    """Kernels of one .rocmasm file with their metadata and MMA instruction counts."""
    counts = _mma_counts(text)
    next_free = {m.group(1): m.group(2) for m in _KD_RE.finditer(text)}
    kernels = []
    for md in _metadata(text):
        name = md.get("name", "")
        kd = re.search(r"\.amdhsa_next_free_vgpr\s+(\d+)", next_free.get(name, ""))
        smfmac, mfma = counts.get(name, (0, 0))
        get = lambda k: int(md.get(k, "0"))  # noqa: E731
        kernels.append(Kernel(
            name=name, vgpr=get("vgpr_count"), agpr=get("agpr_count"), sgpr=get("sgpr_count"),
            lds_bytes=get("group_segment_fixed_size"), vgpr_spills=get("vgpr_spill_count"),
            sgpr_spills=get("sgpr_spill_count"), scratch_bytes=get("private_segment_fixed_size"),
            next_free_vgpr=int(kd.group(1)) if kd else get("vgpr_count"), smfmac=smfmac, mfma=mfma))
    return kernels


# ---------------------------------------------------------------------------- collect


def collect(dump_dir: Path, problem: Problem, target: Target) -> Evidence:
    """Evidence from an executable dump. Never raises for a missing/partial dump: sets ``missing``.

    Aggregation with several dispatches (e.g. split reduction: a matmul plus a reduce):
    ``smfmac``/``mfma`` are summed over all kernels; every other ISA field and
    ``workgroups`` describe the contraction dispatch (the root op with an mma_kind,
    else the largest contraction-like op by loop work).
    """
    dump_dir = Path(dump_dir)
    base = Evidence(problem=problem, arch=target.arch)
    configured = sorted(dump_dir.glob("configured_*.mlir")) if dump_dir.is_dir() else []
    if not configured:
        return _replace(base, missing=f"no configured_*.mlir in {dump_dir} (compile failed before codegen, "
                                      "or --iree-hal-dump-executable-files-to was not given)")
    cfgs = [c for path in configured for c in configs(read_tool_text(path))]
    if not cfgs:
        return _replace(base, dispatches=len(configured),
                        missing=f"no op with a lowering_config in {len(configured)} configured_*.mlir file(s)")
    cfg = pick_contraction(cfgs)
    ev = _replace(base, dispatches=len(configured), dispatch=cfg.dispatch, mma_kind=cfg.mma_kind,
                  lowering_config=cfg.lowering_config, pipeline=cfg.pipeline,
                  workgroup_tile=cfg.workgroup_tile, reduction_tile=cfg.reduction_tile,
                  workgroup_size=cfg.workgroup_size or None, subgroup_size=cfg.subgroup_size or None,
                  split=cfg.split, workgroups=workgroups(cfg, problem))
    asm = [read_tool_text(path) for path in sorted(dump_dir.glob("*.rocmasm"))]
    kernels = [k for text in asm for k in parse_rocmasm(text)]
    if not kernels:
        return _replace(ev, missing=f"no .rocmasm with kernel metadata in {dump_dir} (ISA not generated)")
    kernel = next((k for k in kernels if k.name == cfg.dispatch), None)
    if kernel is None:
        names = ", ".join(k.name for k in kernels)
        return _replace(ev, missing=f"contraction dispatch {cfg.dispatch} not found in .rocmasm (has: {names})")
    waves, limit = occupancy(kernel.vgpr, kernel.lds_bytes, cfg.workgroup_size or WAVE_SIZE, target,
                             cfg.subgroup_size)
    return _replace(
        ev, smfmac=sum(mma_counts(text)[0] for text in asm), mfma=sum(mma_counts(text)[1] for text in asm),
        wmma=sum(rdna.wmma_count(text) for text in asm),
        vgpr=kernel.vgpr, agpr=kernel.agpr, sgpr=kernel.sgpr, lds_bytes=kernel.lds_bytes,
        spills=kernel.vgpr_spills + kernel.sgpr_spills, scratch_bytes=kernel.scratch_bytes,
        vgpr_alloc=_round_up(max(kernel.next_free_vgpr, 1), target.vgpr_granule),
        waves_per_simd=waves, occupancy_limit=limit,
        mfma_scale=sum(scaled_counts(text)[0] for text in asm), cvt_scale=sum(scaled_counts(text)[1] for text in asm))


def _replace(ev: Evidence, **changes) -> Evidence:
    return replace(ev, **changes)


# ---------------------------------------------------------------------------- verdict


def check_applied(evidence: Evidence, intended_mma_kind: str | None) -> str:
    """"" if the intended mma_kind was applied (and shows in the ISA), else the reason in words.

    ``intended_mma_kind=None`` means no particular kind was intended (a default
    compile): only completeness of the evidence is checked. ``""`` means a config
    with no MMA was intended (configs/gemv.py): see :func:`check_no_mma`.
    """
    if evidence.missing:
        return evidence.missing
    if intended_mma_kind is None:
        return ""
    if intended_mma_kind == "":
        return check_no_mma(evidence.pipeline, evidence.mma_kind)
    if intended_mma_kind.startswith("#"):  # accept the attribute spelling too
        intended_mma_kind = kind_name(intended_mma_kind)
    if not evidence.mma_kind:
        how = ""
        if "matvec" in evidence.dispatch:
            unit = "; M=1 folds the unit dim" if evidence.problem.m == 1 else ""
            how = f" (IREE lowered it as a matvec{unit})"
        elif evidence.pipeline:
            how = f" (root op configured for {evidence.pipeline} without MMA)"
        return f"no contraction with an mma_kind in configured IR{how}; intended {intended_mma_kind}"
    if evidence.mma_kind != intended_mma_kind:
        return (f"spec did not match: contraction configured with {evidence.mma_kind}, "
                f"not the intended {intended_mma_kind}")
    if intended_mma_kind.startswith("MFMA_SCALE") and not evidence.mfma_scale:
        return f"{intended_mma_kind} configured but the ISA has no v_mfma_scale instructions"
    if intended_mma_kind.startswith("VDMFMA") and not evidence.smfmac:
        return f"{intended_mma_kind} configured but the ISA has no v_smfmac instructions"
    if intended_mma_kind.startswith("MFMA") and not evidence.mfma:
        return f"{intended_mma_kind} configured but the ISA has no v_mfma instructions"
    return rdna.wmma_missing(intended_mma_kind, evidence.wmma)
