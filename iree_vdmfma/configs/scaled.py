"""MXFP4 configs: a forced scaled MFMA (``#iree_gpu.scaled_mma_layout``), and the gemv with in-register
dequantisation, for the scaled contraction of problems/mxfp4.py; and the spec matcher for it.

What the compiler tells: the target's scaled MFMAs come from the ``scaled_mma`` list of the
executable target iree-compile builds for the arch (gfx950: MFMA_SCALE_F32_16x16x128_B32 and
_32x32x64_B32 for f4E2M1FN; gfx942: none). IREE 3.13's Python bindings have the
``ScaledMMAIntrinsic`` enum but no ``ScaledMMAAttr`` class, so the attribute is parsed from the
enum member's name and the element types (the parser verifies it).

Tiles are over ((b,) m, n, kb, k) with k = 32 (one scale block). As in IREE's own choice for a
gfx950 scaled matmul (configured IR at M = 8 and 16: ``reduction = [0, 0, 4, 1]``,
``padding = [16, 32, 16, 1]``), the kb reduction tile counts intrinsics (16x16x128: 4 blocks each)
and the padding is in blocks. The forced config: M tile = the intrinsic's M (M padded up to 16 or
32), N tile 64 over two subgroups, 4 intrinsics of K per step, all four operands promoted to LDS.

Gemv (VectorDistribute, no MMA): 64 lanes along kb, each lane one block (16 bytes of e2m1 and one
scale byte) per step, ``k_subgroups`` subgroups along kb; the values are decoded in registers
(``v_cvt_scalef32_pk_f32_fp4``). Compile-only finding (IREE 3.13, gfx950): a workgroup tile
larger than one output (e.g. ``workgroup = [4, 4, 0, 0]`` or ``[1, 4, 0, 0]``) fails with
"'func.func' op failed to distribute"; so one output per workgroup (IREE's own default has the
same tile, with a single lane doing all of K).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from iree.compiler import ir
from iree.compiler.dialects import iree_gpu
from iree.compiler.dialects import preprocessing_transform as match
from iree.compiler.dialects import transform

from .catalog import IntrinsicUnavailableError, executable_target_text
from .config import KernelConfig
from .gemv import GemvConfig
from .rules import N_SUBGROUPS, N_TILE
from ..devices.targets import target as get_target
from ..problems import mxfp4, scaled_ir
from ..problems.problem import Problem

DEFAULT_INTRINSIC = "MFMA_SCALE_F32_16x16x128_B32"
REDUCTION_INTRINSICS = 4  # K intrinsics per reduction step (IREE's own choice at M = 8..16)
_SCALED_RE = re.compile(r"<intrinsic = (\w+), lhs_elem_type = (\w+), rhs_elem_type = (\w+), acc_elem_type = (\w+)>")
_SHAPE_RE = re.compile(r"_(\d+)x(\d+)x(\d+)_")


@dataclass(frozen=True)
class ScaledIntrinsic:
    """One scaled MFMA for one element type pairing (duck-types catalog.Intrinsic for KernelConfig)."""

    name: str
    m: int
    n: int
    k: int  # K elements per instruction (128 or 64)
    lhs: str
    rhs: str
    acc: str
    virtual: bool = False
    k_unroll: int = 1
    scaled: bool = True  # K is two loops (kb, k) in the op: KernelConfig's tile properties read this
    lanes: int = 64  # subgroup size the intrinsic's layout is for (a gfx950 wave)

    def attr(self) -> ir.Attribute:
        """#iree_gpu.scaled_mma_layout (needs an active context); the enum name is checked first."""
        getattr(iree_gpu.ScaledMMAIntrinsic, self.name)  # AttributeError for a name the bindings lack
        return ir.Attribute.parse(f"#iree_gpu.scaled_mma_layout<intrinsic = {self.name}, lhs_elem_type = {self.lhs}, "
                                  f"rhs_elem_type = {self.rhs}, acc_elem_type = {self.acc}>")


@lru_cache(maxsize=None)
def scaled_intrinsics(arch: str) -> tuple[ScaledIntrinsic, ...]:
    """The target's scaled MFMAs, as iree-compile's executable target lists them."""
    get_target(arch)
    text = executable_target_text(arch)
    listed = text.split("scaled_mma = [", 1)[1] if "scaled_mma = [" in text else ""
    found = []
    for name, lhs, rhs, acc in _SCALED_RE.findall(listed):
        m, n, k = (int(x) for x in _SHAPE_RE.search(name).groups())
        found.append(ScaledIntrinsic(name, m, n, k, lhs, rhs, acc))
    return tuple(found)


def scaled_intrinsic(arch: str, problem: Problem, name: str = DEFAULT_INTRINSIC) -> ScaledIntrinsic:
    """The scaled MFMA ``name`` for the problem's value type on arch, else IntrinsicUnavailableError."""
    value = problem.dt.value_type
    for i in scaled_intrinsics(arch):
        if i.name == name and i.lhs == value and i.rhs == value:
            return i
    have = sorted({i.name for i in scaled_intrinsics(arch) if i.lhs == value})
    raise IntrinsicUnavailableError(f"no scaled MFMA {name} for {value} on {arch}; "
                                    f"it has: {', '.join(have) or 'none'}")


def scaled_lds_bytes(problem: Problem, m_tile: int, n_tile: int, k_tile: int) -> int:
    """MODELLED LDS of the promoted tiles: packed values plus one scale byte a block, A and B."""
    dt = problem.dt
    return (m_tile + n_tile) * (k_tile * dt.value_bits // 8 + k_tile // dt.scale_block)


def scaled_config(problem: Problem, arch: str, name: str = DEFAULT_INTRINSIC,
                  reduction_intrinsics: int = REDUCTION_INTRINSICS) -> KernelConfig:
    """Forced scaled MFMA: M padded to the intrinsic's M, N tile 64 over 2 subgroups, all operands in LDS.

    For M = 1 (folded by IREE to an (n, kb, k) op) the tiles drop the M dim: IREE 3.13 then refuses
    the config ("contraction like operation missing critical dimension"), a compile-error row.
    """
    intr = scaled_intrinsic(arch, problem, name)
    block = problem.dt.scale_block
    kb_per = intr.k // block
    kb_tile = reduction_intrinsics * kb_per
    m_tile = intr.m
    lead, zero = ((1,), (0,)) if problem.batched else ((), ())
    m_dims = () if mxfp4.folds_m(problem) else (m_tile,)
    m_zero = () if mxfp4.folds_m(problem) else (0,)
    m_sub = () if mxfp4.folds_m(problem) else (1,)
    return KernelConfig(
        intrinsic=intr,
        workgroup=lead + m_dims + (N_TILE, 0, 0),
        reduction=zero + m_zero + (0, reduction_intrinsics, 1),
        subgroup=zero + m_sub + (N_SUBGROUPS, 0, 0),
        padding=lead + m_dims + (N_TILE, kb_tile, 1),
        promote_operands=(0, 1, 2, 3),
        lds_estimate=scaled_lds_bytes(problem, m_tile, N_TILE, kb_tile * block),
    )


def mx_gemv_config(problem: Problem, subgroup_size: int = 64, k_subgroups: int = 1) -> GemvConfig:
    """The gemv of the module docstring: one output per workgroup, lanes along kb, one block a lane a step."""
    return GemvConfig(m=1, rows=1, partial_reduction=subgroup_size * k_subgroups, thread=1,
                      subgroup_size=subgroup_size, k_subgroups=k_subgroups, lead=1 if problem.batched else 0,
                      lds_estimate=0 if k_subgroups == 1 else 4 * k_subgroups, block=problem.dt.scale_block,
                      fold_m=mxfp4.folds_m(problem))


# ------------------------------------------------------------------ spec matcher


def build_matcher_body(op: ir.Value, problem: Problem) -> None:
    """Match exactly this scaled contraction as the dispatch holds it (types, maps, body; M folded at M = 1).

    ``transform.iree.match.contraction`` does not match a scaled generic (5 operands); IREE's tuner
    uses ``cast_compatible_dag_from_root`` for such ops, with the op rebuilt in the matcher's region.
    """
    folded = mxfp4.folds_m(problem)
    types = scaled_ir.kernel_operand_types(problem, folded)
    any_value = transform.AnyValueType.get()
    dag = match.MatchCastCompatibleDagFromRootOp(any_value, any_value, op)
    block = dag.regions[0].blocks.append(*types)
    with ir.InsertionPoint(block):
        a, b, a_s, b_s, out = block.arguments
        scaled_ir.build_scaled_generic(problem, a, b, a_s, b_s, out, folded)
        transform.YieldOp([])  # the region's implicit terminator (the parser adds it; the builder must)
