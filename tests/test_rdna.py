"""RDNA (Radeon gfx11/gfx12): targets IREE 3.13 takes, the WMMA padded baseline and gemv proved from the ISA,
vdmfma skipped with its reason, the RDNA occupancy model. Every compile is a real iree-compile (CPU only)."""

from __future__ import annotations

import pytest
from iree.compiler import ir
from iree.compiler.dialects import iree_gpu

import math
import os
import subprocess
import sys

from iree_vdmfma.backends import ROCM
from iree_vdmfma.backends.rocm import evidence, rdna
from iree_vdmfma.compiler.driver import CompileJob, Compiler
from iree_vdmfma.compiler.retry import compile_retrying
from iree_vdmfma.configs.catalog import executable_target_text, has_vdmfma, target_intrinsics
from iree_vdmfma.configs.spec import spec_text
from iree_vdmfma.devices.flags import compile_flags
from iree_vdmfma.devices.targets import TARGETS, target
from iree_vdmfma.problems.inputs import input_ir
from iree_vdmfma.problems.problem import Problem
from iree_vdmfma.problems.shapes import load_shape_list, write_shape_list
from iree_vdmfma.tune import state
from iree_vdmfma.sweep.sweep import SweepOptions, sweep
from iree_vdmfma.variants.gemv import gemv_variant_config

from conftest import ROOT, iree_compile
from iree_vdmfma.problems.rows import Status

RDNA = [a for a, t in TARGETS.items() if t.rdna]


def test_rdna_targets_are_the_ones_iree_3_13_takes_with_their_facts():
    assert RDNA == ["gfx1100", "gfx1101", "gfx1200", "gfx1201"]
    for arch in ("gfx1100", "gfx1201"):
        with ir.Context():
            info = iree_gpu.TargetInfo.get_gpu_target_info(ir.Attribute.parse(executable_target_text(arch)))
            assert info.max_workgroup_memory_bytes == target(arch).lds_bytes == 64 * 1024
            assert list(info.subgroup_size_choices) == list(target(arch).wave_sizes) == [32, 64]
    with pytest.raises(Exception):  # IREE 3.13: "Unknown ROCM target 'gfx1102'"
        executable_target_text("gfx1102")


def test_radeon_cards_are_matched_by_driver_name_and_unknown_peaks_stay_unknown():
    from iree_vdmfma.devices.targets import device_spec

    xtx, w7900 = device_spec("AMD Radeon RX 7900 XTX", "gfx1100"), device_spec("AMD Radeon PRO W7900", "gfx1100")
    assert (xtx.product, w7900.product) == ("RX 7900 XTX", "Radeon PRO W7900")  # one arch, two data sheets
    assert w7900.peak_hbm_gbps < xtx.peak_hbm_gbps and w7900.cache_bytes == xtx.cache_bytes
    assert device_spec("AMD Radeon RX 7900 XT", "") is None  # another SKU of the chip: no guessed peak
    assert device_spec("", "gfx1201").product == "RX 9070 XT"
    assert target("gfx1201").peak_tflops(2) != target("gfx1201").peak_tflops(2)  # NaN: not a data-sheet figure


def test_rdna_catalog_has_wmma_on_32_lanes_and_no_sparse_intrinsic():
    for arch, family in (("gfx1100", "WMMAR3_"), ("gfx1201", "WMMAR4_")):
        found = target_intrinsics(arch)
        assert found and all(i.name.startswith(family) and i.lanes == 32 and not i.virtual for i in found)
        assert {"f16", "bf16", "i8"} <= {i.lhs for i in found}
        assert not has_vdmfma(arch)
    assert has_vdmfma("gfx942") and all(i.lanes == 64 for i in target_intrinsics("gfx942"))
    for arch in ("gfx1100", "gfx1201"):  # the 32 lanes agree with the accumulator layout: 16x16 / 8 per lane
        with ir.Context():
            assert all(i.m * i.n // i.attr().abc_vector_types[2].shape[0] == 32 for i in target_intrinsics(arch))


@pytest.fixture(scope="module")
def seed_rows(tmp_path_factory, cache_dir):
    """One seed shape (8x2304x8192 f16) swept for gfx1100 and gfx1201 with default, padded, gemv, vdmfma."""
    shape = [p for p in load_shape_list(ROOT / "sweeps" / "seed-f16.csv") if p.key == "f16_8x2304x8192"]
    rows = []
    for arch in ("gfx1100", "gfx1201"):
        rows += sweep(shape, SweepOptions(target=arch, variants=("default", "padded", "gemv", "vdmfma"),
                                          out_dir=tmp_path_factory.mktemp(arch), cache_dir=cache_dir))
    return {(r.target, r.variant): r for r in rows}


@pytest.mark.parametrize("arch,kind", [("gfx1100", "WMMAR3_F32_16x16x16_F16"), ("gfx1201", "WMMAR4_F32_16x16x16_F16")])
def test_padded_is_wmma_with_m_padded_to_16_proved_from_the_isa(seed_rows, arch, kind):
    row = seed_rows[(arch, "padded")]
    assert row.status == "ok" and row.mma_kind == kind == row.intended_mma_kind
    assert row.wmma > 0 and row.smfmac == 0 and row.mfma == 0 and row.spills == 0 and row.agpr == 0
    assert row.workgroup_size == 64 and 0 < row.lds_bytes <= 64 * 1024  # two wave32 subgroups
    # occupancy by hand from the ISA's own metadata (.vgpr_count, .group_segment_fixed_size): wave32 has 1536
    # VGPRs a SIMD lane in granules of 24; a WGP's 2 x 64 KiB LDS holds whole workgroups of 2 waves over 4 SIMDs
    by_vgpr = 1536 // (math.ceil(row.vgpr / 24) * 24)
    by_lds = math.ceil((2 * 64 * 1024 // row.lds_bytes) * 2 / 4)
    assert row.waves_per_simd == min(16, by_vgpr, by_lds) > 0
    default = seed_rows[(arch, "default")]
    assert default.status == "ok" and default.mma_kind == kind and default.wmma > 0  # IREE pads M to 16 itself


@pytest.mark.parametrize("arch", ["gfx1100", "gfx1201"])
def test_gemv_on_rdna_is_wave32_with_no_wmma_in_the_isa(seed_rows, arch):
    row = seed_rows[(arch, "gemv")]
    assert row.status == "ok" and row.mma_kind == "" and row.wmma == 0 and row.spills == 0
    assert row.workgroup_size == 32 and row.workgroups == 2304 // 4


def test_an_rdna_report_names_the_wmma_evidence_its_backend_asks_for_not_smfmac(seed_rows, tmp_path):
    from iree_vdmfma.problems.rows import write_rows
    from iree_vdmfma.report.report import build_report

    write_rows([r for (arch, _), r in seed_rows.items() if arch == "gfx1100"], tmp_path / "results.csv")
    res = build_report(tmp_path / "results.csv", baseline="padded", out_dir=tmp_path / "rep", plots=False)
    [headline] = res.headline
    wmma = {v: seed_rows[("gfx1100", v)].wmma for v in ("default", "padded", "gemv")}
    assert wmma["default"] > 0 and wmma["padded"] > 0 and wmma["gemv"] == 0
    assert ("`default` 1/1 ok (1 with v_wmma), `gemv` 1/1 ok (0 with v_wmma), `padded` 1/1 ok (1 with v_wmma)"
            in headline), headline
    index = res.paths["index"].read_text()
    assert "smfmac" not in index and f"{wmma['padded']} v_wmma · " in index
    static = res.paths["report"].read_text().split("## Static comparison")[1]
    assert "| wmma |" in static and "smfmac" not in static.split("### gfx1100")[1].split("\n\n")[1]

    from rich.console import Console

    from iree_vdmfma.cli.core_cmds import _table

    console = Console(width=250, record=True)
    console.print(_table([r for (arch, _), r in seed_rows.items() if arch == "gfx1100"]))
    text = console.export_text().splitlines()
    header, padded = (next(line for line in text if word in line) for word in ("mma_kind", "padded"))
    assert "v_wmma" in header and "smfmac" not in header and "mfma" not in header.replace("mma_kind", "")
    assert f"│ {wmma['padded']} " in padded  # the console table shows the count under v_wmma


@pytest.mark.parametrize("arch", ["gfx1100", "gfx1201"])
def test_vdmfma_on_rdna_is_a_skipped_row_saying_why(seed_rows, arch):
    row = seed_rows[(arch, "vdmfma")]
    assert row.status == "skipped" and row.compile_s is None
    assert "no sparse (VDMFMA) intrinsic" in row.reason and arch in row.reason


def test_rdna_occupancy_follows_llvms_wave32_and_wave64_register_files():
    t = target("gfx1100")
    # VGPR-bound: 1536 per lane at wave32 in granules of 24 -> 161 VGPRs round to 168: 9 waves
    assert rdna.occupancy(161, 0, 32, t, 32) == (9, "vgpr")
    # wave64 holds two lanes' worth: 768 in granules of 12 -> 168: 4 waves
    assert rdna.occupancy(161, 0, 64, t, 64) == (4, "vgpr")
    # LDS-bound: 2 x 64 KB per WGP / 21120 B = 6 workgroups of 2 waves over 4 SIMDs -> 3 waves
    assert rdna.occupancy(169, 21120, 64, t, 32) == (3, "lds")
    assert rdna.occupancy(16, 0, 32, t, 32) == (16, "max")


def test_gemv_on_wave64_is_refused_by_iree_3_13_on_rdna(tmp_path):
    """TargetInfo offers subgroup sizes 32 and 64, but a 64-lane gemv does not compile: why there is no wave64 variant."""
    p = Problem(8, 256, 1024, dtype="f16")
    config = gemv_variant_config(p, "gfx1100", lanes=64)
    job = CompileJob("gemv-w64", input_ir(p), tuple(compile_flags("gfx1100")), spec_text([(p, config)]),
                     spec_honoured=ROCM.codegen_spec_honoured("gfx1100"))
    result = compile_retrying(Compiler(tmp_path), job)[0]
    assert not result.ok and "cluster size 64 is greater than subgroup size 32" in result.error


def test_modelled_gfx1100_tune_writes_a_library_plain_iree_compile_takes_with_its_flags_file(tmp_path):
    problem = Problem(8, 2304, 8192, name="f16_8x2304x8192")
    write_shape_list([problem], tmp_path / "one.csv")
    out = tmp_path / "tune"
    env = {**os.environ, "PYTHONPATH": str(ROOT), "VDMFMA_CACHE_DIR": str(tmp_path / "cache")}
    proc = subprocess.run([sys.executable, "-m", "iree_vdmfma.cli", "tune", str(tmp_path / "one.csv"), "--target",
                           "gfx1100", "--device", "none", "--out", str(out), "--max-candidates", "3", "-j", "2"],
                          env=env, cwd=ROOT, capture_output=True, text=True, timeout=600)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    rows = state.read_table(out / "candidates.csv", state.CandidateRow)
    proved = [r for r in rows if r.status == Status.MODELLED.value]
    assert {r.reference for r in proved} >= {"default", "padded"}
    assert all(r.wmma > 0 for r in proved if r.mma in ("default", "dense"))  # WMMA proved from the ISA
    assert not any("vdmfma" in r.candidate for r in rows)  # no sparse MFMA on RDNA: not in the space
    w = state.read_table(out / "winners.csv", state.WinnerRow)[0]
    assert w.basis == "modelled" and "MODELLED" in (out / "report" / "report.md").read_text()
    flags = (out / "specs" / "flags-gfx1100.txt").read_text().split()
    src = tmp_path / "user.mlir"
    src.write_text(input_ir(problem))
    dump = iree_compile(src, tmp_path / "plain", *flags)  # plain iree-compile with the flags file
    ev = evidence.collect(dump, problem, target("gfx1100"))
    assert ev.workgroups == w.workgroups and (ev.dispatches >= 2) == bool(w.split)
    assert (ev.wmma > 0) == (w.mma in ("default", "dense"))


def test_coverage_runs_on_gfx1100_and_says_every_cell_is_unreachable_and_what_the_default_chose(tmp_path):
    from iree_vdmfma.coverage.classes import NOT_REACHABLE, read_csv

    out = tmp_path / "cov"
    env = {**os.environ, "PYTHONPATH": str(ROOT), "VDMFMA_CACHE_DIR": str(tmp_path / "cache")}
    proc = subprocess.run([sys.executable, "-m", "iree_vdmfma.cli", "coverage", "--target", "gfx1100", "--dtype", "f16",
                           "--m", "8", "--cases", "k256", "--no-plots", "--out", str(out)],
                          env=env, cwd=ROOT, capture_output=True, text=True, timeout=600)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    [row] = read_csv(out / "coverage.csv")
    assert row.cls == NOT_REACHABLE and "no sparse (VDMFMA) intrinsic" in row.reason
    assert row.vdmfma_status == "skipped" and row.default_status == "ok"
    assert row.default_mma_kind == "WMMAR3_F32_16x16x16_F16" and row.default_wmma > 0 and row.default_spills == 0
    assert "WMMAR3_F32_16x16x16_F16 (v_wmma in the ISA): 1 cell(s)" in (out / "coverage.md").read_text()
    index = (out / "index.md").read_text()  # opens with the result: nothing reachable, and why
    assert index.split("## Result\n\n")[1].startswith(
        "**On gfx1100 no cell of 1 reaches VDMFMA: the target has no sparse intrinsic in IREE 3.13's catalog")
    assert "IREE's default compiled 1 of the 1 cells to WMMA (v_wmma in the ISA); what it chose, cell by cell, " \
           "in coverage.md." in index


def test_a_gemv_spec_that_m1_folding_bypasses_is_not_applied_not_a_result(tmp_path, cache_dir):
    """IREE's own M=1 kernel is no-MMA VectorDistribute too, so only the workgroup tile tells them apart."""
    rows = sweep([Problem(1, 256, 1024), Problem(4, 256, 1024)],
                 SweepOptions(target="gfx1100", variants=("gemv",), out_dir=tmp_path / "out", cache_dir=cache_dir))
    by_m = {r.m: r for r in rows}
    assert by_m[1].status == "not-applied" and "M=1 folded to a matvec" in by_m[1].reason
    assert by_m[4].status == "ok" and by_m[4].wmma == 0 and by_m[4].workgroups == 256 // 4


def test_the_rocm_backend_tunes_rdna_targets_with_its_wmma_knob_table_and_cdna_with_mfma():
    from iree_vdmfma.backends import backend_for

    p = Problem(4, 2304, 8192)
    rdna_knobs, cdna_knobs = ROCM.knobs("gfx1100"), ROCM.knobs("gfx942")
    assert backend_for("gfx1201") is ROCM and ROCM.knobs("gfx1201") is rdna_knobs
    assert rdna_knobs["mma"].values(p, "gfx1100") == ["default", "dense", "gemv"]  # no sparse MFMA on RDNA
    assert "vdmfma" in cdna_knobs["mma"].values(p, "gfx942") and "waves_per_eu" not in rdna_knobs
    assert rdna_knobs["reduction"].values(p, "gfx1100")[0] == 8  # IREE's K tile on gfx1100: 8 WMMAs of K = 16
