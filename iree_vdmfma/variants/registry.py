"""Variants: named config rules, registered like benchmark backends.

A variant maps (problem, arch) to the KernelConfig to inject, or to None when it
injects nothing (IREE's own choice). Exactly one variant is the baseline that
reports compare against. New variants (tuned, ...) call ``register``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Optional

from ..configs.config import KernelConfig
from ..problems.problem import Problem
from ..configs.rules import padded_config, vdmfma_config

Rule = Callable[[Problem, str], Optional[KernelConfig]]


@dataclass(frozen=True)
class Variant:
    name: str
    description: str
    rule: Rule
    backend: str = "rocm"  # 'rocm': compiled for a gfx target; 'cpu': llvm-cpu for local runs
    baseline: bool = False

    def config(self, problem: Problem, arch: str) -> Optional[KernelConfig]:
        return self.rule(problem, arch)


REGISTRY: dict[str, Variant] = {}


class UnknownVariantError(ValueError):
    pass


def register(variant: Variant) -> Variant:
    if variant.baseline and any(v.baseline for v in REGISTRY.values() if v.name != variant.name):
        raise ValueError(f"variant {variant.name!r}: a baseline is already registered")
    REGISTRY[variant.name] = variant
    return variant


def variant(name: str) -> Variant:
    try:
        return REGISTRY[name]
    except KeyError:
        raise UnknownVariantError(f"unknown variant {name!r}; valid: {', '.join(REGISTRY)}") from None


def baseline() -> Variant:
    return next(v for v in REGISTRY.values() if v.baseline)


register(Variant("default", "no spec: whatever IREE's own selector picks", lambda p, a: None))
register(Variant("vdmfma", "forced VDMFMA (virtual dense MFMA from sparse v_smfmac)", vdmfma_config))
register(Variant("padded", "forced dense 16x16 MFMA with M padded to 16 (the write-up's baseline)",
                 padded_config, baseline=True))
register(Variant("cpu", "llvm-cpu build of the same problem, to exercise the runtime path on a CPU",
                 lambda p, a: None, backend="cpu"))
