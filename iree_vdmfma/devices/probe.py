"""Devices: the ONE owner of IREE device names, aliases, probing and arch detection.

A device is an IREE device URI: ``hip``/``hip://N`` (AMD GPU), ``cuda``/``cuda://N``,
``local-task``/``local-sync`` (this CPU; ``cpu`` and ``host`` are aliases). Probing
happens in a child process so a broken driver cannot crash the caller. Nothing here
is measured: it asks the system (KFD topology, amdgpu-arch, nvidia-smi, the IREE
runtime) what is present.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from functools import lru_cache
from pathlib import Path
from typing import Callable, Optional

from dataclasses import dataclass

from ..util.io import read_tool_text
from .targets import TARGETS, family_of
from ..util.procs import run_group

CPU_DEVICES = ("local-task", "local-sync")
GFX_ARCH_RE = r"gfx[0-9a-f]+(?::[a-z]+[+-])*"  # with target features: gfx942:sramecc+:xnack-
DEVICE_ALIASES = {"cpu": "local-task", "host": "local-task", "rocm": "hip"}
AUTO = "auto"  # the device of whatever is here (every command's default --device): resolve_device, plan_device


class DeviceError(RuntimeError):
    """A device cannot be used as asked (absent, or the module does not fit it)."""


class TargetMismatchError(DeviceError):
    """The module was compiled for a different target than the device."""


class DeviceUnavailableError(DeviceError):
    """The requested device does not exist here."""




def normalize_device(device: str) -> str:
    d = device.strip().lower()
    return DEVICE_ALIASES.get(d, d)


def driver_of(device: str) -> str:
    """``hip://1`` -> ``hip``."""
    return normalize_device(device).split("://", 1)[0]


def device_kind(device: str) -> str:
    """What a device runs: 'cpu', 'hip', 'cuda', 'vulkan' (the module side uses the same words)."""
    drv = driver_of(device)
    return "cpu" if drv in CPU_DEVICES else drv


def _device_index(device: str) -> int:
    tail = normalize_device(device).split("://", 1)[1] if "://" in device else ""
    return int(tail) if tail.isdigit() else 0


# On Linux a GPU driver's user-space library reaches its devices only through these nodes: without any of them
# there is no device to find (ROCm: /dev/kfd; NVIDIA: /dev/nvidiactl, or /dev/dxg under WSL).
_DEVICE_NODES = {"hip": ("/dev/kfd",), "cuda": ("/dev/nvidiactl", "/dev/dxg")}


def _no_device_node(driver: str) -> bool:
    """True when this Linux kernel has none of the device nodes ``driver`` needs: nothing to probe."""
    nodes = _DEVICE_NODES.get(driver)
    return sys.platform.startswith("linux") and nodes is not None and not any(os.path.exists(n) for n in nodes)


@lru_cache(maxsize=None)
def probe_driver(driver: str, timeout_s: float = 60.0) -> tuple[dict, ...]:
    """Devices a driver reports, probed in a child process so a broken driver cannot crash us.

    Returns () when the driver is missing, its library is absent, or it fails; at once (no child process)
    when the kernel has no device node the driver needs (``_no_device_node``).
    """
    if _no_device_node(driver):
        return ()
    import iree.runtime as rt

    if driver not in rt.query_available_drivers():
        return ()
    code = ("import json, iree.runtime as r\n"
            f"print(json.dumps(r.get_driver({driver!r}).query_available_devices()))")
    try:
        proc = run_group([sys.executable, "-c", code], timeout_s=timeout_s)
    except (OSError, subprocess.SubprocessError):
        return ()
    if proc.returncode != 0:
        return ()
    try:
        devices = json.loads(proc.stdout.strip().splitlines()[-1])
    except (ValueError, IndexError):
        return ()
    return tuple(d for d in devices if isinstance(d, dict))


def resolve_device(spec: Optional[str] = AUTO) -> Optional[str]:
    """'auto': ``hip`` when an AMD GPU is visible to IREE, else None (compile-only).

    None/''/'none' -> None; anything else is normalised and returned as given
    (``cpu`` -> ``local-task``).
    """
    if spec is None or spec.strip().lower() in ("", "none", "off", "compile-only"):
        return None
    if spec.strip().lower() == AUTO:
        return "hip" if probe_driver("hip") else None
    return normalize_device(spec)


GPU_DRIVERS = ("hip", "cuda", "vulkan")


def devices_here() -> list[str]:
    """Every device IREE can run on here: the CPU ones, then each GPU as DRIVER://N."""
    here = ["local-task", "local-sync"]
    for drv in GPU_DRIVERS:
        here += [f"{drv}://{i}" for i in range(len(probe_driver(drv)))]
    return here


def require_device(device: str) -> str:
    """The normalised device, or DeviceUnavailableError saying which devices exist and how to compile only."""
    dev = normalize_device(device)
    kind = device_kind(dev)
    if kind == "cpu":
        return dev
    found = probe_driver(driver_of(dev)) if kind in GPU_DRIVERS else ()
    if len(found) > _device_index(dev):
        return dev
    what = f"no {kind} device {dev!r}" if kind in GPU_DRIVERS else f"unknown device {device!r}"
    raise DeviceUnavailableError(
        f"{what} here; devices here: {', '.join(devices_here())}. To compile without a device, give the "
        "target instead: `--target gfx942|sm_89|host --device none` (a sweep compiled that way runs later with "
        "`vdmfma bench DIR` where the GPU is; a tune that way is compile-only or MODELLED, never measured)")


def _kfd_gfx_archs() -> list[str]:
    """gfx names of the GPUs in the KFD topology (Linux), in node order."""
    archs = []
    for props in sorted(Path("/sys/class/kfd/kfd/topology/nodes").glob("*/properties"),
                        key=lambda p: int(p.parent.name) if p.parent.name.isdigit() else 0):
        try:
            m = re.search(r"^gfx_target_version\s+(\d+)", read_tool_text(props), re.M)
        except OSError:
            continue
        if m and int(m.group(1)):
            v = int(m.group(1))  # e.g. 90402 -> gfx942, 90010 -> gfx90a
            archs.append(f"gfx{v // 10000}{(v // 100) % 100:x}{v % 100:x}")
    return archs


@lru_cache(maxsize=None)
def hip_arch(index: int = 0) -> Optional[str]:
    """The gfx arch of HIP device ``index``: VDMFMA_HIP_ARCH, KFD topology, amdgpu-arch, device name."""
    env = os.environ.get("VDMFMA_HIP_ARCH")
    if env:
        return env
    archs = _kfd_gfx_archs()
    if len(archs) > index:
        return archs[index]
    for tool in ("amdgpu-arch", "offload-arch"):
        exe = shutil.which(tool)
        if exe:
            try:
                out = run_group([exe], timeout_s=30).stdout
            except (OSError, subprocess.SubprocessError):
                continue
            names = re.findall(GFX_ARCH_RE, out)
            if len(names) > index:
                return names[index]
    devices = probe_driver("hip")
    if len(devices) > index:
        name = str(devices[index].get("name", ""))
        m = re.search(GFX_ARCH_RE, name)
        if m:
            return m.group(0)
        for arch, t in TARGETS.items():
            if t.product.lower().replace(" ", "") in name.lower().replace(" ", ""):  # 'RX 7900 XTX' too
                return arch
    return None


@lru_cache(maxsize=None)
def _nvidia_smi() -> tuple[tuple[str, str, str], ...]:
    """(name, driver_version, compute_cap) per NVIDIA GPU, from nvidia-smi; () without it."""
    exe = shutil.which("nvidia-smi")
    if not exe:
        return ()
    try:
        out = run_group([exe, "--query-gpu=name,driver_version,compute_cap", "--format=csv,noheader"],
                        timeout_s=30).stdout
    except (OSError, subprocess.SubprocessError):
        return ()
    rows = [tuple(c.strip() for c in line.split(",")) for line in out.splitlines() if line.count(",") == 2]
    return tuple(rows)  # type: ignore[return-value]


def sm_of_compute_cap(cap: str) -> Optional[str]:
    """'9.0' -> 'sm_90' (None for anything else)."""
    return "sm_" + cap.replace(".", "") if re.fullmatch(r"\d+\.\d+", cap.strip()) else None


@lru_cache(maxsize=None)
def cuda_arch(index: int = 0) -> Optional[str]:
    """sm_XX of CUDA device ``index`` (its compute capability): VDMFMA_CUDA_ARCH, else nvidia-smi."""
    env = os.environ.get("VDMFMA_CUDA_ARCH")
    if env:
        return env
    gpus = _nvidia_smi()
    return sm_of_compute_cap(gpus[index][2]) if len(gpus) > index else None


def device_target(device: str) -> str:
    """Compile target for a device: 'host' for CPU, the gfx arch for hip, sm_XX for cuda.

    Returns the bare driver name ('hip', 'cuda') when the arch cannot be read.
    """
    kind = device_kind(device)
    if kind == "cpu":
        return "host"
    if kind == "hip":
        return hip_arch(_device_index(device)) or "hip"
    if kind == "cuda":
        return cuda_arch(_device_index(device)) or "cuda"
    return kind




def _target_driver(target: str) -> Optional[str]:
    """The GPU driver that runs modules built for ``target`` (None for host and unknown targets)."""
    family = family_of(target)
    return family.driver if family and family.driver in GPU_DRIVERS else None


def plan_device(device: Optional[str], target: Optional[str], default_target: str = "gfx942",
                cuda_target: Callable[[str], str] = lambda arch: arch,
                target_kind: Optional[Callable[[str], str]] = None) -> tuple[Optional[str], str]:
    """(device to run on, or None for compile-only; compile target) from --device and --target: the ONE
    device->target resolution every command uses.

    - none: compile only, for ``target`` (default ``default_target``).
    - auto: with a host target (one the CPU runs), the CPU device ``local-task``; with another target, a GPU
      here that runs it (hip for gfx*, cuda for sm_*), else none; without one, the first GPU here (hip, then
      cuda), else none with ``default_target``.
    - a named device must exist here (DeviceUnavailableError naming those that do); the target defaults
      to the device's own (``host`` for the CPU, the gfx arch, or ``cuda_target(sm)``: the newest sm the
      compiler accepts, which the caller probes); a given target it cannot run is TargetMismatchError.
    ``target_kind(target)``: the device kind that runs a target's modules (the caller asks the target's
    backend, so a registered backend's targets fit too); without it, gfx* -> hip, sm_* -> cuda, host -> cpu.
    """
    spec = (device or "none").strip().lower()
    base = lambda t: t.split(":")[0].strip().lower()  # noqa: E731
    kind_of = target_kind or (lambda t: _target_driver(t) or ("cpu" if base(t) == "host" else ""))
    if spec == AUTO:
        if target and kind_of(target) == "cpu":
            return plan_device(CPU_DEVICES[0], target, default_target, cuda_target, target_kind)  # the CPU is here
        drivers = [_target_driver(target)] if target else ["hip", "cuda"]
        found = next((d for d in drivers if d and probe_driver(d)), None)
        return plan_device(found, target, default_target, cuda_target, target_kind)
    dev = resolve_device(spec)
    if dev is None:
        return None, target or default_target
    dev = require_device(dev)
    kind, arch = device_kind(dev), device_target(dev)
    if kind == "cuda":
        own = cuda_target(arch)
    else:
        own = arch
    if target is None:
        return dev, own
    wanted = kind_of(target)
    fits = kind not in ("cpu", "hip", "cuda") or (wanted == kind and (kind != "hip" or base(target) == base(arch)))
    if not fits:
        raise TargetMismatchError(f"device {dev} runs {own} modules, but --target is {target}; pass --target "
                                  f"{own}, or --device none to compile for {target} only")
    return dev, target


@dataclass(frozen=True)
class DeviceInfo:
    """What a measured row records about where it ran (asked from the system, not measured)."""

    device: str  # IREE URI, e.g. 'cuda://0'
    name: str  # e.g. 'NVIDIA H100 80GB HBM3', 'AMD Instinct MI300X', 'Intel(R) Xeon(R) ...'
    arch: str  # 'sm_90', 'gfx942:sramecc+:xnack-', 'host x86_64'
    driver_version: str  # NVIDIA/amdgpu kernel driver version; '' for CPU or unknown


def _cpu_name() -> str:
    try:
        m = re.search(r"^model name\s*:\s*(.+)$", read_tool_text("/proc/cpuinfo"), re.M)
        if m:
            return m.group(1).strip()
    except OSError:
        pass
    import platform

    return platform.processor() or platform.machine()


def _amdgpu_driver_version() -> str:
    for path in ("/sys/module/amdgpu/version",):
        try:
            return read_tool_text(path).strip()
        except OSError:
            continue
    return ""


@lru_cache(maxsize=None)
def device_info(device: str) -> DeviceInfo:
    """Name, arch and driver version of a device; fields that cannot be read stay ''."""
    device = normalize_device(device)
    kind, index = device_kind(device), _device_index(device)
    if kind == "cpu":
        import platform

        return DeviceInfo(device, _cpu_name(), f"host {platform.machine().lower()}", "")
    arch = device_target(device)
    name, driver = "", ""
    if kind == "cuda":
        gpus = _nvidia_smi()
        if len(gpus) > index:
            name, driver = gpus[index][0], gpus[index][1]
    if kind == "hip":
        driver = _amdgpu_driver_version()
    if not name:
        found = probe_driver(driver_of(device))
        name = str(found[index].get("name", "")) if len(found) > index else ""
    return DeviceInfo(device, name, arch if arch not in ("hip", "cuda") else "", driver)
