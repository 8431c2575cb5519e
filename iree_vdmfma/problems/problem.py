"""Problems: C[MxN] = A[MxK] . B[NxK]^T, optionally batched, with an element type.

A problem is a frozen value with a canonical string key; everything downstream
(configs, specs, compile jobs, result rows) is keyed by it.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

import ml_dtypes
import numpy as np

# Largest dimension we accept: the compiler indexes with signed 64-bit values,
# but a product of two dims must still fit, so keep each dim below 2**31.
MAX_DIM = 2**31 - 1


@dataclass(frozen=True)
class DType:
    """An element type: how MLIR spells it, its accumulator, its numpy twin."""

    name: str
    acc: str  # accumulator MLIR type: f32 or i32
    numpy: np.dtype
    is_int: bool = False
    is_fp8: bool = False
    # Microscaling (OCP MX) types: ``scale_block`` values share one power-of-two scale of type
    # ``scale_type``; values are ``value_bits`` wide and packed two per byte at the ABI (mxfp4).
    scale_block: int = 0
    scale_type: str = ""
    value_bits: int = 0

    @property
    def is_mx(self) -> bool:
        return self.scale_block > 0

    @property
    def value_type(self) -> str:
        """The MLIR type of one element inside the kernel (f4E2M1FN for mxfp4, else ``name``)."""
        return {"mxfp4": "f4E2M1FN"}.get(self.name, self.name)

    @property
    def bytes(self) -> int:
        return self.numpy.itemsize

    @property
    def acc_numpy(self) -> np.dtype:
        return np.dtype(np.int32 if self.is_int else np.float32)


DTYPES: dict[str, DType] = {
    d.name: d
    for d in (
        DType("f16", "f32", np.dtype(np.float16)),
        DType("bf16", "f32", np.dtype(ml_dtypes.bfloat16)),
        DType("f8E4M3FNUZ", "f32", np.dtype(ml_dtypes.float8_e4m3fnuz), is_fp8=True),
        DType("f8E5M2FNUZ", "f32", np.dtype(ml_dtypes.float8_e5m2fnuz), is_fp8=True),
        DType("f8E4M3FN", "f32", np.dtype(ml_dtypes.float8_e4m3fn), is_fp8=True),
        DType("f8E5M2", "f32", np.dtype(ml_dtypes.float8_e5m2), is_fp8=True),
        DType("i8", "i32", np.dtype(np.int8), is_int=True),
        # OCP MXFP4: f4E2M1FN values, one f8E8M0FNU (2^(e-127)) scale per 32 along K (problems/mxfp4.py)
        DType("mxfp4", "f32", np.dtype(ml_dtypes.float4_e2m1fn), scale_block=32, scale_type="f8E8M0FNU",
              value_bits=4),
    )
}


def dtype(name: str) -> DType:
    try:
        return DTYPES[name]
    except KeyError:
        raise ValueError(f"unknown dtype {name!r}; valid: {', '.join(DTYPES)}") from None


@dataclass(frozen=True)
class Problem:
    """One GEMM: C[batch][m][n] = sum_k A[batch][m][k] * B[batch][n][k]."""

    m: int
    n: int
    k: int
    batch: int = 1
    dtype: str = "f16"
    name: str = ""

    def __post_init__(self) -> None:
        for field in ("m", "n", "k", "batch"):
            value = getattr(self, field)
            if not isinstance(value, int) or value < 1:
                raise ValueError(f"{field} must be a positive integer, got {value!r}")
            if value > MAX_DIM:
                raise ValueError(f"{field}={value} exceeds the compiler's index range ({MAX_DIM})")
        dt = dtype(self.dtype)  # validates
        if dt.is_mx and self.k % dt.scale_block:
            raise ValueError(f"k={self.k} must be a multiple of {dt.scale_block} for {self.dtype} "
                             f"(one scale per {dt.scale_block} values along K)")
        if not self.name:
            object.__setattr__(self, "name", self.key)

    @property
    def key(self) -> str:
        """Canonical shape key, e.g. ``f16_8x13312x16384`` or ``i8_b4_8x2304x8192``."""
        batch = f"b{self.batch}_" if self.batch > 1 else ""
        return f"{self.dtype}_{batch}{self.m}x{self.n}x{self.k}"

    def identity(self) -> dict:
        """The identity columns every row schema shares (results, tune candidates and winners)."""
        return {"key": self.key, "name": self.name, "m": self.m, "n": self.n, "k": self.k, "batch": self.batch,
                "dtype": self.dtype}

    @cached_property
    def dt(self) -> DType:
        return dtype(self.dtype)

    @property
    def batched(self) -> bool:
        return self.batch > 1

    def shapes(self) -> tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]:
        """Shapes of A, B and C (with a leading batch dim when batched)."""
        lead = (self.batch,) if self.batched else ()
        return lead + (self.m, self.k), lead + (self.n, self.k), lead + (self.m, self.n)

    @property
    def flops(self) -> int:
        return 2 * self.batch * self.m * self.n * self.k

    def operand_bytes(self, rows: int) -> int:
        """Bytes of one operand with ``rows`` rows of K elements (MX: packed values + one scale byte a block)."""
        dt = self.dt
        if dt.is_mx:
            return self.batch * rows * (self.k * dt.value_bits // 8 + self.k // dt.scale_block)
        return self.batch * rows * self.k * dt.bytes

    @property
    def weight_bytes(self) -> int:
        return self.operand_bytes(self.n)

    @property
    def bytes_moved(self) -> int:
        """Compulsory traffic: read A and B once, write C once."""
        a = self.operand_bytes(self.m)
        c = self.batch * self.m * self.n * self.dt.acc_numpy.itemsize
        return a + self.weight_bytes + c
