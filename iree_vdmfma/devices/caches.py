"""Cache sizes a cold timing run must defeat: the device's own, from data sheets or the host.

``VDMFMA_CACHE_BYTES`` overrides. Hardware sizes are data-sheet facts
(devices/targets.py); the CPU's comes from /sys or lscpu.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from functools import lru_cache
from pathlib import Path
from typing import Optional

from ..util.io import read_tool_text
from ..util.sizes import parse_size
from .targets import device_spec
from ..util.procs import run_group



SYS_CACHE = Path("/sys/devices/system/cpu/cpu0/cache")
LSCPU = ("lscpu", "-B")


@lru_cache(maxsize=None)
def cpu_cache_bytes(base: Path = SYS_CACHE, lscpu: tuple[str, ...] = LSCPU) -> Optional[int]:
    """L2 + L3 of the host CPU as cpu0 sees them (one instance each), from /sys (``base``), else ``lscpu``."""
    by_level: dict[int, int] = {}
    for idx in sorted(base.glob("index*")) if base.exists() else []:
        try:
            if read_tool_text(idx / "type").strip() == "Instruction":
                continue
            level = int(read_tool_text(idx / "level"))
            size = parse_size(read_tool_text(idx / "size"))
        except (OSError, ValueError):
            continue
        if size and level >= 2:
            by_level[level] = by_level.get(level, 0) + size
    if by_level:
        return sum(by_level.values())
    try:
        out = run_group(list(lscpu), timeout_s=10).stdout
    except (OSError, subprocess.SubprocessError):
        return None
    # -B: bytes, summed over instances (an over-estimate: safe)
    sizes = [int(m.group(1)) for name in ("L2", "L3") for m in [re.search(rf"^{name} cache:\s+(\d+)", out, re.M)] if m]
    return sum(sizes) or None


def env_size(name: str) -> Optional[int]:
    """The bytes the environment variable ``name`` says, read as util/sizes.parse_size reads a size ('32M', '1.5G',
    bytes); None when it is unset or says no size (0, or not a size: '5e7', 'lots', below one byte), as unset.
    One that is not a size says so once a process on stderr (a ``warning:`` line): a typo is not silent."""
    text = os.environ.get(name)
    if not text:
        return None
    try:
        size = parse_size(text)
    except ValueError:  # below one byte: not a size, as 'lots' is
        size = None
    if size == 0:
        return None  # 0: none, as unset
    if size is None and name not in _WARNED:
        _WARNED.add(name)
        print(f"warning: {name}={text!r} is not a size (e.g. 256M, 1G): ignored", file=sys.stderr)
    return size


_WARNED: set[str] = set()  # the variables env_size has warned of


def default_cache_bytes(device: str, device_target: str = "", device_name: str = "") -> int:
    """Bytes of cache (every level that can hold weights between uses) cold mode must defeat.

    ``VDMFMA_CACHE_BYTES`` overrides (a size: '32M', '1.5G' or bytes; one that says
    none is as unset, as for memory_bytes). A known product (targets.DEVICE_SPECS, by
    driver name or AMD arch): its data-sheet caches (H100/H200 L2 50 MB; MI300X/MI355X
    Infinity Cache 256 MiB + 8 x 4 MiB L2). CPU: the host's L2 + L3. Unknown GPU:
    256 MiB, larger than any current GPU L2 (a conservative guess). The cold rotation
    puts at least twice this between two reads of one weight copy (timing.COLD_MARGIN).
    """
    env = env_size("VDMFMA_CACHE_BYTES")
    if env:
        return env
    spec = None if device.startswith("local") else device_spec(device_name, device_target)
    if spec:
        return spec.cache_bytes
    if device.startswith("local"):
        return cpu_cache_bytes() or 32 * 2**20
    return 256 * 2**20



def memory_bytes(device: str) -> Optional[int]:
    """Memory a run on ``device`` may take: the host's available memory (MemAvailable) for the CPU devices,
    ``VDMFMA_MEMORY_BYTES`` when set; None (not known here) for a GPU."""
    env = env_size("VDMFMA_MEMORY_BYTES")
    if env:
        return env
    if not device.startswith("local"):
        return None
    try:
        m = re.search(r"^MemAvailable:\s+(\d+) kB", read_tool_text("/proc/meminfo"), re.M)
    except OSError:
        return None
    return int(m.group(1)) * 1024 if m else None


def peak_gbps(device: str, target: str = "", device_name: str = "") -> Optional[float]:
    """Peak memory bandwidth (GB/s) of the device, where known; VDMFMA_PEAK_GBPS overrides.

    A known product (H100 SXM, H200, MI300X, MI355X; by driver name or AMD arch):
    its data-sheet HBM peak. CPU and unknown GPUs: None unless given, rather than invented.
    """
    env = os.environ.get("VDMFMA_PEAK_GBPS")
    if env:
        return float(env)
    spec = None if device.startswith("local") else device_spec(device_name, target)
    return spec.peak_hbm_gbps if spec else None
