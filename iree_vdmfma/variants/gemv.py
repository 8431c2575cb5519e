"""The ``gemv`` variant: the no-MMA VectorDistribute config of configs/gemv.py (M <= 8), as a sweep variant;
for an MX (block-scaled) dtype the MX gemv of configs/scaled.py instead (any M: 64 lanes along K, each
decoding one 32-value block in registers a step, one output per workgroup).

It uses the target's default subgroup size (wave32 on RDNA, wave64 on CDNA) and the tuner's default
gemv knobs (4 rows per workgroup, one subgroup along K, 16-byte lane loads) with a K step of at least
512 elements. What was generated is proved from the ISA like every variant (no MMA instruction,
VectorDistribute); nothing here is measured.

Wave64 on RDNA: IREE 3.13's TargetInfo for gfx11/gfx12 says ``subgroup_size_choices = [32, 64]``, but
the same config with 64-lane subgroups fails on gfx1100 (``'gpu.subgroup_reduce' op cluster size 64 is
greater than subgroup size 32``: the kernel is still built wave32) and ``--iree-rocm-target-features``
takes only sramecc/xnack, so there is no wave64 gemv variant (tests/test_rdna.py keeps the finding).
"""

from __future__ import annotations

from typing import Optional

from ..backends import ROCM
from ..configs.gemv import GemvConfig
from ..configs.knobs import GEMV_MAX_M, default_gemv_config
from ..configs.scaled import mx_gemv_config
from ..devices.targets import subgroup_size
from ..problems.problem import Problem
from .registry import Variant, register


gemv_variant_config = default_gemv_config  # the variant's config (configs/knobs.py owns it)


def _requires(problem: Problem, arch: str) -> tuple[bool, str]:
    if problem.dt.is_mx:  # the MX gemv takes one output per workgroup at any M
        return True, ""
    if problem.m > GEMV_MAX_M or problem.batched:
        return False, f"the gemv config is for unbatched M <= {GEMV_MAX_M} (M={problem.m}, batch={problem.batch})"
    c = gemv_variant_config(problem, arch)
    if problem.n % c.rows or problem.k % c.partial_reduction:
        return False, f"{c.rows} rows / K step {c.partial_reduction} do not divide N={problem.n} / K={problem.k}"
    return True, ""


def _rule(problem: Problem, arch: str) -> Optional[GemvConfig]:
    if problem.dt.is_mx:
        return mx_gemv_config(problem, subgroup_size(arch))
    return gemv_variant_config(problem, arch)


GEMV = register(Variant("gemv", "no-MMA VectorDistribute GEMV config (M <= 8): rows of the weights streamed "
                        "per workgroup with 16-byte lane loads, on the target's default wave size (MX dtypes: "
                        "64 lanes along K, values decoded in registers, one output per workgroup)",
                        _rule, backend=ROCM, requires=_requires))
