"""Kernel fingerprints: a hash of what a compile dispatches, with volatile metadata stripped.

Two compiles with one fingerprint dispatch the same code: the same executables, in the
same order, with the same instructions. A report must not call one of them a win over the
other (on the H100, ``splitk`` compiled to the very same kernel as ``default`` on two shapes
and a 5% drift between rows measured minutes apart read as a 1.05x "win").

What is hashed: every executable's ISA text the compile dump keeps (compiler/entry.py
``KEEP_SUFFIXES``: ROCm ``.rocmasm``, CUDA ``.ptx``, llvm-cpu ``.s``), one file per
executable, generic over backends: no backend's syntax is parsed, only lines are dropped or
rewritten. Stripped before hashing, so two compiles of one kernel in two cache entries,
two modules or two runs hash alike:

- comment lines (``;``, ``//``, ``#``) and the directives that only carry provenance:
  ``.file``, ``.ident``, ``.loc`` (source line numbers of the configured IR), producer strings;
- absolute paths (the dump directory of a temp cache entry) and ISO timestamps;
- symbol names: every ``..._dispatch_N...`` name becomes ``@k0``, ``@k1``... in order of
  first appearance, so a kernel keeps its fingerprint whatever its module or dispatch is called.

The executables are hashed in dispatch order (a split-K compile has two: its partial and its
reduce dispatch), so a split that applied changes the fingerprint and one that did not does not.
Nothing here is measured; it is a property of the compiled code.
"""

from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Optional

from ..util.io import read_tool_text

ISA_SUFFIXES = (".rocmasm", ".ptx", ".s")  # the executables' code as the dump keeps it (one file each)
DIGITS = 16  # hex digits kept: collisions are not a concern among a few thousand kernels

_COMMENT = re.compile(r"^\s*(?://|;|#)")
_PROVENANCE = re.compile(r"^\s*\.(?:file|ident|loc)\b")
_PRODUCER = re.compile(r'"[^"\n]*(?:LLVM|clang|IREE|version)[^"\n]*"', re.I)
_PATH = re.compile(r'(?:"[^"\n]*/[^"\n]*"|(?<![\w.])/(?:[\w.+-]+/)+[\w.+-]*)')
_TIMESTAMP = re.compile(r"\b\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?\b")
_SYMBOL = re.compile(r"\b[A-Za-z_][\w$]*_dispatch_\d+[\w$]*")
_NUMBER = re.compile(r"(\d+)")


@dataclass(frozen=True)
class Fingerprint:
    digest: str  # '' when the dump holds no executable code
    executables: int  # ISA files hashed (dispatches with code)

    def __bool__(self) -> bool:
        return bool(self.digest)


def normalize(text: str, names: Optional[dict[str, str]] = None) -> str:
    """ISA text with volatile metadata stripped (see the module docstring). ``names``: the symbol
    renaming, shared across a dump's files so one kernel named in two files keeps one name."""
    names = {} if names is None else names

    def rename(m: re.Match) -> str:
        return names.setdefault(m.group(0), f"@k{len(names)}")

    out = []
    for line in text.splitlines():
        if not line.strip() or _COMMENT.match(line) or _PROVENANCE.match(line):
            continue
        line = _PRODUCER.sub('"<producer>"', line)
        line = _PATH.sub('"<path>"', line)
        line = _TIMESTAMP.sub("<time>", line)
        out.append(_SYMBOL.sub(rename, line.rstrip()))
    return "\n".join(out) + "\n"


def _dispatch_order(path: Path) -> list:
    """Natural order of file names: dispatch_2 before dispatch_10."""
    return [int(p) if p.isdigit() else p for p in _NUMBER.split(path.name)]


def isa_files(dump_dir: Path | str) -> list[Path]:
    """The executables' ISA files of a dump, in dispatch order."""
    d = Path(dump_dir)
    if not d.is_dir():
        return []
    return sorted((p for p in d.iterdir() if p.is_file() and p.name.endswith(ISA_SUFFIXES)), key=_dispatch_order)


def fingerprint(dump_dir: Path | str) -> Fingerprint:
    """The kernel fingerprint of a compile's dump (``Fingerprint('', 0)`` when it holds no ISA)."""
    files = isa_files(dump_dir)
    if not files:
        return Fingerprint("", 0)
    h, names = hashlib.sha256(), {}
    for f in files:
        h.update(hashlib.sha256(normalize(read_tool_text(f), names).encode()).digest())
    return Fingerprint(h.hexdigest()[:DIGITS], len(files))


_KERNEL_START = re.compile(r"^\s*(?:\.visible\s+\.entry\s+|\.type\s+)([\w$.]+)(?:\s*\(|,\s*@function)", re.M)
_FUNC_END = re.compile(r"^\.Lfunc_end\d+:", re.M)


def kernel_name(name: str) -> str:
    """A kernel's name as kernel_digests keys it: PTX spells a dispatch's ``$`` as ``_``, so every key does."""
    return name.replace("$", "_")


def kernel_digests(dump_dir: Path | str) -> dict[str, str]:
    """Each kernel's own digest (its normalised instructions alone), by kernel_name: which dispatches two compiles
    of one whole model share. A whole-model compile links every kernel into one file: it is split where a kernel
    starts (PTX ``.visible .entry NAME``, ELF assembly ``.type NAME,@function``), each part ending at the next
    start or its ``.Lfunc_end`` label (the metadata after it is shared); a file without one is one executable,
    named by its file."""
    out: dict[str, str] = {}
    for f in isa_files(dump_dir):
        text = read_tool_text(f)
        starts = [(m.group(1), m.start()) for m in _KERNEL_START.finditer(text)]
        parts = {}
        for i, (name, s) in enumerate(starts):
            stop = starts[i + 1][1] if i + 1 < len(starts) else len(text)
            end = _FUNC_END.search(text, s, stop)
            parts[kernel_name(name)] = text[s: end.start() if end else stop]
        for name, body in (parts or {f.name: text}).items():
            out[name] = hashlib.sha256(normalize(body).encode()).hexdigest()[:DIGITS]
    return out
