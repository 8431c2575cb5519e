"""spec, annotate, compile, sweep: the core commands."""

from __future__ import annotations

from pathlib import Path
from typing import Optional, Sequence

import typer
from rich.table import Table
from rich.text import Text

from ..util.lists import counted
from ..problems.rows import ResultRow, Status, exit_code, not_ok
from ..executors import ExecutorSpec
from ..run.hook import RunHook
from ..sweep.sweep import Sweep, SweepOptions
from ..devices.probe import device_kind
from ..devices.targets import target as get_target
from ..backends import backend_for
from ..variants import REGISTRY, variant as get_variant
from .app import app, docs_page
from . import options as opt, typed
from .common import RowProgress, cell, problems_from, progress, print_table, say, show, split_list, user_errors



@app.command(epilog=docs_page("spec", "spec sweeps/tiny-layer.csv --target gfx942 --out out/spec"))
def spec(
    shapes: Path = opt.SHAPES,
    variants: Optional[str] = opt.VARIANTS, variant: Optional[str] = opt.VARIANT_ALIAS,
    target: Optional[str] = opt.TARGET,
    out: Optional[Path] = opt.OUT,
    output: Optional[Path] = typer.Option(None, "--output", hidden=True, help="Old spelling: the spec FILE."),
    merge_with: Optional[list[Path]] = opt.MERGE_WITH, prefer: str = opt.PREFER,
    debug: bool = opt.DEBUG,
) -> None:
    """Write a tuning spec (OUT/spec.mlir) for every shape.

    It injects one variant's config (default vdmfma). Use it with plain IREE:

    \b
      iree-compile model.mlir --iree-hal-target-device=hip \\
        --iree-rocm-target=gfx942 --iree-codegen-tuning-spec-path=OUT/spec.mlir

    With --merge-with it is linked with your spec.
    """
    with user_errors(debug):
        from ..configs.spec import write_spec
        from ..configs.link import link_in_place, problem_payloads
        from .link_cmds import merge_specs, say_lines

        theirs = merge_specs(merge_with, prefer)
        target = target or opt.DEFAULT_TARGET
        name = opt.one_of("--variants", opt.names(variants, "vdmfma", variant))
        get_target(target)
        v = get_variant(name)
        problems = problems_from(shapes, None, None, None, 1, None)
        entries = [(p, v.config(p, target)) for p in problems]
        if any(c is None for _, c in entries):
            raise _injects_no_config(name)
        path = _file_in_out(out, output, "spec", "spec.mlir")  # made once the input is known good
        write_spec(entries, path)
        if theirs:
            say_lines(link_in_place(path, theirs, prefer, problem_payloads(problems), target))
        show(f"wrote {path}: {len(entries)} matcher(s), variant {name}, target {target}"
             + (f", linked with {', '.join(s.label for s in theirs)}" if theirs else ""))


def _injects_no_config(name: str) -> ValueError:
    return ValueError(f"variant {name!r} injects no config (it is IREE's own choice); pick vdmfma or padded")


def _file_in_out(out: Optional[Path], output: Optional[Path], command: str, name: str) -> Path:
    """The file a one-file command writes: OUT/NAME. An --out ending in .mlir (and the old --output) still
    names the file itself, as before --out was always a folder."""
    if output is not None:
        return opt.writable(output.parent, "--output") / typed.a_file("--output", output).name
    if out is not None and out.suffix == ".mlir" and not out.is_dir():  # 'x.mlir/': refused, not the file x.mlir
        out = typed.a_file("--out", out, "an --out ending in .mlir", "a folder without .mlir")
        return opt.writable(out.parent, "--out") / out.name  # checked before any work, as an --out folder is
    folder = opt.out_folder(out, command)
    folder.mkdir(parents=True, exist_ok=True)
    return folder / name


@app.command(epilog=docs_page("annotate", "annotate examples/tiny_layer_linalg.mlir --out out/annotated"))
def annotate(
    input: Path = typer.Argument(..., help="A linalg-level MLIR module."),
    variants: Optional[str] = opt.VARIANTS, variant: Optional[str] = opt.VARIANT_ALIAS,
    target: Optional[str] = opt.TARGET,
    out: Optional[Path] = opt.OUT,
    output: Optional[Path] = typer.Option(None, "--output", hidden=True, help="Old spelling: the output FILE."),
    debug: bool = opt.DEBUG,
) -> None:
    """Write a variant's config onto a module's contractions.

    Writes OUT/annotated.mlir: INPUT with one variant's compilation_info (default vdmfma) on every
    contraction in a known form.
    """
    with user_errors(debug):
        from ..configs.annotate import annotate_text
        from ..util.io import atomic_write_text, read_input_text

        target = target or opt.DEFAULT_TARGET
        name = opt.one_of("--variants", opt.names(variants, "vdmfma", variant))
        get_target(target)
        v = get_variant(name)
        configs = []  # one per contraction found, None where the variant gives it none

        def config_for(problem):
            configs.append(v.config(problem, target))
            return configs[-1]

        text, done = annotate_text(read_input_text(input, str(input)), config_for, str(input))
        if configs and all(c is None for c in configs):  # contractions there, but the variant is IREE's own choice
            raise _injects_no_config(name)
        if not done:
            raise ValueError(f"{input}: no contraction (linalg.matmul, batch_matmul or generic in a known form) in a "
                             "supported dtype found")
        path = _file_in_out(out, output, "annotate", "annotated.mlir")
        atomic_write_text(path, text)  # whole or not at all: a full disk leaves the file there before
        for a in done:
            show(f"annotated {a.problem.key}: {a.config.describe()}")
        show(f"wrote {path}")


def _fmt(x) -> str:
    return "" if x is None else (f"{x:.4g}" if isinstance(x, float) else str(x))


def counts_line(rows: Sequence[ResultRow], results: Path, target: str) -> str:
    """The sweep's last word on its rows, by the rule its exit code uses (problems/rows.py ``not_ok``):
    not-applied and skipped rows are findings, counted apart from the rows that are not ok."""
    missed = sum(r.status == Status.NOT_APPLIED.value for r in rows)
    skipped = sum(r.status == Status.SKIPPED.value for r in rows)
    return (f"{counted(len(rows), 'row')} in {results}; {len(not_ok(rows))} not ok"
            + (f", {missed} not-applied (the config did not apply: a finding, not a failure)" if missed else "")
            + (f", {skipped} skipped (why: below, per variant)" if skipped else ""))


def _table(rows: list[ResultRow]) -> Table:
    """Measured: numerics and timing; compile-only: the instruction counts its targets' backends name
    (``Backend.instructions``: v_smfmac and v_mfma on CDNA, v_wmma on RDNA, ...), VGPRs, LDS, workgroups."""
    from ..report.instructions import instructions  # noqa: PLC0415  (no pandas)

    measured = any(r.latency_us_median is not None for r in rows)
    counts = dict(kv for t in sorted({r.target for r in rows}) for kv in instructions(t))  # column -> name
    extra = ("numerics", "median us", "std us", "GB/s") if measured else \
        ("mma_kind", *counts.values(), "vgpr", "lds", "wgs")
    table = Table("problem", "variant", "status", *extra, "reason/error")
    table.columns[-1].overflow = "fold"  # reasons are shown whole, wrapped, never cut
    for r in sorted(rows, key=lambda r: (r.key, r.variant, r.cache_mode)):
        colour = {Status.OK.value: "green", Status.SKIPPED.value: "yellow"}.get(r.status, "red")
        name = r.name if r.name and r.name != r.key else r.key
        values = [r.numerics, *map(_fmt, (r.latency_us_median, r.latency_us_std, r.gbps))] if measured else \
            [r.mma_kind, *(_fmt(getattr(r, c)) for c in counts), *map(_fmt, (r.vgpr, r.lds_bytes, r.workgroups))]
        table.add_row(cell(name), cell(r.variant + (f"/{r.cache_mode}" if r.cache_mode else "")),
                      Text(r.status, style=colour), *map(cell, values),
                      cell(r.reason + (": " + r.error if r.error else "")))
    return table


def run_sweep(problems, options: SweepOptions, run_hook: Optional[RunHook] = None, banner: str = "") -> list[ResultRow]:
    """Run a sweep with progress (a bar on a terminal, a line per finished row otherwise); returns all rows."""
    with progress() as bar:
        sweep = Sweep(problems, options, run_hook=run_hook)  # plans first: bad input fails here
        if banner:
            say(banner)
        if sweep.damaged:
            say(f"{len(sweep.damaged)} damaged row(s) in {sweep.results_path} (cut off or edited; first: "
                f"{sweep.damaged[0]}): not trusted, redoing them")
        total = sweep.todo()
        on_row = RowProgress(bar, "sweep", total)
        log = _ProgressLog(Path(options.out_dir) / "sweep.log", on_row)
        sweep.on_row = lambda row: (on_row(row), log(row))
        sweep.on_start = log.start  # under OUT's lock: a sweep refused there writes nothing into OUT
        return sweep.run()


class _ProgressLog:
    """Sweep progress as plain lines in OUT/sweep.log (the same lines stderr shows when it is not a terminal)."""

    def __init__(self, path: Path, progress: RowProgress):
        self.path, self.progress = path, progress

    def start(self) -> None:
        self._write(f"start: {self.progress.total} row(s) to do")

    def _write(self, text: str) -> None:
        import time

        with self.path.open("a", encoding="utf-8") as f:  # a row's reason follows " — "
            f.write(f"{time.strftime('%Y-%m-%d %H:%M:%S')} {text}\n")

    def __call__(self, row: ResultRow) -> None:
        if row.status not in (Status.PENDING.value, Status.COMPILED.value):
            self._write(self.progress.line(row))


def _options(target, variants, out, cache_dir, no_cache, workers, timeout, retry_failed,
             append: bool = False, executor: ExecutorSpec = ExecutorSpec(), flags: tuple[str, ...] = ()) -> SweepOptions:
    backend_for(target)
    given = split_list(variants)
    names = list(dict.fromkeys(given))  # a variant named twice is swept once
    if len(names) < len(given):
        say(f"note: variants given more than once are swept once: {', '.join(names)}")
    for name in names:
        get_variant(name)
    opt.positive("--timeout", timeout)
    return SweepOptions(target=target, variants=names, out_dir=out, cache_dir=opt.cache_dir_of(cache_dir, no_cache),
                        workers=workers, timeout_s=timeout, retry_failed=retry_failed, append=append,
                        executor=executor, extra_flags=flags)


@app.command(epilog=docs_page("compile", "compile --m 1,8 --n 2304 --k 8192 --target gfx942"))
def compile(
    shapes: Optional[Path] = opt.SHAPES_OPTIONAL,
    m: Optional[str] = opt.M, n: Optional[int] = opt.N, k: Optional[int] = opt.K, batch: int = opt.BATCH,
    dtype: Optional[str] = opt.DTYPE,
    variants: Optional[str] = opt.VARIANTS, variant: Optional[str] = opt.VARIANT_ALIAS,
    target: Optional[str] = opt.TARGET,
    out: Optional[Path] = opt.OUT,
    cache_dir: Optional[Path] = opt.CACHE_DIR, no_cache: bool = opt.NO_CACHE,
    workers: Optional[int] = opt.WORKERS, timeout: float = opt.TIMEOUT,
    compile_flag: Optional[list[str]] = opt.COMPILE_FLAG, compile_flags_file: Optional[Path] = opt.COMPILE_FLAGS_FILE,
    debug: bool = opt.DEBUG,
) -> None:
    """Compile problems and show what the ISA proves.

    Takes a shape list or --m x --n x --k (--dtype default f16); variants default to vdmfma. Each job
    leaves its input, spec, module and dump under OUT/artifacts, its repro in OUT/results.csv. OUT
    accumulates rows. Exit 0 when every row is ok, not-applied or skipped, 1 when some failed.
    """
    with user_errors(debug, keeps="rows"):
        out = opt.out_folder(out, "compile")
        target = target or opt.DEFAULT_TARGET
        problems = problems_from(shapes, m, n, k, batch, dtype)
        names = ",".join(opt.names(variants, "vdmfma", variant))
        options = _options(target, names, out, cache_dir, no_cache, workers, timeout, True, append=True,
                           flags=opt.compile_flags(compile_flag, compile_flags_file))
        rows = run_sweep(problems, options)
        keys, wanted = {p.key for p in problems}, set(options.variants)
        mine = [r for r in rows if r.key in keys and r.variant in wanted and r.target == target]
        print_table(_table(mine))
        show(f"{len(mine)} row(s) of this compile in {out / 'results.csv'} ({len(rows)} in all)")
    raise typer.Exit(exit_code(mine))


def plan_run(device: str, target: Optional[str]) -> tuple[Optional[str], str]:
    """(device or None, target) from --device and --target (devices.plan_device: the one resolution), CUDA
    devices compiling for the newest sm this iree-compile accepts at or below theirs (PTX runs forward)."""
    from .. import devices
    from ..backends import backend_for
    from ..compiler.cuda_targets import cuda_compile_target

    return devices.plan_device(device, target, opt.DEFAULT_TARGET, cuda_target=cuda_compile_target,
                               target_kind=lambda t: backend_for(t).device_kind)


DEFAULT_VARIANTS = "default,vdmfma,padded"


def _builds_on(target: str) -> list[str]:
    """Compiled variants that build for ``target`` with no library to read (on host: default, splitk)."""
    from ..variants.registry import REGISTRY

    return [v.name for v in REGISTRY.values() if v.compiled and v.name != "tuned"
            and (v.backend is None or v.backend.handles(target))]


@app.command(epilog=docs_page("sweep", "sweep sweeps/tiny-layer.csv --target gfx942 --out out/layer"))
def sweep(
    shapes: Path = opt.SHAPES,
    target: Optional[str] = opt.TARGET,
    variants: Optional[str] = opt.VARIANTS, variant: Optional[str] = opt.VARIANT_ALIAS,
    out: Optional[Path] = opt.OUT,
    device: str = opt.DEVICE,
    reps: int = opt.REPS_OR_NUMERICS,
    timing_mode: str = opt.TIMING_MODE,
    cache_size: Optional[str] = opt.CACHE_SIZE,
    cache_dir: Optional[Path] = opt.CACHE_DIR, no_cache: bool = opt.NO_CACHE,
    workers: Optional[int] = opt.WORKERS, timeout: float = opt.TIMEOUT,
    retry_failed: bool = opt.RETRY_FAILED,
    executor: str = opt.EXECUTOR, ray_address: Optional[str] = opt.RAY_ADDRESS,
    append: bool = opt.APPEND,
    report: Optional[bool] = opt.REPORT,
    compile_flag: Optional[list[str]] = opt.COMPILE_FLAG, compile_flags_file: Optional[Path] = opt.COMPILE_FLAGS_FILE,
    debug: bool = opt.DEBUG,
) -> None:
    """Compile, prove and (with a device) run every shape x variant.

    Variants default to default,vdmfma,padded. Writes OUT/results.csv, specs/, artifacts/, sweep.log,
    and report/ when rows were run (--report: always). With a device each row is also run hot and cold,
    checked against numpy and timed. Resumable: run the same command again.

    Exit: 0 every row ok, not-applied or skipped; 1 some rows failed; 2 bad input or a busy or foreign OUT; 130
    interrupted.
    """
    with user_errors(debug, keeps="rows"):
        from .common import load_problems

        out = opt.out_folder(out, "sweep")
        cache_bytes, timing_mode = opt.size_of(cache_size), opt.timing_mode(timing_mode)
        typed.no_timing_without_device(device, "reps", "timing_mode", "cache_size")  # before the shape list is read
        problems = load_problems(shapes)
        run_device, target = plan_run(device, target)
        if run_device and device_kind(run_device) not in ("cpu", "hip", "cuda"):
            raise ValueError(f"sweep runs on cuda, hip or local-task; use `vdmfma run --device {device}` for "
                             f"{device_kind(run_device)}")
        if run_device:
            opt.timing_mode_on(timing_mode, run_device)
        names = ",".join(opt.names(variants, DEFAULT_VARIANTS, variant))
        if variants is None and variant is None:  # not asked for: the default variants, or where some of them do
            builds = _builds_on(target)  # not build (host, CUDA), every compiled variant that builds there
            if any(v not in builds for v in DEFAULT_VARIANTS.split(",")):
                names = ",".join(builds)
        options = _options(target, names, out, cache_dir, no_cache, workers, timeout, retry_failed, append,
                           ExecutorSpec(executor, ray_address), opt.compile_flags(compile_flag, compile_flags_file))
        options.runnable = True  # every sweep directory can be run later with `vdmfma bench`
        hook = None
        if run_device:
            from ..compiler.toolchain import compiler_version
            from ..run.runner import sweep_run_hook

            # --reps 0: one numerics-checked row per job, no hot/cold timing rows
            options.runnable, options.cache_modes = True, (("hot", "cold") if reps > 0 else ("",))
            from ..run.floor import module_path

            hook = sweep_run_hook(run_device, reps, cache_bytes, compiler_version(), timeout, timing_mode,
                                  module_path(out, target))  # the sweep builds it (its --cache-dir, --no-cache)
        banner = (f"sweep: {counted(len(problems), 'problem')} x {', '.join(options.variants)} for "
                  f"{target}{' (llvm-cpu)' if target == 'host' else ''}, "
                  + (f"running on {run_device}" + ("" if reps else ", numerics only (--reps 0)")
                     if run_device else "compile-only (no device)")
                  + (f", executor {executor}" + (f" at {ray_address}" if ray_address else "") if executor != "local" else "")
                  + f"; progress log: {out / 'sweep.log'}")
        rows = run_sweep(problems, options, run_hook=hook, banner=banner)
        if run_device and any(not get_variant(v).compiled for v in options.variants):
            from ..sweep.bench import BenchOptions, bench as run_bench  # the torch peer's rows

            from .bench_cmds import bench_progress

            rows = run_bench(out, BenchOptions(run_device, reps, cache_bytes, timeout_s=timeout,
                                               timing_mode=timing_mode), on_row=bench_progress)
        print_table(_table(rows))
        show(counts_line(rows, out / "results.csv", target))
        from ..sweep.findings import findings

        show(f"found, per variant against IREE's default on {target} (from each kernel's ISA and fingerprint):")
        for line in findings(rows, options.variants):
            show(line)
        if report or (report is None and run_device):
            _report(out, options.variants, rows, shapes.name)
        elif report is None:  # a compile-only sweep's result is the table: its report only when asked
            stale = (out / "report").is_dir()
            show(f"report: not written for a compile-only sweep (--report, or `vdmfma report {out / 'results.csv'}`)"
                 + (f"; {out / 'report'} is an earlier run's and does not show these rows" if stale else ""))
    raise typer.Exit(exit_code(rows))


def _report(out: Path, variants, rows: list[ResultRow], subject: str = "") -> None:
    from ..report.once import build_report_once
    from ..variants import baseline

    built = [v for v in variants if any(r.variant == v and r.status != Status.SKIPPED.value for r in rows)]
    candidates = built or list(variants)
    base = baseline().name if baseline().name in candidates else candidates[0]
    result = build_report_once(out / "results.csv", out / "report", baseline=base, subject=subject or None)
    state = "unchanged since the last run" if result is None else "written"
    show(f"report (baseline {base}, {state}): {out / 'report' / 'index.md'}")
