"""Step 1, ``calibrate``: `vdmfma calibrate`, the device's A/A threshold that every later verdict takes (the
harness floor is beside every timed row); restored from a run's own calibration record of this SKU and
compiler instead when there is one (never from an imported report). MEASURED on the device.
"""

from __future__ import annotations

import json
import shutil
import time
from pathlib import Path
from typing import TYPE_CHECKING

from .common import keep, read_csv, run_cmd, source

if TYPE_CHECKING:
    from .plan import Plan


def restore_calibration(plan: Plan, known) -> bool:
    """DIR/calibrate/calibration.csv from this SKU's and compiler's newest calibration record of a run's own (never
    an imported report's): a calibration measured by an earlier loan is not measured again."""
    from iree_vdmfma.run.calibration import CalibrationRow, read_calibration, write_calibration

    path = plan.out / "calibrate" / "calibration.csv"
    if read_calibration(path).rows or not known.calibrations:
        return bool(read_calibration(path).rows)
    newest = known.calibrations[-1].recorded_at
    rows = []
    for r in (r for r in known.calibrations if r.recorded_at == newest):
        d = json.loads(r.detail)
        types = {f: t for f, t in CalibrationRow.__annotations__.items()}
        rows.append(CalibrationRow(**{f: _typed(types[f], d[f]) for f in types if f in d}))
    path.parent.mkdir(parents=True, exist_ok=True)
    write_calibration(rows, path)
    print(f"  calibrate: restored from the records ({known.calibrations[-1].origin}, {newest})", flush=True)
    return True


def _typed(kind: str, text: str):
    if "bool" in kind:
        return text == "True"
    if "int" in kind:
        return int(text)
    if "float" in kind:
        return float(text)
    return text


def step_calibrate(plan: Plan, items, limit: float, log: Path, known, lists) -> bool:
    from iree_vdmfma.records.evidence import calibration_records

    began, folder = time.monotonic(), plan.folder("calibrate")
    small = ["--pairs", "12", "--heldout-pairs", "20"]  # --small: the fewest the command takes (CPU, CI)
    rc, stopped = run_cmd(plan.vdmfma("calibrate", "--out", str(folder), "--no-keep", *(small if plan.small else []),
                                      target=False), log, limit)
    made = folder / "calibration.csv"
    if made.is_file():
        shutil.copyfile(made, plan.out / "calibrate" / "calibration.csv")  # the one every later verdict takes
        keep(plan, calibration_records(read_csv(made), source(plan, folder), plan.target or ""),
             time.monotonic() - began, 1)
    return rc == 0 and not stopped and made.is_file()
