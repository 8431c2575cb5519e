"""Verdict maths, in one place: the noise rule (win / loss / within-noise / undetermined), same-kernel, and geomeans.

Pure functions of measured latencies (median, std, min, max, reps of one row's repetitions, or a paired speedup's
interval); nothing here is modelled. :func:`verdict_of` is the one verdict every console and table gives (the
report, the run-vs-run comparison, the model's forward, the tuner's winners): two rows of one kernel_fingerprint
are ``same-kernel``, never a win or a loss, and the floor is the device's A/A-calibrated threshold where there is
one (:func:`rule_for`).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace
from typing import Iterable, Mapping, Optional

import numpy as np
import pandas as pd

__all__ = ["NoiseRule", "DEFAULT_RULE", "Timing", "Judgement", "judge", "verdict_of", "rule_for", "geomean", "num",
           "speedup_interval", "same_kernel", "apart", "calibrated_rule", "WIN", "LOSS", "WITHIN_NOISE", "UNDETERMINED", "SAME_KERNEL", "VERDICTS"]

WIN, LOSS, WITHIN_NOISE, UNDETERMINED = "win", "loss", "within-noise", "undetermined"
# Two rows whose kernel_fingerprint is one (compiler/fingerprint.py) ran the same code: any latency
# difference between them is drift, never a win or a loss, and they never enter a geomean.
SAME_KERNEL = "same-kernel"
MAD_TO_SIGMA = 1.4826
VERDICTS = (WIN, LOSS, WITHIN_NOISE, UNDETERMINED, SAME_KERNEL)


@dataclass(frozen=True)
class NoiseRule:
    """When a latency difference is a win, a loss, or within the noise.

    Each side's noise interval is ``median +/- k * sigma``: sigma is 1.4826 x the median
    absolute deviation of the repetitions when it was recorded (robust: on the H100 one slow
    repetition in 20 doubled the std), else their std; ``[min, max]`` when neither was. The relative difference
    ``d = (base_median - new_median) / base_median`` is *within-noise* when the two intervals
    overlap or ``|d| < floor``; otherwise it is a *win* (new faster) or a *loss* (new slower).
    Equivalently ``|d| <= threshold`` where ``threshold = max(floor, gap / base_median)`` and
    ``gap`` is the distance the medians must be apart for the intervals to separate (the new
    side's upper half-width plus the base's lower half-width for a win, and vice versa).
    With fewer than ``min_reps`` repetitions, or no spread recorded, the verdict is
    *undetermined*: one number cannot tell a win from noise.
    """

    k: float = 2.0
    floor: float = 0.01
    min_reps: int = 2
    calibration: str = ""  # where the floor came from (run/calibration.py ``describe``); '' the default
    noisy: str = ""  # why that calibration is flagged (taken under load, threshold over 10%); '' when it is not

    def named(self) -> str:
        """One line for every console that gives verdicts: the rule and the calibration that decided them."""
        return (f"verdict rule: noise intervals median ± {self.k:g}·sigma apart and a difference beyond "
                f"{self.floor:.2%}, the floor of " + (self.calibration or "the default (no A/A calibration of this "
                "device used)") + (f". {self.noisy}" if self.noisy else ""))

    def describe(self, base: str = "the baseline", new: str = "a variant") -> str:
        return (
            f"Verdict rule: each side's noise interval is median ± {self.k:g}·sigma of its repetitions "
            f"(sigma = 1.4826·MAD where the median absolute deviation was recorded, else std; "
            f"[min, max] when neither was). {new[0].upper() + new[1:]} is `within-noise` against "
            f"{base} when the intervals overlap or the medians differ by less than {self.floor:.1%} of "
            f"{base}'s; otherwise `win` (faster) or `loss` (slower). Fewer than {self.min_reps} repetitions "
            f"or no recorded spread gives `undetermined`. `noise_threshold` is the relative difference "
            f"a row needed to leave the noise. The {self.floor:.2%} floor is that of "
            + (self.calibration or "the default: no A/A calibration of the device was used") + "."
            + (f" **{self.noisy}.**" if self.noisy else "")
        )


DEFAULT_RULE = NoiseRule()


def num(x) -> Optional[float]:
    """A finite float, or None for missing / NaN / NA."""
    if x is None or x is pd.NA:
        return None
    try:
        v = float(x)
    except (TypeError, ValueError):
        return None
    return v if math.isfinite(v) else None


@dataclass(frozen=True)
class Timing:
    """Latency statistics of one row's repetitions (microseconds)."""

    median: Optional[float]
    std: Optional[float] = None
    min: Optional[float] = None
    max: Optional[float] = None
    reps: Optional[int] = None
    mad: Optional[float] = None  # median absolute deviation of the repetitions (preferred over std)

    @classmethod
    def from_row(cls, row: Mapping, suffix: str = "") -> "Timing":
        """From a results/summary row; ``suffix`` selects e.g. ``_a`` columns of a merge."""
        get = lambda c: num(row.get(c + suffix))  # noqa: E731
        reps = get("reps")
        return cls(
            get("latency_us_median"), get("latency_us_std"), get("latency_us_min"), get("latency_us_max"),
            None if reps is None else int(reps), get("latency_us_mad"),
        )

    def interval(self, k: float) -> Optional[tuple[float, float]]:
        if self.median is None:
            return None
        if self.mad is not None:  # robust sigma: a normal's std is 1.4826 x its MAD
            return self.median - k * MAD_TO_SIGMA * self.mad, self.median + k * MAD_TO_SIGMA * self.mad
        if self.std is not None:
            return self.median - k * self.std, self.median + k * self.std
        if self.min is not None and self.max is not None:
            return min(self.min, self.median), max(self.max, self.median)
        return None


@dataclass(frozen=True)
class Judgement:
    speedup: float  # base median / new median; > 1: new is faster
    verdict: str  # one of VERDICTS
    threshold: float  # relative difference needed to leave the noise (NaN when undetermined)


def judge(base: Timing, new: Timing, rule: NoiseRule = DEFAULT_RULE) -> Judgement:
    """Compare ``new`` with ``base`` under ``rule`` (see ``NoiseRule``)."""
    if base.median is None or new.median is None or base.median <= 0 or new.median <= 0:
        raise ValueError("judge needs positive medians on both sides")
    speedup = base.median / new.median
    diff = (base.median - new.median) / base.median
    too_few = any(t.reps is not None and t.reps < rule.min_reps for t in (base, new))
    bi, ni = base.interval(rule.k), new.interval(rule.k)
    if too_few or bi is None or ni is None:
        return Judgement(speedup, UNDETERMINED, float("nan"))
    if diff > 0:  # new faster: new's upper half-width + base's lower half-width
        gap = (ni[1] - new.median) + (base.median - bi[0])
    else:
        gap = (bi[1] - base.median) + (new.median - ni[0])
    threshold = max(rule.floor, gap / base.median)
    if abs(diff) <= threshold:
        return Judgement(speedup, WITHIN_NOISE, threshold)
    return Judgement(speedup, WIN if diff > 0 else LOSS, threshold)


def speedup_interval(base: Timing, new: Timing, rule: NoiseRule = DEFAULT_RULE) -> tuple[float, float]:
    """The speedup's noise interval: (base low / new high, base high / new low) from each side's interval
    under ``rule``; (NaN, NaN) when either side has none."""
    bi, ni = base.interval(rule.k), new.interval(rule.k)
    if bi is None or ni is None or ni[0] <= 0 or ni[1] <= 0:
        return float("nan"), float("nan")
    return bi[0] / ni[1], bi[1] / ni[0]


def calibrated_rule(device: str, device_name: Optional[str] = None,
                    base: NoiseRule = DEFAULT_RULE) -> tuple[NoiseRule, str, str]:
    """``base`` with its floor raised to the device's A/A-calibrated threshold (run/calibration.py) when
    a calibration of that device exists, where the floor came from ('default' or 'calibration PATH (its
    held-out false-win rate)'), and a note: why a calibration file found was not used (damaged or edited), or
    that a used one's threshold is 100% or more ('' otherwise). ``device_name``: the driver's name as rows record it; None asks the device."""
    from ..run.calibration import load_rule  # noqa: PLC0415

    paired = load_rule(device, device_name=device_name)
    if paired.source == "default":
        return replace(base, calibration=f"the default ({paired.note})" if paired.note else ""), "default", paired.note
    return (NoiseRule(base.k, max(base.floor, paired.threshold), base.min_reps, paired.source, paired.note),
            paired.source, paired.note)


def same_kernel(a: Mapping, b: Mapping, suffixes: tuple[str, str] = ("", "")) -> bool:
    """True when two rows (results, summary or candidate rows) carry one non-empty kernel_fingerprint (``suffixes``
    select e.g. the ``_a``/``_b`` columns of a merge)."""
    fa, fb = a.get("kernel_fingerprint" + suffixes[0]), b.get("kernel_fingerprint" + suffixes[1])
    return isinstance(fa, str) and bool(fa) and fa == fb


def apart(a: Mapping, b: Mapping, suffixes: tuple[str, str] = ("", ""), devices: bool = True) -> str:
    """Why two timed rows' latencies do not measure their kernels against each other ('' when nothing says so):
    timed in different cache modes, in different timing modes (a loop latency carries a submission per dispatch that
    a cmdbuf one shares among 8; a row from before modes were recorded was timed in loop mode, records/plan.py
    ``loop_mode``), or, with ``devices``, on different devices (the driver's device name where both rows recorded
    one, else the device). Read from the rows' recorded columns; nothing is measured or modelled here."""
    get = lambda c, i: str(((a, b)[i]).get(c + suffixes[i]) or "")  # noqa: E731
    cache = get("cache_mode", 0), get("cache_mode", 1)
    if cache[0] != cache[1]:
        return f"timed in different cache modes ({cache[0] or 'none'}, {cache[1] or 'none'})"
    mode = get("timing_mode", 0) or "loop", get("timing_mode", 1) or "loop"
    if mode[0] != mode[1]:
        return f"timed in different timing modes ({mode[0]}, {mode[1]}): their latencies count submissions apart"
    if devices:
        for c in ("device_name", "device"):
            d = get(c, 0), get(c, 1)
            if d[0] and d[1]:
                return f"timed on different devices ({d[0]}, {d[1]})" if d[0] != d[1] else ""
    return ""


def verdict_of(base: Mapping, new: Mapping, rule: NoiseRule = DEFAULT_RULE, suffixes: tuple[str, str] = ("", ""),
               paired=None, confidence: float = 0.95, timings: Optional[tuple[Timing, Timing]] = None) -> Judgement:
    """The one verdict of ``new`` against ``base``: ``same-kernel`` when they carry one kernel_fingerprint (one
    kernel: any difference is drift); else, with ``paired`` (a paired speedup base/new: ``median``, ``lo``, ``hi``,
    ``rounds`` and the interval's ``coverage``), win / loss when its interval excludes 1 and the median is beyond
    the rule's floor, undetermined when the interval is narrower than ``confidence``; else the noise rule on each
    side's repetitions (:func:`judge`), from ``timings`` where the rows name their latencies otherwise (a tune
    candidate's ``cold_us_*``)."""
    if same_kernel(base, new, suffixes):
        mb, mn = num(base.get("latency_us_median" + suffixes[0])), num(new.get("latency_us_median" + suffixes[1]))
        return Judgement(mb / mn if mb and mn else float("nan"), SAME_KERNEL, float("nan"))
    if paired is not None:
        if not paired.rounds or paired.coverage < confidence:
            return Judgement(paired.median, UNDETERMINED, float("nan"))
        if paired.lo > 1.0 and paired.median > 1.0 + rule.floor:
            return Judgement(paired.median, WIN, rule.floor)
        if paired.hi < 1.0 and paired.median < 1.0 - rule.floor:
            return Judgement(paired.median, LOSS, rule.floor)
        return Judgement(paired.median, WITHIN_NOISE, rule.floor)
    tb, tn = timings or (Timing.from_row(base, suffixes[0]), Timing.from_row(new, suffixes[1]))
    return judge(tb, tn, rule)


def rule_for(df: pd.DataFrame, notes: list[str]) -> NoiseRule:
    """The default rule, its floor raised to the A/A calibration of the one device the rows were measured on when
    there is one (`vdmfma calibrate`), which the rule names (``NoiseRule.named``); ``notes`` says why a calibration
    found was not used."""
    runs = df[df["latency_us_median"].notna()]
    devices = {(d, n) for d, n in zip(runs["device"], runs["device_name"].fillna(""))}
    if len(devices) != 1:
        return replace(DEFAULT_RULE, calibration=f"the default (rows of {len(devices)} devices: no one calibration "
                       "applies)")
    (device, name), = devices
    rule, source, note = calibrated_rule(device, name)
    if note and source == "default":  # a calibration found but not used; a used one is named by rule.named()
        notes.append(note)
    return rule


def geomean(values: Iterable[float]) -> float:
    """Geometric mean of positive finite values (NaN when there are none)."""
    a = np.asarray([v for v in values if v is not None], dtype=float)
    a = a[np.isfinite(a) & (a > 0)]
    return float(np.exp(np.mean(np.log(a)))) if a.size else float("nan")
