"""The CUDA backend (sm_NN targets): what the toolkit knows about NVIDIA GPUs through IREE's CUDA target.

backend.py: the Backend object; ptx.py: PTX evidence.
"""

from .backend import CUDA, CudaBackend  # noqa: F401
