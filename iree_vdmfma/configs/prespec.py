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
the attribute survives dispatch creation and the split rewrite (checked on sm_89), and, in a
torch export's A*B form (``extra_forms``), the global optimization that folds the weight's
transpose into the op (checked on sm_89 with the tiny Llama layer, tests/test_model_step.py).
It does not survive IREE folding a unit M away (M = 1) after this spec: for an M = 1 gemv config the spec
folds the unit dims itself first (``fold_unit_extent_dims_via_reshapes`` on every ``util.func``; a ``func.func``
matcher finds nothing after input conversion) and annotates the matvec it leaves (shared knob-example 15).
"""

from __future__ import annotations

from typing import Iterable, Sequence

from iree.compiler import ir
from iree.compiler.dialects import transform
from iree.compiler.dialects.transform import structured

from ..problems.problem import Problem
from .forms import FORMS, Contraction
from .knobs import dispatch_config, folds_to_matvec
from .spec import any_op, any_param, readonly_attrs, as_contraction, match_exactly, matcher_name
from ..util.mlir import shared_context

SPLIT_ATTR = "iree_linalg_ext.split_reduction"
SET_SPLIT = "set_split"
ENTRY = "__transform_main"
FLAG = "--iree-preprocessing-transform-spec-filename"


def _build_matcher(problem: Problem | Contraction) -> None:
    seq = transform.NamedSequenceOp(matcher_name(problem), [any_op()], [any_op()], arg_attrs=[readonly_attrs()])
    with ir.InsertionPoint(seq.body):
        (op,) = seq.body.arguments
        match_exactly(op, as_contraction(problem))
        transform.YieldOp([op])


def _build_setter(name: str, chunk: int, config=None) -> None:
    seq = transform.NamedSequenceOp(name, [any_op()], [], arg_attrs=[readonly_attrs()])
    with ir.InsertionPoint(seq.body):
        (op,) = seq.body.arguments
        if chunk:
            index = ir.IndexType.get()
            value = ir.ArrayAttr.get([ir.IntegerAttr.get(index, chunk)])
            param = transform.ParamConstantOp(any_param(), value).result
            transform.AnnotateOp(op, SPLIT_ATTR, param=param)
        if config is not None:
            info = transform.ParamConstantOp(any_param(), config.compilation_info()).result
            transform.AnnotateOp(op, "compilation_info", param=info)
        transform.YieldOp([])


def _fold_unit_dims(root: ir.Value) -> None:
    """Fold unit dims in every ``util.func`` (what IREE does later to an M = 1 GEMM, done here first so the
    config annotated after it is on the op codegen sees)."""
    funcs = structured.MatchOp.match_op_names(any_op(), root, ["util.func"]).result
    apply = transform.ApplyPatternsOp(funcs)
    with ir.InsertionPoint(apply.patterns):  # the bindings' ApplyPatternsOp gives its region's block
        structured.ApplyFoldUnitExtentDimsViaReshapesPatternsOp()


def _setter_name(problem: Problem, chunk: int, config) -> str:
    return f"{SET_SPLIT}_{chunk}" if config is None else f"set_{problem.key}"


def _form_setter(entry: tuple, c: Contraction) -> tuple[str, int, object]:
    """(setter name, chunk, config) for ``entry`` matched in form ``c``. A torch export's nn.Linear is ``matmul(A, transpose(W))`` here, before global
    optimization folds the transpose: a config matched only in the toolkit's own A*B^T form never reaches
    a model's GEMM (measured on the H200: the tuned forward was IREE's default). The iteration dims
    (m, n, k) are the same in the A*B form, so its tiles fit as they are; a unit-batch form gets a
    leading batch tile."""
    problem, chunk, config = entry
    if config is None or c.form == as_contraction(problem).form:
        return _setter_name(problem, chunk, config), chunk, config
    if FORMS[c.form].batched and not problem.batched:  # every CodegenConfig has its unit-batch form
        return f"set_{c.key}", chunk, config.with_unit_batch()
    return _setter_name(problem, chunk, config), chunk, config


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
    ``extra_forms``: also match each problem in these op forms (see :func:`forms_of`; a config in the form's
    own tiles, :func:`_form_setter`).
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
            # (matched form, setter name, chunk, the config for that form); extra forms for every entry
            pairs = [(c, *_form_setter(e, c)) for e in unique.values() for c in forms_of(e[0], extra_forms)]
            folded = [(p, config) for p, _, config in unique.values() if folds_to_matvec(p, config)]
            for p, config in folded:  # M = 1: matched as the matvec the fold below leaves
                mv = Contraction(p, "mv", as_contraction(p).acc)
                pairs.append((mv, f"set_{mv.key}", 0, dispatch_config(p, config)))
            setters = {name: (chunk, config) for _, name, chunk, config in pairs}
            for name, (chunk, config) in sorted(setters.items()):
                _build_setter(name, chunk, config)
            for contraction, *_ in pairs:
                _build_matcher(contraction)
            seq = transform.NamedSequenceOp(ENTRY, [any_op()], [])
            with ir.InsertionPoint(seq.body):
                (root,) = seq.body.arguments
                if folded:
                    _fold_unit_dims(root)
                matchers = ir.ArrayAttr.get([ir.FlatSymbolRefAttr.get(matcher_name(c)) for c, *_ in pairs])
                actions = ir.ArrayAttr.get([ir.FlatSymbolRefAttr.get(name) for _, name, *_ in pairs])
                transform.ForeachMatchOp(any_op(), [], root, [], matchers, actions)
                transform.YieldOp([])
        if not module.operation.verify():
            raise RuntimeError("generated preprocessing spec does not verify")
        return module


def preprocessing_spec_text(entries: Iterable[tuple], extra_forms: Sequence[str] = ()) -> str:
    return str(build_preprocessing_spec(entries, extra_forms=extra_forms))

