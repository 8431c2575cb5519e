"""Which `vdmfma model` options each mode reads: the one table, and the one refusal every mode goes through.

The modes: plain (spec the skinny GEMMs and prove them), --tune (tune them, then run the forward) and --library DIR
(run the forward with a library tuned before). An option the run would not read is accepted and dropped unless
refused, so ``refuse_unread`` refuses it: one error line naming it, from the options alone, before any file is read
or any device probed (how options relate is said before what a file holds).
"""

from __future__ import annotations

from typing import NamedTuple, Optional

from . import typed

PLAIN, TUNE, LIBRARY = "plain", "--tune", "--library DIR"
# when a mode reads an option: whatever the device; only where a device times; there or where optuna searches
ALWAYS, TIMED, TIMED_OR_OPTUNA = "always", "on a device", "on a device or with --search optuna"


class Group(NamedTuple):
    """Options read together: by parameter name; the modes that read them and when; why a mode that never reads them
    does not, and the way out, when it is not that mode's own line (``NEVER``)."""

    names: tuple[str, ...]
    reads: dict[str, str]
    never: Optional[tuple[str, str]] = None


# the only home of the rule: who reads what, each group with its why
READS = (
    # the forward's timing: --tune and --library run the forward, and time it on a device
    Group(("rounds", "calls", "cache_mode", "cache_size", "torch_compile", "calibration"),
          {TUNE: TIMED, LIBRARY: TIMED}),
    # the tune's timing: a tune times its candidates on a device (with none it ranks them by a model)
    Group(("reps", "race"), {TUNE: TIMED}),
    # the tune's search: modelled or measured, only --tune searches
    Group(("max_candidates", "search", "time_budget"), {TUNE: ALWAYS}),
    # the order of the forward's and a race's paired rounds (on a device) and optuna's sampler (tune/options.py
    # unread_seed): an exhaustive tune with no device shuffles nothing
    Group(("seed",), {TUNE: TIMED_OR_OPTUNA, LIBRARY: TIMED}),
    # the tune's records
    Group(("db",), {TUNE: ALWAYS}, ("keeps the records of a tune (its candidates and winners)", "give --tune with it")),
)

# why a mode never reads a group, and the way out: '{option} {why}: {way out}, or leave {option} out'
NEVER = {
    PLAIN: ("acts on the tune and the forward --tune or --library DIR run, and plain `vdmfma model` runs neither",
            "give one of them"),
    LIBRARY: ("acts on the tune --tune runs, and --library DIR runs none", "give --tune instead of --library"),
}


def refuse_unread(tune: bool, library: Optional[object], device: str, search: str, merge_with, prefer: str) -> str:
    """The mode (PLAIN, TUNE or LIBRARY) the options ask for; ValueError for the first option given that it would
    not read: one that mode never reads, then one it reads only on a device (or with --search optuna) with no device
    asked for."""
    from ..tune.options import NOT_BOTH, check_search, unread_seed  # noqa: PLC0415
    from .link_cmds import refuse_lone_prefer  # noqa: PLC0415

    if tune and library is not None:
        raise ValueError(NOT_BOTH)
    mode = TUNE if tune else LIBRARY if library is not None else PLAIN
    if mode == PLAIN:
        refuse_lone_prefer(merge_with, prefer)  # plain model links OUT/spec.mlir with --merge-with's specs
    else:  # no spec of ours is linked after a tune or with a library
        if merge_with:
            raise ValueError("--merge-with links the spec plain `vdmfma model` writes (OUT/spec.mlir); a tuned "
                             "library is linked with yours by `vdmfma library build --merge-with` or `vdmfma link`")
        if typed.given("prefer"):  # with --merge-with refused, nothing can be given with it
            raise ValueError(f"--prefer {prefer} decides between our spec and a --merge-with one, and with --tune "
                             "or --library DIR no spec is linked: leave --prefer out")
    for group in READS:
        if mode not in group.reads:
            typed.refuse_given(group.names, *(group.never or NEVER[mode]))
    if mode == TUNE:
        check_search(search)  # a known --search before any line that names it
    for group in READS:  # TIMED_OR_OPTUNA: --seed, the one group read so, has its own line
        when = group.reads.get(mode)
        if when == TIMED:
            typed.no_timing_without_device(device, *group.names)
        elif when == TIMED_OR_OPTUNA and typed.no_device_asked(device) and (unread := unread_seed(
                search, False, None, None, f"--device {device}", forward=True)) is not None:
            typed.refuse_given(group.names, *unread)
    if mode == PLAIN and typed.device_named(device):  # none and its aliases: compile only, as plain model does
        raise ValueError("--device runs the forward: give --tune or --library DIR with it")
    return mode
