"""Preprocessing transform specs: per-shape split-K chunks, set before dispatch creation.

Split-K in IREE 3.13 is the attribute ``iree_linalg_ext.split_reduction = [Kc : index]``
(Kc = the K CHUNK, not the factor) on the contraction; dispatch creation honours it
and forms a matmul dispatch over the chunk plus a reduce dispatch. A codegen tuning
spec runs after dispatch formation and cannot set it, so a tuned library is a pair:
this module's spec (``--iree-preprocessing-transform-spec-filename=FILE``) and a
codegen tuning spec whose matchers see k = Kc for the split dispatch (see
``knobs.dispatch_problem``). Built and verified through the bindings; checked by
compiling (tests/test_tune.py) for llvm-cpu, gfx942 and sm_89.

An entry may also carry a config: its ``compilation_info`` is then annotated here,
before dispatch creation, next to the split. That is how configs reach targets whose
codegen tuning spec IREE ignores (CUDA in 3.13: the CUDA backend's spec route, backends/cuda/):
the attribute survives dispatch creation and the split rewrite (checked on sm_89).
"""

from __future__ import annotations

from typing import Iterable, Sequence

from iree.compiler import ir
from iree.compiler.dialects import transform

from ..problems.problem import Problem
from .forms import FORMS, Contraction
from .spec import _any_op, _any_param, _readonly, as_contraction, match_exactly, matcher_name
from ..util.mlir import shared_context

SPLIT_ATTR = "iree_linalg_ext.split_reduction"
SET_SPLIT = "set_split"
ENTRY = "__transform_main"
FLAG = "--iree-preprocessing-transform-spec-filename"


def _build_matcher(problem: Problem | Contraction) -> None:
    seq = transform.NamedSequenceOp(matcher_name(problem), [_any_op()], [_any_op()], arg_attrs=[_readonly()])
    with ir.InsertionPoint(seq.body):
        (op,) = seq.body.arguments
        match_exactly(op, as_contraction(problem))
        transform.YieldOp([op])


def _build_setter(name: str, chunk: int, config=None) -> None:
    seq = transform.NamedSequenceOp(name, [_any_op()], [], arg_attrs=[_readonly()])
    with ir.InsertionPoint(seq.body):
        (op,) = seq.body.arguments
        if chunk:
            index = ir.IndexType.get()
            value = ir.ArrayAttr.get([ir.IntegerAttr.get(index, chunk)])
            param = transform.ParamConstantOp(_any_param(), value).result
            transform.AnnotateOp(op, SPLIT_ATTR, param=param)
        if config is not None:
            info = transform.ParamConstantOp(_any_param(), config.compilation_info()).result
            transform.AnnotateOp(op, "compilation_info", param=info)
        transform.YieldOp([])


def _setter_name(problem: Problem, chunk: int, config) -> str:
    return f"{SET_SPLIT}_{chunk}" if config is None else f"set_{problem.key}"


def forms_of(problem: Problem, extra_forms: Sequence[str]) -> list[Contraction]:
    """The contraction forms a problem's op is matched in: the toolkit's own, plus ``extra_forms``
    (e.g. ``mm``/``bmm``: a torch export's nn.Linear is ``linalg.matmul(A, transpose(W))`` until
    global optimization folds the transpose, so before dispatch creation it is in the A*B form)."""
    own = as_contraction(problem)
    extra = [Contraction(problem, f, own.acc) for f in extra_forms
             if f != own.form and (FORMS[f].batched or not problem.batched)]
    return [own] + extra


def build_preprocessing_spec(entries: Iterable[tuple], context: ir.Context | None = None,
                             extra_forms: Sequence[str] = ()) -> ir.Module:
    """A verified preprocessing spec annotating each problem's contraction with its K chunk
    (and, for a ``(problem, chunk, config)`` entry, the config's compilation_info).

    Entries with chunk 0 and no config are skipped; problems with the same key keep the first entry.
    ``extra_forms``: also match each split-only problem in these op forms (see :func:`forms_of`).
    """
    unique: dict[str, tuple[Problem, int, object]] = {}
    for problem, chunk, *rest in entries:
        config = rest[0] if rest else None
        if chunk and problem.k % chunk:
            raise ValueError(f"{problem.key}: split chunk {chunk} does not divide K={problem.k}")
        if chunk or config is not None:
            unique.setdefault(problem.key, (problem, chunk, config))
    if not unique:
        raise ValueError("a preprocessing spec needs at least one problem with a split chunk or a config")
    with context or shared_context(), ir.Location.unknown():
        module = ir.Module.create()
        module.operation.attributes["transform.with_named_sequence"] = ir.UnitAttr.get()
        with ir.InsertionPoint(module.body):
            setters = {_setter_name(*e): e for e in unique.values()}
            for name, (_, chunk, config) in sorted(setters.items()):
                _build_setter(name, chunk, config)
            # extra forms for split-only entries: a config's tiles are for its own form (CUDA configs keep it)
            pairs = [(c, e) for e in unique.values()
                     for c in (forms_of(e[0], extra_forms) if e[2] is None else [as_contraction(e[0])])]
            for contraction, _ in pairs:
                _build_matcher(contraction)
            seq = transform.NamedSequenceOp(ENTRY, [_any_op()], [])
            with ir.InsertionPoint(seq.body):
                (root,) = seq.body.arguments
                matchers = ir.ArrayAttr.get([ir.FlatSymbolRefAttr.get(matcher_name(c)) for c, _ in pairs])
                actions = ir.ArrayAttr.get([ir.FlatSymbolRefAttr.get(_setter_name(*e)) for _, e in pairs])
                transform.ForeachMatchOp(_any_op(), [], root, [], matchers, actions)
                transform.YieldOp([])
        if not module.operation.verify():
            raise RuntimeError("generated preprocessing spec does not verify")
        return module


def preprocessing_spec_text(entries: Iterable[tuple], extra_forms: Sequence[str] = ()) -> str:
    return str(build_preprocessing_spec(entries, extra_forms=extra_forms))

