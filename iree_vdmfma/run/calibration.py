"""A/A calibration: how often the paired rule calls a difference where there is none, on one device.

What is measured: one small problem's runnable module, compiled twice (two separate compiles,
no cache; their kernel fingerprints are recorded and should be one), raced as three contenders
in paired, shuffled rounds (run/paired.py): ``A`` (compile 1), ``A-again`` (the very same
module loaded a second time) and ``B`` (compile 2). Both ``A-again`` and ``B`` are A/A
comparisons against ``A``: every verdict other than within-noise is a false one.

What is computed from those measurements (nothing modelled):

- ``threshold``: fitted per half of the rounds (even, odd) and per comparison: the smallest
  relative difference (>= the rule's 1% floor) that the median ratio of ``rounds_per_verdict``
  A/A rounds exceeds in at most ``target`` (5%) of subsets of those rounds; the device's
  threshold is the largest of these fits;
- ``false_win_rate``: the share of subsets of ``rounds_per_verdict`` rounds of each half in
  which the paired rule at the device's threshold says win or loss (either side "wins"),
  averaged over the two halves;
- ``drift``: the base's latency in the last quarter of rounds over the first quarter, minus 1;
- ``min_detectable_effect``: the smallest true difference the rule resolves in that many rounds
  on this noise: max(threshold, 95th percentile over held-out subsets of the distance from 1 to
  the far end of the median's interval). Derived from A/A data, not from an injected effect.

A device's calibration is looked up (``load_rule``) from ``$VDMFMA_CALIBRATION`` (a
calibration.csv or a folder holding one), else the copy ``vdmfma calibrate`` keeps under the
cache directory (``calibration/<device>.csv``); rows of another device name do not apply.
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
from typing import Optional, Sequence

import numpy as np

from . import paired
from ..executors import on_device
from ..problems.problem import Problem
from ..problems.rows import Table, read_checked, write_csv_table

CALIBRATION_CSV = "calibration.csv"
DEFAULT_PROBLEM = Problem(8, 128, 512)  # tiny: calibrating a CPU in CI takes seconds
TARGET_RATE = 0.05
ROUNDS_PER_VERDICT = 6  # the fewest rounds with a 95% interval of the median
SUBSETS = 400


@dataclass(frozen=True)
class CalibrationRow:
    device: str
    device_name: str
    kind: str  # 'same-module' (one module loaded twice) or 'two-compiles' (two compiles of one job)
    problem: str
    cache_mode: str
    pairs: int  # A/A rounds measured
    rounds_per_verdict: int
    confidence: float
    threshold: float  # the device's: the largest fitted on any half of either comparison
    fitted_threshold: float  # this comparison's own (the larger of its two halves' fits)
    false_win_rate: float
    drift: float
    min_detectable_effect: float
    median_ratio: float
    same_kernel: bool  # the two contenders' kernel fingerprints are one
    mode: str  # how the rounds were measured (run/paired.py)
    measured_at: str


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
    """The rule at ``threshold`` on held-out halves: false_win_rate and min_detectable_effect are the
    means over the even and the odd rounds; drift of the base's samples."""
    r = list(ratios)
    rule = paired.PairedRule(threshold=threshold, confidence=confidence)
    halves = (r[0::2], r[1::2])
    return dict(threshold=threshold, fitted_threshold=fitted_threshold(r, rounds, seed),
                false_win_rate=float(np.mean([false_win_rate(h, rule, rounds, seed) for h in halves])),
                min_detectable_effect=float(np.mean([detectable_effect(h, rule, rounds, seed) for h in halves])),
                drift=drift(base_samples), median_ratio=float(np.median(r)))


def calibrate(device: str, out_dir: Path, pairs: int = 24, problem: Problem = DEFAULT_PROBLEM,
              cache_mode: str = "cold", seed: int = 0, rounds: int = ROUNDS_PER_VERDICT,
              confidence: float = 0.95, mode: str = "auto", keep: bool = True) -> list[CalibrationRow]:
    """Compile twice, measure A/A in ``pairs`` paired rounds, write OUT/calibration.csv (and keep a
    copy for ``load_rule`` when ``keep``)."""
    from ..compiler.driver import CompileJob, Compiler  # noqa: PLC0415
    from ..compiler.fingerprint import fingerprint  # noqa: PLC0415
    from ..devices.flags import compile_flags  # noqa: PLC0415
    from ..devices.probe import device_info, device_target, resolve_device  # noqa: PLC0415
    from ..problems.loop_ir import runner_input_ir  # noqa: PLC0415
    from .provenance import now_utc  # noqa: PLC0415

    if pairs < 2 * rounds:
        raise ValueError(f"calibration needs at least {2 * rounds} pairs (half fit the threshold, half test it)")
    dev = resolve_device(device)
    if dev is None:
        raise ValueError("calibration needs a device (got none)")
    target = device_target(dev)
    job = CompileJob(f"{problem.key}/calibrate/{target}", runner_input_ir(problem), tuple(compile_flags(target)))
    out_dir = Path(out_dir)
    out_dir.mkdir(parents=True, exist_ok=True)
    with Compiler(None, workers=1) as first, Compiler(None, workers=1) as second:  # two real compiles
        a, b = first.compile(job), second.compile(job)
        for r in (a, b):
            if not r.ok:
                raise RuntimeError(f"calibration compile failed: {r.error} (repro: {r.repro})")
        same = fingerprint(a.dump_dir) == fingerprint(b.dump_dir)
        contenders = [paired.Contender("A", a.vmfb), paired.Contender("A-again", a.vmfb),
                      paired.Contender("B", b.vmfb)]
        measured = on_device(first.executor, partial(paired.measure_rounds, contenders, problem, dev, pairs,
                                                     seed=seed, cache_mode=cache_mode, mode=mode))
    name = device_info(dev).name
    kinds = (("same-module", "A-again"), ("two-compiles", "B"))
    # One threshold for the device: the largest fitted on any half of either A/A comparison.
    threshold = max(fitted_threshold(measured.ratios(other, "A"), rounds, seed) for _, other in kinds)
    rows = []
    for kind, other in kinds:
        stats = analyse(measured.ratios(other, "A"), measured.samples["A"], threshold, rounds, confidence, seed)
        rows.append(CalibrationRow(dev, name, kind, problem.key, cache_mode, pairs, rounds, confidence,
                                   same_kernel=same, mode=measured.modes[0], measured_at=now_utc(), **stats))
    write_calibration(rows, out_dir / CALIBRATION_CSV)
    if keep:
        write_calibration(rows, kept_path(dev, name))
    return rows


def summary_line(rows: Sequence[CalibrationRow], path: Path) -> str:
    worst = max(rows, key=lambda r: r.false_win_rate)
    return (f"calibration {worst.device} ({worst.device_name or 'unnamed'}): false-win rate "
            f"{max(r.false_win_rate for r in rows):.1%} at threshold {worst.threshold:.2%} over {worst.pairs} A/A pairs "
            f"({worst.rounds_per_verdict} rounds a verdict), drift {worst.drift:+.2%}, minimal detectable effect "
            f"{max(r.min_detectable_effect for r in rows):.2%} -> {path}")


def write_calibration(rows: Sequence[CalibrationRow], path: Path) -> None:
    """calibration.csv in the row store (problems/rows.py): atomic, a checksum per row."""
    write_csv_table(rows, path, [f.name for f in fields(CalibrationRow)], checksum=True)


def read_calibration(path: Path | str) -> Table[CalibrationRow]:
    """The verified rows of a calibration.csv; an edited row, or one without its checksum, is damaged (a threshold
    sets every verdict's floor: only what `vdmfma calibrate` wrote is taken). ValueError if it is not one."""
    return read_checked(path, CalibrationRow, required=("device", "device_name", "threshold"),
                        what="a calibration.csv written by vdmfma calibrate", verified=True)


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
    where = Path(where)
    if where.is_dir():
        where = where / CALIBRATION_CSV
    if not where.is_file():
        return paired.DEFAULT_PAIRED_RULE
    try:
        table = read_calibration(where)
    except (OSError, ValueError) as e:
        return replace(paired.DEFAULT_PAIRED_RULE, note=f"calibration {where} not used ({e}): the default threshold")
    rows = [r for r in table.rows if r.device_name == name and 0 < r.threshold < 1]
    if table.damaged and not rows:
        return replace(paired.DEFAULT_PAIRED_RULE, note=f"calibration {where} not used: {len(table.damaged)} "
                       f"damaged row(s) ({table.damaged[0]}): the default threshold; run `vdmfma calibrate` again")
    if not rows:
        return paired.DEFAULT_PAIRED_RULE
    return paired.PairedRule(threshold=max(r.threshold for r in rows), confidence=rows[0].confidence or 0.95,
                             source=f"calibration {where}")
