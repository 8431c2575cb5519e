"""Done-when checks of the core, by compiling for real for gfx942."""

from pathlib import Path

import pytest
from typer.testing import CliRunner

from conftest import ROOT, iree_compile, isa_counts
from iree_vdmfma.configs.annotate import annotate_text
from iree_vdmfma.cli import app
from iree_vdmfma.problems.problem import Problem
from iree_vdmfma.problems.rows import read_rows
from iree_vdmfma.problems.shapes import load_shape_list
from iree_vdmfma.configs.spec import build_spec
from iree_vdmfma.sweep.sweep import SweepOptions, sweep
from iree_vdmfma.variants import variant

GFX942 = ("--iree-hal-target-device=hip", "--iree-rocm-target=gfx942")

# Written by hand, not by the toolkit: other names, a named function, a trailing op.
HAND_WRITTEN = """
func.func @decode_step(%x: tensor<8x8192xf16>, %w: tensor<2304x8192xf16>) -> tensor<8x2304xf32> {
  %zero = arith.constant 0.0 : f32
  %init = tensor.empty() : tensor<8x2304xf32>
  %acc = linalg.fill ins(%zero : f32) outs(%init : tensor<8x2304xf32>) -> tensor<8x2304xf32>
  %y = linalg.generic {
      indexing_maps = [affine_map<(i, j, r) -> (i, r)>, affine_map<(i, j, r) -> (j, r)>,
                       affine_map<(i, j, r) -> (i, j)>],
      iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%x, %w : tensor<8x8192xf16>, tensor<2304x8192xf16>) outs(%acc : tensor<8x2304xf32>) {
  ^bb0(%a: f16, %b: f16, %c: f32):
    %a32 = arith.extf %a : f16 to f32
    %b32 = arith.extf %b : f16 to f32
    %p = arith.mulf %a32, %b32 : f32
    %s = arith.addf %c, %p : f32
    linalg.yield %s : f32
  } -> tensor<8x2304xf32>
  return %y : tensor<8x2304xf32>
}
"""


@pytest.fixture(scope="module")
def seed_rows(cache_dir, tmp_path_factory):
    out = tmp_path_factory.mktemp("seed")
    problems = load_shape_list(ROOT / "sweeps" / "seed-f16.csv")
    sweep(problems, SweepOptions(target="gfx942", out_dir=out, cache_dir=cache_dir))
    return read_rows(out / "results.csv"), out


def test_seed_sweep_all_ok_with_isa_proof(seed_rows):
    rows, out = seed_rows
    assert len(rows) == 18 and all(r.status == "ok" for r in rows), [(r.key, r.variant, r.status) for r in rows]
    for r in rows:
        if r.variant == "vdmfma":
            assert r.smfmac > 0 and r.mfma == 0 and r.mma_kind == "VDMFMA_F32_8x16x64x2_F16"
        if r.variant == "padded":
            assert r.mfma > 0 and r.smfmac == 0 and r.mma_kind == "MFMA_F32_16x16x16_F16"
        # The row's counts are the ISA's: recount from the artifacts the user sees.
        assert isa_counts(Path(r.artifacts) / "dump") == (r.smfmac, r.mfma)
        assert r.vgpr > 0 and r.lds_bytes > 0 and r.spills == 0 and r.workgroups > 0


def test_the_seed_sweeps_findings_say_vdmfma_is_iree_defaults_kernel_and_what_padded_changes(seed_rows):
    from iree_vdmfma.sweep.findings import findings

    rows, _ = seed_rows
    default, vdmfma, padded = findings(rows, ["default", "vdmfma", "padded"])
    assert default == "  default: IREE's own choice on 6 of 6 shapes"
    # IREE 3.13 already picks VDMFMA at M = 8 on these shapes: one kernel fingerprint, said so
    assert vdmfma == "  vdmfma: applied on 6 of 6 shapes; same kernel as IREE's default on 6 (it changes nothing there)"
    assert padded.startswith("  padded: applied on 6 of 6 shapes; another kernel on 6: smfmac 32->0, mfma 0->32 (")


def test_seed_sweep_writes_a_spec_per_injecting_variant(seed_rows):
    _, out = seed_rows
    assert sorted(p.name for p in (out / "specs").iterdir()) == ["padded-gfx942.mlir", "vdmfma-gfx942.mlir"]


def test_spec_changes_what_plain_iree_compile_emits_for_hand_written_ir(tmp_path):
    src = tmp_path / "hand.mlir"
    src.write_text(HAND_WRITTEN)
    spec = tmp_path / "padded.mlir"
    result = CliRunner().invoke(app, ["spec", str(ROOT / "sweeps" / "seed-f16.csv"), "--variant", "padded",
                                      "--target", "gfx942", "-o", str(spec)])
    assert result.exit_code == 0, result.output
    default = isa_counts(iree_compile(src, tmp_path / "default", *GFX942))
    injected = isa_counts(iree_compile(src, tmp_path / "spec", *GFX942, f"--iree-codegen-tuning-spec-path={spec}"))
    assert default[0] > 0 and default[1] == 0  # IREE's default: VDMFMA for this shape
    assert injected[0] == 0 and injected[1] > 0  # the spec forced the padded dense MFMA


def _instructions(dump: Path) -> list[str]:
    text = "".join(p.read_text() for p in sorted(dump.glob("*.rocmasm")))
    return [l.strip() for l in text.splitlines() if l.startswith("\t") and not l.strip().startswith((".", ";"))]


@pytest.mark.parametrize("name,problem", [("vdmfma", Problem(8, 256, 2048, dtype="i8")),
                                          ("padded", Problem(8, 2304, 8192))])
def test_attribute_route_gives_the_same_isa_as_spec_route(tmp_path, name, problem):
    from iree_vdmfma.problems.inputs import input_ir

    config = variant(name).config(problem, "gfx942")
    src = tmp_path / "in.mlir"
    src.write_text(input_ir(problem))
    spec = tmp_path / "spec.mlir"
    spec.write_text(str(build_spec([(problem, config)])))
    annotated, done = annotate_text(input_ir(problem), lambda p: variant(name).config(p, "gfx942"))
    assert [a.problem.key for a in done] == [problem.key]
    ann = tmp_path / "annotated.mlir"
    ann.write_text(annotated)
    by_spec = _instructions(iree_compile(src, tmp_path / "s", *GFX942, f"--iree-codegen-tuning-spec-path={spec}"))
    by_attr = _instructions(iree_compile(ann, tmp_path / "a", *GFX942))
    assert by_spec == by_attr and len(by_spec) > 100
    assert isa_counts(tmp_path / "a" / "dump")[0 if name == "vdmfma" else 1] > 0


def test_annotate_cli_refuses_module_without_contraction(tmp_path):
    src = tmp_path / "none.mlir"
    src.write_text("func.func @f(%a: tensor<4xf32>) -> tensor<4xf32> {\n  return %a : tensor<4xf32>\n}\n")
    result = CliRunner().invoke(app, ["annotate", str(src), "-o", str(tmp_path / "o.mlir")])
    assert result.exit_code == 2 and "no contraction (linalg.matmul, batch_matmul or generic" in result.output


@pytest.fixture(scope="module")
def reach_rows(cache_dir, tmp_path_factory):
    out = tmp_path_factory.mktemp("reach")
    problems = load_shape_list(ROOT / "sweeps" / "reach-gfx942.csv")
    rows = sweep(problems, SweepOptions(target="gfx942", variants=("default", "vdmfma"), out_dir=out,
                                        cache_dir=cache_dir))
    return {(r.name, r.variant): r for r in rows}


@pytest.mark.parametrize("name", ["fp8-m8", "i8-m8", "f16-m16", "f16-m32"])
def test_vdmfma_reaches_what_default_does_not(reach_rows, name):
    default, forced = reach_rows[(name, "default")], reach_rows[(name, "vdmfma")]
    assert default.status == "ok" and default.smfmac == 0 and not default.mma_kind.startswith("VDMFMA")
    assert forced.status == "ok" and forced.smfmac > 0 and forced.mfma == 0 and forced.spills == 0
    assert forced.mma_kind == forced.intended_mma_kind


def test_k16000_default_fails_vdmfma_with_padding_compiles(reach_rows):
    assert reach_rows[("f16-k16000", "default")].status == "compile-error"
    assert "Yield operand" in reach_rows[("f16-k16000", "default")].error
    assert reach_rows[("f16-k16000", "vdmfma")].status == "ok"
    assert "iree-compile" in reach_rows[("f16-k16000", "default")].repro


def test_m1_is_reported_not_applied_with_reason(reach_rows):
    row = reach_rows[("f16-m1", "vdmfma")]
    assert row.status == "not-applied" and row.smfmac == 0
    assert "matvec" in row.reason
