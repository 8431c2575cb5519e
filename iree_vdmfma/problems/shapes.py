"""Shape lists: CSV files of problems.

Header with ``m,n,k`` required and ``batch`` (default 1), ``dtype`` (default
f16), ``name`` optional; blank lines and ``#`` comments are allowed anywhere.
Every error names the file, the line and the field, and the whole file is
validated before anything is returned, so a bad row never half-starts a sweep.
A UTF-8 byte-order mark, surrounding whitespace and empty trailing cells (as
spreadsheets write them) are tolerated; dtype names match case-insensitively.
"""

from __future__ import annotations

import csv
import io
import re
from pathlib import Path

from .problem import DTYPES, MAX_DIM, Problem
from ..util.io import NotUTF8Text, atomic_write_text, input_kind_problem, utf8_text

REQUIRED = ("m", "n", "k")
OPTIONAL = ("batch", "dtype", "name")
# The compiler indexes buffers with signed 64-bit values: every operand's byte size must fit.
MAX_BYTES = 2**63 - 1
_INT = re.compile(r"^\+?[0-9]+$")
_LINE_BREAK = re.compile(r"\r\n|\r|\n")
_DTYPE_BY_LOWER = {name.lower(): name for name in DTYPES}


class ShapeListError(ValueError):
    """A problem with a shape list, located to file, line and field."""

    def __init__(self, path: Path | str, line: int | None, field: str | None, message: str):
        self.path, self.line, self.field = Path(path), line, field
        where = f"{path}" + (f":{line}" if line else "") + (f": field '{field}'" if field else "")
        super().__init__(f"{where}: {message}")


def _content_lines(text: str) -> list[tuple[int, str]]:
    """(line number, text) for lines that are neither blank nor comments (numbered as editors do)."""
    out = []
    for number, line in enumerate(_LINE_BREAK.split(text), start=1):
        stripped = line.strip()
        if stripped and not stripped.startswith("#"):
            out.append((number, line))
    return out


def _cells(path: Path, line: int, text: str) -> list[str]:
    try:
        return next(csv.reader([text], strict=True))
    except csv.Error as e:
        raise ShapeListError(path, line, None, f"not a valid CSV line ({e})") from None


def _dim(path: Path, line: int, field: str, raw: str) -> int:
    raw = raw.strip()
    if not raw:
        raise ShapeListError(path, line, field, "is empty")
    if not _INT.match(raw):
        if re.match(r"^-[0-9]+$", raw):
            raise ShapeListError(path, line, field, f"{raw} must be >= 1")
        raise ShapeListError(path, line, field, f"{raw!r} is not an integer")
    if len(raw) > 30:
        raise ShapeListError(path, line, field, f"{raw} exceeds the compiler's index range ({MAX_DIM})")
    value = int(raw)
    if value < 1:
        raise ShapeListError(path, line, field, f"{value} must be >= 1")
    if value > MAX_DIM:
        raise ShapeListError(path, line, field, f"{value} exceeds the compiler's index range ({MAX_DIM})")
    return value


def _row(path: Path, line: int, header: list[str], cells: list[str]) -> Problem:
    while len(cells) > len(header) and not cells[-1].strip():
        cells = cells[:-1]  # 'm,n,k' rows written as '8,256,1024,' by spreadsheets
    if len(cells) < len(header):
        missing = header[len(cells):]
        raise ShapeListError(path, line, missing[0], f"missing: expected {len(header)} fields ({','.join(header)}), "
                                                     f"got {len(cells)}")
    if len(cells) > len(header):
        raise ShapeListError(path, line, None, f"too many fields: expected {len(header)} ({','.join(header)}), "
                                               f"got {len(cells)} (a name with a comma needs \"quotes\")")
    row = dict(zip(header, cells))
    dims = {f: _dim(path, line, f, row[f]) for f in REQUIRED}
    batch = _dim(path, line, "batch", row["batch"]) if row.get("batch", "").strip() else 1
    raw_dt = row.get("dtype", "").strip() or "f16"
    dt = _DTYPE_BY_LOWER.get(raw_dt.lower())
    if dt is None:
        raise ShapeListError(path, line, "dtype", f"unknown dtype {raw_dt!r}; valid: {', '.join(DTYPES)}")
    name = row.get("name", "").strip()
    if any(not c.isprintable() for c in name):
        raise ShapeListError(path, line, "name", f"{name!r} contains control characters")
    elem = DTYPES[dt].bytes
    acc = DTYPES[dt].acc_numpy.itemsize
    m, n, k = dims["m"], dims["n"], dims["k"]
    block = DTYPES[dt].scale_block
    if block and k % block:
        raise ShapeListError(path, line, "k", f"{k} is not a multiple of {block}: {dt} has one scale per "
                                              f"{block} values along K")
    for operand, size, fields_ in (("A", batch * m * k * elem, ("batch", "m", "k")),
                                   ("B", batch * n * k * elem, ("batch", "n", "k")),
                                   ("C", batch * m * n * acc, ("batch", "m", "n"))):
        if size > MAX_BYTES:
            values = {"batch": batch, **dims}
            worst = max(fields_, key=lambda f: values[f])
            raise ShapeListError(path, line, worst, f"operand {operand} would be {size} bytes, beyond the "
                                                    f"compiler's 64-bit index range")
    return Problem(batch=batch, dtype=dt, name=name, **dims)


def parse_shape_list(text: str, path: Path | str = "<string>") -> list[Problem]:
    """Parse shape-list text; raises ShapeListError on the first bad line."""
    path = Path(path)
    text = text.removeprefix("\ufeff")
    lines = _content_lines(text)
    if not lines:
        raise ShapeListError(path, None, None, "the shape list is empty (no header, no rows); "
                                               "expected a header such as 'name,m,n,k,dtype'")
    header_line, header_text = lines[0]
    header = [h.strip().lower() for h in _cells(path, header_line, header_text)]
    while len(header) > 1 and not header[-1]:
        header.pop()
    for field in header:
        if field not in REQUIRED + OPTIONAL:
            hint = " (the first non-comment line must be the header)" if _INT.match(field) else ""
            raise ShapeListError(path, header_line, field or "<empty>",
                                 f"unknown column{hint}; valid: {', '.join(REQUIRED + OPTIONAL)}")
        if header.count(field) > 1:
            raise ShapeListError(path, header_line, field, "column appears more than once")
    for field in REQUIRED:
        if field not in header:
            raise ShapeListError(path, header_line, field, f"required column missing from header {header}")
    if len(lines) == 1:
        raise ShapeListError(path, None, None, "the shape list has a header but no rows")
    problems: list[Problem] = []
    names: dict[str, int] = {}
    keys: dict[str, int] = {}
    for number, text_line in lines[1:]:
        problem = _row(path, number, header, _cells(path, number, text_line))
        if problem.key in keys:
            raise ShapeListError(path, number, None, f"duplicate shape {problem.key} (first on line "
                                                     f"{keys[problem.key]}); results are keyed by shape, list it once")
        if problem.name in names:
            raise ShapeListError(path, number, "name",
                                 f"duplicate name {problem.name!r} (first on line {names[problem.name]})")
        names[problem.name] = keys[problem.key] = number
        problems.append(problem)
    return problems


def load_shape_list(path: Path | str) -> list[Problem]:
    path = Path(path)
    why = input_kind_problem(path) if path.exists() else ""  # a missing file: the read below says so
    if why:
        raise ShapeListError(path, None, None, why)
    try:
        data = path.read_bytes()
    except OSError as e:
        raise ShapeListError(path, None, None, f"cannot read: {e.strerror or e}") from None
    try:
        text = utf8_text(data)
    except NotUTF8Text as e:
        raise ShapeListError(path, e.line, None, "not UTF-8 text (is this a CSV file?)") from None
    return parse_shape_list(text, path)


def write_shape_list(problems: list[Problem], path: Path | str) -> None:
    """Write problems back as a shape list (round-trips through parse)."""
    buf = io.StringIO()
    writer = csv.writer(buf, lineterminator="\n")
    writer.writerow(["m", "n", "k", "batch", "dtype", "name"])  # name last: a row never starts with '#'
    for p in problems:
        writer.writerow([p.m, p.n, p.k, p.batch, p.dtype, p.name])
    atomic_write_text(path, buf.getvalue())
