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


def wheel_tool(name: str) -> str:
    """The compiler wheel's own ``name`` found without importing iree.compiler (`vdmfma --version` loads nothing
    heavy), else the one on PATH; FileNotFoundError when neither is."""
    import importlib.util  # noqa: PLC0415
    from pathlib import Path  # noqa: PLC0415

    spec = importlib.util.find_spec("iree.compiler")
    for root in (spec.submodule_search_locations or []) if spec else []:
        if (Path(root) / "_mlir_libs" / name).is_file():
            return str(Path(root) / "_mlir_libs" / name)
    found = shutil.which(name)
    if not found:
        raise FileNotFoundError(f"{name} not found: install iree-base-compiler")
    return found


@lru_cache(maxsize=None)
def compiler_version(path: str = "") -> str:
    """First line of `iree-compile --version` beyond the banner, e.g. '3.13.0rc20261016 @ 89ece87...' (``path``:
    that iree-compile; '' the one :func:`tool` finds)."""
    out = subprocess.run([path or tool("iree-compile"), "--version"], capture_output=True, text=True).stdout
    for line in out.splitlines():
        if "compiler version" in line:
            return line.split("compiler version", 1)[1].strip()
    return out.strip().splitlines()[0] if out.strip() else "unknown"
