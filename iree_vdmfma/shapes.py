"""Shape lists: CSV files of problems.

Header with ``m,n,k`` required and ``batch`` (default 1), ``dtype`` (default
f16), ``name`` optional; blank lines and ``#`` comments are allowed anywhere.
Every error names the file, the line and the field, and the whole file is
validated before anything is returned, so a bad row never half-starts a sweep.
"""

from __future__ import annotations

import csv
from pathlib import Path

from .problem import DTYPES, MAX_DIM, Problem

REQUIRED = ("m", "n", "k")
OPTIONAL = ("batch", "dtype", "name")


class ShapeListError(ValueError):
    """A problem with a shape list, located to file, line and field."""

    def __init__(self, path: Path | str, line: int | None, field: str | None, message: str):
        self.path, self.line, self.field = Path(path), line, field
        where = f"{path}" + (f":{line}" if line else "") + (f": field '{field}'" if field else "")
        super().__init__(f"{where}: {message}")


def _content_lines(text: str) -> list[tuple[int, str]]:
    """(line number, text) for lines that are neither blank nor comments."""
    out = []
    for number, line in enumerate(text.splitlines(), start=1):
        stripped = line.strip()
        if stripped and not stripped.startswith("#"):
            out.append((number, line))
    return out


def _dim(path: Path, line: int, field: str, raw: str) -> int:
    raw = raw.strip()
    try:
        value = int(raw)
    except ValueError:
        raise ShapeListError(path, line, field, f"{raw!r} is not an integer") from None
    if value < 1:
        raise ShapeListError(path, line, field, f"{value} must be >= 1")
    if value > MAX_DIM:
        raise ShapeListError(path, line, field, f"{value} exceeds the compiler's index range ({MAX_DIM})")
    return value


def _row(path: Path, line: int, header: list[str], cells: list[str]) -> Problem:
    if len(cells) != len(header):
        raise ShapeListError(path, line, None, f"expected {len(header)} fields ({','.join(header)}), got {len(cells)}")
    row = dict(zip(header, cells))
    for field in REQUIRED:
        if not row[field].strip():
            raise ShapeListError(path, line, field, "is empty")
    dims = {f: _dim(path, line, f, row[f]) for f in REQUIRED}
    batch = _dim(path, line, "batch", row["batch"]) if row.get("batch", "").strip() else 1
    dt = row.get("dtype", "").strip() or "f16"
    if dt not in DTYPES:
        raise ShapeListError(path, line, "dtype", f"unknown dtype {dt!r}; valid: {', '.join(DTYPES)}")
    return Problem(batch=batch, dtype=dt, name=row.get("name", "").strip(), **dims)


def parse_shape_list(text: str, path: Path | str = "<string>") -> list[Problem]:
    """Parse shape-list text; raises ShapeListError on the first bad line."""
    path = Path(path)
    lines = _content_lines(text)
    if not lines:
        raise ShapeListError(path, None, None, "the shape list is empty (no header, no rows)")
    header_line, header_text = lines[0]
    header = [h.strip().lower() for h in next(csv.reader([header_text]))]
    for field in REQUIRED:
        if field not in header:
            raise ShapeListError(path, header_line, field, f"required column missing from header {header}")
    for field in header:
        if field not in REQUIRED + OPTIONAL:
            raise ShapeListError(path, header_line, field, f"unknown column; valid: {', '.join(REQUIRED + OPTIONAL)}")
    if len(lines) == 1:
        raise ShapeListError(path, None, None, "the shape list has a header but no rows")
    problems: list[Problem] = []
    seen: dict[str, int] = {}
    for number, text_line in lines[1:]:
        problem = _row(path, number, header, next(csv.reader([text_line])))
        if problem.name in seen:
            raise ShapeListError(path, number, "name", f"duplicate name {problem.name!r} (first on line {seen[problem.name]})")
        seen[problem.name] = number
        problems.append(problem)
    return problems


def load_shape_list(path: Path | str) -> list[Problem]:
    path = Path(path)
    try:
        text = path.read_text()
    except OSError as e:
        raise ShapeListError(path, None, None, f"cannot read: {e.strerror}") from None
    return parse_shape_list(text, path)


def write_shape_list(problems: list[Problem], path: Path | str) -> None:
    """Write problems back as a shape list (round-trips through parse)."""
    lines = ["name,m,n,k,batch,dtype"]
    lines += [f"{p.name},{p.m},{p.n},{p.k},{p.batch},{p.dtype}" for p in problems]
    Path(path).write_text("\n".join(lines) + "\n")
