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
VERSION_TEXT = "compiler version"  # `iree-compile --version` prints '  IREE compiler version 3.13.0rc... @ 89ece87...'
UNKNOWN_VERSION = "unknown"  # what compiler_version says of an iree-compile that prints no version


def _ask(path: str, args: tuple[str, ...], asked: str) -> subprocess.CompletedProcess:
    """iree-compile (``path``; '' the one :func:`tool` finds) run with ``args``, which end in --version: it answers
    in milliseconds, or ToolFailed once it runs past VERSION_TIMEOUT_S (ended with its group), saying what it was
    ``asked`` ('--version', or the flags it was checking)."""
    cmd = [path or tool("iree-compile"), *args]
    try:
        return run_group(cmd, timeout_s=VERSION_TIMEOUT_S)
    except subprocess.SubprocessError:  # the timeout: the tool was ended with its group
        raise ToolFailed(f"iree-compile {asked} ran past {VERSION_TIMEOUT_S:g} s and was ended: "
                         f"{' '.join(cmd)}") from None


@lru_cache(maxsize=None)
def compiler_version(path: str = "") -> str:
    """First line of `iree-compile --version` beyond the banner, e.g. '3.13.0rc20261016 @ 89ece87...' (``path``:
    that iree-compile; '' the one :func:`tool` finds)."""
    out = _ask(path, ("--version",), "--version").stdout
    for line in out.splitlines():
        if VERSION_TEXT in line:
            return line.split(VERSION_TEXT, 1)[1].strip()
    return out.strip().splitlines()[0] if out.strip() else UNKNOWN_VERSION


def refused_flags(flags: tuple[str, ...], path: str = "") -> dict[str, str]:
    """The ``flags`` this iree-compile (``path``; '' the one :func:`tool` finds, which every compile runs) refuses,
    each with why (:func:`_refusal`). One run for them all; a flag is asked alone only when that run refuses
    something, to name which. Cached for the process (each run takes milliseconds)."""
    whole = _refusal(tuple(flags), path) if flags else ""
    if not whole:
        return {}
    alone = {flag: why for flag in flags if (why := _refusal((flag,), path))}
    return alone or {flags[0]: f"refused with the others, though each is taken alone: {whole}"}  # never taken


# No flag of iree-compile's: it follows each flag asked about, and ends them, so a flag that takes the next argument
# as its value (one given without =VALUE) takes one, and a flag that exits where it is parsed (--version) leaves the
# last one unread: iree-compile reports unknown fewer of them than there are.
_END = "--vdmfma-end-of-flag"


@lru_cache(maxsize=None)
def _refusal(flags: tuple[str, ...], path: str) -> str:
    """Why iree-compile refuses ``flags`` parsed together, '' when it takes them. It parses them (each followed by
    _END, and one more _END), then --version prints its version and exits: nothing is read, compiled or written.
    Taken only when it exits 0 with its version on stdout, having reported each _END unknown and nothing else: no
    unknown flag, no value its option refuses. Else refused, said in the user's terms: a flag that printed
    something and exited (--help, --iree-hal-list-target-backends: no compile option), one that took the _END after
    it as its value (given without =VALUE), or iree-compile's own words."""
    run = _ask(path, (*(arg for flag in flags for arg in (flag, _END)), _END, "--version"),
               f"checking the compile flag{'s' if len(flags) > 1 else ''} {' '.join(flags)}")
    unknown_end, lines = f"Unknown command line argument '{_END}'", run.stderr.splitlines()
    said = [line for i, line in enumerate(lines) if f"'{_END}'" not in line and not (  # nor its nearest flag to _END
        "Did you mean '" in line and i and unknown_end in lines[i - 1])]
    ends = run.stderr.count(unknown_end)
    version = compiler_version(path)
    this = f"iree-compile {version.split(' @ ')[0]}"
    if run.returncode != 0:
        words = [line.removeprefix("iree-compile:").strip() for line in said if line.strip()]
        why = words[0] if words else f"exit {run.returncode}"
        if version == UNKNOWN_VERSION:  # it does not say its version either: it cannot run, whatever the flag
            return f"could not be checked: iree-compile cannot run ({why})"
        return f"{this} refuses it: {why}"
    if VERSION_TEXT not in run.stdout or not ends:  # it exited at a flag: --help, --version, a list of targets
        shown = run.stdout.strip().splitlines()[:1]
        return f"is no compile option: {this} " + (f"prints {shown[0]!r} and exits" if shown else "exits at it")
    if ends <= len(flags):
        return f"takes a value: give it as {flags[0].split('=', 1)[0]}=VALUE ({this})"
    said_text = "\n".join(said)
    unknown = re.search(r"Unknown command line argument '([^']*)'", said_text)
    if unknown:
        near = re.search(r"Did you mean '([^']*)'", said_text[unknown.end():])
        return f"{this} has no flag {unknown.group(1).split('=')[0]}" + (f" (did you mean {near.group(1)}?)"
                                                                         if near else "")
    value = re.search(r"for the (\S+) option: (.*?)(?=iree-compile:|\n|$)", said_text)
    return f"{this} refuses its value: {value.group(2).strip()}" if value else ""
