"""Tuning knobs: what a backend lets ``vdmfma tune`` vary, each knob one declaration.

A knob is its name; ``(problem, target) -> values`` (the first value is IREE's default, the simplicity order
follows the list); the ``mma`` kinds it belongs to (``for_mma``: a tile knob only varies, and only shows in a
candidate id, when the candidate injects one of them); ``apply``: what its value writes into its config (the MMA
config, or a keyword of the config kind's builder, :func:`sets`; configs/knobs.py runs it, a setting that omits
the knob keeps the kind's own default); and ``prune``: its own rule, ``(problem, settings, config) -> reason``
('' keeps), checked by tune/space.py ``prune_reason`` before any compile (a knob that is not a tile knob, such
as ``split``, with no config: before the config is built). The rules of a whole config are its kind's
(configs/knobs.py ``ConfigKind.rules``).

A backend keeps its knobs in a :class:`KnobTable` (``@TABLE.knob("name")`` on a function, or ``TABLE.fixed``),
registers the table for its targets (configs/knobs.py ``register_knob_table``) and returns it from
``Backend.knobs()``; the tuner asks the backend, it keeps no list of its own. A new knob is one entry in a
table (docs/tuning.md, "Adding a knob"). The meanings here are shared by the built-in backends.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Callable, Iterable, Mapping, Optional, Sequence

from ..configs.config import KernelConfig
from ..configs.knobs import GEMV_MAX_M, PROMOTE, waves_attrs, with_tile
from ..problems.problem import Problem

Values = Callable[[Problem, str], Sequence[object]]
Apply = Callable[[object, object, str], object]  # (config or builder keywords, the knob's value, target) -> the same
Prune = Callable[[Problem, Mapping[str, object], object], str]  # (problem, settings, config or None) -> reason
MFMA = ("vdmfma", "dense")  # the injected MFMA configs (configs/knobs.py)
GEMV = ("gemv",)  # the injected no-MMA VectorDistribute config (configs/gemv.py)


@dataclass(frozen=True)
class Knob:
    name: str
    values: Values
    for_mma: tuple[str, ...] = ()  # a tile knob: only meaningful with one of these injected configs
    apply: Optional[Apply] = None  # what its value writes into its config (None: it writes none, e.g. split, mma)
    prune: Optional[Prune] = None  # its own rule ('' keeps a candidate)
    searched: bool = True  # False: a setting may name it (a test, a hand-made entry), the tune space does not hold it

    @property
    def tile(self) -> bool:
        return bool(self.for_mma)

    def applies(self, settings: Mapping[str, object]) -> bool:
        return not self.for_mma or settings.get("mma", "default") in self.for_mma


class KnobTable(dict[str, Knob]):
    """A backend's knobs in search order; a new knob is one decorated function."""

    def knob(self, name: str, for_mma: tuple[str, ...] = (), apply: Optional[Apply] = None,
             prune: Optional[Prune] = None) -> Callable[[Values], Values]:
        def register(fn: Values) -> Values:
            self[name] = Knob(name, fn, for_mma, apply, prune)
            return fn
        return register

    def fixed(self, name: str, values: Sequence[object], for_mma: tuple[str, ...] = (),
              apply: Optional[Apply] = None, prune: Optional[Prune] = None, searched: bool = True) -> None:
        """A knob with the same values for every problem."""
        self[name] = Knob(name, lambda p, target: list(values), for_mma, apply, prune, searched)

    def searched(self) -> dict[str, Knob]:
        """The knobs the tune space holds, in search order."""
        return {name: knob for name, knob in self.items() if knob.searched}


# IREE folds a 1xK GEMM's unit M and drops the split attribute: every split compiled to one dispatch
# ("not-applied") on host, gfx942 and sm_89 (the H200's M = 1 races held no other kernel: 2026-11-26)
M1_SPLIT_DROPPED = "IREE drops a split on a 1xK GEMM (it folds the unit M): it would compile to the unsplit kernel"


def split_rule(p: Problem, settings: Mapping[str, object], config=None) -> str:
    """``split``'s own rule: its chunk divides K, and the GEMM keeps an M loop to split (not an unbatched M = 1)."""
    chunk = int(settings.get("split", 0) or 0)
    if chunk and p.k % chunk:
        return f"split chunk {chunk} does not divide K={p.k}"
    if chunk and p.m == 1 and not p.batched:
        return M1_SPLIT_DROPPED
    return ""


def sets(keyword: str) -> Apply:
    """A knob that writes its value, an int, as ``keyword`` of its config kind's builder (configs/knobs.py)."""
    return lambda draft, value, arch: {**draft, keyword: int(value)}


# The gemv knobs (configs/gemv.py gemv_config): N rows a workgroup, K elements a step, subgroups along K,
# bytes a lane loads a step, subgroups along N (each owning rows / nsub rows).
rows, kpart, ksub, vec, nsub = (sets(k) for k in ("rows", "partial_reduction", "k_subgroups", "load_bytes",
                                                  "n_subgroups"))
# The MX knobs (configs/scaled.py): K intrinsics a step of the scaled MFMA, subgroups along K of the MX gemv.
mx_reduction, mx_ksub = sets("reduction_intrinsics"), sets("k_subgroups")
# The tensor-core knobs (configs/tensorcore.py tc_config).
tc_n_tile, tc_reduction, tc_subgroups = sets("n_tile"), sets("reduction"), sets("subgroups")


def tc_promote(draft: dict, value, arch: str) -> dict:
    return {**draft, "promote": PROMOTE[str(value)]}


def rows_rule(p: Problem, settings: Mapping[str, object], config) -> str:
    return f"{config.rows} rows per workgroup do not divide N={p.n}" if p.n % config.rows else ""


def nsub_rule(p: Problem, settings: Mapping[str, object], config) -> str:
    if config.rows % config.n_subgroups:
        return f"{config.n_subgroups} subgroups along N do not split {config.rows} rows"
    return ""


def subgroups_rule(p: Problem, settings: Mapping[str, object], config) -> str:
    """The N tile splits over the subgroups in intrinsic-wide pieces (MFMA, WMMA and mma.sync alike)."""
    n_tile, subgroups = config.workgroup[-2], config.subgroup[-2]
    if n_tile % (subgroups * config.intrinsic.n):
        return f"N tile {n_tile} does not split over {subgroups} subgroups of {config.intrinsic.n}-wide intrinsics"
    return ""


# What the MMA tile knobs write into a config (ROCm's MFMA and WMMA configs share them).
def n_tile(config: KernelConfig, value, arch: str) -> KernelConfig:
    return with_tile(config, n_tile=int(value))


def reduction(config: KernelConfig, value, arch: str) -> KernelConfig:
    return with_tile(config, reduction=int(value))


def subgroups(config: KernelConfig, value, arch: str) -> KernelConfig:
    return replace(config, subgroup=config.subgroup[:-2] + (int(value), 0))


def promote(config: KernelConfig, value, arch: str) -> KernelConfig:
    return replace(config, promote_operands=PROMOTE[str(value)])


def prefetch(config: KernelConfig, value, arch: str) -> KernelConfig:
    return replace(config, prefetch_num_stages=int(value))


def waves_per_eu(config: KernelConfig, value, arch: str) -> KernelConfig:
    return replace(config, func_attrs=waves_attrs(config, arch, int(value)))


def injects(settings: Mapping[str, object]) -> bool:
    """Whether a candidate's knob settings inject anything (a config or a split), i.e. are not IREE's own default
    kernel: what the one spill rule asks (problems/rows.py ``spill_verdict``)."""
    return settings.get("mma", "default") != "default" or bool(int(settings.get("split", 0) or 0))


def gemv_fits(p: Problem) -> bool:
    return p.m <= GEMV_MAX_M and not p.batched


def split_chunks(problem: Problem, factors: Iterable[int], min_chunk: int) -> list[int]:
    """0 (no split) then K chunks K/f for the factors that divide K into chunks >= min_chunk."""
    return [0] + [problem.k // f for f in factors if problem.k % f == 0 and problem.k // f >= min_chunk]
