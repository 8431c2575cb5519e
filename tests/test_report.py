"""Tests for iree_vdmfma.report.report (pure data processing).

All result rows here are SYNTHETIC: hand-made ResultRow values written with results.write_rows.
They are not measurements and must not be quoted as such.
"""

from __future__ import annotations

import csv
import math
import os
import subprocess
import sys
from pathlib import Path

import matplotlib.image as mpimg
import numpy as np
import pandas as pd
import pytest
from hypothesis import given, settings
from hypothesis import strategies as hs
from typer.testing import CliRunner

from conftest import ASCII_LOCALE, ROOT
from iree_vdmfma.cli import app
from iree_vdmfma.report.report import (
    COMPARE_COLUMNS,
    GROUP_COLUMNS,
    SUMMARY_COLUMNS,
    NoiseRule,
    Timing,
    build_report,
    compare_runs,
    judge,
    md_table,
)
from iree_vdmfma.problems.rows import ResultRow, read_rows, write_rows

SYNTH_DEVICE = "SYNTHETIC-MI300X (test data)"
SHAPES = [("f16", 8, 13312, 16384), ("f16", 8, 2304, 8192), ("f16", 6, 6656, 8192), ("bf16", 16, 4096, 4096)]
# synthetic speedup of each variant vs padded, per shape index
FACTORS = {"vdmfma": [1.10, 1.05, 0.90, 1.002], "default": [0.80, 1.00, 1.20, 0.95]}


def _row(dtype, m, n, k, variant, cache, median, *, std=None, status="ok", **kw) -> ResultRow:
    if std is None and median is not None:
        std = median * 0.002
    base = dict(
        name=f"{dtype}_{m}x{n}x{k}", m=m, n=n, k=k, batch=1, dtype=dtype, target="gfx942", variant=variant,
        status=status, key=f"{dtype}_{m}x{n}x{k}", cache_mode=cache,
        mma_kind="VSMFMA" if variant == "vdmfma" else "MFMA", intended_mma_kind="VSMFMA" if variant == "vdmfma" else "MFMA",
        smfmac=64 if variant == "vdmfma" else 0, mfma=0 if variant == "vdmfma" else 128,
        vgpr=96 if variant == "vdmfma" else 128, agpr=0, sgpr=40, lds_bytes=16384 if variant != "default" else 0,
        spills=0, workgroups=n // 64, workgroup_size=256, waves_per_simd=4 if variant == "vdmfma" else 2,
    )
    if median is not None:
        base.update(device=SYNTH_DEVICE, numerics="pass", reps=20, latency_us_median=median,
                    latency_us_min=median - 2 * std, latency_us_max=median + 3 * std, latency_us_std=std,
                    gbps=(n * k * 2) / (median * 1e3), pct_peak_bw=None)
    base.update(kw)
    return ResultRow(**base)


def synthetic_rows(caches=("hot", "cold"), scale=1.0) -> list[ResultRow]:
    rows = []
    for i, (dt, m, n, k) in enumerate(SHAPES):
        for cache in caches:
            lat = (50.0 + n * k / 1e6) * (1.3 if cache == "cold" else 1.0) * scale
            rows.append(_row(dt, m, n, k, "padded", cache, lat))
            for v, f in FACTORS.items():
                rows.append(_row(dt, m, n, k, v, cache, lat / f[i]))
    return rows


@pytest.fixture
def results_csv(tmp_path) -> Path:
    p = tmp_path / "results.csv"
    write_rows(synthetic_rows(), p)
    return p


def _assert_png(path: Path):
    assert path.is_file() and path.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n", path
    img = mpimg.imread(path)
    assert img.ndim == 3 and img.shape[0] > 200 and img.shape[1] > 400
    assert float(np.std(img[..., :3])) > 0.01  # not blank


# ---------------------------------------------------------------- verdict rule


def test_verdict_overlapping_is_within_noise():
    j = judge(Timing(100, 3, reps=10), Timing(96, 3, reps=10))  # 4% apart, ±6 intervals overlap
    assert j.verdict == "within-noise" and j.speedup == pytest.approx(100 / 96)


def test_verdict_separated_is_win_and_loss():
    assert judge(Timing(100, 1, reps=10), Timing(80, 1, reps=10)).verdict == "win"
    assert judge(Timing(100, 1, reps=10), Timing(125, 1, reps=10)).verdict == "loss"


def test_verdict_floor_minmax_and_undetermined():
    assert judge(Timing(100, 0.0, reps=10), Timing(99.5, 0.0, reps=10)).verdict == "within-noise"  # below 1% floor
    # no std: [min, max] intervals; separated -> win, overlapping -> within-noise
    assert judge(Timing(100, None, 98, 103, 5), Timing(90, None, 89, 95, 5)).verdict == "win"
    assert judge(Timing(100, None, 97, 103, 5), Timing(95, None, 93, 99, 5)).verdict == "within-noise"
    # one repetition / no spread: cannot tell
    assert judge(Timing(100, 1, reps=1), Timing(50, 1, reps=1)).verdict == "undetermined"
    assert judge(Timing(100), Timing(50)).verdict == "undetermined"
    # the rule is configurable in one place
    assert judge(Timing(100, 3, reps=10), Timing(96, 3, reps=10), NoiseRule(k=0.5)).verdict == "win"


def test_one_slow_repetition_does_not_hide_a_clear_gain_when_the_mad_is_recorded():
    # Measured shape of the H100 data: 20 reps, one 2x outlier on the faster side.
    from iree_vdmfma.run.timing import Latency

    base = Latency(tuple(156.0 + 0.5 * (i % 5) for i in range(20)))
    new = Latency(tuple(142.0 + 0.5 * (i % 5) for i in range(19)) + (290.0,))
    by_std = judge(Timing(base.median_us, base.std_us, reps=20), Timing(new.median_us, new.std_us, reps=20))
    by_mad = judge(Timing(base.median_us, base.std_us, reps=20, mad=base.mad_us),
                   Timing(new.median_us, new.std_us, reps=20, mad=new.mad_us))
    assert by_std.verdict == "within-noise" and by_mad.verdict == "win"
    assert new.mad_us == pytest.approx(0.5)  # the outlier moves the std (about 33 us), not the MAD
    # and a real overlap stays within noise with the MAD too
    wide = Latency(tuple(150.0 + 6 * (i % 5) for i in range(20)))  # median 162 (3% slower), MAD 6
    j = judge(Timing(base.median_us, reps=20, mad=base.mad_us), Timing(wide.median_us, reps=20, mad=wide.mad_us))
    assert j.verdict == "within-noise" and j.threshold > 0.03
    assert Timing.from_row({"latency_us_median": 10, "latency_us_mad": 0.5, "reps": 5}).mad == 0.5


@settings(max_examples=60, deadline=None)
@given(hs.floats(1, 1e4), hs.floats(0, 50), hs.floats(1, 1e4), hs.floats(0, 50))
def test_verdict_reverses(m1, s1, m2, s2):
    a, b = Timing(m1, s1, reps=5), Timing(m2, s2, reps=5)
    v_ab, v_ba = judge(a, b).verdict, judge(b, a).verdict
    assert v_ab in ("win", "loss", "within-noise")
    # a clear win read the other way round is a clear loss (the 1% floor is relative to the
    # baseline's median, so a loss reversed may fall inside the floor of the faster baseline)
    if v_ab == "win":
        assert v_ba == "loss" and m2 < m1
    if v_ab == "loss":
        assert v_ba in ("win", "within-noise") and m2 > m1
    if abs(m1 - m2) <= 2 * (s1 + s2):  # overlapping ±2σ intervals are never a win or a loss
        assert v_ab == v_ba == "within-noise"


# ---------------------------------------------------------------- report


def test_geomean_matches_independent_recomputation(results_csv, tmp_path):
    res = build_report([results_csv], baseline="padded", out_dir=tmp_path / "rep")
    assert res.mode == "measured"
    summary = pd.read_csv(tmp_path / "rep" / "summary.csv", keep_default_na=False, na_values=[""])
    groups = pd.read_csv(tmp_path / "rep" / "groups.csv", keep_default_na=False, na_values=[""])
    assert list(summary.columns) == SUMMARY_COLUMNS and list(groups.columns) == GROUP_COLUMNS
    # independent: plain csv + numpy
    with open(results_csv, newline="") as f:
        raw = list(csv.DictReader(f))
    med = {(r["key"], r["cache_mode"], r["variant"]): float(r["latency_us_median"]) for r in raw}
    for cache in ("hot", "cold"):
        for variant in ("vdmfma", "default"):
            sp = [med[(k, c, "padded")] / med[(k, c, v)] for (k, c, v) in med if c == cache and v == variant]
            expect = float(np.exp(np.mean(np.log(sp))))
            got = groups[(groups.cache_mode == cache) & (groups.variant == variant) & (groups.group_by == "all")]
            assert len(got) == 1
            assert got.geomean_speedup.iloc[0] == pytest.approx(expect, rel=1e-5)
            assert got.n_compared.iloc[0] == len(SHAPES)
            # and the synthetic factors we built in
            assert expect == pytest.approx(float(np.exp(np.mean(np.log(FACTORS[variant])))), rel=1e-4)
    # per-row speedups in summary.csv
    row = summary[(summary.key == "f16_8x13312x16384") & (summary.variant == "vdmfma") & (summary.cache_mode == "cold")]
    assert row.speedup.iloc[0] == pytest.approx(1.10, rel=1e-4) and row.verdict.iloc[0] == "win"
    row = summary[(summary.key == "bf16_16x4096x4096") & (summary.variant == "vdmfma") & (summary.cache_mode == "hot")]
    assert row.verdict.iloc[0] == "within-noise"  # 0.2% faster: inside the noise
    # groups by M power of two and dtype exist and add up
    g = groups[(groups.variant == "vdmfma") & (groups.cache_mode == "hot")]
    pow2 = g[g.group_by == "m_pow2"].set_index("group")
    assert pow2.loc["pow2", "n_compared"] == 3 and pow2.loc["not-pow2", "n_compared"] == 1
    assert pow2.loc["not-pow2", "geomean_speedup"] == pytest.approx(0.90, rel=1e-4)
    assert set(g[g.group_by == "dtype"].group) == {"f16", "bf16"}
    all_ = g[g.group_by == "all"].iloc[0]
    assert all_.wins + all_.losses + all_.within_noise + all_.undetermined == all_.n_compared
    # percent of peak filled from gbps / data-sheet peak, labelled in the report
    r = summary[summary.variant == "padded"].iloc[0]
    assert r.pct_peak_bw == pytest.approx(r.gbps / 5300.0 * 100, rel=1e-4)
    md = (tmp_path / "rep" / "report.md").read_text()
    assert "Measured" in md and SYNTH_DEVICE in md and "Verdict rule" in md
    for name in ("speedup_gfx942_hot", "speedup_gfx942_cold", "bandwidth_gfx942_cold", "static_gfx942"):
        _assert_png(res.paths[f"plot:{name}"])
        assert f"({name}.png)" in md


def test_failed_and_not_applied_are_listed_and_excluded(tmp_path):
    rows = [r for r in synthetic_rows(caches=("cold",))]
    key0, key1, key2 = (f"{d}_{m}x{n}x{k}" for d, m, n, k in SHAPES[:3])

    def patch(key, variant, **kw):
        for i, r in enumerate(rows):
            if r.key == key and r.variant == variant:
                rows[i] = r.replace(**kw)

    nolat = dict(latency_us_median=None, latency_us_min=None, latency_us_max=None, latency_us_std=None, gbps=None)
    patch(key0, "vdmfma", status="compile-error", error="error: 'iree_gpu.virtual_mma' op BOOM-42", **nolat)
    patch(key1, "vdmfma", status="not-applied", reason="spec matched but mma_kind was MFMA_F32_16x16x16_F16")
    patch(key2, "padded", status="timeout", reason="compile exceeded 600 s", **nolat)
    patch(key1, "default", status="numerics-failed", reason="max_rel_err 0.7 > 0.01")
    p = tmp_path / "results.csv"
    write_rows(rows, p)
    res = build_report(p, out_dir=tmp_path / "rep", plots=False)
    s = pd.read_csv(tmp_path / "rep" / "summary.csv", keep_default_na=False, na_values=[""])
    assert len(s) == len(rows)  # never silently dropped
    ex = s[~s.included].set_index(["key", "variant"])
    assert "BOOM-42" in ex.loc[(key0, "vdmfma"), "excluded_reason"]
    assert ex.loc[(key1, "vdmfma"), "excluded_reason"].startswith("not-applied: spec matched")
    assert ex.loc[(key2, "padded"), "excluded_reason"].startswith("timeout")
    assert ex.loc[(key2, "vdmfma"), "excluded_reason"].startswith("baseline padded timeout")  # baseline failed
    assert ex.loc[(key2, "default"), "excluded_reason"].startswith("baseline padded timeout")
    assert "numerics-failed" in ex.loc[(key1, "default"), "excluded_reason"]
    assert s[~s.included].speedup.isna().all()
    # geomean over the survivors only: vdmfma has only shape 3 left, default has shapes 0 and 3
    g = pd.read_csv(tmp_path / "rep" / "groups.csv").query("group_by == 'all'").set_index("variant")
    assert g.loc["vdmfma", "n_compared"] == 1 and g.loc["vdmfma", "n_excluded"] == 3
    assert g.loc["vdmfma", "geomean_speedup"] == pytest.approx(FACTORS["vdmfma"][3], rel=1e-4)
    assert g.loc["default", "geomean_speedup"] == pytest.approx(
        math.exp((math.log(FACTORS["default"][0]) + math.log(FACTORS["default"][3])) / 2), rel=1e-4)
    md = (tmp_path / "rep" / "report.md").read_text()
    excluded_section = md.split("## Excluded rows")[1]
    for needle in ("BOOM-42", "spec matched but mma_kind was MFMA", "compile exceeded 600 s", "baseline padded timeout",
                   "max_rel_err 0.7"):
        assert needle in excluded_section
    assert "not in any geomean" in excluded_section
    assert "VSMFMA (wanted" not in md  # applied == intended rows are not flagged


def test_static_only_report(tmp_path):
    rows = [_row(d, m, n, k, v, "", None, status="compiled") for d, m, n, k in SHAPES for v in ("padded", "vdmfma", "default")]
    rows[4] = rows[4].replace(status="not-applied", mma_kind="MFMA_F32_16x16x16_F16", reason="fell back to dense")
    p = tmp_path / "compile_only.csv"
    write_rows(rows, p)
    res = build_report(p, out_dir=tmp_path / "rep")
    assert res.mode == "static"
    md = (tmp_path / "rep" / "report.md").read_text()
    assert "Static only" in md and "Static comparison" in md and "geomean" not in md.lower().split("## column definitions")[0]
    assert "MFMA_F32_16x16x16_F16 (wanted VSMFMA)" in md and "fell back to dense" in md
    s = res.summary
    assert s.speedup.isna().all() and (s.verdict.isin(["", "baseline"])).all()
    v = s[(s.variant == "vdmfma") & s.included].iloc[0]
    assert v.d_vgpr == -32 and v.d_smfmac == 64 and v.workgroups_per_cu == pytest.approx(v.workgroups / 304)
    assert set(res.paths) >= {"summary", "groups", "report", "plot:static_gfx942"}
    assert not any(k.startswith("plot:speedup") for k in res.paths)
    _assert_png(res.paths["plot:static_gfx942"])


def test_missing_baseline_and_several_files(tmp_path, results_csv):
    with pytest.raises(ValueError, match="variants present"):
        build_report(results_csv, baseline="nope", out_dir=tmp_path / "x")
    extra = tmp_path / "more.csv"  # a re-run of one row: later file wins, and the report says so
    write_rows([_row("f16", 8, 13312, 16384, "vdmfma", "cold", 10.0)], extra)
    res = build_report([results_csv, extra], out_dir=tmp_path / "rep", plots=False)
    assert any("more than once" in n for n in res.notes)
    r = res.summary[(res.summary.key == "f16_8x13312x16384") & (res.summary.variant == "vdmfma")
                    & (res.summary.cache_mode == "cold")].iloc[0]
    assert r.latency_us_median == 10.0 and r.source == str(extra)


# ---------------------------------------------------------------- compare


def test_compare_finds_known_ratio(tmp_path):
    a_rows = synthetic_rows()
    b_rows = [r.replace(latency_us_median=r.latency_us_median * 1.25, latency_us_min=r.latency_us_min * 1.25,
                        latency_us_max=r.latency_us_max * 1.25, latency_us_std=r.latency_us_std * 1.25,
                        vgpr=r.vgpr + 8) for r in a_rows]
    b_rows = b_rows[1:] + [_row("f16", 32, 1024, 1024, "vdmfma", "hot", 5.0)]  # one only-a, one only-b
    a, b = tmp_path / "a.csv", tmp_path / "b.csv"
    write_rows(a_rows, a)
    write_rows(b_rows, b)
    res = compare_runs(a, b, tmp_path / "cmp", pairs=[(v, v) for v in sorted({r.variant for r in a_rows})])
    t = pd.read_csv(tmp_path / "cmp" / "compare.csv", keep_default_na=False, na_values=[""])
    assert list(t.columns) == COMPARE_COLUMNS
    both = t[t.presence == "both"]
    assert np.allclose(both.ratio_b_over_a, 1.25, rtol=1e-5) and (both.verdict == "loss").all()
    assert (both.d_vgpr == 8).all()
    g = pd.read_csv(tmp_path / "cmp" / "compare_groups.csv")
    assert np.allclose(g.geomean_ratio_b_over_a, 1.25, rtol=1e-5)
    only = t[t.presence != "both"]
    assert sorted(only.presence) == ["only-a", "only-b"] and not only.included.any()
    md = (tmp_path / "cmp" / "compare.md").read_text()
    assert "only-a" in md and "only-b" in md and "f16_32x1024x1024" in md and "1.2500" in md
    for k, p in res.paths.items():
        if k.startswith("plot:"):
            _assert_png(p)
    assert any(k.startswith("plot:ratio") for k in res.paths)


def test_compare_md_lists_at_most_300_rows_a_table_and_names_the_csv_that_holds_them_all(tmp_path):
    from iree_vdmfma.report.markdown import MAX_ROWS

    a_rows = [_row("f16", m, n, 1024, "vdmfma", "hot", 10.0) for m in (1, 4, 8) for n in range(256, 256 * 130, 256)]
    b_rows = [r.replace(latency_us_median=12.5) for r in a_rows]
    write_rows(a_rows, tmp_path / "a.csv")
    write_rows(b_rows, tmp_path / "b.csv")
    res = compare_runs(tmp_path / "a.csv", tmp_path / "b.csv", tmp_path / "cmp", plots=False)
    assert len(res.table) == len(a_rows) > MAX_ROWS
    assert len(pd.read_csv(tmp_path / "cmp" / "compare.csv")) == len(a_rows)  # every row in the CSV
    md = (tmp_path / "cmp" / "compare.md").read_text()
    assert f"The first {MAX_ROWS} of {len(a_rows)} rows; every row is in [compare.csv](compare.csv)." in md
    assert md.count("| f16_") == 2 * MAX_ROWS  # the per-row and the static-delta tables, capped


# ---------------------------------------------------------------- CLI and helpers


def test_cli_report_and_compare(tmp_path, results_csv):
    runner = CliRunner()
    r = runner.invoke(app, ["report", "--help"])
    assert r.exit_code == 0 and "--baseline" in r.output and "summary.csv" in r.output
    out = tmp_path / "cli"
    r = runner.invoke(app, ["report", str(results_csv), "--baseline", "padded", "--out", str(out), "--no-plots"])
    assert r.exit_code == 0, r.output
    assert (out / "summary.csv").is_file() and (out / "report.md").is_file() and "geomean" in r.output
    r = runner.invoke(app, ["report", str(results_csv), "--baseline", "nope", "--out", str(out)])
    assert r.exit_code == 2 and "variants present" in r.output  # bad input: one error line, exit 2
    r = runner.invoke(app, ["report", str(tmp_path / "missing.csv"), "--out", str(out)])
    assert r.exit_code == 2 and "results file not found" in r.output
    r = runner.invoke(app, ["compare", str(results_csv), str(results_csv), "--out", str(tmp_path / "c"), "--no-plots"])
    assert r.exit_code == 0, r.output
    assert "B's vdmfma vs A's default: geomean B/A" in r.output  # a run against itself: its best against its default


def test_a_report_and_a_compare_are_utf8_whatever_the_locale_and_a_rerun_reads_its_own_summary(tmp_path):
    """Under an ASCII locale the report's files still hold "µs" and the device's "µ", as UTF-8; the second report
    into the same --out reads summary.csv back (is it a report of these results?) and is redone in place."""
    results = tmp_path / "results.csv"
    write_rows([r.replace(device="SYNTHETIC µ-GPU") if r.device else r for r in synthetic_rows()], results)

    def vdmfma(*args: str) -> None:
        done = subprocess.run([sys.executable, "-m", "iree_vdmfma.cli", *args], capture_output=True, text=True,
                              encoding="utf-8", env={**os.environ, **ASCII_LOCALE, "PYTHONPATH": str(ROOT)},
                              timeout=300)
        assert done.returncode == 0, done.stdout + done.stderr

    for _ in range(2):
        vdmfma("report", str(results), "--baseline", "padded", "--out", str(tmp_path / "rep"), "--no-plots")
    vdmfma("compare", str(results), str(results), "--out", str(tmp_path / "cmp"), "--no-plots")
    for name in ("rep/report.md", "rep/index.md", "rep/summary.csv", "cmp/compare.csv", "cmp/compare.md"):
        assert "µ".encode("utf-8") in (tmp_path / name).read_bytes(), name
        (tmp_path / name).read_bytes().decode("utf-8")  # all of it UTF-8
    assert "SYNTHETIC µ-GPU" in set(pd.read_csv(tmp_path / "rep" / "summary.csv")["device"])


def test_md_table_escapes():
    t = md_table(pd.DataFrame({"a": ["x|y", ""], "b": [1.23456, float("nan")]}), {"b": ".2f"})
    assert t.splitlines()[2] == "| x\\|y | 1.23 |" and t.splitlines()[3] == "| — | — |"


def test_compile_rows_fold_into_measured_rows(tmp_path):
    """A sweep may keep the compile-only row ('' cache) next to its hot/cold rows: no double counting."""
    static_only = dict(smfmac=None, mfma=None, vgpr=None, agpr=None, lds_bytes=None, waves_per_simd=None, workgroups=None)
    run = [r.replace(**static_only) for r in synthetic_rows(caches=("cold",))]
    compile_rows = [_row(d, m, n, k, v, "", None, status="compiled") for d, m, n, k in SHAPES for v in FACTORS.keys() | {"padded"}]
    failed = _row("f16", 64, 64, 64, "vdmfma", "", None, status="compile-error", error="E1")
    p = tmp_path / "r.csv"
    write_rows(run + compile_rows + [failed], p)
    res = build_report(p, out_dir=tmp_path / "rep", plots=False)
    s = res.summary
    assert len(s) == len(run) + 1 and any("compile-only row(s)" in n for n in res.notes)
    v = s[(s.variant == "vdmfma") & (s.cache_mode == "cold")]
    assert (v.vgpr == 96).all() and (v.smfmac == 64).all() and v.included.all()
    assert s[s.key == "f16_64x64x64"].excluded_reason.iloc[0] == "compile-error: E1"


def test_a_report_is_rebuilt_only_when_its_results_or_options_change(results_csv, tmp_path):
    from iree_vdmfma.report.once import build_report_once

    out = tmp_path / "once"
    assert build_report_once(results_csv, out, baseline="padded", plots=False) is not None
    built = (out / "report.md").stat().st_mtime_ns
    assert build_report_once(results_csv, out, baseline="padded", plots=False) is None  # same bytes, same options
    assert (out / "report.md").stat().st_mtime_ns == built
    assert build_report_once(results_csv, out, baseline="vdmfma", plots=False) is not None  # other options
    rows = read_rows(results_csv)
    write_rows([rows[0].replace(latency_us_median=(rows[0].latency_us_median or 1.0) * 2)] + rows[1:], results_csv)
    assert build_report_once(results_csv, out, baseline="vdmfma", plots=False) is not None  # other rows
    (out / "index.md").unlink()
    assert build_report_once(results_csv, out, baseline="vdmfma", plots=False) is not None  # a report gone missing


@pytest.mark.parametrize("other, why", [
    (dict(cache_mode="hot"), "different cache modes (hot, cold)"),
    (dict(timing_mode="loop"), "different timing modes (loop, cmdbuf)"),
    (dict(device_name="another GPU"), "different devices (another GPU, one GPU)"),
])
def test_a_report_never_judges_a_variant_against_a_baseline_timed_another_way(tmp_path, other, why):
    # the baseline has only a row timed another way: no speedup, no verdict, no geomean, and the reason says so
    base = dict(timing_mode="cmdbuf", device_name="one GPU", kernel_fingerprint="b" * 16)
    rows = [_row("f16", 8, 2304, 8192, "padded", other.get("cache_mode", "cold"), 100.0, **{**base, **other}),
            _row("f16", 8, 2304, 8192, "vdmfma", "cold", 50.0, **{**base, "kernel_fingerprint": "v" * 16})]
    write_rows(rows, tmp_path / "r.csv")
    res = build_report(tmp_path / "r.csv", out_dir=tmp_path / "rep", plots=False)
    v = res.summary[res.summary.variant == "vdmfma"].iloc[0]
    assert not v.included and v.verdict == "" and v.speedup != v.speedup and why in v.excluded_reason
    assert not res.compared


def test_a_console_that_cannot_print_mu_gets_an_escape_and_the_command_finishes(tmp_path):
    """LC_ALL=C without Python's UTF-8 mode: stdout is ASCII. The report's console lines ("µs", "—") come out
    escaped and the command exits 0 with its files written, instead of a UnicodeEncodeError traceback mid-way."""
    results = tmp_path / "results.csv"
    write_rows(synthetic_rows(), results)
    env = {k: v for k, v in {**os.environ, **ASCII_LOCALE, "PYTHONPATH": str(ROOT)}.items() if k != "PYTHONIOENCODING"}
    done = subprocess.run([sys.executable, "-m", "iree_vdmfma.cli", "report", str(results), "--baseline", "padded",
                           "--out", str(tmp_path / "rep"), "--no-plots"], capture_output=True, env=env, timeout=300)
    assert done.returncode == 0 and b"Traceback" not in done.stderr, (done.stdout + done.stderr).decode("ascii", "replace")
    done.stdout.decode("ascii")  # nothing but ASCII reached the console...
    assert b"\\u" in done.stdout or b"\\x" in done.stdout  # ...where a character it cannot print stands escaped
    assert (tmp_path / "rep" / "report.md").is_file()
