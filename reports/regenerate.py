"""Regenerate the example reports in reports/ with one command:

    python reports/regenerate.py                 # every section
    python reports/regenerate.py seed-gfx942     # only the named section(s)
    python reports/regenerate.py --list          # the sections and what each one is
    python reports/regenerate.py --check         # exit 1 if an example is stale or breaks the layout

Every folder has the same layout: ``index.md`` at its top (opening with the result), the rendered
tables and plots next to it, no lock or stamp files, and no absolute path of the machine that made it
(``localise`` rewrites those relative to the folder). ``--check`` checks that layout for every folder
and rebuilds the cheap sections (compile-only, and the GPU folders re-rendered from their committed
CSVs) in a scratch folder, failing when a rendered file differs from the committed one.

Each section is ONE function decorated with ``@section``: it receives a ``Context`` (where to
write its report folder, a scratch folder for sweep artifacts, the compile cache) and writes the
folder ``reports/NAME/`` with its own index.md. Adding a section (e.g. a model proof table) is one
new decorated function; ``reports/index.md`` lists every section's folder.

Sweeps and coverage run in ``out/regenerate/`` (ignored by git); only Markdown, CSV and PNG files
are copied into ``reports/``. Nothing here needs a GPU: GPU sections are compile-only, the one
measured section runs on this machine's CPU (local-task) and says so, and the folders MEASURED on a
lent H100 (``kind="gpu"``) are only re-rendered from their committed results: no number in them is
re-measured or changed.
"""

from __future__ import annotations

import argparse
import dataclasses
import filecmp
import os
import platform
import re
import shutil
import sys
import tempfile
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
    kind: str = "built"  # 'built' here (compiles; timings if measured here) or 'gpu' (re-rendered from committed CSVs)
    cheap: bool = False  # rebuilt by --check (seconds, no measurement): compile-only or re-rendered
    link: str = "index.md"


SECTIONS: dict[str, Section] = {}


def section(name: str, what: str, kind: str = "built", cheap: bool = False):
    """Register a report section: ``@section("name", "one line: what it shows")`` on ``def f(ctx)``."""
    def register(fn: Callable[[Context], None]) -> Callable[[Context], None]:
        SECTIONS[name] = Section(name, what, fn, kind, cheap)
        return fn
    return register


# ------------------------------------------------------------------ layout: relative paths, no lock files

TEXT = (".md", ".csv", ".json", ".txt", ".log", ".mlir")
FOREIGN = re.compile(r"(?<![\w.~])/(?:tmp|work|home|root|Users|mnt|scratch|var|opt|srv)/[^\s,\"';|)]+")
CACHE = re.compile(r"(?<![\w.~])/(?:tmp|root|home/[^/\s]+|Users/[^/\s]+)/(?:\.cache/iree-vdmfma|vdmfma-cache|"
                   r"vcache-[\w-]+)/")
RENDERED = ("index.md", "report.md", "summary.csv", "groups.csv", "pivot.csv")  # what a section renders


def localise(folder: Path, prefixes: tuple[str, ...] = (), cache: Path | None = None) -> None:
    """Rewrite the absolute paths of the machine that made ``folder`` relative to it: every prefix before
    an ``artifacts/`` or ``specs/`` path (and ``prefixes``) is dropped; the bare prefix becomes ``.``; the compile
    cache (``cache``, wherever --cache-dir put it, or a default-named one) becomes ``$VDMFMA_CACHE_DIR``. A
    results.csv is rewritten through the row writer (checksums stay valid); nothing else changes."""
    from iree_vdmfma.problems.rows import read_results, write_rows

    files = [p for p in folder.rglob("*") if p.is_file() and p.suffix in TEXT]
    found = set(prefixes)
    for p in files:
        found |= set(re.findall(r"(/[^\s,\"';=\](]*?/)(?:artifacts|specs)/", p.read_text(errors="replace")))
    order = sorted((f for f in found if f.startswith("/")), key=len, reverse=True)

    def sub(text: str) -> str:
        if cache is not None:
            for c in {f"{Path(cache).resolve()}/", f"{cache}/"}:
                text = text.replace(c, "$VDMFMA_CACHE_DIR/")
        for f in order:
            text = text.replace(f, "").replace(f.rstrip("/"), ".")
        return CACHE.sub("$VDMFMA_CACHE_DIR/", text)  # a compile-cache entry: named by the cache, not the machine

    for p in files:
        text = p.read_text(errors="replace")
        if sub(text) == text:
            continue
        table = _checked_table(p)
        if p.name == "results.csv":
            res = read_results(p)
            if res.damaged:
                raise RuntimeError(f"{p}: damaged rows ({res.damaged[0]}); not rewritten")
            write_rows([r.replace(**{c: sub(getattr(r, c)) for c in ("repro", "artifacts", "error", "reason")})
                        for r in res.rows], p)
        elif table is not None:  # vdmfma model's checksummed tables: rewritten through their row writer
            read, write = table
            res = read(p)
            if res.damaged:
                raise RuntimeError(f"{p}: damaged rows ({res.damaged[0]}); not rewritten")
            write(p, [dataclasses.replace(r, **{f.name: sub(getattr(r, f.name)) for f in dataclasses.fields(r)
                                                if isinstance(getattr(r, f.name), str)}) for r in res.rows])
        else:
            p.write_text(sub(text))


def _checked_table(path: Path):
    """(read, write) of a checksummed table other than results.csv (`vdmfma model`'s model.csv and dispatches*.csv,
    coverage.csv), else None: rewritten through its row writer, its checksums stay valid."""
    if path.name == "coverage.csv":
        from iree_vdmfma.coverage.classes import read_cells, write_csv

        return read_cells, lambda p, rows: write_csv(rows, p)
    if not (path.suffix == ".csv" and (path.name == "model.csv" or path.name.startswith("dispatches"))):
        return None
    from iree_vdmfma.model.model import read_dispatches, write_dispatches
    from iree_vdmfma.model.model_report import read_model_csv, write_model_csv
    from iree_vdmfma.model.forward_rows import ModelRow

    if path.name == "model.csv":
        return (lambda p: read_model_csv(p, ModelRow)), (lambda p, rows: write_model_csv(p, rows, ModelRow))
    return read_dispatches, lambda p, rows: write_dispatches(p, rows)


def layout_problems(folder: Path) -> list[str]:
    """What breaks the common layout in one example folder."""
    out = []
    if not (folder / "index.md").is_file():
        out.append(f"{folder.name}: no index.md at its top")
    for p in sorted(folder.rglob("*")):
        rel = p.relative_to(REPORTS)
        if p.name.startswith("."):
            out.append(f"{rel}: a hidden file (lock or stamp) is committed")
        elif p.is_dir() and p.name == "report":
            out.append(f"{rel}: rendered files belong at the folder's top, not in report/")
        elif p.is_file() and p.suffix in TEXT:
            hit = FOREIGN.search(p.read_text(errors="replace"))
            if hit:
                out.append(f"{rel}: an absolute path of another machine ({hit.group(0)[:80]})")
    return out


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
    if run_device and "torch" in variants:  # the peer's rows, as `vdmfma sweep` does: a bench of the folder
        from iree_vdmfma.sweep.bench import BenchOptions, bench

        bench(ctx.work, BenchOptions(run_device, reps))
    shutil.copy2(ctx.work / "results.csv", ctx.out / "results.csv")
    localise(ctx.out, (f"{ctx.work}/",))
    return ctx.out / "results.csv"


@section("seed-gfx942", "compile-only: the six f16 decode shapes of the write-up, default vs vdmfma vs padded, gfx942",
         cheap=True)
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


@section("cpu-local-task", "measured on this machine's CPU (local-task): sweeps/tiny-cpu.csv, IREE default vs splitk vs torch (CPU BLAS), numerics and latency")
def cpu(ctx: Context) -> None:
    from iree_vdmfma.report.report import build_report

    results = _sweep("sweeps/tiny-cpu.csv", ctx, "host", ("default", "splitk", "torch"), run_device="local-task", reps=10)
    build_report(results, baseline="default", out_dir=ctx.out,
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
    localise(ctx.out, (f"{ctx.work}/",))


@section("coverage-gfx942", "compile-only: where VDMFMA is reached by default, only with the spec, or not at all (gfx942)")
def coverage_gfx942(ctx: Context) -> None:
    _coverage(ctx, "gfx942")


@section("coverage-gfx950", "compile-only: where VDMFMA is reached by default, only with the spec, or not at all (gfx950)")
def coverage_gfx950(ctx: Context) -> None:
    _coverage(ctx, "gfx950")


MODEL_M = "1,4,8,16,32"
MODEL_COLUMNS = ("m_tokens", "op_form", "m", "n", "k", "batch", "dtypes", "fused_consumers", "default_mma_kind",
                 "spec_mma_kind", "smfmac", "mfma", "vgpr", "spills", "status", "reason")


def _model_rows(csv_path: Path) -> list[dict]:
    """dispatches.csv read back through the row store: a damaged row stops the section (never rendered)."""
    import csv

    from iree_vdmfma.model.model import read_dispatches

    damaged = read_dispatches(csv_path).damaged
    if damaged:
        raise RuntimeError(f"{csv_path}: damaged rows ({damaged[0]})")
    with csv_path.open() as f:
        return list(csv.DictReader(f))


def _model_table(rows: list[dict]) -> list[str]:
    lines = ["| dispatch | " + " | ".join(MODEL_COLUMNS) + " |", "|---" * (len(MODEL_COLUMNS) + 1) + "|"]
    for r in rows:
        short = r["dispatch"].split("$")[-1].split("_matmul")[0].split("_batch_matmul")[0]
        lines.append(f"| {short} | " + " | ".join(r[c] or "-" for c in MODEL_COLUMNS) + " |")
    return lines


def _model_result(per_label: dict[str, list[dict]]) -> str:
    """The proof table's opening: how many skinny GEMM dispatches the spec reached, per activation rank."""
    from iree_vdmfma.model.model import SKINNY_MAX_M

    parts = []
    for label, rows in per_label.items():
        skinny = [r for r in rows if r["m"] and int(r["m"]) <= SKINNY_MAX_M]
        applied = sum(r["status"] == "applied" for r in skinny)
        parts.append(f"{label}: {applied} of {len(skinny)} skinny GEMM dispatches applied")
    return ("**Result** (compile-only for gfx942, nothing was run or timed): where the vdmfma spec applies in the "
            f"Llama-3-8B-sized layer's whole-layer compile at M = {MODEL_M.replace(',', ', ')}: " + "; ".join(parts)
            + " (applied: proved from the dispatch's own kernel in the ISA, v_smfmac > 0 and v_mfma = 0).")


@section("model", "compile-only: vdmfma model on the Llama-3-8B-sized example layer (rank 2 and rank 3), every "
                  "GEMM dispatch proven per kernel, gfx942")
def model(ctx: Context) -> None:
    import subprocess

    text = [f"Compile-only (no GPU): real iree-compile for gfx942 on {_cpu_description()}; "
            "IREE, iree-turbine and torch as installed (see the repository README). The layer is the LLAMA3_8B config "
            "(hidden 4096, 32 heads, 8 KV heads, MLP 14336, f16, random weights, built in code). Each row is one "
            "contraction dispatch of the whole-layer compile with the spec `vdmfma model` wrote; smfmac / mfma / "
            "vgpr / spills are read from that dispatch's own kernel in the ISA. Nothing here was run or timed.", ""]
    found: dict[str, list[dict]] = {}
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
        found[label] = _model_rows(out / "dispatches.csv")
        shape = "[M, 4096]" if label == "rank2" else "[1, M, 4096]"
        text += [f"## {label}: activations {shape} (`{func}`)", "",
                 f"`vdmfma model examples/llama_layer.py:{func} --m {MODEL_M} --target gfx942 --variant vdmfma` "
                 f"(exit {done.returncode}; {took:.0f} s wall on the shared machine, compile cache as it was). "
                 f"CSV: [dispatches-{label}.csv](dispatches-{label}.csv).", "", *_model_table(found[label]), ""]
    head = ["# Model proof table: examples/llama_layer.py (Llama-3-8B sizes), gfx942, variant vdmfma", "",
            _model_result(found), ""]
    (ctx.out / "index.md").write_text("\n".join(head + text))


QWEN_M = "1,4"


@section("model-qwen2-cpu", "MEASURED on this machine's CPU (local-task): one decode step of a 4-layer decoder at "
                            "Qwen2-0.5B sizes (random weights), tuned vs IREE default vs torch eager and "
                            "torch.compile, "
                            "hot and cold")
def model_qwen2_cpu(ctx: Context) -> None:
    import subprocess

    out = ctx.work / "step"
    args = ["examples/llama_layer.py:build_qwen2_4layers", "--m", QWEN_M, "--tune", "--device", "local-task",
            "--max-candidates", "3", "--reps", "5", "--rounds", "10", "--calls", "3", "-j", "1", "--timeout", "600"]
    cmd = [sys.executable, "-m", "iree_vdmfma.cli", "model", *args, "--out", str(out),
           "--cache-dir", str(ctx.cache_dir)]
    t0 = time.monotonic()
    done = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True)
    took = time.monotonic() - t0
    if done.returncode not in (0, 1):  # 1: a variant ran but failed numerics, which the report shows
        raise RuntimeError(f"vdmfma model build_qwen2_4layers failed ({done.returncode}): {done.stderr[-2000:]}")
    for name in ("model.csv", "dispatches.csv"):
        shutil.copy2(out / name, ctx.out / name)
    shutil.copy2(out / "tune" / "winners.csv", ctx.out / "tune-winners.csv")
    shutil.copytree(out / "tune" / "specs", ctx.out / "tune" / "specs")
    report = (out / "report" / "index.md").read_text().splitlines()
    if (out / "report" / "latency.png").is_file():
        shutil.copy2(out / "report" / "latency.png", ctx.out / "latency.png")
    what = (f"What ran: `vdmfma model {' '.join(args)}` (exit {done.returncode}; {took:.0f} s wall) on "
            f"{_cpu_description()}, IREE's CPU device `local-task`, while other jobs shared the machine: the spread "
            "is wide and nothing here is a GPU result. The model is examples/llama_layer.py's `build_qwen2_4layers` "
            "(4 decoder layers at Qwen2-0.5B's sizes: hidden 896, 14 heads, 2 KV heads, MLP 4864; f16, random weights "
            "built in code, rank-3 activations [1, M, 896]). The tune is bounded (`--max-candidates 3`): a small "
            "search, not the best this machine can do. Files: [model.csv](model.csv), "
            "[dispatches.csv](dispatches.csv), "
            "[tune-winners.csv](tune-winners.csv), the library in [tune/specs](tune/specs/library-host.json).")
    text = "\n".join(report[:4] + [what, ""] + report[4:]) + "\n"
    (ctx.out / "index.md").write_text(text.replace(f"{out}/", ""))  # the library was copied to tune/specs here


# ------------------------------------------------------------------ folders MEASURED on a lent H100
# Their inputs (results.csv, env.txt, sweep.json, winners.csv, candidates.csv, specs/, notes) are committed
# as they came back (paths made relative by ``localise``); only the rendered files are rebuilt here.

H100_NOTE = ("MEASURED on a lent NVIDIA H100 80GB HBM3 (sm_89 PTX, IREE 3.13.0; `env.txt` says what ran it). "
             "Re-rendered here from the committed CSVs: no number was re-measured.")


def _rerender_sweep(ctx: Context, what: str) -> None:
    from iree_vdmfma.report.report import build_report

    build_report(ctx.out / "results.csv", baseline="default", out_dir=ctx.out, subject="sweeps/seed-f16.csv",
                 notes=[H100_NOTE + " " + what])


@section("gpu-h100-seed", "MEASURED on a lent NVIDIA H100 (sm_89 PTX): the six seed shapes, IREE default vs splitk vs "
         "torch (cuBLAS), hot and cold (`vdmfma sweep sweeps/seed-f16.csv --device cuda --variants "
         "default,splitk,torch`)", kind="gpu", cheap=True)
def gpu_h100_seed(ctx: Context) -> None:
    _rerender_sweep(ctx, "`vdmfma sweep sweeps/seed-f16.csv --device cuda --variants default,splitk,torch`.")


@section("gpu-h100-tuned", "MEASURED on the same H100: `vdmfma sweep sweeps/seed-f16.csv --device cuda --variants "
         "default,tuned,splitk,torch` with tune-h100's library as the `tuned` variant", kind="gpu", cheap=True)
def gpu_h100_tuned(ctx: Context) -> None:
    _rerender_sweep(ctx, "The `tuned` variant read the library of reports/tune-h100 (`VDMFMA_TUNED_LIBRARY`).")


@section("tune-h100", "MEASURED on the same H100: `vdmfma tune sweeps/seed-f16.csv --device cuda --reps 15 "
         "--max-candidates 21`: every candidate, the winners re-measured against the default, the library",
         kind="gpu", cheap=True)
def tune_h100(ctx: Context) -> None:
    from iree_vdmfma.tune.tune_report import write_tune_report

    write_tune_report(ctx.out, "sm_89", report_dir=ctx.out)
    report = (ctx.out / "report.md").read_text().splitlines()
    head = next(line for line in report if line.startswith("**Tuned winners"))
    files = sorted(p.relative_to(ctx.out).as_posix() for p in ctx.out.rglob("*") if p.is_file()
                   and p.name != "index.md")
    lines = ["# vdmfma tune on a lent NVIDIA H100: the six seed shapes (sm_89 PTX)", "", "## Result", "", head, "",
             "![candidate latency against workgroups](candidates.png)", "", "## What was measured", "",
             H100_NOTE + " `vdmfma tune sweeps/seed-f16.csv --device cuda --reps 15 --no-hot --max-candidates 21`: "
             "every candidate compiled, proved, numerics-checked and timed cold (15 repetitions); the winners "
             "re-measured side by side with IREE's default at the end. How the gemv values were chosen, and what "
             "the library is: [notes.md](notes.md).", "", "## Files", ""]
    lines += [f"- [{f}]({f})" for f in files]
    (ctx.out / "index.md").write_text("\n".join(lines) + "\n")


@section("gpu-evidence-h200", "MEASURED on a lent NVIDIA H200 (sm_89 PTX), partial: `benchmarks/gpu_evidence.py --device "
         "cuda`: A/A calibration, raced tunes of the seed and a held-out Llama-3-8B list, race vs exhaustive, cuBLAS, "
         "the layer's forward, and what the run found", kind="gpu", cheap=True)
def gpu_evidence_h200(ctx: Context) -> None:
    """findings.md (written from the run's logs and CSVs) is the page; index.md is it plus the file list."""
    _findings_page(ctx)


@section("gpu-evidence-h200-2", "MEASURED on a lent NVIDIA H200 (sm_89 PTX), a second session, partial: two A/A "
         "calibrations, raced tunes of the seed and held-out lists, race vs exhaustive, the forward beside torch "
         "eager, and the two bugs the run found", kind="gpu", cheap=True)
def gpu_evidence_h200_2(ctx: Context) -> None:
    _findings_page(ctx)


@section("gpu-evidence-h200-3", "MEASURED on a lent NVIDIA H200 (sm_89 PTX), a third session, partial, planned from "
         "the records: the harness floor, both timing modes, the gap to cuBLAS with one harness for both, race vs "
         "exhaustive resolved", kind="gpu", cheap=True)
def gpu_evidence_h200_3(ctx: Context) -> None:
    _findings_page(ctx)


@section("gpu-evidence-h200-4", "MEASURED on a lent NVIDIA H200 (sm_89 PTX), a fourth session, partial, planned from "
         "the records: today's space raced (tensor-core configs, the M = 1 route, the spill and one-wave checks), "
         "the seed list complete, graph replay measured", kind="gpu", cheap=True)
def gpu_evidence_h200_4(ctx: Context) -> None:
    _findings_page(ctx)


def _findings_page(ctx: Context) -> None:
    files = sorted(p.name for p in ctx.out.iterdir() if p.is_file() and p.name not in ("index.md", "findings.md"))
    text = (ctx.out / "findings.md").read_text().rstrip()
    (ctx.out / "index.md").write_text(text + "\n\nAll files: " + ", ".join(f"[{f}]({f})" for f in files) + "\n")


def write_root_index() -> Path:
    """reports/index.md: one line per section folder present."""
    lines = ["# Example reports", "", "Regenerate with `python reports/regenerate.py` (see its docstring; `--check` "
             "says whether they are current). Each folder has an index.md that opens with its result, then says "
             "what was measured, where, and what was modelled.", ""]
    for s in SECTIONS.values():
        if (REPORTS / s.name / "index.md").is_file():
            rebuilt = " (re-rendered from its committed results; not re-measured)" if s.kind == "gpu" else ""
            lines.append(f"- [{s.name}]({s.name}/index.md): {s.what}{rebuilt}")
    path = REPORTS / "index.md"
    path.write_text("\n".join(lines) + "\n")
    return path


def _clear(ctx: Context, kind: str) -> None:
    """A fresh run: a built section's folder is emptied; a GPU folder keeps its committed inputs and loses only
    what is rendered (and the lock, stamp and report/ folder of older layouts)."""
    shutil.rmtree(ctx.work, ignore_errors=True)
    ctx.work.mkdir(parents=True)
    if kind != "gpu":
        shutil.rmtree(ctx.out, ignore_errors=True)
        ctx.out.mkdir(parents=True)
        return
    shutil.rmtree(ctx.out / "report", ignore_errors=True)
    for p in list(ctx.out.iterdir()):
        if p.is_file() and (p.name in RENDERED or p.suffix == ".png" or p.name.startswith(".")):
            p.unlink()


def build(name: str, out: Path, work: Path, cache: Path) -> float:
    ctx = Context(out, work, cache)
    _clear(ctx, SECTIONS[name].kind)
    t0 = time.monotonic()
    SECTIONS[name].build(ctx)
    localise(ctx.out, (f"{ctx.out}/", f"{ctx.work}/"), cache=ctx.cache_dir)
    return time.monotonic() - t0


def check(names: list[str], cache: Path) -> int:
    """0 when every folder keeps the layout and every named section rebuilds to the committed files."""
    problems = [p for d in sorted(REPORTS.iterdir()) if d.is_dir() and not d.name.startswith(("_", "."))
                for p in layout_problems(d)]
    with tempfile.TemporaryDirectory() as tmp:
        for name in names:
            committed = REPORTS / name
            fresh = Path(tmp) / name  # same folder name: titles and relative links come out the same
            if SECTIONS[name].kind == "gpu":
                shutil.copytree(committed, fresh, ignore=shutil.ignore_patterns(*RENDERED, "*.png"))
            else:
                fresh.mkdir()
            build(name, fresh, Path(tmp) / "work" / name, cache)
            ours = {p.relative_to(fresh) for p in fresh.rglob("*") if p.is_file()}
            theirs = {p.relative_to(committed) for p in committed.rglob("*") if p.is_file()}
            for rel in sorted(ours ^ theirs):
                problems.append(f"{name}/{rel}: " + ("not committed" if rel in ours else "no longer made"))
            for rel in sorted(ours & theirs):
                if rel.name in RENDERED and not filecmp.cmp(fresh / rel, committed / rel, shallow=False):
                    problems.append(f"{name}/{rel}: stale (regenerate: python reports/regenerate.py {name})")
            print(f"{name}: checked", flush=True)
    for p in problems:
        print(f"error: {p}", file=sys.stderr)
    print(f"{len(problems)} problem(s)" if problems else "every example is current", flush=True)
    return 1 if problems else 0


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description="Regenerate the example reports in reports/.")
    ap.add_argument("names", nargs="*", help=f"sections to build (default: all): {', '.join(SECTIONS)}")
    ap.add_argument("--list", action="store_true", help="list the sections and exit")
    ap.add_argument("--cache-dir", type=Path, default=None, help="compile cache (default: the toolkit's default)")
    ap.add_argument("--check", action="store_true", help="check the layout of every folder and rebuild the named "
                    "sections (default: the cheap ones) in a scratch folder; exit 1 if any is stale")
    args = ap.parse_args(argv)
    if args.list:
        for s in SECTIONS.values():
            print(f"{s.name}: {s.what}" + (" [cheap: --check rebuilds it]" if s.cheap else ""))
        return 0
    unknown = [n for n in args.names if n not in SECTIONS]
    if unknown:
        print(f"error: unknown section(s) {', '.join(unknown)}; valid: {', '.join(SECTIONS)}", file=sys.stderr)
        return 2
    from iree_vdmfma.compiler.driver import default_cache_dir

    cache = args.cache_dir or default_cache_dir()
    if args.check:
        return check(args.names or [n for n, s in SECTIONS.items() if s.cheap], cache)
    for name in args.names or list(SECTIONS):  # a fresh run each time (compiles still come from the cache)
        took = build(name, REPORTS / name, ROOT / "out" / "regenerate" / name, cache)
        print(f"{name}: wrote {(REPORTS / name).relative_to(ROOT)}/ in {took:.0f} s", flush=True)
    print(f"wrote {write_root_index().relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
