"""The measured report's plots read as their data says (issue 45 item 5), checked on the matplotlib artists, never on
pixels: every bar or point of a timed row carries its noise interval, a row of the baseline's own kernel is drawn
apart from a difference within the noise, legends lie inside the figure, and the weights plot's ticks sit where
its points are. The rows are the committed CPU run (reports/cpu-local-task: MEASURED on local-task, where splitk
is IREE's default's very kernel on every shape); nothing is compiled or run here.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pandas as pd
import pytest
from matplotlib.container import ErrorbarContainer

from iree_vdmfma.report import bars
from iree_vdmfma.report.report import build_report

ROOT = Path(__file__).resolve().parents[1]
RESULTS = ROOT / "reports" / "cpu-local-task" / "results.csv"


def keep_figures(mp, write: bool = False) -> dict:
    """bars.save patched on ``mp`` to keep each figure under its file's stem (written as the real save writes it
    with ``write``), closed as the real save closes it: pyplot lets go of it, its artists stay to be read and drawn."""
    import matplotlib.pyplot as plt  # report/plots.py chose the Agg backend on import

    kept: dict[str, object] = {}
    real = bars.save

    def keep(fig, path, dpi=110):
        kept[Path(path).stem] = fig
        real(fig, path, dpi) if write else plt.close(fig)

    mp.setattr(bars, "save", keep)
    return kept


@pytest.fixture(scope="module")
def figures(tmp_path_factory):
    """name -> the Figure each report plot was saved from (closed, its artists kept), and the report."""
    real = bars.save
    mp = pytest.MonkeyPatch()
    kept = keep_figures(mp, write=True)
    try:
        res = build_report(RESULTS, baseline="default", out_dir=tmp_path_factory.mktemp("cpu") / "report")
    finally:
        mp.undo()
    assert bars.save is real
    return kept, res


def _inside(fig) -> bool:
    fig.canvas.draw()
    box = fig.bbox
    legends = [lg for ax in fig.axes for lg in [ax.get_legend()] if lg] + list(fig.legends)
    assert legends, "a figure without a legend"
    return all(box.x0 - 1 <= lg.get_window_extent().x0 and lg.get_window_extent().x1 <= box.x1 + 1
               and box.y0 - 1 <= lg.get_window_extent().y0 and lg.get_window_extent().y1 <= box.y1 + 1
               for lg in legends)


def _patches(fig, hatch):
    return [p for ax in fig.axes for p in ax.patches if p.get_hatch() == hatch]


def test_every_measured_plot_keeps_its_legend_inside_the_figure(figures):
    kept, _ = figures
    measured = [n for n in kept if n.startswith(("speedup_", "bandwidth_", "weights_"))]
    assert len(measured) == 6, sorted(kept)
    for name in measured:
        assert _inside(kept[name]), name


def test_bandwidth_bars_carry_noise_intervals_and_the_baselines_own_kernel_is_drawn_apart(figures):
    kept, res = figures
    fig = kept["bandwidth_host_hot"]
    ax = fig.axes[0]
    timed = res.summary[(res.summary.cache_mode == "hot") & res.summary.gbps.notna()]
    whiskers = [c for c in ax.containers if isinstance(c, ErrorbarContainer)]
    assert len(whiskers) == len(timed)  # one interval per drawn bar
    from iree_vdmfma.report.verdict import Timing

    open_ended = sum(Timing.from_row(r).interval(2.0)[0] <= 0 for r in timed.to_dict("records"))
    arrows = [line for line in ax.lines if line.get_marker() == ">"]
    assert len(arrows) == open_ended  # a latency interval reaching 0 us: GB/s unbounded above, an arrow at the edge
    same = res.summary[(res.summary.cache_mode == "hot") & (res.summary.verdict == "same-kernel")]
    assert len(same) == 5  # splitk is the default's kernel on all five shapes
    ringed = _patches(fig, "oo")
    assert len(ringed) == len(same) and all(p.get_facecolor()[:3] == (1.0, 1.0, 1.0) for p in ringed)
    labels = " ".join(t.get_text() for t in ax.texts)
    assert labels.count("same kernel as default") == len(same)


def test_speedup_plots_say_same_kernel_where_there_is_no_bar_and_pattern_it_apart_from_within_noise(figures):
    kept, res = figures
    ax = kept["speedup_host_hot"].axes[0]
    hot = res.summary[(res.summary.cache_mode == "hot") & ~res.summary.is_baseline]
    said = [t.get_text() for t in ax.texts]
    assert sum(t == "splitk: same kernel as default (drift: not compared)" for t in said) == \
        int((hot.verdict == "same-kernel").sum()) == 5
    assert not any("excluded ()" in t for t in said)
    drawn = hot[hot.speedup.notna()]
    assert len([c for c in ax.containers if isinstance(c, ErrorbarContainer)]) == len(drawn)  # intervals drawn
    legend = {h.get_label().split(" ")[0]: h for h in ax.get_legend().legend_handles}
    same, noise = legend["same-kernel"], legend["within-noise"]
    assert same.get_hatch() != noise.get_hatch() and same.get_facecolor() != noise.get_facecolor()
    for p in ax.patches:  # a bar within the noise is drawn as the legend's within-noise entry
        if p.get_hatch() == "///":
            assert p.get_facecolor() == noise.get_facecolor()


def test_the_weights_plot_has_intervals_and_its_ticks_where_the_points_are(figures):
    kept, res = figures
    from matplotlib.collections import PathCollection

    ax = next(f for n, f in kept.items() if n.startswith("weights_") and n.endswith("_hot")).axes[0]
    points = sorted({float(x) for c in ax.collections if isinstance(c, PathCollection) for x, _ in c.get_offsets()})
    sizes = sorted(set(pd.to_numeric(res.summary.loc[res.summary.gbps.notna(), "weight_bytes"])))
    assert points and set(points) <= set(sizes)
    ticks = [t for t in ax.get_xticks() if ax.get_xlim()[0] <= t <= ax.get_xlim()[1]]
    assert sorted(ticks) == sizes and not len(ax.xaxis.get_minor_locator().tick_values(*ax.get_xlim()))
    assert [c for c in ax.containers if isinstance(c, ErrorbarContainer)]
    hollow = [c for c in ax.collections if isinstance(c, PathCollection) and not len(c.get_facecolors())]
    same = res.summary[(res.summary.cache_mode == "hot") & (res.summary.verdict == "same-kernel")]
    assert sum(len(c.get_offsets()) for c in hollow) == len(same) == 5  # the baseline's own kernel: hollow


def test_the_run_comparison_plot_has_an_interval_per_bar_and_its_legend_inside(tmp_path, monkeypatch):
    from iree_vdmfma.report.compare import compare_runs

    kept = keep_figures(monkeypatch)
    res = compare_runs(ROOT / "reports" / "gpu-h100-seed" / "results.csv",
                       ROOT / "reports" / "gpu-h100-tuned" / "results.csv", tmp_path / "cmp", labels=("seed", "tuned"))
    fig = kept["ratio_sm_89_cold"]
    drawn = res.table[(res.table.cache_mode == "cold") & res.table.ratio_b_over_a.notna()]
    assert len(drawn) == 12  # default:tuned and splitk:default on six shapes
    assert len([c for c in fig.axes[0].containers if isinstance(c, ErrorbarContainer)]) == len(drawn)
    assert _inside(fig)


def test_the_coverage_maps_legend_lies_inside_the_figure_below_the_axes(tmp_path, monkeypatch):
    from iree_vdmfma.coverage.classes import read_csv
    from iree_vdmfma.coverage.plots import heatmap

    kept = keep_figures(monkeypatch)
    rows = read_csv(ROOT / "reports" / "coverage-gfx942" / "coverage.csv")  # the committed gfx942 map
    for dtype in ("f16", "i8"):
        heatmap([r for r in rows if r.dtype == dtype], tmp_path / f"{dtype}.png", "gfx942", dtype)
    assert sorted(kept) == ["f16", "i8"]
    for fig in kept.values():
        assert _inside(fig)
        (legend,), ax = fig.legends, fig.axes[0]
        assert legend.get_window_extent().y1 <= ax.get_tightbbox().y0 + 1  # under the M axis, not over the map


def test_the_tune_candidates_plot_marks_iree_default_and_the_shipped_winner_apart_with_intervals(tmp_path, monkeypatch):
    from matplotlib.collections import PathCollection

    from iree_vdmfma.tune.tune_report import write_tune_report

    kept = keep_figures(monkeypatch)
    write_tune_report(ROOT / "reports" / "tune-h100", "sm_89", report_dir=tmp_path / "rep")  # the H100 tune, re-read
    (fig,) = kept.values()
    ax = fig.axes[0]
    points = [c for c in ax.collections if isinstance(c, PathCollection)]
    count = lambda size: sum(len(c.get_offsets()) for c in points if c.get_sizes()[0] == size)  # noqa: E731
    assert count(90) == count(140) == 6  # per shape one default square, one winner star
    assert {h.get_label() for h in ax.get_legend().legend_handles} >= {"IREE's default", "shipped winner"}
    assert [c for c in ax.containers if isinstance(c, ErrorbarContainer)]
    xs = {float(x) for c in points for x, _ in c.get_offsets()}
    assert len(xs) > 1  # candidates spread out, not stacked on one workgroup count
    assert _inside(fig)


def test_the_latency_plot_draws_the_harness_floor_the_rows_measured_beside_their_intervals(tmp_path):
    """Rows carrying ``floor_us`` (issue 43) get a latency plot per (target, cache): one interval per bar, and the
    harness floor as a line at its value (one floor) or a band from the lowest to the highest (IREE's and torch's
    differ), labelled in the legend, which stays inside the figure. Rows without a floor get no latency plot."""
    from matplotlib.lines import Line2D

    from iree_vdmfma.report.plots import FLOOR_LABEL

    df = pd.read_csv(RESULTS).drop(columns="checksum")  # rows edited here: read as unverified, as pandas writes them
    df["floor_us"] = 20.0
    df.loc[(df.cache_mode == "hot") & (df.variant == "torch"), "floor_us"] = 25.0
    df.to_csv(tmp_path / "results.csv", index=False)
    mp = pytest.MonkeyPatch()
    kept = keep_figures(mp)
    try:
        res = build_report(tmp_path / "results.csv", baseline="default", out_dir=tmp_path / "report")
    finally:
        mp.undo()
    assert {n for n in kept if n.startswith("latency_")} == {"latency_host_cold", "latency_host_hot"}
    for name, cache in (("latency_host_cold", "cold"), ("latency_host_hot", "hot")):
        fig = kept[name]
        ax = fig.axes[0]
        timed = res.summary[(res.summary.cache_mode == cache) & res.summary.latency_us_median.notna()]
        assert len([c for c in ax.containers if isinstance(c, ErrorbarContainer)]) == len(timed)
        floor = [a for a in ax.lines + ax.patches if str(a.get_label()).startswith(FLOOR_LABEL)]
        assert len(floor) == 1
        if cache == "cold":  # one floor: a vertical line at it
            assert isinstance(floor[0], Line2D) and list(floor[0].get_xdata()) == [20.0, 20.0]
        else:  # two floors: a band spanning both
            box = floor[0].get_bbox()  # data coordinates (x0, x1)
            assert (box.x0, box.x1) == (20.0, 25.0)
        legend = [t.get_text() for t in ax.get_legend().get_texts()]
        assert any(t.startswith(FLOOR_LABEL) for t in legend) and _inside(fig)
        assert ax.get_xscale() == "linear"  # 20-170 us: within WIDE_SPAN
    # a floor (or a bar) 30x below the slowest bar: a log axis, on which the floor still lies inside the plot
    df["floor_us"] = 1.0
    df.to_csv(tmp_path / "results.csv", index=False)
    kept = keep_figures(mp)
    try:
        build_report(tmp_path / "results.csv", baseline="default", out_dir=tmp_path / "report-wide")
    finally:
        mp.undo()
    ax = kept["latency_host_cold"].axes[0]
    assert ax.get_xscale() == "log" and ax.get_xlim()[0] < 1.0 < ax.get_xlim()[1]


def test_a_gbps_interval_with_no_upper_bound_is_drawn_to_the_axis_edge_with_an_arrow():
    """A latency interval that reaches 0 us (median - 2 sigma <= 0) bounds the GB/s below only: the whisker runs
    to the axis' right edge and an arrow there says it goes on; a bounded one ends at its value."""
    import matplotlib.pyplot as plt

    from iree_vdmfma.report.weights import gbps_intervals

    rows = pd.DataFrame([{"key": "a", "variant": "v", "gbps": 4.0, "latency_us_median": 10.0,
                          "latency_us_mad": 6.0, "latency_us_min": 1.0, "reps": 10},
                         {"key": "b", "variant": "v", "gbps": 2.0, "latency_us_median": 10.0,
                          "latency_us_mad": 0.5, "latency_us_min": 9.0, "reps": 10}])
    band = gbps_intervals(rows)
    assert band[("a", "v")][1] == float("inf") and band[("b", "v")][1] < float("inf")
    fig, ax = plt.subplots()
    bars.hbars(ax, ["a", "b"], ["v"], lambda s, v: float(rows.set_index("key").gbps[s]), lambda s, v, j: {},
               lambda s, v, x: f"{x:g}", lambda s, v: None, interval=lambda s, v: band.get((s, v)))
    arrows = [line for line in ax.lines if line.get_marker() == ">"]
    assert len(arrows) == 1 and arrows[0].get_xdata()[0] == ax.get_xlim()[1]
    whiskers = [c for c in ax.containers if isinstance(c, ErrorbarContainer)]
    assert len(whiskers) == 2
    plt.close(fig)


@pytest.mark.parametrize("mode, said", [("", "loop (not recorded: a tune from before timing modes were) timing mode"),
                                        ("cmdbuf", "cmdbuf timing mode")])
def test_a_measured_tune_report_labels_its_latencies_with_the_timing_mode(tmp_path, mode, said):
    from iree_vdmfma.tune import state
    from iree_vdmfma.tune.tune_report import write_tune_report

    h100 = ROOT / "reports" / "tune-h100"
    winners = [w.replace(timing_mode=mode) for w in state.read_table(h100 / "winners.csv", state.WinnerRow)]
    state.write_table(winners, tmp_path / "winners.csv", state.WinnerRow)
    shutil.copy(h100 / "candidates.csv", tmp_path / "candidates.csv")
    report = write_tune_report(tmp_path, "sm_89", report_dir=tmp_path / "rep").read_text()
    label = f"MEASURED on cuda (sm_89), cold cache, {said}, no harness floor measured"
    assert f"All latencies here are **{label}**." in report and f"— {label}.**" in report


def test_a_shape_without_a_measured_winner_leaves_the_tune_labels_timing_mode_and_floor_alone():
    # a shape whose default did not build or run: no winner, no latency, no mode, no floor; it is no older tune
    from iree_vdmfma.tune.tune_report import timed_in

    winners = pd.DataFrame([dict(winner="split=0", latency_us_median=40.0, timing_mode="cmdbuf", floor_us=4.1),
                            dict(winner="", latency_us_median=None, timing_mode="", floor_us=None, verdict="none")])
    assert timed_in(winners) == "cmdbuf timing mode, harness floor 4.1 µs"
