"""Dispatch dumps in (issue 33 item 2): `iree-compile --iree-hal-dump-executable-benchmarks-to` files of the
tiny example layer sweep, tune and map coverage like the equivalent shape list (rows and winners), with the
file named in each row; bad dumps are one error line and exit 2."""

from __future__ import annotations

import re

from pathlib import Path

import pytest
from typer.testing import CliRunner

from conftest import ROOT, run_iree_compile
from iree_vdmfma.cli import app
from iree_vdmfma.configs.dumps import read_dump
from iree_vdmfma.coverage.classes import read_csv
from iree_vdmfma.problems.rows import read_rows
from iree_vdmfma.tune import state

# The TINY layer's projections at M = 8 tokens (examples/llama_layer.py: hidden 256, 2 KV heads of 64, MLP 512).
EQUIVALENT = "name,m,n,k,dtype\nq_o,8,256,256,f16\nk_v,8,128,256,f16\ngate_up,8,512,256,f16\ndown,8,256,512,f16\n"
SAME = ("key", "variant", "target", "status", "mma_kind", "smfmac", "mfma", "vgpr", "lds_bytes", "spills",
        "workgroups", "kernel_fingerprint", "reason")


@pytest.fixture(scope="module")
def dump(tmp_path_factory) -> Path:
    """The tiny layer's dispatch benchmark files for gfx942, from plain iree-compile (as amdsharktuner takes them)."""
    out = tmp_path_factory.mktemp("tiny-dump")
    run_iree_compile(["iree-compile", str(ROOT / "examples" / "tiny_layer.mlir"), "--iree-input-type=torch",
                      "--iree-hal-target-device=hip", "--iree-rocm-target=gfx942", "-o", str(out / "tiny.vmfb"),
                      f"--iree-hal-dump-executable-benchmarks-to={out / 'bench'}"])
    return out / "bench"


@pytest.fixture(scope="module")
def shapes(tmp_path_factory) -> Path:
    path = tmp_path_factory.mktemp("shapes") / "tiny.csv"
    path.write_text(EQUIVALENT)
    return path


def _run(*args: str) -> str:
    res = CliRunner().invoke(app, list(args))
    assert res.exit_code == 0, res.output
    return res.output


def test_a_dump_reads_one_problem_per_distinct_contraction_named_after_its_first_files_dispatch(dump):
    found = read_dump(dump)
    assert sorted(p.key for p in found.problems) == ["f16_8x128x256", "f16_8x256x256", "f16_8x256x512", "f16_8x512x256"]
    # each named as IREE names its dispatch (stable, whole in a table), its files kept: main$async_dispatch_3 is
    # module_main$async_dispatch_3_rocm_hsaco_fb_benchmark.mlir
    assert all(re.fullmatch(r"main\$async_dispatch_\d+", p.name) for p in found.problems), found.problems
    assert all(found.files[p.key][0] == f"module_{p.name}_rocm_hsaco_fb_benchmark.mlir" for p in found.problems)
    assert all((dump / f).is_file() for files in found.files.values() for f in files)
    assert sorted(len(v) for v in found.files.values()) == [1, 1, 2, 2]  # q and o share a shape, gate and up too
    assert set(found.forms.values()) == {"mmt"} and found.without > 0  # norms, rope, attention: no contraction
    one = read_dump(dump / found.files[found.problems[0].key][0])  # one file is a dump too
    assert [p.key for p in one.problems] == [found.problems[0].key]


def test_a_dump_sweeps_to_the_rows_of_the_equivalent_shape_list(dump, shapes, tmp_path):
    for source, out in ((dump, "from-dump"), (shapes, "from-csv")):
        _run("sweep", str(source), "--target", "gfx942", "--device", "none", "--variants", "default,vdmfma,padded",
             "--no-report", "--out", str(tmp_path / out))
    from_dump, from_csv = (sorted(read_rows(tmp_path / o / "results.csv"), key=lambda r: (r.key, r.variant))
                           for o in ("from-dump", "from-csv"))
    assert len(from_dump) == 12 and all(r.status == "ok" for r in from_dump)
    assert [[getattr(r, c) for c in SAME] for r in from_dump] == [[getattr(r, c) for c in SAME] for r in from_csv]
    assert {r.name for r in from_dump} == {p.name for p in read_dump(dump).problems}  # the dispatch named in each row
    assert all(r.smfmac > 0 for r in from_dump if r.variant == "vdmfma")


def test_a_dump_tunes_to_the_winners_of_the_equivalent_shape_list(dump, shapes, tmp_path):
    for source, out in ((dump, "from-dump"), (shapes, "from-csv")):
        _run("tune", str(source), "--target", "host", "--device", "none", "--out", str(tmp_path / out))
    wins = [sorted(state.read_table(tmp_path / o / "winners.csv", state.WinnerRow), key=lambda w: w.key)
            for o in ("from-dump", "from-csv")]
    cands = [sorted(state.read_table(tmp_path / o / "candidates.csv", state.CandidateRow), key=lambda c: c.row_key)
             for o in ("from-dump", "from-csv")]
    assert len(wins[0]) == 4 and len(cands[0]) >= 8  # each shape: the default and its split chunks
    assert [(w.key, w.winner, w.verdict, w.basis) for w in wins[0]] == [(w.key, w.winner, w.verdict, w.basis)
                                                                         for w in wins[1]]
    assert [(c.row_key, c.status, c.kernel_fingerprint) for c in cands[0]] == \
        [(c.row_key, c.status, c.kernel_fingerprint) for c in cands[1]]
    assert all(c.kernel_fingerprint for c in cands[0])


def test_coverage_classifies_a_dumps_contractions(dump, tmp_path):
    found = read_dump(dump)
    first = found.problems[0]
    _run("coverage", str(dump / found.files[first.key][0]), "--target", "gfx942", "--no-plots", "--out", str(tmp_path / "cov"))
    (cell,) = read_csv(tmp_path / "cov" / "coverage.csv")
    assert (cell.m, cell.n, cell.k, cell.dtype) == (first.m, first.n, first.k, first.dtype)
    assert cell.cls == "vdmfma-by-default"  # IREE 3.13 picks VDMFMA itself for an f16 M = 8, K % 128 == 0 GEMM


@pytest.mark.parametrize("make, message", [
    (lambda d: d.mkdir(), "no dispatch files"),
    (lambda d: (d.mkdir(), (d / "x_benchmark.mlir").write_text("not mlir {")), "not a dispatch IREE parses"),
    (lambda d: (d.mkdir(), (d / "x_benchmark.mlir").write_text("module {}\n")), "no contraction in a known form"),
])
def test_a_bad_dump_is_one_error_line_and_exit_2(tmp_path, make, message):
    bad = tmp_path / "bad"
    make(bad)
    res = CliRunner().invoke(app, ["sweep", str(bad), "--target", "gfx942", "--device", "none",
                                   "--out", str(tmp_path / "out")])
    assert res.exit_code == 2, res.output
    errors = [line for line in res.output.splitlines() if line.startswith("error:")]
    assert len(errors) == 1 and message in errors[0] and str(bad) in errors[0], res.output
    assert not (tmp_path / "out" / "results.csv").exists()
