"""The Ray executor: compiles as CPU tasks, benchmarks as GPU tasks, on a Ray cluster.

The only module that imports ray. ``address=None`` starts a private local cluster
(shut down on close); 'auto' or 'HOST:PORT' joins a running one (``ray start
--head`` on the head node); if ray is already initialised in this process (a
test's cluster), it is reused and left running. A task whose worker dies is
retried by Ray (``max_retries``); application exceptions are not retried.
Ctrl-C: :meth:`cancel` calls ``ray.cancel`` on every unfinished task, which
raises KeyboardInterrupt inside running ones (so they kill their iree-compile).

Leftovers: a cluster started here keeps its session files (logs, sockets) in a
private temp directory that :meth:`close` removes, never under /tmp/ray. Every task
runs in a scratch directory of its own (:mod:`.scratch`). Joining a cluster (``address``) first checks that the
address answers a TCP connect within ``VDMFMA_RAY_CONNECT_TIMEOUT`` seconds (15):
an unreachable address is one ExecutorError, never Ray's endless retries.

Across hosts (tests/test_two_hosts.py): nothing travels through a file; a compile ships its entry back
as bytes, a run gets its module as bytes. The head lost mid-command: a watch thread sees its GCS stop
answering TCP for ``VDMFMA_RAY_CONNECT_TIMEOUT`` seconds and fails every task in flight with
:class:`ClusterLost` (one line, exit 1; rows in flight stay pending), instead of Ray's 60 s of retries
spinning a core and its own exit. Ray's C++ core writes its error lines (a task lost, the GCS gone) to
fd 2: for a cluster this executor joined or started, fd 2 goes to a log in the session's log dir while
Python's ``sys.stderr`` stays on the console. Device work goes only to a node with the device: one GPU,
or one unit of the resource ``VDMFMA_RAY_GPU_RESOURCE`` names (``ray start --resources``); a cluster with
no such node is one ExecutorError, not a task that waits for ever, and so is a task whose resource no live
node has had for that timeout (the only node with the device lost mid-run): its row is a machine-error.
"""

from __future__ import annotations

import logging
import os
import re
import shutil
import socket
import sys
import tempfile
import threading
import time
from concurrent.futures import Future, InvalidStateError
from pathlib import Path
from typing import Callable, Optional

from . import ClusterLost, Executor, ExecutorError, TaskCancelled
from .scratch import in_scratch, reap_scratch

MAX_RETRIES = 3  # worker deaths tolerated per task before its row becomes a failure
CONNECT_TIMEOUT_S = 15.0  # how long joining waits for --ray-address to answer (VDMFMA_RAY_CONNECT_TIMEOUT)
HEAD_CHECK_S = 1.0  # how often the watch thread knocks on the head's GCS port


def connect_timeout_s() -> float:
    text = os.environ.get("VDMFMA_RAY_CONNECT_TIMEOUT", "")
    try:
        value = float(text) if text else CONNECT_TIMEOUT_S
    except ValueError:
        raise ExecutorError(f"VDMFMA_RAY_CONNECT_TIMEOUT={text!r}: not a number of seconds") from None
    if value <= 0:
        raise ExecutorError(f"VDMFMA_RAY_CONNECT_TIMEOUT={text!r}: must be > 0")
    return value


def _token_auth_if_token_here() -> None:
    """Ray >= 2.5x: `ray start --head` turns token authentication on and writes ~/.ray/auth_token; joining it
    by HOST:PORT fails (InvalidAuthToken) unless the client turns token auth on too, which Ray does by itself
    only for 'auto'. Turn it on when a token is here (RAY_AUTH_MODE, when set, decides); older Rays have none."""
    try:
        from ray._private.authentication.authentication_token_setup import (  # noqa: PLC0415
            maybe_enable_token_auth_if_token_available)
    except ImportError:
        return
    try:
        maybe_enable_token_auth_if_token_available()
    except Exception:  # noqa: BLE001  (Ray's private helper: never let it break a join that may work without)
        pass


def _ray_words(e: BaseException) -> str:
    """Ray's error, first line, with its own command-line flag named as ours (`--address` is `ray start`'s)."""
    said = str(e).strip().splitlines()[0] if str(e).strip() else type(e).__name__
    return said.replace("setting `--address` flag", "giving --ray-address").replace("`--address`", "--ray-address")


def check_reachable(ray, address: str, timeout_s: float) -> None:
    """ExecutorError (one line) unless the cluster at ``address`` ('auto', 'HOST:PORT', 'ray://HOST[:PORT]')
    accepts a TCP connection within ``timeout_s``."""
    if address.startswith("ray://"):
        where = address[len("ray://"):]
        where = where if re.search(r":\d+$", where) else f"{where}:10001"
    else:
        none_here = (f"--ray-address {address}: no running Ray cluster found on this machine (start one with `ray "
                     "start --head`, name HOST:PORT, or leave --ray-address out to start a private local cluster)")
        try:
            where = ray._private.services.canonicalize_bootstrap_address(address)
        except Exception as e:  # noqa: BLE001  (a malformed address: Ray's own words, one line, our option's name)
            if address == "auto":
                raise ExecutorError(none_here) from None
            raise ExecutorError(f"--ray-address {address}: {_ray_words(e)}") from None
        if where is None:
            raise ExecutorError(none_here)
    why = _tcp_answers(where, timeout_s)
    if why:
        raise ExecutorError(f"cannot reach the Ray cluster at {address} ({where}) within {timeout_s:g} s: {why}; "
                            f"is `ray start --head` running there? (VDMFMA_RAY_CONNECT_TIMEOUT sets the wait)")


def _tcp_answers(where: str, timeout_s: float) -> str:
    """'' when HOST:PORT accepts a TCP connection within ``timeout_s``, else why not."""
    host, _, port = where.rpartition(":")
    try:
        socket.create_connection((host.strip("[]"), int(port)), timeout=timeout_s).close()
        return ""
    except (OSError, ValueError) as e:
        return "no answer" if isinstance(e, socket.timeout) else (getattr(e, "strerror", None) or str(e))


def _console_off_fd2(log: Path) -> Callable[[], None]:
    """Point fd 2 (where Ray's C++ core writes) at ``log``, Python's ``sys.stderr`` at the console; the undo."""
    sys.stderr.flush()
    console = os.dup(2)
    fd = os.open(log, os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o644)
    os.dup2(fd, 2)
    os.close(fd)
    before = sys.stderr
    sys.stderr = os.fdopen(console, "w", buffering=1, encoding=getattr(before, "encoding", None) or "utf-8",
                           errors="backslashreplace")

    def undo() -> None:
        sys.stderr.flush()
        os.dup2(console, 2)
        sys.stderr.close()  # closes ``console``
        sys.stderr = before

    return undo


def _ray():
    try:
        import ray
    except ImportError:
        raise ExecutorError("--executor ray needs ray: pip install 'iree-vdmfma[cluster]'") from None
    return ray


class RayExecutor(Executor):
    remote = True

    def __init__(self, address: Optional[str] = None, workers: Optional[int] = None,
                 gpu_resource: Optional[str] = None):
        ray = self.ray = _ray()
        self.owned = not ray.is_initialized()
        self.temp_dir: Optional[Path] = None  # a local cluster's session files (removed on close)
        if self.owned:
            kwargs = dict(include_dashboard=False, logging_level=logging.WARNING, log_to_driver=False,
                          configure_logging=True)
            if address is None:
                if workers:
                    kwargs["num_cpus"] = workers
                base = tempfile.gettempdir()  # short, or /tmp: Ray's socket paths must fit 107 bytes
                self.temp_dir = Path(tempfile.mkdtemp(prefix="vdmfma-ray-", dir=base if len(base) <= 40 else "/tmp"))
                kwargs["_temp_dir"] = str(self.temp_dir)
            else:
                check_reachable(ray, address, connect_timeout_s())
                _token_auth_if_token_here()
            try:
                # 'local': a new private cluster even when `ray start` runs one here (None would join that)
                ray.init(address=address or "local", **kwargs)
            except (ConnectionError, RuntimeError, ValueError) as e:
                self._remove_temp_dir()
                where = address or "a new local cluster"
                raise ExecutorError(f"cannot start or reach the Ray cluster at {where}: {_ray_words(e)}") from None
        self.address = address or "a new local cluster"
        self.workers = workers
        self.gpu_resource = gpu_resource or os.environ.get("VDMFMA_RAY_GPU_RESOURCE") or None
        self._pending: dict = {}  # ObjectRef -> (the Future handed out for it, the resource it needs: CPU, GPU...)
        self._missing: dict = {}  # resource -> since when no live node has it
        self._remotes: dict = {}
        self._feasible: set = set()  # resources some node of the cluster has
        self._lock = threading.Lock()
        self.lost = ""  # why the cluster is gone ('' while it answers)
        self._head_answers = True  # the head's GCS answered the last knock
        self._undo_fd2: Optional[Callable[[], None]] = None
        self._stop = threading.Event()
        self.ray_log: Optional[Path] = None  # where Ray's C++ lines go (fd 2) while this executor is open
        if self.owned:
            logs = Path(ray._private.worker._global_node.get_logs_dir_path())
            self.ray_log = logs / f"vdmfma-driver-{os.getpid()}.err"
            self._undo_fd2 = _console_off_fd2(self.ray_log)
            self._start_watches(ray.get_runtime_context().gcs_address, connect_timeout_s())

    def _start_watches(self, gcs: str, timeout: float) -> None:
        """The head watch (a TCP knock) and the resource watch (``ray.nodes()``), each a daemon thread of its own:
        a Ray call that blocks while the head is away holds up only the second."""
        threading.Thread(target=self._watch_head, args=(gcs, timeout), name="vdmfma-ray-head", daemon=True).start()
        threading.Thread(target=self._watch_resources, args=(timeout,), name="vdmfma-ray-nodes", daemon=True).start()

    def _watch_head(self, gcs: str, timeout: float) -> None:
        """Fail every task in flight with ClusterLost once the head's GCS has not answered for the timeout. A TCP
        knock, nothing of Ray's: a Ray call in flight when the head goes waits for it (up to Ray's own 60 s, after
        which Ray ends the process without a word), so it must not hold up this watch."""
        answered = time.monotonic()
        while not self._stop.wait(HEAD_CHECK_S):
            why = _tcp_answers(gcs, min(timeout, 2.0))
            self._head_answers = not why
            if not why:
                answered = time.monotonic()
            elif time.monotonic() - answered >= timeout and not self._stop.is_set():
                self._lose(f"lost the Ray head at {self.address} (GCS {gcs}): no answer for {timeout:g} s ({why}); "
                           f"finished rows are on disk: run the same command again when the cluster is back "
                           f"(Ray's own messages: {self.ray_log})")
                return

    def _watch_resources(self, timeout: float) -> None:
        """Fail the tasks that need a resource (a device, CPUs) with ExecutorError once no live node has had it for
        the timeout: asks Ray (``ray.nodes()``), which may block while the head is away; a thread of its own."""
        while not self._stop.wait(HEAD_CHECK_S):
            if self.lost:
                return
            if self._head_answers:
                self._check_resources(timeout)

    def _lose(self, why: str) -> None:
        with self._lock:
            self.lost = why
        self._fail(lambda resource: True, ClusterLost(why))

    def _fail(self, which: Callable[[str], bool], error: BaseException) -> None:
        """Fail the tasks in flight whose resource ``which`` picks (they may still run: nobody waits for them)."""
        with self._lock:
            refs = [ref for ref, (_, resource) in self._pending.items() if which(resource)]
            futures = [self._pending.pop(ref)[0] for ref in refs]
        for future in futures:
            try:
                future.set_exception(error)
            except InvalidStateError:  # it finished meanwhile
                pass

    def _check_resources(self, timeout: float) -> None:
        """A task whose resource no live node has (the only node with the device, or with CPUs, was lost mid-run)
        would wait for ever: once that has lasted ``timeout`` seconds it fails with ExecutorError (a machine-error
        row, which a rerun redoes)."""
        with self._lock:
            needed = {resource for _, resource in self._pending.values()}
        if not needed:
            self._missing.clear()
            return
        try:
            nodes = self.ray.nodes()
        except Exception:  # noqa: BLE001  (the GCS between two answers: the next check asks again)
            return
        alive = {name for node in nodes if node.get("Alive")
                 for name, amount in node.get("Resources", {}).items() if amount >= 1}
        now = time.monotonic()
        for resource in needed:
            since = now if resource in alive else self._missing.setdefault(resource, now)
            if resource in alive:
                self._missing.pop(resource, None)
            elif now - since >= timeout:
                self._fail(lambda r: r == resource, ExecutorError(
                    f"no live node of the Ray cluster has a {resource} any more (none for {timeout:g} s: the node "
                    f"that had it was lost)"))

    @property
    def cpu_slots(self) -> int:
        cpus = int(self.ray.cluster_resources().get("CPU", 1)) or 1
        return min(cpus, self.workers) if self.workers else cpus

    def _remote(self, fn: Callable, key: tuple, **options):
        with self._lock:
            if key not in self._remotes:
                self._remotes[key] = self.ray.remote(max_retries=MAX_RETRIES, retry_exceptions=False,
                                                     **options)(fn)
            return self._remotes[key]

    def submit_cpu(self, fn: Callable, *args) -> Future:
        return self._submit(self._remote(in_scratch, "cpu", num_cpus=1), fn, args, "CPU")

    def submit_gpu(self, fn: Callable, *args, device_kind: Optional[str] = None) -> Future:
        device_kind = device_kind or self.gpu_resource
        self._require(device_kind or "GPU")
        options = {"num_gpus": 1} if device_kind is None else {"num_cpus": 1, "resources": {device_kind: 1}}
        return self._submit(self._remote(in_scratch, device_kind or "GPU", **options), fn, args, device_kind or "GPU")

    def _require(self, resource: str) -> None:
        """ExecutorError unless a live node has ``resource`` (a task needing it would wait for ever)."""
        if resource in self._feasible:
            return
        if not any(node.get("Alive") and node.get("Resources", {}).get(resource, 0) >= 1 for node in self.ray.nodes()):
            how = "--num-gpus N" if resource == "GPU" else f"--resources '{{\"{resource}\": N}}'"
            raise ExecutorError(f"no node of the Ray cluster at {self.address} has a {resource}: device work runs "
                                f"only on a node with the device (`ray start {how}` there"
                                + ("; VDMFMA_RAY_GPU_RESOURCE names a custom resource instead)" if resource == "GPU"
                                   else ")"))
        self._feasible.add(resource)

    def _submit(self, remote, fn: Callable, args: tuple, resource: str) -> Future:
        if self.lost:
            raise ClusterLost(self.lost)
        ref = remote.remote(fn, *args)
        out: Future = Future()
        out.set_running_or_notify_cancel()
        with self._lock:
            self._pending[ref] = (out, resource)
        what = getattr(fn, "__name__", "task")

        def done(f: Future) -> None:
            with self._lock:
                self._pending.pop(ref, None)
            try:
                try:
                    out.set_result(f.result())
                except BaseException as e:
                    out.set_exception(self._translate(e, what))
            except InvalidStateError:  # already failed: the cluster was lost
                pass

        ref.future().add_done_callback(done)
        return out

    def _translate(self, e: BaseException, what: str) -> BaseException:
        """Ray's errors as ours: the task's own exception, TaskCancelled, or ExecutorError for a dead worker."""
        exc = self.ray.exceptions
        if isinstance(e, exc.TaskCancelledError):
            return TaskCancelled(f"{what}: cancelled")
        if isinstance(e, exc.RayTaskError) and e.cause is not None and not isinstance(e.cause, exc.RayError):
            return e.cause
        if isinstance(e, (exc.RayError, ConnectionError)):
            first = (str(e).strip().splitlines() or [""])[0][:300]
            return ExecutorError(f"{what}: the Ray worker was lost {MAX_RETRIES + 1} times "
                                 f"({type(e).__name__}: {first})")
        return e

    def cancel(self) -> None:
        with self._lock:
            refs = [] if self.lost else list(self._pending)
        for ref in refs:
            try:
                self.ray.cancel(ref, force=False, recursive=True)
            except Exception:
                pass

    def close(self) -> None:
        self._stop.set()
        if self.owned and self.ray.is_initialized():
            self.ray.shutdown()
        if self._undo_fd2 is not None:
            self._undo_fd2()
            self._undo_fd2 = None
        self._remove_temp_dir()
        reap_scratch()  # what workers of this machine that died left behind

    def _remove_temp_dir(self) -> None:
        if self.temp_dir is not None:
            shutil.rmtree(self.temp_dir, ignore_errors=True)
            self.temp_dir = None

    def describe(self) -> str:
        res = self.ray.cluster_resources()
        gpus = {k: v for k, v in res.items() if k == "GPU" or k.startswith("gpu") or k == self.gpu_resource}
        return f"ray ({int(res.get('CPU', 0))} CPUs" + "".join(f", {v:g} {k}" for k, v in gpus.items()) + ")"
