"""GPU evidence that adds up across loans: each call measures what the records say is still missing.

    python benchmarks/gpu_evidence.py --device cuda --out DIR [--budget-s 540] [--bundle FILE.tgz] [--restore FILE.tgz]
    python benchmarks/gpu_evidence.py --device cuda --plan [--sku NAME] [--budget-s 480]   # what the next call would do
    python benchmarks/gpu_evidence.py --merge FILE.tgz [--records DB]   # a loan's records into the committed database
    python benchmarks/gpu_evidence.py --device local-task --small --out DIR   # the same steps on the CPU (CI)

The records (iree_vdmfma/records/, SQLite keyed by SKU and compiler) are the state: the committed
reports/gpu-records.sqlite (--records; every earlier loan, read-only here) and DIR/records.sqlite (this run's, in
the bundle). A (problem, config, SKU, compiler) with a record is not measured again unless --remeasure
(records/plan.py says what counts as one). Each call plans from them, then measures what is missing, in this order
(the most evidence a minute of GPU buys first):

1. ``calibrate``       `vdmfma calibrate`: the device's A/A threshold (reused from a run's own record of this SKU
                       and compiler, never from an imported report); the harness floor is beside every timed row.
2. ``tune-seed``       raced `vdmfma tune` of the seed shapes (sweeps/seed-f16.csv) without a winner, or whose
                       winner was tuned over an older space than today's (tune/space.py space_id: the tensor-core
                       and M = 1 candidates came after every loan's tunes before 2026-11-29).
3. ``sweep-seed``      `vdmfma sweep` of the seed shapes: default, splitk, torch, and `tuned` for each shape whose
                       winner is known (the library built from the records), timed in command-buffer mode.
   ``sweep-seed-loop`` default, tuned, torch in loop mode (one submission a dispatch, as the committed H100 and
                       H200 reports were timed): the gap to cuBLAS in both modes, floors beside.
   ``sweep-seed-graph`` default, tuned, torch in graph mode (IREE's command buffer recorded as a CUDA/HIP graph,
                       one built per call): whether IREE's graph path costs a dispatch less than stream replay. A
                       GPU only (on the CPU its items are blocked, said).
4. ``exhaustive``      race vs exhaustive (tune/race.py) on seed shapes any loan tuned, without a resolved check
                       (the contenders: that shape's measured candidates in the records, compiled again here);
                       an unresolved one again with twice the rounds.
5. ``tune-heldout``    the same as tune-seed on the held-out decode list (Llama-3-8B f16 and Qwen2-7B bf16 rows of
                       sweeps/decode-*.csv at --heldout-m), then
   ``sweep-heldout``   the same as sweep-seed on it; the held-out rows are never used to fit anything (a threshold,
                       the static model).
6. ``model``           `vdmfma model examples/llama_layer.py:build --tune` at each M = 1, 4, 8 without a tuned
                       forward (a tuned forward that ran IREE's default kernel, verdict same-kernel, measured no
                       tuned config). --small: the tiny layer at M = 1, a tune of at most 2 candidates a GEMM.

The seed list first, tuned before it is swept: its winners against cuBLAS in one harness (issues 43, 44) are what a
call buys first; a step a call's budget leaves goes to the next call, which plans it again from the records.

Every step's new records go to DIR/records.sqlite with their provenance (SKU, driver, compiler and toolkit
versions, --commit, date) and the seconds they took (cost_s: --plan's estimates). DIR/summary.md is rebuilt from
the records alone (records/summary.py: one section per SKU, never a ratio across SKUs, every cell citing its date
and commit), so two loans on two days make one table.

The budget (--budget-s, wall seconds of this call) goes to the steps in order: each may take twice its estimated
cost (the records' medians, else an ESTIMATE) or its weight's share of what is left, if more; a step whose one
item does not fit what is left goes to the next call and the steps after it still run (evidence/plan.py, which
--plan prints from). A tune gets its limit as --time-budget, any other step is stopped at it with Ctrl-C (SIGINT:
the commands keep what finished) and its records are what finished. Exit 0 when nothing is left to measure, 3 when a later call
has work, 2 for bad options.

On a lent machine (15 minutes of device time a session, the start included), one call, at most two: the exact
commands (bundle IREE and iree-turbine's wheels here, run with them carried, merge the bundle back with
``--merge``) are in benchmarks/evidence/NEXT_GPU.md, which tests/test_gpu_evidence.py checks against --plan.
The bundle (tables, logs, reports with their plots, specs, the records; no modules, weights or dumps) is written
after every step. Every latency is MEASURED on the device it names; a % of HBM peak divides a measured GB/s by a
data-sheet peak. One DIR holds one device's evidence: a later call on another device is refused.
On the 2-core CPU, two --small calls take about 2 minutes together (tests/test_gpu_evidence.py, 2026-11-29).

The stages are modules of benchmarks/evidence/ (plan, lists, calibrate, sweeps, forward, race, tune, bundle, summary;
cli runs them), each saying what it measures.
"""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from evidence.cli import main  # noqa: E402

if __name__ == "__main__":
    sys.exit(main())
