"""Numerics: seeded inputs, a numpy reference and the ONE tolerance rule.

Inputs are drawn in the problem's element type (fp8/bf16 through ml_dtypes): a
float value is drawn from N(0, 1) and cast, so what the kernel sees and what
the reference uses are the same dtype-rounded numbers; i8 draws integers
uniformly in [-bound, bound] with ``bound`` small enough that no i32 partial sum
can overflow. MXFP4 draws e2m1 values and f8E8M0 scale exponents 127 +- 3
(problems/mxfp4.draw); the reference dequantizes them exactly (value x
2^(scale-127), float64) and the float rule below applies to the dequantized A, B.

Reference: the contraction of the dtype-rounded inputs upcast to float64
(int64 for i8), then rounded to the accumulator type (f32 / i32). Products of
two 8- or 16-bit floats are exact in f32, so the only error a correct kernel
makes is the rounding of its f32 accumulation; the float64 reference has none
worth counting.

TOLERANCE RULE (the only place it is written; ``tolerance`` implements it)::

    integer dtypes (i8 -> i32):   |C - ref| == 0            (exact)
    float dtypes   (-> f32):      |C - ref| <= TOL_SAFETY * sqrt(K) * eps_f32 * S
                                  S[i, j] = sum_k |A[i, k]| * |B[j, k]|

Rationale: each f32 add rounds with relative error <= eps_f32 (2**-23, i.e.
2 * unit roundoff); over K terms the rounding errors behave like a random walk,
so the error of a dot product grows like sqrt(K) * eps_f32 * S (Higham,
"probabilistic error analysis"); the worst case is K * eps_f32 * S.
``S`` (the sum of absolute products, not |sum|) keeps the bound valid when
terms cancel or all have one sign. With TOL_SAFETY = 4 a plain sequential f32
loop over these N(0,1) inputs uses at most ~4% of the bound (measured for
K = 512..65536), so tree/blocked orders, FMA, and hardware accumulators that
round less carefully all pass; an f16 accumulator, a lost K-tile or a wrong
element fail (tests/test_numerics.py shows each). The rule is per element and
the same for every batch of a batched problem.

A kernel whose output is a narrower float than the accumulator (the torch peer
where the library returns f16/bf16) is held to the same rule plus the rounding of
that output: ``+ 0.5 * eps_out * (|ref| + tol)`` (round-to-nearest moves a value by
at most half an ulp); ``output_dtype`` names it. Everything else is unchanged.

Reported errors: ``max_abs_err = max |C - ref|`` and ``max_rel_err =
max |C - ref| / max |ref|`` (norm-wise, so a reference element that cancels to
~0 cannot blow it up). Any NaN/Inf in C, or a shape mismatch, fails.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Optional

import ml_dtypes
import numpy as np

from ..problems import mxfp4
from ..problems.problem import Problem

EPS_F32 = float(np.finfo(np.float32).eps)  # 2**-23
TOL_SAFETY = 4.0
PASS, FAIL = "pass", "fail"

TOLERANCE_RULE = (
    "int: exact; float: |C-ref| <= "
    f"{TOL_SAFETY:g}*sqrt(K)*eps_f32*sum_k|a||b| (per element)"
)


@dataclass(frozen=True)
class Inputs:
    a: np.ndarray  # problem dtype, shape problem.shapes()[0] (MX: the e2m1 values)
    b: np.ndarray  # problem dtype, shape problem.shapes()[1]
    seed: int
    a_scale: Optional[np.ndarray] = None  # MX only: uint8 scale exponents, [(b,) M, K/32]
    b_scale: Optional[np.ndarray] = None

    @property
    def mx(self) -> bool:
        return self.a_scale is not None

    def lhs_args(self) -> list[np.ndarray]:
        """@gemm's activation arguments: [A], or for MX [packed A, A scales] (int8)."""
        if not self.mx:
            return [self.a]
        return [mxfp4.pack(self.a), self.a_scale.view(np.int8)]

    def weights(self) -> np.ndarray:
        """One weight copy as @gemm_loop rotates it: B, or for MX packed B then B's scales (uint8)."""
        if not self.mx:
            return self.b
        return np.concatenate([mxfp4.pack(self.b).view(np.uint8).reshape(-1), self.b_scale.reshape(-1)])

    def gemm_args(self) -> list[np.ndarray]:
        """All of @gemm's arguments in ABI order."""
        if not self.mx:
            return [self.a, self.b]
        return self.lhs_args() + [mxfp4.pack(self.b), self.b_scale.view(np.int8)]

    def wide(self) -> tuple[np.ndarray, np.ndarray]:
        """A and B as the reference sees them: MX dequantized exactly to float64, else as drawn."""
        if not self.mx:
            return self.a, self.b
        return mxfp4.dequantize(self.a, self.a_scale), mxfp4.dequantize(self.b, self.b_scale)


def abi_elem(problem: Problem) -> str:
    """The element type every @gemm argument is passed as (MX: packed bytes, i8)."""
    return "i8" if problem.dt.is_mx else problem.dtype


def int_bound(k: int) -> int:
    """Largest |value| for i8 inputs so that K * bound**2 fits in i32."""
    return max(1, min(127, int(math.isqrt((2**31 - 1) // max(k, 1)))))


def make_inputs(problem: Problem, seed: int = 0) -> Inputs:
    """Seeded A and B in the problem's element type (values representable in it)."""
    rng = np.random.default_rng(seed)
    a_shape, b_shape, _ = problem.shapes()
    dt = problem.dt
    if dt.is_mx:
        (a, a_scale), (b, b_scale) = mxfp4.draw(rng, problem, problem.m), mxfp4.draw(rng, problem, problem.n)
        return Inputs(a, b, seed, a_scale, b_scale)
    if dt.is_int:
        bound = int_bound(problem.k)
        draw = lambda shape: rng.integers(-bound, bound + 1, size=shape, dtype=np.int64)  # noqa: E731
    else:
        draw = lambda shape: rng.standard_normal(size=shape, dtype=np.float32)  # noqa: E731
    a = np.ascontiguousarray(draw(a_shape).astype(dt.numpy))
    b = np.ascontiguousarray(draw(b_shape).astype(dt.numpy))
    return Inputs(a, b, seed)


def _wide(x: np.ndarray, is_int: bool) -> np.ndarray:
    return x.astype(np.int64 if is_int else np.float64)


def reference(problem: Problem, a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """C = A . B^T (batched when A/B are 3-D) in the accumulator type."""
    dt = problem.dt
    c = np.matmul(_wide(a, dt.is_int), np.swapaxes(_wide(b, dt.is_int), -1, -2))
    return c.astype(dt.acc_numpy)


def abs_product_sum(problem: Problem, a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """S[i, j] = sum_k |A[i, k]| * |B[j, k]| in float64 (the rule's scale)."""
    dt = problem.dt
    return np.matmul(np.abs(_wide(a, dt.is_int)).astype(np.float64),
                     np.swapaxes(np.abs(_wide(b, dt.is_int)).astype(np.float64), -1, -2))


def tolerance(problem: Problem, abs_sum: np.ndarray, ref: np.ndarray | None = None,
              output_dtype: str | None = None) -> np.ndarray:
    """Per-element allowed |C - ref| under TOLERANCE_RULE (plus output rounding, see above)."""
    if problem.dt.is_int:
        return np.zeros_like(abs_sum)
    tol = TOL_SAFETY * math.sqrt(problem.k) * EPS_F32 * abs_sum
    if output_dtype and ref is not None:
        from ..problems.problem import dtype as get_dtype

        eps_out = float(ml_dtypes.finfo(get_dtype(output_dtype).numpy).eps)
        tol = tol + 0.5 * eps_out * (np.abs(ref.astype(np.float64)) + tol)
    return tol


@dataclass(frozen=True)
class NumericsResult:
    passed: bool
    max_abs_err: float
    max_rel_err: float
    bad_elements: int = 0
    worst_index: tuple[int, ...] = ()
    rule: str = TOLERANCE_RULE
    message: str = ""
    checked: list[str] = field(default_factory=list)  # which outputs were compared

    @property
    def verdict(self) -> str:
        return PASS if self.passed else FAIL

    def merge(self, other: "NumericsResult") -> "NumericsResult":
        """Combine checks of several outputs: passes only if all pass, worst errors."""
        worst = self if self.max_abs_err >= other.max_abs_err else other
        msgs = "; ".join(m for m in (self.message, other.message) if m)
        return NumericsResult(
            passed=self.passed and other.passed,
            max_abs_err=max(self.max_abs_err, other.max_abs_err),
            max_rel_err=max(self.max_rel_err, other.max_rel_err),
            bad_elements=self.bad_elements + other.bad_elements,
            worst_index=worst.worst_index, rule=self.rule, message=msgs,
            checked=self.checked + other.checked)


def compare(problem: Problem, got: np.ndarray, ref: np.ndarray, abs_sum: np.ndarray,
            label: str = "C", output_dtype: str | None = None) -> NumericsResult:
    """Check a computed C against the reference under TOLERANCE_RULE."""
    got = np.asarray(got)
    if got.shape != ref.shape:
        return NumericsResult(False, math.inf, math.inf, int(ref.size), (),
                              message=f"{label}: shape {got.shape} != expected {ref.shape}",
                              checked=[label])
    wide = np.int64 if problem.dt.is_int else np.float64
    g = got.astype(wide)
    finite = np.isfinite(g) if not problem.dt.is_int else np.ones(g.shape, bool)
    err = np.abs(g - ref.astype(wide)).astype(np.float64)
    err = np.where(finite, err, np.inf)
    tol = tolerance(problem, abs_sum, ref, output_dtype)
    bad = ~(err <= tol)
    n_bad = int(bad.sum())
    max_abs = float(err.max()) if err.size else 0.0
    scale = float(np.abs(ref.astype(np.float64)).max()) if ref.size else 0.0
    max_rel = max_abs / scale if scale > 0 else (0.0 if max_abs == 0 else math.inf)
    worst = tuple(int(i) for i in np.unravel_index(int(np.argmax(err)), err.shape)) if err.size else ()
    msg = ""
    if n_bad:
        w = worst
        msg = (f"{label}: {n_bad}/{err.size} elements out of tolerance; worst at {w}: "
               f"got {g[w]!r}, expected {ref[w]!r}, |err| {err[w]:.3g} > tol {tol[w]:.3g}")
        if not finite.all():
            msg += f"; {int((~finite).sum())} non-finite values"
    return NumericsResult(n_bad == 0, max_abs, max_rel, n_bad, worst, message=msg, checked=[label])


class Checker:
    """Reference and tolerance for one problem and seed, computed once."""

    def __init__(self, problem: Problem, seed: int = 0, inputs: Inputs | None = None):
        self.problem = problem
        self.inputs = inputs or make_inputs(problem, seed)
        a, b = self.inputs.wide()
        self.ref = reference(problem, a, b)
        self.abs_sum = abs_product_sum(problem, a, b)
        self._rotation = None

    def loop_rotation(self, make):
        """The @gemm_loop check's two-copy weight buffer, built once per problem (a tune checks every candidate
        of a shape with one Checker; on the H200 rebuilding it cost a large share of each check)."""
        if self._rotation is None:
            self._rotation = make()
        return self._rotation

    def check(self, got: np.ndarray, label: str = "C", output_dtype: str | None = None) -> NumericsResult:
        """``output_dtype``: the float type ``got`` was rounded to, when narrower than the accumulator."""
        return compare(self.problem, got, self.ref, self.abs_sum, label, output_dtype)
