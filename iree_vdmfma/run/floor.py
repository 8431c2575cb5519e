"""The harness floor: what one timed dispatch costs when its kernel does next to nothing. MEASURED.

Every timed row carries ``floor_us``: the per-dispatch latency of a one-element GEMM
(``FLOOR_PROBLEM``, 1x1x1) run through the same runnable-module functions, timing mode, device,
tool and (through run/runner.py :func:`harness_floor_us`) warm-up and minimum time as the row, in hot
mode (its one weight element cannot be evicted anyway). It is
what the harness and runtime cost per dispatch in that mode (a queue submission and its
signal in loop mode, a share of one in command-buffer mode, a kernel launch in both), so a latency
near its floor measures the harness, not the kernel. The torch peer's floor is the same
one-element matmul timed as the peer times its rows in that mode: its loop, or its captured CUDA graph
(run/peer.py).

Every caller measures it through :func:`harness_floor_us`, with the same warm-up and minimum time: a row
with its own repetitions, a tune's winners and a calibration with at least ``FLOOR_REPS``. A process
measures each (device, module target, timing mode) floor once and reuses it for every row after it; a floor
that cannot be measured is ``None`` (the row keeps its latency). A runnable
sweep directory holds the floor module (:func:`module_path`), so `vdmfma bench` measures the floor
where there is no compiler.
"""

from __future__ import annotations

import tempfile
from pathlib import Path
from typing import Callable, Optional, Union

from . import timing
from ..problems.problem import Problem

FLOOR_PROBLEM = Problem(1, 1, 1, dtype="f16")
FLOOR_REPS = 10  # timed repetitions where no row sets them (a tune's winners, a calibration: at least this)

_measured: dict[tuple, Optional[float]] = {}


def remembered(key: tuple, measure: Callable[[], Optional[float]]) -> Optional[float]:
    """``measure()`` once per ``key`` in this process (IREE's and torch's floors share this memo)."""
    if key not in _measured:
        _measured[key] = measure()
    return _measured[key]


def module_path(directory: Path, target: str) -> Path:
    """Where a runnable sweep directory keeps its floor module for ``target``."""
    return Path(directory) / "artifacts" / "floor" / f"{FLOOR_PROBLEM.key}.{target}.vmfb"


Module = Union[Path, Callable[[Path], Optional[Path]]]  # the floor module, or how to compile it into a folder


def iree_floor_us(device: str, module_target: str, timing_mode: str, reps: int, warmup_s: float,
                  min_time_s: float, timeout_s: float, module: Module) -> Optional[float]:
    """Median per-dispatch latency of ``FLOOR_PROBLEM``'s runnable module, hot, in ``timing_mode`` (µs):
    ``module`` a path (``None`` when it is not there: nothing is compiled), or a function that compiles it
    (run/runner.py :func:`build_floor_module`)."""

    def measure() -> Optional[float]:
        from .numerics import Checker  # noqa: PLC0415

        if isinstance(module, Path) and not module.is_file():
            return None
        with tempfile.TemporaryDirectory(prefix="vdmfma-floor-") as tmp:
            try:
                vmfb = module if isinstance(module, Path) else module(Path(tmp))
                if vmfb is None:  # it did not compile
                    return None
                inputs = Checker(FLOOR_PROBLEM, 0).inputs
                the_plan = timing.plan(FLOOR_PROBLEM, "hot", timing_mode=timing_mode)
                run = timing.time_module(vmfb, FLOOR_PROBLEM, inputs.lhs_args(), inputs.weights(), device, the_plan,
                                         True, reps=max(1, reps), warmup_s=warmup_s, min_time_s=min_time_s,
                                         workdir=Path(tmp), timeout_s=timeout_s)
            except (RuntimeError, ValueError):  # a compile or a run that failed (RunnerError, TimingError)
                return None
        return run.latency.median_us

    return remembered(("iree", device, module_target, timing_mode), measure)
