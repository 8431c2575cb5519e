"""Fault injection with real processes: a real compiler crash, a forced timeout, a cancelled compile, a
run hook that raises, impossible targets/intrinsics, and a real `vdmfma sweep` interrupted by SIGINT and
SIGTERM and resumed. Nothing is mocked: every compile is a real iree-compile."""

from __future__ import annotations

import collections
import dataclasses
import json
import os
import re
import shlex
import signal
import subprocess
import threading
import time
from pathlib import Path

import pytest
from typer.testing import CliRunner

from conftest import SIGNAL_GUARD_S
from iree_vdmfma.configs.catalog import IntrinsicUnavailableError
from iree_vdmfma.cli import app
from iree_vdmfma.compiler.driver import CompileInterrupted, Compiler
from iree_vdmfma.compiler.entry import LOCKS
from iree_vdmfma.compiler.errors import first_error_line
from iree_vdmfma.problems.problem import Problem
from iree_vdmfma.problems.rows import ResultRow, Status, read_rows
from iree_vdmfma.sweep.proofs import PROOFS
from iree_vdmfma.sweep.sweep import SweepOptions, plan, sweep

SMALL = Problem(8, 256, 1024)


def _job(problem=SMALL, variant="vdmfma", target="gfx942", timeout_s=300.0):
    job = plan([problem], SweepOptions(target=target, variants=(variant,)))[0].compile_job
    return dataclasses.replace(job, timeout_s=timeout_s)


def _processes_mentioning(marker: str) -> list[int]:
    """Live (non-zombie) processes whose command line mentions ``marker``."""
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit() or int(entry.name) == os.getpid():
            continue
        try:
            if marker in (entry / "cmdline").read_bytes().decode(errors="replace"):
                found.append(int(entry.name))
        except OSError:
            pass
    return found


def _zombie_children() -> list[int]:
    zombies = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
        except OSError:
            continue
        state, ppid = stat.rsplit(")", 1)[1].split()[:2]
        if state == "Z" and int(ppid) == os.getpid():
            zombies.append(int(entry.name))
    return zombies


def _wait_gone(marker: str, seconds: float = 120.0) -> list[int]:
    """The processes mentioning ``marker`` once they are all gone (at once, usually), or those left after
    ``seconds``: a hang guard, generous so that a loaded machine's slow reaping decides nothing."""
    deadline = time.monotonic() + seconds
    while (left := _processes_mentioning(marker)) and time.monotonic() < deadline:
        time.sleep(0.05)
    return left


def _cache_entries(cache: Path) -> list[Path]:
    """Everything in the cache but the proofs kept beside its entries (sweep/proofs.py) and the harness-floor
    module a runnable sweep compiles once beside its rows (run/floor.py)."""
    from conftest import floor_entry

    return sorted(p for p in cache.iterdir() if p.name not in (PROOFS, LOCKS) and not floor_entry(p)) if cache.exists() else []


# --- the first error line ------------------------------------------------------------------------------

CRASH = """Please report issues to https://github.com/iree-org/iree/issues and include the crash backtrace.
Stack dump:
0.\tProgram arguments: iree-compile in.mlir -o out.vmfb
 #0 0x00007f88a275a0ab llvm::sys::PrintStackTrace(llvm::raw_ostream&, int) Signals.cpp:0:0
 #1 0x00007f88a27571fe llvm::sys::RunSignalHandlers() Signals.cpp:0:0
 #2 0x00007f88a275ac10 SignalHandler(int, siginfo_t*, void*) Signals.cpp:0:0
 #3 0x00007f889c85a050 (/lib/x86_64-linux-gnu/libc.so.6+0x3c050)
 #4 0x00007f88a2b86a8a mlir::iree_compiler::getXorShuffleParamsForTunedChipset(mlir::Attr, int) GPUUtils.cpp:0:0
 #5 0x00007f88a2b86fb4 mlir::iree_compiler::getXorShuffleAttr(mlir::MLIRContext*) GPUUtils.cpp:0:0
"""


@pytest.mark.parametrize("stderr,returncode,expected", [
    (CRASH, -8, "iree-compile crashed (SIGFPE) in mlir::iree_compiler::getXorShuffleParamsForTunedChipset "
                "(GPUUtils.cpp)"),
    ("LLVM ERROR: Cannot select: intrinsic\n" + CRASH, -6, "LLVM ERROR: Cannot select: intrinsic"),
    ("iree-compile: Foo.cpp:12: void f(): Assertion `x && \"bad\"' failed.\n" + CRASH, -6,
     "iree-compile: Foo.cpp:12: void f(): Assertion `x && \"bad\"' failed."),
    ("in.mlir:3:5: error: 'amdgpu.sparse_mfma' op no intrinsic\nin.mlir:3:5: note: see current operation\n", 1,
     "in.mlir:3:5: error: 'amdgpu.sparse_mfma' op no intrinsic"),
    ("iree-compile: Unknown command line argument '--iree-x'.  Try: 'iree-compile --help'\n"
     "iree-compile: Did you mean '--iree-y'?\n", 1,
     "iree-compile: Unknown command line argument '--iree-x'.  Try: 'iree-compile --help'"),
    ("Stack dump:\n #0 0x00007f88a275a0ab (/lib/libc.so.6+0x3c050)\n", -11,
     "iree-compile crashed (SIGSEGV); see stderr.txt for the stack dump"),
])
def test_first_error_line_is_meaningful(stderr, returncode, expected):
    assert first_error_line(stderr, returncode) == expected


# --- a real crash --------------------------------------------------------------------------------------

def test_real_crash_becomes_a_row_with_its_cause_and_a_repro_and_the_sweep_goes_on(tmp_path):
    shapes = tmp_path / "decode.csv"
    shapes.write_text("name,m,n,k\ncrash,8,2304,8192\nfine,16,256,1024\n")  # IREE 3.13 crashes on gfx950 M=8 f16
    out = tmp_path / "out"
    proc = subprocess.run(["vdmfma", "sweep", str(shapes), "--target", "gfx950", "--variants", "default",
                           "-o", str(out), "--cache-dir", str(tmp_path / "cache")], capture_output=True, text=True)
    assert proc.returncode == 1, proc.stderr  # a row failed: scripts and CI can see it
    assert "Traceback" not in proc.stderr
    rows = {r.name: r for r in read_rows(out / "results.csv")}
    crash, fine = rows["crash"], rows["fine"]
    assert crash.status == Status.COMPILE_ERROR.value and crash.reason == "iree-compile failed"
    # The signal, and the cause where the stack dump has a symbolised frame (not every machine's does);
    # never 'Stack dump:' or a frame address.
    m = re.fullmatch(r"iree-compile crashed \((SIG[A-Z]+)\)( in (\S*getXorShuffleParamsForTunedChipset) \(\S+\)"
                     r"|; see stderr.txt for the stack dump)", crash.error)
    assert m, crash.error
    frame = m.group(3) or "Stack dump"
    assert frame in (Path(crash.artifacts) / "stderr.txt").read_text()
    assert fine.status == Status.OK.value and fine.mfma > 0  # the sweep went on
    # The repro command reproduces the crash from the kept artifacts.
    repro = subprocess.run(shlex.split(crash.repro), capture_output=True, text=True, cwd="/")
    assert repro.returncode != 0 and frame in repro.stderr


# --- a timeout -----------------------------------------------------------------------------------------

def test_timeout_kills_the_compile_and_is_never_cached(tmp_path):
    cache = tmp_path / "cache"
    compiler = Compiler(cache, workers=1)
    result = compiler.compile(_job(timeout_s=0.05))  # the driver's own timer stops it: no wall time asserted here
    assert result.timed_out and not result.ok and result.error.startswith("timed out after 0.05 s")
    assert not _wait_gone(str(tmp_path)), "iree-compile survived its timeout"
    assert not _zombie_children()
    assert _cache_entries(cache) == []  # not cached, not even as a failure
    again = compiler.compile(_job(timeout_s=300))
    assert again.ok and not again.cached and again.vmfb.stat().st_size > 0
    assert compiler.compile(_job()).cached
    compiler.close()


def test_sweep_timeout_row_resume_and_retry_failed(tmp_path):
    out = tmp_path / "out"
    fast = SweepOptions(target="gfx942", variants=("vdmfma",), out_dir=out, cache_dir=tmp_path / "cache",
                        timeout_s=0.05)
    (row,) = sweep([SMALL], fast)
    assert row.status == Status.TIMEOUT.value and row.reason == "compile timed out"
    assert "iree-compile" in row.repro and "timed out" in row.error
    assert not _wait_gone(str(tmp_path))
    # Same command again: failures are finished rows, not redone.
    (same,) = sweep([SMALL], fast)
    assert same == row
    # --retry-failed with a sane timeout redoes it.
    (redone,) = sweep([SMALL], dataclasses.replace(fast, timeout_s=300, retry_failed=True))
    assert redone.status == Status.OK.value and redone.smfmac > 0 and not redone.cached


def test_compile_killed_from_outside_is_an_uncached_machine_failure(tmp_path):
    cache = tmp_path / "cache"
    compiler = Compiler(cache, workers=1)
    outcome = {}
    thread = threading.Thread(target=lambda: outcome.setdefault("result", compiler.compile(_job())))
    thread.start()
    deadline = time.monotonic() + SIGNAL_GUARD_S  # a hang guard: the loop ends once iree-compile runs
    while not (pids := _processes_mentioning(str(cache))) and time.monotonic() < deadline:
        time.sleep(0.01)
    for pid in pids:
        os.kill(pid, signal.SIGKILL)  # as the OOM killer would
    thread.join(300)  # a hang guard
    result = outcome["result"]
    assert not result.ok and not result.timed_out and "killed by SIGKILL" in result.error
    assert result.killed  # a sweep records it as machine-error, not compile-error (test_machine_failures)
    assert _cache_entries(cache) == []  # not a property of the job: never cached
    assert compiler.compile(_job()).ok



def test_a_tune_candidate_whose_compile_is_killed_from_outside_is_a_machine_error_the_rerun_redoes(tmp_path):
    """As a sweep row (found in review: a tune wrote it as a finished compile-error that no rerun redid, so a
    candidate the OOM killer hit was never measured in that OUT). The shape is left unfinished, not won on a field
    the machine cut; the rerun redoes that one candidate and leaves every finished row as it was."""
    from iree_vdmfma.problems.rows import MACHINE_REASON
    from iree_vdmfma.tune import state
    from iree_vdmfma.tune.options import TuneOptions
    from iree_vdmfma.tune.tuner import Tuner

    out, cache = tmp_path / "tune", tmp_path / "tune-cache"
    options = TuneOptions(target="host", device="none", out_dir=out, cache_dir=cache, workers=1, max_candidates=2)
    said: list[str] = []
    killed: list[int] = []

    def kill_the_first_compile():
        deadline = time.monotonic() + SIGNAL_GUARD_S  # a hang guard: the loop ends once iree-compile runs
        while not killed and time.monotonic() < deadline:
            for pid in _processes_mentioning(str(cache) + "/"):
                try:
                    if Path(f"/proc/{pid}/cmdline").read_bytes().split(b"\0")[0].endswith(b"iree-compile"):
                        os.kill(pid, signal.SIGKILL)  # as the OOM killer would
                        killed.append(pid)
                        break
                except OSError:  # it ended first: the next compile
                    continue
            time.sleep(0.01)

    killer = threading.Thread(target=kill_the_first_compile)
    killer.start()
    tuner = Tuner([SMALL], options, on_event=said.append)
    assert tuner.run() == [] and killed
    killer.join(60)
    assert tuner.left == tuner.lost == [SMALL.key]
    first = state.read_table(out / "candidates.csv", state.CandidateRow)
    lost = [r for r in first if r.status == Status.MACHINE_ERROR.value]
    assert len(lost) == 1 and lost[0].reason == MACHINE_REASON and "killed by SIGKILL" in lost[0].error, first
    assert any("1 candidate(s) lost to the machine" in s and "rerun to redo them" in s for s in said), said
    assert not any("time budget" in s for s in said), said

    again = Tuner([SMALL], options, on_event=said.append)
    (winner,) = again.run()
    assert winner.key == SMALL.key and again.left == again.lost == []
    second = {r.candidate: r for r in state.read_table(out / "candidates.csv", state.CandidateRow)}
    assert second[lost[0].candidate].status not in (Status.MACHINE_ERROR.value, Status.PENDING.value)
    for r in first:  # finished rows are never touched
        if r.status != Status.MACHINE_ERROR.value and r.status != Status.PENDING.value:
            assert second[r.candidate] == r


def test_a_compile_that_stops_making_progress_is_ended_as_hung_and_the_sweep_retries_it_single_threaded(
        tmp_path, monkeypatch):
    """IREE 3.13's threaded compile sometimes deadlocks: every thread on a futex, no CPU time from then on (seen in
    a gfx950 whole-model compile; util/procs.py). Here the real iree-compile is stopped (SIGSTOP: no CPU, no thread
    running, as a deadlock looks from outside). The driver ends it after the stall time, long before the timeout,
    as a hung timeout never cached, and the sweep compiles it once more with --mlir-disable-threading."""
    from iree_vdmfma.compiler.driver import RETRY_FLAG
    from iree_vdmfma.compiler.retry import retry_timed_out
    from iree_vdmfma.util import procs

    monkeypatch.setattr(procs, "STALL_S", 2.0)
    cache = tmp_path / "sweep-cache"
    stopped: list[str] = []  # the command line of the compile stopped

    def stop_the_first_compile():
        deadline = time.monotonic() + SIGNAL_GUARD_S  # a hang guard: the loop ends once iree-compile runs
        while not stopped and time.monotonic() < deadline:
            for pid in _processes_mentioning(str(cache) + "/"):
                try:
                    if not Path(f"/proc/{pid}/cmdline").read_bytes().split(b"\0")[0].endswith(b"iree-compile"):
                        continue
                    os.kill(pid, signal.SIGSTOP)
                    argv = Path(f"/proc/{pid}/cmdline").read_bytes()  # read again, stopped: the process stopped
                except OSError:  # it ended before it could be stopped: the next compile
                    continue
                if b"iree-compile" in argv.split(b"\0")[0] and str(cache).encode() in argv:
                    stopped.append(argv.decode(errors="replace"))
                    break
                os.kill(pid, signal.SIGCONT)  # not ours after all (its pid reused meanwhile)
            time.sleep(0.005)

    watcher = threading.Thread(target=stop_the_first_compile)
    watcher.start()
    (row,) = sweep([SMALL], SweepOptions(target="gfx942", variants=("vdmfma",), out_dir=tmp_path / "out",
                                         cache_dir=cache, timeout_s=300))
    watcher.join(300)  # a hang guard
    assert stopped and RETRY_FLAG not in stopped[0], stopped  # the threaded compile was the one stopped
    assert row.status == Status.OK.value and row.smfmac > 0, row
    assert RETRY_FLAG in row.repro  # the row is the single-threaded retry's, and says how to redo it
    assert 2.0 <= row.compile_s < 300  # the hung attempt's time is kept in the row; it was ended long before 300 s
    assert not _wait_gone(str(cache)) and not _zombie_children()
    (entry,) = [json.loads((e / "manifest.json").read_text()) for e in _cache_entries(cache)]
    assert entry["returncode"] == 0 and not entry["hung"]  # the retry's; the hung compile is not cached
    # the driver's own result: a timeout that says it hung, never cached
    with Compiler(tmp_path / "driver-cache", workers=1) as compiler:
        stopped.clear()
        cache = tmp_path / "driver-cache"
        watcher = threading.Thread(target=stop_the_first_compile)
        watcher.start()
        hung = compiler.compile(_job())
        watcher.join(300)  # a hang guard
        assert hung.timed_out and hung.hung and not hung.ok and hung.compile_s < 300
        assert hung.error.startswith("hung: no CPU time and no thread running for 2 s or more (IREE 3.13's threaded-"
                                     "compile deadlock"), hung.error
        assert not _wait_gone(str(cache)) and _cache_entries(cache) == []
        again, retried = retry_timed_out(compiler, hung)  # tune's and model's retry: single-threaded, both times kept
        assert retried and again.ok and again.job.flags[-1] == RETRY_FLAG and again.compile_s > hung.compile_s
        lone = dataclasses.replace(hung, job=again.job)  # a single-threaded compile that hung: not the same again
        assert retry_timed_out(compiler, lone) == (lone, False)


# --- an interrupt while compiling (library level) -------------------------------------------------------

@pytest.mark.parametrize("how", ["cancel", "end_children"])
def test_cancel_kills_the_compile_in_flight_and_records_nothing(tmp_path, how):
    """Compiler.cancel (a sweep's Ctrl-C), or util/procs.end_children (any command stopping on a signal, the
    compile inside a device task included): the compile is interrupted, never a machine-error or a cached result.
    The compile is stopped (SIGSTOP) first and nothing watches for a stall (stall_s=0): only the kill of its
    process group can end it, so the thread returns only if the cancel reached the compile."""
    from iree_vdmfma.util import procs

    cache = tmp_path / "cache"
    compiler = Compiler(cache, workers=1, stall_s=0)
    outcome = {}

    def work():
        try:
            outcome["result"] = compiler.compile(_job())
        except BaseException as e:  # noqa: BLE001 - the point of the test
            outcome["error"] = e

    thread = threading.Thread(target=work)
    thread.start()
    deadline = time.monotonic() + SIGNAL_GUARD_S  # a hang guard: the loop ends once iree-compile runs
    while not _processes_mentioning(str(cache)) and time.monotonic() < deadline:
        time.sleep(0.01)
    assert _processes_mentioning(str(cache)), "iree-compile never started"
    for pid in _processes_mentioning(str(cache)):
        os.kill(pid, signal.SIGSTOP)  # never finishes on its own now (SIGKILL still ends a stopped process)
    compiler.cancel() if how == "cancel" else procs.end_children()
    thread.join(SIGNAL_GUARD_S)  # a hang guard: it returns once the kill is seen
    if thread.is_alive():  # the cancel missed it: end the stopped compile so the failure leaves nothing behind
        for pid in _processes_mentioning(str(cache)):
            os.kill(pid, signal.SIGKILL)
        thread.join(60)
        pytest.fail(f"{how} did not end the compile in flight")
    assert isinstance(outcome.get("error"), CompileInterrupted), outcome
    assert not _wait_gone(str(cache))
    assert _cache_entries(cache) == []  # neither an entry nor a half-built temp dir
    with pytest.raises(CompileInterrupted):  # a cancelled compiler starts nothing new
        compiler.compile(_job())


def test_end_children_at_the_moment_a_tool_starts_still_ends_it(monkeypatch):
    """A signal's end_children that runs while another thread has just started a tool, before that tool is known
    to it: it waits for the start, then kills the tool (under load, that window left a stopped compile to its
    300 s timeout). The start is widened here: Popen returns, then end_children runs in another thread before
    run_group goes on."""
    from iree_vdmfma.util import procs

    real = subprocess.Popen
    ender = []

    def popen_then_end(*args, **kwargs):
        proc = real(*args, **kwargs)
        ender.append(threading.Thread(target=procs.end_children))
        ender[0].start()
        ender[0].join(0.5)  # blocked by the start in progress; without it, it has found nothing to end
        return proc

    monkeypatch.setattr(procs.subprocess, "Popen", popen_then_end)
    try:
        done = procs.run_group(["sleep", "120"], 60, own_session=True)  # 60: a hang guard, never reached
    finally:
        for t in ender:
            t.join(60)
    assert done.ended and done.returncode == -signal.SIGKILL, done


# --- a run hook that fails -----------------------------------------------------------------------------

def test_run_hook_exceptions_become_run_error_rows_and_the_sweep_goes_on(tmp_path, cache_dir):
    from iree_vdmfma.compiler.toolchain import compiler_version
    from iree_vdmfma.run.runner import sweep_run_hook

    # host modules run for real on local-task; the failures are raised around that real run
    a, b = Problem(8, 64, 256, name="a"), Problem(8, 64, 512, name="b")
    real = sweep_run_hook("local-task", reps=2, compiler_version=compiler_version())
    calls = collections.Counter()

    def hook(result, problem, row: ResultRow) -> ResultRow:
        calls[(problem.name, row.cache_mode)] += 1
        assert result.ok and result.vmfb.exists()
        if problem.name == "a":
            raise RuntimeError("HIP_ERROR_NoDevice: no ROCm-capable device is detected\n(more detail)")
        if row.cache_mode == "cold":
            raise MemoryError("out of device memory allocating 512 MiB")
        return real(result, problem, row)

    options = SweepOptions(target="host", variants=("default",), out_dir=tmp_path / "out", cache_dir=cache_dir,
                           cache_modes=("hot", "cold"), runnable=True)
    sweep([a, b], options, run_hook=dataclasses.replace(real, run=hook))
    rows = {(r.name, r.cache_mode): r for r in read_rows(tmp_path / "out" / "results.csv")}
    assert len(rows) == 4 and sum(calls.values()) == 4
    for mode in ("hot", "cold"):
        assert rows[("a", mode)].status == Status.RUN_ERROR.value and rows[("a", mode)].reason == "run failed"
        assert rows[("a", mode)].error == "RuntimeError: HIP_ERROR_NoDevice: no ROCm-capable device is detected"
        assert rows[("a", mode)].kernel_fingerprint  # the compile evidence is kept
    hot = rows[("b", "hot")]
    assert hot.status == Status.OK.value and hot.device == "local-task" and hot.numerics == "pass"
    assert hot.latency_us_median > 0 and hot.reps == 2
    assert rows[("b", "cold")].status == Status.RUN_ERROR.value
    assert rows[("b", "cold")].error == "MemoryError: out of device memory allocating 512 MiB"
    # Resume: run-errors are finished rows; --retry-failed redoes them (with the real run, nothing raised).
    calls.clear()
    sweep([a, b], options, run_hook=dataclasses.replace(real, run=hook))
    assert not calls
    sweep([a, b], dataclasses.replace(options, retry_failed=True), run_hook=real)
    again = {(r.name, r.cache_mode): r for r in read_rows(tmp_path / "out" / "results.csv")}
    assert {r.status for r in again.values()} == {Status.OK.value}
    assert all(r.latency_us_median > 0 and r.numerics == "pass" for r in again.values())


# --- refused before compiling --------------------------------------------------------------------------

@pytest.mark.parametrize("dtype,target,variants,expected", [
    ("f16", "gfx999", "vdmfma", "unknown target 'gfx999'; valid: gfx942, gfx950"),
    ("f16", "gfx942", "vdmfma,dense", "unknown variant 'dense'; valid: default, vdmfma, padded, splitk, torch, tuned"),
    ("f8E4M3FN", "gfx942", "vdmfma", "no VDMFMA x2 intrinsic for f8E4M3FN on gfx942; element types with one: "
                                     "bf16, f16, f8E4M3FNUZ, f8E5M2FNUZ, i8"),
    ("f8E4M3FN", "gfx942", "default", "f8E4M3FN is not supported on gfx942 (no MFMA for it); element types it "
                                      "has: bf16, f16, f8E4M3FNUZ, f8E5M2FNUZ, i8"),
    ("f8E4M3FNUZ", "gfx950", "padded", "no dense 16x16 MFMA for f8E4M3FNUZ on gfx950; element types with one: "
                                       "bf16, f16, f8E4M3FN, f8E5M2, i8"),
    ("f8E4M3FNUZ", "gfx950", "default", "f8E4M3FNUZ is not supported on gfx950"),
])
def test_impossible_target_or_intrinsic_is_refused_before_compiling(tmp_path, dtype, target, variants, expected):
    shapes = tmp_path / "s.csv"
    shapes.write_text(f"m,n,k,dtype\n8,256,1024,{dtype}\n8,256,2048,{dtype}\n")
    out, cache = tmp_path / "out", tmp_path / "cache"
    result = CliRunner().invoke(app, ["sweep", str(shapes), "-t", target, "-v", variants, "-o", str(out),
                                      "--cache-dir", str(cache)])
    assert result.exit_code == 2 and isinstance(result.exception, SystemExit), result.output
    assert result.output.startswith("error: ") and expected in result.output, result.output
    assert len(result.output.strip().splitlines()) == 1 and "Traceback" not in result.output
    assert not out.exists() and not cache.exists()  # no results.csv, nothing compiled


def test_plan_names_the_shape_and_counts_the_rest():
    ps = [Problem(8, 256, 1024, dtype="f8E4M3FN", name="first"), Problem(8, 256, 2048, dtype="f8E4M3FN")]
    with pytest.raises(IntrinsicUnavailableError, match=r"first, variant 'vdmfma'.* \(and 1 more"):
        plan(ps, SweepOptions(target="gfx942", variants=("vdmfma",)))
    with pytest.raises(ValueError, match="empty"):
        plan([], SweepOptions())


# --- a real sweep interrupted and resumed ---------------------------------------------------------------

def _statuses(results: Path) -> collections.Counter:
    try:
        return collections.Counter(r.status for r in read_rows(results))
    except (OSError, ValueError):
        return collections.Counter()


def _compiling(cache: Path) -> set[str]:
    """Cache keys of the iree-compile processes running now (they build in cache/.KEY.random/)."""
    keys = set()
    for pid in _processes_mentioning(str(cache)):
        try:
            cmdline = Path(f"/proc/{pid}/cmdline").read_bytes().decode(errors="replace")
        except OSError:
            continue
        keys |= set(re.findall(re.escape(str(cache)) + r"/\.([0-9a-f]{32})\.", cmdline))
    return keys


def _interrupt_when(cmd: list[str], results: Path, cache: Path, ok_at_least: int, sig: int) -> tuple[int, str, set]:
    """Start the sweep; once ``ok_at_least`` rows are ok and a compile is in flight, send ``sig``."""
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    deadline = time.monotonic() + 600  # a hang guard: the loop ends on the event (rows ok, a compile in flight)
    while _statuses(results)[Status.OK.value] < ok_at_least or not (in_flight := _compiling(cache)):
        assert proc.poll() is None, proc.communicate()
        assert time.monotonic() < deadline, "the sweep made no progress"
        time.sleep(0.02)
    proc.send_signal(sig)
    _, err = proc.communicate(timeout=SIGNAL_GUARD_S)
    return proc.returncode, err, in_flight


@pytest.mark.alone  # signals a running command at an event it polls for (tests/conftest.py)
def test_a_sweep_hung_up_on_exits_130_and_leaves_its_unfinished_rows_pending(tmp_path):
    # SIGHUP (the terminal closed, an ssh session dropped) stops a sweep as Ctrl-C does
    shapes = tmp_path / "four.csv"
    shapes.write_text("m,n,k\n" + "".join(f"8,256,{k}\n" for k in (1024, 2048, 3072, 4096)))
    out, cache = tmp_path / "out", tmp_path / "cache"
    cmd = ["vdmfma", "sweep", str(shapes), "--variants", "vdmfma", "-o", str(out), "--cache-dir", str(cache),
           "--workers", "1"]
    code, err, in_flight = _interrupt_when(cmd, out / "results.csv", cache, 1, signal.SIGHUP)
    assert code == 130 and "Traceback" not in err, err
    statuses = _statuses(out / "results.csv")
    assert statuses[Status.OK.value] >= 1 and statuses[Status.PENDING.value] >= 1, statuses
    assert not _wait_gone(str(cache)), "an iree-compile outlived the sweep"


@pytest.mark.alone  # signals a running command at an event it polls for (tests/conftest.py)
def test_sweep_interrupted_by_sigint_and_sigterm_resumes_without_redoing_finished_rows(tmp_path):
    # 24 rows compiled one at a time: the two interrupts need a compile in flight with rows left after it (with
    # 12, under two busy loops the poll first saw a compile in flight at the last row, and the sweep finished)
    ns = (256, 512, 768, 1024)
    shapes = tmp_path / "twenty-four.csv"
    shapes.write_text("m,n,k\n" + "".join(f"8,{n},{k}\n" for n in ns for k in range(1024, 6145, 1024)))
    out, cache = tmp_path / "out", tmp_path / "cache"
    results = out / "results.csv"
    cmd = ["vdmfma", "sweep", str(shapes), "--variants", "vdmfma", "-o", str(out), "--cache-dir", str(cache),
           "--workers", "1"]

    code, err, in_flight = _interrupt_when(cmd, results, cache, 2, signal.SIGINT)
    assert code == 130, err
    assert "Traceback" not in err
    assert err.strip().splitlines()[-1] == ("interrupted: finished rows are on disk; run the same command again "
                                            "to resume")
    assert err.count("interrupted: ") == 1  # (the banner names the log path, which holds the test name)
    first = _statuses(results)
    assert set(first) <= {"ok", "pending"} and first["ok"] >= 2 and first["pending"] >= 1, first
    assert not _wait_gone(str(tmp_path)), "a compile outlived the interrupt"
    # Nothing killed by the interrupt was cached: no temp dirs, only complete successful entries.
    for entry in _cache_entries(cache):
        assert not entry.name.startswith("."), entry
        meta = json.loads((entry / "manifest.json").read_text())
        assert meta["returncode"] == 0 and (entry / "out.vmfb").exists()
    finished = {r.row_key: r for r in read_rows(results) if r.status == "ok"}
    # The compile that was in flight was killed, not left to finish into the cache behind a pending row.
    assert len(_cache_entries(cache)) == len(finished)
    assert not {e.name for e in _cache_entries(cache)} & in_flight
    stamps = {k: os.stat(Path(r.artifacts) / "out.vmfb") for k, r in finished.items()}

    code, err, _ = _interrupt_when(cmd, results, cache, first["ok"] + 1, signal.SIGTERM)
    assert code == 130 and "Traceback" not in err and err.strip().splitlines()[-1].startswith("interrupted: "), err
    assert _statuses(results)["pending"] >= 1

    final = subprocess.run(cmd, capture_output=True, text=True)
    assert final.returncode == 0, final.stderr
    rows = read_rows(results)
    assert collections.Counter(r.row_key for r in rows) == collections.Counter(
        {(f"f16_8x{n}x{k}", "gfx942", "vdmfma", ""): 1 for n in ns for k in range(1024, 6145, 1024)})
    assert all(r.status == "ok" and r.smfmac > 0 for r in rows)
    by_key = {r.row_key: r for r in rows}
    for key, before in finished.items():  # not recompiled, not even re-proved from the cache
        assert by_key[key] == before
        now = os.stat(Path(before.artifacts) / "out.vmfb")
        assert (now.st_ino, now.st_ctime_ns) == (stamps[key].st_ino, stamps[key].st_ctime_ns)
    assert len(_cache_entries(cache)) == 24  # each job compiled to completion exactly once


@pytest.mark.parametrize("how", ["stopped", "killed"])
def test_a_target_info_compile_that_hangs_or_is_killed_ends_the_command_in_one_line(tmp_path, monkeypatch, how):
    """Every gfx command first asks iree-compile for the target's executable target (configs/catalog.py). That
    probe runs watched like every compile: stopped (SIGSTOP: no CPU, as IREE 3.13's deadlock looks) it is ended
    after the stall time; killed (SIGKILL) it is one line naming the signal. Either way one `error:` line, exit 1,
    never a hang or a traceback, and no process left."""
    import tempfile
    from iree_vdmfma.configs import catalog

    monkeypatch.setenv("VDMFMA_STALL_S", "2")
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path))  # the probe's input lands here: its marker
    for cached in (catalog.executable_target_text, catalog.target_intrinsics):
        cached.cache_clear()
    hit: list[int] = []

    def signal_the_probe():
        deadline = time.monotonic() + SIGNAL_GUARD_S  # a hang guard
        while not hit and time.monotonic() < deadline:
            for pid in _processes_mentioning(str(tmp_path / "vdmfma-target-")):
                try:
                    os.kill(pid, signal.SIGSTOP if how == "stopped" else signal.SIGKILL)
                    hit.append(pid)
                    break
                except OSError:
                    continue
            time.sleep(0.005)

    watcher = threading.Thread(target=signal_the_probe)
    watcher.start()
    try:
        shapes = tmp_path / "one.csv"
        shapes.write_text("name,m,n,k\nt,8,256,1024\n")
        res = CliRunner().invoke(app, ["sweep", str(shapes), "--target", "gfx942", "--device", "none",
                                       "--variants", "default", "--no-cache", "--out", str(tmp_path / "out")])
    finally:
        watcher.join(150)
        for cached in (catalog.executable_target_text, catalog.target_intrinsics):
            cached.cache_clear()  # the next test probes again, unharmed
    assert hit, "the probe was never seen"
    errors = [line for line in res.output.splitlines() if line.startswith("error:")]
    assert res.exit_code == 1 and len(errors) == 1 and "Traceback" not in res.output, res.output
    assert errors[0].startswith("error: the target-info compile for gfx942 ")
    assert ("hung (no CPU time" in errors[0]) if how == "stopped" else ("ended by SIGKILL" in errors[0]), errors[0]
    assert "--compile-to=executable-sources" in errors[0]  # the command, to redo it by hand
    assert not _processes_mentioning(str(tmp_path / "vdmfma-target-"))
