"""PTX evidence: what a CUDA compile (``--iree-hal-target-device=cuda``) really generated.

Read from the ``*.ptx`` files IREE dumps (checked with IREE 3.13 for sm_89, on a
machine without a GPU: PTX is produced without one). PTX is virtual ISA:

* ``kernels``: ``.entry`` count; ``mma_sync``: ``mma.sync`` / ``wmma.mma`` instructions.
* ``virtual_regs``: registers *declared* by ``.reg`` (``%r<201>`` = 201). These are
  PTX virtual registers, NOT the physical registers ptxas allocates (the dump has
  no ptxas output), so they never go into the ``vgpr`` column.
* ``max_threads``: ``.maxntid`` product; ``static_shared_bytes``: ``.shared`` arrays
  with a fixed size (IREE mostly uses dynamic shared memory, which PTX does not size).
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from pathlib import Path

_ENTRY_RE = re.compile(r"^\s*(?:\.visible\s+)?\.entry\s+([\w$.]+)", re.M)
_MMA_RE = re.compile(r"^\s+(?:w?mma)(?:\.\w+)*\s", re.M)
_REG_RE = re.compile(r"^\s*\.reg\s+\.\w+\s+%\w+<(\d+)>;", re.M)
_MAXNTID_RE = re.compile(r"^\s*\.maxntid\s+([\d,\s]+)$", re.M)
_SHARED_RE = re.compile(r"^\s*(?:\.extern\s+)?\.shared\s+(?:\.align\s+\d+\s+)?\.(\w)(\d+)\s+[\w$]+\[(\d+)\]", re.M)


@dataclass(frozen=True)
class PtxEvidence:
    kernels: tuple[str, ...] = ()
    mma_sync: int = 0
    virtual_regs: int = 0
    max_threads: int | None = None
    static_shared_bytes: int = 0


def parse_ptx(text: str) -> PtxEvidence:
    threads = [math.prod(int(x) for x in m.split(",") if x.strip()) for m in _MAXNTID_RE.findall(text)]
    shared = sum(int(bits) // 8 * int(n) for _, bits, n in _SHARED_RE.findall(text))
    return PtxEvidence(tuple(_ENTRY_RE.findall(text)), len(_MMA_RE.findall(text)),
                       sum(int(n) for n in _REG_RE.findall(text)), max(threads) if threads else None, shared)


def collect_ptx(dump_dir: Path) -> PtxEvidence:
    """All ``*.ptx`` files of a dump merged (kernels listed, counts summed)."""
    parts = [parse_ptx(p.read_text()) for p in sorted(Path(dump_dir).glob("*.ptx"))]
    threads = [p.max_threads for p in parts if p.max_threads]
    return PtxEvidence(tuple(k for p in parts for k in p.kernels), sum(p.mma_sync for p in parts),
                       sum(p.virtual_regs for p in parts), max(threads) if threads else None,
                       sum(p.static_shared_bytes for p in parts))
