"""Tuning knobs: what a backend lets ``vdmfma tune`` vary, each knob one declaration.

A knob is its name, ``(problem, target) -> values`` (the first value is IREE's default), the ``mma``
kinds it belongs to (``for_mma``: a tile knob only varies when the candidate injects one of them) and,
for a knob of the MMA configs, ``apply``: how its value is written into the config
(configs/knobs.py applies it; the value is read back from a candidate's id, tune/space.py
``settings_of``). A backend keeps its knobs in a :class:`KnobTable` (``@TABLE.knob("name")`` on a
function, or ``TABLE.fixed``), registers the table for its targets (configs/knobs.py
``register_knob_table``) and returns it from ``Backend.knobs()``; the tuner asks the backend, it keeps
no list of its own. A new knob is one entry in a table. The helpers here are shared by the built-in
backends.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Callable, Iterable, Mapping, Optional, Sequence

from ..configs.config import KernelConfig
from ..configs.knobs import GEMV_MAX_M, PROMOTE, waves_attrs, with_tile
from ..problems.problem import Problem

Values = Callable[[Problem, str], Sequence[object]]
Apply = Callable[[KernelConfig, object, str], KernelConfig]  # (config, the knob's value, target) -> config
MFMA = ("vdmfma", "dense")  # the injected MFMA configs (configs/knobs.py)
GEMV = ("gemv",)  # the injected no-MMA VectorDistribute config (configs/gemv.py)


@dataclass(frozen=True)
class Knob:
    name: str
    values: Values
    for_mma: tuple[str, ...] = ()  # a tile knob: only meaningful with one of these injected configs
    apply: Optional[Apply] = None  # how its value is written into an MMA config (None: read where the config is built)

    @property
    def tile(self) -> bool:
        return bool(self.for_mma)

    def applies(self, settings: Mapping[str, object]) -> bool:
        return not self.for_mma or settings.get("mma", "default") in self.for_mma


class KnobTable(dict[str, Knob]):
    """A backend's knobs in search order; a new knob is one decorated function."""

    def knob(self, name: str, for_mma: tuple[str, ...] = (), apply: Optional[Apply] = None) -> Callable[[Values], Values]:
        def register(fn: Values) -> Values:
            self[name] = Knob(name, fn, for_mma, apply)
            return fn
        return register

    def fixed(self, name: str, values: Sequence[object], for_mma: tuple[str, ...] = (),
              apply: Optional[Apply] = None) -> None:
        """A knob with the same values for every problem."""
        self[name] = Knob(name, lambda p, target: list(values), for_mma, apply)


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
