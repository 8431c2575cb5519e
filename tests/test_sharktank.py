"""Real LLM programs through `vdmfma model` (issue 31): sharktank's paged-Llama exports, committed as fixtures
(examples/sharktank/, made by make_exports.py: Llama-3-8B projection dims, 1 layer, weights external), compiled
for gfx942 (and gfx950, whose default crashes at M = 8) with real iree-compile and proved from each kernel's
ISA. Nothing needs sharktank or a GPU. The expensive compiles are module fixtures, shared by the tests.
"""

from __future__ import annotations

import os
import shlex
import shutil
import subprocess
import sys
from dataclasses import replace
from pathlib import Path

import pytest

from conftest import ROOT, iree_compile, isa_counts, load_script
from iree_vdmfma.backends import ROCM
from iree_vdmfma.compiler.driver import CompileJob, Compiler, default_cache_dir, repro_command
from iree_vdmfma.configs.rules import vdmfma_config
from iree_vdmfma.model.model import (ModelOptions, dispatch_row, counts_against, discover, model_flags, read_dispatches,
                                    run_model)
from iree_vdmfma.model.source import parse_source
from iree_vdmfma.problems.inputs import input_ir
from iree_vdmfma.problems.problem import Problem
from iree_vdmfma.problems.rows import Status, read_results
from iree_vdmfma.variants.registry import Variant, register, variant

FIXTURES = ROOT / "examples" / "sharktank"
DECODE = FIXTURES / "llama3_8b_1l_decode_bs{m}.mlir"
BATCHES = (1, 4, 8, 16, 32)
# (n, k) of each decode projection of Llama-3-8B (k and v share one shape: at M > 1 IREE forms one executable)
PROJECTIONS = {(4096, 4096): "q/o", (1024, 4096): "k/v", (14336, 4096): "gate/up", (4096, 14336): "down",
               (128256, 4096): "lm_head"}
O3 = "--iree-opt-level=O3"


def _cli(tmp: Path, *args: str) -> subprocess.CompletedProcess:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    return subprocess.run([sys.executable, "-m", "iree_vdmfma.cli", "model", *args, "--timeout", "120"],
                          capture_output=True, text=True, env=env, timeout=900, cwd=tmp)


def _model(tmp: Path, source: Path | str, ms: tuple[int, ...], target: str = "gfx942", name: str = "vdmfma",
           flags: tuple[str, ...] = ()):
    opts = ModelOptions(parse_source(str(source)), ms, target, variant(name), tmp / "out", flags=flags,
                        timeout_s=120, cache_dir=default_cache_dir())  # the session's (conftest), shared
    return run_model(opts)


@pytest.fixture(scope="module")
def decode(tmp_path_factory):
    """`vdmfma model 'decode_bs{m}.mlir'` at bs 1, 4, 8, 16, 32 (one file per M), as a user runs it: the manual's
    command 2 as written (docs/model-path.md; tests/test_docs.py leaves it here) plus `--timeout 120` (a bound on a
    stuck compile; every `_cli` run has it), in a fresh folder where command 1's output is the committed fixtures.
    Returns the run, its dispatches.csv rows, its OUT and the folder."""
    tmp = tmp_path_factory.mktemp("decode")
    export, model, _ = _docs_commands()
    args = shlex.split(export)
    assert args[:2] == ["python", "examples/sharktank/make_exports.py"] and (ROOT / args[1]).is_file()
    made = tmp / args[args.index("--out") + 1]
    made.mkdir(parents=True)
    batches = args[args.index("--decode") + 1].split(",")
    assert tuple(map(int, batches)) == BATCHES
    for bs in batches:
        shutil.copy(FIXTURES / f"llama3_8b_1l_decode_bs{bs}.mlir", made)
    vdmfma = shlex.split(model)
    assert vdmfma[:2] == ["vdmfma", "model"] and "--m" not in vdmfma  # every M of the path's {m}: BATCHES
    out = tmp / vdmfma[vdmfma.index("--out") + 1]
    proc = _cli(tmp, *vdmfma[2:])
    return proc, read_dispatches(out / "dispatches.csv").rows, out, tmp


def test_every_decode_projection_at_every_batch_is_found_and_proven_from_its_isa(decode):
    proc, rows, _, _ = decode
    assert proc.returncode == 0, proc.stderr
    for m in BATCHES:
        mine = [r for r in rows if r.m_tokens == m]
        gemms = [r for r in mine if r.m is not None]
        assert {(r.n, r.k) for r in gemms} == set(PROJECTIONS), (m, gemms)
        assert len(gemms) == (8 if m == 1 else 7)  # at M = 1 k and v are two executables
        assert sum(r.calls for r in gemms) == 8  # q, k, v, o, gate, up, down, lm_head: one call each
        assert {r.calls for r in gemms if (r.n, r.k) == (1024, 4096)} == ({1} if m == 1 else {2})  # k/v: 1 kernel
        for r in gemms:
            assert (r.op_form, r.m, r.status, r.reason) == ("mmt", m, "applied", ""), r
            assert r.smfmac > 0 and r.mfma == 0 and r.spills == 0, r
            assert r.spec_mma_kind == "VDMFMA_F32_8x16x64x2_F16"
        others = [r for r in mine if r.m is None]  # RoPE's f32 outer product: no GEMM, not counted
        assert [r.status for r in others] == ["not-gemm"] and "K = 1" in others[0].reason
    assert "not-matched" not in {r.status for r in rows}
    assert f"M={BATCHES[-1]}: 7 applied, 1 not-gemm" in proc.stdout


def test_the_shipped_spec_reaches_every_decode_projection_the_lm_head_included(tmp_path):
    """specs/gfx942-f16.mlir with plain iree-compile on the bs 4 export: all 7 GEMM executables take VDMFMA."""
    dump = iree_compile(FIXTURES / "llama3_8b_1l_decode_bs4.mlir", tmp_path, "--iree-input-type=torch",
                        "--iree-hal-target-device=hip", "--iree-rocm-target=gfx942",
                        f"--iree-codegen-tuning-spec-path={ROOT / 'specs' / 'gfx942-f16.mlir'}")
    lm_head = next(dump.glob("configured_*dispatch_31.mlir")).read_text()
    assert "matmul_4x128256x4096" in lm_head and "VDMFMA_F32_8x16x64x2_F16" in lm_head
    assert isa_counts(dump) == (7 * 32, 1)  # 32 v_smfmac per GEMM kernel; RoPE's f32 outer product: 1 v_mfma


def _default_rows(name: str, m: int):
    """dispatches.csv's rows of IREE's default compile of one fixture (what `vdmfma model` classifies before any
    spec: one compile, no spec compile)."""
    text = (FIXTURES / name).read_text()
    with Compiler(default_cache_dir()) as compiler:
        found = discover(compiler, m, text, "gfx942", (), 120)
    assert found.base.ok, found.base.error
    return [dispatch_row(m, d, None, None, None) for d in found.dispatches], found.dispatches


def test_prefill_gemms_are_not_skinny_and_decomposed_attention_is_not_gemm():
    rows, dispatches = _default_rows("llama3_8b_1l_prefill_bs4.mlir", 4)
    skinny = [d for d in dispatches if d.contraction is not None]
    assert {(d.contraction.problem.n, d.contraction.problem.k) for d in skinny} == set(PROJECTIONS)  # decode's
    assert all(d.contraction.problem.m == 4 and d.contraction.form == "mmt" for d in skinny) and len(skinny) == 7
    prefill = [r for r in rows if r.status == "not-skinny"]
    assert len(prefill) == 8 and all("dynamic M" in r.reason and "prefill" in r.dispatch for r in prefill)
    assert {r.status for r in rows if r.m is None} == {"not-skinny", "not-gemm"}
    assert not any(counts_against(r) for r in rows if r.m is None)  # none of them can fail `vdmfma model`
    rows, dispatches = _default_rows("llama3_8b_1l_decode_bs4_decomposed.mlir", 4)
    assert sum(d.contraction is not None for d in dispatches) == 7  # the projections, specced as at bs 4
    others = [r for r, d in zip(rows, dispatches) if d.contraction is None]
    assert {r.status for r in others} == {"not-gemm"} and len(others) == 5
    kinds = [r.reason for r in others]  # QK and PV over the KV sequence, softmax's max and sum, RoPE
    assert sum("attention" in k for k in kinds) == 2 and sum("no multiply-accumulate" in k for k in kinds) == 2
    assert sum("K = 1" in k for k in kinds) == 1


def test_at_O3_every_m1_projection_is_a_matvec_the_gemv_config_reaches(tmp_path):
    result = _model(tmp_path, DECODE, (1,), flags=(O3,))
    rows = result.rows
    assert {(r.n, r.k) for r in rows} == set(PROJECTIONS) and len(rows) == 7
    for r in rows:
        assert (r.op_form, r.status, r.smfmac, r.mfma) == ("mv", "applied", 0, 0), r
        assert "gemv config" in r.reason and r.spec_mma_kind == ""
    spec = (tmp_path / "out" / "spec.mlir").read_text()
    assert "workgroup = [4, 0]" in spec  # IREE's own O3 matvec config has 8 rows: the proof sees the spec's 4


@pytest.mark.parametrize("level, form, gemms", [("O1", "mmt", 8), ("O2", "mv", 7)])
def test_at_O1_and_O2_every_m1_projection_has_a_proved_row_too(tmp_path, level, form, gemms):
    """O1 keeps the M = 1 GEMMs as mmt (VDMFMA, k and v two executables); O2 folds them to the matvec, as O3 does."""
    rows = [r for r in _model(tmp_path, DECODE, (1,), flags=(f"--iree-opt-level={level}",)).rows if r.m is not None]
    assert {(r.n, r.k) for r in rows} == set(PROJECTIONS) and len(rows) == gemms
    for r in rows:
        assert (r.op_form, r.status) == (form, "applied"), r
        assert (r.smfmac > 0 and r.mfma == 0) if form == "mmt" else (r.smfmac, r.mfma) == (0, 0), r


def test_compile_flags_reach_every_compile_its_cache_key_and_repro(tmp_path):
    plain, o3 = model_flags("gfx942"), model_flags("gfx942", (O3,))
    assert o3[:-1] == plain and o3[-1] == O3
    a, b = CompileJob("x", "ir", plain), CompileJob("x", "ir", o3)
    assert a.cache_key() != b.cache_key() and O3 in repro_command(b, tmp_path)
    bad = tmp_path / "flags.txt"
    bad.write_text("# sharktank's\n--iree-opt-level=O3\n--iree-rocm-target=gfx950\n")
    proc = _cli(tmp_path, str(DECODE), "--m", "4", "--compile-flags-file", str(bad), "--out", str(tmp_path / "o"))
    assert proc.returncode == 2 and proc.stderr.count("error:") == 1, proc.stderr
    assert f"{bad}:3" in proc.stderr and "--iree-rocm-target" in proc.stderr and not (tmp_path / "o").exists()


def test_data_tiled_gemms_are_reported_with_what_iree_chose_and_exit_1(tmp_path):
    proc = _cli(tmp_path, str(DECODE), "--m", "4", "--compile-flag=--iree-opt-data-tiling", "--out",
                str(tmp_path / "o"))
    rows = read_dispatches(tmp_path / "o" / "dispatches.csv").rows
    tiled = [r for r in rows if r.status == "data-tiled"]
    assert {(r.n, r.k) for r in tiled} == set(PROJECTIONS) and len(tiled) == 7
    assert all(r.default_mma_kind == "MFMA_F32_16x16x16_F16" and "not reachable" in r.reason for r in tiled)
    assert proc.returncode == 1 and "7 skinny GEMM dispatch(es) not applied (data-tiled)" in proc.stderr


def test_where_iree_default_crashes_at_m8_on_gfx950_each_gemm_is_rescued_with_a_reproducer(tmp_path):
    """gfx950, bs 8: IREE's own config selection for the M = 8 f16 GEMMs crashes (getXorShuffleParamsForTunedChipset),
    before any executable is configured; each executable compiled alone names the ones that fail."""
    result = _model(tmp_path, DECODE, (8,), target="gfx950")
    rescued = [r for r in result.rows if r.status == "rescued"]
    assert {(r.n, r.k) for r in rescued} == set(PROJECTIONS) and len(rescued) == 7
    for r in rescued:
        assert r.spec_mma_kind == "VDMFMA_F32_8x16x64x1_F16" and r.smfmac > 0 and r.mfma == 0
        assert "getXorShuffleParamsForTunedChipset" in r.reason and "minimal reproducer: iree-compile" in r.reason
    assert not result.unmatched_skinny and not result.crashes
    repro = rescued[0].reason.split("minimal reproducer: ")[1].rstrip(")")
    assert "--compile-mode=hal-executable" in repro
    failed = subprocess.run(repro.split(), capture_output=True, text=True)  # the reproducer reproduces
    assert failed.returncode != 0 and "getXorShuffleParamsForTunedChipset" in failed.stderr


# A config that spills: VDMFMA at M = 4 without padding (a real compile: 512 VGPRs, 25 VGPR spills, scratch).
UNPADDED = register(Variant("vdmfma-unpadded-test", "VDMFMA without M padding (spills at M=4; a test variant)",
                            lambda p, target: replace(vdmfma_config(p, target), padding=None), backend=ROCM))


def test_a_spec_that_makes_a_dispatch_spill_is_spills_not_applied_and_exit_1(tmp_path):
    src = tmp_path / "one.mlir"
    src.write_text(input_ir(Problem(m=4, n=1024, k=4096)))
    result = _model(tmp_path, src, (4,), name=UNPADDED.name)
    (row,) = result.rows
    assert row.status == "spills" and row.spills > 0 and row.smfmac > 0, row
    assert "VGPR spills" in row.reason and "scratch bytes" in row.reason and row in result.unmatched_skinny


def test_an_mlir_source_tunes_on_the_cpu_and_reuses_its_library(tmp_path):
    """`vdmfma model FILE.mlir --tune --device local-task`, then `--library DIR`: the GEMMs tuned on the device,
    the forward not run (an .mlir holds no weights and no torch reference), every row saying so."""
    src = tmp_path / "two.mlir"
    src.write_text(input_ir(Problem(m=4, n=256, k=512)))
    out = tmp_path / "tuned"
    proc = _cli(tmp_path, str(src), "--m", "4", "--tune", "--device", "local-task", "--max-candidates", "2",
                "--no-race", "--reps", "3", "-j", "2", "--out", str(out))
    assert proc.returncode == 0, proc.stderr
    assert (out / "tune" / "candidates.csv").is_file() and (out / "tune" / "specs" / "flags-host.txt").is_file()
    rows = read_dispatches(out / "dispatches.csv").rows
    assert {r.variant for r in rows} == {"default", "tuned"} and all(r.n == 256 for r in rows)
    assert "M=4 tuned: skipped" in proc.stdout
    again = _cli(tmp_path, str(src), "--m", "4", "--library", str(out / "tune" / "specs"), "--device", "local-task",
                 "--out", str(tmp_path / "lib"))
    assert again.returncode == 0, again.stderr
    assert "the forward was not run: an .mlir source" in (tmp_path / "lib" / "report" / "index.md").read_text()


def test_an_mlir_without_m_in_its_path_is_one_program_and_needs_one_m(tmp_path):
    proc = _cli(tmp_path, str(FIXTURES / "llama3_8b_1l_decode_bs4.mlir"), "--m", "1,4", "--out", str(tmp_path / "o"))
    assert proc.returncode == 2 and proc.stderr.count("error:") == 1 and "one program" in proc.stderr
    proc = _cli(tmp_path, str(FIXTURES / "llama3_8b_1l_decode_bs{m}.mlir"), "--m", "2", "--out", str(tmp_path / "o"))
    assert proc.returncode == 2 and "decode_bs2.mlir" in proc.stderr and not (tmp_path / "o").exists()


def _docs_commands() -> list[str]:
    """The three commands of the manual's sharktank walk-through, as docs/model-path.md has them."""
    import docs_blocks

    return [c.text for c in docs_blocks.block_after(ROOT / "docs" / "model-path.md", "## From a sharktank export")]


def test_the_docs_three_commands_from_a_sharktank_export_to_a_spec_iree_compile_takes(decode):
    """Command 1 needs sharktank (the separate export environment): its output is the committed fixtures, copied
    to where it writes them; commands 2 (the `decode` fixture's run) and 3 run as written, in a fresh folder."""
    proc, _, out, tmp = decode
    assert proc.returncode == 0, proc.stderr
    assert (out / "spec.mlir").is_file()
    argv = shlex.split(_docs_commands()[2])
    assert argv[0] == "iree-compile" and f"--iree-codegen-tuning-spec-path={out.relative_to(tmp)}/spec.mlir" in argv
    dump = tmp / "dump"
    subprocess.run([*argv, f"--iree-hal-dump-executable-files-to={dump}"], cwd=tmp, check=True,
                   capture_output=True, text=True, timeout=600)
    lm_head = next(dump.glob("configured_*dispatch_31.mlir")).read_text()
    assert "matmul_4x128256x4096" in lm_head and "VDMFMA_F32_8x16x64x2_F16" in lm_head
    assert isa_counts(dump) == (7 * 32, 1)  # every projection kernel VDMFMA; RoPE's outer product its 1 v_mfma


def test_compile_flags_reach_sweep_rows_and_a_tuned_librarys_flags_file(tmp_path):
    """`vdmfma compile` into one OUT without, then with --compile-flag: the row is recompiled (not kept from the
    other run) and its repro carries the flag; `vdmfma tune --compile-flag` writes it into the library's flags."""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}

    def vdmfma(*args: str) -> subprocess.CompletedProcess:
        return subprocess.run([sys.executable, "-m", "iree_vdmfma.cli", *args], capture_output=True, text=True,
                              env=env, timeout=600, cwd=tmp_path)

    shape = ("--m", "8", "--n", "256", "--k", "512", "--variants", "vdmfma", "--target", "gfx942", "--out", "c")
    assert vdmfma("compile", *shape).returncode == 0
    again = vdmfma("compile", *shape, f"--compile-flag={O3}")
    assert again.returncode == 0, again.stderr
    (row,) = read_results(tmp_path / "c" / "results.csv").rows
    assert O3 in row.repro and row.status == "ok" and row.smfmac > 0
    (tmp_path / "one.csv").write_text("name,m,n,k,dtype\none,8,256,512,f16\n")  # one shape: the flags file is one
    tuned = vdmfma("tune", "one.csv", "--target", "host", "--device", "none", "--max-candidates", "2",
                   f"--compile-flag={O3}", "--out", "t")
    assert tuned.returncode == 0, tuned.stderr
    assert O3 in (tmp_path / "t" / "specs" / "flags-host.txt").read_text().split()


def test_compile_flags_reach_every_row_of_sweep_and_coverage(tmp_path):
    """--compile-flag on the two other commands that compile: in each row's repro (so in its cache key, as
    CompileJob's test above shows)."""
    shapes = tmp_path / "one.csv"
    shapes.write_text("name,m,n,k,dtype\none,8,256,512,f16\n")
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    for args, out in ((["sweep", "--variants", "default,vdmfma", "--no-report"], "s"), (["coverage", "--no-plots"], "c")):
        done = subprocess.run([sys.executable, "-m", "iree_vdmfma.cli", args[0], str(shapes), *args[1:], "--target",
                               "gfx942", f"--compile-flag={O3}", "--out", out], capture_output=True, text=True,
                              env=env, timeout=600, cwd=tmp_path)
        assert done.returncode == 0, done.stderr
        rows = read_results(tmp_path / out / "results.csv").rows
        assert rows and all(O3 in r.repro.split() and r.status == "ok" for r in rows), rows


# A skinny GEMM beside an op that is no GEMM and that IREE 3.13's default cannot compile for gfx942 (OCP fp8: "F8E4M3FN
# types are not supported on gfx942"): the shape of the decode-attention crash issue 31 reports, which did not
# reproduce with the committed exports (examples/sharktank/README.md).
NOT_A_GEMM_FAILS = """// A skinny f16 GEMM beside an elementwise OCP-fp8 op that IREE 3.13 cannot compile for gfx942.
func.func @gemm(%x: tensor<8x512xf16>, %w: tensor<256x512xf16>) -> tensor<8x256xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<8x256xf32>
  %acc = linalg.fill ins(%zero : f32) outs(%e : tensor<8x256xf32>) -> tensor<8x256xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>], iterator_types = ["parallel", "parallel", "reduction"]} ins(%x, %w : tensor<8x512xf16>, tensor<256x512xf16>) outs(%acc : tensor<8x256xf32>) {
  ^bb0(%a: f16, %b: f16, %c: f32):
    %a32 = arith.extf %a : f16 to f32
    %b32 = arith.extf %b : f16 to f32
    %p = arith.mulf %a32, %b32 : f32
    %s = arith.addf %c, %p : f32
    linalg.yield %s : f32
  } -> tensor<8x256xf32>
  return %r : tensor<8x256xf32>
}
func.func @fp8(%a: tensor<8x64xf8E4M3FN>) -> tensor<8x64xf32> {
  %e = tensor.empty() : tensor<8x64xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%a : tensor<8x64xf8E4M3FN>) outs(%e : tensor<8x64xf32>) {
  ^bb0(%x: f8E4M3FN, %o: f32):
    %y = arith.extf %x : f8E4M3FN to f32
    linalg.yield %y : f32
  } -> tensor<8x64xf32>
  return %r : tensor<8x64xf32>
}
"""


def test_a_dispatch_that_is_no_gemm_and_fails_is_one_row_with_its_reproducer_and_the_gemm_is_still_proved(tmp_path):
    src = tmp_path / "two.mlir"
    src.write_text(NOT_A_GEMM_FAILS)
    proc = _cli(tmp_path, str(src), "--m", "8", "--target", "gfx942", "--out", str(tmp_path / "o"))
    assert proc.returncode == 0, proc.stderr  # the one skinny GEMM is applied: the crash is reported, not counted
    rows = read_dispatches(tmp_path / "o" / "dispatches.csv").rows
    gemm, crash = sorted(rows, key=lambda r: r.status)
    assert (gemm.status, gemm.op_form, gemm.m, gemm.n, gemm.k) == ("applied", "mmt", 8, 256, 512) and gemm.smfmac > 0
    assert "proved on its executable alone" in gemm.reason
    assert (crash.status, crash.op_form, crash.m) == ("compile-error", "elementwise", None)
    assert "F8E4M3FN types are not supported on gfx942" in crash.reason and "fp8$async_dispatch_0" in crash.dispatch
    assert "does not compile" in proc.stdout and "minimal reproducer" in proc.stdout
    table = [line for line in proc.stdout.splitlines() if "│" in line]  # the reproducer once, below it, not per row
    assert len(table) == 2 and not any("--iree-hal-target-device" in line for line in table), table
    assert all("(its iree-compile command: dispatches.csv)" in line for line in table), table
    repro = crash.reason.split("minimal reproducer: ")[1].rstrip(")")
    failed = subprocess.run(shlex.split(repro), capture_output=True, text=True)  # the reproducer reproduces
    assert failed.returncode != 0 and "F8E4M3FN types are not supported" in failed.stderr
    fixed = _cli(tmp_path, str(src), "--m", "8", "--target", "gfx942", "--out", str(tmp_path / "f"),
                 "--compile-flag=--iree-llvmgpu-enable-small-float-emulation")  # IREE's own advice, as a user flag
    assert fixed.returncode == 0, fixed.stderr
    assert [r.status for r in read_dispatches(tmp_path / "f" / "dispatches.csv").rows] == ["applied"]


def test_at_O3_a_tuned_librarys_gemv_configs_reach_every_m1_matvec_on_gfx942(tmp_path):
    """`vdmfma model --library` at M = 1, O3, gfx942: IREE folds each projection into a matvec and the library's
    codegen spec meets it there with the gemv config; the proof takes the config as the matvec form carries it (no
    M loop) and reads the ISA (no MMA). Before, a gemv entry crashed the proof on ROCm (its mma kind '' was passed
    as the config) and the matvec was judged by the unfolded config's 3-D tiles."""
    from iree_vdmfma.configs.library import Entry, Library, write_library
    from iree_vdmfma.devices.flags import compile_flags
    from iree_vdmfma.model.step import StepOptions, run_step

    gemv = {"split": 0, "mma": "gemv", "rows": 4, "kpart": 256, "ksub": 1, "vec": 16, "nsub": 1}
    lib = Library("gfx942", tuple(Entry(Problem(1, n, k), dict(gemv)) for n, k in PROJECTIONS))
    write_library(lib, tmp_path / "lib", compile_flags("gfx942"), "codegen")
    result = run_step(StepOptions(parse_source(str(DECODE).format(m=1)), (1,), "gfx942", "none", tmp_path / "out",
                                  library=tmp_path / "lib", cache_dir=default_cache_dir(), timeout_s=120,
                                  flags=(O3,)))
    rows = [r for r in result.dispatch_rows if r.variant == "tuned" and r.m is not None]
    assert {(r.n, r.k) for r in rows} == set(PROJECTIONS) and len(rows) == 7, rows
    for r in rows:
        assert (r.op_form, r.status, r.smfmac, r.mfma) == ("mv", Status.APPLIED.value, 0, 0), r
        assert "workgroup=[4, 0] partial_reduction=256" in r.reason, r  # the library's config, not IREE's [8, 0]



def test_at_O1_the_cuda_m1_route_reaches_every_projection_and_no_other_kernel_changes(tmp_path):
    """sharktank's bs 1 decode (every projection a torch matmul(A, transpose(W))) with a gemv library for sm_89 at
    O1, as benchmarks/m1_route_check.py runs it: IREE keeps the M = 1 projections as GEMMs, the preprocessing spec
    folds the unit dims of the whole program and sets the gemv configs. Every projection takes its config (a kernel
    of its own) and every other kernel (norms, RoPE, attention, the KV-cache writes) is the very kernel of IREE's
    default compile: the fold changes nothing else."""
    from iree_vdmfma.compiler.fingerprint import kernel_name

    check = load_script(ROOT / "benchmarks" / "m1_route_check.py")
    rows, digests = check.m1_route("sm_89", "O1", tmp_path)
    gemms = [r for r in rows if r.m is not None]
    assert {(r.n, r.k) for r in gemms} == set(PROJECTIONS) == set(check.PROJECTIONS) and len(gemms) == 8, rows
    assert all((r.op_form, r.status) == ("mmt", Status.APPLIED.value) for r in gemms), gemms
    default, tuned = digests["default"], digests["tuned"]
    projections = {kernel_name(r.dispatch) for r in gemms}  # PTX spells a kernel's $ as _
    assert set(default) == set(tuned) and projections <= set(default)  # the fold formed no other dispatch
    assert all(default[k] != tuned[k] for k in projections)
    others = set(default) - projections
    assert len(others) >= 10 and {k for k in others if default[k] != tuned[k]} == set()
    assert check.summary(rows, digests) == {"applied": 8, "gemms": 8, "statuses": ["applied"],
                                            "same_others": len(others), "others": len(others),
                                            "same_dispatches": True}
