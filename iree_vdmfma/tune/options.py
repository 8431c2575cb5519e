"""What a tune is asked to do (TuneOptions, checked by check_options before anything compiles) and what it
reports as it goes (Progress): the tuner's inputs and outputs to whoever drives it (`vdmfma tune`, the model
step's tune, the benchmarks), apart from the loop itself (tune/tuner.py)."""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from pathlib import Path
from typing import Optional

from ..backends import BACKENDS, backend_for
from ..compiler.driver import default_cache_dir
from ..devices.probe import device_kind
from ..executors import ExecutorSpec

MODELLED_DEFAULT_CANDIDATES = 32  # per shape, when --device none gives no --max-candidates: minutes, not hours
PROGRESS_EVERY_S = 10.0  # one line of progress at most this often when stderr is not a terminal


@dataclass(frozen=True)
class Progress:
    """One candidate of a shape finished (or the shape started: ``done`` 0, no candidate)."""

    shape: str
    done: int
    total: int
    candidate: str = ""
    status: str = ""
    detail: str = ""  # '275.6 us' measured, 'MODELLED 12.1 us', or the reason


@dataclass
class TuneOptions:
    target: str = "host"
    device: str = "local-task"  # 'none': compile, prove and model only
    out_dir: Path = Path("out/tune")
    cache_dir: Optional[Path] = field(default_factory=default_cache_dir)
    workers: Optional[int] = None
    timeout_s: float = 300.0  # per compile and per run
    max_candidates: Optional[int] = None  # per shape, references included
    time_budget_s: Optional[float] = None  # whole tune; unfinished candidates stay resumable
    reps: int = 10
    hot: bool = True
    search: str = "exhaustive"  # or 'optuna' (budgeted, when the space exceeds max_candidates)
    seed: int = 0
    # None: race when measuring (tune/race.py), the default of `vdmfma tune` and of `vdmfma model --tune` (model/step.py
    # StepOptions.race); False: one timing each (--no-race), the default of a TuneOptions built in code
    race: Optional[bool] = False
    executor: ExecutorSpec = ExecutorSpec()  # compiles on local threads (default) or a Ray cluster
    append: bool = False  # add this run's rows to an OUT that holds another target/device/shape list
    flags: tuple[str, ...] = ()  # the user's compile flags (--compile-flag): every candidate, the library's flags file

    @property
    def measuring(self) -> bool:
        return self.device != "none"

    @property
    def racing(self) -> bool:
        """A measured tune races its candidates (tune/race.py) unless told not to; a modelled one never does."""
        return self.measuring and self.race is not False


def reads_seed(search: str, racing: bool) -> bool:
    """Whether a tune reads its seed (--seed): a race shuffles its paired rounds with it (tune/race.py) and
    --search optuna's sampler starts from it (tune/search.py). An exhaustive tune that races nothing (no device, or
    --no-race) reads it nowhere: the inputs that check its candidates' numerics have their own (run/numerics.py)."""
    return search == "optuna" or racing


def check_options(o: TuneOptions) -> None:
    backend = backend_for(o.target)  # validates the target
    if o.device != "none":
        kind = device_kind(o.device.split(":")[0])
        runnable = {b.device_kind for b in BACKENDS.values() if b.device_kind}
        if kind not in runnable:
            raise ValueError(f"unknown --device {o.device!r}; valid: {', '.join(sorted(runnable))} (cpu = local-task), none")
        if kind != backend.device_kind:
            raise ValueError(f"--device {o.device} cannot run modules built for --target {o.target}")
    if not (o.timeout_s > 0 and math.isfinite(o.timeout_s)):
        raise ValueError(f"--timeout must be > 0 and finite (seconds), got {o.timeout_s:g}")
    if o.time_budget_s is not None and not (o.time_budget_s > 0 and math.isfinite(o.time_budget_s)):
        raise ValueError(f"--time-budget must be > 0 and finite (seconds), got {o.time_budget_s:g}")
    if o.reps < 1:
        raise ValueError(f"--reps must be >= 1, got {o.reps}")
    if Path(o.out_dir).exists() and not Path(o.out_dir).is_dir():
        raise ValueError(f"--out {o.out_dir} is a file; --out names a directory")
    if o.max_candidates is not None and o.max_candidates < 2:
        raise ValueError(f"--max-candidates must be >= 2 (the default plus one), got {o.max_candidates}")
    if o.search not in ("exhaustive", "optuna"):
        raise ValueError(f"--search must be exhaustive or optuna, got {o.search!r}")
