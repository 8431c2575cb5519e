"""The ROCm backend (gfx targets): everything the toolkit knows about AMD GPUs through IREE's HIP target.

backend.py: the Backend object; evidence.py: ISA (.rocmasm) parsing and the occupancy model.
"""

from . import targets  # noqa: F401  (its gfx targets: plain data, registered on import; the Backend object,
# ROCM, is iree_vdmfma.backends.ROCM, registered with the others on first use)
