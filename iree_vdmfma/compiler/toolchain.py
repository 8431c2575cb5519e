"""Where the IREE tools are, and which compiler version they are."""

from __future__ import annotations

import shutil
import subprocess
from functools import lru_cache

from ..util.procs import run_group
from .errors import ToolFailed


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


VERSION_TIMEOUT_S = 60.0  # `iree-compile --version` answers in well under a second


@lru_cache(maxsize=None)
def compiler_version() -> str:
    """First line of `iree-compile --version` beyond the banner, e.g. '3.13.0rc20261016 @ 89ece87...'."""
    cmd = [tool("iree-compile"), "--version"]
    try:
        out = run_group(cmd, timeout_s=VERSION_TIMEOUT_S).stdout
    except subprocess.SubprocessError:  # the timeout: the tool was ended with its group
        raise ToolFailed(f"iree-compile --version ran past {VERSION_TIMEOUT_S:g} s and was ended: "
                         f"{' '.join(cmd)}") from None
    for line in out.splitlines():
        if "compiler version" in line:
            return line.split("compiler version", 1)[1].strip()
    return out.strip().splitlines()[0] if out.strip() else "unknown"
