"""GPU evidence in one resumable command: calibrate, race-tune, check the race, sweep, time the forward.

    python benchmarks/gpu_evidence.py --device cuda --out DIR [--budget-s 540]
    python benchmarks/gpu_evidence.py --device local-task --small --out DIR   # the same steps on the CPU (CI)

Steps, in this order; each is a `vdmfma` command (or, for the exhaustive check, the tuner's own modules
measured in this process) writing into its own folder under DIR, and each is resumable, so a second call
with the same DIR continues where the first stopped (DIR/steps.json records what finished):

1. ``calibrate``     `vdmfma calibrate`: the device's A/A noise floor, false-win rate, minimal detectable effect.
2. ``tune-seed``     `vdmfma tune sweeps/seed-f16.csv`, raced (the default), no --max-candidates: the whole
                     pruned space where the budget fits it (the tuner cuts the rest and says so).
3. ``sweep-seed``    `vdmfma sweep` of the same list with default,tuned,splitk,torch (tuned = step 2's library),
                     timed in command-buffer mode (the default: 8 dispatches a command buffer, as a forward).
   ``sweep-seed-loop`` the same list, default,tuned,torch, in loop mode (one submission a dispatch: how every
                     latency before issue 43 was taken). Every timed row of both carries its harness floor
                     (floor_us), so summary.md gives the gap to cuBLAS in each mode, with the floors beside it.
4. ``tune-heldout``  the same on a held-out decode list (Llama-3-8B f16 and Qwen2-7B bf16 rows of
                     sweeps/decode-*.csv, M = --heldout-m): the knob defaults and their order were fitted on
                     seed shapes (reports/tune-h100), never on these, so this list is the honest one.
5. ``sweep-heldout`` default,tuned,splitk,torch on the held-out list.
6. ``exhaustive``    every candidate the seed race measured, in paired rounds all together
                     (tune/race.py exhaustive): is the race's winner within 3% of the best?
7. ``model``         `vdmfma model examples/llama_layer.py:build --tune` at M = 1, 4, 8: the Llama-3-8B-sized
                     layer's forward, tuned vs IREE's default vs torch eager, numerics checked. (--small: the
                     tiny layer at M = 1, 4, its tune bounded to 2 candidates a GEMM timed once, no race.)
8. ``summary``       DIR/summary.md from what is on disk: per shape tuned vs default vs torch and % of HBM peak,
                     geomeans per list, the race-vs-exhaustive gap, the calibration line, the forward table,
                     the device's env (DIR/env.txt), and what each step cost here.

The budget (--budget-s, wall seconds of this call) is shared over the steps left, by weight; a tune gets its
share as --time-budget (its unfinished candidates stay pending and resume), any other step is stopped at its
share with Ctrl-C (SIGINT: the commands keep what finished) and resumes on the next call.

What it costs, MEASURED on a lent H200 (16 cores; reports/gpu-evidence-h200): calibrate 7 s; a tune candidate's
compile 0.05-0.07 s, its numerics check plus one cold timing 0.7-2.9 s (that timing is gone since: a raced
candidate is only checked, and its timing is the race's), one contender's turn in a paired race round
0.07-0.27 s; a sweep row of seed-sized weights 3-7 s; the model step at M = 1, 4, 8 140 s with an 86 s tune. The
budget weights below are ESTIMATES from those; summary.md's cost table says what each step took in a run. On
the 2-core CPU, --small takes about 1.5 minutes (tests/test_gpu_evidence.py).

On a lent machine (15 minutes of device time a session, the start included): bundle IREE here
(../shared/tools/gpu-bundle.sh .gpu) and the wheels of iree-turbine and decorator (.whl/), carry both, and run

    source .gpu/setup.sh && python3 -m pip install -q --no-index --no-deps --target /tmp/site .whl/*.whl &&
    PYTHONPATH=$PYTHONPATH:/tmp/site python3 benchmarks/gpu_evidence.py --device cuda --target sm_89 \
        --out .ev/gpu --budget-s 480 --bundle $OUT/evidence.tgz

The bundle (tables, logs, reports with their plots, specs, the tuning records; no modules, weights or dumps) comes
back after every step; a later call continues from it with ``--restore evidence.tgz`` (carried in an ignored
folder). Pass it on EVERY later call, even to a machine that stayed warm: the lent machines kept no ignored
output folder between calls (twice), and a call without it starts over (reports/gpu-evidence-h200-2, finding 4).
Every latency in summary.md is MEASURED on the device it names; a % of HBM peak divides a measured GB/s by a
data-sheet peak. One DIR holds one device's evidence: a later call on another device (an H100 after an H200) is
refused. Exit 0 when every step finished, 3 when steps are left for a later call, 2 for bad options.
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

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

STEPS = ("calibrate", "tune-seed", "sweep-seed", "sweep-seed-loop", "tune-heldout", "sweep-heldout", "exhaustive",
         "model", "summary")
# Budget weights (ESTIMATES; summary.md's cost table has what each step took). The summary takes seconds.
WEIGHTS = {"calibrate": 0.5, "tune-seed": 3.0, "sweep-seed": 1.0, "sweep-seed-loop": 0.8, "tune-heldout": 3.0,
           "sweep-heldout": 1.0,
           "exhaustive": 1.5, "model": 2.0, "summary": 0.0}
VARIANTS = "default,tuned,splitk,torch"
HELDOUT_MODELS = (("llama3-8b", "f16"), ("qwen2-7b", "bf16"))
GRACE_S = 20.0  # after SIGINT, before SIGKILL


class Plan:
    """What one call runs: the device, the lists, the layer, the budget."""

    def __init__(self, args: argparse.Namespace):
        self.device, self.out, self.small = args.device, Path(args.out).resolve(), args.small
        self.target = args.target or ("host" if args.device.startswith(("local", "cpu")) else None)
        self.budget_s = args.budget_s
        self.started = time.monotonic()
        self.steps = [s.strip() for s in args.steps.split(",")] if args.steps else list(STEPS)
        bad = [s for s in self.steps if s not in STEPS]
        if bad:
            raise SystemExit(f"error: --steps {','.join(bad)}: not a step (steps: {', '.join(STEPS)})")
        self.seed_list = ROOT / "sweeps" / "seed-f16.csv"  # --small: two rows of tiny-cpu.csv (small_lists)
        self.heldout_m = [int(x) for x in args.heldout_m.split(",")]
        self.layer = f"{ROOT / 'examples' / 'llama_layer.py'}:{'build_tiny' if self.small else 'build'}"
        self.model_m = "1,4" if self.small else "1,4,8"
        self.state_path = self.out / "steps.json"

    def left_s(self) -> float:
        return self.budget_s - (time.monotonic() - self.started)

    def share(self, step: str, todo: list[str]) -> float:
        weights = sum(WEIGHTS[s] for s in todo) or 1.0
        return max(1.0, self.left_s() * WEIGHTS[step] / weights)

    def vdmfma(self, *args: str, target: bool = True) -> list[str]:
        cmd = [sys.executable, "-m", "iree_vdmfma.cli", *args, "--device", self.device]
        return cmd + (["--target", self.target] if self.target and target else [])


# ------------------------------------------------------------------ state


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


def calibration_env(plan: Plan) -> dict:
    """VDMFMA_CALIBRATION naming this run's own A/A calibration once it exists: every later verdict (the race,
    the reports, the forward, the exhaustive check) takes the device's threshold, not the default 1% floor (on
    the H200 the calibration was measured and then never used). Read from DIR, so it survives --restore."""
    cal = plan.out / "calibrate" / "calibration.csv"
    return {"VDMFMA_CALIBRATION": str(cal)} if cal.is_file() else {}


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


# ------------------------------------------------------------------ the steps


SMALL = {"seed-small.csv": ("tiny-cpu.csv", ("tiny-f16", "tiny-bf16")),
         "heldout.csv": ("tiny-layer.csv", ("tiny_q_o", "tiny_down"))}


def small_list(plan: Plan, name: str) -> Path:
    """--small: a two-row list cut from a committed CPU list (seconds a step on two cores)."""
    source, names = SMALL[name]
    with (ROOT / "sweeps" / source).open() as f:
        lines = [line for line in f if not line.startswith("#")]
    rows = [r for r in csv.DictReader(lines) if r["name"] in names]
    path = plan.out / name
    with path.open("w", newline="") as f:
        f.write(f"# --small: {', '.join(names)} of sweeps/{source} (benchmarks/gpu_evidence.py)\n")
        w = csv.DictWriter(f, fieldnames=list(rows[0]))
        w.writeheader()
        w.writerows(rows)
    return path


def heldout_list(plan: Plan) -> Path:
    """The held-out decode list: rows of sweeps/decode-<dtype>.csv of HELDOUT_MODELS at --heldout-m."""
    if plan.small:
        return small_list(plan, "heldout.csv")
    path = plan.out / "heldout.csv"
    rows = []
    for model, dtype in HELDOUT_MODELS:
        with (ROOT / "sweeps" / f"decode-{dtype}.csv").open() as f:
            lines = [line for line in f if not line.startswith("#")]
        for r in csv.DictReader(lines):
            if r["name"].startswith(model + ".") and int(r["m"]) in plan.heldout_m:
                rows.append(r)
    with path.open("w", newline="") as f:
        f.write(f"# held out from the knob defaults' fit: {', '.join(m for m, _ in HELDOUT_MODELS)} at M = "
                f"{','.join(map(str, plan.heldout_m))} (benchmarks/gpu_evidence.py)\n")
        w = csv.DictWriter(f, fieldnames=["name", "m", "n", "k", "dtype"], extrasaction="ignore")
        w.writeheader()
        w.writerows(rows)
    return path


def shapes_done(folder: Path, shapes: Path) -> bool:
    """Every shape of the list has a winner with a verdict in folder/winners.csv."""
    from iree_vdmfma.problems.shapes import load_shape_list

    keys = {p.key for p in load_shape_list(shapes)}
    try:
        with (folder / "winners.csv").open() as f:
            got = {r["key"] for r in csv.DictReader(f) if r.get("verdict")}
    except OSError:
        return False
    return keys <= got


def sweep_done(folder: Path) -> bool:
    try:
        with (folder / "results.csv").open() as f:
            rows = list(csv.DictReader(f))
    except OSError:
        return False
    timed = [r for r in rows if r.get("cache_mode")]  # the run rows (hot/cold); compile rows carry no cache mode
    return bool(timed) and all(r["status"] not in ("pending", "compiled", "") for r in timed)


def step_calibrate(plan: Plan, limit: float, log: Path) -> bool:
    folder = plan.out / "calibrate"
    small = ["--pairs", "12", "--heldout-pairs", "20"]  # --small: the fewest the command takes (CPU, CI)
    rc, stopped = run_cmd(plan.vdmfma("calibrate", "--out", str(folder), "--no-keep", *(small if plan.small else []),
                                      target=False), log, limit)
    return rc == 0 and not stopped and (folder / "calibration.csv").is_file()


def step_tune(plan: Plan, shapes: Path, name: str, limit: float, log: Path) -> bool:
    folder = plan.out / name
    cmd = plan.vdmfma("tune", str(shapes), "--out", str(folder), "--no-hot", "--time-budget", f"{max(5.0, limit - 15):.0f}",
                      "--db", str(plan.out / "records.sqlite"))  # the tuning records come back in the bundle
    rc, stopped = run_cmd(cmd, log, limit + GRACE_S, env=calibration_env(plan))  # exit 1: the budget left shapes
    return rc == 0 and shapes_done(folder, shapes)


def step_sweep(plan: Plan, shapes: Path, tune: str, name: str, limit: float, log: Path, state: dict,
               timing_mode: str = "cmdbuf") -> bool:
    """The sweep of a list with its FINISHED tune's library as the `tuned` variant: it waits for the tune (a sweep
    of a partial library would keep IREE's default in `tuned` rows, and finished rows are never redone). In
    ``timing_mode`` (loop: without splitk, the comparison with the command-buffer sweep needs no more)."""
    if state.get(tune, {}).get("status") != "done":
        print(f"  {name}: waits for {tune} to finish (a partial library's rows would be kept as final)", flush=True)
        return False
    folder = plan.out / name
    specs = plan.out / tune / "specs"
    variants = VARIANTS if specs.is_dir() else VARIANTS.replace("tuned,", "")
    variants = variants.replace("splitk,", "") if timing_mode == "loop" else variants
    cmd = plan.vdmfma("sweep", str(shapes), "--variants", variants, "--out", str(folder), "--timing-mode", timing_mode,
                      *(["--reps", "3"] if plan.small else []))
    rc, stopped = run_cmd(cmd, log, limit, env={"VDMFMA_TUNED_LIBRARY": str(specs), **calibration_env(plan)})
    return rc in (0, 1) and not stopped and sweep_done(folder)  # 1: some rows failed (a row says why)


def step_model(plan: Plan, limit: float, log: Path) -> bool:
    folder = plan.out / "model"
    # --small: a bounded tune (2 candidates a GEMM, each timed once: no race), enough to build the tuned forward;
    # the race of this layer's M = 4 GEMMs is tests/test_model_step.py's (docs/model-path.md's command)
    small = ["--rounds", "4", "--calls", "3", "--cache-mode", "hot", "--max-candidates", "2", "--no-race", "--reps", "3"]
    cmd = plan.vdmfma("model", plan.layer, "--m", plan.model_m, "--tune", "--out", str(folder),
                      "--time-budget", f"{max(5.0, limit * 0.6):.0f}", "--no-torch-compile",
                      *(small if plan.small else ["--rounds", "6"]))
    rc, stopped = run_cmd(cmd, log, limit, env=calibration_env(plan))  # exit 1: GEMMs left untuned (or numerics)
    return rc == 0 and not stopped and (folder / "model.csv").is_file()


EXH_COLUMNS = ("key", "contenders", "space", "rounds", "race_winner", "exhaustive_best", "race_winner_vs_best",
               "lo", "hi", "within_3pct", "measuring_s", "note")


def step_exhaustive(plan: Plan, limit: float, log: Path) -> bool:
    """Every measured candidate of the seed tune, paired rounds all together; one row per shape (resumable)."""
    from iree_vdmfma.compiler.driver import Compiler, default_cache_dir
    from iree_vdmfma.problems.shapes import load_shape_list
    from iree_vdmfma.run import paired
    from iree_vdmfma.run.calibration import load_rule
    from iree_vdmfma.tune import state
    from iree_vdmfma.tune.race import exhaustive
    from iree_vdmfma.tune.options import TuneOptions

    from iree_vdmfma.tune.tuner import Tuner

    tune_dir, path = plan.out / "tune-seed", plan.out / "exhaustive.csv"
    if not (tune_dir / "candidates.csv").is_file():
        print("  exhaustive: no seed tune on disk yet", flush=True)
        return False
    done = {r["key"]: r for r in _read_csv(path)}
    winners = {r["key"]: r for r in _read_csv(tune_dir / "winners.csv")}
    problems = load_shape_list(plan.seed_list)
    meta = json.loads((tune_dir / "tune.json").read_text())
    target = meta.get("target") or plan.target
    rounds = 4 if plan.small else 8
    os.environ.update(calibration_env(plan))  # the verdict below takes the device's A/A threshold
    rule = load_rule(plan.device)
    began = time.monotonic()
    tuner = Tuner(problems, TuneOptions(target=target, device=plan.device, out_dir=tune_dir,
                                        cache_dir=default_cache_dir(), race=None))
    complete = True
    with Compiler(default_cache_dir()) as compiler:
        for p in problems:
            if p.key in done:
                continue
            w = winners.get(p.key)
            rows = [r for r in tuner.rows.values() if r.key == p.key and r.status == state.MEASURED]
            default = next((r.candidate for r in rows if "default" in r.reference.split(",")), None)
            if w is None or default is None or len(rows) < 2:
                complete = complete and w is not None
                continue
            left = limit - (time.monotonic() - began)
            # one round: every contender once, about min_time_s each (run/paired.py) plus a load
            if left < len(rows) * rounds * 0.03 + 5:
                print(f"  exhaustive: {p.key} ({len(rows)} contenders x {rounds} rounds) does not fit the "
                      f"{left:.0f} s left; next call", flush=True)
                complete = False
                break
            vmfbs = {r.candidate: tuner.module(compiler, p, r) for r in rows}
            best, every = exhaustive(vmfbs, default, p, plan.device, rounds, seed=1, min_time_s=0.01)
            winner = (w.get("winner") or default).replace("split=none", "split=0")  # the id as candidates.csv has it
            # winner / best per round, paired: its median and interval (not a ratio of two point estimates)
            gap = paired.compare(every.ratios(winner, best), rule) if winner in vmfbs else None
            within = ("-" if gap is None else "yes" if gap.hi <= 1.03 else "no" if gap.lo > 1.03 else "unresolved")
            done[p.key] = {"key": p.key, "contenders": len(rows), "space": w.get("space", ""), "rounds": every.count,
                           "race_winner": winner, "exhaustive_best": best,
                           "race_winner_vs_best": f"{gap.ratio:.4f}" if gap else "", "lo": f"{gap.lo:.4f}" if gap else "",
                           "hi": f"{gap.hi:.4f}" if gap else "", "within_3pct": within,
                           "measuring_s": f"{every.measuring_s:.1f}",
                           "note": "" if gap else "the race's winner was not among the measured candidates"}
            _write_csv(path, EXH_COLUMNS, list(done.values()))
            print(f"  exhaustive {p.key}: {len(rows)} contenders x {every.count} rounds in {every.measuring_s:.1f} s; "
                  f"race {winner} vs best {best}: " + (gap.margin() if gap else "not measured"), flush=True)
    with log.open("a") as f:
        f.write(f"exhaustive: {len(done)} shape(s) in {path}\n")
    return complete and all(p.key in done or p.key not in winners for p in problems)


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
             f"device: {plan.device}", f"toolkit_commit: {os.environ.get('VDMFMA_COMMIT', 'unknown')}"]
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


def _f(x) -> Optional[float]:
    try:
        v = float(x)
        return v if math.isfinite(v) else None
    except (TypeError, ValueError):
        return None


def _geomean(xs: list[float]) -> Optional[float]:
    xs = [x for x in xs if x and x > 0]
    return math.exp(sum(math.log(x) for x in xs) / len(xs)) if xs else None


def sweep_table(folder: Path, tune: Path) -> list[str]:
    """Per shape (cold): default / tuned / splitk / torch latency, tuned vs default, torch vs tuned, % HBM peak."""
    rows = [r for r in _read_csv(folder / "results.csv") if r.get("cache_mode") == "cold"]
    if not rows:
        return ["(no sweep rows on disk)"]
    winners = {r["key"]: r for r in _read_csv(tune / "winners.csv")}
    by: dict[str, dict[str, dict]] = {}
    for r in rows:
        by.setdefault(r["name"], {})[r["variant"]] = r
    out = ["| shape | default us | tuned us | splitk us | torch us | tuned vs default | torch vs tuned | "
           "% HBM peak default / tuned / torch | tuned winner |", "|---|---|---|---|---|---|---|---|---|"]
    speedups, gaps = [], []
    for name, v in by.items():
        def us(var):
            r = v.get(var)
            return _f(r["latency_us_median"]) if r and r["status"] == "ok" else None

        def cell(var):
            r = v.get(var)
            if r is None:
                return "-"
            return f"{us(var):.1f}" if us(var) is not None else r["status"]

        def pct(var):
            r = v.get(var)
            p = _f(r.get("pct_peak_bw")) if r else None
            return f"{p:.0f}%" if p is not None else "-"

        d, t, tc = us("default"), us("tuned"), us("torch")
        same = (v.get("tuned", {}).get("kernel_fingerprint") and
                v.get("tuned", {}).get("kernel_fingerprint") == v.get("default", {}).get("kernel_fingerprint"))
        sp = f"{d / t:.2f}x" if d and t and not same else ("same kernel" if same else "-")
        if d and t:
            speedups.append(1.0 if same else d / t)
        gp = f"{t / tc:.2f}x" if t and tc else "-"
        if t and tc:
            gaps.append(t / tc)
        key = v.get("default", next(iter(v.values())))["key"]
        out.append(f"| {name} | {cell('default')} | {cell('tuned')} | {cell('splitk')} | {cell('torch')} | {sp} | "
                   f"{gp} | {pct('default')} / {pct('tuned')} / {pct('torch')} | "
                   f"{winners.get(key, {}).get('winner', '-') or '-'} |")
    g1, g2 = _geomean(speedups), _geomean(gaps)
    out.append("")
    out.append(f"Geomean over {len(speedups)} shape(s): tuned vs IREE default "
               + (f"**{g1:.2f}x**" if g1 else "-") + f"; torch (the vendor library) vs tuned over {len(gaps)}: "
               + (f"**{g2:.2f}x** ({'torch faster' if g2 > 1 else 'tuned faster'})" if g2 else "-")
               + ". Latencies: MEASURED medians, cold (weights rotated past the caches); a same-kernel tuned row "
               "counts as 1.00x. Verdicts with intervals: the sweep's report/ folder.")
    return out


def modes_table(cmdbuf: Path, loop: Path) -> list[str]:
    """Per shape (cold): default / tuned / torch in each timing mode with each harness's floor, and the gap
    tuned / torch measured with one harness for both (the same mode on each side)."""
    rows = [r for f in (cmdbuf, loop) for r in _read_csv(f / "results.csv") if r.get("cache_mode") == "cold"]
    if not rows:
        return ["(no sweep rows on disk)"]
    by: dict[str, dict[tuple[str, str], dict]] = {}
    for r in rows:
        if r["status"] == "ok" and r.get("timing_mode"):
            by.setdefault(r["name"], {})[(r["timing_mode"], r["variant"])] = r
    out = ["| shape | mode | default us | tuned us | torch us | floor us IREE / torch | tuned / torch |",
           "|---|---|---|---|---|---|---|"]
    gaps: dict[str, list[float]] = {"cmdbuf": [], "loop": []}
    for name, v in by.items():
        for mode in ("cmdbuf", "loop"):
            us = {var: _f(v[(mode, var)]["latency_us_median"]) if (mode, var) in v else None
                  for var in ("default", "tuned", "torch")}
            fl = {var: _f(v[(mode, var)].get("floor_us")) if (mode, var) in v else None for var in ("default", "torch")}
            t, tc = us["tuned"], us["torch"]
            if t and tc:
                gaps[mode].append(t / tc)
            cell = lambda x: f"{x:.1f}" if x is not None else "-"  # noqa: E731
            out.append(f"| {name} | {mode} | {cell(us['default'])} | {cell(t)} | {cell(tc)} | "
                       f"{cell(fl['default'])} / {cell(fl['torch'])} | {f'{t / tc:.2f}x' if t and tc else '-'} |")
    out.append("")
    out.append("Gap to the vendor library (tuned / torch, geomean): " + "; ".join(
        f"{mode} **{g:.2f}x** over {len(gaps[mode])}" if (g := _geomean(gaps[mode])) else f"{mode} -"
        for mode in ("cmdbuf", "loop"))
        + ". Each side timed in the same mode; floor us: a 1x1x1 GEMM (torch: matmul) timed the same way in the "
        "same process, MEASURED (docs/concepts/measurement.md). Latencies are as measured, no floor subtracted.")
    return out


def summary(plan: Plan, state: dict) -> Path:
    o = plan.out
    parts = [f"# GPU evidence: {plan.device}" + (" (--small: tiny shapes, CPU-sized)" if plan.small else ""), ""]
    env = (o / "env.txt").read_text() if (o / "env.txt").is_file() else "(no env.txt)"
    parts += ["Made by `benchmarks/gpu_evidence.py`; every latency below is MEASURED on the device in env.txt; "
              "% of HBM peak divides a measured GB/s by a data-sheet peak.", "",
              "## Steps (wall seconds spent here, over every call)", "", "| step | status | seconds | calls |",
              "|---|---|---|---|"]
    for s in STEPS[:-1]:
        st = state.get(s, {})
        parts.append(f"| {s} | {st.get('status', 'not run')} | {st.get('seconds', 0):.0f} | {st.get('calls', 0)} |")
    parts += ["", "## Calibration (A/A)", ""]
    cal = o / "calibrate" / "calibration.csv"
    if cal.is_file():  # the line `vdmfma calibrate` prints, from the checksummed rows (the held-out rate first)
        from iree_vdmfma.run.calibration import read_calibration, summary_line

        table = read_calibration(cal)
        parts.append(summary_line(table.rows, Path("calibrate") / cal.name) if table.rows else
                     f"(calibration.csv not verified: {table.damaged[:1]})")
        parts.append("\nEvery verdict after this step (the races, the sweeps' reports, the forward, the exhaustive "
                     "check) used this threshold (VDMFMA_CALIBRATION).")
    else:
        parts.append("(not run)")
    for title, sweep, tune, lst in (
            ("Seed shapes (the list the knob defaults were fitted on)", "sweep-seed", "tune-seed", plan.seed_list.name),
            ("Held-out decode shapes (not used to fit anything)", "sweep-heldout", "tune-heldout", "heldout.csv")):
        parts += ["", f"## {title}: `{lst}`", ""] + sweep_table(o / sweep, o / tune)
        cut = [r for r in _read_csv(o / tune / "winners.csv") if r.get("note")]
        if cut:
            parts += ["", "Tuner notes (cuts, ties):"] + [f"- {r['key']}: {r['note']}" for r in cut]
    parts += ["", "## Timing modes and the harness floor (seed shapes)", ""]
    parts += modes_table(o / "sweep-seed", o / "sweep-seed-loop")
    parts += ["", "## Race vs exhaustive (seed shapes)", ""]
    ex = _read_csv(o / "exhaustive.csv")
    if ex:
        parts += ["| shape | contenders (space) | rounds | race winner | exhaustive best | race winner / best [interval] | "
                  "within 3% |", "|---|---|---|---|---|---|---|"]
        for r in ex:
            parts.append(f"| {r['key']} | {r['contenders']} ({r['space']}) | {r['rounds']} | {r['race_winner']} | "
                         f"{r['exhaustive_best']} | {r['race_winner_vs_best']} [{r.get('lo', '')}, {r.get('hi', '')}] | "
                         f"{r['within_3pct']} |")
        parts.append("\nThe median over the exhaustive rounds of the per-round latency ratio race winner / exhaustive "
                     "best, with its order-statistics interval (MEASURED, paired); within 3%: 'yes' when the whole "
                     "interval is <= 1.03, 'no' when all of it is above, else 'unresolved'. 'contenders' is what the "
                     "race measured, 'space' the pruned space.")
    else:
        parts.append("(not run)")
    parts += ["", "## The forward (examples/llama_layer.py)", ""]
    model = _read_csv(o / "model" / "model.csv")
    if model:
        cols = [c for c in ("m_tokens", "variant", "cache_mode", "status", "latency_us_median", "speedup_vs_default",
                            "verdict", "numerics", "max_abs_err") if c in model[0]]
        parts += ["| " + " | ".join(cols) + " |", "|" + "---|" * len(cols)]
        parts += ["| " + " | ".join(str(r.get(c, "")) for c in cols) + " |" for r in model]
        parts.append("\nFull table and intervals: model/report/index.md.")
    else:
        parts.append("(not run)")
    parts += ["", "## Environment", "", "```", env.strip(), "```", ""]
    path = o / "summary.md"
    path.write_text("\n".join(parts))
    return path


# ------------------------------------------------------------------ main


def main(argv: Optional[list[str]] = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--device", required=True, help="cuda, hip or local-task")
    ap.add_argument("--out", required=True, help="output folder (resumable: a second call continues)")
    ap.add_argument("--budget-s", type=float, default=540.0, help="wall seconds for this call (default 540)")
    ap.add_argument("--small", action="store_true", help="tiny shapes and the tiny layer (CPU, CI)")
    ap.add_argument("--target", default=None, help="compile target (default: the device's)")
    ap.add_argument("--steps", default=None, help=f"comma list of steps to run (default all: {','.join(STEPS)})")
    ap.add_argument("--heldout-m", default="1,4,8,16,32", help="M values of the held-out decode list")
    ap.add_argument("--bundle", default=None, help="write DIR's evidence (no modules or weights) to this .tgz after every "
                    "step (on a lent machine: under $OUT, so it comes back even when a later step is cut off)")
    ap.add_argument("--restore", default=None, help="a bundle of an earlier call: unpacked into DIR when DIR holds "
                    "no state (a fresh machine), so the steps resume")
    args = ap.parse_args(argv)
    if not args.budget_s > 0 or math.isinf(args.budget_s):
        raise SystemExit(f"error: --budget-s {args.budget_s}: give a finite number of seconds > 0")
    if not args.device.startswith(("local", "cpu")):  # the GPU first: without it every step would fail in turn
        from iree_vdmfma.devices.probe import DeviceUnavailableError, require_device

        try:
            require_device(args.device)
        except DeviceUnavailableError as e:
            print(f"error: --device {args.device}: {e}", file=sys.stderr)
            return 2
    plan = Plan(args)
    plan.out.mkdir(parents=True, exist_ok=True)
    log = plan.out / "evidence.log"
    if args.restore and restore_bundle(plan, Path(args.restore)):
        print(f"gpu_evidence: restored {args.restore} into {plan.out}", flush=True)
    state = load_state(plan)
    check_device(plan, state)
    write_env(plan)
    if plan.small:
        plan.seed_list = small_list(plan, "seed-small.csv")
    heldout = heldout_list(plan)
    actions = {
        "calibrate": lambda lim: step_calibrate(plan, lim, log),
        "tune-seed": lambda lim: step_tune(plan, plan.seed_list, "tune-seed", lim, log),
        "sweep-seed": lambda lim: step_sweep(plan, plan.seed_list, "tune-seed", "sweep-seed", lim, log, state),
        "sweep-seed-loop": lambda lim: step_sweep(plan, plan.seed_list, "tune-seed", "sweep-seed-loop", lim, log,
                                                  state, timing_mode="loop"),
        "tune-heldout": lambda lim: step_tune(plan, heldout, "tune-heldout", lim, log),
        "sweep-heldout": lambda lim: step_sweep(plan, heldout, "tune-heldout", "sweep-heldout", lim, log, state),
        "exhaustive": lambda lim: step_exhaustive(plan, lim, log),
        "model": lambda lim: step_model(plan, lim, log),
    }
    todo = [s for s in plan.steps if s != "summary" and state.get(s, {}).get("status") != "done"]
    for step in list(todo):
        if plan.left_s() < 10:
            print(f"gpu_evidence: budget spent; left for the next call: {', '.join(todo)}", flush=True)
            break
        limit = plan.share(step, todo)
        print(f"== {step}: up to {limit:.0f} s ({plan.left_s():.0f} s left in this call)", flush=True)
        began = time.monotonic()
        try:
            ok = actions[step](limit)
        except Exception as e:  # noqa: BLE001 - one step's failure is recorded; the others still run
            print(f"  {step} failed: {type(e).__name__}: {e}", flush=True)
            ok = False
            state.setdefault(step, {})["error"] = f"{type(e).__name__}: {e}"[:300]
        st = state.setdefault(step, {})
        st["seconds"] = st.get("seconds", 0.0) + time.monotonic() - began
        st["calls"] = st.get("calls", 0) + 1
        st["status"] = "done" if ok else "partial"
        save_state(plan, state)
        todo.remove(step)
        print(f"== {step}: {st['status']} after {time.monotonic() - began:.0f} s", flush=True)
        if args.bundle:
            summary(plan, state)
            write_bundle(plan, Path(args.bundle))
    path = summary(plan, state)
    if args.bundle:
        print(f"gpu_evidence: bundle {write_bundle(plan, Path(args.bundle))}")
    print(f"gpu_evidence: {path}")
    unfinished = [s for s in plan.steps if s != "summary" and state.get(s, {}).get("status") != "done"]
    if unfinished:
        print(f"gpu_evidence: unfinished: {', '.join(unfinished)} (run the same command again to continue)")
    return 0 if not unfinished else 3


if __name__ == "__main__":
    sys.exit(main())
