"""iree-vdmfma: generate, prove and measure VDMFMA skinny-GEMM kernels with IREE."""

__version__ = "0.1.0"

# Every target, target family and product is registered by its backend (backends/<name>/targets.py); importing
# them here makes any import of the package see the same registry.
from . import backends  # noqa: E402,F401
