"""The CPU's target: ``host`` (also spelled ``cpu``), llvm-cpu for this machine, run by local-task."""

from __future__ import annotations

from ...devices.targets import CPU_TARGET, TargetFamily, register_family

BACKEND = "cpu"


def cpu_flags(arch: str) -> list[str]:
    return ["--iree-hal-target-device=local", "--iree-hal-local-target-device-backends=llvm-cpu",
            "--iree-llvmcpu-target-cpu=host"]


FAMILY = register_family(TargetFamily(BACKEND, "cpu", cpu_flags, names=(CPU_TARGET, "cpu")))
