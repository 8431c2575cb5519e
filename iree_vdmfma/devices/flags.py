"""Compile flags: the ONE place that turns a target name into iree-compile flags.

Each target family's flags are its backend's (backends/<name>/targets.py registers them); this asks the
family a target's name belongs to, and names every known target when none does.
"""

from __future__ import annotations

from .targets import UnknownTargetError, family_of, target


def compile_flags(arch: str) -> list[str]:
    """iree-compile flags that select ``arch`` (UnknownTargetError naming the known targets if none)."""
    family = family_of(arch)
    if family is None:
        target(arch)  # unknown: raises, naming the valid ones
        raise UnknownTargetError(f"target {arch!r} has no registered family")
    return family.flags(arch)
