"""The one CLI vocabulary: every option a command shares with another is defined here, once.

Same concept, same spelling, type, default and help in every command (tests/test_cli_options.py
walks the app and fails when two commands disagree). What a command does with a default of None
(``--m``, ``--dtype``, ``--variants``) its own --help says in its description.

Numeric options carry their range (typer's ``min``, shown in --help as ``[x>=1]``); what a range
cannot say (> 0 for a float, a size) is checked by the helpers below before anything compiles; what the
user typed (an option given by hand, a file typed as a folder) is typed.py's. Bad values are one ``error:`` line and exit 2 (app.py, common.user_errors).

Imports nothing that imports ``iree.compiler``: `vdmfma bench` uses it on a runtime-only machine.
"""

from __future__ import annotations

import math
import os
from contextlib import contextmanager
from pathlib import Path
from typing import Optional

import typer

from ..devices.probe import AUTO
from ..util.lists import parse_m
from ..util.sizes import parse_size
from .typed import a_file

DEFAULT_TARGET = "gfx942"  # the target when neither --target nor a device says one

# ----------------------------------------------------------------------------- what to build

_SHAPES_HELP = "Shape-list CSV (m,n,k[,batch,dtype,name]) or a dispatch dump."
SHAPES = typer.Argument(..., help=_SHAPES_HELP)
SHAPES_OPTIONAL = typer.Argument(None, help=_SHAPES_HELP)
TARGET = typer.Option(None, "--target", "-t", help=(
    f"gfx942, gfx950, gfx11xx, gfx12xx, sm_NN or host (default: the target of --device, else {DEFAULT_TARGET})."))
M = typer.Option(None, "--m", help="M values: 8, 1-32, 1,4,8 or mixed (1-8,16).")
N = typer.Option(None, "--n", min=1, help="N: rows of B, columns of C.")
K = typer.Option(None, "--k", min=1, help="K: the reduction dim.")
BATCH = typer.Option(1, "--batch", min=1, help="Batch count (1: not batched).")
DTYPE = typer.Option(None, "--dtype", help="Comma list of f16, bf16, f8E4M3FNUZ, f8E5M2FNUZ, f8E4M3FN, f8E5M2, i8, "
                     "mxfp4.")
VARIANTS = typer.Option(None, "--variants", "-v", help="Comma list: default, vdmfma, padded, gemv, splitk, "
                        "tuned, torch, ...")

# ----------------------------------------------------------------------------- where it runs

DEVICE = typer.Option(AUTO, "--device", "-d", help=(
    "auto, none (compile only), local-task (the CPU), hip[://N] or cuda[://N]."))
REPS = typer.Option(10, "--reps", min=1, help="Timing repetitions per measurement.")
REPS_OR_NUMERICS = typer.Option(10, "--reps", min=0, help="Timing repetitions (0: check numerics only).")
CACHE_SIZE = typer.Option(None, "--cache-size", help="The cache cold runs defeat: 256M, 1.5G or bytes "
                          "(default: the device's).")
EXECUTOR = typer.Option("local", "--executor", help="local (threads here) or ray (a Ray cluster).")
RAY_ADDRESS = typer.Option(None, "--ray-address", help="Ray cluster: auto or HOST:PORT (default: a private "
                           "local one).")
WORKERS = typer.Option(None, "--workers", "-j", min=1, help="Parallel compiles (default: all cores).")
TIMEOUT = typer.Option(300.0, "--timeout", help="Seconds (> 0) one compile or run may take (a compile that times "
                       "out or hangs is retried once single-threaded: up to twice this in all).")
RETRY_FAILED = typer.Option(False, "--retry-failed", help="Redo rows that failed or timed out.")
COMPILE_FLAG = typer.Option(None, "--compile-flag", metavar="FLAG", help="An iree-compile flag for every "
                            "compile (repeatable).")
COMPILE_FLAGS_FILE = typer.Option(None, "--compile-flags-file", metavar="FILE", dir_okay=False,
                                  help="iree-compile flags, one a line.")

# ----------------------------------------------------------------------------- where it goes

OUT = typer.Option(None, "--out", "-o", help="Output folder (default: out/COMMAND).")
CACHE_DIR = typer.Option(None, "--cache-dir", help="Compile cache (default: $VDMFMA_CACHE_DIR, else "
                         "~/.cache/iree-vdmfma).")
NO_CACHE = typer.Option(False, "--no-cache", help="Compile afresh: no cache read or written.")
REPORT = typer.Option(None, "--report/--no-report", show_default=False,
                      help="Write report/ beside results.csv (default: when rows were run).")
PLOTS = typer.Option(True, "--plots/--no-plots", help="Draw PNG plots.")
DEBUG = typer.Option(False, "--debug", help="Show Python tracebacks for input errors.")

# ----------------------------------------------------------------------------- linking with other tuning specs

MERGE_WITH = typer.Option(None, "--merge-with", metavar="SPEC", dir_okay=False, help=(
    "A tuning spec to link with ours (repeatable)."))
PREFER = typer.Option("ours", "--prefer", help="Which spec wins an op both configure: ours or theirs.")

DB = typer.Option(None, "--db", help="Tuning-record database (default: records.sqlite in the compile "
                  "cache).")

# ----------------------------------------------------------------------------- the noise rule (report, compare)

NOISE_K = typer.Option(2.0, "--noise-k", min=0.0, help="Noise half-width in robust sigmas (median ± k·sigma).")
NOISE_FLOOR = typer.Option(None, "--noise-floor", min=0.0, help="Smaller relative differences are "
                           "within noise (default: the device's calibration, else 0.01).")
# the tuner's (vdmfma tune, and vdmfma model --tune)
MAX_CANDIDATES = typer.Option(None, "--max-candidates", min=2, help="Tuner: candidates per shape, the "
                              "references included.")
TIME_BUDGET = typer.Option(None, "--time-budget", help="Tuner: seconds (> 0) for the whole tune.")
RACE = typer.Option(
    None, "--race/--no-race", show_default=False,
    help="Tuner: race the candidates against IREE's default (default: with a device).")
SEARCH = typer.Option("exhaustive", "--search", help="Tuner: exhaustive or optuna (TPE).")
APPEND = typer.Option(False, "--append", help="Add to an --out that holds another run.")
SEED = typer.Option(0, "--seed", min=0, help=(
    "Seed of run's and calibrate's draws (inputs, subsets) and of shuffled orders: a race's and a forward's "
    "paired rounds, --search optuna's sampler."))
CACHE_MODE = typer.Option("hot", "--cache-mode", help="hot, cold or both (cold: weights rotated past "
                          "the cache).")
TIMING_MODE = typer.Option("cmdbuf", "--timing-mode", help="cmdbuf (8 dispatches a command buffer, as a model's "
                           "function records them, replayed on a stream as IREE does by default), graph (the same "
                           "command buffer recorded as a CUDA or HIP graph: cuda and hip devices only) or loop (one "
                           "submission a dispatch); docs/concepts/measurement.md.")


def choice(option: str, value: str, choices) -> str:
    """An option's value checked against its choices before anything compiles or runs: one error line if not."""
    if value not in choices:
        raise ValueError(f"{option} {value}: one of {', '.join(choices)}")
    return value


def timing_mode(value: str) -> str:
    from ..run.timing import TIMING_MODES  # noqa: PLC0415

    return choice("--timing-mode", value, TIMING_MODES)


def timing_mode_on(value: str, device: str) -> str:
    """``value`` checked against the device that will run it (graph: cuda or hip), before anything compiles."""
    from ..run.timing import mode_flags  # noqa: PLC0415

    try:
        mode_flags(timing_mode(value), device)
    except ValueError as e:
        raise ValueError(f"--timing-mode {value}: {e}") from None
    return value


FORMAT = typer.Option("table", "--format", help="How the table is printed: table, csv or json (csv and json: "
                      "the table alone on stdout, for a script).")


TABLE_FORMATS = ("table", "csv", "json")


def table_format(value: str) -> str:
    return choice("--format", value, TABLE_FORMATS)


CALIBRATION = typer.Option(
    None, "--calibration", metavar="FILE|none", help="The A/A calibration verdicts take their floor from: a "
    "calibration.csv (or its folder), or none for the default 1% (default: $VDMFMA_CALIBRATION, else the copy "
    "`vdmfma calibrate` kept for the device).")


@contextmanager
def calibration(value: Optional[str]):
    """--calibration for the command's length, as $VDMFMA_CALIBRATION (what run/calibration.py ``load_rule`` reads,
    in this process and the workers it starts): a file is checked first, one error line if it is no calibration
    vdmfma calibrate wrote; the environment is restored after."""
    from ..run.calibration import CALIBRATION_CSV, NONE, read_calibration  # noqa: PLC0415

    if value is None:
        yield
        return
    if value != NONE:
        path = Path(value) / CALIBRATION_CSV if Path(value).is_dir() else Path(value)
        if not path.is_file():
            raise ValueError(f"--calibration {value}: no such file (give a calibration.csv, its folder, or none)")
        table = read_calibration(path)  # ValueError naming the file
        if not table.rows:
            raise ValueError(f"--calibration {value}: no verified row"
                             + (f" ({table.damaged[0]})" if table.damaged else ""))
        value = str(path)
    old = os.environ.get("VDMFMA_CALIBRATION")
    os.environ["VDMFMA_CALIBRATION"] = value
    try:
        yield
    finally:
        if old is None:
            os.environ.pop("VDMFMA_CALIBRATION", None)
        else:
            os.environ["VDMFMA_CALIBRATION"] = old


MIN_REPS = typer.Option(2, "--min-reps", min=1, help="Fewer repetitions give the verdict undetermined.")

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


CACHE_WAYS_OUT = "give --cache-dir DIR or --no-cache"  # what a command with both options can do about its cache


def cache_place(cache_dir: Optional[Path]) -> tuple[Path, str, str]:
    """The compile cache folder, where it came from as an error line names it ('--cache-dir', '$VDMFMA_CACHE_DIR',
    'the compile cache (~/.cache/iree-vdmfma)') and as a person reads it ('from --cache-dir', 'the default,
    ~/.cache/iree-vdmfma'); ValueError when it names something that is not a folder (a misnamed option)."""
    if cache_dir is not None:
        folder, origin, default = Path(cache_dir), "--cache-dir", False
    else:
        from ..compiler.driver import default_cache_dir_source  # imports no iree.compiler: only compiles need it

        folder, origin, default = default_cache_dir_source()
    where = f"the compile cache ({origin})" if default else origin
    if folder.exists() and not folder.is_dir():  # no rerun mends it
        raise ValueError(f"{where} {folder} is not a folder; it names the compile cache's folder")
    return folder, where, f"the default, {origin}" if default else f"from {origin}"


def cache_dir_of(cache_dir: Optional[Path], no_cache: bool, ways_out: str = CACHE_WAYS_OUT) -> Optional[Path]:
    """The compile cache folder, or None with --no-cache; ValueError up front, naming where it came from
    (``cache_place``) and, when it is not --cache-dir, what to do (``ways_out``), when it is no folder or cannot be
    written: a rerun mends neither, so it is one line before anything compiles, never a machine-error row per job."""
    if no_cache:
        return None
    try:
        folder, where, _ = cache_place(cache_dir)
        return writable(folder, where)
    except ValueError as e:
        if cache_dir is not None:
            raise
        raise ValueError(f"{e}; {ways_out}") from None


def db_path(db: Optional[Path], cache_dir: Optional[Path] = None) -> Path:
    """--db, else records.sqlite in the cache folder (that of --cache-dir, else the default one)."""
    if db is not None:
        if Path(db).is_dir():
            raise ValueError(f"--db {db} is a folder; --db names the database file")
        return a_file("--db", Path(db))
    from ..compiler.driver import default_cache_dir  # imports no iree.compiler

    return Path(cache_dir or default_cache_dir()) / "records.sqlite"


def size_of(text: Optional[str], option: str = "--cache-size", zero: bool = False) -> Optional[int]:
    """'32M', '256MiB', '1.5G', '1048576' -> bytes (util/sizes.py is the one parser), 0 too when ``zero`` says it
    means something; ValueError naming ``option`` otherwise."""
    if text is None:
        return None
    try:
        size = parse_size(str(text))
    except ValueError as e:  # 0.5 (of what?): no size
        raise ValueError(f"{option} {e}; give a unit (e.g. 0.5G){' or 0 for nothing kept' if zero else ''}") from None
    if size is None or (size == 0 and not zero):  # parse_size gives no negative size
        raise ValueError(f"{option} {text!r}: not a size (e.g. 256M, 1.5G, 1048576{', 0' if zero else ''})")
    return size


def positive(option: str, value: Optional[float]) -> Optional[float]:
    """``value`` if it is None or a finite number > 0 (inf and 1e309 are not: they would be written to JSON
    as Infinity); ValueError naming the option otherwise."""
    if value is not None and not (value > 0 and math.isfinite(value)):
        raise ValueError(f"{option} must be > 0 and finite, got {value:g}")
    return value


def finite(option: str, value: Optional[float]) -> Optional[float]:
    """``value`` if it is None or finite: a range (typer's ``min=0``) lets inf through, and --min-time inf would
    time forever, --noise-k inf call every difference noise. ValueError naming the option otherwise."""
    if value is not None and not math.isfinite(value):
        raise ValueError(f"{option} must be finite, got {value:g}")
    return value


def m_values(text: Optional[str], default: Optional[str] = None, option: str = "--m") -> Optional[list[int]]:
    """--m (or ``option``, e.g. coverage's --edge-m) in the one grammar (util/lists.py), or ``default`` parsed, or
    None; ValueError naming the option."""
    text = text if text is not None else default
    if text is None:
        return None
    try:
        return parse_m(text)
    except ValueError as e:
        raise ValueError(f"{option} {text!r}: {e}") from None


def names(text: Optional[str], default: Optional[str] = None, alias: Optional[str] = None) -> list[str]:
    """A comma list option (with its old hidden spelling ``alias``) as distinct names, in order."""
    given = text if text is not None else alias if alias is not None else default
    return list(dict.fromkeys(v.strip() for v in (given or "").split(",") if v.strip()))


def dtype_names(text: Optional[str], default: Optional[str] = None, alias: Optional[str] = None) -> list[str]:
    """--dtype as :func:`names`, each one a dtype problems/problem.py knows; ValueError naming --dtype otherwise."""
    from ..problems.problem import dtype  # noqa: PLC0415  (numpy, no compiler)

    given = names(text, default, alias)
    for name in given:
        try:
            dtype(name)
        except ValueError as e:
            raise ValueError(f"--dtype: {e}") from None
    return given


def one_of(option: str, values: list[str]) -> str:
    """The single value a command that makes one thing takes."""
    if len(values) != 1:
        raise ValueError(f"{option}: give exactly one value here, got {','.join(values) or 'none'}")
    return values[0]


# The flags the toolkit sets itself on every compile: a user's would contradict them (compile_flags refuses them).
OWN_FLAGS = ("--iree-hal-target-device", "--iree-rocm-target", "--iree-hip-target", "--iree-cuda-target",
             "--iree-hal-local-target-device-backends", "--iree-llvmcpu-target-cpu", "--iree-llvmcpu-target-triple",
             "--iree-hal-target-backends",
             "--iree-hal-dump-executable-files-to", "--iree-codegen-tuning-spec-path",
             "--iree-preprocessing-transform-spec-filename", "--compile-mode", "-o")


def compile_flags(flags: Optional[list[str]], file: Optional[Path], option: str = "--compile-flag") -> tuple[str, ...]:
    """--compile-flags-file's lines then --compile-flag's values (``option``: run spells it --flag), checked: each one
    flag (``-...``, no spaces), not one the toolkit sets itself (target, dumps, specs, output), and one the
    iree-compile that compiles knows, with a value it takes (asked once, before anything compiles: else each job
    would be a compile-error row). ValueError naming the file:line or the option."""
    given: list[tuple[str, str]] = []
    if file is not None:
        from ..util.io import read_input_text  # noqa: PLC0415

        path = Path(file)
        lines = read_input_text(path, f"--compile-flags-file {path}").splitlines()
        given += [(f"--compile-flags-file {path}:{i}", line.strip()) for i, line in enumerate(lines, 1)
                  if line.strip() and not line.strip().startswith("#")]
    given += [(option, f.strip()) for f in flags or ()]
    for where, flag in given:
        if not flag.startswith("-") or not flag.lstrip("-") or any(c.isspace() for c in flag):  # '-': stdin
            raise ValueError(f"{where}: {flag!r} is not one iree-compile flag (one a line, e.g. --iree-opt-level=O3)")
        name = flag.split("=", 1)[0]
        if "--" + name.lstrip("-") in {"--" + own.lstrip("-") for own in OWN_FLAGS}:  # iree-compile takes - and --
            raise ValueError(f"{where}: {name} is set by the toolkit on every compile (use --target, --out or a "
                             "spec option instead)")
    if given:
        from ..compiler.toolchain import refused_flags  # noqa: PLC0415  (only with flags: it runs iree-compile)

        refused = refused_flags(tuple(flag for _, flag in given))
        for where, flag in given:
            if flag in refused:
                raise ValueError(f"{where} {flag}: {refused[flag]}")
    return tuple(flag for _, flag in given)
