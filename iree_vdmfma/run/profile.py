"""Each dispatch's time inside a whole-program call, MEASURED by IREE's own dispatch statistics.

IREE 3.13's ``iree-benchmark-module --dispatch_statistics=true`` benchmarks a function as usual and, in an untimed
pass after each measured repetition, reruns it under a lightweight HAL profiling session: one row per dispatch
function with its calls and its time per call of the function, averaged over every profiled repetition (warm:
never the first call alone). The program runs as it always does, its dispatches recorded into its own command
buffers, so the times are the dispatches' own inside the forward, not kernels timed alone.

Seen working on local-task (the task system's host execution events). On a GPU it needs a HAL whose lightweight
profiling attributes dispatches in command buffers; where it does not, the rows are missing and the call is a
:class:`ProfileError` (one line), never a share made up."""

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
REPETITIONS, ITERATIONS = 3, 5  # profiled repetitions, and the function's calls in each


class ProfileError(RuntimeError):
    """The profiled run failed or gave no dispatch rows: the first error line and the command."""


@dataclass(frozen=True)
class DispatchTime:
    """One executable function's dispatches in one call of the profiled function (averaged over the profiled
    repetitions)."""

    function: str  # the name IREE gave the dispatch's function, e.g. main$async_dispatch_3_matmul_like_4x256x256_f16
    calls: float  # its dispatches per call
    us: float  # its time per call, all its dispatches together


def profile_call(vmfb: Path, device: str, function: str, inputs: Sequence[np.ndarray], workdir: Path,
                 parameters: Optional[tuple[str, Path]] = None,
                 timeout_s: float = PROFILE_TIMEOUT_S) -> list[DispatchTime]:
    """Benchmark ``function`` of ``vmfb`` on ``device`` with ``inputs`` (and the parameter archive ``parameters`` =
    (scope, path)) with IREE's dispatch statistics; every dispatch function's calls and time per call."""
    workdir = Path(workdir)
    workdir.mkdir(parents=True, exist_ok=True)
    args = []
    for i, a in enumerate(inputs):
        np.save(workdir / f"input{i}.npy", np.asarray(a))
        args.append(f"--input=@{workdir / f'input{i}.npy'}")
    cmd = ["iree-benchmark-module", f"--module={vmfb}", f"--device={device}", f"--function={function}", *args,
           "--dispatch_statistics=true", "--benchmark_format=json", f"--benchmark_repetitions={REPETITIONS}",
           f"--benchmark_min_time={ITERATIONS}x"]
    if parameters is not None:
        cmd.append(f"--parameters={parameters[0]}={parameters[1]}")
    try:
        cmd[0] = tool(cmd[0])
        done = run_group(cmd, timeout_s=timeout_s)
    except (OSError, subprocess.SubprocessError) as e:
        why = f"ran past {timeout_s:g} s and was ended" if isinstance(e, subprocess.TimeoutExpired) else str(e)
        raise ProfileError(f"{why}: {shlex.join(cmd)}") from None
    if done.returncode != 0:
        said = first_error_line(done.stderr, done.returncode) or f"exit {done.returncode}"
        raise ProfileError(f"{said}: {shlex.join(cmd)}")
    try:
        rows = json.loads(done.stdout)["benchmarks"]
    except (ValueError, KeyError, TypeError):
        raise ProfileError(f"no benchmark JSON on its output: {shlex.join(cmd)}") from None
    times = [DispatchTime(r["name"].split("/", 1)[1], float(r["calls"]), _us(r["real_time"], r.get("time_unit")))
             for r in rows if "calls" in r and "/" in r.get("name", "")]
    if not times:
        warning = next((line.strip() for line in done.stderr.splitlines() if line.strip()), "")
        raise ProfileError(f"no dispatch statistics on {device}" + (f" ({warning})" if warning else "")
                           + f": {shlex.join(cmd)}")
    return times


def _us(value: float, unit: Optional[str]) -> float:
    return float(value) * {"ns": 1e-3, "us": 1.0, "ms": 1e3, "s": 1e6}.get(unit or "ns", 1e-3)
