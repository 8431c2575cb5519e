"""Before/after check of a refactoring (issue 42): capture what two versions of the package write for the same
compile-only work, then compare the outputs row by row after dropping what legitimately changes between runs.

    python benchmarks/same_outputs.py capture --code DIR --out OUT [--targets gfx942,sm_89] [--m 1,4,8]
    python benchmarks/same_outputs.py compare A B

``capture`` runs ``python -m iree_vdmfma.cli`` with the package at DIR (a checkout or ``git worktree``; the current
venv's dependencies), compile-only (``--device none``; the model without ``--tune``), with a private compile cache,
serially: (a) the seed sweep (sweeps/seed-f16.csv) per target, with its report, and one M = 8 shape of each
other element type's decode list (bf16, fp8, i8 on gfx942; fp8, mxfp4 on gfx950), (b) a tune of the seed list's
first shape for gfx942 and sm_89 and of the mxfp4 shape for gfx950 (4 candidates), (c) ``vdmfma model`` over the
committed sharktank Llama decode exports (examples/sharktank/, gfx942). Each command writes OUT/<name>/;
OUT/commands.txt has the command lines and exit codes. Nothing runs on a device: nothing is measured; the
tunes' ranks are MODELLED, and deterministic.

``compare`` drops timestamps, durations, absolute paths, versions and checksums (and logs, caches, sqlite files),
keys CSV rows by their natural key (the columns that name a row, not its outcome) and prints per artefact
``identical`` or each differing row/field (CSV), line (spec and text files) or file (missing on one side), then a
verdict. Exit 0 identical, 1 different, 2 bad input. benchmarks/same_outputs.md records a run.
"""

from __future__ import annotations

import argparse
import csv
import difflib
import io
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

SEEDS = "sweeps/seed-f16.csv"
TARGETS = "gfx942,gfx950,gfx1100,sm_89"
# Tunes: (target, shape list written into OUT): the first seed shape, and the mxfp4 shape (scaled MFMA configs).
TUNES = (("gfx942", "tune-shape.csv"), ("sm_89", "tune-shape.csv"), ("gfx950", "tune-mxfp4.csv"))
MODEL = "examples/sharktank/llama3_8b_1l_decode_bs{m}.mlir"
# The other element types (their intrinsic tables and scaled IR), per target: the first M = 8 row of each list.
DTYPE_LISTS = {"gfx942": ("decode-bf16", "decode-fp8-gfx942", "decode-i8"),
               "gfx950": ("decode-fp8-gfx950", "decode-mxfp4-gfx950")}
# Artefacts not compared: logs, locks, caches, databases, binaries, checksum files and IREE's dumps (the ISA is
# compared through the rows' kernel fingerprints and instruction counts).
SKIP = re.compile(r"(\.log$|\.sqlite|\.vmfb$|\.lock$|\.tmp$|/dump/|/cache/|\.png$|\.svg$|stderr\.txt$|"
                  r"manifest\.json$|\.sha256$)")
# Fields (CSV columns, JSON keys) whose values differ between any two runs of one version, or between versions
# for no behavioural reason: clocks, durations, hosts, versions, paths, command lines, checksums, cache hits.
VOLATILE = re.compile(r"^(started|finished|command|cached|compiled_on|repro|artifacts|checksum|jobs|workers)$"
                      r"|(_version|_at|_s|_seconds|_path|_dir|_time)$", re.I)
# Columns that name a row (its natural key) rather than its outcome.
KEY = ("id", "name", "candidate", "problem", "dispatch", "kernel", "m", "n", "k", "batch", "dtype", "target", "variant",
       "cache_mode", "timing_mode", "func", "op", "step")
TEXT = [  # (pattern, replacement) applied to every compared value and line
    (re.compile(r"\d{4}-\d\d-\d\d[T ]\d\d:\d\d(:\d\d(\.\d+)?)?(Z|[+-]\d\d:?\d\d)?"), "<time>"),
    (re.compile(r"(?<![\w.])(/[\w.+@{}-]+){2,}/?"), "<path>"),  # absolute only: a repo path is kept
    (re.compile(r"\b\d+(\.\d+)?\s?(s|ms|min)\b"), "<duration>"),
    (re.compile(r"\b[0-9a-f]{40}\b"), "<commit>"),
    (re.compile(r"\b\d+\.\d+\.\d+(rc\d+)?\b"), "<version>"),
]
SHOWN = 25  # differences printed per artefact; the rest are counted
COMMAND_TIMEOUT_S = 3600  # one command of a capture (a sweep of four targets takes minutes; IREE 3.13 can hang)
TIMED_OUT = 124

def _cli(code: Path, cache: Path, args: list[str], log) -> int:
    """Run ``python -m iree_vdmfma.cli ARGS`` with the package at ``code`` (cwd is ``code``, so its package wins
    over the venv's editable one), through util/procs.run_group with COMMAND_TIMEOUT_S; return the exit code
    (TIMED_OUT when it ran past that)."""
    from iree_vdmfma.util.procs import run_group

    env = {**os.environ, "PYTHONPATH": str(code), "VDMFMA_CACHE_DIR": str(cache), "VDMFMA_CALIBRATION": "none"}
    cmd = [sys.executable, "-m", "iree_vdmfma.cli", *args]
    print("+ vdmfma " + " ".join(args), file=sys.stderr, flush=True)
    try:
        proc = run_group(cmd, COMMAND_TIMEOUT_S, cwd=code, env=env)
        code_, output = proc.returncode, (proc.stdout or "") + (proc.stderr or "")
    except subprocess.TimeoutExpired as e:
        code_, output = TIMED_OUT, f"timed out after {COMMAND_TIMEOUT_S} s\n" + str(e.output or "")
    log.write(f"vdmfma {' '.join(args)}\n  exit {code_}\n")
    if code_ not in (0, 1):  # 1: a row failed, which the outputs say; else keep why it stopped
        log.write("".join(f"  | {line}\n" for line in output.splitlines()[-20:]))
    log.flush()
    return code_


def stopped(commands: Path) -> list[str]:
    """The commands of a capture's commands.txt that did not finish (exit 2 or more, or timed out): a capture
    with one is no evidence, since two captures that stop alike would compare identical."""
    lines = commands.read_text().splitlines()
    return [cmd for cmd, status in zip(lines, lines[1:]) if status.startswith("  exit ")
            and int(status.split()[1]) not in (0, 1)]


def capture(code: Path, out: Path, targets: list[str], ms: str, cap: int) -> int:
    if not (code / "iree_vdmfma" / "__init__.py").is_file() or not (code / SEEDS).is_file():
        print(f"error: --code {code}: no iree_vdmfma package or {SEEDS} there", file=sys.stderr)
        return 2
    if out.exists() and any(out.iterdir()):
        print(f"error: --out {out}: exists and is not empty", file=sys.stderr)
        return 2
    out.mkdir(parents=True, exist_ok=True)
    cache = Path(tempfile.mkdtemp(prefix="same-outputs-cache-"))
    tune_shapes = out / "tune-shape.csv"
    tune_shapes.write_text("\n".join(_rows(code / SEEDS)[:2]) + "\n")  # header + the first seed shape
    for t, lists in DTYPE_LISTS.items():
        picked = [next(r for r in _rows(code / "sweeps" / f"{name}.csv")[1:] if r.split(",")[1] == "8")
                  for name in lists]
        (out / f"dtypes-{t}.csv").write_text("name,m,n,k,dtype\n" + "\n".join(picked) + "\n")
    (out / "tune-mxfp4.csv").write_text("name,m,n,k,dtype\n" + picked[-1] + "\n")  # gfx950's last: mxfp4
    try:
        with open(out / "commands.txt", "w") as log:
            for t in targets:
                _cli(code, cache, ["sweep", SEEDS, "--target", t, "--device", "none", "--report", "--out",
                                   str(out / f"sweep-{t}"), "--workers", "2"], log)
            for t in DTYPE_LISTS:
                _cli(code, cache, ["sweep", str(out / f"dtypes-{t}.csv"), "--target", t, "--device", "none",
                                   "--out", str(out / f"sweep-dtypes-{t}"), "--workers", "2"], log)
            for t, shapes in TUNES:
                _cli(code, cache, ["tune", str(out / shapes), "--target", t, "--device", "none", "--out",
                                   str(out / f"tune-{t}"), "--max-candidates", str(cap), "--workers", "2"], log)
            _cli(code, cache, ["model", MODEL, "--m", ms, "--target", "gfx942", "--out",  # compile-only: no --tune
                               str(out / "model-gfx942"), "--workers", "2"], log)
    finally:
        shutil.rmtree(cache, ignore_errors=True)
    bad = stopped(out / "commands.txt")
    for cmd in bad:
        print(f"error: {cmd}: did not finish (see {out / 'commands.txt'})", file=sys.stderr)
    return 1 if bad else 0


def _rows(path: Path) -> list[str]:
    """A shape list's header and rows, comments dropped."""
    return [line for line in path.read_text().splitlines() if line and not line.startswith("#")]


def _norm(value: str) -> str:
    for pattern, repl in TEXT:
        value = pattern.sub(repl, value)
    return value


def _files(root: Path) -> set[str]:
    return {p.relative_to(root).as_posix() for p in root.rglob("*")
            if p.is_file() and not SKIP.search("/" + p.relative_to(root).as_posix())}


def _csv(path: Path) -> tuple[list[str], list[dict]]:
    """(the compared columns, the rows) of a CSV: comment lines (#) and volatile columns dropped."""
    text = "".join(line for line in path.read_text().splitlines(True) if not line.startswith("#"))
    reader = csv.DictReader(io.StringIO(text))
    cols = [c for c in reader.fieldnames or [] if not VOLATILE.search(c)]
    return cols, [{c: _norm(row.get(c) or "") for c in cols} for row in reader]


def _keyed(rows: list[dict], key_cols: list[str]) -> dict[tuple, dict]:
    """{natural key: row}; rows that share a key are told apart by their order."""
    keyed: dict[tuple, dict] = {}
    for row in rows:
        key = tuple(f"{c}={row[c]}" for c in key_cols)
        n = sum(1 for k in keyed if k[:len(key)] == key)
        keyed[key + ((f"#{n}",) if n else ())] = row
    return keyed


def _diff_rows(a: Path, b: Path) -> list[str]:
    (cols_a, rows_a), (cols_b, rows_b) = _csv(a), _csv(b)
    out = [f"column only in A: {c}" for c in cols_a if c not in cols_b]
    out += [f"column only in B: {c}" for c in cols_b if c not in cols_a]
    shared = [c for c in cols_a if c in cols_b]
    key_cols = [c for c in KEY if c in shared]  # a key column new on one side cannot match rows
    rows_a, rows_b = _keyed(rows_a, key_cols), _keyed(rows_b, key_cols)
    for key in sorted(rows_a.keys() | rows_b.keys()):
        name = " ".join(key) or "(row)"
        if key not in rows_b:
            out.append(f"row only in A: {name}")
        elif key not in rows_a:
            out.append(f"row only in B: {name}")
        else:
            out += [f"{name}: {c}: {rows_a[key][c]!r} -> {rows_b[key][c]!r}"
                    for c in shared if rows_a[key][c] != rows_b[key][c]]
    return out


def _flat(value, prefix: str = "") -> dict[str, str]:
    if isinstance(value, dict):
        return {k: v for key, item in value.items() if not VOLATILE.search(str(key))
                for k, v in _flat(item, f"{prefix}.{key}" if prefix else str(key)).items()}
    if isinstance(value, list):
        return {k: v for i, item in enumerate(value) for k, v in _flat(item, f"{prefix}[{i}]").items()}
    return {prefix: _norm(json.dumps(value))}


def _diff_json(a: Path, b: Path) -> list[str]:
    fa, fb = _flat(json.loads(a.read_text())), _flat(json.loads(b.read_text()))
    return [f"{k}: {fa.get(k, '(absent)')} -> {fb.get(k, '(absent)')}" for k in sorted(fa.keys() | fb.keys())
            if fa.get(k) != fb.get(k)]


def _mlir_lines(path: Path) -> list[str]:
    """The module as IREE prints it after canonicalize, cse and loop-invariant code motion, with every operand-free
    op of a function's entry block (constants, HAL type codes) moved to its top in text order: SSA names, and where
    a builder or a template put a constant, are not behaviour. Text that does not parse is compared as text."""
    from iree.compiler import ir, passmanager

    text = path.read_text(errors="replace")
    try:
        with ir.Context():
            module = ir.Module.parse(text)
            passmanager.PassManager.parse(
                "builtin.module(canonicalize,cse,loop-invariant-code-motion,canonicalize,cse)").run(module.operation)
            for func in module.body.operations:
                if func.operation.name != "func.func" or not func.regions[0].blocks:
                    continue
                block = func.regions[0].blocks[0]
                leaves = sorted((op for op in block.operations if not op.operands and not op.regions
                                 and len(op.results) == 1), key=lambda op: str(op), reverse=True)
                for op in leaves:
                    op.move_before(block.operations[0])
            text = str(module)
    except Exception:  # noqa: BLE001 - not MLIR IREE parses (a fragment, a comment-only file): compare as text
        pass
    return text.splitlines()


def _diff_text(a: Path, b: Path) -> list[str]:
    read = _mlir_lines if a.suffix == ".mlir" else (lambda p: p.read_text(errors="replace").splitlines())
    la, lb = [_norm(line) for line in read(a)], [_norm(line) for line in read(b)]
    return [line for line in difflib.unified_diff(la, lb, "A", "B", n=0, lineterm="")
            if not line.startswith(("---", "+++"))]


def compare(a: Path, b: Path) -> int:
    """Print per artefact of two captures `identical` or its differences, then a verdict; 0 / 1 / 2."""
    for side in (a, b):
        if not (side / "commands.txt").is_file():
            print(f"error: {side}: not a capture (no commands.txt)", file=sys.stderr)
            return 2
        if bad := stopped(side / "commands.txt"):
            print(f"error: {side}: a capture whose command did not finish ({bad[0]}); capture it again",
                  file=sys.stderr)
            return 2
    files_a, files_b = _files(a), _files(b)
    different = 0
    for rel in sorted(files_a | files_b):
        if rel not in files_b or rel not in files_a:
            print(f"{rel}: only in {'A' if rel in files_a else 'B'}")
            different += 1
            continue
        diff = {".csv": _diff_rows, ".json": _diff_json}.get(Path(rel).suffix, _diff_text)(a / rel, b / rel)
        if not diff:
            print(f"{rel}: identical")
            continue
        different += 1
        print(f"{rel}: {len(diff)} difference(s)")
        print("".join(f"  {line}\n" for line in diff[:SHOWN]), end="")
        if len(diff) > SHOWN:
            print(f"  ... and {len(diff) - SHOWN} more")
    total = len(files_a | files_b)
    print(f"verdict: {'identical' if not different else 'different'}: {total - different} of {total} artefacts "
          f"identical after normalising")
    return 1 if different else 0


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0], epilog=__doc__.split("\n\n", 2)[2],
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = ap.add_subparsers(dest="cmd", required=True)
    cp = sub.add_parser("capture", help="run the seed sweep, a tune and the sharktank model with the package at DIR")
    cp.add_argument("--code", type=Path, required=True, help="a checkout of the package (DIR/iree_vdmfma)")
    cp.add_argument("--out", type=Path, required=True, help="an empty or new folder for the outputs")
    cp.add_argument("--targets", default=TARGETS, help=f"sweep targets (default {TARGETS})")
    cp.add_argument("--m", default="1,4,8", help="batches of the sharktank decode exports (default 1,4,8)")
    cp.add_argument("--max-candidates", type=int, default=4, help="the tune's candidates per shape (default 4)")
    co = sub.add_parser("compare", help="compare two captures; exit 0 identical, 1 different, 2 bad input")
    co.add_argument("a", type=Path)
    co.add_argument("b", type=Path)
    args = ap.parse_args(argv)
    if args.cmd == "capture":
        return capture(args.code.resolve(), args.out.resolve(), args.targets.split(","), args.m, args.max_candidates)
    return compare(args.a, args.b)


if __name__ == "__main__":
    sys.exit(main())
