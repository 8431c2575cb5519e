"""Step 4, ``exhaustive``: race vs exhaustive. Every measured candidate of a seed shape's tunes (any loan's: the
records, compiled again from their knobs) in paired rounds all together; the race's winner over the best,
as a paired median with its interval (MEASURED), one checksummed row a shape in DIR/exhaustive.csv.
"""

from __future__ import annotations

import json
import os
import time
from pathlib import Path
from typing import TYPE_CHECKING

from .common import calibration_env, keep, read_csv, source, write_csv
from .lists import shapes_of

if TYPE_CHECKING:
    from .plan import Plan


EXH_COLUMNS = ("key", "contenders", "space", "rounds", "race_winner", "exhaustive_best", "race_winner_vs_best",
               "lo", "hi", "within_3pct", "measuring_s", "note", "checksum")


def fit_contenders(compiled: dict, prefer: tuple = ()) -> tuple[dict, dict, dict]:
    """(contender id -> module, contender id -> why it is left out, twin id -> the id raced for it) of the
    contenders' compile results. One that did not compile is left out with its first error line, never a failed
    step that every later call repeats. Ids whose kernels are one kernel (one kernel_fingerprint) race as one: the
    first of ``prefer`` (IREE's default, the race's winner), else the first listed, is kept and the others are left
    out as its twins, since two runs of one kernel are never a win or a loss (ids with no ISA to read are each
    kept)."""
    from iree_vdmfma.compiler.fingerprint import fingerprint

    vmfbs, dropped, kernels, twins = {}, {}, {}, {}
    order = [c for c in prefer if c in compiled] + [c for c in compiled if c not in prefer]
    for c in order:
        r = compiled[c]
        if not r.ok:
            dropped[c] = r.error.splitlines()[0] if r.error else "did not compile"
            continue
        digest = fingerprint(r.dump_dir).digest  # '' where the dump holds no ISA: never taken for a twin
        if digest and digest in kernels:
            dropped[c] = f"same kernel as {kernels[digest]} (kernel_fingerprint {digest}): raced once, as that one"
            twins[c] = kernels[digest]
            continue
        kernels[digest] = c
        vmfbs[c] = r.vmfb
    return vmfbs, dropped, twins


def judge(winner: str, raced: str, best: str, gap) -> tuple[str, list[str]]:
    """(within 3%: yes / no / unresolved / '-', what the row's note says) of a check: ``raced`` is the id the
    winner's kernel raced under (itself or its twin's), ``gap`` the paired winner / best (None: not measured). The
    winner's kernel being the best's is 'yes' with no ratio: one kernel is never measured against itself."""
    if raced == best:
        return "yes", ["the race's winner is the exhaustive best" + (f" (as {raced}, the same kernel)"
                                                                     if raced != winner else "")]
    if gap is None:
        return "-", ["the race's winner was not among the measured candidates"]
    return ("yes" if gap.hi <= 1.03 else "no" if gap.lo > 1.03 else "unresolved"), []


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
    done = {r["key"]: r for r in read_csv(path)}
    here = {r["key"]: r for r in read_csv(plan.out / "tune-seed" / "winners.csv")}  # a tune of this DIR: its space
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
            compiled = {c: compile_retrying(compiler, tuner.job(Candidate(p, tuple(settings_of(c).items()))))[0]
                        for c in rows}
            winner = (w.knobs or default).replace("split=none", "split=0")  # the id as candidates.csv has it
            vmfbs, dropped, twins = fit_contenders(compiled, prefer=(default, winner))
            raced = twins.get(winner, winner)  # the race's winner, or the id its kernel raced under
            one_kernel = list(vmfbs) == [default] and set(dropped) == set(twins)  # every contender IREE's default
            if default not in vmfbs or (len(vmfbs) < 2 and not one_kernel):
                print(f"  exhaustive: {p.key}: too few contenders compile here ({len(vmfbs)} of {len(rows)}; "
                      f"{'; '.join(f'{c}: {e}' for c, e in dropped.items())}); skipped", flush=True)
                continue
            best, every = ((default, None) if one_kernel
                           else exhaustive(vmfbs, default, p, plan.device, rounds, seed=1, min_time_s=0.01))
            # winner / best per round, paired: its median and interval (not a ratio of two point estimates); where
            # the winner's kernel is the best, no ratio: one kernel is never measured against itself
            same = raced == best
            gap = paired.compare(every.ratios(raced, best), rule) if raced in vmfbs and not same else None
            within, said = judge(winner, raced, best, gap)
            row = {"key": p.key, "contenders": len(rows),
                   "space": here.get(p.key, {}).get("space") or json.loads(w.detail or "{}").get("space", ""),
                   "rounds": every.count if every else 0, "race_winner": winner, "exhaustive_best": best,
                   "race_winner_vs_best": f"{gap.ratio:.4f}" if gap else "", "lo": f"{gap.lo:.4f}" if gap else "",
                   "hi": f"{gap.hi:.4f}" if gap else "", "within_3pct": within,
                   "measuring_s": f"{every.measuring_s:.1f}" if every else "0.0",
                   "note": "; ".join(said + [f"left out {c}: {e}" for c, e in dropped.items()])}
            row = {c: str(row.get(c, "")) for c in EXH_COLUMNS[:-1]}
            row["checksum"] = row_checksum(row.values())
            done[p.key] = row
            new.append(row)
            write_csv(path, EXH_COLUMNS, list(done.values()))
            print(f"  exhaustive {p.key}: {len(rows)} contenders x {row['rounds']} rounds in {row['measuring_s']} s; "
                  f"race {winner} vs best {best}: " + (gap.margin() if gap else "the same kernel" if same
                                                       else "not measured"), flush=True)
    keep(plan, exhaustive_records(new, source(plan, path), target, plan.device), time.monotonic() - began, len(new))
    with log.open("a") as f:
        f.write(f"exhaustive: {len(new)} shape(s) checked in this call, {len(done)} in {path}\n")
    return complete and all(p.key in {r["key"] for r in new} for p in problems)
