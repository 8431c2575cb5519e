"""What a tune says about its cost and progress: estimates learned from this run's fresh compiles (a resume whose
first compiles were cache hits does not say 'about 1 s'), a finished shape said and skipped at once (the ROCm
space is not enumerated knob product by knob product), a stall said, and a timed-out compile retried
single-threaded with its trace in the row. Real compiles; costs with injected times (no wall-clock)."""

from __future__ import annotations

import dataclasses
import threading

from typer.testing import CliRunner

from iree_vdmfma.cli import app
from iree_vdmfma.compiler.driver import Compiler
from iree_vdmfma.problems.problem import Problem
from iree_vdmfma.sweep.sweep import SweepOptions, plan
from iree_vdmfma.tune import space
from iree_vdmfma.tune.costs import Costs
from iree_vdmfma.compiler.retry import RETRY_FLAG, retry_timed_out


def test_a_fresh_candidate_costs_what_this_runs_batches_took_and_cache_hits_do_not_make_it_free():
    resumed = Costs(workers=2)
    for _ in range(3):
        resumed.saw_compile(0.0, cached=True)  # the candidates compiled before the kill: cache hits now
    assert resumed.per_candidate_s(earlier=[20.0, 22.0, 30.0])[0] == 11.0  # the earlier rows, not 'about 1 s'
    seen = Costs(workers=2)
    seen.saw_compile(5.0, cached=False)
    seen.saw_compile(5.0, cached=False)
    seen.saw_batch(12.0)  # proving and saving included: more than the compile times over the workers
    assert seen.per_candidate_s()[0] == 6.0
    assert seen.estimate(10, [5.0, 5.0]).startswith("about 60 s (from 2 fresh compile(s) of this run")
    assert seen.estimate(10, [5.0, 5.0], cached=10).startswith("about 0 s")


def test_the_rocm_space_is_not_enumerated_knob_product_by_knob_product(monkeypatch):
    made = []
    real = space._make
    monkeypatch.setattr(space, "_make", lambda *a: made.append(1) or real(*a))
    cands = space.generate(Problem(8, 2304, 8192), "gfx942")
    assert len({c.id for c in cands}) == len(cands) > 1000
    assert len(made) < 2 * len(cands)  # it built millions of settings a shape (19 s here), thousands now


def test_a_finished_tune_rerun_says_already_done_for_each_shape_and_redoes_nothing(tmp_path):
    shapes = tmp_path / "s.csv"
    shapes.write_text("name,m,n,k\nt,8,128,256\n")
    args = ["tune", str(shapes), "--target", "gfx942", "--device", "none", "--max-candidates", "2", "-j", "2",
            "--out", str(tmp_path / "tune")]
    assert CliRunner().invoke(app, args).exit_code == 0
    before = (tmp_path / "tune" / "candidates.csv").read_bytes()
    again = CliRunner().invoke(app, args)
    assert again.exit_code == 0, again.output
    said = " ".join(again.output.split())
    assert "f16_8x128x256: already done (winner [" in said and "nothing redone" in said
    assert "candidates after pruning" not in said and (tmp_path / "tune" / "candidates.csv").read_bytes() == before


def test_a_stall_is_said_and_a_timed_out_compile_is_retried_single_threaded_with_its_time_kept(tmp_path):
    job = plan([Problem(8, 256, 1024)], SweepOptions(target="gfx942", variants=("vdmfma",)))[0].compile_job
    with Compiler(tmp_path / "cache", workers=1) as compiler:
        hung = compiler.compile(dataclasses.replace(job, timeout_s=0.05))  # a real timeout, as a hang ends
        assert hung.timed_out
        done, retried = retry_timed_out(compiler, dataclasses.replace(hung, job=job))
        assert retried and done.ok and done.job.flags[-1] == RETRY_FLAG  # never the same compile again
        assert done.compile_s > hung.compile_s  # the attempt that hung is in the row's compile_s
        waited = threading.Event()
        other = dataclasses.replace(job, flags=job.flags + ("--iree-opt-level=O1",))  # not in the cache
        compiler.compile_many([other], on_wait=lambda idle, left: waited.set(), wait_s=0.001)
        assert waited.is_set()  # said while a real compile ran (far longer than a millisecond)
