"""Linked tuning specs: our spec and other people's in one file plain ``iree-compile`` takes.

IREE takes one ``--iree-codegen-tuning-spec-path``. IREE's own linker
(``iree-codegen-link-tuning-specs``, run here through the bindings' PassManager on a module
holding each spec as a nested module) makes one spec of several, in one of two forms:

* **merged** (every spec is in the ``iree_codegen.tuning_spec_with_default_entrypoint`` form, one
  ``transform.foreach_match`` in its ``@__kernel_config``; ours always are): one
  ``foreach_match`` whose matchers are the specs' in link order. For each op the FIRST matcher
  that matches applies its action, so the spec linked first wins a shared op;
* **include** (any other spec): one ``transform.include`` per spec in link order, each running on
  every op; the LAST spec that annotates an op overwrites the others, so the spec linked last wins
  (unless its matcher refuses a configured op with ``transform.iree.match.has_no_lowering_config``,
  as IREE's own default specs do).

``prefer`` (``ours`` or ``theirs``) picks the order that makes the preferred side win in the form
IREE will produce. Which side really won is not assumed: :func:`conflicts` runs each spec alone and
the linked spec on payload IR (our problems' own ops, or a dump) with IREE's transform interpreter
and compares what each left on every op. IREE's ``--iree-codegen-enable-default-tuning-specs``
links the user's spec FIRST and its default spec after it; the default spec's matchers also refuse an op
that already has a config, so the user's spec wins every op both match, in either form (tests/test_link.py
compiles it).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, Optional, Sequence

from iree.compiler import ir, passmanager
from iree.compiler.dialects.transform import interpreter
from ..util.io import read_input_text

OURS, THEIRS = "ours", "theirs"
PREFER = (OURS, THEIRS)
MERGED, INCLUDE = "merged", "include"
ENTRY_ATTR = "iree_codegen.tuning_spec_entrypoint"
DEFAULT_ENTRY_ATTR = "iree_codegen.tuning_spec_with_default_entrypoint"
LINK_PASS = "builtin.module(iree-codegen-link-tuning-specs)"
_CONFIG_ATTRS = ("compilation_info", "lowering_config", "decomposition_config")  # what a tuning spec sets on an op


@dataclass(frozen=True)
class Spec:
    """One tuning spec to link: where it came from, its text, and whose it is."""

    label: str  # a file name, or 'ours'
    text: str
    side: str  # OURS or THEIRS


@dataclass(frozen=True)
class Conflict:
    """One payload op that specs of both sides configure."""

    op: str  # 'f16_8x256x1024 (linalg.generic) in PAYLOAD'
    matched_by: tuple[str, ...]  # spec labels, in link order
    applied: str  # the label whose config the linked spec left on the op ('' when none of them: reported as such)
    prefer: str

    def line(self) -> str:
        won = self.applied or "none of them (the linked spec left another config)"
        return f"conflict: {self.op} is matched by {' and '.join(self.matched_by)}; applied: {won} (--prefer {self.prefer})"


@dataclass
class Linked:
    text: str  # the linked spec
    form: str  # MERGED or INCLUDE
    order: list[str]  # spec labels in link order
    prefer: str
    conflicts: list[Conflict] = field(default_factory=list)
    checked: int = 0  # payload ops the conflict check looked at
    unmatched: list[str] = field(default_factory=list)  # specs (either side) that configured none of the payload ops
    target_notes: list[str] = field(default_factory=list)  # specs that name another target than the others or --target

    def lines(self) -> list[str]:
        first = "first" if self.form == MERGED else "last"
        out = [f"linked {len(self.order)} specs ({self.form} form: the spec linked {first} wins an op two match; "
               f"order {', '.join(self.order)}; --prefer {self.prefer})"]
        out += [c.line() for c in self.conflicts]
        if self.checked:
            out.append(f"checked {self.checked} payload op(s): {len(self.conflicts)} conflict(s)")
        out += [f"warning: {label} configures none of the payload ops" for label in self.unmatched]
        out += [f"warning: {note}" for note in self.target_notes]
        return out


# A spec names the target it was written for (ours in a comment, amdsharktuner's in its file name or comments):
# GPU arch names anywhere in its text.
_TARGET_NAME = re.compile(r"\b(gfx[0-9a-f]{3,4}|sm_\d{2,3})\b")


def spec_targets(spec: Spec) -> set[str]:
    """The GPU targets a spec names in its text or label (empty: it names none)."""
    return set(_TARGET_NAME.findall(spec.text)) | set(_TARGET_NAME.findall(Path(spec.label).name))


def target_notes(specs: Sequence[Spec], target: Optional[str] = None) -> list[str]:
    """What the link should say about targets: a spec naming only other targets than ``target``; without a
    target, specs that name disjoint sets of targets (a gfx1100 spec linked with a gfx942 one)."""
    named = [(s, spec_targets(s)) for s in specs]
    if target:
        base = target.split(":")[0]
        return [f"{s.label} names {', '.join(sorted(t))}, not {base}: its configs were written for another target"
                for s, t in named if t and base not in t]
    named = [(s, t) for s, t in named if t]
    if len(named) > 1 and not set.intersection(*(t for _, t in named)):
        return ["the specs name different targets (" + "; ".join(f"{s.label}: {', '.join(sorted(t))}"
                                                                 for s, t in named) + ")"]
    return []


def check_prefer(prefer: str) -> str:
    if prefer not in PREFER:
        raise ValueError(f"--prefer {prefer!r}: use {' or '.join(PREFER)}")
    return prefer


def read_spec(path: Path | str, side: str = THEIRS, option: str = "--merge-with") -> Spec:
    """A tuning spec file, checked: it parses and has a named sequence marked as IREE's tuning entry point.
    ValueError naming the option and the file otherwise (bad input, before anything compiles)."""
    path = Path(path)
    where = f"{option} {path}" if option else str(path)
    text = read_input_text(path, where)
    spec = Spec(str(path), text, side)
    with ir.Context():
        _parse(spec, where)
    return spec


def read_payloads(paths: Sequence[Path | str], option: str = "--payload") -> list[tuple[str, str]]:
    """(label, text) of MLIR files to check conflicts on: each file, or every ``*.mlir`` in a folder (a dispatch
    dump). ValueError naming the option and the file when one does not parse."""
    files: list[Path] = []
    for p in map(Path, paths):
        if not p.exists():
            raise ValueError(f"{option} {p}: no such file or folder")
        found = sorted(p.glob("*.mlir")) if p.is_dir() else [p]
        if not found:
            raise ValueError(f"{option} {p}: a folder with no .mlir file (a dispatch dump holds *.mlir)")
        files += found
    out = []
    with ir.Context():
        for f in files:
            text = read_input_text(f, f"{option} {f}")
            try:
                ir.Module.parse(text)
            except ir.MLIRError as e:
                raise ValueError(f"{option} {f}: does not parse ({_first_error(e)})") from None
            out.append((str(f), text))
    return out


def _parse(spec: Spec, where: str = "") -> ir.Module:
    """The spec's module in the active context; ValueError when it is no tuning spec."""
    where = where or spec.label
    try:
        module = ir.Module.parse(spec.text)
    except ir.MLIRError as e:
        raise ValueError(f"{where}: does not parse as MLIR ({_first_error(e)})") from None
    if _entry(module) is None:
        raise ValueError(f"{where}: no transform.named_sequence marked {ENTRY_ATTR} (not a tuning spec)")
    return module


def _first_error(e: Exception) -> str:
    lines = [line.strip() for line in str(e).splitlines() if "error" in line]
    return lines[0].removeprefix("error: ") if lines else type(e).__name__


def _entry(module: ir.Module) -> Optional[ir.Operation]:
    return next((op.operation for op in module.body.operations
                 if op.operation.name == "transform.named_sequence" and ENTRY_ATTR in op.operation.attributes), None)


def _form(modules: Sequence[ir.Module]) -> str:
    return MERGED if all(DEFAULT_ENTRY_ATTR in m.operation.attributes for m in modules) else INCLUDE


def _ordered(specs: Sequence[Spec], prefer: str, form: str) -> list[Spec]:
    """Link order: the preferred side wins (first in the merged form, last in the include form)."""
    check_prefer(prefer)
    winners = [s for s in specs if s.side == prefer]
    losers = [s for s in specs if s.side != prefer]
    return winners + losers if form == MERGED else losers + winners


def link_text(specs: Sequence[Spec], prefer: str = OURS) -> tuple[str, str, list[Spec]]:
    """(linked spec text, form, link order) made by IREE's linker through the bindings."""
    if len(specs) < 2:
        raise ValueError("linking needs at least two tuning specs")
    with ir.Context(), ir.Location.unknown():
        parsed = [_parse(s) for s in specs]
        form = _form(parsed)
        order = _ordered(specs, prefer, form)
        top = ir.Module.create()
        top.operation.attributes["transform.with_named_sequence"] = ir.UnitAttr.get()
        for i, s in enumerate(order):
            inner = parsed[specs.index(s)].operation.clone(ir.InsertionPoint(top.body))
            inner.attributes["sym_name"] = ir.StringAttr.get(f"{s.side}_{i}")  # the include form names each spec
        try:
            passmanager.PassManager.parse(LINK_PASS).run(top.operation)
        except ir.MLIRError as e:
            raise ValueError(f"IREE's linker refused {', '.join(s.label for s in order)}: {e}") from None
        if _entry(top) is None or not top.operation.verify():
            raise ValueError(f"IREE's linker made no tuning spec of {', '.join(s.label for s in order)}")
        return str(top), form, order


# ----------------------------------------------------------------------------------- what applies where


def _configs(payload_text: str, spec_text: Optional[str] = None) -> list[tuple[str, str]]:
    """Per op of the payload, in walk order: (what the op is, the configs on it after ``spec_text``'s entry
    point ran on the payload in IREE's transform interpreter; none ran when None)."""
    from .forms import classify  # noqa: PLC0415

    with ir.Context(), ir.Location.unknown():
        payload = ir.Module.parse(payload_text)
        if spec_text is not None:
            spec = ir.Module.parse(spec_text)
            entry = _entry(spec)  # run read-only: the payload root is not ours to consume
            entry.attributes["arg_attrs"] = ir.ArrayAttr.get([ir.DictAttr.get({"transform.readonly": ir.UnitAttr.get()})])
            interpreter.apply_named_sequence(payload.operation, entry, spec.operation)
        found: list[tuple[str, str]] = []

        def visit(op):
            contraction, _ = classify(op)
            what = f"{contraction.key} ({op.name})" if contraction else op.name
            attrs = op.attributes
            found.append((what, " ".join(f"{n}={attrs[n]}" for n in _CONFIG_ATTRS if n in attrs)))
            return ir.WalkResult.ADVANCE

        payload.operation.walk(visit)
        return found


def check(specs: Sequence[Spec], linked: str, prefer: str,
          payloads: Sequence[tuple[str, str]]) -> tuple[list[Conflict], int, list[str]]:
    """(conflicts, payload ops some spec configures, our specs that configure none of them).

    ``payloads``: (label, MLIR text). Each spec alone, and the linked spec, run on a fresh parse of each
    payload; a conflict is an op that specs of both sides configure alone, and ``applied`` names the spec
    whose config the linked spec left there (found, not assumed)."""
    found, checked, hit = [], 0, set()
    for label, text in payloads:
        base = _configs(text)
        alone = {s.label: _run(s.label, text, s.text, label) for s in specs}
        linked_cfg = _run("the linked spec", text, linked, label)
        for i, (what, cfg) in enumerate(linked_cfg):
            touched = [s for s in specs if alone[s.label][i][1] != base[i][1]]
            hit |= {s.label for s in touched}
            checked += bool(touched)
            if len({s.side for s in touched}) > 1:
                applied = next((s.label for s in touched if alone[s.label][i][1] == cfg), "")
                found.append(Conflict(f"{what} in {label}", tuple(s.label for s in touched), applied, prefer))
    unmatched = [s.label for s in specs if payloads and s.label not in hit]
    return found, checked, unmatched


def _run(spec_label: str, payload_text: str, spec_text: str, payload_label: str) -> list[tuple[str, str]]:
    try:
        return _configs(payload_text, spec_text)
    except Exception as e:  # noqa: BLE001  (the interpreter's errors come as MLIRError or RuntimeError)
        raise ValueError(f"{spec_label} does not run on {payload_label} in IREE's transform interpreter "
                         f"({_first_error(e)})") from None


def link(specs: Sequence[Spec], prefer: str = OURS, payloads: Sequence[tuple[str, str]] = (),
         target: Optional[str] = None) -> Linked:
    """Link ``specs`` (ours and theirs) so that ``prefer``'s side wins, and check the result on ``payloads``; say
    which specs configure none of them and which name another target (``target``, else each other's)."""
    text, form, order = link_text(specs, prefer)
    result = Linked(text, form, [s.label for s in order], prefer, target_notes=target_notes(specs, target))
    if payloads:
        result.conflicts, result.checked, result.unmatched = check(order, text, prefer, payloads)
    return result


def link_in_place(path: Path, theirs: Sequence[Spec], prefer: str, payloads: Sequence[tuple[str, str]] = (),
                  target: Optional[str] = None) -> list[str]:
    """Link the spec we wrote at ``path`` (ours) with ``theirs`` in place, ours kept as ``*.ours.mlir``; with no
    spec of ours at ``path`` (nothing of ours to configure), theirs alone are written there. The lines that say
    what won where (every caller says them: the CLI's --merge-with, ``vdmfma model --merge-with``)."""
    from ..util.io import atomic_write_text  # noqa: PLC0415

    ours = [Spec(f"ours ({path.name})", path.read_text(encoding="utf-8"), OURS)] if path.is_file() else []
    if len(ours) + len(theirs) == 1 and not ours:
        atomic_write_text(path, theirs[0].text)
        return [f"no spec of ours to link: {path} is {theirs[0].label} as given"]
    linked = link([*ours, *theirs], prefer, payloads, target)
    if ours:
        atomic_write_text(path.with_suffix(".ours.mlir"), ours[0].text)
    atomic_write_text(path, linked.text)
    return linked.lines()


def problem_payloads(problems) -> list[tuple[str, str]]:
    """Each problem's own contraction (the op our matcher is for) as a payload to check conflicts on."""
    from ..problems.inputs import input_ir  # noqa: PLC0415

    return [(p.name or p.key, input_ir(p)) for p in problems if not p.dt.is_mx]


def link_library(written: dict, library, theirs: Sequence[Spec], prefer: str) -> list[str]:
    """--merge-with for a written library (vdmfma tune, --publish, library build): its codegen spec linked with
    theirs (conflicts checked on each entry's dispatch: k = the split chunk where it splits); a library whose
    shapes all keep IREE's default has no codegen spec: theirs become it, added to its flags file. The lines
    that say what won where."""
    from ..util.io import atomic_write_text  # noqa: PLC0415
    from .knobs import dispatch_problem  # noqa: PLC0415
    from .library import TUNING_FLAG  # noqa: PLC0415

    if not theirs or "flags" not in written:
        return []
    tuning = written.get("tuning") or written["flags"].with_name(f"tuning-{library.target}.mlir")
    payloads = problem_payloads([dispatch_problem(e.problem, e.split) for e in library.entries])
    lines = link_in_place(tuning, theirs, prefer, payloads, library.target)
    if "tuning" not in written:
        written["tuning"] = tuning
        flags = written["flags"].read_text(encoding="utf-8").split()
        atomic_write_text(written["flags"], " ".join(flags + [f"{TUNING_FLAG}={tuning}"]) + "\n")
    return lines
