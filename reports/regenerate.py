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


@section("seed-gfx1100", "compile-only: the six seed shapes on RDNA3 (RX 7900 XTX), default vs padded (WMMA) vs gemv, "
                        "vdmfma a skipped row, gfx1100")
def seed_gfx1100(ctx: Context) -> None:
    from iree_vdmfma.report.report import build_report

    results = _sweep("sweeps/seed-f16.csv", ctx, "gfx1100", ("default", "padded", "gemv", "vdmfma"))
    build_report(results, baseline="padded", out_dir=ctx.out, subject="sweeps/seed-f16.csv",
                 notes=["Compile-only: no Radeon card was available. Every figure is read from the gfx1100 ISA "
                        "(v_wmma counts, VGPRs, LDS) or MODELLED (workgroups, waves/SIMD by the RDNA rules of "
                        "backends/rocm/rdna.py); nothing was run or timed.",
                        "`vdmfma` is a skipped row: IREE 3.13 has no sparse (VDMFMA) intrinsic for RDNA. `padded` "
                        "is WMMA 16x16x16 with M padded to 16 on wave32 (the same config IREE's default picks "
                        "here); `gemv` is the no-MMA VectorDistribute config (wave32, 4 rows per workgroup)."])


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
    from iree_vdmfma.coverage import grid as cov
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


MODEL_M = "1,4,8,16,32"
MODEL_COLUMNS = ("m_tokens", "op_form", "m", "n", "k", "batch", "dtypes", "fused_consumers", "default_mma_kind",
                 "spec_mma_kind", "smfmac", "mfma", "vgpr", "spills", "status", "reason")


def _model_table(csv_path: Path) -> list[str]:
    import csv

    with csv_path.open() as f:
        rows = list(csv.DictReader(f))
    lines = ["| dispatch | " + " | ".join(MODEL_COLUMNS) + " |", "|---" * (len(MODEL_COLUMNS) + 1) + "|"]
    for r in rows:
        short = r["dispatch"].split("$")[-1].split("_matmul")[0].split("_batch_matmul")[0]
        lines.append(f"| {short} | " + " | ".join(r[c] or "-" for c in MODEL_COLUMNS) + " |")
    return lines


@section("model", "compile-only: vdmfma model on the Llama-3-8B-sized example layer (rank 2 and rank 3), every "
                  "GEMM dispatch proven per kernel, gfx942")
def model(ctx: Context) -> None:
    import subprocess

    text = ["# Model proof table: examples/llama_layer.py (Llama-3-8B sizes), gfx942, variant vdmfma", "",
            f"Compile-only (no GPU): real iree-compile for gfx942 on {_cpu_description()}; "
            "IREE, iree-turbine and torch as installed (see the repository README). The layer is the LLAMA3_8B config "
            "(hidden 4096, 32 heads, 8 KV heads, MLP 14336, f16, random weights, built in code). Each row is one "
            "contraction dispatch of the whole-layer compile with the spec `vdmfma model` wrote; smfmac / mfma / "
            "vgpr / spills are read from that dispatch's own kernel in the ISA. Nothing here was run or timed.", ""]
    for label, func in (("rank2", "build"), ("rank3", "build_rank3")):
        out = ctx.work / label
        cmd = [sys.executable, "-m", "iree_vdmfma.cli", "model", f"examples/llama_layer.py:{func}", "--m", MODEL_M,
               "--target", "gfx942", "--variant", "vdmfma", "--out", str(out), "--cache-dir", str(ctx.cache_dir)]
        t0 = time.monotonic()
        done = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True)
        took = time.monotonic() - t0
        if done.returncode not in (0, 1):  # 1: a skinny GEMM not matched, which the table shows
            raise RuntimeError(f"vdmfma model {func} failed ({done.returncode}): {done.stderr[-2000:]}")
        shutil.copy2(out / "dispatches.csv", ctx.out / f"dispatches-{label}.csv")
        shape = "[M, 4096]" if label == "rank2" else "[1, M, 4096]"
        text += [f"## {label}: activations {shape} (`{func}`)", "",
                 f"`vdmfma model examples/llama_layer.py:{func} --m {MODEL_M} --target gfx942 --variant vdmfma` "
                 f"(exit {done.returncode}; {took:.0f} s wall on the shared machine, compile cache as it was). "
                 f"CSV: [dispatches-{label}.csv](dispatches-{label}.csv).", "", *_model_table(out / "dispatches.csv"), ""]
    (ctx.out / "index.md").write_text("\n".join(text))


# Folders measured on a lent GPU: committed as they came back, not rebuilt here (this needs no GPU).
MEASURED_ON_GPU = {
    "gpu-h100-seed": ("gpu-h100-seed/report/index.md", "MEASURED on a lent NVIDIA H100 (sm_89 PTX): the six seed "
                      "shapes, IREE default vs splitk vs torch (cuBLAS), hot and cold: `vdmfma sweep "
                      "sweeps/seed-f16.csv --device cuda --variants default,splitk,torch`; `env.txt` says what ran it"),
    "tune-h100": ("tune-h100/README.md", "MEASURED on the same H100: `vdmfma tune sweeps/seed-f16.csv "
                  "--device cuda --reps 15 --max-candidates 21`: every candidate, the winners re-measured against "
                  "the default (geomean 2.05x), the gemv exploration, and the library (its flags file names the GPU "
                  "machine's paths)"),
    "gpu-h100-tuned": ("gpu-h100-tuned/report/index.md", "MEASURED on the same H100: `vdmfma sweep "
                       "sweeps/seed-f16.csv --device cuda --variants default,tuned,splitk,torch` with the tune's "
                       "library as the `tuned` variant"),
}


def write_root_index() -> Path:
    """reports/index.md: one line per section folder present, then the GPU-measured folders present."""
    lines = ["# Example reports", "", "Regenerate with `python reports/regenerate.py` (see its docstring). Each "
             "folder has an index.md saying what was measured, where, and what was modelled.", ""]
    for s in SECTIONS.values():
        if (REPORTS / s.name / "index.md").is_file():
            lines.append(f"- [{s.name}]({s.name}/index.md): {s.what}")
    for name, (link, what) in MEASURED_ON_GPU.items():
        if (REPORTS / name).is_dir():
            lines.append(f"- [{name}]({link}): {what} (not rebuilt by this script)")
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
    from iree_vdmfma.compiler.driver import default_cache_dir

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
