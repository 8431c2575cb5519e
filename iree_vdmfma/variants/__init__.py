"""Variants: named ways to build a problem, each a registry entry (see registry.py)."""

from .registry import (REGISTRY, UnknownVariantError, Variant, baseline, register,  # noqa: F401
                       variant)
