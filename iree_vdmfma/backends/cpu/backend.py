"""CPU backend: llvm-cpu for this machine (``host``), what local-task runs. No ISA proof.

Tuning knob: split only (a tiny space, so CI runs the whole tune loop for real); the
split travels in the preprocessing spec, and no codegen tuning spec is ever given to a
CPU compile (the toolkit's specs are gfx specs; llvm-cpu fails every dispatch they match).
"""

from __future__ import annotations

from dataclasses import dataclass

from ...devices.targets import CPU_TARGET
from ...problems.problem import Problem
from ..base import PREPROCESSING, Backend
from ..knobs import KnobTable, split_chunks, split_rule
from ..registry import register

KNOBS = KnobTable()


@KNOBS.knob("split", prune=split_rule)
def _split(p: Problem, arch: str):
    return split_chunks(p, (2, 4), 128)


@dataclass(frozen=True)
class CpuBackend(Backend):
    def handles(self, target: str) -> bool:
        return target in (CPU_TARGET, "cpu")

    def targets_help(self) -> str:
        return CPU_TARGET

    def knobs(self, target: str = ""):
        return KNOBS


CPU = register(CpuBackend("cpu", "llvm-cpu for this machine (runs on local-task)", device_kind="cpu",
                          spec_route=PREPROCESSING))
