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


def _run(path: Path, latencies: dict[str, float], fingerprints: dict[str, str], device_name: str = "a CPU",
         **static) -> Path:
    """A measured results.csv: one cold row per variant, 10 repetitions with no spread."""
    write_rows([row_for(P, "host", v, "ok", cache_mode="cold", device="local-task", device_name=device_name, reps=10,
                        latency_us_median=us, latency_us_mad=0.0, numerics="pass", kernel_fingerprint=fingerprints[v],
                        **static)
                for v, us in latencies.items()], path)
    return path


def _compare(tmp_path, a, b, *args) -> tuple[object, list[dict]]:
    res = CliRunner().invoke(app, ["compare", str(a), str(b), "--out", str(tmp_path / "cmp"), "--no-plots", *args])
    rows = list(csv.DictReader((tmp_path / "cmp" / "compare.csv").open())) if res.exit_code in (0, 1) else []
    return res, rows


def test_compare_pairs_each_runs_best_with_the_other_runs_default_problem_by_problem(tmp_path):
    # the manual's case: a seed run (default, splitk) against a tuned run (default, tuned): tuned is compared
    a = _run(tmp_path / "a.csv", {"default": 100.0, "splitk": 80.0}, {"default": "d" * 16, "splitk": "s" * 16})
    b = _run(tmp_path / "b.csv", {"default": 100.0, "tuned": 50.0}, {"default": "d" * 16, "tuned": "t" * 16})
    res, rows = _compare(tmp_path, a, b, "--label-a", "seed", "--label-b", "tuned")
    assert res.exit_code == 0, res.output
    got = {(r["variant_a"], r["variant_b"]): (r["verdict"], float(r["ratio_b_over_a"])) for r in rows}
    assert got == {("default", "tuned"): ("win", 0.5), ("splitk", "default"): ("loss", 1.25)}
    said = " ".join(res.output.split())
    assert "tuned's tuned vs seed's default: geomean tuned/seed 0.5000 over 1 (win 1" in said
    assert "tuned's default vs seed's splitk: geomean tuned/seed 1.2500 over 1 (win 0, loss 1" in said
    # and it says which pairs it chose, why, and that each best was picked from the rows it is compared on
    assert ("pairs (seed's variant:tuned's): default:tuned, splitk:default (chosen by default (no --pair): each "
            "run's best IREE variant against the other's default; tuned's best is tuned (0.50x its default's "
            "latency, geomean), seed's best is splitk (0.80x its default's latency, geomean): picked from the same "
            "rows compared here") in said
    assert "chosen by default" in (tmp_path / "cmp" / "compare.md").read_text()


def test_compare_pair_picks_the_variants_and_a_variant_a_run_lacks_is_one_error_line(tmp_path):
    a = _run(tmp_path / "a.csv", {"default": 100.0, "splitk": 80.0}, {"default": "d" * 16, "splitk": "s" * 16})
    b = _run(tmp_path / "b.csv", {"default": 100.0, "tuned": 50.0}, {"default": "d" * 16, "tuned": "t" * 16})
    res, rows = _compare(tmp_path, a, b, "--pair", "splitk:tuned")
    assert res.exit_code == 0, res.output
    assert [(r["variant"], r["verdict"], float(r["ratio_b_over_a"])) for r in rows] == [("splitk:tuned", "win", 0.625)]
    assert "pairs (A's variant:B's): splitk:tuned (given by --pair)" in " ".join(res.output.split())
    for bad, says in (("splitk:nope", "run B has no variant nope (its variants: default, tuned)"),
                      ("splitk", "--pair splitk: give VA:VB")):
        res, _ = _compare(tmp_path, a, b, "--pair", bad)
        assert res.exit_code == 2 and says in res.output and len(res.output.strip().splitlines()) == 1, res.output


def test_a_cross_run_pair_of_one_kernel_is_drift_even_without_fingerprints_and_a_peer_never_against_itself(tmp_path):
    static = dict(compiler_version="3.13.0", vgpr=40, workgroups=64, mma_kind="MFMA_F32_16x16x16_F16")
    a = _run(tmp_path / "a.csv", {"default": 100.0, "torch": 50.0}, {"default": "", "torch": ""}, **static)
    b = _run(tmp_path / "b.csv", {"default": 70.0, "torch": 30.0}, {"default": "", "torch": ""}, **static)
    res, rows = _compare(tmp_path, a, b, "--pair", "default:default", "--pair", "torch:torch")
    assert res.exit_code == 1, res.output  # nothing left to compare: both pairs are drift
    assert {r["variant"]: r["verdict"] for r in rows} == {"default:default": "same-kernel", "torch:torch": "same-kernel"}
    assert {r["variant"]: r["drift_reason"] for r in rows} == {
        "default:default": "default built by one compiler with identical static metrics in both runs",
        "torch:torch": "torch against itself: the vendor library is no kernel of ours"}
    assert "win" not in res.output
    b = _run(tmp_path / "b.csv", {"default": 70.0}, {"default": ""}, **{**static, "vgpr": 48})  # another build
    res, rows = _compare(tmp_path, a, b, "--pair", "default:default")
    assert res.exit_code == 0 and [r["verdict"] for r in rows] == ["win"], res.output
    groups = list(csv.DictReader((tmp_path / "cmp" / "compare_groups.csv").open()))
    assert all(g["drift_geomean_ratio"] == "" for g in groups)


def test_compare_shows_the_drift_of_one_kernel_apart_from_the_verdicts(tmp_path):
    a = _run(tmp_path / "a.csv", {"default": 100.0, "tuned": 90.0}, {"default": "d" * 16, "tuned": "t" * 16})
    b = _run(tmp_path / "b.csv", {"default": 80.0, "tuned": 45.0}, {"default": "d" * 16, "tuned": "u" * 16})
    res, rows = _compare(tmp_path, a, b, "--pair", "default:default", "--pair", "tuned:tuned")
    assert res.exit_code == 0, res.output
    said = " ".join(res.output.split())
    assert "B's default vs A's default: no verdict; 1 same-kernel (one kernel in both runs: drift 0.8000, not a win" \
        in said
    assert "B's tuned vs A's tuned: geomean B/A 0.5000 over 1 (win 1" in said


def test_compare_of_two_runs_of_one_kernel_is_same_kernel_never_a_win_or_a_loss(tmp_path):
    a = _run(tmp_path / "a.csv", {"default": 100.0, "splitk": 100.0}, {"default": "f" * 16, "splitk": "e" * 16})
    b = _run(tmp_path / "b.csv", {"default": 34.0, "splitk": 332.0}, {"default": "f" * 16, "splitk": "e" * 16})
    res = CliRunner().invoke(app, ["compare", str(a), str(b), "--out", str(tmp_path / "cmp"), "--no-plots",
                                   "--pair", "default:default", "--pair", "splitk:splitk"])
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
        said = " ".join(res.output.split())
        assert ("beyond 10.00%, the floor of calibration " in said) == calibrated
        assert ("beyond 1.00%, the floor of the default (no A/A calibration of this device used)" in said) != calibrated


def _calibration(path: Path, threshold: float, load: float, device_name: str = "a CPU") -> Path:
    from iree_vdmfma.run.calibration import CalibrationRow, write_calibration

    write_calibration([CalibrationRow("local-task", device_name, "same-module", "f16_8x128x512", "hot", 24, 6, 0.95,
                                      threshold, threshold, 0.0, 0.0, threshold, 1.0, True, "one-process",
                                      "2026-01-01T00:00:00Z", load=load)], path)
    return path


def test_every_report_and_compare_verdict_names_its_calibration_and_a_noisy_one_is_flagged(tmp_path):
    import os

    cal = _calibration(tmp_path / "calibration.csv", 0.1, 1.3)  # taken with 1.3 runnable tasks per core
    a = _run(tmp_path / "a.csv", {"default": 100.0, "splitk": 95.0}, {"default": "a" * 16, "splitk": "s" * 16})
    b = _run(tmp_path / "b.csv", {"default": 95.0}, {"default": "b" * 16})
    named = f"calibration {cal} (taken 2026-01-01T00:00:00Z, threshold 10.00%, load 1.30 per core when taken; "
    flag = "NOISY calibration: taken under load (1.30 per core > 0.5)"
    rep = CliRunner().invoke(app, ["report", str(a), "--out", str(tmp_path / "rep"), "--no-plots", "--calibration",
                                   str(cal)])
    assert rep.exit_code == 0, rep.output
    said = " ".join(rep.output.split())
    assert named in said and flag in said and "beyond 10.00%, the floor of" in said
    md = " ".join((tmp_path / "rep" / "report.md").read_text().split())
    assert named in md and flag in md
    cmp, rows = _compare(tmp_path, a, b, "--pair", "default:default", "--calibration", str(tmp_path))  # its folder
    assert cmp.exit_code == 0 and rows[0]["verdict"] == "within-noise", cmp.output
    assert named in " ".join(cmp.output.split()) and flag in " ".join(cmp.output.split())
    assert named in " ".join((tmp_path / "cmp" / "compare.md").read_text().split())
    assert "VDMFMA_CALIBRATION" not in os.environ  # the option holds for its command only
    # none: the default 1% floor, named as such
    cmp, rows = _compare(tmp_path, a, b, "--pair", "default:default", "--calibration", "none")
    assert cmp.exit_code == 0 and rows[0]["verdict"] == "win", cmp.output
    assert "the floor of the default (--calibration none: the default threshold)" in " ".join(cmp.output.split())
    # a threshold over 10% is flagged as well, even when taken on an idle machine
    _calibration(cal, 0.25, 0.1)
    rep = CliRunner().invoke(app, ["report", str(a), "--out", str(tmp_path / "rep"), "--no-plots", "--calibration",
                                   str(cal)])
    assert "NOISY calibration: threshold 25.0% > 10%" in " ".join(rep.output.split()), rep.output
    for bad in (str(tmp_path / "nope.csv"), str(a)):
        res, _ = _compare(tmp_path, a, b, "--calibration", bad)
        assert res.exit_code == 2 and len(res.output.strip().splitlines()) == 1, res.output
        assert res.output.startswith("error:") and bad in res.output


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
    from iree_vdmfma.model.model_report import read_model_csv
    from iree_vdmfma.model.forward_rows import ModelRow

    # split=0: the library keeps IREE's default for the model's down projection: its module is the default's code
    write_library(Library("host", (Entry(Problem(m=1, n=256, k=512), {"split": 0}),)), tmp_path / "lib",
                  compile_flags("host"), CPU.spec_route)
    from iree_vdmfma.devices.probe import device_info

    cal = _calibration(tmp_path / "calibration.csv", 1.32, 0.2, device_info("local-task").name)  # a busy machine's
    res = CliRunner().invoke(app, ["model", f"{ROOT / 'examples' / 'llama_layer.py'}:build_tiny", "--m", "1",
                                   "--library", str(tmp_path / "lib"), "--target", "host", "--device", "local-task",
                                   "--rounds", "6", "--calls", "1", "--cache-mode", "hot", "--no-torch-compile",
                                   "--out", str(tmp_path / "out"), "--calibration", str(cal)])
    assert res.exit_code == 0, res.output
    # the console and the report name the calibration that set the verdicts' floor, flagged as noisy
    said = " ".join(res.output.split())
    named = f"beyond 132.00%, the floor of calibration {cal} (taken 2026-01-01T00:00:00Z, threshold 132.00%"
    assert named in said and "NOISY calibration: threshold 132.0% > 10%" in said
    index = " ".join((tmp_path / "out" / "report" / "index.md").read_text().split())
    assert named in index and "NOISY calibration: threshold 132.0% > 10%" in index
    tuned = next(r for r in read_model_csv(tmp_path / "out" / "model.csv", ModelRow).rows if r.variant == "tuned")
    assert tuned.rounds == 6 and tuned.verdict == "same-kernel" and "IREE's default" in tuned.note
    line = next(line for line in res.output.splitlines() if line.startswith("M=1 tuned/hot:"))
    assert line.endswith(f"{tuned.speedup_vs_default:.3f}x [{tuned.speedup_lo:.3f}, {tuned.speedup_hi:.3f}] vs "
                         "default: same-kernel"), line  # the interval and the verdict the report gives
    opening = (tmp_path / "out" / "report" / "index.md").read_text().splitlines()[2]
    assert opening.startswith("**Result**") and "] same-kernel" in opening and "] win" not in opening


def test_a_ratio_printed_from_a_row_is_the_ratio_its_csv_cell_gives():
    """A speedup interval of 10.107519 is written 10.1075 (6 significant digits), which prints .3f as 10.107 while
    the unrounded value prints 10.108: the console once said one and the report the other (CI, 2026-11-29). A row's
    figures are held as written (rows.as_written), so every printing agrees with the file."""
    from iree_vdmfma.problems.rows import as_written

    for x in (10.107519, 1.0004999, 0.4584999, 123.45649, 2.5e-05):
        cell = f"{x:.6g}"
        assert as_written(x) == float(cell) and f"{as_written(x):.3f}" == f"{float(cell):.3f}"
    assert f"{10.107519:.3f}" != f"{as_written(10.107519):.3f}"  # the case CI met
    assert as_written(None) is None


def test_the_model_latency_plot_has_a_log_axis_and_the_share_section_shows_only_measured_shares():
    from iree_vdmfma.model.model_report import latency_figure, share_lines
    from iree_vdmfma.model.forward_rows import ModelRow

    rows = [ModelRow(m, "default", "ok", cache_mode="hot", device="local-task", latency_us_median=us,
                     latency_us_lo=us * 0.9, latency_us_hi=us * hi) for m, us, hi in ((1, 300.0, 1.1), (4, 320.0, 130))]
    ax = latency_figure(rows).axes[0]  # one 41,600 us whisker
    assert ax.get_yscale() == "log"
    assert share_lines(rows)[0].startswith("Not measured") and "%" not in "".join(share_lines(rows))
    rows[1].skinny_share = 0.4321
    lines = share_lines(rows)
    assert lines[0].startswith("MEASURED by IREE's own dispatch statistics") and lines[-1] == "| 4 | default | 43.2% |"


def test_the_model_latency_plot_puts_the_series_of_one_m_side_by_side_with_a_tick_at_that_m():
    from matplotlib.container import ErrorbarContainer

    from iree_vdmfma.model.model_report import latency_figure
    from iree_vdmfma.model.forward_rows import ModelRow

    rows = [ModelRow(8, v, "ok", cache_mode=c, device="local-task", latency_us_median=us, latency_us_lo=us * 0.9,
                     latency_us_hi=us * 1.1) for v, us in (("default", 300.0), ("tuned", 280.0), ("torch-eager", 500.0))
            for c in ("hot", "cold")]
    ax = latency_figure(rows).axes[0]
    bars = [c for c in ax.containers if isinstance(c, ErrorbarContainer)]
    xs = [float(c.lines[0].get_xdata()[0]) for c in bars]
    assert len(bars) == 6 and len(set(xs)) == 6  # one M: six series, six places, each with its interval
    assert list(ax.get_xticks()) == [8] and all(abs(x / 8 - 1) < 0.2 for x in xs)


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


def test_compare_shows_each_runs_harness_floor_beside_its_latencies(tmp_path):
    a = _run(tmp_path / "a.csv", {"default": 100.0, "tuned": 60.0}, {"default": "d" * 16, "tuned": "t" * 16},
             floor_us=7.5, timing_mode="cmdbuf")
    b = _run(tmp_path / "b.csv", {"default": 98.0, "tuned": 50.0}, {"default": "e" * 16, "tuned": "u" * 16},
             floor_us=8.25, timing_mode="cmdbuf")
    res, rows = _compare(tmp_path, a, b, "--pair", "default:tuned")
    assert res.exit_code == 0, res.output
    assert {(r["floor_us_a"], r["floor_us_b"], r["timing_mode_a"]) for r in rows} == {("7.5", "8.25", "cmdbuf")}
    md = (tmp_path / "cmp" / "compare.md").read_text()
    header = next(line for line in md.splitlines() if line.startswith("| shape | target | cache | pair | timing | A µs"))
    assert "| A µs | A floor µs | B µs | B floor µs |" in header and "| 100 | 7.5 | 50 | 8.25 |" in md


def test_compare_of_runs_timed_in_different_timing_modes_is_no_win_or_loss_and_says_why(tmp_path):
    # a loop latency carries a submission per dispatch that a cmdbuf one shares among 8: B's halved latency is
    # the harness, not the kernel; a row without a mode is from before modes were recorded: loop
    a = _run(tmp_path / "a.csv", {"default": 100.0}, {"default": "d" * 16}, timing_mode="cmdbuf")
    b = _run(tmp_path / "b.csv", {"default": 50.0}, {"default": "e" * 16}, timing_mode="loop")
    old = _run(tmp_path / "old.csv", {"default": 50.0}, {"default": "e" * 16})
    for other in (b, old):
        res, rows = _compare(tmp_path, a, other, "--pair", "default:default")
        assert res.exit_code == 1, res.output
        assert [r["verdict"] for r in rows] == [""] and rows[0]["included"] == "False"
        assert "different timing modes (cmdbuf, loop)" in rows[0]["excluded_reason"]
        assert "different timing modes (cmdbuf, loop)" in res.output


def test_compare_of_runs_on_different_devices_says_so_on_the_console_and_in_compare_md(tmp_path):
    a = _run(tmp_path / "a.csv", {"default": 100.0}, {"default": "d" * 16}, device_name="CPU one")
    b = _run(tmp_path / "b.csv", {"default": 50.0}, {"default": "e" * 16}, device_name="CPU two")
    res, rows = _compare(tmp_path, a, b, "--pair", "default:default")
    assert res.exit_code == 0, res.output
    said = "measured on different devices (A: CPU one; B: CPU two)"
    assert said in res.output and said in (tmp_path / "cmp" / "compare.md").read_text()


def test_compare_md_shows_the_timing_mode_beside_each_rows_latencies(tmp_path):
    a = _run(tmp_path / "a.csv", {"default": 100.0}, {"default": "d" * 16}, floor_us=7.5, timing_mode="cmdbuf")
    b = _run(tmp_path / "b.csv", {"default": 50.0}, {"default": "e" * 16}, floor_us=7.5, timing_mode="cmdbuf")
    res, _ = _compare(tmp_path, a, b, "--pair", "default:default")
    assert res.exit_code == 0, res.output
    md = (tmp_path / "cmp" / "compare.md").read_text()
    header = next(line for line in md.splitlines() if line.startswith("| shape | target | cache | pair |"))
    assert "| timing |" in header and "| cmdbuf |" in md
