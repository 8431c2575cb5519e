"""Provenance of a measurement: device name, arch, driver, IREE/toolkit versions, date.

Asked from the system and the installed packages (nothing measured). The compiler
version is passed in by the caller (the sweep knows it; ``vdmfma bench`` reads it
from the directory's manifest) so this module never imports the compiler. The columns it
fills are declared once, by ``problems.rows.Provenance``, which every measured row schema inherits.
"""

from __future__ import annotations

import datetime as _dt
from functools import lru_cache
from importlib import metadata

from ..devices.probe import device_info
from ..problems.rows import Provenance


@lru_cache(maxsize=None)
def package_version(name: str) -> str:
    try:
        return metadata.version(name)
    except metadata.PackageNotFoundError:
        return ""


def now_utc() -> str:
    return _dt.datetime.now(_dt.timezone.utc).replace(microsecond=0).isoformat()


def provenance(device: str, compiler_version: str = "", runtime_version: str = "") -> Provenance:
    """Where and with what a row on ``device`` is measured now (``.columns()``: the row cells)."""
    info = device_info(device)
    return Provenance(info.name, info.arch, info.driver_version, compiler_version,
                      runtime_version or package_version("iree-base-runtime"),
                      package_version("iree-vdmfma"), now_utc())
