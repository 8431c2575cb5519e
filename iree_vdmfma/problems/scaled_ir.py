"""The MXFP4 scaled contraction as IR, built with the bindings (the format itself: problems/mxfp4.py).

See mxfp4.py for the form, the ABI and why the operand order is IREE's (A, B, A_scales, B_scales).
"""

from __future__ import annotations

from iree.compiler import ir
from iree.compiler.dialects import arith, func, iree_tensor_ext, tensor

from .linalg_ops import GenericOp, YieldOp, fill, iterator_types as linalg_iterator_types
from .mxfp4 import lead_dims, abi_shapes, scale_shape, value_shape
from .problem import Problem
from ..util.mlir import shared_context

FUNC_NAME = "gemm"


def indexing_maps(problem: Problem, folded: bool = False) -> list[ir.AffineMap]:
    """Maps of (A, B, A_scales, B_scales, C) over ((b,) m, n, kb, k), without m when ``folded``."""
    lead = 1 if problem.batched else 0
    rank = lead + (3 if folded else 4)
    d = [ir.AffineDimExpr.get(i) for i in range(rank)]
    b = d[:lead]
    m = [] if folded else [d[lead]]
    n, kb, k = d[-3:]
    return [ir.AffineMap.get(rank, 0, x) for x in
            (b + m + [kb, k], b + [n, kb, k], b + m + [kb], b + [n, kb], b + m + [n])]


def iterator_types(problem: Problem, folded: bool = False) -> list[str]:
    return ["parallel"] * ((1 if problem.batched else 0) + (1 if folded else 2)) + ["reduction", "reduction"]


def _types(problem: Problem):
    dt = problem.dt
    val, scale, f32 = ir.Type.parse(dt.value_type), ir.Type.parse(dt.scale_type), ir.F32Type.get()
    return val, scale, f32


def build_scaled_generic(problem: Problem, a: ir.Value, b: ir.Value, a_scales: ir.Value, b_scales: ir.Value,
                         out: ir.Value, folded: bool = False) -> ir.Operation:
    """The scaled contraction (IREE's operand order) at the current insertion point."""
    val, scale, f32 = _types(problem)
    generic = GenericOp(
        [out.type], [a, b, a_scales, b_scales], [out],
        ir.ArrayAttr.get([ir.AffineMapAttr.get(m) for m in indexing_maps(problem, folded)]),
        linalg_iterator_types(iterator_types(problem, folded)),
    )
    block = generic.regions[0].blocks.append(val, val, scale, scale, f32)
    x, y, xs, ys, acc = block.arguments
    with ir.InsertionPoint(block):
        xa = arith.ScalingExtFOp(f32, x, xs).result
        ya = arith.ScalingExtFOp(f32, y, ys).result
        YieldOp([arith.addf(acc, arith.mulf(xa, ya))])
    return generic


def kernel_operand_types(problem: Problem, folded: bool = False) -> list[ir.Type]:
    """Tensor types of A, B, A_scales, B_scales, C as the contraction sees them (needs a context)."""
    val, scale, f32 = _types(problem)
    t = lambda shape, e: ir.RankedTensorType.get(list(shape), e)  # noqa: E731
    drop = (lambda shape: shape[1:]) if folded else (lambda shape: shape)  # noqa: E731
    return [t(drop(value_shape(problem, problem.m)), val), t(value_shape(problem, problem.n), val),
            t(drop(scale_shape(problem, problem.m)), scale), t(scale_shape(problem, problem.n), scale),
            t(drop(lead_dims(problem) + (problem.m, problem.n)), f32)]


def build_module(problem: Problem, context: ir.Context | None = None) -> ir.Module:
    """A verified module with ``func.func @gemm(A, A_scales, B, B_scales) -> C`` (i8 at the ABI)."""
    ctx = context or shared_context()
    with ctx, ir.Location.unknown():
        module = ir.Module.create()
        i8 = ir.IntegerType.get_signless(8)
        abi = [ir.RankedTensorType.get(list(s), i8) for s in abi_shapes(problem)]
        a_t, b_t, as_t, bs_t, c_t = kernel_operand_types(problem)
        with ir.InsertionPoint(module.body):

            @func.FuncOp.from_py_func(*abi, name=FUNC_NAME)
            def gemm(a8, as8, b8, bs8):
                cast = lambda typ, v: iree_tensor_ext.BitCastOp(typ, v, [], []).result  # noqa: E731
                a, a_s, b, b_s = cast(a_t, a8), cast(as_t, as8), cast(b_t, b8), cast(bs_t, bs8)
                zero = arith.constant(ir.F32Type.get(), 0.0)
                empty = tensor.EmptyOp(list(c_t.shape), ir.F32Type.get())
                filled = fill(zero, empty.result)
                return build_scaled_generic(problem, a, b, a_s, b_s, filled).result

        if not module.operation.verify():
            raise RuntimeError(f"input IR for {problem.key} does not verify")
        return module


