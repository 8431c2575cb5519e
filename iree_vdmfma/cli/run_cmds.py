"""`vdmfma run`: compile (or take) one problem's module, check it, time it, print a table."""

from __future__ import annotations

from pathlib import Path
from typing import Optional

import typer

from . import options as opt
from .app import app, docs_page
from .common import print_table, show, user_errors

_UNTIMED_ROWS = ("status", "numerics", "max_abs_err", "max_rel_err", "bytes moved")  # what --reps 0 shows


def _fmt(v, spec: str = ".4g") -> str:
    return "" if v is None else format(v, spec)


@app.command("run", epilog=docs_page("run", "run --m 8 --n 256 --k 1024 --device local-task"))
def run_cmd(
    m: Optional[str] = opt.M, n: Optional[int] = opt.N, k: Optional[int] = opt.K, batch: int = opt.BATCH,
    dtype: Optional[str] = opt.DTYPE,
    target: Optional[str] = opt.TARGET,
    device: str = opt.DEVICE,
    cache_mode: str = opt.CACHE_MODE,
    timing_mode: str = opt.TIMING_MODE,
    reps: int = opt.REPS_OR_NUMERICS,
    seed: int = opt.SEED,
    cache_size: Optional[str] = opt.CACHE_SIZE,
    vmfb: Optional[Path] = typer.Option(None, "--vmfb", help="Run this module instead of compiling one."),
    module_target: Optional[str] = typer.Option(None, "--module-target",
                                                help="What --vmfb was compiled for (gfx942, host, ...)."),
    out: Optional[Path] = opt.OUT,
    workdir: Optional[Path] = typer.Option(None, "--workdir", hidden=True, help="Old spelling of --out."),
    # run/timing.py DEFAULT_WARMUP_S, DEFAULT_MIN_TIME_S (not imported here: --help stays light; a test checks them)
    warmup: float = typer.Option(0.1, "--warmup", min=0.0, help="Benchmark warm-up seconds."),
    min_time: float = typer.Option(0.05, "--min-time", min=0.0, help="Minimum seconds a repetition."),
    flag: list[str] = typer.Option([], "--flag", help="An extra iree-compile flag (repeatable)."),
    cache_dir: Optional[Path] = opt.CACHE_DIR, no_cache: bool = opt.NO_CACHE,
    debug: bool = opt.DEBUG,
) -> None:
    """Run one problem on a device: numerics, then timing.

    One --m, --n and --k (--dtype default f16), compiled for the device's target (or --target), or the
    module --vmfb. Exit: 0 ok; 1 the run failed; 2 bad input (no such device, a module built for another
    target); 130 interrupted.
    """
    with user_errors(debug):
        opt.finite("--warmup", warmup)
        opt.finite("--min-time", min_time)
        if flag and vmfb is not None:  # before compile_flags asks an iree-compile a runtime-only machine lacks
            raise ValueError("--flag: a --vmfb module is not compiled here, so compile flags do nothing: leave --flag "
                             "out, or leave --vmfb out and run compiles with them")
        flag = list(opt.compile_flags(flag, None, "--flag"))
        if module_target is not None and vmfb is None:
            raise ValueError("--module-target names the target a --vmfb was compiled for: give --vmfb too, or leave "
                             "it out (run compiles for --target)")
        if vmfb is not None:  # checked before the harness floor's module is compiled
            from ..util.io import check_input  # noqa: PLC0415

            from ..run.runner import RunnerError, vm_module  # noqa: PLC0415

            check_input(vmfb, f"--vmfb {vmfb}")
            try:
                vm_module(vmfb)
            except RunnerError as e:  # a file that is no module is the input's fault
                raise ValueError(f"--vmfb {e}") from None
        if m is None or n is None or k is None:
            raise ValueError("give the problem: --m, --n and --k (one value each)")
        ms = opt.m_values(m)
        if len(ms) != 1:
            raise ValueError(f"--m {m}: run takes one M (use `vdmfma sweep` for several)")
        dt = opt.one_of("--dtype", opt.dtype_names(dtype, "f16"))
        wd = workdir if workdir is not None else opt.out_folder(out, "run")
        _run(ms[0], n, k, batch, dt, target, device, cache_mode, opt.timing_mode(timing_mode), reps, seed, opt.size_of(cache_size), vmfb,
             module_target, wd, warmup, min_time, flag, opt.cache_dir_of(cache_dir, no_cache), no_cache)


def _floor_module(target: str, wd: Path, cache_dir, no_cache: bool) -> Path:
    """The harness floor's module (run/floor.py), through this command's cache like the row's own. One that does
    not compile is said; the row is still measured, with no floor (a missing module: run/floor.py compiles none)."""
    from ..run.runner import build_floor_module  # noqa: PLC0415

    return build_floor_module(target, wd / "floor", cache_dir, not no_cache, on_error=lambda why: show(
        f"note: the harness floor's module did not compile, so the row has no floor: {why}")) or \
        wd / "floor" / "not-compiled.vmfb"


def _run(m, n, k, batch, dtype, target, device, cache_mode, timing_mode, reps, seed, cache_bytes, vmfb, module_target, wd,
         warmup, min_time, flag, cache_dir, no_cache) -> None:
    from rich.table import Table

    from ..executors import device_executor, on_device
    from ..run import runner, timing
    from ..problems.problem import Problem
    from .core_cmds import plan_run

    problem = Problem(m, n, k, batch=batch, dtype=dtype)
    modes = ["hot", "cold"] if cache_mode == "both" else [cache_mode]
    if any(md not in ("hot", "cold") for md in modes):
        raise ValueError("--cache-mode must be hot, cold or both")
    dev, target = plan_run(device, target)
    if dev is None:
        raise ValueError(f"--device {device}: no device to run on here; the CPU is --device local-task")
    opt.timing_mode_on(timing_mode, dev)
    try:
        if vmfb is None:
            vmfb = runner.compile_for_run(problem, target, wd, flag, cache_dir=cache_dir, use_cache=not no_cache)
            module_target = module_target or target
        floor_module = None if reps == 0 else _floor_module(module_target or target, wd, cache_dir, no_cache)

        def measure_all() -> list:
            loaded = runner.load_module(vmfb, dev, module_target)
            checker = runner.Checker(problem, seed)
            runs = []
            for i, md in enumerate(modes):
                res = runner.run_problem(vmfb, problem, dev, module_target, md, reps, seed=seed,
                                         check=(i == 0), cache_bytes=cache_bytes,
                                         warmup_s=warmup, min_time_s=min_time,  # inputs: a scratch of
                                         # this process (util/scratch.py), never a file another run in OUT removes
                                         checker=checker, loaded=loaded, timing_mode=timing_mode,
                                         floor_module=floor_module)
                if i > 0:
                    res.numerics = runs[0].numerics
                runs.append(res)
            return runs

        with device_executor(None) as device_tasks:  # the device run: a GPU task, as in every command
            runs = on_device(device_tasks, measure_all)
    except runner.RunnerError as e:  # the module would not load or run: not the input's fault
        show(f"{type(e).__name__}: {e}")
        raise typer.Exit(1)

    table = Table(title=f"{problem.key} on {dev} ({target})\n{vmfb}")
    table.add_column("metric")
    for r in runs:  # --reps 0 checks numerics only: its column says so, never an empty 'hot'
        table.add_column(r.cache_mode if r.latency or reps else "numerics only (--reps 0: not timed)", justify="right")

    def rotated(r) -> str:
        pl = r.plan
        if pl is None:
            return ""
        text = f"{pl.copies} x {pl.weight_bytes / 2**20:.4g} MiB"
        if pl.cache_bytes is not None:
            text += (f", {pl.bytes_between_reuse / 2**20:.4g} MiB between reuses "
                     f"{'>=' if pl.defeats_cache else '<'} {timing.COLD_MARGIN} x {pl.cache_bytes / 2**20:.4g} MiB "
                     "of cache")
        return text

    lat = lambda r, attr: _fmt(getattr(r.latency, attr), ".2f") if r.latency else ""  # noqa: E731
    rows = [
        ("status", lambda r: str(r.status)),
        ("numerics", lambda r: r.numerics.verdict if r.numerics else ""),
        ("max_abs_err", lambda r: _fmt(r.numerics.max_abs_err) if r.numerics else ""),
        ("max_rel_err", lambda r: _fmt(r.numerics.max_rel_err) if r.numerics else ""),
        ("reps", lambda r: str(r.latency.reps) if r.latency else ""),
        ("timing mode", lambda r: r.timing_mode),
        ("latency median us", lambda r: lat(r, "median_us")),
        ("harness floor us", lambda r: _fmt(r.floor_us, ".2f") if r.floor_us is not None else ""),
        ("latency min us", lambda r: lat(r, "min_us")),
        ("latency max us", lambda r: lat(r, "max_us")),
        ("latency std us", lambda r: lat(r, "std_us")),
        ("bytes moved", lambda r: f"{r.bytes_moved:,}"),
        ("GB/s", lambda r: _fmt(r.gbps, ".2f")),
        ("TFLOP/s", lambda r: _fmt(r.tflops, ".4f")),
        ("% peak BW", lambda r: _fmt(r.pct_peak_bw, ".1f") if r.peak_gbps else "(peak unknown)"),
        ("dispatches / call", lambda r: str(r.plan.calls) if r.plan and r.latency else ""),
        ("submissions / call", lambda r: str(r.plan.submissions) if r.plan and r.latency else ""),
        ("weights rotated", rotated),
    ]
    timed = any(r.latency for r in runs)
    for name, get in rows:  # untimed (--reps 0): the timing rows are left out, not shown empty
        if timed or name in _UNTIMED_ROWS:
            table.add_row(name, *[get(r) for r in runs])
    print_table(table)
    for r in runs:
        if r.numerics and not r.numerics.passed:
            show(f"numerics failed ({r.numerics.rule}): {r.numerics.message}")
        if r.error:
            show(f"{r.cache_mode}: {r.error}")
    if runs and runs[0].numerics:
        show(f"tolerance rule: {runs[0].numerics.rule}")
    if any(not r.ok for r in runs):
        raise typer.Exit(1)
