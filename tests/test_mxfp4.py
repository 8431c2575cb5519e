"""MXFP4 (seed 003): the scaled contraction, its exact reference, and what gfx950 compiles of it.

Real iree-compile throughout (small shapes, a handful of compiles); the CPU run is a real
local-task run of the llvm-cpu module.
"""

from __future__ import annotations

import subprocess
from pathlib import Path

import ml_dtypes
import numpy as np
import pytest

from iree_vdmfma.compiler.toolchain import tool
from iree_vdmfma.configs.scaled import scaled_config, scaled_intrinsics
from iree_vdmfma.coverage import grid as cov
from iree_vdmfma.devices.flags import compile_flags
from iree_vdmfma.problems import mxfp4
from iree_vdmfma.problems.inputs import input_ir
from iree_vdmfma.problems.problem import Problem
from iree_vdmfma.problems.rows import ResultRow
from iree_vdmfma.run.numerics import Checker, make_inputs
from iree_vdmfma.run.runner import compile_for_run, load_module, run_problem
from iree_vdmfma.sweep.sweep import Sweep, SweepOptions


def test_packing_round_trips_and_dequantization_is_exact():
    p = Problem(3, 5, 64, dtype="mxfp4")
    inp = make_inputs(p, seed=1)
    assert inp.a.dtype == ml_dtypes.float4_e2m1fn and inp.a_scale.shape == (3, 2)
    packed = mxfp4.pack(inp.a)
    assert packed.shape == (3, 2, 16) and packed.dtype == np.int8
    assert (mxfp4.unpack(packed).view(np.uint8) == inp.a.view(np.uint8)).all()
    # element 2i sits in the low nibble of byte i
    assert (packed.view(np.uint8)[0, 0, 0] & 0xF) == inp.a.view(np.uint8)[0, 0]
    deq = mxfp4.dequantize(inp.a, inp.a_scale)
    assert deq[0, 40] == float(inp.a[0, 40]) * 2.0 ** (int(inp.a_scale[0, 1]) - 127)
    assert set(np.unique(np.abs(inp.a.astype(np.float32)))) <= {0, 0.5, 1, 1.5, 2, 3, 4, 6}


def test_k_must_be_a_multiple_of_the_scale_block():
    with pytest.raises(ValueError, match="multiple of 32"):
        Problem(4, 64, 48, dtype="mxfp4")
    assert Problem(4, 64, 96, dtype="mxfp4").weight_bytes == 64 * (48 + 3)  # packed values + one scale a block


def test_scaled_mfma_catalog_comes_from_the_compilers_target():
    names = {i.name for i in scaled_intrinsics("gfx950") if i.lhs == "f4E2M1FN"}
    assert names == {"MFMA_SCALE_F32_16x16x128_B32", "MFMA_SCALE_F32_32x32x64_B32"}
    assert scaled_intrinsics("gfx942") == ()


def test_runs_on_local_task_with_exact_numerics_and_catches_a_wrong_nibble_order(tmp_path: Path):
    p = Problem(4, 64, 256, dtype="mxfp4")
    vmfb = compile_for_run(p, "host", tmp_path / "run", cache_dir=tmp_path / "cache")
    res = run_problem(vmfb, p, "local-task", module_target="host", reps=1, cache_mode="cold",
                      cache_bytes=2 * p.weight_bytes, workdir=tmp_path / "t")
    assert res.ok and res.numerics.checked == ["gemm", "gemm_loop", "gemm_cmdbuf"]
    assert res.numerics.max_abs_err == 0.0  # e2m1 x 2^e products and these sums are exact in f32
    assert res.latency.reps == 1 and res.plan.copies > 1
    chk = Checker(p)
    assert np.abs(chk.ref).max() > 0
    args = chk.inputs.gemm_args()
    x = args[2].view(np.uint8)
    args[2] = (((x & 0xF) << 4) | (x >> 4)).astype(np.uint8).view(np.int8)  # swap the nibbles of B
    got = load_module(vmfb, "local-task", "host").call("gemm", *args, elem="i8")
    assert not chk.check(got).passed


def test_gfx950_sweep_proves_each_variant_from_the_isa(tmp_path: Path):
    problems = [Problem(1, 256, 512, dtype="mxfp4", name="m1"), Problem(4, 256, 512, dtype="mxfp4", name="m4")]
    options = SweepOptions(target="gfx950", variants=("default", "scaled", "gemv", "vdmfma"), out_dir=tmp_path / "s",
                           cache_dir=tmp_path / "cache", workers=2)
    rows = {(r.name, r.variant): r for r in Sweep(problems, options).run()}
    scaled = rows["m4", "scaled"]
    assert scaled.status == "ok" and scaled.mma_kind == "MFMA_SCALE_F32_16x16x128_B32"
    assert scaled.mfma_scale > 0 and scaled.mfma == scaled.mfma_scale and scaled.spills == 0 and scaled.lds_bytes > 0
    gemv = rows["m4", "gemv"]
    assert gemv.status == "ok" and gemv.mma_kind == "" and gemv.mfma_scale == 0 and gemv.cvt_scale > 0
    assert gemv.workgroups == 4 * 256  # one output per workgroup
    assert rows["m1", "gemv"].status == "ok"  # the spec matched the folded (n, kb, k) op
    folded = rows["m1", "scaled"]
    assert folded.status == "compile-error" and "missing critical dimension" in folded.error
    assert rows["m4", "vdmfma"].status == "skipped" and "block-scaled" in rows["m4", "vdmfma"].reason
    assert rows["m4", "default"].status == "ok" and rows["m4", "default"].cvt_scale > 0
    spec = (tmp_path / "s" / "specs").glob("scaled-gfx950*.mlir")
    assert any("cast_compatible_dag_from_root" in f.read_text() for f in spec)


def test_scales_first_operand_order_cannot_take_a_scaled_mfma(tmp_path: Path):
    """Finding: ins (A, A_scales, B, B_scales) -- not IREE's (A, B, A_scales, B_scales) -- with a forced
    scaled_mma_layout fails in IREE 3.13; docs/mxfp4.md quotes this reproducer's error."""
    p = Problem(16, 64, 128, dtype="mxfp4")
    cfg = scaled_config(p, "gfx950")
    from iree.compiler import ir

    with ir.Context():
        info = str(cfg.compilation_info())
    text = input_ir(p)
    ours = "ins(%0, %2, %1, %3 : tensor<16x4x32xf4E2M1FN>, tensor<64x4x32xf4E2M1FN>, tensor<16x4xf8E8M0FNU>, " \
           "tensor<64x4xf8E8M0FNU>)"
    assert ours in text
    swapped = text.replace(ours, "ins(%0, %1, %2, %3 : tensor<16x4x32xf4E2M1FN>, tensor<16x4xf8E8M0FNU>, "
                                 "tensor<64x4x32xf4E2M1FN>, tensor<64x4xf8E8M0FNU>)")
    swapped = swapped.replace("#map1 = affine_map<(d0, d1, d2, d3) -> (d1, d2, d3)>\n#map2 = affine_map<(d0, d1, d2, "
                              "d3) -> (d0, d2)>", "#map1 = affine_map<(d0, d1, d2, d3) -> (d0, d2)>\n#map2 = affine_map<("
                              "d0, d1, d2, d3) -> (d1, d2, d3)>")
    swapped = swapped.replace("^bb0(%in: f4E2M1FN, %in_0: f4E2M1FN, %in_1: f8E8M0FNU, %in_2: f8E8M0FNU",
                              "^bb0(%in: f4E2M1FN, %in_1: f8E8M0FNU, %in_0: f4E2M1FN, %in_2: f8E8M0FNU")
    swapped = swapped.replace("outs(%5 : tensor<16x64xf32>)", f"outs(%5 : tensor<16x64xf32>) attrs = "
                              f"{{compilation_info = {info}}}")
    src = tmp_path / "scales_first.mlir"
    src.write_text(swapped)
    proc = subprocess.run([tool("iree-compile"), str(src), *compile_flags("gfx950"), "-o", str(tmp_path / "o.vmfb")],
                          capture_output=True, text=True)
    assert proc.returncode != 0, "IREE now compiles the scales-first form: update the finding in docs/mxfp4.md"
    assert "contraction like operation missing critical dimension" in proc.stderr


def _row(variant: str, **kw) -> ResultRow:
    base = dict(name="c", m=4, n=256, k=512, batch=1, dtype="mxfp4", target="gfx950", variant=variant, status="ok",
                spills=0, mfma=0, smfmac=0, mfma_scale=0)
    return ResultRow(**{**base, **kw})


def test_coverage_classifies_mx_cells_by_the_scaled_mfma():
    scaled = dict(mma_kind="MFMA_SCALE_F32_16x16x128_B32", mfma=12, mfma_scale=12)
    assert cov.classify(_row("default", **scaled), _row("scaled", **scaled)) == (cov.BY_DEFAULT, "")
    cls, reason = cov.classify(_row("default"), _row("scaled", **scaled))
    assert cls == cov.ONLY_WITH_SPEC and "no MMA" in reason
    no_isa = dict(scaled, mfma_scale=0)
    assert cov.classify(_row("default"), _row("scaled", **no_isa))[0] == cov.NOT_REACHABLE
    err = _row("scaled", m=1, status="compile-error", intended_mma_kind="MFMA_SCALE_F32_16x16x128_B32",
               error="x.mlir:27:8: error: contraction like operation missing critical dimension")
    cls, reason = cov.classify(_row("default", m=1), err)
    assert cls == cov.NOT_REACHABLE and reason.startswith("compiler error (M=1: IREE folds the unit M")
    assert cov.spec_variant("mxfp4") == "scaled" and cov.spec_variant("f16") == "vdmfma"
    cells = cov.grid("gfx950", ["mxfp4"], [4], edge_ms=[4])
    assert {c.case.name for c in cells} == {"k256", "k128", "n-odd", "batch4"}  # k-odd: K % 32 != 0
    assert cov.variants_for(cells) == ("default", "vdmfma", "scaled")



def test_tune_space_for_mx_offers_scaled_and_gemv_knobs_without_split():
    from iree_vdmfma.tune.space import reference, space

    kept, pruned = space(Problem(4, 256, 512, dtype="mxfp4"), "gfx950")
    mmas = {c.mma for c in kept}
    assert mmas == {"default", "scaled", "scaled32", "mxgemv"} and all(c.split == 0 for c in kept)
    assert {c.settings.get("mx_reduction") for c in kept if c.mma == "scaled"} == {2, 4, 8}
    assert reference(Problem(4, 256, 512, dtype="mxfp4"), "gfx950", "padded") is None
    _, pruned1 = space(Problem(1, 256, 512, dtype="mxfp4"), "gfx950")
    assert pruned1 and all("folds the unit M" in why for _, why in pruned1)


def test_tune_proves_mx_candidates_from_the_isa_and_models_them(tmp_path: Path):
    import csv

    from iree_vdmfma.tune.options import TuneOptions

    from iree_vdmfma.tune.tuner import Tuner

    (winner,) = Tuner([Problem(4, 256, 512, dtype="mxfp4")],
                      TuneOptions(target="gfx950", device="none", out_dir=tmp_path / "t", cache_dir=tmp_path / "c",
                                  max_candidates=3)).run()
    assert winner.basis == "modelled" and winner.candidates == 3
    rows = list(csv.DictReader((tmp_path / "t" / "candidates.csv").open()))
    proved = [r for r in rows if r["status"] == "modelled"]
    assert len(proved) == 3 and any(r["candidate"] != "split=0,mma=default" for r in proved)
