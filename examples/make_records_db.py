"""Make the example tuning-record database: the committed H100 tune as records.

    python examples/make_records_db.py            # (re)writes examples/tune-h100.sqlite
    python examples/make_records_db.py --check    # exit 1 when the committed file holds other records

Imports ``reports/tune-h100`` (the tune measured on the lent NVIDIA H100 80GB HBM3 for sm_89 on
2026-11-22: 126 measured candidates and 6 winners; its SKU from the folder's env.txt) exactly as ``vdmfma db
import reports/tune-h100 --recorded-at 2026-11-22T00:00:00Z`` does, run from the repository root so every
record's origin is the relative folder. Its rows predate the ``measured_at`` column, hence the date, which
the folder's notes.md gives. The file is left in SQLite's rollback-journal mode and vacuumed: one small
self-contained file that ``vdmfma db query``/``library build --db`` read without changing it.

The committed file was written at records schema 1 and is kept so: tests/test_records.py reads it as a real
schema-1 database (read as it is, migrated in place only when opened for writing). ``--check`` compares the
records (their checksums survive the migration), not the schema; a rewrite here writes the current schema.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
DB = ROOT / "examples" / "tune-h100.sqlite"
TUNE = "reports/tune-h100"
WHEN = "2026-11-22T00:00:00Z"


def records() -> list:
    from iree_vdmfma.records.ingest import tune_records

    here = os.getcwd()
    os.chdir(ROOT)  # the origin recorded is the folder as given: relative to the repository
    try:
        return tune_records(TUNE, recorded_at=WHEN).records
    finally:
        os.chdir(here)


def stale(path: Path = DB) -> list[str]:
    """What differs between the committed database and a fresh import (checksums: one per record)."""
    from iree_vdmfma.records.db import RecordDB

    with RecordDB(path, write=False) as db:
        read = db.read()
    have, want = {r.checksum for r in read.records}, {r.checksum for r in records()}
    return read.damaged + [f"{len(want - have)} record(s) missing", f"{len(have - want)} record(s) extra"] \
        if read.damaged or have != want else []


def main() -> int:
    from iree_vdmfma.records.db import RecordDB

    args = sys.argv[1:]
    if args and args != ["--check"]:  # --help too: nothing is written unless asked for exactly
        print(__doc__.split("\n\n")[1], file=sys.stderr if args[0] not in ("-h", "--help") else sys.stdout)
        return 0 if args[0] in ("-h", "--help") else 2
    if "--check" in args:
        problems = stale()
        print("\n".join(problems) or f"{DB.relative_to(ROOT)} is up to date")
        return 1 if problems else 0
    DB.unlink(missing_ok=True)
    with RecordDB(DB) as db:
        added = db.add(records())
        db.conn.execute("PRAGMA journal_mode=DELETE")
        db.conn.execute("VACUUM")
    print(f"wrote {DB.relative_to(ROOT)}: {added} records")
    return 0


if __name__ == "__main__":
    sys.exit(main())
