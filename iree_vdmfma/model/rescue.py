"""Dispatches of a model whose default compile fails, and which variant compiles them (``rescued``).

IREE configures every executable before it generates code for any, and the compile driver dumps
each one as it is configured (``configured_<exe>.mlir``) next to its source (``module_<exe>.mlir``,
a ``hal.executable``). So when IREE's default codegen crashes on one dispatch (as on gfx942 for a
1x8x896x896 batch_matmul: ``Yield operand #0 is not equivalent to the corresponding iter bbArg``),
the failed compile's dump still holds every dispatch: :func:`discover` reads them from there.

Each skinny dispatch's own executable source is then compiled alone
(``iree-compile --compile-mode=hal-executable``), with IREE's default and with each variant's codegen
spec: a dispatch the default cannot compile but a variant can is ``rescued`` for that variant;
where none can, the row carries the failing single-executable command: a minimal reproducer
(seconds, one dispatch) instead of the whole model. A split-K chunk (preprocessing spec) acts
before dispatch creation and cannot be tried on one executable: only whole-model compiles say
whether it rescues anything.
"""

from __future__ import annotations

import re
from dataclasses import replace
from pathlib import Path
from typing import Optional

from ..compiler.driver import CompileJob, CompileResult, Compiler
from ..backends import backend_for
from .dispatches import Dispatch, collect_dispatches
from .model import RESCUED
EXECUTABLE_MODE = "--compile-mode=hal-executable"


def discover(result: CompileResult) -> Optional[list[Dispatch]]:
    """The dispatches of a failed whole-model compile from its configured dumps; None if there are none."""
    if not result.dump_dir.is_dir() or not any(result.dump_dir.glob("configured_*.mlir")):
        return None
    return collect_dispatches(result.dump_dir)


def executable_of(dispatch: str) -> str:
    """main$async_dispatch_1_batch_matmul_1x8x896x896_f16xf16xf32 -> main$async_dispatch_1."""
    m = re.match(r"(.*?dispatch_\d+)", dispatch)
    return m.group(1) if m else dispatch


def source_of(dump: Path, dispatch: str) -> Optional[Path]:
    path = dump / f"module_{executable_of(dispatch)}.mlir"
    return path if path.is_file() else None


def rescue(compiler: Compiler, m: int, base: CompileResult, dispatches: list[Dispatch],
           specs: dict[str, Optional[str]], target: str, timeout_s: float) -> dict[str, dict[str, tuple[str, str]]]:
    """Per dispatch that IREE's default cannot compile alone: {dispatch: {variant: (status, reason)}}.

    ``specs``: variant -> its codegen tuning spec text (None: nothing to try on one executable).
    The 'default' entry's reason names the minimal reproducer.
    """
    out: dict[str, dict[str, tuple[str, str]]] = {}
    backend = backend_for(target)
    flags = (EXECUTABLE_MODE, *backend.compile_flags(target))
    for d in dispatches:
        src = source_of(base.dump_dir, d.dispatch)
        if src is None or d.contraction is None:
            continue
        exe = executable_of(d.dispatch)
        job = CompileJob(f"model_m{m}/{exe}/default/{target}", src.read_text(), flags, None, timeout_s,
                         spec_honoured=backend.codegen_spec_honoured(target))
        alone = compiler.compile(job)
        if alone.ok:
            continue  # the default compiles this dispatch alone: it is not the one that fails
        verdicts = {"default": ("compile-error", f"IREE's default fails on this dispatch alone: {alone.error} "
                                                 f"(minimal reproducer: {alone.repro})")}
        for name, spec in specs.items():
            if spec is None:
                verdicts[name] = ("compile-error", "no codegen config to try on the executable alone "
                                                   "(a split acts before dispatch creation); see the whole-model row")
                continue
            r = compiler.compile(replace(job, label=f"model_m{m}/{exe}/{name}/{target}", spec=spec))
            verdicts[name] = ((RESCUED, f"{name} compiles the dispatch IREE's default cannot (alone: {r.repro})")
                              if r.ok else ("compile-error", f"{name} fails too: {r.error} "
                                                             f"(minimal reproducer: {r.repro})"))
        out[d.dispatch] = verdicts
    return out
