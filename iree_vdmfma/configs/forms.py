"""Contraction op forms: what real exports produce, and how to recognise each from its IR.

Measured by exporting a Llama-like layer with iree-turbine 3.9 / torch 2.13 and compiling with
IREE 3.13 for gfx942 (configured_*.mlir dumps):

* rank-2 activations ``[M, K]``: every ``nn.Linear`` is a ``linalg.matmul`` with maps
  (d0,d2),(d1,d2)->(d0,d1): A times B transposed (``mmt``);
* rank-3 activations ``[1, M, K]``: a transpose (hoisted into initializers) plus
  ``linalg.batch_matmul`` in A times B form with B = [1, K, N]: maps
  (d0,d1,d3),(d0,d3,d2)->(d0,d1,d2) (``bmm``, unit batch);
* the toolkit's own inputs use ``mmt`` / ``bmmt``; a plain ``linalg.matmul`` is ``mm``;
* at ``--iree-opt-level=O2/O3`` an M = 1 ``mmt`` loses its unit M: a 2-D ``matvec_like`` generic
  a[K] * B[N,K]^T, maps (d1),(d0,d1)->(d0) (``mv``). ``transform.iree.match.contraction`` matches it
  (with an empty M); an MMA config cannot apply to it (IREE: "contraction like operation missing
  critical dimension"), the no-MMA gemv config does (configs/gemv.py, ``fold_m``);
* a mixture-of-experts layer (sharktank 3.8.0, Mixtral-style) runs its expert GEMMs as one ``bmmt`` batched over
  the experts; at O2/O3, M = 1, that becomes a batched matvec a[b,K] * B[b,N,K]^T (``bmv``), which IREE 3.13
  takes with the gemv config and refuses with any MMA config, VDMFMA or dense (the same "missing critical
  dimension").

Every form keeps the loop order batch, M, N, K, so one tile list fits all of them once
the batch dim is prepended (``mv`` has no M loop). A contraction with more than one result (horizontal fusion,
``--iree-dispatch-creation-enable-fuse-horizontal-contractions``) is not matched by
``transform.iree.match.contraction``; :func:`classify` says so.

Only GEMMs are GEMMs (:func:`examine`): a reduction op counts as one when its body is a
multiply-accumulate and its reduction K > 1. Softmax's max/sum, RoPE's f32 outer product
(K = 1), contractions over dynamic N/K (attention over the KV sequence), a MoE layer's top-k sort and its
combine (a weighted sum over the experts: K the outer index of an operand that indexes every loop), dot products
with no M or N loop (per-head attention at M = 1) and batched GEMMs with N = 1 or N or K = M (attention over the
tokens) are ``not-gemm`` with their kind; a contraction with a dynamic M or token count (prefill) is
``not-skinny``; a data-tiled ``iree_codegen.inner_tiled`` op (``--iree-opt-data-tiling``) is ``data-tiled``.
These kinds are read from the op's indexing maps and shapes alone (a dispatch does not say which operand is a
weight): a weight GEMM written in such a shape would be misread, and the reason says which rule was applied.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Optional

from iree.compiler import ir

from ..problems.inputs import contraction_maps
from ..problems.problem import DTYPES, Problem
from ..problems.rows import Status


@dataclass(frozen=True)
class OpForm:
    """One contraction form: the operand index order of A and B over (batch..., m, n, k)."""

    name: str
    description: str
    batched: bool
    b_transposed: bool  # B indexed [n, k] (A*B^T) instead of [k, n] (A*B)
    fold_m: bool = False  # no M loop: IREE folded a unit M away (a matvec)

    def maps(self) -> list[ir.AffineMap]:
        """Indexing maps of A, B and C (needs an active context)."""
        if self.fold_m:
            rank = 3 if self.batched else 2
            *lead, n, k = (ir.AffineDimExpr.get(i) for i in range(rank))
            return [ir.AffineMap.get(rank, 0, lead + [k]), ir.AffineMap.get(rank, 0, lead + [n, k]),
                    ir.AffineMap.get(rank, 0, lead + [n])]
        return contraction_maps(self.batched, self.b_transposed)


FORMS: dict[str, OpForm] = {f.name: f for f in (
    OpForm("mmt", "A[M,K] * B[N,K]^T (nn.Linear on rank-2 activations; the toolkit's inputs)", False, True),
    OpForm("mm", "A[M,K] * B[K,N] (linalg.matmul)", False, False),
    OpForm("bmmt", "A[b,M,K] * B[b,N,K]^T (batched, transposed B)", True, True),
    OpForm("bmm", "A[b,M,K] * B[b,K,N] (linalg.batch_matmul; nn.Linear on rank-3 activations, b=1)", True, False),
    OpForm("mv", "a[K] * B[N,K]^T (matvec_like: an M = 1 mmt at --iree-opt-level=O2/O3, unit M folded)", False, True,
           fold_m=True),
    OpForm("bmv", "a[b,K] * B[b,N,K]^T (batched matvec: an M = 1 bmmt at O2/O3, the experts of a MoE layer)", True,
           True, fold_m=True),
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
    found = examine(op)
    return found.contraction, found.reason


@dataclass(frozen=True)
class Examined:
    """What one op of a dispatch is: a matchable GEMM, or (status, reason) of a row that says why not."""

    contraction: Optional[Contraction] = None
    status: str = ""  # '' for a GEMM or an op that is no row at all; else a Status value
    reason: str = ""


NOT_A_ROW = Examined()
_SORTS = ("iree_linalg_ext.sort", "iree_linalg_ext.topk")
_CASTS = {"arith.extf", "arith.extsi", "arith.extui", "arith.truncf", "arith.trunci", "arith.sitofp",
          "arith.uitofp", "linalg.yield", "linalg.index"}
_MUL_ADD = ({"arith.mulf", "arith.addf"}, {"arith.muli", "arith.addi"})


def examine(op: ir.Operation) -> Examined:
    """Is ``op`` a GEMM this toolkit can match; if not, is it a row (not-gemm, not-skinny, data-tiled, not-matched)?"""
    if op.name in _SORTS:
        return _not_gemm(f"top-k ({op.name}): routing (a MoE layer picks its experts) or sampling, not a GEMM")
    if op.name == "iree_codegen.inner_tiled":
        kind = str(op.attributes["kind"]) if "kind" in op.attributes else "?"
        return Examined(None, Status.DATA_TILED.value, f"data-tiled contraction (inner_tiled, kind {kind})")
    if not op.name.startswith("linalg.") or op.name in ("linalg.fill", "linalg.yield"):
        return NOT_A_ROW
    with op.context:
        return _examine(op)


def _has_reduction(op: ir.Operation) -> bool:
    if "iterator_types" not in op.attributes:
        return op.name in _NAMED
    return "reduction" in str(op.attributes["iterator_types"])


def _body(op: ir.Operation) -> list[str]:
    """The body's ops other than casts and the yield (a GEMM's: one multiply, one add)."""
    if op.name in _NAMED or not op.regions or not op.regions[0].blocks:
        return ["arith.mulf", "arith.addf"]
    return [o.operation.name for o in op.regions[0].blocks[0].operations if o.operation.name not in _CASTS]


def _loops(op: ir.Operation, maps: list[ir.AffineMap]) -> list[Optional[int]]:
    """Each loop's static range from the operand shapes (None: dynamic or unknown)."""
    ranges: list[Optional[int]] = [None] * maps[0].n_dims
    for value, amap in zip(op.operands, maps):
        if not isinstance(value.type, ir.ShapedType):
            continue
        for size, expr in zip(value.type.shape, amap.results):
            if isinstance(expr, ir.AffineDimExpr) and not ir.ShapedType.is_dynamic_size(size):
                ranges[expr.position] = size
    return ranges


def _reductions(op: ir.Operation, maps: list[ir.AffineMap]) -> list[int]:
    if "iterator_types" not in op.attributes:
        return [maps[0].n_dims - 1]  # a named matmul: K is the last loop
    return [i for i, t in enumerate(op.attributes["iterator_types"]) if "reduction" in str(t)]


def _not_gemm(kind: str) -> Examined:
    return Examined(None, Status.NOT_GEMM.value, kind)


def _examine(op: ir.Operation) -> Examined:
    maps = _maps(op)
    if maps is None or not _has_reduction(op):
        return NOT_A_ROW
    results = len(op.results)
    inputs = len(op.operands) - results
    body = _body(op)
    if set(body) not in _MUL_ADD or len(body) != 2 * results:
        if inputs < 2:
            return NOT_A_ROW  # a plain reduction (a norm's sum): no contraction, no row
        return _not_gemm(f"reduction ({', '.join(sorted({b.split('.', 1)[-1] for b in body}))}): no "
                         "multiply-accumulate, not a GEMM")
    if results > 1:
        return Examined(None, Status.NOT_MATCHED.value,
                        f"horizontal multi-contraction ({results} results): transform.iree.match.contraction "
                        "matches single-result ops only; compile without "
                        "--iree-dispatch-creation-enable-fuse-horizontal-contractions")
    if inputs != 2:
        return NOT_A_ROW if inputs < 2 else Examined(None, Status.NOT_MATCHED.value, f"contraction with {inputs} inputs")
    loops = _loops(op, maps)
    ks = [loops[i] for i in _reductions(op, maps)]
    if ks and all(k == 1 for k in ks):
        return _not_gemm("outer product (K = 1): a multiply with no reduction, not a GEMM")
    types = [v.type for v in op.operands]
    if not all(isinstance(t, ir.RankedTensorType) and t.has_static_shape for t in types):
        return _dynamic(maps, loops)
    found = next((f for f in FORMS.values() if f.maps() == maps), None)
    if found is None:
        return _no_form(maps, loops)
    a, b, c = types
    lead = 1 if found.batched else 0
    m = 1 if found.fold_m else a.shape[lead]
    elem, acc = str(a.element_type), str(c.element_type)
    if elem != str(b.element_type):
        return Examined(None, Status.NOT_MATCHED.value, f"mixed operand types {elem} x {b.element_type}")
    if elem not in DTYPES or DTYPES[elem].acc != acc:
        return Examined(None, Status.NOT_MATCHED.value, f"dtype {elem} -> {acc} has no rule")
    batch = a.shape[0] if found.batched else 1
    k = a.shape[-1] if found.fold_m else a.shape[lead + 1]
    n = b.shape[lead] if found.b_transposed else b.shape[lead + 1]
    if batch > 1 and not found.fold_m and (n == 1 or m in (n, k)):
        return _not_gemm(f"attention ({found.name} {batch}x{m}x{n}x{k}: per-head scores or values, N = 1 or N or K "
                         "= M, the tokens themselves): activations times activations, not a projection")
    return Examined(Contraction(Problem(m=m, n=n, k=k, batch=batch, dtype=elem), found.name, acc))


def _roles(maps: list[ir.AffineMap]) -> tuple[set[int], set[int], set[int]]:
    """The loops each of A, B and C index."""
    a, b, c = ({e.position for e in amap.results if isinstance(e, ir.AffineDimExpr)} for amap in maps)
    return a, b, c


def _no_form(maps: list[ir.AffineMap], loops: list[Optional[int]]) -> Examined:
    """A static multiply-accumulate in no known form: the kinds real programs have that are no weight GEMM (not-gemm),
    else not-matched (a GEMM written in a form no matcher here knows)."""
    a, b, c = _roles(maps)
    k = "x".join(str(loops[d]) for d in sorted(set(range(len(loops))) - c))
    if not (a & c) - b and not (b & c) - a:
        return _not_gemm(f"dot products (no M or N loop, K = {k}; loops {_dims(loops)}): per-head attention scores or "
                         "values at M = 1, activations times activations, not a weight GEMM")
    for amap, dims in zip(maps[:2], (a, b)):
        first = amap.results[0] if len(amap.results) else None
        if dims == set(range(len(loops))) and isinstance(first, ir.AffineDimExpr) and first.position not in c:
            return _not_gemm(f"weighted sum over K = {k} (loops {_dims(loops)}; K the outer index of an operand that "
                             "indexes every loop): a MoE combine of the expert outputs by their router weights, not a "
                             "weight GEMM")
    return Examined(None, Status.NOT_MATCHED.value,
                    f"indexing maps {[str(m) for m in maps]} are no known form ({', '.join(FORMS)})")


def _dynamic(maps: list[ir.AffineMap], loops: list[Optional[int]]) -> Examined:
    """A multiply-accumulate with dynamic dims: M dynamic (prefill) is a GEMM that is not skinny; N or K
    dynamic (the KV sequence) multiplies activations by activations: attention, not a weight GEMM."""
    a, b, c = _roles(maps)
    n_or_k = ((b & c) - a) | (set(range(len(loops))) - c)
    if any(loops[d] is None for d in n_or_k):
        return _not_gemm(f"contraction over a dynamic N/K (loops {_dims(loops)}): activations times the KV "
                         "sequence (attention), not a weight GEMM")
    if any(loops[d] is None for d in (a & c) - b):
        return Examined(None, Status.NOT_SKINNY.value, f"GEMM with a dynamic M (loops {_dims(loops)}; prefill: the "
                        "token count is known at run time): left to IREE's default")
    return Examined(None, Status.NOT_SKINNY.value, f"dynamic dims (loops {_dims(loops)}: a prefill op, sized by the "
                    "token count at run time): left to IREE's default")


def _dims(loops: list[Optional[int]]) -> str:
    return "x".join("?" if x is None else str(x) for x in loops)
