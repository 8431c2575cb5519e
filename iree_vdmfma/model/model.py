"""`vdmfma model`: export a model, find its GEMM dispatches, spec them, prove it per dispatch.

Per token count M: export (iree-turbine) -> compile with no spec and read the dispatches
from the dump (``dispatches.collect_dispatches``) -> write one spec for every skinny
contraction found over all M -> compile again with the spec -> per dispatch, read the
configured IR and the ISA of its own kernel (``backends/rocm/evidence.parse_rocmasm``). All
numbers come from those compiles (compile-only; nothing is run on a GPU here).

A dispatch is ``applied`` when the intended mma_kind is configured and its kernel has
v_smfmac > 0 and v_mfma = 0 (VDMFMA) or v_mfma > 0 (dense); ``not-matched`` with the
reason otherwise; ``not-skinny`` when M > SKINNY_MAX_M (left to IREE's default).
"""

from __future__ import annotations

import csv
from dataclasses import dataclass, fields, replace
from pathlib import Path
from typing import Callable, Optional

from ..compiler.driver import CompileJob, CompileResult, Compiler
from ..backends import backend_for
from ..backends.rocm.evidence import Kernel, parse_rocmasm
from ..configs.annotate import config_for_form
from ..configs.config import KernelConfig
from ..configs.forms import Contraction
from ..configs.spec import spec_text
from ..problems.rows import DISPATCH_STATUSES, Status, Table, status_values, read_checked, write_csv_table
from ..variants.registry import Variant
from .dispatches import Dispatch, collect_dispatches
from .source import INPUT_FLAGS, Source, input_ir

SKINNY_MAX_M = 32
# a dispatch's proof statuses: members of the one Status vocabulary (problems/rows.py), by their values here
APPLIED, NOT_MATCHED, NOT_SKINNY, FAILED = (Status.APPLIED.value, Status.NOT_MATCHED.value, Status.NOT_SKINNY.value,
                                            Status.COMPILE_ERROR.value)
# the decode step's (step.py, rescue.py): IREE's own kernel, a library that kept it, a tuned config that did not
# reach the dispatch, a dispatch IREE's default cannot compile that a variant's spec compiles
DEFAULT_STATUS, DEFAULT_KEPT, NOT_APPLIED, RESCUED = (Status.DEFAULT.value, Status.DEFAULT_KEPT.value,
                                                      Status.NOT_APPLIED.value, Status.RESCUED.value)


@dataclass(frozen=True)
class DispatchRow:
    """One line of dispatches.csv."""

    m_tokens: int  # the M the model was exported for
    dispatch: str
    op_form: str
    m: Optional[int]
    n: Optional[int]
    k: Optional[int]
    batch: Optional[int]
    dtypes: str  # lhs x rhs -> acc
    fused_consumers: str
    default_mma_kind: str
    spec_mma_kind: str
    smfmac: Optional[int]
    mfma: Optional[int]
    vgpr: Optional[int]
    spills: Optional[int]
    status: str
    reason: str
    variant: str = ""  # which compile the row proves (added column: default, tuned, vdmfma, ...)


@dataclass(frozen=True)
class ModelResult:
    rows: list[DispatchRow]
    spec_path: Optional[Path]
    inputs: dict[int, Path]  # M -> exported .mlir

    @property
    def unmatched_skinny(self) -> list[DispatchRow]:
        return [r for r in self.rows if r.status in (NOT_MATCHED, FAILED)]


def is_skinny(contraction: Contraction) -> bool:
    return contraction.problem.m <= SKINNY_MAX_M


def _short(ops: tuple[str, ...]) -> str:
    return "+".join(o.split(".", 1)[-1] for o in ops)


def _kernels(result: CompileResult) -> dict[str, Kernel]:
    return {k.name: k for p in sorted(result.dump_dir.glob("*.rocmasm")) for k in parse_rocmasm(p.read_text())}


def _verdict(intended: str, got: Dispatch, kernel: Optional[Kernel]) -> tuple[str, str]:
    if got.mma_kind != intended:
        how = f"configured with {got.mma_kind or 'no mma_kind'} ({got.pipeline})"
        return NOT_MATCHED, f"spec did not apply: {how}, intended {intended}"
    if kernel is None:
        return NOT_MATCHED, f"kernel {got.dispatch} not found in the ISA dump"
    if intended.startswith("VDMFMA") and not (kernel.smfmac > 0 and kernel.mfma == 0):
        return NOT_MATCHED, f"{intended} configured but ISA has v_smfmac={kernel.smfmac} v_mfma={kernel.mfma}"
    if intended.startswith("MFMA") and not kernel.mfma:
        return NOT_MATCHED, f"{intended} configured but the ISA has no v_mfma"
    return APPLIED, ""


def _row(m_tokens: int, base: Dispatch, tuned: Optional[Dispatch], kernel: Optional[Kernel],
         config: Optional[KernelConfig]) -> DispatchRow:
    c = base.contraction
    p = c.problem if c else None
    if c is None:
        status, reason = NOT_MATCHED, base.reason
    elif not is_skinny(c):
        status, reason = NOT_SKINNY, f"M={p.m} > {SKINNY_MAX_M}: left to IREE's default"
    elif config is None:
        status, reason = NOT_MATCHED, "the variant has no config for this problem"
    elif tuned is None:
        status, reason = NOT_MATCHED, "dispatch missing from the with-spec compile"
    else:
        status, reason = _verdict(config.mma_kind, tuned, kernel)
    return DispatchRow(
        m_tokens=m_tokens, dispatch=base.dispatch, op_form=c.form if c else base.op_name,
        m=p.m if p else None, n=p.n if p else None, k=p.k if p else None, batch=p.batch if p else None,
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


def _job(label: str, text: str, target: str, spec: Optional[str], timeout_s: float) -> CompileJob:
    backend = backend_for(target)
    return CompileJob(label, text, tuple(INPUT_FLAGS) + tuple(backend.compile_flags(target)), spec, timeout_s,
                      spec_honoured=backend.codegen_spec_honoured(target))


def _failed(m: int, result: CompileResult, what: str) -> DispatchRow:
    return DispatchRow(m, "", "", None, None, None, None, "", "", "", "", None, None, None, None, FAILED,
                       f"{what} compile failed: {result.error} (repro: {result.repro})")


def run_model(opts: ModelOptions, log: Callable[[str], None] = lambda s: None) -> ModelResult:
    """Export, discover, spec, compile and prove; writes shapes.csv, spec.mlir, dispatches.csv."""
    opts.out.mkdir(parents=True, exist_ok=True)
    inputs: dict[int, Path] = {}
    found: dict[int, list[Dispatch]] = {}
    rows: list[DispatchRow] = []
    with Compiler(opts.cache_dir) as compiler:
        for m in opts.ms:
            log(f"M={m}: exporting {opts.source.text}")
            text = input_ir(opts.source, m, opts.dtype)
            inputs[m] = opts.out / f"model_m{m}.mlir"
            inputs[m].write_text(text)
            base = compiler.compile(_job(f"model_m{m}/default/{opts.target}", text, opts.target, None, opts.timeout_s))
            if not base.ok:
                rows.append(_failed(m, base, "default"))
                continue
            found[m] = collect_dispatches(base.dump_dir)
        configs = _configs(found, opts)
        spec_path = _write_spec(opts.out, configs)
        write_shapes(opts.out / "shapes.csv", configs)
        for m, dispatches in found.items():
            rows += _prove(compiler, m, inputs[m].read_text(), dispatches, configs, spec_path, opts, log)
    rows = [replace(r, variant=opts.variant.name) for r in rows]
    write_dispatches(opts.out / "dispatches.csv", rows)
    return ModelResult(rows, spec_path, inputs)


def _configs(found: dict[int, list[Dispatch]], opts: ModelOptions) -> dict[str, tuple[Contraction, KernelConfig]]:
    """One config per skinny contraction key (shape, dtype, form) the variant has a rule for."""
    out: dict[str, tuple[Contraction, KernelConfig]] = {}
    for dispatches in found.values():
        for d in dispatches:
            c = d.contraction
            if c is None or not is_skinny(c) or c.key in out:
                continue
            config = opts.variant.config(c.problem, opts.target)
            if config is not None:
                out[c.key] = (c, config_for_form(c, config))
    return out


def _write_spec(out: Path, configs: dict) -> Optional[Path]:
    if not configs:
        return None
    path = out / "spec.mlir"
    path.write_text(spec_text(configs.values()))
    return path


def _prove(compiler: Compiler, m: int, text: str, dispatches: list[Dispatch], configs: dict,
           spec_path: Optional[Path], opts: ModelOptions, log) -> list[DispatchRow]:
    tuned: dict[str, Dispatch] = {}
    kernels: dict[str, Kernel] = {}
    if spec_path is not None:
        log(f"M={m}: compiling with {spec_path}")
        result = compiler.compile(_job(f"model_m{m}/{opts.variant.name}/{opts.target}", text, opts.target,
                                       spec_path.read_text(), opts.timeout_s))
        if not result.ok:
            return [_failed(m, result, "with-spec")]
        tuned = {d.dispatch: d for d in collect_dispatches(result.dump_dir)}
        kernels = _kernels(result)
    rows = []
    for d in dispatches:
        entry = configs.get(d.contraction.key) if d.contraction else None
        rows.append(_row(m, d, tuned.get(d.dispatch), kernels.get(d.dispatch), entry[1] if entry else None))
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
    with path.open("w", newline="") as f:
        f.write("# Skinny GEMM dispatches found by `vdmfma model` (forms other than A*B^T are named *_mm/_bmm)\n")
        writer = csv.writer(f)
        writer.writerow(["name", "m", "n", "k", "batch", "dtype"])
        for contraction, _ in configs.values():
            p = contraction.problem
            writer.writerow([contraction.key, p.m, p.n, p.k, p.batch, p.dtype])
    return path
