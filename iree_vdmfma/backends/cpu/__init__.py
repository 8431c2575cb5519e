"""The CPU backend (``host``): llvm-cpu for this machine, what local-task runs."""

from .backend import CPU, CpuBackend  # noqa: F401
