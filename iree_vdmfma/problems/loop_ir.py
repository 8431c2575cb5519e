"""The runnable module's IR: ``@gemm`` plus the two timing functions, built with the bindings.

``@gemm_loop`` (loop mode) and ``@gemm_cmdbuf`` (command-buffer mode) both take the activations,
the flat weight rotation buffer ``Bs`` and ``iters`` (dispatches per call), and call ``@gemm`` once
per dispatch on a view of weight copy ``d mod copies``. They differ in what one trip of their loop
holds: loop mode one dispatch (so one queue submission per dispatch), command-buffer mode
``CMDBUF_DISPATCHES`` calls in straight-line code, which IREE's stream scheduler records into one
command buffer (one submission for all of them), as it does for a model's function. See
``run/timing.py`` for how each is timed; this module only builds and verifies the IR.
"""

from __future__ import annotations

import math
from functools import lru_cache
from typing import Sequence

from .problem import Problem
from ..util.mlir import shared_context

LOOP_FUNC = "gemm_loop"
CMDBUF_FUNC = "gemm_cmdbuf"
GEMM_FUNC = "gemm"
CMDBUF_DISPATCHES = 8  # @gemm calls per trip of @gemm_cmdbuf: one command buffer, one submission

# Compile flags every runnable module (this IR) is built with. @gemm_cmdbuf's dispatches write their results
# into one allocation; IREE's binding fusion would then pass each result's offset as a push constant, a new
# operand that changes the executable (its ISA differs from @gemm's alone). Without the fusion each
# dispatch binds its result at its offset and the executable is byte for byte the plain module's.
RUNNER_FLAGS = ("--iree-scheduling-optimize-bindings=false",)

COPY_ALIGN = 256  # bytes; each weight copy starts on this boundary (bindings assume >= 64)


def copy_stride(problem: Problem) -> int:
    """Bytes from one weight copy to the next in the rotation buffer (B padded to COPY_ALIGN)."""
    return -(-problem.weight_bytes // COPY_ALIGN) * COPY_ALIGN


def _operands(problem: Problem) -> tuple[list[tuple[tuple[int, ...], str]], list[tuple[tuple[int, ...], str, int]]]:
    """(@gemm's activation arguments as (shape, element type), weight parts as (shape, element type, bytes)).

    The parts lie back to back in one weight copy: B, or for an MX problem (problems/mxfp4.py)
    its packed values then its scales, all i8.
    """
    if problem.dt.is_mx:
        from .mxfp4 import abi_shapes

        a_shape, as_shape, b_shape, bs_shape = abi_shapes(problem)
        b_len = math.prod(b_shape)
        return ([(tuple(a_shape), "i8"), (tuple(as_shape), "i8")],
                [(tuple(b_shape), "i8", b_len), (tuple(bs_shape), "i8", problem.weight_bytes - b_len)])
    a_shape, b_shape, _ = problem.shapes()
    return [(tuple(a_shape), problem.dtype)], [(tuple(b_shape), problem.dtype, problem.weight_bytes)]


def _tensor_type(shape: Sequence[int], elem: str):
    from iree.compiler import ir

    return ir.RankedTensorType.get(list(shape), ir.Type.parse(elem))


def _index(value: int):
    from iree.compiler import ir
    from iree.compiler.dialects import arith

    return arith.constant(ir.IndexType.get(), value)


def _weight_views(problem: Problem, buf, offset, parts) -> list:
    """Import each weight part of the copy at byte ``offset`` of ``buf`` as a tensor (no copy)."""
    from iree.compiler import ir
    from iree.compiler.dialects import arith, hal

    view_t = ir.Type.parse("!hal.buffer_view")
    enc = hal.EncodingTypeOp().result  # no encoding attribute: dense row-major
    tensors = []
    for j, (shape, elem, length) in enumerate(parts):
        if j:
            offset = arith.addi(offset, _index(parts[j - 1][2]))
        et = hal.ElementTypeOp(ir.TypeAttr.get(ir.Type.parse(elem))).result
        view = hal.BufferViewCreateOp(buf, offset, _index(length), et, enc, [_index(d) for d in shape],
                                      results=[view_t]).result
        b_t = _tensor_type(shape, elem)
        tensors.append(hal.TensorImportOp(b_t, view, ir.TypeAttr.get(b_t), [], name="weight copy").result)
    return tensors


def _build_timing_func(problem: Problem, name: str, per_trip: int) -> None:
    """``func.func @name(A..., Bs, iters) -> C`` at the current insertion point (needs context + location).

    Trip ``t`` of its loop runs ``per_trip`` dispatches ``d = t * per_trip + j``, each on weight copy
    ``d mod copies`` (``copies = max(1, bytes(Bs) // stride)``); ``iters`` dispatches in all (a
    multiple of ``per_trip``). Every dispatch's result is loop-carried, so none is dead code.
    """
    from iree.compiler import ir
    from iree.compiler.dialects import arith, func, hal, scf, tensor

    lhs, parts = _operands(problem)
    c_t = _tensor_type(problem.shapes()[2], problem.dt.acc)
    view_t, buf_t = ir.Type.parse("!hal.buffer_view"), ir.Type.parse("!hal.buffer")
    i32, index = ir.IntegerType.get_signless(32), ir.IndexType.get()
    lhs_t = [_tensor_type(s, e) for s, e in lhs]
    fn = func.FuncOp(name, ir.FunctionType.get(lhs_t + [view_t, i32], [c_t] * per_trip))
    entry = fn.add_entry_block()
    with ir.InsertionPoint(entry):
        *acts, bs, iters = entry.arguments
        c0, c1, stride = _index(0), _index(1), _index(copy_stride(problem))
        total = hal.BufferViewDimOp(bs, 0, results=[index]).result
        copies = arith.maxui(arith.divui(total, stride), c1)
        buf = hal.BufferViewBufferOp(buf_t, bs).result
        trips = arith.index_cast(index, iters)
        trips = arith.divui(trips, _index(per_trip)) if per_trip > 1 else trips
        inits = [tensor.EmptyOp(list(problem.shapes()[2]), c_t.element_type).result for _ in range(per_trip)]
        loop = scf.ForOp(c0, trips, c1, inits)
        with ir.InsertionPoint(loop.body):
            first = loop.induction_variable
            first = arith.muli(first, _index(per_trip)) if per_trip > 1 else first
            views = []  # every import first: an import between two dispatches would split the command buffer
            for j in range(per_trip):
                d = arith.addi(first, _index(j)) if j else first
                views.append(_weight_views(problem, buf, arith.muli(arith.remui(d, copies), stride), parts))
            results = [func.CallOp([c_t], ir.FlatSymbolRefAttr.get(GEMM_FUNC), [*acts, *w]).result for w in views]
            scf.YieldOp(results)
        func.ReturnOp(list(loop.results))


def build_runner_module(problem: Problem):
    """A verified module: the problem's input IR (``@gemm``) plus ``@gemm_loop`` and ``@gemm_cmdbuf``."""
    from iree.compiler import ir

    from .inputs import input_ir

    ctx = shared_context()
    with ctx, ir.Location.unknown():
        module = ir.Module.parse(input_ir(problem))
        with ir.InsertionPoint(module.body):
            _build_timing_func(problem, LOOP_FUNC, 1)
            _build_timing_func(problem, CMDBUF_FUNC, CMDBUF_DISPATCHES)
        if not module.operation.verify():
            raise RuntimeError(f"runner IR for {problem.key} does not verify")
        return module


@lru_cache(maxsize=1024)  # one build per problem: a sweep asks once per variant
def runner_input_ir(problem: Problem) -> str:
    """The problem's input IR plus both timing functions: what a runnable module is built from."""
    return str(build_runner_module(problem))
