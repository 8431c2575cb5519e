"""Module/device compatibility: what a .vmfb was built for, and whether a device can run it.

Rules: the vendor must match (a HIP module never runs on CUDA or a CPU). HIP: the
base gfx arch must match, and where both sides name xnack/sramecc they must agree
(``gfx942:sramecc+:xnack-``). CUDA: IREE embeds PTX (``cuda-nvptx-fb``), which the
driver JIT-compiles forward, so a PTX module for sm_89 runs on an sm_90 device (seen
on an H100, shared/notes/gpu-measurements.md); a newer sm than the device, or a
non-PTX (cubin) module for another sm, is refused.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import Optional

from .flags import compile_flags
from .probe import GFX_ARCH_RE, TargetMismatchError, device_kind, device_target, normalize_device
from .targets import base_arch, family_of

_FORMAT_RE = re.compile(rb"(rocm-hsaco-fb|cuda-nvptx-fb|embedded-elf-[a-z0-9_]+|system-elf-[a-z0-9_]+"
                        rb"|system-dylib-[a-z0-9_]+|vmvx-bytecode-fb|vulkan-spirv-fb|metal-msl-fb)")
_FORMAT_KIND = (("rocm-", "hip"), ("cuda-", "cuda"), ("embedded-elf", "cpu"), ("system-", "cpu"),
                ("vmvx-", "cpu"), ("vulkan-", "vulkan"), ("metal-", "metal"))


@dataclass(frozen=True)
class ModuleTarget:
    kind: str  # 'cpu', 'hip', 'cuda', 'vulkan', '' (unknown)
    arch: str = ""  # 'gfx942', 'sm_90', 'x86_64', ''
    formats: tuple[str, ...] = ()

    def __str__(self) -> str:
        what = self.arch or self.kind or "unknown target"
        return f"{what} ({', '.join(self.formats)})" if self.formats else what


def _kind_of_format(fmt: str) -> str:
    return next((k for prefix, k in _FORMAT_KIND if fmt.startswith(prefix)), "")


def read_module_target(vmfb: Path | str) -> ModuleTarget:
    """Executable formats and arch named inside a .vmfb (a cheap byte scan, not a parser)."""
    data = Path(vmfb).read_bytes()
    formats = tuple(sorted({m.decode() for m in _FORMAT_RE.findall(data)}))
    kinds = {_kind_of_format(f) for f in formats} - {""}
    kind = kinds.pop() if len(kinds) == 1 else ""
    arch = ""
    if kind == "hip":
        gfx = GFX_ARCH_RE.encode()
        m = re.search(rb'arch = "(' + gfx + rb')"', data) or re.search(rb"amdhsa-[a-z-]*?(" + gfx + rb")", data)
        arch = m.group(1).decode() if m else ""
    elif kind == "cuda":
        m = re.search(rb"\b(sm_\d+a?)", data)
        arch = m.group(1).decode() if m else ""
    elif kind == "cpu":
        m = re.search(r"embedded-elf-([a-z0-9_]+)|system-(?:elf|dylib)-([a-z0-9_]+)", " ".join(formats))
        arch = (m.group(1) or m.group(2)) if m else ""
    return ModuleTarget(kind, arch, formats)


def parse_target(spec: str) -> ModuleTarget:
    """What a caller says a module was compiled for: 'gfx942', 'host', 'llvm-cpu', 'sm_90', 'hip'..."""
    s = spec.strip()
    low = s.lower()
    family = family_of(low)
    if family and family.prefix:  # a GPU target's name: its family's device kind
        return ModuleTarget(family.driver, low)
    if low in ("host", "cpu", "llvm-cpu", "local", "local-task", "local-sync", "x86_64", "aarch64",
               "riscv_64"):
        return ModuleTarget("cpu", low if low in ("x86_64", "aarch64", "riscv_64") else "")
    if low in ("hip", "rocm"):
        return ModuleTarget("hip")
    if low == "cuda":
        return ModuleTarget("cuda")
    if low == "vulkan":
        return ModuleTarget("vulkan")
    return ModuleTarget("", low)


def _host_arch() -> str:
    import platform

    m = platform.machine().lower()
    return {"amd64": "x86_64", "arm64": "aarch64"}.get(m, m)


def _features(arch: str) -> dict[str, str]:
    """'gfx942:sramecc+:xnack-' -> {'sramecc': '+', 'xnack': '-'}."""
    return {f[:-1]: f[-1] for f in arch.lower().split(":")[1:] if f[-1:] in "+-"}


def _hip_compatible(module_arch: str, dev_arch: str) -> bool:
    if base_arch(module_arch) != base_arch(dev_arch):
        return False
    mf, df = _features(module_arch), _features(dev_arch)
    return all(df[k] == v for k, v in mf.items() if k in df)


def sm_number(arch: str) -> int | None:
    """'sm_89' -> 89, 'sm_90a' -> 90; None for anything else."""
    m = re.fullmatch(r"sm_(\d+)a?", arch.strip().lower())
    return int(m.group(1)) if m else None


def _cuda_compatible(m: ModuleTarget, dev_arch: str) -> bool:
    """PTX runs forward (module sm <= device sm); any other CUDA format needs the same sm."""
    mod, dev = sm_number(m.arch), sm_number(dev_arch)
    if mod is None or dev is None:
        return True  # nothing known: let the runtime decide
    is_ptx = not m.formats or all("nvptx" in f for f in m.formats)
    if m.arch.endswith("a"):  # arch-specific features (sm_90a): that arch only
        return m.arch == dev_arch
    return mod <= dev if is_ptx else mod == dev


def _compatible(m: ModuleTarget, dev_kind: str, dev_target: str) -> bool:
    if not m.kind:
        return True  # nothing known: let the runtime decide
    if m.kind != dev_kind:
        return False
    named = family_of(dev_target)
    same = bool(m.arch) and named is not None and named.prefix and named.driver == m.kind  # an arch of its kind
    if m.kind == "hip" and same:
        return _hip_compatible(m.arch, dev_target)
    if m.kind == "cuda" and same:
        return _cuda_compatible(m, dev_target)
    if m.kind == "cpu" and m.arch:
        return m.arch == _host_arch()
    return True


def check_target(vmfb: Path | str, device: str, module_target: Optional[str] = None) -> ModuleTarget:
    """Raise TargetMismatchError unless the module can run on ``device``; return what was read.

    Checks what the caller says (``module_target``), then what the .vmfb names.
    """
    device = normalize_device(device)
    dev_kind, dev_target = device_kind(device), device_target(device)
    read = read_module_target(vmfb)
    fix = ""
    if dev_kind == "cuda":
        fix = f" Recompile for {dev_target} or an older sm (PTX runs forward)." if dev_target != "cuda" else ""
    else:
        try:
            fix = " Recompile with: " + " ".join(compile_flags(dev_target))
        except ValueError:  # no flags for that device target
            pass
    if dev_kind == "cpu":
        dev_target = f"host {_host_arch()}"
    if module_target:
        said = parse_target(module_target)
        if said.kind and read.kind and not _compatible(read, said.kind, said.arch or read.arch):
            raise TargetMismatchError(f"module_target {module_target!r} disagrees with the .vmfb "
                                      f"{Path(vmfb).name}, which was compiled for {read}")
        if not _compatible(said, dev_kind, dev_target):
            raise TargetMismatchError(f"module compiled for {module_target!r} ({read}) cannot run on "
                                      f"device {device!r} (target {dev_target}).{fix}")
    if not _compatible(read, dev_kind, dev_target):
        raise TargetMismatchError(f"module {Path(vmfb).name} compiled for {read} cannot run on "
                                  f"device {device!r} (target {dev_target}).{fix}")
    return read


