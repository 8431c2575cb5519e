"""Prove what a candidate compiled to, and reject what must not be measured.

ROCm (from configured IR and ISA via compiler/evidence.py): the injected config
applied (mma_kind and workgroup tile), the split applied (a second, reduce
dispatch), no spills, no scratch, occupancy > 0, and no NARROW WEIGHT LOADS:
with promote [0] IREE 3.13 sometimes loads the weights with 2-byte
``buffer_load_ushort`` or 12-byte ``dwordx3`` plus branches (tuning-knobs.md:
28 of 87 split configs); those are rejected from the ISA. Other backends: the
dispatch count proves the split, and the backend's own proof (backends/, e.g. CUDA's
configured IR + PTX) plus the workgroup tile prove an injected config.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, fields
from pathlib import Path

from ..backends import backend_for
from ..compiler import evidence as proof
from ..compiler.driver import CompileResult
from ..configs.knobs import knob_config
from ..devices.targets import target as get_target
from . import state
from .space import Candidate, backend_of

_NARROW = re.compile(r"^\s+(?:buffer|global)_load_(?:ushort|dwordx3)\b", re.M)


def kernel_text(asm: str, kernel: str) -> str:
    """The instructions of one kernel in a .rocmasm file (from its label to its end marker)."""
    start = re.search(rf"^{re.escape(kernel)}:", asm, re.M)
    if not start:
        return ""
    end = re.search(r"^\.Lfunc_end\d+:", asm[start.end():], re.M)
    return asm[start.end(): start.end() + end.start()] if end else asm[start.end():]


def narrow_loads(dump_dir: Path, kernel: str) -> int:
    """2-byte and 12-byte global/buffer loads in the contraction kernel's ISA."""
    return sum(len(_NARROW.findall(kernel_text(p.read_text(), kernel))) for p in Path(dump_dir).glob("*.rocmasm"))


@dataclass(frozen=True)
class Proof:
    status: str  # state.COMPILED when fit to measure, else NOT_APPLIED / REJECTED
    fields: dict
    reason: str = ""


def _dispatches(dump_dir: Path) -> int:
    return len(list(Path(dump_dir).glob("configured_*.mlir")))


def _tile_mismatch(config, tile: tuple[int, ...]) -> str:
    """'' if the root op's workgroup tile (M, N) is the injected config's, else what it is."""
    if tuple(tile[-3:-1]) != tuple(config.workgroup[-3:-1]):
        return f"spec did not match: workgroup tile {list(tile)}, intended {list(config.workgroup)}"
    return ""


_ROW_FIELDS = {f.name for f in fields(state.CandidateRow)}


def _prove_by_backend(candidate: Candidate, result: CompileResult, arch: str, config) -> Proof:
    """CUDA and CPU: the dispatch count proves the split; the backend's own proof, the config."""
    dispatches = _dispatches(result.dump_dir)
    row = {"dispatches": dispatches}
    if candidate.split and dispatches < 2:
        return Proof(state.NOT_APPLIED, row, f"split {candidate.split} requested, {dispatches} dispatch(es)")
    if config is None:
        return Proof(state.COMPILED, row)
    pr = backend_for(arch).prove(result.dump_dir, candidate.problem, arch, config.mma_kind)
    row.update({k: v for k, v in pr.fields.items() if k in _ROW_FIELDS})
    reason = pr.reason or _tile_mismatch(config, pr.details.get("workgroup_tile", ()))
    return Proof(state.NOT_APPLIED if reason else state.COMPILED, row, reason)


def prove(candidate: Candidate, result: CompileResult, arch: str) -> Proof:
    config = knob_config(candidate.problem, arch, candidate.settings)
    if backend_of(arch) != "rocm":
        return _prove_by_backend(candidate, result, arch, config)
    ev = proof.collect(result.dump_dir, candidate.problem, get_target(arch))
    fields = {"dispatches": ev.dispatches, "mma_kind": ev.mma_kind, "smfmac": ev.smfmac, "mfma": ev.mfma, "wmma": ev.wmma,
              "vgpr": ev.vgpr, "lds_bytes": ev.lds_bytes, "spills": ev.spills, "scratch_bytes": ev.scratch_bytes,
              "workgroups": ev.workgroups, "workgroup_size": ev.workgroup_size, "waves_per_simd": ev.waves_per_simd,
              "narrow_loads": narrow_loads(result.dump_dir, ev.dispatch) if ev.dispatch else None}
    reason = proof.check_applied(ev, config.mma_kind if config else None)  # "" intended: the gemv config
    if not reason and config:
        reason = _tile_mismatch(config, ev.workgroup_tile)
    if not reason and candidate.split and ev.dispatches < 2 and ev.split < 2:
        reason = f"split {candidate.split} requested, but one dispatch and no split loop"
    if reason:
        return Proof(state.NOT_APPLIED, fields, reason)
    for bad, why in ((ev.spills, "spills"), (ev.scratch_bytes, "scratch bytes"),
                     (fields["narrow_loads"], "narrow weight loads (buffer_load_ushort/dwordx3)")):
        if bad:
            return Proof(state.REJECTED, fields, f"{bad} {why}")
    if ev.waves_per_simd == 0:
        return Proof(state.REJECTED, fields, "occupancy 0: the kernel does not fit a CU")
    return Proof(state.COMPILED, fields)
