"""CUDA's STATIC latency MODEL (a MODEL, never a measurement): ranks candidates and gives ``model_pct_peak``.

t = max(t_mem, t_issue) + FLOOR_US + EXTRA_DISPATCH_US x (dispatches - 1), and
model_pct_peak = weight bytes / t / HBM peak, where
- t_mem = HBM bytes (weights, f32 partials of a split, C) / (peak x min(1, bytes in flight / (peak x LATENCY_US)))
  (Little's law); bytes in flight = resident workgroups x threads x bytes a thread has in flight: IREE's default
  about 48 B (its SASS interleaves the loads with shared-memory stores), a tensor-core config its whole K step
  (issued back to back), a gemv min(loads a step, 10) 16-byte loads (ptxas hoists about 10);
- t_issue = weight bytes x warp-instructions per weight byte / (SMs busy x 4 a clock x 1.98 GHz): a gemv is
  (M + 3.6) / 64 (an f32 FMA per A row and the f16 conversions: 371 per 2 KB at M = 8 in the winners' SASS);
  an mma.sync kernel 1 / 64 (no measured candidate separates the two: every one measured so far is a gemv or
  IREE's default, so this term is unvalidated);
- the grid's waves enter through residency (the live workgroups' bytes in flight); a wave-quantisation tail
  (x ceil(waves) / waves) made the held-out ranks worse (median rank correlation 0.71 against 0.77), so it is out;
- FLOOR_US = 40 us, the per-call floor of the timing (the harness's per-dispatch cost, run/floor.py): the value
  benchmarks/cuda_model_check.py picks on every held-out shape, the top of its grid (20, 30, 40 us), so the fit is
  bounded by the grid and the best value may lie higher. It is not the about 27 us per call that a linear fit of
  the H200 winners alone showed: the ranks of all the measured candidates want the larger floor; and
  EXTRA_DISPATCH_US for a split's second dispatch (held-out split gemv candidates took about 40 us more on the
  H200).
Registers decide residency: ptxas's count when the candidate was compiled (``fields['regs']``), else an assumed
one per config. The constants are what shared/notes/cuda-kernel-analysis.md read from the SASS; LATENCY_US,
FLOOR_US and EXTRA_DISPATCH_US are the values benchmarks/cuda_model_check.py picks on all the measured H100/H200
candidates (it validates the model leave-one-shape-out, each shape's constants picked on the others). Nothing
here was run on a GPU.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Mapping, Optional

from ...configs.gemv import GemvConfig
from ...configs.knobs import knob_config
from ...devices.targets import device_spec
from ...problems.problem import Problem
from ..base import PerfModel
from .machine import MAX_THREADS_PER_SM, SMS, resident_per_sm

LATENCY_US = 0.3
FLOOR_US = 40.0  # the module docstring says why: the top of the check's grid
EXTRA_DISPATCH_US = 40.0
ISSUE_PER_US = 4 * 1980.0  # warp-instructions an SM issues a microsecond
DEFAULT_THREAD_BYTES = 48  # IREE's default TileAndFuse: B in flight a thread (SASS, cuda-kernel-analysis.md)
GEMV_HOISTED = 10  # 16-byte loads ptxas issues before the first use
PEAK_DEVICE = "H200"  # whose HBM peak a --device none tune is modelled against


@dataclass(frozen=True)
class Shape:
    """What the model needs of one candidate: its grid, threads, bytes in flight a thread, issue cost."""

    workgroups: int
    threads: int
    thread_bytes: float
    issue_per_byte: float
    regs: int
    dispatches: int
    extra_bytes: float  # HBM bytes beside the weights and C (a split's f32 partials, written and read)


def shape_of(p: Problem, settings: Mapping[str, object], arch: str, regs: Optional[int] = None) -> Shape:
    chunk = int(settings.get("split", 0) or 0)
    splits = p.k // chunk if chunk else 1
    partials = 2 * p.m * p.n * 4 * splits if splits > 1 else 0
    config = knob_config(p, arch, settings)
    eb = p.dt.bytes
    if isinstance(config, GemvConfig):
        loads = config.rows * max(1, config.partial_reduction // config.k_step)
        return Shape(p.n // config.rows * splits, config.workgroup_size, min(loads, GEMV_HOISTED) * config.thread * eb,
                     (p.m + 3.6) / 64, regs or min(255, 32 + 2 * config.rows * p.m), 1 + (splits > 1), partials)
    if config is not None:  # the tensor-core TileAndFuse config
        k_tile = config.k_tile
        threads = config.workgroup_size
        return Shape(p.n // config.n_tile * splits, threads, config.n_tile * k_tile * eb / threads, 1 / 64,
                     regs or {512: 168, 256: 92}.get(k_tile, 56), 1 + (splits > 1), partials)
    if p.m == 1:  # IREE's M = 1 matvec: one row a workgroup of 32 threads, its K loop unrolled (32 loads)
        return Shape(p.n * splits, 32, 32 * 16, (1 + 3.6) / 64, regs or 67, 1 + (splits > 1), partials)
    return Shape(math.ceil(p.n / 32) * splits, 64, DEFAULT_THREAD_BYTES, 1 / 64, regs or 56, 1 + (splits > 1),
                 partials)


def modelled_time_us(p: Problem, s: Shape, peak_gbps: float, latency_us: float = LATENCY_US,
                     floor_us: float = FLOOR_US, extra_us: float = EXTRA_DISPATCH_US) -> float:
    peak = peak_gbps * 1e3  # bytes a microsecond
    resident = max(1, resident_per_sm(s.threads, s.regs)) if s.threads <= MAX_THREADS_PER_SM else 1
    live = min(s.workgroups, SMS * resident)
    in_flight = live * s.threads * s.thread_bytes
    t_mem = (p.weight_bytes + p.m * p.n * 4 + s.extra_bytes) / (peak * min(1.0, in_flight / (peak * latency_us)))
    t_issue = p.weight_bytes * s.issue_per_byte / (min(SMS, s.workgroups) * ISSUE_PER_US)
    return max(t_mem, t_issue) + floor_us + extra_us * (s.dispatches - 1)


def pct_peak(p: Problem, us: float, peak_gbps: float) -> float:
    """Weight bytes over the time, as % of the HBM peak (MODELLED when ``us`` is)."""
    return 100.0 * p.weight_bytes / (us * peak_gbps * 1e3)


def peak_gbps() -> float:
    return device_spec(PEAK_DEVICE).peak_hbm_gbps


class CudaPerfModel(PerfModel):
    """backends/base.py PerfModel: the latency MODEL above, against the H200's data-sheet peak."""

    def modelled_us(self, problem: Problem, settings: Mapping[str, object], fields: Mapping[str, object],
                    target: str) -> Optional[float]:
        return modelled_time_us(problem, shape_of(problem, settings, target, fields.get("regs")), peak_gbps())

    def estimate_us(self, problem: Problem, settings: Mapping[str, object], target: str) -> float:
        return modelled_time_us(problem, shape_of(problem, settings, target), peak_gbps())

    def pct_peak(self, problem: Problem, us: float, target: str) -> float:
        return pct_peak(problem, us, peak_gbps())


MODEL = CudaPerfModel()
