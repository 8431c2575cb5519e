"""The search space: the target's backend's knobs (backends/knobs.py), and pruning before compiling.

A knob is one function ``(problem, arch) -> values``; the first value is IREE's default. A
candidate is one value per knob; a tile knob belongs to some ``mma`` kinds and only
varies (and only shows in the candidate id) when the candidate injects one of them.
:func:`prune` rejects, before any compile, settings that cannot compile or mean
nothing: LDS over the target's limit (modelled by ``promoted_lds_bytes``, exact for
the configs in the shared notes), more than 1024 threads, an N tile that does not
split over its subgroups in 16-wide intrinsics, tiles that do not divide N or the K
chunk, a gemv K step that does not divide the K chunk.

Which knobs exist is each backend's own knowledge (``Backend.knobs(target)``: backends/rocm/knobs.py,
with its RDNA table backends/rocm/knobs_rdna.py, backends/cuda/knobs.py, backends/cpu/); a backend
registered with knobs is tunable with no edit here. An MX (block-scaled) problem has its own family
of ROCm knobs (mma default/scaled/scaled32/mxgemv, mx_reduction, mx_ksub; no split) and its own
pruning (:func:`_mx_prune_reason`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Mapping, Optional, Sequence

from ..backends import Knob, backend_for
from ..configs.catalog import IntrinsicUnavailableError
from ..configs.gemv import GemvConfig
from ..configs.knobs import knob_config
from ..devices.targets import family_of, target as get_target
from ..problems.problem import Problem

MAX_THREADS = 1024
# IREE folds a 1xK GEMM's unit M and drops the split attribute: every split compiled to one dispatch
# ("not-applied") on host, gfx942 and sm_89 (the H200's M = 1 races held no other kernel: 2026-11-26)
M1_SPLIT_DROPPED = "IREE drops a split on a 1xK GEMM (it folds the unit M): it would compile to the unsplit kernel"


def knobs_of(arch: str) -> Mapping[str, Knob]:
    """The knobs of the backend that builds for ``arch`` (UnknownTargetError if none)."""
    return backend_for(arch).knobs(arch)


@dataclass(frozen=True)
class Candidate:
    """One knob setting for one problem; ``id`` is stable across runs (the resume key)."""

    problem: Problem
    knobs: tuple[tuple[str, object], ...]

    @property
    def settings(self) -> dict[str, object]:
        return dict(self.knobs)

    @property
    def id(self) -> str:
        return ",".join(f"{k}={v}" for k, v in self.knobs)

    @property
    def split(self) -> int:
        return int(self.settings.get("split", 0) or 0)

    @property
    def mma(self) -> str:
        return str(self.settings.get("mma", "default"))


def settings_of(cid: str) -> dict[str, object]:
    """The knob settings a candidate id names (the inverse of ``Candidate.id``): a winner row's, a resumed row's."""
    out: dict[str, object] = {}
    for part in filter(None, cid.split(",")):  # "" is the one candidate of a backend without knobs
        k, _, v = part.partition("=")
        out[k] = int(v) if v.lstrip("-").isdigit() else v
    return out


def defaults(problem: Problem, arch: str) -> dict[str, object]:
    return {name: k.values(problem, arch)[0] for name, k in knobs_of(arch).items()}


def changed(candidate: Candidate, arch: str) -> int:
    """How many knobs differ from IREE's default (the simplicity order for ties)."""
    base = defaults(candidate.problem, arch)
    return sum(1 for k, v in candidate.knobs if base.get(k) != v)


def _make(problem: Problem, settings: Mapping[str, object], order: Sequence[str]) -> Candidate:
    return Candidate(problem, tuple((k, settings[k]) for k in order))


def generate(problem: Problem, arch: str) -> list[Candidate]:
    """Every knob setting (tile knobs collapsed to their default when nothing is injected), unpruned, in the order
    of the knobs' product. A tile knob that cannot apply (its mma not chosen) is not iterated: the ROCm product
    is millions of settings a shape, its distinct candidates thousands (a finished tune rerun spent minutes here)."""
    knobs = knobs_of(arch)
    order = list(knobs)
    values = {name: list(k.values(problem, arch)) for name, k in knobs.items()}
    seen: dict[str, Candidate] = {}

    def walk(i: int, settings: dict) -> None:
        if i == len(order):
            cand = _make(problem, settings, [n for n in order if knobs[n].applies(settings)])
            seen.setdefault(cand.id, cand)
            return
        name = order[i]
        decided = "mma" in settings or "mma" not in knobs  # whether a tile knob's applying is known yet
        for v in (values[name] if not (decided and not knobs[name].applies(settings)) else values[name][:1]):
            walk(i + 1, {**settings, name: v})

    walk(0, {})
    return list(seen.values())


def reference(problem: Problem, arch: str, kind: str) -> Optional[Candidate]:
    """IREE's default ('default'), or another reference the backend has (ROCm: 'padded'); None if none."""
    settings = backend_for(arch).reference(kind, problem, arch, defaults(problem, arch))
    if settings is None:
        return None
    return _make(problem, settings, [n for n, k in knobs_of(arch).items() if k.applies(settings)])


def prune_reason(candidate: Candidate, arch: str) -> str:
    """'' if the candidate may compile, else why it is rejected before compiling."""
    p, s = candidate.problem, candidate.settings
    if candidate.split and p.k % candidate.split:
        return f"split chunk {candidate.split} does not divide K={p.k}"
    if candidate.split and p.m == 1 and not p.batched:
        return M1_SPLIT_DROPPED
    try:
        config = knob_config(p, arch, s)
    except IntrinsicUnavailableError as e:
        return str(e)
    if config is None:
        return ""
    if p.dt.is_mx:
        return _mx_prune_reason(p, config, arch)
    if isinstance(config, GemvConfig):
        return _gemv_prune_reason(p, candidate.split or p.k, config)
    *_, m_tile, n_tile, _ = config.workgroup
    subgroups = config.subgroup[-2]
    k_tile = config.reduction[-1] * config.intrinsic.k
    k = candidate.split or p.k
    if config.workgroup_size > MAX_THREADS:
        return f"{config.workgroup_size} threads > {MAX_THREADS}"
    if n_tile % (subgroups * config.intrinsic.n):
        return f"N tile {n_tile} does not split over {subgroups} subgroups of {config.intrinsic.n}-wide intrinsics"
    if p.n % n_tile or k % k_tile:
        return f"tiles N{n_tile}/K{k_tile} do not divide N={p.n}/K={k}"
    family = family_of(arch)
    lds = family.workgroup_memory_bytes if family and family.workgroup_memory_bytes else get_target(arch).lds_bytes
    if config.lds_estimate > lds:
        return f"LDS estimate {config.lds_estimate} B > {lds} B"
    return ""


def _gemv_prune_reason(p: Problem, k: int, config: GemvConfig) -> str:
    if p.n % config.rows:
        return f"{config.rows} rows per workgroup do not divide N={p.n}"
    if config.rows % config.n_subgroups:
        return f"{config.n_subgroups} subgroups along N do not split {config.rows} rows"
    if config.partial_reduction % config.k_step or k % config.partial_reduction:
        return (f"K step {config.k_step} (lanes x 16 B x K subgroups) and partial reduction "
                f"{config.partial_reduction} do not divide each other and K={k}")
    if config.workgroup_size > MAX_THREADS:
        return f"{config.workgroup_size} threads > {MAX_THREADS}"
    return ""


def _mx_prune_reason(p: Problem, config, arch: str) -> str:
    """MX configs pad M, N and K (scaled) or mask K (gemv, compiled at K/32 < its K step): threads and LDS
    matter, and a scaled MFMA needs an M loop (README: MXFP4 findings)."""
    if config.workgroup_size > MAX_THREADS:
        return f"{config.workgroup_size} threads > {MAX_THREADS}"
    if isinstance(config, GemvConfig):
        return ""
    if p.m == 1 and not p.batched:
        return ("M=1: IREE folds the unit M and refuses a scaled MFMA on the (n, kb, k) op "
                "('contraction like operation missing critical dimension')")
    if config.lds_estimate > get_target(arch).lds_bytes:
        return f"LDS estimate {config.lds_estimate} B > {get_target(arch).lds_bytes} B"
    return ""


def space(problem: Problem, arch: str) -> tuple[list[Candidate], list[tuple[Candidate, str]]]:
    """(kept, pruned-with-reason) for one problem, kept in simplicity order (fewest knobs changed first)."""
    kept, pruned = [], []
    knobs = knobs_of(arch)
    rank = {name: {v: i for i, v in enumerate(k.values(problem, arch))} for name, k in knobs.items()}
    for cand in generate(problem, arch):
        reason = prune_reason(cand, arch)
        (pruned.append((cand, reason)) if reason else kept.append(cand))
    kept.sort(key=lambda c: (changed(c, arch), tuple(rank[k][v] for k, v in c.knobs)))
    return kept, pruned
