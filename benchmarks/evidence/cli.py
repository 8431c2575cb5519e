"""GPU evidence that adds up across loans: each call measures what the records say is still missing.

main: the options, then each step in order within its limit (plan.py), its records kept, the bundle and the
summary written after it. The steps, the recipe of a lent machine and the options are described in
benchmarks/gpu_evidence.py, the entry point.
"""

from __future__ import annotations

import argparse
import math
import shutil
import sys
import time
from pathlib import Path
from typing import Optional

from .bundle import merge, restore_bundle, write_bundle
from .calibrate import restore_calibration, step_calibrate
from .common import RECORDS, check_device, load_state, measured, save_state
from .forward import step_model
from .lists import heldout_list, small_list
from .plan import Plan, STEPS, fitting, item_cost, plan_state, print_plan, todo
from .race import step_exhaustive
from .summary import summary, write_env
from .sweeps import step_sweep
from .tune import step_tune


def main(argv: Optional[list[str]] = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--device", default=None, help="cuda, hip or local-task")
    ap.add_argument("--out", default=None, help="output folder (resumable: a second call continues)")
    ap.add_argument("--budget-s", type=float, default=540.0, help="wall seconds for this call (default 540)")
    ap.add_argument("--small", action="store_true", help="tiny shapes and the tiny layer (CPU, CI)")
    ap.add_argument("--target", default=None, help="compile target (default: the device's)")
    ap.add_argument("--steps", default=None,
                    help=f"comma list of steps to run, taken in the plan's order (default all: {','.join(STEPS)})")
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
    lists = {"sweep-seed": plan.seed_list, "sweep-seed-loop": plan.seed_list, "sweep-seed-graph": plan.seed_list,
             "sweep-heldout": heldout,
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
    planned = [s for s in steps if runnable_left(plan, known, s, lists)]
    for step in steps:
        known = measured(plan)  # what the steps before measured counts too
        items = todo(plan, known, step, lists)
        runnable = [i for i in items if not i.blocked]
        blocked = (f" ({len(items) - len(runnable)} blocked: {items[-1].note.removeprefix('blocked: ')})"
                   if len(runnable) < len(items) else "")
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
        cut = len(runnable) - n
        if cut:
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
        st["status"], left = step_status(plan, step, lists, ok, cut)
        st["last_call"] = plan.call
        save_state(plan, state)
        print(f"== {step}: {st['status']} after {time.monotonic() - began:.0f} s"
              + (f"; {left} item(s) left: the next call" if left else ""), flush=True)
        if args.bundle:
            summary(plan, state)
            write_bundle(plan, Path(args.bundle))
    path = summary(plan, state)
    if args.bundle:
        print(f"gpu_evidence: bundle {write_bundle(plan, Path(args.bundle))}")
    print(f"gpu_evidence: {path}")
    left = steps_left(plan, steps, lists, state)
    if left:
        again = ("--remeasure: the same command again measures every step again from its first item, whatever this "
                 "call measured, so a step the budget cut needs a larger --budget-s" if plan.remeasure
                 else "run the same command again to continue")
        print(f"gpu_evidence: left to measure: {', '.join(left)} ({again})")
    return 0 if not left else 3


def runnable_left(plan: Plan, known, step: str, lists: dict) -> list:
    """``step``'s items the records (``known``) lack and nothing blocks: what a call would still measure."""
    return [i for i in todo(plan, known, step, lists) if not i.blocked]


def steps_left(plan: Plan, steps: list[str], lists: dict, state: dict) -> list[str]:
    """The steps a call leaves to measure: those with a runnable item the records lack; with --remeasure (the records
    leave every item to do) a step that ran this call is left only when its status is "partial" (the budget cut it,
    or it failed), and one that did not run is left."""
    known = measured(plan)
    left = []
    for s in steps:
        if plan.remeasure and plan_state(plan, s):
            if state.get(s, {}).get("status") == "partial":
                left.append(s)
        elif runnable_left(plan, known, s, lists):
            left.append(s)
    return left


def step_status(plan: Plan, step: str, lists: dict, ok: bool, cut: int) -> tuple[str, int]:
    """A step's status after it ran, and how many of its runnable items are left: "done" only when it finished and
    nothing runnable of it is left by the records (recomputed as the end of main does, so a step the budget cut to
    its first items is "partial"); with --remeasure the records leave every item to do, so what is left is the
    ``cut`` items the budget did not start."""
    left = cut if plan.remeasure else len(runnable_left(plan, measured(plan), step, lists))
    return ("done" if ok and not left else "partial"), left


def tempfile_dir() -> str:
    """--plan without --out: the lists are written to a scratch folder (nothing is measured)."""
    import tempfile

    return tempfile.mkdtemp(prefix="gpu-evidence-plan-")
