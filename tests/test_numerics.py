"""Numerics: inputs in the dtype, the reference, and the tolerance rule (no compiler needed)."""

import math

import ml_dtypes
import numpy as np
import pytest

from iree_vdmfma.run import numerics as nm
from iree_vdmfma.problems.problem import DTYPES, Problem

FLOAT_DTYPES = [d for d, t in DTYPES.items() if not t.is_int]


@pytest.mark.parametrize("dtype", list(DTYPES))
def test_inputs_are_seeded_and_representable(dtype):
    p = Problem(8, 16, 64, dtype=dtype)
    x, y = nm.make_inputs(p, seed=3), nm.make_inputs(p, seed=3)
    assert x.a.dtype == p.dt.numpy and x.b.dtype == p.dt.numpy
    assert x.a.shape == (8, 64) and x.b.shape == (16, 64)
    assert np.array_equal(x.a.view(np.uint8), y.a.view(np.uint8))  # same seed, same bits
    z = nm.make_inputs(p, seed=4)
    assert not np.array_equal(x.b.view(np.uint8), z.b.view(np.uint8))
    # round trip through f32 is exact: the values are representable in the dtype
    back = x.b.astype(np.float32).astype(p.dt.numpy)
    assert np.array_equal(back.view(np.uint8), x.b.view(np.uint8))
    assert np.isfinite(x.a.astype(np.float32)).all()
    assert np.unique(x.b.astype(np.float32)).size > 4  # not degenerate


def test_int_bound_keeps_i32_sums_in_range():
    for k in (1, 512, 16384, 2**20):
        b = nm.int_bound(k)
        assert 1 <= b <= 127 and k * b * b <= 2**31 - 1


def test_reference_small_exact_example():
    p = Problem(2, 3, 2, dtype="i8")
    a = np.array([[1, 2], [3, -4]], np.int8)
    b = np.array([[1, 0], [0, 1], [2, 2]], np.int8)
    ref = nm.reference(p, a, b)
    assert ref.dtype == np.int32
    assert ref.tolist() == [[1, 2, 6], [3, -4, -2]]


def test_reference_uses_rounded_inputs_and_f32_output():
    p = Problem(4, 8, 32, dtype="f8E4M3FNUZ")
    x = nm.make_inputs(p, 0)
    ref = nm.reference(p, x.a, x.b)
    assert ref.dtype == np.float32
    exact = x.a.astype(np.float64) @ x.b.astype(np.float64).T
    assert np.allclose(ref, exact, rtol=1e-6, atol=0)


def test_batched_reference_is_per_batch():
    p = Problem(4, 8, 32, batch=3, dtype="bf16")
    x = nm.make_inputs(p, 1)
    assert x.a.shape == (3, 4, 32) and x.b.shape == (3, 8, 32)
    ref = nm.reference(p, x.a, x.b)
    for i in range(3):
        single = x.a[i].astype(np.float64) @ x.b[i].astype(np.float64).T
        assert np.allclose(ref[i], single)
    chk = nm.Checker(p, inputs=x)
    assert chk.check(ref).passed
    bad = ref.copy()
    bad[2, 3, 7] += 1.0
    res = chk.check(bad)
    assert not res.passed and res.worst_index == (2, 3, 7) and res.bad_elements == 1


def test_int_must_be_exact():
    p = Problem(8, 16, 256, dtype="i8")
    chk = nm.Checker(p, seed=0)
    assert chk.check(chk.ref).passed
    off = chk.ref.copy()
    off[0, 0] += 1
    res = chk.check(off)
    assert not res.passed and res.max_abs_err == 1.0 and res.verdict == nm.FAIL


@pytest.mark.parametrize("k", [512, 4096, 16384])
def test_f32_accumulation_passes_f16_accumulation_fails(k):
    """The rule admits any f32 summation order but not a lower-precision accumulator."""
    p = Problem(4, 32, k, dtype="f16")
    chk = nm.Checker(p, seed=1)
    prods = chk.inputs.a.astype(np.float32)[:, None, :] * chk.inputs.b.astype(np.float32)[None, :, :]
    seq32 = np.cumsum(prods, axis=-1, dtype=np.float32)[..., -1]  # naive sequential f32
    pair32 = prods.sum(axis=-1, dtype=np.float32)  # numpy pairwise f32
    assert chk.check(seq32).passed and chk.check(pair32).passed
    acc16 = np.cumsum(prods.astype(np.float16), axis=-1, dtype=np.float16)[..., -1]
    assert not chk.check(acc16.astype(np.float32)).passed


@pytest.mark.parametrize("dtype", FLOAT_DTYPES)
def test_lost_k_tile_fails(dtype):
    p = Problem(8, 16, 512, dtype=dtype)
    chk = nm.Checker(p, seed=2)
    a, b = chk.inputs.a.astype(np.float32), chk.inputs.b.astype(np.float32)
    short = a[:, :-64] @ b[:, :-64].T  # a kernel that skipped the last 64-wide K tile
    res = chk.check(short)
    assert not res.passed and res.bad_elements > 0.9 * short.size
    assert "out of tolerance" in res.message


def test_tolerance_scales_with_sqrt_k_and_is_zero_for_int():
    s = np.ones((2, 2))
    t1 = nm.tolerance(Problem(8, 8, 1024), s)
    t4 = nm.tolerance(Problem(8, 8, 4096), s)
    assert np.allclose(t4 / t1, 2.0)
    assert np.allclose(t1, nm.TOL_SAFETY * math.sqrt(1024) * nm.EPS_F32)
    assert not nm.tolerance(Problem(8, 8, 1024, dtype="i8"), s).any()


def test_nan_shape_and_rel_error_definition():
    p = Problem(4, 4, 64)
    chk = nm.Checker(p, seed=0)
    nan = chk.ref.copy()
    nan[1, 1] = np.nan
    r = chk.check(nan)
    assert not r.passed and math.isinf(r.max_abs_err) and "non-finite" in r.message
    assert not chk.check(chk.ref[:3]).passed  # wrong shape
    bump = chk.ref.copy()
    bump[0, 0] += 0.5
    r = chk.check(bump)
    assert r.max_abs_err == pytest.approx(0.5, rel=1e-6)
    assert r.max_rel_err == pytest.approx(0.5 / np.abs(chk.ref).max(), rel=1e-6)


def test_merge_keeps_worst():
    p = Problem(4, 4, 64)
    chk = nm.Checker(p, seed=0)
    good = chk.check(chk.ref, "gemm")
    bad_c = chk.ref.copy()
    bad_c[0, 0] += 10
    bad = chk.check(bad_c, "gemm_loop")
    m = good.merge(bad)
    assert not m.passed and m.max_abs_err == bad.max_abs_err and m.checked == ["gemm", "gemm_loop"]


def test_fp8_variants_differ():
    a = np.array([1.0, 2.0, 3.5], np.float32)
    assert a.astype(ml_dtypes.float8_e4m3fnuz).view(np.uint8).tolist() != \
        a.astype(ml_dtypes.float8_e4m3fn).view(np.uint8).tolist()
