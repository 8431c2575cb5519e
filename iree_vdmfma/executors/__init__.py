"""Executors: the only way work runs, on this machine or a Ray cluster.

Every compile is a CPU task (``submit_cpu``: compiler/driver.py's ``Compiler`` holds an executor,
its own ``LocalExecutor(workers)`` unless given one) and every run of a sweep a GPU task
(``submit_gpu``: sweep/sweep.py), so the local and the cluster paths differ only in the executor.

``local`` is threads on this machine (the default): ``workers`` CPU tasks at once (iree-compile
runs as a child process per job), GPU tasks one at a time, in the order given, so timings never
overlap. ``ray`` sends each task to a Ray cluster: compiles are CPU tasks (``num_cpus=1``),
benchmarks are GPU tasks (``num_gpus=1``, or one unit of a custom resource per device kind), so
no two benchmarks ever share a GPU. Only :mod:`.ray_executor` imports ray, and only when a ray
executor is made.

Both hand back ``concurrent.futures.Future`` objects, so callers wait on them the same way;
``remote`` says whether a task's files live on another machine (then the caller ships inputs and
results as bytes). Ctrl-C: the caller cancels (``cancel``: tasks not started are dropped, a ray
task running is interrupted; a local compile is killed by the Compiler, which owns its process).
"""

from __future__ import annotations

import os
import re
import socket
import sys
import threading
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Callable, Optional

from ..util import procs

KINDS = ("local", "ray")


class ExecutorError(RuntimeError):
    """The executor could not run a task (cluster unreachable, worker died after every retry)."""


class TaskCancelled(ExecutorError):
    """The task was cancelled (Ctrl-C); it has no result."""


class ClusterLost(BaseException):
    """The cluster's head stopped answering mid-command. Like KeyboardInterrupt it is no Exception: it passes
    every handler that would turn a task's failure into a row (the loss is the command's, not a row's), so
    unfinished rows stay ``pending`` for a re-run; the CLI says it in one line and exits 1."""


@dataclass(frozen=True)
class ExecutorSpec:
    """Which executor to build: ``kind`` local or ray; ``address`` for ray (None: start a local cluster,
    'auto': the cluster this machine belongs to, 'HOST:PORT': that head node)."""

    kind: str = "local"
    address: Optional[str] = None
    gpu_resource: Optional[str] = None  # ray: a custom resource per device kind (e.g. 'gfx942') instead of GPU

    def __post_init__(self) -> None:
        if self.kind not in KINDS:
            raise ValueError(f"unknown executor {self.kind!r}; valid: {', '.join(KINDS)}")
        if self.address and self.kind != "ray":
            raise ValueError("--ray-address needs --executor ray")
        if self.address and not address_ok(self.address):  # before any banner or compile: Ray would say it late
            raise ValueError(f"--ray-address {self.address}: not an address; give auto, HOST:PORT or ray://HOST:PORT")


def address_ok(address: str) -> bool:
    """``address`` is one Ray takes: 'auto', 'HOST:PORT' or 'ray://HOST:PORT' (an IPv6 host in brackets), the port
    1-65535."""
    if address == "auto":
        return True
    at = re.fullmatch(r"(?:ray://)?(\[[0-9A-Fa-f:.]+\]|[^\s:/\[\]]+):(\d{1,5})", address)
    return bool(at) and 1 <= int(at.group(2)) <= 65535


class Executor:
    """Base: run ``fn(*args)`` somewhere, get a Future. Subclasses decide where."""

    remote = False

    @property
    def cpu_slots(self) -> int:
        """How many CPU tasks can run at once (the compile parallelism)."""
        raise NotImplementedError

    def submit_cpu(self, fn: Callable, *args) -> Future:
        raise NotImplementedError

    def submit_gpu(self, fn: Callable, *args, device_kind: Optional[str] = None) -> Future:
        raise NotImplementedError

    def cancel(self) -> None:
        """Cancel every task not started; running ones are interrupted where the executor can (Ray:
        ``ray.cancel``); a local thread's task runs to its end, which :meth:`close` waits for."""

    def close(self) -> None:
        """Release what this executor started."""

    def describe(self) -> str:
        return type(self).__name__

    def __enter__(self) -> "Executor":
        return self

    def __exit__(self, *exc) -> None:
        self.close()


class LocalExecutor(Executor):
    """Threads on this machine: ``workers`` CPU tasks at once, GPU tasks one at a time."""

    def __init__(self, workers: Optional[int] = None):
        self.workers = workers or os.cpu_count() or 1
        self._cpu: Optional[ThreadPoolExecutor] = None
        self._gpu: Optional[ThreadPoolExecutor] = None
        self._retired: list[ThreadPoolExecutor] = []  # pools cancel() shut down: close() still joins them
        self._lock = threading.Lock()

    @property
    def cpu_slots(self) -> int:
        return self.workers

    def _pool(self, gpu: bool) -> ThreadPoolExecutor:
        with self._lock:
            if gpu:
                self._gpu = self._gpu or ThreadPoolExecutor(max_workers=1, thread_name_prefix="vdmfma-gpu")
                return self._gpu
            self._cpu = self._cpu or ThreadPoolExecutor(max_workers=self.workers, thread_name_prefix="vdmfma-cpu")
            return self._cpu

    def submit_cpu(self, fn: Callable, *args) -> Future:
        return self._pool(False).submit(fn, *args)

    def submit_gpu(self, fn: Callable, *args, device_kind: Optional[str] = None) -> Future:
        return self._pool(True).submit(fn, *args)

    def cancel(self) -> None:
        """Drop every queued task; running ones end on their own and :meth:`close` waits for them (so a
        command never releases its output lock while one of its runs still holds the device)."""
        with self._lock:
            pools, self._cpu, self._gpu = [p for p in (self._cpu, self._gpu) if p is not None], None, None
            self._retired += pools
        for pool in pools:
            pool.shutdown(wait=False, cancel_futures=True)

    def close(self) -> None:
        with self._lock:
            pools = self._retired + [p for p in (self._cpu, self._gpu) if p is not None]
            self._cpu = self._gpu = None
            self._retired = []
        for pool in pools:
            pool.shutdown(wait=True)

    def describe(self) -> str:
        return f"local ({self.workers} workers)"


def task_provenance() -> str:
    """Inside a Ray task: 'host (GPU 0)', the node and the accelerators Ray gave the task; else ''."""
    ray = sys.modules.get("ray")  # never imported here: only a Ray worker has it loaded
    if ray is None or not ray.is_initialized():
        return ""
    try:
        ids = ray.get_runtime_context().get_accelerator_ids()
    except Exception:
        ids = {}
    held = "; ".join(f"{k} {','.join(map(str, v))}" for k, v in sorted(ids.items()) if v)
    return socket.gethostname() + (f" ({held})" if held else "")


def where_ran(device: str) -> str:
    """A row's device column with the worker that ran it: 'hip on node7 (GPU 3)'; unchanged off Ray."""
    where = task_provenance()
    return (f"{device} on {where}" if device else where) if where else device


def write_files(files: dict, into: Path) -> None:
    """Materialise shipped files {relative path: bytes} under ``into`` (on the worker)."""
    for rel, data in files.items():
        path = Path(into) / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(data)


def device_executor(executor: Optional[Executor]) -> Executor:
    """The executor for work on THIS machine's device (a tune's measurements, a model's forward, a local
    bench): ``executor`` itself when it is local, else a new :class:`LocalExecutor` (the caller closes it):
    a device resolved here is never shipped to a cluster."""
    return executor if executor is not None and not executor.remote else LocalExecutor(1)


def on_device(executor: Executor, fn: Callable, *args):
    """Run ``fn(*args)`` as one GPU task of ``executor`` and wait for its result: device work runs as an
    executor task like every compile, one at a time. Ctrl-C (or SIGTERM) while waiting cancels it if it has not
    started, and ends the tools a started one is running (util/procs.end_children: the paired worker of a
    calibration would otherwise run its rounds to the end while the executor's close waits for it)."""
    future = executor.submit_gpu(fn, *args)
    try:
        return future.result()
    except BaseException as e:
        future.cancel()
        if isinstance(e, KeyboardInterrupt):
            procs.end_children()
        raise


def make_executor(spec: Optional[ExecutorSpec] = None, workers: Optional[int] = None) -> Executor:
    """The executor for ``spec`` (default: local with ``workers`` threads)."""
    spec = spec or ExecutorSpec()
    if spec.kind == "ray":
        from .ray_executor import RayExecutor  # the only place ray is imported

        return RayExecutor(spec.address, workers=workers, gpu_resource=spec.gpu_resource)
    return LocalExecutor(workers)
