"""The search space: the target's backend's knobs (backends/knobs.py), and pruning before compiling.

A knob is one declaration ``(problem, arch) -> values``; the first value is IREE's default. A
candidate is one value per knob; a tile knob belongs to some ``mma`` kinds and only
varies (and only shows in the candidate id) when the candidate injects one of them.
:func:`prune_reason` rejects, before any compile, settings that cannot compile or mean
nothing: each knob's own rule (``Knob.prune``: a split chunk that does not divide K or
meets an M = 1 GEMM, gemv rows that do not divide N or split over their subgroups, an N tile
that does not split over its subgroups in intrinsic-wide pieces), then the rules of the whole
config, its kind's (configs/knobs.py: threads, LDS modelled by ``promoted_lds_bytes``, tiles
that do not divide N or the K chunk, a gemv K step that does not divide the K chunk, the M = 1
scaled MFMA).

Which knobs exist is each backend's own knowledge (``Backend.knobs(target)``: backends/rocm/knobs.py,
with its RDNA table backends/rocm/knobs_rdna.py, backends/cuda/knobs.py, backends/cpu/); a backend
registered with knobs is tunable with no edit here. An MX (block-scaled) problem has its own family
of ROCm knobs (mma default/scaled/scaled32/mxgemv, mx_reduction, mx_ksub; no split) and its own
config kinds.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from typing import Mapping, Optional, Sequence

from ..backends import Knob, KnobTable, backend_for
from ..configs.catalog import IntrinsicUnavailableError
from ..configs.knobs import config_rules, knob_config
from ..problems.problem import Problem


def knobs_of(arch: str) -> Mapping[str, Knob]:
    """The knobs of the backend that builds for ``arch`` (UnknownTargetError if none)."""
    table = backend_for(arch).knobs(arch)
    return table.searched() if isinstance(table, KnobTable) else table


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
    """'' if the candidate may compile, else why it is rejected before compiling: each applying knob's own rule
    (``Knob.prune``; one that writes no config first, with none), then its config kind's rules
    (configs/knobs.py ``config_rules``)."""
    p, s = candidate.problem, candidate.settings
    table = backend_for(arch).knobs(arch)  # the knobs a setting may name, searched or not
    ruled = [k for k in table.values() if k.prune is not None and k.applies(s)]
    for knob in ruled:
        if not knob.tile and (why := knob.prune(p, s, None)):
            return why
    try:
        config = knob_config(p, arch, s)
    except IntrinsicUnavailableError as e:
        return str(e)
    if config is None:
        return ""
    for knob in ruled:
        if knob.tile and (why := knob.prune(p, s, config)):
            return why
    return config_rules(p, arch, s, config)


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


def space_id(kept: Sequence[Candidate]) -> str:
    """A short digest of a pruned space (its candidates' ids, in any order): a winner tuned over another space (a
    knob, a value or a rule added since) carries another one, so an evidence plan can tune its shape again
    (benchmarks/evidence/plan.py). Compile-time rejections (spills, narrow loads) are not in it: they are facts
    the compiler finds, the same for the same space."""
    return hashlib.sha256("\n".join(sorted(c.id for c in kept)).encode()).hexdigest()[:12]


def space_id_of(problem: Problem, arch: str) -> str:
    """:func:`space_id` of ``problem``'s pruned space on ``arch`` today."""
    return space_id(space(problem, arch)[0])
