"""vdmfma link, and the --merge-with of the commands that write a spec: ours and other people's in one file."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Optional, Sequence

import typer

from . import options as opt
from .app import app, docs_page
from .common import show, user_errors


def merge_specs(paths: Optional[Sequence[Path]], prefer: str) -> list:
    """The --merge-with specs, read and checked up front (bad input: one error line, before anything compiles)."""
    from ..configs.link import THEIRS, check_prefer, read_spec  # noqa: PLC0415

    check_prefer(prefer)
    return [read_spec(p, THEIRS) for p in paths or ()]


def merge_into(path: Path, theirs: list, prefer: str, payloads: Sequence[tuple[str, str]],
               target: Optional[str] = None) -> None:
    """Link the spec we wrote at ``path`` with ``theirs`` in place (ours kept as *.ours.mlir); say what won where.
    With no spec of ours at ``path`` (nothing of ours to configure), theirs alone are linked there."""
    from ..configs.link import OURS, Spec, link  # noqa: PLC0415
    from ..util.io import atomic_write_text  # noqa: PLC0415

    ours = [Spec(f"ours ({path.name})", path.read_text(), OURS)] if path.is_file() else []
    if len(ours + theirs) == 1:
        atomic_write_text(path, theirs[0].text)
        show(f"no spec of ours to link: {path} is {theirs[0].label} as given")
        return
    linked = link(ours + theirs, prefer, payloads, target)
    if ours:
        atomic_write_text(path.with_suffix(".ours.mlir"), ours[0].text)
    atomic_write_text(path, linked.text)
    for line in linked.lines():
        show(line)


def merge_library(written: dict, library, theirs: list, prefer: str) -> None:
    """--merge-with for a written library (vdmfma tune, --publish, library build): its codegen spec linked with
    theirs; a library whose shapes all keep IREE's default has no codegen spec: theirs become it, in its flags."""
    from ..configs.library import TUNING_FLAG  # noqa: PLC0415
    from ..util.io import atomic_write_text  # noqa: PLC0415

    if not theirs or "flags" not in written:
        return
    tuning = written.get("tuning") or written["flags"].with_name(f"tuning-{library.target}.mlir")
    merge_into(tuning, theirs, prefer, library_payloads(library), library.target)
    if "tuning" not in written:
        written["tuning"] = tuning
        flags = written["flags"].read_text().split()
        atomic_write_text(written["flags"], " ".join(flags + [f"{TUNING_FLAG}={tuning}"]) + "\n")


def problem_payloads(problems) -> list[tuple[str, str]]:
    """Each problem's own contraction (the op our matcher is for) as a payload to check conflicts on."""
    from ..problems.inputs import input_ir  # noqa: PLC0415

    return [(p.name or p.key, input_ir(p)) for p in problems if not p.dt.is_mx]


def library_payloads(library) -> list[tuple[str, str]]:
    """The ops a library's codegen spec is for: each entry's dispatch (k = the split chunk when it splits)."""
    from ..configs.knobs import dispatch_problem  # noqa: PLC0415

    return problem_payloads([dispatch_problem(e.problem, e.split) for e in library.entries])


def need_codegen_spec(target: str) -> None:
    """--merge-with links codegen tuning specs: refused where IREE ignores them (CUDA in 3.13)."""
    from ..backends import backend_for  # noqa: PLC0415

    if not backend_for(target).codegen_spec_honoured(target):
        raise ValueError(f"--merge-with: IREE ignores codegen tuning specs for {target} (the configs travel in the "
                         "preprocessing spec there), so there is no spec to link yours with")


@app.command(epilog=docs_page("link"))
def link(
    specs: list[Path] = typer.Argument(..., help="Tuning specs: ours first, then theirs.", dir_okay=False),
    prefer: str = opt.PREFER,
    payload: Optional[list[Path]] = typer.Option(
        None, "--payload", metavar="MLIR", help="A file or a dispatch-dump folder to find conflicts in (repeatable)."),
    out: Optional[Path] = opt.OUT,
    debug: bool = opt.DEBUG,
) -> None:
    """Link tuning specs into one (OUT/spec.mlir) with IREE's linker.

    Where two specs configure one op, --prefer picks the side that wins (ours: the first). OUT/link.json
    records the order, the link form and each conflict with the spec that won.
    """
    with user_errors(debug):
        from ..configs.link import OURS, THEIRS, check_prefer, link as link_specs, read_payloads, read_spec
        from ..util.io import atomic_write_text

        check_prefer(prefer)
        if len(specs) < 2:
            raise ValueError("vdmfma link: give at least two specs (ours first, then theirs)")
        out = opt.out_folder(out, "link")
        given = [read_spec(p, OURS if i == 0 else THEIRS, option="") for i, p in enumerate(specs)]
        linked = link_specs(given, prefer, read_payloads(payload or ()))
        atomic_write_text(out / "spec.mlir", linked.text)
        atomic_write_text(out / "link.json", json.dumps({
            "order": linked.order, "form": linked.form, "prefer": prefer, "checked_ops": linked.checked,
            "conflicts": [{"op": c.op, "matched_by": list(c.matched_by), "applied": c.applied}
                          for c in linked.conflicts], "unmatched": linked.unmatched}, indent=1))
        for line in linked.lines():
            show(line)
        show(f"wrote {out / 'spec.mlir'}: iree-compile ... --iree-codegen-tuning-spec-path={out / 'spec.mlir'}")
