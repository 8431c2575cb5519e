"""PTX evidence of a CUDA dump: kernels, tensor-core MMA instructions, PTX virtual registers."""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from ...util.io import read_tool_text

_PTX_ENTRY_RE = re.compile(r"^\s*\.visible\s+\.entry\s+([\w$]+)", re.M)
_PTX_REG_RE = re.compile(r"^\s*\.reg\s+\.(\w+)\s+%\w+<(\d+)>;", re.M)
_PTX_MMA_RE = re.compile(r"^\s*(mma\.sync|wmma\.mma|wgmma\.mma_async)\S*", re.M)


@dataclass(frozen=True)
class PtxEvidence:
    """What a CUDA dump proves: kernels, tensor-core MMA instructions, PTX virtual registers.

    PTX declares *virtual* registers (``.reg .b32 %r<201>``); the physical count is
    decided by ptxas/the driver JIT on the device, so it is not in the dump and not
    reported here. ``ptx_regs32`` counts 32-bit-equivalent virtual registers.
    """

    kernels: int
    mma: int
    ptx_regs32: int


def collect_ptx(dump_dir: Path) -> PtxEvidence:
    """Kernel count, mma.sync/wmma count and virtual 32-bit registers from the dumped .ptx files."""
    text = "".join(read_tool_text(p) for p in sorted(Path(dump_dir).glob("*.ptx")))
    width = {"b64": 2, "f64": 2, "s64": 2, "u64": 2, "pred": 0}
    regs = sum(int(n) * width.get(kind, 1) for kind, n in _PTX_REG_RE.findall(text))
    return PtxEvidence(len(_PTX_ENTRY_RE.findall(text)), len(_PTX_MMA_RE.findall(text)), regs)
