"""Kernel configs: the lowering_config + translation_info a variant asks for.

A KernelConfig is plain data (frozen, hashable, printable); ``compilation_info``
turns it into a verified ``#iree_codegen.compilation_info`` attribute through
the bindings. Nothing here is a string template.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Optional, Protocol

from iree.compiler import ir
from iree.compiler.dialects import iree_codegen, iree_gpu

from .catalog import Intrinsic


class CodegenConfig(Protocol):
    """What every injected codegen config is (KernelConfig here, configs/gemv.py's GemvConfig): its MMA kind ('' for
    none), its compilation_info, the same tiling for a unit-batch op, and one line that names it."""

    mma_kind: str

    def compilation_info(self) -> ir.Attribute: ...

    def with_unit_batch(self) -> "CodegenConfig": ...

    def describe(self) -> str: ...



@dataclass(frozen=True)
class KernelConfig:
    """A TileAndFuse config for one contraction (tile lists include the batch dim when batched)."""

    intrinsic: Intrinsic
    workgroup: tuple[int, ...]
    reduction: tuple[int, ...]
    subgroup: tuple[int, ...]
    padding: Optional[tuple[int, ...]] = None
    promote_operands: tuple[int, ...] = (0, 1)
    prefetch_num_stages: int = 2
    lds_estimate: int = 0  # bytes, modelled (see rules.lds_bytes)
    func_attrs: tuple[tuple[str, str], ...] = ()  # llvm_func_attrs, e.g. the target's waves-per-EU hint (none: unset)

    @property
    def mma_kind(self) -> str:
        return self.intrinsic.name

    @property
    def _k_loops(self) -> int:
        """Reduction loops after M, N: 1, or 2 (kb, k) for a scaled (MX) intrinsic."""
        return 2 if self.intrinsic.scaled else 1

    @property
    def m_tile(self) -> int:
        """1 when the op has no M loop (an MX op at M = 1, folded by IREE)."""
        i = 2 + self._k_loops
        return self.workgroup[-i] if len(self.workgroup) >= i else 1

    @property
    def n_tile(self) -> int:
        return self.workgroup[-1 - self._k_loops]

    @property
    def k_tile(self) -> int:
        """K elements a reduction step covers (the reduction tile counts intrinsics)."""
        return self.reduction[-self._k_loops] * self.intrinsic.k

    @property
    def subgroup_size(self) -> int:
        return self.intrinsic.lanes

    @property
    def workgroup_size(self) -> int:
        subgroups = 1
        for s in self.subgroup:
            subgroups *= max(s, 1)
        return self.subgroup_size * subgroups

    def lowering_config(self) -> ir.Attribute:
        """#iree_gpu.lowering_config (needs an active context)."""
        i64 = ir.IntegerType.get_signless(64)

        def ints(values):
            return ir.ArrayAttr.get([ir.IntegerAttr.get(i64, v) for v in values])

        entries = {
            "mma_kind": self.intrinsic.attr(),
            "promote_operands": ints(self.promote_operands),
            "reduction": ints(self.reduction),
            "subgroup": ints(self.subgroup),
            "workgroup": ints(self.workgroup),
        }
        if self.padding is not None:
            entries["padding"] = ints(self.padding)
        return iree_gpu.LoweringConfigAttr.get(ir.DictAttr.get(entries))

    def translation_info(self) -> ir.Attribute:
        options = iree_gpu.PipelineOptionsAttr.get(prefetch_num_stages=self.prefetch_num_stages)
        pipeline = iree_gpu.PipelineAttr.get(int(iree_gpu.LoweringPipeline.TileAndFuse))
        entries = {"gpu_pipeline_options": options}
        if self.func_attrs:  # hints to the target's LLVM backend (an occupancy hint trades VGPRs for waves)
            entries["llvm_func_attrs"] = ir.DictAttr.get({k: ir.StringAttr.get(v) for k, v in self.func_attrs})
        return iree_codegen.TranslationInfoAttr.get(
            pipeline, None, [self.workgroup_size, 1, 1], self.subgroup_size, ir.DictAttr.get(entries),
        )

    def compilation_info(self) -> ir.Attribute:
        """#iree_codegen.compilation_info (needs an active context)."""
        return iree_codegen.CompilationInfoAttr.get(self.lowering_config(), self.translation_info())

    def with_unit_batch(self) -> "KernelConfig":
        """The same tiling for an op with a leading unit batch loop (``batch_matmul`` of [1, M, K])."""
        pad = (1,) + self.padding if self.padding is not None else None
        return replace(self, workgroup=(1,) + self.workgroup, reduction=(0,) + self.reduction,
                       subgroup=(0,) + self.subgroup, padding=pad)

    def describe(self) -> str:
        pad = f" padding={list(self.padding)}" if self.padding else ""
        return (f"{self.mma_kind} workgroup={list(self.workgroup)} reduction={list(self.reduction)} "
                f"subgroup={list(self.subgroup)}{pad} threads={self.workgroup_size}")
