"""Configured IR: what ``configured_<exe>.mlir`` in an executable dump says IREE applied.

Every GPU backend's proof starts here (ROCm's ISA evidence, CUDA's PTX evidence, in
backends/): per dispatch, the root op's ``lowering_config`` (mma_kind, tiles) and the
function's ``translation_info`` (pipeline, workgroup and subgroup size), read through the
``iree.compiler`` bindings (regexes only when the text does not parse). Nothing is measured.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass

from ..problems.problem import Problem
from ..util.mlir import shared_context


@dataclass(frozen=True)
class Config:
    """What configured_*.mlir says about one dispatch's root op."""

    dispatch: str  # function / kernel name, e.g. gemm_dispatch_0_matmul_like_8x2304x8192_f16xf16xf32
    op_name: str
    mma_kind: str
    lowering_config: str
    pipeline: str
    workgroup_tile: tuple[int, ...]
    reduction_tile: tuple[int, ...]
    workgroup_size: int
    subgroup_size: int
    loop_ranges: tuple[int, ...]
    parallel: tuple[bool, ...]  # per loop: parallel (True) or reduction
    split: int  # iterations of an enclosing split-reduction scf.forall (1 if none)
    num_inputs: int

    @property
    def work(self) -> int:
        return math.prod(self.loop_ranges) * self.split



def kind_name(attr_text: str) -> str:
    """``#iree_gpu.virtual_mma_layout<VDMFMA_F32_8x16x64x2_F16>`` -> ``VDMFMA_F32_8x16x64x2_F16``;
    ``#iree_gpu.scaled_mma_layout<intrinsic = MFMA_SCALE_F32_16x16x128_B32, ...>`` -> its intrinsic."""
    m = re.search(r"<\s*intrinsic\s*=\s*(\w+)", attr_text) or re.search(r"<\s*(\w+)", attr_text)
    return m.group(1) if m else attr_text


def _ints(values) -> tuple[int, ...]:
    return tuple(int(v) for v in values)


def _loop_ranges(op, ir) -> tuple[tuple[int, ...], tuple[bool, ...]]:
    """Static loop ranges of a linalg op from its indexing maps and operand shapes."""
    if "indexing_maps" not in op.attributes or "iterator_types" not in op.attributes:
        return (), ()
    # read from the array's text: taking its elements one by one would import the bindings' linalg module (OpDSL)
    parallel = tuple(t == "parallel" for t in re.findall(r"iterator_type<(\w+)>", str(op.attributes["iterator_types"])))
    ranges = [0] * len(parallel)
    maps = [ir.AffineMapAttr(a).value for a in op.attributes["indexing_maps"]]
    for value, amap in zip(op.operands, maps):
        if not isinstance(value.type, ir.ShapedType) or not value.type.has_rank:
            continue
        shape = value.type.shape
        for size, expr in zip(shape, amap.results):
            if isinstance(expr, ir.AffineDimExpr) and size >= 0:
                ranges[expr.position] = max(ranges[expr.position], size)
    if 0 in ranges:
        return (), parallel
    return tuple(ranges), parallel


def _split_factor(op) -> int:
    """Trip count of enclosing split-reduction scf.forall loops (static bounds only)."""
    split, parent = 1, op.parent
    while parent is not None and parent.name != "func.func":
        attrs = parent.attributes
        if parent.name == "scf.forall" and "mapping" in attrs and "split_reduction" in str(attrs["mapping"]):
            try:
                for lb, ub, st in zip(attrs["staticLowerBound"], attrs["staticUpperBound"], attrs["staticStep"]):
                    if st > 0 and lb >= 0 and ub >= 0:
                        split *= math.ceil((ub - lb) / st)
            except KeyError:
                pass
        parent = parent.parent
    return split


def _configs_from_ir(text: str) -> list[Config] | None:
    """Root ops (those carrying a lowering_config) of one configured_*.mlir, via the bindings.

    None if the text does not parse (then the caller falls back to regexes).
    """
    from iree.compiler import ir
    from iree.compiler.dialects import iree_codegen, iree_gpu  # noqa: F401  (registers attr classes)

    with shared_context() as ctx:
        try:
            module = ir.Module.parse(text, ctx)
        except ir.MLIRError:
            return None
        roots: list = []
        funcs: list = []

        def visit(op):
            if "lowering_config" in op.attributes:
                roots.append(op)
            if op.name == "func.func" and "translation_info" in op.attributes:
                funcs.append(op)
            return ir.WalkResult.ADVANCE

        module.operation.walk(visit)
        configs = []
        for op in roots:
            func = op.parent
            while func is not None and func.name != "func.func":
                func = func.parent
            ti = func.attributes["translation_info"] if func is not None and "translation_info" in func.attributes else None
            lc = op.attributes["lowering_config"]
            attrs = lc.attributes if hasattr(lc, "attributes") else None
            mma = str(attrs["mma_kind"]) if attrs is not None and "mma_kind" in attrs else ""
            wg = _ints(attrs["workgroup"]) if attrs is not None and "workgroup" in attrs else ()
            red = _ints(attrs["reduction"]) if attrs is not None and "reduction" in attrs else ()
            ranges, parallel = _loop_ranges(op, ir)
            configs.append(Config(
                dispatch=str(func.attributes["sym_name"]).strip('"') if func is not None else "",
                op_name=op.name, mma_kind=kind_name(mma) if mma else "", lowering_config=str(lc),
                pipeline=kind_name(str(ti.pass_pipeline)) if ti is not None else "",
                workgroup_tile=wg, reduction_tile=red,
                workgroup_size=math.prod(ti.workgroup_size) if ti is not None else 0,
                subgroup_size=int(ti.subgroup_size) if ti is not None else 0,
                loop_ranges=ranges, parallel=parallel, split=_split_factor(op),
                num_inputs=len(op.operands) - len(op.results)))
        return configs


def _configs_from_text(text: str) -> list[Config]:
    """Regex fallback when the bindings cannot parse the dump (e.g. a version mismatch)."""
    func = re.search(r"func\.func @(\w+)\(.*?translation_info = (#iree_codegen\.translation_info<.*?>)\}?\s*\{\s*$",
                     text, re.M)
    lc = re.search(r"lowering_config = (#iree_gpu\.lowering_config<\{.*?\}>)", text)
    if not lc:
        return []
    ti = func.group(2) if func else ""
    pipe = re.search(r"pipeline\s*=\s*#\w+\.pipeline<(\w+)>", ti)
    wgs = re.search(r"workgroup_size = \[([\d, ]+)\]", ti)
    sgs = re.search(r"subgroup_size = (\d+)", ti)
    mma = re.search(r"mma_kind = (#[\w.]+<[^>]*>)", lc.group(1))
    tile = lambda key: _ints(re.findall(r"\d+", m.group(1))) if (m := re.search(rf"\b{key} = \[([\d, ]*)\]", lc.group(1))) else ()  # noqa: E731
    forall = re.search(r"scf\.forall \(%\w+\) = \((\d+)\) to \((\d+)\) step \((\d+)\)", text)
    split = 1
    if forall and "split_reduction_mapping" in text:
        lb, ub, step = (int(g) for g in forall.groups())
        split = math.ceil((ub - lb) / step) if step > 0 else 1
    return [Config(
        dispatch=func.group(1) if func else "", op_name="", mma_kind=kind_name(mma.group(1)) if mma else "",
        lowering_config=lc.group(1), pipeline=pipe.group(1) if pipe else "",
        workgroup_tile=tile("workgroup"), reduction_tile=tile("reduction"),
        workgroup_size=math.prod(_ints(re.findall(r"\d+", wgs.group(1)))) if wgs else 0,
        subgroup_size=int(sgs.group(1)) if sgs else 0, loop_ranges=(), parallel=(), split=split, num_inputs=2)]


def configs(text: str) -> list[Config]:
    """Root-op configs of one configured_*.mlir: bindings first, regexes if it does not parse."""
    parsed = _configs_from_ir(text)
    return parsed if parsed is not None else _configs_from_text(text)



def _problem_ranges(problem: Problem, rank: int) -> tuple[int, ...]:
    """Loop ranges from the problem when the IR's are not static: (B,)M,N,K, or N,K for a matvec."""
    full = (problem.batch, problem.m, problem.n, problem.k)
    return full[-rank:] if 0 < rank <= 4 else full[1:]


def workgroups(cfg: Config, problem: Problem) -> int:
    """batch * ceil(M/tileM) * ceil(N/tileN) * split, from the workgroup tile; tile 0 = untiled."""
    ranges = cfg.loop_ranges or _problem_ranges(problem, len(cfg.workgroup_tile))
    parallel = cfg.parallel or tuple(True for _ in ranges[:-1]) + (False,)
    count = 1
    for size, tile, par in zip(ranges, cfg.workgroup_tile, parallel):
        if par and tile > 0:
            count *= math.ceil(size / tile)
    return count * cfg.split


def pick_contraction(cfgs: list[Config]) -> Config:
    """The contraction: prefer an op with an mma_kind, then a 2-input op with a reduction, then work."""
    def rank(c: Config):
        return (bool(c.mma_kind), c.num_inputs >= 2 and not all(c.parallel or (True,)), c.work)

    return max(cfgs, key=rank)


def check_no_mma(pipeline: str, mma_kind: str) -> str:
    """"" if the root op is configured as the no-MMA VectorDistribute (gemv) config, else why not."""
    if mma_kind or pipeline != "VectorDistribute":
        return (f"spec did not apply: root op configured for {pipeline or 'no pipeline'} "
                f"{'with ' + mma_kind if mma_kind else 'without MMA'}, intended the gemv config "
                "(VectorDistribute, no MMA)")
    return ""


def no_mma_tile_mismatch(intended_workgroup: tuple[int, ...], tile: tuple[int, ...]) -> str:
    """'' if the root op's workgroup tile is the injected no-MMA config's, else why not.

    A no-MMA (gemv) config has no mma_kind to recognise it by, and IREE's own choice for a
    skinny GEMM is often VectorDistribute without MMA too (M = 1..4 on RDNA), so only the tile
    says whether the spec applied (the M = 1 matvec form has a rank-2 tile and never matches).
    """
    if len(tile) != len(intended_workgroup) or tuple(tile[-3:-1]) != tuple(intended_workgroup[-3:-1]):
        return (f"spec did not apply: root op's workgroup tile {list(tile)}, intended the gemv config's "
                f"{list(intended_workgroup)}" + (" (M=1 folded to a matvec)" if len(tile) < len(intended_workgroup)
                                                   else ""))
    return ""
