"""What comes back from a lent machine and goes into the committed database: the bundle of DIR's evidence
(no modules, weights or dumps) written after every step, its restore on a fresh machine, and --merge of
its records into reports/gpu-records.sqlite with that database's summary rebuilt. Measures nothing.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import TYPE_CHECKING

from .common import read_records

if TYPE_CHECKING:
    from .plan import Plan


BUNDLED = (".csv", ".md", ".txt", ".json", ".log", ".png", ".mlir", ".sqlite")


BUNDLE_MAX_FILE = 2 * 2**20  # a text file larger than this is an artifact (dumps, IR of a whole model), not evidence


NOT_BUNDLED = ("artifacts", "dump", "dumps", "weights")


def write_bundle(plan: Plan, path: Path) -> Path:
    """A tar.gz of DIR's evidence (tables, logs, reports and their plots, specs, the records database; no modules,
    weights or dumps): small enough to come
    back from a lent machine after every step, and enough to resume from (`--restore`)."""
    import tarfile

    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(path.name + ".tmp")
    with tarfile.open(tmp, "w:gz") as tar:
        for p in sorted(plan.out.rglob("*")):
            rel = p.relative_to(plan.out)
            if (p.is_file() and p.suffix in BUNDLED and p.stat().st_size <= BUNDLE_MAX_FILE
                    and not set(rel.parts[:-1]) & set(NOT_BUNDLED) and not p.name.startswith(".")):
                tar.add(p, arcname=str(rel))
    tmp.replace(path)
    return path


def restore_bundle(plan: Plan, path: Path) -> bool:
    """Unpack a bundle of an earlier call into an empty DIR (the rows resume; modules recompile through the cache)."""
    import tarfile

    if (plan.state_path).is_file() or not Path(path).is_file():
        return False
    with tarfile.open(path, "r:gz") as tar:
        tar.extractall(plan.out, filter="data")
    return True


def merge(bundle: Path, into: Path) -> int:
    """--merge: the records of a bundle into the records database ``into`` (the union, idempotent), then its summary
    (``into`` with .md) rebuilt from it."""
    import tarfile
    import tempfile

    from iree_vdmfma.records.db import RecordDB
    from iree_vdmfma.records.summary import summary_lines

    with tempfile.TemporaryDirectory() as tmp:
        try:
            with tarfile.open(bundle, "r:gz") as tar:
                tar.extract("records.sqlite", tmp, filter="data")
        except (OSError, KeyError, tarfile.TarError) as e:
            print(f"error: --merge {bundle}: no records.sqlite in it ({e})", file=sys.stderr)
            return 2
        found = read_records(Path(tmp) / "records.sqlite")
    with RecordDB(into) as db:
        added = db.add(found)
        db.conn.execute("PRAGMA journal_mode=DELETE")  # one self-contained file to commit
        every = db.read().records
    md = into.with_suffix(".md")
    md.write_text("\n".join(summary_lines(every)) + "\n")
    print(f"gpu_evidence: {added} new of {len(found)} records merged into {into} ({len(every)} now); {md} rebuilt")
    return 0
