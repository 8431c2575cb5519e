"""The ray executor on a real local Ray cluster (2 CPUs, one fake GPU): same rows as local, retries, Ctrl-C.

One module-scoped cluster (each ray.init costs seconds on 2 cores); a few real compiles.
"""

from __future__ import annotations

import dataclasses
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

import pytest
from typer.testing import CliRunner

from conftest import ROOT

ray = pytest.importorskip("ray")

from iree_vdmfma.compiler.entry import LOCKS, read_valid_manifest  # noqa: E402
from iree_vdmfma.sweep.proofs import PROOFS  # noqa: E402
from iree_vdmfma.cli import app  # noqa: E402
from iree_vdmfma.executors import ExecutorSpec  # noqa: E402
from iree_vdmfma.problems.problem import Problem  # noqa: E402
from iree_vdmfma.problems.rows import read_rows, Status  # noqa: E402
from iree_vdmfma.problems.shapes import load_shape_list  # noqa: E402
from iree_vdmfma.sweep.sweep import Sweep, SweepOptions, sweep  # noqa: E402

EVIDENCE = ("status", "mma_kind", "intended_mma_kind", "smfmac", "mfma", "vgpr", "agpr", "sgpr", "lds_bytes",
            "spills", "scratch_bytes", "workgroups", "workgroup_size", "waves_per_simd", "reason", "error")
RAY = ExecutorSpec("ray")


@pytest.fixture(scope="module")
def cluster():
    """A private local cluster: 2 CPUs, 1 GPU that is not there (placement only); its files in one temp dir."""
    root = Path(tempfile.mkdtemp(prefix="vdr", dir="/tmp"))  # short: Ray's socket paths must fit 107 bytes
    (root / "tmp").mkdir()
    ray.init(num_cpus=2, num_gpus=1, include_dashboard=False, _temp_dir=str(root / "ray"), log_to_driver=False,
             runtime_env={"env_vars": {"TMPDIR": str(root / "tmp")}})  # a killed worker's scratch lands here
    ray.cloudpickle.register_pickle_by_value(sys.modules[__name__])  # test hooks travel to the workers
    yield root
    ray.shutdown()
    shutil.rmtree(root, ignore_errors=True)


def _seed_subset(tmp_path: Path) -> Path:
    lines = (ROOT / "sweeps" / "seed-f16.csv").read_text().splitlines()
    path = tmp_path / "seed-one.csv"
    path.write_text("\n".join(l for l in lines if not l.startswith("f16_") or l.startswith("f16_8x2304x8192,")) + "\n")
    return path


def test_ray_sweep_cli_gives_the_same_rows_as_the_local_executor(cluster, tmp_path, cache_dir):
    shapes = _seed_subset(tmp_path)
    local, remote = tmp_path / "local", tmp_path / "ray"
    args = ["sweep", str(shapes), "--target", "gfx942", "--device", "none", "--no-report"]
    done = CliRunner().invoke(app, [*args, "--out", str(local), "--cache-dir", str(cache_dir)])
    assert done.exit_code == 0, done.output
    done = CliRunner().invoke(app, [*args, "--executor", "ray", "--out", str(remote),
                                    "--cache-dir", str(tmp_path / "ray-cache")])
    assert done.exit_code == 0, done.output
    by_key = lambda rows: {r.row_key: r for r in rows}  # noqa: E731
    a, b = by_key(read_rows(local / "results.csv")), by_key(read_rows(remote / "results.csv"))
    assert set(a) == set(b) and len(b) == 3
    for key in a:
        assert [getattr(a[key], c) for c in EVIDENCE] == [getattr(b[key], c) for c in EVIDENCE], key
        assert b[key].status == "ok" and not b[key].cached
        assert b[key].compiled_on == socket.gethostname() and a[key].compiled_on == ""  # the node that built it
    from conftest import floor_entry

    entries = [p for p in (tmp_path / "ray-cache").iterdir() if not p.name.startswith(".")]
    assert all(read_valid_manifest(e) for e in entries)  # shipped back and verified
    assert len([e for e in entries if not floor_entry(e)]) == 3  # and the floor module the driver compiled
    for row in b.values():  # the row's files name the driver's copy, not the worker's scratch
        assert "vdmfma-nocache" not in (Path(row.artifacts) / "stderr.txt").read_text() + row.repro
    again = sweep(load_shape_list(shapes), SweepOptions(target="gfx942", out_dir=tmp_path / "again", runnable=True,
                                                        cache_dir=tmp_path / "ray-cache", executor=RAY))
    assert all(r.cached and r.status == "ok" for r in again)


def _kill_worker_of_first_compile(stop: threading.Event, killed: list, every: bool, cluster: Path) -> None:
    """Kill the Ray worker running iree-compile (and the compile): the first one, or ``every`` one seen, of the
    ``cluster`` fixture's (its workers' TMPDIR, where the compile's scratch is, is under that cluster's folder:
    another cluster's compiles on the machine, tests/test_two_hosts.py's, are left alone)."""
    import psutil

    while not stop.is_set() and (every or not killed):
        for proc in psutil.process_iter(["name", "ppid", "cmdline"]):
            try:
                if proc.info["name"] != "iree-compile" or not any(f"{cluster}/" in a for a in proc.info["cmdline"] or ()):
                    continue
                parent = psutil.Process(proc.info["ppid"])
                if not parent.name().startswith("ray::"):
                    continue
                parent.kill()  # the worker dies mid-job ...
                os.killpg(proc.pid, signal.SIGKILL)  # ... and its orphaned compile with it
                killed.append(parent.pid)
                if not every:
                    return
            except (psutil.Error, ProcessLookupError):
                continue
        time.sleep(0.02)


def _sweep_killing_workers(tmp_path: Path, every: bool, cluster: Path) -> list:
    """A one-job gfx942 sweep through Ray while the first (or every) worker running iree-compile is killed."""
    stop, killed = threading.Event(), []
    killer = threading.Thread(target=_kill_worker_of_first_compile, args=(stop, killed, every, cluster))
    killer.start()
    try:
        rows = sweep([Problem(m=8, n=512, k=2048, dtype="f16")],
                     SweepOptions(target="gfx942", variants=("vdmfma",), out_dir=tmp_path / "out",
                                  cache_dir=tmp_path / "cache", executor=RAY))
    finally:
        stop.set()
        killer.join()
    assert killed, "no ray worker was running iree-compile"
    return rows


def test_a_worker_killed_mid_compile_costs_a_retry_never_a_lost_or_bad_row(cluster, tmp_path):
    rows = _sweep_killing_workers(tmp_path, every=False, cluster=cluster)
    assert [r.status for r in rows] == ["ok"] and rows[0].smfmac > 0
    assert len(read_rows(tmp_path / "out" / "results.csv")) == 1
    entries = [p for p in (tmp_path / "cache").iterdir() if p.name not in (PROOFS, LOCKS)]  # all but the kept proofs and locks
    assert len(entries) == 1 and read_valid_manifest(entries[0])  # no half entry left by the dead worker


def test_a_compile_whose_worker_dies_on_every_retry_is_a_machine_error_never_cached(cluster, tmp_path):
    from iree_vdmfma.executors.ray_executor import MAX_RETRIES
    from iree_vdmfma.problems.rows import Status

    rows = _sweep_killing_workers(tmp_path, every=True, cluster=cluster)
    assert [r.status for r in rows] == [Status.MACHINE_ERROR.value], rows
    # the first try and each of Ray's retries lost its worker; then the row fails, as the machine's failure
    assert f"the Ray worker was lost {1 + MAX_RETRIES} times (WorkerCrashedError" in rows[0].error
    cache = tmp_path / "cache"
    assert not cache.exists() or not [p for p in cache.iterdir() if not p.name.startswith(".")]  # nothing cached


def test_ctrl_c_cancels_cluster_tasks_and_leaves_unfinished_rows_pending(cluster, tmp_path):
    problems = [Problem(m=8, n=256, k=1024, dtype="f16")]  # 3 jobs on 2 CPUs: 2 unfinished at the first row
    options = SweepOptions(target="gfx942", out_dir=tmp_path / "out", cache_dir=tmp_path / "cache", executor=RAY)
    sw = Sweep(problems, options)
    sw.on_row = lambda row: row.status == "ok" and signal.raise_signal(signal.SIGINT)
    with pytest.raises(KeyboardInterrupt):
        sw.run()
    rows = read_rows(tmp_path / "out" / "results.csv")
    statuses = sorted(r.status for r in rows)
    assert len(rows) == 3 and statuses.count("pending") == 2 and set(statuses) <= {"ok", "pending"}
    import psutil

    def left() -> list:  # iree-compiles still running under a Ray worker of this cluster (not another test's)
        found = []
        for p in psutil.process_iter(["name", "cmdline"]):
            try:
                if (p.info["name"] == "iree-compile" and p.status() != psutil.STATUS_ZOMBIE
                        and any(f"{cluster}/" in a for a in p.info["cmdline"] or ())
                        and psutil.Process(p.ppid()).name().startswith("ray::")):
                    found.append(p)
            except psutil.Error:
                continue
        return found

    deadline = time.monotonic() + 300  # a hang guard: the loop ends once the worker has killed and reaped it
    while left() and time.monotonic() < deadline:
        time.sleep(0.2)
    assert not left(), "a cancelled task left its iree-compile running"
    rows = sweep(problems, options)  # resume: the pending rows are done, the finished ones not redone
    assert len(rows) == 3 and all(r.status == "ok" for r in rows)


def _logging_hook(hook, log: Path):
    def timed(result, problem, row):
        start = time.time()
        done = hook(result, problem, row)
        with open(log, "a") as f:
            f.write(f"{start} {time.time()}\n")
        return done

    return dataclasses.replace(hook, run=timed)  # the same RunHook, its timing mode kept


def test_runs_are_one_gpu_tasks_that_never_overlap_and_name_their_worker(cluster, tmp_path, cache_dir):
    from iree_vdmfma.run.runner import sweep_run_hook

    log = tmp_path / "runs.log"
    problems = load_shape_list(ROOT / "sweeps" / "tiny-cpu.csv")[:1]
    options = SweepOptions(target="host", variants=("default",), out_dir=tmp_path / "out", cache_dir=cache_dir,
                           runnable=True, cache_modes=("hot", "cold"), executor=RAY)
    rows = sweep(problems, options, run_hook=_logging_hook(sweep_run_hook("local-task", reps=2), log))
    assert len(rows) == 2 and all(r.status == "ok" and r.numerics == "pass" for r in rows), rows
    assert all(r.device == f"local-task on {socket.gethostname()} (GPU 0)" for r in rows)
    spans = sorted(tuple(map(float, line.split())) for line in log.read_text().splitlines())
    assert len(spans) == 2 and all(a[1] <= b[0] for a, b in zip(spans, spans[1:]))  # one GPU: one run at a time


def test_a_sweep_run_whose_worker_is_lost_on_every_retry_is_a_machine_error_that_a_rerun_redoes(tmp_path, cache_dir):
    from concurrent.futures import Future

    from iree_vdmfma.executors import ExecutorError, LocalExecutor
    from iree_vdmfma.run.runner import sweep_run_hook

    class LostGpuWorkers(LocalExecutor):  # compiles here; the worker of every run dies on every retry
        def submit_gpu(self, fn, *args, device_kind=None):
            future = Future()
            future.set_exception(ExecutorError("run_shipped: the Ray worker was lost 4 times"))
            return future

    problems = load_shape_list(ROOT / "sweeps" / "tiny-cpu.csv")[:1]
    options = SweepOptions(target="host", variants=("default",), out_dir=tmp_path / "out", cache_dir=cache_dir,
                           runnable=True, cache_modes=("hot", "cold"))
    hook = sweep_run_hook("local-task", reps=2)
    with LostGpuWorkers(1) as lost:
        rows = sweep(problems, options, run_hook=hook, executor=lost)
    assert len(rows) == 2 and all(r.status == "machine-error" and "worker lost" in r.reason for r in rows), rows
    rows = sweep(problems, options, run_hook=hook)  # a working machine: the rerun redoes them
    assert len(rows) == 2 and all(r.status == "ok" and r.numerics == "pass" for r in rows), rows


def test_a_corrupt_or_incomplete_shipped_entry_is_refused(tmp_path):
    import hashlib

    from iree_vdmfma.compiler.entry import unpack

    good = {"input.mlir": b"module {}", "stderr.txt": b""}
    meta = {"files": {k: hashlib.sha256(v).hexdigest() for k, v in good.items()}}
    with pytest.raises(RuntimeError, match="corrupt in transfer"):
        unpack({"workdir": "/w", "meta": meta, "files": {**good, "input.mlir": b"module {"}}, tmp_path, tmp_path)
    with pytest.raises(RuntimeError, match="incomplete"):
        unpack({"workdir": "/w", "meta": meta, "files": {"input.mlir": good["input.mlir"]}}, tmp_path, tmp_path)


@pytest.mark.parametrize("args, message", [(["--executor", "slurm"], "unknown executor 'slurm'; valid: local, ray"),
                                           (["--ray-address", "auto"], "--ray-address needs --executor ray")])
def test_bad_executor_options_are_one_error_line(tmp_path, args, message):
    done = CliRunner().invoke(app, ["sweep", str(_seed_subset(tmp_path)), "--device", "none", "--out",
                                    str(tmp_path / "out"), *args])
    assert done.exit_code == 2 and message in done.output, done.output


def test_bench_through_ray_measures_each_row_on_a_gpu_worker_that_names_itself(cluster, tmp_path, cache_dir):
    from iree_vdmfma.executors.ray_executor import RayExecutor
    from iree_vdmfma.sweep.bench import BenchOptions, bench

    out = tmp_path / "out"
    problems = load_shape_list(ROOT / "sweeps" / "tiny-cpu.csv")[:1]
    sweep(problems, SweepOptions(target="host", variants=("default",), out_dir=out, cache_dir=cache_dir, runnable=True))
    with RayExecutor() as executor:  # joins the module's cluster, leaves it running
        rows = bench(out, BenchOptions("local-task", reps=2), executor=executor)
    measured = [r for r in rows if r.cache_mode]
    assert sorted(r.cache_mode for r in measured) == ["cold", "hot"]
    assert all(r.status == "ok" and r.numerics == "pass" and r.device_name for r in measured), measured
    assert all(r.device == f"local-task on {socket.gethostname()} (GPU 0)" for r in measured)
    assert len(read_rows(out / "results.csv")) == 3  # the compile row and one per cache mode, no duplicates


def test_tune_compiles_through_ray_with_the_same_outcome_as_local(cluster, tmp_path):
    from iree_vdmfma.tune import state
    from iree_vdmfma.tune.options import TuneOptions

    from iree_vdmfma.tune.tuner import Tuner

    # A modelled sm_89 tune of four candidates (the model's order), its candidates compiled on the cluster.
    options = TuneOptions(target="sm_89", device="none", out_dir=tmp_path / "out", cache_dir=tmp_path / "cache",
                          max_candidates=4, executor=RAY)
    Tuner([Problem(8, 512, 2048)], options).run()
    rows = state.read_table(tmp_path / "out" / "candidates.csv", state.CandidateRow)
    evaluated = [r for r in rows if r.status != Status.PRUNED.value]  # ranked by the CUDA model (perf_model.py)
    assert len(evaluated) == 4 and all(r.status in (Status.MODELLED.value, Status.REJECTED.value, Status.SPILLS.value)
                                       for r in evaluated), evaluated
    assert all(r.modelled_us and r.dispatches for r in evaluated if r.status == Status.MODELLED.value)
    winner = state.read_table(tmp_path / "out" / "winners.csv", state.WinnerRow)[0]
    # the CUDA model's error on a speedup is not validated (tune/choose.model_error): its pick is never a result
    assert winner.basis == "modelled" and winner.verdict == "not separable by the model"
    assert all(read_valid_manifest(e) for e in (tmp_path / "cache").iterdir() if not e.name.startswith("."))


def test_an_unreachable_ray_address_is_one_error_line_and_exit_2_within_the_connect_timeout(tmp_path):
    silent = socket.socket()  # a host that drops connections: a full accept queue makes Linux drop the SYN
    silent.bind(("0.0.0.0", 0))
    silent.listen(0)
    port = silent.getsockname()[1]
    queued = []
    for _ in range(3):
        c = socket.socket()
        c.setblocking(False)
        c.connect_ex(("127.0.0.1", port))
        queued.append(c)
    try:
        for address, says in ((f"127.0.0.1:{port}", "no answer"), ("127.0.0.1:1", "refused")):
            done = subprocess.run([sys.executable, "-m", "iree_vdmfma.cli", "bench", str(tmp_path), "--executor", "ray",
                                   "--ray-address", address, "--device", "local-task"], capture_output=True,
                                  text=True, timeout=120, env={**os.environ, "VDMFMA_RAY_CONNECT_TIMEOUT": "3"})
            lines = [line for line in done.stderr.splitlines() if line.strip()]
            assert done.returncode == 2 and len(lines) == 1, done.stderr
            # our connect check answered (it names its timeout), not Ray's endless retries (no time asserted)
            assert lines[0].startswith(f"error: cannot reach the Ray cluster at {address}") and says in lines[0]
            assert "within 3 s" in lines[0], lines[0]
    finally:
        for c in queued:
            c.close()
        silent.close()


OWN_CLUSTER = """
import json, os, signal, sys, tempfile
from pathlib import Path
from iree_vdmfma.executors.ray_executor import RayExecutor

def leave_a_file(fail):
    scratch = Path(tempfile.mkdtemp(prefix="vdmfma-bench-"))  # as bench_shipped / the compiler do
    (scratch / "out.vmfb").write_bytes(b"x")
    if fail:
        raise RuntimeError(str(scratch))
    return str(scratch)

def die_once(marker):
    scratch = Path(tempfile.mkdtemp(prefix="vdmfma-nocache-"))
    (scratch / "out.vmfb").write_bytes(b"x")
    if not Path(marker).exists():
        Path(marker).write_text(str(scratch))
        os.kill(os.getpid(), signal.SIGKILL)  # the worker dies mid-task; Ray retries it on another
    return str(scratch)

with RayExecutor(workers=1) as ex:
    import ray
    session = ray._private.worker._global_node.get_session_dir_path()  # where Ray keeps logs and sockets
    ok = ex.submit_cpu(leave_a_file, False).result()
    try:
        ex.submit_cpu(leave_a_file, True).result()
    except RuntimeError as e:
        failed = str(e)
    marker = Path(sys.argv[1]) / "died"
    ex.submit_cpu(die_once, str(marker)).result()
    left_while_running = sorted(p.name for p in Path(tempfile.gettempdir()).glob("vdmfma-*")
                                if not Path(session).is_relative_to(p))
    alive = Path(session).is_dir()
print(json.dumps({"session": session, "alive": alive, "ok": ok, "failed": failed, "killed": marker.read_text(),
                  "left_while_running": left_while_running}))
"""


def test_a_cluster_started_here_removes_its_session_directory_and_task_scratch_when_a_task_raises_or_its_worker_dies(
        tmp_path):
    import json

    tmp = Path(tempfile.mkdtemp(prefix="vdt", dir="/tmp"))  # the workers' temp dir: short, for Ray's sockets
    try:
        env = {**os.environ, "PYTHONPATH": str(ROOT), "TMPDIR": str(tmp)}
        done = subprocess.run([sys.executable, "-c", OWN_CLUSTER, str(tmp_path)], capture_output=True, text=True,
                              timeout=300, env=env)
        assert done.returncode == 0, done.stderr[-2000:]
        said = json.loads(done.stdout.strip().splitlines()[-1])
        assert said["left_while_running"] == []  # the retry of the killed task removed the dead worker's scratch
        for scratch in (said["ok"], said["failed"], said["killed"]):
            assert Path(scratch).name.startswith("vdmfma-") and not Path(scratch).exists(), scratch
        assert said["alive"] and not Path(said["session"]).exists()  # Ray's session files lived there, now gone
        assert list(tmp.iterdir()) == []  # nothing of Ray's or ours left in the temp dir
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


def test_task_scratch_is_removed_when_the_task_raises_and_a_dead_workers_only_on_its_own_machine(tmp_path,
                                                                                                monkeypatch):
    from iree_vdmfma.executors.scratch import _scratch_prefix, in_scratch, reap_scratch

    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path))
    seen = []

    def fails():
        seen.append(tempfile.gettempdir())
        (Path(tempfile.gettempdir()) / "out.vmfb").write_bytes(b"x")
        raise RuntimeError("the module would not load")

    with pytest.raises(RuntimeError):
        in_scratch(fails)
    assert Path(seen[0]).parent == tmp_path and not Path(seen[0]).exists() and tempfile.tempdir == str(tmp_path)
    dead = subprocess.Popen([sys.executable, "-c", "pass"])
    dead.wait()
    (tmp_path / f"{_scratch_prefix()}{dead.pid}-a").mkdir()  # a worker killed mid-task
    (tmp_path / f"{_scratch_prefix()}{os.getpid()}-b").mkdir()  # a live one
    (tmp_path / f"vdmfma-task-elsewhere-{dead.pid}-c").mkdir()  # another container's, sharing the temp dir
    assert reap_scratch(tmp_path) == 1
    assert sorted(p.name[-1] for p in tmp_path.iterdir()) == ["b", "c"]


def test_the_head_watch_fires_while_the_resource_watch_is_stuck_in_a_ray_call(monkeypatch):
    # ray.nodes() blocks while the head is away (up to Ray's own 60 s, then Ray ends the driver without a word): a
    # resource check in flight when the head goes must not hold up the head watch, whose ClusterLost is the one line
    # the command ends with. No cluster: the executor's two watches on a stand-in head (a TCP port) and Ray.
    from concurrent.futures import Future

    from iree_vdmfma.executors import ClusterLost
    from iree_vdmfma.executors import ray_executor as rx

    monkeypatch.setattr(rx, "HEAD_CHECK_S", 0.05)
    head = socket.create_server(("127.0.0.1", 0))
    asked, release = threading.Event(), threading.Event()

    class StuckRay:
        def nodes(self):  # the head goes while this call is in flight; the call waits for it
            head.close()
            asked.set()
            release.wait(60)
            return []

    ex = rx.RayExecutor.__new__(rx.RayExecutor)
    task: Future = Future()
    task.set_running_or_notify_cancel()
    ex.__dict__.update(ray=StuckRay(), address="the test's head", ray_log=None, lost="", _head_answers=True,
                       _lock=threading.Lock(), _stop=threading.Event(), _missing={}, _pending={"ref": (task, "GPU")})
    try:
        ex._start_watches(f"127.0.0.1:{head.getsockname()[1]}", 0.5)
        assert asked.wait(10), "the resource watch never asked Ray"
        with pytest.raises(ClusterLost, match="lost the Ray head at the test's head"):
            task.result(timeout=10)
        assert asked.is_set() and not release.is_set()  # lost while ray.nodes() was still blocked
    finally:
        release.set()
        ex._stop.set()
