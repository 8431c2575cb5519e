"""Bench a compiled sweep directory on this machine's device: compile there, bench here.

Reads OUT/modules.json (sweep/manifest.py) and OUT/results.csv, runs every
compiled module (and every torch peer) hot and cold on ``device``, and writes one
measured row per (module, cache mode) into results.csv the moment it finishes,
with provenance (device name, arch, driver, compiler version from the manifest,
runtime and toolkit versions, date). Re-running resumes: finished rows are kept.
A directory whose modules the device cannot run is refused before anything runs,
as is one with nothing to bench (no module compiled, no peer) and reps below 1.

Damaged rows are treated as sweep treats them (problems/rows.py): not trusted, redone,
counted (``on_note``). A measured row is measured again. A measured sweep proves and runs a job in the
same hot/cold rows (it has no compile-only row): those rows are its compile record. A compile row cannot be
re-proved here (no compiler): when its module is on disk and modules.json lists it,
the module is benched all the same (its measured rows say so in ``reason``) and the
compile row comes back ``pending``, so `vdmfma sweep` on the compiling machine redoes
its evidence. A results.csv that is gone is rebuilt that way from modules.json. An
``ok`` measured row without a timing (an older bench with --reps 0) is not finished.

Nothing on this path imports ``iree.compiler`` (tests/test_bench.py proves it):
only iree-base-runtime, numpy and (for the peer, optionally) torch are needed.
``bench_entry`` is a plain function of its arguments, so an executor can wrap it.
"""

from __future__ import annotations

from concurrent.futures import as_completed
from dataclasses import dataclass
from pathlib import Path
from typing import Callable, Optional, Sequence

from .manifest import MANIFEST_NAME, Manifest, ModuleEntry, read_manifest
from ..executors import (Executor, ExecutorError, TaskCancelled, device_executor, on_device, where_ran,
                         write_files)
from ..devices.modules import check_target
from ..devices.probe import TargetMismatchError, device_info, normalize_device
from ..util.lock import locked_dir
from ..problems.rows import (COMPILE_HUNG, COMPILE_TIMED_OUT, FAILED, MACHINE_REASON, PROVENANCE_COLUMNS, ResultRow,
                              PROVED, TERMINAL, Status, read_results, row_for, status_values, write_rows)
from ..problems.sealed import damaged_line
from ..run import floor
from ..run.numerics import Checker
from ..run.provenance import provenance
from ..run.timing import (DEFAULT_MIN_TIME_S, DEFAULT_TIMING_MODE, DEFAULT_WARMUP_S, check_one_mode,
                          check_timing_mode)
from ..util.signals import stop_signals_as_interrupt
from ..util.scratch import scratch



@dataclass(frozen=True)
class BenchOptions:
    device: str = "local-task"
    reps: int = 10
    cache_bytes: Optional[int] = None  # cold mode must defeat this; None: the device's own cache
    cache_modes: Sequence[str] = ("hot", "cold")
    retry_failed: bool = False
    warmup_s: float = DEFAULT_WARMUP_S
    min_time_s: float = DEFAULT_MIN_TIME_S
    timeout_s: float = 600.0  # one run (an IREE module's benchmark process) past this is a timeout row: --timeout
    timing_mode: str = DEFAULT_TIMING_MODE  # run/timing.py TIMING_MODES, for IREE's modules and the torch peer alike

    def __post_init__(self) -> None:  # the CLI's ranges (cli/options.py), for callers of the library too
        if not self.timeout_s > 0:
            raise ValueError(f"the per-run timeout must be > 0 seconds, got {self.timeout_s}")
        if int(self.reps) < 1:
            raise ValueError(f"reps must be >= 1 (got {self.reps}): a measurement without timing is no measurement")
        if not self.cache_modes or set(self.cache_modes) - {"hot", "cold"}:
            raise ValueError(f"cache modes must be hot and/or cold (got {', '.join(self.cache_modes) or 'none'})")
        if self.cache_bytes is not None and self.cache_bytes <= 0:
            raise ValueError(f"cache size must be > 0 (got {self.cache_bytes})")
        check_timing_mode(self.timing_mode, self.device)


# the reason of a measured row whose compile row was damaged or gone: the module ran, its evidence is not re-proved
NOT_PROVED = ("its compile row in results.csv was damaged or missing: the module ran, but its evidence (ISA "
              "counts, whether the variant applied) is not re-proved here; `vdmfma sweep` on the compiling "
              "machine redoes it")
REBUILT = "compile row damaged or missing in results.csv; rebuilt from modules.json by bench: evidence to redo"


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
                                min_time_s=options.min_time_s, device_name=name, timing_mode=options.timing_mode)
            except PeerUnavailable as e:
                return row.replace(status=Status.SKIPPED.value, reason=str(e), device=device)
            prov = provenance(device, "", f"torch {res.module_target.split(' ', 1)[-1]}")
        else:
            res = runner.run_problem(Path(directory) / entry.vmfb, problem, device, module_target=entry.target,
                                     cache_mode=row.cache_mode, reps=options.reps, seed=entry.seed,
                                     cache_bytes=options.cache_bytes, warmup_s=options.warmup_s,
                                     min_time_s=options.min_time_s, checker=Checker(problem, entry.seed),
                                     timeout_s=options.timeout_s, timing_mode=options.timing_mode,
                                     floor_module=floor.module_path(directory, entry.target))
            prov = provenance(device, compiler_version)
    except Exception as e:  # noqa: BLE001  (no device, a module that will not load: a row, go on)
        first = str(e).strip().splitlines()[0][:300] if str(e).strip() else ""
        return row.replace(status=Status.RUN_ERROR.value, error=f"{type(e).__name__}: {first}",
                           reason=f"run on {device} failed", device=device)
    done = runner.apply_to_row(row, res).replace(**prov.columns())
    if done.status == Status.OK.value and done.latency_us_median is None:  # never an ok row without its timing
        return done.replace(status=Status.RUN_ERROR.value, error="the run returned no timing",
                            reason=f"run on {device} failed")
    return done


RUN_COLUMNS = ("device", "numerics", "max_abs_err", "max_rel_err", "reps", "latency_us_median", "latency_us_min",
               "latency_us_max", "latency_us_std", "latency_us_mad", "bytes_moved", "gbps", "tflops", "pct_peak_bw",
               "rotation_copies", "bytes_between_reuses", "error", "reason")


def _compile_record(rows: dict, entry: ModuleEntry) -> Optional[ResultRow]:
    """The row that holds a module's compile evidence: its compile-only row, else a row of a measured sweep
    (which proves a job and runs it in the same hot/cold rows: it has no compile-only row). None: no row."""
    for mode in ("", "hot", "cold"):
        row = rows.get((entry.key, entry.target, entry.variant, mode))
        if row is not None and not (row.status == Status.PENDING.value and row.reason == REBUILT):
            return row
    return None


def _proved(row: ResultRow) -> bool:
    compile_failed = row.reason in (COMPILE_TIMED_OUT, COMPILE_HUNG)  # a run's timeout still has its compile's proof
    return row.status in status_values(PROVED) or (row.status == Status.TIMEOUT.value and not compile_failed)


def _runnable(directory: Path, entry: ModuleEntry, rows: dict) -> Optional[ResultRow]:
    """The compile row a module's measured rows start from (its run columns cleared); None when it did not
    compile. A compile record that is gone (damaged, or results.csv lost) or that bench rebuilt, with the module
    on disk: a fresh row (status pending, reason NOT_PROVED)."""
    if entry.runner == "torch":
        return _fresh_row(entry, "")
    compiled = _compile_record(rows, entry)
    if compiled is None:
        if not (Path(directory) / entry.vmfb).is_file():
            return None
        return _fresh_row(entry, "").replace(status=Status.PENDING.value, reason=NOT_PROVED,
                                             artifacts=str(Path(directory) / Path(entry.vmfb).parent))
    if not _proved(compiled):
        return None
    run = RUN_COLUMNS + tuple(c for c in PROVENANCE_COLUMNS if c != "compiler_version")
    cleared = {c: "" if isinstance(getattr(compiled, c), str) else None for c in run}
    return compiled.replace(**cleared, cache_mode="", status=Status.COMPILED.value)


def _finished(row: ResultRow, finished: set) -> bool:
    """A measured row to keep: a finished status, and an ``ok`` one has its timing."""
    return row.status in finished and not (row.status == Status.OK.value and row.latency_us_median is None)


def bench_shipped(vmfb: Optional[bytes], entry: ModuleEntry, row: ResultRow, options: BenchOptions,
                  compiler_version: str) -> ResultRow:
    """On a GPU worker (an executor task): the shipped module in a temp dir, :func:`bench_entry`, and the
    worker's node and GPU in the row's device column (its provenance columns are the worker's own)."""
    with scratch("bench") as tmp:
        if vmfb is not None:
            write_files({entry.vmfb: vmfb}, Path(tmp))
        done = bench_entry(Path(tmp), entry, row, options, compiler_version)
    return done.replace(device=where_ran(done.device))


def _todo(directory: Path, manifest: Manifest, rows: dict, options: BenchOptions):
    """(row key, entry, starting row) of every measurement still to do. A compile row bench had to rebuild
    (``_runnable``) goes into ``rows`` as pending, so the sweep redoes its evidence."""
    finished = {str(s) for s in TERMINAL - (FAILED if options.retry_failed else set())}
    for entry in manifest.entries:
        start = _runnable(directory, entry, rows)
        if start is None:
            continue
        rebuilt = start.reason == NOT_PROVED
        if rebuilt:
            rows[start.row_key] = start.replace(reason=REBUILT)
        for mode in options.cache_modes:
            key = (entry.key, entry.target, entry.variant, mode)
            if key in rows and _finished(rows[key], finished):
                continue
            yield key, entry, start.replace(cache_mode=mode, status=Status.COMPILED.value, error="",
                                            reason=NOT_PROVED if rebuilt else "")


def say_manifest(directory: Path, manifest: Manifest, on_note: Callable[[str], None]) -> None:
    """One line for entries of modules.json that did not verify (left out), or for a file without checksums."""
    path = directory / MANIFEST_NAME
    if manifest.damaged:
        on_note(f"{damaged_line(path, manifest.damaged)}: not trusted, their modules not benched; `vdmfma sweep` on "
                "the compiling machine rewrites it")
    elif manifest.unverified:
        on_note(f"{path}: no checksums (written before vdmfma checksummed it): its entries are not verified")


class NothingToBench(ValueError):
    """The directory has no compiled module and no peer: one line, before anything runs."""


def bench(directory: Path | str, options: BenchOptions,
          on_row: Callable[[ResultRow], None] = lambda row: None,
          run_entry: Callable[..., ResultRow] = bench_entry,
          executor: Optional[Executor] = None,
          on_note: Callable[[str], None] = lambda text: None) -> list[ResultRow]:
    """Bench every compiled entry of ``directory`` on ``options.device``; returns all rows of results.csv.

    With a remote ``executor`` (ray) every measurement is a one-GPU task, its module shipped along;
    the device is then the worker's, so the fit check happens there, per row. ``on_note`` hears what
    was redone (damaged rows, a results.csv rebuilt from modules.json). NothingToBench when no entry of
    the directory can run.
    """
    directory = Path(directory)
    manifest = read_manifest(directory)
    say_manifest(directory, manifest, on_note)
    remote = executor is not None and executor.remote
    if not remote:
        check_fits(directory, manifest, options.device)
    path = directory / "results.csv"

    def save(key, done: ResultRow) -> None:
        rows[key] = done
        write_rows(rows.values(), path)
        on_row(done)

    with locked_dir(directory), stop_signals_as_interrupt():  # one writer at a time, as for sweeps
        existed = path.is_file()
        try:
            results = read_results(path)
        except ValueError as e:
            raise ValueError(f"cannot bench from it: {e}; move it away to rebuild it from modules.json") from None
        rows = {r.row_key: r for r in results.rows}
        check_one_mode(path, rows.values(), options.timing_mode,
                       "bench it in the mode it holds, or sweep again into another --out")
        todo = list(_todo(directory, manifest, rows, options))
        runnable = [e for e in manifest.entries if _runnable(directory, e, rows) is not None]
        if not runnable:
            raise NothingToBench(f"{directory}: nothing to bench: none of the {len(manifest.entries)} modules "
                                 f"modules.json lists compiled (see {path.name}) and it has no peer"
                                 + (f"; {len(manifest.damaged)} damaged entries left out" if manifest.damaged else ""))
        timingless = sum(r.cache_mode != "" and r.status == Status.OK.value and r.latency_us_median is None
                         for r in rows.values())
        rebuilt = sum(r.reason == REBUILT for r in rows.values())
        if not existed:
            on_note(f"no {path}: rebuilt from modules.json ({rebuilt} module(s) on disk to bench; their compile "
                    f"rows are pending until `vdmfma sweep` redoes their evidence)")
        if results.damaged or timingless:
            on_note(f"{len(results.damaged) + timingless} damaged row(s) in {path} (cut off, edited, or ok without "
                    f"a timing; first: {(results.damaged or ['an ok row without latency'])[0]}): not trusted, "
                    f"redoing them")
        if remote:
            _bench_remote(directory, manifest, rows, options, executor, save, todo)
        else:  # each measurement a GPU task of a local executor, one at a time, saved as it finishes
            device = device_executor(executor)
            try:
                for key, entry, begin in todo:
                    save(key, on_device(device, run_entry, directory, entry, begin, options,
                                        manifest.compiler_version))
            finally:
                if device is not executor:
                    device.close()
        if not todo and results.damaged:
            write_rows(rows.values(), path)  # the rebuilt compile rows replace the damaged ones
    return list(rows.values())


def _bench_remote(directory: Path, manifest: Manifest, rows: dict, options: BenchOptions, executor: Executor,
                  save: Callable, todo: list) -> None:
    futures = {}
    try:
        for key, entry, begin in todo:
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
