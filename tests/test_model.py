"""vdmfma model: a tiny Llama-like layer exported with iree-turbine, proved per dispatch (real compiles).

Needs the optional ``model`` extra (torch + iree-turbine); CI installs it. Kept to the tiny
layer at two M values, rank 2 and rank 3.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from iree_vdmfma.compiler.driver import CompileJob, Compiler, SpecTargetError
from iree_vdmfma.backends.rocm.evidence import parse_rocmasm
from iree_vdmfma.configs.annotate import annotate_text
from iree_vdmfma.devices.flags import compile_flags
from iree_vdmfma.model.model import ModelOptions, run_model
from iree_vdmfma.model.source import INPUT_FLAGS, parse_source
from iree_vdmfma.variants.registry import variant
from iree_vdmfma.problems.rows import Status

pytest.importorskip("iree.turbine.aot")
ROOT = Path(__file__).resolve().parents[1]
EXAMPLE = ROOT / "examples" / "llama_layer.py"


def _run(tmp: Path, func: str, ms: tuple[int, ...]):
    opts = ModelOptions(parse_source(f"{EXAMPLE}:{func}"), ms, "gfx942", variant("vdmfma"), tmp / "out",
                        cache_dir=tmp / "cache")
    return run_model(opts)


@pytest.fixture(scope="module")
def rank2(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("rank2")
    return tmp, _run(tmp, "build_tiny", (1,))


@pytest.fixture(scope="module")
def rank3(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("rank3")
    return tmp, _run(tmp, "build_tiny_rank3", (8,))


def _assert_all_applied(result, form):
    rows = result.rows
    assert len(rows) == 6, rows  # q, k(=v: one executable), o, gate, up, down
    for row in rows:
        assert row.op_form == form
        assert (row.status, row.reason) == (Status.APPLIED.value, "")
        assert row.smfmac > 0 and row.mfma == 0 and row.spills == 0
        assert row.spec_mma_kind == "VDMFMA_F32_8x16x64x2_F16"


def test_rank2_m1_every_gemm_dispatch_is_a_named_matmul_the_spec_applies_to_with_padding(rank2):
    _, result = rank2
    _assert_all_applied(result, "mmt")
    assert all(r.default_mma_kind == "" for r in result.rows)  # IREE's own M=1 choice has no MMA
    assert any("addf" in r.fused_consumers for r in result.rows)  # residual adds fuse and still match


def test_rank3_m8_batch_matmul_a_times_b_with_unit_batch_is_matched(rank3):
    tmp, result = rank3
    _assert_all_applied(result, "bmm")
    assert all(r.batch == 1 for r in result.rows)
    text = (tmp / "out" / "shapes.csv").read_text()
    assert "f16_8x512x256_bmm,8,512,256,1,f16" in text


def test_plain_iree_compile_with_the_spec_file_gives_the_same_isa(rank3, tmp_path):
    tmp, result = rank3
    dump = tmp_path / "dump"
    cmd = ["iree-compile", str(result.inputs[8]), "-o", str(tmp_path / "m.vmfb"), *INPUT_FLAGS,
           *compile_flags("gfx942"), f"--iree-codegen-tuning-spec-path={result.spec_path}",
           f"--iree-hal-dump-executable-files-to={dump}"]
    subprocess.run(cmd, check=True, capture_output=True)
    kernels = {k.name: k for p in dump.glob("*.rocmasm") for k in parse_rocmasm(p.read_text())}
    for row in result.rows:
        k = kernels[row.dispatch]
        assert (k.smfmac, k.mfma, k.vgpr) == (row.smfmac, row.mfma, row.vgpr)


def test_per_kernel_isa_counts_read_yaml_quoted_kernel_names_with_dollar(rank2):
    _, result = rank2
    assert all("$" in r.dispatch and r.smfmac > 0 for r in result.rows)


HORIZONTAL = """
#a = affine_map<(d0, d1, d2) -> (d0, d2)>
#b = affine_map<(d0, d1, d2) -> (d1, d2)>
#c = affine_map<(d0, d1, d2) -> (d0, d1)>
func.func @kv(%x: tensor<8x256xf16>, %k: tensor<128x256xf16>, %v: tensor<128x256xf16>,
              %o1: tensor<8x128xf32>, %o2: tensor<8x128xf32>) -> (tensor<8x128xf32>, tensor<8x128xf32>) {
  %0:2 = linalg.generic {indexing_maps = [#a, #b, #b, #c, #c],
                         iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%x, %k, %v : tensor<8x256xf16>, tensor<128x256xf16>, tensor<128x256xf16>)
      outs(%o1, %o2 : tensor<8x128xf32>, tensor<8x128xf32>) {
  ^bb0(%in: f16, %kk: f16, %vv: f16, %acc1: f32, %acc2: f32):
    %e = arith.extf %in : f16 to f32
    %ek = arith.extf %kk : f16 to f32
    %ev = arith.extf %vv : f16 to f32
    %m1 = arith.mulf %e, %ek : f32
    %m2 = arith.mulf %e, %ev : f32
    %s1 = arith.addf %acc1, %m1 : f32
    %s2 = arith.addf %acc2, %m2 : f32
    linalg.yield %s1, %s2 : f32, f32
  } -> (tensor<8x128xf32>, tensor<8x128xf32>)
  return %0#0, %0#1 : tensor<8x128xf32>, tensor<8x128xf32>
}
"""


def test_a_horizontal_multi_contraction_is_not_matched_with_its_reason():
    """What --iree-dispatch-creation-enable-fuse-horizontal-contractions makes (k+v in one op).

    The toolkit never passes that flag, so its compiles keep one contraction per dispatch.
    """
    from iree.compiler import ir

    from iree_vdmfma.configs.forms import classify

    with ir.Context():
        module = ir.Module.parse(HORIZONTAL)
        found = []
        module.operation.walk(lambda op: (found.append(classify(op)), ir.WalkResult.ADVANCE)[1])
    reasons = [why for c, why in found if why]
    assert len(reasons) == 1 and "horizontal multi-contraction (2 results)" in reasons[0]
    assert "--iree-dispatch-creation-enable-fuse-horizontal-contractions" in reasons[0]
    assert not any(c for c, _ in found)


def test_a_gfx_spec_is_never_handed_to_a_cpu_compile(tmp_path):
    job = CompileJob("cpu", "module {}", tuple(compile_flags("host")), spec="module {}")
    with Compiler(tmp_path / "cache") as compiler, pytest.raises(SpecTargetError, match="local"):
        compiler.compile(job)


MATMUL_AB = """
func.func @f(%a: tensor<8x256xf16>, %b: tensor<256x512xf16>, %c: tensor<8x512xf32>) -> tensor<8x512xf32> {
  %0 = linalg.matmul ins(%a, %b : tensor<8x256xf16>, tensor<256x512xf16>) outs(%c : tensor<8x512xf32>) -> tensor<8x512xf32>
  return %0 : tensor<8x512xf32>
}
func.func @g(%a: tensor<1x8x256xf16>, %b: tensor<1x256x512xf16>, %c: tensor<1x8x512xf32>) -> tensor<1x8x512xf32> {
  %0 = linalg.batch_matmul ins(%a, %b : tensor<1x8x256xf16>, tensor<1x256x512xf16>) outs(%c : tensor<1x8x512xf32>) -> tensor<1x8x512xf32>
  return %0 : tensor<1x8x512xf32>
}
"""


def test_annotate_handles_named_matmul_and_unit_batch_matmul():
    text, done = annotate_text(MATMUL_AB, lambda p: variant("vdmfma").config(p, "gfx942"))
    assert [(a.form, a.problem.key) for a in done] == [("mm", "f16_8x512x256"), ("bmm", "f16_8x512x256")]
    assert done[1].config.workgroup == (1, 8, 64, 0)  # unit batch loop prepended
    ops = [line for line in text.splitlines() if "linalg.matmul" in line or "linalg.batch_matmul" in line]
    assert len(ops) == 2 and all("compilation_info" in line for line in ops)


def test_cli_refuses_a_source_that_does_not_exist(tmp_path):
    proc = subprocess.run([sys.executable, "-m", "iree_vdmfma.cli", "model", str(tmp_path / "nope.py"),
                           "--out", str(tmp_path / "o")], capture_output=True, text=True)
    assert proc.returncode == 2 and "error:" in proc.stderr and "nope.py" in proc.stderr


def test_the_layer_run_on_cpu_through_iree_turbine_matches_torch(tmp_path):
    """docs/model-path.md's `python examples/llama_layer.py --tiny --m 4 --rank 3`, read from the page and run as
    written (tests/test_docs.py leaves it here): the layer through iree-turbine on the CPU against torch eager."""
    import shlex

    import docs_blocks

    [command] = [c.text for c in docs_blocks.block_after(ROOT / "docs" / "model-path.md", "## A model built in code")
                 if c.text.startswith("python examples/llama_layer.py")]
    assert shlex.split(command)[2:] == ["--tiny", "--m", "4", "--rank", "3"]
    sys.path.insert(0, str(EXAMPLE.parent))
    try:
        import llama_layer
    finally:
        sys.path.remove(str(EXAMPLE.parent))
    (tmp_path / "examples").symlink_to(EXAMPLE.parent)
    done = docs_blocks.run(command, tmp_path, docs_blocks.environment(tmp_path))
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-2000:]
    [line] = [line for line in done.stdout.splitlines() if line.startswith("numerics ")]  # the script's verdict
    assert line.startswith("numerics pass:") and line.endswith(f"shape (1, 4, {llama_layer.TINY.hidden})"), line


MATMUL_TRANSPOSED_A = """
func.func @f(%a: tensor<256x8xf16>, %b: tensor<256x512xf16>) -> tensor<8x512xf32> {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<8x512xf32>
  %c = linalg.fill ins(%z : f32) outs(%e : tensor<8x512xf32>) -> tensor<8x512xf32>
  %0 = linalg.generic {indexing_maps = [affine_map<(m, n, k) -> (k, m)>, affine_map<(m, n, k) -> (k, n)>,
                                        affine_map<(m, n, k) -> (m, n)>],
                       iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%a, %b : tensor<256x8xf16>, tensor<256x512xf16>) outs(%c : tensor<8x512xf32>) {
  ^bb0(%x: f16, %y: f16, %acc: f32):
    %xe = arith.extf %x : f16 to f32
    %ye = arith.extf %y : f16 to f32
    %p = arith.mulf %xe, %ye : f32
    %s = arith.addf %acc, %p : f32
    linalg.yield %s : f32
  } -> tensor<8x512xf32>
  return %0 : tensor<8x512xf32>
}
"""


def test_a_skinny_gemm_in_no_known_form_is_not_matched_and_the_command_exits_1(tmp_path):
    """A^T * B (A given K x M): IREE keeps it one 8x512x256 contraction dispatch, in a form no matcher has."""
    from typer.testing import CliRunner

    from iree_vdmfma.cli import app

    src = tmp_path / "mtm.mlir"
    src.write_text(MATMUL_TRANSPOSED_A)
    res = CliRunner().invoke(app, ["model", str(src), "--m", "8", "--target", "gfx942", "--out", str(tmp_path / "o")])
    assert res.exit_code == 1, res.output
    assert "1 skinny GEMM dispatch(es) not applied (not-matched)" in res.output
    from iree_vdmfma.model.model import read_dispatches

    (row,) = read_dispatches(tmp_path / "o" / "dispatches.csv").rows
    assert row.status == "not-matched" and "are no known form (mmt, mm, bmmt, bmm" in row.reason
    assert "8x512x256" in row.dispatch  # IREE's own name for the dispatch: skinny, M = 8


def test_the_example_layers_cpu_check_prints_its_tolerance_and_a_verdict():
    """examples/llama_layer.py's own check (``python examples/llama_layer.py --tiny``) says pass or fail under the
    tolerance `vdmfma model` applies, and prints that tolerance; checked here on torch's own outputs, no compile."""
    import torch

    sys.path.insert(0, str(EXAMPLE.parent))
    try:
        import llama_layer as ex
    finally:
        sys.path.remove(str(EXAMPLE.parent))
    layer, args = ex.make(1, ex.TINY, 2)
    with torch.no_grad():
        expected = layer(*args)
    passed, line = ex.verdict(expected.clone(), expected, layer, args)
    assert passed and line.startswith("numerics pass: max abs error vs torch eager 0, tolerance ")
    assert "per output: |iree - torch eager| <=" in line
    tol = float(line.split("tolerance ")[1].split(" ")[0])
    off = expected.clone()
    off[0, 0] += 4 * tol + 1  # one element well beyond the bound
    passed, line = ex.verdict(off, expected, layer, args)
    assert not passed and line.startswith("numerics fail:") and "1/" in line and "elements beyond" in line


def test_exporting_for_several_ms_never_prints_torchs_internal_pytree_futurewarning():
    """torch 2.13's export calls its own deprecated pytree API; the FutureWarning came once per M on the model
    console. Every export (one per M) now leaves it out, and a warning of anyone else's still shows."""
    import warnings

    import torch

    from iree_vdmfma.model.source import export_mlir, quiet_torch_internals

    with warnings.catch_warnings(record=True) as seen:
        warnings.simplefilter("always")
        for m in (1, 2):
            assert "func.func" in export_mlir(torch.nn.Linear(16, 8, bias=False), (torch.randn(m, 16),))
        with quiet_torch_internals():
            warnings.warn("a warning of the user's own", FutureWarning)
    said = [str(w.message) for w in seen if issubclass(w.category, FutureWarning)]
    assert said == ["a warning of the user's own"], said
