"""iree-vdmfma: generate, prove and measure VDMFMA skinny-GEMM kernels with IREE."""

__version__ = "0.1.0"
