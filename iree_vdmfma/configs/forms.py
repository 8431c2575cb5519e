"""Contraction op forms: what real exports produce, and how to recognise each from its IR.

Measured by exporting a Llama-like layer with iree-turbine 3.9 / torch 2.13 and compiling with
IREE 3.13 for gfx942 (configured_*.mlir dumps):

* rank-2 activations ``[M, K]``: every ``nn.Linear`` is a ``linalg.matmul`` with maps
  (d0,d2),(d1,d2)->(d0,d1): A times B transposed (``mmt``);
* rank-3 activations ``[1, M, K]``: a transpose (hoisted into initializers) plus
  ``linalg.batch_matmul`` in A times B form with B = [1, K, N]: maps
  (d0,d1,d3),(d0,d3,d2)->(d0,d1,d2) (``bmm``, unit batch);
* the toolkit's own inputs use ``mmt`` / ``bmmt``; a plain ``linalg.matmul`` is ``mm``.

Every form keeps the loop order batch, M, N, K, so one tile list fits all of them once
the batch dim is prepended. A contraction with more than one result (horizontal fusion,
``--iree-dispatch-creation-enable-fuse-horizontal-contractions``) is not matched by
``transform.iree.match.contraction``; :func:`classify` says so.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Optional

from iree.compiler import ir

from ..problems.inputs import contraction_maps
from ..problems.problem import DTYPES, Problem


@dataclass(frozen=True)
class OpForm:
    """One contraction form: the operand index order of A and B over (batch..., m, n, k)."""

    name: str
    description: str
    batched: bool
    b_transposed: bool  # B indexed [n, k] (A*B^T) instead of [k, n] (A*B)

    def maps(self) -> list[ir.AffineMap]:
        """Indexing maps of A, B and C (needs an active context)."""
        return contraction_maps(self.batched, self.b_transposed)


FORMS: dict[str, OpForm] = {f.name: f for f in (
    OpForm("mmt", "A[M,K] * B[N,K]^T (nn.Linear on rank-2 activations; the toolkit's inputs)", False, True),
    OpForm("mm", "A[M,K] * B[K,N] (linalg.matmul)", False, False),
    OpForm("bmmt", "A[b,M,K] * B[b,N,K]^T (batched, transposed B)", True, True),
    OpForm("bmm", "A[b,M,K] * B[b,K,N] (linalg.batch_matmul; nn.Linear on rank-3 activations, b=1)", True, False),
)}

# Default maps of named ops that carry no indexing_maps attribute.
_NAMED = {"linalg.matmul": "mm", "linalg.batch_matmul": "bmm"}


def form(name: str) -> OpForm:
    try:
        return FORMS[name]
    except KeyError:
        raise ValueError(f"unknown op form {name!r}; valid: {', '.join(FORMS)}") from None


@dataclass(frozen=True)
class Contraction:
    """A contraction found in IR: the GEMM it computes and the form it is written in."""

    problem: Problem
    form: str
    acc: str  # accumulator / result element type as written (f32, i32)

    @property
    def key(self) -> str:
        """Problem key plus the form where it is not the toolkit's own (``f16_8x4096x4096_bmm``)."""
        plain = "bmmt" if self.problem.batched else "mmt"
        return self.problem.key if self.form == plain else f"{self.problem.key}_{self.form}"


def _maps(op: ir.Operation) -> Optional[list[ir.AffineMap]]:
    if "indexing_maps" in op.attributes:
        return [ir.AffineMapAttr(m).value for m in ir.ArrayAttr(op.attributes["indexing_maps"])]
    if op.name in _NAMED:
        with op.context:
            return FORMS[_NAMED[op.name]].maps()
    return None


def classify(op: ir.Operation) -> tuple[Optional[Contraction], str]:
    """(contraction, "") if ``op`` is a GEMM in a known form and dtype, else (None, why not).

    ``why not`` is "" for ops that are no contraction at all (elementwise, fills, ...).
    """
    if not op.name.startswith("linalg.") or op.name in ("linalg.fill", "linalg.yield"):
        return None, ""
    with op.context:
        return _classify(op)


def _has_reduction(op: ir.Operation) -> bool:
    if "iterator_types" not in op.attributes:
        return op.name in _NAMED
    return "reduction" in str(op.attributes["iterator_types"])


def _classify(op: ir.Operation) -> tuple[Optional[Contraction], str]:
    maps = _maps(op)
    if maps is None or not _has_reduction(op):
        return None, ""
    results = len(op.results)
    inputs = len(op.operands) - results
    if results > 1:
        return None, (f"horizontal multi-contraction ({results} results): transform.iree.match.contraction "
                      "matches single-result ops only; compile without "
                      "--iree-dispatch-creation-enable-fuse-horizontal-contractions")
    if inputs != 2:
        return None, "" if inputs < 2 else f"contraction with {inputs} inputs"
    types = [v.type for v in op.operands]
    if not all(isinstance(t, ir.RankedTensorType) and t.has_static_shape for t in types):
        return None, "dynamic shapes"
    found = next((f for f in FORMS.values() if f.maps() == maps), None)
    if found is None:
        return None, f"indexing maps {[str(m) for m in maps]} are no known form ({', '.join(FORMS)})"
    a, b, c = types
    elem, acc = str(a.element_type), str(c.element_type)
    if elem != str(b.element_type):
        return None, f"mixed operand types {elem} x {b.element_type}"
    if elem not in DTYPES or DTYPES[elem].acc != acc:
        return None, f"dtype {elem} -> {acc} has no rule"
    lead = 1 if found.batched else 0
    batch = a.shape[0] if found.batched else 1
    m, k = a.shape[lead], a.shape[lead + 1]
    n = b.shape[lead] if found.b_transposed else b.shape[lead + 1]
    return Contraction(Problem(m=m, n=n, k=k, batch=batch, dtype=elem), found.name, acc), ""
