"""Which instruction counts matter on a target (imports neither pandas nor matplotlib: the sweep's table asks)."""

from __future__ import annotations

from functools import lru_cache

from ..problems.rows import INSTRUCTION_COLUMNS


@lru_cache(maxsize=None)
def instructions(target: str, dtype: str = "") -> tuple[tuple[str, str], ...]:
    """The instruction counts that matter on ``target`` as (results column, instruction name), asked of its
    backend (``Backend.instructions``: v_smfmac and v_mfma on CDNA, v_mfma_scale for an MX ``dtype``, v_wmma on
    RDNA, ...); () for a target no
    backend builds for (e.g. a results file from elsewhere). Where the compiler is not installed (a bench-only
    GPU machine: the backends need it), every instruction column results.csv has, named by its column."""
    from ..devices.targets import UnknownTargetError  # noqa: PLC0415

    try:
        from ..backends import backend_for  # noqa: PLC0415
    except ImportError:
        return tuple((c, c) for c in INSTRUCTION_COLUMNS)
    try:
        return tuple(backend_for(target).instructions(target, dtype))
    except UnknownTargetError:
        return ()


def instructions_of(pairs) -> tuple[tuple[str, str], ...]:
    """The union of ``instructions(target, dtype)`` over (target, dtype) ``pairs``, in first-seen order: a report
    of plain and MX shapes counts v_smfmac, v_mfma and v_mfma_scale, each where its dtype has it."""
    return tuple(dict.fromkeys(i for t, d in pairs for i in instructions(str(t), str(d or ""))))
