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
from .tuned import tuned_config, tuned_split

Rule = Callable[[Problem, str], Optional[KernelConfig]]


@dataclass(frozen=True)
class Variant:
    name: str
    description: str
    rule: Rule
    backend: str = "rocm"  # 'rocm': compiled for the sweep's target; 'cpu': llvm-cpu; 'peer': not compiled (torch)
    baseline: bool = False
    flags: tuple[str, ...] = ()  # extra iree-compile flags of this variant
    kinds: tuple[str, ...] = ("hip", "cuda", "cpu")  # target kinds it applies to; elsewhere: skipped
    split_rule: Optional[Callable[[Problem, str], int]] = None  # per-shape split-K chunk (0: none)

    def skip_reason(self, kind: str) -> str:
        """'' when the variant applies to targets of ``kind`` ('hip', 'cuda', 'cpu'), else why not."""
        if kind in self.kinds:
            return ""
        return f"variant {self.name!r} applies to {'/'.join(self.kinds)} targets only, not {kind}"

    def config(self, problem: Problem, arch: str) -> Optional[KernelConfig]:
        return self.rule(problem, arch)

    def split(self, problem: Problem, arch: str) -> int:
        """The K chunk a preprocessing spec sets for this problem (0: no per-shape split)."""
        return self.split_rule(problem, arch) if self.split_rule else 0


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
register(Variant("vdmfma", "forced VDMFMA (virtual dense MFMA from sparse v_smfmac)", vdmfma_config,
                 kinds=("hip",)))
register(Variant("padded", "forced dense 16x16 MFMA with M padded to 16 (the write-up's baseline)",
                 padded_config, baseline=True, kinds=("hip",)))
register(Variant("splitk", "IREE's own split-reduction heuristic (--iree-dispatch-creation-enable-split-reduction)",
                 lambda p, a: None, flags=("--iree-dispatch-creation-enable-split-reduction",)))
register(Variant("torch", "the vendor library through torch.matmul (cuBLAS, hipBLASLt, CPU BLAS): a peer, "
                 "not compiled; runs with `vdmfma bench` / sweep --device", lambda p, a: None, backend="peer"))
register(Variant("tuned", "the winners of `vdmfma tune` from a tuning library ($VDMFMA_TUNED_LIBRARY, else "
                 "specs/): split-K chunk + config per shape; shapes not in it get IREE's default",
                 tuned_config, split_rule=tuned_split))
register(Variant("cpu", "llvm-cpu build of the same problem, to exercise the runtime path on a CPU",
                 lambda p, a: None, backend="cpu"))
