"""A sweep that runs on a real IREE device: local-task (CPU), through the CLI."""

from pathlib import Path

import pandas as pd
from typer.testing import CliRunner

from conftest import ROOT
from iree_vdmfma.cli import app


def test_cpu_sweep_runs_default_for_host_and_skips_gpu_only_variants(tmp_path, cache_dir):
    shapes = tmp_path / "small.csv"
    lines = (ROOT / "sweeps" / "tiny-cpu.csv").read_text().splitlines()
    shapes.write_text("\n".join(l for l in lines if not l.startswith("tiny-bf16")) + "\n")
    out = tmp_path / "out"
    result = CliRunner().invoke(app, ["sweep", str(shapes), "--device", "local-task", "--out", str(out),
                                      "--variants", "default,vdmfma,padded",  # GPU-only ones asked for by name
                                      "--reps", "3", "--cache-dir", str(cache_dir)])
    assert result.exit_code == 0, result.output
    every = pd.read_csv(out / "results.csv")
    assert (every["target"] == "host").all() and set(every["variant"]) == {"default", "vdmfma", "padded"}
    gpu_only = every[every["variant"] != "default"]  # the CLI never renames variants: they are skipped
    assert (gpu_only["status"] == "skipped").all() and gpu_only["compile_s"].isna().all()
    assert gpu_only["reason"].str.contains("builds only for rocm targets").all()
    df = every[every["variant"] == "default"]
    assert len(df) == 4 * 2 and set(df["cache_mode"]) == {"hot", "cold"}
    assert (df["status"] == "ok").all() and (df["numerics"] == "pass").all()
    for col in ("latency_us_median", "latency_us_min", "latency_us_max", "latency_us_std", "gbps", "tflops"):
        assert df[col].notna().all(), col
    assert (df["latency_us_min"] <= df["latency_us_median"]).all()
    assert (df["latency_us_median"] <= df["latency_us_max"]).all()
    assert set(df["dtype"]) == {"f16", "f8E4M3FNUZ", "i8"}
    # provenance, as `vdmfma bench` rows have it: what ran it, with which versions, when
    for col in ("device_arch", "compiler_version", "runtime_version", "toolkit_version", "measured_at"):
        assert df[col].notna().all() and (df[col].astype(str) != "").all(), col
    assert (out / "report" / "report.md").exists()


def test_reps_0_checks_numerics_only_one_row_per_job_no_timing(tmp_path, cache_dir):
    shapes = tmp_path / "one.csv"
    shapes.write_text("name,m,n,k,dtype\nmy-tiny,8,128,256,f16\n")
    out = tmp_path / "out"
    result = CliRunner().invoke(app, ["sweep", str(shapes), "--device", "local-task", "--out", str(out),
                                      "--variants", "default", "--reps", "0", "--cache-dir", str(cache_dir)])
    assert result.exit_code == 0, result.output
    df = pd.read_csv(out / "results.csv", keep_default_na=False, na_values=[""])
    assert len(df) == 1 and df["cache_mode"].isna().all()  # no hot/cold timing rows
    assert df["status"].iloc[0] == "ok" and df["numerics"].iloc[0] == "pass"
    assert df["latency_us_median"].isna().all() and df["reps"].isna().all()
    assert (out / "results.csv").stat().st_mode & 0o777 == 0o644
    log = (out / "sweep.log").read_text()
    assert "[1/1] my-tiny (f16_8x128x256) default: ok" in log
    assert "my-tiny" in (out / "report" / "report.md").read_text()
