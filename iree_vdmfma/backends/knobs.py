"""Tuning knobs: what a backend lets ``vdmfma tune`` vary, one generator function per knob.

A knob is ``(problem, target) -> values``; the first value is IREE's default. A backend
keeps its knobs in a :class:`KnobTable` (``@TABLE.knob("name")`` on a function) and
returns it from ``Backend.knobs()``; the tuner asks the backend, it keeps no list of its
own. A tile knob (``for_mma``) belongs to some ``mma`` kinds and only varies when the
candidate injects one of them. The helpers here are shared by the built-in backends.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Iterable, Mapping, Sequence

from ..configs.knobs import GEMV_MAX_M
from ..problems.problem import Problem

Values = Callable[[Problem, str], Sequence[object]]
MFMA = ("vdmfma", "dense")  # the injected MFMA configs (configs/knobs.py)
GEMV = ("gemv",)  # the injected no-MMA VectorDistribute config (configs/gemv.py)


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


class KnobTable(dict[str, Knob]):
    """A backend's knobs in search order; a new knob is one decorated function."""

    def knob(self, name: str, for_mma: tuple[str, ...] = ()) -> Callable[[Values], Values]:
        def register(fn: Values) -> Values:
            self[name] = Knob(name, fn, for_mma)
            return fn
        return register

    def fixed(self, name: str, values: Sequence[object], for_mma: tuple[str, ...] = ()) -> None:
        """A knob with the same values for every problem."""
        self[name] = Knob(name, lambda p, target: list(values), for_mma)


def gemv_fits(p: Problem) -> bool:
    return p.m <= GEMV_MAX_M and not p.batched


def split_chunks(problem: Problem, factors: Iterable[int], min_chunk: int) -> list[int]:
    """0 (no split) then K chunks K/f for the factors that divide K into chunks >= min_chunk."""
    return [0] + [problem.k // f for f in factors if problem.k % f == 0 and problem.k // f >= min_chunk]
