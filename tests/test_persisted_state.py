"""What a command keeps on disk and trusts again: finished rows never touched on resume, rows and state files
checksummed or said to be unverified, an --out that belongs to one kind of run, temp folders reclaimed after a
kill, an interrupt that says what it kept. Real compiles, real runs on local-task, real processes."""

from __future__ import annotations

import collections
import csv
import dataclasses
import os
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from typer.testing import CliRunner

from conftest import SIGNAL_GUARD_S
from iree_vdmfma.cli import app
from iree_vdmfma.problems.problem import Problem
from iree_vdmfma.problems.rows import Status, read_rows
from iree_vdmfma.run.runner import sweep_run_hook
from iree_vdmfma.sweep.sweep import Sweep, SweepOptions
from test_reliability import HOLD  # a process that holds OUT's lock

TINY = Problem(8, 128, 256, name="tiny")


# --- 1. resume never re-measures a finished row ------------------------------------------------------------

def test_a_resumed_sweep_runs_only_the_unfinished_cache_mode_and_leaves_the_finished_row_as_it_was(tmp_path,
                                                                                                   cache_dir):
    options = SweepOptions(target="host", variants=("default",), out_dir=tmp_path / "out", cache_dir=cache_dir,
                           cache_modes=("hot", "cold"), runnable=True)
    real = sweep_run_hook("local-task", reps=3)
    calls = collections.Counter()

    def stopped_before_cold(result, problem, row):  # as a kill -9 right after the hot row printed ok
        calls[row.cache_mode] += 1
        if row.cache_mode == "cold":
            raise KeyboardInterrupt("killed")
        return real(result, problem, row)

    try:
        Sweep([TINY], options, run_hook=dataclasses.replace(real, run=stopped_before_cold)).run()
    except KeyboardInterrupt:
        pass
    before = {r.cache_mode: r for r in read_rows(options.out_dir / "results.csv")}
    assert before["hot"].status == Status.OK.value and before["cold"].status in (Status.PENDING.value, Status.COMPILED.value)
    calls.clear()

    def counted(result, problem, row):
        calls[row.cache_mode] += 1
        return real(result, problem, row)

    resumed = Sweep([TINY], options, run_hook=dataclasses.replace(real, run=counted))
    assert resumed.todo() == 1  # one row to do, not the job's two
    resumed.run()
    assert calls == {"cold": 1}  # the hot row was not measured again
    after = {r.cache_mode: r for r in read_rows(options.out_dir / "results.csv")}
    assert after["hot"] == before["hot"]  # untouched: the same latency, the same provenance
    assert after["cold"].status == Status.OK.value and after["cold"].latency_us_median > 0


# --- 2. a measured sweep with the torch peer: its IREE rows are the compile record ---------------------------

def test_a_measured_sweep_with_the_torch_peer_leaves_no_pending_row_and_exits_0(tmp_path, cache_dir):
    pytest.importorskip("torch", reason="the [model] extra (torch: the vendor-library peer) is not installed")
    shapes = tmp_path / "one.csv"
    shapes.write_text("name,m,n,k\ntiny,8,128,256\n")
    args = ["sweep", str(shapes), "--device", "local-task", "--variants", "default,torch", "--reps", "2",
            "--cache-size", "1M", "--out", str(tmp_path / "out"), "--no-report"]
    for _ in range(2):  # and a re-run finds every row finished
        res = CliRunner().invoke(app, args)
        assert res.exit_code == 0, res.output
        rows = read_rows(tmp_path / "out" / "results.csv")
        assert sorted((r.variant, r.cache_mode, r.status) for r in rows) == [
            ("default", "cold", "ok"), ("default", "hot", "ok"), ("torch", "cold", "ok"), ("torch", "hot", "ok")]
        assert not any("rebuilt from modules.json" in r.reason for r in rows)


# --- 3. state a command trusts is checksummed; what is not is redone or said ------------------------------

def _without_checksums(path: Path, forge: dict | None = None) -> None:
    """Rewrite a CSV as another tool would: no checksum column, and ``forge`` {column: value} in the first row
    whose status is modelled and that is not the default."""
    with path.open(newline="") as f:
        rows = list(csv.DictReader(f))
    for row in rows:
        if forge and row.get("status") == "modelled" and row.get("reference") != "default":
            row.update(forge)
            forge = None
    columns = [c for c in rows[0] if c != "checksum"]
    with path.open("w", newline="") as f:
        writer = csv.DictWriter(f, columns, extrasaction="ignore")
        writer.writeheader()
        writer.writerows(rows)


def test_a_tune_state_without_checksums_is_redone_and_a_forged_candidate_never_wins(tmp_path):
    from iree_vdmfma.tune import state

    shapes = tmp_path / "s.csv"
    shapes.write_text("name,m,n,k\nt,8,128,256\n")
    out = tmp_path / "tune"
    args = ["tune", str(shapes), "--target", "gfx942", "--device", "none", "--max-candidates", "2", "-j", "2",
            "--out", str(out)]
    assert CliRunner().invoke(app, args).exit_code == 0
    honest = {r.candidate: r.modelled_us for r in state.read_table(out / "candidates.csv", state.CandidateRow)}
    _without_checksums(out / "candidates.csv", forge={"modelled_us": "0.001"})
    (out / "winners.csv").unlink()
    rerun = CliRunner().invoke(app, args)
    assert rerun.exit_code == 0, rerun.output
    said = " ".join(rerun.output.split())
    assert re.search(r"\d+ damaged row\(s\)", said) and "no checksum" in said and "redoing them" in said
    again = state.read_checked_table(out / "candidates.csv", state.CandidateRow, verified=True)
    assert again.damaged == [] and {r.candidate: r.modelled_us for r in again.rows} == honest
    (w,) = state.read_table(out / "winners.csv", state.WinnerRow)
    assert w.winner == "split=0,mma=default"  # the model's pick, not the forged 0.001 us


def test_a_hand_edited_or_garbage_calibration_is_not_used_and_said(tmp_path, monkeypatch):
    from iree_vdmfma.report.verdict import calibrated_rule
    from iree_vdmfma.run.calibration import CalibrationRow, load_rule, write_calibration

    row = CalibrationRow("local-task", "a CPU", "same-module", "f16_8x128x512", "hot", 24, 6, 0.95, 0.04, 0.04,
                         0.0, 0.001, 0.05, 1.0, True, "one-process", "2026-01-01T00:00:00Z")
    path = tmp_path / "calibration.csv"
    write_calibration([row], path)
    monkeypatch.setenv("VDMFMA_CALIBRATION", str(path))
    assert load_rule("local-task", device_name="a CPU").threshold == 0.04  # the real thing, verified
    path.write_text(path.read_text().replace(",0.04,0.04,", ",0.9,0.04,"))  # a hand-edited threshold
    rule, source, note = calibrated_rule("local-task", "a CPU")
    assert source == "default" and rule.floor == 0.01
    assert f"calibration {path} not used: 1 damaged row(s)" in note and "checksum" in note
    path.write_text("\x00garbage\n")
    rule, source, note = calibrated_rule("local-task", "a CPU")
    assert source == "default" and note.startswith(f"calibration {path} not used (") and rule.floor == 0.01


# --- 4. an --out belongs to one kind of run -----------------------------------------------------------------

def test_a_tune_into_a_sweeps_out_is_refused_and_a_sweep_refused_by_the_lock_writes_nothing(tmp_path):
    shapes = tmp_path / "s.csv"
    shapes.write_text("name,m,n,k\nt,1,16,256\n")
    out = tmp_path / "out"
    swept = CliRunner().invoke(app, ["sweep", str(shapes), "--target", "host", "--variants", "default", "--device",
                                     "none", "--out", str(out), "--report"])
    assert swept.exit_code == 0, swept.output
    report = (out / "report" / "index.md").read_bytes()
    for command in (["tune", str(shapes), "--target", "host", "--device", "none"],
                    ["calibrate", "--device", "local-task"]):
        refused = CliRunner().invoke(app, [*command, "--out", str(out), "--append"] if command[0] == "tune"
                                     else [*command, "--out", str(out)])
        assert refused.exit_code == 2, refused.output
        said = " ".join(refused.output.split())
        assert said == (f"error: {out} holds a sweep (sweep.json), not a {command[0]}: an --out belongs to one kind "
                        "of run; choose another --out"), said
    assert not (out / "tune.json").exists() and (out / "report" / "index.md").read_bytes() == report
    held = tmp_path / "held"
    holder = subprocess.Popen([sys.executable, "-c", HOLD, str(held)], stdout=subprocess.PIPE, text=True)
    try:
        assert holder.stdout.readline().strip() == "holding"
        locked = CliRunner().invoke(app, ["sweep", str(shapes), "--target", "host", "--device", "none",
                                          "--out", str(held)])
        assert locked.exit_code == 2 and "is in use by pid" in locked.output, locked.output
        assert sorted(p.name for p in held.iterdir()) == [".lock"]  # no sweep.log, no results.csv
    finally:
        holder.kill()
        holder.wait()


@pytest.mark.parametrize("text", ['{"runs": 5}', '[{"target": "host"}]', '"sweep"', '{"runs": [{"problems": 8}]}',
                                  '{"runs": [{"target": "x", "problems": [[1]]}]}'])
def test_a_runs_file_edited_into_json_of_another_shape_is_one_error_line_naming_it_and_nothing_is_written(tmp_path,
                                                                                                          text):
    shapes = tmp_path / "s.csv"
    shapes.write_text("name,m,n,k\nt,1,16,256\n")
    for command, runs in ((["sweep", "--variants", "default"], "sweep.json"), (["tune"], "tune.json")):
        out = tmp_path / command[0]
        out.mkdir()
        (out / runs).write_text(text)
        res = CliRunner().invoke(app, [command[0], str(shapes), *command[1:], "--target", "host", "--device", "none",
                                       "--out", str(out)])
        assert res.exit_code == 2 and "Traceback" not in res.output, res.output
        assert " ".join(res.output.split()) == (f"error: {out / runs}: not a list of runs (edited by hand?); move it "
                                                "away to start afresh"), res.output
        assert sorted(p.name for p in out.iterdir() if p.name != ".lock") == [runs] and (out / runs).read_text() == text


# --- 5. temp folders are reclaimed after a kill -9 ---------------------------------------------------------

def test_a_cold_run_killed_with_sigkill_leaves_its_rotation_folder_to_the_next_run_which_removes_it(tmp_path):
    temp = tmp_path / "tmp"
    temp.mkdir()
    shapes = tmp_path / "one.csv"
    shapes.write_text("name,m,n,k\ntiny,8,128,256\n")
    env = {**os.environ, "TMPDIR": str(temp), "PYTHONPATH": str(Path(__file__).resolve().parents[1])}
    sweep = ["vdmfma", "sweep", str(shapes), "--device", "local-task", "--variants", "default", "--cache-size", "1M",
             "--no-report"]
    killed = subprocess.Popen([*sweep, "--reps", "100000", "--out", str(tmp_path / "killed")], start_new_session=True,
                              env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        deadline = time.monotonic() + SIGNAL_GUARD_S  # a hang guard, not a timing
        while not (rotation := list(temp.glob("vdmfma-time-*/*.bin"))):
            assert killed.poll() is None and time.monotonic() < deadline, "the run never wrote its weights"
            time.sleep(0.05)
    finally:
        os.killpg(killed.pid, signal.SIGKILL)  # as kill -9 or the OOM killer: no finally runs (and no orphan)
        killed.wait()
    left = rotation[0].parent
    assert left.is_dir()
    later = subprocess.run([*sweep, "--reps", "1", "--out", str(tmp_path / "later")], env=env, capture_output=True,
                           text=True, timeout=300)
    assert later.returncode == 0, later.stderr
    assert not left.exists() and list(temp.glob("vdmfma-*")) == []  # reclaimed, and the later run left nothing



def test_two_runs_of_one_shape_into_one_out_time_from_inputs_of_their_own(tmp_path):
    """`vdmfma run` into an --out another run of the shape also writes into (the default out/run, two terminals):
    a file there named as that run's timing input is neither read nor removed, so neither run fails for the other
    (they did, 'unable to open file OUT/KEY.a0.bin', in 4 of 12 pairs started together)."""
    out = tmp_path / "out"
    out.mkdir()
    theirs = out / f"{Problem(4, 128, 256).key}.a0.bin"  # the other run's input, as it times
    theirs.write_bytes(b"another run's input")
    res = CliRunner().invoke(app, ["run", "--m", "4", "--n", "128", "--k", "256", "--device", "local-task",
                                   "--reps", "1", "--out", str(out)])
    assert res.exit_code == 0, res.output
    assert theirs.read_bytes() == b"another run's input"

# --- 6. an interrupt says what the command kept ------------------------------------------------------------

@pytest.mark.alone  # signals a running command at an event it polls for (tests/conftest.py)
def test_calibrate_interrupted_says_nothing_was_kept_and_writes_nothing(tmp_path):
    temp = tmp_path / "tmp"
    temp.mkdir()
    out = tmp_path / "cal"
    env = {**os.environ, "TMPDIR": str(temp), "PYTHONPATH": str(Path(__file__).resolve().parents[1])}
    proc = subprocess.Popen(["vdmfma", "calibrate", "--device", "local-task", "--pairs", "100000", "--no-keep",
                             "--out", str(out)], env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            start_new_session=True)
    try:
        deadline = time.monotonic() + SIGNAL_GUARD_S  # a hang guard, not a timing
        while not list(temp.glob("vdmfma-paired-*")):  # measuring its A/A rounds
            assert proc.poll() is None and time.monotonic() < deadline, "calibrate never started measuring"
            time.sleep(0.05)
        proc.send_signal(signal.SIGINT)
        err = proc.communicate(timeout=SIGNAL_GUARD_S)[1]
    finally:
        _kill_if_running(proc)
    assert proc.returncode == 130, err
    assert err.strip().splitlines()[-1] == ("interrupted: nothing was kept (this command does not resume); run it "
                                            "again to start over")
    assert "Traceback" not in err and not (out / "calibration.csv").exists()



def _kill_if_running(proc: subprocess.Popen) -> None:
    """A signalled command still running (a hang guard): its group killed and reaped."""
    if proc.poll() is None:
        os.killpg(proc.pid, signal.SIGKILL)
        proc.wait()


def _paired_alive(pids: list[int]) -> list[int]:
    """Those of ``pids`` still running calibrate's paired worker."""
    alive = []
    for pid in pids:
        try:
            if b"iree_vdmfma.run.paired" in Path(f"/proc/{pid}/cmdline").read_bytes():
                alive.append(pid)
        except OSError:
            pass
    return alive


def _cpu_ticks(pid: int) -> int:
    """User + system CPU ticks a process has used (0 once it is gone)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0
    return int(fields[11]) + int(fields[12])


def _paired_workers_of(pid: int) -> list[int]:
    """The live children of ``pid`` that are calibrate's paired-timing worker."""
    found = []
    for entry in Path("/proc").iterdir():
        try:
            stat = (entry / "stat").read_text()
            ppid, state = int(stat.rsplit(")", 1)[1].split()[1]), stat.rsplit(")", 1)[1].split()[0]
            if ppid == pid and state != "Z" and b"iree_vdmfma.run.paired" in (entry / "cmdline").read_bytes():
                found.append(int(entry.name))
        except (OSError, ValueError, IndexError):
            continue
    return found


@pytest.mark.alone  # signals a running command at an event it polls for (tests/conftest.py)
@pytest.mark.parametrize("sig", [signal.SIGINT, signal.SIGTERM], ids=["sigint-to-a-background-job", "sigterm"])
def test_calibrate_ends_on_a_signal_to_its_pid_and_leaves_no_worker_behind(tmp_path, sig):
    """A plain `kill -INT PID` or `kill PID` ends calibrate and its paired worker: SIGINT also when the command was
    started with SIGINT ignored, as a shell starts a background job of a script; the worker, waited on by a device
    thread, is ended with the command and never left running under init."""
    out = tmp_path / "cal"
    env = {**os.environ, "VDMFMA_CACHE_DIR": str(tmp_path / "cache")}
    proc = subprocess.Popen(["vdmfma", "calibrate", "--device", "local-task", "--pairs", "100000", "--no-keep",
                             "--out", str(out)], env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            start_new_session=True, preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_IGN))
    workers: list[int] = []
    try:
        deadline = time.monotonic() + SIGNAL_GUARD_S  # a hang guard, not a timing
        while not workers or _cpu_ticks(workers[0]) < 50:  # the event: its worker has measured for 0.5 s of CPU,
            # so the command's main thread waits on the device task (the worker started, the rounds under way)
            assert proc.poll() is None and time.monotonic() < deadline, "calibrate never started measuring"
            workers = workers or _paired_workers_of(proc.pid)
            time.sleep(0.05)
        os.kill(proc.pid, sig)  # the command's own pid only, not its group
        err = proc.communicate(timeout=SIGNAL_GUARD_S)[1]
    finally:
        _kill_if_running(proc)
    assert proc.returncode == 130, err
    assert err.strip().splitlines()[-1].startswith("interrupted: nothing was kept"), err
    deadline = time.monotonic() + 30  # the kill is delivered; the kernel reaps the worker under init
    while _paired_alive(workers) and time.monotonic() < deadline:
        time.sleep(0.1)
    alive = _paired_alive(workers)
    assert not alive, f"paired worker(s) {alive} outlived calibrate"

# --- 7. a tune the budget cut short is not a finished tune -------------------------------------------------

def test_a_tune_whose_budget_ran_out_exits_1_and_an_infinite_budget_is_refused(tmp_path):
    shapes = tmp_path / "s.csv"
    shapes.write_text("name,m,n,k\na,1,16,256\nb,2,16,256\n")
    out = tmp_path / "tune"
    args = ["tune", str(shapes), "--target", "host", "--device", "none", "--out", str(out)]
    for budget in ("inf", "1e309", "nan"):
        refused = CliRunner().invoke(app, [*args, "--time-budget", budget])
        assert refused.exit_code == 2, refused.output
        assert refused.output.startswith("error: --time-budget must be > 0 and finite, got ")
        assert len(refused.output.strip().splitlines()) == 1 and not out.exists()
    cut = CliRunner().invoke(app, [*args, "--time-budget", "1e-9"])  # spent before the first shape starts
    assert cut.exit_code == 1, cut.output
    said = " ".join(cut.output.split())
    assert "0/2 shapes done" in said
    assert ("2 shape(s) unfinished (f16_1x16x256, f16_2x16x256): the time budget ran out; run the same command "
            "again to continue") in said
    assert "Infinity" not in (out / "tune.json").read_text()
