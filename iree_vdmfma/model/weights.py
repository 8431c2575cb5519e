"""What a decode step's GEMM dispatches read of the weights, and which of them are expert GEMMs (dispatches.csv rows).

COMPUTED from each GEMM row's shape, never measured: a dispatch reads its B operand (the weights, batch x N x K
elements) once per call (``calls``: its dispatch sites in the program). The share proven is the bytes the proven rows
(applied, rescued) read against the bytes every projection row of that M reads: rows that are no weight GEMM
(not-gemm: attention, routing, the combine) or not a decode GEMM (not-skinny: prefill) are in neither.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Optional

from ..problems.problem import DTYPES
from ..problems.rows import NOT_WEIGHT_GEMM, PROVEN_DISPATCH, Status, status_values


@dataclass(frozen=True)
class WeightShare:
    m_tokens: int
    proven_bytes: int
    total_bytes: int
    unsized: int  # projection rows whose shape or dtype is unknown (not in either sum)

    @property
    def percent(self) -> Optional[float]:
        return 100.0 * self.proven_bytes / self.total_bytes if self.total_bytes else None

    def line(self) -> str:
        if not self.total_bytes:
            return f"M={self.m_tokens}: no weight GEMM with a known shape"
        unsized = f"; {self.unsized} GEMM row(s) of unknown shape not counted" if self.unsized else ""
        return (f"M={self.m_tokens}: proven: {self.percent:.1f}% of the weights read per decode step "
                f"({_mib(self.proven_bytes)} of {_mib(self.total_bytes)} MiB, COMPUTED from the GEMM shapes x "
                f"calls{unsized})")


def _mib(n: int) -> str:
    return f"{n / 2**20:.4g}"


def element_bytes(row) -> Optional[int]:
    """The weights' element size: from the row's dtypes (``f16xf16->f32``), else from its dispatch name
    (``..._f16xf16xf32``, a data-tiled row's only record of it)."""
    names = [row.dtypes.split("x", 1)[0]] if row.dtypes else re.findall(r"_([a-zA-Z0-9]+?)x", row.dispatch)[-1:]
    dt = DTYPES.get(names[0]) if names else None
    return dt.bytes if dt is not None else None


def is_weight_gemm(row) -> bool:
    """A row of a GEMM that reads weights in the decode step (its status says it is a projection)."""
    return row.status not in status_values(NOT_WEIGHT_GEMM) and (row.m is not None or row.status == Status.NOT_MATCHED.value)


def weight_bytes(row) -> Optional[int]:
    size = element_bytes(row)
    if size is None or None in (row.n, row.k):
        return None
    return (row.batch or 1) * row.n * row.k * size * (row.calls or 1)


def shares(rows) -> list[WeightShare]:
    """Per M, the weight bytes the proven dispatches read against all the projection rows'."""
    out = []
    for m in sorted({r.m_tokens for r in rows}):
        proven = total = unsized = 0
        for r in rows:
            if r.m_tokens != m or not is_weight_gemm(r):
                continue
            size = weight_bytes(r)
            if size is None:
                unsized += 1
                continue
            total += size
            proven += size if r.status in status_values(PROVEN_DISPATCH) else 0
        out.append(WeightShare(m, proven, total, unsized))
    return out


def expert_lines(rows) -> list[str]:
    """Per M, each batched weight GEMM (batch > 1: the experts of a MoE layer): its batch and calls."""
    return [f"M={r.m_tokens}: expert GEMM {_short(r.dispatch)} ({r.op_form} {r.m}x{r.n}x{r.k}): batch {r.batch} "
            f"(experts), calls {r.calls if r.calls is not None else '?'}: {r.status}"
            for r in rows if is_weight_gemm(r) and (r.batch or 1) > 1]


def _short(name: str) -> str:
    m = re.search(r"dispatch_\d+", name)
    return m.group(0) if m else name
