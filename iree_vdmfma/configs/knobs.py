"""Knob settings -> the (split chunk, KernelConfig) pair they stand for, through the config kinds.

A setting is a plain mapping of knob name to value (what ``vdmfma tune`` searches and what a tuning library
stores). ``split`` is the K chunk (0: no split; it goes into the preprocessing spec); ``mma`` picks the config
kind (:func:`config_kind`): ``default`` injects nothing (IREE's own choice); ``vdmfma``/``dense`` the MMA tiles
(the variant rule's TileAndFuse config, whose tiles for a split dispatch see k = chunk); ``gemv`` (M <= 8,
unbatched) the no-MMA VectorDistribute config of configs/gemv.py; ``tc`` CUDA's tensor-core config
(configs/tensorcore.py); an MX problem's ``scaled``/``scaled32``/``mxgemv`` configs/scaled.py's.

Which knob writes what is not read here: every knob declares it (backends/knobs.py ``Knob.apply``: into the MMA
config, or into the keywords of the kind's builder), in the table its backend registers for its targets
(``register_knob_table``). A kind starts from its own defaults (the variant rule's config; the builders' keyword
defaults, e.g. ``gemv_config``'s rows 4 and K step 512), so a setting that omits a knob keeps that value. The
rules of a whole config (threads, LDS, the M = 1 scaled MFMA, tiles dividing N and K, the gemv K step) are the
kind's ``rules``; a knob's own rule is its ``Knob.prune`` (tune/space.py ``prune_reason`` runs both).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from importlib import import_module
from typing import Callable, Mapping, Optional

from ..problems.problem import Problem
from ..devices.targets import family_of, subgroup_size, target as get_target
from .config import KernelConfig
from .catalog import IntrinsicUnavailableError
from .gemv import LOAD_BYTES, PARTIAL_REDUCTION, ROWS, GemvConfig, gemv_config
from .rules import LDS_ROW_PAD_BYTES, padded_config, vdmfma_config
from .tensorcore import tc_config
from .scaled import DEFAULT_INTRINSIC, mx_gemv_config, scaled_config

MMA_KINDS = ("default", "vdmfma", "dense", "gemv", "tc")
GEMV_MAX_M = 8
MAX_THREADS = 1024
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


def _applied(config, arch: str, knobs: Mapping[str, object]):
    """``config`` (or a builder's keywords) with every set knob of ``arch``'s table that declares an ``apply``
    written into it."""
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
    """The codegen config a knob setting asks for on ``arch`` (None: IREE's own choice): its kind's start, every
    set knob's ``apply`` written in, then the kind's finish."""
    mma = str(knobs.get("mma", "default"))
    kind = config_kind(problem, arch, mma)
    if kind is None:
        return None
    p = dispatch_problem(problem, int(knobs.get("split", 0) or 0)) if kind.splits else problem
    draft = kind.start(p, arch, mma)
    return kind.finish(p, arch, mma, _applied(draft, arch, knobs))


def config_rules(problem: Problem, arch: str, knobs: Mapping[str, object], config) -> str:
    """'' if ``config`` (``knob_config``'s for ``knobs``) passes its kind's whole-config rules, else why not."""
    kind = config_kind(problem, arch, str(knobs.get("mma", "default")))
    return kind.rules(problem, int(knobs.get("split", 0) or 0) or problem.k, config, arch) if kind else ""


@dataclass(frozen=True)
class ConfigKind:
    """A config knob settings inject. ``start(problem, arch, mma)``: what its knobs write into (the MMA config,
    or the keywords of its builder); ``finish(problem, arch, mma, draft)``: the config; ``rules(problem, k,
    config, arch)``: the rules of the whole config ('' keeps it; k: the K the dispatch sees); ``splits``: whether
    its problem is the split dispatch's (k = chunk). ``mma``: the values that name it."""

    mma: tuple[str, ...]
    start: Callable[[Problem, str, str], object]
    finish: Callable[[Problem, str, str, object], KernelConfig | GemvConfig]
    rules: Callable[[Problem, int, object, str], str]
    splits: bool = False


def _threads(config) -> str:
    return f"{config.workgroup_size} threads > {MAX_THREADS}" if config.workgroup_size > MAX_THREADS else ""


def _tile_rules(p: Problem, k: int, config: KernelConfig, arch: str) -> str:
    """Threads; the N and K tiles divide N and the K chunk; the promoted operands' LDS (modelled) fits."""
    *_, m_tile, n_tile, _ = config.workgroup
    k_tile = config.reduction[-1] * config.intrinsic.k
    if _threads(config):
        return _threads(config)
    if p.n % n_tile or k % k_tile:
        return f"tiles N{n_tile}/K{k_tile} do not divide N={p.n}/K={k}"
    family = family_of(arch)
    lds = family.workgroup_memory_bytes if family and family.workgroup_memory_bytes else get_target(arch).lds_bytes
    return f"LDS estimate {config.lds_estimate} B > {lds} B" if config.lds_estimate > lds else ""


def _gemv_start(p: Problem, arch: str, mma: str) -> dict:
    if p.m > GEMV_MAX_M or p.batched:
        raise ValueError(f"{p.key}: the gemv config is for unbatched M <= {GEMV_MAX_M}")
    return {}


def _gemv_rules(p: Problem, k: int, config: GemvConfig, arch: str) -> str:
    if config.partial_reduction % config.k_step or k % config.partial_reduction:
        return (f"K step {config.k_step} (lanes x 16 B x K subgroups) and partial reduction "
                f"{config.partial_reduction} do not divide each other and K={k}")
    return _threads(config)


def _scaled_rules(p: Problem, k: int, config: KernelConfig, arch: str) -> str:
    """MX configs pad M, N and K: threads and LDS matter, and a scaled MFMA needs an M loop (README: MXFP4
    findings)."""
    if _threads(config):
        return _threads(config)
    if p.m == 1 and not p.batched:
        return ("M=1: IREE folds the unit M and refuses a scaled MFMA on the (n, kb, k) op "
                "('contraction like operation missing critical dimension')")
    lds = get_target(arch).lds_bytes
    return f"LDS estimate {config.lds_estimate} B > {lds} B" if config.lds_estimate > lds else ""


def _tiles_start(p: Problem, arch: str, mma: str) -> KernelConfig:
    return tile_base(vdmfma_config(p, arch) if mma == "vdmfma" else padded_config(p, arch))


MMA_TILES = ConfigKind(("vdmfma", "dense"), _tiles_start,
                       lambda p, arch, mma, c: replace(c, lds_estimate=promoted_lds_bytes(c, p.dt.bytes)), _tile_rules,
                       splits=True)
TENSOR_CORE = ConfigKind(("tc",), lambda p, arch, mma: {}, lambda p, arch, mma, kw: tc_config(p, **kw),
                         _tile_rules, splits=True)
GEMV = ConfigKind(("gemv",), _gemv_start,
                  lambda p, arch, mma, kw: gemv_config(p.m, p.dt.bytes, subgroup_size(arch), **kw), _gemv_rules)
MX_MMA_KINDS = ("default", "scaled", "scaled32", "mxgemv")
SCALED_INTRINSICS = {"scaled": DEFAULT_INTRINSIC, "scaled32": "MFMA_SCALE_F32_32x32x64_B32"}
MX_SCALED = ConfigKind(tuple(SCALED_INTRINSICS), lambda p, arch, mma: {},
                       lambda p, arch, mma, kw: scaled_config(p, arch, SCALED_INTRINSICS[mma], **kw), _scaled_rules)
MX_GEMV = ConfigKind(("mxgemv",), lambda p, arch, mma: {},
                     lambda p, arch, mma, kw: mx_gemv_config(p, subgroup_size(arch), **kw),
                     lambda p, k, config, arch: _threads(config))


def config_kind(problem: Problem, arch: str, mma: str) -> Optional[ConfigKind]:
    """The kind of config ``mma`` asks for on ``arch`` (None: IREE's own choice, ``mma=default``). An MX problem
    takes configs/scaled.py's (ROCm only). An ``mma`` the target does not take is IntrinsicUnavailableError: a
    setting that asks for a config is never answered with IREE's default in its place."""
    family = family_of(arch)
    if problem.dt.is_mx:
        if mma == "default":
            return None
        if not (family and family.mma_configs):
            raise IntrinsicUnavailableError(f"mma={mma}: {arch} takes no MX config (ROCm's scaled MFMA or MX gemv)")
        if mma == "mxgemv":
            return MX_GEMV
        if mma in SCALED_INTRINSICS:
            return MX_SCALED
        raise IntrinsicUnavailableError(f"mma={mma} is not an MX config; {problem.dtype} takes "
                                        f"{', '.join(MX_MMA_KINDS)}")
    if mma == "default":
        return None
    offered = ((MMA_TILES, family and family.mma_configs), (GEMV, family and family.gemv_configs),
               (TENSOR_CORE, family and family.tensor_core_configs))
    takes = {name: kind for kind, ok in offered if ok for name in kind.mma}
    if mma not in takes:  # a config the target cannot take is said, never IREE's default in its place
        raise IntrinsicUnavailableError(f"mma={mma} is not a config {arch} takes; it takes "
                                        f"{', '.join(['default', *takes])}")
    return takes[mma]


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
    """The gemv variant's config: the gemv kind's own defaults (configs/gemv.py ``ROWS``, ``PARTIAL_REDUCTION``)
    on the target's subgroup size (``lanes`` overrides), with a K step of at least one 16-byte load per lane."""
    lanes = lanes or subgroup_size(arch)
    kpart = max(PARTIAL_REDUCTION, LOAD_BYTES // problem.dt.bytes * lanes)
    return gemv_config(problem.m, problem.dt.bytes, lanes, ROWS, kpart, batched=problem.batched)
