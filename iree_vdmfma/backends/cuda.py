"""CUDA backend: sm_NN targets; proof from configured IR + the dumped PTX (see build/ptx.py).

Compiles need no GPU (PTX is generated here). What PTX can prove: the mma_kind
applied (configured IR), the kernel count and ``mma.sync`` count; registers
allocated by ptxas are not in the dump, so ``vgpr`` stays empty.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import Optional

from ..build import evidence
from ..build.ptx import collect_ptx
from ..problems.problem import Problem
from .base import Backend, Proof
from .registry import register


@dataclass(frozen=True)
class CudaBackend(Backend):
    def handles(self, target: str) -> bool:
        return re.fullmatch(r"sm_\d+a?", target) is not None

    def targets_help(self) -> str:
        return "sm_NN e.g. sm_89"

    def prove(self, dump_dir: Path, problem: Problem, target: str,
              intended_mma_kind: Optional[str]) -> Proof:
        dump_dir = Path(dump_dir)
        cfgs = [c for p in sorted(dump_dir.glob("configured_*.mlir")) for c in evidence.configs(p.read_text())]
        ptx = collect_ptx(dump_dir)
        details = {"kernels": len(ptx.kernels), "mma_sync": ptx.mma_sync, "virtual_regs": ptx.virtual_regs}
        if not cfgs or not ptx.kernels:
            return Proof({}, f"no configured IR or no PTX kernel in {dump_dir}", details)
        cfg = max(cfgs, key=lambda c: (bool(c.mma_kind), c.work))
        fields = {"mma_kind": cfg.mma_kind, "workgroup_size": cfg.workgroup_size or ptx.max_threads,
                  "workgroups": evidence.workgroups(cfg, problem)}
        reason = ""
        if intended_mma_kind and cfg.mma_kind != intended_mma_kind:
            reason = f"contraction configured with {cfg.mma_kind or 'no mma_kind'}, not the intended {intended_mma_kind}"
        return Proof(fields, reason, details)


CUDA = register(CudaBackend("cuda", "NVIDIA GPUs through IREE's CUDA target (PTX)", ("compilation_info",)))
