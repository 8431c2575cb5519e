"""A run is bounded before and while it runs: a cold run that would not fit the machine's memory is a row saying
so (never started, never OOM-killed), a benchmark killed by SIGKILL is named, a run row that failed gives the
run's own repro, and --timeout bounds runs as it bounds compiles. Real compiles, real runs on local-task."""

from __future__ import annotations

import shlex
import subprocess
import sys
import time
from pathlib import Path

import pytest
from typer.testing import CliRunner

from iree_vdmfma.cli import app
from iree_vdmfma.problems.problem import Problem
from iree_vdmfma.problems.rows import Status, read_rows
from iree_vdmfma.run import timing


def test_a_cold_run_that_would_not_fit_in_memory_is_a_row_that_says_so_with_the_runs_repro(tmp_path, monkeypatch):
    shapes = tmp_path / "huge.csv"
    shapes.write_text("name,m,n,k\nhuge,20000,64,128\n")  # a 5 MB result a dispatch, 136 dispatches a cold call
    monkeypatch.setenv("VDMFMA_MEMORY_BYTES", "256M")  # the machine's memory, as the run sees it
    out = tmp_path / "out"
    res = CliRunner().invoke(app, ["sweep", str(shapes), "--device", "local-task", "--variants", "default", "--reps",
                                   "1", "--cache-size", "1M", "--out", str(out), "--no-report"])
    assert res.exit_code == 1, res.output
    rows = {r.cache_mode: r for r in read_rows(out / "results.csv")}
    assert rows["hot"].status == Status.OK.value  # 16 results: fits
    cold = rows["cold"]
    assert cold.status == Status.RUN_ERROR.value and cold.latency_us_median is None
    # 129 copies defeat the 1M cache; command-buffer mode rounds them up to whole command buffers of 8: 136
    assert cold.error == ("cold run not started: it would need 0.655 GiB (136 weight copies, 136 dispatches a call, "
                          "each with its own 20000x64 result) and 0.25 GiB is available")
    repro = shlex.split(cold.repro)
    assert repro[:3] == ["vdmfma", "run", "--vmfb"] and Path(repro[3]) == out / "artifacts" / "f16_20000x64x128" / \
        "default-host" / "out.vmfb" and Path(repro[3]).is_file()
    assert "--cache-mode cold" in cold.repro and "--cache-size 1048576" in cold.repro and "iree-compile" not in cold.repro
    before = (out / "results.csv").read_bytes()
    again = CliRunner().invoke(app, ["sweep", str(shapes), "--device", "local-task", "--variants", "default", "--reps",
                                     "1", "--cache-size", "1M", "--out", str(out), "--no-report"])
    starts = [line for line in (out / "sweep.log").read_text().splitlines() if "row(s) to do" in line]
    assert "start: 0 row(s) to do" in starts[-1], starts
    assert (out / "results.csv").read_bytes() == before  # the failed row is finished: never redone unasked


def test_a_benchmark_killed_by_sigkill_is_named(tmp_path):
    with pytest.raises(timing.TimingError, match=r"iree-benchmark-module was killed \(SIGKILL, exit -9\): out of "
                                                 r"memory\?"):
        timing.run_benchmark(["sh", "-c", "kill -9 $$"], tmp_path / "out.json", 1)


def test_timeout_bounds_a_sweeps_runs_as_it_bounds_its_compiles(tmp_path):
    shapes = tmp_path / "one.csv"
    shapes.write_text("name,m,n,k\ntiny,8,128,256\n")
    args = ["sweep", str(shapes), "--variants", "default", "--no-report"]
    warm = CliRunner().invoke(app, [*args, "--device", "none", "--target", "host", "--out", str(tmp_path / "warm")])
    assert warm.exit_code == 0, warm.output  # the module is in the cache: the run alone meets the timeout
    out = tmp_path / "out"
    res = CliRunner().invoke(app, [*args, "--device", "local-task", "--reps", "100000", "--cache-size", "1M",
                                   "--timeout", "1",
                                   "--out", str(out)])  # unbounded: 100000 repetitions of >= 0.05 s each
    assert res.exit_code == 1, res.output
    rows = read_rows(out / "results.csv")
    assert sorted(r.cache_mode for r in rows) == ["cold", "hot"] and all(r.cached for r in rows)
    for r in rows:
        assert r.status == Status.TIMEOUT.value and r.error == "iree-benchmark-module timed out after 1 s", r


def test_timeout_bounds_a_benchs_runs_as_it_bounds_a_sweeps(tmp_path):
    shapes = tmp_path / "one.csv"
    shapes.write_text("name,m,n,k\ntiny,8,128,256\n")
    out = tmp_path / "out"
    built = CliRunner().invoke(app, ["sweep", str(shapes), "--variants", "default", "--device", "none", "--target",
                                     "host", "--out", str(out), "--no-report"])
    assert built.exit_code == 0, built.output
    res = CliRunner().invoke(app, ["bench", str(out), "--device", "local-task", "--reps", "100000", "--cache-size",
                                   "1M", "--timeout", "1", "--no-report"])  # unbounded: 100000 reps of >= 0.05 s
    assert res.exit_code == 1, res.output
    rows = [r for r in read_rows(out / "results.csv") if r.cache_mode]
    assert sorted(r.cache_mode for r in rows) == ["cold", "hot"]
    for r in rows:
        assert r.status == Status.TIMEOUT.value and r.error == "iree-benchmark-module timed out after 1 s", r


def test_a_run_past_its_timeout_ends_with_every_process_it_started(tmp_path):
    # as iree-benchmark-module on PATH is: a Python script that starts the real binary and waits for it (the toolkit
    # runs the wheel's binary itself where it can: timing.benchmark_tool)
    marker = tmp_path / "the-binary"
    wrapper = tmp_path / "iree-benchmark-module"
    wrapper.write_text(f"#!{sys.executable}\nimport subprocess\nsubprocess.run(['sh', '-c', 'sleep 300 # {marker}'])\n")
    wrapper.chmod(0o755)
    assert not timing.benchmark_tool().endswith((".py", "/bin/iree-benchmark-module"))  # the binary, not a script
    with pytest.raises(timing.TimingError, match="timed out after 0.5 s") as e:
        timing.run_benchmark([str(wrapper)], tmp_path / "out.json", 1, timeout_s=0.5)
    assert e.value.timed_out
    assert _running(marker) == [], "the binary outlived the timeout"


@pytest.fixture
def leftovers(tmp_path):
    """After the test, SIGKILL what a failed run left (processes whose command line names the test's tmp dir)."""
    yield
    for p in _running(tmp_path):
        subprocess.run(["kill", "-9", p.name], check=False)


def _running(marker: Path) -> list[Path]:
    """The processes whose command line names ``marker``."""
    return [p for p in Path("/proc").iterdir() if p.name.isdigit() and str(marker).encode() in _cmdline(p)]


def _cmdline(proc: Path) -> bytes:
    try:
        return (proc / "cmdline").read_bytes()
    except OSError:
        return b""


@pytest.mark.parametrize("own_session", [False, True], ids=["in-its-group", "in-a-session-of-its-own"])
def test_a_benchmark_that_hangs_after_writing_its_results_is_ended_and_its_results_kept(tmp_path, monkeypatch,
                                                                                      own_session, leftovers):
    # IREE 3.13's local-task device sometimes deadlocks in its destroy after the JSON is written (util/procs.py):
    # here a wrapper runs the real binary, then hangs as that teardown does; the run takes the complete results,
    # also when the hung process left the wrapper's group and holds its stdout (the kill then frees no pipe)
    from iree_vdmfma.run import runner
    from iree_vdmfma.run.numerics import Checker
    from iree_vdmfma.util import procs

    p = Problem(8, 128, 512, dtype="f16")
    vmfb = runner.compile_for_run(p, "host", tmp_path / "module")
    marker = tmp_path / "the-teardown"
    wrapper = tmp_path / "iree-benchmark-module"
    wrapper.write_text(f"#!{sys.executable}\nimport subprocess, sys\n"
                       f"rc = subprocess.run([{timing.benchmark_tool()!r}, *sys.argv[1:]]).returncode\n"
                       f"subprocess.run(['sh', '-c', 'sleep 300 # {marker}'], start_new_session={own_session})\n"
                       "sys.exit(rc)\n")
    wrapper.chmod(0o755)
    monkeypatch.setattr(timing, "benchmark_tool", lambda: str(wrapper))
    monkeypatch.setattr(procs, "GRACE_S", 1.0)  # the tool's 10 s to exit after its JSON: 1 s here
    chk = Checker(p, 0)
    started = time.monotonic()
    run = timing.time_module(vmfb, p, chk.inputs.a, chk.inputs.b, "local-task", timing.plan(p, "hot"), True, reps=2,
                             warmup_s=0.01, min_time_s=0.01, workdir=tmp_path / "work", timeout_s=240)
    assert time.monotonic() - started < 120  # the grace after complete output, not the 240 s timeout
    assert run.latency.median_us > 0 and len(run.latency.samples_us) == 2
    assert _running(marker) == [], "the hung teardown outlived the run"
    ends = procs.run_group([sys.executable, "-c", "print('whole')"], 60, finished=lambda: True, grace_s=30)
    assert ends.returncode == 0 and ends.stdout == "whole\n" and not ends.hung_at_exit  # a tool that exits: as it is


def test_a_run_whose_output_is_complete_is_its_output_never_a_timeout_even_when_its_pipes_stay_held(tmp_path,
                                                                                                   leftovers):
    # the tool writes its output, then starts a process in a session of its own that keeps the tool's stdout open
    # (killing the tool's group frees no pipe) and hangs; killed after its grace, or at its timeout inside it
    from iree_vdmfma.util import procs

    marker, done, tool = tmp_path / "the-teardown", tmp_path / "done", tmp_path / "tool"
    tool.write_text(f"#!{sys.executable}\nimport pathlib, subprocess, time\nprint('whole', flush=True)\n"
                    f"subprocess.Popen(['sh', '-c', 'sleep 300 # {marker}'], start_new_session=True)\n"
                    f"pathlib.Path({str(done)!r}).touch()\ntime.sleep(300)\n")
    tool.chmod(0o755)
    for timeout_s, grace_s in ((120, 0.5), (5, 120)):  # killed after its grace; at its timeout, inside its grace
        done.unlink(missing_ok=True)
        started = time.monotonic()
        ends = procs.run_group([str(tool)], timeout_s, finished=done.exists, grace_s=grace_s)
        assert ends.hung_at_exit and ends.stdout == "whole\n", (timeout_s, ends)
        assert time.monotonic() - started < 60 and _running(marker) == [], "the held pipe outlived the run"


# A tool that makes no progress is ended early (util/procs.Stall: IREE 3.13's threaded-compile deadlock); one that
# works, or waits on a child that works, is not. Real processes; the stall time is short, the hang guards long.
BUSY = "import time\nt = time.process_time()\nwhile time.process_time() - t < 1.5: pass"


def test_a_tool_with_no_cpu_time_and_no_thread_running_is_hung_and_ended_before_its_timeout():
    from iree_vdmfma.util import procs

    with pytest.raises(procs.Hung) as hung:
        procs.run_group(["sleep", "120"], 300, stall_s=0.5)  # 300: a hang guard, the stall ends it
    assert isinstance(hung.value, subprocess.TimeoutExpired) and "hung: no CPU time" in str(hung.value)
    busy = procs.run_group([sys.executable, "-c", BUSY], 300, stall_s=0.5)  # 1.5 s of CPU, every look busy
    assert busy.returncode == 0
    waits = procs.run_group(["bash", "-c", f"{shlex.quote(sys.executable)} -c {shlex.quote(BUSY)}; echo done"], 300,
                            stall_s=0.5)  # bash sleeps in wait() while its child works: the group progresses
    assert waits.returncode == 0 and waits.stdout == "done\n"
