"""The CPU backend (``host``): llvm-cpu for this machine, what local-task runs."""

from . import targets  # noqa: F401  (its host target: plain data, registered on import; the Backend object,
# CPU, is iree_vdmfma.backends.CPU, registered with the others on first use)
