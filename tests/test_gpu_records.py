"""The committed GPU records database (reports/gpu-records.sqlite): every lent GPU's measured records, imported from
the committed reports by benchmarks/import_gpu_records.py, and a summary rebuilt from it alone that gives the
committed H200 tables' numbers. No compile, no device: the CSVs and the database are read in this process."""

from __future__ import annotations

import re
import sys
from collections import Counter
from pathlib import Path

import pytest

from iree_vdmfma.records.db import (CALIBRATION, CANDIDATE, EXHAUSTIVE, FORWARD, REWRITTEN, SWEEP, WINNER, RecordDB)
from iree_vdmfma.records.summary import summary_lines

ROOT = Path(__file__).resolve().parents[1]
DB = ROOT / "reports" / "gpu-records.sqlite"
H100, H200 = "NVIDIA H100 80GB HBM3", "NVIDIA H200"
sys.path.insert(0, str(ROOT / "benchmarks"))


@pytest.fixture(scope="module")
def records():
    with RecordDB(DB, write=False) as db:
        read = db.read()
    assert not read.damaged
    return read.records


@pytest.fixture(scope="module")
def imported(records):
    """The records imported from the committed reports (later loans' merged records have no provenance)."""
    return [r for r in records if r.provenance]


@pytest.fixture(scope="module")
def rebuilt(imported) -> dict[str, dict[str, list[list[str]]]]:
    """The summary rebuilt from the database's imported records: per SKU section, per table title, its rows'
    cells (later loans add rows of other timing modes beside them)."""
    tables: dict[str, dict[str, list[list[str]]]] = {}
    title = ""
    for line in summary_lines(imported):
        if line.startswith("### "):
            sku, _, title = line[4:].partition(": ")
            tables.setdefault(sku, {})[title] = []
        elif line.startswith("| ") and title and not line.startswith("| shape |") and not line.startswith("| layer |"):
            tables[sku][title].append([c.strip() for c in line.strip("|").split("|")])
    return tables


def committed(report: str, heading: str) -> list[list[str]]:
    """The body rows of the first table under ``heading`` in a committed report's index.md."""
    lines = (ROOT / "reports" / report / "index.md").read_text().splitlines()
    at = next(i for i, line in enumerate(lines) if line.startswith("## ") and heading in line)
    body = []
    for line in lines[at + 1:]:
        if line.startswith("## "):
            break
        if line.startswith("|") and not line.startswith("|---"):
            body.append([c.strip() for c in line.strip("|").split("|")])
    return body[1:]


def first_number(cell: str) -> str:
    m = re.search(r"\d+(\.\d+)?", cell.replace("*", ""))
    return m.group(0) if m else ""


def row_named(rows: list[list[str]], name: str) -> list[str]:
    found = [r for r in rows if r[0] == name]
    assert len(found) == 1, (name, [r[0] for r in rows])
    return found[0]


def test_the_database_holds_the_h100_tune_and_sweeps_and_both_h200_sessions(records, imported):
    by = Counter((r.sku_name, r.origin, r.kind) for r in records)
    assert by[(H100, "reports/tune-h100", CANDIDATE)] == 126 and by[(H100, "reports/tune-h100", WINNER)] == 6
    assert by[(H100, "reports/gpu-h100-seed", SWEEP)] == 36 and by[(H100, "reports/gpu-h100-tuned", SWEEP)] == 48
    h200 = {kind for (sku, origin, kind) in by if sku == H200 and origin == "reports/gpu-evidence-h200"}
    assert h200 == {CALIBRATION, CANDIDATE, SWEEP}
    h200_2 = {kind for (sku, origin, kind) in by if sku == H200 and origin == "reports/gpu-evidence-h200-2"}
    assert h200_2 == {CALIBRATION, CANDIDATE, WINNER, EXHAUSTIVE, FORWARD}
    # provenance: the date, the commit each session names, the versions; never trusted as a run's own state
    for r in imported:
        assert r.provenance.startswith(REWRITTEN) and r.recorded_at[:10] in ("2026-11-22", "2026-11-26")
        assert r.compiler_version.startswith("3.13.0") and r.driver_version == "580.159.04" and r.toolkit_commit
    assert {r.toolkit_commit for r in records if r.origin == "reports/gpu-evidence-h200-2"} == {"da8ccab"}
    # a later loan's records, merged from its bundle: measured by the run that wrote them, from a named commit
    for r in records:
        if not r.provenance:
            assert r.origin.startswith("gpu_evidence ") and r.toolkit_commit and r.recorded_at[:10] >= "2026-11-28"
            assert r.sku_name in (H100, H200) and r.compiler_version.startswith("3.13.0")
    # sweep rows keep the tuned config they ran (the library of reports/tune-h100)
    tuned = [r for r in records if r.kind == SWEEP and r.variant == "tuned"]
    assert tuned and all("mma=gemv" in r.knobs for r in tuned)


def test_the_committed_database_is_a_fresh_import_of_the_reports_and_its_summary_is_rebuilt_from_it():
    import import_gpu_records

    assert import_gpu_records.stale() == []


def test_a_fresh_import_keeps_the_records_later_loans_merged(records, tmp_path):
    """Re-importing the reports (import_gpu_records.py) rebuilds the imported records and keeps every merged one: a
    loan's measurements exist nowhere else."""
    import shutil

    import import_gpu_records

    db, md = tmp_path / "gpu-records.sqlite", tmp_path / "gpu-records.md"
    shutil.copyfile(DB, db)
    import_gpu_records.write(db, md)
    with RecordDB(db, write=False) as held:
        again = held.read().records
    merged = {r.checksum for r in records if not r.provenance}
    assert merged and {r.checksum for r in again} == {r.checksum for r in records}
    assert md.read_text() == (ROOT / "reports" / "gpu-records.md").read_text()


def test_the_rebuilt_h200_tables_give_the_committed_numbers_of_the_second_session(rebuilt):
    winners = rebuilt[H200]["Tuned vs IREE's default: the tunes' winners"]
    sweeps = rebuilt[H200]["Sweeps: default, tuned, split-K and the vendor library"]
    seed = committed("gpu-evidence-h200-2", "Seed shapes")
    checked = 0
    for row in seed:
        if not re.fullmatch(r"\d+x\d+x\d+", row[0]):
            continue  # the 'left by the budget' line
        got = row_named(winners, f"f16_{row[0]}")
        assert [first_number(c) for c in row[1:4]] == [first_number(c) for c in got[1:4]], row
        assert first_number(row[4]) == row_named(sweeps, f"f16_{row[0]}")[5]  # cuBLAS, the first session's
        checked += 1
    for row in committed("gpu-evidence-h200-2", "Held-out decode shapes"):
        if row[1] != "8":
            continue
        got = row_named(winners, f"llama3-8b.{row[0].split()[0]}.m8.f16")
        assert [first_number(c) for c in row[2:5]] == [first_number(c) for c in got[1:4]], row
        checked += 1
    forward = {(r[1], r[2]): r for r in rebuilt[H200]["The forward"]}
    for row in committed("gpu-evidence-h200-2", "The forward"):
        for cache, cell in (("hot", row[1]), ("cold", row[2])):
            assert [c.strip() for c in cell.split("/")] == forward[(row[0], cache)][3:6], (row, cache)
            checked += 1
    assert checked == 4 + 4 + 6


def test_the_rebuilt_h200_tables_give_the_committed_numbers_of_the_first_session(rebuilt):
    sweeps = rebuilt[H200]["Sweeps: default, tuned, split-K and the vendor library"]
    checked = 0
    for row in committed("gpu-evidence-h200", "Held-out Llama-3-8B"):
        if "not timed" in row[2]:
            continue
        got = row_named(sweeps, f"llama3-8b.{row[0].split()[0]}.m{row[1]}.f16")
        assert (row[2], row[3]) == (got[2], got[8].split(" / ")[0]), row  # cold default, its % of HBM peak
        checked += 1
    for row in committed("gpu-evidence-h200", "Seed shapes"):
        if first_number(row[4]):
            assert row_named(sweeps, f"f16_{row[0]}")[5] == first_number(row[4]), row  # torch (cuBLAS)
            checked += 1
    assert row_named(sweeps, "f16_8x13312x16384")[2] == "275.3"  # '277.9 (275.3 in the sweep)'
    assert checked == 5 + 5


def test_no_ratio_mixes_two_skus_and_every_cell_names_its_source(records):
    lines = summary_lines(records)
    sections = [i for i, line in enumerate(lines) if line.startswith("## ")]
    assert [lines[i] for i in sections] == [f"## {H100}", f"## {H200}"]
    h100 = "\n".join(lines[sections[0]:sections[1]])
    # the H100's own sweep: tuned vs default 2.82x and torch vs tuned 1.29x on 8x2304x8192, all of one SKU's rows
    assert "| f16_8x2304x8192 | - | 124.6 | 44.1 | 95.9 | 34.3 | 2.82x | 1.29x |" in h100
    assert "reports/gpu-evidence" not in h100
    for line in lines:
        if line.startswith("| ") and not line.startswith(("| shape", "| layer", "| measured")):
            assert re.search(r"\[[a-z](, [a-z])*\] \|$", line), line


def test_only_a_timed_ok_row_is_a_measurement_and_a_table_of_a_live_run_is_trusted():
    from iree_vdmfma.devices.sku import Sku
    from iree_vdmfma.problems.rows import row_checksum
    from iree_vdmfma.records.evidence import Source, sweep_records, trusted

    rows = [r for r in csv_rows("gpu-evidence-h200/call3-sweep-seed-results.csv") if r["status"] == "ok"][:2]
    failed = {**rows[0], "status": "numerics-failed"}  # timed, but its numbers are wrong: no measurement
    untimed = {**rows[0], "cache_mode": "", "latency_us_median": ""}  # compiled only
    src = Source(Sku(name=H200), origin="here")
    assert [r.latency_us for r in sweep_records([failed, untimed, rows[1]], src)] == [float(rows[1]["latency_us_median"])]
    live = {**rows[1], "checksum": row_checksum(str(v or "") for k, v in rows[1].items() if k != "checksum")}
    assert [trusted(r) for r in sweep_records([rows[1], live], src)] == [False, True]  # paths rewritten: not trusted


def csv_rows(rel: str) -> list[dict]:
    import csv

    with (ROOT / "reports" / rel).open(newline="") as f:
        return list(csv.DictReader(f))


def test_a_shape_retuned_in_another_timing_mode_is_one_winner_row_its_newest(records):
    """A later loan's tune of a shape in cmdbuf mode supersedes its loop-mode winner: one row, one speedup in the
    geomean (a winner's timing mode is shown beside it, not a key of its own)."""
    from dataclasses import replace

    h100 = [r for r in records if r.kind == WINNER and r.sku_name.startswith("NVIDIA H100")]
    old = next(r for r in h100 if r.key == "f16_8x2304x8192")
    again = replace(old, timing_mode="cmdbuf", floor_us=7.5, speedup_vs_default=1.5, recorded_at="2030-01-01T00:00:00Z")
    lines = summary_lines([*h100, again])
    rows = [line for line in lines if line.startswith("| f16_8x2304x8192 |")]
    assert len(rows) == 1 and "| 1.50x |" in rows[0] and "| cmdbuf | 7.5 |" in rows[0], rows
    assert f"over {len(h100)} shape(s)" in next(line for line in lines if line.startswith("Geomean tuned"))


def test_a_ratio_divides_two_cells_of_one_loan_only(records):
    """Two loans are two runs on a machine that drifts between them: a sweep row whose tuned cell a later loan
    measured shows both latencies but no ratio ('across loans') and counts in no geomean; the same cells of one
    loan are divided as before."""
    from dataclasses import replace

    from iree_vdmfma.records.db import SWEEP
    from iree_vdmfma.records.summary import ACROSS

    h100 = [r for r in records if r.sku_name.startswith("NVIDIA H100")]
    row = lambda lines: next(line for line in lines if line.startswith("| f16_8x2304x8192 | - |"))  # noqa: E731
    geomean = lambda lines: next(line for line in lines if line.startswith("Geomean over"))  # noqa: E731
    before = summary_lines(h100)
    assert "| 2.82x | 1.29x |" in row(before) and "over 6 row(s)" in geomean(before)
    later = [replace(r, origin="gpu_evidence 20300101T000000Z/sweep-seed/call1/part0",
                     recorded_at="2030-01-01T00:00:00+00:00")
             if r.kind == SWEEP and r.key == "f16_8x2304x8192" and r.variant == "tuned" else r for r in h100]
    after = summary_lines(later)
    assert f"| 44.1 | 95.9 | 34.3 | {ACROSS} | {ACROSS} |" in row(after), row(after)
    assert "over 5 row(s)" in geomean(after) and "over 5: " in geomean(after), geomean(after)
