"""The one CLI vocabulary: every option a command shares with another is defined here, once.

Same concept, same spelling, type, default and help in every command (tests/test_cli_options.py
walks the app and fails when two commands disagree). What a command does with a default of None
(``--m``, ``--dtype``, ``--variants``) its own --help says in its description.

Numeric options carry their range (typer's ``min``, shown in --help as ``[x>=1]``); what a range
cannot say (> 0 for a float, a size, an --out that is a file) is checked by the helpers below before
anything compiles. Bad values are one ``error:`` line and exit 2 (app.py, common.user_errors).

Imports nothing that imports ``iree.compiler``: `vdmfma bench` uses it on a runtime-only machine.
"""

from __future__ import annotations

import math
import os
from pathlib import Path
from typing import Optional

import typer

from ..util.lists import parse_m
from ..util.sizes import parse_size

DEFAULT_TARGET = "gfx942"  # the target when neither --target nor a device says one
DEFAULT_DEVICE = "auto"

# ----------------------------------------------------------------------------- what to build

_SHAPES_HELP = ("Shape-list CSV (header m,n,k[,batch,dtype,name]; '#' comments), or a dispatch dump: a folder of "
                "iree-compile --iree-hal-dump-executable-benchmarks-to files, or one .mlir of them (one problem per "
                "distinct contraction, named after its file).")
SHAPES = typer.Argument(..., help=_SHAPES_HELP)
SHAPES_OPTIONAL = typer.Argument(None, help=_SHAPES_HELP)
TARGET = typer.Option(None, "--target", "-t", help=(
    "Compile target: gfx942 (MI300X), gfx950 (MI355X), gfx11xx/gfx12xx (RDNA), sm_NN (CUDA PTX) or host "
    f"(llvm-cpu). Default: the target of --device, else {DEFAULT_TARGET}."))
M = typer.Option(None, "--m", help="M values (rows of A, the skinny dim): N, A-B or a comma list, mixed "
                 "(1,4,8 or 1-32 or 1-8,16). Default: see the command.")
N = typer.Option(None, "--n", min=1, help="N: rows of B, columns of C.")
K = typer.Option(None, "--k", min=1, help="K: the reduction dim.")
BATCH = typer.Option(1, "--batch", min=1, help="Batch count (1: not batched).")
DTYPE = typer.Option(None, "--dtype", help="Element type(s), comma-separated: f16, bf16, f8E4M3FNUZ, f8E5M2FNUZ, "
                     "f8E4M3FN, f8E5M2, i8, mxfp4 (gfx950; K a multiple of 32). Default: see the command.")
VARIANTS = typer.Option(None, "--variants", "-v", help="Comma-separated variants (default, vdmfma, padded, splitk, "
                        "tuned, torch, ...). Default: see the command.")

# ----------------------------------------------------------------------------- where it runs

DEVICE = typer.Option(DEFAULT_DEVICE, "--device", "-d", help=(
    "Where to run: auto (a host target: local-task, the CPU; else a GPU here that runs the target: hip, then "
    "cuda; none when there is none), none "
    "(compile only; tune ranks by a MODEL), hip, hip://N, cuda, cuda://N or local-task (the CPU)."))
REPS = typer.Option(10, "--reps", min=1, help="Timing repetitions per measurement.")
REPS_OR_NUMERICS = typer.Option(10, "--reps", min=0, help="Timing repetitions per measurement "
                                "(0: check numerics only, no timing).")
CACHE_SIZE = typer.Option(None, "--cache-size", help="Cache the cold mode must defeat: a size such as 256M, 1.5G "
                          "or 1048576 (bytes). Default: the device's last-level cache.")
EXECUTOR = typer.Option("local", "--executor", help="local (threads on this machine) or ray (a Ray cluster: "
                        "compiles as CPU tasks, runs as one-GPU tasks; needs iree-vdmfma\\[cluster]).")
RAY_ADDRESS = typer.Option(None, "--ray-address", help="With --executor ray: auto (the running cluster) or "
                           "HOST:PORT of its head; default: start a private local cluster.")
WORKERS = typer.Option(None, "--workers", "-j", min=1, help="Parallel compiles (default: all cores).")
TIMEOUT = typer.Option(300.0, "--timeout", help="Seconds one compile or run may take before it is a timeout row "
                       "(> 0).")
RETRY_FAILED = typer.Option(False, "--retry-failed", help="Redo rows that failed or timed out.")
COMPILE_FLAG = typer.Option(None, "--compile-flag", help="An iree-compile flag added to every compile, e.g. "
                            "--compile-flag=--iree-opt-level=O3 (repeatable); part of the compile cache key and of "
                            "every repro.")
COMPILE_FLAGS_FILE = typer.Option(None, "--compile-flags-file", dir_okay=False, help="A file of iree-compile flags, "
                                  "one a line ('#' comments; amdsharktuner's compile_flags.txt), added to every "
                                  "compile before --compile-flag's.")

# ----------------------------------------------------------------------------- where it goes

OUT = typer.Option(None, "--out", "-o", help="Output folder (created; always a folder). Default: out/COMMAND.")
CACHE_DIR = typer.Option(None, "--cache-dir", help="Compile cache (default $VDMFMA_CACHE_DIR or "
                         "~/.cache/iree-vdmfma).")
NO_CACHE = typer.Option(False, "--no-cache", help="Compile everything afresh (no cache read or written).")
REPORT = typer.Option(None, "--report/--no-report", show_default=False, help="Write a report folder (report/) "
                      "beside results.csv at the end. Default: when rows were run on a device (a compile-only sweep's "
                      "table is its result: --report to write one anyway).")
PLOTS = typer.Option(True, "--plots/--no-plots", help="Draw PNG plots.")
DEBUG = typer.Option(False, "--debug", help="Show Python tracebacks for input errors.")

# ----------------------------------------------------------------------------- linking with other tuning specs

MERGE_WITH = typer.Option(None, "--merge-with", dir_okay=False, help=(
    "Another tuning spec (yours, amdsharktuner's, ...) to link with the spec this command writes, by IREE's own "
    "linker; repeatable. The written spec is then the linked one (ours kept beside it as *.ours.mlir); each op "
    "both configure is reported with the side that won."))
PREFER = typer.Option("ours", "--prefer", help="Where our spec and a --merge-with spec both configure an op: ours or "
                      "theirs wins (reported per conflict).")

DB = typer.Option(None, "--db", help="Tuning-record database (SQLite, WAL). Default: records.sqlite in the compile "
                  "cache folder (--cache-dir, else $VDMFMA_CACHE_DIR, else ~/.cache/iree-vdmfma).")

# ----------------------------------------------------------------------------- the noise rule (report, compare)

NOISE_K = typer.Option(2.0, "--noise-k", min=0.0, help="Noise interval half-width in robust sigmas (1.4826 x MAD): "
                       "median ± k·sigma.")
NOISE_FLOOR = typer.Option(None, "--noise-floor", min=0.0,
                           help="Relative differences below this are within-noise (default: the device's A/A-calibrated "
                           "threshold from `vdmfma calibrate` when there is one, else 0.01).")
# the tuner's (vdmfma tune, and vdmfma model --tune)
MAX_CANDIDATES = typer.Option(None, "--max-candidates", min=2,
                              help="Tuner: per shape, references included (so at least 2: the default and one more), "
                              "a hard cap (default: the whole pruned "
                              "space, raced as far as the time budget fits; 32 with no device). Cuts are counted in "
                              "the report.")
TIME_BUDGET = typer.Option(None, "--time-budget", help="Tuner: seconds (> 0) for the whole tune, compiles included; "
                           "unfinished candidates stay pending and resume on rerun. A race covers what its shape's "
                           "share fits (without it: 600 s a shape).")
RACE = typer.Option(
    None, "--race/--no-race", show_default=False,
    help="Tuner: by default with a device, race the candidates that pass numerics by successive halving in paired, "
    "interleaved rounds against IREE's default (tune/race.py): the whole pruned space when it fits the time "
    "budget (--time-budget shared over the shapes left; without one 600 s a shape), else the top of the order "
    "up to what fits, the cut counted; --max-candidates stays a hard cap; --reps (and tune's --hot) then do not "
    "apply (one cold, numerics-checked timing each before the race). --no-race: time each candidate on its own "
    "(--reps, --hot) and confirm the winner side by side. Never with --device none (MODELLED).")
SEARCH = typer.Option("exhaustive", "--search", help="Tuner: exhaustive (in simplicity order) or optuna (TPE, when "
                      "the space exceeds --max-candidates).")
APPEND = typer.Option(False, "--append", help="Add to an --out that holds another run (other shapes, target, device "
                      "or variants) instead of refusing it; nothing of the other run is reused.")
SEED = typer.Option(0, "--seed", min=0, help="Seed of the inputs' values and, where rounds are shuffled (the race, "
                    "calibrate), of the round orders.")
CACHE_MODE = typer.Option("hot", "--cache-mode", help="hot (one weight buffer re-read), cold (weights rotated past the "
                          "last-level cache) or both (where the command takes both).")
MIN_REPS = typer.Option(2, "--min-reps", min=1, help="Fewer repetitions than this give verdict 'undetermined'.")

# ----------------------------------------------------------------------------- old spellings (hidden)

VARIANT_ALIAS = typer.Option(None, "--variant", hidden=True, help="Old spelling of --variants.")


# ----------------------------------------------------------------------------- checks and conversions


def out_folder(out: Optional[Path], command: str) -> Path:
    """--out as a folder (default out/COMMAND); ValueError when it names an existing file or cannot be written."""
    folder = Path(out) if out is not None else Path("out") / command
    if folder.exists() and not folder.is_dir():
        raise ValueError(f"--out {folder} is a file; --out is always a folder (it is created)")
    return writable(folder, "--out")


def writable(folder: Path, option: str) -> Path:
    """``folder`` if it (or, not made yet, the nearest folder above it that exists) can be written; ValueError
    naming ``option`` and why not (a read-only file system, no permission) before any work. Nothing is created."""
    folder = Path(folder)
    here = next((p for p in (folder, *folder.absolute().parents) if p.exists()), Path("/"))
    if not here.is_dir():
        raise ValueError(f"{option} {folder}: {here} is a file, not a folder")
    if os.statvfs(here).f_flag & os.ST_RDONLY:
        raise ValueError(f"{option} {folder}: {here} is on a read-only file system")
    if not os.access(here, os.W_OK | os.X_OK):
        raise ValueError(f"{option} {folder}: no permission to write in {here}")
    return folder


def cache_dir_of(cache_dir: Optional[Path], no_cache: bool, checked: bool = False) -> Optional[Path]:
    """The compile cache folder, or None with --no-cache. ``checked``: ValueError up front when it cannot be
    written (a command whose rows cannot say so: tune, model; a sweep records machine-error rows instead)."""
    if no_cache:
        return None
    if cache_dir is None:
        from ..compiler.driver import default_cache_dir  # imports no iree.compiler; only compiling commands need it

        cache_dir = default_cache_dir()
    return writable(Path(cache_dir), "--cache-dir (or $VDMFMA_CACHE_DIR)") if checked else Path(cache_dir)


def db_path(db: Optional[Path], cache_dir: Optional[Path] = None) -> Path:
    """--db, else records.sqlite in the cache folder (that of --cache-dir, else the default one)."""
    if db is not None:
        if Path(db).is_dir():
            raise ValueError(f"--db {db} is a folder; --db names the database file")
        return Path(db)
    from ..compiler.driver import default_cache_dir  # imports no iree.compiler

    return Path(cache_dir or default_cache_dir()) / "records.sqlite"


def size_of(text: Optional[str], option: str = "--cache-size") -> Optional[int]:
    """'32M', '256MiB', '1.5G', '1048576' -> bytes (util/sizes.py is the one parser); ValueError otherwise."""
    if text is None:
        return None
    size = parse_size(str(text))
    if size is None or size <= 0:
        raise ValueError(f"{option} {text!r}: not a size (e.g. 256M, 1.5G, 1048576)")
    return size


def positive(option: str, value: Optional[float]) -> Optional[float]:
    """``value`` if it is None or a finite number > 0 (inf and 1e309 are not: they would be written to JSON
    as Infinity); ValueError naming the option otherwise."""
    if value is not None and not (value > 0 and math.isfinite(value)):
        raise ValueError(f"{option} must be > 0 and finite, got {value:g}")
    return value


def m_values(text: Optional[str], default: Optional[str] = None) -> Optional[list[int]]:
    """--m in the one grammar (util/lists.py), or ``default`` parsed, or None."""
    text = text if text is not None else default
    if text is None:
        return None
    try:
        return parse_m(text)
    except ValueError as e:
        raise ValueError(f"--m {text!r}: {e}") from None


def names(text: Optional[str], default: Optional[str] = None, alias: Optional[str] = None) -> list[str]:
    """A comma list option (with its old hidden spelling ``alias``) as distinct names, in order."""
    given = text if text is not None else alias if alias is not None else default
    return list(dict.fromkeys(v.strip() for v in (given or "").split(",") if v.strip()))


def one_of(option: str, values: list[str]) -> str:
    """The single value a command that makes one thing takes."""
    if len(values) != 1:
        raise ValueError(f"{option}: give exactly one value here, got {','.join(values) or 'none'}")
    return values[0]


# The flags the toolkit sets itself on every compile: a user's would contradict them (compile_flags refuses them).
OWN_FLAGS = ("--iree-hal-target-device", "--iree-rocm-target", "--iree-hip-target", "--iree-cuda-target",
             "--iree-hal-local-target-device-backends", "--iree-llvmcpu-target-cpu", "--iree-hal-target-backends",
             "--iree-hal-dump-executable-files-to", "--iree-codegen-tuning-spec-path",
             "--iree-preprocessing-transform-spec-filename", "--compile-mode", "-o")


def compile_flags(flags: Optional[list[str]], file: Optional[Path]) -> tuple[str, ...]:
    """--compile-flags-file's lines then --compile-flag's values, checked: each one flag (``-...``, no spaces), not one
    the toolkit sets itself (target, dumps, specs, output). ValueError naming the file:line or the option."""
    given: list[tuple[str, str]] = []
    if file is not None:
        path = Path(file)
        try:
            lines = path.read_text().splitlines()
        except OSError as e:
            raise ValueError(f"--compile-flags-file {path}: cannot read it ({e.strerror or e})") from None
        given += [(f"--compile-flags-file {path}:{i}", line.strip()) for i, line in enumerate(lines, 1)
                  if line.strip() and not line.strip().startswith("#")]
    given += [("--compile-flag", f.strip()) for f in flags or ()]
    for where, flag in given:
        if not flag.startswith("-") or any(c.isspace() for c in flag):
            raise ValueError(f"{where}: {flag!r} is not one iree-compile flag (one a line, e.g. --iree-opt-level=O3)")
        name = flag.split("=", 1)[0]
        if name in OWN_FLAGS:
            raise ValueError(f"{where}: {name} is set by the toolkit on every compile (use --target, --out or a "
                             "spec option instead)")
    return tuple(flag for _, flag in given)
