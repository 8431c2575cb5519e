"""A sweep that runs on a real IREE device: local-task (CPU), through the CLI."""

import dataclasses
import pickle
import threading
from pathlib import Path

import pandas as pd
import pytest
from typer.testing import CliRunner

from conftest import ROOT
from iree_vdmfma.cli import app
from iree_vdmfma.executors import LocalExecutor
from iree_vdmfma.problems.problem import Problem
from iree_vdmfma.problems.rows import Status, row_for, write_rows
from iree_vdmfma.problems.shapes import load_shape_list
from iree_vdmfma.run.hook import RunHook
from iree_vdmfma.run.runner import run_row, sweep_run_hook
from iree_vdmfma.sweep.sweep import Sweep, SweepOptions


SWEEP_PAGE = ROOT / "docs" / "commands" / "sweep.md"


def test_cpu_sweep_runs_the_variants_that_build_for_host_and_skips_gpu_only_variants(tmp_path, cache_dir):
    """The manual's CPU sweep (docs/commands/sweep.md, "On the CPU": read from the page and run as written;
    tests/test_docs.py leaves it to this test): without --variants, host's default and splitk are compiled, run
    hot and cold, checked and timed; then a GPU-only variant asked for by name beside default is a skipped row."""
    import docs_blocks

    [command] = [c.text for c in docs_blocks.block_after(SWEEP_PAGE, "### On the CPU")]
    assert command.startswith("vdmfma sweep sweeps/tiny-cpu.csv --device local-task ") and "--variants" not in command
    (tmp_path / "sweeps").symlink_to(ROOT / "sweeps")
    done = docs_blocks.run(command, tmp_path, docs_blocks.environment(tmp_path))  # the session's compile cache
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    [out] = [tmp_path / o for o in docs_blocks.outputs(command)]
    shapes = load_shape_list(ROOT / "sweeps" / "tiny-cpu.csv")
    df = pd.read_csv(out / "results.csv")
    assert (df["target"] == "host").all() and set(df["variant"]) == {"default", "splitk"}
    assert len(df) == len(shapes) * 2 * 2 and set(df["cache_mode"]) == {"hot", "cold"}
    assert (df["status"] == "ok").all() and (df["numerics"] == "pass").all()
    for col in ("latency_us_median", "latency_us_min", "latency_us_max", "latency_us_std", "gbps", "tflops"):
        assert df[col].notna().all(), col
    assert (df["latency_us_min"] <= df["latency_us_median"]).all()
    assert (df["latency_us_median"] <= df["latency_us_max"]).all()
    assert set(df["dtype"]) == {"f16", "bf16", "f8E4M3FNUZ", "i8"} and (df["reps"] == 3).all()
    # provenance, as `vdmfma bench` rows have it: what ran it, with which versions, when
    for col in ("device_arch", "compiler_version", "runtime_version", "toolkit_version", "measured_at"):
        assert df[col].notna().all() and (df[col].astype(str) != "").all(), col
    assert "splitk" in (out / "report" / "report.md").read_text()  # the report compares them against default

    one = tmp_path / "one.csv"  # GPU-only variants asked for by name, beside default: skipped, never renamed
    lines = (ROOT / "sweeps" / "tiny-cpu.csv").read_text().splitlines()
    one.write_text("\n".join(l for l in lines if l.startswith(("name,", "tiny-f16,"))) + "\n")
    result = CliRunner().invoke(app, ["sweep", str(one), "--device", "local-task", "--out", str(tmp_path / "named"),
                                      "--variants", "default,vdmfma,padded", "--reps", "3",
                                      "--cache-dir", str(cache_dir)])
    assert result.exit_code == 0, result.output
    every = pd.read_csv(tmp_path / "named" / "results.csv")
    assert set(every["variant"]) == {"default", "vdmfma", "padded"} and set(every["name"]) == {"tiny-f16"}
    gpu_only = every[every["variant"] != "default"]
    assert (gpu_only["status"] == "skipped").all() and gpu_only["compile_s"].isna().all()
    assert gpu_only["reason"].str.contains("builds only for rocm targets").all()
    ran = every[every["variant"] == "default"]
    assert set(ran["cache_mode"]) == {"hot", "cold"} and (ran["status"] == "ok").all()
    assert (ran["numerics"] == "pass").all()


def test_reps_0_checks_numerics_only_one_row_per_job_no_timing(tmp_path, cache_dir):
    shapes = tmp_path / "one.csv"
    shapes.write_text("name,m,n,k,dtype\nmy-tiny,8,128,256,f16\n")
    out = tmp_path / "out"
    result = CliRunner().invoke(app, ["sweep", str(shapes), "--device", "local-task", "--out", str(out),
                                      "--variants", "default", "--reps", "0", "--cache-dir", str(cache_dir)])
    assert result.exit_code == 0, result.output
    df = pd.read_csv(out / "results.csv", keep_default_na=False, na_values=[""])
    assert len(df) == 1 and df["cache_mode"].isna().all()  # no hot/cold timing rows
    assert df["status"].iloc[0] == "ok" and df["numerics"].iloc[0] == "pass"
    assert df["latency_us_median"].isna().all() and df["reps"].isna().all()
    assert (out / "results.csv").stat().st_mode & 0o777 == 0o644
    log = (out / "sweep.log").read_text()
    assert "[1/1] my-tiny (f16_8x128x256) default: ok" in log
    assert "my-tiny" in (out / "report" / "report.md").read_text()
    # --no-cache: nothing is compiled into a cache, the harness floor's module included
    default_cache = tmp_path / "default-cache"
    again = CliRunner().invoke(app, ["sweep", str(shapes), "--device", "local-task", "--out", str(tmp_path / "nc"),
                                     "--variants", "default", "--reps", "0", "--no-cache"],
                               env={"VDMFMA_CACHE_DIR": str(default_cache)})
    assert again.exit_code == 0, again.output
    assert list((tmp_path / "nc" / "artifacts" / "floor").glob("*.vmfb"))  # it was built, into the run's folder
    assert not default_cache.exists() or not any(default_cache.iterdir())


class CountingExecutor(LocalExecutor):
    """A local executor that records every task it is given and the thread each one ran on."""

    def __init__(self):
        super().__init__(workers=2)
        self.cpu: list[str] = []  # compile job labels
        self.gpu: list[tuple[str, str]] = []  # (problem key, cache mode) of each run
        self.threads: dict[str, set[str]] = {"cpu": set(), "gpu": set()}

    def _traced(self, kind: str, fn):
        def run(*args):
            self.threads[kind].add(threading.current_thread().name)
            return fn(*args)
        return run

    def submit_cpu(self, fn, *args):
        self.cpu.append(args[0].label)
        return super().submit_cpu(self._traced("cpu", fn), *args)

    def submit_gpu(self, fn, *args, device_kind=None):
        self.gpu.append((args[1].key, args[2].cache_mode))
        return super().submit_gpu(self._traced("gpu", fn), *args, device_kind=device_kind)


def test_a_sweeps_compiles_and_runs_all_go_through_the_executor_it_is_given(tmp_path, cache_dir):
    """executors/ is the only way work runs: every compile is a CPU task and every run a GPU task of the
    sweep's executor (locally: runs one at a time, in job order, on its one GPU thread)."""
    problems = [Problem(8, 128, 256, dtype="f16", name="a"), Problem(4, 128, 512, dtype="f16", name="b")]
    options = SweepOptions(target="host", variants=("default",), out_dir=tmp_path / "out", cache_dir=cache_dir,
                           cache_modes=("hot", "cold"), runnable=True)
    executor = CountingExecutor()
    with executor:
        rows = Sweep(problems, options, run_hook=sweep_run_hook("local-task", reps=2), executor=executor).run()
        assert LocalExecutor.submit_cpu(executor, str, "open").result() == "open"  # the caller's to close
    assert sorted(executor.cpu) == sorted(f"{p.key}/default/host" for p in problems)
    assert executor.gpu == [(p.key, mode) for p in problems for mode in ("hot", "cold")]
    assert all(t.startswith("vdmfma-cpu") for t in executor.threads["cpu"])
    assert len(executor.threads["gpu"]) == 1 and executor.threads["gpu"].pop().startswith("vdmfma-gpu")
    assert len(rows) == 4 and all(r.status == "ok" and r.numerics == "pass" and r.latency_us_median for r in rows)


def test_a_library_sweep_takes_its_timing_mode_from_its_run_hook_and_refuses_rows_timed_in_another(tmp_path):
    """The run hook is the one owner of a sweep's timing mode: a Sweep built in code, told it nowhere else, refuses
    an OUT whose rows were timed in another mode (a finished row is never redone: they would be kept as its own),
    before anything is written or compiled; a hook timing in the rows' own mode, or timing nothing (reps 0), is
    not refused."""
    problem = Problem(8, 128, 256, dtype="f16")
    out = tmp_path / "out"
    out.mkdir()
    write_rows([row_for(problem, "host", "default", Status.OK, cache_mode=mode, reps=2, latency_us_median=1.0,
                        timing_mode="cmdbuf") for mode in ("hot", "cold")], out / "results.csv")
    before = (out / "results.csv").read_bytes()
    options = SweepOptions(target="host", variants=("default",), out_dir=out, cache_dir=None,
                           cache_modes=("hot", "cold"), runnable=True)
    with pytest.raises(ValueError, match=r"holds rows timed in cmdbuf timing mode \(now --timing-mode loop\)"):
        Sweep([problem], options, run_hook=sweep_run_hook("local-task", reps=2, timing_mode="loop"))
    assert sorted(p.name for p in out.iterdir()) == ["results.csv"] and (out / "results.csv").read_bytes() == before
    assert Sweep([problem], options, run_hook=sweep_run_hook("local-task", reps=2, timing_mode="cmdbuf")).todo() == 0
    Sweep([problem], options, run_hook=sweep_run_hook("local-task", reps=0, timing_mode="loop"))


def test_a_run_hook_cannot_lose_its_timing_mode_when_wrapped_pickled_or_built_without_one(tmp_path):
    """A sweep takes only a RunHook, whose timing mode is a field it cannot be built without: a bare function (a
    wrapper around a real hook) is refused, a RunHook built around one keeps the mode it says, and so does a hook
    pickled for a remote executor's workers; the sweep refuses rows timed in another mode through each of them."""
    problem = Problem(8, 128, 256, dtype="f16")
    out = tmp_path / "out"
    out.mkdir()
    write_rows([row_for(problem, "host", "default", Status.OK, cache_mode=mode, reps=2, latency_us_median=1.0,
                        timing_mode="cmdbuf") for mode in ("hot", "cold")], out / "results.csv")
    options = SweepOptions(target="host", variants=("default",), out_dir=out, cache_dir=None,
                           cache_modes=("hot", "cold"), runnable=True)
    real = sweep_run_hook("local-task", reps=2, timing_mode="loop")

    def logged(result, problem, row):
        return real(result, problem, row)

    with pytest.raises(TypeError, match="timing_mode"):
        RunHook(logged)  # the mode is required
    with pytest.raises(ValueError, match="timing mode must be"):
        RunHook(logged, "graphs")
    with pytest.raises(TypeError, match=r"run_hook must be a RunHook .* got function"):
        Sweep([problem], options, run_hook=logged)
    shipped = pickle.loads(pickle.dumps(real))
    assert shipped.run.func is run_row and shipped.run.args == real.run.args  # the same run, on the worker
    for hook in (dataclasses.replace(real, run=logged), shipped):
        assert hook.timing_mode == "loop"
        with pytest.raises(ValueError, match=r"holds rows timed in cmdbuf timing mode \(now --timing-mode loop\)"):
            Sweep([problem], options, run_hook=hook)


def test_a_sweep_under_an_ascii_locale_logs_its_reasons_in_utf8_and_finishes(tmp_path, cache_dir):
    """LC_ALL=C without Python's UTF-8 mode: sweep.log's lines ("... skipped — <reason>") are UTF-8 on disk and
    the console gets escapes; the sweep exits 0 with every row written."""
    import os
    import subprocess
    import sys

    from conftest import ASCII_LOCALE

    shapes = tmp_path / "s.csv"
    shapes.write_text("name,m,n,k,batch,dtype\ntoy,4,64,256,1,f16\n")
    env = {k: v for k, v in {**os.environ, **ASCII_LOCALE, "PYTHONPATH": str(ROOT)}.items() if k != "PYTHONIOENCODING"}
    done = subprocess.run([sys.executable, "-m", "iree_vdmfma.cli", "sweep", str(shapes), "--target", "host",
                           "--device", "none", "--variants", "default,vdmfma", "--out", str(tmp_path / "o"),
                           "--cache-dir", str(cache_dir)], capture_output=True, env=env, timeout=600)
    assert done.returncode == 0 and b"Traceback" not in done.stderr, done.stderr.decode("ascii", "replace")
    log = (tmp_path / "o" / "sweep.log").read_bytes().decode("utf-8")
    assert "vdmfma: skipped — " in log, log
    # the console (stderr in the locale's ASCII, Python's backslashreplace): the same line, the dash as an escape
    assert done.stderr.isascii() and b"vdmfma: skipped \\u2014 variant vdmfma builds only" in done.stderr, done.stderr
    assert {r.variant: r.status for r in pd.read_csv(tmp_path / "o" / "results.csv").itertuples()} == \
        {"default": "ok", "vdmfma": "skipped"}
