"""Variants: named ways to build a problem, each one registry entry carrying its backend.

A variant maps (problem, target) to the KernelConfig to inject, or to None when
it injects nothing (IREE's own choice). ``backend`` is the backend whose targets
it builds for (vdmfma and padded: ROCm MFMA configs), or None for a variant that
builds anywhere with the target's own backend (``default``). Exactly one variant
is the baseline that reports compare against. A new variant is one module with a
``register(Variant(...))`` call, imported from ``variants/__init__.py``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Optional

from ..backends import Backend, backend_for
from ..configs.config import KernelConfig
from ..problems.problem import Problem

Rule = Callable[[Problem, str], Optional[KernelConfig]]


@dataclass(frozen=True)
class Variant:
    name: str
    description: str
    rule: Rule
    backend: Optional[Backend] = None  # None: any target, built by that target's backend
    baseline: bool = False
    flags: tuple[str, ...] = ()  # extra iree-compile flags of this variant
    split_rule: Optional[Callable[[Problem, str], int]] = None  # per-shape split-K chunk (0: none)
    requires: Optional[Callable[[Problem, str], tuple[bool, str]]] = None  # (False, why): a skipped row
    splits: bool = False  # its flags ask IREE to split the reduction (a row says when no split happened)

    def config(self, problem: Problem, target: str) -> Optional[KernelConfig]:
        return self.rule(problem, target)

    @property
    def compiled(self) -> bool:
        """False for a peer (torch): run by `vdmfma bench`, never compiled."""
        return self.backend is None or self.backend.compiled

    def backend_for(self, target: str) -> Backend:
        """The backend that builds this variant for ``target`` (UnknownTargetError if none does)."""
        return self.backend if self.backend is not None and not self.backend.compiled else backend_for(target)

    def enabled(self, problem: Problem, target: str) -> tuple[bool, str]:
        """(True, "") if this variant builds ``problem`` for ``target``; else (False, why) -> a skipped row."""
        be = backend_for(target)
        if self.backend is not None and not self.backend.handles(target):
            return False, (f"variant {self.name} builds only for {self.backend.name} targets "
                           f"({self.backend.targets_help()}); {target} is a {be.name} target")
        if self.requires is not None:
            ok, why = self.requires(problem, target)
            if not ok:
                return False, f"variant {self.name}: {why}"
        return (self.backend or be).enabled(problem, target)

    def split(self, problem: Problem, arch: str) -> int:
        """The K chunk a preprocessing spec sets for this problem (0: no per-shape split)."""
        return self.split_rule(problem, arch) if self.split_rule else 0


REGISTRY: dict[str, Variant] = {}


class UnknownVariantError(ValueError):
    pass


Requires = Callable[[Problem, str], tuple[bool, str]]


def plain_only(problem: Problem, target: str) -> tuple[bool, str]:
    """``requires`` of a variant whose configs take plain element types (not MX block-scaled ones)."""
    if problem.dt.is_mx:
        return False, (f"{problem.dtype} is a block-scaled (MX) type; this variant's configs take plain element "
                       "types (for MX: scaled, scaled32, gemv)")
    return True, ""


def mx_only(problem: Problem, target: str) -> tuple[bool, str]:
    """``requires`` of a variant built for the scaled contraction of an MX dtype."""
    if problem.dt.is_mx:
        return True, ""
    return False, f"builds only MX (block-scaled) dtypes such as mxfp4, not {problem.dtype}"


def all_of(*requires: Requires) -> Requires:
    """One ``requires`` from several: the first that says no gives the reason."""
    def check(problem: Problem, target: str) -> tuple[bool, str]:
        for req in requires:
            ok, why = req(problem, target)
            if not ok:
                return False, why
        return True, ""
    return check


def register(variant: Variant) -> Variant:
    if variant.baseline and any(v.baseline for v in REGISTRY.values() if v.name != variant.name):
        raise ValueError(f"variant {variant.name!r}: a baseline is already registered")
    REGISTRY[variant.name] = variant
    return variant


def unregister(name: str) -> None:
    """Remove a variant (tests that register toys clean up with this)."""
    REGISTRY.pop(name, None)


def variant(name: str) -> Variant:
    try:
        return REGISTRY[name]
    except KeyError:
        raise UnknownVariantError(f"unknown variant {name!r}; valid: {', '.join(REGISTRY)}") from None


def baseline() -> Variant:
    return next(v for v in REGISTRY.values() if v.baseline)
