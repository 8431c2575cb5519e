"""Coverage classes: what one coverage cell's default and vdmfma compile rows mean.

A cell is classified from two rows of the result-row schema (``problems.rows.ResultRow``):
``vdmfma-by-default``, ``only-with-spec`` or ``not-reachable``, with a reason. A coverage row keeps,
for each side, a few columns of the result-row schema under a ``default_`` / ``vdmfma_`` prefix
(``SIDE_FIELDS``), so its columns mean what the same result columns mean. Static (compiler output
and ISA), never measured. No plotting and no sweeping here: both import this module, not the reverse.
"""

from __future__ import annotations

import csv
import re
from dataclasses import asdict, dataclass, fields
from pathlib import Path
from typing import Optional, Sequence

from ..problems.rows import COLUMNS, ResultRow, Status


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
    if st != Status.OK.value:
        return f"{st}: {row.reason or error_line(row.error)}".rstrip(": ")
    if row.spills is None:
        return f"{row.mma_kind or 'no mma_kind'}; no spill count in the ISA metadata"
    if _n(row.spills) > 0:
        return f"{row.mma_kind or 'no mma_kind'} but spills {row.spills} registers"
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
    if st == Status.OK.value:
        if row.spills is None:
            return "no spill count in the ISA metadata"
        if _n(row.spills) > 0:
            return f"spills: {row.spills} spilled registers ({_n(row.scratch_bytes)} B scratch)"
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
class CoverageRow:
    target: str
    dtype: str
    case: str
    case_description: str
    m: int
    n: int
    k: int
    batch: int
    cls: str
    reason: str
    default_status: str = ""
    default_mma_kind: str = ""
    default_smfmac: Optional[int] = None
    default_mfma: Optional[int] = None
    default_vgpr: Optional[int] = None
    default_spills: Optional[int] = None
    default_error: str = ""
    vdmfma_status: str = ""
    vdmfma_intended_mma_kind: str = ""
    vdmfma_mma_kind: str = ""
    vdmfma_smfmac: Optional[int] = None
    vdmfma_mfma: Optional[int] = None
    vdmfma_vgpr: Optional[int] = None
    vdmfma_spills: Optional[int] = None
    vdmfma_error: str = ""
    default_artifacts: str = ""
    vdmfma_artifacts: str = ""
    default_wmma: Optional[int] = None  # RDNA: v_wmma in the default's ISA

    @property
    def code(self) -> str:
        """Short matrix code: D, S, S! (default failed to compile), x."""
        if self.cls == BY_DEFAULT:
            return "D"
        if self.cls == ONLY_WITH_SPEC:
            return "S!" if self.default_status in (Status.COMPILE_ERROR.value, Status.TIMEOUT.value) else "S"
        return "x"


def reason_tag(reason: str) -> str:
    """One word for a not-reachable reason (plots): matvec, error, spills, not-applied, timeout, ..."""
    for prefix, tag in (("matvec", "matvec"), ("compiler error", "error"), ("spills", "spills"),
                        ("not applied", "not-applied"), ("compile timed out", "timeout"),
                        ("dense v_mfma", "mixed"), ("no v_smfmac", "no smfmac")):
        if reason.startswith(prefix):
            return tag
    return ""


CSV_COLUMNS = [("class" if f.name == "cls" else f.name) for f in fields(CoverageRow)]


# The result-row columns a coverage row keeps per side (as PREFIX_COLUMN), checked against the schema below.
SIDE_FIELDS = {"default": ("status", "mma_kind", "smfmac", "mfma", "wmma", "vgpr", "spills", "error", "artifacts"),
               "vdmfma": ("status", "intended_mma_kind", "mma_kind", "smfmac", "mfma", "vgpr", "spills", "error",
                          "artifacts")}
_missing = [f"{p}_{c}" for p, cs in SIDE_FIELDS.items() for c in cs
            if c not in COLUMNS or f"{p}_{c}" not in {f.name for f in fields(CoverageRow)}]
if _missing:
    raise TypeError(f"coverage rows and the result-row schema disagree on: {', '.join(_missing)}")


def _side(prefix: str, row: Optional[ResultRow]) -> dict:
    """A result row's SIDE_FIELDS as PREFIX_COLUMN values (the error cut to its first line)."""
    if row is None:
        return {}
    return {f"{prefix}_{c}": error_line(row.error) if c == "error" else getattr(row, c) for c in SIDE_FIELDS[prefix]}


def write_csv(rows: Sequence[CoverageRow], path: Path) -> Path:
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("w", newline="") as f:
        w = csv.writer(f)
        w.writerow(CSV_COLUMNS)
        for r in rows:
            w.writerow(["" if v is None else v for v in asdict(r).values()])
    return path


def read_csv(path: Path) -> list[CoverageRow]:
    ints = {f.name for f in fields(CoverageRow) if "int" in str(f.type)}
    out = []
    with Path(path).open(newline="") as f:
        for d in csv.DictReader(f):
            d["cls"] = d.pop("class")
            out.append(CoverageRow(**{k: (int(v) if v != "" else None) if k in ints else v for k, v in d.items()}))
    return out

