"""vdmfma db (import, merge, query) and vdmfma library build: tuning records that outlive a tune and a compiler."""

from __future__ import annotations

import socket
import sqlite3
from pathlib import Path
from typing import Optional

import typer
from rich.table import Table

from . import options as opt
from .app import app, docs_page
from .common import cell, print_table, say, show, user_errors

db_app = typer.Typer(help="Tuning records in SQLite: import, merge, query.", epilog=docs_page("db"),
                     no_args_is_help=True, rich_markup_mode=None)
library_app = typer.Typer(help="Tuning libraries built from tuning records.", epilog=docs_page("library"),
                          no_args_is_help=True, rich_markup_mode=None)
app.add_typer(db_app, name="db")
app.add_typer(library_app, name="library")


def check_db(db: Path) -> Path:
    """--db opened (created when new) before a tune starts: one that is not ours is bad input (exit 2), found up
    front; a read-only or full file system under it is a disk fault (OSError: one line naming the file, exit 1)."""
    from ..records.db import RecordDB

    RecordDB(db).close()
    return db


def record_tune(out: Path, device: Optional[str], db: Path) -> None:
    """A finished (or cut) tune's candidates and winners into the database, with the device's SKU. The tune's
    own files are already written: a database that fails now is a warning saying how to add them later."""
    from ..records.db import RecordDB
    from ..records.ingest import tune_records
    from ..devices.sku import probe

    if not (out / "candidates.csv").is_file():
        return
    try:
        found = tune_records(out, probe(device) if device else None, origin=f"{socket.gethostname()}:{out.resolve()}")
        with RecordDB(db) as records:
            new = records.add(found.records)
    except (ValueError, OSError, sqlite3.Error) as e:
        say(f"warning: tuning records not written to {db} ({e}); `vdmfma db import {out} --db {db}` adds them")
        return
    show(f"tuning records: {new} new of {len(found.records)} in {db}")


def _read(db: Path, target: Optional[str] = None, held: bool = False):
    """The intact records (of ``target``), each damaged one said; ``held``: ValueError naming the archs the database
    holds when it holds no row of ``target`` (a query's misspelt arch is no empty answer)."""
    from ..records.db import RecordDB

    with RecordDB(db, write=False) as records:
        if held and target is not None and target not in (archs := records.targets()):
            raise ValueError(f"--target {target!r}: no record for that arch in {db}"
                             + (f"; it holds {', '.join(archs)}" if archs else "; it holds none"))
        read = records.read(target)
    for d in read.damaged:
        say(f"{db}: damaged record, left out: {d}")
    return read.records


@db_app.command("import", epilog=docs_page("db", "db import out/tune --db out/records.sqlite"))
def import_(
    folders: list[Path] = typer.Argument(..., help="Folders `vdmfma tune` wrote.",
                                         file_okay=False),
    db: Optional[Path] = opt.DB,
    recorded_at: str = typer.Option("", "--recorded-at", help="ISO-8601 time for rows that carry none."),
    debug: bool = opt.DEBUG,
) -> None:
    """Add the records of tune folders to the database.

    For a tune made before records were kept, or on another machine.
    """
    with user_errors(debug):
        from ..records.db import RecordDB, iso_time
        from ..records.ingest import tune_records

        if recorded_at and iso_time(recorded_at) is None:
            raise ValueError(f"--recorded-at {recorded_at!r}: not an ISO-8601 time (e.g. 2026-11-22T07:00:00Z)")
        path = opt.db_path(db)
        found = [tune_records(f, recorded_at=recorded_at) for f in folders]  # every folder read before writing
        with RecordDB(path) as records:
            for folder, ingest in zip(folders, found):
                for note in ingest.notes:
                    say(note)
                show(f"{folder}: {records.add(ingest.records)} new of {len(ingest.records)} records")
        show(f"database: {path}")


@db_app.command(epilog=docs_page("db", "db merge other.sqlite --db out/records.sqlite"))
def merge(
    sources: list[Path] = typer.Argument(..., help="Databases to merge into --db.",
                                         dir_okay=False),
    db: Optional[Path] = opt.DB,
    debug: bool = opt.DEBUG,
) -> None:
    """Merge record databases into --db: their union.

    Each record once: merging again adds nothing.
    """
    with user_errors(debug):
        from ..records.db import RecordDB

        path = opt.db_path(db)
        read = [(s, _read(s)) for s in sources]  # every source checked before --db is touched
        with RecordDB(path) as records:
            for source, found in read:
                show(f"{source}: {records.add(found)} new of {len(found)} records")
            total = len(records.read().records)
        show(f"{path}: {total} records")


@db_app.command(epilog=docs_page("db", "db query --target sm_89 --format csv"))
def query(
    db: Optional[Path] = opt.DB,
    target: Optional[str] = typer.Option(None, "--target", "-t", help="Only this arch (gfx942, sm_89, ...)."),
    sku: Optional[str] = typer.Option(None, "--sku", help="Only this device (its product name)."),
    fmt: str = opt.FORMAT,
    debug: bool = opt.DEBUG,
) -> None:
    """Show the best winner per shape and SKU.

    Measured winners come before modelled ones, then the lowest latency.
    """
    with user_errors(debug):
        from ..records.build import choose
        from ..records.db import iso_time

        opt.table_format(fmt)
        path = opt.db_path(db)
        every = _read(path, target, held=True)
        records = [r for r in every if sku is None or r.sku_name.lower() == sku.lower()]
        if sku is not None and not records:
            known = sorted({r.sku for r in every})
            raise ValueError(f"--sku {sku!r}: no record of that device in {path}"
                             + (f" for {target}" if target else "")
                             + (f"; it holds {', '.join(repr(k) for k in known)}" if known else "; it holds none"))
        table = Table("target", "shape", "sku", "knobs", "basis", "latency us", "verdict", "compiler", "recorded")
        rows = 0
        for arch in sorted({r.target for r in records}):
            for name in sorted({r.sku for r in records if r.target == arch}):
                for c in choose([r for r in records if r.sku == name], arch, None):
                    r = c.record
                    rows += 1
                    table.add_row(*map(cell, (arch, r.name or r.key, r.sku, r.knobs, r.basis,
                                              "" if r.latency_us is None else f"{r.latency_us:.4g}", r.verdict,
                                              r.compiler_version.split(" ")[0], _when(r.recorded_at, iso_time))))
        print_table(table, fmt)
        (show if fmt == "table" else say)(f"{rows} best winner(s) from {len(records)} records in {path}")


def _when(text: str, iso_time) -> str:
    """A record's time in one format, UTC to the second ('2026-11-22T15:33:14Z'); as recorded when it is no time."""
    from datetime import timezone  # noqa: PLC0415

    t = iso_time(text or "")
    if t is None:
        return text or ""
    t = t.astimezone(timezone.utc) if t.tzinfo else t
    return t.strftime("%Y-%m-%dT%H:%M:%S") + ("Z" if t.tzinfo else "")


@library_app.command("build", epilog=docs_page("library", "library build --target sm_89 --out out/lib"))
def build_(
    db: Optional[Path] = opt.DB,
    target: str = typer.Option(..., "--target", "-t", help="The arch to build for (gfx942, sm_89, ...)."),
    sku: Optional[str] = typer.Option(None, "--sku", help="Prefer this device's measured winners."),
    out: Optional[Path] = opt.OUT,
    merge_with: Optional[list[Path]] = opt.MERGE_WITH, prefer: str = opt.PREFER,
    debug: bool = opt.DEBUG,
) -> None:
    """Write a tuning library from the records, for this compiler.

    OUT/library-T.json, the spec pair and flags-T.txt: per shape the SKU's best measured winner, else the
    arch's, else the modelled one.
    """
    with user_errors(debug):
        from ..backends import backend_for
        from ..compiler.toolchain import compiler_version
        from ..configs.library import write_library
        from ..records.build import build
        from ..configs.link import link_library
        from .link_cmds import merge_specs, need_codegen_spec, say_lines

        backend = backend_for(target)
        theirs = merge_specs(merge_with, prefer)
        if theirs:
            need_codegen_spec(target)
        path, out = opt.db_path(db), opt.out_folder(out, "library")
        built = build(_read(path, target), target, sku, compiler_version())
        for note in built.notes:
            say(note)
        if not built.library.entries:
            raise ValueError(f"{path}: no winner record for {target}" + (f" that builds here" if built.notes else ""))
        written = write_library(built.library, out, backend.compile_flags(target), backend.spec_route)
        say_lines(link_library(written, built.library, theirs, prefer))
        tiers = [c.tier for c in built.chosen]
        show(f"library for {target}: {len(tiers)} shape(s) ("
             + (f"{tiers.count('sku')} from {sku}, " if sku else "")
             + f"{tiers.count('arch')} from the arch's measured winners, {tiers.count('modelled')} modelled) in {out}")
        show(f"iree-compile flags: {written['flags'].read_text(encoding='utf-8').strip()}")
