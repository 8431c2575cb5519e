"""Knob settings -> the (split chunk, KernelConfig) pair they stand for.

A setting is a plain mapping of knob name to value (what ``vdmfma tune`` searches
and what a tuning library stores). ``split`` is the K chunk (0: no split; it goes
into the preprocessing spec); ``mma`` is ``default`` (inject nothing: IREE's own
choice), ``vdmfma`` or ``dense`` (the padded 16x16 MFMA); the tile knobs
(``n_tile``, ``subgroups``, ``reduction``, ``promote``, ``prefetch``, ``waves_per_eu``) override the
variant rule's TileAndFuse config, whose tiles for a split dispatch see k = chunk: each is written in by its own
declaration's ``apply`` (backends/knobs.py; the tables are registered here, ``register_knob_table``).
``mma=gemv`` (M <= 8, unbatched) asks for the no-MMA VectorDistribute config of
configs/gemv.py instead, shaped by ``rows``, ``kpart`` and ``ksub``; it is the one
config kind offered on CUDA too.
"""

from __future__ import annotations

from dataclasses import replace
from importlib import import_module
from typing import Callable, Mapping, Optional

from ..problems.problem import Problem
from ..devices.targets import family_of, subgroup_size
from .config import KernelConfig
from .catalog import IntrinsicUnavailableError
from .gemv import LOAD_BYTES, GemvConfig, gemv_config
from .rules import LDS_ROW_PAD_BYTES, padded_config, vdmfma_config
from .tensorcore import tc_config
from .scaled import DEFAULT_INTRINSIC, mx_gemv_config, scaled_config

MMA_KINDS = ("default", "vdmfma", "dense", "gemv", "tc")
GEMV_DEFAULTS = {"rows": 4, "kpart": 512, "ksub": 1, "vec": LOAD_BYTES, "nsub": 1}  # vec: bytes a lane loads a
# step; nsub: subgroups along N (each owns rows / nsub rows)
GEMV_MAX_M = 8
PROMOTE = {"AB": (0, 1), "A": (0,), "none": ()}


# Each backend's knob tables (backends/knobs.py KnobTable), with the targets each is for: a knob that declares how it
# writes itself into a config (``Knob.apply``) is applied from here, so its values and meaning are one declaration.
_TABLES: list[tuple[Callable[[str], bool], Mapping]] = []


def register_knob_table(selects: Callable[[str], bool], table: Mapping) -> Mapping:
    """Register ``table`` (knob name -> Knob) for the targets ``selects(arch)`` is true of; returns it."""
    _TABLES.append((selects, table))
    return table


def knob_table(arch: str) -> Mapping:
    """The knob table registered for ``arch`` ({} when none); the modules its family names register it first."""
    family = family_of(arch)
    for module in family.knob_modules if family else ():
        import_module(module)  # once: a registered module is not run again
    return next((table for selects, table in _TABLES if selects(arch)), {})


def _applied(config: KernelConfig, arch: str, knobs: Mapping[str, object]) -> KernelConfig:
    """``config`` with every set knob of ``arch``'s table that declares an ``apply`` written into it."""
    table = knob_table(arch)
    for name, value in knobs.items():
        knob = table.get(name)
        if knob is not None and knob.apply is not None and knob.applies(knobs):
            config = knob.apply(config, value, arch)
    return config


def dispatch_problem(problem: Problem, chunk: int) -> Problem:
    """The contraction codegen sees: k = chunk for a split dispatch (matched by the codegen spec)."""
    return replace(problem, k=chunk, name="") if chunk else problem


def promoted_lds_bytes(config: KernelConfig, elem_bytes: int) -> int:
    """Modelled LDS of the promoted operands (A: M tile rows, B: N tile rows of the K tile)."""
    *_, m_tile, n_tile, _ = config.workgroup
    k_tile = config.reduction[-1] * config.intrinsic.k
    rows = {0: m_tile, 1: n_tile}
    return sum(rows[i] for i in config.promote_operands if i in rows) * (k_tile * elem_bytes + LDS_ROW_PAD_BYTES)


def knob_config(problem: Problem, arch: str,
                knobs: Mapping[str, object]) -> Optional[KernelConfig | GemvConfig]:
    """The codegen config a knob setting asks for on ``arch`` (None: IREE's own choice)."""
    mma = knobs.get("mma", "default")
    family = family_of(arch)
    if problem.dt.is_mx:
        return _mx(problem, arch, knobs)
    if mma == "gemv" and family and family.gemv_configs:
        return _gemv(problem, arch, knobs)
    if mma == "tc" and family and family.tensor_core_configs:  # configs/tensorcore.py
        return tc_config(dispatch_problem(problem, int(knobs.get("split", 0) or 0)), int(knobs.get("n_tile", 16)),
                         int(knobs.get("reduction", 32)), int(knobs.get("subgroups", 1)),
                         PROMOTE[str(knobs.get("promote", "AB"))])
    if mma == "default" or not (family and family.mma_configs):
        return None
    p = dispatch_problem(problem, int(knobs.get("split", 0) or 0))
    base = vdmfma_config(p, arch) if mma == "vdmfma" else padded_config(p, arch)
    config = _applied(tile_base(base), arch, knobs)  # the tile knobs: each declares what it writes (Knob.apply)
    return replace(config, lds_estimate=promoted_lds_bytes(config, problem.dt.bytes))


def tile_base(base: KernelConfig) -> KernelConfig:
    """A variant rule's MMA config as the tile knobs start from: no K tile in the workgroup tile, one subgroup
    along M, the padding of its own N and K tiles, both operands promoted (the knobs' first values)."""
    lead = base.workgroup[:-3]
    m_tile, n_tile, _ = base.workgroup[-3:]
    padding = None
    if base.padding is not None:
        padding = lead + (base.padding[-3], n_tile, base.reduction[-1] * base.intrinsic.k)
    return replace(base, workgroup=lead + (m_tile, n_tile, 0), subgroup=base.subgroup[:-3] + (1, base.subgroup[-2], 0),
                   padding=padding, promote_operands=PROMOTE["AB"])


def with_tile(config: KernelConfig, n_tile: Optional[int] = None, reduction: Optional[int] = None) -> KernelConfig:
    """``config`` with its N tile and/or its K tile in intrinsics (the padding follows both)."""
    n_tile = config.workgroup[-2] if n_tile is None else n_tile
    reduction = config.reduction[-1] if reduction is None else reduction
    padding = config.padding
    if padding is not None:
        padding = padding[:-2] + (n_tile, reduction * config.intrinsic.k)
    return replace(config, workgroup=config.workgroup[:-2] + (n_tile, 0), reduction=config.reduction[:-1] + (reduction,),
                   padding=padding)


def waves_attrs(config: KernelConfig, arch: str, waves_per_eu: int) -> tuple[tuple[str, str], ...]:
    """The config's llvm_func_attrs asking for ``waves_per_eu`` waves per execution unit (0: unset)."""
    return _waves(family_of(arch), waves_per_eu) or config.func_attrs


def dispatch_config(problem: Problem, config):
    """The config as codegen sees the op: IREE folds an unbatched M = 1 GEMM into a matvec (no M loop) before
    dispatch creation, so a gemv config is matched (the ``mv`` form) and proved there with its M tile folded."""
    if folds_to_matvec(problem, config):
        return replace(config, fold_m=True)
    return config


def folds_to_matvec(problem: Problem, config) -> bool:
    """An M = 1 gemv config (not MX: configs/scaled.py folds its own) that must meet the op as a matvec."""
    return (isinstance(config, GemvConfig) and problem.m == 1 and not problem.batched and not config.block
            and not config.fold_m)


def _waves(family, waves_per_eu: int) -> tuple[tuple[str, str], ...]:
    """The llvm_func_attrs asking for ``waves_per_eu`` waves per execution unit (0: unset, IREE's default)."""
    if not waves_per_eu:
        return ()
    if not family.waves_attr:
        raise ValueError(f"waves_per_eu={waves_per_eu}: {family.backend} targets take no waves-per-EU hint")
    return ((family.waves_attr, str(waves_per_eu)),)


def default_gemv_config(problem: Problem, arch: str, lanes: int = 0) -> GemvConfig:
    """The gemv variant's config: GEMV_DEFAULTS on the target's subgroup size (``lanes`` overrides),
    with a K step of at least one 16-byte load per lane."""
    lanes = lanes or subgroup_size(arch)
    kpart = max(GEMV_DEFAULTS["kpart"], LOAD_BYTES // problem.dt.bytes * lanes)
    return gemv_config(problem.m, problem.dt.bytes, lanes, GEMV_DEFAULTS["rows"], kpart, GEMV_DEFAULTS["ksub"],
                       problem.batched)


def _gemv(problem: Problem, arch: str, knobs: Mapping[str, object]) -> GemvConfig:
    if problem.m > GEMV_MAX_M or problem.batched:
        raise ValueError(f"{problem.key}: the gemv config is for unbatched M <= {GEMV_MAX_M}")
    get = lambda name: int(knobs.get(name, GEMV_DEFAULTS[name]))  # noqa: E731
    return gemv_config(problem.m, problem.dt.bytes, subgroup_size(arch), get("rows"), get("kpart"), get("ksub"),
                       load_bytes=get("vec"), n_subgroups=get("nsub"))


MX_MMA_KINDS = ("default", "scaled", "scaled32", "mxgemv")
MX_DEFAULTS = {"mx_reduction": 4, "mx_ksub": 1}


def _mx(problem: Problem, arch: str, knobs: Mapping[str, object]) -> Optional[KernelConfig | GemvConfig]:
    """An MX (block-scaled) problem's config (configs/scaled.py): ``mma`` scaled / scaled32 (forced scaled
    MFMA, ``mx_reduction`` K intrinsics a step) or mxgemv (``mx_ksub`` subgroups along K); ROCm only."""
    mma = str(knobs.get("mma", "default"))
    family = family_of(arch)
    if mma == "default" or not (family and family.mma_configs):
        return None
    get = lambda name: int(knobs.get(name, MX_DEFAULTS[name]))  # noqa: E731
    if mma == "mxgemv":
        return mx_gemv_config(problem, subgroup_size(arch), get("mx_ksub"))
    if mma in ("scaled", "scaled32"):
        name = DEFAULT_INTRINSIC if mma == "scaled" else "MFMA_SCALE_F32_32x32x64_B32"
        return scaled_config(problem, arch, name, get("mx_reduction"))
    raise IntrinsicUnavailableError(f"mma={mma} is not an MX config; {problem.dtype} takes {', '.join(MX_MMA_KINDS)}")
