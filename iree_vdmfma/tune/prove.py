"""Prove what a candidate compiled to, and reject what must not be measured: the backend decides.

Each backend proves its own candidates (``Backend.prove_candidate``: ROCm from configured
IR and ISA, backends/rocm/prove.py; the others from the dispatch count and their own dump
proof, backends/base.py); this module turns its answer into a candidates.csv status.
"""

from __future__ import annotations

from dataclasses import dataclass, fields

from ..backends import backend_for
from ..compiler.driver import CompileResult
from . import state
from .space import Candidate
from ..problems.rows import Status, spill_reason

_ROW_FIELDS = {f.name for f in fields(state.CandidateRow)}


@dataclass(frozen=True)
class CandidateStatus:
    status: str  # Status.COMPILED.value when fit to measure, else NOT_APPLIED / SPILLS / REJECTED
    fields: dict
    reason: str = ""


def prove(candidate: Candidate, result: CompileResult, arch: str) -> CandidateStatus:
    pr = backend_for(arch).prove_candidate(result.dump_dir, candidate.problem, arch, candidate.settings)
    fields = {k: v for k, v in pr.fields.items() if k in _ROW_FIELDS}
    if pr.spilled and not pr.reason:
        return CandidateStatus(Status.SPILLS.value, fields, spill_reason(pr.spilled))
    status = Status.REJECTED.value if pr.rejected else Status.NOT_APPLIED.value if pr.reason else Status.COMPILED.value
    return CandidateStatus(status, fields, pr.reason or pr.note)
