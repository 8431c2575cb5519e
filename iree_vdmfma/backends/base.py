"""Backends: what it takes to build for one family of targets (ROCm, CUDA, CPU).

A backend owns, for its targets: which target names it builds for, the
iree-compile flags (delegated to ``devices.flags``, the one owner of flags),
whether a problem can be built there (``enabled``: skip with a reason, or
``require``: refuse the whole plan), how to read the proof out of an executable
dump for its ISA, and the names of the attributes its configs write.

Adding a backend is one module with a subclass and one ``register`` call
(see registry.py); nothing else in the package names backends.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Mapping, Optional

from ..devices.flags import compile_flags
from ..problems.problem import Problem


@dataclass(frozen=True)
class Proof:
    """What a backend's evidence parser read from a dump.

    ``fields``: ResultRow fields to fill (e.g. mma_kind, vgpr); ``reason``: why the
    intended config was not applied, "" if it was (or nothing was intended);
    ``details``: backend-specific facts that have no results.csv column.
    """

    fields: Mapping[str, object] = field(default_factory=dict)
    reason: str = ""
    details: Mapping[str, object] = field(default_factory=dict)


@dataclass(frozen=True)
class Backend:
    """Base backend: subclass, set ``name``, override what differs, then ``register``."""

    name: str
    description: str
    attributes: tuple[str, ...] = ()  # named attributes its configs write on an op
    compiled: bool = True  # False: a peer (e.g. torch) that is run, never compiled by iree-compile

    def handles(self, target: str) -> bool:
        """True if ``target`` is one of this backend's targets."""
        raise NotImplementedError

    def targets_help(self) -> str:
        """The targets it builds for, in words (for error messages)."""
        raise NotImplementedError

    def compile_flags(self, target: str) -> list[str]:
        return compile_flags(target)

    def enabled(self, problem: Problem, target: str) -> tuple[bool, str]:
        """(True, "") if the problem can be built for target here; else (False, why): a skipped row."""
        return True, ""

    def require(self, problem: Problem, target: str) -> None:
        """Raise (an input error) if the user asked for something impossible on target."""

    def prove(self, dump_dir: Path, problem: Problem, target: str,
              intended_mma_kind: Optional[str]) -> Proof:
        """Read the dump of a successful compile; default: nothing to prove."""
        return Proof()
