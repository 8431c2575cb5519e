"""Step 6, ``model``: the tuned forward of the Llama-3-8B-sized layer (`vdmfma model --tune`) at each M without
one (--small: the tiny layer at M = 1). MEASURED forward latencies, default and tuned, with their
numerics.
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import TYPE_CHECKING

from .common import calibration_env, keep, read_csv, run_cmd, source

if TYPE_CHECKING:
    from .plan import Plan


def step_model(plan: Plan, items, limit: float, log: Path, known, lists) -> bool:
    from iree_vdmfma.records.evidence import forward_records

    began, folder = time.monotonic(), plan.folder("model")
    # --small: a bounded tune (2 candidates a GEMM, each timed once: no race), enough to build the tuned forward;
    # the race of this layer's M = 4 GEMMs is tests/test_model_step.py's (docs/model-path.md's command)
    small = ["--rounds", "4", "--calls", "3", "--cache-mode", "hot", "--max-candidates", "2", "--no-race", "--reps", "3"]
    cmd = plan.vdmfma("model", plan.layer, "--m", ",".join(i.key for i in items), "--tune", "--out", str(folder),
                      "--time-budget", f"{max(5.0, limit * 0.6):.0f}", "--no-torch-compile",
                      *(small if plan.small else ["--rounds", "6"]))
    rc, stopped = run_cmd(cmd, log, limit, env=calibration_env(plan))  # exit 1: GEMMs left untuned (or numerics)
    rows = read_csv(folder / "model.csv")
    keep(plan, forward_records(rows, source(plan, folder), plan.layer_name, plan.target or ""),
         time.monotonic() - began, len(items))
    return rc == 0 and not stopped and (folder / "model.csv").is_file()
