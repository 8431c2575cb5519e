"""Variants: named ways to build a problem, each a registry entry (see registry.py).

A new variant: one module calling ``register(Variant(...))``, imported below.
"""

from .registry import (REGISTRY, UnknownVariantError, Variant, baseline, register,  # noqa: F401
                       unregister, variant)
from . import builtin  # noqa: F401,E402  (registers default, vdmfma, padded)
from . import mx  # noqa: F401,E402  (registers scaled, scaled32, gemv: MX dtypes)
