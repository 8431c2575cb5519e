"""model: export a PyTorch model (or take an exported .mlir), spec its skinny GEMMs, prove it per dispatch."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Optional

import typer
from rich.table import Table

from ..compiler.driver import default_cache_dir
from ..devices.targets import target as get_target
from ..model.model import APPLIED, NOT_SKINNY, ModelOptions, run_model
from ..model.source import SourceError, parse_source
from ..variants.registry import REGISTRY, variant as get_variant
from .app import app
from .common import console, split_list, user_errors

EXIT_NOT_MATCHED = 1
_COLUMNS = ("m_tokens", "dispatch", "op_form", "m", "n", "k", "batch", "fused_consumers", "default_mma_kind",
            "spec_mma_kind", "smfmac", "mfma", "vgpr", "spills", "status")


def _table(rows) -> Table:
    table = Table(show_lines=False)
    for c in _COLUMNS:
        table.add_column(c)
    for r in rows:
        cells = ["" if getattr(r, c) is None else str(getattr(r, c)) for c in _COLUMNS]
        cells[1] = _short_dispatch(r.dispatch)
        color = "green" if r.status == APPLIED else "dim" if r.status == NOT_SKINNY else "red"
        cells[-1] = f"[{color}]{r.status}[/]" + (f": {r.reason}" if r.reason else "")
        table.add_row(*cells)
    return table


def _short_dispatch(name: str) -> str:
    """main$async_dispatch_12_matmul_8x256x256_f16xf16xf32 -> dispatch_12 (the CSV keeps the full name)."""
    m = re.search(r"dispatch_\d+", name)
    return m.group(0) if m else name


def _ms(text: str) -> tuple[int, ...]:
    try:
        ms = tuple(int(v) for v in split_list(text))
    except ValueError:
        raise ValueError(f"--m {text!r}: give positive integers separated by commas") from None
    if not ms or any(m < 1 for m in ms):
        raise ValueError(f"--m {text!r}: give positive integers separated by commas")
    return ms


@app.command()
def model(
    source: str = typer.Argument(..., help="path/to/file.py[:FUNC], pkg.module[:FUNC] (FUNC default 'build', "
                                           "takes m, returns (nn.Module, example_args)), or an exported .mlir."),
    m: str = typer.Option("1,4,8,16,32", "--m", help="Token counts M to export and prove, comma-separated."),
    dtype: Optional[str] = typer.Option(None, "--dtype", help="Passed to FUNC as dtype= when it takes one."),
    target: str = typer.Option("gfx942", "--target", "-t", help="gfx942 (MI300X) or gfx950 (MI355X)."),
    variant: str = typer.Option("vdmfma", "--variant", "-v", help=f"One of: {', '.join(REGISTRY)} (with a config)."),
    out: Path = typer.Option(..., "--out", "-o", help="Output folder: shapes.csv, spec.mlir, dispatches.csv."),
    cache_dir: Optional[Path] = typer.Option(None, "--cache-dir", help="Compile cache (default: VDMFMA_CACHE_DIR)."),
    debug: bool = typer.Option(False, "--debug", help="Show Python tracebacks for input errors."),
) -> None:
    """Export SOURCE per M, find every contraction dispatch in the compiler's dumps, spec the skinny ones,
    compile the whole model with the spec and prove each dispatch from its own kernel's ISA.

    Exit 1 if a skinny GEMM dispatch was not matched (its reason is in dispatches.csv).
    """
    with user_errors(debug):
        if not target.startswith("gfx"):
            raise ValueError(f"--target {target}: vdmfma model writes gfx tuning specs; give a gfx target")
        get_target(target)
        v = get_variant(variant)
        try:
            src = parse_source(source)
        except SourceError as e:
            raise ValueError(str(e)) from None
        opts = ModelOptions(src, _ms(m), target, v, out, dtype, cache_dir or default_cache_dir())
        result = run_model(opts, log=lambda s: console.print(s, highlight=False))
    console.print(_table(result.rows))
    console.print(f"wrote {out / 'dispatches.csv'}, {out / 'shapes.csv'}"
                  + (f", {result.spec_path}" if result.spec_path else " (no skinny contraction: no spec)"))
    bad = result.unmatched_skinny
    if bad:
        console.print(f"[red]{len(bad)} skinny GEMM dispatch(es) not matched[/]")
        raise typer.Exit(EXIT_NOT_MATCHED)
