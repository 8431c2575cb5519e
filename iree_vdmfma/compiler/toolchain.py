"""Where the IREE tools are, and which compiler version they are."""

from __future__ import annotations

import shutil
import subprocess
from functools import lru_cache


@lru_cache(maxsize=None)
def tool(name: str) -> str:
    """Path of an IREE tool: the compiler wheel's own, else the one on PATH (runtime tools)."""
    try:
        from iree.compiler.tools.binaries import find_tool

        return find_tool(name)
    except Exception:
        pass
    found = shutil.which(name)
    if not found:
        raise FileNotFoundError(f"{name} not found: install iree-base-compiler / iree-base-runtime")
    return found


@lru_cache(maxsize=None)
def compiler_version() -> str:
    """First line of `iree-compile --version` beyond the banner, e.g. '3.13.0rc20261016 @ 89ece87...'."""
    out = subprocess.run([tool("iree-compile"), "--version"], capture_output=True, text=True).stdout
    for line in out.splitlines():
        if "compiler version" in line:
            return line.split("compiler version", 1)[1].strip()
    return out.strip().splitlines()[0] if out.strip() else "unknown"
