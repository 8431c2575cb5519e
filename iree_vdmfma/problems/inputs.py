"""Input IR: one function holding the problem's contraction, built with the bindings.

A[MxK] . B[NxK]^T is a ``linalg.generic`` with maps (d0,d2), (d1,d2) -> (d0,d1)
and an ext/mul/add body (``linalg.matmul_transpose_b`` no longer parses in
IREE 3.13); a batch adds a leading parallel dim to all three maps.
"""

from __future__ import annotations

from functools import lru_cache

from iree.compiler import ir
from iree.compiler.dialects import arith, func, tensor

from ..util.mlir import shared_context
from .linalg_ops import GenericOp, YieldOp, fill, iterator_types
from .problem import Problem

FUNC_NAME = "gemm"


def element_type(name: str) -> ir.Type:
    """MLIR type for a dtype or accumulator name (needs an active context)."""
    return ir.Type.parse(name)


def contraction_maps(batched: bool, b_transposed: bool = True) -> list[ir.AffineMap]:
    """Indexing maps of A, B and C over (batch..., m, n, k), as plain affine maps (needs a context).

    ``b_transposed``: B indexed [n, k] (A*B^T, the toolkit's own form) rather than [k, n] (A*B).
    """
    rank = 4 if batched else 3
    dims = [ir.AffineDimExpr.get(i) for i in range(rank)]
    lead = dims[:1] if batched else []
    m, n, k = dims[-3:]
    b = [n, k] if b_transposed else [k, n]
    return [ir.AffineMap.get(rank, 0, lead + [m, k]), ir.AffineMap.get(rank, 0, lead + b),
            ir.AffineMap.get(rank, 0, lead + [m, n])]


def _body(block: ir.Block, is_int: bool, acc_type: ir.Type) -> None:
    a, b, acc = block.arguments
    with ir.InsertionPoint(block):
        if is_int:
            x, y = arith.extsi(acc_type, a), arith.extsi(acc_type, b)
            YieldOp([arith.addi(acc, arith.muli(x, y))])
        else:
            x, y = arith.extf(acc_type, a), arith.extf(acc_type, b)
            YieldOp([arith.addf(acc, arith.mulf(x, y))])


def build_contraction(problem: Problem, lhs: ir.Value, rhs: ir.Value) -> ir.Value:
    """Emit fill + generic at the current insertion point; returns C."""
    dt = problem.dt
    acc_type = element_type(dt.acc)
    c_type = ir.RankedTensorType.get(list(problem.shapes()[2]), acc_type)
    zero = arith.constant(acc_type, 0 if dt.is_int else 0.0)
    empty = tensor.EmptyOp(list(problem.shapes()[2]), acc_type)
    filled = fill(zero, empty.result)
    iterators = ["parallel"] * (3 if problem.batched else 2) + ["reduction"]
    generic = GenericOp(
        [c_type], [lhs, rhs], [filled],
        ir.ArrayAttr.get([ir.AffineMapAttr.get(m) for m in contraction_maps(problem.batched)]),
        iterator_types(iterators),
    )
    elem = element_type(problem.dtype)
    block = generic.regions[0].blocks.append(elem, elem, acc_type)
    _body(block, dt.is_int, acc_type)
    return generic.result


def build_module(problem: Problem, context: ir.Context | None = None) -> ir.Module:
    """A verified module with ``func.func @gemm(A, B) -> C`` (MX dtypes: problems/scaled_ir.py)."""
    if problem.dt.is_mx:
        from . import scaled_ir

        return scaled_ir.build_module(problem, context)
    ctx = context or shared_context()
    with ctx, ir.Location.unknown():
        module = ir.Module.create()
        elem = element_type(problem.dtype)
        a_shape, b_shape, _ = problem.shapes()
        a_type = ir.RankedTensorType.get(list(a_shape), elem)
        b_type = ir.RankedTensorType.get(list(b_shape), elem)
        with ir.InsertionPoint(module.body):

            @func.FuncOp.from_py_func(a_type, b_type, name=FUNC_NAME)
            def gemm(lhs, rhs):
                return build_contraction(problem, lhs, rhs)

        if not module.operation.verify():
            raise RuntimeError(f"input IR for {problem.key} does not verify")
        return module


@lru_cache(maxsize=1024)  # one build per problem: a sweep asks once per variant
def input_ir(problem: Problem) -> str:
    """Textual input IR for a problem (the compile driver's input)."""
    return str(build_module(problem))
