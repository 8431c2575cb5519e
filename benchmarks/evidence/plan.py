"""What a call would measure and in what time: the steps in order, each step's items read from the records
(records/plan.py: nothing measured is measured twice), their cost (the records' medians, else an ESTIMATE,
said), and each step's limit within the budget; `--plan` prints it, the call takes the same limits.
Measures nothing: every figure it prints is an estimate.
"""

from __future__ import annotations

import argparse
import functools
import os
import sys
import time
from pathlib import Path

from .common import ROOT, calibration_env, git_commit, load_state
from .lists import shapes_of


STEPS = ("calibrate", "tune-seed", "sweep-seed", "sweep-seed-loop", "sweep-seed-graph", "exhaustive", "tune-heldout",
         "sweep-heldout", "model", "summary")


# Budget weights (ESTIMATES; --plan's costs come from the records). The summary takes seconds.
WEIGHTS = {"calibrate": 0.5, "sweep-seed": 1.0, "sweep-seed-loop": 0.8, "sweep-seed-graph": 0.8, "sweep-heldout": 1.0,
           "model": 2.0,
           "exhaustive": 1.5, "tune-heldout": 3.0, "tune-seed": 3.0, "summary": 0.0}


SWEEP_VARIANTS = {"cmdbuf": ("default", "tuned", "splitk", "torch"), "loop": ("default", "tuned", "torch"),
                  "graph": ("default", "tuned", "torch")}


def sweep_mode(step: str) -> str:
    """The timing mode of a sweep step (run/timing.py TIMING_MODES): its name's suffix, else cmdbuf."""
    tail = step.rsplit("-", 1)[-1]
    return tail if tail in SWEEP_VARIANTS else "cmdbuf"


class Plan:
    """What one call runs: the device, the lists, the layer, the budget, and the records it plans from."""

    def __init__(self, args: argparse.Namespace):
        self.device, self.small, self.remeasure = args.device, args.small, args.remeasure
        self.out = Path(args.out).resolve() if args.out else None
        self.target = args.target or ("host" if args.device.startswith(("local", "cpu")) else None)
        self.budget_s = args.budget_s
        self.started = time.monotonic()
        asked = [s.strip() for s in args.steps.split(",")] if args.steps else list(STEPS)
        bad = [s for s in asked if s not in STEPS]
        if bad:
            raise SystemExit(f"error: --steps {','.join(bad)}: not a step (steps: {', '.join(STEPS)})")
        self.steps = [s for s in STEPS if s in asked]  # in the plan's order, whatever order they were named in
        self.seed_list = ROOT / "sweeps" / "seed-f16.csv"  # --small: two rows of tiny-cpu.csv (small_lists)
        self.heldout_m = [int(x) for x in args.heldout_m.split(",")]
        self.layer_name = f"llama_layer:{'build_tiny' if self.small else 'build'}"
        self.layer = f"{ROOT / 'examples' / 'llama_layer.py'}:{self.layer_name.split(':')[1]}"
        self.model_m = [1] if self.small else [1, 4, 8]  # --small: M = 1 (M = 4 is tests/test_model_step.py's)
        self.records = None if args.records == "none" else Path(args.records)
        self.commit = args.commit or os.environ.get("VDMFMA_COMMIT", "") or git_commit()
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
        from iree_vdmfma.run.timing import mode_flags

        mode = sweep_mode(step)
        try:
            mode_flags(mode, plan.device)
            blocked = ""
        except ValueError as e:  # graph mode on the CPU: nothing this DIR can measure, said
            blocked = f"blocked: {e}"
        return [Item(SWEEP, p.key, v, blocked) for p in shapes_of(lists[step]) for v in SWEEP_VARIANTS[mode]
                if (v != "tuned" or known.tuned_knobs(p.key)) and (again or not known.swept(p.key, v, mode))]
    if step.startswith("tune-"):
        items = []
        for p in shapes_of(lists[step]):
            w = known.winner(p.key)
            if again or w is None:
                items.append(Item(WINNER, p.key))
            elif not known.tuned_over(p.key, space_id_now(p, w.target)):  # the space grew since (e.g. tensor cores)
                items.append(Item(WINNER, p.key, "again", f"its winner ({w.toolkit_commit or w.recorded_at[:10]}) "
                                                          "was tuned over an older space"))
        return items
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


@functools.lru_cache(maxsize=None)  # a call plans three times; a gfx942 space takes up to a second or two a shape
def space_id_now(problem, target: str) -> str:
    """Today's space_id of ``problem`` on a winner's ``target`` ('' when this toolkit knows no such target: the shape
    is then tuned again, for the call's target, rather than the plan failing)."""
    from iree_vdmfma.tune.space import space_id_of

    try:
        return space_id_of(problem, target)
    except ValueError:  # UnknownTargetError
        return ""


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
    if any(s.startswith("tune-") and [i for i in items if not i.blocked] for s, items in planned.items()):
        print("  (a sweep after a tune also sweeps the `tuned` rows, and race vs exhaustive checks the race, of the "
              "winners that tune records: not in the items above, planned by the call when they are recorded)")
