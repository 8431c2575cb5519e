"""The CUDA backend (sm_NN targets): what the toolkit knows about NVIDIA GPUs through IREE's CUDA target.

backend.py: the Backend object; ptx.py: PTX evidence.
"""

from . import targets  # noqa: F401  (its sm_NN family: plain data, registered on import; the Backend object,
# CUDA, is iree_vdmfma.backends.CUDA, registered with the others on first use)
