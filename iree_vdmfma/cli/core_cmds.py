"""spec, annotate, compile, sweep: the core commands."""

from __future__ import annotations

from pathlib import Path
from typing import Optional

import typer
from rich.table import Table

from ..configs.annotate import annotate_text
from ..compiler.driver import default_cache_dir
from ..problems.rows import ResultRow, Status
from ..configs.spec import write_spec
from ..executors import ExecutorSpec
from ..sweep.sweep import Sweep, SweepOptions, exit_code
from ..devices.targets import target as get_target
from ..backends import backend_for
from ..variants import REGISTRY, variant as get_variant
from .app import app
from .common import console, problems_from, progress, split_list, user_errors

SHAPES_ARG = typer.Argument(None, help="Shape-list CSV (header m,n,k[,batch,dtype,name]; '#' comments).",
                            exists=False, dir_okay=False)
TARGET_OPT = typer.Option("gfx942", "--target", "-t", help="gfx942 (MI300X), gfx950 (MI355X), sm_NN (CUDA) or host (llvm-cpu).")
DEBUG_OPT = typer.Option(False, "--debug", help="Show Python tracebacks for input errors.")


@app.command()
def spec(
    shapes: Path = typer.Argument(..., help="Shape-list CSV."),
    variant: str = typer.Option("vdmfma", "--variant", "-v", help=f"One of: {', '.join(REGISTRY)} (with a config)."),
    target: str = TARGET_OPT,
    output: Path = typer.Option(..., "-o", "--output", help="Spec file to write."),
    debug: bool = DEBUG_OPT,
) -> None:
    """Write a tuning spec injecting VARIANT's config for every shape in SHAPES.

    Use it with plain IREE:  iree-compile model.mlir --iree-hal-target-device=hip
    --iree-rocm-target=gfx942 --iree-codegen-tuning-spec-path=FILE
    """
    with user_errors(debug):
        get_target(target)
        v = get_variant(variant)
        problems = problems_from(shapes, None, None, None, 1, "f16")
        entries = [(p, v.config(p, target)) for p in problems]
        if any(c is None for _, c in entries):
            raise ValueError(f"variant {variant!r} injects no config (it is IREE's own choice); pick vdmfma or padded")
        write_spec(entries, output)
        console.print(f"wrote {output}: {len(entries)} matcher(s), variant {variant}, target {target}")


@app.command()
def annotate(
    input: Path = typer.Argument(..., help="Linalg-level MLIR module (e.g. from --compile-to=input)."),
    variant: str = typer.Option("vdmfma", "--variant", "-v"),
    target: str = TARGET_OPT,
    output: Path = typer.Option(..., "-o", "--output"),
    debug: bool = DEBUG_OPT,
) -> None:
    """Write VARIANT's compilation_info onto every contraction of INPUT (matmul, batch_matmul, generic; the attribute route)."""
    with user_errors(debug):
        get_target(target)
        v = get_variant(variant)
        text, done = annotate_text(input.read_text(), lambda p: v.config(p, target))
        if not done:
            raise ValueError(f"{input}: no contraction (linalg.matmul, batch_matmul or generic in a known form) in a supported dtype found")
        output.write_text(text)
        for a in done:
            console.print(f"annotated {a.problem.key}: {a.config.describe()}")


def _cells(r: ResultRow, measured: bool) -> list[str]:
    def fmt(x) -> str:
        return "" if x is None else (f"{x:.4g}" if isinstance(x, float) else str(x))

    if measured:
        return [r.numerics, fmt(r.latency_us_median), fmt(r.latency_us_std), fmt(r.gbps)]
    return [r.mma_kind, *(fmt(x) for x in (r.smfmac, r.mfma, r.vgpr, r.lds_bytes, r.workgroups))]


def _table(rows: list[ResultRow]) -> Table:
    measured = any(r.latency_us_median is not None for r in rows)
    extra = ("numerics", "median us", "std us", "GB/s") if measured else \
        ("mma_kind", "smfmac", "mfma", "vgpr", "lds", "wgs")
    table = Table("problem", "variant", "status", *extra, "reason/error")
    for r in sorted(rows, key=lambda r: (r.key, r.variant, r.cache_mode)):
        colour = {Status.OK.value: "green", Status.SKIPPED.value: "yellow"}.get(r.status, "red")
        table.add_row(r.key, r.variant + (f"/{r.cache_mode}" if r.cache_mode else ""), f"[{colour}]{r.status}[/]",
                      *_cells(r, measured), (r.reason + (": " + r.error if r.error else ""))[:80])
    return table


def run_sweep(problems, options: SweepOptions, run_hook=None, banner: str = "") -> list[ResultRow]:
    """Run a sweep with a progress bar; returns all rows."""
    with progress() as bar:
        sweep = Sweep(problems, options, run_hook=run_hook)  # plans first: bad input fails here
        if banner:
            console.print(banner)
        if sweep.damaged:
            console.print(f"[yellow]{len(sweep.damaged)} damaged row(s) in {sweep.results_path}[/] (cut off or "
                          f"edited; first: {sweep.damaged[0]}): not trusted, redoing them", highlight=False)
        total = len(sweep.pending()) * len(sweep.modes)
        task = bar.add_task("sweep", total=total, last="")

        def on_row(row: ResultRow) -> None:
            if row.status not in (Status.PENDING.value, Status.COMPILED.value):
                bar.update(task, advance=1, last=f"{row.key}/{row.variant} {row.status}")

        log = _ProgressLog(Path(options.out_dir) / "sweep.log", total)
        sweep.on_row = lambda row: (on_row(row), log(row))
        return sweep.run()


class _ProgressLog:
    """Sweep progress as plain lines in OUT/sweep.log (the bar is only drawn on a terminal)."""

    def __init__(self, path: Path, total: int):
        self.path, self.total, self.done = path, total, 0
        path.parent.mkdir(parents=True, exist_ok=True)
        self._write(f"start: {total} row(s) to do")

    def _write(self, text: str) -> None:
        import time

        with self.path.open("a") as f:
            f.write(f"{time.strftime('%Y-%m-%d %H:%M:%S')} {text}\n")

    def __call__(self, row: ResultRow) -> None:
        if row.status in (Status.PENDING.value, Status.COMPILED.value):
            return
        self.done += 1
        mode = f"/{row.cache_mode}" if row.cache_mode else ""
        self._write(f"[{self.done}/{self.total}] {row.name} ({row.key}) {row.variant}{mode}: {row.status}"
                    + (f" — {row.reason}" if row.reason else ""))


def _options(target, variants, out, cache_dir, no_cache, workers, timeout, retry_failed,
             append: bool = False, executor: ExecutorSpec = ExecutorSpec()) -> SweepOptions:
    backend_for(target)
    given = split_list(variants)
    names = list(dict.fromkeys(given))  # a variant named twice is swept once
    if len(names) < len(given):
        console.print(f"note: variants given more than once are swept once: {', '.join(names)}")
    for name in names:
        get_variant(name)
    return SweepOptions(target=target, variants=names, out_dir=out,
                        cache_dir=None if no_cache else (cache_dir or default_cache_dir()),
                        workers=workers, timeout_s=timeout, retry_failed=retry_failed, append=append,
                        executor=executor)


CACHE_OPT = typer.Option(None, "--cache-dir", help="Compile cache (default $VDMFMA_CACHE_DIR or ~/.cache/iree-vdmfma).")
NO_CACHE_OPT = typer.Option(False, "--no-cache", help="Compile everything afresh.")
WORKERS_OPT = typer.Option(None, "--workers", "-j", help="Parallel compiles (default: all cores).")
TIMEOUT_OPT = typer.Option(300.0, "--timeout", help="Per-job timeout in seconds.")
RETRY_OPT = typer.Option(False, "--retry-failed", help="Redo rows that failed or timed out.")
EXECUTOR_OPT = typer.Option("local", "--executor", help="local (threads on this machine) or ray (a Ray cluster: "
                            "compiles as CPU tasks, runs as one-GPU tasks; needs iree-vdmfma[cluster]).")
RAY_ADDRESS_OPT = typer.Option(None, "--ray-address", help="With --executor ray: auto (the running cluster) or "
                               "HOST:PORT of its head; default: start a private local cluster.")


@app.command()
def compile(
    shapes: Optional[Path] = SHAPES_ARG,
    m: Optional[int] = typer.Option(None, "--m"), n: Optional[int] = typer.Option(None, "--n"),
    k: Optional[int] = typer.Option(None, "--k"), batch: int = typer.Option(1, "--batch"),
    dtype: str = typer.Option("f16", "--dtype"),
    variants: str = typer.Option("vdmfma", "--variants", "--variant", "-v", help="Comma-separated variants."),
    target: str = TARGET_OPT,
    out: Path = typer.Option(Path("out/compile"), "--out", "-o", help="Artifacts go to OUT/artifacts/KEY/VARIANT-TARGET."),
    cache_dir: Optional[Path] = CACHE_OPT, no_cache: bool = NO_CACHE_OPT,
    workers: Optional[int] = WORKERS_OPT, timeout: float = TIMEOUT_OPT, debug: bool = DEBUG_OPT,
) -> None:
    """Compile one problem (--m/--n/--k) or a shape list, and show what the ISA proves.

    Each job leaves input.mlir, spec.mlir, out.vmfb and dump/ (configured_*.mlir,
    *.rocmasm) under OUT/artifacts, with the command that reproduces it in OUT/results.csv.
    OUT accumulates: each compile adds its rows. Exit code 0 when every row is ok or
    not-applied, 1 when some failed.
    """
    with user_errors(debug):
        problems = problems_from(shapes, m, n, k, batch, dtype)
        rows = run_sweep(problems, _options(target, variants, out, cache_dir, no_cache, workers, timeout, True,
                                            append=True))
        console.print(_table(rows))
    raise typer.Exit(exit_code(rows))


def _device_plan(device: str, target: str, variants: str) -> tuple[Optional[str], str, str]:
    """(device or None for compile-only, target, variants) for a sweep's --device."""
    from .. import devices

    resolved = devices.resolve_device(device)
    if resolved is None:
        return None, target, variants
    resolved = devices.require_device(resolved)  # no such device here: say which exist, how to compile only
    kind = devices.device_kind(resolved)
    if kind == "cpu":  # variants that do not build for the host become 'skipped' rows saying why
        return resolved, devices.device_target(resolved), variants
    if kind == "cuda":  # the newest target this compiler accepts at or below the device (PTX runs forward)
        from ..compiler.cuda_targets import cuda_compile_target

        return resolved, cuda_compile_target(devices.device_target(resolved)), variants
    if kind != "hip":
        raise ValueError(f"sweep runs on cuda, hip or local-task; use `vdmfma run --device {device}` for {kind}")
    arch = devices.device_target(resolved)
    if arch.split(":")[0] != target.split(":")[0]:
        raise ValueError(f"device {resolved} is {arch}, but --target is {target}; pass --target {arch}")
    return resolved, target, variants


DEFAULT_VARIANTS = "default,vdmfma,padded"


def _builds_on(target: str) -> list[str]:
    """Compiled variants that build for ``target`` with no library to read (on host: default, splitk)."""
    from ..variants.registry import REGISTRY

    return [v.name for v in REGISTRY.values() if v.compiled and v.name != "tuned"
            and (v.backend is None or v.backend.handles(target))]


@app.command()
def sweep(
    shapes: Path = typer.Argument(..., help="Shape-list CSV."),
    target: str = TARGET_OPT,
    variants: Optional[str] = typer.Option(None, "--variants", "-v", help=f"Comma-separated variants (default: "
                                           f"{DEFAULT_VARIANTS}; on a CPU device or --target host the ones that "
                                           "build there: default,splitk)."),
    out: Path = typer.Option(..., "--out", "-o", help="Sweep directory: results.csv, specs/, artifacts/, report/."),
    device: str = typer.Option("auto", "--device", "-d",
                               help="auto (an AMD GPU if present, else compile-only), none, hip, hip://N, local-task."),
    reps: int = typer.Option(10, "--reps", help="Timing repetitions per row (when running)."),
    cache_size: Optional[int] = typer.Option(None, "--cache-size",
                                             help="Bytes the cold mode must exceed (default: the device's LLC)."),
    cache_dir: Optional[Path] = CACHE_OPT, no_cache: bool = NO_CACHE_OPT,
    workers: Optional[int] = WORKERS_OPT, timeout: float = TIMEOUT_OPT,
    retry_failed: bool = RETRY_OPT,
    executor: str = EXECUTOR_OPT, ray_address: Optional[str] = RAY_ADDRESS_OPT,
    append: bool = typer.Option(False, "--append", help="Add to an --out that holds a different sweep "
                                "(other shapes, target or variants) instead of refusing."),
    report: bool = typer.Option(True, "--report/--no-report", help="Write OUT/report/ at the end."),
    debug: bool = DEBUG_OPT,
) -> None:
    """Compile every shape x variant, prove from configured IR and ISA what was generated, write OUT/results.csv.

    With a device, every compiled row is also run twice (cache_mode hot and cold),
    checked against numpy and timed. Resumable: rows are on disk as soon as they
    finish; run the same command again after Ctrl-C and only unfinished rows are redone.

    Exit codes: 0 every row ok or not-applied; 1 some rows failed (compile-error, timeout,
    run-error, numerics-failed, machine-error); 2 bad input, or OUT in use by another
    sweep or holding a different sweep; 130 interrupted.
    """
    with user_errors(debug):
        from ..problems.shapes import load_shape_list

        problems = load_shape_list(shapes)
        asked = variants
        run_device, target, variants = (None, target, variants or DEFAULT_VARIANTS) if device == "none" else \
            _device_plan(device, target, variants or DEFAULT_VARIANTS)
        if asked is None and target == "host":  # not asked for: the variants that build there
            variants = ",".join(_builds_on("host"))
        options = _options(target, variants, out, cache_dir, no_cache, workers, timeout, retry_failed, append,
                           ExecutorSpec(executor, ray_address))
        options.runnable = True  # every sweep directory can be run later with `vdmfma bench`
        hook = None
        if run_device:
            from ..compiler.toolchain import compiler_version
            from ..run.runner import sweep_run_hook

            if reps < 0:
                raise ValueError(f"--reps must be >= 0 (0: numerics only, no timing), got {reps}")
            # --reps 0: one numerics-checked row per job, no hot/cold timing rows
            options.runnable, options.cache_modes = True, (("hot", "cold") if reps > 0 else ("",))
            hook = sweep_run_hook(run_device, reps, cache_size, compiler_version())
        banner = (f"sweep: {len(problems)} problems x {', '.join(options.variants)} for "
                  f"{target}{' (llvm-cpu)' if target == 'host' else ''}, "
                  + (f"running on {run_device}" + ("" if reps else ", numerics only (--reps 0)")
                     if run_device else "compile-only (no device)")
                  + (f", executor {executor}" + (f" at {ray_address}" if ray_address else "") if executor != "local" else "")
                  + f"; progress log: {out.name}/sweep.log")
        rows = run_sweep(problems, options, run_hook=hook, banner=banner)
        if run_device and any(not get_variant(v).compiled for v in options.variants):
            from ..sweep.bench import BenchOptions, bench as run_bench  # the torch peer's rows

            rows = run_bench(out, BenchOptions(run_device, reps, cache_size))
        console.print(_table(rows))
        skipped = [r for r in rows if r.status == Status.SKIPPED.value]
        bad = [r for r in rows if r.status not in (Status.OK.value, Status.SKIPPED.value)]
        console.print(f"{len(rows)} rows in {out / 'results.csv'}; {len(bad)} not ok"
                      + (f", {len(skipped)} skipped (variant does not build for {target})" if skipped else ""))
        if report:
            _report(out, options.variants, rows, shapes.name)
    raise typer.Exit(exit_code(rows))


def _report(out: Path, variants, rows: list[ResultRow], subject: str = "") -> None:
    from ..report.once import build_report_once
    from ..variants import baseline

    built = [v for v in variants if any(r.variant == v and r.status != Status.SKIPPED.value for r in rows)]
    candidates = built or list(variants)
    base = baseline().name if baseline().name in candidates else candidates[0]
    result = build_report_once(out / "results.csv", out / "report", baseline=base, subject=subject or None)
    state = "unchanged since the last run" if result is None else "written"
    console.print(f"report (baseline {base}, {state}): {out / 'report' / 'index.md'}")
