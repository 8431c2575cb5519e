"""Evidence from real gfx942 compiles (CPU-only: iree-compile targets ROCm without a GPU)."""

from __future__ import annotations

import math
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from iree_vdmfma.backends.rocm.evidence import (Evidence, check_applied, collect, mma_counts, occupancy, parse_rocmasm,
                                  waves_per_simd)
from iree_vdmfma.problems.inputs import input_ir
from iree_vdmfma.problems.problem import Problem
from iree_vdmfma.devices import compile_flags, target

VDMFMA_F16 = "VDMFMA_F32_8x16x64x2_F16"
MFMA_F16 = "MFMA_F32_16x16x16_F16"
SPLIT = ["--iree-dispatch-creation-enable-split-reduction"]


def _iree_compile() -> str:
    found = shutil.which("iree-compile")
    if found:
        return found
    from iree.compiler.tools.binaries import find_tool

    return find_tool("iree-compile")


def _write_input(tmp: Path, problem: Problem) -> Path:
    src = tmp / "in.mlir"
    src.write_text(input_ir(problem))
    return src


def compile_case(tmp: Path, problem: Problem, arch: str = "gfx942", extra: list[str] = ()) -> Evidence:
    src, dump = _write_input(tmp, problem), tmp / "dump"
    cmd = [_iree_compile(), str(src), "-o", str(tmp / "out.vmfb"), *compile_flags(arch),
           f"--iree-hal-dump-executable-files-to={dump}", *extra]
    proc = subprocess.run(cmd, capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stderr[-2000:]
    return collect(dump, problem, target(arch))


def iree_workgroup_counts(tmp: Path, problem: Problem, arch: str = "gfx942", extra: list[str] = ()) -> dict:
    """Workgroup counts IREE materializes in each export's count region (x*y*z)."""
    cmd = [_iree_compile(), str(_write_input(tmp, problem)), "--compile-to=executable-targets",
           *compile_flags(arch), *extra]
    proc = subprocess.run(cmd, capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stderr[-2000:]
    consts = dict(re.findall(r"(%c\d+) = arith\.constant (\d+) : index", proc.stdout))
    exports = re.findall(r"hal\.executable\.export public @(\w+).*?hal\.return (%\w+), (%\w+), (%\w+)",
                         proc.stdout, re.S)
    return {name: math.prod(int(consts[x]) for x in xyz) for name, *xyz in exports}


@pytest.fixture(scope="module")
def m8(tmp_path_factory) -> Evidence:
    return compile_case(tmp_path_factory.mktemp("m8"), Problem(8, 2304, 8192))


@pytest.fixture(scope="module")
def m16(tmp_path_factory) -> Evidence:
    return compile_case(tmp_path_factory.mktemp("m16"), Problem(16, 2304, 8192))


@pytest.fixture(scope="module")
def m1(tmp_path_factory) -> Evidence:
    return compile_case(tmp_path_factory.mktemp("m1"), Problem(1, 2304, 8192))


@pytest.fixture(scope="module")
def split(tmp_path_factory) -> Evidence:
    return compile_case(tmp_path_factory.mktemp("split"), Problem(8, 512, 16384), extra=SPLIT)


def test_default_m8_is_vdmfma(m8: Evidence) -> None:
    assert m8.missing == ""
    assert m8.mma_kind == VDMFMA_F16
    assert "virtual_mma_layout<VDMFMA_F32_8x16x64x2_F16>" in m8.lowering_config
    assert m8.pipeline == "TileAndFuse"
    assert m8.workgroup_tile == (8, 64, 0) and m8.reduction_tile == (0, 0, 4)
    assert (m8.workgroup_size, m8.subgroup_size) == (128, 64)
    assert (m8.smfmac, m8.mfma) == (32, 0)
    assert (m8.vgpr, m8.agpr, m8.lds_bytes, m8.spills, m8.scratch_bytes) == (204, 0, 37440, 0, 0)
    assert m8.sgpr and m8.sgpr > 0
    assert m8.dispatches == 1 and m8.split == 1
    assert m8.workgroups == 36 == 1 * math.ceil(8 / 8) * math.ceil(2304 / 64)
    assert check_applied(m8, VDMFMA_F16) == ""
    assert check_applied(m8, f"#iree_gpu.virtual_mma_layout<{VDMFMA_F16}>") == ""
    assert check_applied(m8, None) == ""
    assert set(m8.row_fields()) >= {"mma_kind", "smfmac", "vgpr", "workgroups", "waves_per_simd"}


def test_default_m8_occupancy_independent(m8: Evidence) -> None:
    t = target("gfx942")
    # VGPRs: 204 rounded to the granule of 8 = 208 of 512 -> 2 waves/SIMD.
    by_vgpr = 512 // (math.ceil(204 / 8) * 8)
    # LDS: one 37440 B workgroup per 64 KiB CU; its 2 waves land on 2 of 4 SIMDs -> 1 wave/SIMD.
    by_lds = math.ceil((65536 // 37440) * (128 // 64) / 4)
    assert (by_vgpr, by_lds) == (2, 1)
    assert m8.waves_per_simd == min(by_vgpr, by_lds, 8) == 1
    assert m8.occupancy_limit == "lds"
    assert waves_per_simd(204, 37440, 128, t) == 1
    # LLVM pads the descriptor's VGPR allocation up to the occupancy it expects (257 -> 264):
    # its implied occupancy must agree with the model.
    assert m8.vgpr_alloc == 264
    assert min(8, 512 // m8.vgpr_alloc) == m8.waves_per_simd


def test_default_m16_is_dense_mfma(m16: Evidence) -> None:
    assert m16.mma_kind == MFMA_F16
    assert m16.mfma > 0 and m16.smfmac == 0
    assert m16.workgroups == 36
    assert 1 <= m16.waves_per_simd <= 8
    assert min(8, 512 // m16.vgpr_alloc) == m16.waves_per_simd
    reason = check_applied(m16, VDMFMA_F16)
    assert reason.startswith("spec did not match") and MFMA_F16 in reason and VDMFMA_F16 in reason
    assert check_applied(m16, MFMA_F16) == ""


def test_m1_is_matvec(m1: Evidence) -> None:
    assert m1.missing == ""
    assert m1.mma_kind == ""
    assert "matvec" in m1.dispatch
    assert (m1.smfmac, m1.mfma) == (0, 0)
    assert m1.workgroups == math.ceil(2304 / m1.workgroup_tile[0])
    reason = check_applied(m1, VDMFMA_F16)
    assert "no contraction with an mma_kind" in reason and "matvec" in reason and "M=1" in reason
    # no LDS: VGPRs bound it (82 -> 88 -> 5 waves), matching LLVM's allocation.
    assert 1 <= m1.waves_per_simd <= 8
    assert m1.waves_per_simd == min(8, 512 // (math.ceil(m1.vgpr / 8) * 8))
    assert min(8, 512 // m1.vgpr_alloc) == m1.waves_per_simd


def test_split_reduction_picks_matmul_and_counts_split(split: Evidence, tmp_path: Path) -> None:
    problem = Problem(8, 512, 16384)
    assert split.dispatches == 2
    assert split.mma_kind == VDMFMA_F16 and "matmul" in split.dispatch
    assert split.split > 1
    assert split.smfmac > 0 and split.mfma == 0
    assert split.workgroups == split.split * math.ceil(512 / 64)
    # IREE's own count for the contraction dispatch (split-reduction modifier applied).
    assert iree_workgroup_counts(tmp_path, problem, extra=SPLIT)[split.dispatch] == split.workgroups
    assert check_applied(split, VDMFMA_F16) == ""


def test_missing_configured_ir(tmp_path: Path) -> None:
    ev = collect(tmp_path, Problem(8, 256, 1024), target("gfx942"))
    assert "configured_" in ev.missing
    assert check_applied(ev, VDMFMA_F16) == ev.missing
    assert check_applied(ev, None) == ev.missing
    assert "configured_" in collect(tmp_path / "absent", Problem(8, 256, 1024), target("gfx942")).missing


def test_missing_rocmasm(m8: Evidence, tmp_path: Path, tmp_path_factory) -> None:
    src = next(Path(tmp_path_factory.getbasetemp()).glob("m8*/dump/configured_*.mlir"))
    shutil.copy(src, tmp_path / src.name)
    ev = collect(tmp_path, m8.problem, target("gfx942"))
    assert ev.mma_kind == VDMFMA_F16  # the configured IR is still read
    assert ".rocmasm" in ev.missing and check_applied(ev, VDMFMA_F16) == ev.missing


def test_mma_counting_ignores_comments_and_symbols() -> None:
    asm = """\
\t.text
; v_mfma_f32_16x16x16_f16 in a comment
my_v_smfmac_kernel:
\tv_smfmac_f32_16x16x32_f16 v[0:3], v[4:5], v[6:9], v10
\tv_mfma_f32_16x16x16_f16 v[0:3], v[4:5], v[6:7], v[0:3]  ; v_mfma again
\t.set .Lv_mfma_sym.num_vgpr, 4
.Lfunc_end0:
\t.amdgpu_metadata
---
amdhsa.kernels:
  - .agpr_count:     0
    .args:
      - .offset:         0
        .size:           8
    .group_segment_fixed_size: 128
    .name:           my_v_smfmac_kernel
    .private_segment_fixed_size: 16
    .sgpr_count:     20
    .sgpr_spill_count: 1
    .vgpr_count:     11
    .vgpr_spill_count: 2
...
\t.end_amdgpu_metadata
"""
    assert mma_counts(asm) == (1, 1)
    (k,) = parse_rocmasm(asm)
    assert (k.name, k.vgpr, k.sgpr, k.lds_bytes, k.scratch_bytes) == ("my_v_smfmac_kernel", 11, 20, 128, 16)
    assert (k.vgpr_spills, k.sgpr_spills, k.smfmac, k.mfma) == (2, 1, 1, 1)


def test_occupancy_model_limits() -> None:
    t942, t950 = target("gfx942"), target("gfx950")
    assert occupancy(32, 0, 64, t942) == (8, "max")
    assert occupancy(512, 0, 256, t942) == (1, "vgpr")
    assert occupancy(100, 40000, 256, t942) == (1, "lds")  # one 40 KB workgroup per 64 KiB CU
    assert occupancy(100, 40000, 256, t950)[0] == 4  # 160 KiB: 4 workgroups of 4 waves over 4 SIMDs
    assert occupancy(8, 0, 1024, t942) == (8, "max")  # 16-wave workgroups: 2 per CU fill 8 waves/SIMD
    assert occupancy(8, 70000, 64, t942)[0] == 0  # does not fit in LDS at all
