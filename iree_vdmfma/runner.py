"""Runner: load a compiled module on an IREE device, check its numerics, time it.

Devices are IREE device URIs: ``hip`` (AMD GPU, the product's target),
``cuda``, ``local-task`` (CPU; ``cpu`` is an alias) or ``local-sync``. The runner
knows the device's architecture (``device_target``) and refuses, with
:class:`TargetMismatchError`, a module built for another target: first from
what the caller says the module was compiled for, then from the executable
formats and arch strings inside the .vmfb, and last by rewrapping the runtime's
own INCOMPATIBLE load error.

Library entry points: :func:`run_problem` -> :class:`RunResult`, and
:func:`apply_to_row` to fill a results.csv row. Configuration errors (no
device, wrong target) raise; failures of the kernel itself (invoke error,
benchmark crash or timeout, wrong numbers) come back in the result, so a sweep
can record them and go on.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Optional, Sequence

import numpy as np

from . import timing
from .numerics import Checker, NumericsResult
from .problem import Problem
from .results import ResultRow, Status
from .targets import CPU_TARGET, TARGETS, compile_flags

CPU_DEVICES = ("local-task", "local-sync")
DEVICE_ALIASES = {"cpu": "local-task", "host": "local-task", "rocm": "hip"}
KNOWN_DRIVERS = ("hip", "cuda", "local-task", "local-sync", "vulkan")


class RunnerError(RuntimeError):
    """A module could not be loaded or run for a reason outside the kernel."""


class TargetMismatchError(RunnerError):
    """The module was compiled for a different target than the device."""


class DeviceUnavailableError(RunnerError):
    """The requested device does not exist here."""


# ----------------------------------------------------------------- devices


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


@lru_cache(maxsize=None)
def probe_driver(driver: str, timeout_s: float = 60.0) -> tuple[dict, ...]:
    """Devices a driver reports, probed in a child process so a broken driver cannot crash us.

    Returns () when the driver is missing, its library is absent, or it fails.
    """
    import iree.runtime as rt

    if driver not in rt.query_available_drivers():
        return ()
    code = ("import json, iree.runtime as r\n"
            f"print(json.dumps(r.get_driver({driver!r}).query_available_devices()))")
    try:
        proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                              timeout=timeout_s)
    except (OSError, subprocess.SubprocessError):
        return ()
    if proc.returncode != 0:
        return ()
    try:
        devices = json.loads(proc.stdout.strip().splitlines()[-1])
    except (ValueError, IndexError):
        return ()
    return tuple(d for d in devices if isinstance(d, dict))


def resolve_device(spec: Optional[str] = "auto") -> Optional[str]:
    """'auto': ``hip`` when an AMD GPU is visible to IREE, else None (compile-only).

    None/''/'none' -> None; anything else is normalised and returned as given
    (``cpu`` -> ``local-task``).
    """
    if spec is None or spec.strip().lower() in ("", "none", "off", "compile-only"):
        return None
    if spec.strip().lower() == "auto":
        return "hip" if probe_driver("hip") else None
    return normalize_device(spec)


def _kfd_gfx_archs() -> list[str]:
    """gfx names of the GPUs in the KFD topology (Linux), in node order."""
    archs = []
    for props in sorted(Path("/sys/class/kfd/kfd/topology/nodes").glob("*/properties"),
                        key=lambda p: int(p.parent.name) if p.parent.name.isdigit() else 0):
        try:
            m = re.search(r"^gfx_target_version\s+(\d+)", props.read_text(), re.M)
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
                out = subprocess.run([exe], capture_output=True, text=True, timeout=30).stdout
            except (OSError, subprocess.SubprocessError):
                continue
            names = re.findall(r"gfx[0-9a-f]+", out)
            if len(names) > index:
                return names[index]
    devices = probe_driver("hip")
    if len(devices) > index:
        name = str(devices[index].get("name", ""))
        m = re.search(r"gfx[0-9a-f]+", name)
        if m:
            return m.group(0)
        for arch, t in TARGETS.items():
            if t.product.lower() in name.lower().replace(" ", ""):
                return arch
    return None


@lru_cache(maxsize=None)
def cuda_arch(index: int = 0) -> Optional[str]:
    """sm_XX of CUDA device ``index`` from nvidia-smi, if it is there."""
    exe = shutil.which("nvidia-smi")
    if not exe:
        return None
    try:
        out = subprocess.run([exe, "--query-gpu=compute_cap", "--format=csv,noheader"],
                             capture_output=True, text=True, timeout=30).stdout.split()
    except (OSError, subprocess.SubprocessError):
        return None
    if len(out) > index and re.fullmatch(r"\d+\.\d+", out[index]):
        return "sm_" + out[index].replace(".", "")
    return None


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


def cpu_compile_flags() -> list[str]:
    """iree-compile flags for running on local-task/local-sync (this host's CPU)."""
    return compile_flags(CPU_TARGET)


def compile_flags_for(target: str) -> list[str]:
    """iree-compile flags for a device target ('host', 'gfx942', 'sm_90', ...)."""
    if target in ("host", "cpu"):
        return cpu_compile_flags()
    if target.startswith("gfx"):
        return ["--iree-hal-target-device=hip", f"--iree-rocm-target={target}"]
    if target.startswith("sm_"):
        return ["--iree-hal-target-device=cuda", f"--iree-cuda-target={target}"]
    raise ValueError(f"no compile flags known for target {target!r}")


def compile_for_run(problem: Problem, target: str, out_dir: Path,
                    extra_flags: Sequence[str] = ()) -> Path:
    """Compile a runnable module (``@gemm`` + ``@gemm_loop``) for ``target``.

    Goes through the project's compile driver (and its cache, like sweeps do);
    the input IR and vmfb are copied to ``out_dir`` for the user.
    """
    from .compiler import CompileJob, Compiler, default_cache_dir

    job = CompileJob(f"{problem.key}/run/{target}", timing.runner_input_ir(problem),
                     tuple(compile_flags_for(target)) + tuple(extra_flags))
    result = Compiler(default_cache_dir(), workers=1).compile(job)
    if not result.ok:
        raise RunnerError(f"compile for {target} failed: {result.error} (repro: {result.repro})")
    out_dir = Path(out_dir)
    out_dir.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(result.workdir / "input.mlir", out_dir / f"{problem.key}.run.mlir")
    vmfb = out_dir / f"{problem.key}.{target}.vmfb"
    shutil.copyfile(result.vmfb, vmfb)
    return vmfb


# ----------------------------------------------------------- module targets


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
        m = re.search(rb'arch = "(gfx[0-9a-f]+)"', data) or re.search(rb"amdhsa-[a-z-]*?(gfx[0-9a-f]+)", data)
        arch = m.group(1).decode() if m else ""
    elif kind == "cuda":
        m = re.search(rb"\b(sm_\d+)", data)
        arch = m.group(1).decode() if m else ""
    elif kind == "cpu":
        m = re.search(r"embedded-elf-([a-z0-9_]+)|system-(?:elf|dylib)-([a-z0-9_]+)", " ".join(formats))
        arch = (m.group(1) or m.group(2)) if m else ""
    return ModuleTarget(kind, arch, formats)


def parse_target(spec: str) -> ModuleTarget:
    """What a caller says a module was compiled for: 'gfx942', 'host', 'llvm-cpu', 'sm_90', 'hip'..."""
    s = spec.strip()
    low = s.lower()
    if low.startswith("gfx"):
        return ModuleTarget("hip", low)
    if low.startswith("sm_"):
        return ModuleTarget("cuda", low)
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


def _compatible(m: ModuleTarget, dev_kind: str, dev_target: str) -> bool:
    if not m.kind:
        return True  # nothing known: let the runtime decide
    if m.kind != dev_kind:
        return False
    if m.kind in ("hip", "cuda") and m.arch and dev_target[:3] in ("gfx", "sm_"):
        return m.arch == dev_target
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
    try:
        fix = " Recompile with: " + " ".join(compile_flags_for(dev_target))
    except ValueError:
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


# ------------------------------------------------------------------ loading


_ELEMENT_TYPES = {
    "f16": "FLOAT_16", "bf16": "BFLOAT_16", "f8E4M3FNUZ": "FLOAT_8_E4M3_FNUZ",
    "f8E5M2FNUZ": "FLOAT_8_E5M2_FNUZ", "f8E4M3FN": "FLOAT_8_E4M3_FN", "f8E5M2": "FLOAT_8_E5M2",
    "i8": "INT_8", "f32": "FLOAT_32", "i32": "INT_32",
}


@lru_cache(maxsize=8)
def _config(device: str):
    import iree.runtime as rt

    try:
        dev = rt.get_device(device if "://" in device else device + "://")
    except (RuntimeError, ValueError) as e:
        raise DeviceUnavailableError(f"device {device!r} is not available: "
                                     f"{str(e).strip().splitlines()[0]}") from e
    return rt.Config(device=dev)


class LoadedModule:
    """A .vmfb loaded on one device with ``iree.runtime``."""

    def __init__(self, vmfb: Path, device: str, target: ModuleTarget):
        import iree.runtime as rt

        self.vmfb, self.device, self.target = Path(vmfb), device, target
        self.config = _config(device)
        try:
            self.vm_module = rt.VmModule.mmap(self.config.vm_instance, str(vmfb))
        except (RuntimeError, ValueError, OSError) as e:
            raise RunnerError(f"{vmfb} is not a loadable IREE module: {e}") from e
        self.context = rt.SystemContext(config=self.config)
        try:
            self.context.add_vm_module(self.vm_module)
        except RuntimeError as e:
            msg = str(e)
            if "INCOMPATIBLE" in msg or "not found or unavailable" in msg or "does not support" in msg:
                raise TargetMismatchError(
                    f"module {Path(vmfb).name} compiled for {target} cannot run on device "
                    f"{device!r} (target {device_target(device)}); the runtime said: "
                    f"{msg.strip().splitlines()[0][:300]}") from e
            raise RunnerError(f"loading {vmfb} on {device!r} failed: {msg[:300]}") from e
        self.functions = [f for f in self.vm_module.function_names if not f.startswith("__")]

    def has(self, name: str) -> bool:
        return name in self.functions

    def _arg(self, x, elem: str):
        import iree.runtime as rt

        if isinstance(x, (int, np.integer)):
            return int(x)
        if x.dtype == np.uint8:  # raw bytes (the rotation buffer): pass as i8
            x, elem = x.view(np.int8), "i8"
        dev = self.config.device
        return dev.allocator.allocate_buffer_copy(
            memory_type=rt.MemoryType.DEVICE_LOCAL,
            allowed_usage=rt.BufferUsage.DEFAULT | rt.BufferUsage.MAPPING,
            device=dev, buffer=np.ascontiguousarray(x),
            element_type=getattr(rt.HalElementType, _ELEMENT_TYPES[elem]))

    def call(self, name: str, *args, elem: str) -> np.ndarray:
        """Invoke ``name`` with numpy arrays of dtype ``elem`` (ints pass as i32 scalars)."""
        fn = self.context.modules.module[name]
        out = fn(*[self._arg(a, elem) for a in args])
        return np.asarray(out.to_host())


def load_module(vmfb: Path | str, device: str, module_target: Optional[str] = None) -> LoadedModule:
    """Check the target, then load. Raises TargetMismatchError / DeviceUnavailableError / RunnerError."""
    device = normalize_device(device)
    if not Path(vmfb).is_file():
        raise RunnerError(f"no such module: {vmfb}")
    read = check_target(vmfb, device, module_target)
    return LoadedModule(Path(vmfb), device, read)


# ------------------------------------------------------------------ metrics


def peak_gbps(device: str, target: str = "") -> Optional[float]:
    """Peak memory bandwidth (GB/s) of the device, where known; VDMFMA_PEAK_GBPS overrides.

    HIP: the target's HBM peak from targets.py. CPU and CUDA: unknown (None)
    unless given, rather than invented.
    """
    env = os.environ.get("VDMFMA_PEAK_GBPS")
    if env:
        return float(env)
    if target in TARGETS:
        return TARGETS[target].peak_hbm_gbps
    return None


@dataclass
class RunResult:
    problem: Problem
    device: str
    device_target: str
    module_target: str
    cache_mode: str
    numerics: Optional[NumericsResult] = None
    latency: Optional[timing.Latency] = None
    plan: Optional[timing.Plan] = None
    peak_gbps: Optional[float] = None
    error: str = ""
    timed_out: bool = False
    command: str = ""  # the iree-benchmark-module command line
    functions: list[str] = field(default_factory=list)

    @property
    def status(self) -> Status:
        if self.timed_out:
            return Status.TIMEOUT
        if self.error:
            return Status.RUN_ERROR
        if self.numerics is not None and not self.numerics.passed:
            return Status.NUMERICS_FAILED
        return Status.OK

    @property
    def ok(self) -> bool:
        return self.status == Status.OK

    @property
    def bytes_moved(self) -> int:
        return self.problem.bytes_moved

    @property
    def latency_us_median(self) -> Optional[float]:
        return self.latency.median_us if self.latency else None

    @property
    def gbps(self) -> Optional[float]:
        t = self.latency_us_median
        return self.bytes_moved / (t * 1e-6) / 1e9 if t else None

    @property
    def tflops(self) -> Optional[float]:
        t = self.latency_us_median
        return self.problem.flops / (t * 1e-6) / 1e12 if t else None

    @property
    def pct_peak_bw(self) -> Optional[float]:
        g = self.gbps
        return 100.0 * g / self.peak_gbps if g is not None and self.peak_gbps else None


def run_problem(vmfb: Path | str, problem: Problem, device: str = "local-task",
                module_target: Optional[str] = None, cache_mode: str = "hot", reps: int = 10,
                *, seed: int = 0, check: bool = True, cache_bytes: Optional[int] = None,
                min_calls: int = timing.DEFAULT_MIN_CALLS, warmup_s: float = 0.1,
                min_time_s: float = 0.05, timeout_s: float = 600.0,
                workdir: Optional[Path] = None, checker: Optional[Checker] = None,
                peak: Optional[float] = None, loaded: Optional[LoadedModule] = None) -> RunResult:
    """Load ``vmfb`` on ``device``, check numerics (``check``), time ``reps`` repetitions.

    ``cache_mode`` 'hot' or 'cold' (see timing.py); ``cache_bytes`` is the cache
    cold mode must defeat (default: the device's LLC). ``reps=0`` skips timing.
    Raises DeviceUnavailableError / TargetMismatchError / RunnerError for a
    wrong setup; kernel failures are in the result (``status``).
    """
    if cache_mode not in timing.CACHE_MODES:
        raise ValueError(f"cache_mode must be one of {timing.CACHE_MODES}, got {cache_mode!r}")
    dev = resolve_device(device)
    if dev is None:
        raise DeviceUnavailableError(f"no device to run on (asked for {device!r}); compile-only")
    mod = loaded or load_module(vmfb, dev, module_target)
    dev_target = device_target(dev)
    res = RunResult(problem, dev, dev_target, module_target or str(mod.target), cache_mode,
                    peak_gbps=peak if peak is not None else peak_gbps(dev, dev_target),
                    functions=list(mod.functions))
    if not mod.has(timing.GEMM_FUNC):
        raise RunnerError(f"{vmfb} has no @{timing.GEMM_FUNC} (functions: {mod.functions})")
    has_loop = mod.has(timing.LOOP_FUNC)
    chk = checker or Checker(problem, seed)
    a, b = chk.inputs.a, chk.inputs.b

    if check:
        try:
            res.numerics = chk.check(mod.call(timing.GEMM_FUNC, a, b, elem=problem.dtype), "gemm")
            if has_loop:  # the timed function too; its last trip reads copy 1 (copy 0 is zeros),
                # so a slice offset that did not move would give C = 0, not the reference
                rot = timing.rotation_buffer([np.zeros_like(b), b], problem)
                got = mod.call(timing.LOOP_FUNC, a, rot, 2, elem=problem.dtype)
                res.numerics = res.numerics.merge(chk.check(got, timing.LOOP_FUNC))
        except RuntimeError as e:
            res.error = f"invoke failed: {str(e).strip().splitlines()[0][:300]}"
            return res

    if reps > 0:
        try:
            cb = cache_bytes if cache_bytes is not None else (
                timing.default_cache_bytes(dev, dev_target) if cache_mode == "cold" else None)
            res.plan = timing.plan(problem, cache_mode, cb, min_calls)
            run = timing.time_module(Path(vmfb), problem, a, b, dev, res.plan, has_loop, reps=reps,
                                     warmup_s=warmup_s, min_time_s=min_time_s, workdir=workdir,
                                     timeout_s=timeout_s)
            res.latency, res.command = run.latency, run.command
        except timing.TimingError as e:
            res.error, res.timed_out, res.command = str(e), e.timed_out, e.command
        except ValueError as e:  # e.g. cold rotation too large
            res.error = str(e)
    return res


def apply_to_row(row: ResultRow, result: RunResult) -> ResultRow:
    """Fill a row's runtime columns from a run; a failed check sets status numerics-failed."""
    ch: dict = dict(device=result.device, cache_mode=result.cache_mode,
                    bytes_moved=result.bytes_moved)
    n = result.numerics
    if n is not None:
        ch.update(numerics=n.verdict, max_abs_err=n.max_abs_err, max_rel_err=n.max_rel_err)
    lat = result.latency
    if lat is not None:
        ch.update(reps=lat.reps, latency_us_median=lat.median_us, latency_us_min=lat.min_us,
                  latency_us_max=lat.max_us, latency_us_std=lat.std_us, gbps=result.gbps,
                  tflops=result.tflops, pct_peak_bw=result.pct_peak_bw)
    status = result.status
    if status == Status.NUMERICS_FAILED:
        ch.update(status=str(status), reason=f"numerics: {n.message} [{n.rule}]")
    elif status in (Status.RUN_ERROR, Status.TIMEOUT):
        ch.update(status=str(status), error=result.error.splitlines()[0] if result.error else "",
                  reason=f"run on {result.device} failed")
    elif row.status in (str(Status.PENDING), str(Status.COMPILED), Status.PENDING, Status.COMPILED):
        ch.update(status=str(Status.OK))
    return row.replace(**ch)


def row_for(problem: Problem, target: str, variant: str = "default") -> ResultRow:
    """A fresh compiled row for a problem (for callers without a sweep row)."""
    return ResultRow(name=problem.name, m=problem.m, n=problem.n, k=problem.k, batch=problem.batch,
                     dtype=problem.dtype, target=target, variant=variant,
                     status=str(Status.COMPILED), key=problem.key)


def run_default_dir() -> Path:
    return Path(tempfile.gettempdir()) / "vdmfma-run"


def sweep_run_hook(device: str, reps: int = 10, cache_bytes: Optional[int] = None):
    """A Sweep run hook: run a compiled job's module for one row's cache mode and fill the row."""

    def hook(result, problem: Problem, row: ResultRow) -> ResultRow:
        run = run_problem(result.vmfb, problem, device, module_target=row.target, cache_mode=row.cache_mode,
                          reps=reps, cache_bytes=cache_bytes)
        return apply_to_row(row, run)

    return hook
