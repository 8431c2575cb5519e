"""vdmfma model --tune / --library: one decode step end to end on local-task (real compiles, real runs).

The tiny Llama-like layer (examples/llama_layer.py TINY) at M = 4, as the manual runs it: the command of
docs/model-path.md's "One decode step end to end", read from the page and run as written (tests/test_docs.py
leaves it to this file): a raced tune -> library -> whole-model compiles per variant -> numerics against torch
eager (and torch.compile) -> model.csv with paired latencies in 6 rounds, hot and cold (the cold rotation sized
for this machine's cache). The M = 1 forward is tests/test_gpu_evidence.py's (--small: M = 1). Needs the
``model`` extra.
"""

from __future__ import annotations

import re

import csv
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from iree_vdmfma.backends import CPU, ROCM
from iree_vdmfma.configs.library import Entry, Library, write_library
from iree_vdmfma.devices.flags import compile_flags
from iree_vdmfma.model.forward import (COLD_MARGIN, Estimate, check_forward, cold_plan, median_interval,
                                       output_tolerance, verdict)
from iree_vdmfma.model.model import read_dispatches
from iree_vdmfma.model.model_report import read_model_csv
from iree_vdmfma.model.source import parse_source
from iree_vdmfma.model.step import StepOptions, run_step
from iree_vdmfma.model.forward_rows import ModelRow
from iree_vdmfma.problems.problem import Problem
from iree_vdmfma.problems.rows import Status

pytest.importorskip("iree.turbine.aot")
ROOT = Path(__file__).resolve().parents[1]
EXAMPLE = ROOT / "examples" / "llama_layer.py"
VARIANTS = ("default", "tuned", "torch-eager", "torch-compile")
CACHE_BYTES = 2**20  # _cli's runs: the cold rotation defeats a 1 MiB cache, a few copies of the 1.1 MiB tiny layer


def _cli(tmp: Path, *args: str, **env_extra: str) -> subprocess.CompletedProcess:
    env = {**os.environ, "PYTHONPATH": str(ROOT), "VDMFMA_CACHE_DIR": str(tmp / "cache"),
           "VDMFMA_CACHE_BYTES": str(CACHE_BYTES), **env_extra}
    return subprocess.run([sys.executable, "-m", "iree_vdmfma.cli", "model", *args], capture_output=True, text=True,
                          env=env, timeout=900)


def _here(tmp: Path, *args: str) -> subprocess.CompletedProcess:
    """`vdmfma model ARGS` in this process (typer's CliRunner; torch and iree-turbine are imported once for the
    file, not once a command), with _cli's compile cache and cache size: its exit code and stderr as _cli's."""
    from typer.testing import CliRunner

    from iree_vdmfma.cli import app

    res = CliRunner().invoke(app, ["model", *args], env={"VDMFMA_CACHE_DIR": str(tmp / "cache"),
                                                        "VDMFMA_CACHE_BYTES": str(CACHE_BYTES)})
    assert res.exception is None or isinstance(res.exception, SystemExit), repr(res.exception)  # no traceback
    return subprocess.CompletedProcess(["vdmfma", "model", *args], res.exit_code, res.stdout, res.stderr)


def _rows(path: Path) -> list[dict]:
    with path.open() as f:
        return list(csv.DictReader(f))


PAGE, STEP = ROOT / "docs" / "model-path.md", "## One decode step end to end: `--tune` / `--library`"


def step_command() -> str:
    """The section's one command that runs here (the other is `# GPU only`): tune, compile and time on local-task."""
    import docs_blocks

    [command] = [c.text for c in docs_blocks.block_after(PAGE, STEP) if c.marker is None]
    return command


@pytest.fixture(scope="module")
def tuned(tmp_path_factory):
    """The page's command as written (its --timeout default bounds a stuck compile or run; the whole command is
    bounded too), from a folder holding the examples it names, with the session's compile cache."""
    import docs_blocks

    command = step_command()
    assert command.startswith("vdmfma model examples/llama_layer.py:build_tiny --m 4 --tune --device local-task")
    tmp = tmp_path_factory.mktemp("step")
    (tmp / "examples").symlink_to(EXAMPLE.parent)
    proc = docs_blocks.run(command, tmp, docs_blocks.environment(tmp), timeout=900)
    out = docs_blocks.outputs(command)
    assert out == ["out/step"], out
    return tmp / out[0], proc


def test_tune_library_compile_numerics_and_a_latency_for_every_variant_and_cache_mode(tuned):
    out, proc = tuned
    assert proc.returncode == 0, proc.stderr[-3000:]
    rows = _rows(out / "model.csv")
    assert sorted((int(r["m_tokens"]), r["variant"], r["cache_mode"]) for r in rows) == sorted(
        (4, v, c) for v in VARIANTS for c in ("hot", "cold"))
    # the tuned module is IREE's default exactly when the tune kept the default for every GEMM (an empty library)
    kept_default = all(w["winner"] == "split=0" for w in _rows(out / "tune" / "winners.csv"))
    for r in rows:
        assert r["status"] == "ok" and r["device"] == "local-task" and r["measured_at"] and r["compiler_version"]
        lo, med, hi = float(r["latency_us_lo"]), float(r["latency_us_median"]), float(r["latency_us_hi"])
        assert 0 < lo <= med <= hi and int(r["rounds"]) == 6
        slo, sp, shi = float(r["speedup_lo"]), float(r["speedup_vs_default"]), float(r["speedup_hi"])
        assert slo <= sp <= shi
        if r["variant"] == "default":
            assert sp == 1.0
        else:  # 6 rounds: [min, max] of the per-round ratios covers 1 - 2/64 of the median, so a verdict is drawn; a
            # tuned module that is the default's very code (the tune kept the default) is same-kernel, never a win
            assert float(r["interval_coverage"]) == pytest.approx(1 - 2 / 64, abs=1e-4)
            same = r["variant"] == "tuned" and kept_default
            assert r["variant"] != "tuned" or ("the same" in r["note"]) == same, r
            assert (r["verdict"] == "same-kernel") if same else (r["verdict"] in ("win", "loss", "within-noise")), r
            assert (r["verdict"] != "win" or slo > 1) and (r["verdict"] != "loss" or shi < 1), r
        if r["variant"] != "torch-eager":  # torch.compile too is checked against eager
            assert r["numerics"] == "pass" and 0 <= float(r["max_abs_err"]) <= float(r["tolerance"])


def test_the_tune_raced_every_gemm_on_the_device_and_kept_defaults_leave_the_tuned_module_the_default(tuned):
    out, proc = tuned
    assert proc.returncode == 0, proc.stderr[-3000:]
    winners = _rows(out / "tune" / "winners.csv")
    assert sorted(r["key"] for r in winners) == sorted(f"f16_4x{n}x{k}" for n, k in ((256, 256), (128, 256),
                                                                                   (512, 256), (256, 512)))
    for w in winners:  # the page's command races (the default with a device), every GEMM, on local-task
        assert w["basis"].startswith("measured (paired race") and w["device"] == "local-task", w
        assert w["verdict"] and w["numerics"] == "pass" and int(w["rounds"]) >= 6
    assert "in the race" in proc.stderr
    kept_default = all(w["winner"] == "split=0" for w in winners)  # then the library changes nothing, else it does
    for r in _rows(out / "model.csv"):
        if r["variant"] == "tuned":
            assert ("the same" in r["note"]) == kept_default, (r, winners)


def test_cold_rows_rotate_enough_weight_copies_to_defeat_the_cache_and_hot_rows_one(tuned):
    from iree_vdmfma.devices.caches import default_cache_bytes

    out, _ = tuned
    assert "VDMFMA_CACHE_BYTES" not in os.environ  # the page's command ran with none: the cache is this machine's
    cache = default_cache_bytes("local-task")  # the host's L2 + L3
    for r in _rows(out / "model.csv"):
        copies, between = int(r["rotation_copies"]), r["bytes_between_reuses"]
        if r["cache_mode"] == "hot":
            assert copies == 1 and between == ""
        else:
            assert copies >= 2 and int(between) >= COLD_MARGIN * cache


def test_the_report_opens_with_the_measured_result(tuned):
    out, _ = tuned
    lines = (out / "report" / "index.md").read_text().splitlines()
    assert lines[0].startswith("# ") and lines[1] == ""
    opening = lines[2]
    assert opening.startswith("**Result** (MEASURED on `local-task`") and "over IREE's default" in opening
    hot, cold = opening.split("hot: ")[1].split("; cold: ")
    assert hot.startswith("M=4 ") and cold.startswith("M=4 ")
    assert "Numerics against torch eager pass" in opening
    weights = lines[lines.index("## Weights the proven dispatches read (COMPUTED)") + 2]
    assert weights.startswith("- `tuned`: M=4: proven: ") and "% of the weights read per decode step" in weights


def test_a_tampered_model_csv_or_dispatches_csv_row_is_reported_damaged(tuned, tmp_path):
    out, _ = tuned
    readers = {"model.csv": lambda p: read_model_csv(p, ModelRow), "dispatches.csv": read_dispatches}
    for name, read in readers.items():
        intact = read(out / name)
        assert not intact.damaged and not intact.unverified
        header, *body = (out / name).read_text().splitlines()
        first = body[0].split(",")
        col = header.split(",").index("status")
        first[col] = "compiled" if first[col] == "ok" else "ok"  # a plausible edit: only the checksum catches it
        (tmp_path / name).write_text("\n".join([header, ",".join(first)] + body[1:-1] + [body[-1][:20]]) + "\n")
        table = read(tmp_path / name)
        assert len(table.damaged) == 2 and len(table.rows) == len(intact.rows) - 2, table.damaged
        assert table.damaged[0].startswith("line 2: checksum") and "cut off" in table.damaged[1]


def test_a_library_split_reaches_the_exported_linear_and_keeps_the_numbers(tmp_path):
    down, absent = Problem(m=1, n=256, k=512), Problem(m=1, n=4096, k=4096)
    write_library(Library("host", (Entry(down, {"split": 256}), Entry(absent, {"split": 1024}))), tmp_path / "lib",
                  compile_flags("host"), CPU.spec_route)
    opts = StepOptions(parse_source(f"{EXAMPLE}:build_tiny"), (1,), "host", "local-task", tmp_path / "out",
                       library=tmp_path / "lib", cache_dir=tmp_path / "cache", rounds=2, calls=1,
                       cache_modes=("hot",), torch_compile=False)
    result = run_step(opts)
    proof = {(r.n, r.k): r for r in result.dispatch_rows if r.variant == "tuned"}
    assert proof[(256, 512)].status == Status.APPLIED.value and "chunks of 256" in proof[(256, 512)].reason
    assert proof[(256, 256)].status == Status.DEFAULT_KEPT.value
    tuned = next(r for r in result.rows if r.variant == "tuned")
    assert tuned.numerics == "pass" and tuned.applied == 1 and tuned.latency_us_median > 0
    assert tuned.repro != next(r for r in result.rows if r.variant == "default").repro  # a different module


def test_the_skinny_gemm_share_is_measured_per_dispatch_inside_the_forward_by_irees_profiler(tuned):
    out, proc = tuned
    assert proc.returncode == 0, proc.stderr[-3000:]
    times = _rows(out / "dispatch_times.csv")
    skinny = {(int(d["m_tokens"]), d["variant"], d["dispatch"]) for d in _rows(out / "dispatches.csv")
              if d["m"] and int(d["m"]) <= 32}
    model = {(int(r["m_tokens"]), r["variant"]): r["skinny_share"] for r in _rows(out / "model.csv")}
    lines = (out / "report" / "index.md").read_text().splitlines()
    table = lines[lines.index("## Share of the forward in skinny GEMMs"):]
    for v in ("default", "tuned"):
        mine = [t for t in times if (int(t["m_tokens"]), t["variant"]) == (4, v)]
        assert mine and all(float(t["us"]) > 0 for t in mine)
        timed = {t["function"] for t in mine if t["skinny_gemm"] == "True"}
        assert timed == {d for m, var, d in skinny if (m, var) == (4, v)}, (v, timed)  # every one, by name
        # by hand, TINY's one layer calls 7 projections per forward: q, k, v, o, gate, up and down
        assert sum(float(t["calls"]) for t in mine if t["skinny_gemm"] == "True") == 7
        share = sum(float(t["us"]) for t in mine if t["skinny_gemm"] == "True") / sum(float(t["us"]) for t in mine)
        assert 0 < share < 1 and float(model[(4, v)]) == pytest.approx(share)
        assert f"| 4 | {v} | {share:.1%} |" in table


BUILDERS = {
    "raises": ("def build(m):\n    raise RuntimeError('boom')\n", "build(m=1) raised RuntimeError: boom"),
    "returns-wrong": ("def build(m):\n    return 42\n", "must return (module, example_args)"),
    "does-not-parse": ("def build(m)\n    return 1\n", ":1: does not parse"),
}


@pytest.mark.parametrize("case", sorted(BUILDERS))
def test_a_bad_builder_is_one_error_line_and_exit_2_before_any_compile(tmp_path, case):
    body, message = BUILDERS[case]
    src = tmp_path / "bad.py"
    src.write_text(body)
    proc = _cli(tmp_path, str(src), "--m", "1", "--tune", "--device", "local-task", "--out", str(tmp_path / "o"))
    assert proc.returncode == 2 and message in proc.stderr, proc.stderr
    assert [line for line in proc.stderr.splitlines() if "error:" in line] and "Traceback" not in proc.stderr
    assert not (tmp_path / "cache").exists()  # nothing compiled


def test_a_source_that_does_not_exist_is_exit_2(tmp_path):
    proc = _cli(tmp_path, str(tmp_path / "nope.py"), "--tune", "--out", str(tmp_path / "o"))
    assert proc.returncode == 2 and "error:" in proc.stderr and "nope.py" in proc.stderr


def test_a_model_without_a_skinny_gemm_is_exit_2(tmp_path):
    src = tmp_path / "norm.py"
    src.write_text(textwrap.dedent("""
        import torch
        def build(m):
            return torch.nn.LayerNorm(64), (torch.randn(m, 64),)
    """))
    proc = _here(tmp_path, str(src), "--m", "1", "--tune", "--device", "local-task", "--out", str(tmp_path / "o"))
    assert proc.returncode == 2 and "no skinny GEMM" in proc.stderr, proc.stderr


def test_a_library_with_none_of_the_models_shapes_is_exit_2_before_the_forward_runs(tmp_path):
    src = tmp_path / "one.py"
    src.write_text(textwrap.dedent("""
        import torch
        def build(m):
            return torch.nn.Linear(512, 256, bias=False, dtype=torch.float16), (torch.randn(m, 512, dtype=torch.float16),)
    """))
    # the model's one skinny GEMM is 1x256x512; the library holds 1x128x512 only
    write_library(Library("host", (Entry(Problem(m=1, n=128, k=512), {"split": 256}),)), tmp_path / "lib",
                  compile_flags("host"), CPU.spec_route)
    proc = _here(tmp_path, str(src), "--m", "1", "--library", str(tmp_path / "lib"), "--device", "local-task",
                 "--out", str(tmp_path / "o"))
    assert proc.returncode == 2, proc.stderr
    assert "its one shape is not one of the model's skinny GEMMs (f16_1x256x512)" in proc.stderr, proc.stderr
    assert not (tmp_path / "o" / "model.csv").exists()  # nothing ran


def test_a_model_that_runs_but_differs_from_torch_is_exit_1(tmp_path):
    src = tmp_path / "liar.py"  # exports a different forward than eager runs: numerics must catch it
    src.write_text(textwrap.dedent("""
        import torch
        class Liar(torch.nn.Module):
            def __init__(self):
                super().__init__()
                self.lin = torch.nn.Linear(512, 256, bias=False, dtype=torch.float16)
            def forward(self, x):
                y = self.lin(x)
                return y * 1.5 if torch.compiler.is_exporting() else y
        def build(m):
            torch.manual_seed(0)
            return Liar(), (torch.randn(m, 512, dtype=torch.float16),)
    """))
    write_library(Library("host", (Entry(Problem(m=1, n=256, k=512), {"split": 256}),)), tmp_path / "lib",
                  compile_flags("host"), CPU.spec_route)
    proc = _here(tmp_path, str(src), "--m", "1", "--library", str(tmp_path / "lib"), "--device", "local-task",
                 "--rounds", "1", "--calls", "1", "--cache-mode", "hot", "--no-torch-compile",
                 "--out", str(tmp_path / "o"))
    assert proc.returncode == 1, proc.stderr
    rows = {r["variant"]: r for r in _rows(tmp_path / "o" / "model.csv")}
    assert rows["default"]["status"] == rows["tuned"]["status"] == "numerics-failed"
    assert rows["default"]["latency_us_median"] == ""  # a wrong forward is never timed


def test_where_torch_compile_fails_its_row_says_why_and_the_rest_is_timed(tmp_path):
    """No working C++ compiler for inductor (CXX=/bin/false, a fresh inductor cache): torch.compile raises."""
    src = tmp_path / "silu.py"
    src.write_text(textwrap.dedent("""
        import torch
        def build(m):
            torch.manual_seed(0)
            lin = torch.nn.Linear(512, 256, bias=False, dtype=torch.float16)
            return torch.nn.Sequential(lin, torch.nn.SiLU()), (torch.randn(m, 512, dtype=torch.float16),)
    """))
    write_library(Library("host", (Entry(Problem(m=1, n=256, k=512), {"split": 256}),)), tmp_path / "lib",
                  compile_flags("host"), CPU.spec_route)
    proc = _cli(tmp_path, str(src), "--m", "1", "--library", str(tmp_path / "lib"), "--device", "local-task",
                "--rounds", "1", "--calls", "1", "--cache-mode", "hot", "--out", str(tmp_path / "o"),
                CXX="/bin/false", TORCHINDUCTOR_CACHE_DIR=str(tmp_path / "inductor"))
    assert proc.returncode == 0, proc.stderr[-3000:]
    rows = {r["variant"]: r for r in _rows(tmp_path / "o" / "model.csv")}
    failed = rows["torch-compile"]
    assert failed["status"] == "compile-error" and "C++ compiler" in failed["error"], failed
    assert failed["latency_us_median"] == "" and failed["cache_mode"] == ""
    for v in ("default", "tuned", "torch-eager"):
        assert rows[v]["status"] == "ok" and rows[v]["cache_mode"] == "hot" and float(rows[v]["latency_us_median"]) > 0


def test_cold_needs_enough_copies_to_read_twice_the_cache_between_reuses_or_is_not_run():
    plan = cold_plan(weight_bytes=3 * 2**20, cache_bytes=32 * 2**20, contenders=4, budget_bytes=2**30)
    assert plan.copies == 23 and plan.bytes_between_reuses >= 2 * 32 * 2**20 > (plan.copies - 2) * 3 * 2**20
    big = cold_plan(weight_bytes=2**30, cache_bytes=32 * 2**20, contenders=3, budget_bytes=2**30)
    assert big.copies == 0 and "more than the memory budget" in big.why
    assert cold_plan(weight_bytes=2**30, cache_bytes=2**20, contenders=1, budget_bytes=8 * 2**30).copies == 2


def test_the_forward_tolerance_is_derived_from_eager_error_against_float64():
    import numpy as np

    ref = np.array([1.0, -2.0, 0.5])
    eager = np.array([1.001, -2.0, 0.5], np.float16)
    tol = output_tolerance(eager, ref, "f16")
    assert tol == pytest.approx(4 * (abs(float(np.float16(1.001)) - 1.0) + 0.5 * 2.0**-10 * 2.0))
    assert check_forward([eager], [eager], [ref], ["f16"]).passed
    assert not check_forward([eager * 1.01], [eager], [ref], ["f16"]).passed
    assert not check_forward([np.array([np.nan, 0, 0])], [eager], [ref], ["f16"]).passed


def test_the_median_interval_of_six_rounds_is_min_to_max_at_97_percent():
    lo, hi, cov = median_interval([3, 1, 2, 6, 5, 4])
    assert (lo, hi) == (1, 6) and cov == pytest.approx(1 - 2 / 64)


def test_a_speedup_is_a_win_only_when_its_interval_excludes_one():
    assert verdict(Estimate.of([1.2, 1.3, 1.25, 1.22, 1.28, 1.3])) == "win"
    assert verdict(Estimate.of([0.8, 1.3, 1.25, 1.22, 1.28, 1.3])) == "within-noise"
    assert verdict(Estimate.of([0.7, 0.8, 0.75, 0.72, 0.78, 0.8])) == "loss"
    assert verdict(Estimate.of([1.2, 1.3, 1.25])) == "undetermined"  # 3 rounds: [min, max] covers 75%


def test_a_dispatch_iree_cannot_compile_is_found_in_the_failed_compile_and_rescued_by_a_spec(tmp_path):
    """gfx942, M = 8: IREE's own choice for a 1x8x896x896 batch_matmul crashes in bufferization."""
    src = tmp_path / "lin896.py"
    src.write_text(textwrap.dedent("""
        import torch
        def build(m):
            torch.manual_seed(0)
            x = torch.randn(1, m, 896, dtype=torch.float16)
            return torch.nn.Linear(896, 896, bias=False, dtype=torch.float16), (x,)
    """))
    write_library(Library("gfx942", (Entry(Problem(m=8, n=896, k=896), {"split": 0, "mma": "vdmfma"}),)),
                  tmp_path / "lib", compile_flags("gfx942"), ROCM.spec_route)
    opts = StepOptions(parse_source(str(src)), (8,), "gfx942", "none", tmp_path / "out", library=tmp_path / "lib",
                       cache_dir=tmp_path / "cache", timeout_s=90)  # a compile takes seconds; a hung one (IREE
    # 3.13's occasional deadlock) is retried single-threaded after this, not after the default 300 s (seen: 600 s)
    result = run_step(opts)
    rows = {r.variant: r for r in result.rows}
    assert rows["default"].status == "compile-error" and "Yield operand #0" in rows["default"].error
    for v in ("vdmfma", "tuned"):  # the library's config also matches the export's unit-batch bmm dispatch
        assert rows[v].status == "compiled" and rows[v].note.startswith("rescued"), rows[v]
    proof = {r.variant: r for r in result.dispatch_rows if "batch_matmul_1x8x896x896" in r.dispatch}
    assert proof["default"].status == "compile-error" and "minimal reproducer: iree-compile" in proof["default"].reason
    assert proof["vdmfma"].status == proof["tuned"].status == "rescued"
    repro = proof["default"].reason.split("minimal reproducer: ")[1].rstrip(")")
    assert "--compile-mode=hal-executable" in repro
    failed = subprocess.run(repro.split(), capture_output=True, text=True, timeout=300)  # the reproducer reproduces
    assert failed.returncode != 0 and "Yield operand #0" in failed.stderr


def test_localising_a_model_report_folder_keeps_model_csv_checksums_valid(tmp_path):
    import importlib.util

    from iree_vdmfma.model.model_report import write_model_csv

    spec = importlib.util.spec_from_file_location("regenerate", ROOT / "reports" / "regenerate.py")
    regenerate = importlib.util.module_from_spec(spec)
    sys.modules["regenerate"] = regenerate
    spec.loader.exec_module(regenerate)
    row = ModelRow(1, "default", "ok", cache_mode="hot", latency_us_median=12.5,
                   repro="iree-compile /root/.cache/iree-vdmfma/ab12/input.mlir -o out.vmfb")
    write_model_csv(tmp_path / "model.csv", [row], ModelRow)
    regenerate.localise(tmp_path)
    table = read_model_csv(tmp_path / "model.csv", ModelRow)
    assert not table.damaged and table.rows[0].repro == "iree-compile $VDMFMA_CACHE_DIR/ab12/input.mlir -o out.vmfb"
    assert table.rows[0].latency_us_median == 12.5


def test_a_contender_that_raises_while_timed_is_dropped_and_the_others_are_still_timed():
    from iree_vdmfma.model import forward as fwd

    state = {"calls": 0}

    def runs_out_of_memory_on_its_second_copy():
        state["calls"] += 1
        if state["calls"] > 3:
            raise RuntimeError("out of memory on copy 2")

    failed: dict = {}
    samples = fwd.paired_rounds({"default": lambda: None, "torch-compile": runs_out_of_memory_on_its_second_copy},
                                rounds=4, calls=1, warmup=2, failed=failed)
    assert set(samples) == {"default"} and len(samples["default"]) == 4
    assert set(failed) == {"torch-compile"} and "out of memory" in str(failed["torch-compile"])


def test_the_forwards_torch_eager_peer_goes_to_a_gpu_torch_sees_and_says_why_not_otherwise():
    import torch

    from iree_vdmfma.model.forward_rows import _eager_gpu

    assert _eager_gpu("local-task") == (None, "")  # the CPU peer: the reference, as before
    gpu, why = _eager_gpu("cuda")
    if torch.cuda.is_available():  # a lent GPU: the peer runs there (reports/gpu-evidence-* times it)
        assert gpu is not None and gpu.type == "cuda" and why == ""
    else:  # this machine: no GPU torch, and the row's note will say so in one line
        assert gpu is None and "has no cuda device" in why and "\n" not in why


def test_a_model_tune_cut_by_its_time_budget_names_the_untuned_gemms_and_exits_1(tmp_path):
    """As `vdmfma tune` does: a tuned forward whose tune the budget cut short is not a finished one (the H200's
    forward kept 5 of 12 GEMMs at IREE's default and exited 0)."""
    proc = _cli(tmp_path, f"{EXAMPLE}:build_tiny", "--m", "1", "--tune", "--device", "local-task",
                "--time-budget", "0.5",  # the 4 GEMMs' compiles and races take seconds anywhere
                "--no-torch-compile", "--cache-mode", "hot", "--rounds", "2", "--calls", "1", "--out", str(tmp_path / "o"))
    assert proc.returncode == 1, proc.stdout[-2000:] + proc.stderr[-2000:]
    said = " ".join(proc.stderr.split())
    assert "left untuned by the time budget (f16_1x" in said and "run the same command again to continue" in said
    rows = [r for r in _rows(tmp_path / "o" / "model.csv") if r["variant"] == "default"]
    assert rows and all(r["status"] == "ok" for r in rows)  # the forward itself still ran and was timed


def _cuda_library_step(tmp: Path, monkeypatch, forms: tuple[str, ...]):
    """The tiny layer at M = 4 compiled for sm_89 (compile only) with a library of gemv configs for its
    4x512x256 (gate, up) and 4x256x256 (q, o) GEMMs; ``forms``: the op forms the library's spec matches."""
    import iree_vdmfma.model.step as step

    monkeypatch.setattr(step, "EXPORT_FORMS", forms)
    gemv = {"split": 0, "mma": "gemv", "rows": 4, "kpart": 256, "ksub": 1, "vec": 16}
    entries = tuple(Entry(Problem(m=4, n=n, k=256), dict(gemv)) for n in (512, 256))
    write_library(Library("sm_89", entries), tmp / "lib", compile_flags("sm_89"), "preprocessing")
    opts = StepOptions(parse_source(f"{EXAMPLE}:build_tiny"), (4,), "sm_89", "none", tmp / "out",
                       library=tmp / "lib", cache_dir=tmp / "cache", torch_compile=False)
    result = run_step(opts)
    return [r for r in result.dispatch_rows if r.variant == "tuned" and (r.n, r.k) in ((512, 256), (256, 256))]


def test_a_cuda_library_config_reaches_a_torch_exports_linear_and_the_proof_says_when_it_does_not(tmp_path,
                                                                                                  monkeypatch):
    """On the H200 the tuned forward was IREE's default while dispatches.csv said 'applied': the CUDA configs
    ride the preprocessing spec, which matched only the toolkit's own A*B^T form, and a torch export's Linear
    is matmul(A, transpose(W)) there; and the proof on CUDA asked nothing of the compiled dispatch. Now the
    configs match the export's forms too, and the proof reads the configured lowering_config."""
    from iree_vdmfma.compiler.fingerprint import fingerprint

    rows = _cuda_library_step(tmp_path / "own", monkeypatch, ())  # the old spec: the toolkit's own form only
    assert len(rows) == 4 and all(r.status == "not-applied" and "spec did not apply" in r.reason for r in rows), rows
    rows = _cuda_library_step(tmp_path / "export", monkeypatch, ("mm", "bmm"))
    assert len(rows) == 4 and all(r.status == Status.APPLIED.value for r in rows), rows
    # the library folder's own spec (what plain iree-compile takes with flags-sm_89.txt) matches those forms too
    assert "@match_f16_4x512x256_mm" in (tmp_path / "export" / "lib" / "preprocess-sm_89.mlir").read_text()
    dumps = sorted((tmp_path / "export" / "cache").glob("*/dump"))
    prints = {fingerprint(d).digest for d in dumps if fingerprint(d).executables}
    assert len(prints) == 2, prints  # default and tuned: two whole-model kernels, not one
