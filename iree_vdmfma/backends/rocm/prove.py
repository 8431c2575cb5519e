"""Prove what a ROCm tuning candidate compiled to, and reject what must not be measured.

From configured IR and ISA (evidence.py): the injected config applied (mma_kind and
workgroup tile; a gemv config its own K distribution), the split applied (a second, reduce dispatch, or a split loop), no
spills, no scratch, occupancy > 0, and no NARROW WEIGHT LOADS: with promote [0] IREE
3.13 sometimes loads the weights with 2-byte ``buffer_load_ushort`` or 12-byte
``dwordx3`` plus branches (tuning-knobs.md: 28 of 87 split configs); those are
rejected from the ISA.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Mapping

from ...configs.gemv import GemvConfig
from ...configs.knobs import dispatch_config, knob_config
from ...devices.targets import target as get_target
from ...problems.problem import Problem
from ...util.io import read_tool_text
from ..base import CandidateProof, tile_mismatch
from ..knobs import injects
from . import evidence, machine

def kernel_text(asm: str, kernel: str) -> str:
    """The instructions of one kernel in a .rocmasm file (from its label to its end marker)."""
    start = re.search(rf"^{re.escape(kernel)}:", asm, re.M)
    if not start:
        return ""
    end = re.search(r"^\.Lfunc_end\d+:", asm[start.end():], re.M)
    return asm[start.end(): start.end() + end.start()] if end else asm[start.end():]


def narrow_loads(dump_dir: Path, kernel: str) -> int:
    """2-byte and 12-byte global/buffer loads in the contraction kernel's ISA."""
    return sum(machine.narrow_loads(kernel_text(read_tool_text(p), kernel)) for p in Path(dump_dir).glob("*.rocmasm"))


def prove_candidate(dump_dir: Path, problem: Problem, arch: str, settings: Mapping[str, object]) -> CandidateProof:
    config = dispatch_config(problem, knob_config(problem, arch, settings))
    split = int(settings.get("split", 0) or 0)
    ev = evidence.collect(dump_dir, problem, get_target(arch))
    fields = {"dispatches": ev.dispatches, "mma_kind": ev.mma_kind, "smfmac": ev.smfmac, "mfma": ev.mfma,
              "wmma": ev.wmma,
              "vgpr": ev.vgpr, "lds_bytes": ev.lds_bytes, "spills": ev.spills, "scratch_bytes": ev.scratch_bytes,
              "workgroups": ev.workgroups, "workgroup_size": ev.workgroup_size, "waves_per_simd": ev.waves_per_simd,
              "narrow_loads": narrow_loads(dump_dir, ev.dispatch) if ev.dispatch else None}
    fields.update(_machine_fields(dump_dir, problem, ev, get_target(arch)))
    reason = evidence.check_applied(ev, config.mma_kind if config else None)  # "" intended: the gemv config
    if not reason and config:
        reason = tile_mismatch(config, ev.workgroup_tile)
    if not reason and isinstance(config, GemvConfig):  # a gemv: its K distribution, not an MMA, proves it
        reason = config.not_applied(ev.lowering_config)
    if not reason and split and ev.dispatches < 2 and ev.split < 2:
        reason = f"split {split} requested, but one dispatch and no split loop"
    if reason:
        return CandidateProof(fields, reason)
    if not injects(settings):  # IREE's own default kernel: the baseline, measured as it is, spills or not
        return CandidateProof(fields)
    if ev.spills:
        return CandidateProof(fields, spilled=f"{ev.spills} spills")
    for bad, why in ((ev.scratch_bytes, "scratch bytes"),
                     (fields["narrow_loads"], "narrow weight loads (buffer_load_ushort/dwordx3)")):
        if bad:
            return CandidateProof(fields, f"{bad} {why}", rejected=True)
    if ev.waves_per_simd == 0:
        return CandidateProof(fields, "occupancy 0: the kernel does not fit a CU", rejected=True)
    return CandidateProof(fields)


def _machine_fields(dump_dir: Path, problem: Problem, ev, t) -> dict:
    """The machine-code columns (machine.py): registers, scratch, widest load, waves, bytes in flight."""
    asm = "".join(kernel_text(read_tool_text(p), ev.dispatch) for p in Path(dump_dir).glob("*.rocmasm")) if ev.dispatch else ""
    mma_k = re.search(r"_\d+x\d+x(\d+)", ev.mma_kind or "")
    step = machine.k_step(ev.lowering_config, int(mma_k.group(1)) if mma_k else 1)
    n_tile = next((x for x in reversed(ev.workgroup_tile) if x), 1)
    grid = ({"waves": None, "bytes_in_flight": None} if problem.dt.is_mx else
            machine.grid_facts(ev.workgroups, ev.workgroup_size, ev.waves_per_simd, n_tile, step, problem.dt.bytes, t,
                               ev.subgroup_size or 64))
    return {"regs": ev.vgpr, "spill_bytes": ev.scratch_bytes, "load_bytes": machine.widest_load(asm), **grid}
