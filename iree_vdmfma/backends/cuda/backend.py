"""CUDA backend: sm_NN targets; proof from configured IR (compiler/configured.py) + the dumped PTX (ptx.py).

Compiles need no GPU (PTX is generated here; checked for sm_89 on a CPU-only
machine). What PTX can prove: the mma_kind applied (configured IR), the kernel
count and ``mma.sync`` count, and PTX *virtual* registers (``ptx_regs32``); the
physical registers ptxas allocates are not in the dump, so ``vgpr`` stays empty.

Spec route: measured with IREE 3.13, the CUDA target runs MaterializeTuningSpecsPass with an
empty path, so a codegen tuning spec is silently ignored (--mlir-print-ir-after-all shows
``tuning-spec-path=``); a ``compilation_info`` set before dispatch creation (in the
preprocessing spec) survives, split-K included: CUDA configs travel that way, in ONE
preprocessing spec.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Optional

from ...compiler import configured
from ...devices.modules import sm_number
from ...problems.problem import Problem
from ...util.io import read_tool_text
from ..base import PREPROCESSING, Backend, CandidateProof, DumpProof
from ..knobs import injects
from . import machine
from ..registry import register
from .knobs import KNOBS
from .ptx import collect_ptx


@dataclass(frozen=True)
class CudaBackend(Backend):
    def handles(self, target: str) -> bool:
        return sm_number(target) is not None

    def targets_help(self) -> str:
        return "sm_NN e.g. sm_89"

    def prove(self, dump_dir: Path, problem: Problem, target: str,
              intended_mma_kind: Optional[str]) -> DumpProof:
        dump_dir = Path(dump_dir)
        cfgs = [c for p in sorted(dump_dir.glob("configured_*.mlir")) for c in configured.configs(read_tool_text(p))]
        ptx = collect_ptx(dump_dir)
        fields: dict = {"kernels": ptx.kernels, "nv_mma": ptx.mma, "ptx_regs32": ptx.ptx_regs32}
        if not cfgs or not ptx.kernels:
            return DumpProof(fields, f"no configured IR or no PTX kernel in {dump_dir}")
        cfg = max(cfgs, key=lambda c: (bool(c.mma_kind), c.work))
        fields.update(mma_kind=cfg.mma_kind, workgroup_size=cfg.workgroup_size or None,
                      workgroups=configured.workgroups(cfg, problem))
        reason = ""
        if intended_mma_kind == "":  # a no-MMA (gemv) config was injected
            reason = configured.check_no_mma(cfg.pipeline, cfg.mma_kind)
        elif intended_mma_kind and cfg.mma_kind != intended_mma_kind:
            reason = f"contraction configured with {cfg.mma_kind or 'no mma_kind'}, not the intended {intended_mma_kind}"
        return DumpProof(fields, reason, {"workgroup_tile": cfg.workgroup_tile, "pipeline": cfg.pipeline})

    def prove_candidate(self, dump_dir: Path, problem: Problem, target: str, settings) -> CandidateProof:
        """The base proof (dispatches, the injected config applied), then the machine-code facts (machine.py):
        a candidate that spills, loads narrow or leaves SMs idle is rejected before any GPU time, except IREE's
        default (no split, no injected config): the baseline every candidate is measured against."""
        base = super().prove_candidate(dump_dir, problem, target, settings)
        fields = dict(base.fields)
        facts, note = machine.contraction_facts(Path(dump_dir))
        cfgs = [c for p in sorted(Path(dump_dir).glob("configured_*.mlir")) for c in configured.configs(read_tool_text(p))]
        if facts is None or not cfgs:
            return CandidateProof(fields, base.reason, base.rejected, note=note)
        cfg = configured.pick_contraction(cfgs)
        workgroups = fields.get("workgroups") or configured.workgroups(cfg, problem)
        fields.update(regs=facts.regs, spill_bytes=facts.spill_bytes, load_bytes=facts.load_bytes,
                      narrow_loads=facts.narrow_loads, workgroups=workgroups, workgroup_size=cfg.workgroup_size,
                      **machine.grid_facts(cfg, workgroups, facts.regs, problem.dt.bytes))
        if base.reason:
            return CandidateProof(fields, base.reason, base.rejected, note=note)
        ours = injects(settings)  # not IREE's own default kernel
        if ours and machine.spilled(facts):
            return CandidateProof(fields, spilled=machine.spilled(facts), note=note)
        why = machine.rejection(facts, workgroups) if ours else ""
        return CandidateProof(fields, why, bool(why), note=note)

    def perf_model(self):
        from .perf_model import MODEL  # noqa: PLC0415

        return MODEL

    def instructions(self, target: str, dtype: str = "") -> tuple[tuple[str, str], ...]:
        """Tensor-core instructions in the PTX (``mma.sync`` / ``wmma``; column ``nv_mma``)."""
        return (("nv_mma", "mma.sync"),)

    def knobs(self, target: str = ""):
        return KNOBS


CUDA = register(CudaBackend("cuda", "NVIDIA GPUs through IREE's CUDA target (PTX)", ("compilation_info",),
                            device_kind="cuda", spec_route=PREPROCESSING))
