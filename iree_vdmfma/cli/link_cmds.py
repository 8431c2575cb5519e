"""vdmfma link, and the --merge-with of the commands that write a spec: ours and other people's in one file."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Optional, Sequence

import typer

from . import options as opt
from .typed import given
from .app import app, docs_page
from .common import show, user_errors


def refuse_lone_prefer(paths: Optional[Sequence[Path]], prefer: str) -> None:
    """Without --merge-with a --prefer changes nothing: refused, even `--prefer ours` (the default, typed by hand);
    from the options alone, before any file is read."""
    from ..configs.link import OURS, check_prefer  # noqa: PLC0415

    if (check_prefer(prefer) != OURS or given("prefer")) and not paths:
        raise ValueError(f"--prefer {prefer} decides between our spec and a --merge-with one: give --merge-with SPEC "
                         "too, or leave it out")


def merge_specs(paths: Optional[Sequence[Path]], prefer: str) -> list:
    """The --merge-with specs, read and checked up front (bad input: one error line, before anything compiles)."""
    from ..configs.link import THEIRS, read_spec  # noqa: PLC0415

    refuse_lone_prefer(paths, prefer)
    return [read_spec(p, THEIRS) for p in paths or ()]


def say_lines(lines) -> None:
    for line in lines:
        show(line)


def need_codegen_spec(target: str) -> None:
    """--merge-with links codegen tuning specs: refused where IREE ignores them (CUDA in 3.13)."""
    from ..backends import backend_for  # noqa: PLC0415

    if not backend_for(target).codegen_spec_honoured(target):
        raise ValueError(f"--merge-with: IREE ignores codegen tuning specs for {target} (the configs travel in the "
                         "preprocessing spec there), so there is no spec to link yours with")


@app.command(epilog=docs_page("link", "link out/spec/spec.mlir theirs.mlir --out out/link"))
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
