"""The runnable module's IR: ``@gemm`` plus the timing loop ``@gemm_loop``.

See ``run/timing.py`` for how the loop is used to take a latency. This module
only builds and verifies the IR (it is an input to the compile stage).
"""

from __future__ import annotations

import math
from functools import lru_cache
from typing import Sequence

from .problem import Problem
from ..util.mlir import shared_context

LOOP_FUNC = "gemm_loop"
GEMM_FUNC = "gemm"



def _tensor(shape: Sequence[int | str], elem: str) -> str:
    return "tensor<" + "x".join(str(d) for d in shape) + f"x{elem}>"


COPY_ALIGN = 256  # bytes; each weight copy starts on this boundary (bindings assume >= 64)


def copy_stride(problem: Problem) -> int:
    """Bytes from one weight copy to the next in the rotation buffer (B padded to COPY_ALIGN)."""
    return -(-problem.weight_bytes // COPY_ALIGN) * COPY_ALIGN


def _operands(problem: Problem) -> tuple[list[str], list[tuple[tuple[int, ...], str, int]]]:
    """(types of @gemm's activation arguments, weight parts as (shape, element type, bytes)).

    The parts lie back to back in one weight copy: B, or for an MX problem (problems/mxfp4.py)
    its packed values then its scales, all i8.
    """
    if problem.dt.is_mx:
        from .mxfp4 import abi_shapes

        a_shape, as_shape, b_shape, bs_shape = abi_shapes(problem)
        b_len = math.prod(b_shape)
        return ([_tensor(a_shape, "i8"), _tensor(as_shape, "i8")],
                [(b_shape, "i8", b_len), (bs_shape, "i8", problem.weight_bytes - b_len)])
    a_shape, b_shape, _ = problem.shapes()
    return [_tensor(a_shape, problem.dtype)], [(b_shape, problem.dtype, problem.weight_bytes)]


def loop_function_ir(problem: Problem) -> str:
    """Text of ``func.func @gemm_loop`` (it calls ``@gemm``, which must be in the module).

    ``Bs`` is a flat i8 buffer of ``copies * copy_stride(problem)`` bytes. Each
    trip makes a buffer view of copy ``i mod copies`` at its byte offset (one view per
    weight part: B, or an MX problem's packed B and its scales) and imports it, so the
    matmul dispatch binds that copy directly: no slice copy, no offset arithmetic in
    the kernel, and the executable is the very same one ``@gemm`` uses (IREE
    deduplicates it).
    """
    lhs, parts = _operands(problem)
    c_t = _tensor(problem.shapes()[2], problem.dt.acc)
    args = "".join(f"%a{i}: {t}, " for i, t in enumerate(lhs))
    consts, trip, names, types = [], [], [f"%a{i}" for i in range(len(lhs))], list(lhs)
    offset = "%off"
    for j, (shape, elem, length) in enumerate(parts):
        consts += [f"    %len{j} = arith.constant {length} : index",
                   f"    %et{j} = hal.element_type<{elem}> : i32"]
        consts += [f"    %d{j}_{i} = arith.constant {d} : index" for i, d in enumerate(shape)]
        dims = ", ".join(f"%d{j}_{i}" for i in range(len(shape)))
        if j:
            trip.append(f"      %off{j} = arith.addi {offset}, %len{j - 1} : index")
            offset = f"%off{j}"
        b_t = _tensor(shape, elem)
        trip += [f"      %view{j} = hal.buffer_view.create buffer(%buf : !hal.buffer)[{offset}, %len{j}] "
                 f"shape([{dims}]) type(%et{j}) encoding(%enc) : !hal.buffer_view",
                 f"      %b{j} = hal.tensor.import %view{j} \"weight copy\" : !hal.buffer_view -> {b_t}"]
        names.append(f"%b{j}")
        types.append(b_t)
    nl = "\n"
    return f"""
  func.func @{LOOP_FUNC}({args}%bs: !hal.buffer_view, %iters: i32) -> {c_t} {{
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %stride = arith.constant {copy_stride(problem)} : index
{nl.join(consts)}
    %total = hal.buffer_view.dim<%bs : !hal.buffer_view>[0] : index
    %q = arith.divui %total, %stride : index
    %copies = arith.maxui %q, %c1 : index
    %buf = hal.buffer_view.buffer<%bs : !hal.buffer_view> : !hal.buffer
    %enc = hal.encoding_type<dense_row_major> : i32
    %n = arith.index_cast %iters : i32 to index
    %init = tensor.empty() : {c_t}
    %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %init) -> ({c_t}) {{
      %idx = arith.remui %i, %copies : index
      %off = arith.muli %idx, %stride : index
{nl.join(trip)}
      %c = func.call @{GEMM_FUNC}({", ".join(names)}) : ({", ".join(types)}) -> {c_t}
      scf.yield %c : {c_t}
    }}
    return %r : {c_t}
  }}
"""


def add_loop_function(module_text: str, problem: Problem) -> str:
    """Append ``@gemm_loop`` to a module that defines ``@gemm`` (textual splice)."""
    body = module_text.rstrip()
    if not body.endswith("}"):
        raise ValueError("module text does not end with '}'")
    return body[:-1] + loop_function_ir(problem) + "}\n"


@lru_cache(maxsize=1024)  # one build per problem: a sweep asks once per variant
def runner_input_ir(problem: Problem) -> str:
    """The problem's input IR (``@gemm``) plus ``@gemm_loop``: what a runnable module is built from."""
    from iree.compiler import ir

    from .inputs import input_ir

    text = add_loop_function(input_ir(problem), problem)
    with shared_context():  # verify the splice
        module = ir.Module.parse(text)
        if not module.operation.verify():
            raise RuntimeError(f"runner IR for {problem.key} does not verify")
    return text


