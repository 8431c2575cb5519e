"""Tuning libraries: per target, the winning knob setting per shape, as a PAIR of spec files.

A library directory holds ``library-<target>.json`` (the knob settings, the source
of truth), ``preprocess-<target>.mlir`` (split chunks, a preprocessing transform
spec), ``tuning-<target>.mlir`` (codegen configs; a split shape's matcher sees
k = chunk) and ``flags-<target>.txt`` (the exact iree-compile flags that use them).
``vdmfma tune`` writes one; the ``tuned`` variant reads one. Where the configs go is
the target's backend's *spec route* (``Backend.spec_route``, passed in by the caller):
CODEGEN, the codegen tuning spec, or PREPROCESSING, next to the split, on a target whose
codegen tuning spec IREE ignores (CUDA in 3.13, backends/cuda/); then there is no tuning file.

Each entry records its basis: ``measured`` (with the device it was measured on and
when the tune recorded it) or ``modelled`` (the backend's perf MODEL ranked
it; nothing was run). :func:`publish` merges a tune's library into a folder the user names: a newer
measurement of a shape replaces the older, other entries stay, a modelled entry never
replaces a measured one, and modelled entries are refused unless allowed. It never
writes into the repository's shipped ``specs/`` folder (the decode specs).
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field, replace
from datetime import datetime, timezone
from pathlib import Path
from typing import Mapping, Optional, Sequence

from ..problems.problem import Problem
from ..problems.sealed import damaged_line, seal, unseal
from .config import KernelConfig
from .knobs import dispatch_config, dispatch_problem, folds_to_matvec, knob_config
from .annotate import config_for_form
from .forms import Contraction
from .prespec import FLAG as PREPROCESS_FLAG, forms_of, preprocessing_spec_text
from .spec import as_contraction, spec_text
from ..util.io import atomic_write_text
from ..util.lock import LockWaitTimeout, waiting_lock

TUNING_FLAG = "--iree-codegen-tuning-spec-path"
PUBLISH_WAIT_S = 120.0  # a publish reads, merges and writes a few files: one held longer is stopped, not busy
# The op forms a torch export's GEMMs have before global optimization (nn.Linear is matmul(A, transpose(W)); a
# rank-3 one a unit-batch batch_matmul): a preprocessing spec matches its configs in these too, or a library's
# configs never reach a model's GEMMs on CUDA (the tuned forward on the H200 was IREE's default).
EXPORT_FORMS = ("mm", "bmm")
CODEGEN, PREPROCESSING = "codegen", "preprocessing"  # spec routes: where a knob setting's config goes


MEASURED, MODELLED = "measured", "modelled"
UNVERIFIED = "no checksums (written before vdmfma checksummed libraries): not verified"
SHIPPED_SPECS = Path(__file__).resolve().parents[2] / "specs"  # the repository's decode specs: never published into


@dataclass(frozen=True)
class Entry:
    problem: Problem
    knobs: Mapping[str, object]
    basis: str = ""  # MEASURED, MODELLED, or '' (a library written before bases were recorded)
    device: str = ""  # where it was measured ('none' when modelled)
    recorded_at: str = ""  # ISO-8601 UTC: when the tune that measured (or modelled) it wrote it

    @property
    def split(self) -> int:
        return int(self.knobs.get("split", 0) or 0)

    @property
    def provenance(self) -> str:
        """'measured on cuda, 2026-11-22T10:00:00Z', 'MODELLED (nothing run)' or 'basis not recorded'."""
        if self.basis == MODELLED:
            return "MODELLED (nothing run)" + (f", {self.recorded_at}" if self.recorded_at else "")
        if self.basis == MEASURED:
            return f"measured on {self.device or 'an unrecorded device'}" + (f", {self.recorded_at}" if self.recorded_at else "")
        return "basis not recorded"


def now_utc() -> str:
    return datetime.now(timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")


@dataclass(frozen=True)
class Library:
    target: str
    entries: tuple[Entry, ...]
    unverified: bool = False  # read from a file without checksums (written before vdmfma checksummed libraries)

    def find(self, problem: Problem) -> Optional[Entry]:
        return next((e for e in self.entries if e.problem.key == problem.key), None)

    def config(self, problem: Problem, arch: str) -> Optional[KernelConfig]:
        entry = self.find(problem)
        return knob_config(problem, arch, entry.knobs) if entry else None

    def split(self, problem: Problem) -> int:
        entry = self.find(problem)
        return entry.split if entry else 0

    def spec_texts(self, route: str, extra_forms: Sequence[str] = ()) -> tuple[Optional[str], Optional[str]]:
        """(preprocessing spec, codegen tuning spec) texts for the spec ``route``; None where there is nothing.

        ``extra_forms``: the matchers also match these op forms (a torch export's A*B ``mm``/``bmm``
        before global optimization, and its unit-batch ``bmm`` dispatch; prespec.forms_of)."""
        return spec_pair([(e.problem, e.split, knob_config(e.problem, self.target, e.knobs))
                          for e in self.entries], route, extra_forms)

    def conflicts(self, route: str) -> list[str]:
        """Shapes whose split dispatch another entry's config already claims with a different config.

        Only where configs go into the codegen spec (matched on the split dispatch): in the
        preprocessing spec each config is matched on its own unsplit op (CUDA), so none clash.
        """
        if route != CODEGEN:
            return []
        seen: dict[str, tuple[str, KernelConfig]] = {}
        notes = []
        for e in self.entries:
            config = knob_config(e.problem, self.target, e.knobs)
            if config is None:
                continue
            key = dispatch_problem(e.problem, e.split).key
            if key in seen and seen[key][1] != config:
                notes.append(f"{e.problem.key}: its dispatch {key} takes {seen[key][0]}'s config")
            seen.setdefault(key, (e.problem.key, config))
        return notes


def spec_pair(entries: Sequence[tuple[Problem, int, Optional[object]]],
              route: str, extra_forms: Sequence[str] = ()) -> tuple[Optional[str], Optional[str]]:
    """(preprocessing spec, codegen tuning spec) texts for (problem, split chunk, config or None) entries.

    The ONE place that builds the pair for a spec ``route`` (the backend's ``spec_route``):
    CODEGEN puts configs in the codegen spec (matching k = chunk for a split dispatch; the
    first entry wins a shared dispatch), PREPROCESSING next to the split (CUDA).
    """
    if route not in (CODEGEN, PREPROCESSING):
        raise ValueError(f"unknown spec route {route!r}; valid: {CODEGEN}, {PREPROCESSING}")
    if route == PREPROCESSING:
        pre = [(p, chunk, config) for p, chunk, config in entries if chunk or config is not None]
        return (preprocessing_spec_text(pre, extra_forms) if pre else None), None
    splits = [(p, chunk) for p, chunk, _ in entries if chunk]
    codegen: dict[str, tuple[object, object]] = {}
    for p, chunk, config in entries:
        if config is not None:
            q = dispatch_problem(p, chunk)
            if folds_to_matvec(q, config):  # M = 1: the dispatch is the matvec IREE folded it into
                mv = Contraction(q, "mv", as_contraction(q).acc)
                codegen.setdefault(mv.key, (mv, dispatch_config(q, config)))
            codegen.setdefault(q.key, (q, config))
            for c in forms_of(dispatch_problem(p, chunk), extra_forms)[1:]:  # e.g. a torch export's unit-batch bmm
                codegen.setdefault(c.key, (c, config_for_form(c, config)))
    return ((preprocessing_spec_text(splits, extra_forms) if splits else None),
            (spec_text(list(codegen.values())) if codegen else None))


def paths(directory: Path | str, target: str) -> dict[str, Path]:
    d = Path(directory)
    return {"library": d / f"library-{target}.json", "preprocess": d / f"preprocess-{target}.mlir",
            "tuning": d / f"tuning-{target}.mlir", "flags": d / f"flags-{target}.txt"}


def write_library(library: Library, directory: Path | str, base_flags: Sequence[str],
                  route: str) -> dict[str, Path]:
    """Write the JSON, the spec pair for the spec ``route`` (each only when it has entries) and the
    flags; returns what was written."""
    p = paths(directory, library.target)
    p["library"].parent.mkdir(parents=True, exist_ok=True)
    data = {"target": library.target, "entries": [
        {"name": e.problem.name, "m": e.problem.m, "n": e.problem.n, "k": e.problem.k, "batch": e.problem.batch,
         "dtype": e.problem.dtype, "knobs": dict(e.knobs), "basis": e.basis, "device": e.device,
         "recorded_at": e.recorded_at} for e in library.entries]}
    atomic_write_text(p["library"], json.dumps(seal(data, "entries"), indent=1))
    flags = list(base_flags)
    written = {"library": p["library"]}
    pre, tuning = library.spec_texts(route, EXPORT_FORMS if route == PREPROCESSING else ())
    for kind, flag, text in (("preprocess", PREPROCESS_FLAG, pre), ("tuning", TUNING_FLAG, tuning)):
        if text is None:
            p[kind].unlink(missing_ok=True)
            continue
        atomic_write_text(p[kind], text)
        flags.append(f"{flag}={p[kind]}")  # as given: a relative directory stays relative (portable)
        written[kind] = p[kind]
    atomic_write_text(p["flags"], " ".join(flags) + "\n")
    written["flags"] = p["flags"]
    return written


def read_library(path: Path | str, target: Optional[str] = None) -> Library:
    """A library from its JSON file, or from a directory holding library-<target>.json. Its checksums (the row
    store's, problems/sealed.py) must verify: a library is written by vdmfma (tune, --publish, library build), not
    edited by hand, so an edited or damaged one is a ValueError naming the file; one without checksums (written
    before them) is read as ``unverified``."""
    path = Path(path)
    if path.is_dir():
        if target is None:
            found = sorted(path.glob("library-*.json"))
            if len(found) != 1:
                raise ValueError(f"{path}: expected one library-<target>.json, found {len(found)}")
            path = found[0]
        else:
            path = paths(path, target)["library"]
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        sealed = unseal(data, "entries", path)
        entries = tuple(Entry(Problem(m=int(e["m"]), n=int(e["n"]), k=int(e["k"]), batch=int(e.get("batch", 1)),
                                      dtype=e.get("dtype", "f16"), name=e.get("name", "")), dict(e["knobs"]),
                              str(e.get("basis", "")), str(e.get("device", "")), str(e.get("recorded_at", "")))
                        for e in sealed.entries)
        library = Library(str(data["target"]), entries, sealed.unverified)
    except (KeyError, TypeError, AttributeError, json.JSONDecodeError) as e:
        raise ValueError(f"{path}: not a tuning library ({type(e).__name__}: {e})") from None
    if sealed.damaged:
        raise ValueError(f"{damaged_line(path, sealed.damaged)}: a library is written by vdmfma, not edited; rebuild "
                         "it (vdmfma tune --publish, or vdmfma library build)")
    return library


@dataclass
class Merge:
    """What a publish did, shape by shape (problem keys)."""

    library: Library
    added: list[str] = field(default_factory=list)
    replaced: list[str] = field(default_factory=list)
    kept: list[str] = field(default_factory=list)  # entries of the existing library left as they were
    refused: list[str] = field(default_factory=list)  # 'key: why' for entries of the tune not published
    kept_unverified: bool = False  # the folder's library had no checksums: its kept entries were not verified

    def summary(self) -> str:
        parts = [f"added {len(self.added)}", f"replaced {len(self.replaced)}", f"kept {len(self.kept)}"]
        return (", ".join(parts) + (f", refused {len(self.refused)}" if self.refused else "")
                + (f" (the folder's library: {UNVERIFIED})" if self.kept_unverified and self.kept else ""))


def merge_library(old: Optional[Library], new: Library, allow_modelled: bool = False) -> Merge:
    """``new``'s entries merged into ``old`` (same target). Per shape: a new entry is added; it replaces an
    existing one only if it was recorded at the same time or later, and a modelled entry never replaces a
    measured one; every other existing entry is kept. Modelled entries are refused unless ``allow_modelled``."""
    if old is not None and old.target != new.target:
        raise ValueError(f"cannot merge a {new.target} library into a {old.target} one")
    merged = {e.problem.key: e for e in (old.entries if old else ())}
    m = Merge(new, kept_unverified=bool(old and old.unverified))
    for e in new.entries:
        key = e.problem.key
        if e.basis == MODELLED and not allow_modelled:
            m.refused.append(f"{key}: its winner is MODELLED, not measured (--allow-modelled publishes it)")
            continue
        was = merged.get(key)
        if was is None:
            merged[key] = e
            m.added.append(key)
        elif was.basis == MEASURED and e.basis != MEASURED:
            m.refused.append(f"{key}: the library's entry is measured ({was.provenance}); a "
                             f"{e.basis or 'basis-less'} entry does not replace it")
        elif e.recorded_at and was.recorded_at and e.recorded_at < was.recorded_at:
            m.refused.append(f"{key}: the library's entry is newer ({was.recorded_at})")
        else:
            merged[key] = e
            m.replaced.append(key)
    touched = set(m.added) | set(m.replaced)
    m.kept = [k for k in merged if k not in touched]
    m.library = replace(new, entries=tuple(merged.values()))
    return m


def check_library(path: Path | str, target: str, option: str = "--library") -> Library:
    """The library ``option`` names, read and checked up front (before anything is exported or compiled):
    ValueError naming the option when it is missing, not a library, or for another target."""
    path = Path(path)
    if not path.exists():
        raise ValueError(f"{option} {path}: no such file or folder")
    if path.is_dir() and not paths(path, target)["library"].is_file():
        found = sorted(p.name for p in path.glob("library-*.json"))
        raise ValueError(f"{option} {path}: no library-{target}.json in it"
                         + (f" (it has {', '.join(found)}: another target's)" if found else " (not a library folder)"))
    try:
        lib = read_library(path, target)
    except (OSError, UnicodeDecodeError, ValueError) as e:
        raise ValueError(f"{option} {path}: {e}") from None
    if lib.target != target:
        raise ValueError(f"{option} {path}: a library for {lib.target}, not --target {target}")
    return lib


def check_publish(directory: Path | str, target: str) -> None:
    """--publish checked before the tune: a folder (or not made yet), not the shipped specs/, and any library it
    already holds for ``target`` readable (a broken one is never overwritten blind: said now, not after the tune)."""
    directory = Path(directory)
    if directory.exists() and not directory.is_dir():
        raise ValueError(f"--publish {directory} is a file; it names a folder (created if absent)")
    if shipped_specs(directory):
        raise ValueError(f"--publish {directory}: that is the repository's shipped specs/ folder; publish into a "
                         "folder of your own")
    if paths(directory, target)["library"].exists():
        check_library(directory, target, "--publish")


def shipped_specs(directory: Path | str) -> bool:
    """True for the repository's shipped specs/ folder (decode specs + regenerate.py)."""
    d = Path(directory).resolve()
    return d == SHIPPED_SPECS or ((d / "regenerate.py").is_file() and any(d.glob("gfx*-*.mlir")))


def publish(library: Library, directory: Path | str, base_flags: Sequence[str], route: str,
            allow_modelled: bool = False) -> tuple[Merge, dict[str, Path]]:
    """Merge ``library`` into the library in ``directory`` (created if absent) and write the result.

    ValueError (nothing written) for the shipped specs/ folder, an existing library that cannot be read,
    or when nothing is left to publish. Two publishes into one folder at once (two tunes ending together) take
    turns on ``.library-TARGET.lock`` there: each merges into what the other wrote, so no shape is lost."""
    if shipped_specs(directory):
        raise ValueError(f"--publish {directory}: that is the repository's shipped specs/ folder (the decode "
                         f"specs); publish into a folder of your own, e.g. --publish tuned-specs")
    p = paths(directory, library.target)["library"]
    lock = Path(directory) / f".library-{library.target}.lock"
    try:
        with waiting_lock(lock, wait_s=PUBLISH_WAIT_S):
            old = read_library(p) if p.is_file() else None  # ValueError for a damaged one: never overwritten blind
            merge = merge_library(old, library, allow_modelled)
            if not merge.added and not merge.replaced:
                raise ValueError(f"--publish {directory}: nothing to publish ("
                                 + ("; ".join(merge.refused) if merge.refused else "no winner") + ")")
            return merge, write_library(merge.library, directory, base_flags, route)
    except LockWaitTimeout:
        raise ValueError(f"--publish {directory}: another process has held {lock} for more than {PUBLISH_WAIT_S:g} s "
                         "(stopped?); nothing published: the tune's own library is in its --out (specs/)") from None
