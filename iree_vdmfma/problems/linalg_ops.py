"""The linalg ops the input IR is built from: the generated op classes alone.

``iree.compiler.dialects.linalg`` also builds its OpDSL library of named ops in Python when imported
(about a tenth of a second, most of a warm sweep's import time beyond the bindings themselves); the input
IR needs only ``linalg.generic``, ``linalg.yield`` and ``linalg.fill``, whose region :func:`fill` builds as
the OpDSL's ``linalg.fill`` does (the same IR, so the same compile cache keys).
"""

from __future__ import annotations

from iree.compiler import ir

try:
    from iree.compiler.dialects._linalg_ops_gen import FillOp, GenericOp, YieldOp
    from iree.compiler.dialects._linalg_enum_gen import IteratorType
except ImportError:  # pragma: no cover - a bindings layout without the generated modules
    from iree.compiler.dialects.linalg import FillOp, GenericOp, IteratorType, YieldOp

__all__ = ["GenericOp", "YieldOp", "fill", "iterator_types"]


def fill(value: ir.Value, init: ir.Value) -> ir.Value:
    """``linalg.fill ins(value) outs(init)`` at the current insertion point; its result."""
    op = FillOp([init.type], [value], [init])
    block = op.regions[0].blocks.append(value.type, ir.ShapedType(init.type).element_type)
    with ir.InsertionPoint(block):
        YieldOp([block.arguments[0]])
    return op.result


def iterator_types(kinds) -> ir.Attribute:
    """``[#linalg.iterator_type<parallel>, ...]`` (needs an active context), each made by the bindings' own
    builder of the attribute (registered by the generated enum module, as ``linalg.generic``'s builder uses it)."""
    build = ir.AttrBuilder.get("linalg.IteratorTypeEnum")
    return ir.ArrayAttr.get([build(IteratorType[k], ir.Context.current) for k in kinds])
