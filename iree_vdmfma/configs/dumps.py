"""Dispatch dumps as problem lists: what ``iree-compile --iree-hal-dump-executable-benchmarks-to=DIR`` writes.

Each ``*_benchmark.mlir`` file there holds one dispatch (a ``hal.executable`` with its function, after
dispatch formation, plus a benchmark driver), the same files amdsharktuner tunes. Every contraction in
one of ``forms.FORMS`` is read with the bindings (shapes, dtype, batch and form from the op itself, never
from the file name) and becomes a :class:`Problem` named after its file; a contraction several dispatches
share is one problem, named after the first file. A dump of the whole model also holds dispatches
with no contraction (elementwise, initializers): they are counted, not errors. What a contraction in no
known form or dtype is, and why it is left out, is said per file.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

from iree.compiler import ir

from ..problems.problem import Problem
from ..util.io import read_input_text
from .forms import Contraction, classify

BENCHMARK_GLOB = "*_benchmark.mlir"


@dataclass
class Dump:
    """The problems of a dispatch dump, and what was left out."""

    source: Path
    problems: list[Problem] = field(default_factory=list)
    forms: dict[str, str] = field(default_factory=dict)  # problem key -> op form it was found in (mmt, bmm, ...)
    files: dict[str, list[str]] = field(default_factory=dict)  # problem key -> every file that holds it
    skipped: list[str] = field(default_factory=list)  # 'file: why' for contractions that are no problem of ours
    without: int = 0  # files with no contraction at all

    def notes(self) -> list[str]:
        out = [f"{self.source}: {len(self.problems)} distinct contraction(s) in {sum(map(len, self.files.values()))} "
               f"dispatch file(s); {self.without} file(s) hold none"]
        out += [f"  {key}: in {len(files)} files ({files[0]}, ...)" for key, files in self.files.items()
                if len(files) > 1]
        out += [f"  {key}: written as {form} in the dump (swept and tuned in the toolkit's A*B^T form)"
                for key, form in self.forms.items() if form not in ("mmt", "bmmt")]
        out += [f"  left out: {why}" for why in self.skipped]
        return out


def dump_files(path: Path | str) -> list[Path]:
    """The dispatch files of a dump folder (its benchmark files; else every *.mlir), or the one file given."""
    path = Path(path)
    if not path.exists():
        raise ValueError(f"{path}: no such file or folder")
    if not path.is_dir():
        return [path]
    files = sorted(path.glob(BENCHMARK_GLOB), key=_natural) or sorted(path.glob("*.mlir"), key=_natural)
    if not files:
        raise ValueError(f"{path}: no dispatch files (*{BENCHMARK_GLOB[1:]} or *.mlir) in the folder; make them with "
                         "iree-compile ... --iree-hal-dump-executable-benchmarks-to=DIR")
    return files


def dispatch_name(path: Path) -> str:
    """A row's name for a dispatch file: IREE's name of the dispatch, which is stable across recompiles and short
    enough for a table ('module_main$async_dispatch_3_rocm_hsaco_fb_benchmark.mlir' -> 'main$async_dispatch_3'),
    the file's stem when it has no ``dispatch_N`` in it. ``Dump.files`` keeps every file name."""
    found = re.match(r"(?:module_)?(.*?dispatch_\d+)(?:_|$)", path.stem)
    return found.group(1) if found else path.stem


def _natural(path: Path) -> tuple:
    """..._dispatch_10_... sorts after ..._dispatch_9_... (dispatch order)."""
    return tuple((0, int(t), "") if t.isdigit() else (1, 0, t) for t in re.split(r"(\d+)", path.name))


def contractions(path: Path) -> tuple[list[Contraction], list[str]]:
    """(the contractions of one dispatch file, why each contraction-like op that is none of ours is left out)."""
    text = read_input_text(path, str(path))  # 'not UTF-8 text (byte 0xff on line 2)', as every input says
    with ir.Context():
        try:
            module = ir.Module.parse(text)
        except ir.MLIRError as e:
            lines = [line.strip() for line in str(e).splitlines() if "error" in line]
            raise ValueError(f"{path}: not a dispatch IREE parses ({lines[0] if lines else e})") from None
        found: list[Contraction] = []
        why: list[str] = []

        def visit(op):
            contraction, reason = classify(op)
            if contraction is not None:
                found.append(contraction)
            elif reason:
                why.append(f"{path.name}: {op.name}: {reason}")
            return ir.WalkResult.ADVANCE

        module.operation.walk(visit)
        return found, why


def read_dump(path: Path | str) -> Dump:
    """The problems of a dump folder or one dispatch file; ValueError (naming the file) when there is none."""
    dump = Dump(Path(path))
    for f in dump_files(path):
        found, why = contractions(f)
        dump.skipped += why
        dump.without += not found and not why
        for c in found:
            if c.problem.key not in dump.files:
                dump.problems.append(Problem(m=c.problem.m, n=c.problem.n, k=c.problem.k, batch=c.problem.batch,
                                             dtype=c.problem.dtype, name=dispatch_name(f)))
                dump.forms[c.problem.key] = c.form
            dump.files.setdefault(c.problem.key, []).append(f.name)
    if not dump.problems:
        raise ValueError(f"{path}: no contraction in a known form and dtype in its dispatches"
                         + (f" ({dump.skipped[0]})" if dump.skipped else ""))
    return dump
