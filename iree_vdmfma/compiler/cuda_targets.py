"""Which ``--iree-cuda-target`` values the installed iree-compile accepts, probed, cached on disk.

IREE 3.13 rejects ``sm_90``/``sm_90a`` (``missing GPU target in #hal.executable.target``)
while ``sm_89`` compiles and its PTX runs on an H100 (measured; shared/notes/gpu-measurements.md).
So the target for a device is not its compute capability: it is the newest sm this
compiler accepts that is not above it (devices.modules: PTX runs forward). Nothing
is hard-coded: each candidate is compiled once (a tiny real GEMM module) and the
answer is kept per compiler version in ``<cache_dir>/cuda-targets/<version>.json``.
"""

from __future__ import annotations

import hashlib
import json
import shlex
import subprocess
from functools import lru_cache
from pathlib import Path
from typing import Optional, Sequence

from ..devices.modules import sm_number
from ..devices.flags import compile_flags
from ..devices.targets import family_of
from ..problems.inputs import input_ir
from ..problems.problem import Problem
from .toolchain import compiler_version, tool
from ..util.io import atomic_write_text
from ..util.procs import Hung, run_group
from ..util.scratch import scratch

# Oldest to newest; the probe keeps those the compiler accepts.
CANDIDATES = ("sm_70", "sm_75", "sm_80", "sm_86", "sm_87", "sm_89", "sm_90", "sm_90a", "sm_100", "sm_120")


class NoCudaTargetError(ValueError):
    """No accepted CUDA target is at or below the device's compute capability."""


def _accepts(sm: str, src: Path, timeout_s: float) -> bool:
    """Whether iree-compile builds a module for ``sm``. Watched as every compile: one that hangs (IREE 3.13's
    threaded-compile deadlock) is ended and tried once more single-threaded, as the driver's retry does; one that
    hangs or times out again is ToolFailed, never taken as 'not accepted' (that answer is cached)."""
    from .driver import stall_seconds  # noqa: PLC0415  (the driver imports the layer this serves)
    from .errors import ToolFailed  # noqa: PLC0415
    from .retry import single_threaded_argv  # noqa: PLC0415

    out = src.with_suffix(f".{sm}.vmfb")
    attempt: Optional[list[str]] = [tool("iree-compile"), str(src), "-o", str(out), *compile_flags(sm)]
    while attempt is not None:  # the first, then the retry compiler/retry.py's policy calls for
        try:
            proc = run_group(attempt, timeout_s, stall_s=stall_seconds())
        except subprocess.SubprocessError as e:
            why = "hung (no CPU time, no thread running)" if isinstance(e, Hung) else f"ran past {timeout_s:g} s"
            last, attempt = attempt, single_threaded_argv(attempt)
            continue
        return proc.returncode == 0 and out.is_file()
    raise ToolFailed(f"the CUDA target probe for {sm} {why}, also single-threaded: {shlex.join(last)}")


def _cache_file(cache_dir: Path) -> Path:
    version = compiler_version()
    safe = hashlib.sha256(version.encode()).hexdigest()[:16]
    return Path(cache_dir) / "cuda-targets" / f"{safe}.json"


def probe_accepted(cache_dir: Path, candidates: Sequence[str] = CANDIDATES,
                   timeout_s: float = 120.0) -> tuple[str, ...]:
    """The candidates this iree-compile builds a module for, oldest first (cached per compiler version)."""
    path = _cache_file(cache_dir)
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        if data.get("compiler_version") == compiler_version() and data.get("candidates") == list(candidates):
            return tuple(data["accepted"])
    except (OSError, ValueError, KeyError):
        pass
    with scratch("probe") as tmp:
        src = Path(tmp) / "probe.mlir"
        src.write_text(input_ir(Problem(8, 64, 64, dtype="f16")), encoding="utf-8")
        accepted = tuple(sm for sm in candidates if _accepts(sm, src, timeout_s))
    atomic_write_text(path, json.dumps({"compiler_version": compiler_version(), "candidates": list(candidates),
                                        "accepted": list(accepted)}, indent=1))
    return accepted


def newest_not_above(device_arch: str, accepted: Sequence[str]) -> str:
    """The newest accepted sm at or below the device's (e.g. sm_90 device, 3.13 -> sm_89)."""
    dev = sm_number(device_arch)
    if dev is None:
        raise NoCudaTargetError(f"not a CUDA compute capability: {device_arch!r} (expected sm_NN)")
    fits = [sm for sm in accepted if not sm.endswith("a") and (sm_number(sm) or 10**9) <= dev]
    if not fits:
        raise NoCudaTargetError(f"iree-compile {compiler_version()} accepts no CUDA target at or below "
                                f"{device_arch} (accepted: {', '.join(accepted) or 'none'})")
    return max(fits, key=lambda sm: sm_number(sm) or 0)


@lru_cache(maxsize=None)
def cuda_compile_target(device_arch: str, cache_dir: Optional[Path] = None) -> str:
    """The --iree-cuda-target to build for a device of ``device_arch`` with this compiler."""
    from .driver import default_cache_dir

    return newest_not_above(device_arch, probe_accepted(Path(cache_dir) if cache_dir else default_cache_dir()))


def module_target(device_arch: str, cache_dir: Optional[Path] = None) -> str:
    """The target to compile a module for a device of ``device_arch``, as its target family says: the CUDA
    compile target for an sm (sm_90 -> sm_89 with IREE 3.13), the arch itself for every other device."""
    family = family_of(device_arch)
    return family.compile_target(device_arch, cache_dir) if family else device_arch
