"""What a reader of a report needs (issue 15): derived columns, names, titles, index.md, plots that open.

All result rows here are SYNTHETIC (hand-made ResultRow values); they are not measurements.
"""

from __future__ import annotations

import math
import re

import matplotlib.image as mpimg
import pytest

from iree_vdmfma.cli.core_cmds import _options
from iree_vdmfma.problems.rows import ResultRow, write_rows
from iree_vdmfma.report.report import build_report

DEVICE = "SYNTHETIC-MI300X (test data)"
# qwen7b down projection at M=32 (N=3584, K=18944), the case of the issue: VDMFMA tiles M by 8
N, K = 3584, 18944
WGS = {"vdmfma": 224, "padded": 112, "default": 56}
MEDIAN = {"padded": 100.0, "vdmfma": 80.0, "default": 95.0}


def _row(variant, cache="cold", m=32, name="qwen7b_down_m32", **kw) -> ResultRow:
    med = MEDIAN[variant]
    d = dict(name=name, m=m, n=N, k=K, batch=1, dtype="f16", target="gfx942", variant=variant, status="ok",
             key=f"f16_{m}x{N}x{K}", cache_mode=cache, workgroups=WGS[variant], waves_per_simd=2, vgpr=100,
             smfmac=0, mfma=64, lds_bytes=20000, spills=0, mma_kind="K", intended_mma_kind="K")
    if cache:
        d.update(device=DEVICE, numerics="pass", reps=10, latency_us_median=med, latency_us_std=med * 0.01,
                 latency_us_min=med * 0.98, latency_us_max=med * 1.03,
                 gbps=N * K * 2 / (med * 1e3), tflops=2 * m * N * K / (med * 1e6))
    d.update(kw)
    return ResultRow(**d)


@pytest.fixture(scope="module")
def report(tmp_path_factory):
    """One report of the SYNTHETIC rows for the tests that read it (they only read: plots are drawn once)."""
    tmp = tmp_path_factory.mktemp("report")
    rows = [_row(v, c) for v in WGS for c in ("hot", "cold")]
    rows += [_row(v, "cold", m=8, name="", workgroups=56) for v in WGS]  # no name given: the key stands in
    p = tmp / "run1" / "results.csv"
    write_rows(rows, p)
    return build_report(p, baseline="padded", out_dir=tmp / "rep")


def test_derived_columns_match_an_independent_computation(report):
    s = report.summary.set_index(["key", "variant", "cache_mode"])
    weights = N * K * 2  # f16: 2 bytes
    for variant, m_tile in (("vdmfma", 8), ("padded", 16)):
        r = s.loc[(f"f16_32x{N}x{K}", variant, "cold")]
        assert r.weight_bytes == weights
        assert r.m_tiles == 32 // m_tile  # VDMFMA: 4 M tiles, each re-reading the weights
        assert r.weight_bytes_read == weights * (32 // m_tile)
        assert r.pct_cus_busy == pytest.approx(100 * min(WGS[variant], 304) / 304)
        assert r.flops == 2 * 32 * N * K
        assert r.arith_intensity == pytest.approx(2 * 32 * N * K / (32 * K * 2 + N * K * 2 + 32 * N * 4))
        assert r.pct_peak_tflops == pytest.approx(r.tflops / 1307.4 * 100)
    d = s.loc[(f"f16_32x{N}x{K}", "default", "cold")]
    assert math.isnan(d.m_tiles) and math.isnan(d.weight_bytes_read)  # IREE's own tile is not known
    assert s.loc[(f"f16_8x{N}x{K}", "vdmfma", "cold")].m_tiles == 1
    # the speedup's noise interval: baseline interval over the variant's (median ± 2 std on each side)
    v = s.loc[(f"f16_32x{N}x{K}", "vdmfma", "cold")]
    assert v.speedup_lo == pytest.approx((100 - 2 * 1.0) / (80 + 2 * 0.8))
    assert v.speedup_hi == pytest.approx((100 + 2 * 1.0) / (80 - 2 * 0.8))
    assert v.speedup_lo < v.speedup < v.speedup_hi
    md = report.paths["report"].read_text()
    assert "(×4 re-read)" in md and "(×2 re-read)" in md and "waves/SIMD (MODELLED)" in md


def test_names_appear_in_tables_with_the_key_in_the_next_column(report):
    md = report.paths["report"].read_text()
    assert re.search(rf"\| qwen7b_down_m32 \| f16_32x{N}x{K} \| vdmfma \|", md)
    assert re.search(rf"\| f16_8x{N}x{K} \| f16_8x{N}x{K} \| padded \|", md)  # no name given: the key
    per_shape = md.split("## Per shape")[1].split("## Static")[0]
    assert "qwen7b_down_m32" in per_shape
    for table in per_shape.split("\n### ")[1:]:  # one table per target and cache mode
        keys = [line.split(" | ")[1] for line in table.splitlines() if line.startswith("| ") and "µs" not in line]
        assert len(keys) >= 3 and keys == sorted(keys, key=keys.index)  # each shape's variants together
        assert len(set(keys)) == len([k for i, k in enumerate(keys) if i == 0 or keys[i - 1] != k])


def test_a_report_opens_with_its_result_a_pivot_and_the_best_variant_per_shape(report):
    rep = report.paths["report"].parent
    index = (rep / "index.md").read_text()
    lead = index.split("## What was measured")[0]
    # vdmfma 80 us and default 95 us against padded 100 us: 1.25x and 1.05x (SYNTHETIC rows)
    assert "geomean speedup over `padded` — `vdmfma` 1.25x" in lead and "`default` 1.05x" in lead
    assert "![geomean speedup of each variant](headline.png)" in lead
    assert "| shape | padded | default | vdmfma | best |" in lead
    assert "| qwen7b_down_m32 | 100 · " in lead and "vdmfma (1.25x, win) |" in lead
    md = report.paths["report"].read_text()
    assert "(SUMMARY_DOC)" not in index and "SUMMARY_DOC" not in md and "## Column definitions" in md
    assert "- **median µs**: median latency" in md and "| waves_per_simd | MODELLED occupancy" in md
    defs = [line for line in md.splitlines() if line.startswith("- **") and "(MODELLED)**:" in line]
    assert defs and not [d for d in defs if "MODELLED" in d.split("**:", 1)[1]], defs  # the label once, not twice
    import pandas as pd

    piv = pd.read_csv(rep / "pivot.csv")
    assert len(piv) == 3 and set(piv["best"].str.split(" ").str[0]) == {"vdmfma"}


def test_title_says_what_ran_where_and_index_links_every_png_which_opens(report):
    md = report.paths["report"].read_text()
    assert md.startswith(f"# VDMFMA report: run1 — measured on {DEVICE} [gfx942]")
    rep = report.paths["report"].parent
    index = (rep / "index.md").read_text()
    assert "Measured:" in index and "Modelled, not measured:" in index
    pngs = sorted(rep.glob("*.png"))
    assert {p.stem.split("_")[0] for p in pngs} == {"headline", "weights", "speedup", "bandwidth", "static"}
    for p in pngs:
        assert f"]({p.name})" in index, p.name
        img = mpimg.imread(p)
        assert img.shape[0] > 200 and img.shape[1] > 400
    for name in ("report.md", "summary.csv", "groups.csv"):
        assert f"]({name})" in index


def test_static_report_index_says_nothing_was_measured(tmp_path):
    p = tmp_path / "seed.csv"
    write_rows([_row(v, "") for v in WGS], p)
    res = build_report(p, baseline="padded", out_dir=tmp_path / "rep", plots=False)
    index = res.paths["index"].read_text()
    assert "# VDMFMA report: seed — compile-only for gfx942" in index and "Nothing was measured" in index
    lead = index.split("## What was measured")[0]  # the result first: statuses and the ISA per shape x variant
    assert "**Compile-only for gfx942, nothing timed: `default` 1/1 ok" in lead and "no speedup is claimed" in lead
    assert "| shape | padded | default | vdmfma |" in lead and "| qwen7b_down_m32 | 0 v_smfmac · 64 v_mfma · 100 VGPR" in lead
    assert "reported by the compiler" not in str(res.summary.columns) and "MODELLED" in \
        __import__("iree_vdmfma.report.summary", fromlist=["SUMMARY_DOC"]).SUMMARY_DOC["waves_per_simd"]


def test_a_single_variant_report_claims_no_comparison(tmp_path):
    p = tmp_path / "cpu.csv"
    write_rows([_row("padded", c).replace(variant="cpu", target="host", device="local-task") for c in ("hot", "cold")], p)
    md = build_report(p, baseline="cpu", out_dir=tmp_path / "rep", plots=False).paths["report"].read_text()
    md = md.split("## Column definitions")[0]
    assert "0 compared" not in md and "every row was compared" not in md and "geomean speedup" not in md
    assert "nothing to compare it with" in md


def test_a_repeated_variant_is_swept_once(tmp_path):
    assert list(_options("gfx942", "vdmfma,padded,vdmfma", tmp_path, None, True, 1, 10.0, False).variants) == \
        ["vdmfma", "padded"]


def test_results_csv_is_readable_by_everyone(tmp_path):
    import os

    old = os.umask(0o022)
    try:
        write_rows([_row("padded")], tmp_path / "results.csv")
    finally:
        os.umask(old)
    assert (tmp_path / "results.csv").stat().st_mode & 0o777 == 0o644


def test_a_cuda_report_names_the_gpu_and_shows_pct_of_its_hbm_peak(tmp_path):
    # SYNTHETIC rows shaped like the H100 sweep's (target sm_89 PTX, device cuda, driver name H100):
    # the peak comes from the device's name, not from the compile target
    rows = [_row(v, "cold", target="sm_89", device="cuda", device_name="NVIDIA H100 80GB HBM3", device_arch="sm_90")
            for v in ("default", "padded")]
    write_rows(rows, tmp_path / "h100" / "results.csv")
    res = build_report(tmp_path / "h100" / "results.csv", baseline="default", out_dir=tmp_path / "rep", plots=False)
    md = (tmp_path / "rep" / "report.md").read_text()
    assert "measured on NVIDIA H100 80GB HBM3 (cuda)" in md.splitlines()[0]
    assert "against the 3350 GB/s HBM peak" in md and "% HBM peak" in md
    assert "% compute peak" not in md.split("## Column definitions")[0]  # no H100 compute peak: no empty column
    s = res.summary.set_index("variant")
    assert s.loc["padded", "pct_peak_bw"] == pytest.approx(s.loc["padded", "gbps"] / 3350 * 100)


# ------------------------------------------------------------------ results files from pandas and other tools
# (issue 19 item 6, issue 22 item 6). The rows are SYNTHETIC; what is tested is reading them back.


def _two_sweeps(tmp_path):
    """A compile-only sweep (15 rows) and a measured one (30 rows) of the same shapes, as results.csv files."""
    keys = [(m, f"s{m}") for m in (1, 2, 4, 8, 16)]
    a = [_row(v, "", m=m, name=name) for v in WGS for m, name in keys]
    b = [_row(v, c, m=m, name=name, max_abs_err=0.0, compile_s=1.2345678) for v in WGS for m, name in keys
         for c in ("hot", "cold")]
    pa, pb = tmp_path / "a" / "results.csv", tmp_path / "b" / "results.csv"
    write_rows(a, pa)
    write_rows(b, pb)
    return pa, pb


def test_a_pandas_concat_of_two_sweeps_keeps_every_row(tmp_path):
    import pandas as pd

    from iree_vdmfma.problems.rows import read_results

    pa, pb = _two_sweeps(tmp_path)
    both = tmp_path / "both.csv"
    pd.concat([pd.read_csv(pa), pd.read_csv(pb)]).to_csv(both, index=False)
    assert ",10.0," in both.read_text()  # pandas re-formatted the ints of the measured rows (reps 10 -> 10.0)
    read = read_results(both)
    assert (len(read.rows), read.damaged, read.unverified) == (45, [], 0)  # 30 of 45 were lost to the text checksum
    res = build_report(both, baseline="padded", out_dir=tmp_path / "rep")
    assert len(res.summary) == 30 and not any("damaged" in n for n in res.notes)  # 15 compile rows folded in


def test_a_value_edited_after_a_pandas_round_trip_is_still_caught(tmp_path):
    import pandas as pd

    from iree_vdmfma.problems.rows import read_results

    _, pb = _two_sweeps(tmp_path)
    df = pd.read_csv(pb)
    df.loc[3, "latency_us_median"] = 1.0
    df.to_csv(tmp_path / "edited.csv", index=False)
    read = read_results(tmp_path / "edited.csv")
    assert len(read.rows) == 29 and read.damaged == ["line 5: checksum does not match its values (edited or cut off)"]


def test_checksums_stay_those_of_the_text_written_so_older_readers_and_files_agree(tmp_path):
    import csv
    import hashlib

    from iree_vdmfma.problems.rows import row_checksum

    # the format, spelled out: the first 16 hex digits of the SHA-256 of the cells as written, joined by the
    # ASCII unit separator (0x1f); pinned on one row as well, so a change of the hash shows here
    # (printf 'f16_8x256x1024\x1f8\x1f256\x1f1.5\x1f' | sha256sum)
    assert row_checksum(["f16_8x256x1024", "8", "256", "1.5", ""]) == "9b25960044e11285"
    _, pb = _two_sweeps(tmp_path)
    with pb.open(newline="") as f:
        for d in csv.DictReader(f):
            cells = [v for c, v in d.items() if c != "checksum"]
            assert d["checksum"] == hashlib.sha256("\x1f".join(cells).encode()).hexdigest()[:16]


def test_a_foreign_results_file_without_checksum_key_or_name_is_read_and_said_to_be_unverified(tmp_path):
    import pandas as pd
    from typer.testing import CliRunner

    from iree_vdmfma.cli import app

    _, pb = _two_sweeps(tmp_path)
    foreign = tmp_path / "foreign.csv"
    pd.read_csv(pb).drop(columns=["checksum", "key", "name", "batch"]).to_csv(foreign)  # index column too
    res = CliRunner().invoke(app, ["report", str(foreign), "--out", str(tmp_path / "rep"), "--no-plots"])
    assert res.exit_code == 0, res.output  # was "no result rows to report"
    assert "30 row(s) without a checksum" in res.stderr and "not verified" in res.stderr
    assert "measured report, baseline padded: 30 rows, 0 excluded" in res.stdout
    assert "not verified" in (tmp_path / "rep" / "report.md").read_text()


def test_report_counts_the_rows_it_left_out_and_why_on_the_console(tmp_path):
    from typer.testing import CliRunner

    from iree_vdmfma.cli import app

    _, pb = _two_sweeps(tmp_path)
    lines = pb.read_text().splitlines()
    lines[2] = lines[2].replace(",10,", ",11,", 1)  # reps edited by hand
    pb.write_text("\n".join(lines) + "\n")
    res = CliRunner().invoke(app, ["report", str(pb), "--out", str(tmp_path / "rep"), "--no-plots"])
    assert res.exit_code == 0, res.output
    assert "1 damaged row(s) left out" in res.stderr and "checksum does not match its values" in res.stderr


def test_a_results_file_saved_with_a_byte_order_mark_is_read_whole(tmp_path):
    """Excel's "CSV UTF-8" starts the file with a BOM: its first column was '\\ufeffname', so every row's checksum
    failed and report said only "no result rows to report"."""
    from iree_vdmfma.problems.rows import read_results

    _, pb = _two_sweeps(tmp_path)
    bom = tmp_path / "bom.csv"
    bom.write_bytes(b"\xef\xbb\xbf" + pb.read_bytes())
    read = read_results(bom)
    assert (len(read.rows), read.damaged) == (30, [])
    lines = pb.read_bytes().splitlines(keepends=True)
    latin = tmp_path / "latin1.csv"
    latin.write_bytes(b"".join(lines[:3] + [lines[3].replace(b",", b",\xe9", 1)] + lines[4:]))
    with pytest.raises(ValueError) as e:  # it said Python's "'utf-8' codec can't decode byte 0xe9 in position 4"
        read_results(latin)
    assert str(e.value).endswith("(not UTF-8 text (byte 0xe9 on line 4))"), e.value


def test_a_results_file_with_no_row_left_names_the_file_and_why_for_report_and_compare(tmp_path):
    """Every row damaged (a column deleted by hand) or none at all: report said "no result rows to report" and
    compare "--pair default:default: run B has no variant default (its variants: )", neither naming the file."""
    from typer.testing import CliRunner

    from iree_vdmfma.cli import app

    _, pb = _two_sweeps(tmp_path)
    cut = tmp_path / "cut.csv"
    cut.write_text("".join(",".join(line.split(",")[:40] + line.split(",")[41:])
                           for line in pb.read_text().splitlines(keepends=True)))
    empty = tmp_path / "empty.csv"
    empty.write_text(pb.read_text().splitlines(keepends=True)[0])
    for args, says in ((["report", str(cut)], f"no result rows to report: {cut}: 30 damaged row(s) left out"),
                       (["report", str(empty)], f"no result rows to report in {empty}"),
                       (["compare", str(pb), str(cut)], f"run B ({cut}) holds no result row: {cut}: 30 damaged row(s)"),
                       (["compare", str(empty), str(pb)], f"run A ({empty}) holds no result row")):
        res = CliRunner().invoke(app, [*args, "--out", str(tmp_path / "o"), "--no-plots"])
        lines = [line for line in res.output.splitlines() if line.strip()]
        assert res.exit_code == 2 and len(lines) == 1 and lines[0].startswith(f"error: {says}"), res.output


def test_compare_with_a_pandas_resave_matches_every_row_and_with_nothing_matched_exits_1(tmp_path):
    import pandas as pd
    from typer.testing import CliRunner

    from iree_vdmfma.cli import app

    pa, pb = _two_sweeps(tmp_path)
    resaved = tmp_path / "resaved.csv"
    pd.read_csv(pb).to_csv(resaved, index=False)
    pairs = [a for v in sorted(set(pd.read_csv(pb)["variant"])) for a in ("--pair", f"{v}:{v}")]
    same = CliRunner().invoke(app, ["compare", str(pb), str(resaved), "--out", str(tmp_path / "c1"), "--no-plots",
                                    *pairs])
    assert same.exit_code == 0, same.output
    assert ": 30 rows in both, 0 only in A, 0 only in B" in same.stdout  # was: every row 'only in A'
    other = tmp_path / "other.csv"
    write_rows([_row(v, "cold", m=3, name="x") for v in WGS], other)
    none = CliRunner().invoke(app, ["compare", str(pb), str(other), "--out", str(tmp_path / "c2"), "--no-plots"])
    assert none.exit_code == 1, none.output  # was exit 0 with "geomean nan over 0"
    lines = [line for line in none.output.splitlines() if line.strip()]
    assert len(lines) == 1 and lines[0].startswith("nothing to compare: no problem (key, target, cache_mode) of a pair"), none.output


def test_comparing_two_compile_only_runs_says_there_is_no_latency_ratio_and_points_to_the_static_deltas(tmp_path):
    from pathlib import Path

    from typer.testing import CliRunner

    from iree_vdmfma.cli import app

    seed = Path(__file__).resolve().parents[1] / "reports" / "seed-gfx942" / "results.csv"  # a real compile-only run
    res = CliRunner().invoke(app, ["compare", str(seed), str(seed), "--out", str(tmp_path / "c"), "--no-plots"])
    assert res.exit_code == 0, res.output
    for v in ("default", "padded", "vdmfma"):  # compile-only: each run's variant paired with the other's same one
        assert (f"gfx942      B's {v} vs A's {v}: — (no latency ratio: none of 6 rows was timed in both runs; static "
                "deltas in compare.md)") in res.stdout, res.stdout
    assert "comparable" not in res.stdout and "nan" not in res.stdout
