"""Backends: what it takes to build for, prove on and tune one family of targets (ROCm, CUDA, CPU).

A backend owns, for its targets: which target names it builds for, the
iree-compile flags (delegated to ``devices.flags``, the one owner of flags, which
the layers below backends use too), the device kind that runs its modules, whether
a problem can be built there (``enabled``: skip with a reason, or ``require``:
refuse the whole plan), how to read the proof out of an executable dump for its ISA
(``prove``) and how strictly a tuning candidate is proved (``prove_candidate``), the
knobs ``vdmfma tune`` may vary (``knobs``), its latency model if it has one
(``perf_model``; None: no model, the tuner says compile-only), where a knob
setting's codegen config travels (``spec_route``: the codegen tuning spec, or the
preprocessing spec where IREE ignores the tuning spec), and the names of the
attributes its configs write.

Adding a backend is one module (or package) with a subclass and one ``register``
call (see registry.py); nothing else in the package names backends
(tests/test_backend_names.py greps for it).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Mapping, Optional

from ..configs.knobs import dispatch_config, knob_config
from ..configs.library import CODEGEN, PREPROCESSING
from ..devices.flags import compile_flags
from ..problems.problem import Problem
from .knobs import Knob



@dataclass(frozen=True)
class DumpProof:
    """What a backend's evidence parser read from a dump.

    ``fields``: ResultRow fields to fill (e.g. mma_kind, vgpr); ``reason``: why the
    intended config was not applied, "" if it was (or nothing was intended);
    ``details``: backend-specific facts that have no results.csv column.
    """

    fields: Mapping[str, object] = field(default_factory=dict)
    reason: str = ""
    details: Mapping[str, object] = field(default_factory=dict)


@dataclass(frozen=True)
class CandidateProof:
    """Whether a tuning candidate is fit to measure: yes (no reason), its config was not applied
    (``reason``), it applied but its kernel spills (``spilled``: what spilled; problems/rows.Status.SPILLS), or it
    applied but must not be measured for another reason (``rejected``, e.g. occupancy 0)."""

    fields: Mapping[str, object]
    reason: str = ""
    rejected: bool = False
    spilled: str = ""
    note: str = ""  # what the proof could not read (e.g. no ptxas): kept in the row's reason when it is fit


class PerfModel:
    """A backend's latency MODEL (never a measurement): ranks candidates when nothing runs. A backend's model
    subclasses it and gives the three figures; ``speedup_error`` and ``validation`` say what it was validated on
    (by default: nothing)."""

    validation = "measured data"  # what the model's error was validated on, for the tune report

    def speedup_error(self, arch: str) -> Optional[float]:
        """The factor a modelled speedup on ``arch`` may be off by, as validated; None: not validated."""
        return None

    def modelled_us(self, problem: Problem, settings: Mapping[str, object], fields: Mapping[str, object],
                    target: str) -> Optional[float]:
        """Modelled latency of a proved candidate from its evidence ``fields`` (None: not enough)."""
        raise NotImplementedError

    def estimate_us(self, problem: Problem, settings: Mapping[str, object], target: str) -> float:
        """A pre-compile estimate, to order a space larger than the budget."""
        raise NotImplementedError

    def pct_peak(self, problem: Problem, us: float, target: str) -> float:
        """Weight bytes over the modelled time ``us`` as % of the HBM peak the model assumes (``model_pct_peak``)."""
        raise NotImplementedError


def tile_mismatch(config, tile: tuple[int, ...]) -> str:
    """'' if the root op's workgroup tile (M, N) is the injected config's, else what it is."""
    if tuple(tile[-3:-1]) != tuple(config.workgroup[-3:-1]):
        return f"spec did not match: workgroup tile {list(tile)}, intended {list(config.workgroup)}"
    return ""


def dispatch_count(dump_dir: Path) -> int:
    return len(list(Path(dump_dir).glob("configured_*.mlir")))


@dataclass(frozen=True)
class Backend:
    """Base backend: subclass, set ``name``, override what differs, then ``register``."""

    name: str
    description: str
    attributes: tuple[str, ...] = ()  # named attributes its configs write on an op
    compiled: bool = True  # False: a peer (e.g. torch) that is run, never compiled by iree-compile
    device_kind: str = ""  # devices.probe.device_kind of the devices that run its modules ('' none)
    spec_route: str = PREPROCESSING  # where a knob setting's config goes (configs/library.py): CODEGEN or
    # PREPROCESSING, the one route every IREE target honours (compilation_info set before dispatch creation)

    def handles(self, target: str) -> bool:
        """True if ``target`` is one of this backend's targets."""
        raise NotImplementedError

    def targets_help(self) -> str:
        """The targets it builds for, in words (for error messages)."""
        raise NotImplementedError

    def compile_flags(self, target: str) -> list[str]:
        return compile_flags(target)

    def instructions(self, target: str, dtype: str = "") -> tuple[tuple[str, str], ...]:
        """The instruction counts that matter on ``target`` (for ``dtype`` where it decides: an MX type's MFMA is
        another instruction), as (result column, instruction name), the one a headline names first (ROCm CDNA:
        v_smfmac, v_mfma; MX: v_mfma_scale; RDNA: v_wmma; CUDA: mma.sync); () when its builds carry no such
        evidence. Reports ask this rather than naming instructions per target."""
        return ()

    def codegen_spec_honoured(self, target: str) -> bool:
        """Whether a codegen tuning spec (``--iree-codegen-tuning-spec-path``) may be given to its compiles."""
        return self.spec_route == CODEGEN

    def enabled(self, problem: Problem, target: str) -> tuple[bool, str]:
        """(True, "") if the problem can be built for target here; else (False, why): a skipped row."""
        return True, ""

    def require(self, problem: Problem, target: str) -> None:
        """Raise (an input error) if the user asked for something impossible on target."""

    def prove(self, dump_dir: Path, problem: Problem, target: str,
              intended_mma_kind: Optional[str]) -> DumpProof:
        """Read the dump of a successful compile; default: nothing to prove."""
        return DumpProof()

    def kernels(self, dump_dir: Path) -> Optional[Mapping[str, object]]:
        """The kernels of a compile's ISA dump by name, each with its instruction counts (``smfmac``, ``mfma``);
        None where its builds carry no ISA to count: a config is then proved from the configured IR alone."""
        return None

    # ------------------------------------------------------------------ tuning

    def knobs(self, target: str = "") -> Mapping[str, Knob]:
        """The knobs ``vdmfma tune`` may vary on ``target``, in search order (none: only IREE's
        default). A backend may keep one table per target family (ROCm: CDNA and RDNA)."""
        return {}

    def reference(self, kind: str, problem: Problem, target: str,
                  defaults: Mapping[str, object]) -> Optional[dict[str, object]]:
        """The settings of a reference config: 'default' (IREE's own choice) everywhere; None if the
        backend has no such reference (ROCm adds 'padded', the padded dense baseline)."""
        return dict(defaults) if kind == "default" else None

    def prove_candidate(self, dump_dir: Path, problem: Problem, target: str,
                        settings: Mapping[str, object]) -> CandidateProof:
        """The dispatch count proves a split; ``prove`` plus the workgroup tile prove an injected config."""
        dispatches = dispatch_count(dump_dir)
        fields: dict[str, object] = {"dispatches": dispatches}
        split = int(settings.get("split", 0) or 0)
        if split and dispatches < 2:
            return CandidateProof(fields, f"split {split} requested, {dispatches} dispatch(es)")
        config = dispatch_config(problem, knob_config(problem, target, settings))
        if config is None:
            return CandidateProof(fields)
        pr = self.prove(dump_dir, problem, target, config.mma_kind)
        fields.update(pr.fields)
        return CandidateProof(fields, pr.reason or tile_mismatch(config, pr.details.get("workgroup_tile", ())))

    def perf_model(self) -> Optional[PerfModel]:
        """Its latency model, or None: without a device its candidates are compile-only."""
        return None
