"""The Ray executor: compiles as CPU tasks, benchmarks as GPU tasks, on a Ray cluster.

The only module that imports ray. ``address=None`` starts a private local cluster
(shut down on close); 'auto' or 'HOST:PORT' joins a running one (``ray start
--head`` on the head node); if ray is already initialised in this process (a
test's cluster), it is reused and left running. A task whose worker dies is
retried by Ray (``max_retries``); application exceptions are not retried.
Ctrl-C: :meth:`cancel` calls ``ray.cancel`` on every unfinished task, which
raises KeyboardInterrupt inside running ones (so they kill their iree-compile).
"""

from __future__ import annotations

import logging
import threading
from concurrent.futures import Future
from typing import Callable, Optional

from . import Executor, ExecutorError, TaskCancelled

MAX_RETRIES = 3  # worker deaths tolerated per task before its row becomes a failure


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
        if self.owned:
            kwargs = dict(include_dashboard=False, logging_level=logging.WARNING, log_to_driver=False,
                          configure_logging=True)
            if address is None and workers:
                kwargs["num_cpus"] = workers
            try:
                ray.init(address=address, **kwargs)
            except (ConnectionError, RuntimeError, ValueError) as e:
                where = address or "a new local cluster"
                raise ExecutorError(f"cannot start or reach the Ray cluster at {where}: {e}") from None
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
        return self._submit(self._remote(fn, (fn, "cpu"), num_cpus=1), fn, args)

    def submit_gpu(self, fn: Callable, *args, device_kind: Optional[str] = None) -> Future:
        device_kind = device_kind or self.gpu_resource
        options = {"num_gpus": 1} if device_kind is None else {"num_cpus": 1, "resources": {device_kind: 1}}
        return self._submit(self._remote(fn, (fn, device_kind or "GPU"), **options), fn, args)

    def _submit(self, remote, fn: Callable, args: tuple) -> Future:
        ref = remote.remote(*args)
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

    def describe(self) -> str:
        res = self.ray.cluster_resources()
        gpus = {k: v for k, v in res.items() if k == "GPU" or k.startswith("gpu")}
        return f"ray ({int(res.get('CPU', 0))} CPUs" + "".join(f", {v:g} {k}" for k, v in gpus.items()) + ")"
