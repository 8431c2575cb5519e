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


def codegen_spec_honoured(arch: str) -> bool:
    """Whether iree-compile applies ``--iree-codegen-tuning-spec-path`` for ``arch``.

    Measured with IREE 3.13: the ROCm target passes the path to its
    MaterializeTuningSpecsPass; the CUDA target runs that pass with an empty path, so a
    codegen tuning spec is silently ignored there (--mlir-print-ir-after-all shows
    ``tuning-spec-path=``). A ``compilation_info`` set before dispatch creation (in the
    preprocessing spec) survives, split-K included: CUDA configs travel that way.
    """
    return not arch.startswith("sm_")
