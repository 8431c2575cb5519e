"""Compile here, bench there; CUDA targets; the torch peer. Every compile is a real iree-compile."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pandas as pd
import pytest

from iree_vdmfma.compiler.cuda_targets import cuda_compile_target, module_target, newest_not_above, probe_accepted
from iree_vdmfma.devices import TargetMismatchError, check_target
from iree_vdmfma.devices.targets import device_spec
from iree_vdmfma.problems.problem import Problem
from iree_vdmfma.sweep.sweep import Sweep, SweepOptions

TINY = [Problem(8, 128, 256, dtype="f16")]


def _sweep(tmp: Path, target: str, variants, cache_dir) -> Path:
    out = tmp / target
    Sweep(TINY, SweepOptions(target=target, variants=variants, out_dir=out, cache_dir=cache_dir,
                             runnable=True)).run()
    return out


def test_sm89_ptx_is_accepted_on_an_sm90_device_and_gfx942_is_refused_in_one_line(tmp_path, cache_dir, monkeypatch):
    from iree_vdmfma.devices import probe

    monkeypatch.setenv("VDMFMA_CUDA_ARCH", "sm_90")
    probe.cuda_arch.cache_clear()
    sm89 = _sweep(tmp_path, "sm_89", ("default", "splitk", "vdmfma"), cache_dir)
    gfx = _sweep(tmp_path, "gfx942", ("default",), cache_dir)
    df = pd.read_csv(sm89 / "results.csv").set_index("variant")
    assert df.loc["default", "status"] == "ok" and df.loc["default", "kernels"] >= 1  # PTX evidence
    assert df.loc["vdmfma", "status"] == "skipped" and "builds only for rocm targets" in df.loc["vdmfma", "reason"]
    vmfb = sm89 / "artifacts" / TINY[0].key / "default-sm_89" / "out.vmfb"
    assert check_target(vmfb, "cuda").arch == "sm_89"
    with pytest.raises(TargetMismatchError) as e:
        check_target(gfx / "artifacts" / TINY[0].key / "default-gfx942" / "out.vmfb", "cuda")
    assert "\n" not in str(e.value) and "gfx942" in str(e.value)
    probe.cuda_arch.cache_clear()


def test_cuda_target_is_the_newest_accepted_not_above_the_device(tmp_path):
    accepted = probe_accepted(tmp_path, ("sm_89", "sm_90"))  # IREE 3.13 rejects sm_90 (measured on an H100)
    assert "sm_89" in accepted
    assert newest_not_above("sm_90", accepted) == "sm_89"
    assert newest_not_above("sm_90", ("sm_80", "sm_89", "sm_120")) == "sm_89"
    assert json.loads(next((tmp_path / "cuda-targets").glob("*.json")).read_text())["accepted"] == list(accepted)


def test_a_cuda_device_gets_a_module_target_this_compiler_accepts(tmp_path):
    # calibrate asked iree-compile for sm_90 on an H200 and failed ("missing GPU target"): module_target is
    # what every command that builds for a resolved device asks (measured on the H200, 2026-11-26)
    assert module_target("sm_90", tmp_path) == "sm_89"
    assert cuda_compile_target("sm_89", tmp_path) == "sm_89"
    assert module_target("gfx942", tmp_path) == "gfx942"


def test_h100_and_h200_peaks_and_caches_come_from_their_names():
    assert device_spec("NVIDIA H100 80GB HBM3", "sm_90").peak_hbm_gbps == 3350.0
    assert device_spec("NVIDIA H200", "sm_90").peak_hbm_gbps == 4800.0
    assert device_spec("NVIDIA H100 PCIe", "sm_90") is None  # another SKU: unknown, not guessed
    assert device_spec("", "gfx942:sramecc+:xnack-").product == "MI300X"


BENCH_WITHOUT_COMPILER = """
import sys
class NoCompiler:
    def find_spec(self, name, path=None, target=None):
        if name == "iree.compiler" or name.startswith("iree.compiler."):
            raise ImportError("the bench path imported " + name)
sys.meta_path.insert(0, NoCompiler())
sys.argv = ["vdmfma", "bench", sys.argv[1], "--device", "local-task", "--reps", "1"]
from iree_vdmfma.cli import app
try:
    app()
finally:
    assert not any(m.startswith("iree.compiler") for m in sys.modules), "iree.compiler was imported"
"""


def test_host_sweep_benched_in_another_process_fills_every_row_without_importing_the_compiler(tmp_path, cache_dir):
    pytest.importorskip("torch", reason="the [model] extra (torch: the vendor-library peer) is not installed")
    out = _sweep(tmp_path, "host", ("default", "torch"), cache_dir)
    env = {"VDMFMA_CACHE_BYTES": str(2**20), "PYTHONPATH": str(Path(__file__).resolve().parents[1])}
    import os

    proc = subprocess.run([sys.executable, "-c", BENCH_WITHOUT_COMPILER, str(out)], capture_output=True, text=True,
                          env={**os.environ, **env}, timeout=600)
    assert proc.returncode == 0, proc.stderr[-2000:]
    df = pd.read_csv(out / "results.csv")
    run = df[df["cache_mode"].isin(["hot", "cold"])]
    assert set(map(tuple, run[["variant", "cache_mode"]].to_numpy())) == {
        ("default", "hot"), ("default", "cold"), ("torch", "hot"), ("torch", "cold")}
    assert (run["status"] == "ok").all() and (run["numerics"] == "pass").all()
    assert run["latency_us_median"].notna().all()
    progress = [line for line in proc.stderr.splitlines() if line.startswith("bench: ")]  # never silent
    assert len(progress) == 4 and all(": ok, " in line and " us median" in line for line in progress), proc.stderr
    # every timed row, IREE's and torch's, names its timing mode and carries that mode's measured harness floor
    # (IREE's from the floor module the sweep left in DIR: the bench has no compiler)
    assert (run["timing_mode"] == "cmdbuf").all() and (run["floor_us"] > 0).all()
    assert run.groupby("variant")["floor_us"].nunique().eq(1).all()  # one floor per harness in the process
    assert run["device_name"].notna().all() and run["measured_at"].notna().all()
    assert run.loc[run["variant"] == "default", "compiler_version"].notna().all()
    report = (out / "report" / "report.md").read_text()
    header = next(l for l in report.splitlines() if "median µs" in l and l.startswith("|"))
    cells = [c.strip() for c in header.strip("|").split("|")]
    assert cells.index("floor µs") == cells.index("median µs") + 1 and "timing" in cells  # the floor beside it
    title = report.splitlines()[0]
    assert title.startswith(f"# VDMFMA report: {out.name} — measured on"), title  # named after DIR, not '..'
    again = subprocess.run([sys.executable, "-c", BENCH_WITHOUT_COMPILER, str(out)], capture_output=True,
                           text=True, env={**os.environ, **env}, timeout=600)
    assert again.returncode == 0 and pd.read_csv(out / "results.csv")["measured_at"].equals(df["measured_at"])


@pytest.mark.parametrize("timing_mode", ["cmdbuf", "loop"])
def test_the_torch_peer_is_timed_in_each_mode_with_its_own_floor(timing_mode):
    """torch's rows carry the timing mode and torch's floor (a 1x1x1 matmul timed the same way); the cold
    rotation is walked in whole rounds of the plan, as IREE's."""
    pytest.importorskip("torch", reason="the [model] extra (torch: the vendor-library peer) is not installed")
    from iree_vdmfma.problems.problem import Problem
    from iree_vdmfma.run import floor
    from iree_vdmfma.run.peer import run_torch

    p = Problem(8, 128, 512, dtype="f16")
    hot, cold = (run_torch(p, "local-task", mode, reps=2, cache_bytes=300 * 1024, warmup_s=0.0, min_time_s=0.005,
                           timing_mode=timing_mode) for mode in ("hot", "cold"))
    assert hot.ok and cold.ok and (hot.timing_mode, cold.timing_mode) == (timing_mode, timing_mode)
    assert hot.floor_us == cold.floor_us > 0 and (floor._measured.get(("torch", "cpu", timing_mode)) or 0) > 0
    assert cold.plan.copies > 1 and cold.plan.calls % cold.plan.copies == 0 and timing_mode in cold.command


def test_bench_refuses_a_directory_built_for_another_device_in_one_line(tmp_path, cache_dir):
    out = _sweep(tmp_path, "sm_89", ("default",), cache_dir)
    proc = subprocess.run([sys.executable, "-m", "iree_vdmfma.cli", "bench", str(out), "--device", "local-task"],
                          capture_output=True, text=True, timeout=300)
    assert proc.returncode == 2
    lines = [l for l in proc.stderr.splitlines() if l.strip()]
    assert len(lines) == 1 and lines[0].startswith("error:") and "sm_89" in lines[0]


def test_a_bench_worker_lost_on_every_retry_is_a_machine_error_that_a_rerun_redoes(tmp_path, cache_dir):
    from concurrent.futures import Future

    from iree_vdmfma.executors import Executor, ExecutorError
    from iree_vdmfma.problems.rows import Status, read_rows
    from iree_vdmfma.sweep.bench import BenchOptions, bench

    class LostWorkers(Executor):  # a cluster whose GPU worker dies on every retry
        remote = True

        def submit_gpu(self, fn, *args, device_kind=None):
            future = Future()
            future.set_exception(ExecutorError("worker died (3 retries)"))
            return future

    out = _sweep(tmp_path, "host", ("default",), cache_dir)
    options = BenchOptions("local-task", reps=2)
    lost = [r for r in bench(out, options, executor=LostWorkers()) if r.cache_mode]
    assert lost and all(r.status == Status.MACHINE_ERROR.value and "worker lost" in r.reason for r in lost)
    assert {r.status for r in read_rows(out / "results.csv") if r.cache_mode} == {Status.MACHINE_ERROR.value}
    redone = [r for r in bench(out, options) if r.cache_mode]  # the same directory, a working machine
    assert sorted(r.cache_mode for r in redone) == ["cold", "hot"]
    assert all(r.status == "ok" and r.numerics == "pass" for r in redone)


# --- a damaged, lost or empty results.csv; a measurement without timing (issue 22) ----------------------------

@pytest.fixture(scope="module")
def host_sweep(tmp_path_factory, cache_dir) -> Path:
    """One compiled host sweep (one module), copied by each test that damages it."""
    return _sweep(tmp_path_factory.mktemp("host-sweep"), "host", ("default",), cache_dir)


def _copy(sweep: Path, tmp: Path) -> Path:
    import shutil

    return Path(shutil.copytree(sweep, tmp / "copy"))


def _bench(directory: Path, *extra: str):
    from typer.testing import CliRunner

    from iree_vdmfma.cli import app

    return CliRunner().invoke(app, ["bench", str(directory), "--device", "local-task", "--reps", "2", "--no-report",
                                    *extra])


def _sweep_into(out: Path, cache_dir: Path, *extra: str):
    """`vdmfma sweep` of host_sweep's one shape into ``out`` on local-task (the shared compile cache)."""
    from typer.testing import CliRunner

    from iree_vdmfma.cli import app

    shapes = out.parent / "tiny.csv"
    shapes.write_text("m,n,k,dtype\n8,128,256,f16\n")
    return CliRunner().invoke(app, ["sweep", str(shapes), "--target", "host", "--variants", "default", "--device",
                                    "local-task", "--reps", "2", "--no-report", "--out", str(out), "--cache-dir",
                                    str(cache_dir), *extra])


def _files(directory: Path) -> dict:
    return {p.relative_to(directory): p.read_bytes() for p in sorted(directory.rglob("*")) if p.is_file()}


def test_a_damaged_compile_row_is_redone_as_far_as_bench_can_and_counted_its_intact_module_benched(host_sweep,
                                                                                                   tmp_path):
    from iree_vdmfma.problems.rows import read_results

    out = _copy(host_sweep, tmp_path)
    results = out / "results.csv"
    header, line = results.read_text().splitlines(keepends=True)
    results.write_text(header + line.replace(",8,128,256,", ",9,128,256,", 1))  # m edited: not trusted
    assert read_results(results).rows == []
    res = _bench(out)
    assert res.exit_code == 0, res.output
    said = " ".join(res.output.split())
    assert "1 damaged row(s)" in said and "redoing them" in said and "2 measured rows" in said
    rows = {r.cache_mode: r for r in read_results(results).rows}
    assert read_results(results).damaged == []
    assert rows[""].status == "pending" and "rebuilt from modules.json" in rows[""].reason  # the sweep redoes it
    for mode in ("hot", "cold"):
        assert rows[mode].status == "ok" and rows[mode].numerics == "pass" and rows[mode].latency_us_median > 0
        assert "not re-proved here" in rows[mode].reason
    again = _bench(out)  # resumes: nothing redone, nothing said about damage
    assert again.exit_code == 0 and "damaged row" not in again.output
    assert {r.cache_mode: r.measured_at for r in read_results(results).rows} == \
        {m: r.measured_at for m, r in rows.items()}


def test_a_lost_results_csv_is_rebuilt_from_the_manifest_and_the_modules_on_disk(host_sweep, tmp_path):
    from iree_vdmfma.problems.rows import read_rows

    out = _copy(host_sweep, tmp_path)
    (out / "results.csv").unlink()
    res = _bench(out)
    assert res.exit_code == 0, res.output
    assert "rebuilt from modules.json (1 module(s) on disk to bench" in " ".join(res.output.split())
    rows = read_rows(out / "results.csv")
    assert sorted((r.cache_mode, r.status) for r in rows) == [("", "pending"), ("cold", "ok"), ("hot", "ok")]


def test_an_ok_row_without_timing_is_not_finished_and_reps_below_one_are_refused_up_front(host_sweep, tmp_path):
    from iree_vdmfma.problems.rows import read_rows, write_rows
    from iree_vdmfma.sweep.bench import BenchOptions

    with pytest.raises(ValueError, match="reps must be >= 1"):
        BenchOptions("local-task", reps=0)
    with pytest.raises(ValueError, match="reps must be >= 1"):
        BenchOptions("local-task", reps=-3)
    out = _copy(host_sweep, tmp_path)
    for reps in ("0", "-1"):
        refused = _bench(out, "--reps", reps)
        assert refused.exit_code == 2 and "--reps" in refused.output, refused.output
    assert [r.cache_mode for r in read_rows(out / "results.csv")] == [""]  # nothing ran
    (compiled,) = read_rows(out / "results.csv")
    timingless = [compiled.replace(cache_mode=m, status="ok", numerics="pass", device="local-task") for m in
                  ("hot", "cold")]  # what a bench with --reps 0 used to write: ok, no latency
    write_rows([compiled, *timingless], out / "results.csv")
    res = _bench(out)
    assert res.exit_code == 0 and "2 damaged row(s)" in res.output, res.output
    run = [r for r in read_rows(out / "results.csv") if r.cache_mode]
    assert len(run) == 2 and all(r.status == "ok" and r.latency_us_median > 0 for r in run)


def test_a_directory_timed_in_one_mode_is_neither_benched_nor_swept_in_another(host_sweep, tmp_path, cache_dir):
    """A finished row is never redone, so rows timed in cmdbuf mode would be kept as a loop-mode run's: refused in
    one line, exit 2, before anything runs or compiles, and the rows on disk stay as they were."""
    from iree_vdmfma.problems.rows import read_rows

    out = _copy(host_sweep, tmp_path)
    assert _bench(out).exit_code == 0
    before = (out / "results.csv").read_bytes()
    assert {r.timing_mode for r in read_rows(out / "results.csv") if r.cache_mode} == {"cmdbuf"}
    refused = _bench(out, "--timing-mode", "loop")
    said = refused.output.strip().splitlines()
    assert refused.exit_code == 2 and len(said) == 1 and said[0].startswith("error: "), refused.output
    assert "timed in cmdbuf timing mode (now --timing-mode loop)" in said[0]
    for append in ((), ("--append",)):  # a sweep, --append or not
        swept = _sweep_into(out, cache_dir, "--timing-mode", "loop", *append)
        assert swept.exit_code == 2 and "timed in cmdbuf timing mode" in swept.output, swept.output
    assert (out / "results.csv").read_bytes() == before
    assert _bench(out, "--timing-mode", "cmdbuf").exit_code == 0  # its own mode: nothing to redo, nothing said
    assert (out / "results.csv").read_bytes() == before
    from iree_vdmfma.problems.rows import write_rows

    # rows timed before rows recorded their mode (the committed H100 sweeps): timed in loop mode, @gemm_loop's
    write_rows([r.replace(timing_mode="", floor_us=None) for r in read_rows(out / "results.csv")], out / "results.csv")
    legacy = (out / "results.csv").read_bytes()
    assert "timed in loop timing mode (now --timing-mode cmdbuf)" in _bench(out, "--timing-mode", "cmdbuf").output
    assert _bench(out, "--timing-mode", "loop").exit_code == 0 and (out / "results.csv").read_bytes() == legacy


def test_rows_timed_as_a_plain_call_take_any_timing_mode_and_a_refusal_never_names_them(host_sweep, tmp_path,
                                                                                         cache_dir):
    """A row timed as one plain @gemm call ('call': its module had no function for the mode asked, as one built
    before timing modes) was timed in no mode: bench and sweep in any mode go on over it, and redo nothing. Beside
    rows timed in a mode, the one error line names that mode alone."""
    from iree_vdmfma.problems.rows import read_rows, write_rows

    out = _copy(host_sweep, tmp_path)
    assert _bench(out).exit_code == 0
    rows = read_rows(out / "results.csv")
    write_rows([r.replace(timing_mode="call") if r.cache_mode else r for r in rows], out / "results.csv")
    called = (out / "results.csv").read_bytes()
    for mode in ("loop", "cmdbuf"):
        benched = _bench(out, "--timing-mode", mode)
        assert benched.exit_code == 0 and "error:" not in benched.output, benched.output
        swept = _sweep_into(out, cache_dir, "--timing-mode", mode, "--append")
        assert swept.exit_code == 0 and "error:" not in swept.output, swept.output
        assert (out / "results.csv").read_bytes() == called  # nothing redone, no row changed
    write_rows([r.replace(timing_mode="call") if r.cache_mode == "hot" else r for r in rows], out / "results.csv")
    for refused in (_bench(out, "--timing-mode", "loop"), _sweep_into(out, cache_dir, "--timing-mode", "loop")):
        said = refused.output.strip().splitlines()
        assert refused.exit_code == 2 and len(said) == 1 and said[0].startswith("error: "), refused.output
        assert "holds rows timed in cmdbuf timing mode (now --timing-mode loop)" in said[0]


def test_sweep_retry_failed_over_rows_timed_in_another_mode_is_refused_before_it_redoes_any(host_sweep, tmp_path,
                                                                                            cache_dir):
    """--retry-failed redoes the failed rows: in another timing mode they would sit beside the finished rows timed
    in the first, so it is refused as any sweep in another mode is (one error line, exit 2, nothing compiled,
    run or written), though the failed row itself was never timed; in the rows' own mode it redoes it."""
    from iree_vdmfma.problems.rows import read_rows, write_rows

    out = _copy(host_sweep, tmp_path)
    assert _bench(out).exit_code == 0
    failed = [r.replace(status="run-error", error="RuntimeError: lost", reason="run on local-task failed",
                        latency_us_median=None, timing_mode="", floor_us=None) if r.cache_mode == "cold" else r
              for r in read_rows(out / "results.csv")]
    write_rows(failed, out / "results.csv")
    before = _files(out)
    refused = _sweep_into(out, cache_dir, "--timing-mode", "loop", "--retry-failed", "--append")
    said = refused.output.strip().splitlines()
    assert refused.exit_code == 2 and len(said) == 1 and said[0].startswith("error: "), refused.output
    assert "holds rows timed in cmdbuf timing mode (now --timing-mode loop)" in said[0]
    assert _files(out) == before
    redone = _sweep_into(out, cache_dir, "--timing-mode", "cmdbuf", "--retry-failed", "--append")
    assert redone.exit_code == 0, redone.output
    cold = [r for r in read_rows(out / "results.csv") if r.cache_mode == "cold"]
    assert [(r.status, r.timing_mode) for r in cold] == [("ok", "cmdbuf")] and cold[0].latency_us_median > 0


def test_a_directory_with_nothing_to_bench_is_one_error_line_and_exit_2(host_sweep, tmp_path):
    from iree_vdmfma.problems.rows import read_rows, write_rows

    out = _copy(host_sweep, tmp_path)
    (compiled,) = read_rows(out / "results.csv")
    write_rows([compiled.replace(status="compile-error", error="x")], out / "results.csv")
    res = _bench(out)
    assert res.exit_code == 2, res.output
    lines = [line for line in res.output.splitlines() if line.strip()]
    assert len(lines) == 1 and lines[0].startswith("error:") and "nothing to bench" in lines[0], res.output
    assert [r.cache_mode for r in read_rows(out / "results.csv")] == [""]
