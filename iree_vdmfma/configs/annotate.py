"""The attribute route: write compilation_info straight onto a module's contractions.

This is how IREE's own e2e tests pin a config. It gives the same kernel as the
spec route (tests/test_annotate.py compares the ISA). Works on linalg-level
modules (e.g. from ``iree-compile --compile-to=input`` or hand-written).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Optional

from iree.compiler import ir

from .config import KernelConfig
from ..problems.inputs import contraction_maps
from ..problems.problem import DTYPES, Problem

ConfigFor = Callable[[Problem], Optional[KernelConfig]]


@dataclass(frozen=True)
class Annotated:
    problem: Problem
    config: KernelConfig


def _tensor(value: ir.Value) -> Optional[ir.RankedTensorType]:
    return value.type if isinstance(value.type, ir.RankedTensorType) else None


def contraction_problem(op: ir.Operation) -> Optional[Problem]:
    """The Problem an op computes, if it is A[MxK] . B[NxK]^T (maybe batched) in a known dtype."""
    if op.name != "linalg.generic" or len(op.operands) != 3 or "indexing_maps" not in op.attributes:
        return None
    a, b, c = (_tensor(v) for v in op.operands)
    if not (a and b and c) or a.rank != b.rank or a.rank != c.rank or a.rank not in (2, 3):
        return None
    if not (a.has_static_shape and b.has_static_shape):
        return None
    batched = a.rank == 3
    maps = [ir.AffineMapAttr(m).value for m in ir.ArrayAttr(op.attributes["indexing_maps"])]
    if maps != contraction_maps(batched):
        return None
    elem, acc = str(a.element_type), str(c.element_type)
    if elem != str(b.element_type) or elem not in DTYPES or DTYPES[elem].acc != acc:
        return None
    shape_a, shape_b = list(a.shape), list(b.shape)
    batch = shape_a[0] if batched else 1
    return Problem(m=shape_a[-2], n=shape_b[-2], k=shape_a[-1], batch=batch, dtype=elem)


def annotate_module(module: ir.Module, config_for: ConfigFor) -> list[Annotated]:
    """Set ``compilation_info`` on every contraction ``config_for`` gives a config; returns them."""
    done: list[Annotated] = []

    def visit(op):
        problem = contraction_problem(op.operation)
        if problem is not None:
            config = config_for(problem)
            if config is not None:
                op.operation.attributes["compilation_info"] = config.compilation_info()
                done.append(Annotated(problem, config))
        return ir.WalkResult.ADVANCE

    with module.context, ir.Location.unknown():
        module.operation.walk(visit)
        if done and not module.operation.verify():
            raise RuntimeError("annotated module does not verify")
    return done


def annotate_text(text: str, config_for: ConfigFor) -> tuple[str, list[Annotated]]:
    with ir.Context():
        module = ir.Module.parse(text)
        done = annotate_module(module, config_for)
        return str(module), done
