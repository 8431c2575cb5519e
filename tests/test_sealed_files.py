"""Every persisted file a command trusts is checksummed or said to be unverified (issue 32 item 3), beyond the CSV
rows: a sweep's modules.json (bench runs from it), a tune's race.csv (carried on by the next race) and a tuning
library's library-T.json (the tuned variant, model --library, --publish). Each file is made by a real command
(real iree-compile, runs on local-task), then edited on disk as a person or a broken copy would."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from typer.testing import CliRunner

from iree_vdmfma.cli import app
from iree_vdmfma.problems.rows import read_rows
from iree_vdmfma.sweep.manifest import read_manifest

SHAPE = "name,m,n,k,batch,dtype\ntiny-small,8,128,512,1,f16\n"


def _run(*args: str, env: dict | None = None):
    res = CliRunner().invoke(app, list(args), env=env)
    return res, " ".join(res.output.split())


def _shapes(tmp_path: Path, text: str = SHAPE) -> str:
    path = tmp_path / f"shapes{len(text)}.csv"
    path.write_text(text)
    return str(path)


def _edit(path: Path, change) -> None:
    doc = json.loads(path.read_text())
    change(doc)
    path.write_text(json.dumps(doc, indent=1))


def _unseal(doc: dict) -> None:
    """As a file from before checksums: none on the header, none on an entry."""
    doc.pop("checksum")
    for e in doc["entries"]:
        e.pop("checksum")


def test_a_modules_json_entry_edited_after_the_sweep_is_not_benched_until_the_sweep_rewrites_it(tmp_path):
    shapes, out = _shapes(tmp_path), tmp_path / "out"
    sweep = ["sweep", shapes, "--variants", "default,splitk", "--target", "host", "--device", "none", "--out", str(out),
             "--no-report"]
    assert _run(*sweep)[0].exit_code == 0
    _edit(out / "modules.json", lambda d: d["entries"][1].update(seed=7))  # another input recipe than the sweep's
    res, said = _run("bench", str(out), "--device", "local-task", "--reps", "1", "--no-report")
    assert res.exit_code == 1, said
    assert f"{out / 'modules.json'}: 1 damaged entry (entry 2: its values do not match its checksum" in said
    measured = [r for r in read_rows(out / "results.csv") if r.cache_mode]
    assert {r.variant for r in measured} == {"default"}  # the edited entry's module was not run
    assert _run(*sweep)[0].exit_code == 0  # the sweep rewrites modules.json from its own state
    res, said = _run("bench", str(out), "--device", "local-task", "--reps", "1", "--no-report")
    assert res.exit_code == 0 and "damaged" not in said, said
    assert {r.variant for r in read_rows(out / "results.csv") if r.cache_mode} == {"default", "splitk"}


def test_a_modules_json_from_before_checksums_is_benched_and_said_to_be_unverified(tmp_path):
    shapes, out = _shapes(tmp_path), tmp_path / "out"
    assert _run("sweep", shapes, "--variants", "default", "--target", "host", "--device", "none", "--out", str(out),
                "--no-report")[0].exit_code == 0

    _edit(out / "modules.json", _unseal)  # format 2 always has checksums: stripped, it is not trusted
    res, said = _run("bench", str(out), "--device", "local-task", "--reps", "1", "--no-report")
    assert res.exit_code == 2 and said.startswith("error:") and "format 2 without checksums (edited" in said, said
    _edit(out / "modules.json", lambda d: d.update(format=1))  # as a file from before checksums is
    res, said = _run("bench", str(out), "--device", "local-task", "--reps", "1", "--no-report")
    assert res.exit_code == 0, said
    assert f"{out / 'modules.json'}: no checksums (written before vdmfma checksummed it)" in said
    _edit(out / "modules.json", lambda d: d.update(checksum="0" * 16, baseline="splitk"))  # a header edited
    res, said = _run("bench", str(out), "--device", "local-task", "--reps", "1", "--no-report")
    assert res.exit_code == 2 and said.startswith("error:") and "its header does not match its checksum" in said


def test_a_modules_json_of_a_newer_format_is_one_error_line_naming_it_and_its_format(tmp_path):
    shapes, out = _shapes(tmp_path), tmp_path / "out"
    assert _run("sweep", shapes, "--variants", "default", "--target", "host", "--device", "none", "--out", str(out),
                "--no-report")[0].exit_code == 0
    assert json.loads((out / "modules.json").read_text())["format"] == 2
    _edit(out / "modules.json", lambda d: (d.update(format=3), d["entries"][0].update(seal="a later field")))
    before = (out / "results.csv").read_bytes()
    res = CliRunner().invoke(app, ["bench", str(out), "--device", "local-task", "--reps", "1", "--no-report"])
    assert res.exit_code == 2 and res.output == (
        f"error: {out / 'modules.json'}: a modules.json of format 3, written by a newer vdmfma; this one reads formats "
        "1 to 2 (upgrade vdmfma, or re-run the sweep with this one)\n"), res.output
    assert (out / "results.csv").read_bytes() == before  # nothing benched


def test_a_committed_modules_json_from_before_checksums_reads_unverified():
    old = read_manifest(Path(__file__).parents[1] / "reports" / "gpu-h100-tuned")  # format 1, no checksums
    assert old.format == 1 and old.unverified and not old.damaged and len(old.entries) > 0


@pytest.fixture(scope="module")
def library(tmp_path_factory) -> Path:
    """A real modelled tune's library (--device none on the host: nothing run)."""
    tmp = tmp_path_factory.mktemp("tune")
    res, said = _run("tune", _shapes(tmp), "--device", "none", "--target", "host", "--out", str(tmp / "tune"))
    assert res.exit_code == 0, said
    return tmp / "tune" / "specs"


def test_an_edited_library_is_one_error_line_naming_it_before_anything_compiles(library, tmp_path):
    edited = Path(shutil.copytree(library, tmp_path / "lib"))
    path = edited / "library-host.json"
    _edit(path, lambda d: d["entries"][0]["knobs"].update(split=256))  # a hand-tuned knob
    shapes = _shapes(tmp_path)
    res, said = _run("sweep", shapes, "--variants", "default,tuned", "--target", "host", "--device", "none", "--out",
                     str(tmp_path / "sweep"), env={"VDMFMA_TUNED_LIBRARY": str(edited)})
    assert res.exit_code == 2 and said.startswith(f"error: {path}: 1 damaged entry"), said
    assert "not edited; rebuild it" in said and not (tmp_path / "sweep").exists()
    res, said = _run("model", "examples/tiny_layer.mlir", "--library", str(edited), "--target", "host", "--device",
                     "none", "--out", str(tmp_path / "model"))
    assert res.exit_code == 2 and said.startswith(f"error: --library {edited}: {path}: 1 damaged entry"), said
    assert not (tmp_path / "model").exists()
    res, said = _run("tune", shapes, "--device", "none", "--target", "host", "--out", str(tmp_path / "tune"),
                     "--publish", str(edited), "--allow-modelled")
    assert res.exit_code == 2 and f"{path}: 1 damaged entry" in said and not (tmp_path / "tune").exists(), said


def test_a_library_from_before_checksums_is_used_and_said_to_be_unverified(library, tmp_path):
    old = Path(shutil.copytree(library, tmp_path / "lib"))

    _edit(old / "library-host.json", _unseal)
    res, said = _run("sweep", _shapes(tmp_path), "--variants", "default,tuned", "--target", "host", "--device",
                     "none", "--out", str(tmp_path / "sweep"), env={"VDMFMA_TUNED_LIBRARY": str(old)})
    assert res.exit_code == 0, said
    assert "1 entries: 0 measured, 1 MODELLED); no checksums (written before vdmfma checksummed libraries): not " \
           "verified" in said
    assert {r.variant: r.status for r in read_rows(tmp_path / "sweep" / "results.csv")}["tuned"] == "ok"


def test_a_publish_into_a_library_from_before_checksums_keeps_its_entries_and_says_they_are_unverified(library,
                                                                                                      tmp_path):
    old = Path(shutil.copytree(library, tmp_path / "lib"))
    _edit(old / "library-host.json", _unseal)
    kept = json.loads((old / "library-host.json").read_text())["entries"]
    other = _shapes(tmp_path, "name,m,n,k,batch,dtype\ntiny-other,8,128,256,1,f16\n")
    res, said = _run("tune", other, "--device", "none", "--target", "host", "--out", str(tmp_path / "tune"),
                     "--publish", str(old), "--allow-modelled")
    assert res.exit_code == 0, said
    assert f"published to {old}/ (added 1, replaced 0, kept 1 (the folder's library: no checksums (written before " \
           "vdmfma checksummed libraries): not verified))" in said
    merged = json.loads((old / "library-host.json").read_text())
    assert [e["name"] for e in merged["entries"]] == ["tiny-small", "tiny-other"]  # the old entry used, kept
    assert {k: v for k, v in merged["entries"][0].items() if k != "checksum"} == kept[0]
    assert all("checksum" in e for e in merged["entries"])  # rewritten by this vdmfma: checksummed


def _raced(tmp_path: Path) -> tuple[list[str], Path]:
    """A real race of SHAPE on local-task: its race.csv (checked), and the arguments of the next race, the same
    tune --append'ed with a second shape."""
    out = tmp_path / "tune"
    tune = ["--device", "local-task", "--target", "host", "--out", str(out), "-j", "2"]
    assert _run("tune", _shapes(tmp_path), *tune)[0].exit_code == 0
    lines = (out / "race.csv").read_text().splitlines()
    assert lines[0].endswith(",checksum") and len(lines) == 4
    return ["tune", _shapes(tmp_path, SHAPE + "tiny-other,8,128,256,1,f16\n"), *tune, "--append"], out / "race.csv"


def test_a_race_csv_from_before_checksums_is_carried_on_by_the_next_race_and_said_to_be_unverified(tmp_path):
    again, race = _raced(tmp_path)
    lines = race.read_text().splitlines()
    old = [line.rsplit(",", 1)[0] for line in lines]  # as a race.csv from before checksums: no checksum column
    race.write_text("\n".join(old) + "\n")
    res, said = _run(*again)
    assert res.exit_code == 0, said
    assert f"{race}: 3 row(s) without a checksum (written before vdmfma checksummed it): not verified" in said
    rows = race.read_text().splitlines()
    assert rows[0] == lines[0] and all(any(r.startswith(o + ",") for r in rows) for o in old[1:])  # carried on
    assert sum(r.startswith("f16_8x128x256,") for r in rows) >= 2  # the new shape's race


def test_a_race_csv_row_edited_after_its_race_is_not_carried_on_by_the_next_race_and_is_said(tmp_path):
    again, race = _raced(tmp_path)
    lines = race.read_text().splitlines()
    forged = lines[2].split(",")
    forged[4] = "0.5"  # the runner-up's ratio against the default, made a win
    race.write_text("\n".join([*lines[:2], ",".join(forged), lines[3]]) + "\n")
    res, said = _run(*again)
    assert res.exit_code == 0, said
    assert f"{race}: 1 damaged row(s) (first: line 3: checksum does not match its values" in said
    rows = race.read_text().splitlines()
    assert ",".join(forged) not in rows and lines[1] in rows and lines[3] in rows
    assert sum(r.startswith("f16_8x128x256,") for r in rows) >= 2  # the new shape's race
