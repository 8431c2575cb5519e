"""coverage: where VDMFMA is reached by IREE's default, only with the spec, or not at all."""

from __future__ import annotations

from pathlib import Path
from typing import Optional

import typer
from rich.table import Table

from ..coverage import grid as cov
from ..sweep.sweep import Sweep, SweepOptions
from ..devices.targets import target as get_target
from .app import app
from . import options as opt
from .common import RowProgress, load_problems, progress, results, say, show, split_list, user_errors
from ..executors import ExecutorSpec

_CASES_HELP = "; ".join(f"{c.name}: N={c.n} K={c.k}" + (f" batch={c.batch}" if c.batch > 1 else "")
                        + f" ({c.description})" for c in cov.CASES)


_HELP = "\n\n".join([
    'Compile a dtype x M x shape-case grid under `default` and `vdmfma` and classify each cell.',
    'Classes (proved from configured IR + ISA): vdmfma-by-default (the default applied a VDMFMA mma_kind,'
    ' v_smfmac > 0, no spills); only-with-spec (the vdmfma spec row is ok with v_smfmac > 0, no dense '
    "v_mfma, no spills); not-reachable, with the reason (matvec form at M=1, the compiler's first error "
    'line, spills, not applied). Spills and not-applied never count as success. An MX dtype (mxfp4, '
    'gfx950) asks the same of the scaled MFMA: `default` against the `scaled` variant, v_mfma_scale > 0.',
    'Grid size: the full cross (5 dtypes x 32 M x 5 cases x 2 variants = 1600 compiles) would take ~18 '
    'min on 2 cores, so by default the base case k256 runs at every --m value (default '
    f"{cov.DEFAULT_M}: matvec, padded, the default selector's 5..8 window, tiled 9..32) and the edge "
    "cases only at --edge-m (8: where IREE's own VDMFMA selector fires and its K%256=128 bug lives; 16: a"
    ' tiled M > 8): 160 compiles for five dtypes, measured ~2 min on 2 cores with a cold cache. `--m '
    '1-32` scans every M on the base case (400 compiles, ~4.5 min cold); `--full` crosses everything. '
    'Compiles are cached and the run is resumable (rerun the same command after Ctrl-C).',
    'SHAPES (a shape-list CSV; the old --shapes still works) gives one cell per row instead of the built-in grid; '
    '--dtype and --m filter it if given. --dtype defaults to every type with a VDMFMA intrinsic on the target '
    '(RDNA, which has no VDMFMA: every type with a WMMA; gfx1100: f16, bf16, i8). '
    'Writes OUT/coverage.csv, coverage.md and coverage-TARGET-DTYPE.png, with the sweep\'s results.csv and '
    'artifacts/.',
])


@app.command(help=_HELP, short_help="Map where VDMFMA is reached: by IREE's default, only with a spec, or not.")
def coverage(
    shapes: Optional[Path] = opt.SHAPES_OPTIONAL,
    target: Optional[str] = opt.TARGET,
    dtype: Optional[str] = opt.DTYPE,
    m: Optional[str] = opt.M,
    edge_m: str = typer.Option(cov.DEFAULT_EDGE_M, "--edge-m",
                               help="M values (those also in --m) at which the edge cases are compiled."),
    full: bool = typer.Option(False, "--full", help="Compile every case at every M of --m (slow: see above)."),
    cases: Optional[str] = typer.Option(None, "--cases", help=f"Comma-separated subset of cases. {_CASES_HELP}."),
    out: Optional[Path] = opt.OUT,
    cache_dir: Optional[Path] = opt.CACHE_DIR, no_cache: bool = opt.NO_CACHE,
    workers: Optional[int] = opt.WORKERS, timeout: float = opt.TIMEOUT,
    retry_failed: bool = opt.RETRY_FAILED,
    executor: str = opt.EXECUTOR, ray_address: Optional[str] = opt.RAY_ADDRESS,
    compile_flag: Optional[list[str]] = opt.COMPILE_FLAG, compile_flags_file: Optional[Path] = opt.COMPILE_FLAGS_FILE,
    plots: bool = opt.PLOTS,
    dtypes: Optional[str] = typer.Option(None, "--dtypes", hidden=True, help="Old spelling of --dtype."),
    shapes_option: Optional[Path] = typer.Option(None, "--shapes", hidden=True, help="Old spelling: SHAPES."),
    debug: bool = opt.DEBUG,
) -> None:
    with user_errors(debug, keeps="rows"):
        target = target or opt.DEFAULT_TARGET
        out = opt.out_folder(out, "coverage")
        get_target(target)
        shapes = shapes if shapes is not None else shapes_option
        dts = opt.names(dtype, None, dtypes) or None
        ms = opt.m_values(m, cov.DEFAULT_M)
        if shapes is not None:
            if dts:
                cov.check_dtypes(target, dts)
            cells = cov.cells_from_problems(load_problems(shapes), dts, ms if m is not None else None)
            cov.check_dtypes(target, sorted({c.dtype for c in cells}))
        else:
            cells = cov.grid(target, dts, ms, cov.parse_m(edge_m), cov.select_cases(split_list(cases or "")), full)
        if not cells:
            raise ValueError("the coverage grid is empty (check --m/--edge-m/--dtype/--cases)")
        opt.positive("--timeout", timeout)
        options = cov.sweep_options(SweepOptions(
            target=target, out_dir=out, cache_dir=opt.cache_dir_of(cache_dir, no_cache),
            workers=workers, timeout_s=timeout, retry_failed=retry_failed,
            executor=ExecutorSpec(executor, ray_address),
            extra_flags=opt.compile_flags(compile_flag, compile_flags_file)), cells)
        problems = cov.problems(cells)
        say(f"coverage {target}: {len(cells)} cells, {len(problems) * len(options.variants)} compile jobs")
        with progress() as bar:
            sweep = Sweep(problems, options)
            sweep.on_row = RowProgress(bar, "coverage", len(sweep.pending()))
            result = cov.run(cells, options, sweep=sweep, plots=plots)
        results.print(_summary(result.rows))
        show(f"{result.compiles} jobs ({result.cached} from the cache) in {result.wall_s:.1f} s wall")
        for f in result.files:
            show(f"wrote {f}")


def _summary(rows) -> Table:
    table = Table("dtype", *cov.CLASSES)
    for dt in dict.fromkeys(r.dtype for r in rows):
        sub = [r for r in rows if r.dtype == dt]
        table.add_row(dt, *(str(sum(r.cls == c for r in sub)) for c in cov.CLASSES))
    return table
