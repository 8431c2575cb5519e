"""Tuning records in SQLite: every candidate a tune measured or modelled, and every winner, kept past the tune.

One table, ``records``; a record is plain data (:class:`Record`) whose ``checksum`` hashes every value, so
it is also the record's identity: inserting a record already there does nothing (merging databases from
several machines is idempotent), and a row whose values were edited after it was written no longer matches
its checksum and is reported damaged, never used. The database runs in WAL mode and every write is one
``BEGIN IMMEDIATE`` transaction (SQLite's writer lock taken up front, waited for up to ``BUSY_TIMEOUT_S``), so
tunes writing one database at once serialize their transactions and lose nothing (switching a new file to WAL,
which SQLite does not wait for, is retried as long). A file that is not one of
ours (``PRAGMA application_id``) or of another schema version is refused with one line naming it, before anything
is written to it (WAL mode is switched on only after the check).

A record is validated when it is written and when it is read (:func:`problems`): latencies and speedups are finite
and positive, times are ISO-8601. :meth:`RecordDB.add` refuses an invalid record naming its field; :meth:`read`
leaves a record that fails (edited values, text in a number column, a negative latency) out as damaged, naming its
row, and reads the rest. A database on read-only media is opened immutable (WAL's ``-shm`` cannot be made there);
a file system that fails under a write (full, read-only, I/O error) is an OSError naming the file, not "not a
tuning-record database".

Schema version 2 added what a GPU evidence run measures besides tunes (benchmarks/gpu_evidence.py): the record
kinds SWEEP (one timed sweep row: a variant of a shape), CALIBRATION (an A/A calibration), FORWARD (a model's
forward at one M) and EXHAUSTIVE (the race checked against every contender), and the columns ``V2_FIELDS``
(variant, cache and timing mode, harness floor, toolkit commit, provenance, detail, cost). A version-1 file is
read as it is (its records have none of them) and migrated in place when opened for writing: the new columns
are added, and a record's checksum covers them only when one of them is set, so every version-1 record keeps its
checksum (its identity) across the migration and a merge of old and new files stays idempotent.
"""

from __future__ import annotations

import errno
import hashlib
import math
import os
import re
import sqlite3
import time
from contextlib import contextmanager
from dataclasses import asdict, dataclass, fields
from datetime import datetime
from pathlib import Path
from typing import Iterable, Iterator, Optional

from ..problems.problem import Problem
from ..problems.rows import Identity

APPLICATION_ID = 0x56444D46  # 'VDMF'
SCHEMA_VERSION = 2
BUSY_TIMEOUT_S = 120.0
CANDIDATE, WINNER = "candidate", "winner"
SWEEP, CALIBRATION, FORWARD, EXHAUSTIVE = "sweep", "calibration", "forward", "exhaustive"  # schema 2
KINDS = (CANDIDATE, WINNER, SWEEP, CALIBRATION, FORWARD, EXHAUSTIVE)
REWRITTEN = "rewritten-report"  # provenance: imported from a report whose paths were rewritten (checksums unverified)
MEASURED, MODELLED = "measured", "modelled"
FILE_NAME = "records.sqlite"


@dataclass(frozen=True)
class Record(Identity):
    """One measured or modelled config of one shape (problems/rows.py's identity columns: the shape and the arch
    it was compiled for, gfx942, sm_89, host) on one device: a tune's candidate, or its winner."""

    kind: str  # CANDIDATE or WINNER
    key: str
    knobs: str  # the knob setting, 'split=0,mma=vdmfma,...' (the tuner's candidate id): the source of truth
    basis: str  # MEASURED or MODELLED
    latency_us: Optional[float] = None  # measured: cold median; modelled: the MODEL's estimate
    latency_low_us: Optional[float] = None  # the noise rule's interval (median +- 2 robust sigma) where known
    latency_high_us: Optional[float] = None
    verdict: str = ""  # a winner's verdict against IREE's default (win, within-noise, modelled, ...)
    speedup_vs_default: Optional[float] = None
    device: str = ""  # --device: cuda, hip://1, local-task, none
    sku_name: str = ""  # the device's product name: 'NVIDIA H100 80GB HBM3', 'AMD Instinct MI300X'
    sku_units: Optional[int] = None  # compute units (AMD) / streaming multiprocessors (NVIDIA) / cores (CPU)
    sku_memory_mib: Optional[int] = None
    sku_clock_mhz: Optional[int] = None  # peak engine clock
    sku_memory_clock_mhz: Optional[int] = None
    driver_version: str = ""
    compiler_version: str = ""  # iree-compile that built it; a library build rebuilds specs for the installed one
    runtime_version: str = ""
    toolkit_version: str = ""
    recorded_at: str = ""  # ISO-8601 UTC: when it was measured (or the tune ran)
    origin: str = ""  # where it came from: 'HOST:OUT' of the tune, or the folder imported
    # schema 2 (V2_FIELDS): a sweep row's, a forward's, a calibration's, and where every record came from
    variant: str = ""  # SWEEP/FORWARD: default, tuned, splitk, torch, torch-eager
    cache_mode: str = ""  # SWEEP/FORWARD: hot or cold
    timing_mode: str = ""  # SWEEP, WINNER: cmdbuf, graph or loop (run/timing.py); '' from before modes (loop)
    floor_us: Optional[float] = None  # SWEEP, WINNER: the harness floor measured beside the row (run/floor.py)
    toolkit_commit: str = ""  # the git commit of the toolkit that measured it
    provenance: str = ""  # '' measured by the run that wrote it; REWRITTEN...: imported, its row checksum unverified
    detail: str = ""  # JSON of what a kind has besides (a calibration's row, a forward's numerics, an exhaustive row)
    cost_s: Optional[float] = None  # wall seconds the evidence run spent on it (its step's time over its items)

    def __post_init__(self) -> None:
        """Numbers as their fields' types (SQLite gives a REAL column back as float): one value, one checksum.
        ValueError naming the field when a number column holds something else."""
        for f in fields(self):
            value = getattr(self, f.name)
            if value is not None and ("float" in f.type or "int" in f.type):
                try:
                    object.__setattr__(self, f.name, (float if "float" in f.type else int)(value))
                except (TypeError, ValueError):
                    raise ValueError(f"{f.name} holds {value!r}, not a number") from None

    @property
    def problem(self) -> Problem:
        return Problem(m=self.m, n=self.n, k=self.k, batch=self.batch, dtype=self.dtype, name=self.name)

    @property
    def sku(self) -> str:
        return self.sku_name or f"({self.device or 'unknown device'})"

    @property
    def checksum(self) -> str:
        """Hashes every value; the schema-2 fields only when one is set (a version-1 record keeps its checksum)."""
        values = asdict(self)
        names = V1_FIELDS + (V2_FIELDS if any(values[n] not in (None, "") for n in V2_FIELDS) else [])
        return hashlib.sha256("\x1f".join(_cell(values[n]) for n in names).encode()).hexdigest()


POSITIVE = ("latency_us", "speedup_vs_default", "floor_us")
FINITE = ("latency_low_us", "latency_high_us")  # a noise interval (median -+ 2 robust sigma) may reach below 0


_ISO = re.compile(r"(\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?)?)(Z|[+-]\d{2}:?\d{2})?")


def iso_time(text: str) -> Optional[datetime]:
    """An ISO-8601 time in its extended form ('2026-11-22', '2026-11-22T07:00:00Z', an offset '+01:00' or '+0100',
    as this package's rows write it, or none), else None: the basic forms Python also reads ('20261122', '2026W47')
    would sort after every dashed date."""
    match = _ISO.fullmatch(text)
    if not match:
        return None
    zone = match.group(2) or ""
    zone = "+00:00" if zone == "Z" else zone if ":" in zone or not zone else f"{zone[:3]}:{zone[3:]}"
    try:
        return datetime.fromisoformat(match.group(1) + zone)
    except ValueError:
        return None


def problems(record: Record) -> list[str]:
    """Why a record cannot be trusted as data: '' when it can. A latency or speedup that is not a finite positive
    number, a kind or basis of no known name, a time that is not ISO-8601."""
    said = [f"{name} is {getattr(record, name)!r}, not a finite positive number" for name in POSITIVE
            if getattr(record, name) is not None
            and not (math.isfinite(getattr(record, name)) and getattr(record, name) > 0)]
    said += [f"{name} is {getattr(record, name)!r}, not a finite number" for name in FINITE
             if getattr(record, name) is not None and not math.isfinite(getattr(record, name))]
    if record.kind not in KINDS:
        said.append(f"kind is {record.kind!r}, not one of {', '.join(KINDS)}")
    if record.basis not in (MEASURED, MODELLED):
        said.append(f"basis is {record.basis!r}, not {MEASURED} or {MODELLED}")
    if record.recorded_at and iso_time(record.recorded_at) is None:
        said.append(f"recorded_at is {record.recorded_at!r}, not an ISO-8601 time")
    return said


FIELDS = [f.name for f in fields(Record)]
V2_FIELDS = FIELDS[FIELDS.index("variant"):]
V1_FIELDS = FIELDS[:FIELDS.index("variant")]
_TYPES = {f.name: f.type for f in fields(Record)}


def _cell(value) -> str:
    return "" if value is None else repr(value) if isinstance(value, float) else str(value)


def _sql_type(kind: str) -> str:
    return "INTEGER" if "int" in kind else "REAL" if "float" in kind else "TEXT"


_COLUMNS = ", ".join(f"{name} {_sql_type(_TYPES[name])}" for name in FIELDS)
_CREATE = f"CREATE TABLE IF NOT EXISTS records (id INTEGER PRIMARY KEY, {_COLUMNS}, checksum TEXT NOT NULL UNIQUE)"
_INDEX = "CREATE INDEX IF NOT EXISTS records_shape ON records (target, key, kind)"
# From each older schema version to the next: what opening it for writing runs (reading needs none: a column an
# older file lacks reads as its field's default).
MIGRATIONS = {1: [f"ALTER TABLE records ADD COLUMN {name} {_sql_type(_TYPES[name])}" for name in V2_FIELDS]}
_INSERT = (f"INSERT OR IGNORE INTO records ({', '.join(FIELDS)}, checksum) "
           f"VALUES ({', '.join('?' * (len(FIELDS) + 1))})")


@dataclass
class Read:
    """What a database holds: trusted records and the damaged rows ('id N: why')."""

    records: list[Record]
    damaged: list[str]


class RecordDB:
    """``with RecordDB(path) as db: db.add(records)``; ValueError naming the file when it is not ours.

    ``write=False`` opens an existing database read-only (query, library build, the sources of a merge): the
    file is never changed, so a committed example database stays as committed."""

    def __init__(self, path: Path | str, write: bool = True):
        self.path, self.conn, self.columns = Path(path), None, list(FIELDS)
        if self.path.exists() and not self.path.is_file():  # a folder, a FIFO, a device: never opened
            raise ValueError(f"{self.path}: not a tuning-record database (not a regular file)")
        if not write and not self.path.is_file():
            raise ValueError(f"{self.path}: no such record database")
        try:
            if write:
                self.path.parent.mkdir(parents=True, exist_ok=True)
                if _read_only_media(self.path.parent):
                    raise OSError(errno.EROFS, os.strerror(errno.EROFS), str(self.path))
                self.conn = sqlite3.connect(self.path, timeout=BUSY_TIMEOUT_S, isolation_level=None)
                self._schema(create=False, new_ok=True)  # refused before anything is written to the file
                self._wal()
                with self.transaction():
                    self._schema(create=True)
            else:
                # WAL readers need the -shm file beside the database; on read-only media it cannot be made, and
                # nobody can be writing there: read it immutable.
                how = "immutable=1" if _read_only_media(self.path.parent) else "mode=ro"
                self.conn = sqlite3.connect(f"{self.path.resolve().as_uri()}?{how}", uri=True,
                                            timeout=BUSY_TIMEOUT_S, isolation_level=None)
                self._schema(create=False)
        except sqlite3.OperationalError as e:
            self.close()
            if "locked" in str(e) or "busy" in str(e):
                raise ValueError(f"{self.path}: locked by another process for {BUSY_TIMEOUT_S:g} s ({e})") from None
            fault = _fault(e, self.path)
            if fault is not None:
                raise fault from None
            raise ValueError(f"{self.path}: not a tuning-record database ({e})") from None
        except sqlite3.DatabaseError as e:
            self.close()
            raise ValueError(f"{self.path}: not a tuning-record database ({e})") from None
        except ValueError:
            self.close()
            raise

    def _wal(self) -> None:
        """WAL mode. Switching a new file to it needs the file to itself, and SQLite answers 'database is locked'
        at once, without its busy wait, while another process creates or switches the same file (two tunes
        started together with one --db): retried until BUSY_TIMEOUT_S."""
        deadline = time.monotonic() + BUSY_TIMEOUT_S
        while True:
            try:
                self.conn.execute("PRAGMA journal_mode=WAL")
                return
            except sqlite3.OperationalError as e:
                if ("locked" not in str(e) and "busy" not in str(e)) or time.monotonic() > deadline:
                    raise
                time.sleep(0.05)

    def _schema(self, create: bool, new_ok: bool = False) -> None:
        """Ours and of this schema version, else ValueError naming the file. ``create``: a new (empty) file gets the
        schema; ``new_ok``: a new file passes the check unchanged (the read-only look before WAL is switched on)."""
        snapshot = not self.conn.in_transaction  # the three reads in one read transaction: one state of the file
        if snapshot:
            self.conn.execute("BEGIN")
        try:
            app, version = (self.conn.execute(f"PRAGMA {p}").fetchone()[0] for p in ("application_id", "user_version"))
            tables = self.conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'").fetchall()
        finally:
            if snapshot:
                self.conn.execute("COMMIT")
        if new_ok and app == 0 and version == 0 and not tables:
            return
        if create and app == 0 and version == 0 and not tables:  # a new file
            self.conn.execute(f"PRAGMA application_id = {APPLICATION_ID}")
            self.conn.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
            self.conn.execute(_CREATE)
            self.conn.execute(_INDEX)
        elif app != APPLICATION_ID:
            raise ValueError(f"{self.path}: not a vdmfma tuning-record database"
                             + (" (an SQLite database of something else)" if tables or app else " (empty)"))
        elif version not in MIGRATIONS and version != SCHEMA_VERSION:
            raise ValueError(f"{self.path}: tuning records of schema version {version}; this vdmfma reads "
                             f"{', '.join(map(str, sorted(MIGRATIONS)))} and {SCHEMA_VERSION}")
        elif version != SCHEMA_VERSION and create:  # an older file opened for writing: migrated in place
            for old in range(version, SCHEMA_VERSION):
                for statement in MIGRATIONS[old]:
                    self.conn.execute(statement)
            self.conn.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
        self.columns = [row[1] for row in self.conn.execute("PRAGMA table_info(records)")]
        need = FIELDS if create or version == SCHEMA_VERSION else V1_FIELDS  # what its version's table holds
        lacking = [c for c in [*need, "checksum"] if c not in self.columns]
        if lacking:  # ours by its id and version, its table dropped or cut down since
            raise _damaged("no table records" if not self.columns else f"its table lacks {', '.join(lacking)}",
                           self.path)

    @contextmanager
    def transaction(self) -> Iterator[sqlite3.Connection]:
        """One write transaction holding SQLite's writer lock from its start (BEGIN IMMEDIATE)."""
        self.conn.execute("BEGIN IMMEDIATE")
        try:
            yield self.conn
        except BaseException:
            self.conn.execute("ROLLBACK")
            raise
        self.conn.execute("COMMIT")

    def add(self, records: Iterable[Record]) -> int:
        """Insert in one transaction; returns how many were new (a record already there is left as it is).
        ValueError naming the record's shape and field when one is invalid (:func:`problems`): none is written.
        A file system that fails under the write: OSError naming the file."""
        records = list(records)
        for r in records:
            said = problems(r)
            if said:
                raise ValueError(f"{self.path}: refused a record of {r.name or r.key} ({r.knobs}): {'; '.join(said)}")
        rows = [[getattr(r, f) for f in FIELDS] + [r.checksum] for r in records]
        try:
            with self.transaction() as c:
                before = c.total_changes
                c.executemany(_INSERT, rows)
                return c.total_changes - before
        except sqlite3.OperationalError as e:
            fault = _fault(e, self.path)
            if fault is None:
                raise
            raise fault from None
        except sqlite3.DatabaseError as e:  # a page of the file damaged (its header read well when opened)
            raise _damaged(e, self.path) from None

    def read(self, target: Optional[str] = None) -> Read:
        """Every record (of ``target``), each checked against its checksum."""
        where, args = ("WHERE target = ?", (target,)) if target else ("", ())
        have = [name for name in FIELDS if name in self.columns]  # a version-1 file read as it is lacks V2_FIELDS
        records, damaged = [], []
        try:  # row by row (one Record at a time beside the cursor), a damaged page raising where it is read
            for row in self.conn.execute(f"SELECT id, {', '.join(have)}, checksum FROM records {where} ORDER BY id",
                                         args):
                try:
                    record = Record(**dict(zip(have, row[1:-1])))
                except ValueError as e:
                    damaged.append(f"id {row[0]}: {e}")
                    continue
                if record.checksum != row[-1]:
                    damaged.append(f"id {row[0]}: its values do not match its checksum (edited after it was written)")
                elif problems(record):
                    damaged.append(f"id {row[0]}: {'; '.join(problems(record))}")
                else:
                    records.append(record)
        except sqlite3.OperationalError as e:
            raise _fault(e, self.path) or e from None
        except sqlite3.DatabaseError as e:  # a page of the file damaged (its header read well when opened)
            raise _damaged(e, self.path) from None
        return Read(records, damaged)

    def targets(self) -> list[str]:
        """The archs the database holds a row of, damaged rows included (what a --target filter can name)."""
        try:
            return sorted(t for (t,) in self.conn.execute("SELECT DISTINCT target FROM records"))
        except sqlite3.OperationalError as e:
            raise _fault(e, self.path) or e from None
        except sqlite3.DatabaseError as e:
            raise _damaged(e, self.path) from None

    def close(self) -> None:
        if self.conn is not None:
            self.conn.close()
            self.conn = None

    def __enter__(self) -> "RecordDB":
        return self

    def __exit__(self, *exc) -> None:
        self.close()


def _damaged(e: sqlite3.DatabaseError | str, path: Path) -> ValueError:
    """A database whose pages SQLite cannot read (cut off, overwritten), or whose table lost columns: one line naming
    it, never a traceback."""
    return ValueError(f"{path}: a damaged tuning-record database ({e}); restore it from a copy, or move it away and "
                      "`vdmfma db import` the tune folders again")


def _read_only_media(folder: Path) -> bool:
    """The folder's file system is mounted read-only."""
    try:
        return bool(os.statvfs(folder).f_flag & os.ST_RDONLY)
    except OSError:
        return False


# SQLite's words for a failing file system, and the errno each is.
_FAULTS = (("disk is full", errno.ENOSPC), ("readonly database", errno.EROFS), ("disk i/o error", errno.EIO),
           ("unable to open database file", errno.EACCES))


def _fault(e: sqlite3.OperationalError, path: Path) -> Optional[OSError]:
    """A file-system fault SQLite reported, as the OSError the commands turn into one line (exit 1), else None."""
    said = str(e).lower()
    for words, number in _FAULTS:
        if words in said:
            if number == errno.EACCES and _read_only_media(path.parent):
                number = errno.EROFS
            return OSError(number, f"{os.strerror(number)} ({e})", str(path))
    return None
