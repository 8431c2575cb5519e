"""Derived columns a reader needs to judge a row, computed from the row, its problem and data sheets.

Exact (from the problem shape alone): ``flops`` (2·B·M·N·K), ``weight_bytes`` (B·N·K·element size, the
weights read once), ``arith_intensity`` (flops / compulsory bytes: A and B read once, C written once).

MODELLED (never measured):

* ``m_tiles``: workgroup tiles along M, ``ceil(M / M tile)``, the M tile taken from the variant's own
  config (``variants`` registry: VDMFMA tiles M by 8, the padded baseline by 16). Each M tile's
  workgroups read the whole weight matrix again, so
* ``weight_bytes_read`` = ``weight_bytes · m_tiles``: bytes of weights read per call, counting the
  re-reads across M tiles (caches may absorb some of them; this is the traffic the tiling asks for).
  A variant that injects no config (IREE's own choice, ``default``) has no known M tile: empty.
* ``pct_cus_busy``: % of the target's CUs with at least one workgroup, ``min(workgroups, CUs) / CUs``;
  ``workgroups`` is itself modelled from the configured tile, the CU count is a data-sheet figure.
"""

from __future__ import annotations

import math
from functools import lru_cache
from typing import Mapping, Optional

from ..devices.targets import TARGETS
from ..problems.problem import DTYPES, Problem

DERIVED_DOC: dict[str, str] = {
    "flops": "2·batch·M·N·K (exact, from the shape)",
    "arith_intensity": "flops / compulsory bytes (A, B read once, C written once): FLOP per byte, exact",
    "weight_bytes": "batch·N·K·element bytes: the weights read once (exact)",
    "m_tiles": "MODELLED: workgroup tiles along M = ceil(M / the variant config's M tile); empty when the "
               "variant injects no config",
    "weight_bytes_read": "MODELLED: weight bytes read per call = weight_bytes · m_tiles (each M tile re-reads "
                         "the weights)",
    "pct_cus_busy": "MODELLED: % of the target's CUs with work = min(workgroups, CUs) / CUs · 100",
}


def problem_of(row: Mapping) -> Optional[Problem]:
    """The row's problem, or None when its shape or dtype is not a valid Problem."""
    try:
        return Problem(int(row["m"]), int(row["n"]), int(row["k"]), int(row.get("batch") or 1), str(row["dtype"]))
    except (ValueError, TypeError, KeyError):
        return None


@lru_cache(maxsize=4096)
def m_tile(variant: str, problem: Problem, target: str) -> Optional[int]:
    """The M workgroup tile the variant's config asks for on ``target`` (None: no config / unknown).

    The variant registry (and with it the compiler bindings) is imported here, not at module import:
    a report is also written where no compiler is installed (``vdmfma bench``); there, no model.
    """
    if target not in TARGETS:
        return None
    try:
        from ..variants.registry import REGISTRY
    except ImportError:
        return None
    v = REGISTRY.get(variant)
    if v is None or (v.backend is not None and not v.backend.handles(target)):
        return None
    try:
        config = v.config(problem, target)
    except Exception:  # noqa: BLE001 - e.g. no intrinsic for the dtype on this target: no model
        return None
    if config is None:
        return None
    tile = config.workgroup[-3]  # (batch,) M, N, K
    return tile if tile > 0 else problem.m


def derived(row: Mapping) -> dict:
    """The DERIVED_DOC columns for one result/summary row (NaN where not known)."""
    nan = float("nan")
    out = dict.fromkeys(DERIVED_DOC, nan)
    p = problem_of(row)
    if p is None:
        return out
    out.update(flops=float(p.flops), weight_bytes=float(p.weight_bytes),
               arith_intensity=p.flops / p.bytes_moved)
    tile = m_tile(str(row.get("variant", "")), p, str(row.get("target", "")))
    if tile:
        out["m_tiles"] = float(math.ceil(p.m / tile))
        out["weight_bytes_read"] = p.weight_bytes * out["m_tiles"]
    t = TARGETS.get(str(row.get("target", "")))
    wgs = row.get("workgroups")
    if t and wgs is not None and isinstance(wgs, (int, float)) and math.isfinite(wgs):
        out["pct_cus_busy"] = 100.0 * min(float(wgs), t.compute_units) / t.compute_units
    return out


def element_bytes(dtype: str) -> Optional[int]:
    d = DTYPES.get(dtype)
    return d.bytes if d else None
