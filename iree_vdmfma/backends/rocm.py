"""ROCm backend: gfx targets (MI300X gfx942, MI355X gfx950); proof from .rocmasm ISA + configured IR."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Optional

from ..compiler import evidence
from ..configs.catalog import IntrinsicUnavailableError, dense_intrinsic
from ..devices.targets import TARGETS, base_arch, target as get_target
from ..problems.problem import Problem
from .base import Backend, Proof
from .registry import register


@dataclass(frozen=True)
class RocmBackend(Backend):
    def handles(self, target: str) -> bool:
        return base_arch(target) in TARGETS  # also 'gfx942:sramecc+:xnack-'

    def targets_help(self) -> str:
        return ", ".join(TARGETS)

    def require(self, problem: Problem, target: str) -> None:
        """IREE's own choice needs an MFMA for the element type (a config variant checks its own)."""
        try:
            dense_intrinsic(target, problem.dtype)
        except IntrinsicUnavailableError as e:
            valid = str(e).split("element types with one:", 1)[-1].strip()
            raise IntrinsicUnavailableError(f"{problem.dtype} is not supported on {target} (no MFMA for it); "
                                            f"element types it has: {valid}") from None

    def prove(self, dump_dir: Path, problem: Problem, target: str,
              intended_mma_kind: Optional[str]) -> Proof:
        ev = evidence.collect(dump_dir, problem, get_target(target))
        return Proof(ev.row_fields(), evidence.check_applied(ev, intended_mma_kind),
                     {"dispatches": ev.dispatches, "pipeline": ev.pipeline, "workgroup_tile": ev.workgroup_tile})


ROCM = register(RocmBackend("rocm", "AMD GPUs through IREE's HIP/ROCm target", ("compilation_info",)))
