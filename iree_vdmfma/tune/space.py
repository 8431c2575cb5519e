"""The search space: a registry of knob generators per backend, and pruning before compiling.

A knob is one function ``(problem, arch) -> values`` registered with :func:`knob`
for a backend (``rocm``, ``cuda``, ``cpu``); the first value is IREE's default. A
candidate is one value per knob; tile knobs only vary when a codegen config is
injected (``mma`` != default). :func:`prune` rejects, before any compile, settings
that cannot compile or mean nothing: LDS over the target's limit (modelled by
``promoted_lds_bytes``, exact for the configs in the shared notes), more than
1024 threads, an N tile that does not split over its subgroups in 16-wide
intrinsics, tiles that do not divide N or the K chunk.

Which knobs exist per backend (IREE 3.13):
- rocm: split, mma (default/vdmfma/dense), n_tile, subgroups, reduction, promote
  (plus prefetch, off by default: it rarely changes the ISA, see tuning-knobs.md).
- cuda: split only. A codegen tuning spec for CUDA would need an NVIDIA MMA
  config; not built here, so tile knobs are not offered (the split is target-agnostic).
- cpu: split only (a tiny space, so CI runs the whole loop for real).
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass
from typing import Callable, Iterable, Mapping, Optional, Sequence

from ..configs.catalog import IntrinsicUnavailableError
from ..configs.knobs import knob_config
from ..configs.rules import padded_config
from ..backends import backend_for
from ..devices.targets import target as get_target
from ..problems.problem import Problem

Values = Callable[[Problem, str], Sequence[object]]
MAX_THREADS = 1024
TILE_KNOBS = ("n_tile", "subgroups", "reduction", "promote", "prefetch")


@dataclass(frozen=True)
class Knob:
    name: str
    values: Values
    tile: bool = False  # only meaningful with an injected codegen config


KNOBS: dict[str, dict[str, Knob]] = {"rocm": {}, "cuda": {}, "cpu": {}}


def knob(backend: str, name: str, tile: bool = False) -> Callable[[Values], Values]:
    """Register a knob generator for a backend: a new knob is one decorated function."""
    def register(fn: Values) -> Values:
        KNOBS[backend][name] = Knob(name, fn, tile)
        return fn
    return register


def backend_of(arch: str) -> str:
    """The name of the backend that builds for ``arch`` (backends/ owns that; UnknownTargetError if none)."""
    return backend_for(arch).name


def split_chunks(problem: Problem, factors: Iterable[int], min_chunk: int) -> list[int]:
    """0 (no split) then K chunks K/f for the factors that divide K into chunks >= min_chunk."""
    return [0] + [problem.k // f for f in factors if problem.k % f == 0 and problem.k // f >= min_chunk]


@knob("rocm", "split")
def _rocm_split(p: Problem, arch: str):
    return split_chunks(p, (2, 4, 8, 16, 32), 256)


@knob("rocm", "mma")
def _rocm_mma(p: Problem, arch: str):
    return ["default", "vdmfma", "dense"]


@knob("rocm", "n_tile", tile=True)
def _rocm_n_tile(p: Problem, arch: str):
    return [64, 32, 128]


@knob("rocm", "subgroups", tile=True)
def _rocm_subgroups(p: Problem, arch: str):
    return [2, 1, 4]


@knob("rocm", "reduction", tile=True)
def _rocm_reduction(p: Problem, arch: str):
    return [4, 2, 8]


@knob("rocm", "promote", tile=True)
def _rocm_promote(p: Problem, arch: str):
    return ["AB", "A"]


@knob("cuda", "split")
def _cuda_split(p: Problem, arch: str):
    return split_chunks(p, (2, 4, 8, 16, 32, 64), 256)


@knob("cpu", "split")
def _cpu_split(p: Problem, arch: str):
    return split_chunks(p, (2, 4), 128)


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


def defaults(backend: str, problem: Problem, arch: str) -> dict[str, object]:
    return {name: k.values(problem, arch)[0] for name, k in KNOBS[backend].items()}


def changed(candidate: Candidate, arch: str) -> int:
    """How many knobs differ from IREE's default (the simplicity order for ties)."""
    base = defaults(backend_of(arch), candidate.problem, arch)
    return sum(1 for k, v in candidate.knobs if base.get(k) != v)


def _make(problem: Problem, settings: Mapping[str, object], order: Sequence[str]) -> Candidate:
    return Candidate(problem, tuple((k, settings[k]) for k in order))


def generate(problem: Problem, arch: str) -> list[Candidate]:
    """Every knob setting (tile knobs collapsed to their default when nothing is injected), unpruned."""
    knobs = KNOBS[backend_of(arch)]
    order = list(knobs)
    values = {name: list(k.values(problem, arch)) for name, k in knobs.items()}
    seen: dict[str, Candidate] = {}
    for combo in itertools.product(*(values[n] for n in order)):
        settings = dict(zip(order, combo))
        if settings.get("mma", "default") == "default":
            settings.update({n: values[n][0] for n in order if knobs[n].tile})
        cand = _make(problem, settings, order)
        seen.setdefault(cand.id, cand)
    return list(seen.values())


def reference(problem: Problem, arch: str, kind: str) -> Optional[Candidate]:
    """IREE's default ('default'), or the padded dense baseline ('padded', ROCm only)."""
    backend = backend_of(arch)
    settings = defaults(backend, problem, arch)
    if kind == "padded":
        if backend != "rocm":
            return None
        settings["mma"] = "dense"  # with the padded rule's own reduction depth: the `padded` variant's config
        settings["reduction"] = padded_config(problem, arch).reduction[-1]
    return _make(problem, settings, list(KNOBS[backend]))


def prune_reason(candidate: Candidate, arch: str) -> str:
    """'' if the candidate may compile, else why it is rejected before compiling."""
    p, s = candidate.problem, candidate.settings
    if candidate.split and p.k % candidate.split:
        return f"split chunk {candidate.split} does not divide K={p.k}"
    try:
        config = knob_config(p, arch, s)
    except IntrinsicUnavailableError as e:
        return str(e)
    if config is None:
        return ""
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
    if config.lds_estimate > get_target(arch).lds_bytes:
        return f"LDS estimate {config.lds_estimate} B > {get_target(arch).lds_bytes} B"
    return ""


def space(problem: Problem, arch: str) -> tuple[list[Candidate], list[tuple[Candidate, str]]]:
    """(kept, pruned-with-reason) for one problem, kept in simplicity order (fewest knobs changed first)."""
    kept, pruned = [], []
    knobs = KNOBS[backend_of(arch)]
    rank = {name: {v: i for i, v in enumerate(k.values(problem, arch))} for name, k in knobs.items()}
    for cand in generate(problem, arch):
        reason = prune_reason(cand, arch)
        (pruned.append((cand, reason)) if reason else kept.append(cand))
    kept.sort(key=lambda c: (changed(c, arch), tuple(rank[k][v] for k, v in c.knobs)))
    return kept, pruned
