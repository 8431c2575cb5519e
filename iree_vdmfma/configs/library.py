"""Tuning libraries: per target, the winning knob setting per shape, as a PAIR of spec files.

A library directory holds ``library-<target>.json`` (the knob settings, the source
of truth), ``preprocess-<target>.mlir`` (split chunks, a preprocessing transform
spec), ``tuning-<target>.mlir`` (codegen configs; a split shape's matcher sees
k = chunk) and ``flags-<target>.txt`` (the exact iree-compile flags that use them).
``vdmfma tune`` writes one; the ``tuned`` variant reads one. On a target whose
codegen tuning spec IREE ignores (CUDA in 3.13, devices/flags.codegen_spec_honoured)
the configs go into the preprocessing spec instead and there is no tuning file.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Mapping, Optional, Sequence

from ..devices.flags import codegen_spec_honoured
from ..problems.problem import Problem
from .config import KernelConfig
from .knobs import dispatch_problem, knob_config
from .annotate import config_for_form
from .forms import FORMS
from .prespec import FLAG as PREPROCESS_FLAG, forms_of, preprocessing_spec_text
from .spec import spec_text
from ..util.io import atomic_write_text

TUNING_FLAG = "--iree-codegen-tuning-spec-path"


@dataclass(frozen=True)
class Entry:
    problem: Problem
    knobs: Mapping[str, object]

    @property
    def split(self) -> int:
        return int(self.knobs.get("split", 0) or 0)


@dataclass(frozen=True)
class Library:
    target: str
    entries: tuple[Entry, ...]

    def find(self, problem: Problem) -> Optional[Entry]:
        return next((e for e in self.entries if e.problem.key == problem.key), None)

    def config(self, problem: Problem, arch: str) -> Optional[KernelConfig]:
        entry = self.find(problem)
        return knob_config(problem, arch, entry.knobs) if entry else None

    def split(self, problem: Problem) -> int:
        entry = self.find(problem)
        return entry.split if entry else 0

    def spec_texts(self, extra_forms: Sequence[str] = ()) -> tuple[Optional[str], Optional[str]]:
        """(preprocessing spec, codegen tuning spec) texts; None where there is nothing to say.

        ``extra_forms``: the matchers also match these op forms (a torch export's A*B ``mm``/``bmm``
        before global optimization, and its unit-batch ``bmm`` dispatch; prespec.forms_of)."""
        return spec_pair([(e.problem, e.split, knob_config(e.problem, self.target, e.knobs))
                          for e in self.entries], self.target, extra_forms)

    def conflicts(self) -> list[str]:
        """Shapes whose split dispatch another entry's config already claims with a different config.

        Only where configs go into the codegen spec (matched on the split dispatch): in the
        preprocessing spec each config is matched on its own unsplit op (CUDA), so none clash.
        """
        if not codegen_spec_honoured(self.target):
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
              target: str, extra_forms: Sequence[str] = ()) -> tuple[Optional[str], Optional[str]]:
    """(preprocessing spec, codegen tuning spec) texts for (problem, split chunk, config or None) entries.

    The ONE place that decides where a config goes: the codegen spec (matching k = chunk for a
    split dispatch; the first entry wins a shared dispatch) where IREE honours it, else the
    preprocessing spec next to the split (CUDA, devices/flags.codegen_spec_honoured).
    """
    if not codegen_spec_honoured(target):
        pre = [(p, chunk, config) for p, chunk, config in entries if chunk or config is not None]
        return (preprocessing_spec_text(pre, extra_forms) if pre else None), None
    splits = [(p, chunk) for p, chunk, _ in entries if chunk]
    codegen: dict[str, tuple[object, object]] = {}
    for p, chunk, config in entries:
        if config is not None:
            codegen.setdefault(dispatch_problem(p, chunk).key, (dispatch_problem(p, chunk), config))
            for c in forms_of(dispatch_problem(p, chunk), extra_forms)[1:]:  # e.g. a torch export's unit-batch bmm
                if FORMS[c.form].batched and not c.problem.batched and not hasattr(config, "with_unit_batch"):
                    continue
                codegen.setdefault(c.key, (c, config_for_form(c, config)))
    return ((preprocessing_spec_text(splits, extra_forms) if splits else None),
            (spec_text(list(codegen.values())) if codegen else None))


def paths(directory: Path | str, target: str) -> dict[str, Path]:
    d = Path(directory)
    return {"library": d / f"library-{target}.json", "preprocess": d / f"preprocess-{target}.mlir",
            "tuning": d / f"tuning-{target}.mlir", "flags": d / f"flags-{target}.txt"}


def write_library(library: Library, directory: Path | str, base_flags: Sequence[str]) -> dict[str, Path]:
    """Write the JSON, the spec pair (each only when it has entries) and the flags; returns what was written."""
    p = paths(directory, library.target)
    p["library"].parent.mkdir(parents=True, exist_ok=True)
    data = {"target": library.target, "entries": [
        {"name": e.problem.name, "m": e.problem.m, "n": e.problem.n, "k": e.problem.k, "batch": e.problem.batch,
         "dtype": e.problem.dtype, "knobs": dict(e.knobs)} for e in library.entries]}
    atomic_write_text(p["library"], json.dumps(data, indent=1))
    flags = list(base_flags)
    written = {"library": p["library"]}
    pre, tuning = library.spec_texts()
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
    """A library from its JSON file, or from a directory holding library-<target>.json."""
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
        data = json.loads(path.read_text())
        entries = tuple(Entry(Problem(m=int(e["m"]), n=int(e["n"]), k=int(e["k"]), batch=int(e.get("batch", 1)),
                                      dtype=e.get("dtype", "f16"), name=e.get("name", "")), dict(e["knobs"]))
                        for e in data["entries"])
        return Library(str(data["target"]), entries)
    except (KeyError, TypeError, json.JSONDecodeError) as e:
        raise ValueError(f"{path}: not a tuning library ({type(e).__name__}: {e})") from None
