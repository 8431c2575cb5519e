"""Reliability: a failing machine, two sweeps at once, a reused or damaged output directory, exit codes,
leftovers. Real processes and real compiles; results.csv read back is also checked property-based."""

from __future__ import annotations

import gc
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings, strategies as st
from typer.testing import CliRunner

from conftest import SIGNAL_GUARD_S
from iree_vdmfma.compiler.driver import Compiler, default_cache_dir
from iree_vdmfma.compiler.entry import LOCKS
from iree_vdmfma.cli import app
from iree_vdmfma.devices.caches import cpu_cache_bytes, default_cache_bytes, memory_bytes
from iree_vdmfma.problems.problem import Problem
from iree_vdmfma.problems.rows import (CANDIDATE_TERMINAL, RESULT_STATUSES, ResultRow, Status, exit_code, not_ok,
                                       read_results, read_rows, status_values, write_rows)
from iree_vdmfma.sweep.sweep import SweepOptions, plan
from iree_vdmfma.tune import state as tune_state

SHAPES = "name,m,n,k\nsmall,8,256,1024\n"  # one cheap gfx942 compile (shared with test_faults via the cache)


def _sweep(shapes: Path, out: Path, *extra: str):
    return CliRunner().invoke(app, ["sweep", str(shapes), "--variants", "vdmfma", "--out", str(out),
                                    "--device", "none", "--no-report", *extra])


def _shapes(tmp_path: Path, text: str = SHAPES) -> Path:
    path = tmp_path / "shapes.csv"
    path.write_text(text)
    return path


# --- the machine fails, not the job ---------------------------------------------------------------------

def test_an_unwritable_cache_gives_machine_error_rows_that_a_rerun_redoes_without_retry_failed(tmp_path):
    shapes, out, cache = _shapes(tmp_path), tmp_path / "out", tmp_path / "cache"
    # A cache folder that passes the up-front check (tests/test_cli_errors.py refuses one that cannot be made) and
    # then fails under the compile, as a disk that fails mid-run would: its lock folder is a file.
    cache.mkdir()
    (cache / ".locks").write_text("not a directory")
    broken = _sweep(shapes, out, "--cache-dir", str(cache))
    assert broken.exit_code == 1, broken.output
    (row,) = read_rows(out / "results.csv")
    assert row.status == Status.MACHINE_ERROR.value and ".locks" in row.error, row.error
    assert "not the job" in row.reason
    fixed = _sweep(shapes, out)  # the session's own cache: no --retry-failed needed
    assert fixed.exit_code == 0, fixed.output
    (row,) = read_rows(out / "results.csv")
    assert row.status == Status.OK.value and row.smfmac > 0


def test_exit_code_and_the_console_count_failures_not_findings(tmp_path):
    """One rule (problems/rows.py): the sweep's console says as many rows are not ok as make it exit 1; a
    not-applied or skipped row is a finding, counted apart, and exits 0 (issue 45)."""
    from iree_vdmfma.cli.core_cmds import counts_line  # noqa: PLC0415

    row = ResultRow("p", 8, 256, 1024, 1, "f16", "gfx942", "vdmfma", Status.OK.value, key="f16_8x256x1024")
    with_status = lambda s: row.replace(status=s.value)  # noqa: E731
    findings = [row, with_status(Status.NOT_APPLIED), with_status(Status.NOT_APPLIED), with_status(Status.SKIPPED)]
    assert exit_code(findings) == 0 and not_ok(findings) == []
    assert counts_line(findings, tmp_path / "results.csv", "gfx942") == (
        f"4 rows in {tmp_path / 'results.csv'}; 0 not ok, 2 not-applied (the config did not apply: a finding, not "
        "a failure), 1 skipped (why: below, per variant)")  # a skip's reason is its variant's findings line
    for bad in (Status.COMPILE_ERROR, Status.TIMEOUT, Status.RUN_ERROR, Status.NUMERICS_FAILED,
                Status.MACHINE_ERROR, Status.PENDING):
        rows = [*findings, with_status(bad)]
        assert exit_code(rows) == 1 and not_ok(rows) == [rows[-1]], bad
        assert "; 1 not ok, 2 not-applied" in counts_line(rows, tmp_path / "results.csv", "gfx942")


# --- two sweeps at once ---------------------------------------------------------------------------------

HOLD = """
import sys, time
from iree_vdmfma.util.lock import locked_dir
with locked_dir(sys.argv[1]):
    print("holding", flush=True)
    time.sleep(120)
"""


def test_a_second_sweep_into_a_locked_out_says_who_holds_it_and_exits_2(tmp_path):
    out = tmp_path / "out"
    holder = subprocess.Popen([sys.executable, "-c", HOLD, str(out)], stdout=subprocess.PIPE, text=True)
    try:
        assert holder.stdout.readline().strip() == "holding"
        second = subprocess.run(["vdmfma", "sweep", str(_shapes(tmp_path)), "--out", str(out), "--device", "none"],
                                capture_output=True, text=True, timeout=120)
        assert second.returncode == 2, second.stderr
        assert f"is in use by pid {holder.pid} on " in second.stderr and "locked_dir" not in second.stdout
        assert "Traceback" not in second.stderr and not (out / "results.csv").exists()
    finally:
        holder.kill()
        holder.wait()
    from iree_vdmfma.util.lock import locked_dir

    with locked_dir(out):  # the kernel dropped the dead holder's lock: no stale lock file to clean up
        pass


# --- reusing an output directory --------------------------------------------------------------------------

def test_another_shape_list_into_the_same_out_is_refused_unless_appended(tmp_path):
    out = tmp_path / "out"
    assert _sweep(_shapes(tmp_path), out).exit_code == 0
    other = tmp_path / "other.csv"
    other.write_text("name,m,n,k\nother,16,256,1024\n")
    refused = _sweep(other, out)
    assert refused.exit_code == 2
    assert "holds a different sweep: other shapes (1 new, 1 not in this list); pass --append" in refused.output
    assert [r.name for r in read_rows(out / "results.csv")] == ["small"]  # untouched
    refused = CliRunner().invoke(app, ["sweep", str(_shapes(tmp_path)), "--variants", "vdmfma", "--target", "gfx950",
                                       "--out", str(out), "--device", "none", "--no-report"])
    assert refused.exit_code == 2 and "target gfx942 (now gfx950)" in refused.output
    refused = _sweep(_shapes(tmp_path), out, "--variants", "vdmfma,padded")  # another variant list
    assert refused.exit_code == 2 and "variants ['vdmfma'] (now ['vdmfma', 'padded'])" in refused.output
    appended = _sweep(other, out, "--append")
    assert appended.exit_code == 0, appended.output
    assert sorted(r.name for r in read_rows(out / "results.csv")) == ["other", "small"]
    runs = json.loads((out / "sweep.json").read_text())["runs"]
    assert [r["problems"] for r in runs] == [["f16_8x256x1024"], ["f16_16x256x1024"]]
    assert [r["append"] for r in runs] == [False, True]


# --- damaged results.csv --------------------------------------------------------------------------------


def test_a_measured_sweep_into_a_compile_only_out_is_refused_for_its_other_cache_modes(tmp_path):
    out, shapes = tmp_path / "out", _shapes(tmp_path, "name,m,n,k\ntiny,1,16,64\n")
    host = ["sweep", str(shapes), "--target", "host", "--variants", "default", "--out", str(out), "--no-report"]
    assert CliRunner().invoke(app, [*host, "--device", "none"]).exit_code == 0
    refused = CliRunner().invoke(app, [*host, "--device", "local-task", "--reps", "1"])
    assert refused.exit_code == 2 and "cache_modes [''] (now ['hot', 'cold'])" in refused.output, refused.output
    assert [r.cache_mode for r in read_rows(out / "results.csv")] == [""]  # nothing run into it


def test_damaged_rows_are_redone_and_counted(tmp_path):
    shapes = _shapes(tmp_path, SHAPES + "other,16,256,1024\n")
    out = tmp_path / "out"
    assert _sweep(shapes, out).exit_code == 0
    results = out / "results.csv"
    lines = results.read_text().splitlines(keepends=True)
    edited = lines[1].replace(",8,256,1024,", ",9,256,1024,", 1)  # m no longer matches the key
    assert edited != lines[1]
    results.write_text(lines[0] + edited + lines[2][: len(lines[2]) // 2])  # and the last row cut off
    assert read_results(results).rows == []
    rerun = _sweep(shapes, out)
    assert rerun.exit_code == 0, rerun.output
    assert "2 damaged row(s)" in rerun.output and "redoing them" in rerun.output
    rows = read_rows(results)
    assert sorted((r.name, r.m, r.status) for r in rows) == [("other", 16, "ok"), ("small", 8, "ok")]


def test_report_on_a_file_that_is_not_results_names_it(tmp_path):
    shapes = _shapes(tmp_path)
    res = CliRunner().invoke(app, ["report", str(shapes), "--out", str(tmp_path / "rep")])
    assert res.exit_code in (1, 2) and isinstance(res.exception, SystemExit), res.output  # no traceback
    flat = lambda text: "".join(text.split())  # noqa: E731  (rich wraps long lines)
    assert flat(f"{shapes}: not a results file (no column") in flat(res.output)
    assert "NaN" not in res.output


_text = st.text(st.characters(blacklist_categories=("Cs",), blacklist_characters="\x00"), max_size=20)
_rows = st.builds(
    lambda m, n, k, batch, dtype, status, error, lat, cached, variant: ResultRow(
        name=f"p{m}", m=m, n=n, k=k, batch=batch, dtype=dtype, target="gfx942", variant=variant,
        status=status, key=Problem(m, n, k, batch=batch, dtype=dtype).key, cache_mode="hot",
        error=error, latency_us_median=lat, cached=cached, artifacts="/out/artifacts/" + variant),
    st.integers(1, 64), st.integers(1, 4096), st.integers(1, 4096), st.integers(1, 4),
    st.sampled_from(["f16", "bf16", "i8"]), st.sampled_from(sorted(s.value for s in RESULT_STATUSES)), _text,
    st.one_of(st.none(), st.floats(0.001, 1e6).map(lambda x: float(f"{x:.6g}"))), st.one_of(st.none(), st.booleans()),
    st.sampled_from(["default", "vdmfma", "padded"]))


@settings(max_examples=60, deadline=None)
@given(rows=st.lists(_rows, min_size=1, max_size=5))
def test_results_round_trip(tmp_path_factory, rows):
    path = tmp_path_factory.mktemp("rt") / "results.csv"
    write_rows(rows, path)
    back = read_results(path)
    assert back.damaged == []
    assert back.rows == rows


@settings(max_examples=100, deadline=None)
@given(rows=st.lists(_rows, min_size=1, max_size=4), cut=st.floats(0, 1, exclude_max=True))
def test_a_truncated_results_file_never_yields_a_row_that_was_not_written_whole(tmp_path_factory, rows, cut):
    path = tmp_path_factory.mktemp("cut") / "results.csv"
    write_rows(rows, path)
    data = path.read_bytes()
    path.write_bytes(data[: int(len(data) * cut)])
    try:
        back = read_results(path)
    except ValueError as e:  # cut inside the header: not a results file, said so
        assert "not a results file" in str(e)
        return
    trusted = back.rows
    assert trusted == rows[: len(trusted)]  # only whole rows, in order; the cut one is damaged or gone
    assert len(back.damaged) <= 1


# --- leftovers and the user's cache -----------------------------------------------------------------------

def test_a_compiler_without_a_cache_removes_its_scratch_dir_when_closed_or_collected(tmp_path):
    job = plan([Problem(8, 256, 1024)], SweepOptions(target="gfx942", variants=("default",)))[0].compile_job
    with Compiler(None, workers=1) as compiler:
        result = compiler.compile(job)
        assert result.ok and result.workdir.is_relative_to(compiler.scratch)
        closed = compiler.scratch
    assert not closed.exists()
    forgotten = Compiler(None, workers=1)
    scratch = forgotten.scratch  # used, never closed
    del forgotten
    gc.collect()
    assert not scratch.exists()


def test_tests_compile_into_their_own_cache_never_the_users(cache_dir, tmp_path):
    assert default_cache_dir() == cache_dir and os.environ["VDMFMA_CACHE_DIR"] == str(cache_dir)
    from iree_vdmfma.run.runner import compile_for_run

    own = tmp_path / "cache"
    vmfb = compile_for_run(Problem(1, 16, 32), "host", tmp_path / "run", cache_dir=own)
    assert vmfb.is_file() and len([p for p in own.iterdir() if p.name != LOCKS]) == 1  # one entry (and its lock)


def _sys_cache(root: Path, *indexes: tuple[int, str, str]) -> Path:
    """A /sys/devices/system/cpu/cpu0/cache tree: (level, type, size) per index, as the kernel writes them."""
    for i, (level, kind, size) in enumerate(indexes):
        d = root / f"index{i}"
        d.mkdir(parents=True)
        (d / "level").write_text(f"{level}\n")
        (d / "type").write_text(f"{kind}\n")
        (d / "size").write_text(f"{size}\n")
    return root


def test_cpu_cold_cache_is_l2_plus_l3_from_sys_else_from_lscpu(tmp_path):
    # /sys as this build machine's kernel has it (an EPYC core): L1d 48K, L1i 32K, L2 1024K, L3 32768K
    tree = _sys_cache(tmp_path / "sys", (1, "Data", "48K"), (1, "Instruction", "32K"), (2, "Unified", "1024K"),
                      (3, "Unified", "32768K"))
    never = ("false",)  # /sys answers: lscpu is not asked (`false` would print nothing)
    assert cpu_cache_bytes(tree, never) == 1024 * 1024 + 32768 * 1024  # L2 + L3, one instance each
    # no /sys cache info (a container, another kernel): lscpu -B, as util-linux prints it, stands in here;
    # the sizes are its totals over instances (an over-estimate of what one core sees: safe for cold mode)
    said = tmp_path / "lscpu-ran"
    lscpu = tmp_path / "lscpu"
    lscpu.write_text("#!/bin/sh\n"
                     f"echo \"$@\" > {said}\n"
                     "echo 'L1d cache:                               98304 (2 instances)'\n"
                     "echo 'L1i cache:                               65536 (2 instances)'\n"
                     "echo 'L2 cache:                                2097152 (2 instances)'\n"
                     "echo 'L3 cache:                                33554432 (1 instance)'\n")
    lscpu.chmod(0o755)
    assert cpu_cache_bytes(tmp_path / "no-sys", (str(lscpu), "-B")) == 2097152 + 33554432
    assert said.read_text().strip() == "-B"  # the stand-in was run, asked for bytes
    assert cpu_cache_bytes(tmp_path / "no-sys", (str(tmp_path / "no-lscpu"),)) is None  # neither: no guess
    assert cpu_cache_bytes(_sys_cache(tmp_path / "l1-only", (1, "Data", "32K")), never) is None


@pytest.mark.parametrize("said", ["0", "0.5", "lots"])
def test_a_memory_override_that_says_no_size_is_as_unset(monkeypatch, said):
    monkeypatch.setenv("VDMFMA_MEMORY_BYTES", said)
    assert memory_bytes("cuda") is None  # a GPU's memory: not known here, as with no override
    monkeypatch.setenv("VDMFMA_MEMORY_BYTES", "1.5K")
    assert memory_bytes("cuda") == 1536


@pytest.mark.parametrize("said, size", [("32M", 32 * 2**20), ("1.5K", 1536), ("4096", 4096), ("0", 256 * 2**20),
                                        ("0.5", 256 * 2**20), ("lots", 256 * 2**20)])
def test_a_cache_override_is_read_as_a_size_and_one_that_says_no_size_is_as_unset(monkeypatch, said, size):
    """VDMFMA_CACHE_BYTES as --cache-size and VDMFMA_MEMORY_BYTES read a size (util/sizes.parse_size: K = 1024);
    one that says none (not a size, 0, below one byte) is as unset: an unknown GPU's 256 MiB, not 0 bytes (what
    '0.5' used to be) nor a ValueError ('32M')."""
    monkeypatch.setenv("VDMFMA_CACHE_BYTES", said)
    assert default_cache_bytes("cuda") == size


@pytest.mark.parametrize("name, read", [("VDMFMA_CACHE_BYTES", lambda: default_cache_bytes("cuda") == 256 * 2**20),
                                        ("VDMFMA_MEMORY_BYTES", lambda: memory_bytes("cuda") is None)])
def test_an_override_that_is_no_size_says_so_once_and_is_ignored(monkeypatch, capsys, name, read):
    """A value that is not a size ('5e7', 'lots', '0.5': below one byte) is as unset, and says so: one `warning:`
    line on stderr naming the variable and what it said, once a process per variable, not once a read. 0 (none)
    and a size say nothing."""
    from iree_vdmfma.devices import caches

    monkeypatch.setattr(caches, "_WARNED", set())  # this process may have warned already
    for said in ("0", "1G"):
        monkeypatch.setenv(name, said)
        read()
    assert capsys.readouterr().err == ""
    for said in ("lots", "5e7", "0.5", "lots"):
        monkeypatch.setenv(name, said)
        assert read()
    assert capsys.readouterr().err == f"warning: {name}='lots' is not a size (e.g. 256M, 1G): ignored\n"


# --- the tuner's state ------------------------------------------------------------------------------------

TUNE_SHAPES = "name,m,n,k\nt,2,16,256\n"  # host: the default and split=128, each a fast compile and run (M = 1 drops splits)


def _tune(shapes: Path, out: Path, *extra: str):
    return CliRunner().invoke(app, ["tune", str(shapes), "--out", str(out), "-j", "2", *extra])


def _candidates(out: Path):
    from iree_vdmfma.tune import state

    return state.read_checked_table(out / "candidates.csv", state.CandidateRow)


def test_a_tune_out_for_another_target_device_or_shapes_is_refused_and_an_appended_measured_tune_reuses_no_modelled_row(
        tmp_path):
    from iree_vdmfma.tune import state

    shapes, out = _shapes(tmp_path, TUNE_SHAPES), tmp_path / "tune"
    modelled = _tune(shapes, out, "--target", "host", "--device", "none")
    assert modelled.exit_code == 0, modelled.output
    before = (out / "candidates.csv").read_bytes()
    modelled_rows = _candidates(out).rows
    assert modelled_rows and all(r.device == "none" and r.status != Status.MEASURED.value for r in modelled_rows)
    other = tmp_path / "other.csv"
    other.write_text("name,m,n,k\nu,4,16,256\n")
    for shape_list, extra, says in (
            (shapes, ["--target", "gfx942", "--device", "none"], "target host (now gfx942)"),
            (shapes, ["--device", "local-task"], "device none (now local-task)"),
            (other, ["--target", "host", "--device", "none"], "other shapes (1 new, 1 not in this list)")):
        refused = _tune(shape_list, out, *extra)
        assert refused.exit_code == 2, refused.output
        assert f"holds a different tune: {says}" in " ".join(refused.output.split()) and "--append" in refused.output
        assert (out / "candidates.csv").read_bytes() == before  # nothing compiled, nothing written
    appended = _tune(shapes, out, "--device", "local-task", "--reps", "3", "--timeout", "300", "--append", "--no-race")
    assert appended.exit_code == 0, appended.output
    said = " ".join(appended.output.split())
    assert "2 candidates after pruning; evaluating 2 (all of them)" in said
    assert "candidates; last [split=" in said  # progress names the candidate
    assert "final side-by-side re-measure" in said
    rows = _candidates(out).rows
    by_device = {d: [r for r in rows if r.device == d] for d in ("none", "local-task")}
    assert by_device["none"] == modelled_rows  # kept as they were, never taken for measured
    assert len(by_device["local-task"]) == 2  # compiled and proved again for this device, not reused
    measured = [r for r in by_device["local-task"] if r.status == Status.MEASURED.value]
    assert measured and all(r.numerics == "pass" for r in measured)
    for r in measured:  # provenance of every measured candidate
        assert r.device_name and r.device_arch.startswith("host") and r.measured_at and r.compiler_version
        assert r.runtime_version and r.max_abs_err is not None and r.cold_us_median > 0
    winners = state.read_table(out / "winners.csv", state.WinnerRow)
    assert sorted(w.device for w in winners) == ["local-task", "none"]
    (w,) = [w for w in winners if w.device == "local-task"]
    assert w.numerics == "pass" and w.max_rel_err is not None and w.measured_at and w.device_name
    runs = json.loads((out / "tune.json").read_text())["runs"]
    assert [(r["device"], r["append"]) for r in runs] == [("none", False), ("local-task", True)]
    assert "## What the search covered" in (out / "report" / "report.md").read_text()


def test_a_second_tune_into_a_locked_out_says_who_holds_it_and_writes_nothing(tmp_path):
    out = tmp_path / "out"
    holder = subprocess.Popen([sys.executable, "-c", HOLD, str(out)], stdout=subprocess.PIPE, text=True)
    try:
        assert holder.stdout.readline().strip() == "holding"
        second = _tune(_shapes(tmp_path, TUNE_SHAPES), out, "--target", "host", "--device", "none")
        assert second.exit_code == 2, second.output
        assert f"is in use by pid {holder.pid} on " in " ".join(second.output.split())
        assert not (out / "tune.json").exists() and not (out / "candidates.csv").exists()
    finally:
        holder.kill()
        holder.wait()


@pytest.mark.alone  # times local-task runs against a run timeout (tests/conftest.py)
def test_damaged_candidate_rows_are_redone_and_counted_and_a_hand_edited_timing_never_ships(tmp_path):
    import csv
    import io

    shapes, out = _shapes(tmp_path, TUNE_SHAPES), tmp_path / "tune"
    args = ["--device", "local-task", "--reps", "3", "--timeout", "300", "--no-race"]
    assert _tune(shapes, out, *args).exit_code == 0
    path = out / "candidates.csv"
    finished = sorted((r.candidate, r.status) for r in _candidates(out).rows)
    header, *lines = path.read_text().splitlines(keepends=True)
    cols = next(csv.reader([header]))
    lines.sort(key=lambda line: "measured" not in next(csv.reader([line])))  # the measured row first
    first = next(csv.reader([lines[0]]))
    assert first[cols.index("status")] == "measured"
    first[cols.index("cold_us_median")] = "0.001"  # a hand-edited timing (its checksum left as it was)
    edited = io.StringIO()
    csv.writer(edited).writerow(first)
    cell = next(csv.reader([lines[1]]))[cols.index("compile_s")]
    cut = lines[1][: lines[1].index("," + cell + ",") + 3]  # cut inside a number
    path.write_text(header + edited.getvalue() + cut)
    assert len(_candidates(out).damaged) == 2 and _candidates(out).rows == []
    rerun = _tune(shapes, out, *args)
    assert rerun.exit_code == 0, rerun.output
    assert "2 damaged row(s)" in rerun.output and "redoing them" in rerun.output
    again = _candidates(out)
    assert again.damaged == [] and sorted((r.candidate, r.status) for r in again.rows) == finished
    assert all(r.cold_us_median is None or r.cold_us_median > 0.001 for r in again.rows)
    measured = [r for r in again.rows if r.status == "measured"]  # a --no-race tune times hot and cold, each row
    assert measured and all(r.hot_us_median and r.hot_us_median > 0 and r.cold_us_median > 0 for r in measured)


class _EventTimer:
    """Stands in for threading.Timer as the tuner's budget timer: it fires when the test says (an event),
    never after a wall-clock time, so how loaded the machine is decides nothing."""

    def __init__(self, seconds, fn, args=()):
        self.seconds, self.fn, self.args, self.started, self.cancelled = seconds, fn, args, False, False

    def start(self):
        self.started = True

    def cancel(self):
        self.cancelled = True

    def fire(self):
        self.fn(*self.args)


def _running_compiles() -> list:
    import psutil

    return [c for c in psutil.Process().children(recursive=True)
            if any("iree-compile" in part for part in (c.cmdline() if c.is_running() else []))]


def test_time_budget_bounds_the_whole_tune_compiles_included_and_leaves_the_rest_pending(tmp_path):
    import threading
    import time

    from iree_vdmfma.tune import state
    from iree_vdmfma.tune.options import TuneOptions

    # host: three candidates per shape. The budget (600 s, which the wall clock never reaches here) is spent
    from iree_vdmfma.tune.tuner import Tuner

    # host: three candidates per shape. The budget (600 s, which the wall clock never reaches here) is spent
    # by its timer, fired by this test once an iree-compile of the second shape is running.
    problems = [Problem(8, 256, 1024), Problem(1, 64, 1024), Problem(1, 64, 512), Problem(4, 64, 512)]
    options = TuneOptions(target="host", device="none", out_dir=tmp_path / "out", cache_dir=tmp_path / "cache",
                          workers=2, time_budget_s=600.0)
    timers: list[_EventTimer] = []
    fired = threading.Event()

    def make_timer(*args, **kwargs):
        timers.append(_EventTimer(*args, **kwargs))
        return timers[-1]

    def fire_once_compiling():
        deadline = time.monotonic() + SIGNAL_GUARD_S  # a hang guard only
        while not _running_compiles() and time.monotonic() < deadline:
            time.sleep(0.01)
        assert _running_compiles(), "no iree-compile of the second shape was seen running"
        timers[0].fire()
        fired.set()

    said: list[str] = []

    def on_event(msg: str) -> None:
        said.append(msg)
        if msg == f"tuning {problems[1].key}":
            threading.Thread(target=fire_once_compiling, daemon=True).start()

    tuner = Tuner(problems, options, on_event=on_event, budget_timer=make_timer)
    tuner.run()
    assert fired.is_set() and len(timers) == 1 and timers[0].started and timers[0].cancelled
    assert 599 < timers[0].seconds <= 600  # the budget left when the tune began
    rows = state.read_table(tmp_path / "out" / "candidates.csv", state.CandidateRow)
    by_shape = {p.key: [r for r in rows if r.key == p.key] for p in problems}
    assert all(r.status in status_values(CANDIDATE_TERMINAL) for r in by_shape[problems[0].key])  # finished before the budget
    # the second shape's compiles were stopped: they stay pending (a rerun does them), never failed
    assert any(r.status == Status.PENDING.value for r in by_shape[problems[1].key]), by_shape[problems[1].key]
    assert not any(r.status in (Status.TIMEOUT.value, Status.COMPILE_ERROR.value) for r in rows)
    assert not by_shape[problems[2].key] and not by_shape[problems[3].key]  # never started
    assert tuner.left == [p.key for p in problems[1:]]
    assert any("time budget of 600 s spent: 3 shape(s) unfinished" in s for s in said), said


def test_tune_refuses_a_budget_or_reps_out_of_range_and_an_out_that_is_a_file_with_one_line(tmp_path):
    shapes = _shapes(tmp_path, TUNE_SHAPES)
    (tmp_path / "a-file").write_text("x")
    for extra, says in ((["--time-budget=0"], "--time-budget must be > 0"),
                        (["--time-budget=-5"], "--time-budget must be > 0"),
                        (["--reps=0"], "'--reps': Input should be greater than or equal to 1")):  # the one range check of cli/options.py
        res = _tune(shapes, tmp_path / "out", "--device", "none", "--target", "host", *extra)
        assert res.exit_code == 2 and says in res.output and "Traceback" not in res.output, res.output
        assert len(res.output.strip().splitlines()) == 1
    res = _tune(shapes, tmp_path / "a-file", "--device", "none", "--target", "host")
    assert res.exit_code == 2 and "is a file" in res.output, res.output


_candidate_rows = st.builds(
    lambda m, status, us, reason: tune_state.CandidateRow(
        name="t", m=m, n=256, k=1024, batch=1, dtype="f16", target="host", candidate=f"split={m * 128}",
        status=status, key=Problem(m, 256, 1024).key, device="local-task", compiler_version="3.13",
        cold_us_median=us, cold_reps=3, reason=reason),
    st.integers(1, 32), st.sampled_from(["measured", "pending", "compile-error"]),
    st.floats(0.001, 1e6).map(lambda x: float(f"{x:.6g}")), _text)


@settings(max_examples=60, deadline=None)
@given(rows=st.lists(_candidate_rows, min_size=1, max_size=4), cut=st.floats(0, 1, exclude_max=True))
def test_a_truncated_candidates_file_never_yields_a_candidate_that_was_not_written_whole(tmp_path_factory, rows,
                                                                                        cut):
    from iree_vdmfma.tune import state

    path = tmp_path_factory.mktemp("cand") / "candidates.csv"
    state.write_table(rows, path, state.CandidateRow)
    assert state.read_checked_table(path, state.CandidateRow).rows == rows  # the round trip
    data = path.read_bytes()
    path.write_bytes(data[: int(len(data) * cut)])
    try:
        back = state.read_checked_table(path, state.CandidateRow)
    except ValueError as e:  # cut inside the header: refused, naming the file
        assert "candidates.csv" in str(e)
        return
    assert back.rows == rows[: len(back.rows)] and len(back.damaged) <= 1
