"""Budgeted search with optuna (optional): TPE over the knobs when the pruned space exceeds
--max-candidates. Each trial is one candidate; trials are asked in batches of --workers so
compiles stay parallel. Settings the pruner rejects are told PRUNED without compiling;
failures score a large penalty. Resumable like the exhaustive path: candidates already
finished in candidates.csv are told to the study, never redone.
"""

from __future__ import annotations

from typing import Optional, Sequence

from . import state
from .space import Candidate, knobs_of, space
from ..problems.rows import CANDIDATE_TERMINAL, Status, status_values

PENALTY = 1e12


def _score(row: state.CandidateRow) -> float:
    return row.cold_us_median or row.modelled_us or PENALTY


def optuna_search(tuner, compiler, problem, refs: Sequence[Candidate], checker) -> None:
    try:
        import optuna
    except ImportError:
        raise ValueError("--search optuna needs optuna (pip install optuna); or use --search exhaustive") from None
    optuna.logging.set_verbosity(optuna.logging.WARNING)
    arch = tuner.o.target
    kept, _ = space(problem, arch)
    by_id = {c.id: c for c in kept}
    knobs = knobs_of(arch)
    choices = {n: sorted({dict(c.knobs)[n] for c in kept if n in dict(c.knobs)}, key=str) for n in knobs}
    names = [n for n in knobs if choices[n]]  # a tile knob no kept candidate uses is not searched
    dists = {n: optuna.distributions.CategoricalDistribution(choices[n]) for n in names}
    study = optuna.create_study(sampler=optuna.samplers.TPESampler(seed=tuner.o.seed))
    tuner.evaluate(compiler, refs, checker)

    def tell_done(row: state.CandidateRow) -> None:
        if row.candidate in by_id:  # knobs the candidate does not use are told at their first choice
            params = {n: choices[n][0] for n in names} | dict(by_id[row.candidate].knobs)
            study.add_trial(optuna.trial.create_trial(params=params, distributions=dists, value=_score(row)))

    for row in [r for r in tuner.shape_rows(problem) if r.status in status_values(CANDIDATE_TERMINAL)]:
        tell_done(row)
    budget = tuner.limit
    attempts = 0
    while _evaluated(tuner, problem) < budget and not tuner.over_budget() and attempts < 50 * budget:
        batch: list[tuple[object, Candidate]] = []
        for _ in range(max(1, compiler.workers)):
            attempts += 1
            trial = study.ask(dists)
            cand = _resolve(trial.params, [n for n in names if knobs[n].applies(trial.params)], by_id)
            done = tuner.row(cand) if cand else None
            if cand is None:
                study.tell(trial, state=optuna.trial.TrialState.PRUNED)
            elif done is not None and done.status in status_values(CANDIDATE_TERMINAL):
                study.tell(trial, _score(done))
            elif all(c.id != cand.id for _, c in batch):
                batch.append((trial, cand))
            else:
                study.tell(trial, state=optuna.trial.TrialState.PRUNED)
        tuner.evaluate(compiler, [c for _, c in batch], checker)
        for trial, cand in batch:
            study.tell(trial, _score(tuner.row(cand)))


def _resolve(params: dict, names: list[str], by_id: dict[str, Candidate]) -> Optional[Candidate]:
    """The kept candidate a trial names through the knobs its mma uses (``names``), or None if pruned."""
    return by_id.get(",".join(f"{n}={params[n]}" for n in names))


def _evaluated(tuner, problem) -> int:
    return sum(1 for r in tuner.shape_rows(problem) if r.status not in (Status.PENDING.value, Status.PRUNED.value))
