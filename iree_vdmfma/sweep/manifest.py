"""The manifest of a sweep directory: what `vdmfma bench` needs to run it on another machine.

``OUT/modules.json`` lists every module (relative path to its .vmfb, the flags that
built it, the target) and every peer (the torch variant: nothing compiled), each
with its input recipe: problem shape and dtype, the seed and the generator
(run/numerics.make_inputs) -- the data itself is regenerated, never shipped. It
also records the compiler version and toolkit version that built the directory.
Its header and every entry carry the row store's checksum (problems/sealed.py): an entry edited after the
sweep wrote it is not trusted (bench leaves it out and says so; the sweep rewrites the file); a file from
before checksums (format 1) is read and said to be unverified. A file of a newer format than this vdmfma reads
is one line naming the file and its format. Imports neither the compiler nor the runtime.
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Sequence

from ..problems.problem import Problem
from ..problems.rows import Identity
from ..problems.sealed import CHECKSUM, seal, unseal
from ..util.io import atomic_write_text

MANIFEST_NAME = "modules.json"
FORMAT = 2  # 2: a checksum on the header and on each entry; 1: none (or, written in between, the same checksums)
INPUT_GENERATOR = "iree_vdmfma.run.numerics.make_inputs"


@dataclass(frozen=True)
class ModuleEntry(Identity):  # the shape and target columns every row schema shares (problems/rows.py)
    variant: str
    vmfb: str  # relative to the directory; '' for a peer
    key: str = ""
    flags: tuple[str, ...] = ()
    runner: str = "iree"  # 'iree' (a module) or 'torch' (the vendor-library peer)
    runnable: bool = True  # the module has @gemm_loop (cold rotation)
    seed: int = 0
    generator: str = INPUT_GENERATOR

    @classmethod
    def of(cls, problem: Problem, variant: str, target: str, vmfb: str, flags: Sequence[str],
           runner: str, runnable: bool = True, seed: int = 0) -> "ModuleEntry":
        return cls(**problem.identity(), target=target, variant=variant, vmfb=vmfb, flags=tuple(flags),
                   runner=runner, runnable=runnable, seed=seed)

    @property
    def problem(self) -> Problem:
        return Problem(self.m, self.n, self.k, batch=self.batch, dtype=self.dtype, name=self.name)


@dataclass(frozen=True)
class Manifest:
    target: str
    compiler_version: str
    toolkit_version: str
    baseline: str
    entries: tuple[ModuleEntry, ...] = field(default_factory=tuple)
    format: int = FORMAT
    # read back, never written: 'entry N: why' for entries whose checksum does not verify (left out of entries),
    # and whether the file had no checksums at all (written before vdmfma checksummed it)
    damaged: tuple[str, ...] = ()
    unverified: bool = False

    @classmethod
    def new(cls, target: str, compiler_version: str, baseline: str, entries: Sequence[ModuleEntry]) -> "Manifest":
        from importlib import metadata

        try:
            toolkit = metadata.version("iree-vdmfma")
        except metadata.PackageNotFoundError:
            toolkit = ""
        return cls(target, compiler_version, toolkit, baseline, tuple(entries))


def write_manifest(out: Path, manifest: Manifest) -> Path:
    out = Path(out)
    out.mkdir(parents=True, exist_ok=True)
    doc = {k: v for k, v in asdict(manifest).items() if k not in ("damaged", "unverified")}
    return atomic_write_text(out / MANIFEST_NAME, json.dumps(seal(doc, "entries"), indent=1))


def read_manifest(directory: Path) -> Manifest:
    """The directory's manifest; ValueError (one line) when it is missing or unreadable, or its header was edited.
    Entries whose checksum does not verify are left out and named in ``damaged``."""
    path = Path(directory) / MANIFEST_NAME
    if not path.is_file():
        raise ValueError(f"{directory}: no {MANIFEST_NAME}; make it with `vdmfma sweep LIST --target T --out {directory}`")
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        fmt = data.get("format")
    except (ValueError, AttributeError) as e:
        raise ValueError(f"{path}: not a usable manifest ({e})") from None
    if isinstance(fmt, int) and fmt > FORMAT:
        raise ValueError(f"{path}: a {MANIFEST_NAME} of format {fmt}, written by a newer vdmfma; this one reads "
                         f"formats 1 to {FORMAT} (upgrade vdmfma, or re-run the sweep with this one)")
    try:
        if fmt not in (1, FORMAT):
            raise ValueError(f"format {fmt!r}, expected 1 to {FORMAT}")
        sealed = unseal(data, "entries", path)
        if sealed.unverified and fmt == FORMAT:
            raise ValueError(f"format {fmt} without checksums (edited after vdmfma wrote it)")
        entries = tuple(ModuleEntry(**{**e, "flags": tuple(e.get("flags", ()))}) for e in sealed.entries)
        header = {k: v for k, v in data.items() if k not in ("entries", CHECKSUM)}
        return Manifest(**header, entries=entries, damaged=tuple(sealed.damaged), unverified=sealed.unverified)
    except (ValueError, TypeError, KeyError) as e:
        raise ValueError(f"{path}: not a usable manifest ({e})") from None
