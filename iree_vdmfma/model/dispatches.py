"""Contraction dispatches of a whole-model compile, read from the compiler's own dumps.

Each ``configured_<exe>.mlir`` in ``--iree-hal-dump-executable-files-to`` holds one
dispatch function after dispatch formation and configuration: its contraction (as a
``linalg.generic`` or named op, in one of ``configs.forms.FORMS``), the elementwise
consumers fused into it, and the ``lowering_config`` IREE chose. Nothing here looks at
torch IR: what the compiler dumped is what there is to tune.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Optional

from iree.compiler import ir
from iree.compiler.dialects import iree_codegen, iree_gpu  # noqa: F401  (registers attributes)

from ..compiler.configured import kind_name
from ..configs.forms import Contraction, examine
from ..util.io import read_tool_text

_SKIP_BODY = {"linalg.yield", "linalg.index"}


@dataclass(frozen=True)
class Dispatch:
    """One contraction-like op of one dispatch (several per dispatch are possible)."""

    dispatch: str  # the dispatch function's name = the kernel name in the ISA
    op_name: str
    contraction: Optional[Contraction]  # None: no GEMM in a matchable form (see status and reason)
    reason: str  # why it cannot be matched ('' when it can)
    consumers: tuple[str, ...]  # body ops of the fused elementwise consumers, e.g. ('arith.truncf',)
    mma_kind: str  # what its lowering_config asks for ('' if none)
    pipeline: str
    status: str = ""  # without a contraction: not-gemm, not-skinny, data-tiled or not-matched (forms.examine)
    lowering_config: str = ""  # the op's lowering_config as configured ('' if none)


def _kind(attr_text: str) -> str:
    m = re.search(r"mma_kind = #[\w.]+<(\w+)>", attr_text)
    return m.group(1) if m else ""


def _pipeline(func) -> str:
    if "translation_info" not in func.attributes:
        return ""
    m = re.search(r"pipeline<(\w+)>", str(func.attributes["translation_info"]))
    return m.group(1) if m else ""


def _body_ops(op) -> list[str]:
    names: list[str] = []
    for region in op.regions:
        for block in region.blocks:
            names += [o.operation.name for o in block.operations if o.operation.name not in _SKIP_BODY]
    return names


def _dispatch_ops(func) -> list[Dispatch]:
    name = str(func.attributes["sym_name"]).strip('"')
    found: list[Dispatch] = []
    consumers: list[str] = []
    pipeline = _pipeline(func)

    def visit(op):
        seen = examine(op)
        if seen.contraction is not None or seen.status:
            lc = str(op.attributes["lowering_config"]) if "lowering_config" in op.attributes else ""
            kind = _kind(lc) or (kind_name(str(op.attributes["kind"])) if "kind" in op.attributes else "")
            found.append(Dispatch(name, op.name, seen.contraction, seen.reason, (), kind, pipeline, seen.status, lc))
        elif op.name.startswith("linalg.") and op.name != "linalg.fill" and found:
            consumers.extend(_body_ops(op))
        return ir.WalkResult.ADVANCE

    func.walk(visit)
    unique = tuple(dict.fromkeys(consumers))
    return [replace(d, consumers=unique) for d in found]


def read_dispatches(text: str, configured: bool = True) -> list[Dispatch]:
    """Contraction ops of one configured_*.mlir (parsed with the bindings); ``configured=False``: of an
    executable's source (module_*.mlir, before configuration: no lowering_config, no pipeline)."""
    with ir.Context() as ctx:
        module = ir.Module.parse(text, ctx)
        funcs = []

        def visit(op):
            if op.name == "func.func" and (not configured or "translation_info" in op.attributes):
                funcs.append(op)
            return ir.WalkResult.ADVANCE

        module.operation.walk(visit)
        return [d for func in funcs for d in _dispatch_ops(func)]


def collect_dispatches(dump_dir: Path) -> list[Dispatch]:
    """Every contraction op of every dispatch in a dump, in dispatch order."""
    paths = sorted(Path(dump_dir).glob("configured_*.mlir"), key=lambda p: _order(p.name))
    return [d for path in paths for d in read_dispatches(read_tool_text(path))]


def _order(name: str) -> tuple:
    """configured_module_main$async_dispatch_10.mlir sorts after _dispatch_9."""
    return tuple(int(t) if t.isdigit() else t for t in re.split(r"(\d+)", name))


def name_shape(dispatch: str) -> tuple[Optional[int], ...]:
    """(m, n, k, batch) from the name IREE gave a matmul dispatch (``..._matmul_4x4096x4096_f16xf16xf32``,
    ``..._batch_matmul_BxMxNxK_...``): the only shape left to read of a data-tiled op, whose operands are
    packed tiles. (None,) * 4 when the name says no static matmul."""
    m = re.search(r"dispatch_\d+_(batch_)?matmul(?:_like)?_(\d+(?:x\d+)+)_", dispatch)
    dims = [int(x) for x in m.group(2).split("x")] if m else []
    if len(dims) == 3 and not m.group(1):
        return dims[0], dims[1], dims[2], 1
    if len(dims) == 4 and m.group(1):
        return dims[1], dims[2], dims[3], dims[0]
    return (None,) * 4
