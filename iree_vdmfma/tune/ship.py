"""Shipping a tune's winners: the library of its shapes' winners (configs/library.py ``Library``, one entry a
shape with a winner), written with its spec pair (on the backend's spec route) and flags file into the tune's
specs/ at the end of every run (tune/tuner.py ``Tuner.run``), and merged into the user's library folder on
``vdmfma tune --publish`` (configs/library.py ``publish``).

Nothing here measures or models: an entry carries its winner row's basis, ``measured`` (raced or re-measured
side by side on the device the row names) or ``modelled`` (``--device none``: the backend's perf model's
ranking, nothing run), and the time the library was made; publish refuses a modelled winner unless told
(``allow_modelled``). ``tuner`` is a tune/tuner.py Tuner (its shapes, winners, options and backend).
"""

from __future__ import annotations

from pathlib import Path
from typing import Optional

from ..configs.library import MEASURED, MODELLED, Entry, Library, Merge, now_utc, publish, write_library
from .space import settings_of


def tuned_library(tuner) -> Library:
    """The tune's winners as a library, in the order of its shapes."""
    entries, at = [], now_utc()
    for p in tuner.problems:
        w = tuner.winner(p)
        if w is not None and w.winner:
            basis = MODELLED if w.basis == MODELLED else MEASURED
            entries.append(Entry(p, settings_of(w.winner), basis, w.device, at))
    return Library(tuner.o.target, tuple(entries))


def write_tuned_library(tuner, directory: Optional[Path] = None) -> dict[str, Path]:
    """The library, its spec pair (on the backend's spec route) and flags, into ``directory``
    (default: the tune's specs/)."""
    lib = tuned_library(tuner)
    if not lib.entries:
        return {}
    route = tuner.backend.spec_route
    for note in lib.conflicts(route):  # the spec serves the first shape's config; say which shape lost
        tuner.say(f"library: {note}")
    return write_library(lib, directory or tuner.out / "specs", library_flags(tuner), route)


def library_flags(tuner) -> list[str]:
    """The flags a library's users compile with: the target's, then the user's (--compile-flag)."""
    return [*tuner.backend.compile_flags(tuner.o.target), *tuner.o.flags]


def publish_tuned(tuner, directory: Path, allow_modelled: bool = False) -> tuple[Merge, dict[str, Path]]:
    """Merge the tune's library into the user's library folder (configs/library.py: publish)."""
    return publish(tuned_library(tuner), directory, library_flags(tuner), tuner.backend.spec_route,
                   allow_modelled)
