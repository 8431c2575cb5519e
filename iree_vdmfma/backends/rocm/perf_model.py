"""ROCm's STATIC latency MODEL for tune --device none. It is a model, not a measurement.

modelled_us = bytes / effective_bandwidth + launch_us * dispatches, where
- bytes = weights once + A re-read by every N-tile column of workgroups + C (f32
  partials written and re-read by the reduce dispatch when split) + C written;
- effective bandwidth = peak HBM x min(1, bytes in flight / (peak x latency)) (Little's
  law): bytes in flight = resident waves x weight bytes one wave has in flight
  (its N/subgroup rows of one K tile: prefetch keeps a tile in flight), and resident
  waves = min(workgroups, CUs x workgroups per CU from the evidence's occupancy)
  x waves per workgroup.
Assumed (not measured): HBM latency MEM_LATENCY_US, LAUNCH_US per dispatch, the target's
data-sheet peak (devices/targets.py: MI300X, MI355X; on RDNA the Radeon card's GDDR6 peak, its
CU count, and waves of the config's own subgroup size, 32 lanes). Checked against the
write-up's six published MI300X numbers in the README (rank correlation and error); it ranks
configs, it does not predict time. Nothing on RDNA has been checked against a measurement.
MX (mxfp4): an element's bytes are its packed values plus its share of the E8M0 scales,
tiles are read through the config's m_tile/n_tile/k_tile, and IREE's default stands in
as the scaled MFMA (its own choice at M >= 8); never checked against a measurement.
"""

from __future__ import annotations

import math
from typing import Mapping, Optional

from ...configs.gemv import GemvConfig
from ...configs.knobs import dispatch_problem, knob_config
from ...devices.targets import subgroup_size, target as get_target
from ...problems.problem import Problem
from ..base import PerfModel
from .evidence import occupancy
from .targets import is_rdna

MEM_LATENCY_US = 2.0
LAUNCH_US = 3.0

# The model's validated error on a speedup (one config's modelled latency over another's), per target where it was
# checked against measured numbers: benchmarks/tune_model_check.py against the write-up's six published MI300X
# latencies of IREE's default and the padded config (docs/tuning.md's table): per shape, the modelled
# padded/default ratio over the published one; the worst of the six is 1.98 (the model charges padded about twice
# what MI300X measured). A modelled speedup S is told from no difference only when S > 1.98 or S < 1 / 1.98; on any
# other target the error is not validated and no modelled speedup is.
SPEEDUP_ERROR = {"gfx942": 1.98}
VALIDATION = "the six published MI300X latencies of IREE's default and the padded config (docs/tuning.md)"


def speedup_error(arch: str) -> Optional[float]:
    """The factor a modelled speedup on ``arch`` may be off by, as validated on measured data; None: not validated."""
    return SPEEDUP_ERROR.get(arch)


def _split(settings: Mapping[str, object]) -> int:
    return int(settings.get("split", 0) or 0)


def modelled_us(p: Problem, settings: Mapping[str, object], fields: Mapping[str, object],
                arch: str) -> Optional[float]:
    """Modelled latency of a proved candidate from its evidence ``fields`` (None without what it needs)."""
    workgroups, workgroup_size, waves = (fields.get(k) for k in ("workgroups", "workgroup_size", "waves_per_simd"))
    if not workgroups or not workgroup_size or not waves:
        return None
    t = get_target(arch)
    config = knob_config(p, arch, settings)
    if config is None and is_rdna(arch):  # IREE's default on RDNA: the padded WMMA config (ISA-proved, gfx1100)
        config = knob_config(p, arch, dict(settings, mma="dense"))
    b = p.operand_bytes(1) / (p.batch * p.k)  # bytes an element (MX: packed values and their scales)
    n_tile = config.n_tile if config else 64  # IREE's default N tile (tuning-knobs.md)
    a_bytes = p.batch * p.m * p.k * b * math.ceil(p.n / n_tile)
    c_bytes = p.batch * p.m * p.n * 4
    split = p.k // _split(settings) if _split(settings) else 1
    partials = 2 * c_bytes * split if split > 1 else 0
    total = p.weight_bytes + a_bytes + partials + c_bytes
    waves_per_wg = math.ceil(workgroup_size / (config.subgroup_size if config else subgroup_size(arch)))
    wgs_per_cu = max(1, waves * t.simds_per_cu // waves_per_wg)
    resident_waves = min(workgroups, t.compute_units * wgs_per_cu) * waves_per_wg
    in_flight = resident_waves * _wave_bytes_in_flight(config, b)
    peak = t.peak_hbm_gbps * 1e9
    efficiency = min(1.0, in_flight / (peak * MEM_LATENCY_US * 1e-6))
    dispatches = 2 if split > 1 else 1
    return total / (peak * efficiency) * 1e6 + LAUNCH_US * dispatches


def _wave_bytes_in_flight(config, elem_bytes: int) -> float:
    """Weight bytes one wave has in flight: its rows of one K step (a K tile, or a gemv step: its share of the
    rows over N subgroups and of the step over K subgroups)."""
    if isinstance(config, GemvConfig):  # each wave: all rows of its share of the K step
        return (config.rows * config.partial_reduction * max(config.block, 1) / config.k_subgroups
                / config.n_subgroups * elem_bytes)
    n_tile = config.n_tile if config else 64
    subgroups = max(1, config.workgroup_size // config.subgroup_size) if config else 2
    k_tile = config.k_tile if config else 256
    return n_tile / subgroups * k_tile * elem_bytes


def estimate_us(p: Problem, settings: Mapping[str, object], arch: str) -> float:
    """Pre-compile estimate for ordering a space larger than --max-candidates (like Triton's
    perf-model pruning): the same model fed with the config's own workgroups and an LDS-only
    occupancy. IREE's default stands in as the vdmfma rule's config. A MODEL, for ordering only."""
    t = get_target(arch)
    stand_in = "scaled" if p.dt.is_mx else "vdmfma"  # MX: IREE's own choice at M >= 8 is the scaled MFMA
    proxy = dict(settings, mma=stand_in) if settings.get("mma") == "default" else settings
    try:
        config = knob_config(p, arch, proxy)
    except Exception:  # no VDMFMA for this dtype (or none at all: RDNA): the dense rule stands in
        proxy = dict(settings, mma="dense")
        config = knob_config(p, arch, proxy)
    split = p.k // _split(settings) if _split(settings) else 1
    q = dispatch_problem(p, _split(settings))
    m_tile, n_tile = config.m_tile, config.n_tile
    wgs = p.batch * math.ceil(q.m / m_tile) * math.ceil(q.n / n_tile) * split
    waves, _ = occupancy(128, config.lds_estimate, config.workgroup_size, t, config.subgroup_size)
    fields = {"workgroups": wgs, "workgroup_size": config.workgroup_size, "waves_per_simd": max(1, waves)}
    return modelled_us(p, proxy, fields, arch) or float("inf")


def pct_peak(p: Problem, us: float, arch: str) -> float:
    """Weight bytes over a MODELLED time, as % of the target's data-sheet HBM peak (``model_pct_peak``)."""
    return 100.0 * p.weight_bytes / (us * get_target(arch).peak_hbm_gbps * 1e3)


class RocmPerfModel(PerfModel):
    """backends/base.py PerfModel: the latency MODEL of this module's functions, its error validated on gfx942."""

    validation = VALIDATION
    speedup_error = staticmethod(speedup_error)
    modelled_us = staticmethod(modelled_us)
    estimate_us = staticmethod(estimate_us)
    pct_peak = staticmethod(pct_peak)


MODEL = RocmPerfModel()
