"""The ROCm backend (gfx targets): everything the toolkit knows about AMD GPUs through IREE's HIP target.

backend.py: the Backend object; evidence.py: ISA (.rocmasm) parsing and the occupancy model.
"""

from .backend import ROCM, RocmBackend  # noqa: F401
