"""The winner rule, in one place.

Measured: only candidates that beat IREE's default beyond noise (report/verdict.py's
NoiseRule: median +/- 2 robust sigma intervals apart and > 1%; robust sigma = 1.4826 x the
median absolute deviation of the repetitions, so one slow repetition does not hide a clear
gain, as std did on the H100) compete; if none does, the default
stays. Among those, the fastest (cold median) and the ones within noise of it are tied, and
the simplest of them wins (fewest knobs changed from the default, then the faster). The rule's
floor is the device's A/A-calibrated threshold when `vdmfma calibrate` left one. Modelled (--device none): the same
with a fixed 1% band in place of the measured noise.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Optional, Sequence

from ..report.verdict import DEFAULT_RULE, WIN, WITHIN_NOISE, NoiseRule, Timing, verdict_of
from .state import CandidateRow

NOT_SEPARABLE = "not separable by the model"  # a modelled speedup within the model's validated error
BEYOND_MODEL_ERROR = "beyond the model's error"  # a modelled speedup the model's validated error cannot explain


def model_error(backend, arch: str) -> Optional[float]:
    """The backend's perf model's validated error on a speedup for ``arch`` (None: no model, or not validated)."""
    model = backend.perf_model()
    return model.speedup_error(arch) if model is not None else None


def separable(speedup: Optional[float], error: Optional[float]) -> bool:
    """Whether a modelled speedup lies beyond the model's validated ``error`` (a factor; None: never)."""
    return bool(speedup and error and (speedup > error or speedup < 1.0 / error))


def modelled_verdict(speedup: Optional[float], error: Optional[float]) -> str:
    return BEYOND_MODEL_ERROR if separable(speedup, error) else NOT_SEPARABLE

MODEL_BAND = 0.01


@dataclass(frozen=True)
class Choice:
    winner: Optional[CandidateRow]
    verdict: str  # vs the default: win / within-noise / default / modelled / no-default / none
    note: str = ""


def timing(row: CandidateRow) -> Timing:
    return Timing(row.cold_us_median, row.cold_us_std, row.cold_us_min, row.cold_us_max, row.cold_reps,
                  row.cold_us_mad)


def versus(base: CandidateRow, new: CandidateRow, rule: NoiseRule = DEFAULT_RULE) -> str:
    """The one verdict (report/verdict.py ``verdict_of``) of candidate ``new`` against ``base``, cold: same-kernel
    for one kernel_fingerprint, else the noise rule on their repetitions."""
    return verdict_of(vars(base), vars(new), rule, timings=(timing(base), timing(new))).verdict


def choose_measured(rows: Sequence[CandidateRow], default: Optional[CandidateRow],
                    simplicity: Callable[[CandidateRow], int], rule: NoiseRule = DEFAULT_RULE) -> Choice:
    ok = [r for r in rows if r.cold_us_median]
    if not ok:
        return Choice(None, "none", "no candidate measured")
    if default is None or not default.cold_us_median:
        return Choice(min(ok, key=lambda r: r.cold_us_median), "no-default",
                      "IREE's default did not compile or run; fastest candidate kept")
    # Only candidates that beat the default beyond noise compete: the fastest median alone may be
    # a noisy one (one slow repetition widens its interval) while a slightly slower one wins clearly.
    winners = [r for r in ok if r is not default and versus(default, r, rule) == WIN]
    if not winners:
        return Choice(default, "default", "no candidate beat the default beyond noise")
    best = min(winners, key=lambda r: r.cold_us_median)
    tied = [r for r in winners if r is best or versus(best, r, rule) == WITHIN_NOISE]
    return Choice(min(tied, key=lambda r: (simplicity(r), r.cold_us_median)), WIN)


def choose_modelled(rows: Sequence[CandidateRow], default: Optional[CandidateRow],
                    simplicity: Callable[[CandidateRow], int]) -> Choice:
    ok = [r for r in rows if r.modelled_us]
    if not ok:
        return Choice(default, "unmeasured", "no model for this target: IREE's default kept")
    best = min(ok, key=lambda r: r.modelled_us)
    base = default.modelled_us if default is not None and default.modelled_us else None
    if base is not None and best.modelled_us >= base * (1 - MODEL_BAND):
        return Choice(default, "modelled", "modelled within 1% of the default: default kept")
    tied = [r for r in ok if r.modelled_us <= best.modelled_us * (1 + MODEL_BAND)]
    return Choice(min(tied, key=lambda r: (simplicity(r), r.modelled_us)), "modelled")
