"""Import the committed GPU reports into the GPU records database, and rebuild its summary from it.

    python benchmarks/import_gpu_records.py           # (re)imports into reports/gpu-records.sqlite, merged loans
                                                      # kept, and rebuilds reports/gpu-records.md
    python benchmarks/import_gpu_records.py --check   # exit 1 when either differs from a fresh import

What each lent GPU measured before the evidence run kept records (records/db.py, schema 2), read from the CSVs
committed under reports/ (records/evidence.py): the H100's tune (reports/tune-h100), its seed sweep
(gpu-h100-seed) and the sweep of its tuned library (gpu-h100-tuned), 2026-11-22; the two H200 sessions of
benchmarks/gpu_evidence.py (gpu-evidence-h200, gpu-evidence-h200-2), 2026-11-26: calibrations, tune candidates and
winners, sweep rows, the race-vs-exhaustive check and the forward. The SKU comes from each folder's env.txt.
Every report had its lent-machine paths rewritten (or its tables trimmed, or predates row checksums), so no row
checksum verifies: each record's provenance says it was imported from a rewritten report, and the evidence run
never resumes from it or takes a rule from it (records/evidence.py ``trusted``). The commit each session ran is the
one its report names; the H100 reports name none, so theirs is the commit that added them. Run from anywhere:
origins are the folders relative to the repository. Later loans add their records with
``benchmarks/gpu_evidence.py --merge BUNDLE``, which rebuilds the same summary.
"""

from __future__ import annotations

import csv
import sys
from dataclasses import dataclass, replace
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
DB = ROOT / "reports" / "gpu-records.sqlite"
SUMMARY = ROOT / "reports" / "gpu-records.md"
COMPILER = "3.13.0rc20261016 @ 89ece87b89852100c0a4ac3d515e14842d090967"  # every lent run's (env.txt)


@dataclass(frozen=True)
class Report:
    folder: str
    commit: str
    date: str  # for rows without measured_at
    tables: tuple  # (kind, file, ...) read by import_report


REPORTS = (
    Report("reports/tune-h100", "unrecorded (report added in a8b3d81)", "2026-11-22T00:00:00Z",
           (("tune", "candidates.csv", "winners.csv"),)),
    Report("reports/gpu-h100-seed", "unrecorded (report added in a8b3d81)", "2026-11-22T00:00:00Z",
           (("sweep", "results.csv"),)),
    Report("reports/gpu-h100-tuned", "unrecorded (report added in 483937f)", "2026-11-22T00:00:00Z",
           (("sweep", "results.csv", "../tune-h100/winners.csv"),)),
    Report("reports/gpu-evidence-h200", "71047b0+fix", "2026-11-26T05:55:29Z",
           (("calibration", "calibration.csv"), ("tune", "call3-tune-seed-candidates.csv", None),
            ("sweep", "call3-sweep-seed-results.csv"), ("sweep", "call3-sweep-heldout-results.csv"),
            ("sweep", "call5-torch-seed-results.csv"))),
    Report("reports/gpu-evidence-h200-2", "da8ccab", "2026-11-26T09:10:43Z",
           (("calibration", "calibration-call1.csv"), ("calibration", "calibration-call2.csv"),
            ("tune", "seed-candidates.csv", "seed-winners.csv"), ("tune", "heldout-candidates.csv", "heldout-winners.csv"),
            ("tune", None, "forward-tune-winners.csv"), ("exhaustive", "exhaustive.csv"),
            ("forward", "forward.csv", "llama_layer:build"))),
)


# Wall seconds a step of a session spent on a table's items (its call's summary, call1-summary.md), so that
# `gpu_evidence.py --plan` estimates from records: (folder, file) -> seconds.
COSTS = {("reports/gpu-evidence-h200-2", "calibration-call1.csv"): 15.0,
         ("reports/gpu-evidence-h200-2", "seed-winners.csv"): 132.0,
         ("reports/gpu-evidence-h200-2", "heldout-winners.csv"): 142.0,
         ("reports/gpu-evidence-h200-2", "exhaustive.csv"): 19.0,
         ("reports/gpu-evidence-h200-2", "forward.csv"): 195.0}


def _costed(records: list, kind: str, seconds) -> list:
    """The records, those of ``kind`` with ``seconds`` shared over their items (shapes; a forward's M)."""
    from iree_vdmfma.records.evidence import with_cost

    if seconds is None:
        return records
    main = [r for r in records if r.kind == kind]
    items = len({(r.key, r.m) for r in main}) if kind != "calibration" else 1
    return [r for r in records if r.kind != kind] + with_cost(main, seconds, items)


def _rows(path: Path) -> list[dict]:
    with path.open(newline="") as f:
        return list(csv.DictReader(line for line in f if not line.startswith("#")))


def import_report(report: Report) -> list:
    """Every measured record of one committed report."""
    from iree_vdmfma.records.evidence import (Source, calibration_records, exhaustive_records, forward_records,
                                              sweep_records, tune_table_records)
    from iree_vdmfma.records.ingest import env_sku

    folder = ROOT / report.folder
    src = Source(sku=env_sku(folder), origin=report.folder, toolkit_commit=report.commit, compiler_version=COMPILER,
                 recorded_at=report.date, imported=f"{report.folder} (lent-machine paths rewritten)")
    out = []
    for kind, *files in report.tables:
        cost = COSTS.get((report.folder, files[-1] if kind == "tune" else files[0]))
        if kind == "tune":
            cands, wins = (_rows(folder / f) if f else [] for f in files)
            out += _costed(tune_table_records(cands, wins, src, target="sm_89", device="cuda"), "winner", cost)
        elif kind == "sweep":
            knobs = {r["key"]: r["winner"] for r in _rows(folder / files[1])} if len(files) > 1 else None
            out += sweep_records(_rows(folder / files[0]), src, knobs)
        elif kind == "calibration":
            out += _costed(calibration_records(_rows(folder / files[0]), src, target="sm_89"), "calibration", cost)
        elif kind == "exhaustive":
            out += _costed(exhaustive_records(_rows(folder / files[0]), src, target="sm_89", device="cuda"),
                           "exhaustive", cost)
        elif kind == "forward":  # its tuned forward compiled to the default's kernel: measured again
            src_f = replace(src, superseded="the tuned forward ran IREE's default kernel (finding 1 there, fixed since)")
            out += _costed(forward_records(_rows(folder / files[0]), src_f, layer=files[1], target="sm_89"), "forward",
                           cost)
    return out


def records() -> list:
    return [r for report in REPORTS for r in import_report(report)]


def write(db: Path = DB, summary: Path = SUMMARY) -> int:
    from iree_vdmfma.records.db import RecordDB
    from iree_vdmfma.records.summary import summary_lines

    merged = []  # what later loans merged (a run's own records): kept, never re-derived from a report
    if db.is_file():
        with RecordDB(db, write=False) as held:
            merged = [r for r in held.read().records if not r.provenance]
    db.unlink(missing_ok=True)
    with RecordDB(db) as out:
        added = out.add(records())
        out.add(merged)
        out.conn.execute("PRAGMA journal_mode=DELETE")  # one self-contained file to commit
        out.conn.execute("VACUUM")
        every = out.read().records
    summary.write_text("\n".join(summary_lines(every)) + "\n")
    return added


def stale(db: Path = DB, summary: Path = SUMMARY) -> list[str]:
    """What differs between the committed database's imported records (and its summary) and a fresh import; the
    records later loans merged (a run's own, no provenance) are not the import's to check."""
    from iree_vdmfma.records.db import RecordDB
    from iree_vdmfma.records.summary import summary_lines

    with RecordDB(db, write=False) as held:
        read = held.read()
    have, want = {r.checksum for r in read.records if r.provenance}, {r.checksum for r in records()}
    said = read.damaged + ([f"{len(want - have)} record(s) missing, {len(have - want)} extra"] if have != want else [])
    if not summary.is_file() or summary.read_text() != "\n".join(summary_lines(read.records)) + "\n":
        said.append(f"{summary.name} is not the summary of {db.name}")
    return said


def main() -> int:
    if "--check" in sys.argv[1:]:
        said = stale()
        print("\n".join(said) or f"{DB.relative_to(ROOT)} and {SUMMARY.relative_to(ROOT)} are up to date")
        return 1 if said else 0
    added = write()
    print(f"{DB.relative_to(ROOT)}: {added} records; {SUMMARY.relative_to(ROOT)} rebuilt from them")
    return 0


if __name__ == "__main__":
    sys.exit(main())
