"""Each dispatch's time inside one whole-program call, MEASURED by IREE's own HAL profiling.

IREE 3.13's tools profile a call with ``iree-run-module --device_profiling_mode=MODE
--device_profiling_output=FILE.ireeprof`` and read the bundle back with ``iree-profile dispatch --format=jsonl``
(one ``*dispatch_group`` record per executable function: its count and total nanoseconds). The program runs as
it always does, its dispatches recorded into its own command buffers, so the times are the dispatches' own inside
the forward, not kernels timed alone.

- On the CPU (local-task, local-sync) the mode is ``host-execution``: each dispatch's execution on the task
  system's host clock. The local HAL refuses ``dispatch-events`` ("unsupported local profiling data families").
- On a GPU (cuda, hip) it is ``dispatch-events``: device timestamps around each dispatch. Not yet run on a GPU
  here: the first lent GPU says whether its HAL answers it (a refusal is a :class:`ProfileError`, one line).

One profiled call is one sample: a share read from it says where that call's dispatch time went, not a
latency with an interval (model/timing.py times the forward for that)."""

from __future__ import annotations

import json
import shlex
import subprocess
from dataclasses import dataclass
from pathlib import Path
from typing import Optional, Sequence

import numpy as np

from ..compiler.errors import first_error_line
from ..compiler.toolchain import tool
from ..util.procs import run_group

PROFILE_TIMEOUT_S = 600.0


class ProfileError(RuntimeError):
    """The profiled call or the reading of its bundle failed: the first error line and the command."""


@dataclass(frozen=True)
class DispatchTime:
    """One executable function's dispatches in the profiled call."""

    function: str  # the name IREE gave the dispatch's function, e.g. main$async_dispatch_3_matmul_like_4x256x256_f16
    count: int
    total_ns: int


def profiling_mode(device: str) -> str:
    """The HAL profiling family that times each dispatch on ``device`` (its backend's ``profiling_mode``)."""
    from ..backends import backend_for_device  # noqa: PLC0415

    return backend_for_device(device).profiling_mode


def profile_call(vmfb: Path, device: str, function: str, inputs: Sequence[np.ndarray], workdir: Path,
                 parameters: Optional[tuple[str, Path]] = None,
                 timeout_s: float = PROFILE_TIMEOUT_S) -> list[DispatchTime]:
    """Call ``function`` of ``vmfb`` once on ``device`` with ``inputs`` (and the parameter archive
    ``parameters`` = (scope, path)) under IREE's profiler; every dispatch function's count and total time."""
    workdir = Path(workdir)
    workdir.mkdir(parents=True, exist_ok=True)
    args = []
    for i, a in enumerate(inputs):
        np.save(workdir / f"input{i}.npy", np.asarray(a))
        args.append(f"--input=@{workdir / f'input{i}.npy'}")
    bundle = workdir / "call.ireeprof"
    cmd = [tool("iree-run-module"), f"--module={vmfb}", f"--device={device}", f"--function={function}", *args,
           f"--device_profiling_mode={profiling_mode(device)}", f"--device_profiling_output={bundle}",
           "--output_max_element_count=0"]  # the outputs are not this call's business (the forward checks them)
    if parameters is not None:
        cmd.append(f"--parameters={parameters[0]}={parameters[1]}")
    _run(cmd, timeout_s)
    read = _run([tool("iree-profile"), "dispatch", "--format=jsonl", str(bundle)], 120)
    times = []
    for line in read.splitlines():
        rec = json.loads(line) if line.startswith("{") else {}
        if str(rec.get("type", "")).endswith("dispatch_group") and "key" in rec:
            times.append(DispatchTime(rec["key"], int(rec.get("valid", rec.get("count", 0))), int(rec["total_ns"])))
    if not times:
        raise ProfileError(f"the profile holds no timed dispatch ({profiling_mode(device)} on {device}): "
                           f"{shlex.join(cmd)}")
    return times


def _run(cmd: list[str], timeout_s: float) -> str:
    try:
        done = run_group(cmd, timeout_s=timeout_s)
    except OSError as e:
        raise ProfileError(f"{cmd[0]}: {e.strerror or e}") from None
    except subprocess.TimeoutExpired:
        raise ProfileError(f"ran past {timeout_s:g} s and was ended: {shlex.join(cmd)}") from None
    said = next((line.strip() for line in done.stderr.splitlines() if "UNIMPLEMENTED" in line), "") or \
        first_error_line(done.stderr, done.returncode)
    if done.returncode != 0 or "UNIMPLEMENTED" in done.stderr:
        raise ProfileError(f"{said or f'exit {done.returncode}'}: {shlex.join(cmd)}")
    return done.stdout
