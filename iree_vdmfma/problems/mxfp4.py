"""MXFP4 problems: the scaled contraction IR real compilers see, its ABI, and exact (de)quantisation.

Form (IREE's own scaled-matmul tests, e2e and config selection, 3.13): a ``linalg.generic`` over
(m, n, kb, k) with ins ``(A, B, A_scales, B_scales)`` indexed (m, kb, k), (n, kb, k), (m, kb),
(n, kb), each value operand extended with ``arith.scaling_extf value, scale : f4E2M1FN,
f8E8M0FNU to f32``, then mulf/addf into an f32 accumulator. K = kb x 32: one f8E8M0FNU scale
(2^(e-127)) per 32 values along K. A batch adds a leading parallel dim to every map.

ABI: f4/f8E8M0 cannot cross the function boundary in IREE 3.13 (``hal.element_type`` has no
encoding for them), so ``@gemm(A: [M,KB,16]xi8, A_scales: [M,KB]xi8, B: [N,KB,16]xi8,
B_scales: [N,KB]xi8) -> [M,N]xf32`` takes packed bytes (two e2m1 codes a byte, the even element
in the low nibble) and ``iree_tensor_ext.bitcast``s them to the f4/f8E8M0 tensors inside.

Operand order matters (compile-only finding, IREE 3.13, gfx950; README "MXFP4"): with ins
``(A, A_scales, B, B_scales)`` the default never picks a scaled MFMA, and a forced
``scaled_mma_layout`` fails ("contraction like operation missing critical dimension");
values first, then scales, is the order IREE's matchers expect.
"""

from __future__ import annotations

import numpy as np
import ml_dtypes

from iree.compiler import ir
from iree.compiler.dialects import arith, func, iree_tensor_ext, linalg, tensor

from .problem import Problem

FUNC_NAME = "gemm"
SCALE_BIAS = 127  # f8E8M0FNU: value 2^(e - 127); e = 255 is NaN


def blocks(problem: Problem) -> int:
    return problem.k // problem.dt.scale_block


def _lead(problem: Problem) -> tuple[int, ...]:
    return (problem.batch,) if problem.batched else ()


def value_shape(problem: Problem, rows: int) -> tuple[int, ...]:
    """Shape of an f4 operand inside the kernel: [(b,) rows, KB, 32]."""
    return _lead(problem) + (rows, blocks(problem), problem.dt.scale_block)


def scale_shape(problem: Problem, rows: int) -> tuple[int, ...]:
    return _lead(problem) + (rows, blocks(problem))


def packed_shape(problem: Problem, rows: int) -> tuple[int, ...]:
    """Shape of an f4 operand at the ABI: [(b,) rows, KB, 16] bytes."""
    return _lead(problem) + (rows, blocks(problem), problem.dt.scale_block * problem.dt.value_bits // 8)


def abi_shapes(problem: Problem) -> list[tuple[int, ...]]:
    """Shapes (all i8) of @gemm's arguments: A, A_scales, B, B_scales."""
    return [packed_shape(problem, problem.m), scale_shape(problem, problem.m),
            packed_shape(problem, problem.n), scale_shape(problem, problem.n)]


def folds_m(problem: Problem) -> bool:
    """IREE drops a unit M before dispatch formation: the dispatch's op is then over (n, kb, k)."""
    return problem.m == 1 and not problem.batched


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
    generic = linalg.GenericOp(
        [out.type], [a, b, a_scales, b_scales], [out],
        ir.ArrayAttr.get([ir.AffineMapAttr.get(m) for m in indexing_maps(problem, folded)]),
        ir.ArrayAttr.get([ir.Attribute.parse(f"#linalg.iterator_type<{t}>")
                          for t in iterator_types(problem, folded)]),
    )
    block = generic.regions[0].blocks.append(val, val, scale, scale, f32)
    x, y, xs, ys, acc = block.arguments
    with ir.InsertionPoint(block):
        xa = arith.ScalingExtFOp(f32, x, xs).result
        ya = arith.ScalingExtFOp(f32, y, ys).result
        linalg.YieldOp([arith.addf(acc, arith.mulf(xa, ya))])
    return generic


def kernel_operand_types(problem: Problem, folded: bool = False) -> list[ir.Type]:
    """Tensor types of A, B, A_scales, B_scales, C as the contraction sees them (needs a context)."""
    val, scale, f32 = _types(problem)
    t = lambda shape, e: ir.RankedTensorType.get(list(shape), e)  # noqa: E731
    drop = (lambda shape: shape[1:]) if folded else (lambda shape: shape)  # noqa: E731
    return [t(drop(value_shape(problem, problem.m)), val), t(value_shape(problem, problem.n), val),
            t(drop(scale_shape(problem, problem.m)), scale), t(scale_shape(problem, problem.n), scale),
            t(drop(_lead(problem) + (problem.m, problem.n)), f32)]


def build_module(problem: Problem, context: ir.Context | None = None) -> ir.Module:
    """A verified module with ``func.func @gemm(A, A_scales, B, B_scales) -> C`` (i8 at the ABI)."""
    ctx = context or ir.Context()
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
                filled = linalg.fill(zero, outs=[empty.result])
                return build_scaled_generic(problem, a, b, a_s, b_s, filled).result

        if not module.operation.verify():
            raise RuntimeError(f"input IR for {problem.key} does not verify")
        return module


# ------------------------------------------------------------------ numpy side (exact)


def draw(rng: np.random.Generator, problem: Problem, rows: int) -> tuple[np.ndarray, np.ndarray]:
    """Seeded (values as float4_e2m1fn [(b,) rows, K], scale exponents as uint8 [(b,) rows, KB]).

    Values are N(0, 2) rounded to e2m1 (every code appears); exponents are 127 +- 3, so scales are
    2^-3 .. 2^3 and every product and partial sum stays far inside f32's range.
    """
    shape = _lead(problem) + (rows, problem.k)
    values = (rng.standard_normal(size=shape, dtype=np.float32) * 2).astype(ml_dtypes.float4_e2m1fn)
    exps = rng.integers(SCALE_BIAS - 3, SCALE_BIAS + 4, size=scale_shape(problem, rows), dtype=np.int64)
    return np.ascontiguousarray(values), exps.astype(np.uint8)


def dequantize(values: np.ndarray, exps: np.ndarray, block: int = 32) -> np.ndarray:
    """value x 2^(e - 127) in float64, exactly (every e2m1 value times a power of two is a float64)."""
    scale = np.ldexp(1.0, exps.astype(np.int64) - SCALE_BIAS)
    return values.astype(np.float64) * np.repeat(scale, block, axis=-1)


def pack(values: np.ndarray, block: int = 32) -> np.ndarray:
    """e2m1 codes two a byte (element 2i in the low nibble), as int8 [(b,) rows, KB, block/2]."""
    codes = values.view(np.uint8) & 0xF
    packed = (codes[..., 0::2] | (codes[..., 1::2] << 4)).astype(np.uint8)
    return np.ascontiguousarray(packed.reshape(packed.shape[:-1] + (-1, block // 2))).view(np.int8)


def unpack(packed: np.ndarray) -> np.ndarray:
    """Inverse of :func:`pack`: float4_e2m1fn [(b,) rows, K]."""
    p = packed.view(np.uint8).reshape(packed.shape[:-2] + (-1,))
    codes = np.stack([p & 0xF, p >> 4], axis=-1).reshape(p.shape[:-1] + (-1,))
    return codes.astype(np.uint8).view(ml_dtypes.float4_e2m1fn)
