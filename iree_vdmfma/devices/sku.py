"""The device SKU a record was measured on: product name, compute units, memory, clocks.

One gfx942 arch covers several SKUs (MI300X, MI308X, MI325X) that want different winners (IREE issue
19720), so records keep what distinguishes them, as far as the machine says: ``nvidia-smi`` (name,
memory, max SM and memory clocks), ``rocminfo`` (marketing name, compute units, max clock) and
``rocm-smi`` (VRAM) for AMD GPUs, ``/proc`` for the CPU; a GPU build of torch, where installed, for the SM count
nvidia-smi does not give. A field nothing reports stays empty, never guessed. None of this has run on a GPU here:
the nvidia-smi line format is checked against the H100's env.txt (tests/test_records.py imports it).
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
from dataclasses import dataclass, replace
from functools import lru_cache
from typing import Optional

from ..util.io import read_tool_text
from .probe import device_info, device_kind, normalize_device
from ..util.procs import run_group


@dataclass(frozen=True)
class Sku:
    name: str = ""
    units: Optional[int] = None  # CUs / SMs / CPU cores
    memory_mib: Optional[int] = None
    clock_mhz: Optional[int] = None
    memory_clock_mhz: Optional[int] = None
    driver_version: str = ""

    def fields(self) -> dict:
        return {"sku_name": self.name, "sku_units": self.units, "sku_memory_mib": self.memory_mib,
                "sku_clock_mhz": self.clock_mhz, "sku_memory_clock_mhz": self.memory_clock_mhz}


def _run(*cmd: str) -> str:
    if not shutil.which(cmd[0]):
        return ""
    try:
        return run_group(cmd, timeout_s=30).stdout
    except (OSError, subprocess.SubprocessError):
        return ""


def _int(text: str) -> Optional[int]:
    m = re.search(r"\d+", text or "")
    return int(m.group(0)) if m else None


def nvidia_smi_sku(csv_line: str) -> Sku:
    """'name, memory.total [MiB], clocks.max.sm [MHz], clocks.max.mem [MHz], driver' as nvidia-smi writes it."""
    cells = [c.strip() for c in csv_line.split(",")]
    cells += [""] * (5 - len(cells))
    return Sku(cells[0], None, _int(cells[1]), _int(cells[2]), _int(cells[3]), cells[4])


def _cuda(index: int) -> Sku:
    out = _run("nvidia-smi", "--query-gpu=name,memory.total,clocks.max.sm,clocks.max.mem,driver_version",
               "--format=csv,noheader,nounits")
    lines = [line for line in out.splitlines() if line.strip()]
    return nvidia_smi_sku(lines[index]) if len(lines) > index else Sku()


def rocminfo_skus(text: str) -> list[Sku]:
    """One Sku per GPU agent in ``rocminfo`` output, in agent order (CPU agents skipped)."""
    skus = []
    for agent in re.split(r"^\s*Agent \d+\s*$", text, flags=re.M)[1:]:
        if not re.search(r"^\s*Name:\s+gfx", agent, re.M):
            continue
        get = lambda key: (re.search(rf"^\s*{key}:\s*(.+?)\s*$", agent, re.M) or [None, ""])[1]  # noqa: E731
        skus.append(Sku(get("Marketing Name"), _int(get("Compute Unit")), None, _int(get(r"Max Clock Freq\. \(MHz\)"))))
    return skus


def _hip(index: int) -> Sku:
    skus = rocminfo_skus(_run("rocminfo"))
    if len(skus) <= index:
        return Sku()
    vram = re.findall(r"VRAM Total Memory \(B\):\s*(\d+)", _run("rocm-smi", "--showmeminfo", "vram"))
    return replace(skus[index], memory_mib=int(vram[index]) // 2**20 if len(vram) > index else None)


def _cpu() -> Sku:
    mem = re.search(r"^MemTotal:\s+(\d+) kB", _read("/proc/meminfo"), re.M)
    clock = _int(_read("/sys/devices/system/cpu/cpu0/cpufreq/cpuinfo_max_freq"))
    return Sku("", os.cpu_count(), int(mem.group(1)) // 1024 if mem else None, clock // 1000 if clock else None)


def _read(path: str) -> str:
    try:
        return read_tool_text(path)
    except OSError:
        return ""


def _torch_units(index: int) -> Optional[int]:
    """SMs (CUDA) or CUs (ROCm) from torch's device properties, where a GPU build of torch is installed (the torch
    peer's); nvidia-smi does not report SMs."""
    try:
        import torch  # noqa: PLC0415  (optional, slow to import: only for a GPU record)

        if torch.cuda.is_available() and torch.cuda.device_count() > index:
            return int(torch.cuda.get_device_properties(index).multi_processor_count)
    except Exception:  # noqa: BLE001  (no torch, a CPU build, a driver mismatch: the field stays empty)
        pass
    return None


@lru_cache(maxsize=None)
def probe(device: str) -> Sku:
    """The SKU of ``device`` (cuda, hip://1, local-task); an empty Sku for 'none' (modelled: nothing ran)."""
    if not device or device == "none":
        return Sku()
    device = normalize_device(device)
    tail = device.split("://", 1)[1] if "://" in device else ""
    kind, index = device_kind(device), int(tail) if tail.isdigit() else 0
    sku = {"cuda": lambda: _cuda(index), "hip": lambda: _hip(index), "cpu": _cpu}.get(kind, Sku)()
    info = device_info(device)
    units = sku.units if sku.units is not None or kind == "cpu" else _torch_units(index)
    return Sku(sku.name or info.name, units, sku.memory_mib, sku.clock_mhz, sku.memory_clock_mhz,
               sku.driver_version or info.driver_version)
