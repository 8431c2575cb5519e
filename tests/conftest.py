"""Shared fixtures. Every compile here is a real iree-compile run (never mocked)."""

from __future__ import annotations

import atexit
import os
import re
import shutil
import subprocess
import tempfile
from pathlib import Path

import pytest
from hypothesis import settings
from hypothesis.configuration import set_hypothesis_home_dir

from iree_vdmfma.util.procs import STALL_S, run_group

ROOT = Path(__file__).resolve().parents[1]

pytest_plugins = ["whole_skips"]  # a file that skips whole is said, and fails the run under CI

# Tests leave nothing in the checkout: hypothesis keeps its files in a temp dir removed at exit, with no
# example database (and pyproject.toml turns off pytest's .pytest_cache/).
_HYPOTHESIS_HOME = tempfile.mkdtemp(prefix="vdmfma-hypothesis-")
atexit.register(shutil.rmtree, _HYPOTHESIS_HOME, True)
set_hypothesis_home_dir(_HYPOTHESIS_HOME)
settings.register_profile("vdmfma", database=None)
settings.load_profile("vdmfma")


@pytest.fixture(scope="session")
def cache_dir(tmp_path_factory) -> Path:
    """One compile cache per test run (fresh in CI, so tests compile for real), shared by pytest-xdist's workers
    (content-addressed: a compile one worker finished is a hit for the other)."""
    if os.environ.get("PYTEST_XDIST_WORKER"):
        shared = tmp_path_factory.getbasetemp().parent / "compile-cache"  # the run's folder, above each worker's
        shared.mkdir(exist_ok=True)
        return shared
    return tmp_path_factory.mktemp("compile-cache")


@pytest.fixture(scope="session", autouse=True)
def own_compile_cache(cache_dir):
    """Every test, and every process it starts, compiles into the session's cache, never the user's."""
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("VDMFMA_CACHE_DIR", str(cache_dir))
        yield cache_dir


# With pytest-xdist (.ci/run: -n 2 --dist loadfile) each file's tests run in one worker, one after another, so a
# module fixture is built once. (Not --dist loadgroup: with pytest 9.2 its xdist_group names never reach the
# scheduler, which sets item._nodeid while pytest now reads item._id, so every test was a group of its own and a
# file's module fixtures were built in both workers.) Tests marked `alone` run after the rest (.ci/run's second
# command): the files whose tests start Ray clusters, kill their Ray workers' compiles, or take a cluster host down
# and wait for the driver to notice (beside another worker's compiles two of them failed by timing), and the tests
# that signal a running command at an event they poll for (marked in their files: under two busy loops beside two
# workers the command had finished before the poll saw the event). They run in two lanes
# (pytest_xdist_make_scheduler): test_two_hosts.py (its hosts in network namespaces of their own) in one, the other
# alone tests one after another in the other; test_ray_executor.py kills and waits for the compiles of its own
# cluster only (their scratch is under its folder), never the two hosts'.
RAY_FILES = ("test_ray_executor.py", "test_two_hosts.py")

# The two workers take one file at a time, in the order of this list first (the longest first: then the short
# files even out the end), then the rest in collection order. xdist's own order (files with the most tests
# first) would leave the one-test file test_gpu_evidence.py, a minute and a half, for last, the other worker idle.
# The list is ordered by each file's seconds (pytest --durations on the 2-core machine, 2026-11-26, under load;
# test_moe.py, about 2 minutes, from the idle CI run of 2026-11-28).
LONGEST_FIRST = ("test_docs.py", "test_sharktank.py", "test_moe.py", "test_model_step.py", "test_gpu_evidence.py",
                 "test_race.py", "test_paired.py", "test_link.py", "test_tune.py", "test_sealed_files.py",
                 "test_regenerate.py", "test_spec_and_sweep.py", "test_records.py", "test_publish.py",
                 "test_run_limits.py", "test_model.py")


@pytest.hookimpl(optionalhook=True)  # a hook of pytest-xdist: a run without it still loads this file
def pytest_xdist_make_scheduler(config, log):
    """The `alone` run's two lanes, pinned: test_two_hosts.py in one worker, every other alone test in the other, one
    after another (xdist's loadfile alone would hand a worker with two tests left the next file, and where the two
    hosts cannot be made, not root, their lane would take test_ray_executor.py beside the signal tests). Another
    run: xdist's own scheduler."""
    if config.getoption("markexpr", "") != "alone" or config.getoption("dist", "") != "loadfile":
        return None
    from xdist.scheduler import LoadFileScheduling

    class Lanes(LoadFileScheduling):
        def _split_scope(self, nodeid: str) -> str:
            return "two hosts" if "test_two_hosts.py::" in nodeid else "the other alone tests"

    return Lanes(config, log)


def pytest_configure(config):
    if hasattr(config.option, "loadscopereorder"):  # pytest-xdist: keep the order pytest_collection_modifyitems gives
        config.option.loadscopereorder = False


@pytest.hookimpl(tryfirst=True)  # before -m "not alone" / -m alone selects
def pytest_collection_modifyitems(config, items):
    for item in items:
        if item.path.name in RAY_FILES:
            item.add_marker(pytest.mark.alone)
    rank = {name: i for i, name in enumerate(LONGEST_FIRST)}
    items.sort(key=lambda item: rank.get(item.path.name, len(rank)))  # stable: each file's own order is kept


# A process whose default text encoding is ASCII, as under a bare C/POSIX locale (a container, cron, ssh without
# LANG): no UTF-8 mode, no coercion of the C locale to C.UTF-8. Its console is UTF-8 all the same
# (PYTHONIOENCODING), so what such a test sees is the files the toolkit writes, not its printing.
ASCII_LOCALE = {"PYTHONUTF8": "0", "PYTHONCOERCECLOCALE": "0", "LC_ALL": "C", "PYTHONIOENCODING": "utf-8"}


def load_script(path: Path):
    """A script of the repository (benchmarks/, reports/, examples/) imported as a module, by its path."""
    import importlib.util  # noqa: PLC0415

    spec = importlib.util.spec_from_file_location(path.stem, path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def isa_counts(dump_dir: Path) -> tuple[int, int]:
    """(v_smfmac, v_mfma) instruction counts across the .rocmasm files of a dump."""
    text = "".join(p.read_text() for p in Path(dump_dir).glob("*.rocmasm"))
    smfmac = len(re.findall(r"^\s+v_smfmac\w*\s", text, re.M))
    mfma = len(re.findall(r"^\s+v_mfma\w*\s", text, re.M))
    return smfmac, mfma


HANG_GUARD_S = 180  # a plain iree-compile of these tests takes seconds; IREE 3.13 sometimes deadlocks instead
# How long a signal or fault test waits for the event it polls for, and for the signalled command to exit: a hang
# guard only, sized for the suite beside two busy loops on the 2-core machine (a load of 10-16).
SIGNAL_GUARD_S = 600


def run_iree_compile(cmd: list, **kwargs) -> subprocess.CompletedProcess:
    """``subprocess.run(cmd, check=True, capture_output=True)`` for a plain iree-compile command, as a user runs
    it; if IREE 3.13's threaded compile deadlocks (a mutex in MaterializeTuningSpecsPass; how often:
    docs/troubleshooting.md, known compiler problems), it is ended once it
    has made no progress for the toolkit's stall time (util/procs.Stall; the hang guard bounds the rest) and the same
    command runs once more with --mlir-disable-threading, IREE's own workaround."""
    try:
        return _run_in_group(cmd, **kwargs)
    except subprocess.TimeoutExpired:
        return _run_in_group([*cmd, "--mlir-disable-threading"], **kwargs)


def _run_in_group(cmd: list, **kwargs) -> subprocess.CompletedProcess:
    """``cmd`` in a session of its own, its whole group killed at the hang guard (the toolkit's run_group):
    `iree-compile` on PATH is the wheel's Python wrapper, and killing only it left the hung compiler running."""
    kwargs.pop("text", None)  # run_group always decodes
    done = run_group(cmd, HANG_GUARD_S, stall_s=STALL_S, **kwargs)
    if done.returncode:
        raise subprocess.CalledProcessError(done.returncode, cmd, done.stdout, done.stderr)
    return done


def iree_compile(src: Path, out_dir: Path, *flags: str) -> Path:
    """Compile with plain iree-compile (as a user would); returns the dump dir."""
    dump = out_dir / "dump"
    out_dir.mkdir(parents=True, exist_ok=True)
    run_iree_compile(["iree-compile", str(src), "-o", str(out_dir / "out.vmfb"), *flags,
                      f"--iree-hal-dump-executable-files-to={dump}"], text=True)
    return dump


def floor_entry(entry: Path) -> bool:
    """Whether a compile-cache entry is the harness-floor module (run/floor.py) a runnable sweep compiles once
    beside its rows, recognised by its input IR."""
    from iree_vdmfma.problems.loop_ir import runner_input_ir
    from iree_vdmfma.run.floor import FLOOR_PROBLEM

    try:
        return (entry / "input.mlir").read_text() == runner_input_ir(FLOOR_PROBLEM)
    except OSError:
        return False


def rounds_stream(ratio, base: str = "A", noise: float = 0.002):
    """A stand-in for run/paired.py's measure_rounds, for tests of what is computed FROM paired rounds: round
    i (numbered as the caller numbers them, ``start`` on) gives ``base`` 100 us and every other contender
    100 us x ratio(i, name) x (1 + a uniform +-``noise`` seeded by (round, name)), so a round number always
    gives the same samples. Nothing is measured: a stream is what a device could give. Returns (measure,
    calls), calls being the (start, rounds) of each call."""
    import numpy as np

    from iree_vdmfma.run import paired

    calls: list[tuple[int, int]] = []

    def jitter(i: int, name: str) -> float:
        return float(np.random.default_rng([i, *name.encode()]).uniform(-noise, noise))

    def measure(contenders, problem, device, rounds, *, seed=0, start=0, **_):
        calls.append((start, rounds))
        names = [c.name for c in contenders]
        samples = {n: [100.0 if n == base else 100.0 * ratio(i, n) * (1.0 + jitter(i, n))
                       for i in range(start, start + rounds)] for n in names}
        return paired.Rounds(names, samples, [names] * rounds, ["stand-in stream"] * rounds)

    return measure, calls


def write_calibration_of(path: Path, device: str, device_name: str, threshold: float, heldout=(0.0125, 0.025),
                         heldout_pairs: int = 24) -> Path:
    """A calibration.csv for ``device`` as `vdmfma calibrate` writes it (its own writer), with a threshold and
    held-out rates of the test's choosing: an input, like a shape list, for tests of what READS a calibration."""
    from iree_vdmfma.run.calibration import CALIBRATION_CSV, CalibrationRow, write_calibration

    rows = [CalibrationRow(device, device_name, kind, "f16_8x128x512", "hot", 24, 6, 0.95, threshold, threshold, 0.0,
                           0.0, threshold, 1.0, True, "one-process", "2026-11-26T00:00:00+00:00",
                           threshold_in_sample=threshold, false_win_rate_heldout=rate, heldout_pairs=heldout_pairs,
                           heldout_batches=1, first_heldout_rate=max(heldout), heldout_verified=max(heldout) <= 0.05)
            for kind, rate in zip(("same-module", "two-compiles"), heldout)]
    path = Path(path)
    path.mkdir(parents=True, exist_ok=True)
    write_calibration(rows, path / CALIBRATION_CSV)
    return path / CALIBRATION_CSV
