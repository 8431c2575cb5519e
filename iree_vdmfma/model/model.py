"""`vdmfma model`: export a model, find its GEMM dispatches, spec them, prove it per dispatch.

Per token count M: export (iree-turbine; an .mlir source as-is) -> compile with no spec and read the
dispatches from the dump (``dispatches.collect_dispatches``; from the failed compile's configured dump
when IREE's default cannot compile the model, with the executable that fails found alone:
``rescue.crashes``) -> write one spec for every skinny contraction found over all M -> compile again
with the spec -> per dispatch, read the configured IR and the ISA of its own kernel
(the backend's ``kernels``: ``backends/rocm/evidence.parse_rocmasm``); when the whole model does not compile with the spec, each
GEMM's executable is compiled alone with it (``rescue.alone``) and proved from that kernel. All
numbers come from those compiles (compile-only; nothing is run on a GPU here). The user's compile
flags (``--compile-flag``) go into every compile, its cache key and its repro.

A dispatch is ``applied`` when the intended config is configured and its kernel has v_smfmac > 0
and v_mfma = 0 (VDMFMA), v_mfma > 0 (dense) or neither (the gemv config of an O2/O3 matvec), and does
not spill (else ``spills`` with the counts); ``rescued`` when IREE's default cannot compile it alone
and the spec can; ``not-matched`` with the reason otherwise; ``not-skinny`` when M > SKINNY_MAX_M or
dynamic (prefill); ``not-gemm`` for a reduction op that is no GEMM (softmax, RoPE's K = 1 outer
product, attention); ``data-tiled`` for an ``inner_tiled`` contraction (no spec route reaches its MMA
layout); ``compile-error`` with the minimal reproducer for an executable that fails alone.
"""

from __future__ import annotations

import csv
from dataclasses import dataclass, field, fields, replace
from pathlib import Path
from typing import Callable, Mapping, Optional

from ..compiler.driver import CompileJob, CompileResult, Compiler
from ..compiler.errors import frontend_failure
from ..backends import backend_for
from ..backends.rocm.evidence import Kernel
from ..configs.annotate import form_config
from ..configs.config import KernelConfig
from ..configs.gemv import GemvConfig
from ..configs.forms import FORMS, Contraction
from ..configs.spec import write_spec
from ..problems.rows import (DISPATCH_STATUSES, Status, Table, read_checked, spill_reason, status_values,
                             write_csv_table)
from ..variants.registry import Variant
from ..util.io import atomic_write_text, atomic_writer, read_tool_text
from . import rescue as alone
from .dispatches import Dispatch, collect_dispatches, name_shape
from .dispatches import read_dispatches as read_ops
from .source import Source, input_ir, model_flags

SKINNY_MAX_M = 32

DATA_TILED_WHY = ("not reachable: the encoding chose this MMA layout before configuration and "
                  "transform.iree.match.contraction does not match an inner_tiled op; compile without "
                  "--iree-opt-data-tiling to spec or tune this GEMM")


@dataclass(frozen=True)
class DispatchRow:
    """One line of dispatches.csv."""

    m_tokens: int  # the M the model was exported for
    dispatch: str = ""  # '' for the row of a whole compile that failed
    op_form: str = ""
    m: Optional[int] = None
    n: Optional[int] = None
    k: Optional[int] = None
    batch: Optional[int] = None
    dtypes: str = ""  # lhs x rhs -> acc
    fused_consumers: str = ""
    default_mma_kind: str = ""
    spec_mma_kind: str = ""
    smfmac: Optional[int] = None
    mfma: Optional[int] = None
    vgpr: Optional[int] = None
    spills: Optional[int] = None
    status: str = ""
    reason: str = ""
    variant: str = ""  # which compile the row proves (added column: default, tuned, vdmfma, ...)
    calls: Optional[int] = None  # dispatch sites of this kernel in the program (added column; rescue.calls)


@dataclass(frozen=True)
class ModelResult:
    rows: list[DispatchRow]
    spec_path: Optional[Path]
    inputs: dict[int, Path]  # M -> exported .mlir

    @property
    def unmatched_skinny(self) -> list[DispatchRow]:
        """Real skinny GEMMs the spec did not reach (or that spill, fail, or are data-tiled), and compiles that
        failed with no dispatch to blame; never a row for an op that is no GEMM or not skinny."""
        return [r for r in self.rows if counts_against(r)]

    @property
    def crashes(self) -> list[DispatchRow]:
        """Executables that fail alone and are no skinny GEMM (IREE's attention, say): reported, not counted."""
        return [r for r in self.rows if r.status == Status.COMPILE_ERROR.value and not counts_against(r)]


def counts_against(row: DispatchRow) -> bool:
    """Does this row say a real skinny GEMM was not applied (the exit code of ``vdmfma model``)?"""
    if row.status in (Status.NOT_MATCHED.value, Status.SPILLS.value, Status.DATA_TILED.value):
        return row.m is None or row.m <= SKINNY_MAX_M
    # a compile that fails: a skinny GEMM's, or the whole model's (no dispatch named); never a prefill GEMM's or an
    # op that is no GEMM (crash_rows keeps what the op is in the row that carries the failure)
    return row.status == Status.COMPILE_ERROR.value and (
        (row.m is not None and row.m <= SKINNY_MAX_M) or not row.dispatch)


def is_skinny(contraction: Contraction) -> bool:
    return contraction.problem.m <= SKINNY_MAX_M


def _short(ops: tuple[str, ...]) -> str:
    return "+".join(o.split(".", 1)[-1] for o in ops)


def isa_kernels(result: CompileResult, target: str) -> Optional[dict[str, Kernel]]:
    """The compile's kernels with their ISA counts, where the target's backend reads them (None elsewhere)."""
    return backend_for(target).kernels(result.dump_dir)


def config_reached(config, got: Dispatch) -> Optional[tuple[str, str]]:
    """None if ``config`` (a KernelConfig, a GemvConfig, or an mma_kind name) is the dispatch's configured
    lowering_config; else (NOT_MATCHED, why). The proof a target without ISA counters (PTX) gets."""
    intended = config if isinstance(config, str) else config.mma_kind
    if got.mma_kind != intended:
        how = f"configured with {got.mma_kind or 'no mma_kind'} ({got.pipeline})"
        return Status.NOT_MATCHED.value, f"spec did not apply: {how}, intended {intended or 'no MMA (gemv)'}"
    if not intended and isinstance(config, GemvConfig) and (why := config.not_applied(got.lowering_config)):
        return Status.NOT_MATCHED.value, why
    if not intended and f"workgroup = {list(config.workgroup)}" not in got.lowering_config:  # IREE's own gemv is alike
        return Status.NOT_MATCHED.value, f"spec did not apply: configured {got.lowering_config or 'no lowering_config'}, " \
                            f"intended workgroup = {list(config.workgroup)}"
    return None


def isa_verdict(config, got: Dispatch, kernel: Optional[Kernel]) -> tuple[str, str]:
    """Did ``config`` (a KernelConfig, a GemvConfig, or an mma_kind name) reach the dispatch and its ISA?"""
    intended = config if isinstance(config, str) else config.mma_kind
    if (missed := config_reached(config, got)) is not None:
        return missed
    if kernel is None:
        return Status.NOT_MATCHED.value, f"kernel {got.dispatch} not found in the ISA dump"
    if intended.startswith("VDMFMA") and not (kernel.smfmac > 0 and kernel.mfma == 0):
        return Status.NOT_MATCHED.value, f"{intended} configured but ISA has v_smfmac={kernel.smfmac} v_mfma={kernel.mfma}"
    if intended.startswith("MFMA") and not kernel.mfma:
        return Status.NOT_MATCHED.value, f"{intended} configured but the ISA has no v_mfma"
    if not intended and (kernel.smfmac or kernel.mfma):
        return Status.NOT_MATCHED.value, f"the gemv config configured but the ISA has v_smfmac={kernel.smfmac} v_mfma={kernel.mfma}"
    if kernel.spilled:
        return Status.SPILLS.value, f"{intended or 'the gemv config'} applied; " + spill_reason(
            f"{kernel.spilled} ({kernel.vgpr} VGPRs)")
    if not intended:
        named = "" if isinstance(config, str) else f": {config.describe()}"
        if got.contraction is not None and not FORMS[got.contraction.form].fold_m:  # an M = 1 mmt (O1) takes it too
            return Status.APPLIED.value, f"the gemv config, no MMA{named}"
        return Status.APPLIED.value, ("matvec form (unit M folded at O2/O3): the gemv config, no MMA (VDMFMA cannot "
                                      f"apply to an op without an M loop){named}")
    return Status.APPLIED.value, ""


def proved(config, got: Dispatch, kernels: Optional[Mapping[str, Kernel]]) -> tuple[str, str]:
    """The verdict on ``config`` at the compiled dispatch ``got``: from its configured IR and its ISA where the
    target's backend reads the ISA (``kernels``: the compile's kernels by name, ROCm), from the configured IR alone
    where it reads none (``kernels`` None: CUDA's PTX), never 'not found in the ISA dump' for want of one."""
    if kernels is None:
        return config_reached(config, got) or (Status.APPLIED.value, "")
    return isa_verdict(config, got, kernels.get(got.dispatch))


def dispatch_row(m_tokens: int, base: Dispatch, tuned: Optional[Dispatch], kernel: Optional[Kernel],
         config, why: str = "", isa: bool = True) -> DispatchRow:
    """``why``: the reason there is no ``config`` for a skinny GEMM (the variant has no rule, a form it cannot fit);
    ``isa``: whether the target's backend reads an ISA for ``kernel`` (False: the configured IR is the proof)."""
    c = base.contraction
    p = c.problem if c else None
    if c is None:
        status, reason = base.status or Status.NOT_MATCHED.value, base.reason
        if status == Status.DATA_TILED.value:
            reason = f"IREE chose {base.mma_kind or 'no MMA'} ({base.reason}); {DATA_TILED_WHY}"
    elif not is_skinny(c):
        status, reason = Status.NOT_SKINNY.value, f"M={p.m} > {SKINNY_MAX_M}: left to IREE's default"
    elif config is None:
        status, reason = Status.NOT_MATCHED.value, why or "the variant has no config for this problem"
    elif tuned is None:
        status, reason = Status.NOT_MATCHED.value, "dispatch missing from the with-spec compile"
    else:
        kernels = ({tuned.dispatch: kernel} if kernel else {}) if isa else None  # None: no ISA read (CUDA)
        status, reason = proved(config, tuned, kernels)
    m, n, k, batch = (p.m, p.n, p.k, p.batch) if p else name_shape(base.dispatch) if base.status == Status.DATA_TILED.value \
        else (None,) * 4
    if status == Status.DATA_TILED.value and k == 1:
        status, reason = Status.NOT_GEMM.value, f"outer product (K = 1), data-tiled: not a GEMM ({base.mma_kind})"
    return DispatchRow(
        m_tokens=m_tokens, dispatch=base.dispatch, op_form=c.form if c else base.op_name,
        m=m, n=n, k=k, batch=batch,
        dtypes=f"{p.dtype}x{p.dtype}->{c.acc}" if c else "", fused_consumers=_short(base.consumers),
        default_mma_kind=base.mma_kind, spec_mma_kind=tuned.mma_kind if tuned else "",
        smfmac=kernel.smfmac if kernel else None, mfma=kernel.mfma if kernel else None,
        vgpr=kernel.vgpr if kernel else None,
        spills=kernel.vgpr_spills + kernel.sgpr_spills if kernel else None, status=status, reason=reason)


@dataclass(frozen=True)
class ModelOptions:
    source: Source
    ms: tuple[int, ...]
    target: str
    variant: Variant
    out: Path
    dtype: Optional[str] = None
    cache_dir: Optional[Path] = None
    timeout_s: float = 600.0
    flags: tuple[str, ...] = ()  # the user's compile flags (--compile-flag, --compile-flags-file): every compile
    merge_with: tuple = ()  # --merge-with: the user's tuning specs (configs/link.Spec), linked into spec.mlir
    prefer: str = "ours"  # --prefer: which side wins an op both configure
    workers: Optional[int] = None  # --workers: parallel compiles (None: all cores)


def _job(label: str, text: str, target: str, spec: Optional[str], timeout_s: float,
         flags: tuple[str, ...] = ()) -> CompileJob:
    return CompileJob(label, text, model_flags(target, flags), spec, timeout_s,
                      spec_honoured=backend_for(target).codegen_spec_honoured(target))


def failed_row(m: int, result: CompileResult, what: str) -> DispatchRow:
    return DispatchRow(m_tokens=m, status=Status.COMPILE_ERROR.value,
                       reason=f"{what} compile failed: {result.error} (repro: {result.repro})")


@dataclass
class Discovered:
    """IREE's default compile of one M: its dispatches and, where it fails, the executables' sources
    (``sources``: a dump of module_<exe>.mlir) and those that fail alone (``crashed``, rescue.each_alone)."""

    base: CompileResult
    dispatches: Optional[list[Dispatch]]  # None: nothing to read them from
    crashed: dict[str, CompileResult]
    sources: Optional[Path] = None  # where each executable's source is (the base dump when it compiled)
    calls: dict[str, int] = field(default_factory=dict)  # dispatch function -> sites in the program

    @property
    def source_dump(self) -> Path:
        return self.sources or self.base.dump_dir


def default_job(m: int, text: str, target: str, flags: tuple[str, ...], timeout_s: float) -> CompileJob:
    return _job(f"model_m{m}/default/{target}", text, target, None, timeout_s, flags)


def discover(compiler: Compiler, m: int, text: str, target: str, flags: tuple[str, ...], timeout_s: float,
             log: Callable[[str], None] = lambda s: None, base: Optional[CompileResult] = None) -> Discovered:
    """Compile IREE's default for the whole model (``base``: already compiled) and read its dispatches. Where it
    fails: every executable's source (rescue.sources), each compiled alone with the default (its configured IR;
    the ones that fail)."""
    base = base or alone.compile_all(compiler, [default_job(m, text, target, flags, timeout_s)])[0]
    phase = alone.sources(compiler, m, text, target, flags, timeout_s)  # seconds: the call counts
    if base.ok:
        return Discovered(base, collect_dispatches(base.dump_dir), {}, calls=alone.calls(phase))
    if not phase.ok or not alone.executables(phase.dump_dir):
        return Discovered(base, None, {})
    log(f"M={m}: IREE's default fails ({base.error[:120]}); compiling each of its executables alone")
    each = alone.each_alone(compiler, m, phase.dump_dir, target, flags, timeout_s)
    dispatches: list[Dispatch] = []
    for exe in alone.executables(phase.dump_dir):
        r = each.get(exe)
        if r is not None and r.ok:
            dispatches += collect_dispatches(r.dump_dir)
        else:  # it fails before (or while) being configured: what it computes, from its source
            dispatches += read_ops(read_tool_text(alone.source_of(phase.dump_dir, exe)), configured=False)
    return Discovered(base, dispatches, {exe: r for exe, r in each.items() if not r.ok}, phase.dump_dir,
                      alone.calls(phase))


class FrontendError(ValueError):
    """IREE's input conversion cannot lower the exported program: no dispatch was formed, so no GEMM was ever
    found. One line naming the frontend and the op (exit 2: the program as exported is not one IREE takes)."""


def check_frontend(m: int, base: CompileResult, source: Path) -> None:
    """FrontendError when IREE's default compile of M failed in its frontend (compiler/errors.frontend_failure)."""
    what = frontend_failure(base.error)
    if what:
        raise FrontendError(f"{source}: {what} (M={m}), so no dispatch was formed and no GEMM found: export the model "
                            f"so that op is not in it (docs/model-path.md, Hugging Face models); repro: {base.repro}")


def crash_rows(m: int, found: Discovered, covered: set[str], rows: tuple = ()) -> list[DispatchRow]:
    """One compile-error row per executable that fails alone with IREE's default and no GEMM row covers (IREE's
    attention, say), with its minimal reproducer; the whole compile's row when no executable fails alone. Where
    ``rows`` (the other rows of this M) already has a row of that executable (an op that is no GEMM, say), that row
    is the one row of its dispatch and carries the failure: returned in its place (callers drop the old one:
    :func:`one_row_per_dispatch`)."""
    if found.base.ok:
        return []
    out = []
    for exe, r in found.crashed.items():
        if exe in covered:
            continue
        why = f"IREE's default fails on this dispatch alone: {alone.reproducer(r)}"
        mine = [x for x in rows if x.m_tokens == m and x.dispatch and alone.executable_of(x.dispatch) == exe]
        if mine:  # the row there says what the op is; counted rows keep their status, the others say it fails
            out += [replace(x, status=x.status if counts_against(x) else Status.COMPILE_ERROR.value,
                            reason=f"{x.status}: {x.reason}; {why}" if not counts_against(x) else f"{x.reason}; {why}")
                    for x in mine]
            continue
        function = alone.function_of(found.source_dump, exe)
        out.append(replace(failed_row(m, r, ""), dispatch=function, op_form=alone.kind_of(function), reason=why))
    return out if found.crashed else [failed_row(m, found.base, "default (no executable fails alone)")]


def one_row_per_dispatch(rows: list[DispatchRow], crashes: list[DispatchRow]) -> list[DispatchRow]:
    """``rows`` with each row :func:`crash_rows` rewrote replaced by its rewrite, and the new crash rows added: a
    dispatch is never listed twice (once for what its op is, once for the compile that fails on it)."""
    key = lambda r: (r.m_tokens, r.variant, r.dispatch, r.op_form)  # noqa: E731
    rewritten = {key(c): c for c in crashes}
    kept = [rewritten.pop(key(r), r) for r in rows]
    return kept + [c for c in crashes if key(c) in rewritten]


def run_model(opts: ModelOptions, log: Callable[[str], None] = lambda s: None) -> ModelResult:
    """Export, discover, spec, compile and prove; writes shapes.csv, spec.mlir, dispatches.csv."""
    opts.out.mkdir(parents=True, exist_ok=True)
    inputs: dict[int, Path] = {}
    text: dict[int, str] = {}
    for m in opts.ms:  # every M's input before anything compiles: a bad source stops here
        log(f"M={m}: " + ("reading" if opts.source.is_mlir else "exporting") + f" {opts.source.text}")
        inputs[m] = opts.out / f"model_m{m}.mlir"
        text[m] = input_ir(opts.source, m, opts.dtype)
        atomic_write_text(inputs[m], text[m])
    found: dict[int, Discovered] = {}
    rows: list[DispatchRow] = []
    with Compiler(opts.cache_dir, opts.workers) as compiler:
        log(f"compiling IREE's default for M = {', '.join(map(str, opts.ms))}")
        bases = alone.compile_all(compiler, [default_job(m, text[m], opts.target, opts.flags, opts.timeout_s)
                                             for m in opts.ms])
        for m, base in zip(opts.ms, bases):
            found[m] = discover(compiler, m, text[m], opts.target, opts.flags, opts.timeout_s, log, base)
            if found[m].dispatches is None:
                check_frontend(m, found[m].base, inputs[m])
                rows.append(failed_row(m, found[m].base, "default"))
        dispatches = {m: f.dispatches for m, f in found.items() if f.dispatches is not None}
        if opts.source.is_mlir:
            _check_exported_m(opts.source.text, dispatches)
        configs = variant_configs(dispatches, opts)
        spec_path = write_model_spec(opts.out, configs)
        if spec_path is not None and opts.merge_with:
            _link_spec(spec_path, configs, opts, log)
        else:  # an earlier run's copy of ours would say this spec.mlir was linked
            (opts.out / OURS_COPY).unlink(missing_ok=True)
            if opts.merge_with:
                log(f"--merge-with: no skinny GEMM here takes a spec of ours, so nothing was linked with "
                    f"{', '.join(s.label for s in opts.merge_with)}: use yours as given")
        write_shapes(opts.out / "shapes.csv", configs)
        wholes: dict[int, CompileResult] = {}
        if spec_path is not None:
            log(f"compiling the whole model with {spec_path}")
            jobs = [_spec_job(m, text[m], spec_path, opts) for m in dispatches]
            wholes = dict(zip(dispatches, alone.compile_all(compiler, jobs)))
        for m in dispatches:
            rows += prove_dispatches(compiler, m, found[m], configs, spec_path, opts, log, wholes.get(m))
    rows = [replace(r, variant=opts.variant.name) for r in rows]
    write_dispatches(opts.out / "dispatches.csv", rows)
    return ModelResult(rows, spec_path, inputs)


def _check_exported_m(source: str, dispatches: dict[int, list[Dispatch]]) -> None:
    """An exported .mlir is made for one M: ValueError (bad input, exit 2) when --m names another, found from the
    program's own skinny GEMMs, none of which has M = --m (an export at M = 8 given --m 4 reported 'M=4: 6 applied' with
    rows of m = 8)."""
    for m, found in dispatches.items():  # its skinny GEMMs: a program of square GEMMs only has no M to check
        ms = sorted({d.contraction.problem.m for d in found if d.contraction is not None and is_skinny(d.contraction)})
        if ms and m not in ms:
            raise ValueError(f"--m {m}: {source} was exported for another M: its GEMMs have M = "
                             f"{', '.join(map(str, ms))}, none {m}; give the --m it was exported for")


def _config(c: Contraction, opts: ModelOptions) -> tuple[Optional[object], str]:
    """The variant's config for a skinny contraction in its form, or (None, why not)."""
    config = opts.variant.config(c.problem, opts.target)
    if config is None:
        return None, "the variant has no config for this problem"
    return form_config(c, config, opts.target)


def variant_configs(found: dict[int, list[Dispatch]], opts: ModelOptions) -> dict[str, tuple[Contraction, KernelConfig]]:
    """One config per skinny contraction key (shape, dtype, form) the variant has a rule for."""
    out: dict[str, tuple[Contraction, KernelConfig]] = {}
    for dispatches in found.values():
        for d in dispatches:
            c = d.contraction
            if c is None or not is_skinny(c) or c.key in out:
                continue
            config, _ = _config(c, opts)
            if config is not None:
                out[c.key] = (c, config)
    return out


OURS_COPY = "spec.ours.mlir"  # --merge-with: our spec as written, before the link


def write_model_spec(out: Path, configs: dict) -> Optional[Path]:
    """OUT/spec.mlir for ``configs`` (configs/spec.py write_spec: whole or not at all); None when there are none."""
    return write_spec(configs.values(), out / "spec.mlir") if configs else None


def _link_spec(spec_path: Path, configs: dict, opts: ModelOptions, log: Callable[[str], None]) -> None:
    """--merge-with: spec.mlir linked with the user's specs by IREE's linker (configs/link.py) before anything
    compiles with it, so every proof below is of the linked spec (a GEMM the user's spec wins is not ``applied``);
    ours is kept as spec.ours.mlir. Conflicts are found on each GEMM's own op in the toolkit's A*B^T form."""
    from ..configs.link import link_in_place  # noqa: PLC0415
    from ..problems.inputs import input_ir as problem_ir  # noqa: PLC0415

    payloads = [(c.key, problem_ir(c.problem)) for c, _ in configs.values()
                if c.key == c.problem.key and not c.problem.dt.is_mx]
    for line in link_in_place(spec_path, opts.merge_with, opts.prefer, payloads, opts.target):  # ours: OURS_COPY
        log(line)


def _spec_job(m: int, text: str, spec_path: Path, opts: ModelOptions) -> CompileJob:
    return _job(f"model_m{m}/{opts.variant.name}/{opts.target}", text, opts.target,
                spec_path.read_text(encoding="utf-8"), opts.timeout_s, opts.flags)


def prove_dispatches(compiler: Compiler, m: int, found: Discovered, configs: dict, spec_path: Optional[Path],
           opts: ModelOptions, log, whole: Optional[CompileResult] = None) -> list[DispatchRow]:
    """Per dispatch of one M: the with-spec whole-model compile's proof (``whole``: that compile, done by the
    caller), or each GEMM's executable alone where the whole model does not compile with the spec."""
    dispatches = found.dispatches or []
    tuned: dict[str, Dispatch] = {}
    kernels: Optional[dict[str, Kernel]] = {}
    if spec_path is not None:
        if whole.ok:
            tuned = {d.dispatch: d for d in collect_dispatches(whole.dump_dir)}
            kernels = isa_kernels(whole, opts.target)  # None: the backend reads no ISA (CUDA)
    rows, covered = [], set()
    for d in dispatches:
        entry = configs.get(d.contraction.key) if d.contraction else None
        why = "" if entry or d.contraction is None else _config(d.contraction, opts)[1]
        exe = alone.executable_of(d.dispatch)
        note = ""
        got, kernel = tuned.get(d.dispatch), (kernels or {}).get(d.dispatch)
        isa = kernels is not None
        if entry is not None and whole is not None and not whole.ok:  # prove the GEMM on its own executable
            r = alone.alone(compiler, m, found.source_dump, exe, opts.variant.name, opts.target, opts.flags,
                            spec_path.read_text(encoding="utf-8"), opts.timeout_s)
            if r is not None and r.ok:
                got = next((x for x in collect_dispatches(r.dump_dir) if x.dispatch == d.dispatch), None)
                alone_kernels = isa_kernels(r, opts.target)
                kernel, isa = (alone_kernels or {}).get(d.dispatch), alone_kernels is not None
                note = "proved on its executable alone (the whole model does not compile with the spec: see the " \
                       f"compile-error row): {r.repro}"
            elif r is not None:
                row = dispatch_row(m, d, None, None, entry[1])
                rows.append(replace(row, status=Status.COMPILE_ERROR.value, reason=f"the spec's config fails on this dispatch alone: "
                                                               f"{alone.reproducer(r)}"))
                covered.add(exe)
                continue
        row = dispatch_row(m, d, got, kernel, entry[1] if entry else None, why, isa)
        if exe in found.crashed and d.contraction is not None:
            covered.add(exe)
            default_fails = f"IREE's default fails on this dispatch alone: {alone.reproducer(found.crashed[exe])}"
            row = replace(row, status=Status.RESCUED.value if row.status == Status.APPLIED.value else row.status if entry else Status.COMPILE_ERROR.value,
                          reason="; ".join(x for x in (row.reason, default_fails) if x))
        elif note:
            row = replace(row, reason="; ".join(x for x in (row.reason, note) if x))
        rows.append(row)
    rows = [replace(r, calls=found.calls.get(r.dispatch)) for r in rows]
    rows = one_row_per_dispatch(rows, crash_rows(m, found, covered, tuple(rows)))
    if whole is not None and not whole.ok and found.base.ok and not any(r.status == Status.COMPILE_ERROR.value
                                                                        for r in rows):
        rows.append(failed_row(m, whole, "with-spec"))
    return rows


def write_dispatches(path: Path, rows: list[DispatchRow]) -> Path:
    """dispatches.csv through the shared row store (problems/rows.py): atomic, a checksum per row."""
    write_csv_table(rows, path, [f.name for f in fields(DispatchRow)], checksum=True)
    return path


def read_dispatches(path: Path) -> Table[DispatchRow]:
    """dispatches.csv read back and validated: a cut or edited row, or an unknown status, is damaged."""
    return read_checked(path, DispatchRow, required=("m_tokens", "dispatch", "status"),
                        what="a dispatches.csv written by vdmfma model",
                        check=lambda r: "" if r.status in status_values(DISPATCH_STATUSES) else f"unknown status {r.status!r}")


def write_shapes(path: Path, configs: dict) -> Path:
    """The skinny contractions as a shape list `vdmfma sweep/spec` reads (name = key incl. form)."""
    with atomic_writer(path) as f:  # UTF-8, whole or not at all
        f.write("# Skinny GEMM dispatches found by `vdmfma model` (forms other than A*B^T are named *_mm/_bmm)\n")
        writer = csv.writer(f)
        writer.writerow(["name", "m", "n", "k", "batch", "dtype"])
        for contraction, _ in configs.values():
            p = contraction.problem
            writer.writerow([contraction.key, p.m, p.n, p.k, p.batch, p.dtype])
    return path
