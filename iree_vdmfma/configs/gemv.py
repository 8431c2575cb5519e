"""GEMV-style configs: VectorDistribute with no MMA, for M <= 8 (tuning-knobs.md section 3).

Each workgroup owns ``rows`` rows of B (outputs n..n+rows for all M rows of A) and
walks K ``partial_reduction`` elements per step: its lanes each load ``thread``
contiguous elements (16 bytes) of every row, over ``k_subgroups`` subgroups along
K whose partial sums meet in LDS. No M padding, no MMA: a weight-streaming kernel.
Compile-checked for gfx942 (shared knob-examples 10 and 11, 64-lane subgroups) and,
here, for sm_89 (32-lane subgroups): IREE 3.13's CUDA target accepts the config
through ``compilation_info`` on the op (the CUDA backend's spec route, backends/cuda/).
Plain data like KernelConfig; ``compilation_info`` builds the attribute through the
bindings.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from iree.compiler import ir
from iree.compiler.dialects import iree_codegen, iree_gpu

from ..util.mlir import shared_context

LOAD_BYTES = 16  # per lane per row and step: one 16-byte vector load
ROWS = 4  # N rows per workgroup when no knob says otherwise (example 11's config)
PARTIAL_REDUCTION = 512  # K elements a workgroup step when no knob says otherwise


@dataclass(frozen=True)
class GemvConfig:
    """One VectorDistribute config; tile lists include a leading batch dim when ``lead`` is 1."""

    m: int
    rows: int  # N rows per workgroup
    partial_reduction: int  # K elements per workgroup step
    thread: int  # K elements per lane per load (16 bytes)
    subgroup_size: int  # 64 on AMD, 32 on NVIDIA
    k_subgroups: int = 1
    lead: int = 0  # leading unit batch dims
    lds_estimate: int = 0  # bytes (the cross-subgroup partial sums; modelled)
    # MX (configs/scaled.py): K is two loops (kb, k = block); ``partial_reduction`` and ``thread``
    # then count blocks, and the whole block is one lane's (decoded in registers)
    block: int = 0
    fold_m: bool = False  # the op has no M loop (IREE folded a unit M)
    n_subgroups: int = 1  # subgroups along N, each owning rows / n_subgroups rows (wvSplitK's rows per wave)

    mma_kind = ""  # no MMA intrinsic: the evidence shows an empty mma_kind (check_no_mma)

    def _tiles(self, m: int, n: int, k: int, last: int) -> tuple[int, ...]:
        """One tile list over ((lead,) m, n, k) -- or ((lead,) [m,] n, kb, k) with ``last`` for an MX k."""
        head = () if self.fold_m else (m,)
        tail = (k, last) if self.block else (k,)
        return head + (n,) + tail

    @property
    def workgroup(self) -> tuple[int, ...]:
        return (1,) * self.lead + self._tiles(self.m, self.rows, 0, 0)

    @property
    def m_tile(self) -> int:
        return self.m

    @property
    def n_tile(self) -> int:
        return self.rows

    @property
    def workgroup_size(self) -> int:
        return self.subgroup_size * self.k_subgroups * self.n_subgroups

    @property
    def k_step(self) -> int:
        """K elements the whole workgroup covers with one load per lane."""
        return self.thread * self.subgroup_size * self.k_subgroups * max(self.block, 1)

    def lowering_config(self) -> ir.Attribute:
        i64 = ir.IntegerType.get_signless(64)

        def ints(values):
            return ir.ArrayAttr.get([ir.IntegerAttr.get(i64, v) for v in values])

        lead0, lead1 = (0,) * self.lead, (1,) * self.lead
        dims = list(range(len(self.workgroup)))
        entries = {
            "lane_basis": ir.ArrayAttr.get([ints(lead1 + self._tiles(1, 1, self.subgroup_size, 1)), ints(dims)]),
            "partial_reduction": ints(lead0 + self._tiles(0, 0, self.partial_reduction, self.block)),
            "subgroup_basis": ir.ArrayAttr.get([ints(lead1 + self._tiles(1, self.n_subgroups, self.k_subgroups, 1)),
                                                ints(dims)]),
            "thread": ints(lead0 + self._tiles(0, 0, self.thread, self.block)),
            "workgroup": ints(self.workgroup),
        }
        return iree_gpu.LoweringConfigAttr.get(ir.DictAttr.get(entries))

    def translation_info(self) -> ir.Attribute:
        pipeline = iree_gpu.PipelineAttr.get(int(iree_gpu.LoweringPipeline.VectorDistribute))
        return iree_codegen.TranslationInfoAttr.get(pipeline, None, [self.workgroup_size, 1, 1],
                                                    self.subgroup_size, None)

    def compilation_info(self) -> ir.Attribute:
        return iree_codegen.CompilationInfoAttr.get(self.lowering_config(), self.translation_info())

    def not_applied(self, configured: str) -> str:
        """"" if the configured lowering_config text carries this config's K distribution, else why not.

        The pipeline/no-MMA check alone cannot tell this config from IREE's own VectorDistribute
        choice (for MX IREE's default is a gemv too, with one lane doing all of K).
        """
        with shared_context():
            want = str(self.lowering_config())
        for key in ("partial_reduction", "lane_basis", "subgroup_basis"):
            expected = want.split(f"{key} = ", 1)[1].split("]", 1)[0]
            if f"{key} = {expected}]" not in configured:
                return f"spec did not apply: configured lowering_config lacks {key} = {expected}] of the gemv config"
        return ""

    def with_unit_batch(self) -> "GemvConfig":
        return replace(self, lead=self.lead + 1)

    def describe(self) -> str:
        mx = f" block={self.block} (dequantized in registers)" if self.block else ""
        nsub = f" n_subgroups={self.n_subgroups}" if self.n_subgroups > 1 else ""
        return (f"gemv (VectorDistribute, no MMA{mx}) workgroup={list(self.workgroup)} "
                f"partial_reduction={self.partial_reduction} thread={self.thread} "
                f"k_subgroups={self.k_subgroups}{nsub} threads={self.workgroup_size}")


def gemv_config(m: int, elem_bytes: int, subgroup_size: int, rows: int = ROWS,
                partial_reduction: int = PARTIAL_REDUCTION, k_subgroups: int = 1, batched: bool = False,
                load_bytes: int = LOAD_BYTES, n_subgroups: int = 1) -> GemvConfig:
    """A GEMV config with ``load_bytes`` lane loads (16: one 128-bit load; 8: two lanes' worth of rows per
    load step) and ``n_subgroups`` subgroups splitting the rows; LDS holds one f32 partial per row, M and K
    subgroup."""
    lds = 0 if k_subgroups == 1 else m * rows * k_subgroups * 4
    return GemvConfig(m, rows, partial_reduction, max(1, load_bytes // elem_bytes), subgroup_size, k_subgroups,
                      1 if batched else 0, lds, n_subgroups=n_subgroups)
