"""Tuning state on disk: candidates.csv (one row per candidate) and winners.csv (one per shape).

candidates.csv IS the resumable state: every planned candidate is written as
``pending`` first and rewritten the moment it finishes a stage, so a killed tune
loses at most the candidates in flight; a rerun skips rows in a terminal state
(nothing finished is redone). Both files live in the one row store of
problems/rows.py, as a sweep's results.csv does: the one status vocabulary
(``Status``; the tuner's states pruned/rejected/measured/modelled are in it, with
their transitions), atomic writes, a checksum per row, validation on resume (a row
cut off or edited by hand is damaged: redone, and counted), and the OUT lock.

A candidate is keyed by everything that makes it: the shape, the target, the device
it was measured on ('none': modelled), the compiler version and its knobs (the
candidate id), so rows of another target, device or compiler are never reused.
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from pathlib import Path
from typing import Iterable, Optional, TypeVar

from ..problems.rows import (CANDIDATE_STATUSES, Identity, Provenance, Status, Table, status_values,
                              read_checked)
from ..problems.rows import write_csv_table as _write


@dataclass(frozen=True)
class _CandidateBody(Identity):
    candidate: str  # the knob setting, 'split=1024,mma=vdmfma,...'
    status: str = Status.PENDING.value
    key: str = ""
    device: str = ""  # the --device it is for: 'none' for a modelled tune (part of the row key)
    compiler_version: str = ""  # iree-compile that built it (part of the row key)
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
    # machine code (CUDA: ptxas and the PTX, backends/cuda/machine.py; ROCm: the ISA): registers, spilled bytes,
    # widest global load, weight bytes one K step of the resident grid requests, and the grid's waves (MODELLED)
    regs: Optional[int] = None
    spill_bytes: Optional[int] = None
    load_bytes: Optional[int] = None
    bytes_in_flight: Optional[int] = None
    waves: Optional[float] = None
    kernel_fingerprint: str = ""  # hash of the dispatched code (compiler/fingerprint.py): one value, one kernel
    compile_s: Optional[float] = None
    retried: Optional[bool] = None  # recompiled with --mlir-disable-threading after a timeout
    # measured
    numerics: str = ""
    max_abs_err: Optional[float] = None
    max_rel_err: Optional[float] = None
    cold_us_median: Optional[float] = None
    cold_us_std: Optional[float] = None
    cold_us_mad: Optional[float] = None  # median absolute deviation: the spread the winner rule uses
    cold_us_min: Optional[float] = None
    cold_us_max: Optional[float] = None
    cold_reps: Optional[int] = None
    hot_us_median: Optional[float] = None
    hot_us_std: Optional[float] = None
    # modelled (--device none), and the MODELLED % of HBM peak of every compiled candidate the backend's model takes
    modelled_us: Optional[float] = None
    model_pct_peak: Optional[float] = None


@dataclass(frozen=True)
class CandidateRow(Provenance, _CandidateBody):
    """One candidates.csv row: the body, the provenance of a measured row (problems/rows.py ``Provenance``;
    its compiler_version keeps the body's place, in the key), the diagnosis."""

    reason: str = ""
    error: str = ""
    repro: str = ""

    @property
    def row_key(self) -> tuple[str, str, str, str, str]:
        """Everything that makes a candidate: shape, target, device, compiler, knobs."""
        return (self.key, self.target, self.device, self.compiler_version, self.candidate)


@dataclass(frozen=True)
class _WinnerBody(Identity):
    device: str
    winner: str  # knob setting of the winner (the default's when the search winner was not confirmed)
    key: str = ""
    compiler_version: str = ""
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
    # the final side-by-side
    search_winner: str = ""  # the search's pick, shipped only if the final side-by-side confirms it
    # the final side-by-side re-measure of the shipped config: its numerics and where/when
    numerics: str = ""
    max_abs_err: Optional[float] = None
    max_rel_err: Optional[float] = None
    timing_mode: str = ""  # how the measured latencies' dispatches were submitted (run/timing.py TIMING_MODES)
    floor_us: Optional[float] = None  # the harness floor in that mode (tune/measure.py harness_floor), MEASURED


@dataclass(frozen=True)
class WinnerRow(Provenance, _WinnerBody):
    """One winners.csv row: the body, the provenance of the final side-by-side (problems/rows.py
    ``Provenance``; compiler_version keeps the body's place), then what the search covered."""

    # what the search covered: the pruned space, what was evaluated, what --max-candidates cut
    space: Optional[int] = None
    evaluated: Optional[int] = None
    cut_max_candidates: Optional[int] = None
    space_id: str = ""  # tune/space.py space_id: which space it was (a winner of an older space is tuned again)

    @property
    def row_key(self) -> tuple[str, str, str]:
        return (self.key, self.target, self.device)


R = TypeVar("R")


def candidate_damage(row: CandidateRow) -> str:
    """Why a candidate row read back is not a state the tuner writes ('' when it is)."""
    if row.status not in status_values(CANDIDATE_STATUSES):
        return f"status {row.status!r} is not a candidate status"
    if row.status == Status.MEASURED.value and (row.device in ("", "none") or not (row.cold_us_median or 0) > 0):
        return "measured without a device or a timing"
    if row.status == Status.CHECKED.value and (row.device in ("", "none") or row.numerics != "pass"):
        return "checked without a device or passing numerics"
    if row.status == Status.MODELLED.value and row.device != "none":
        return f"modelled, but the row is for device {row.device!r}"
    return ""


def read_checked_table(path: Path | str, cls: type[R], verified: bool = False) -> Table[R]:
    """Trusted rows and the damaged ones (cut, edited, impossible states): see problems/rows.py. ``verified``
    (the tuner resuming): a row without its checksum is damaged too, even in a file with no checksum column."""
    return read_checked(path, cls, candidate_damage if cls is CandidateRow else None, verified=verified)


def read_table(path: Path | str, cls: type[R]) -> list[R]:
    """The trusted rows of candidates.csv or winners.csv (damaged rows left out)."""
    return read_checked_table(path, cls).rows


def write_table(rows: Iterable, path: Path | str, cls: type) -> None:
    """Atomic and checksummed: a reader (or a rerun after a kill) sees the old file or the new one."""
    _write(rows, path, [f.name for f in fields(cls)], checksum=True)


# One spelling everywhere: a candidate id is shown as candidates.csv and winners.csv store it. A 0 is a knob left
# alone: ``split=0`` no split-K, ``waves_per_eu=0`` not set (IREE's own choice); KNOB_ZEROES says so where ids show.
KNOB_ZEROES = "split=0 is no split-K and waves_per_eu=0 leaves the occupancy hint unset (IREE's own)"
