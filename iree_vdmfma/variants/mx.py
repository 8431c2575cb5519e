"""MX (block-scaled) variants for the scaled contraction of problems/mxfp4.py on ROCm (gfx950).

``scaled``: forced ``MFMA_SCALE_F32_16x16x128_B32`` (M padded to 16); ``scaled32``: forced
``MFMA_SCALE_F32_32x32x64_B32`` (M padded to 32). The MX gemv (no MMA, the e2m1 values decoded in
registers) is the one ``gemv`` variant's MX branch (variants/gemv.py). All go through the same
tuning-spec route as ``vdmfma``; the matcher is ``cast_compatible_dag_from_root`` on the scaled op as the dispatch holds it.
"""

from ..backends import ROCM
from ..configs.scaled import scaled_config
from .registry import Variant, mx_only, register

SCALED = register(Variant("scaled", "forced scaled MFMA 16x16x128 (MX dtypes; M padded to 16, N tile 64, "
                          "all four operands in LDS)", lambda p, a: scaled_config(p, a), backend=ROCM,
                          requires=mx_only))
SCALED32 = register(Variant("scaled32", "forced scaled MFMA 32x32x64 (MX dtypes; M padded to 32)",
                            lambda p, a: scaled_config(p, a, "MFMA_SCALE_F32_32x32x64_B32"), backend=ROCM,
                            requires=mx_only))
