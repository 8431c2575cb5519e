"""Bench a compiled sweep directory on this machine's device: compile there, bench here.

Reads OUT/modules.json (sweep/manifest.py) and OUT/results.csv, runs every
compiled module (and every torch peer) hot and cold on ``device``, and writes one
measured row per (module, cache mode) into results.csv the moment it finishes,
with provenance (device name, arch, driver, compiler version from the manifest,
runtime and toolkit versions, date). Re-running resumes: finished rows are kept.
A directory whose modules the device cannot run is refused before anything runs.

Nothing on this path imports ``iree.compiler`` (tests/test_bench.py proves it):
only iree-base-runtime, numpy and (for the peer, optionally) torch are needed.
``bench_entry`` is a plain function of its arguments, so an executor can wrap it.
"""

from __future__ import annotations

import tempfile
from concurrent.futures import as_completed
from dataclasses import dataclass
from pathlib import Path
from typing import Callable, Optional, Sequence

from .manifest import Manifest, ModuleEntry, read_manifest
from ..executors import Executor, ExecutorError, TaskCancelled, where_ran, write_files
from ..devices.modules import check_target
from ..devices.probe import TargetMismatchError, device_info, normalize_device
from ..util.lock import locked_dir
from ..problems.rows import FAILED, MACHINE_REASON, ResultRow, Status, read_rows, row_for, write_rows
from ..run.numerics import Checker
from ..run.provenance import provenance
from ..util.signals import stop_signals_as_interrupt

FINISHED = {Status.OK, Status.NOT_APPLIED, Status.SKIPPED} | FAILED


@dataclass(frozen=True)
class BenchOptions:
    device: str = "local-task"
    reps: int = 10
    cache_bytes: Optional[int] = None  # cold mode must defeat this; None: the device's own cache
    cache_modes: Sequence[str] = ("hot", "cold")
    retry_failed: bool = False
    warmup_s: float = 0.1
    min_time_s: float = 0.05


def check_fits(directory: Path, manifest: Manifest, device: str) -> None:
    """TargetMismatchError (one line) unless every module of the directory can run on ``device``."""
    for e in manifest.entries:
        if e.runner != "iree":
            continue
        vmfb = Path(directory) / e.vmfb
        if vmfb.is_file():
            try:
                check_target(vmfb, device, e.target)
            except TargetMismatchError as err:
                raise TargetMismatchError(f"{directory} was compiled for {manifest.target}; {err}") from None


def _fresh_row(e: ModuleEntry, mode: str) -> ResultRow:
    return row_for(e.problem, e.target, e.variant, Status.COMPILED, cache_mode=mode)


def bench_entry(directory: Path, entry: ModuleEntry, row: ResultRow, options: BenchOptions,
                compiler_version: str = "") -> ResultRow:
    """Run one entry for ``row.cache_mode`` and return the filled row (failures are rows, not raises)."""
    from ..run import runner

    device = normalize_device(options.device)
    name = device_info(device).name
    problem = entry.problem
    try:
        if entry.runner == "torch":
            from ..run.peer import PeerUnavailable, run_torch

            try:
                res = run_torch(problem, device, row.cache_mode, options.reps, seed=entry.seed,
                                cache_bytes=options.cache_bytes, warmup_s=options.warmup_s,
                                min_time_s=options.min_time_s, device_name=name)
            except PeerUnavailable as e:
                return row.replace(status=Status.SKIPPED.value, reason=str(e), device=device)
            prov = provenance(device, "", f"torch {res.module_target.split(' ', 1)[-1]}")
        else:
            res = runner.run_problem(Path(directory) / entry.vmfb, problem, device, module_target=entry.target,
                                     cache_mode=row.cache_mode, reps=options.reps, seed=entry.seed,
                                     cache_bytes=options.cache_bytes, warmup_s=options.warmup_s,
                                     min_time_s=options.min_time_s, checker=Checker(problem, entry.seed))
            prov = provenance(device, compiler_version)
    except Exception as e:  # noqa: BLE001  (no device, a module that will not load: a row, go on)
        first = str(e).strip().splitlines()[0][:300] if str(e).strip() else ""
        return row.replace(status=Status.RUN_ERROR.value, error=f"{type(e).__name__}: {first}",
                           reason=f"run on {device} failed", device=device)
    return runner.apply_to_row(row, res).replace(**prov.columns())


def _runnable(entry: ModuleEntry, rows: dict) -> Optional[ResultRow]:
    """The compile row a module's measured rows start from; None when it did not compile."""
    if entry.runner == "torch":
        return _fresh_row(entry, "")
    compiled = rows.get((entry.key, entry.target, entry.variant, ""))
    if compiled is None or compiled.status not in (Status.OK.value, Status.COMPILED.value):
        return None
    return compiled


def bench_shipped(vmfb: Optional[bytes], entry: ModuleEntry, row: ResultRow, options: BenchOptions,
                  compiler_version: str) -> ResultRow:
    """On a GPU worker (an executor task): the shipped module in a temp dir, :func:`bench_entry`, and the
    worker's node and GPU in the row's device column (its provenance columns are the worker's own)."""
    with tempfile.TemporaryDirectory(prefix="vdmfma-bench-") as tmp:
        if vmfb is not None:
            write_files({entry.vmfb: vmfb}, Path(tmp))
        done = bench_entry(Path(tmp), entry, row, options, compiler_version)
    return done.replace(device=where_ran(done.device))


def _todo(directory: Path, manifest: Manifest, rows: dict, options: BenchOptions):
    """(row key, entry, starting row) of every measurement still to do."""
    finished = {str(s) for s in FINISHED - (FAILED if options.retry_failed else set())}
    for entry in manifest.entries:
        start = _runnable(entry, rows)
        if start is None:
            continue
        for mode in options.cache_modes:
            key = (entry.key, entry.target, entry.variant, mode)
            if key in rows and rows[key].status in finished:
                continue
            yield key, entry, start.replace(cache_mode=mode, status=Status.COMPILED.value, error="", reason="")


def bench(directory: Path | str, options: BenchOptions,
          on_row: Callable[[ResultRow], None] = lambda row: None,
          run_entry: Callable[..., ResultRow] = bench_entry,
          executor: Optional[Executor] = None) -> list[ResultRow]:
    """Bench every compiled entry of ``directory`` on ``options.device``; returns all rows of results.csv.

    With a remote ``executor`` (ray) every measurement is a one-GPU task, its module shipped along;
    the device is then the worker's, so the fit check happens there, per row.
    """
    directory = Path(directory)
    manifest = read_manifest(directory)
    remote = executor is not None and executor.remote
    if not remote:
        check_fits(directory, manifest, options.device)
    path = directory / "results.csv"

    def save(key, done: ResultRow) -> None:
        rows[key] = done
        write_rows(rows.values(), path)
        on_row(done)

    with locked_dir(directory), stop_signals_as_interrupt():  # one writer at a time, as for sweeps
        rows = {r.row_key: r for r in read_rows(path)}
        if remote:
            _bench_remote(directory, manifest, rows, options, executor, save)
        else:
            for key, entry, begin in list(_todo(directory, manifest, rows, options)):
                save(key, run_entry(directory, entry, begin, options, manifest.compiler_version))
    return list(rows.values())


def _bench_remote(directory: Path, manifest: Manifest, rows: dict, options: BenchOptions, executor: Executor,
                  save: Callable) -> None:
    futures = {}
    try:
        for key, entry, begin in list(_todo(directory, manifest, rows, options)):
            vmfb = (directory / entry.vmfb).read_bytes() if entry.runner != "torch" else None
            future = executor.submit_gpu(bench_shipped, vmfb, entry, begin, options, manifest.compiler_version)
            futures[future] = (key, begin)
        for future in as_completed(futures):
            key, begin = futures[future]
            try:
                done = future.result()
            except TaskCancelled:
                raise KeyboardInterrupt("cancelled") from None
            except ExecutorError as e:  # the worker was lost on every retry: the machine failed, not the
                # module; the row says so and a rerun of bench redoes it (machine-error is not finished)
                done = begin.replace(status=Status.MACHINE_ERROR.value, error=str(e)[:500],
                                     reason=f"worker lost: {MACHINE_REASON}")
            save(key, done)
    except BaseException:
        executor.cancel()  # unfinished measurements keep their rows as they were
        raise
