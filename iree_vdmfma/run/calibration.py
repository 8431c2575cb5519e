"""A/A calibration: how often the paired rule calls a difference where there is none, on one device.

What is measured: one small problem's runnable module, compiled twice (two separate compiles,
no cache; their kernel fingerprints are recorded and should be one), raced as three contenders
in paired, shuffled rounds (run/paired.py): ``A`` (compile 1), ``A-again`` (the very same
module loaded a second time) and ``B`` (compile 2). Both ``A-again`` and ``B`` are A/A
comparisons against ``A``: every verdict other than within-noise is a false one. First ``pairs``
rounds to fit the threshold on, then batches of ``heldout_pairs`` FRESH rounds (measured after
the fit, never used to fit the threshold they score) to check it.

What is computed from those measurements (nothing modelled):

- ``threshold_in_sample``: fitted on the fit rounds, per half (even, odd) and per comparison: the
  smallest relative difference (>= the rule's 1% floor) that the median ratio of
  ``rounds_per_verdict`` A/A rounds exceeds in at most ``target`` (5%) of subsets of those rounds;
  the device's fit is the largest of these;
- ``false_win_rate_heldout`` over ``heldout_pairs``: the share of subsets of ``rounds_per_verdict``
  rounds of a fresh batch in which the paired rule at the threshold says win or loss (either side
  "wins"). When it is above ``target`` the threshold grows (x1.25 steps) until that batch's rate is
  <= ``target``, and the grown threshold is checked again on a new fresh batch, at most
  ``HELDOUT_BATCHES`` batches: ``threshold`` is the last threshold checked, its held-out rate the
  figure written, and ``heldout_verified`` says whether it is <= ``target``;
- ``false_win_rate``: the same share on the fit rounds' own halves at ``threshold`` (IN-SAMPLE: the
  data the threshold was fitted on; it says little, since a fit to a sample passes that sample);
- ``drift``: the base's latency in the last quarter of all rounds over the first quarter, minus 1;
- ``min_detectable_effect``: the smallest true difference the rule resolves in that many rounds
  on this noise: max(threshold, 95th percentile over subsets of the fit rounds' halves of the
  distance from 1 to the far end of the median's interval). Derived from A/A data, not from an
  injected effect.

A device's calibration is looked up (``load_rule``) from ``$VDMFMA_CALIBRATION`` (a
calibration.csv or a folder holding one), else the copy ``vdmfma calibrate`` keeps under the
cache directory (``calibration/<device>.csv``); rows of another device name do not apply. The
rule's ``source`` carries the held-out rate. Rows are checksummed (problems/rows.py): a file edited by hand,
cut, or written before checksums (and held-out checks) is not used, and the rule's ``note`` says why.
"""

from __future__ import annotations

import itertools
import math
import os
import random
import re
from dataclasses import dataclass, fields, replace
from functools import partial
from pathlib import Path
from typing import Callable, Optional, Sequence

import numpy as np

from . import paired
from .floor import FLOOR_REPS
from .runner import harness_floor_us
from .timing import DEFAULT_TIMING_MODE
from ..executors import on_device
from ..problems.problem import Problem
from ..problems.rows import Table, read_checked, write_csv_table

CALIBRATION_CSV = "calibration.csv"
DEFAULT_PROBLEM = Problem(8, 128, 512)  # tiny: calibrating a CPU in CI takes seconds
TARGET_RATE = 0.05
ROUNDS_PER_VERDICT = 6  # the fewest rounds with a 95% interval of the median
SUBSETS = 400
HELDOUT_PAIRS = 24  # fresh A/A rounds a held-out check scores (at least MIN_HELDOUT_PAIRS)
MIN_HELDOUT_PAIRS = 20
HELDOUT_BATCHES = 3  # fresh batches at most: the first checks the fit, each further one a grown threshold
GROWTH = 1.25  # a threshold that fails its held-out check grows by this factor until that batch passes
NOISY_THRESHOLD = 0.10  # a calibrated threshold above this is flagged wherever it decides a verdict
BUSY_LOAD = 0.5  # a calibration begun with more load per core than this was taken under load: flagged


@dataclass(frozen=True)
class CalibrationRow:
    device: str
    device_name: str
    kind: str  # 'same-module' (one module loaded twice) or 'two-compiles' (two compiles of one job)
    problem: str
    cache_mode: str
    pairs: int  # A/A rounds the threshold was fitted on
    rounds_per_verdict: int
    confidence: float
    threshold: float  # the device's: the last one checked on fresh rounds (the in-sample fit, grown if it failed)
    fitted_threshold: float  # this comparison's own in-sample fit (the larger of its two halves' fits)
    false_win_rate: float  # IN-SAMPLE: on the fit rounds' own halves at `threshold`
    drift: float
    min_detectable_effect: float
    median_ratio: float
    same_kernel: bool  # the two contenders' kernel fingerprints are one
    mode: str  # how the rounds were measured (run/paired.py)
    measured_at: str
    threshold_in_sample: float = math.nan  # the device's fit on the fit rounds alone, before any growth
    false_win_rate_heldout: float = math.nan  # this comparison, at `threshold`, on the last fresh batch
    heldout_pairs: int = 0  # fresh A/A rounds in that batch (none of them fitted `threshold`)
    heldout_batches: int = 0  # fresh batches measured (1 + how many times the threshold had to grow)
    first_heldout_rate: float = math.nan  # the device's worst held-out rate of the in-sample fit, first batch
    heldout_verified: bool = False  # every comparison's false_win_rate_heldout <= 5% at `threshold`
    timing_mode: str = ""  # how the rounds' dispatches were submitted (run/timing.py TIMING_MODES)
    floor_us: Optional[float] = None  # the harness floor in that mode on this device (run/floor.py), MEASURED
    load: float = math.nan  # the host's 1-minute load average per CPU core as the calibration began (host_load)


@dataclass(frozen=True)
class Check:
    """One fresh batch of A/A rounds scored at a threshold that none of its rounds helped fit."""

    threshold: float
    pairs: int
    rates: dict  # comparison name -> false-win rate on this batch at ``threshold``

    @property
    def rate(self) -> float:
        return max(self.rates.values())


@dataclass
class Fit:
    """The threshold, its in-sample fit and its held-out checks (the last one decides)."""

    in_sample: float
    checks: list  # of Check, in the order measured
    rounds: Optional[paired.Rounds] = None  # every round measured: the fit rounds, then each fresh batch
    fit_pairs: int = 0
    target: float = TARGET_RATE

    @property
    def threshold(self) -> float:
        return self.checks[-1].threshold

    @property
    def verified(self) -> bool:
        return self.checks[-1].rate <= self.target


def _subsets(n: int, size: int, count: int, seed: int) -> list[tuple[int, ...]]:
    """Up to ``count`` distinct index subsets of ``size`` from range(n): all when fewer, else seeded draws."""
    size = min(size, n)
    if math.comb(n, size) <= count:
        return list(itertools.combinations(range(n), size))
    rng = random.Random(seed)
    return [tuple(sorted(rng.sample(range(n), size))) for _ in range(count)]


def fit_threshold(ratios: Sequence[float], rounds: int, floor: float = 0.01, target: float = TARGET_RATE,
                  seed: int = 0) -> float:
    """Smallest threshold >= floor that the median of ``rounds`` A/A ratios exceeds in <= target of subsets."""
    r = np.asarray(ratios, float)
    devs = sorted(abs(float(np.median(r[list(s)])) - 1.0) for s in _subsets(len(r), rounds, SUBSETS, seed))
    if not devs:
        return floor
    return max(floor, float(np.quantile(devs, 1.0 - target)))


def false_win_rate(ratios: Sequence[float], rule: paired.PairedRule, rounds: int, seed: int = 0) -> float:
    """Share of subsets of ``rounds`` A/A ratios where ``rule`` says win or loss."""
    r = np.asarray(ratios, float)
    subsets = _subsets(len(r), rounds, SUBSETS, seed)
    wrong = sum(paired.compare(r[list(s)], rule).verdict in (paired.WIN, paired.LOSS) for s in subsets)
    return wrong / len(subsets) if subsets else math.nan


def detectable_effect(ratios: Sequence[float], rule: paired.PairedRule, rounds: int, seed: int = 0) -> float:
    r = np.asarray(ratios, float)
    reach = []
    for s in _subsets(len(r), rounds, SUBSETS, seed):
        lo, hi, _ = paired.median_interval(r[list(s)], rule.confidence)
        reach.append(max(hi - 1.0, 1.0 - lo))
    return max(rule.threshold, float(np.quantile(reach, 0.95))) if reach else math.nan


def drift(samples: Sequence[float]) -> float:
    """Median of the last quarter of rounds over the first quarter, minus 1 (run-to-run drift)."""
    x = list(samples)
    q = max(1, len(x) // 4)
    return float(np.median(x[-q:]) / np.median(x[:q]) - 1.0) if len(x) >= 2 else math.nan


def fitted_threshold(ratios: Sequence[float], rounds: int = ROUNDS_PER_VERDICT, seed: int = 0) -> float:
    """The larger of the thresholds fitted on the even and on the odd rounds."""
    r = list(ratios)
    return max(fit_threshold(r[0::2], rounds, seed=seed), fit_threshold(r[1::2], rounds, seed=seed))


def analyse(ratios: Sequence[float], base_samples: Sequence[float], threshold: float,
            rounds: int = ROUNDS_PER_VERDICT, confidence: float = 0.95, seed: int = 0) -> dict:
    """The rule at ``threshold`` on the halves of the rounds it was fitted on (IN-SAMPLE):
    false_win_rate and min_detectable_effect are the means over the even and the odd rounds; drift of
    the base's samples."""
    r = list(ratios)
    rule = paired.PairedRule(threshold=threshold, confidence=confidence)
    halves = (r[0::2], r[1::2])
    return dict(threshold=threshold, fitted_threshold=fitted_threshold(r, rounds, seed),
                false_win_rate=float(np.mean([false_win_rate(h, rule, rounds, seed) for h in halves])),
                min_detectable_effect=float(np.mean([detectable_effect(h, rule, rounds, seed) for h in halves])),
                drift=drift(base_samples), median_ratio=float(np.median(r)))


Draw = Callable[[int, int], paired.Rounds]  # (number of the first round, how many) -> those rounds, measured
Comparison = tuple[str, str, str]  # (name, new contender, base contender): an A/A pair


def grown(batches: Sequence[Sequence[float]], threshold: float, rounds: int = ROUNDS_PER_VERDICT,
          confidence: float = 0.95, seed: int = 0, target: float = TARGET_RATE) -> float:
    """``threshold`` grown by GROWTH steps until the rule's false-win rate on every one of ``batches``
    (A/A ratios) is <= ``target`` (it stops once it exceeds every ratio's distance from 1: no verdict
    can then be a win or a loss)."""
    t = threshold
    reach = max((float(np.max(np.abs(np.asarray(b, float) - 1.0))) for b in batches if len(b)), default=0.0)
    while t <= reach and max(false_win_rate(b, paired.PairedRule(t, confidence), rounds, seed)
                             for b in batches) > target:
        t *= GROWTH
    return t


def _check_sizes(pairs: int, heldout_pairs: int, rounds: int) -> None:
    if pairs < 2 * rounds:
        raise ValueError(f"calibration needs at least {2 * rounds} pairs to fit on (two halves of {rounds} rounds)")
    if heldout_pairs < MIN_HELDOUT_PAIRS:
        raise ValueError(f"a held-out check needs at least {MIN_HELDOUT_PAIRS} fresh pairs (got {heldout_pairs})")


def fit_and_check(draw: Draw, comparisons: Sequence[Comparison], pairs: int, heldout_pairs: int = HELDOUT_PAIRS,
                  rounds: int = ROUNDS_PER_VERDICT, confidence: float = 0.95, seed: int = 0,
                  batches: int = HELDOUT_BATCHES, target: float = TARGET_RATE) -> Fit:
    """Fit the threshold on ``pairs`` rounds, then check it on fresh batches of ``heldout_pairs`` rounds.

    The in-sample fit is the largest :func:`fitted_threshold` of the comparisons. Each check scores the
    threshold on a batch measured after it was fixed; a failed check (some comparison's rate above
    ``target``) grows the threshold on that batch (:func:`grown`) and the next fresh batch checks the
    grown one, up to ``batches`` batches. ``draw`` measures rounds (rounds are numbered: a fresh batch's
    orders are its own)."""
    _check_sizes(pairs, heldout_pairs, rounds)
    measured = draw(0, pairs)
    threshold = in_sample = max(fitted_threshold(measured.ratios(new, base), rounds, seed)
                                for _, new, base in comparisons)
    checks: list[Check] = []
    for i in range(max(1, batches)):
        fresh = draw(pairs + i * heldout_pairs, heldout_pairs)
        rule = paired.PairedRule(threshold, confidence)
        ratios = {name: fresh.ratios(new, base) for name, new, base in comparisons}
        checks.append(Check(threshold, heldout_pairs,
                            {name: false_win_rate(r, rule, rounds, seed) for name, r in ratios.items()}))
        measured.extend(fresh)
        if checks[-1].rate <= target or i == batches - 1:
            break
        threshold = grown(list(ratios.values()), threshold, rounds, confidence, seed, target)
    return Fit(in_sample, checks, measured, pairs, target)


COMPARISONS: tuple[Comparison, ...] = (("same-module", "A-again", "A"), ("two-compiles", "B", "A"))


def calibrate(device: str, out_dir: Path, pairs: int = 24, problem: Problem = DEFAULT_PROBLEM,
              cache_mode: str = "cold", seed: int = 0, rounds: int = ROUNDS_PER_VERDICT,
              confidence: float = 0.95, mode: str = "auto", keep: bool = True,
              heldout_pairs: int = HELDOUT_PAIRS, batches: int = HELDOUT_BATCHES,
              measure: Optional[Callable[..., paired.Rounds]] = None,
              timing_mode: str = DEFAULT_TIMING_MODE) -> list[CalibrationRow]:
    """Compile twice, fit the threshold on ``pairs`` A/A paired rounds and check it on fresh ones
    (:func:`fit_and_check`), write OUT/calibration.csv (and keep a copy for ``load_rule`` when ``keep``).
    ``measure`` takes paired.measure_rounds' arguments (``start`` numbers a batch's first round; None:
    paired.measure_rounds, looked up when it measures)."""
    from ..compiler.cuda_targets import module_target  # noqa: PLC0415
    from ..compiler.driver import CompileJob, Compiler, default_cache_dir  # noqa: PLC0415
    from ..compiler.retry import compile_retrying  # noqa: PLC0415
    from ..compiler.fingerprint import fingerprint  # noqa: PLC0415
    from ..devices.flags import compile_flags  # noqa: PLC0415
    from ..devices.probe import device_info, device_target, resolve_device  # noqa: PLC0415
    from ..problems.loop_ir import RUNNER_FLAGS, runner_input_ir  # noqa: PLC0415
    from .provenance import now_utc  # noqa: PLC0415

    _check_sizes(pairs, heldout_pairs, rounds)
    load = host_load()  # before anything of ours runs: what else was running
    dev = resolve_device(device)
    if dev is None:
        raise ValueError("calibration needs a device (got none)")
    target = module_target(device_target(dev))  # a CUDA device: the newest sm this compiler accepts (sm_90 -> sm_89)
    job = CompileJob(f"{problem.key}/calibrate/{target}", runner_input_ir(problem),
                     tuple(compile_flags(target)) + RUNNER_FLAGS)
    out_dir = Path(out_dir)
    out_dir.mkdir(parents=True, exist_ok=True)
    with Compiler(None, workers=1) as first, Compiler(None, workers=1) as second:  # two real compiles
        a, b = compile_retrying(first, job)[0], compile_retrying(second, job)[0]  # a hung one: single-threaded
        for r in (a, b):
            if not r.ok:
                raise RuntimeError(f"calibration compile failed: {r.error} (repro: {r.repro})")
        same = fingerprint(a.dump_dir) == fingerprint(b.dump_dir)
        contenders = [paired.Contender("A", a.vmfb), paired.Contender("A-again", a.vmfb),
                      paired.Contender("B", b.vmfb)]

        def draw(start: int, count: int) -> paired.Rounds:
            how = measure or paired.measure_rounds
            return on_device(first.executor, partial(how, contenders, problem, dev, count, seed=seed, start=start,
                                                     cache_mode=cache_mode, mode=mode, timing_mode=timing_mode))

        fit = fit_and_check(draw, COMPARISONS, pairs, heldout_pairs, rounds, confidence, seed, batches)
        floor_us = on_device(first.executor, partial(harness_floor_us, dev, target, timing_mode, FLOOR_REPS, 600.0,
                                                     cache_dir=default_cache_dir()))
    name = device_info(dev).name
    measured, last = fit.rounds, fit.checks[-1]
    rows = []
    for kind, other, base in COMPARISONS:
        stats = analyse(measured.ratios(other, base)[:pairs], measured.samples[base], fit.threshold, rounds,
                        confidence, seed)
        rows.append(CalibrationRow(dev, name, kind, problem.key, cache_mode, pairs, rounds, confidence,
                                   same_kernel=same, mode=measured.modes[0], measured_at=now_utc(),
                                   threshold_in_sample=fit.in_sample, false_win_rate_heldout=last.rates[kind],
                                   heldout_pairs=last.pairs, heldout_batches=len(fit.checks),
                                   first_heldout_rate=fit.checks[0].rate, heldout_verified=fit.verified,
                                   timing_mode=measured.timing_mode or timing_mode, floor_us=floor_us, load=load,
                                   **stats))
    write_calibration(rows, out_dir / CALIBRATION_CSV)
    if keep:
        write_calibration(rows, kept_path(dev, name))
    return rows


def host_load() -> float:
    """The host's 1-minute load average per CPU core (os.getloadavg / os.cpu_count), MEASURED; NaN where the OS
    has none."""
    try:
        return os.getloadavg()[0] / (os.cpu_count() or 1)
    except OSError:
        return math.nan


def noisy(rows: Sequence[CalibrationRow]) -> str:
    """Why a calibration's verdicts are suspect ('' when they are not): a threshold over NOISY_THRESHOLD, or taken
    under a load per core over BUSY_LOAD."""
    t = max(r.threshold for r in rows)
    load = max((_num(r.load) for r in rows), default=math.nan)
    why = ([f"threshold {t:.1%} > {NOISY_THRESHOLD:.0%}"] if t > NOISY_THRESHOLD else []) + (
        [f"taken under load ({load:.2f} per core > {BUSY_LOAD:g})"] if load > BUSY_LOAD else [])
    return ("NOISY calibration: " + " and ".join(why) + ": its verdicts call real differences within-noise; "
            "calibrate again on an idle device, or pass --calibration none") if why else ""


def describe(where: Path | str, rows: Sequence[CalibrationRow]) -> str:
    """The calibration as every verdict names it: its file, date, threshold and the load when taken."""
    return (f"calibration {where} (taken {rows[0].measured_at}, threshold {max(r.threshold for r in rows):.2%}, "
            f"{load_words(rows)} when taken; {heldout_note(rows)}"
            f"{too_noisy(max(r.threshold for r in rows))})")


def load_words(rows: Sequence[CalibrationRow]) -> str:
    """'load 0.42 per core' (the highest host load any row recorded), or 'load unknown' where none was (an OS
    without getloadavg, or a calibration.csv written before the load was recorded)."""
    load = max((x for x in (_num(r.load) for r in rows) if not math.isnan(x)), default=math.nan)
    return "load unknown" if math.isnan(load) else f"load {load:.2f} per core"


def summary_line(rows: Sequence[CalibrationRow], path: Path) -> str:
    """One line: the held-out false-win rate first (what the tuner's and the reports' verdicts rest on),
    whether the threshold had to grow, the in-sample rate beside it, drift and the detectable effect."""
    r = rows[0]
    held = max(x.false_win_rate_heldout for x in rows)
    if r.heldout_verified:
        verdict = f"<= {TARGET_RATE:.0%}: verified on rounds that did not fit it"
    else:
        verdict = (f"ABOVE {TARGET_RATE:.0%} after {r.heldout_batches} fresh batches: NOT verified, verdicts on "
                   f"this device can be false more often than that")
    growth = "" if r.heldout_batches <= 1 else (
        f", grown from the in-sample fit {r.threshold_in_sample:.2%} (held-out rate {r.first_heldout_rate:.1%} there) "
        f"until the held-out rate was <= {TARGET_RATE:.0%}, then checked on fresh rounds again")
    return (f"calibration {r.device} ({r.device_name or 'unnamed'}), {load_words(rows)} when taken: "
            f"held-out false-win rate {held:.1%} over "
            f"{r.heldout_pairs} fresh A/A pairs at threshold {r.threshold:.2%}{growth} ({verdict}); in-sample "
            f"{max(x.false_win_rate for x in rows):.1%} on the {r.pairs} pairs it was fitted on; "
            f"{r.rounds_per_verdict} rounds a verdict, drift {r.drift:+.2%}, minimal detectable effect "
            f"{max(x.min_detectable_effect for x in rows):.2%}{too_noisy(r.threshold)} -> {path}")


def write_calibration(rows: Sequence[CalibrationRow], path: Path) -> None:
    """calibration.csv in the row store (problems/rows.py): atomic, a checksum per row."""
    write_csv_table(rows, path, [f.name for f in fields(CalibrationRow)], checksum=True)


def read_calibration(path: Path | str) -> Table[CalibrationRow]:
    """The verified rows of a calibration.csv; an edited row, or one without its checksum, is damaged (a threshold
    sets every verdict's floor: only what `vdmfma calibrate` wrote is taken). ValueError if it is not one."""
    return read_checked(path, CalibrationRow, required=("device", "device_name", "threshold"),
                        what="a calibration.csv written by vdmfma calibrate", verified=True)


NONE = "none"  # --calibration none: the default threshold, whatever calibration is kept


def governs(device: str, device_name: str) -> str:
    """What a kept calibration decides, for calibrate's console."""
    return (f"it sets the verdict floor of every later tune, report, compare and model measured on {device} "
            f"({device_name or 'unnamed'}) until the next calibrate; --calibration FILE|none overrides it")


def kept_path(device: str, device_name: str) -> Path:
    from ..compiler.driver import default_cache_dir  # noqa: PLC0415

    slug = re.sub(r"[^A-Za-z0-9]+", "-", f"{device}-{device_name}").strip("-").lower()
    return default_cache_dir() / "calibration" / f"{slug}.csv"


def load_rule(device: str, path: Optional[Path | str] = None, device_name: Optional[str] = None) -> paired.PairedRule:
    """The paired rule with this device's calibrated threshold (the largest of its rows), else the default.
    ``source`` names the file it came from. ``device_name``: the driver's name as rows record it
    (a report read elsewhere); None asks the device."""
    if device_name is None:
        from ..devices.probe import device_info  # noqa: PLC0415

        device_name = device_info(device).name
    name = device_name
    where = path or os.environ.get("VDMFMA_CALIBRATION") or kept_path(device, name)
    if str(where) == NONE:
        return replace(paired.DEFAULT_PAIRED_RULE, note="--calibration none: the default threshold")
    where = Path(where)
    if where.is_dir():
        where = where / CALIBRATION_CSV
    if not where.is_file():
        return paired.DEFAULT_PAIRED_RULE
    try:
        table = read_calibration(where)
    except (OSError, ValueError) as e:
        return replace(paired.DEFAULT_PAIRED_RULE, note=f"calibration {where} not used ({e}): the default threshold")
    # a threshold of 100% or more is kept, never swapped for the default: it is what this device measured
    # (no win can be declared at it), and the default's 1% would call its noise wins
    rows = [r for r in table.rows if r.device_name == name and math.isfinite(r.threshold) and r.threshold > 0]
    if table.damaged and not rows:
        return replace(paired.DEFAULT_PAIRED_RULE, note=f"calibration {where} not used: {len(table.damaged)} "
                       f"damaged row(s) ({table.damaged[0]}): the default threshold; run `vdmfma calibrate` again")
    if not rows:
        return paired.DEFAULT_PAIRED_RULE
    threshold = max(r.threshold for r in rows)
    return paired.PairedRule(threshold=threshold, confidence=rows[0].confidence or 0.95, source=describe(where, rows),
                             note=noisy(rows) + too_noisy(threshold))


def too_noisy(threshold: float) -> str:
    """What a threshold of 100% or more means, for a line that shows it ('' below 100%)."""
    return ("" if threshold < 1 else f"; at a threshold of {threshold:.0%} only a difference beyond it is told from "
            f"noise and no candidate can win a race: the device was too noisy when calibrated, calibrate again when "
            f"it is idle")


def _num(v) -> float:
    return math.nan if v is None else float(v)


def heldout_note(rows: Sequence[CalibrationRow]) -> str:
    """What a calibration's false-win rate rests on, for a rule's source: the held-out rate (and whether
    it is within 5%), or, for rows without a held-out check, that it is unverified."""
    held = [_num(r.false_win_rate_heldout) for r in rows]  # the row store reads an empty cell as None
    if not held or any(math.isnan(v) for v in held):
        in_sample = max((_num(r.false_win_rate) for r in rows), default=math.nan)
        return (f"unverified: only an in-sample false-win rate ({in_sample:.1%}) on the rounds that fitted the "
                f"threshold; rerun vdmfma calibrate for a held-out check")
    pairs = min(r.heldout_pairs or 0 for r in rows)
    rate = max(held)
    return (f"held-out false-win rate {rate:.1%} over {pairs} fresh A/A pairs"
            + ("" if rate <= TARGET_RATE and pairs >= MIN_HELDOUT_PAIRS else ": NOT verified"))
