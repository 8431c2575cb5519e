"""Regenerate the example reports in reports/ with one command:

    python reports/regenerate.py                 # every section
    python reports/regenerate.py seed-gfx942     # only the named section(s)
    python reports/regenerate.py --list          # the sections and what each one is

Each section is ONE function decorated with ``@section``: it receives a ``Context`` (where to
write its report folder, a scratch folder for sweep artifacts, the compile cache) and writes the
folder ``reports/NAME/`` with its own index.md. Adding a section (e.g. a model proof table) is one
new decorated function; ``reports/index.md`` lists every section's folder.

Sweeps and coverage run in ``out/regenerate/`` (ignored by git); only Markdown, CSV and PNG files
are copied into ``reports/``. Nothing here needs a GPU: GPU sections are compile-only, and the one
measured section runs on this machine's CPU (local-task) and says so.
"""

from __future__ import annotations

import argparse
import os
import platform
import shutil
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

ROOT = Path(__file__).resolve().parents[1]
REPORTS = ROOT / "reports"


@dataclass(frozen=True)
class Context:
    out: Path  # reports/NAME: the committed report folder (emptied first)
    work: Path  # out/regenerate/NAME: sweep state, artifacts, vmfb (not committed)
    cache_dir: Path  # the compile cache shared by every section


@dataclass(frozen=True)
class Section:
    name: str
    what: str
    build: Callable[[Context], None]


SECTIONS: dict[str, Section] = {}


def section(name: str, what: str):
    """Register a report section: ``@section("name", "one line: what it shows")`` on ``def f(ctx)``."""
    def register(fn: Callable[[Context], None]) -> Callable[[Context], None]:
        SECTIONS[name] = Section(name, what, fn)
        return fn
    return register


def _cpu_description() -> str:
    model = ""
    try:
        model = next((line.split(":", 1)[1].strip() for line in Path("/proc/cpuinfo").read_text().splitlines()
                      if line.startswith("model name")), "")
    except OSError:
        pass
    return f"this machine's {os.cpu_count()}-core {platform.machine()} CPU" + (f" ({model})" if model else "")


def _sweep(shapes: str, ctx: Context, target: str, variants, run_device: str = "", reps: int = 10):
    from iree_vdmfma.problems.shapes import load_shape_list
    from iree_vdmfma.sweep.sweep import Sweep, SweepOptions

    options = SweepOptions(target=target, variants=tuple(variants), out_dir=ctx.work, cache_dir=ctx.cache_dir)
    hook = None
    if run_device:
        from iree_vdmfma.run.runner import sweep_run_hook

        options.runnable, options.cache_modes = True, ("hot", "cold")
        hook = sweep_run_hook(run_device, reps)
    Sweep(load_shape_list(ROOT / shapes), options, run_hook=hook).run()
    shutil.copy2(ctx.work / "results.csv", ctx.out / "results.csv")
    return ctx.out / "results.csv"


@section("seed-gfx942", "compile-only: the six f16 decode shapes of the write-up, default vs vdmfma vs padded, gfx942")
def seed(ctx: Context) -> None:
    from iree_vdmfma.report.report import build_report

    results = _sweep("sweeps/seed-f16.csv", ctx, "gfx942", ("default", "vdmfma", "padded"))
    build_report(results, baseline="padded", out_dir=ctx.out, subject="sweeps/seed-f16.csv")


@section("cpu-local-task", "measured on this machine's CPU (local-task): sweeps/tiny-cpu.csv, numerics and latency")
def cpu(ctx: Context) -> None:
    from iree_vdmfma.report.report import build_report

    results = _sweep("sweeps/tiny-cpu.csv", ctx, "gfx942", ("cpu",), run_device="local-task", reps=10)
    build_report(results, baseline="cpu", out_dir=ctx.out,
                 title=f"VDMFMA report: sweeps/tiny-cpu.csv — measured on {_cpu_description()} (local-task)",
                 notes=[f"Timed on a shared {os.cpu_count()}-core machine while other jobs ran: the spread is wide. These rows show "
                        "that the runtime path (load, numerics against numpy, hot/cold timing) works; they are "
                        "not a statement about CPU or GPU kernel performance."])


def _coverage(ctx: Context, target: str) -> None:
    from iree_vdmfma.report import coverage as cov
    from iree_vdmfma.sweep.sweep import SweepOptions

    # the default grid (base case at M 1,4,5,8,9,16,24,32; edge cases at M 8 and 16): 160 compiles per target
    cells = cov.grid(target)
    cov.run(cells, SweepOptions(target=target, out_dir=ctx.work, cache_dir=ctx.cache_dir))
    for p in ctx.work.iterdir():
        if p.is_file() and p.suffix in (".md", ".csv", ".png"):
            shutil.copy2(p, ctx.out / p.name)


@section("coverage-gfx942", "compile-only: where VDMFMA is reached by default, only with the spec, or not at all (gfx942)")
def coverage_gfx942(ctx: Context) -> None:
    _coverage(ctx, "gfx942")


@section("coverage-gfx950", "compile-only: where VDMFMA is reached by default, only with the spec, or not at all (gfx950)")
def coverage_gfx950(ctx: Context) -> None:
    _coverage(ctx, "gfx950")


def write_root_index() -> Path:
    """reports/index.md: one line per section folder present."""
    lines = ["# Example reports", "", "Regenerate with `python reports/regenerate.py` (see its docstring). Each "
             "folder has an index.md saying what was measured, where, and what was modelled.", ""]
    for s in SECTIONS.values():
        if (REPORTS / s.name / "index.md").is_file():
            lines.append(f"- [{s.name}]({s.name}/index.md): {s.what}")
    path = REPORTS / "index.md"
    path.write_text("\n".join(lines) + "\n")
    return path


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description="Regenerate the example reports in reports/.")
    ap.add_argument("names", nargs="*", help=f"sections to build (default: all): {', '.join(SECTIONS)}")
    ap.add_argument("--list", action="store_true", help="list the sections and exit")
    ap.add_argument("--cache-dir", type=Path, default=None, help="compile cache (default: the toolkit's default)")
    args = ap.parse_args(argv)
    if args.list:
        for s in SECTIONS.values():
            print(f"{s.name}: {s.what}")
        return 0
    unknown = [n for n in args.names if n not in SECTIONS]
    if unknown:
        print(f"error: unknown section(s) {', '.join(unknown)}; valid: {', '.join(SECTIONS)}", file=sys.stderr)
        return 2
    from iree_vdmfma.build.compiler import default_cache_dir

    cache = args.cache_dir or default_cache_dir()
    for name in args.names or list(SECTIONS):
        ctx = Context(REPORTS / name, ROOT / "out" / "regenerate" / name, cache)
        for d in (ctx.out, ctx.work):  # a fresh run each time (compiles still come from the cache)
            shutil.rmtree(d, ignore_errors=True)
            d.mkdir(parents=True)
        t0 = time.monotonic()
        SECTIONS[name].build(ctx)
        print(f"{name}: wrote {ctx.out.relative_to(ROOT)}/ in {time.monotonic() - t0:.0f} s", flush=True)
    print(f"wrote {write_root_index().relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
