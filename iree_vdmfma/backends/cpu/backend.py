"""CPU backend: llvm-cpu for this machine (``host``), what local-task runs. No ISA proof."""

from __future__ import annotations

from dataclasses import dataclass

from ...devices.targets import CPU_TARGET
from ..base import Backend
from ..registry import register


@dataclass(frozen=True)
class CpuBackend(Backend):
    def handles(self, target: str) -> bool:
        return target in (CPU_TARGET, "cpu")

    def targets_help(self) -> str:
        return CPU_TARGET


CPU = register(CpuBackend("cpu", "llvm-cpu for this machine (runs on local-task)"))
