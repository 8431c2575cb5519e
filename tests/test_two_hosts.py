"""The Ray executor across two hosts that share no file system (tests/two_hosts.py), with a node lost mid-run.

Root only (network, mount and UTS namespaces); skipped with the reason elsewhere. One pair of hosts for the
module (each `ray start` costs seconds on 2 cores), 1 CPU each; host b also has the resource that stands in
for a GPU. The driver (`vdmfma ...`) runs on host a, as a user's would on the head node; host b sees none
of its files (its /tmp, /dev/shm, ~/.cache and ~/.ray are tmpfs of its own), so whatever a task needs or
makes travels through Ray. Waits are on events (a process appearing, a row written), each with a generous
deadline that only guards against a hang. The tests run in file order: the last two take nodes down.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
import time
from pathlib import Path

import pytest
from typer.testing import CliRunner

from conftest import ROOT
from two_hosts import TwoHosts, unavailable

WHY = unavailable()
pytestmark = pytest.mark.skipif(bool(WHY), reason=WHY)

from iree_vdmfma.cli import app  # noqa: E402
from iree_vdmfma.compiler.entry import read_valid_manifest  # noqa: E402
from iree_vdmfma.problems.rows import Status, read_rows  # noqa: E402

GPU = "vdmfma_gpu"  # the custom resource host b has instead of a GPU
HANG_GUARD_S = 240
EVIDENCE = ("status", "mma_kind", "intended_mma_kind", "smfmac", "mfma", "vgpr", "agpr", "sgpr", "lds_bytes",
            "spills", "scratch_bytes", "workgroups", "workgroup_size", "waves_per_simd", "kernel_fingerprint",
            "executables", "reason", "error")
PROGRESS = re.compile(r"^(\[\d+/\d+\] |sweep: |tune: |tuning records|f16_)")  # the commands' own progress lines


@pytest.fixture(scope="module")
def hosts(tmp_path_factory):
    work = tmp_path_factory.mktemp("two-hosts")
    with TwoHosts(cpus=1, resources={"b": {GPU: 1}}, hide=[work]) as h:
        h.work = work
        yield h


def vdmfma(hosts: TwoHosts, *args: str, cache: Path, env: dict = None, **kw) -> subprocess.CompletedProcess:
    """`vdmfma ARGS --executor ray --ray-address HEAD` on host a."""
    argv = [sys.executable, "-m", "iree_vdmfma.cli", *args, "--executor", "ray", "--ray-address", hosts.address]
    return hosts.run("a", argv, env=hosts.env("a", VDMFMA_CACHE_DIR=str(cache), **(env or {})),
                     timeout=HANG_GUARD_S, **kw)


def local(*args: str, cache: Path) -> None:
    done = CliRunner().invoke(app, [*args, "--cache-dir", str(cache)])
    assert done.exit_code == 0, done.output


def sweep_args(shapes: Path, out: Path, *more: str) -> list[str]:
    return ["sweep", str(shapes), "--target", "gfx942", "--device", "none", "--no-report", "--out", str(out), *more]


def entries(cache: Path) -> list[Path]:
    """The cache's entries but the harness-floor module the driver compiles for a runnable sweep."""
    from conftest import floor_entry

    return sorted(p for p in cache.iterdir() if p.is_dir() and not p.name.startswith(".") and not floor_entry(p))


def nodes_of(cache: Path) -> set:
    return {json.loads((e / "manifest.json").read_text()).get("node", "") for e in entries(cache)}


def test_a_sweep_compiles_on_both_hosts_and_equals_a_local_run(hosts, tmp_path, cache_dir):
    shapes, out, cache = tmp_path / "two.csv", hosts.work / "sweep", hosts.work / "sweep-cache"
    # two rows of tiny-cpu.csv (f16 and fp8), x default, vdmfma, padded: six compiles, enough to keep both 1-CPU
    # hosts busy (the tune below spreads three), each row proved against a local compile of its own
    shapes.write_text("\n".join(line for line in (ROOT / "sweeps" / "tiny-cpu.csv").read_text().splitlines()
                                if line.startswith(("name,", "tiny-f16,", "tiny-fp8,"))) + "\n")
    done = vdmfma(hosts, *sweep_args(shapes, out), cache=cache)
    assert done.returncode == 0, done.stderr[-3000:]
    rows = {r.row_key: r for r in read_rows(out / "results.csv")}
    assert len(rows) == 6 and all(r.status == "ok" and not r.cached for r in rows.values())
    assert {r.compiled_on for r in rows.values()} == set(hosts.hostname.values())  # both hosts compiled
    local(*sweep_args(shapes, tmp_path / "local"), cache=cache_dir)
    here = {r.row_key: r for r in read_rows(tmp_path / "local" / "results.csv")}
    assert set(here) == set(rows)
    for key, row in rows.items():  # the same kernels, proved the same way
        assert [getattr(row, c) for c in EVIDENCE] == [getattr(here[key], c) for c in EVIDENCE], key
    for row in rows.values():  # modules, dumps and ISA came back as bytes, and name the driver's copy
        kept = Path(row.artifacts)
        assert (kept / "out.vmfb").stat().st_size and list((kept / "dump").glob("*.rocmasm"))
        assert "vdmfma-task-" not in (kept / "stderr.txt").read_text() + row.repro + row.error
    assert len(entries(cache)) == 6 and all(read_valid_manifest(e) for e in entries(cache))


def test_a_tune_through_both_hosts_equals_a_local_tune(hosts, tmp_path, cache_dir):
    shapes = tmp_path / "one.csv"
    shapes.write_text("name,m,n,k,dtype\ntiny-f16,8,256,1024,f16\n")
    args = ["tune", str(shapes), "--target", "gfx942", "--device", "none", "--max-candidates", "3"]
    cache = hosts.work / "tune-cache"
    done = vdmfma(hosts, *args, "--out", str(hosts.work / "tune"), cache=cache)
    assert done.returncode == 0, done.stderr[-3000:]
    local(*args, "--out", str(tmp_path / "tune"), cache=cache_dir)
    from iree_vdmfma.tune import state

    def table(out: Path, name: str, row: type, cols: tuple) -> dict:
        return {r.row_key: tuple(getattr(r, c) for c in cols) for r in state.read_table(out / name, row)}

    cols = ("status", "mma_kind", "smfmac", "mfma", "vgpr", "lds_bytes", "spills", "kernel_fingerprint", "modelled_us")
    there = table(hosts.work / "tune", "candidates.csv", state.CandidateRow, cols)
    assert there == table(tmp_path / "tune", "candidates.csv", state.CandidateRow, cols)
    assert any(v[0] == Status.MODELLED.value for v in there.values())
    cols = ("winner", "verdict", "basis", "split", "mma")
    assert (table(hosts.work / "tune", "winners.csv", state.WinnerRow, cols)
            == table(tmp_path / "tune", "winners.csv", state.WinnerRow, cols))
    assert nodes_of(cache) == set(hosts.hostname.values())  # its candidates were compiled on both hosts


def test_coverage_through_both_hosts_equals_a_local_coverage(hosts, tmp_path, cache_dir):
    import csv

    args = ["coverage", str(ROOT / "sweeps" / "tiny-cpu.csv"), "--target", "gfx942", "--no-plots", "--out"]
    cache = hosts.work / "coverage-cache"
    done = vdmfma(hosts, *args, str(hosts.work / "coverage"), cache=cache)
    assert done.returncode == 0, done.stderr[-3000:]
    local(*args, str(tmp_path / "coverage"), cache=cache_dir)

    def cells(out: Path) -> list:
        with open(out / "coverage.csv", newline="") as f:
            return [{k: v for k, v in row.items() if not k.endswith(("_artifacts", "checksum"))}
                    for row in csv.DictReader(f)]

    there = cells(hosts.work / "coverage")
    assert there == cells(tmp_path / "coverage") and len(there) == 5
    assert {r.compiled_on for r in read_rows(hosts.work / "coverage" / "results.csv")} == set(hosts.hostname.values())


def test_device_work_goes_only_to_the_host_with_the_device(hosts, tmp_path):
    shapes = tmp_path / "one.csv"
    shapes.write_text((ROOT / "sweeps" / "tiny-cpu.csv").read_text().split("tiny-bf16")[0])
    args = ["sweep", str(shapes), "--target", "host", "--variants", "default", "--device", "local-task",
            "--reps", "2", "--no-report", "--out"]
    cache = hosts.work / "run-cache"
    done = vdmfma(hosts, *args, str(hosts.work / "run"), cache=cache, env={"VDMFMA_RAY_GPU_RESOURCE": GPU})
    assert done.returncode == 0, done.stderr[-3000:]
    rows = read_rows(hosts.work / "run" / "results.csv")
    assert sorted(r.cache_mode for r in rows) == ["cold", "hot"]
    assert all(r.status == "ok" and r.numerics == "pass" for r in rows), rows
    assert {r.device for r in rows} == {f"local-task on {hosts.hostname['b']}"}  # b has the device; a has not
    for resource, named in (({}, "GPU"), ({"VDMFMA_RAY_GPU_RESOURCE": "nosuch"}, "nosuch")):
        done = vdmfma(hosts, *args, str(tmp_path / named), cache=cache, env=resource)  # compiles: cache hits
        errors = [line for line in done.stderr.splitlines() if line.startswith("error:")]
        assert done.returncode == 2 and len(errors) == 1, done.stderr[-3000:]
        assert f"no node of the Ray cluster at {hosts.address} has a {named}" in errors[0]


def test_the_only_device_host_lost_mid_run_gives_machine_error_rows_that_a_rerun_redoes(hosts, tmp_path):
    shapes = tmp_path / "one.csv"
    shapes.write_text((ROOT / "sweeps" / "tiny-cpu.csv").read_text().split("tiny-bf16")[0])
    args = ["sweep", str(shapes), "--target", "host", "--variants", "default", "--device", "local-task",
            "--reps", "20", "--no-report", "--out", str(hosts.work / "device-lost"), "--executor", "ray",
            "--ray-address", hosts.address]
    env = hosts.env("a", VDMFMA_CACHE_DIR=str(hosts.work / "run-cache"), VDMFMA_RAY_GPU_RESOURCE=GPU,
                    VDMFMA_RAY_CONNECT_TIMEOUT="3")
    argv = [sys.executable, "-m", "iree_vdmfma.cli", *args]
    # the modules compiled first, on host a without Ray (cache hits after the test above): only runs go out to b,
    # so the host is lost with a run in flight whichever tests ran before this one
    warm = [*argv[:argv.index("--reps")], "--reps", "1", "--no-report", "--out", str(tmp_path / "warm")]
    done = hosts.run("a", warm, env=env, timeout=HANG_GUARD_S)
    assert done.returncode == 0, done.stderr[-3000:]
    proc = hosts.popen("a", argv, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        _wait("run on host b", lambda: hosts.pids("b", "ray::in_scratch"), proc)
        hosts.kill_raylet("b")  # the one host with the device is lost with a run in flight
        _, err = proc.communicate(timeout=HANG_GUARD_S)
    finally:
        proc.kill()
    rows = read_rows(hosts.work / "device-lost" / "results.csv")
    assert proc.returncode == 1 and len(rows) == 2, err[-3000:]
    assert all(r.status == "machine-error" and f"has a {GPU} any more" in r.error for r in rows), rows
    hosts.restart("b")
    done = hosts.run("a", argv, env=env, timeout=HANG_GUARD_S)
    assert done.returncode == 0, done.stderr[-3000:]
    rows = read_rows(hosts.work / "device-lost" / "results.csv")
    assert all(r.status == "ok" and r.device == f"local-task on {hosts.hostname['b']}" for r in rows), rows


def _wait(what: str, ready, proc: subprocess.Popen) -> None:
    deadline = time.monotonic() + HANG_GUARD_S  # a hang guard only: the event comes in seconds
    while not ready():
        assert proc.poll() is None, f"the sweep ended before {what}: {proc.communicate()[1][-3000:]}"
        assert time.monotonic() < deadline, f"no {what} within {HANG_GUARD_S} s"
        time.sleep(0.02)


def _rows(out: Path) -> dict:
    path = out / "results.csv"
    return {r.row_key: r for r in read_rows(path)} if path.exists() else {}


def test_the_worker_hosts_raylet_killed_mid_sweep_loses_nothing_and_a_rerun_redoes_nothing(hosts):
    shapes, out, cache = ROOT / "sweeps" / "seed-f16.csv", hosts.work / "killed", hosts.work / "killed-cache"
    argv = [sys.executable, "-m", "iree_vdmfma.cli", *sweep_args(shapes, out), "--executor", "ray",
            "--ray-address", hosts.address]
    env = hosts.env("a", VDMFMA_CACHE_DIR=str(cache))
    proc = hosts.popen("a", argv, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        _wait("compile on host b", lambda: hosts.pids("b", "iree-compile"), proc)
        hosts.kill_raylet("b")  # host b is lost with a compile in flight
        _, err = proc.communicate(timeout=HANG_GUARD_S)
    finally:
        proc.kill()
    assert proc.returncode == 0, err[-3000:]
    assert all(PROGRESS.match(line) for line in err.splitlines() if line.strip()), err  # Ray's lines: in its log
    rows = _rows(out)
    assert len(rows) == 18 and all(r.status == "ok" for r in rows.values()), err[-3000:]
    assert len(entries(cache)) == 18 and all(read_valid_manifest(e) for e in entries(cache))
    again = vdmfma(hosts, *sweep_args(shapes, out), cache=cache)  # host b is still down: a alone
    assert again.returncode == 0 and not re.search(r"^\[\d+/", again.stderr, re.M), again.stderr[-3000:]
    assert _rows(out) == rows and len(entries(cache)) == 18  # nothing finished was redone
    hosts.restart("b")


def test_the_head_lost_is_one_line_and_exit_1_and_a_rerun_after_it_is_back_finishes(hosts):
    shapes, out, cache = ROOT / "sweeps" / "seed-f16.csv", hosts.work / "headless", hosts.work / "headless-cache"
    args = [*sweep_args(shapes, out, "--variants", "default,vdmfma"), "--executor", "ray", "--ray-address",
            hosts.address]
    env = hosts.env("a", VDMFMA_CACHE_DIR=str(cache), VDMFMA_RAY_CONNECT_TIMEOUT="3")
    proc = hosts.popen("a", [sys.executable, "-m", "iree_vdmfma.cli", *args], env=env, stdout=subprocess.PIPE,
                       stderr=subprocess.PIPE, text=True)
    try:
        _wait("finished row", lambda: any(r.status == "ok" for r in _rows(out).values()), proc)
        hosts.stop("a", keep=[proc.pid])  # every Ray process of the head host, the driver left running
        _, err = proc.communicate(timeout=HANG_GUARD_S)
    finally:
        proc.kill()
    said = [line for line in err.splitlines() if line.strip() and not PROGRESS.match(line)]
    assert proc.returncode == 1 and len(said) == 1, err[-3000:]
    assert said[0].startswith(f"error: lost the Ray head at {hosts.address}")
    assert "run the same command again" in said[0]
    before = {k: r for k, r in _rows(out).items() if r.status == "ok"}
    assert before and len(before) < 12
    hosts.stop("b")  # first: its raylet, still calling the lost head, would make `ray start --head` refuse
    hosts.restart("a")
    hosts.restart("b")
    done = hosts.run("a", [sys.executable, "-m", "iree_vdmfma.cli", *args], env=env, timeout=HANG_GUARD_S)
    assert done.returncode == 0, done.stderr[-3000:]
    rows = _rows(out)
    assert len(rows) == 12 and all(r.status == "ok" for r in rows.values())
    assert all(rows[k] == r for k, r in before.items())  # what finished before the loss was not redone
