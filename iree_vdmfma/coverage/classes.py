"""Coverage classes: what one coverage cell's default and vdmfma compile rows mean.

A cell is classified from two rows of the result-row schema (``problems.rows.ResultRow``):
``vdmfma-by-default``, ``only-with-spec`` or ``not-reachable``, with a reason. A coverage row has the
identity columns of every row schema (``problems.rows.Identity``: the cell's problem and target) and
keeps, for each side, the result-row columns ``SIDE_COLUMNS`` under a ``default_`` / ``vdmfma_`` prefix
(derived from that one tuple and the result row's types), so its columns mean what the same result
columns mean. coverage.csv lives in the row store of problems/rows.py, as results.csv does: written
atomically with a checksum per row, read back validated (:func:`read_cells`: a cut or edited row is
damaged, never trusted). Static (compiler output and ISA), never measured. No plotting and no
sweeping here: both import this module, not the reverse.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, fields, make_dataclass
from pathlib import Path
from typing import ClassVar, Optional, Sequence

from ..problems.rows import Identity, ResultRow, Status, Table, read_checked, write_csv_table


BY_DEFAULT = "vdmfma-by-default"
ONLY_WITH_SPEC = "only-with-spec"
NOT_REACHABLE = "not-reachable"
NOT_IN_GRID = "not-in-grid"  # only for rendering: a (case, M) pair that was not compiled
CLASSES = (BY_DEFAULT, ONLY_WITH_SPEC, NOT_REACHABLE)


# ---------------------------------------------------------------------------- classification


_LOC = re.compile(r"^\S*?:\d+:\d+:\s*")


def error_line(error: str) -> str:
    """First error line without the 'file:line:col: ' prefix (temp paths differ per run)."""
    line = (error or "").strip().splitlines()[0] if (error or "").strip() else ""
    return _LOC.sub("", line)


def _n(x) -> int:
    return int(x) if x is not None else 0


def _is_vdmfma(row: Optional[ResultRow]) -> bool:
    return row is not None and row.mma_kind.startswith("VDMFMA")


def _is_scaled(row: Optional[ResultRow]) -> bool:
    """An MX cell's kernel: the scaled MFMA (``MFMA_SCALE_*``), proved by ``v_mfma_scale_f32`` in the ISA."""
    return row is not None and row.mma_kind.startswith("MFMA_SCALE")


def _proved(row: Optional[ResultRow], alone: bool) -> bool:
    """The cell's kernel (VDMFMA, or for MX the scaled MFMA) is in the ISA, no spills; ``alone``: no other MFMA."""
    if row is None or row.status != Status.OK.value or row.spills != 0:
        return False
    if _is_vdmfma(row):
        return _n(row.smfmac) > 0 and (not alone or row.mfma == 0)
    if _is_scaled(row):
        return _n(row.mfma_scale) > 0 and (not alone or row.mfma == row.mfma_scale)
    return False


def outcome(row: Optional[ResultRow]) -> str:
    """What one compile produced, in a few words (used for reasons)."""
    if row is None:
        return "not compiled"
    st = row.status
    if st == Status.COMPILE_ERROR.value:
        return f"compile-error: {error_line(row.error) or row.reason}"
    if st == Status.TIMEOUT.value:
        return "compile timed out"
    if st == Status.NOT_APPLIED.value:
        return f"not applied: {row.reason}"
    if st == Status.SPILLS.value or (st == Status.OK.value and _n(row.spills) > 0):
        return f"{row.mma_kind or 'no mma_kind'} but spills {row.spills} registers"
    if st != Status.OK.value:
        return f"{st}: {row.reason or error_line(row.error)}".rstrip(": ")
    if row.spills is None:
        return f"{row.mma_kind or 'no mma_kind'}; no spill count in the ISA metadata"
    if not row.mma_kind:
        mv = " (matvec form at M=1)" if row.m == 1 else ""
        return f"no MMA: smfmac={_n(row.smfmac)} mfma={_n(row.mfma)}{mv}"
    if row.mma_kind.startswith("VDMFMA") and not _n(row.smfmac):
        return f"{row.mma_kind} configured but no v_smfmac in the ISA"
    return f"{row.mma_kind} (smfmac={_n(row.smfmac)} mfma={_n(row.mfma)})"


def classify(default: Optional[ResultRow], vdmfma: Optional[ResultRow]) -> tuple[str, str]:
    """(class, reason) for one cell from its default and vdmfma rows.

    For an MX dtype (mxfp4) the second row is the ``scaled`` variant's and the kernel asked
    about is the scaled MFMA (``v_mfma_scale_f32`` > 0 instead of ``v_smfmac``); the class
    names stay (one schema), the matrix says which kernel each dtype's row is about.

    The reason is empty for ``vdmfma-by-default``; for ``only-with-spec`` it says
    what the default did instead; for ``not-reachable`` why the vdmfma row failed.
    """
    if _proved(default, alone=False):
        return BY_DEFAULT, ""
    if _proved(vdmfma, alone=True):
        return ONLY_WITH_SPEC, f"default: {outcome(default)}"
    return NOT_REACHABLE, _not_reachable_reason(vdmfma)


def _not_reachable_reason(row: Optional[ResultRow]) -> str:
    if row is None:
        return "no vdmfma row (not compiled)"
    st = row.status
    if st == Status.NOT_APPLIED.value and ("matvec" in row.reason or row.m == 1):
        return f"matvec form at M=1: {row.reason}" if row.m == 1 else f"matvec form: {row.reason}"
    if st == Status.COMPILE_ERROR.value:
        folded = " (M=1: IREE folds the unit M, the op has no M dim)" if row.m == 1 and row.intended_mma_kind.startswith(
            "MFMA_SCALE") else ""
        return f"compiler error{folded}: {error_line(row.error) or row.reason}"
    if st == Status.SPILLS.value or (st == Status.OK.value and _n(row.spills) > 0):
        return f"spills: {row.spills} spilled registers ({_n(row.scratch_bytes)} B scratch)"
    if st == Status.OK.value:
        if row.spills is None:
            return "no spill count in the ISA metadata"
        if _is_scaled(row):
            return f"no v_mfma_scale in the ISA next to {row.mma_kind}, or other v_mfma (mfma={row.mfma})"
        if not _n(row.smfmac):
            return f"no v_smfmac in the ISA ({row.mma_kind or 'no mma_kind'})"
        if _n(row.mfma) or row.mfma is None:
            return f"dense v_mfma in the ISA next to v_smfmac (mfma={row.mfma})"
        return f"not VDMFMA: {row.mma_kind}"
    return outcome(row)


# ---------------------------------------------------------------------------- rows


@dataclass(frozen=True)
class _Cell(Identity):
    """A coverage cell's own columns (the identity is its problem's; the evidence columns are derived below)."""

    case: str
    case_description: str
    cls: str  # column 'class'
    reason: str
    key: str = ""

    csv_names: ClassVar[dict[str, str]] = {"cls": "class"}

    @property
    def code(self) -> str:
        """Short matrix code: D, S, S! (default failed to compile), x."""
        if self.cls == BY_DEFAULT:
            return "D"
        if self.cls == ONLY_WITH_SPEC:
            return "S!" if self.default_status in (Status.COMPILE_ERROR.value, Status.TIMEOUT.value) else "S"
        return "x"


# The one definition of a cell's evidence: these result-row columns, kept per side as SIDE_COLUMN (e.g.
# ``default_mma_kind``, ``vdmfma_smfmac``) with the result row's type, so they mean what the result columns mean.
SIDES = ("default", "vdmfma")
SIDE_COLUMNS = ("status", "intended_mma_kind", "mma_kind", "smfmac", "mfma", "wmma", "vgpr", "spills", "error",
                "artifacts")
_RESULT_TYPES = {f.name: f.type for f in fields(ResultRow)}

CoverageRow = make_dataclass(
    "CoverageRow",
    [(f"{side}_{c}", _RESULT_TYPES[c], field(default="" if _RESULT_TYPES[c] == "str" else None))
     for side in SIDES for c in SIDE_COLUMNS],
    bases=(_Cell,), frozen=True)
CoverageRow.__module__ = __name__
CoverageRow.__doc__ = ("One coverage.csv row: the cell (its problem's identity, case, class, reason), then each "
                       "side's SIDE_COLUMNS (``default_*``, ``vdmfma_*``; for an MX cell the vdmfma side holds the "
                       "``scaled`` variant's row).")


def reason_tag(reason: str) -> str:
    """One word for a not-reachable reason (plots): matvec, error, spills, not-applied, timeout, ..."""
    for prefix, tag in (("matvec", "matvec"), ("compiler error", "error"), ("spills", "spills"),
                        ("not applied", "not-applied"), ("compile timed out", "timeout"),
                        ("dense v_mfma", "mixed"), ("no v_smfmac", "no smfmac")):
        if reason.startswith(prefix):
            return tag
    return ""


CSV_COLUMNS = [CoverageRow.csv_names.get(f.name, f.name) for f in fields(CoverageRow)] + ["checksum"]


def side_fields(prefix: str, row: Optional[ResultRow]) -> dict:
    """A result row's SIDE_COLUMNS as PREFIX_COLUMN values (the error cut to its first line)."""
    if row is None:
        return {}
    return {f"{prefix}_{c}": error_line(row.error) if c == "error" else getattr(row, c) for c in SIDE_COLUMNS}


def cell_damage(row) -> str:
    """Why a coverage row read back is not one this module writes ('' when it is)."""
    if row.cls not in CLASSES:
        return f"class {row.cls!r} is not one of {', '.join(CLASSES)}"
    for side in SIDES:
        status = getattr(row, f"{side}_status")
        if status and status not in {s.value for s in Status}:
            return f"{side}_status {status!r} is not a row status"
    return ""


def write_csv(rows: Sequence, path: Path) -> Path:
    """coverage.csv in the row store of problems/rows.py: atomic, a checksum per row (the caller holds the
    directory's lock)."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    write_csv_table(rows, path, [f.name for f in fields(CoverageRow)], checksum=True, names=CoverageRow.csv_names)
    return path


def read_cells(path: Path) -> Table:
    """The trusted coverage rows and the damaged ones (cut or edited: checksum, unknown class or status, a
    key that does not match the shape), validated as results.csv is. A coverage.csv from before the row
    store (no checksum, name or key column) is read, its rows counted unverified."""
    return read_checked(path, CoverageRow, cell_damage, required=("m", "n", "k", "dtype", "target", "cls"),
                        what="a coverage.csv written by vdmfma")


def read_csv(path: Path) -> list:
    """The trusted rows of a coverage.csv (damaged rows left out; see :func:`read_cells`)."""
    return read_cells(path).rows
