"""coverage: where VDMFMA is reached by IREE's default, only with the spec, or not at all."""

from __future__ import annotations

from pathlib import Path
from typing import Optional

import typer
from rich.table import Table

from ..coverage import grid as cov
from ..compiler.driver import default_cache_dir
from ..sweep.sweep import Sweep, SweepOptions
from ..devices.targets import target as get_target
from .app import app
from .common import console, progress, split_list, user_errors
from ..executors import ExecutorSpec
from .core_cmds import (CACHE_OPT, DEBUG_OPT, EXECUTOR_OPT, NO_CACHE_OPT, RAY_ADDRESS_OPT, RETRY_OPT, TARGET_OPT,
                        TIMEOUT_OPT, WORKERS_OPT)

_CASES_HELP = "; ".join(f"{c.name}: N={c.n} K={c.k}" + (f" batch={c.batch}" if c.batch > 1 else "")
                        + f" ({c.description})" for c in cov.CASES)


_HELP = "\n\n".join([
    'Compile a dtype x M x shape-case grid under `default` and `vdmfma` and classify each cell.',
    'Classes (proved from configured IR + ISA): vdmfma-by-default (the default applied a VDMFMA mma_kind,'
    ' v_smfmac > 0, no spills); only-with-spec (the vdmfma spec row is ok with v_smfmac > 0, no dense '
    "v_mfma, no spills); not-reachable, with the reason (matvec form at M=1, the compiler's first error "
    'line, spills, not applied). Spills and not-applied never count as success.',
    'Grid size: the full cross (5 dtypes x 32 M x 5 cases x 2 variants = 1600 compiles) would take ~18 '
    'min on 2 cores, so by default the base case k256 runs at every --m value (default '
    "1,4,5,8,9,16,24,32: matvec, padded, the default selector's 5..8 window, tiled 9..32) and the edge "
    "cases only at --edge-m (8: where IREE's own VDMFMA selector fires and its K%256=128 bug lives; 16: a"
    ' tiled M > 8): 160 compiles for five dtypes, measured ~2 min on 2 cores with a cold cache. `--m '
    '1-32` scans every M on the base case (400 compiles, ~4.5 min cold); `--full` crosses everything. '
    'Compiles are cached and the run is resumable (rerun the same command after Ctrl-C).',
])


@app.command(help=_HELP)
def coverage(
    target: str = TARGET_OPT,
    dtypes: Optional[str] = typer.Option(
        None, "--dtypes", help="Comma-separated element types (default: every one with a VDMFMA intrinsic on "
        "the target in the catalog; gfx942: f16,bf16,f8E4M3FNUZ,f8E5M2FNUZ,i8; gfx950: f16,bf16,f8E4M3FN,f8E5M2,i8; "
        "RDNA, which has no VDMFMA: every one with a WMMA, gfx1100: f16,bf16,i8)."),
    m: str = typer.Option(cov.DEFAULT_M, "--m", help="M values: N, A-B or a comma list (e.g. 1-32, 1,8,16). "
                          "The base case k256 is compiled at every one."),
    edge_m: str = typer.Option(cov.DEFAULT_EDGE_M, "--edge-m",
                               help="M values (those also in --m) at which the edge cases are compiled."),
    full: bool = typer.Option(False, "--full", help="Compile every case at every M of --m (slow: see above)."),
    cases: Optional[str] = typer.Option(None, "--cases", help=f"Comma-separated subset of cases. {_CASES_HELP}."),
    shapes: Optional[Path] = typer.Option(None, "--shapes", help="Shape-list CSV: one cell per row (its m,n,k,batch,"
                                          "dtype) instead of the built-in grid; --dtypes/--m filter it if given."),
    out: Path = typer.Option(..., "--out", "-o", help="Output directory: coverage.csv, coverage.md, "
                             "coverage-TARGET-DTYPE.png, plus the sweep's results.csv and artifacts/."),
    cache_dir: Optional[Path] = CACHE_OPT, no_cache: bool = NO_CACHE_OPT,
    workers: Optional[int] = WORKERS_OPT, timeout: float = TIMEOUT_OPT,
    retry_failed: bool = RETRY_OPT,
    executor: str = EXECUTOR_OPT, ray_address: Optional[str] = RAY_ADDRESS_OPT,
    no_plots: bool = typer.Option(False, "--no-plots", help="Skip the PNG heat maps."),
    debug: bool = DEBUG_OPT,
) -> None:
    """Compile a dtype x M x shape-case grid under `default` and `vdmfma` and classify each cell (help: _HELP)."""
    with user_errors(debug):
        get_target(target)
        dts = split_list(dtypes) if dtypes else None
        ms = cov.parse_m(m)
        if shapes is not None:
            from ..problems.shapes import load_shape_list

            if dts:
                cov.check_dtypes(target, dts)
            m_filter = ms if m != cov.DEFAULT_M else None
            cells = cov.cells_from_problems(load_shape_list(shapes), dts, m_filter)
            cov.check_dtypes(target, sorted({c.dtype for c in cells}))
        else:
            cells = cov.grid(target, dts, ms, cov.parse_m(edge_m), cov.select_cases(split_list(cases or "")), full)
        if not cells:
            raise ValueError("the coverage grid is empty (check --m/--edge-m/--dtypes/--cases)")
        options = cov.sweep_options(SweepOptions(
            target=target, out_dir=out, cache_dir=None if no_cache else (cache_dir or default_cache_dir()),
            workers=workers, timeout_s=timeout, retry_failed=retry_failed,
            executor=ExecutorSpec(executor, ray_address)))
        problems = cov.problems(cells)
        console.print(f"coverage {target}: {len(cells)} cells, {len(problems) * len(cov.VARIANTS)} compile jobs")
        with progress() as bar:
            sweep = Sweep(problems, options)
            task = bar.add_task("coverage", total=len(sweep.pending()), last="")

            def on_row(row) -> None:
                if row.status not in ("pending", "compiled"):
                    bar.update(task, advance=1, last=f"{row.key}/{row.variant} {row.status}")

            sweep.on_row = on_row
            result = cov.run(cells, options, sweep=sweep, plots=not no_plots)
        console.print(_summary(result.rows))
        console.print(f"{result.compiles} jobs ({result.cached} from the cache) in {result.wall_s:.1f} s wall")
        for f in result.files:
            console.print(f"wrote {f}")


def _summary(rows) -> Table:
    table = Table("dtype", *cov.CLASSES)
    for dt in dict.fromkeys(r.dtype for r in rows):
        sub = [r for r in rows if r.dtype == dt]
        table.add_row(dt, *(str(sum(r.cls == c for r in sub)) for c in cov.CLASSES))
    return table
