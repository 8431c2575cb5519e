"""Dispatches alone: when a whole-model compile fails, which executable fails, and what each one compiles to.

A failed whole-model compile may have configured every executable (as on gfx942 for a 1x8x896x896
batch_matmul, whose codegen fails with ``Yield operand #0 is not equivalent to the corresponding iter
bbArg``) or none (on gfx950 IREE's own config selection for an M = 8 f16 GEMM crashes in
``getXorShuffleParamsForTunedChipset``), and the executables it dumped race the crash. So the model is
compiled again only as far as its executables' sources (:func:`sources`, ``--compile-to=
executable-sources``: every ``module_<exe>.mlir``, seconds) and each executable is compiled alone
(``iree-compile --compile-mode=hal-executable``): with IREE's default (:func:`each_alone`), which gives
every dispatch's configured IR and names the one(s) that fail, each with its minimal reproducer (seconds
and one dispatch instead of the whole model); and with a variant's codegen spec (:func:`alone`), to
prove each GEMM on its own kernel when the whole model cannot be compiled. A dispatch the default
cannot compile but a variant can is ``rescued`` for that variant (:func:`rescue`). A split-K chunk
(preprocessing spec) acts before dispatch creation and cannot be tried on one executable: only
whole-model compiles say whether it rescues anything.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Optional

from ..compiler.driver import RETRY_FLAG, CompileJob, CompileResult, Compiler
from ..compiler.retry import compile_many_retrying
from ..backends import backend_for
from ..problems.rows import Status
from ..util.io import read_tool_text
from .dispatches import Dispatch
from .source import model_flags


EXECUTABLE_MODE = "--compile-mode=hal-executable"
SOURCES_PHASE = "--compile-to=executable-sources"


def executable_of(dispatch: str) -> str:
    """main$async_dispatch_1_batch_matmul_1x8x896x896_f16xf16xf32 -> main$async_dispatch_1."""
    m = re.match(r"(.*?dispatch_\d+)", dispatch)
    return m.group(1) if m else dispatch


def source_of(dump: Path, dispatch: str) -> Optional[Path]:
    path = dump / f"module_{executable_of(dispatch)}.mlir"
    return path if path.is_file() else None


def sources(compiler: Compiler, m: int, text: str, target: str, flags: tuple[str, ...],
            timeout_s: float) -> CompileResult:
    """The whole model compiled only as far as its executables' sources (``--compile-to=executable-sources``,
    before any executable is configured: seconds, and nothing there crashes in codegen): the dump holds
    every ``module_<exe>.mlir``."""
    backend = backend_for(target)
    return compiler.compile(CompileJob(f"model_m{m}/executable-sources/{target}", text,
                                       (*model_flags(target, flags), SOURCES_PHASE), None, timeout_s,
                                       spec_honoured=backend.codegen_spec_honoured(target)))


def calls(result: CompileResult) -> dict[str, int]:
    """Dispatch sites per dispatch function in the program (``sources``' output: the whole module at that phase,
    every ``flow.dispatch @exe::@variant::@function``): how often one forward calls each kernel (k and v share
    one executable at bs > 1: 2). Static sites: a dispatch inside a loop would count once."""
    if not result.ok or not result.vmfb.is_file():
        return {}
    found: dict[str, int] = {}
    for name in re.findall(r"dispatch @[^:\s]+::@[^:\s]+::@([^\s({]+)", read_tool_text(result.vmfb)):
        name = name.strip('"')
        found[name] = found.get(name, 0) + 1
    return found


def executables(dump: Path) -> list[str]:
    """Every executable whose source a compile dumped (module_<exe>.mlir), in dispatch order."""
    names = [p.name[len("module_"):-len(".mlir")] for p in Path(dump).glob("module_*.mlir")]
    return sorted(names, key=lambda n: tuple(int(t) if t.isdigit() else t for t in re.split(r"(\d+)", n)))


def function_of(dump: Path, exe: str) -> str:
    """The dispatch function (= kernel) name of one executable, from its source's export."""
    src = source_of(Path(dump), exe)
    m = re.search(r"hal\.executable\.export public @([^\s(]+)", read_tool_text(src)) if src else None
    return m.group(1).strip('"') if m else exe


def kind_of(function: str) -> str:
    """What IREE named a dispatch after: decode_bs4$async_dispatch_24_attention_4x8x4x... -> attention."""
    m = re.search(r"dispatch_\d+_([a-z_]+?)(?:_[0-9D]|$)", function)
    return m.group(1) if m else ""


def alone_job(m: int, dump: Path, exe: str, variant: str, target: str, flags: tuple[str, ...],
              spec: Optional[str], timeout_s: float) -> Optional[CompileJob]:
    """One executable of a whole-model dump compiled alone (None when the dump has no source for it); single-threaded
    from the start (as fast for one executable, and a model's executables compile many at a time: IREE 3.13's
    threaded compile deadlocks now and then, the hang compiler/retry.compile_retrying retries this way)."""
    src = source_of(dump, exe)
    if src is None:
        return None
    backend = backend_for(target)
    return CompileJob(f"model_m{m}/{exe}/{variant}/{target}", read_tool_text(src),
                      (EXECUTABLE_MODE, *backend.compile_flags(target), *flags, RETRY_FLAG), spec, timeout_s,
                      spec_honoured=backend.codegen_spec_honoured(target))


def compile_all(compiler: Compiler, jobs: list[CompileJob]) -> list[CompileResult]:
    """Compile in parallel; a compile that hung or timed out once more single-threaded (IREE 3.13 deadlocks now and
    then in a threaded compile: no CPU from then on; the driver ends it early and says it hung)."""
    return compile_many_retrying(compiler, jobs)


def each_alone(compiler: Compiler, m: int, dump: Path, target: str, flags: tuple[str, ...],
               timeout_s: float) -> dict[str, CompileResult]:
    """Every executable of ``dump`` compiled alone with IREE's default, in parallel: {exe: result}."""
    jobs = [j for exe in executables(dump)
            if (j := alone_job(m, dump, exe, "default", target, flags, None, timeout_s)) is not None]
    return {r.job.label.split("/")[1]: r for r in compile_all(compiler, jobs)}


def alone(compiler: Compiler, m: int, dump: Path, exe: str, variant: str, target: str, flags: tuple[str, ...],
          spec: Optional[str], timeout_s: float) -> Optional[CompileResult]:
    job = alone_job(m, dump, exe, variant, target, flags, spec, timeout_s)
    return compile_all(compiler, [job])[0] if job is not None else None


def reproducer(result: CompileResult) -> str:
    return f"{result.error} (minimal reproducer: {result.repro})"


def rescue(compiler: Compiler, m: int, dump: Path, dispatches: list[Dispatch], specs: dict[str, Optional[str]],
           target: str, timeout_s: float, flags: tuple[str, ...], crashed: dict[str, CompileResult]
           ) -> dict[str, dict[str, tuple[str, str]]]:
    """Per dispatch that IREE's default cannot compile alone (``crashed``: {exe: its failed alone compile}):
    {dispatch: {variant: (status, reason)}}.

    ``specs``: variant -> its codegen tuning spec text (None: nothing to try on one executable); ``dump``:
    where the executables' sources are. The 'default' entry's reason names the minimal reproducer.
    """
    out: dict[str, dict[str, tuple[str, str]]] = {}
    for d in dispatches:
        exe = executable_of(d.dispatch)
        if d.contraction is None or exe not in crashed:
            continue  # the default compiles this dispatch alone: it is not the one that fails
        verdicts = {"default": (Status.COMPILE_ERROR.value, f"IREE's default fails on this dispatch alone: {reproducer(crashed[exe])}")}
        for name, spec in specs.items():
            if spec is None:
                verdicts[name] = (Status.COMPILE_ERROR.value, "no codegen config to try on the executable alone "
                                          "(a split acts before dispatch creation); see the whole-model row")
                continue
            r = alone(compiler, m, dump, exe, name, target, flags, spec, timeout_s)
            verdicts[name] = ((Status.RESCUED.value, f"{name} compiles the dispatch IREE's default cannot (alone: {r.repro})")
                              if r.ok else (Status.COMPILE_ERROR.value, f"{name} fails too: {reproducer(r)}"))
        out[d.dispatch] = verdicts
    return out
