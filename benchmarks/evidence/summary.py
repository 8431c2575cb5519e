"""DIR/env.txt (the versions and the device as nvidia-smi names it) and DIR/summary.md, rebuilt from the
records alone (records/summary.py: one section per SKU, never a ratio across SKUs): it reports what the
steps MEASURED, with what each step cost here. Measures nothing itself.
"""

from __future__ import annotations

import os
import platform
import shutil
import subprocess
import time
from pathlib import Path
from typing import TYPE_CHECKING

from .common import read_records
from .plan import STEPS

if TYPE_CHECKING:
    from .plan import Plan


def write_env(plan: Plan) -> None:
    lines = [f"date_utc: {time.strftime('%Y-%m-%dT%H:%M:%SZ', time.gmtime())}",
             f"python: {platform.python_version()}", f"machine: {platform.machine()} ({os.cpu_count()} CPUs)",
             f"device: {plan.device}", f"toolkit_commit: {plan.commit or 'unknown'}"]
    for mod in ("iree.compiler", "iree.runtime", "torch", "numpy", "iree.turbine"):
        try:
            m = __import__(mod, fromlist=["version"])
            v = getattr(m, "__version__", None) or getattr(getattr(m, "version", None), "VERSION", None)
            if mod == "iree.compiler":
                from iree.compiler.version import VERSION as v
            if mod == "iree.runtime":
                from iree.runtime.version import VERSION as v
            lines.append(f"{mod}: {v}")
            if mod == "torch":
                lines.append(f"torch.cuda: {m.version.cuda} available={m.cuda.is_available()}")
        except Exception as e:  # noqa: BLE001 - the env file says what is missing
            lines.append(f"{mod}: not importable ({type(e).__name__})")
    if shutil.which("nvidia-smi"):
        q = "name,driver_version,memory.total,clocks.max.sm,clocks.max.memory,compute_cap,power.limit"
        out = subprocess.run(["nvidia-smi", f"--query-gpu={q}", "--format=csv"], capture_output=True, text=True)
        lines += ["nvidia-smi: " + line for line in out.stdout.strip().splitlines()]
    (plan.out / "env.txt").write_text("\n".join(lines) + "\n")


def _shown(path: Path) -> str:
    """A path as the summary names it: relative to the checkout it ran in (no machine's absolute paths)."""
    try:
        return str(Path(path).resolve().relative_to(Path.cwd().resolve()))
    except ValueError:
        return Path(path).name


def summary(plan: Plan, state: dict) -> Path:
    """DIR/summary.md from the records alone (this SKU's, every loan's: records/summary.py), with what each step cost
    here and the device's env."""
    from iree_vdmfma.records.summary import sku_section

    o = plan.out
    records = [r for r in read_records(plan.records, plan.db) if r.sku_name == plan.sku.name and r.basis == "measured"]
    parts = [f"# GPU evidence: {plan.sku.name} ({plan.device})" + (" (--small: tiny shapes, CPU-sized)" if plan.small
                                                                     else ""), "",
             "Made by `benchmarks/gpu_evidence.py` from the records alone (DIR/records.sqlite and "
             f"{_shown(plan.records) if plan.records else 'no committed database'}): every latency MEASURED on the "
             "SKU named; each cell's "
             "source letter gives its date and commit; % of HBM peak divides a measured GB/s by a data-sheet peak.", "",
             "## Steps (wall seconds spent here, over every call)", "", "| step | status | seconds | calls |",
             "|---|---|---|---|"]
    for s in STEPS[:-1]:
        st = state.get(s, {})
        parts.append(f"| {s} | {st.get('status', 'not run')} | {st.get('seconds', 0):.0f} | {st.get('calls', 0)} |")
    parts += [""] + sku_section(records, plan.sku.name)
    env = (o / "env.txt").read_text() if (o / "env.txt").is_file() else "(no env.txt)"
    parts += ["", "## Environment", "", "```", env.strip(), "```", ""]
    path = o / "summary.md"
    path.write_text("\n".join(parts))
    return path
