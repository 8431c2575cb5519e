"""Where the IREE tools are, and which compiler version they are."""

from __future__ import annotations

import re
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


VERSION_TIMEOUT_S = 60.0  # `iree-compile --version` answers in well under a second


def _ask(path: str, *args: str) -> subprocess.CompletedProcess:
    """iree-compile (``path``; '' the one :func:`tool` finds) run with ``args``, which end in --version: it answers
    in milliseconds, or ToolFailed once it runs past VERSION_TIMEOUT_S (ended with its group)."""
    cmd = [path or tool("iree-compile"), *args]
    try:
        return run_group(cmd, timeout_s=VERSION_TIMEOUT_S)
    except subprocess.SubprocessError:  # the timeout: the tool was ended with its group
        raise ToolFailed(f"iree-compile --version ran past {VERSION_TIMEOUT_S:g} s and was ended: "
                         f"{' '.join(cmd)}") from None


@lru_cache(maxsize=None)
def compiler_version(path: str = "") -> str:
    """First line of `iree-compile --version` beyond the banner, e.g. '3.13.0rc20261016 @ 89ece87...' (``path``:
    that iree-compile; '' the one :func:`tool` finds)."""
    out = _ask(path, "--version").stdout
    for line in out.splitlines():
        if "compiler version" in line:
            return line.split("compiler version", 1)[1].strip()
    return out.strip().splitlines()[0] if out.strip() else "unknown"


def refused_flags(flags: tuple[str, ...], path: str = "") -> dict[str, str]:
    """The ``flags`` this iree-compile (``path``; '' the one :func:`tool` finds, which every compile runs) refuses,
    each with why: a flag it does not know (with the nearest it does) or a value its option does not take. It is
    asked to parse them and then print its version: nothing is read, compiled or written, and it says what it
    refuses on stderr before the --version after them ends it. One run for them all; a flag is asked alone only
    when that run refuses something, to name which. Cached for the process (each run takes milliseconds)."""
    if not flags or not _refusal(tuple(flags), path):
        return {}
    return {flag: why for flag in flags if (why := _refusal((flag,), path))}


@lru_cache(maxsize=None)
def _refusal(flags: tuple[str, ...], path: str) -> str:
    """Why iree-compile refuses ``flags`` parsed together, '' when it takes them (or says nothing this knows for a
    refusal: a compile finds out)."""
    said = _ask(path, *flags, "--version").stderr
    unknown = re.search(r"Unknown command line argument '([^']*)'", said)
    value = re.search(r"for the (\S+) option: (.*?)(?=iree-compile:|\n|$)", said)
    if not (unknown or value):
        return ""
    this = f"iree-compile {compiler_version(path).split(' @ ')[0]}"
    if unknown:
        near = re.search(r"Did you mean '([^']*)'", said)
        return f"{this} has no flag {unknown.group(1).split('=')[0]}" + (f" (did you mean {near.group(1)}?)"
                                                                         if near else "")
    return f"{this} refuses its value: {value.group(2).strip()}"
