"""Tuning specs: one transform-dialect module per variant covering a shape list.

Format (shared notes): a module with ``transform.with_named_sequence`` and
``iree_codegen.tuning_spec_with_default_entrypoint``; ``@__kernel_config`` runs
one ``transform.foreach_match`` from a matcher per problem to ``@apply_op_config``,
which annotates the matched contraction with its ``compilation_info``. The
module is built and verified through the bindings; ``iree-compile
--iree-codegen-tuning-spec-path=FILE`` takes the printed text as-is.
"""

from __future__ import annotations

from pathlib import Path
from typing import Iterable

from iree.compiler import ir
from iree.compiler.dialects import preprocessing_transform as match
from iree.compiler.dialects import transform

from .config import KernelConfig
from .forms import FORMS, Contraction
from .scaled import build_matcher_body
from ..problems.inputs import element_type
from ..problems.problem import Problem
from ..util.io import atomic_write_text
from ..util.mlir import shared_context

Entry = tuple  # (Problem | Contraction, KernelConfig)

APPLY = "apply_op_config"
ENTRY = "__kernel_config"


def matcher_name(problem: Problem | Contraction) -> str:
    return f"match_{problem.key}"


def as_contraction(problem: Problem | Contraction) -> Contraction:
    """A toolkit Problem is the A*B^T form (batched when batch > 1)."""
    if isinstance(problem, Contraction):
        return problem
    return Contraction(problem, "bmmt" if problem.batched else "mmt", problem.dt.acc)


def any_op() -> ir.Type:
    return transform.AnyOpType.get()


def any_param() -> ir.Type:
    return transform.AnyParamType.get()


def readonly_attrs() -> dict:
    return {"transform.readonly": ir.UnitAttr.get()}


def _build_apply() -> None:
    seq = transform.NamedSequenceOp(APPLY, [any_op(), any_param()], [], arg_attrs=[readonly_attrs(), readonly_attrs()])
    with ir.InsertionPoint(seq.body):
        op, config = seq.body.arguments
        transform.AnnotateOp(op, "compilation_info", param=config)
        transform.YieldOp([])


def match_exactly(op: ir.Value, contraction: Contraction) -> None:
    """Emit the checks that ``op`` is this contraction: element types, its form's maps, every dim.

    The batch dim is checked whenever the form has one (a unit batch is matched as [1]); a matvec (``mv``)
    has no M dim (matched as []). Shared
    by the codegen tuning spec and the preprocessing (split-K) spec: one definition of "this GEMM".
    """
    problem, op_form = contraction.problem, FORMS[contraction.form]
    elem, acc = element_type(problem.dtype), element_type(contraction.acc)
    dims = match.MatchContractionOp(op, elem, elem, acc, indexing_maps=op_form.maps()).results
    expected = ([problem.batch] if op_form.batched else [], [] if op_form.fold_m else [problem.m], [problem.n],
                [problem.k])
    for handle, values in zip(dims, expected):
        match.MatchDimsEqualOp(handle, values)


def _build_matcher(contraction: Contraction, config: KernelConfig) -> None:
    """Match one contraction exactly (types, indexing maps of its form, every dim); yield its config.

    One builder serves every form in ``forms.FORMS`` (see :func:`match_exactly`).
    """
    seq = transform.NamedSequenceOp(matcher_name(contraction), [any_op()], [any_op(), any_param()],
                                    arg_attrs=[readonly_attrs()])
    with ir.InsertionPoint(seq.body):
        (op,) = seq.body.arguments
        if contraction.problem.dt.is_mx:  # a scaled contraction: no contraction matcher takes it
            build_matcher_body(op, contraction.problem)
        else:
            match_exactly(op, contraction)
        param = transform.ParamConstantOp(any_param(), config.compilation_info()).result
        transform.YieldOp([op, param])


def _build_entry(problems: list[Contraction]) -> None:
    seq = transform.NamedSequenceOp(ENTRY, [any_op()], [any_op()],
                                     arg_attrs=[{"transform.consumed": ir.UnitAttr.get()}])
    seq.operation.attributes["iree_codegen.tuning_spec_entrypoint"] = ir.UnitAttr.get()
    with ir.InsertionPoint(seq.body):
        (root,) = seq.body.arguments
        matchers = ir.ArrayAttr.get([ir.FlatSymbolRefAttr.get(matcher_name(p)) for p in problems])
        actions = ir.ArrayAttr.get([ir.FlatSymbolRefAttr.get(APPLY)] * len(problems))
        result = transform.ForeachMatchOp(any_op(), [], root, [], matchers, actions).updated
        transform.YieldOp([result])


def build_spec(entries: Iterable[Entry], context: ir.Context | None = None) -> ir.Module:
    """A verified tuning-spec module from (Problem or Contraction, config) pairs.

    Contractions with the same key (shape, dtype and form) share one matcher.
    """
    unique: dict[str, tuple[Contraction, KernelConfig]] = {}
    for problem, config in entries:
        contraction = as_contraction(problem)
        unique.setdefault(contraction.key, (contraction, config))
    if not unique:
        raise ValueError("a tuning spec needs at least one problem with a config")
    with context or shared_context(), ir.Location.unknown():
        module = ir.Module.create()
        module.operation.attributes["transform.with_named_sequence"] = ir.UnitAttr.get()
        module.operation.attributes["iree_codegen.tuning_spec_with_default_entrypoint"] = ir.UnitAttr.get()
        with ir.InsertionPoint(module.body):
            _build_apply()
            for problem, config in unique.values():
                _build_matcher(problem, config)
            _build_entry([p for p, _ in unique.values()])
        if not module.operation.verify():
            raise RuntimeError("generated tuning spec does not verify")
        return module


def spec_text(entries: Iterable[Entry]) -> str:
    return str(build_spec(entries))


def write_spec(entries: Iterable[Entry], path: Path | str) -> Path:
    """The spec at ``path``, whole or not at all (a full disk leaves the one there before, and names the file)."""
    return atomic_write_text(path, spec_text(entries))
