"""coverage: where VDMFMA is reached by IREE's default, only with the spec, or not at all."""

from __future__ import annotations

from pathlib import Path
from typing import Optional

import typer
from rich.table import Table

from ..coverage import grid as cov
from ..sweep.sweep import Sweep, SweepOptions
from ..devices.targets import target as get_target
from .app import app, docs_page
from . import options as opt
from .common import RowProgress, load_problems, progress, print_table, say, show, split_list, user_errors
from ..executors import ExecutorSpec

_HELP = "\n\n".join([
    "Map where VDMFMA is reached: by default, with a spec, or not.",
    "Compiles a dtype x M x shape-case grid (or SHAPES, one cell per row) under default and vdmfma, and "
    "classifies each cell from the ISA: vdmfma-by-default, only-with-spec or not-reachable (with the reason). "
    f"The default grid: the base case at every --m ({cov.DEFAULT_M}), the edge cases at --edge-m "
    f"({cov.DEFAULT_EDGE_M}). Writes OUT/coverage.csv, coverage.md and a heat map per dtype. Resumable.",
])


@app.command(help=_HELP, epilog=docs_page("coverage", "coverage --target gfx942 --m 1,8 --out out/cov"))
def coverage(
    shapes: Optional[Path] = opt.SHAPES_OPTIONAL,
    target: Optional[str] = opt.TARGET,
    dtype: Optional[str] = opt.DTYPE,
    m: Optional[str] = opt.M,
    edge_m: str = typer.Option(cov.DEFAULT_EDGE_M, "--edge-m",
                               help="M values at which the edge cases compile."),
    full: bool = typer.Option(False, "--full", help="Every case at every M of --m (slow)."),
    cases: Optional[str] = typer.Option(None, "--cases", help="Comma list of cases: "
                                        f"{', '.join(c.name for c in cov.CASES)}."),
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
        dts = opt.dtype_names(dtype, None, dtypes) or None
        ms = opt.m_values(m, cov.DEFAULT_M)
        if shapes is not None:
            for given, option in ((edge_m != cov.DEFAULT_EDGE_M, "--edge-m"), (cases is not None, "--cases"),
                                  (full, "--full")):
                if given:  # else dropped without a word
                    raise ValueError(f"{option} shapes the built-in grid; with a shape list each row is a cell (--m and "
                                     "--dtype filter them)")
            if dts:
                cov.check_dtypes(target, dts)
            cells = cov.cells_from_problems(load_problems(shapes), dts, ms if m is not None else None)
            cov.check_dtypes(target, sorted({c.dtype for c in cells}))
        else:
            edge = opt.m_values(edge_m, option="--edge-m")
            cells = cov.grid(target, dts, ms, edge, cov.select_cases(split_list(cases or "")), full)
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
        print_table(_summary(result.rows))
        show(f"{result.compiles} jobs ({result.cached} from the cache) in {result.wall_s:.1f} s wall")
        for f in result.files:
            show(f"wrote {f}")


def _summary(rows) -> Table:
    table = Table("dtype", *cov.CLASSES)
    for dt in dict.fromkeys(r.dtype for r in rows):
        sub = [r for r in rows if r.dtype == dt]
        table.add_row(dt, *(str(sum(r.cls == c for r in sub)) for c in cov.CLASSES))
    return table
