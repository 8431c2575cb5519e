"""Machine-code facts of a ROCm candidate from its ISA (the columns CUDA fills from ptxas, backends/cuda/machine.py).

From the ISA (evidence.py parses it): ``regs`` (the unified VGPR count) and ``spill_bytes`` (the kernel's scratch),
``load_bytes`` (the widest global/buffer load in the contraction kernel: 16 for ``dwordx4``). MODELLED from those:
``waves`` = workgroups / (CUs x workgroups a CU holds by the occupancy model of evidence.py), and
``bytes_in_flight`` = the weight bytes one K step of the resident workgroups requests (N tile x K step x element
bytes each; the ISA's own load order is not read, so it is an upper bound). Narrow loads and spills are rejected
by prove.py; a grid with fewer workgroups than CUs is not rejected here: IREE's own gfx942 configs have 36
workgroups on 8x2304x8192 (304 CUs), so the rule would empty the VDMFMA space of every N below 19456.
"""

from __future__ import annotations

import math
import re
from typing import Optional

from ...devices.targets import Target

_LOAD = re.compile(r"^\s+(?:buffer|global)_load_(dwordx[234]|dword|ushort|short_d16\w*|ubyte|sbyte|sshort|b\d+)\b",
                   re.M)
_WIDTH = {"dwordx4": 16, "dwordx3": 12, "dwordx2": 8, "dword": 4, "ushort": 2, "sshort": 2, "ubyte": 1, "sbyte": 1}


# the weight loads IREE 3.13 emits with promote [0] that starve the kernel: 2-byte and 12-byte ones (prove.py)
NARROW = ("ushort", "dwordx3")


def widest_load(kernel_asm: str) -> Optional[int]:
    """Bytes of the widest global/buffer load in one kernel's ISA (None: no load)."""
    widths = [_WIDTH.get(op, 2 if op.startswith("short_d16") else int(op[1:]) // 8 if op[0] == "b" else 0)
              for op in _LOAD.findall(kernel_asm)]
    return max(widths, default=None)


def narrow_loads(kernel_asm: str) -> int:
    """The ``NARROW`` global/buffer loads in one kernel's ISA."""
    return sum(op in NARROW for op in _LOAD.findall(kernel_asm))


def k_step(lowering_config: str, mma_k: int) -> int:
    """K elements a workgroup step covers: a gemv's partial_reduction, else reduction x the intrinsic's K."""
    m = re.search(r"partial_reduction = \[([\d, ]+)\]", lowering_config)
    if m:
        return int(m.group(1).split(",")[-1])
    m = re.search(r"\breduction = \[([\d, ]+)\]", lowering_config)
    return int(m.group(1).split(",")[-1]) * mma_k if m else 0


def grid_facts(workgroups: Optional[int], workgroup_size: Optional[int], waves_per_simd: Optional[int],
               n_tile: int, step: int, elem_bytes: float, t: Target, wave: int) -> dict[str, object]:
    """``waves`` and ``bytes_in_flight`` (MODELLED, see the module docstring)."""
    if not workgroups or not workgroup_size or not waves_per_simd:
        return {"waves": None, "bytes_in_flight": None}
    per_cu = max(1, waves_per_simd * t.simds_per_cu // math.ceil(workgroup_size / wave))
    live = min(workgroups, t.compute_units * per_cu)
    return {"waves": round(workgroups / (t.compute_units * per_cu), 3),
            "bytes_in_flight": int(live * n_tile * step * elem_bytes)}
