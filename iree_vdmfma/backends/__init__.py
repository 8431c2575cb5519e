"""Backends: ROCm, CUDA, CPU and the torch peer; each one module with one ``register`` call (see base.py)."""

from .base import Backend, Proof  # noqa: F401
from .registry import BACKENDS, backend, backend_for, register, unregister  # noqa: F401
from . import rocm, cuda, cpu, peer  # noqa: F401,E402  (registers the built-in backends)
from .rocm import ROCM  # noqa: F401
from .cuda import CUDA  # noqa: F401
from .cpu import CPU  # noqa: F401
from .peer import PEER  # noqa: F401
