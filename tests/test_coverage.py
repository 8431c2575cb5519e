"""Tests for iree_vdmfma.report.coverage.

The classify unit tests use HAND-BUILT ResultRow values (synthetic, not measurements).
test_small_grid_real_compiles compiles for gfx942 for real (CPU only, ~10-20 s on 2 cores).
"""

from __future__ import annotations

from pathlib import Path

import matplotlib.image as mpimg
import pytest
from typer.testing import CliRunner

from iree_vdmfma.coverage import grid as cov
from iree_vdmfma.cli import app
from iree_vdmfma.problems.rows import ResultRow

BY, SPEC, NO = cov.BY_DEFAULT, cov.ONLY_WITH_SPEC, cov.NOT_REACHABLE


def _row(variant: str, status: str = "ok", m: int = 8, **kw) -> ResultRow:
    base = dict(name="t", m=m, n=2304, k=4096, batch=1, dtype="f16", target="gfx942", variant=variant,
                status=status, key=f"f16_{m}x2304x4096", mma_kind="", smfmac=0, mfma=0, vgpr=100, spills=0)
    base.update(kw)
    return ResultRow(**base)


VD = dict(mma_kind="VDMFMA_F32_8x16x64x2_F16", smfmac=32, mfma=0, intended_mma_kind="VDMFMA_F32_8x16x64x2_F16")
DENSE = dict(mma_kind="MFMA_F32_16x16x16_F16", smfmac=0, mfma=32)


def _first_paragraph(page: str) -> str:
    """The first paragraph of a page after its title and section headings."""
    paras = [p.strip() for p in page.split("\n\n") if p.strip() and not p.strip().startswith("#")]
    return paras[0]


# ---------------------------------------------------------------------------- pure


def test_classify_by_default():
    assert cov.classify(_row("default", **VD), _row("vdmfma", **VD)) == (BY, "")


def test_classify_by_default_needs_smfmac_and_no_spills():
    # VDMFMA configured but no v_smfmac in the ISA, or spilling: not "by default"
    cls, reason = cov.classify(_row("default", **{**VD, "smfmac": 0}), _row("vdmfma", **VD))
    assert cls == SPEC and "no v_smfmac" in reason
    cls, reason = cov.classify(_row("default", **{**VD, "spills": 4}), _row("vdmfma", **VD))
    assert cls == SPEC and "spills 4" in reason


def test_classify_only_with_spec_default_dense_and_crash():
    cls, reason = cov.classify(_row("default", **DENSE), _row("vdmfma", **VD))
    assert (cls, reason) == (SPEC, "default: MFMA_F32_16x16x16_F16 (smfmac=0 mfma=32)")
    crash = _row("default", status="compile-error", smfmac=None, mfma=None, spills=None, reason="iree-compile failed",
                 error="/tmp/x/dump/configured_m.mlir:21:8: error: Yield operand #0 is not equivalent")
    cls, reason = cov.classify(crash, _row("vdmfma", **VD))
    assert cls == SPEC and reason == "default: compile-error: error: Yield operand #0 is not equivalent"
    assert "/tmp" not in reason


def test_classify_not_reachable_reasons():
    d = _row("default", **DENSE)
    matvec = _row("vdmfma", status="not-applied", m=1,
                  reason="no contraction with an mma_kind in configured IR (IREE lowered it as a matvec; M=1 "
                         "folds the unit dim); intended VDMFMA_F32_8x16x64x2_F16")
    cls, reason = cov.classify(_row("default", m=1), matvec)
    assert cls == NO and reason.startswith("matvec form at M=1")
    spilled = _row("vdmfma", **{**VD, "spills": 23, "scratch_bytes": 96})
    assert cov.classify(d, spilled) == (NO, "spills: 23 spilled registers (96 B scratch)")
    mixed = _row("vdmfma", **{**VD, "mfma": 8})
    cls, reason = cov.classify(d, mixed)
    assert cls == NO and "dense v_mfma" in reason
    err = _row("vdmfma", status="compile-error", smfmac=None, mfma=None, spills=None,
               error="in.mlir:3:1: error: 'amdgpu.sparse_mfma' op no intrinsic matching sparse MFMA")
    assert cov.classify(d, err) == (NO, "compiler error: error: 'amdgpu.sparse_mfma' op no intrinsic matching "
                                        "sparse MFMA")
    na = _row("vdmfma", status="not-applied", reason="spec did not match: contraction configured with X")
    cls, reason = cov.classify(d, na)
    assert cls == NO and reason.startswith("not applied: spec did not match")
    assert cov.classify(d, _row("vdmfma", status="timeout", reason="compile timed out"))[0] == NO
    assert cov.classify(d, None) == (NO, "no vdmfma row (not compiled)")
    unknown_spills = _row("vdmfma", **{**VD, "spills": None})
    assert cov.classify(d, unknown_spills)[0] == NO
    # a default VDMFMA with spills and a failing spec: not reachable either
    assert cov.classify(_row("default", **{**VD, "spills": 2}), spilled)[0] == NO


def test_parse_m():
    assert cov.parse_m("1-4,8, 16") == [1, 2, 3, 4, 8, 16]
    assert cov.parse_m("1-32") == list(range(1, 33))
    for bad in ("", "0", "4-2", "x", "1-", "1,,2", "1,2,", ",1", "1, ,2"):
        with pytest.raises(ValueError):
            cov.parse_m(bad)


def test_default_dtypes_and_grid():
    assert cov.default_dtypes("gfx942") == ["f16", "bf16", "f8E4M3FNUZ", "f8E5M2FNUZ", "i8"]
    assert cov.default_dtypes("gfx950") == ["f16", "bf16", "f8E4M3FN", "f8E5M2", "i8", "mxfp4"]
    cells = cov.grid("gfx942")
    ms, edge = cov.parse_m(cov.DEFAULT_M), cov.parse_m(cov.DEFAULT_EDGE_M)
    assert len(cells) == 5 * (len(ms) + (len(cov.CASES) - 1) * len(edge))
    assert len(cov.grid("gfx942", ["f16"], [1, 2], full=True)) == 2 * len(cov.CASES)
    with pytest.raises(ValueError, match="no VDMFMA"):
        cov.grid("gfx942", ["f8E4M3FN"])
    case = {c.name: c for c in cov.CASES}
    assert case["k256"].k % 256 == 0
    assert case["k128"].k % 128 == 0 and case["k128"].k % 256
    assert case["k-odd"].k % 128
    assert case["n-odd"].n % 64
    assert case["batch4"].batch > 1


# ---------------------------------------------------------------------------- real compiles


def test_small_grid_real_compiles(tmp_path: Path):
    """gfx942 f16 M in {1, 8, 16} x {k256, k128} plus i8 M=8: real iree-compile, no mocking."""
    f16 = cov.grid("gfx942", ["f16"], [1, 8, 16], edge_ms=[8, 16], cases=cov.select_cases(["k256", "k128"]))
    i8 = [cov.Cell("i8", cov.CASES[0], 8)]
    options = cov.SweepOptions(target="gfx942", out_dir=tmp_path / "cov", cache_dir=tmp_path / "cache", workers=2)
    result = cov.run(f16 + i8, options)
    got = {(r.dtype, r.case, r.m): r for r in result.rows}
    assert len(got) == 6

    m1 = got["f16", "k256", 1]
    assert m1.cls == NO and m1.reason.startswith("matvec form at M=1") and m1.vdmfma_status == "not-applied"

    m8 = got["f16", "k256", 8]  # IREE's own selector: VDMFMA at M=8, K % 128 == 0
    assert m8.cls == BY and m8.default_mma_kind.startswith("VDMFMA") and m8.default_smfmac > 0
    assert m8.default_spills == 0

    k128 = got["f16", "k128", 8]  # the default fails (K % 256 == 128); the spec pads and works
    assert k128.cls == SPEC and k128.default_status == "compile-error" and k128.code == "S!"
    assert "Yield operand #0 is not equivalent" in k128.reason
    assert k128.vdmfma_smfmac > 0 and k128.vdmfma_mfma == 0 and k128.vdmfma_spills == 0

    for key in (("f16", "k256", 16), ("f16", "k128", 16), ("i8", "k256", 8)):
        r = got[key]  # the default pads to a dense 16x16 MFMA
        assert r.cls == SPEC, r
        assert r.default_mma_kind.startswith("MFMA_") and r.default_mfma > 0
        assert r.vdmfma_mma_kind.startswith("VDMFMA") and r.vdmfma_smfmac > 0 and r.vdmfma_mfma == 0
    assert got["i8", "k256", 8].vdmfma_mma_kind == "VDMFMA_I32_8x16x128x2_I8"

    out = tmp_path / "cov"
    assert [r.cls for r in cov.read_csv(out / "coverage.csv")] == [r.cls for r in result.rows]
    md = (out / "coverage.md").read_text()
    assert "| k128 (N=2304 K=4224) | . | S! | S |" in md and "matvec form at M=1" in md
    for dt in ("f16", "i8"):
        img = mpimg.imread(out / f"coverage-gfx942-{dt}.png")
        assert img.shape[0] > 200 and img.shape[1] > 400
    index = (out / "index.md").read_text()  # one page: what was (not) measured, links to every file
    assert "Nothing was measured" in index and "Nothing was modelled" in index
    first = _first_paragraph(index)  # the result before anything else, counted from the cells above
    n_by, n_spec = (sum(r.cls == c for r in result.rows) for c in (BY, SPEC))
    assert (n_by, n_spec) == (1, 4)
    assert first.startswith(f"**On gfx942, VDMFMA is generated (proved from the ISA, no spills) in {n_by + n_spec} "
                            f"of 6 cells: IREE's own selector reaches it in {n_by} (f16 at M=8), the toolkit's spec "
                            f"alone in {n_spec} more.**"), first
    assert "failed to compile in 1 (error: Yield operand #0 is not equivalent" in first
    assert "Not reachable: matvec form at M=1 in 1 cell(s) (M=1)" in first
    assert "every reason in coverage.md." in first  # coverage.md opens with the same result, the reasons below it
    assert _first_paragraph(md) == first.replace("every reason in coverage.md", "every reason below")
    for p in [*out.glob("*.png"), out / "coverage.md", out / "coverage.csv"]:
        assert f"]({p.name})" in index, p.name

    # the CLI over the same grid: everything comes from the finished sweep, nothing recompiles
    res = CliRunner().invoke(app, ["coverage", "--target", "gfx942", "--dtypes", "f16", "--m", "1,8,16",
                                   "--cases", "k256,k128", "--out", str(out), "--cache-dir", str(tmp_path / "cache"),
                                   "--no-plots"])
    assert res.exit_code == 0, res.output
    assert "0 jobs" in res.output


def test_cli_user_errors(tmp_path: Path):
    runner = CliRunner()
    res = runner.invoke(app, ["coverage", "--target", "gfx942", "--dtypes", "f8E4M3FN", "--out", str(tmp_path)])
    assert res.exit_code == 2 and "no VDMFMA" in res.output
    res = runner.invoke(app, ["coverage", "--m", "4-2", "--out", str(tmp_path)])
    assert res.exit_code == 2 and "bad M range" in res.output
    res = runner.invoke(app, ["coverage", "--cases", "nope", "--out", str(tmp_path)])
    assert res.exit_code == 2 and "unknown case" in res.output


def test_coverage_of_a_shape_list_keeps_the_users_names_for_its_cases():
    from iree_vdmfma.problems.shapes import load_shape_list

    root = Path(__file__).resolve().parents[1]
    cells = cov.cells_from_problems(load_shape_list(root / "sweeps" / "tiny-layer.csv"))
    assert [c.case.name for c in cells] == ["tiny_q_o", "tiny_k_v", "tiny_gate_up", "tiny_down"]
    from iree_vdmfma.problems.problem import Problem

    (unnamed,) = cov.cells_from_problems([Problem(8, 256, 512)])  # no name given: named by its N and K
    assert unnamed.case.name == "n256-k512"
