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
        return races(self.measuring, self.race)


def races(measuring: bool, race: Optional[bool]) -> bool:
    """Whether a tune races its candidates: measured, and not told --no-race (TuneOptions.racing)."""
    return measuring and race is not False


SEARCHES = ("exhaustive", "optuna")
NOT_BOTH = "give --tune or --library DIR, not both"  # `vdmfma model`: a tune, or a library tuned before


def check_search(search: str) -> None:
    """--search up front: a known name, and optuna importable before any shape is tuned."""
    if search not in SEARCHES:
        raise ValueError(f"--search {search!r}: use exhaustive or optuna")
    if search == "optuna":
        try:
            import optuna  # noqa: F401, PLC0415
        except ImportError:
            raise ValueError("--search optuna needs optuna: pip install -e '.[tune]' (or use --search exhaustive)") \
                from None


def unread_seed(search: str, measuring: Optional[bool], race: Optional[bool], max_candidates: Optional[int],
                without: str, forward: bool = False) -> Optional[tuple[str, str]]:
    """Why a tune would read no --seed, and the way out; None when it may read it. The tuner reads its seed in two
    places: a race's paired rounds (tune/race.py) and --search optuna's sampler (tune/search.py), which samples only
    under a candidate limit (--max-candidates, or the modelled default with no device; tune/tuner.py tune_shape).
    The inputs that check candidates' numerics have their own seed (run/numerics.py). ``measuring`` None: --device
    auto, measured or not by what is here, so refused only when read neither way. ``without`` says the device that
    measures nothing ('--device none'), for the message; ``forward``: the seed also orders a forward's rounds
    (`vdmfma model --tune`), which run on a device."""
    if measuring is None:
        unread = unread_seed(search, True, race, max_candidates, without, forward)
        return unread if unread_seed(search, False, race, max_candidates, without, forward) else None
    if races(measuring, race) or (search == "optuna" and (max_candidates is not None or not measuring)):
        return None
    rounds = "the paired rounds of the forward and of a race" if forward else "a race's paired rounds"
    said = f"orders {rounds} and seeds --search optuna's sampler, and"
    if not measuring:
        runs = "none of them runs" if forward else "neither runs"
        return f"{said} with {without} and --search {search} {runs}", "give a device or --search optuna"
    if search == "optuna":
        return (f"{said} with --no-race nothing is raced and --search optuna without --max-candidates measures "
                "every candidate, sampling none", "give --max-candidates N, or leave --no-race out")
    return (f"{said} with --no-race and --search {search} neither runs",
            "leave --no-race out, or give --search optuna with --max-candidates N")


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
    check_search(o.search)
