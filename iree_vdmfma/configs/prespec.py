"""Preprocessing transform specs: per-shape split-K chunks, set before dispatch creation.

Split-K in IREE 3.13 is the attribute ``iree_linalg_ext.split_reduction = [Kc : index]``
(Kc = the K CHUNK, not the factor) on the contraction; dispatch creation honours it
and forms a matmul dispatch over the chunk plus a reduce dispatch. A codegen tuning
spec runs after dispatch formation and cannot set it, so a tuned library is a pair:
this module's spec (``--iree-preprocessing-transform-spec-filename=FILE``) and a
codegen tuning spec whose matchers see k = Kc for the split dispatch (see
``split_dispatch_problem``). Built and verified through the bindings; checked by
compiling (tests/test_tune.py) for llvm-cpu, gfx942 and sm_89.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Iterable

from iree.compiler import ir
from iree.compiler.dialects import transform

from ..problems.problem import Problem
from .spec import _any_op, _any_param, _readonly, as_contraction, match_exactly, matcher_name

SPLIT_ATTR = "iree_linalg_ext.split_reduction"
SET_SPLIT = "set_split"
ENTRY = "__transform_main"
FLAG = "--iree-preprocessing-transform-spec-filename"


def split_dispatch_problem(problem: Problem, chunk: int) -> Problem:
    """The contraction a codegen spec sees after splitting K into chunks of ``chunk``."""
    return replace(problem, k=chunk, name="") if chunk else problem


def _build_matcher(problem: Problem) -> None:
    seq = transform.NamedSequenceOp(matcher_name(problem), [_any_op()], [_any_op()], arg_attrs=[_readonly()])
    with ir.InsertionPoint(seq.body):
        (op,) = seq.body.arguments
        match_exactly(op, as_contraction(problem))
        transform.YieldOp([op])


def _build_setter(name: str, chunk: int) -> None:
    seq = transform.NamedSequenceOp(name, [_any_op()], [], arg_attrs=[_readonly()])
    with ir.InsertionPoint(seq.body):
        (op,) = seq.body.arguments
        index = ir.IndexType.get()
        value = ir.ArrayAttr.get([ir.IntegerAttr.get(index, chunk)])
        param = transform.ParamConstantOp(_any_param(), value).result
        transform.AnnotateOp(op, SPLIT_ATTR, param=param)
        transform.YieldOp([])


def build_preprocessing_spec(entries: Iterable[tuple[Problem, int]], context: ir.Context | None = None) -> ir.Module:
    """A verified preprocessing spec annotating each problem's contraction with its K chunk.

    Entries with chunk 0 (no split) are skipped; problems with the same key keep the first chunk.
    """
    unique: dict[str, tuple[Problem, int]] = {}
    for problem, chunk in entries:
        if chunk:
            if problem.k % chunk:
                raise ValueError(f"{problem.key}: split chunk {chunk} does not divide K={problem.k}")
            unique.setdefault(problem.key, (problem, chunk))
    if not unique:
        raise ValueError("a preprocessing spec needs at least one problem with a split chunk")
    with context or ir.Context(), ir.Location.unknown():
        module = ir.Module.create()
        module.operation.attributes["transform.with_named_sequence"] = ir.UnitAttr.get()
        with ir.InsertionPoint(module.body):
            chunks = sorted({c for _, c in unique.values()})
            for c in chunks:
                _build_setter(f"{SET_SPLIT}_{c}", c)
            for problem, _ in unique.values():
                _build_matcher(problem)
            seq = transform.NamedSequenceOp(ENTRY, [_any_op()], [])
            with ir.InsertionPoint(seq.body):
                (root,) = seq.body.arguments
                problems = list(unique.values())
                matchers = ir.ArrayAttr.get([ir.FlatSymbolRefAttr.get(matcher_name(p)) for p, _ in problems])
                actions = ir.ArrayAttr.get([ir.FlatSymbolRefAttr.get(f"{SET_SPLIT}_{c}") for _, c in problems])
                transform.ForeachMatchOp(_any_op(), [], root, [], matchers, actions)
                transform.YieldOp([])
        if not module.operation.verify():
            raise RuntimeError("generated preprocessing spec does not verify")
        return module


def preprocessing_spec_text(entries: Iterable[tuple[Problem, int]]) -> str:
    return str(build_preprocessing_spec(entries))


def write_preprocessing_spec(entries: Iterable[tuple[Problem, int]], path: Path | str) -> Path:
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(preprocessing_spec_text(entries))
    return path
