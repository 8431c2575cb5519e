"""The CUDA ranking MODEL (backends/cuda/perf_model.py): validated leave-one-shape-out on the committed H100/H200
measurements by benchmarks/cuda_model_check.py (in process: no compile, no GPU), and wired into the tuner."""

from __future__ import annotations

import csv
import statistics

from conftest import ROOT, load_script
from iree_vdmfma.backends.cuda import perf_model
from iree_vdmfma.backends.cuda.perf_model import MODEL
from iree_vdmfma.problems.problem import Problem
from iree_vdmfma.tune.options import TuneOptions
from iree_vdmfma.tune.tuner import Tuner


def _check():
    return load_script(ROOT / "benchmarks" / "cuda_model_check.py")


def test_the_model_ranks_held_out_shapes_better_than_chance_on_every_committed_measurement(capsys):
    check = _check()
    want = set()  # every (file, shape) with three measured candidates or more, read here independently
    for path, _ in check.SOURCES:
        counts: dict[str, int] = {}
        for r in csv.DictReader(open(ROOT / path)):
            if r.get("status") == "measured" and r.get("cold_us_median"):
                counts[r["key"]] = counts.get(r["key"], 0) + 1
        want |= {(path, k) for k, n in counts.items() if n >= check.MIN_CANDIDATES}
    results = check.leave_one_shape_out(check.groups())
    assert {(r["source"], r["key"]) for r in results} == want and len(want) >= 10
    for r in results:  # the held-out shape's constants come from the other shapes' fit grid
        assert r["fit"][0] in check.LATENCIES and -1 <= r["rho"] <= 1
    # FLOOR_US is what every held-out fit picks, the top of the grid; the model's docstring says so, with the value
    assert {r["fit"][1] for r in results} == {perf_model.FLOOR_US} == {max(check.FLOORS)}
    assert f"FLOOR_US = {perf_model.FLOOR_US:g} us" in perf_model.__doc__ and "top of its grid" in perf_model.__doc__
    # held out, the model orders the space (0.77 on 2026-11-28; 0.68 with its Little's-law term taken out)
    assert statistics.median(r["rho"] for r in results) > 0.7
    check.main([])
    said = capsys.readouterr().out.splitlines()[-1]
    assert said.startswith(f"leave-one-shape-out over {len(want)} measured shape groups: median rank correlation +")
    assert f"top-16 hit rate {sum(r['top16'] for r in results)}/{len(want)}" in said
    assert check.spearman([1, 2, 3], [10, 30, 20]) == 0.5 and check.spearman([1, 2, 3], [3, 2, 1]) == -1


def test_a_cuda_tune_races_in_the_models_order_and_every_candidate_has_a_modelled_pct_of_peak(tmp_path):
    p = Problem(8, 2304, 8192)
    tuner = Tuner([p], TuneOptions(target="sm_89", device="cuda", out_dir=tmp_path / "o", cache_dir=tmp_path / "c",
                                   race=None))  # races as the CLI does
    chosen, size = tuner.select(p)
    rest = chosen[1:]  # after IREE's default
    assert size == len(chosen) and rest[0].mma != "default"
    est = [MODEL.estimate_us(p, c.settings, "sm_89") for c in rest]
    assert est == sorted(est)
    pct = 100 * p.weight_bytes / (est[0] * 4800e3)
    assert abs(MODEL.pct_peak(p, est[0], "sm_89") - pct) < 1e-9 and 0 < pct < 100
