"""The one retry of a hung compile (compiler/retry.py) in every caller that compiles through it: the run's module,
the calibration's two compiles, a shipped spec's proof and a batch of compiles (the model rescue's). IREE 3.13's
threaded compile sometimes deadlocks; here a wrapper in front of the real iree-compile (found through IREE's own
IREE_TOOL_PATH) stops itself, as a deadlock looks from outside, unless it is given --mlir-disable-threading, and then
runs the real compiler. Each caller must end the stopped compile as hung and get its result from the retry."""

from __future__ import annotations

import os
import time
import shlex
import stat
from pathlib import Path

import pytest

from iree_vdmfma.backends.cpu.backend import CPU_TARGET
from iree_vdmfma.compiler import toolchain
from iree_vdmfma.compiler.driver import RETRY_FLAG, CompileJob, Compiler
from iree_vdmfma.problems.inputs import input_ir
from iree_vdmfma.problems.problem import Problem

TINY = Problem(m=8, n=64, k=64, dtype="f16")


def _iree_compile_wrapper(tmp_path: Path, monkeypatch, body: str) -> None:
    """IREE_TOOL_PATH -> tmp_path/tools, whose iree-compile is the shell ``body`` (the real one:
    ``exec REAL "$@"`` in it, REAL quoted). The caller clears toolchain.tool's cache when done."""
    tools = tmp_path / "tools"
    tools.mkdir()
    wrapper = tools / "iree-compile"
    wrapper.write_text("#!/bin/sh\n" + body.replace("REAL", shlex.quote(toolchain.tool("iree-compile"))))
    wrapper.chmod(wrapper.stat().st_mode | stat.S_IXUSR)
    monkeypatch.setenv("IREE_TOOL_PATH", str(tools))
    toolchain.tool.cache_clear()


@pytest.fixture
def deadlocking(tmp_path, monkeypatch) -> Path:
    """IREE_TOOL_PATH -> a folder whose iree-compile stops itself (SIGSTOP) when it would compile threaded, and
    otherwise execs the real one; every compile's start is logged (``threaded`` or ``single``). Returns the log."""
    log = tmp_path / "starts.log"
    _iree_compile_wrapper(tmp_path, monkeypatch,
                          'case " $* " in *" --version "*|*--compile-to=*) ;;\n'  # version, target-info: not logged
                          f'  *" {RETRY_FLAG} "*) echo single >> {shlex.quote(str(log))} ;;\n'
                          f"  *) echo threaded >> {shlex.quote(str(log))}; kill -STOP $$ ;;\n"
                          'esac\nexec REAL "$@"\n')
    monkeypatch.setenv("VDMFMA_STALL_S", "1")
    yield log
    toolchain.tool.cache_clear()


def _starts(log: Path) -> list[str]:
    return log.read_text().split() if log.exists() else []


def test_a_run_compile_that_hangs_is_retried_single_threaded_and_the_run_gets_its_module(tmp_path, deadlocking):
    from iree_vdmfma.run.runner import compile_for_run

    vmfb = compile_for_run(TINY, CPU_TARGET, tmp_path / "run", use_cache=False)
    assert vmfb.stat().st_size > 0
    assert _starts(deadlocking) == ["threaded", "single"]


def test_the_calibration_compiles_that_hang_are_retried_before_anything_is_measured(tmp_path, deadlocking):
    from iree_vdmfma.run import calibration

    class Compiled(Exception):
        pass

    def measure(*args, **kwargs):
        raise Compiled

    with pytest.raises(Compiled):  # both compiles came back ok: the measurement was reached
        calibration.calibrate("local-task", tmp_path / "cal", problem=TINY, keep=False, measure=measure)
    assert _starts(deadlocking) == ["threaded", "single", "threaded", "single"]


def test_a_spec_proof_whose_compile_hangs_is_retried_and_proves_the_spec(tmp_path, deadlocking):
    from conftest import ROOT
    from iree_vdmfma.backends.rocm.spec_proof import prove_spec

    with Compiler(None, workers=1) as compiler:
        proof = prove_spec(ROOT / "specs" / "gfx942-f16.mlir", "gfx942", Problem(m=8, n=256, k=1024, dtype="f16"),
                           compiler)
    assert proof.ok and proof.smfmac > 0, proof
    assert _starts(deadlocking).count("threaded") == 1 and _starts(deadlocking)[-1] == "single"


def test_a_batch_whose_compiles_hang_gets_every_result_from_its_retry(tmp_path, deadlocking):
    from iree_vdmfma.backends import backend_for
    from iree_vdmfma.compiler.retry import compile_many_retrying

    flags = tuple(backend_for(CPU_TARGET).compile_flags(CPU_TARGET))
    jobs = [CompileJob(f"retry/{k}", input_ir(Problem(m=8, n=64, k=k, dtype="f16")), flags) for k in (64, 128)]
    with Compiler(None, workers=2) as compiler:
        results = compile_many_retrying(compiler, jobs)
    assert [r.ok for r in results] == [True, True] and all(r.job.flags[-1] == RETRY_FLAG for r in results)
    assert [r.job.label for r in results] == [j.label for j in jobs]  # in the order of the jobs
    assert sorted(_starts(deadlocking)) == ["single", "single", "threaded", "threaded"]
    assert all(r.compile_s >= 1 for r in results)  # the hung attempt's time is kept


def test_a_version_probe_that_hangs_is_ended_with_its_group_and_said_in_one_line(tmp_path, monkeypatch):
    """`iree-compile --version` (the compiler version every row and cache key carries) runs watched too: stopped
    for good, it is ended at its timeout with every process it started, and the commands get ToolFailed (one
    line, exit 1), never a hang."""
    from iree_vdmfma.compiler.errors import ToolFailed

    _iree_compile_wrapper(tmp_path, monkeypatch,
                          f"sleep 300 &\necho $! > {shlex.quote(str(tmp_path / 'child'))}\nkill -STOP $$\n")
    monkeypatch.setattr(toolchain, "VERSION_TIMEOUT_S", 2.0)
    toolchain.compiler_version.cache_clear()
    try:
        with pytest.raises(ToolFailed, match=r"iree-compile --version ran past 2 s and was ended"):
            toolchain.compiler_version()
    finally:
        toolchain.tool.cache_clear()
        toolchain.compiler_version.cache_clear()
    child = int((tmp_path / "child").read_text())
    deadline = time.monotonic() + 10  # a hang guard: the group was killed
    while Path(f"/proc/{child}").exists() and _state(child) != "Z" and time.monotonic() < deadline:
        time.sleep(0.05)
    assert not Path(f"/proc/{child}").exists() or _state(child) == "Z", "the probe's child outlived it"


def _state(pid: int) -> str:
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return "Z"


@pytest.mark.parametrize("always", [False, True], ids=["once", "always"])
def test_a_cuda_target_probe_that_hangs_is_retried_and_one_that_hangs_again_is_no_answer_cached(
        tmp_path, monkeypatch, always):
    """The CUDA target probe (which sm this iree-compile accepts, cached per compiler) compiles watched: a probe
    compile that hangs is tried once more single-threaded; one that hangs again is ToolFailed and nothing is
    cached, never 'sm_89 not accepted' for good."""
    from iree_vdmfma.compiler import cuda_targets
    from iree_vdmfma.compiler.errors import ToolFailed

    stop = "kill -STOP $$" if always else f'case " $* " in *" {RETRY_FLAG} "*) ;; *) kill -STOP $$ ;; esac'
    _iree_compile_wrapper(tmp_path, monkeypatch, f'case " $* " in *sm_89*) {stop} ;; esac\nexec REAL "$@"\n')
    monkeypatch.setenv("VDMFMA_STALL_S", "1")
    cache = tmp_path / "cache"
    try:
        if always:
            with pytest.raises(ToolFailed, match="CUDA target probe for sm_89 hung .*also single-threaded"):
                cuda_targets.probe_accepted(cache, ("sm_86", "sm_89"), timeout_s=120)
            assert not (cache / "cuda-targets").exists()
        else:
            assert cuda_targets.probe_accepted(cache, ("sm_86", "sm_89"), timeout_s=120) == ("sm_86", "sm_89")
    finally:
        toolchain.tool.cache_clear()


@pytest.mark.parametrize("command", ["sweep", "tune"])
def test_a_sweep_or_tune_compile_that_hangs_gets_its_row_from_the_one_retry(tmp_path, deadlocking, command):
    """The sweep and the tuner compile through compiler/retry.py's futures: the hung threaded compile is ended, the
    single-threaded retry's result makes the row, with the retry's repro and both attempts' time."""
    if command == "sweep":
        from iree_vdmfma.sweep.sweep import SweepOptions, sweep

        rows = sweep([TINY], SweepOptions(target=CPU_TARGET, variants=("default",), out_dir=tmp_path / "out",
                                          cache_dir=tmp_path / "cache", workers=1))
    else:
        from iree_vdmfma.tune import state
        from iree_vdmfma.tune.options import TuneOptions
        from iree_vdmfma.tune.tuner import Tuner

        Tuner([TINY], TuneOptions(target=CPU_TARGET, device="none", out_dir=tmp_path / "out", max_candidates=2,
                                  cache_dir=tmp_path / "cache", workers=1)).run()
        rows = [r for r in state.read_table(tmp_path / "out" / "candidates.csv", state.CandidateRow)
                if r.repro]
        assert rows and all(r.retried for r in rows), rows
    assert rows and all(RETRY_FLAG in r.repro and r.compile_s >= 1 for r in rows), rows
    assert _starts(deadlocking).count("single") == _starts(deadlocking).count("threaded") == len(rows)


def test_a_retry_that_cannot_start_fails_its_future_instead_of_leaving_it_waiting(tmp_path):
    """submit_retrying starts the retry in the first attempt's done-callback, where an exception would be logged
    and dropped: the caller's retry hook raising, or a compiler that refuses the retry, fails the future."""
    from concurrent.futures import Future

    from iree_vdmfma.compiler.driver import CompileResult
    from iree_vdmfma.compiler.retry import submit_retrying

    job = CompileJob("j", "", ("--iree-hal-target-device=local",), timeout_s=1)
    timed_out = CompileResult(job, False, True, None, "timed out", 1.0, False, tmp_path, "")

    class Refusing:  # the first attempt timed out; the retry cannot be submitted
        def __init__(self, refuse: bool):
            self.refuse, self.calls = refuse, 0

        def submit(self, _job):
            self.calls += 1
            if self.calls > 1 and self.refuse:
                raise RuntimeError("compiler closed")
            done: Future = Future()
            done.set_result(timed_out)
            return done

    def hook(_result):
        raise KeyError("no such candidate")

    for compiler, on_retry, error in ((Refusing(False), hook, KeyError), (Refusing(True), None, RuntimeError)):
        future = submit_retrying(compiler, job, on_retry)
        with pytest.raises(error):
            future.result(timeout=60)  # a hang guard: without the fix it is never settled
