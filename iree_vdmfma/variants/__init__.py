"""Variants: named ways to build a problem, each a registry entry (see registry.py).

A new variant: one module calling ``register(Variant(...))``, imported below.
"""

from .registry import (REGISTRY, UnknownVariantError, Variant, baseline, register,  # noqa: F401
                       unregister, variant)
from . import builtin, gemv, mx  # noqa: F401,E402  (registers default, vdmfma, padded, ..., gemv; scaled, scaled32)
