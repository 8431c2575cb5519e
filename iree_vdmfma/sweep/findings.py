"""What a sweep found, per variant, against IREE's own choice: the lines its console ends with.

From the rows' compile evidence alone (nothing modelled, nothing timed): per variant, on how many shapes its spec
applied (status ok, not not-applied), on how many the kernel is IREE's default's very code (one
kernel_fingerprint: the variant changes nothing there), and on how many it is another kernel, with the MMA
instruction counts that differ from the default's (default -> variant). Skipped rows are counted with their
reason. Peers (torch) are no kernel of ours and are left out.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from typing import Iterable, Sequence

from ..problems.rows import INSTRUCTION_COLUMNS, ResultRow, Status, not_ok

DEFAULT = "default"
SHOWN = 3  # shapes named per differing instruction pattern before "..."


def _static(rows: Iterable[ResultRow]) -> dict[tuple[str, str], ResultRow]:
    """(key, variant) -> the row carrying its compile evidence (the compile-only row, else the first timed one)."""
    out: dict[tuple[str, str], ResultRow] = {}
    for r in sorted(rows, key=lambda r: r.cache_mode != ""):
        out.setdefault((r.key, r.variant), r)
    return out


def _label(r: ResultRow) -> str:
    """The user's name for the shape where it has one, else its key."""
    return r.name or r.key


def instruction_diff(base: ResultRow, row: ResultRow) -> str:
    """'smfmac 32->0, mfma 0->32': the MMA instruction counts that differ ('' when none does)."""
    parts = []
    for c in INSTRUCTION_COLUMNS:
        a, b = getattr(base, c), getattr(row, c)
        if a != b and not (a in (None, 0) and b in (None, 0)):
            parts.append(f"{c} {a if a is not None else '-'}->{b if b is not None else '-'}")
    return ", ".join(parts)


def findings(rows: Sequence[ResultRow], variants: Sequence[str]) -> list[str]:
    """One line per variant (the order given) saying what it found against IREE's default."""
    from ..variants.registry import UnknownVariantError, variant  # noqa: PLC0415

    static = _static(rows)
    keys = sorted({r.key for r in rows})
    lines = []
    for v in variants:
        try:
            if not variant(v).compiled:
                continue
        except UnknownVariantError:
            pass
        mine = [static[(k, v)] for k in keys if (k, v) in static]
        skipped = [r for r in mine if r.status == Status.SKIPPED.value]
        not_applied = [r for r in mine if r.status == Status.NOT_APPLIED.value]
        failed = not_ok(mine)  # the one ok rule (problems/rows.py)
        ok = [r for r in mine if r.status == Status.OK.value]
        parts = []
        if v == DEFAULT:
            parts.append(f"IREE's own choice on {len(ok)} of {len(mine)} shapes")
        else:
            parts.append(f"applied on {len(ok)} of {len(mine)} shapes")
            same, different = [], defaultdict(list)
            for r in ok:
                base = static.get((r.key, DEFAULT))
                if base is None or base.status != Status.OK.value:
                    continue
                if r.kernel_fingerprint and r.kernel_fingerprint == base.kernel_fingerprint:
                    same.append(_label(r))
                else:
                    different[instruction_diff(base, r) or "same MMA instruction counts"].append(_label(r))
            if same:
                parts.append(f"same kernel as IREE's default on {len(same)} (it changes nothing there)")
            for diff, ks in sorted(different.items(), key=lambda kv: -len(kv[1])):
                named = ", ".join(ks[:SHOWN]) + (", ..." if len(ks) > SHOWN else "")
                parts.append(f"another kernel on {len(ks)}: {diff} ({named})")
        if not_applied:
            parts.append(f"not applied on {len(not_applied)} ({_label(not_applied[0])}: {not_applied[0].reason})")
        if failed:
            parts.append(f"{len(failed)} failed ({Counter(r.status for r in failed).most_common(1)[0][0]}: "
                         f"{_label(failed[0])})")
        if skipped:
            parts.append(f"skipped on {len(skipped)} ({_label(skipped[0])}: {skipped[0].reason})")
        lines.append(f"  {v}: " + "; ".join(parts))
    return lines
