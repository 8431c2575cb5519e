"""The report's static figure for MX shapes (issue 32 item 17): its panels name the instruction each one counts
for which dtypes (v_mfma_scale for mxfp4, v_smfmac for a plain dtype), and its "n/a (compile-error)" labels each
stay in their own slot, never over one another.

The rows are real: a gfx950 compile-only sweep (real iree-compile) of two mxfp4 shapes and one f16 shape, where
`scaled` and `scaled32` fail to compile at M=1 (IREE 3.13: "missing critical dimension"). The crowded figure
repeats those real rows under more shape names: the density of the 40-shape MXFP4 decode list without its
160 compiles. Assertions are on the matplotlib objects (titles, text extents from the renderer), not on pixels.
"""

from __future__ import annotations

import itertools
import re
from pathlib import Path

import pytest

from iree_vdmfma.problems.problem import Problem
from iree_vdmfma.problems.rows import read_rows, shape_key, write_rows
from iree_vdmfma.report.plots import static_figure
from iree_vdmfma.report.report import build_report, static_table
from iree_vdmfma.sweep.sweep import Sweep, SweepOptions

VARIANTS = ("default", "scaled", "scaled32", "gemv", "vdmfma")


@pytest.fixture(scope="module")
def swept(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("mx") / "sweep"
    problems = [Problem(1, 256, 512, dtype="mxfp4", name="mx_m1"), Problem(4, 256, 512, dtype="mxfp4", name="mx_m4"),
                Problem(8, 512, 1024, dtype="f16", name="f16_m8")]
    Sweep(problems, SweepOptions(target="gfx950", variants=VARIANTS, out_dir=out, cache_dir=out.parent / "cache",
                                 workers=2)).run()
    return out / "results.csv"


def _figure(results: Path, out: Path):
    res = build_report(results, baseline="default", out_dir=out)
    fig = static_figure(static_table(res.summary).query("status != 'skipped'"), "default", "gfx950")
    fig.canvas.draw()
    return res, fig


def _panel_titles(fig) -> list[str]:
    return [ax.get_title() for ax in fig.axes if ax.get_title()]


def _assert_labels_apart(fig) -> list:
    """Every text in a panel lies inside it and overlaps no other text there; returns the n/a texts."""
    renderer = fig.canvas.get_renderer()
    found = []
    for ax in fig.axes:
        texts = [t for t in ax.texts if t.get_text()]
        boxes = [t.get_window_extent(renderer) for t in texts]
        frame = ax.get_window_extent(renderer)
        for t, b in zip(texts, boxes):
            assert frame.x0 - 1 <= b.x0 and b.x1 <= frame.x1 + 1, f"{t.get_text()!r} leaves its panel"
        for (t1, b1), (t2, b2) in itertools.combinations(zip(texts, boxes), 2):
            assert not b1.overlaps(b2), f"{t1.get_text()!r} overlaps {t2.get_text()!r} in {ax.get_title()!r}"
        found += [t.get_text() for t in texts if "n/a" in t.get_text()]
    return found


def test_mx_panels_count_the_scaled_mfma_and_name_the_dtypes_each_instruction_panel_counts(swept, tmp_path):
    res, fig = _figure(swept, tmp_path / "rep")
    titles = _panel_titles(fig)
    scaled = [t for t in titles if "v_mfma_scale" in t]
    sparse = [t for t in titles if "smfmac" in t]
    assert scaled == ["v_mfma_scale (scaled) count — mxfp4 shapes"], titles
    assert sparse == ["v_smfmac (sparse) count — f16 shapes"], titles  # never counted for the MX shapes
    index = (tmp_path / "rep" / "index.md").read_text()
    assert "(1 with v_mfma_scale)" in index.split("## Shape x variant")[0]  # scaled: the M=4 shape
    mx_cells = [line for line in index.splitlines() if line.startswith("| mx_m4 |")]
    assert mx_cells and "v_mfma_scale" in mx_cells[0] and "v_smfmac" not in mx_cells[0]


def test_compile_error_labels_are_written_in_their_own_slots(swept, tmp_path):
    _, fig = _figure(swept, tmp_path / "rep")
    said = _assert_labels_apart(fig)
    assert "scaled: n/a (compile-error)" in said and "scaled32: n/a (compile-error)" in said


def test_a_crowded_figure_marks_compile_errors_without_overlapping_and_counts_them_in_a_footnote(swept, tmp_path):
    rows = read_rows(swept)
    mx = [r for r in rows if r.dtype == "mxfp4"]
    many = [r.replace(name=f"{r.name}.{i}", n=r.n + 64 * i, key=shape_key(r.m, r.n + 64 * i, r.k, r.batch, r.dtype))
            for i in range(15) for r in mx]  # 30 shapes
    write_rows(many, tmp_path / "results.csv")
    _, fig = _figure(tmp_path / "results.csv", tmp_path / "rep")
    _assert_labels_apart(fig)
    errors = sum(r.status == "compile-error" for r in many)
    assert errors == 30  # scaled and scaled32 at M=1, 15 copies
    notes = [t.get_text() for legend in fig.legends for t in legend.get_texts() if "no value" in t.get_text()]
    assert notes, "the cells too thin for words are explained in a footnote"
    counted = re.search(r"n/a \(compile-error\) ×(\d+)", notes[0])
    assert counted and int(counted.group(1)) >= errors, notes  # each compile error, in every panel it has no value
