"""Checksums for the JSON files a command trusts (a sweep's modules.json, a tuning library's library-T.json): the
row store's checksum (:func:`problems.rows.row_checksum`), taken over a JSON document's header and over each of
its entries, so an entry edited after vdmfma wrote it is found on reading, as a CSV row is.

:func:`seal` adds the checksums before writing; :func:`unseal` checks them on reading: the entries that verify,
why the others do not, and whether the file had no checksums at all (written before this: read, and said to be
unverified, as a results.csv without a checksum column is). A header that does not verify is a ValueError naming
the file: nothing in it can be trusted.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Mapping

from .rows import row_checksum

CHECKSUM = "checksum"


def json_checksum(values: Mapping) -> str:
    """``row_checksum`` of a JSON object's values but its checksum, by key, each as canonical JSON."""
    return row_checksum(f"{k}={json.dumps(values[k], sort_keys=True)}" for k in sorted(values) if k != CHECKSUM)


def seal(doc: Mapping, items: str) -> dict:
    """``doc`` with a checksum on each entry of ``doc[items]`` and one on the rest of it (its header)."""
    out = {k: v for k, v in doc.items() if k not in (CHECKSUM, items)}
    out[CHECKSUM] = json_checksum(out)
    out[items] = [{**e, CHECKSUM: json_checksum(e)} for e in doc[items]]
    return out


@dataclass(frozen=True)
class Unsealed:
    entries: list  # the entries that verify (or every entry of a file without checksums)
    damaged: list[str] = field(default_factory=list)  # 'entry N: why', one per entry that does not verify
    unverified: bool = False  # no checksum anywhere: a file written before vdmfma checksummed it


def unseal(doc: Mapping, items: str, path: Path | str) -> Unsealed:
    """Check ``doc``'s checksums (see :func:`seal`); ValueError naming ``path`` when its header is edited."""
    entries = list(doc[items])
    if CHECKSUM not in doc and not any(isinstance(e, Mapping) and CHECKSUM in e for e in entries):
        return Unsealed(entries, unverified=True)
    if doc.get(CHECKSUM) != json_checksum({k: v for k, v in doc.items() if k != items}):
        raise ValueError(f"{path}: its header does not match its checksum (edited after vdmfma wrote it)")
    kept, damaged = [], []
    for i, e in enumerate(entries, 1):
        if not isinstance(e, Mapping) or CHECKSUM not in e:
            damaged.append(f"entry {i}: no checksum (edited)")
        elif e[CHECKSUM] != json_checksum(e):
            damaged.append(f"entry {i}: its values do not match its checksum (edited after vdmfma wrote it)")
        else:
            kept.append({k: v for k, v in e.items() if k != CHECKSUM})
    return Unsealed(kept, damaged)


def damaged_line(path: Path | str, damaged: list[str] | tuple[str, ...]) -> str:
    """'PATH: N damaged entr(y|ies) (the first's why)': the start of the line that names a file's entries that did
    not verify (:func:`unseal`'s ``damaged``); the caller adds what happens to them."""
    return f"{path}: {len(damaged)} damaged entr{'y' if len(damaged) == 1 else 'ies'} ({damaged[0]})"
