"""The race's measuring time against an exhaustive paired measurement, side by side, in one run.

Per shape: the tuner compiles, proves and numerics-checks every candidate (`vdmfma tune`'s race,
its default with a device; cached), then the same contenders, the very modules the tuner checked,
are measured twice in this process:

* race:       tune/race.py successive halving (6 paired rounds, drop the slower half, double the
              rounds, until the leader is separated from the runner-up and resolved against the
              default, or --max-rounds);
* exhaustive: every contender for --rounds paired rounds (run/paired.py).

It prints, per shape, each one's measuring time (wall seconds spent in the paired measurements,
from run/paired.py), rounds and winner, and whether the winners agree. Every figure is measured
here, on the --device given; CPU timings say how the two compare in effort, not how fast a GPU is.

    PYTHONPATH=. python benchmarks/race_vs_exhaustive.py [sweeps/tiny-cpu.csv --device local-task --rounds 48]
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from iree_vdmfma.compiler.driver import Compiler, default_cache_dir  # noqa: E402
from iree_vdmfma.problems.shapes import load_shape_list  # noqa: E402
from iree_vdmfma.run.calibration import load_rule  # noqa: E402
from iree_vdmfma.tune import state  # noqa: E402
from iree_vdmfma.tune.race import MAX_ROUNDS, exhaustive, race  # noqa: E402
from iree_vdmfma.tune.options import TuneOptions  # noqa: E402
from iree_vdmfma.tune.tuner import Tuner  # noqa: E402
from iree_vdmfma.problems.rows import Status


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("shapes", nargs="?", default=str(Path(__file__).resolve().parents[1] / "sweeps" / "tiny-cpu.csv"))
    ap.add_argument("--device", default="local-task")
    ap.add_argument("--target", default="host")
    ap.add_argument("--rounds", type=int, default=MAX_ROUNDS, help="exhaustive rounds per contender")
    ap.add_argument("--max-rounds", type=int, default=MAX_ROUNDS, help="the race's cap")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--cache-mode", default="cold")
    args = ap.parse_args()

    problems = load_shape_list(Path(args.shapes))
    rule = load_rule(args.device)
    print(f"device {args.device}, target {args.target}, {rule.describe()}")
    print(f"{'shape':<22} {'cands':>5} | {'race s':>7} {'rounds':>6} {'race fastest':<14} | "
          f"{'exh. s':>7} {'rounds':>6} {'exh. fastest':<17} | same")
    total = [0.0, 0.0]
    with tempfile.TemporaryDirectory(prefix="vdmfma-race-bench-") as tmp:
        tuner = Tuner(problems, TuneOptions(target=args.target, device=args.device, out_dir=Path(tmp),
                                            cache_dir=default_cache_dir(), race=None, seed=args.seed))
        tuner.run()  # compiles, proves and checks numerics of every candidate (and races once: warm-up)
        with Compiler(default_cache_dir()) as compiler:
            for p in problems:
                rows = [r for r in tuner.rows.values() if r.key == p.key and r.status == Status.MEASURED.value]
                default = next((r.candidate for r in rows if "default" in r.reference.split(",")), None)
                if default is None or len(rows) < 2:
                    print(f"{p.key:<22} {len(rows):>5} | nothing to race (fewer than two measured, or no default)")
                    continue
                vmfbs = {r.candidate: tuner.module(compiler, p, r) for r in rows}
                res, raced = race(vmfbs, default, p, args.device, rule=rule, seed=args.seed,
                                  max_rounds=args.max_rounds, cache_mode=args.cache_mode)
                best, every = exhaustive(vmfbs, default, p, args.device, args.rounds, seed=args.seed + 1,
                                         cache_mode=args.cache_mode)
                total[0] += raced.measuring_s
                total[1] += every.measuring_s
                print(f"{p.key:<22} {len(rows):>5} | {raced.measuring_s:>7.2f} {raced.count:>6} {res.fastest:<14} | "
                      f"{every.measuring_s:>7.2f} {every.count:>6} {best:<17} | {'yes' if best == res.fastest else 'NO'}")
    print(f"{'total':<22} {'':>5} | {total[0]:>7.2f} {'':>6} {'':<14} | {total[1]:>7.2f}")


if __name__ == "__main__":
    main()
