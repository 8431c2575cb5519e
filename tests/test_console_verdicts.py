"""One verdict for every console and table (report/verdict.py ``verdict_of``): two rows of one kernel_fingerprint are
never a win or a loss in `vdmfma report`, `vdmfma compare`, `vdmfma model` or their consoles, and each takes the
device's A/A-calibrated floor. Real compiles and runs where a module is involved; result rows as a sweep writes them."""

from __future__ import annotations

import csv
from pathlib import Path

import pytest
from typer.testing import CliRunner

from iree_vdmfma.cli import app
from iree_vdmfma.problems.problem import Problem
from iree_vdmfma.problems.rows import row_for, write_rows

ROOT = Path(__file__).resolve().parents[1]
P = Problem(8, 256, 1024, name="p")


def _run(path: Path, latencies: dict[str, float], fingerprints: dict[str, str], device_name: str = "a CPU") -> Path:
    """A measured results.csv: one cold row per variant, 10 repetitions with no spread."""
    write_rows([row_for(P, "host", v, "ok", cache_mode="cold", device="local-task", device_name=device_name, reps=10,
                        latency_us_median=us, latency_us_mad=0.0, numerics="pass", kernel_fingerprint=fingerprints[v])
                for v, us in latencies.items()], path)
    return path


def test_compare_of_two_runs_of_one_kernel_is_same_kernel_never_a_win_or_a_loss(tmp_path):
    a = _run(tmp_path / "a.csv", {"default": 100.0, "splitk": 100.0}, {"default": "f" * 16, "splitk": "e" * 16})
    b = _run(tmp_path / "b.csv", {"default": 34.0, "splitk": 332.0}, {"default": "f" * 16, "splitk": "e" * 16})
    res = CliRunner().invoke(app, ["compare", str(a), str(b), "--out", str(tmp_path / "cmp"), "--no-plots"])
    assert res.exit_code == 1, res.output  # nothing compared: every row is one kernel in both runs
    said = " ".join(res.output.split())
    assert "2 are one kernel in both runs (same-kernel: a difference is drift)" in said and "win" not in said
    rows = list(csv.DictReader((tmp_path / "cmp" / "compare.csv").open()))
    assert {r["verdict"] for r in rows} == {"same-kernel"}
    assert {(r["kernel_fingerprint_a"], r["kernel_fingerprint_b"]) for r in rows} == {("f" * 16,) * 2, ("e" * 16,) * 2}
    groups = list(csv.DictReader((tmp_path / "cmp" / "compare_groups.csv").open()))
    assert all(g["n_compared"] == "0" and g["same_kernel"] != "0" and g["geomean_ratio_b_over_a"] == "" for g in groups)


def test_compare_takes_the_devices_calibrated_floor_as_the_report_does(tmp_path, monkeypatch):
    from iree_vdmfma.run.calibration import CalibrationRow, write_calibration

    write_calibration([CalibrationRow("local-task", "a CPU", "same-module", "f16_8x128x512", "hot", 24, 6, 0.95, 0.1,
                                      0.1, 0.0, 0.0, 0.1, 1.0, True, "one-process", "2026-01-01T00:00:00Z")],
                      tmp_path / "calibration.csv")
    a = _run(tmp_path / "a.csv", {"default": 100.0}, {"default": "a" * 16})
    b = _run(tmp_path / "b.csv", {"default": 95.0}, {"default": "b" * 16})  # 5% faster, another kernel
    for calibrated, verdict in ((False, "win"), (True, "within-noise")):
        if calibrated:
            monkeypatch.setenv("VDMFMA_CALIBRATION", str(tmp_path / "calibration.csv"))
        out = tmp_path / f"cmp-{calibrated}"
        res = CliRunner().invoke(app, ["compare", str(a), str(b), "--out", str(out), "--no-plots"])
        assert res.exit_code == 0, res.output
        (row,) = csv.DictReader((out / "compare.csv").open())
        assert row["verdict"] == verdict
        assert ("noise floor 10.00%: the A/A-calibrated threshold of a CPU" in " ".join(res.output.split())) == calibrated


def test_a_report_whose_every_comparison_is_same_kernel_has_nothing_to_compare_and_exits_1(tmp_path):
    results = _run(tmp_path / "r.csv", {"default": 100.0, "splitk": 90.0}, {"default": "c" * 16, "splitk": "c" * 16})
    res = CliRunner().invoke(app, ["report", str(results), "--out", str(tmp_path / "rep"), "--no-plots"])
    assert res.exit_code == 1, res.output
    said = " ".join(res.output.split())
    assert "nan" not in said and "1 same-kernel (the baseline's own kernel: not compared)" in said
    assert "1 row(s) are the baseline's own kernel, same-kernel" in said
    (g,) = [g for g in csv.DictReader((tmp_path / "rep" / "groups.csv").open()) if g["group_by"] == "all"]
    assert (g["n_compared"], g["same_kernel"], g["geomean_speedup"]) == ("0", "1", "")


def test_a_model_library_that_changes_nothing_is_same_kernel_on_the_console_and_in_the_report(tmp_path):
    pytest.importorskip("iree.turbine.aot")
    from iree_vdmfma.backends import CPU
    from iree_vdmfma.configs.library import Entry, Library, write_library
    from iree_vdmfma.devices.flags import compile_flags
    from iree_vdmfma.model.report import read_model_csv
    from iree_vdmfma.model.forward_rows import ModelRow

    # split=0: the library keeps IREE's default for the model's down projection: its module is the default's code
    write_library(Library("host", (Entry(Problem(m=1, n=256, k=512), {"split": 0}),)), tmp_path / "lib",
                  compile_flags("host"), CPU.spec_route)
    res = CliRunner().invoke(app, ["model", f"{ROOT / 'examples' / 'llama_layer.py'}:build_tiny", "--m", "1",
                                   "--library", str(tmp_path / "lib"), "--target", "host", "--device", "local-task",
                                   "--rounds", "6", "--calls", "1", "--cache-mode", "hot", "--no-torch-compile",
                                   "--out", str(tmp_path / "out")])
    assert res.exit_code == 0, res.output
    tuned = next(r for r in read_model_csv(tmp_path / "out" / "model.csv", ModelRow).rows if r.variant == "tuned")
    assert tuned.rounds == 6 and tuned.verdict == "same-kernel" and "IREE's default" in tuned.note
    line = next(line for line in res.output.splitlines() if line.startswith("M=1 tuned/hot:"))
    assert line.endswith(f"{tuned.speedup_vs_default:.3f}x [{tuned.speedup_lo:.3f}, {tuned.speedup_hi:.3f}] vs "
                         "default: same-kernel"), line  # the interval and the verdict the report gives
    opening = (tmp_path / "out" / "report" / "index.md").read_text().splitlines()[2]
    assert opening.startswith("**Result**") and "] same-kernel" in opening and "] win" not in opening


def test_the_model_latency_plot_has_a_log_axis_and_the_share_section_shows_only_measured_shares():
    from iree_vdmfma.model.report import latency_figure, share_lines
    from iree_vdmfma.model.forward_rows import ModelRow

    rows = [ModelRow(m, "default", "ok", cache_mode="hot", device="local-task", latency_us_median=us,
                     latency_us_lo=us * 0.9, latency_us_hi=us * hi) for m, us, hi in ((1, 300.0, 1.1), (4, 320.0, 130))]
    ax = latency_figure(rows).axes[0]  # one 41,600 us whisker
    assert ax.get_yscale() == "log"
    assert share_lines(rows)[0].startswith("Not measured") and "%" not in "".join(share_lines(rows))
    rows[1].skinny_share = 0.4321
    lines = share_lines(rows)
    assert lines[0].startswith("MEASURED by IREE's own dispatch statistics") and lines[-1] == "| 4 | default | 43.2% |"


def test_the_pivot_legend_says_what_host_cells_show_and_why_best_skips_a_same_kernel_row(tmp_path):
    results = _run(tmp_path / "r.csv", {"default": 80.3, "splitk": 79.9, "torch": 151.0},
                   {"default": "d" * 16, "splitk": "d" * 16, "torch": ""})
    res = CliRunner().invoke(app, ["report", str(results), "--out", str(tmp_path / "rep"), "--no-plots"])
    assert res.exit_code == 0, res.output
    index = (tmp_path / "rep" / "index.md").read_text()
    legend = next(line for line in index.splitlines() if line.startswith("Each cell:"))
    assert "HBM" not in legend.split("(no % of HBM peak")[0]  # a host has no data-sheet peak: no % promised
    assert "`best`: the lowest median, same-kernel rows aside" in legend
    row = next(line for line in index.splitlines() if line.startswith("| p |"))
    assert row.split("|")[2].strip() == "80.3 · baseline" and row.split("|")[3].strip() == "79.9 · same-kernel"
    assert row.rstrip(" |").endswith("default (baseline)")  # splitk is the baseline's own kernel: drift
