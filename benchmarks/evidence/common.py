"""What every stage shares: the root of the checkout, DIR's steps.json (one device a DIR), the records a call
reads and keeps (with their provenance and the seconds each item cost), the A/A calibration every verdict
takes, and run_cmd, which runs one `vdmfma` command and stops it at its limit (SIGUSR1 stacks, then Ctrl-C).
Measures nothing itself.
"""

from __future__ import annotations

import csv
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import TYPE_CHECKING, Optional

if TYPE_CHECKING:
    from .plan import Plan


ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))


GRACE_S = 20.0  # after SIGINT, before SIGKILL


RECORDS = ROOT / "reports" / "gpu-records.sqlite"


def git_commit() -> str:
    try:
        out = subprocess.run(["git", "-C", str(ROOT), "rev-parse", "--short", "HEAD"], capture_output=True, text=True,
                             timeout=10)
        return out.stdout.strip()
    except (OSError, subprocess.SubprocessError):
        return ""


def load_state(plan: Plan) -> dict:
    try:
        return json.loads(plan.state_path.read_text())
    except (OSError, ValueError):
        return {}


def check_device(plan: Plan, state: dict) -> None:
    """One DIR, one device: the first call records the device's name (the driver's); a later call on another
    (the lending tool may start an H100 after an H200) would mix their rows under one env.txt, so it is refused."""
    from iree_vdmfma.devices.probe import device_info

    name = device_info(plan.device).name or plan.device
    if state.get("_device", name) != name:
        print(f"error: {plan.out} holds evidence measured on {state['_device']}; this call's device is {name}: give "
              "another --out (one folder a device)", file=sys.stderr)
        raise SystemExit(2)
    state["_device"] = name
    save_state(plan, state)


def save_state(plan: Plan, state: dict) -> None:
    tmp = plan.state_path.with_suffix(".tmp")
    tmp.write_text(json.dumps(state, indent=1, sort_keys=True))
    tmp.replace(plan.state_path)


def read_records(*paths: Optional[Path]) -> list:
    """The records of every database given that exists (read-only), damaged ones left out and said. A record in two
    of them (a loan's records merged into the committed database, then that loan's bundle restored) is one record:
    the checksum is its identity, as in a merge."""
    from iree_vdmfma.records.db import RecordDB

    out, seen = [], set()
    for path in paths:
        if path is None or not path.is_file():
            continue
        with RecordDB(path, write=False) as db:
            read = db.read()
        for r in read.records:
            if r.checksum not in seen:
                seen.add(r.checksum)
                out.append(r)
        for d in read.damaged:
            print(f"  {path}: damaged record left out: {d}", flush=True)
    return out


def measured(plan: Plan):
    """What this SKU and compiler already has, from the committed records and this DIR's."""
    from iree_vdmfma.records.plan import Measured

    return Measured(read_records(plan.records, plan.db if plan.out else None), plan.sku.name, plan.compiler)


def source(plan: Plan, folder: Path):
    from iree_vdmfma.records.evidence import Source

    return Source(sku=plan.sku, origin=f"gpu_evidence {plan.run_id}/{folder.relative_to(plan.out)}",
                  toolkit_commit=plan.commit, compiler_version=plan.compiler,
                  recorded_at=time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()))


def keep(plan: Plan, records: list, seconds: Optional[float] = None, items: int = 1) -> int:
    """Add a step's new records (with its seconds shared over its items, if given) to DIR/records.sqlite; how many
    were new."""
    from iree_vdmfma.records.db import RecordDB
    from iree_vdmfma.records.evidence import with_cost

    if not records:
        return 0
    with RecordDB(plan.db) as db:
        return db.add(with_cost(records, seconds, items) if seconds is not None else records)


def calibration_env(plan: Plan) -> dict:
    """VDMFMA_CALIBRATION naming this run's own A/A calibration once it exists: every later verdict (the race,
    the reports, the forward, the exhaustive check) takes the device's threshold, not the default 1% floor (on
    the H200 the calibration was measured and then never used). Read from DIR, so it survives --restore."""
    cal = plan.out / "calibrate" / "calibration.csv"
    return {"VDMFMA_CALIBRATION": str(cal)} if cal.is_file() else {}


def _ctrl_c_default() -> None:
    """In the child, before exec: Ctrl-C as a terminal gives it. A shell's background job (`... &`) or a pytest-xdist
    worker passes SIGINT on ignored, and a step that ignores it is not stopped by its budget but killed after the
    grace, mid-row."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def run_cmd(cmd: list[str], log: Path, limit_s: float, env: Optional[dict] = None) -> tuple[int, bool]:
    """Run ``cmd`` with output appended to ``log`` (and echoed); SIGINT at ``limit_s``. (rc, stopped). A stopped
    command's stacks and last words go to ``log`` only: a budget spent is routine, not a console page of stacks."""
    print("$ " + " ".join(str(c) for c in cmd), flush=True)
    with log.open("a") as f:
        f.write("$ " + " ".join(str(c) for c in cmd) + "\n")
        f.flush()
        proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, cwd=ROOT,
                                env={**os.environ, "PYTHONPATH": f"{ROOT}{os.pathsep}{os.environ.get('PYTHONPATH', '')}",
                                     "PYTHONUNBUFFERED": "1", **(env or {})}, start_new_session=True,
                                preexec_fn=_ctrl_c_default)
        time.sleep(0.5)  # the CLI registers its SIGUSR1 stack dump at import: before that the signal would kill it
        deadline, stopped = time.monotonic() + limit_s, False
        import threading

        quiet = threading.Event()

        def pump():
            for line in proc.stdout:
                f.write(line)
                f.flush()
                if not quiet.is_set():
                    sys.stdout.write("  " + line)
                    sys.stdout.flush()

        t = threading.Thread(target=pump, daemon=True)
        t.start()
        while proc.poll() is None:
            if time.monotonic() > deadline and not stopped:
                stopped = True
                quiet.set()
                print(f"  (budget of {limit_s:.0f} s spent: stacks (SIGUSR1) into {log.name}, then Ctrl-C; the step "
                      "resumes on the next call)", flush=True)
                try:
                    os.kill(proc.pid, signal.SIGUSR1)  # the vdmfma CLI prints every thread's stack: a stall shows where
                    time.sleep(0.5)
                    os.killpg(proc.pid, signal.SIGINT)
                except ProcessLookupError:  # it ended meanwhile
                    pass
                deadline = time.monotonic() + GRACE_S
            elif stopped and time.monotonic() > deadline:
                try:
                    os.killpg(proc.pid, signal.SIGKILL)
                except ProcessLookupError:
                    pass
            time.sleep(0.2)
        t.join(timeout=5)
    return proc.returncode, stopped


def read_csv(path: Path) -> list[dict]:
    try:
        with path.open(newline="") as f:
            return list(csv.DictReader(line for line in f if not line.startswith("#")))
    except OSError:
        return []


def write_csv(path: Path, columns, rows: list[dict]) -> None:
    tmp = path.with_suffix(".tmp")
    with tmp.open("w", newline="") as f:
        w = csv.DictWriter(f, fieldnames=list(columns), extrasaction="ignore")
        w.writeheader()
        w.writerows(rows)
    tmp.replace(path)
