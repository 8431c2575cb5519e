"""vdmfma cache (info, prune): how big the compile cache is, and trimming it while other commands use it."""

from __future__ import annotations

from datetime import datetime, timezone
from pathlib import Path
from typing import Optional

import typer

from . import options as opt
from .app import app, docs_page
from .common import show, user_errors

cache_app = typer.Typer(help="The compile cache: what it holds, trimming it.", epilog=docs_page("cache"),
                        no_args_is_help=True, rich_markup_mode=None)
app.add_typer(cache_app, name="cache")


def _folder(cache_dir: Optional[Path]) -> tuple[Path, str, str]:
    """The cache folder, where it came from as an error names it, and the first line saying where it is."""
    folder, where, said = opt.cache_place(cache_dir)
    return folder, where, f"compile cache: {folder} ({said})"


def _fmt_size(n: int) -> str:
    """A byte count as said: '812 bytes', '3500 bytes (3.4 KiB)'."""
    from ..util.sizes import size_text  # noqa: PLC0415

    return f"{n} bytes" + (f" ({size_text(n)})" if n >= 1024 else "")


def _when(t: float) -> str:
    return datetime.fromtimestamp(t, timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")


@cache_app.command(epilog=docs_page("cache", "cache info --cache-dir out/cache"))
def info(cache_dir: Optional[Path] = opt.CACHE_DIR, debug: bool = opt.DEBUG) -> None:
    """Say where the compile cache is and what it holds.

    Its entries (their bytes, oldest and newest last use), the proofs kept beside them, and anything else.
    """
    with user_errors(debug):
        from ..compiler.cache_admin import survey

        folder, _, line = _folder(cache_dir)
        show(line)
        if not folder.is_dir():
            show("no cache there yet (the first compile makes it)")
            return
        found = survey(folder)
        if not found.is_cache:
            show("it does not look like a compile cache (no .locks/ folder, no entry with a manifest.json, and things "
                 "the toolkit does not keep there)")
            return
        show(f"entries: {len(found.entries)}, {_fmt_size(found.entry_bytes)}")
        if found.entries:
            show(f"last use: oldest {_when(found.entries[0].last_use)}, newest {_when(found.entries[-1].last_use)}")
        show(f"proofs: {len(found.proofs)} files, {_fmt_size(found.proof_bytes)}")
        show(f"other: {_fmt_size(found.other_bytes)} (lock files, tuning records, calibrations, anything else: never "
             "pruned, but for lock files whose entry is gone)")
        if found.leftovers:
            show(f"leftovers: {len(found.leftovers)} folders, {_fmt_size(found.leftover_bytes)} "
                 "(an interrupted prune, a killed build or install; `vdmfma cache prune` removes them)")


@cache_app.command(epilog=docs_page("cache", "cache prune --max-size 2G --older-than 30 --dry-run"))
def prune(
    older_than: Optional[float] = typer.Option(None, "--older-than", min=0, metavar="DAYS",
                                               help="Remove entries last used more than DAYS days ago."),
    max_size: Optional[str] = typer.Option(None, "--max-size", metavar="SIZE",
                                           help="Keep at most SIZE of entries (2G, 500M, bytes; 0: as few as "
                                                "--keep-recent allows)."),
    keep_recent: float = typer.Option(24.0, "--keep-recent", min=0, metavar="HOURS",
                                      help="Never remove an entry or proof used within HOURS hours, whatever the "
                                           "limits: a running command may still read it (0: no grace)."),
    dry_run: bool = typer.Option(False, "--dry-run", help="Say what would go; remove nothing."),
    cache_dir: Optional[Path] = opt.CACHE_DIR, debug: bool = opt.DEBUG,
) -> None:
    """Remove least recently used entries until both limits hold.

    Safe for running commands that use an entry within --keep-recent hours (24 by default): such entries are
    kept, as are entries another command holds at that moment. A command that runs longer than --keep-recent may
    find an entry gone: a sweep's, tune's or model's rows say so (machine-error, redone by a rerun). Stale proofs,
    orphan lock files and the leftovers of an interrupted prune, a killed build or install go too (an install's
    once older than --keep-recent).
    """
    with user_errors(debug):
        from ..compiler.cache_admin import prune as prune_cache

        limit = opt.size_of(max_size, "--max-size", zero=True)
        opt.finite("--older-than", older_than)
        opt.finite("--keep-recent", keep_recent)
        if older_than is None and limit is None:
            raise ValueError("give --older-than DAYS or --max-size SIZE (or both); `vdmfma cache info` shows what "
                             "the cache holds")
        folder, where, line = _folder(cache_dir)
        if folder.is_dir():
            opt.writable(folder, where)  # another user's cache: one line, before anything is touched
        show(line)
        if not folder.is_dir():
            show("no cache there yet: nothing to prune")
            return
        done = prune_cache(folder, None if older_than is None else older_than * 86400, limit, keep_recent * 3600,
                           dry_run)
        verb = "would remove" if dry_run else "removed"
        before = done.before
        show(f"{verb} {len(done.entries)} of {len(before.entries)} entries, "
             f"{_fmt_size(done.entry_bytes)}: {len(before.entries)} entries, "
             f"{_fmt_size(before.entry_bytes)} -> {done.entries_after}, {_fmt_size(done.bytes_after)}")
        if done.recent:
            show(f"{len(done.recent)} entries used in the last {keep_recent:g} h kept: a running command may still "
                 "read them")
        if done.in_use or done.used:
            show(f"{len(done.in_use) + len(done.used)} entries in use, kept")
        if done.gone:
            show(f"{len(done.gone)} entries removed meanwhile by another prune")
        show(f"{verb} {len(done.proofs)} proof files ({_fmt_size(done.proof_bytes)}), "
             f"{len(done.leftovers)} leftover folders ({_fmt_size(done.leftover_bytes)}), "
             f"{done.locks} orphan lock files")
