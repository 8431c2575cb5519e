"""Reports that say what they found (issue 23): the CPU tour's report compares what was built there,
skipped rows are one line and never plotted, a report with nothing to compare exits 1 with one line.

Result rows here are SYNTHETIC (hand-made ResultRow values), except the host sweep, which really compiles.
"""

from __future__ import annotations

import os
import subprocess
import sys

from typer.testing import CliRunner

from conftest import ROOT
from iree_vdmfma.cli import app
from iree_vdmfma.cli.core_cmds import _builds_on
from iree_vdmfma.problems.rows import ResultRow, write_rows
from iree_vdmfma.report.report import build_report

MED = {"default": 100.0, "splitk": 80.0}


def _host(variant: str, cache: str, key: str = "f16_8x256x1024", **kw) -> ResultRow:
    m, n, k = (int(x) for x in key.split("_")[1].split("x"))
    d = dict(name=key, m=m, n=n, k=k, batch=1, dtype="f16", target="host", variant=variant, key=key, cache_mode=cache,
             status="ok")
    if variant in MED:
        med = MED[variant]
        d.update(device="local-task", numerics="pass", reps=10, latency_us_median=med, latency_us_std=1.0,
                 latency_us_mad=0.5, latency_us_min=med - 1, latency_us_max=med + 2, gbps=1.0, tflops=0.01)
    else:
        d.update(status="skipped", reason=f"variant {variant} builds only for rocm targets; host is a cpu target")
    d.update(kw)
    return ResultRow(**d)


def test_a_host_report_compares_what_built_there_and_summarises_skipped_rows_in_one_line(tmp_path):
    keys = ("f16_8x256x1024", "f16_8x128x512")
    rows = [_host(v, c, key) for key in keys for v in ("default", "splitk", "vdmfma", "padded")
            for c in ("hot", "cold")]
    write_rows(rows, tmp_path / "cpu" / "results.csv")
    res = build_report(tmp_path / "cpu" / "results.csv", out_dir=tmp_path / "rep")
    assert res.baseline == "default" and res.compared == 4  # padded is only skipped rows: not the baseline
    index = res.paths["index"].read_text()
    assert "host, cold cache: geomean speedup over `default` — `splitk` 1.25x (2 of 2 a win)" in index
    assert ("8 row(s) skipped, not compared and not plotted (the variant does not build for the target): "
            "`padded` on host (2 shapes), `vdmfma` on host (2 shapes).") in index
    md = res.paths["report"].read_text()
    excluded = md.split("## Excluded rows")[1].split("## Plots")[0]
    assert "| skipped |" not in excluded and "None: no row failed" in excluded
    assert "| vdmfma |" not in md.split("## Excluded rows")[0] and "| padded |" not in md.split("## Excluded")[0]
    assert {p.stem for p in (tmp_path / "rep").glob("speedup_*.png")} == {"speedup_host_cold", "speedup_host_hot"}


def test_a_report_with_nothing_to_compare_exits_1_with_one_line_and_draws_no_speedup(tmp_path):
    rows = [_host(v, c) for v in ("default", "vdmfma", "padded") for c in ("hot", "cold")]
    write_rows(rows, tmp_path / "results.csv")
    r = CliRunner().invoke(app, ["report", str(tmp_path / "results.csv"), "--out", str(tmp_path / "rep")])
    assert r.exit_code == 1, r.output
    assert r.output.strip().splitlines()[-1].startswith("nothing to compare: no variant row could be compared "
                                                         "with the baseline default")
    assert "nan" not in r.output and not list((tmp_path / "rep").glob("speedup_*.png"))
    assert "Nothing to compare" in (tmp_path / "rep" / "index.md").read_text()


def test_on_host_the_default_variants_are_the_ones_that_build_there(tmp_path):
    assert _builds_on("host") == ["default", "splitk"] and "vdmfma" in _builds_on("gfx942")
    (tmp_path / "one.csv").write_text("m,n,k\n8,128,512\n")
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    done = subprocess.run([sys.executable, "-m", "iree_vdmfma.cli", "sweep", "one.csv", "--target", "host",
                           "--device", "none", "--out", "out", "-j", "2"], cwd=tmp_path, env=env,
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stdout + done.stderr
    header, *lines = (tmp_path / "out" / "results.csv").read_text().splitlines()
    cols = header.split(",")
    got = {(r[cols.index("variant")], r[cols.index("status")]) for r in (line.split(",") for line in lines)}
    assert got == {("default", "ok"), ("splitk", "ok")}


def test_a_variant_that_compiled_to_the_baselines_kernel_is_named_in_the_headline_and_never_the_fastest(tmp_path):
    # splitk (80 us) carries default's kernel fingerprint: its 1.25x is drift, not a speedup
    rows = [_host(v, c, kernel_fingerprint="abc123") for v in ("default", "splitk") for c in ("hot", "cold")]
    write_rows(rows, tmp_path / "results.csv")
    res = build_report(tmp_path / "results.csv", out_dir=tmp_path / "rep")
    index = res.paths["index"].read_text()
    assert "Nothing to compare" in index
    assert "`splitk` compiled to `default`'s own kernel on 1 of 1 shapes" in index
    pivot = index.split("## Shape x variant")[1]
    assert "same-kernel" in pivot and "| default (baseline) |" in pivot and "splitk (" not in pivot


def test_a_compile_only_headline_counts_the_scaled_mfma_for_mx_shapes_and_v_smfmac_for_the_others():
    """Issue 32 item 17: the MXFP4 report counted v_smfmac (which no MX shape has) instead of v_mfma_scale."""
    import pandas as pd

    from iree_vdmfma.report.headline import _static_sentence

    summary = pd.DataFrame([
        dict(key="mxfp4_8x256x1024", target="gfx950", variant="scaled", dtype="mxfp4", status="ok", smfmac=0,
             mfma=4, mfma_scale=4),
        dict(key="mxfp4_8x512x1024", target="gfx950", variant="scaled", dtype="mxfp4", status="ok", smfmac=0,
             mfma=8, mfma_scale=8),
        dict(key="f16_8x256x1024", target="gfx950", variant="scaled", dtype="f16", status="ok", smfmac=32,
             mfma=0, mfma_scale=0),
    ])
    said = _static_sentence(summary, "default", "compile-only for gfx950")
    assert "2 with v_mfma_scale" in said and "1 with v_smfmac" in said, said
