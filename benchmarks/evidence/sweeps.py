"""Step 3, ``sweep-seed``, ``sweep-seed-loop``, ``sweep-seed-graph``, ``sweep-heldout``: `vdmfma sweep` of the
rows the records lack (default, split-K, the vendor library and `tuned` from the library the records' winners
build), in command-buffer, loop or graph mode. MEASURED latencies (hot and cold), numerics checked against numpy.
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import TYPE_CHECKING, Optional

from .common import calibration_env, keep, read_csv, run_cmd, source
from .lists import sub_list
from .plan import SWEEP_VARIANTS, sweep_mode

if TYPE_CHECKING:
    from .plan import Plan


def sweep_done(folder: Path) -> bool:
    rows = read_csv(folder / "results.csv")
    timed = [r for r in rows if r.get("cache_mode")]  # the run rows (hot/cold); compile rows carry no cache mode
    return bool(timed) and all(r["status"] not in ("pending", "compiled", "") for r in timed)


def build_library(plan: Plan, known) -> tuple[Optional[Path], dict]:
    """The `tuned` variant's library from this SKU's and compiler's winners (records/build.py): (folder, knobs a
    shape's tuned row runs); (None, {}) when none builds here."""
    from collections import Counter

    from iree_vdmfma.backends import backend_for
    from iree_vdmfma.configs.library import write_library
    from iree_vdmfma.records.build import build
    from iree_vdmfma.records.plan import kept_default

    winners = [w for w in known.winners.values() if not kept_default(w)]
    if not winners:
        return None, {}
    target = plan.target or Counter(w.target for w in winners).most_common(1)[0][0]
    built = build(winners, target, known.sku, plan.compiler)
    for note in built.notes:
        print(f"  library: {note}", flush=True)
    if not built.library.entries:
        return None, {}
    backend = backend_for(target)
    folder = plan.out / "library"
    write_library(built.library, folder, backend.compile_flags(target), backend.spec_route)
    return folder, {c.record.key: c.record.knobs for c in built.chosen}


def step_sweep(plan: Plan, items, limit: float, log: Path, known, lists, step: str) -> bool:
    """The missing rows of a list: one sweep per set of variants missing (the shapes missing the same ones together),
    each into this call's own folder, `tuned` from the library of the records' winners."""
    from iree_vdmfma.records.evidence import sweep_records

    mode = sweep_mode(step)
    want: dict[str, set] = {}
    for i in items:
        want.setdefault(i.key, set()).add(i.config)
    library, knobs = build_library(plan, known) if any("tuned" in v for v in want.values()) else (None, {})
    groups: dict[tuple, set] = {}
    for key, variants in want.items():
        variants = tuple(v for v in SWEEP_VARIANTS[mode] if v in variants and (v != "tuned" or key in knobs))
        if variants:
            groups.setdefault(variants, set()).add(key)
    ok, start, left = True, time.monotonic(), len(items)
    for n, (variants, keys) in enumerate(groups.items()):
        began, folder = time.monotonic(), plan.folder(step) / f"part{n}"
        share = max(1.0, (limit - (began - start)) * len(keys) * len(variants) / max(1, left))
        shapes = sub_list(lists[step], keys, plan.folder(step) / f"part{n}.csv")
        cmd = plan.vdmfma("sweep", str(shapes), "--variants", ",".join(variants), "--out", str(folder),
                          "--timing-mode", mode, *(["--reps", "3"] if plan.small else []))
        rc, stopped = run_cmd(cmd, log, share, env={**({"VDMFMA_TUNED_LIBRARY": str(library)} if library else {}),
                                                     **calibration_env(plan)})
        records = sweep_records(read_csv(folder / "results.csv"), source(plan, folder), knobs)
        keep(plan, records, time.monotonic() - began, len(keys) * len(variants))
        left -= len(keys) * len(variants)
        ok = ok and rc in (0, 1) and not stopped and sweep_done(folder)  # 1: some rows failed (a row says why)
    return ok
