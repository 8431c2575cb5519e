"""MXFP4 problems: the scaled contraction's form and ABI, and exact (de)quantisation (numpy only).

Form (IREE's own scaled-matmul tests, e2e and config selection, 3.13): a ``linalg.generic`` over
(m, n, kb, k) with ins ``(A, B, A_scales, B_scales)`` indexed (m, kb, k), (n, kb, k), (m, kb),
(n, kb), each value operand extended with ``arith.scaling_extf value, scale : f4E2M1FN,
f8E8M0FNU to f32``, then mulf/addf into an f32 accumulator. K = kb x 32: one f8E8M0FNU scale
(2^(e-127)) per 32 values along K. A batch adds a leading parallel dim to every map.

ABI: f4/f8E8M0 cannot cross the function boundary in IREE 3.13 (``hal.element_type`` has no
encoding for them), so ``@gemm(A: [M,KB,16]xi8, A_scales: [M,KB]xi8, B: [N,KB,16]xi8,
B_scales: [N,KB]xi8) -> [M,N]xf32`` takes packed bytes (two e2m1 codes a byte, the even element
in the low nibble) and ``iree_tensor_ext.bitcast``s them to the f4/f8E8M0 tensors inside.

The IR is built in problems/scaled_ir.py: this module imports no compiler (the bench path uses it).
Operand order matters (compile-only finding, IREE 3.13, gfx950; README "MXFP4"): with ins
``(A, A_scales, B, B_scales)`` the default never picks a scaled MFMA, and a forced
``scaled_mma_layout`` fails ("contraction like operation missing critical dimension");
values first, then scales, is the order IREE's matchers expect.
"""

from __future__ import annotations

import numpy as np
import ml_dtypes

from .problem import Problem

SCALE_BIAS = 127  # f8E8M0FNU: value 2^(e - 127); e = 255 is NaN


def blocks(problem: Problem) -> int:
    return problem.k // problem.dt.scale_block


def lead_dims(problem: Problem) -> tuple[int, ...]:
    """(batch,) for a batched problem, else ()."""
    return (problem.batch,) if problem.batched else ()


def value_shape(problem: Problem, rows: int) -> tuple[int, ...]:
    """Shape of an f4 operand inside the kernel: [(b,) rows, KB, 32]."""
    return lead_dims(problem) + (rows, blocks(problem), problem.dt.scale_block)


def scale_shape(problem: Problem, rows: int) -> tuple[int, ...]:
    return lead_dims(problem) + (rows, blocks(problem))


def packed_shape(problem: Problem, rows: int) -> tuple[int, ...]:
    """Shape of an f4 operand at the ABI: [(b,) rows, KB, 16] bytes."""
    return lead_dims(problem) + (rows, blocks(problem), problem.dt.scale_block * problem.dt.value_bits // 8)


def abi_shapes(problem: Problem) -> list[tuple[int, ...]]:
    """Shapes (all i8) of @gemm's arguments: A, A_scales, B, B_scales."""
    return [packed_shape(problem, problem.m), scale_shape(problem, problem.m),
            packed_shape(problem, problem.n), scale_shape(problem, problem.n)]


def folds_m(problem: Problem) -> bool:
    """IREE drops a unit M before dispatch formation: the dispatch's op is then over (n, kb, k)."""
    return problem.m == 1 and not problem.batched


# ------------------------------------------------------------------ numpy side (exact)


def draw(rng: np.random.Generator, problem: Problem, rows: int) -> tuple[np.ndarray, np.ndarray]:
    """Seeded (values as float4_e2m1fn [(b,) rows, K], scale exponents as uint8 [(b,) rows, KB]).

    Values are N(0, 2) rounded to e2m1 (every code appears); exponents are 127 +- 3, so scales are
    2^-3 .. 2^3 and every product and partial sum stays far inside f32's range.
    """
    shape = lead_dims(problem) + (rows, problem.k)
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
