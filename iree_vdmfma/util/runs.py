"""What an output directory holds: the runs written into it (sweep.json, tune.json) and whether a new
run is the same sweep/tune, so a folder made for another target, device or shape list is refused.

One place for both engines: ``previous_runs`` reads the runs file (a file from before runs were listed
is its one run), ``differences`` names what differs from this run, ``record_run`` appends this run
atomically (called only after the check, so a refused run writes nothing).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Sequence

from .io import atomic_write_text


def previous_runs(path: Path) -> list[dict]:
    try:
        meta = json.loads(Path(path).read_text())
    except FileNotFoundError:
        return []
    except (OSError, ValueError) as e:
        raise ValueError(f"{path}: unreadable ({e}); move it away to start afresh") from None
    return meta.get("runs") or [meta]


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
