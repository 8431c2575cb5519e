"""The search space: a registry of knob generators per backend, and pruning before compiling.

A knob is one function ``(problem, arch) -> values`` registered with :func:`knob`
for a backend (``rocm``, ``cuda``, ``cpu``); the first value is IREE's default. A
candidate is one value per knob; a tile knob belongs to some ``mma`` kinds and only
varies (and only shows in the candidate id) when the candidate injects one of them.
:func:`prune` rejects, before any compile, settings that cannot compile or mean
nothing: LDS over the target's limit (modelled by ``promoted_lds_bytes``, exact for
the configs in the shared notes), more than 1024 threads, an N tile that does not
split over its subgroups in 16-wide intrinsics, tiles that do not divide N or the K
chunk, a gemv K step that does not divide the K chunk.

Which knobs exist per backend (IREE 3.13):
- rocm: split, mma (default/vdmfma/dense, plus gemv for M <= 8); for vdmfma/dense
  n_tile, subgroups, reduction, promote, prefetch (2/3) and waves_per_eu (unset/2);
  for gemv rows, kpart, ksub.
- cuda: split, mma (default, plus gemv for M <= 8) and gemv's rows, kpart, ksub: the
  no-MMA VectorDistribute config is the one IREE's CUDA pipeline accepts from us
  (its configs travel in the preprocessing spec, configs/library.py).
- cpu: split only (a tiny space, so CI runs the whole loop for real).
- rdna: the knob family of RDNA targets (gfx11/gfx12, built by the rocm backend; tune/space_rdna.py):
  split, mma (default/dense WMMA, plus gemv for M <= 8; no vdmfma), WMMA tiles and gemv's rows,
  kpart, ksub on 32-lane subgroups. :func:`knob_family` picks the family of a target.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass
from typing import Callable, Iterable, Mapping, Optional, Sequence

from ..configs.catalog import IntrinsicUnavailableError
from ..configs.gemv import GemvConfig
from ..configs.knobs import GEMV_MAX_M, knob_config
from ..configs.rules import padded_config
from ..backends import backend_for
from ..devices.targets import is_rdna, target as get_target
from ..problems.problem import Problem

Values = Callable[[Problem, str], Sequence[object]]
MAX_THREADS = 1024
MFMA = ("vdmfma", "dense")
GEMV = ("gemv",)


@dataclass(frozen=True)
class Knob:
    name: str
    values: Values
    for_mma: tuple[str, ...] = ()  # a tile knob: only meaningful with one of these injected configs

    @property
    def tile(self) -> bool:
        return bool(self.for_mma)

    def applies(self, settings: Mapping[str, object]) -> bool:
        return not self.for_mma or settings.get("mma", "default") in self.for_mma


KNOBS: dict[str, dict[str, Knob]] = {"rocm": {}, "cuda": {}, "cpu": {}, "rdna": {}}


def knob(backend: str, name: str, for_mma: tuple[str, ...] = ()) -> Callable[[Values], Values]:
    """Register a knob generator for a backend: a new knob is one decorated function."""
    def register(fn: Values) -> Values:
        KNOBS[backend][name] = Knob(name, fn, for_mma)
        return fn
    return register


def gemv_fits(p: Problem) -> bool:
    return p.m <= GEMV_MAX_M and not p.batched


def backend_of(arch: str) -> str:
    """The name of the backend that builds for ``arch`` (backends/ owns that; UnknownTargetError if none)."""
    return backend_for(arch).name


def knob_family(arch: str) -> str:
    """Which KNOBS entry a target searches: 'rdna' for Radeon targets, else its backend's name."""
    return "rdna" if is_rdna(arch) else backend_of(arch)


def split_chunks(problem: Problem, factors: Iterable[int], min_chunk: int) -> list[int]:
    """0 (no split) then K chunks K/f for the factors that divide K into chunks >= min_chunk."""
    return [0] + [problem.k // f for f in factors if problem.k % f == 0 and problem.k // f >= min_chunk]


@knob("rocm", "split")
def _rocm_split(p: Problem, arch: str):
    return split_chunks(p, (2, 4, 8, 16, 32), 256)


@knob("rocm", "mma")
def _rocm_mma(p: Problem, arch: str):
    return ["default", "vdmfma", "dense"] + (["gemv"] if gemv_fits(p) else [])


@knob("rocm", "n_tile", MFMA)
def _rocm_n_tile(p: Problem, arch: str):
    return [64, 32, 128]


@knob("rocm", "subgroups", MFMA)
def _rocm_subgroups(p: Problem, arch: str):
    return [2, 1, 4]


@knob("rocm", "reduction", MFMA)
def _rocm_reduction(p: Problem, arch: str):
    return [4, 2, 8]


@knob("rocm", "promote", MFMA)
def _rocm_promote(p: Problem, arch: str):
    return ["AB", "A"]


@knob("rocm", "prefetch", MFMA)
def _rocm_prefetch(p: Problem, arch: str):
    return [2, 3]  # tuning-knobs.md: 0, 1 and unset give one ISA, 2 is IREE's default, 3 = 4 = more loads in flight


@knob("rocm", "waves_per_eu", MFMA)
def _rocm_waves_per_eu(p: Problem, arch: str):
    return [0, 2]  # 0: unset; 2 cut VGPRs 196 -> 148 with promote A; 4 spilled (tuning-knobs.md)


@knob("cuda", "split")
def _cuda_split(p: Problem, arch: str):
    return split_chunks(p, (2, 4, 8, 16, 32, 64), 256)


@knob("cuda", "mma")
def _cuda_mma(p: Problem, arch: str):
    return ["default"] + (["gemv"] if gemv_fits(p) else [])


# gemv: N rows per workgroup, K elements per step, subgroups along K. ROCm: the values the
# shared notes compiled (48/48), example 11's config first. CUDA: the region an exploration
# on the H100 found fast first (rows 4, K step 1024 over 2 warps: within 3% and 6% of the
# best of 45 configs on 8x2304x8192 and 8x13312x8192, reports/tune-h100/README.md).
GEMV_VALUES = {"rocm": {"rows": [4, 1, 2, 8, 16], "kpart": [512, 256, 1024, 2048], "ksub": [1, 2, 4]},
               "cuda": {"rows": [4, 2, 1, 8], "kpart": [1024, 512, 2048], "ksub": [2, 4, 1]}}


def _fixed(values: Sequence[object]) -> Values:
    """A knob generator with the same values for every problem."""
    return lambda p, arch: list(values)


for backend_name, by_knob in GEMV_VALUES.items():
    for knob_name, values in by_knob.items():
        knob(backend_name, knob_name, GEMV)(_fixed(values))


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
    base = defaults(knob_family(arch), candidate.problem, arch)
    return sum(1 for k, v in candidate.knobs if base.get(k) != v)


def _make(problem: Problem, settings: Mapping[str, object], order: Sequence[str]) -> Candidate:
    return Candidate(problem, tuple((k, settings[k]) for k in order))


def generate(problem: Problem, arch: str) -> list[Candidate]:
    """Every knob setting (tile knobs collapsed to their default when nothing is injected), unpruned."""
    knobs = KNOBS[knob_family(arch)]
    order = list(knobs)
    values = {name: list(k.values(problem, arch)) for name, k in knobs.items()}
    seen: dict[str, Candidate] = {}
    for combo in itertools.product(*(values[n] for n in order)):
        settings = dict(zip(order, combo))
        cand = _make(problem, settings, [n for n in order if knobs[n].applies(settings)])
        seen.setdefault(cand.id, cand)
    return list(seen.values())


def reference(problem: Problem, arch: str, kind: str) -> Optional[Candidate]:
    """IREE's default ('default'), or the padded dense baseline ('padded', ROCm only)."""
    backend = backend_of(arch)
    settings = defaults(knob_family(arch), problem, arch)
    if kind == "padded":
        if backend != "rocm":
            return None
        settings["mma"] = "dense"  # with the padded rule's own reduction depth: the `padded` variant's config
        settings["reduction"] = padded_config(problem, arch).reduction[-1]
    return _make(problem, settings, [n for n, k in KNOBS[knob_family(arch)].items() if k.applies(settings)])


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
    if config.lds_estimate > get_target(arch).lds_bytes:
        return f"LDS estimate {config.lds_estimate} B > {get_target(arch).lds_bytes} B"
    return ""


def _gemv_prune_reason(p: Problem, k: int, config: GemvConfig) -> str:
    if p.n % config.rows:
        return f"{config.rows} rows per workgroup do not divide N={p.n}"
    if config.partial_reduction % config.k_step or k % config.partial_reduction:
        return (f"K step {config.k_step} (lanes x 16 B x K subgroups) and partial reduction "
                f"{config.partial_reduction} do not divide each other and K={k}")
    if config.workgroup_size > MAX_THREADS:
        return f"{config.workgroup_size} threads > {MAX_THREADS}"
    return ""


def space(problem: Problem, arch: str) -> tuple[list[Candidate], list[tuple[Candidate, str]]]:
    """(kept, pruned-with-reason) for one problem, kept in simplicity order (fewest knobs changed first)."""
    kept, pruned = [], []
    knobs = KNOBS[knob_family(arch)]
    rank = {name: {v: i for i, v in enumerate(k.values(problem, arch))} for name, k in knobs.items()}
    for cand in generate(problem, arch):
        reason = prune_reason(cand, arch)
        (pruned.append((cand, reason)) if reason else kept.append(cand))
    kept.sort(key=lambda c: (changed(c, arch), tuple(rank[k][v] for k, v in c.knobs)))
    return kept, pruned
