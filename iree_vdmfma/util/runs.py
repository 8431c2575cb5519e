"""What an output directory holds: the runs written into it (sweep.json, tune.json) and whether a new
run is the same sweep/tune, so a folder made for another target, device or shape list is refused.

One place for both engines: ``previous_runs`` reads the runs file (a file from before runs were listed
is its one run), ``differences`` names what differs from this run, ``record_run`` appends this run
atomically (called only after the check, so a refused run writes nothing). An ``--out`` belongs to one kind
of run (``check_kind``: a tune's report would replace a sweep's), whatever ``--append`` says.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Sequence

from .io import atomic_write_text


# The file that marks an output directory as one kind of run's (sweep: also compile, coverage and bench).
KIND_MARKS = {"sweep": "sweep.json", "tune": "tune.json", "model": "dispatches.csv", "calibrate": "calibration.csv"}


def check_kind(out: Path, kind: str) -> None:
    """ValueError if ``out`` holds another kind of run than ``kind`` (a key of KIND_MARKS)."""
    for other, mark in KIND_MARKS.items():
        if other != kind and (Path(out) / mark).exists():
            raise ValueError(f"{out} holds a {other} ({mark}), not a {kind}: an --out belongs to one kind of run; "
                             "choose another --out")


def previous_runs(path: Path) -> list[dict]:
    try:
        meta = json.loads(Path(path).read_text(encoding="utf-8"))
    except FileNotFoundError:
        return []
    except (OSError, ValueError) as e:
        raise ValueError(f"{path}: unreadable ({e}); move it away to start afresh") from None
    runs = (meta.get("runs") or [meta]) if isinstance(meta, dict) else None
    if not isinstance(runs, list) or not all(_a_run(run) for run in runs):
        raise ValueError(f"{path}: not a list of runs (edited by hand?); move it away to start afresh")
    return runs


def _a_run(run) -> bool:
    """One run as a sweep or tune writes it: an object whose problems, if any, are a list of shape keys."""
    problems = run.get("problems", []) if isinstance(run, dict) else None
    return isinstance(problems, list) and all(isinstance(p, str) for p in problems)


def differences(run: dict, mine: dict, names: Sequence[str]) -> list[str]:
    """What an earlier ``run`` holds that this one (``mine``) does not: ``names`` compared as they are,
    'problems' (shape keys) as a count of new and missing shapes. Fields the run did not record pass."""
    diffs = [f"{name} {run[name]} (now {mine[name]})" for name in names if name in run and run[name] != mine[name]]
    if "problems" in run and run["problems"] != mine["problems"]:
        had, now = set(run["problems"]), set(mine["problems"])
        diffs.append(f"other shapes ({len(now - had)} new, {len(had - now)} not in this list)")
    return diffs


def check_same(out: Path, runs: list[dict], mine: dict, names: Sequence[str], what: str, items: str) -> None:
    """ValueError naming what differs if ``out`` holds another ``what`` (e.g. 'sweep'); --append passes."""
    for run in runs:
        diffs = differences(run, mine, names)
        if diffs:
            raise ValueError(f"{out} holds a different {what}: {'; '.join(diffs)}; pass --append to "
                             f"add this run's {items} to it, or choose another --out")


def record_run(path: Path, run: dict, previous: list[dict]) -> Path:
    """This run at the top (as before runs were listed), every run so far under 'runs'; never half-written."""
    return atomic_write_text(path, json.dumps({**run, "runs": previous + [run]}, indent=1))
