"""Persisted rows: the one status vocabulary and the one row store (results.csv, candidates.csv,
winners.csv, coverage.csv).

Result rows are the one table every stage appends to and every report reads. A result row is keyed by (problem key, target, variant, cache_mode). Rows are written
atomically (temp file + rename) so results.csv is never half-written; still, a
file can be cut off (a full disk, a copy interrupted) or edited by hand. So every
row carries a ``checksum`` of its other cells as its last column, and reading
validates each row (all cells present and parseable, a known status, a key that
matches m/n/k/batch/dtype, the checksum): a damaged row is set aside, never
trusted (:func:`read_results`). A file without the identity columns is not a
results file and is refused with one line naming it.

The checksum is of the row's VALUES, not of its text: each cell is parsed as its column's type
and written back the way :func:`write_rows` writes it before hashing, so a file re-saved by pandas
(``0`` as ``0.0``, ``1.5e-05`` as ``1.5e-05``, a float in its shortest form) keeps its checksums,
while a changed value does not. For a row this package wrote, the canonical text is the text
written, so checksums of files written before this rule still verify. A file (or a row) without a
checksum, as pandas or another tool writes it, is read and counted as not verified
(``Results.unverified``); a missing ``key``, ``name`` or ``batch`` column is filled in.

The same store keeps the tuner's candidates.csv and winners.csv (tune/state.py) and the coverage
cells (coverage/classes.py): :func:`write_csv_table` with ``checksum=True`` and :func:`read_checked`
(any row dataclass that extends :class:`Identity`), so a tune's or a coverage grid's rows are as
atomic, checksummed and validated as a sweep's; the lock is util/lock.py's, for all. A schema declares
its checksum policy (``foreign_rows_accepted``) and any column named apart from its field
(``csv_names``); the provenance columns of a measured row are declared once (:class:`Provenance`).
Tables of rows without the shape identity (`vdmfma model`'s model.csv and dispatches.csv) use the same
writer and reader: cut and edited rows are detected the same way; their status vocabulary is checked by
the caller's ``check``.
"""

from __future__ import annotations

import csv
import dataclasses
import hashlib
from dataclasses import dataclass, fields
from enum import Enum
from pathlib import Path
from typing import Callable, ClassVar, Generic, Iterable, Optional, TypeVar

from .problem import Problem
from ..util.io import NotUTF8Text, atomic_writer, utf8_text


class Status(str, Enum):
    """Per-row (and per-job) state; terminal states end a job. One vocabulary for sweep rows and tune
    candidates. Transitions (a rerun only moves rows that are not terminal):

    - sweep row: pending -> skipped | compiled -> ok | not-applied | spills | run-error | numerics-failed | timeout (a run
      past --timeout) | machine-error (a cluster worker lost on every retry); pending -> compile-error | timeout |
      machine-error (machine-error is redone by a rerun).
    - tune candidate: pending -> pruned (the pre-compile model refuses it, never compiled)
      | compile-error | timeout | machine-error (its compile killed from outside, or its module removed from the compile
      cache before its numerics check or race: redone by a rerun) | compiled -> not-applied | spills | rejected (the
      ISA proof refuses it)
      | measured | modelled (--device none) | run-error | numerics-failed | timeout
      | same-kernel (its kernel_fingerprint is one already measured for the shape: not measured again)
      | checked (raced tunes: numerics passed on the device, timed by the race) -> measured (the race's
      paired samples are its timing; a --no-race resume measures a checked row itself); a candidate the race's
      budget cut stays pending with the reason "cut by the race budget" (a fresh --out with more budget covers it).
    - model dispatch (`vdmfma model`'s dispatches.csv: the proof of one dispatch of a whole-model compile, no
      transitions: each compile writes it anew): applied | not-applied | not-matched | not-skinny |
      compile-error | default (IREE's own kernel) | default-kept (a library that kept it) | rescued (a
      variant compiles a dispatch IREE's default cannot) | spills |
      not-gemm | data-tiled.
    - model forward (model.csv): compiled (not run) | ok | numerics-failed | run-error | compile-error | skipped
      | machine-error (its module removed from the compile cache under the run: a rerun rebuilds it).
    """

    PENDING = "pending"
    COMPILED = "compiled"  # compiled and proved, not (yet) run
    OK = "ok"  # compiled and proved; and, if a device was given, run and checked
    NOT_APPLIED = "not-applied"  # the spec did not produce the intended mma_kind
    COMPILE_ERROR = "compile-error"
    TIMEOUT = "timeout"
    RUN_ERROR = "run-error"
    NUMERICS_FAILED = "numerics-failed"
    # The machine failed, not the job (disk full or read-only, permissions, a missing tool, killed for
    # memory): never cached, never kept as finished (a rerun redoes it), not counted as a compile failure.
    MACHINE_ERROR = "machine-error"
    SKIPPED = "skipped"  # the variant cannot apply to this backend/device (reason says why)
    # Compiled (and, for a spec, applied) but the kernel spills registers: a failure to report, never a result
    # (sweep rows, tune candidates, model dispatches alike; the reason is ``spill_reason``'s).
    SPILLS = "spills"
    # tune candidates only
    PRUNED = "pruned"  # refused before compiling (the static pruner: LDS, thread count, tiles that do not divide)
    REJECTED = "rejected"  # compiled, refused by the proof (scratch, narrow loads, occupancy 0)
    MEASURED = "measured"  # compiled, numerics checked, timed on a device
    CHECKED = "checked"  # compiled, numerics checked on a device; its timing is the race's (then: measured)
    MODELLED = "modelled"  # compiled and proved, ranked by the static model (no device: MODELLED, not measured)
    SAME_KERNEL = "same-kernel"  # compiled to the code of a candidate already measured (one kernel_fingerprint)
    # model dispatches only (model/model.py, model/step.py)
    APPLIED = "applied"  # the variant's config reached the dispatch (proved from its configured IR / ISA)
    NOT_MATCHED = "not-matched"  # a skinny dispatch no matcher of the spec reached
    NOT_SKINNY = "not-skinny"  # a contraction with M above the skinny range: left to IREE
    DEFAULT = "default"  # IREE's own kernel (the default variant's dispatches)
    DEFAULT_KEPT = "default-kept"  # the tuned library kept IREE's default for this shape
    RESCUED = "rescued"  # IREE's default cannot compile the dispatch; this variant's spec does
    NOT_GEMM = "not-gemm"  # a reduction op that is no GEMM (softmax max/sum, a K = 1 outer product, attention)
    DATA_TILED = "data-tiled"  # a data-tiled contraction (inner_tiled): IREE's MMA choice, no spec route reaches it

    def __str__(self) -> str:
        return self.value


# The sets of statuses, each defined here only (a module that needs one imports it; ``status_values`` gives
# the strings a row's cell holds).
FAILED = {Status.COMPILE_ERROR, Status.TIMEOUT, Status.RUN_ERROR, Status.NUMERICS_FAILED}  # the job failed
# Rows that end a job: finished, refused by the proof, skipped, or failed.
TERMINAL = {Status.OK, Status.NOT_APPLIED, Status.SKIPPED, Status.SPILLS} | FAILED
# Rows that never enter a comparison or a geomean.
EXCLUDED = FAILED | {Status.NOT_APPLIED, Status.SKIPPED, Status.MACHINE_ERROR, Status.SPILLS}
# Findings, not failures (not-applied is a fact about the compiler; skipped a variant that does not build for
# the target): a command whose rows all end in one of these is ok and exits 0 (``not_ok``, ``exit_code``).
SUCCEEDED = {Status.OK, Status.NOT_APPLIED, Status.SKIPPED}
# The states a results.csv row can be in (the tuner's own states are not among them).
RESULT_STATUSES = TERMINAL | {Status.PENDING, Status.COMPILED, Status.MACHINE_ERROR}
# A tune candidate's terminal states (a rerun never redoes them), and every state a candidate row can be in.
CANDIDATE_TERMINAL = ({Status.MEASURED, Status.CHECKED, Status.MODELLED, Status.PRUNED, Status.REJECTED, Status.NOT_APPLIED,
                       Status.SAME_KERNEL, Status.SPILLS} | FAILED)
CANDIDATE_STATUSES = CANDIDATE_TERMINAL | {Status.PENDING, Status.COMPILED, Status.MACHINE_ERROR}
# A row whose job compiled and was proved: a compile-only row, or a row a measured sweep proved then ran.
PROVED = {Status.OK, Status.COMPILED, Status.RUN_ERROR, Status.NUMERICS_FAILED}
# The states of a `vdmfma model` dispatch (dispatches.csv) and of a model forward (model.csv).
DISPATCH_STATUSES = {Status.APPLIED, Status.NOT_APPLIED, Status.NOT_MATCHED, Status.NOT_SKINNY, Status.COMPILE_ERROR,
                     Status.DEFAULT, Status.DEFAULT_KEPT, Status.RESCUED, Status.SPILLS, Status.NOT_GEMM,
                     Status.DATA_TILED}
# A model dispatch whose config is proven in its kernel; one that reads no weights in the decode step (attention,
# routing, the MoE combine: not-gemm; prefill: not-skinny) -- model/weights.py's share of the weights read.
PROVEN_DISPATCH = {Status.APPLIED, Status.RESCUED}
NOT_WEIGHT_GEMM = {Status.NOT_GEMM, Status.NOT_SKINNY}
MODEL_STATUSES = {Status.COMPILED, Status.OK, Status.NUMERICS_FAILED, Status.RUN_ERROR, Status.COMPILE_ERROR,
                  Status.SKIPPED, Status.MACHINE_ERROR}

MACHINE_REASON = "the machine failed, not the job; a rerun redoes it"  # the reason of a MACHINE_ERROR row
COMPILE_TIMED_OUT, COMPILE_HUNG = "compile timed out", "compile hung"  # a timeout row's reason when it compiled


def spill_reason(spilled: str) -> str:
    """The reason of a ``Status.SPILLS`` row: ``spilled`` says what (from the kernel's proof: '11 VGPR spills',
    '64 spill bytes (ptxas ...)')."""
    return f"the kernel spills: {spilled}: not a result"


def spill_verdict(spilled: str, injected: bool) -> tuple[Optional[str], str]:
    """The one rule for a kernel that spills, in every command and backend: (status, reason). A config this
    toolkit injected (a spec, a split, a tuned candidate) is ``spills``, not a result. IREE's own default kernel
    that spills is IREE's finding, not a failure of ours: its row stays a result (status None: unchanged), the
    reason says so, and it stays the baseline every comparison needs."""
    if injected:
        return Status.SPILLS.value, spill_reason(spilled)
    return None, f"IREE's own default kernel spills: {spilled} (measured as it is: the baseline)"


def status_values(statuses) -> frozenset[str]:
    """The strings of a set of statuses, for checking a status cell as read (``'ok' in status_values(...)``)."""
    return frozenset(Status(x).value for x in statuses)


def not_ok(rows: Iterable) -> list:
    """The rows that are not ok: every status outside ``SUCCEEDED`` (a failure, a timeout, a machine error, a
    row still pending). The one rule every command's console count and exit code use."""
    return [r for r in rows if str(r.status) not in status_values(SUCCEEDED)]


def exit_code(rows: Iterable) -> int:
    """0 when every row is ok (``not_ok`` finds none: ok, not-applied or skipped), else 1."""
    return 1 if not_ok(rows) else 0


@dataclass(frozen=True)
class Identity:
    """The identity columns every row schema shares (results, tune candidates, tune winners): the shape
    (m, n, k, batch, dtype; ``key`` is its canonical spelling, declared by each schema after its own
    positional columns) and the target it was built for."""

    name: str
    m: int
    n: int
    k: int
    batch: int
    dtype: str
    target: str

    # The schema's checksum policy (:func:`read_checked`): whether a row without a checksum, in a file that has a
    # checksum column, is accepted as not verified (True: the file may come from pandas or another tool, which
    # edit or append rows without one) or is damaged (False: only vdmfma writes it, so a missing checksum means
    # a row edited or cut off). A file with no checksum column at all is read either way, its rows unverified.
    foreign_rows_accepted: ClassVar[bool] = False
    # CSV column names that are not the field's (a column named by a Python keyword: coverage's 'class').
    csv_names: ClassVar[dict[str, str]] = {}

    def replace(self, **changes):
        """A copy with ``changes`` (rows are frozen)."""
        return dataclasses.replace(self, **changes)


IDENTITY_COLUMNS: tuple[str, ...] = ("key",) + tuple(f.name for f in fields(Identity))


@dataclass
class Provenance:
    """The provenance columns of a measured row: where, with what, when. Declared once here; run/provenance.py
    fills them (asked from the driver and the installed packages, nothing measured). Every row schema that
    carries a measurement (ResultRow, the tuner's CandidateRow and WinnerRow, model.csv's ModelRow) inherits
    them, after its own measured columns: ``class Row(Provenance, _RowBody)`` puts the body's fields first,
    then these, then Row's own (the diagnosis), so the CSV columns keep their order.

    Not frozen, so a mutable row (ModelRow) can inherit it too; a frozen row stays frozen (its Identity is)."""

    device_name: str = ""  # the driver's name for the device, e.g. 'NVIDIA H100 80GB HBM3'
    device_arch: str = ""  # 'sm_90', 'gfx942:sramecc+:xnack-', 'host x86_64'
    driver_version: str = ""
    # iree-compile that built the module ('' for the torch peer); a tune row declares it earlier, in its key
    compiler_version: str = ""
    runtime_version: str = ""  # iree-base-runtime (the torch peer: torch's version)
    toolkit_version: str = ""  # iree-vdmfma
    measured_at: str = ""  # UTC, ISO 8601

    def columns(self) -> dict:
        """The provenance cells by column name (of a Provenance, or of any row that carries them)."""
        return {f.name: getattr(self, f.name) for f in fields(Provenance)}


PROVENANCE_COLUMNS: tuple[str, ...] = tuple(f.name for f in fields(Provenance))


@dataclass(frozen=True)
class _ResultBody(Identity):
    # identity: Identity's columns, then
    variant: str
    status: str
    key: str = ""
    cache_mode: str = ""  # '' for compile-only rows; 'hot' or 'cold' when run
    # proof from configured IR and ISA
    mma_kind: str = ""
    intended_mma_kind: str = ""
    smfmac: Optional[int] = None
    mfma: Optional[int] = None
    wmma: Optional[int] = None  # RDNA: v_wmma instructions in the ISA
    vgpr: Optional[int] = None
    agpr: Optional[int] = None
    sgpr: Optional[int] = None
    lds_bytes: Optional[int] = None
    spills: Optional[int] = None
    scratch_bytes: Optional[int] = None
    workgroups: Optional[int] = None
    workgroup_size: Optional[int] = None
    waves_per_simd: Optional[int] = None
    kernels: Optional[int] = None  # CUDA: .entry kernels in the PTX
    nv_mma: Optional[int] = None  # CUDA: mma.sync / wmma instructions in the PTX
    ptx_regs32: Optional[int] = None  # CUDA: PTX virtual registers (32-bit equivalents; not physical)
    # hash of the dispatched code, volatile metadata stripped (compiler/fingerprint.py): one fingerprint, one kernel
    kernel_fingerprint: str = ""
    executables: Optional[int] = None  # executables (dispatches with code) the fingerprint covers
    mfma_scale: Optional[int] = None  # ROCm: v_mfma_scale_f32_* (scaled MFMA, MX dtypes) in the ISA (also in mfma)
    cvt_scale: Optional[int] = None  # ROCm: v_cvt_scalef32_* (MX values decoded in registers) in the ISA
    compile_s: Optional[float] = None
    cached: Optional[bool] = None
    compiled_on: str = ""  # the Ray node that compiled the module ('' when compiled here)
    # runtime (filled when a device is given)
    device: str = ""
    numerics: str = ""
    max_abs_err: Optional[float] = None
    max_rel_err: Optional[float] = None
    reps: Optional[int] = None
    latency_us_median: Optional[float] = None
    latency_us_min: Optional[float] = None
    latency_us_max: Optional[float] = None
    latency_us_std: Optional[float] = None
    latency_us_mad: Optional[float] = None  # median absolute deviation (the noise rule's spread)
    bytes_moved: Optional[int] = None
    gbps: Optional[float] = None
    tflops: Optional[float] = None
    pct_peak_bw: Optional[float] = None
    # cold mode: weight copies rotated through, and distinct weight bytes read between two reads of one copy
    rotation_copies: Optional[int] = None
    bytes_between_reuses: Optional[int] = None
    # how the timed dispatches were submitted (run/timing.py TIMING_MODES: cmdbuf, loop; 'call': one plain @gemm
    # call a sample) and the harness floor measured in that mode (run/floor.py): a latency near it is the harness
    timing_mode: str = ""
    floor_us: Optional[float] = None


@dataclass(frozen=True)
class ResultRow(Provenance, _ResultBody):
    """One results.csv row: the body's columns, the provenance of a measured row (:class:`Provenance`), then
    the diagnosis."""

    foreign_rows_accepted: ClassVar[bool] = True  # results.csv: pandas and other tools write and extend it

    reason: str = ""  # why not-applied / failed, in words
    error: str = ""  # the tool's first error line
    repro: str = ""  # a shell command that reproduces the job
    artifacts: str = ""  # directory with input IR, spec, vmfb, dumps

    @property
    def row_key(self) -> tuple[str, str, str, str]:
        return (self.key, self.target, self.variant, self.cache_mode)


COLUMNS: list[str] = [f.name for f in fields(ResultRow)]

# The one list of static fields: proved from configured IR and ISA at compile time, so the same for a
# job's compile-only, hot and cold rows. STATIC_METRICS is its numeric part (deltas, plots).
INSTRUCTION_COLUMNS: tuple[str, ...] = ("smfmac", "mfma", "wmma", "nv_mma")  # MMA instruction counts (ISA/PTX)
STATIC_FIELDS: tuple[str, ...] = ("mma_kind", "intended_mma_kind", "smfmac", "mfma", "wmma", "vgpr", "agpr", "sgpr",
                                  "lds_bytes", "spills", "scratch_bytes", "workgroups", "workgroup_size",
                                  "waves_per_simd", "kernels", "nv_mma", "ptx_regs32",
                                  "kernel_fingerprint", "executables", "mfma_scale", "cvt_scale")
STATIC_METRICS: tuple[str, ...] = ("smfmac", "mfma", "wmma", "vgpr", "agpr", "lds_bytes", "spills", "waves_per_simd",
                                   "workgroups")
_TYPES = {f.name: f.type for f in fields(ResultRow)}
IDENTITY = ("name", "m", "n", "k", "batch", "dtype", "target", "variant", "status")
# The columns a results file must have; name, batch and key are filled in when another tool left them out.
REQUIRED = ("m", "n", "k", "dtype", "target", "variant", "status")
_NULLS = ("nan", "none", "null", "na", "<na>")  # how other tools write an empty number


def _parse_cell(name: str, raw: str):
    return parse_typed(_TYPES[name], raw)


def parse_typed(kind: str, raw: str):
    """A CSV cell as the dataclass field type ``kind`` names ('' -> None, or '' for str)."""
    if raw == "":
        return "" if kind == "str" else None
    if kind != "str" and raw.strip().lower() in _NULLS:
        return None
    if kind in ("int", "Optional[int]"):
        value = float(raw)
        if value != int(value):
            raise ValueError(f"{raw!r} is not a whole number")
        return int(value)
    if kind in ("Optional[float]", "float"):
        return float(raw)
    if kind in ("Optional[bool]", "bool"):
        low = raw.strip().lower()
        if low in ("true", "false"):
            return low == "true"
        return float(low) != 0  # 1, 0, 1.0 (a bool column re-saved as numbers); ValueError otherwise
    return raw


def row_from_dict(d: dict) -> ResultRow:
    """A ResultRow from CSV cells; a missing batch is 1, a missing key is computed from the shape."""
    return row_of(ResultRow, d, _TYPES)


def as_written(value: Optional[float]) -> Optional[float]:
    """``value`` as a CSV cell holds it (6 significant digits): a figure a console or a report prints from a row
    that is also written is rounded from this, so all three say the same (10.10752 printed .3f is 10.108, its cell
    10.1075 printed .3f is 10.107)."""
    return None if value is None else float(_cell(float(value)))


def _cell(value) -> str:
    if value is None:
        return ""
    if isinstance(value, float):
        return f"{value:.6g}"
    return str(value)


def row_checksum(cells: Iterable[str]) -> str:
    """A short hash of a row's cells as written (all columns but the checksum, in order)."""
    return hashlib.sha256("\x1f".join(cells).encode()).hexdigest()[:16]


def canonical_cell(kind: str, raw: str) -> str:
    """The cell as :func:`write_csv_table` would write its value (``kind``: the field's type name): '0.0' -> '0',
    '1.500000' -> '1.5', 'nan' -> ''. ValueError when the text is not a value of that type."""
    return _cell(parse_typed(kind, raw or ""))


def checksum_matches(d: dict, columns: Iterable[str], types: dict) -> bool:
    """Whether ``d['checksum']`` hashes the VALUES of ``d``'s ``columns`` (value-based: cells re-formatted by
    pandas still match; a checksum written as a number that lost its leading zeros too)."""
    want = str(d.get("checksum", "")).strip().zfill(16)
    columns = list(columns)
    if want == row_checksum([str(d.get(c, "") or "") for c in columns]):  # as written: no cell to re-parse
        return True
    cells = [canonical_cell(types[c], str(d.get(c, "") or "")) for c in columns]
    return want == row_checksum(cells)


def row_of(cls: type, d: dict, types: Optional[dict] = None):
    """A row dataclass ``cls`` from a CSV dict (cells parsed by the field types; absent cells default; identity
    cells another tool left out are filled: batch 1, the key computed from the shape)."""
    types = types or {f.name: f.type for f in fields(cls)}
    row = cls(**{k: parse_typed(types[k], str(d.get(k, "") or "")) for k in types if k in d or k in IDENTITY})
    if getattr(row, "batch", 1) is None:
        row = dataclasses.replace(row, batch=1)
    if hasattr(row, "key") and not row.key:
        row = dataclasses.replace(row, key=shape_key(row.m, row.n, row.k, row.batch, row.dtype))
    return row


def _damage(d: dict, header: list[str], cls: type = ResultRow, types: Optional[dict] = None,
            check: Optional[Callable] = None, keep: Optional[list] = None, verified: bool = False) -> str:
    """Why a row read back cannot be trusted ('' when it can). The checksum is of the VALUES (a cell pandas
    re-formatted still matches); a row without one is accepted (counted unverified) if the schema says so
    (``cls.foreign_rows_accepted``: results.csv) or the file has no checksum column (a file from before
    checksums, e.g. a committed tune report: its rows are unverified); else it is damaged. A trusted row is
    appended to ``keep`` (parsed once). ``verified``: every row must carry its checksum (state a command
    trusts to skip work or to set a rule: a row without one is damaged, whatever the schema or the header)."""
    types = types or _TYPES
    if None in d or any(v is None for v in d.values()):
        return "wrong number of cells (cut off?)"
    if verified and not d.get("checksum"):
        return "no checksum, so not verified (written by another tool, or edited)"
    if not getattr(cls, "foreign_rows_accepted", False) and "checksum" in header and not d.get("checksum"):
        return "no checksum (edited or cut off)"
    try:
        row = row_of(cls, d, types)
        shaped = isinstance(row, Identity)  # other tables (model.csv) have their own vocabulary: ``check`` says
        if shaped and hasattr(row, "status"):
            Status(row.status)
        key = Problem(row.m, row.n, row.k, batch=row.batch, dtype=row.dtype).key if shaped else ""
        if d.get("checksum") and not checksum_matches(d, [c for c in types if c in header], types):
            return "checksum does not match its values (edited or cut off)"
    except (ValueError, TypeError) as e:
        return f"unreadable cell ({e})"
    if shaped and row.key != key:
        return f"key {row.key!r} does not match m/n/k/batch/dtype ({key})"
    why = (check(row) or "") if check else ""
    if not why and keep is not None:
        keep.append(row)
    return why


R = TypeVar("R")


@dataclass(frozen=True)
class Table(Generic[R]):
    """What a checked table holds: the rows that can be trusted, and why the others cannot."""

    rows: list[R]
    damaged: list[str]  # 'line N: why', one per damaged row
    unverified: int = 0  # rows accepted without a checksum (a file written by pandas or another tool)


def read_checked(path: Path | str, cls: type[R], check: Optional[Callable[[R], str]] = None,
                 required: Optional[Iterable[str]] = None, what: str = "", verified: bool = False) -> Table[R]:
    """Read and validate a table of ``cls`` rows (written by :func:`write_csv_table` with a checksum): cut
    or edited rows, unknown statuses and keys that do not match the shape are damaged, as are rows
    ``check`` finds wrong (it returns why). ValueError naming the file if it lacks a ``required``
    column (default: the identity columns and status) or cannot be read as CSV. A row without a checksum
    in a file with a checksum column is damaged unless the schema accepts foreign rows
    (``cls.foreign_rows_accepted``, results.csv's); with ``verified`` (what a command resumes from or takes a
    rule from) every row without a checksum is damaged."""
    path = Path(path)
    if not path.exists():
        return Table([], [])
    types = {f.name: f.type for f in fields(cls)}
    what = what or f"a {path.name} written by vdmfma"
    required = [c for c in (required or IDENTITY_COLUMNS + ("status",)) if c in types]
    names = getattr(cls, "csv_names", {})
    field_of = {column: name for name, column in names.items()}
    try:
        with path.open(newline="", encoding="utf-8-sig") as f:  # a BOM (Excel's "CSV UTF-8") is no column's name
            reader = csv.DictReader(f)
            header = [field_of.get(c, c) for c in reader.fieldnames or []]
            missing = [names.get(c, c) for c in required if c not in header]
            if missing:
                raise ValueError(f"{path}: not {what} (no column {', '.join(missing)}; {what} starts with: "
                                 f"{','.join(names.get(c, c) for c in list(types)[:9])},...)")
            rows, damaged, unverified = [], [], 0
            for d in reader:
                d = {field_of.get(c, c): v for c, v in d.items()} if field_of else d
                why = _damage(d, header, cls, types, check, keep=rows, verified=verified)
                if why:
                    damaged.append(f"line {reader.line_num}: {why}")
                else:
                    unverified += not d.get("checksum")
    except UnicodeDecodeError:  # read in chunks: its position is the chunk's; the whole file names the line
        raise ValueError(f"{path}: not {what} ({_encoding_fault(path)})") from None
    except csv.Error as e:
        raise ValueError(f"{path}: not {what} ({e})") from None
    return Table(rows, damaged, unverified)


def _encoding_fault(path: Path) -> str:
    try:
        utf8_text(path.read_bytes())
    except NotUTF8Text as e:
        return str(e)
    return "not UTF-8 text"


Results = Table  # what a results.csv holds (read_results)


def read_results(path: Path | str) -> Results:
    """Read and validate every row; ValueError (naming the file) if it is not a results file at all. A file
    written by pandas or another tool (no checksum column) is read, its rows counted as unverified."""
    return read_checked(path, ResultRow, required=REQUIRED, what="a results file",
                        check=lambda r: "" if Status(r.status) in RESULT_STATUSES else
                        f"status {r.status!r} belongs to tune candidates, not results")


def read_rows(path: Path | str) -> list[ResultRow]:
    """The trusted rows of a results.csv (damaged rows are left out; see read_results)."""
    return read_results(path).rows


def write_rows(rows: Iterable[ResultRow], path: Path | str) -> None:
    """Write all rows atomically: a reader sees the old file or the new one."""
    write_csv_table(rows, path, COLUMNS, checksum=True)


def write_csv_table(rows: Iterable, path: Path | str, columns: list[str], checksum: bool = False,
                    names: Optional[dict[str, str]] = None) -> None:
    """Write objects' ``columns`` as CSV atomically (temp file + fsync + rename); ``checksum``: a last
    column hashing each row's cells, so a row cut off or edited is detected on reading; ``names``: a
    column's header where it is not the attribute's name (a schema's ``csv_names``)."""
    with atomic_writer(path) as f:  # readable by everyone the umask allows (0644), not mkstemp's 0600
        writer = csv.writer(f)
        writer.writerow([(names or {}).get(c, c) for c in columns] + (["checksum"] if checksum else []))
        for row in rows:
            cells = [_cell(getattr(row, c)) for c in columns]
            writer.writerow(cells + [row_checksum(cells)] if checksum else cells)


# ------------------------------------------------------------------ problem <-> row


def row_for(problem: Problem, target: str, variant: str, status: Status | str = Status.PENDING,
            **fields) -> ResultRow:
    """A row for ``problem`` (identity columns filled from it); the one place a Problem becomes a row."""
    return ResultRow(**problem.identity(), target=target, variant=variant, status=str(status), **fields)


def problem_of(row) -> Problem:
    """The Problem a row describes, any schema with the identity columns (ValueError if they do not make one)."""
    return Problem(int(row.m), int(row.n), int(row.k), int(row.batch or 1), str(row.dtype), row.name or "")


def shape_key(m, n, k, batch, dtype) -> str:
    """The canonical key of a shape, also for a dtype this version does not know (same spelling)."""
    try:
        return Problem(int(m), int(n), int(k), int(batch or 1), str(dtype)).key
    except ValueError:
        b = f"b{int(batch)}_" if batch and int(batch) > 1 else ""
        return f"{dtype}_{b}{int(m)}x{int(n)}x{int(k)}"
