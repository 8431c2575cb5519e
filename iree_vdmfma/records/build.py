"""A tuning library from records, for the installed compiler: a compiler upgrade regenerates specs, no re-tune.

Per shape of the target, from the winner records (each a tune's decision against IREE's default): the
SKU's measured winners when ``sku`` is given, else the arch's measured winners (any SKU), else the
modelled ones; within that tier the lowest latency, then the newest. The knob setting a record keeps is
the source of truth: its configs are rebuilt here through this toolkit's knob rules and the installed
compiler's bindings, whichever compiler the record was made with (said per record). A setting with a knob
this backend does not have, or whose config no longer builds, is left out with the reason, never guessed.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Optional, Sequence

from ..configs.knobs import knob_config
from ..tune.space import knobs_of
from ..configs.library import MEASURED, MODELLED, Entry, Library
from .db import WINNER, Record


@dataclass(frozen=True)
class Choice:
    record: Record
    tier: str  # 'sku', 'arch' or 'modelled'


@dataclass
class Built:
    library: Library
    chosen: list[Choice] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)


def settings(knobs: str) -> dict[str, object]:
    """'split=0,mma=gemv,rows=4' -> {'split': 0, 'mma': 'gemv', 'rows': 4} (a record's knob setting)."""
    out: dict[str, object] = {}
    for part in filter(None, knobs.split(",")):
        name, _, value = part.partition("=")
        out[name] = int(value) if value.lstrip("-").isdigit() else value
    return out


def choose(records: Sequence[Record], target: str, sku: Optional[str] = None) -> list[Choice]:
    """The record each shape of ``target`` takes (see the module's rule), in the records' first-seen order."""
    tiers: dict[str, list[Choice]] = {}
    for r in records:
        if r.kind != WINNER or r.target != target:
            continue
        if r.basis != MEASURED:
            tier = MODELLED
        elif sku and r.sku_name.lower() == sku.lower():
            tier = "sku"
        else:
            tier = "arch"
        tiers.setdefault(r.key, []).append(Choice(r, tier))
    rank = {"sku": 0, "arch": 1, MODELLED: 2}

    def order(c: Choice) -> tuple:
        return rank[c.tier], c.record.latency_us is None, c.record.latency_us or 0.0

    newest_first = (sorted(found, key=lambda c: c.record.recorded_at, reverse=True) for found in tiers.values())
    return [min(found, key=order) for found in newest_first]  # min keeps the first (newest) of equals


def build(records: Sequence[Record], target: str, sku: Optional[str] = None, installed: str = "") -> Built:
    """The library for ``target`` (per shape the chosen record's knob setting), checked to build here."""
    known = set(knobs_of(target))
    built = Built(Library(target, ()))
    entries = []
    for choice in choose(records, target, sku):
        r = choice.record
        knobs = settings(r.knobs)
        unknown = sorted(set(knobs) - known)
        try:
            if unknown:
                raise ValueError(f"knob(s) {', '.join(unknown)} are not {target}'s (valid: {', '.join(sorted(known))})")
            knob_config(r.problem, target, knobs)
        except (ValueError, KeyError) as e:
            built.notes.append(f"{r.key}: left out, [{r.knobs}] does not build here: {e}")
            continue
        where = r.sku_name or r.device
        entries.append(Entry(r.problem, knobs, r.basis, where, r.recorded_at))
        built.chosen.append(choice)
        if installed and r.compiler_version and r.compiler_version != installed:
            built.notes.append(f"{r.key}: recorded with compiler {r.compiler_version}; its specs rebuilt for "
                               f"{installed} from the knob setting [{r.knobs}]")
    built.library = Library(target, tuple(entries))
    return built
