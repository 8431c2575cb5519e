"""The ``tuned`` variant: configs and split-K chunks from a tuning library (configs/library.py).

Where the library is: ``$VDMFMA_TUNED_LIBRARY`` (a directory holding
``library-<target>.json``, or such a file), else ``./specs/``. The first time a library
is read, one line on stderr says which file it was and how many of its entries were
measured or MODELLED. A shape the library does not list gets IREE's default.
"""

from __future__ import annotations

import os
import sys
from functools import lru_cache
from pathlib import Path
from typing import Optional

from ..configs.config import KernelConfig
from ..configs.library import UNVERIFIED, Library, paths, read_library
from ..problems.problem import Problem

ENV = "VDMFMA_TUNED_LIBRARY"


@lru_cache(maxsize=16)
def _load(location: str, arch: str, stamp: float) -> Library:
    lib = read_library(location, None if location.endswith(".json") else arch)
    bases = [e.basis for e in lib.entries]
    modelled = bases.count("modelled")
    print(f"variant tuned: read {location} ({len(bases)} entries: {bases.count('measured')} measured"
          + (f", {modelled} MODELLED" if modelled else "")
          + (f", {len(bases) - modelled - bases.count('measured')} without a recorded basis" if "" in bases else "")
          + ")" + (f"; {UNVERIFIED}" if lib.unverified else ""), file=sys.stderr, flush=True)
    return lib


def library(arch: str) -> Library:
    """The tuning library for ``arch``; ValueError naming where it looked when there is none."""
    location = os.environ.get(ENV) or "specs"
    path = Path(location) if location.endswith(".json") else paths(location, arch)["library"]
    if not path.is_file():
        raise ValueError(f"variant 'tuned': no tuning library for {arch} at {path} (run `vdmfma tune ... "
                         f"--target {arch} --publish DIR` and set ${ENV}=DIR, or set ${ENV} to a tune output's specs/ directory)")
    lib = _load(str(path), arch, path.stat().st_mtime)
    if lib.target != arch:
        raise ValueError(f"variant 'tuned': {path} is a library for {lib.target}, not {arch}")
    return lib


def tuned_config(problem: Problem, arch: str) -> Optional[KernelConfig]:
    return library(arch).config(problem, arch)


def tuned_split(problem: Problem, arch: str) -> int:
    return library(arch).split(problem)
