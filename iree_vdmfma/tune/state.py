"""Tuning state on disk: candidates.csv (one row per candidate) and winners.csv (one per shape).

candidates.csv IS the resumable state: every planned candidate is written as
``pending`` first and rewritten atomically the moment it finishes a stage, so a
killed tune loses at most the candidates in flight; a rerun skips rows in a
terminal state (nothing finished is redone).
"""

from __future__ import annotations

import csv
import dataclasses
from dataclasses import dataclass, fields
from pathlib import Path
from typing import Iterable, Optional, TypeVar

from ..problems.rows import parse_typed, write_csv_table as _write

# Candidate statuses. 'compiled' / 'pending' are unfinished; the rest are terminal.
PENDING, COMPILED, MEASURED, MODELLED = "pending", "compiled", "measured", "modelled"
PRUNED, REJECTED, NOT_APPLIED = "pruned", "rejected", "not-applied"
COMPILE_ERROR, TIMEOUT, RUN_ERROR, NUMERICS_FAILED = "compile-error", "timeout", "run-error", "numerics-failed"
SAME_KERNEL = "same-kernel"  # compiled to the code of a candidate already measured (one kernel_fingerprint)
TERMINAL = {MEASURED, MODELLED, PRUNED, REJECTED, NOT_APPLIED, COMPILE_ERROR, TIMEOUT, RUN_ERROR, NUMERICS_FAILED,
            SAME_KERNEL}
FAILED = {COMPILE_ERROR, TIMEOUT, RUN_ERROR, NUMERICS_FAILED}


@dataclass(frozen=True)
class CandidateRow:
    key: str
    name: str
    m: int
    n: int
    k: int
    batch: int
    dtype: str
    target: str
    candidate: str  # the knob setting, 'split=1024,mma=vdmfma,...' (the resume key with `key`)
    status: str = PENDING
    reference: str = ""  # 'default' / 'padded' when this candidate is a reference config
    split: Optional[int] = None
    mma: str = ""
    # evidence (ROCm ISA; dispatches everywhere)
    dispatches: Optional[int] = None
    mma_kind: str = ""
    smfmac: Optional[int] = None
    mfma: Optional[int] = None
    wmma: Optional[int] = None  # RDNA: v_wmma instructions
    vgpr: Optional[int] = None
    lds_bytes: Optional[int] = None
    spills: Optional[int] = None
    scratch_bytes: Optional[int] = None
    narrow_loads: Optional[int] = None
    workgroups: Optional[int] = None
    workgroup_size: Optional[int] = None
    waves_per_simd: Optional[int] = None
    kernel_fingerprint: str = ""  # hash of the dispatched code (compiler/fingerprint.py): one value, one kernel
    compile_s: Optional[float] = None
    retried: Optional[bool] = None  # recompiled with --mlir-disable-threading after a timeout
    # measured
    device: str = ""
    numerics: str = ""
    max_rel_err: Optional[float] = None
    cold_us_median: Optional[float] = None
    cold_us_std: Optional[float] = None
    cold_us_mad: Optional[float] = None  # median absolute deviation: the spread the winner rule uses
    cold_us_min: Optional[float] = None
    cold_us_max: Optional[float] = None
    cold_reps: Optional[int] = None
    hot_us_median: Optional[float] = None
    hot_us_std: Optional[float] = None
    # modelled (--device none)
    modelled_us: Optional[float] = None
    reason: str = ""
    error: str = ""
    repro: str = ""

    @property
    def row_key(self) -> tuple[str, str]:
        return (self.key, self.candidate)

    def replace(self, **changes) -> "CandidateRow":
        return dataclasses.replace(self, **changes)


@dataclass(frozen=True)
class WinnerRow:
    key: str
    name: str
    m: int
    n: int
    k: int
    batch: int
    dtype: str
    target: str
    device: str
    winner: str  # knob setting of the winner
    split: Optional[int] = None
    mma: str = ""
    latency_us_median: Optional[float] = None  # winner (cold), from the final side-by-side re-measure
    default_us_median: Optional[float] = None
    padded_us_median: Optional[float] = None
    speedup_vs_default: Optional[float] = None
    speedup_vs_padded: Optional[float] = None
    verdict: str = ""  # the noise rule's verdict of winner vs default (or 'modelled')
    basis: str = ""  # 'measured (cold, DEVICE)' or 'modelled'
    search_us_median: Optional[float] = None  # winner's latency during the search (drift check)
    default_search_us_median: Optional[float] = None
    drift_default: Optional[float] = None  # final / search latency of the default
    workgroups: Optional[int] = None
    candidates: Optional[int] = None  # compiled candidates for the shape
    note: str = ""
    # --race (tune/race.py): the paired race's finalists and the rule it used
    runner_up: str = ""
    margin: str = ""  # runner-up / leader latency ratio: 'median [low, high] xROUNDS' (> 1: the runner-up slower)
    rounds: Optional[int] = None  # paired rounds the finalists were raced
    fastest: str = ""  # the leader by median paired ratio (the winner unless a tie went to a simpler config)
    threshold: Optional[float] = None  # the paired rule's threshold
    threshold_source: str = ""  # 'default' or 'calibration PATH' (vdmfma calibrate)


R = TypeVar("R")


def read_table(path: Path | str, cls: type[R]) -> list[R]:
    path = Path(path)
    if not path.exists():
        return []
    types = {f.name: f.type for f in fields(cls)}
    with path.open(newline="") as f:
        return [cls(**{k: parse_typed(types[k], v or "") for k, v in d.items() if k in types})
                for d in csv.DictReader(f)]


def write_table(rows: Iterable, path: Path | str, cls: type) -> None:
    """Atomic: a reader (or a rerun after a kill) sees the old file or the new one."""
    _write(rows, path, [f.name for f in fields(cls)])
