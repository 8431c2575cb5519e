"""GPU evidence that adds up across loans: each call measures what the records say is still missing.

    python benchmarks/gpu_evidence.py --device cuda --out DIR [--budget-s 540] [--bundle FILE.tgz] [--restore FILE.tgz]
    python benchmarks/gpu_evidence.py --device cuda --plan [--sku NAME] [--budget-s 480]   # what the next call would do
    python benchmarks/gpu_evidence.py --merge FILE.tgz [--records DB]   # a loan's records into the committed database
    python benchmarks/gpu_evidence.py --device local-task --small --out DIR   # the same steps on the CPU (CI)

The records (iree_vdmfma/records/, SQLite keyed by SKU and compiler) are the state: the committed
reports/gpu-records.sqlite (--records; every earlier loan, read-only here) and DIR/records.sqlite (this run's, in
the bundle). A (problem, config, SKU, compiler) with a record is not measured again unless --remeasure
(records/plan.py says what counts as one). Each call plans from them, then measures what is missing, in this order
(the most evidence a minute of GPU buys first):

1. ``calibrate``       `vdmfma calibrate`: the device's A/A threshold (reused from a run's own record of this SKU
                       and compiler, never from an imported report); the harness floor is beside every timed row.
2. ``sweep-seed``      `vdmfma sweep` of sweeps/seed-f16.csv: default, splitk, torch, and `tuned` for each shape
                       whose winner is known (the library built from the records), timed in command-buffer mode.
   ``sweep-seed-loop`` default, tuned, torch in loop mode (one submission a dispatch, as the committed H100 and
                       H200 reports were timed): the gap to cuBLAS in both modes, floors beside.
   ``sweep-heldout``   the same as sweep-seed on the held-out decode list (Llama-3-8B f16 and Qwen2-7B bf16 rows of
                       sweeps/decode-*.csv at --heldout-m), never used to fit anything.
3. ``model``           `vdmfma model examples/llama_layer.py:build --tune` at each M = 1, 4, 8 without a tuned
                       forward (a tuned forward that ran IREE's default kernel, verdict same-kernel, measured no
                       tuned config). --small: the tiny layer at M = 1, 4, a tune of 2 candidates a GEMM.
4. ``exhaustive``      race vs exhaustive (tune/race.py) on seed shapes any loan tuned, without a resolved check
                       (the contenders: that shape's measured candidates in the records, compiled again here);
                       an unresolved one again with twice the rounds.
5. ``tune-heldout``    raced `vdmfma tune` of the held-out shapes without a winner, then
   ``tune-seed``       the seed shapes without one. (The next call sweeps their `tuned` rows.)

Every step's new records go to DIR/records.sqlite with their provenance (SKU, driver, compiler and toolkit
versions, --commit, date) and the seconds they took (cost_s: --plan's estimates). DIR/summary.md is rebuilt from
the records alone (records/summary.py: one section per SKU, never a ratio across SKUs, every cell citing its date
and commit), so two loans on two days make one table.

The budget (--budget-s, wall seconds of this call) is shared over the steps with something to measure, by weight;
a tune gets its share as --time-budget, any other step is stopped at its share with Ctrl-C (SIGINT: the commands
keep what finished) and its records are what finished. Exit 0 when nothing is left to measure, 3 when a later call
has work, 2 for bad options.

On a lent machine (15 minutes of device time a session, the start included), one call, at most two: the exact
commands (bundle IREE and iree-turbine's wheels here, run with them carried, merge the bundle back with
``--merge``) are in docs/gpus.md, "The next lent GPU", which tests/test_gpu_evidence.py checks against --plan.
The bundle (tables, logs, reports with their plots, specs, the records; no modules, weights or dumps) is written
after every step. Every latency is MEASURED on the device it names; a % of HBM peak divides a measured GB/s by a
data-sheet peak. One DIR holds one device's evidence: a later call on another device is refused.
On the 2-core CPU, two --small calls take about 1.5 minutes together (tests/test_gpu_evidence.py).
"""

from __future__ import annotations

import argparse
import csv
import json
import math
import os
import platform
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Optional
from iree_vdmfma.problems.rows import Status

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

STEPS = ("calibrate", "sweep-seed", "sweep-seed-loop", "sweep-heldout", "model", "exhaustive", "tune-heldout",
         "tune-seed", "summary")
# Budget weights (ESTIMATES; --plan's costs come from the records). The summary takes seconds.
WEIGHTS = {"calibrate": 0.5, "sweep-seed": 1.0, "sweep-seed-loop": 0.8, "sweep-heldout": 1.0, "model": 2.0,
           "exhaustive": 1.5, "tune-heldout": 3.0, "tune-seed": 3.0, "summary": 0.0}
SWEEP_VARIANTS = {"cmdbuf": ("default", "tuned", "splitk", "torch"), "loop": ("default", "tuned", "torch")}
HELDOUT_MODELS = (("llama3-8b", "f16"), ("qwen2-7b", "bf16"))
GRACE_S = 20.0  # after SIGINT, before SIGKILL
RECORDS = ROOT / "reports" / "gpu-records.sqlite"


class Plan:
    """What one call runs: the device, the lists, the layer, the budget, and the records it plans from."""

    def __init__(self, args: argparse.Namespace):
        self.device, self.small, self.remeasure = args.device, args.small, args.remeasure
        self.out = Path(args.out).resolve() if args.out else None
        self.target = args.target or ("host" if args.device.startswith(("local", "cpu")) else None)
        self.budget_s = args.budget_s
        self.started = time.monotonic()
        self.steps = [s.strip() for s in args.steps.split(",")] if args.steps else list(STEPS)
        bad = [s for s in self.steps if s not in STEPS]
        if bad:
            raise SystemExit(f"error: --steps {','.join(bad)}: not a step (steps: {', '.join(STEPS)})")
        self.seed_list = ROOT / "sweeps" / "seed-f16.csv"  # --small: two rows of tiny-cpu.csv (small_lists)
        self.heldout_m = [int(x) for x in args.heldout_m.split(",")]
        self.layer_name = f"llama_layer:{'build_tiny' if self.small else 'build'}"
        self.layer = f"{ROOT / 'examples' / 'llama_layer.py'}:{self.layer_name.split(':')[1]}"
        self.model_m = [1, 4] if self.small else [1, 4, 8]
        self.records = None if args.records == "none" else Path(args.records)
        self.commit = args.commit or os.environ.get("VDMFMA_COMMIT", "") or _git_commit()
        self.sku = self.compiler = None  # probed in main (--plan may name the SKU)
        self.run_id, self.call = "", 0  # from DIR/steps.json

    @property
    def state_path(self) -> Path:
        return self.out / "steps.json"

    @property
    def db(self) -> Path:
        return self.out / "records.sqlite"

    def left_s(self) -> float:
        return self.budget_s - (time.monotonic() - self.started)

    def share(self, step: str, todo: list[str], cost: float) -> float:
        return step_limit(self.left_s(), step, todo, cost)

    def vdmfma(self, *args: str, target: bool = True) -> list[str]:
        cmd = [sys.executable, "-m", "iree_vdmfma.cli", *args, "--device", self.device]
        return cmd + (["--target", self.target] if self.target and target else [])

    def folder(self, step: str) -> Path:
        """A step's folder for this call (a fresh one: what it holds is this call's measurements only)."""
        return self.out / step / f"call{self.call}"


MARGIN = 2.0  # a step may take this many times its estimated cost (the records' medians) before it is stopped


COMPILE_S = 1.0  # ESTIMATE: seconds to compile one candidate again (the records' costs hold none apart)


def item_cost(known, items: list) -> tuple[float, str]:
    """Seconds one of ``items`` takes, and where the figure comes from (records/plan.py ``Measured.cost``). A
    race-vs-exhaustive check's recorded cost is of EXHAUSTIVE_ROUNDS rounds with its contenders compiled by the
    tune before it: scaled to the item's rounds, plus a compile of each contender (COMPILE_S, an ESTIMATE)."""
    from iree_vdmfma.records.db import EXHAUSTIVE

    each, basis = known.cost(items[0].kind)
    if items[0].kind != EXHAUSTIVE:
        return each, basis
    rounds = max(int(i.config.split()[0]) for i in items)
    contenders = max(int(i.note.split()[0]) if i.note.split()[0].isdigit() else 0 for i in items)
    return (each * rounds / EXHAUSTIVE_ROUNDS + COMPILE_S * contenders,
            f"{basis} x {rounds}/{EXHAUSTIVE_ROUNDS} rounds + {contenders} compiles x {COMPILE_S:.0f} s ESTIMATE")


def step_limit(left: float, step: str, todo: list[str], cost: float) -> float:
    """The seconds ``step`` may take of the ``left``: its weight's share of them (``todo``: the steps from it on with
    something to measure), or MARGIN x its estimated ``cost`` where that is more, never more than is left. A step
    that ends early leaves the rest to the steps after it. The run and --plan both take their limits from here."""
    weights = sum(WEIGHTS[s] for s in todo) or 1.0
    return max(1.0, min(left, max(left * WEIGHTS[step] / weights, MARGIN * cost)))


def fitting(left: float, limit: float, each: float, n: int) -> int:
    """How many of a step's ``n`` items (``each`` seconds, estimated) a call starts within ``limit``: none when less
    than 10 s are left or one item does not fit (the step is left to the next call and the steps after it run)."""
    return 0 if left < 10 else min(n, int(limit // each)) if each > 0 else n


def _git_commit() -> str:
    try:
        out = subprocess.run(["git", "-C", str(ROOT), "rev-parse", "--short", "HEAD"], capture_output=True, text=True,
                             timeout=10)
        return out.stdout.strip()
    except (OSError, subprocess.SubprocessError):
        return ""


# ------------------------------------------------------------------ state and records


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
    """The records of every database given that exists (read-only), damaged ones left out and said."""
    from iree_vdmfma.records.db import RecordDB

    out = []
    for path in paths:
        if path is None or not path.is_file():
            continue
        with RecordDB(path, write=False) as db:
            read = db.read()
        out += read.records
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


def run_cmd(cmd: list[str], log: Path, limit_s: float, env: Optional[dict] = None) -> tuple[int, bool]:
    """Run ``cmd`` with output appended to ``log`` (and echoed); SIGINT at ``limit_s``. (rc, stopped)."""
    print("$ " + " ".join(str(c) for c in cmd), flush=True)
    with log.open("a") as f:
        f.write("$ " + " ".join(str(c) for c in cmd) + "\n")
        f.flush()
        proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, cwd=ROOT,
                                env={**os.environ, "PYTHONPATH": f"{ROOT}{os.pathsep}{os.environ.get('PYTHONPATH', '')}",
                                     "PYTHONUNBUFFERED": "1", **(env or {})}, start_new_session=True)
        time.sleep(0.5)  # the CLI registers its SIGUSR1 stack dump at import: before that the signal would kill it
        deadline, stopped = time.monotonic() + limit_s, False
        import threading

        def pump():
            for line in proc.stdout:
                f.write(line)
                f.flush()
                sys.stdout.write("  " + line)
                sys.stdout.flush()

        t = threading.Thread(target=pump, daemon=True)
        t.start()
        while proc.poll() is None:
            if time.monotonic() > deadline and not stopped:
                stopped = True
                print(f"  (budget of {limit_s:.0f} s spent: stacks (SIGUSR1), then Ctrl-C; the step resumes on the "
                      "next call)", flush=True)
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


# ------------------------------------------------------------------ the lists


SMALL = {"seed-small.csv": ("tiny-cpu.csv", ("tiny-f16", "tiny-bf16")),
         "heldout.csv": ("tiny-layer.csv", ("tiny_q_o", "tiny_down"))}


def _write_list(path: Path, rows: list[dict], columns: list[str], comment: str) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("w", newline="") as f:
        f.write(f"# {comment}\n")
        w = csv.DictWriter(f, fieldnames=columns, extrasaction="ignore")
        w.writeheader()
        w.writerows(rows)
    return path


def small_list(plan: Plan, name: str) -> Path:
    """--small: a two-row list cut from a committed CPU list (seconds a step on two cores)."""
    source_list, names = SMALL[name]
    rows = [r for r in _read_csv(ROOT / "sweeps" / source_list) if r["name"] in names]
    return _write_list(plan.out / name, rows, list(rows[0]),
                       f"--small: {', '.join(names)} of sweeps/{source_list} (benchmarks/gpu_evidence.py)")


def heldout_list(plan: Plan) -> Path:
    """The held-out decode list: rows of sweeps/decode-<dtype>.csv of HELDOUT_MODELS at --heldout-m."""
    if plan.small:
        return small_list(plan, "heldout.csv")
    rows = [r for model, dtype in HELDOUT_MODELS for r in _read_csv(ROOT / "sweeps" / f"decode-{dtype}.csv")
            if r["name"].startswith(model + ".") and int(r["m"]) in plan.heldout_m]
    return _write_list(plan.out / "heldout.csv", rows, ["name", "m", "n", "k", "dtype"],
                       f"held out from the knob defaults' fit: {', '.join(m for m, _ in HELDOUT_MODELS)} at M = "
                       f"{','.join(map(str, plan.heldout_m))} (benchmarks/gpu_evidence.py)")


def sub_list(shapes: Path, keys: set, path: Path) -> Path:
    """The rows of a shape list whose shapes are ``keys``, in its order."""
    from iree_vdmfma.problems.shapes import load_shape_list

    wanted = {p.name for p in load_shape_list(shapes) if p.key in keys}
    rows = [r for r in _read_csv(shapes) if r["name"] in wanted]
    return _write_list(path, rows, list(rows[0]), f"{len(rows)} row(s) of {shapes.name} left to measure")


def shapes_of(path: Path) -> list:
    from iree_vdmfma.problems.shapes import load_shape_list

    return load_shape_list(path)


# ------------------------------------------------------------------ what is left to measure (from the records)


EXHAUSTIVE_ROUNDS = 8  # a check's rounds; an unresolved one again with twice as many, up to MOST_ROUNDS
MOST_ROUNDS = 32


def todo(plan: Plan, known, step: str, lists: dict) -> list:
    """The items ``step`` would measure now: what the records (``known``) do not hold, or all with --remeasure."""
    from iree_vdmfma.records.db import CALIBRATION, EXHAUSTIVE, FORWARD, SWEEP, WINNER
    from iree_vdmfma.records.plan import Item

    again = plan.remeasure
    if step == "calibrate":  # a run's own calibration of this SKU and compiler is restored, not measured again
        done = plan_state(plan, step) if again else bool(known.calibrations or (plan.out and calibration_env(plan)))
        return [] if done else [Item(CALIBRATION, "A/A calibration")]
    if step.startswith("sweep-"):
        mode = "loop" if step.endswith("-loop") else "cmdbuf"
        return [Item(SWEEP, p.key, v) for p in shapes_of(lists[step]) for v in SWEEP_VARIANTS[mode]
                if (v != "tuned" or known.tuned_knobs(p.key)) and (again or not known.swept(p.key, v, mode))]
    if step.startswith("tune-"):
        return [Item(WINNER, p.key) for p in shapes_of(lists[step]) if again or known.winner(p.key) is None]
    if step == "model":
        return [Item(FORWARD, str(m), plan.layer_name) for m in plan.model_m if again or not known.forward(plan.layer_name, m)]
    if step == "exhaustive":
        base = 4 if plan.small else EXHAUSTIVE_ROUNDS
        items = []
        for p in shapes_of(lists["sweep-seed"]):  # the contenders: any loan's measured candidates (the records)
            w = known.winner(p.key)
            rounds = base if again else known.exhaustive_rounds(p.key, base, base if plan.small else MOST_ROUNDS)
            if w is None or rounds is None:
                continue
            n = len(known.contenders(p.key))
            items.append(Item(EXHAUSTIVE, p.key, f"{rounds} rounds", f"{n} contenders" if n >= 2 else
                              f"blocked: {n} measured candidate(s) in the records, nothing to race"))
        return items
    return []


def plan_state(plan: Plan, step: str) -> bool:
    """Whether ``step`` ran in this call (--remeasure measures each step once a call)."""
    return plan.out is not None and load_state(plan).get(step, {}).get("last_call") == plan.call


def print_plan(plan: Plan, known, planned: dict) -> None:
    """What the next call would do within its budget, each step's cost from the records (or said ESTIMATE)."""

    print(f"plan for {known.sku} (compiler {known.compiler.split(' ')[0]}), budget {plan.budget_s:.0f} s, from "
          f"{len(known.all)} measured records{' (--remeasure: records ignored)' if plan.remeasure else ''}; each step "
          f"in order, its limit and the items that start within it (as the call will take them):")
    left, later = plan.budget_s, []
    todo_steps = [s for s, items in planned.items() if [i for i in items if not i.blocked]]
    for step, items in planned.items():
        run = [i for i in items if not i.blocked]
        if not items:
            print(f"  {step}: nothing to measure")
            continue
        each, basis = item_cost(known, run or items)
        cost = each * len(run)
        limit = step_limit(left, step, todo_steps[todo_steps.index(step):], cost) if run else 0.0
        n = fitting(left, limit, each, len(run))
        said = (f"all {n} start, about {each * n:.0f} s (stopped at {limit:.0f} s)" if run and n == len(run) else
                f"{n} of {len(run)} start, about {each * n:.0f} s; the rest: a later call" if n else
                "left for a later call" if run else "")
        if n < len(run):
            later.append(step)
        print(f"  {step}: {len(run)} item(s) x {each:.0f} s ({basis}) = {cost:.0f} s"
              + (f"; {len(items) - len(run)} blocked" if len(run) < len(items) else "") + (f" [{said}]" if said else ""))
        for i in items[:8]:
            print(f"    - {i}")
        if len(items) > 8:
            print(f"    - ... and {len(items) - 8} more")
        left -= each * n
    print(f"  estimated: {plan.budget_s - left:.0f} s of {plan.budget_s:.0f} in this call"
          + (f"; left for a later call: {', '.join(later)}" if later else ""))


# ------------------------------------------------------------------ the steps (each measures its items, keeps records)


def sweep_done(folder: Path) -> bool:
    rows = _read_csv(folder / "results.csv")
    timed = [r for r in rows if r.get("cache_mode")]  # the run rows (hot/cold); compile rows carry no cache mode
    return bool(timed) and all(r["status"] not in ("pending", "compiled", "") for r in timed)


def shapes_done(folder: Path, shapes: Path) -> bool:
    """Every shape of the list has a winner with a verdict in folder/winners.csv."""
    got = {r["key"] for r in _read_csv(folder / "winners.csv") if r.get("verdict")}
    return {p.key for p in shapes_of(shapes)} <= got


def step_calibrate(plan: Plan, items, limit: float, log: Path, known, lists) -> bool:
    from iree_vdmfma.records.evidence import calibration_records

    began, folder = time.monotonic(), plan.folder("calibrate")
    small = ["--pairs", "12", "--heldout-pairs", "20"]  # --small: the fewest the command takes (CPU, CI)
    rc, stopped = run_cmd(plan.vdmfma("calibrate", "--out", str(folder), "--no-keep", *(small if plan.small else []),
                                      target=False), log, limit)
    made = folder / "calibration.csv"
    if made.is_file():
        shutil.copyfile(made, plan.out / "calibrate" / "calibration.csv")  # the one every later verdict takes
        keep(plan, calibration_records(_read_csv(made), source(plan, folder), plan.target or ""),
             time.monotonic() - began, 1)
    return rc == 0 and not stopped and made.is_file()


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

    mode = "loop" if step.endswith("-loop") else "cmdbuf"
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
        records = sweep_records(_read_csv(folder / "results.csv"), source(plan, folder), knobs)
        keep(plan, records, time.monotonic() - began, len(keys) * len(variants))
        left -= len(keys) * len(variants)
        ok = ok and rc in (0, 1) and not stopped and sweep_done(folder)  # 1: some rows failed (a row says why)
    return ok


def step_model(plan: Plan, items, limit: float, log: Path, known, lists) -> bool:
    from iree_vdmfma.records.evidence import forward_records

    began, folder = time.monotonic(), plan.folder("model")
    # --small: a bounded tune (2 candidates a GEMM, each timed once: no race), enough to build the tuned forward;
    # the race of this layer's M = 4 GEMMs is tests/test_model_step.py's (docs/model-path.md's command)
    small = ["--rounds", "4", "--calls", "3", "--cache-mode", "hot", "--max-candidates", "2", "--no-race", "--reps", "3"]
    cmd = plan.vdmfma("model", plan.layer, "--m", ",".join(i.key for i in items), "--tune", "--out", str(folder),
                      "--time-budget", f"{max(5.0, limit * 0.6):.0f}", "--no-torch-compile",
                      *(small if plan.small else ["--rounds", "6"]))
    rc, stopped = run_cmd(cmd, log, limit, env=calibration_env(plan))  # exit 1: GEMMs left untuned (or numerics)
    rows = _read_csv(folder / "model.csv")
    keep(plan, forward_records(rows, source(plan, folder), plan.layer_name, plan.target or ""),
         time.monotonic() - began, len(items))
    return rc == 0 and not stopped and (folder / "model.csv").is_file()


def step_tune(plan: Plan, items, limit: float, log: Path, known, lists, step: str) -> bool:
    """A raced tune of the shapes without a winner, in DIR/<step> (it resumes there: the list it started with is
    kept beside it); its candidates and winners become records."""
    from dataclasses import replace

    from iree_vdmfma.records.db import WINNER
    from iree_vdmfma.records.ingest import tune_records

    began = time.monotonic()
    folder = plan.folder(step) if plan.remeasure else plan.out / step
    shapes = folder.parent / f"{folder.name}.list.csv"
    if not ((folder / "tune.json").is_file() and shapes.is_file()):
        sub_list(lists[step], {i.key for i in items}, shapes)
    cmd = plan.vdmfma("tune", str(shapes), "--out", str(folder), "--no-hot", "--time-budget",
                      f"{max(5.0, limit - 15):.0f}")
    rc, stopped = run_cmd(cmd, log, limit + GRACE_S, env=calibration_env(plan))  # exit 1: the budget left shapes
    if (folder / "candidates.csv").is_file():
        found = tune_records(folder, plan.sku, origin=f"gpu_evidence {plan.run_id}/{folder.relative_to(plan.out)}")
        for note in found.notes:
            print(f"  {step}: {note}", flush=True)
        default_us = {r["key"]: r.get("default_us_median", "") for r in _read_csv(folder / "winners.csv")}
        records = [replace(r, toolkit_commit=plan.commit, detail=json.dumps({"default_us_median": default_us[r.key]})
                           if r.kind == WINNER and default_us.get(r.key) else r.detail) for r in found.records]
        had = {(r.key, r.knobs, r.origin) for r in read_records(plan.db) if r.kind == WINNER}
        new = [r for r in records if r.kind == WINNER and (r.key, r.knobs, r.origin) not in had]
        keep(plan, new, time.monotonic() - began, len(new))
        keep(plan, [r for r in records if r.kind != WINNER])
    return rc == 0 and shapes_done(folder, shapes)


EXH_COLUMNS = ("key", "contenders", "space", "rounds", "race_winner", "exhaustive_best", "race_winner_vs_best",
               "lo", "hi", "within_3pct", "measuring_s", "note", "checksum")


def step_exhaustive(plan: Plan, items, limit: float, log: Path, known, lists) -> bool:
    """Every measured candidate of a seed shape's tunes (any loan's: the records, compiled again from their knobs),
    paired rounds all together; one row per shape (DIR/exhaustive.csv, each row checksummed), its record kept."""
    from iree_vdmfma.compiler.driver import Compiler, default_cache_dir
    from iree_vdmfma.compiler.retry import compile_retrying
    from iree_vdmfma.problems.rows import row_checksum
    from iree_vdmfma.records.evidence import exhaustive_records
    from iree_vdmfma.run import paired
    from iree_vdmfma.run.calibration import load_rule
    from iree_vdmfma.tune.options import TuneOptions
    from iree_vdmfma.tune.race import exhaustive
    from iree_vdmfma.tune.space import Candidate, reference, settings_of
    from iree_vdmfma.tune.tuner import Tuner

    path = plan.out / "exhaustive.csv"
    rounds_of = {i.key: int(i.config.split()[0]) for i in items if not i.blocked}
    done = {r["key"]: r for r in _read_csv(path)}
    here = {r["key"]: r for r in _read_csv(plan.out / "tune-seed" / "winners.csv")}  # a tune of this DIR: its space
    problems = [p for p in shapes_of(plan.seed_list) if p.key in rounds_of]
    os.environ.update(calibration_env(plan))  # the verdict below takes the device's A/A threshold
    rule = load_rule(plan.device)
    began = time.monotonic()
    complete, new = True, []
    with Compiler(default_cache_dir()) as compiler:
        for p in problems:
            rounds, w = rounds_of[p.key], known.winner(p.key)
            target = w.target or plan.target
            tuner = Tuner([p], TuneOptions(target=target, device=plan.device, out_dir=plan.out / "exhaustive",
                                           cache_dir=default_cache_dir(), race=None))  # compiles as the tune did
            rows = [r.knobs for r in known.contenders(p.key)]
            ref = reference(p, target, "default")
            default = ref.id if ref is not None and ref.id in rows else None
            if default is None or len(rows) < 2:
                continue
            left = limit - (time.monotonic() - began)
            # one round: every contender once, about min_time_s each (run/paired.py) plus a load
            if left < len(rows) * rounds * 0.03 + 5:
                print(f"  exhaustive: {p.key} ({len(rows)} contenders x {rounds} rounds) does not fit the "
                      f"{left:.0f} s left; next call", flush=True)
                complete = False
                break
            vmfbs = {c: compile_retrying(compiler, tuner.job(Candidate(p, tuple(settings_of(c).items()))))[0].vmfb
                     for c in rows}
            best, every = exhaustive(vmfbs, default, p, plan.device, rounds, seed=1, min_time_s=0.01)
            winner = (w.knobs or default).replace("split=none", "split=0")  # the id as candidates.csv has it
            # winner / best per round, paired: its median and interval (not a ratio of two point estimates)
            gap = paired.compare(every.ratios(winner, best), rule) if winner in vmfbs else None
            within = ("-" if gap is None else "yes" if gap.hi <= 1.03 else "no" if gap.lo > 1.03 else "unresolved")
            row = {"key": p.key, "contenders": len(rows), "space": here.get(p.key, {}).get("space") or json.loads(w.detail or "{}").get("space", ""), "rounds": every.count,
                   "race_winner": winner, "exhaustive_best": best,
                   "race_winner_vs_best": f"{gap.ratio:.4f}" if gap else "", "lo": f"{gap.lo:.4f}" if gap else "",
                   "hi": f"{gap.hi:.4f}" if gap else "", "within_3pct": within,
                   "measuring_s": f"{every.measuring_s:.1f}",
                   "note": "" if gap else "the race's winner was not among the measured candidates"}
            row = {c: str(row.get(c, "")) for c in EXH_COLUMNS[:-1]}
            row["checksum"] = row_checksum(row.values())
            done[p.key] = row
            new.append(row)
            _write_csv(path, EXH_COLUMNS, list(done.values()))
            print(f"  exhaustive {p.key}: {len(rows)} contenders x {every.count} rounds in {every.measuring_s:.1f} s; "
                  f"race {winner} vs best {best}: " + (gap.margin() if gap else "not measured"), flush=True)
    keep(plan, exhaustive_records(new, source(plan, path), target, plan.device), time.monotonic() - began, len(new))
    with log.open("a") as f:
        f.write(f"exhaustive: {len(new)} shape(s) checked in this call, {len(done)} in {path}\n")
    return complete and all(p.key in {r["key"] for r in new} for p in problems)


def _read_csv(path: Path) -> list[dict]:
    try:
        with path.open(newline="") as f:
            return list(csv.DictReader(line for line in f if not line.startswith("#")))
    except OSError:
        return []


def _write_csv(path: Path, columns, rows: list[dict]) -> None:
    tmp = path.with_suffix(".tmp")
    with tmp.open("w", newline="") as f:
        w = csv.DictWriter(f, fieldnames=list(columns), extrasaction="ignore")
        w.writeheader()
        w.writerows(rows)
    tmp.replace(path)


# ------------------------------------------------------------------ what comes back from a lent machine

BUNDLED = (".csv", ".md", ".txt", ".json", ".log", ".png", ".mlir", ".sqlite")
BUNDLE_MAX_FILE = 2 * 2**20  # a text file larger than this is an artifact (dumps, IR of a whole model), not evidence
NOT_BUNDLED = ("artifacts", "dump", "dumps", "weights")


def write_bundle(plan: Plan, path: Path) -> Path:
    """A tar.gz of DIR's evidence (tables, logs, reports and their plots, specs, the records database; no modules,
    weights or dumps): small enough to come
    back from a lent machine after every step, and enough to resume from (`--restore`)."""
    import tarfile

    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(path.name + ".tmp")
    with tarfile.open(tmp, "w:gz") as tar:
        for p in sorted(plan.out.rglob("*")):
            rel = p.relative_to(plan.out)
            if (p.is_file() and p.suffix in BUNDLED and p.stat().st_size <= BUNDLE_MAX_FILE
                    and not set(rel.parts[:-1]) & set(NOT_BUNDLED) and not p.name.startswith(".")):
                tar.add(p, arcname=str(rel))
    tmp.replace(path)
    return path


def restore_bundle(plan: Plan, path: Path) -> bool:
    """Unpack a bundle of an earlier call into an empty DIR (the rows resume; modules recompile through the cache)."""
    import tarfile

    if (plan.state_path).is_file() or not Path(path).is_file():
        return False
    with tarfile.open(path, "r:gz") as tar:
        tar.extractall(plan.out, filter="data")
    return True


# ------------------------------------------------------------------ env and summary


def write_env(plan: Plan) -> None:
    lines = [f"date_utc: {time.strftime('%Y-%m-%dT%H:%M:%SZ', time.gmtime())}",
             f"python: {platform.python_version()}", f"machine: {platform.machine()} ({os.cpu_count()} CPUs)",
             f"device: {plan.device}", f"toolkit_commit: {plan.commit or 'unknown'}"]
    for mod in ("iree.compiler", "iree.runtime", "torch", "numpy", "iree.turbine"):
        try:
            m = __import__(mod, fromlist=["version"])
            v = getattr(m, "__version__", None) or getattr(getattr(m, "version", None), "VERSION", None)
            if mod == "iree.compiler":
                from iree.compiler.version import VERSION as v
            if mod == "iree.runtime":
                from iree.runtime.version import VERSION as v
            lines.append(f"{mod}: {v}")
            if mod == "torch":
                lines.append(f"torch.cuda: {m.version.cuda} available={m.cuda.is_available()}")
        except Exception as e:  # noqa: BLE001 - the env file says what is missing
            lines.append(f"{mod}: not importable ({type(e).__name__})")
    if shutil.which("nvidia-smi"):
        q = "name,driver_version,memory.total,clocks.max.sm,clocks.max.memory,compute_cap,power.limit"
        out = subprocess.run(["nvidia-smi", f"--query-gpu={q}", "--format=csv"], capture_output=True, text=True)
        lines += ["nvidia-smi: " + line for line in out.stdout.strip().splitlines()]
    (plan.out / "env.txt").write_text("\n".join(lines) + "\n")


def summary(plan: Plan, state: dict) -> Path:
    """DIR/summary.md from the records alone (this SKU's, every loan's: records/summary.py), with what each step cost
    here and the device's env."""
    from iree_vdmfma.records.summary import sku_section

    o = plan.out
    records = [r for r in read_records(plan.records, plan.db) if r.sku_name == plan.sku.name and r.basis == "measured"]
    parts = [f"# GPU evidence: {plan.sku.name} ({plan.device})" + (" (--small: tiny shapes, CPU-sized)" if plan.small
                                                                     else ""), "",
             "Made by `benchmarks/gpu_evidence.py` from the records alone (DIR/records.sqlite and "
             f"{plan.records or 'no committed database'}): every latency MEASURED on the SKU named; each cell's "
             "source letter gives its date and commit; % of HBM peak divides a measured GB/s by a data-sheet peak.", "",
             "## Steps (wall seconds spent here, over every call)", "", "| step | status | seconds | calls |",
             "|---|---|---|---|"]
    for s in STEPS[:-1]:
        st = state.get(s, {})
        parts.append(f"| {s} | {st.get('status', 'not run')} | {st.get('seconds', 0):.0f} | {st.get('calls', 0)} |")
    parts += [""] + sku_section(records, plan.sku.name)
    env = (o / "env.txt").read_text() if (o / "env.txt").is_file() else "(no env.txt)"
    parts += ["", "## Environment", "", "```", env.strip(), "```", ""]
    path = o / "summary.md"
    path.write_text("\n".join(parts))
    return path


def merge(bundle: Path, into: Path) -> int:
    """--merge: the records of a bundle into the records database ``into`` (the union, idempotent), then its summary
    (``into`` with .md) rebuilt from it."""
    import tarfile
    import tempfile

    from iree_vdmfma.records.db import RecordDB
    from iree_vdmfma.records.summary import summary_lines

    with tempfile.TemporaryDirectory() as tmp:
        try:
            with tarfile.open(bundle, "r:gz") as tar:
                tar.extract("records.sqlite", tmp, filter="data")
        except (OSError, KeyError, tarfile.TarError) as e:
            print(f"error: --merge {bundle}: no records.sqlite in it ({e})", file=sys.stderr)
            return 2
        found = read_records(Path(tmp) / "records.sqlite")
    with RecordDB(into) as db:
        added = db.add(found)
        db.conn.execute("PRAGMA journal_mode=DELETE")  # one self-contained file to commit
        every = db.read().records
    md = into.with_suffix(".md")
    md.write_text("\n".join(summary_lines(every)) + "\n")
    print(f"gpu_evidence: {added} new of {len(found)} records merged into {into} ({len(every)} now); {md} rebuilt")
    return 0


# ------------------------------------------------------------------ main


def main(argv: Optional[list[str]] = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--device", default=None, help="cuda, hip or local-task")
    ap.add_argument("--out", default=None, help="output folder (resumable: a second call continues)")
    ap.add_argument("--budget-s", type=float, default=540.0, help="wall seconds for this call (default 540)")
    ap.add_argument("--small", action="store_true", help="tiny shapes and the tiny layer (CPU, CI)")
    ap.add_argument("--target", default=None, help="compile target (default: the device's)")
    ap.add_argument("--steps", default=None, help=f"comma list of steps to run (default all: {','.join(STEPS)})")
    ap.add_argument("--heldout-m", default="1,4,8,16,32", help="M values of the held-out decode list")
    ap.add_argument("--bundle", default=None, help="write DIR's evidence (no modules or weights) to this .tgz after every "
                    "step (on a lent machine: under $OUT, so it comes back even when a later step is cut off)")
    ap.add_argument("--restore", default=None, help="a bundle of an earlier call: unpacked into DIR when DIR holds "
                    "no state (a fresh machine), so the steps resume")
    ap.add_argument("--records", default=str(RECORDS), help="the committed records database the plan reads (read-only;"
                    " default reports/gpu-records.sqlite; 'none': only DIR's)")
    ap.add_argument("--remeasure", action="store_true", help="measure every step again, whatever the records hold")
    ap.add_argument("--plan", action="store_true", help="print what the next call would do within --budget-s, with "
                    "cost estimates from the records, and measure nothing")
    ap.add_argument("--sku", default=None, help="with --plan: the SKU to plan for (default: the device's)")
    ap.add_argument("--commit", default=None, help="the toolkit commit the records name (default: git's HEAD here)")
    ap.add_argument("--merge", default=None, help="a bundle: add its records to --records and rebuild its summary")
    args = ap.parse_args(argv)
    if args.merge:
        return merge(Path(args.merge), Path(args.records))
    if not args.device or not (args.out or args.plan):
        print("error: give --device and --out (or --plan, or --merge BUNDLE)", file=sys.stderr)
        return 2
    if not args.budget_s > 0 or math.isinf(args.budget_s):
        raise SystemExit(f"error: --budget-s {args.budget_s}: give a finite number of seconds > 0")
    if not args.device.startswith(("local", "cpu")) and not args.sku:  # the GPU first: else every step would fail
        from iree_vdmfma.devices.probe import DeviceUnavailableError, require_device

        try:
            require_device(args.device)
        except DeviceUnavailableError as e:
            print(f"error: --device {args.device}: {e}", file=sys.stderr)
            return 2
    from iree_vdmfma.compiler.toolchain import compiler_version
    from iree_vdmfma.devices.sku import Sku, probe

    plan = Plan(args)
    plan.sku, plan.compiler = (Sku(name=args.sku) if args.sku else probe(args.device)), compiler_version()
    state = {}
    if plan.out:
        plan.out.mkdir(parents=True, exist_ok=True)
        if args.restore and restore_bundle(plan, Path(args.restore)):
            print(f"gpu_evidence: restored {args.restore} into {plan.out}", flush=True)
        state = load_state(plan)
        if not args.plan:
            check_device(plan, state)
            state["_run"] = state.get("_run") or time.strftime("%Y%m%dT%H%M%SZ", time.gmtime())
            state["_calls"] = state.get("_calls", 0) + 1
            save_state(plan, state)
            write_env(plan)
        plan.run_id, plan.call = state.get("_run", ""), state.get("_calls", 0)
    else:
        plan.out = Path(tempfile_dir())
    log = plan.out / "evidence.log"
    if plan.small:
        plan.seed_list = small_list(plan, "seed-small.csv")
    heldout = heldout_list(plan)
    lists = {"sweep-seed": plan.seed_list, "sweep-seed-loop": plan.seed_list, "sweep-heldout": heldout,
             "tune-seed": plan.seed_list, "tune-heldout": heldout}
    steps = [s for s in plan.steps if s != "summary"]
    known = measured(plan)
    if args.plan:
        print_plan(plan, known, {s: todo(plan, known, s, lists) for s in steps})
        if not args.out:
            shutil.rmtree(plan.out, ignore_errors=True)  # the scratch folder of the lists
        return 0
    restore_calibration(plan, known)
    actions = {"calibrate": step_calibrate, "model": step_model, "exhaustive": step_exhaustive,
               **{s: (lambda *a, s=s: step_sweep(*a, step=s)) for s in steps if s.startswith("sweep-")},
               **{s: (lambda *a, s=s: step_tune(*a, step=s)) for s in steps if s.startswith("tune-")}}
    planned = [s for s in steps if [i for i in todo(plan, known, s, lists) if not i.blocked]]
    for step in steps:
        known = measured(plan)  # what the steps before measured counts too
        items = todo(plan, known, step, lists)
        runnable = [i for i in items if not i.blocked]
        blocked = f" ({len(items) - len(runnable)} blocked: {items[-1].note})" if len(runnable) < len(items) else ""
        if not runnable:
            print(f"== {step}: nothing to measure{blocked}", flush=True)
            continue
        each = item_cost(known, runnable)[0]
        limit = plan.share(step, [s for s in planned if s in steps[steps.index(step):]], each * len(runnable))
        n = fitting(plan.left_s(), limit, each, len(runnable))
        if not n:
            print(f"== {step}: left for the next call (an item takes about {each:.0f} s, {plan.left_s():.0f} s left)",
                  flush=True)
            continue
        if n < len(runnable):
            print(f"  {step}: {n} of {len(runnable)} item(s) fit {limit:.0f} s; the rest: the next call", flush=True)
            runnable = runnable[:n]
        print(f"== {step}: {len(runnable)} item(s){blocked}, up to {limit:.0f} s ({plan.left_s():.0f} s left in this "
              "call)", flush=True)
        began = time.monotonic()
        try:
            ok = actions[step](plan, runnable, limit, log, known, lists)
        except Exception as e:  # noqa: BLE001 - one step's failure is recorded; the others still run
            print(f"  {step} failed: {type(e).__name__}: {e}", flush=True)
            ok = False
            state.setdefault(step, {})["error"] = f"{type(e).__name__}: {e}"[:300]
        st = state.setdefault(step, {})
        st["seconds"] = st.get("seconds", 0.0) + time.monotonic() - began
        st["calls"] = st.get("calls", 0) + 1
        st["status"], st["last_call"] = ("done" if ok else "partial"), plan.call
        save_state(plan, state)
        print(f"== {step}: {st['status']} after {time.monotonic() - began:.0f} s", flush=True)
        if args.bundle:
            summary(plan, state)
            write_bundle(plan, Path(args.bundle))
    path = summary(plan, state)
    if args.bundle:
        print(f"gpu_evidence: bundle {write_bundle(plan, Path(args.bundle))}")
    print(f"gpu_evidence: {path}")
    known = measured(plan)
    left = [s for s in steps if [i for i in todo(plan, known, s, lists) if not i.blocked]
            and not (plan.remeasure and plan_state(plan, s))]
    if left:
        print(f"gpu_evidence: left to measure: {', '.join(left)} (run the same command again to continue)")
    return 0 if not left else 3


def tempfile_dir() -> str:
    """--plan without --out: the lists are written to a scratch folder (nothing is measured)."""
    import tempfile

    return tempfile.mkdtemp(prefix="gpu-evidence-plan-")


if __name__ == "__main__":
    sys.exit(main())
