"""Compile flags: the ONE place that turns a target name into iree-compile flags.

Targets: ``host`` (llvm-cpu for this machine: what local-task runs), ``gfxNNN``
(ROCm, e.g. gfx942 = MI300X, gfx950 = MI355X) and ``sm_NN`` (CUDA).
"""

from __future__ import annotations

from .targets import CPU_TARGET, base_arch, target


def compile_flags(arch: str) -> list[str]:
    """iree-compile flags that select ``arch``: 'host', a known gfx target, or sm_NN."""
    if arch in (CPU_TARGET, "cpu"):
        return ["--iree-hal-target-device=local", "--iree-hal-local-target-device-backends=llvm-cpu",
                "--iree-llvmcpu-target-cpu=host"]
    if arch.startswith("sm_"):
        return ["--iree-hal-target-device=cuda", f"--iree-cuda-target={arch}"]
    target(arch)
    return ["--iree-hal-target-device=hip", f"--iree-rocm-target={base_arch(arch)}"]  # IREE takes no :features
