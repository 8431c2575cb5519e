"""Re-render a report only when what it is built from changed (a hash of results.csv and the options).

A warm re-run of a sweep rewrites the same results.csv; re-rendering its plots would be most of
that run's time. This module imports neither pandas nor matplotlib: checking costs a hash.
"""

from __future__ import annotations

import hashlib
from pathlib import Path
from typing import TYPE_CHECKING, Optional

from ..util.io import atomic_write_text

if TYPE_CHECKING:
    from .report import ReportResult

INPUTS_STAMP = ".inputs.sha256"  # in the report folder: what the report was last built from


def report_is_current(results: Path, out_dir: Path, **options) -> tuple[bool, str]:
    """(True when ``out_dir`` holds a report built from these very bytes and options, the stamp to write)."""
    digest = hashlib.sha256(Path(results).read_bytes())
    digest.update(repr(sorted(options.items())).encode())
    stamp = digest.hexdigest()
    old = Path(out_dir) / INPUTS_STAMP
    current = (old.is_file() and old.read_text(encoding="utf-8").strip() == stamp
               and (Path(out_dir) / "index.md").is_file())
    return current, stamp


def build_report_once(results: Path, out_dir: Path, **options) -> Optional["ReportResult"]:
    """:func:`build_report` unless the report in ``out_dir`` was built from the same inputs (then None)."""
    current, stamp = report_is_current(results, out_dir, **options)
    if current:
        return None
    from .report import build_report  # noqa: PLC0415  (pandas, matplotlib: only when building)

    res = build_report([results], out_dir=out_dir, **options)
    atomic_write_text(Path(out_dir) / INPUTS_STAMP, stamp + "\n")
    return res
