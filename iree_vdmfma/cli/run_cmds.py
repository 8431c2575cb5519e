"""`vdmfma run`: compile (or take) one problem's module, check it, time it, print a table."""

from __future__ import annotations

from pathlib import Path
from typing import Optional

import typer

from ..util.sizes import parse_size
from .app import app
from .common import user_errors


def _size(text: Optional[str]) -> Optional[int]:
    """'32M', '256MiB', '1.5G', '1048576' -> bytes (util/sizes.py is the one parser)."""
    if text is None:
        return None
    size = parse_size(text)
    if size is None:
        raise typer.BadParameter(f"not a size: {text!r} (e.g. 32M, 256MiB, 1048576)")
    return size


def _fmt(v, spec: str = ".4g") -> str:
    return "" if v is None else format(v, spec)


@app.command("run")
def run_cmd(
    m: int = typer.Option(..., "--m", help="rows of A and C (the skinny dim)"),
    n: int = typer.Option(..., "--n", help="rows of B (columns of C)"),
    k: int = typer.Option(..., "--k", help="reduction dim"),
    batch: int = typer.Option(1, "--batch", help="batch count (1: not batched)"),
    dtype: str = typer.Option("f16", "--dtype", help="f16, bf16, f8E4M3FNUZ, f8E5M2FNUZ, f8E4M3FN, f8E5M2, i8"),
    device: str = typer.Option("local-task", "--device",
                               help="hip, cuda, local-task (cpu), local-sync, or auto (hip if present)"),
    cache_mode: str = typer.Option("hot", "--cache-mode", help="hot, cold or both"),
    reps: int = typer.Option(10, "--reps", help="benchmark repetitions (0: numerics only)"),
    seed: int = typer.Option(0, "--seed", help="input seed"),
    cache_size: Optional[str] = typer.Option(None, "--cache-size",
                                             help="cache cold mode must defeat, e.g. 256M (default: the device's LLC)"),
    vmfb: Optional[Path] = typer.Option(None, "--vmfb", help="run this module instead of compiling one"),
    module_target: Optional[str] = typer.Option(None, "--module-target",
                                                help="what --vmfb was compiled for (gfx942, host, ...)"),
    workdir: Optional[Path] = typer.Option(None, "--workdir", help="where to put the module and inputs"),
    warmup: float = typer.Option(0.1, "--warmup", help="benchmark warm-up seconds"),
    min_time: float = typer.Option(0.05, "--min-time", help="minimum seconds per repetition"),
    flag: list[str] = typer.Option([], "--flag", help="extra iree-compile flag (repeatable)"),
    debug: bool = typer.Option(False, "--debug", help="Show Python tracebacks for input errors."),
) -> None:
    """Run one problem on a device: numerics check, then hot and/or cold timing.

    Exit codes: 0 ok; 1 the run failed (no table is printed); 2 bad input (no such device,
    a module built for another target, an unwritable --workdir); 130 interrupted.
    """
    with user_errors(debug):
        _run(m, n, k, batch, dtype, device, cache_mode, reps, seed, cache_size, vmfb, module_target, workdir,
             warmup, min_time, flag)


def _run(m, n, k, batch, dtype, device, cache_mode, reps, seed, cache_size, vmfb, module_target, workdir,
         warmup, min_time, flag) -> None:
    from rich.console import Console
    from rich.table import Table

    from .. import devices
    from ..run import runner, timing
    from ..problems.problem import Problem

    console = Console()
    try:
        problem = Problem(m, n, k, batch=batch, dtype=dtype)
    except ValueError as e:
        raise typer.BadParameter(str(e))
    modes = ["hot", "cold"] if cache_mode == "both" else [cache_mode]
    if any(md not in ("hot", "cold") for md in modes):
        raise typer.BadParameter("--cache-mode must be hot, cold or both")
    dev = devices.resolve_device(device)
    if dev is None:
        console.print(f"[yellow]no device to run on (--device {device}); nothing to do. "
                      "Use --device local-task to run on the CPU.[/]")
        raise typer.Exit(2)
    dev = devices.require_device(dev)
    target = devices.device_target(dev)
    wd = workdir or runner.run_default_dir()
    try:
        if vmfb is None:
            vmfb = runner.compile_for_run(problem, target, wd, flag)
            module_target = module_target or target
        loaded = runner.load_module(vmfb, dev, module_target)
        checker = runner.Checker(problem, seed)
        results = []
        for i, md in enumerate(modes):
            res = runner.run_problem(vmfb, problem, dev, module_target, md, reps, seed=seed,
                                     check=(i == 0), cache_bytes=_size(cache_size),
                                     warmup_s=warmup, min_time_s=min_time, workdir=wd,
                                     checker=checker, loaded=loaded)
            if i > 0:
                res.numerics = results[0].numerics
            results.append(res)
    except runner.RunnerError as e:  # the module would not load or run: not the input's fault
        console.print(f"[red]{type(e).__name__}: {e}[/]")
        raise typer.Exit(1)

    table = Table(title=f"{problem.key} on {dev} ({target})\n{vmfb}")
    table.add_column("metric")
    for r in results:
        table.add_column(r.cache_mode, justify="right")

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
        ("latency median us", lambda r: lat(r, "median_us")),
        ("latency min us", lambda r: lat(r, "min_us")),
        ("latency max us", lambda r: lat(r, "max_us")),
        ("latency std us", lambda r: lat(r, "std_us")),
        ("bytes moved", lambda r: f"{r.bytes_moved:,}"),
        ("GB/s", lambda r: _fmt(r.gbps, ".2f")),
        ("TFLOP/s", lambda r: _fmt(r.tflops, ".4f")),
        ("% peak BW", lambda r: _fmt(r.pct_peak_bw, ".1f") if r.peak_gbps else "(peak unknown)"),
        ("dispatches / call", lambda r: str(r.plan.calls) if r.plan and r.latency else ""),
        ("weights rotated", rotated),
    ]
    for name, get in rows:
        table.add_row(name, *[get(r) for r in results])
    console.print(table)
    for r in results:
        if r.numerics and not r.numerics.passed:
            console.print(f"[red]numerics failed ({r.numerics.rule}): {r.numerics.message}[/]")
        if r.error:
            console.print(f"[red]{r.cache_mode}: {r.error}[/]")
    if results and results[0].numerics:
        console.print(f"tolerance rule: {results[0].numerics.rule}")
    if any(not r.ok for r in results):
        raise typer.Exit(1)
