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

import dataclasses
import shlex
import tempfile
from dataclasses import dataclass, field
from functools import lru_cache, partial
from pathlib import Path
from typing import Callable, Optional, Sequence

import numpy as np

from . import floor, timing
from .hook import RunHook
from .numerics import Checker, NumericsResult, abi_elem
from ..problems.problem import Problem
from ..problems.rows import ResultRow, Status
from ..devices.caches import memory_bytes, peak_gbps
from ..devices.modules import ModuleTarget, check_target
from ..devices.probe import (DeviceError, DeviceUnavailableError, TargetMismatchError, device_info, device_target,
                             normalize_device, resolve_device)
from ..problems.loop_ir import RUNNER_FLAGS, runner_input_ir

class RunnerError(DeviceError):
    """A module could not be loaded or run for a reason outside the kernel."""


def compile_for_run(problem: Problem, target: str, out_dir: Path,
                    extra_flags: Sequence[str] = (), cache_dir: Optional[Path] = None,
                    use_cache: bool = True) -> Path:
    """Compile a runnable module (``@gemm`` + its timing functions ``@gemm_loop``, ``@gemm_cmdbuf``) for ``target``.

    Goes through the project's compile driver and its cache (``cache_dir``,
    default ``$VDMFMA_CACHE_DIR`` or ~/.cache/iree-vdmfma, like sweeps); the
    input IR and vmfb are copied to ``out_dir`` for the user, each replaced whole (util/io.py): another run
    loading the module there (two runs into one OUT; every run's floor module) never reads it half rewritten,
    and a kill mid-copy leaves no cut module. ``use_cache=False`` compiles afresh.
    """
    from ..backends import backend_for
    from ..compiler.driver import CompileJob, Compiler, default_cache_dir
    from ..compiler.retry import compile_retrying
    from ..util.io import atomic_write_bytes

    job = CompileJob(f"{problem.key}/run/{target}", runner_input_ir(problem),
                     tuple(backend_for(target).compile_flags(target)) + RUNNER_FLAGS + tuple(extra_flags))
    with Compiler((cache_dir or default_cache_dir()) if use_cache else None, workers=1) as compiler:
        result = compile_retrying(compiler, job)[0]  # one that hung: once more single-threaded
        if not result.ok:
            raise RunnerError(f"compile for {target} failed: {result.error} (repro: {result.repro})")
        out_dir = Path(out_dir)
        out_dir.mkdir(parents=True, exist_ok=True)
        atomic_write_bytes(out_dir / f"{problem.key}.run.mlir", [(result.workdir / "input.mlir").read_bytes()])
        vmfb = atomic_write_bytes(out_dir / f"{problem.key}.{target}.vmfb", [result.vmfb.read_bytes()])
    return vmfb


def build_floor_module(target: str, out_dir: Path, cache_dir: Optional[Path] = None, use_cache: bool = True,
                       on_error: Optional[Callable[[str], None]] = None) -> Optional[Path]:
    """run/floor.py ``FLOOR_PROBLEM``'s runnable module for ``target``, compiled into ``out_dir`` (through ``cache_dir``, or the
    default cache; none when not ``use_cache``): the one builder the sweep, `vdmfma run`, the calibration and the
    runner's fallback call. One that does not compile is None, its error passed to ``on_error`` when given: a row
    is measured without its floor."""
    try:
        return compile_for_run(floor.FLOOR_PROBLEM, target, out_dir, cache_dir=cache_dir, use_cache=use_cache)
    except (RunnerError, OSError) as e:
        if on_error is not None:
            on_error(str(e))
        return None


def harness_floor_us(device: str, module_target: str, timing_mode: str, reps: int, timeout_s: float,
                     floor_module: Optional[Path] = None, cache_dir: Optional[Path] = None,
                     warmup_s: float = timing.DEFAULT_WARMUP_S, min_time_s: float = timing.DEFAULT_MIN_TIME_S) -> Optional[float]:
    """The harness floor (run/floor.py: a one-element GEMM's per-dispatch latency, hot) on ``device`` in
    ``timing_mode``, µs, MEASURED once per process and mode, for run_problem's rows and the tuner's winners alike;
    None when it cannot be measured. Its module: ``floor_module`` where given, else one compiled here through
    ``cache_dir`` (None: uncached, into a temp folder: a command's --no-cache or --cache-dir never sees another
    cache written)."""
    module = Path(floor_module) if floor_module else partial(build_floor_module, module_target, cache_dir=cache_dir,
                                                             use_cache=cache_dir is not None)
    return floor.iree_floor_us(device, module_target, timing_mode, reps, warmup_s, min_time_s, timeout_s, module)


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


def vm_module(vmfb: Path | str, instance=None):
    """The VM module in ``vmfb``; RunnerError when the file is none. ``instance`` None: a VM instance of its own (no
    device: a check of a given module before anything compiles)."""
    import iree.runtime as rt

    try:
        return rt.VmModule.mmap(instance if instance is not None else rt.VmInstance(), str(vmfb))
    except (RuntimeError, ValueError, OSError) as e:
        raise RunnerError(f"{vmfb}: not a loadable IREE module ({str(e).strip()})") from e


class LoadedModule:
    """A .vmfb loaded on one device with ``iree.runtime``."""

    def __init__(self, vmfb: Path, device: str, target: ModuleTarget):
        import iree.runtime as rt

        self.vmfb, self.device, self.target = Path(vmfb), device, target
        self.config = _config(device)
        self.vm_module = vm_module(vmfb, self.config.vm_instance)
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

    def device_arg(self, x, elem: str):
        """``x`` (a host array or an int) as an argument of this module's device, elements of type ``elem``."""
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

    def call(self, name: str, *args, elem: str) -> np.ndarray | list[np.ndarray]:
        """Invoke ``name`` with numpy arrays of dtype ``elem`` (ints pass as i32 scalars); a function with
        several results (``@gemm_cmdbuf``) returns them as a list."""
        fn = self.context.modules.module[name]
        out = fn(*[self.device_arg(a, elem) for a in args])
        if isinstance(out, (tuple, list)):
            return [np.asarray(o.to_host()) for o in out]
        return np.asarray(out.to_host())


def load_module(vmfb: Path | str, device: str, module_target: Optional[str] = None) -> LoadedModule:
    """Check the target, then load. Raises TargetMismatchError / DeviceUnavailableError / RunnerError."""
    device = normalize_device(device)
    if not Path(vmfb).is_file():
        raise RunnerError(f"no such module: {vmfb}")
    read = check_target(vmfb, device, module_target)
    return LoadedModule(Path(vmfb), device, read)


# ------------------------------------------------------------------ metrics


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
    vmfb: str = ""  # the module run (what a repro runs again)
    cache_bytes: Optional[int] = None  # the cache a cold run must defeat
    reps: int = 0
    timing_mode: str = ""  # how the dispatches were submitted (timing.TIMING_MODES); '' when not timed
    floor_us: Optional[float] = None  # the harness floor in that mode (run/floor.py), MEASURED in this process

    def repro(self) -> str:
        """A `vdmfma run` command that runs this very module again in this cache mode (the run's repro; a row's
        ``repro`` otherwise is its compile's)."""
        p = self.problem
        args = ["vdmfma", "run", "--vmfb", self.vmfb, "--module-target", self.module_target, "--m", p.m, "--n", p.n,
                "--k", p.k, "--batch", p.batch, "--dtype", p.dtype, "--device", self.device, "--cache-mode",
                self.cache_mode, "--reps", self.reps] + (["--timing-mode", self.timing_mode] if self.timing_mode else [])
        return shlex.join(map(str, args + (["--cache-size", self.cache_bytes] if self.cache_bytes else [])))

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
                min_calls: int = timing.DEFAULT_MIN_CALLS, warmup_s: float = timing.DEFAULT_WARMUP_S,
                min_time_s: float = timing.DEFAULT_MIN_TIME_S, timeout_s: float = 600.0,
                workdir: Optional[Path] = None, checker: Optional[Checker] = None,
                peak: Optional[float] = None, loaded: Optional[LoadedModule] = None,
                timing_mode: str = timing.DEFAULT_TIMING_MODE, floor_module: Optional[Path] = None) -> RunResult:
    """Load ``vmfb`` on ``device``, check numerics (``check``), time ``reps`` repetitions.

    ``cache_mode`` 'hot' or 'cold', ``timing_mode`` 'cmdbuf', 'graph' or 'loop' (see timing.py); ``cache_bytes`` is
    the cache cold mode must defeat (default: the device's LLC). ``reps=0`` skips timing. A timed result
    carries the harness floor of its timing mode (run/floor.py), measured once per process with
    ``floor_module`` (where given; else one compiled here, uncached).
    Raises DeviceUnavailableError / TargetMismatchError / RunnerError for a
    wrong setup; kernel failures are in the result (``status``).
    """
    if cache_mode not in timing.CACHE_MODES:
        raise ValueError(f"cache_mode must be one of {timing.CACHE_MODES}, got {cache_mode!r}")
    timing.check_timing_mode(timing_mode)
    dev = resolve_device(device)
    if dev is None:
        raise DeviceUnavailableError(f"no device to run on (asked for {device!r}); compile-only")
    timing.check_timing_mode(timing_mode, dev)  # graph: a cuda or hip device only
    mod = loaded or load_module(vmfb, dev, module_target)
    dev_target = device_target(dev)
    dev_name = device_info(dev).name if dev_target not in ("host",) else ""
    res = RunResult(problem, dev, dev_target, module_target or str(mod.target), cache_mode,
                    peak_gbps=peak if peak is not None else peak_gbps(dev, dev_target, dev_name),
                    functions=list(mod.functions), vmfb=str(vmfb), cache_bytes=cache_bytes, reps=reps)
    if not mod.has(timing.GEMM_FUNC):
        raise RunnerError(f"{vmfb} has no @{timing.GEMM_FUNC} (functions: {mod.functions})")
    has_loop = mod.has(timing.MODE_FUNCS[timing_mode])
    chk = checker or Checker(problem, seed)
    lhs, b, elem = chk.inputs.lhs_args(), chk.inputs.weights(), abi_elem(problem)  # MX: packed bytes

    if check:
        try:
            res.numerics = chk.check(mod.call(timing.GEMM_FUNC, *chk.inputs.gemm_args(), elem=elem), "gemm")
            if has_loop:  # the timed function too; its last trip reads copy 1 (copy 0 is zeros),
                # so a slice offset that did not move would give C = 0, not the reference
                rot = chk.loop_rotation(lambda: timing.rotation_buffer([np.zeros_like(b), b], problem))
                got = mod.call(timing.LOOP_FUNC, *lhs, rot, 2, elem=elem)
                res.numerics = res.numerics.merge(chk.check(got, timing.LOOP_FUNC))
            if mod.has(timing.CMDBUF_FUNC):  # its last dispatch (an odd one) reads copy 1 too
                got = mod.call(timing.CMDBUF_FUNC, *lhs, rot, timing.CMDBUF_DISPATCHES, elem=elem)[-1]
                res.numerics = res.numerics.merge(chk.check(got, timing.CMDBUF_FUNC))
        except RuntimeError as e:
            res.error = f"invoke failed: {str(e).strip().splitlines()[0][:300]}"
            return res

    if reps > 0:
        try:
            cb = cache_bytes if cache_bytes is not None else (
                timing.default_cache_bytes(dev, dev_target, dev_name) if cache_mode == "cold" else None)
            res.plan = timing.plan(problem, cache_mode, cb, min_calls, memory_bytes=memory_bytes(dev),
                                   timing_mode=timing_mode)
            run = timing.time_module(Path(vmfb), problem, lhs, b, dev, res.plan, has_loop, reps=reps,
                                     warmup_s=warmup_s, min_time_s=min_time_s, workdir=workdir,
                                     timeout_s=timeout_s)
            res.latency, res.command = run.latency, run.command
            res.timing_mode = timing_mode if has_loop else "call"
            res.floor_us = harness_floor_us(dev, res.module_target, timing_mode, reps, timeout_s, floor_module,
                                            warmup_s=warmup_s, min_time_s=min_time_s) if has_loop else None
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
    if result.plan is not None:
        ch.update(rotation_copies=result.plan.copies, bytes_between_reuses=result.plan.bytes_between_reuse)
    lat = result.latency
    if lat is not None:
        ch.update(timing_mode=result.timing_mode, floor_us=result.floor_us)
        ch.update(reps=lat.reps, latency_us_median=lat.median_us, latency_us_min=lat.min_us,
                  latency_us_max=lat.max_us, latency_us_std=lat.std_us, latency_us_mad=lat.mad_us, gbps=result.gbps,
                  tflops=result.tflops, pct_peak_bw=result.pct_peak_bw)
    status = result.status
    if status == Status.NUMERICS_FAILED:
        ch.update(status=str(status), reason=f"numerics: {n.message} [{n.rule}]")
    elif status in (Status.RUN_ERROR, Status.TIMEOUT):
        vmfb = Path(row.artifacts) / "out.vmfb" if row.artifacts else None  # the sweep's kept copy of the module
        ch.update(status=str(status), error=result.error.splitlines()[0] if result.error else "",
                  reason=f"run on {result.device} failed",
                  repro=dataclasses.replace(result, vmfb=str(vmfb) if vmfb else result.vmfb).repro())
    elif row.status in (str(Status.PENDING), str(Status.COMPILED), Status.PENDING, Status.COMPILED):
        ch.update(status=str(Status.OK))
    return row.replace(**ch)


def run_default_dir() -> Path:
    return Path(tempfile.gettempdir()) / "vdmfma-run"


def sweep_run_hook(device: str, reps: int = 10, cache_bytes: Optional[int] = None, compiler_version: str = "",
                   timeout_s: float = 600.0, timing_mode: str = timing.DEFAULT_TIMING_MODE,
                   floor_module: Optional[Path] = None) -> RunHook:
    """A Sweep run hook: run a compiled job's module for one row's cache mode and fill the row; a run past
    ``timeout_s`` (the sweep's --timeout: one compile or run) is a timeout row.

    The row gets the same provenance columns as a `vdmfma bench` row (device name, arch,
    driver, versions, date); ``compiler_version`` is the sweep's, passed in so the run
    stage never asks the compiler. The hook's ``timing_mode`` is the mode its rows are timed in ('' with ``reps``
    0: it times none), which the sweep checks against the rows on disk (run/hook.py RunHook).
    """
    run = partial(run_row, device, reps, cache_bytes, compiler_version, timeout_s, timing_mode, floor_module)
    return RunHook(run, timing_mode if reps > 0 else "")


def run_row(device: str, reps: int, cache_bytes: Optional[int], compiler_version: str, timeout_s: float,
            timing_mode: str, floor_module: Optional[Path], result, problem: Problem, row: ResultRow) -> ResultRow:
    """sweep_run_hook's run (module-level, so the hook pickles for a remote executor): ``row`` run and filled;
    a '' cache_mode row (reps=0) is checked for numerics only: no timing, so no cache mode."""
    from .provenance import provenance  # noqa: PLC0415

    run = run_problem(result.vmfb, problem, device, module_target=row.target, cache_mode=row.cache_mode or "hot",
                      reps=reps if row.cache_mode else 0, cache_bytes=cache_bytes, timeout_s=timeout_s,
                      timing_mode=timing_mode, floor_module=floor_module)
    return apply_to_row(row, run).replace(cache_mode=row.cache_mode, **provenance(device, compiler_version).columns())
