"""ROCm backend: gfx targets (MI300X gfx942, MI355X gfx950); proof from .rocmasm ISA + configured IR.

Its codegen tuning spec is honoured (IREE 3.13 passes ``--iree-codegen-tuning-spec-path``
to the ROCm target's MaterializeTuningSpecsPass), so knob configs travel there; the
toolkit's specs are gfx specs (iree_gpu lowering configs), so only its compiles take one.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Mapping, Optional

from ...configs.catalog import IntrinsicUnavailableError, dense_intrinsic
from ...configs.rules import padded_config
from ...configs.scaled import scaled_intrinsic
from ...devices.targets import TARGETS, base_arch, target as get_target
from ...problems.problem import Problem, dtype as get_dtype
from ...util.io import read_tool_text
from ..base import CODEGEN, Backend, CandidateProof, DumpProof
from ..registry import register
from . import evidence
from .knobs import KNOBS
from .knobs_rdna import KNOBS as RDNA_KNOBS
from .targets import is_rdna


@dataclass(frozen=True)
class RocmBackend(Backend):
    def handles(self, target: str) -> bool:
        return base_arch(target) in TARGETS  # also 'gfx942:sramecc+:xnack-'

    def targets_help(self) -> str:
        return ", ".join(TARGETS)

    def require(self, problem: Problem, target: str) -> None:
        """IREE's own choice needs an MFMA for the element type (a config variant checks its own)."""
        if problem.dt.is_mx:  # a block-scaled type needs a scaled MFMA (gfx950)
            try:
                scaled_intrinsic(target, problem)
            except IntrinsicUnavailableError as e:
                raise IntrinsicUnavailableError(f"{problem.dtype} is not supported on {target}: {e}") from None
            return
        try:
            dense_intrinsic(target, problem.dtype)
        except IntrinsicUnavailableError as e:
            valid = str(e).split("element types with one:", 1)[-1].strip()
            raise IntrinsicUnavailableError(f"{problem.dtype} is not supported on {target} (no MFMA for it); "
                                            f"element types it has: {valid}") from None

    def prove(self, dump_dir: Path, problem: Problem, target: str,
              intended_mma_kind: Optional[str]) -> DumpProof:
        ev = evidence.collect(dump_dir, problem, get_target(target))
        return DumpProof(ev.row_fields(), evidence.check_applied(ev, intended_mma_kind),
                         {"dispatches": ev.dispatches, "pipeline": ev.pipeline,
                          "workgroup_tile": ev.workgroup_tile, "lowering_config": ev.lowering_config})

    def kernels(self, dump_dir: Path) -> dict[str, evidence.Kernel]:
        """Every kernel of the dump's .rocmasm files, by name."""
        return {k.name: k for p in sorted(Path(dump_dir).glob("*.rocmasm")) for k in evidence.parse_rocmasm(read_tool_text(p))}

    def instructions(self, target: str, dtype: str = "") -> tuple[tuple[str, str], ...]:
        """CDNA: the sparse v_smfmac (VDMFMA) first, then dense v_mfma; an MX dtype's is the scaled MFMA
        (v_mfma_scale: no v_smfmac takes e2m1); RDNA has neither, only v_wmma."""
        if is_rdna(target):
            return (("wmma", "v_wmma"),)
        if dtype and get_dtype(dtype).is_mx:
            return (("mfma_scale", "v_mfma_scale"), ("mfma", "v_mfma"))
        return (("smfmac", "v_smfmac"), ("mfma", "v_mfma"))

    def knobs(self, target: str = ""):
        """CDNA's table (backends/rocm/knobs.py), or RDNA's on gfx11/gfx12 (knobs_rdna.py: WMMA, no vdmfma)."""
        return RDNA_KNOBS if is_rdna(target) else KNOBS

    def reference(self, kind: str, problem: Problem, target: str,
                  defaults: Mapping[str, object]) -> Optional[dict[str, object]]:
        """Adds 'padded': the dense MFMA with the padded rule's own reduction depth (the `padded` variant);
        none for an MX dtype (no dense MFMA takes e2m1; the scaled one is a knob)."""
        if kind != "padded":
            return super().reference(kind, problem, target, defaults)
        if problem.dt.is_mx:
            return None
        return dict(defaults, mma="dense", reduction=padded_config(problem, target).reduction[-1])

    def prove_candidate(self, dump_dir: Path, problem: Problem, target: str,
                        settings: Mapping[str, object]) -> CandidateProof:
        from .prove import prove_candidate  # noqa: PLC0415

        return prove_candidate(dump_dir, problem, target, settings)

    def perf_model(self):
        from .perf_model import MODEL  # noqa: PLC0415

        return MODEL


ROCM = register(RocmBackend("rocm", "AMD GPUs through IREE's HIP/ROCm target", ("compilation_info",),
                            device_kind="hip", spec_route=CODEGEN))
