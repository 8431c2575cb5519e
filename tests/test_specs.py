"""specs/: the shipped tuning specs are fresh (rebuilt in memory, no compiles) and one applies (real iree-compile)."""

from __future__ import annotations

import importlib.util
from pathlib import Path

from iree_vdmfma.compiler.driver import Compiler
from iree_vdmfma.backends.rocm.spec_proof import prove_spec
from iree_vdmfma.configs import decode_specs as decode
from iree_vdmfma.problems.problem import Problem

SPECS = Path(__file__).resolve().parents[1] / "specs"


def _regenerate():
    spec = importlib.util.spec_from_file_location("specs_regenerate", SPECS / "regenerate.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_every_shipped_spec_is_what_the_generator_writes_today(capsys):
    assert _regenerate().stale(SPECS) == []
    assert _regenerate().main(["--check"]) == 0  # and --check says so: success is never silent
    out = capsys.readouterr().out
    assert out.startswith("ok: the ") and out.rstrip().endswith("shipped specs in specs/ equal a fresh build")


def test_specs_match_separate_and_fused_projections_in_rank2_and_rank3_forms():
    keys = {c.key for c, _ in decode.entries("gfx942", "f16")}
    llama = decode.projections(decode.MODELS["llama3-8b"])
    for proj in ("q", "k", "gate", "qkv", "gate_up", "down", "lm_head"):
        n, k = llama[proj]
        for m in decode.M_VALUES:
            key = Problem(m=m, n=n, k=k, dtype="f16").key
            assert {key, f"{key}_bmm"} <= keys
        assert f"{Problem(m=1, n=n, k=k, dtype='f16').key}_mv" in keys  # O2/O3's M = 1 matvec
    assert llama["lm_head"] == (128256, 4096) and decode.projections(decode.MODELS["qwen2-7b"])["lm_head"] == (152064, 3584)


def test_a_shipped_spec_forces_vdmfma_on_a_decode_gemm(tmp_path):
    """Real iree-compile for gfx942 with specs/gfx942-f16.mlir as-is: v_smfmac, no dense v_mfma."""
    proof = prove_spec(SPECS / "gfx942-f16.mlir", "gfx942", decode.proof_samples("f16")[0], Compiler(tmp_path))
    assert proof.ok and proof.smfmac > 0 and proof.mfma == 0, proof
    assert proof.mma_kind.startswith("VDMFMA_")


def test_a_shipped_rdna_spec_forces_gemv_at_m4_and_wmma_at_m16(tmp_path):
    """RDNA has no sparse intrinsic: specs/gfx1100-f16.mlir as-is gives the no-MMA gemv kernel at M=4 (no v_wmma)
    and the padded WMMA kernel at M=16, proved from real gfx1100 ISA."""
    small, large = decode.proof_samples("f16")
    gemv = prove_spec(SPECS / "gfx1100-f16.mlir", "gfx1100", small, Compiler(tmp_path))
    assert gemv.ok and gemv.mma_kind == "" and gemv.wmma == 0, gemv
    wmma = prove_spec(SPECS / "gfx1100-f16.mlir", "gfx1100", large, Compiler(tmp_path))
    assert wmma.ok and wmma.mma_kind == "WMMAR3_F32_16x16x16_F16" and wmma.wmma > 0, wmma
