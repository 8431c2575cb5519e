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
runs with its own scratch directory as the temp dir (``vdmfma-task-HOST-PID-*``: the
compiler's, the shipped module's), removed when the task ends or raises; one whose
worker died (SIGKILL) is removed by the next task on that machine and by
:meth:`close` (its PID is gone). Joining a cluster (``address``) first checks that the
address answers a TCP connect within ``VDMFMA_RAY_CONNECT_TIMEOUT`` seconds (15):
an unreachable address is one ExecutorError, never Ray's endless retries.
"""

from __future__ import annotations

import logging
import os
import re
import shutil
import socket
import tempfile
import threading
from concurrent.futures import Future
from pathlib import Path
from typing import Callable, Optional

from . import Executor, ExecutorError, TaskCancelled
from ..util.scratch import prefix, reap, scratch

MAX_RETRIES = 3  # worker deaths tolerated per task before its row becomes a failure
CONNECT_TIMEOUT_S = 15.0  # how long joining waits for --ray-address to answer (VDMFMA_RAY_CONNECT_TIMEOUT)


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
    host, _, port = where.rpartition(":")
    try:
        socket.create_connection((host.strip("[]"), int(port)), timeout=timeout_s).close()
    except (OSError, ValueError) as e:
        why = "no answer" if isinstance(e, socket.timeout) else (getattr(e, "strerror", None) or str(e))
        raise ExecutorError(f"cannot reach the Ray cluster at {address} ({where}) within {timeout_s:g} s: {why}; "
                            f"is `ray start --head` running there? (VDMFMA_RAY_CONNECT_TIMEOUT sets the wait)") from None


def _scratch_prefix() -> str:
    """This machine's task scratch prefix (util/scratch.py: the host name too, so a temp dir shared by containers,
    whose process ids are not ours, is never reaped by another one)."""
    return prefix("task")


reap_scratch = reap  # this machine's scratch folders whose process is gone (a worker killed mid-task)


def in_scratch(fn: Callable, *args):
    """On a worker: run ``fn(*args)`` with a scratch directory of its own as the temp dir, removed after
    (also when ``fn`` raises); first remove what dead workers left behind."""
    with scratch("task") as path:
        before = tempfile.tempdir
        tempfile.tempdir = str(path)
        try:
            return fn(*args)
        finally:
            tempfile.tempdir = before


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
        self.workers = workers
        self.gpu_resource = gpu_resource
        self._refs: set = set()
        self._remotes: dict = {}
        self._lock = threading.Lock()

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
        return self._submit(self._remote(in_scratch, "cpu", num_cpus=1), fn, args)

    def submit_gpu(self, fn: Callable, *args, device_kind: Optional[str] = None) -> Future:
        device_kind = device_kind or self.gpu_resource
        options = {"num_gpus": 1} if device_kind is None else {"num_cpus": 1, "resources": {device_kind: 1}}
        return self._submit(self._remote(in_scratch, device_kind or "GPU", **options), fn, args)

    def _submit(self, remote, fn: Callable, args: tuple) -> Future:
        ref = remote.remote(fn, *args)
        with self._lock:
            self._refs.add(ref)
        out: Future = Future()
        out.set_running_or_notify_cancel()
        what = getattr(fn, "__name__", "task")

        def done(f: Future) -> None:
            with self._lock:
                self._refs.discard(ref)
            try:
                out.set_result(f.result())
            except BaseException as e:
                out.set_exception(self._translate(e, what))

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
            refs = list(self._refs)
        for ref in refs:
            try:
                self.ray.cancel(ref, force=False, recursive=True)
            except Exception:
                pass

    def close(self) -> None:
        if self.owned and self.ray.is_initialized():
            self.ray.shutdown()
        self._remove_temp_dir()
        reap_scratch()  # what workers of this machine that died left behind

    def _remove_temp_dir(self) -> None:
        if self.temp_dir is not None:
            shutil.rmtree(self.temp_dir, ignore_errors=True)
            self.temp_dir = None

    def describe(self) -> str:
        res = self.ray.cluster_resources()
        gpus = {k: v for k, v in res.items() if k == "GPU" or k.startswith("gpu")}
        return f"ray ({int(res.get('CPU', 0))} CPUs" + "".join(f", {v:g} {k}" for k, v in gpus.items()) + ")"
