"""Intrinsic catalog: per target and element type, the VDMFMA virtual intrinsic
and the dense MFMA of the padded baseline.

What the compiler can tell, we ask it: the target's concrete MMA intrinsics come
from ``iree_gpu.TargetInfo`` of the executable target iree-compile builds for
the arch, and shapes/element types from ``MMAAttr``/``VirtualMMAAttr``. What it
cannot tell is which sparse ``v_smfmac`` K-depths the chip has (IREE's selector
only lists f16/bf16 VDMFMA); that is the ISA fact its target registers (``Target.smfmac_k``, backends/rocm/targets.py), checked
by compiling every pairing (see shared notes and tests/test_catalog.py).

RDNA (gfx11xx / gfx12xx): TargetInfo lists the dense WMMA intrinsics (IREE 3.13:
``WMMAR3_*`` on gfx1100/gfx1101: f16, bf16 and i8 inputs; ``WMMAR4_*`` on gfx1200/gfx1201,
fp8 OCP too), all 16x16x16 on 32 lanes. ``VirtualMMAIntrinsic`` has no sparse (VDMFMA)
intrinsic built on WMMA, and the RDNA3 ISA has no sparse matrix instruction, so
RDNA targets get no virtual intrinsics here (:func:`has_vdmfma` is False).
"""

from __future__ import annotations

import re
import shlex
import subprocess
import tempfile
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from iree.compiler import ir
from iree.compiler.dialects import iree_gpu

from ..problems.problem import DTYPES, dtype as get_dtype
from ..devices.flags import compile_flags
from ..devices.targets import target as get_target
from ..compiler.driver import stall_seconds
from ..compiler.errors import ToolFailed, signal_name, first_error_line
from ..compiler.toolchain import tool
from ..util.procs import Hung, run_group
from ..util.mlir import shared_context

_VDMFMA_NAME = re.compile(r"^VDMFMA_(?P<acc>[FI]32)_(?P<m>\d+)x(?P<n>\d+)x(?P<k>\d+)x(?P<unroll>\d+)_(?P<ab>.+)$")


class IntrinsicUnavailableError(ValueError):
    pass


@dataclass(frozen=True)
class Intrinsic:
    name: str
    virtual: bool
    m: int
    n: int
    k: int
    k_unroll: int
    lhs: str
    rhs: str
    acc: str
    in_selector: bool  # IREE's own selector lists it for this target
    lanes: int = 64  # subgroup size the intrinsic's layout is for: 64 (MFMA), 32 (RDNA WMMA)
    scaled: bool = False  # block-scaled (K is two loops): configs/scaled.py's ScaledIntrinsic

    @property
    def mnk(self) -> tuple[int, int, int]:
        return (self.m, self.n, self.k)

    def attr(self) -> ir.Attribute:
        """The mma_kind attribute (needs an active context)."""
        if self.virtual:
            return iree_gpu.VirtualMMAAttr.get(getattr(iree_gpu.VirtualMMAIntrinsic, self.name))
        return iree_gpu.MMAAttr.get(getattr(iree_gpu.MMAIntrinsic, self.name))


PROBE_TIMEOUT_S = 120.0  # the probe takes about a second; a stalled one is ended sooner (stall_seconds)


@lru_cache(maxsize=None)
def executable_target_text(arch: str) -> str:
    """The #hal.executable.target iree-compile builds for the arch (one cheap compile), run watched as every
    compile is (util/procs.run_group: its group ended on a stall, the timeout or an interrupt). ToolFailed, one
    line with the command, when it fails, hangs or is killed."""
    src = "func.func @f(%a: tensor<4xf32>) -> tensor<4xf32> {\n  return %a : tensor<4xf32>\n}\n"
    with tempfile.TemporaryDirectory(prefix="vdmfma-target-") as tmp:
        inp = Path(tmp) / "t.mlir"
        inp.write_text(src, encoding="utf-8")
        cmd = [tool("iree-compile"), str(inp), *compile_flags(arch), "--compile-to=executable-sources"]
        said = f"the target-info compile for {arch}"
        try:
            done = run_group(cmd, PROBE_TIMEOUT_S, stall_s=stall_seconds())
        except Hung:
            raise ToolFailed(f"{said} hung (no CPU time, no thread running) and was ended: {shlex.join(cmd)}") from None
        except subprocess.TimeoutExpired:
            raise ToolFailed(f"{said} ran past {PROBE_TIMEOUT_S:g} s and was ended: {shlex.join(cmd)}") from None
        if done.returncode:
            why = (f"ended by {signal_name(done.returncode)}" if done.returncode < 0
                   else first_error_line(done.stderr) or f"exit code {done.returncode}")
            raise ToolFailed(f"{said} failed ({why}): {shlex.join(cmd)}")
        out = done.stdout
    match = re.search(r"#hal\.executable\.target<\"rocm\".*?\}>", out)
    if not match:
        raise RuntimeError(f"iree-compile printed no rocm executable target for {arch}")
    return match.group(0)


def _element_name(t: ir.Type) -> str:
    return str(t)


def _intrinsic(name: str, attr, virtual: bool, selector: set[str]) -> Intrinsic:
    lhs, rhs, acc = (_element_name(t) for t in attr.abc_element_types)
    m, n, k = attr.mnk_shape
    unroll = int(_VDMFMA_NAME.match(name).group("unroll")) if virtual and name.startswith("VDMFMA") else 1
    # IREE's WMMA layouts (RDNA) are for 32-lane subgroups: a 16x16 f32 result is 8 values per lane.
    lanes = 32 if name.startswith("WMMA") else 64
    return Intrinsic(name, virtual, m, n, k, unroll, lhs, rhs, acc, name in selector, lanes)


@lru_cache(maxsize=None)
def target_intrinsics(arch: str) -> tuple[Intrinsic, ...]:
    """The target's dense MMA intrinsics and the VDMFMA ones its sparse MFMAs can back."""
    get_target(arch)
    with shared_context():
        info = iree_gpu.TargetInfo.get_gpu_target_info(ir.Attribute.parse(executable_target_text(arch)))
        listed = list(info.mma_intrinsics)
        selector = {str(i) for i in listed}
        dense = [_intrinsic(str(i), iree_gpu.MMAAttr.get(i), False, selector)
                 for i in listed if isinstance(i, iree_gpu.MMAIntrinsic)]
        dense_types = {(d.lhs, d.rhs) for d in dense if (d.m, d.n) == (16, 16)}
        virtual = []
        for member in iree_gpu.VirtualMMAIntrinsic.__members__.values():
            if not str(member).startswith("VDMFMA"):
                continue
            v = _intrinsic(str(member), iree_gpu.VirtualMMAAttr.get(member), True, selector)
            bits = get_dtype(v.lhs).bytes * 8 if v.lhs in DTYPES else 0
            sparse_k = v.k // v.k_unroll
            # Backed by hardware when the target has the dense 16x16 MFMA for these
            # element types (FNUZ vs OCP fp8) and a v_smfmac of that K-depth.
            if (v.lhs, v.rhs) in dense_types and sparse_k in get_target(arch).sparse_k(bits):
                virtual.append(v)
    return tuple(dense + virtual)


def has_vdmfma(arch: str) -> bool:
    """Whether the target has any VDMFMA (sparse-backed) intrinsic; False on RDNA (no sparse MFMA)."""
    return any(i.virtual for i in target_intrinsics(arch))


def vdmfma_intrinsic(arch: str, dtype: str, unroll: int | None = None) -> Intrinsic:
    """The VDMFMA intrinsic for dtype x dtype on arch (preferred K-unroll by default)."""
    if not has_vdmfma(arch):
        raise IntrinsicUnavailableError(
            f"no VDMFMA intrinsic on {arch}: IREE 3.13's catalog has no sparse (virtual) intrinsic for it")
    unroll = unroll or get_target(arch).preferred_unroll
    found = [i for i in target_intrinsics(arch)
             if i.virtual and i.lhs == dtype and i.rhs == dtype and i.k_unroll == unroll]
    if not found:
        valid = sorted({i.lhs for i in target_intrinsics(arch) if i.virtual and i.k_unroll == unroll})
        raise IntrinsicUnavailableError(
            f"no VDMFMA x{unroll} intrinsic for {dtype} on {arch}; element types with one: {', '.join(valid)}")
    return found[0]


def dense_intrinsic(arch: str, dtype: str) -> Intrinsic:
    """The 16x16 dense MFMA (RDNA: WMMA) of the padded baseline: the deepest K for dtype x dtype."""
    found = [i for i in target_intrinsics(arch)
             if not i.virtual and (i.m, i.n) == (16, 16) and i.lhs == dtype and i.rhs == dtype]
    if not found:
        valid = sorted({i.lhs for i in target_intrinsics(arch) if not i.virtual and i.lhs in DTYPES})
        raise IntrinsicUnavailableError(
            f"no dense 16x16 MFMA for {dtype} on {arch}; element types with one: {', '.join(valid)}")
    return max(found, key=lambda i: i.k)
