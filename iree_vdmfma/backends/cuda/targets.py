"""CUDA's targets: every sm_NN (PTX runs forward, so no table of chips), the products whose data-sheet
memory facts reports use, and how an sm name becomes iree-compile flags."""

from __future__ import annotations

from ...devices.targets import DeviceSpec, TargetFamily, register_device_spec, register_family

BACKEND = "cuda"
SM = "sm_"  # every CUDA target name starts so
WARP = 32  # lanes per subgroup: a warp
# shared memory a workgroup may use: IREE 3.13's sm_89 target (max_workgroup_memory_bytes in the
# #hal.executable.target iree-compile builds for --iree-cuda-target=sm_89)
SHARED_BYTES = 101376


def compile_target(device_arch: str, cache_dir=None) -> str:
    """The newest sm this compiler accepts, not above the device's (compiler/cuda_targets.py asks iree-compile)."""
    from ...compiler.cuda_targets import cuda_compile_target  # noqa: PLC0415  (the bindings: only when asked)

    return cuda_compile_target(device_arch, cache_dir)


def cuda_flags(arch: str) -> list[str]:
    return ["--iree-hal-target-device=cuda", f"--iree-cuda-target={arch}"]


FAMILY = register_family(TargetFamily(BACKEND, "cuda", cuda_flags, prefix=SM, subgroup_size=lambda arch: WARP,
                                      compile_target=compile_target, gemv_configs=True,
                                      tensor_core_configs=True, workgroup_memory_bytes=SHARED_BYTES,
                                      knob_modules=("iree_vdmfma.backends.cuda.knobs",),
                                      graph_flag="--cuda_use_streams=false"))  # IREE 3.13's default: streams

# NVIDIA data sheets: H100 SXM5 3.35 TB/s HBM3, 50 MB L2; H200 SXM 4.8 TB/s HBM3e, 50 MB L2.
# H100 PCIe/NVL are other SKUs (other bandwidths): not matched, so their peak stays unknown.
register_device_spec(DeviceSpec("H100 SXM", "sm_90", 3350.0, 50 * 2**20, ("h100",), ("pcie", "nvl")))
register_device_spec(DeviceSpec("H200", "sm_90", 4800.0, 50 * 2**20, ("h200",), ("nvl",)))
