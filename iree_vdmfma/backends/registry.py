"""The backend registry: one entry per backend, looked up by name or by target."""

from __future__ import annotations

from ..devices.targets import UnknownTargetError
from .base import Backend

BACKENDS: dict[str, Backend] = {}
BUILT_IN = ("rocm", "cuda", "cpu", "peer")  # always listed first, in this order, whichever module loads first


def register(backend: Backend) -> Backend:
    BACKENDS[backend.name] = backend
    ordered = sorted(BACKENDS.values(), key=lambda b: BUILT_IN.index(b.name) if b.name in BUILT_IN else len(BUILT_IN))
    BACKENDS.clear()
    BACKENDS.update((b.name, b) for b in ordered)  # sorted() is stable: others keep their registration order
    return backend


def backend(name: str) -> Backend:
    try:
        return BACKENDS[name]
    except KeyError:
        raise ValueError(f"unknown backend {name!r}; valid: {', '.join(BACKENDS)}") from None


def backend_for(target: str) -> Backend:
    """The backend that builds for ``target``; UnknownTargetError naming every valid target."""
    compilers = [b for b in BACKENDS.values() if b.compiled]
    for b in compilers:
        if b.handles(target):
            return b
    valid = "; ".join(f"{b.targets_help()} ({b.name})" for b in compilers)
    raise UnknownTargetError(f"unknown target {target!r}; valid: {valid}")


def unregister(name: str) -> None:
    """Remove a backend (tests that register toys clean up with this)."""
    BACKENDS.pop(name, None)
