"""Linked tuning specs (issue 33 item 1): ours and a hand-written one in one file plain iree-compile takes,
made by IREE's own linker; which side wins an op both configure is chosen (--prefer), found by IREE's
transform interpreter and proved by the ISA; what IREE's default tuning specs do beside ours."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from conftest import ROOT, iree_compile
from iree.compiler import ir
from iree_vdmfma.backends.rocm.evidence import parse_rocmasm
from iree_vdmfma.cli import app
from iree_vdmfma.configs import link as L
from iree_vdmfma.configs.spec import spec_text
from iree_vdmfma.problems.inputs import input_ir
from iree_vdmfma.problems.problem import Problem
from iree_vdmfma.variants import variant

HAND = ROOT / "examples" / "hand_tuning_spec.mlir"  # matches mmt 256x256x256 and ANY f16 mmt with M = 8
SKINNY, SQUARE = Problem(m=8, n=256, k=1024, dtype="f16"), Problem(m=256, n=256, k=256, dtype="f16")
BIG = Problem(m=2048, n=1280, k=5120, dtype="f16")  # the one mmt IREE 3.13's default gfx942 spec configures
GFX942 = ("--iree-hal-target-device=hip", "--iree-rocm-target=gfx942")


def _payload(tmp_path: Path, *problems: Problem) -> Path:
    """One module with a @gemm_I function per problem (one dispatch each), built through the bindings."""
    with ir.Context(), ir.Location.unknown():
        module = ir.Module.create()
        sources = [ir.Module.parse(input_ir(p)) for p in problems]  # alive while their functions are cloned
        for i, source in enumerate(sources):
            func = source.body.operations[0].operation.clone(ir.InsertionPoint(module.body))
            func.attributes["sym_name"] = ir.StringAttr.get(f"gemm_{i}")
        path = tmp_path / "payload.mlir"
        path.write_text(str(module))
    return path


def _isa(dump: Path) -> dict[str, tuple[int, int]]:
    """Per kernel, keyed by the 'MxNxK' in its name: (v_smfmac, v_mfma) lines of its own ISA (kernels of one
    module are linked into one .rocmasm)."""
    kernels = [k for f in dump.glob("*.rocmasm") for k in parse_rocmasm(f.read_text())]
    return {re.search(r"_(\d+x\d+x\d+)_", k.name).group(1): (k.smfmac, k.mfma) for k in kernels}


def _configs(dump: Path) -> str:
    return "".join(f.read_text() for f in dump.glob("configured_*.mlir"))


def _spec(tmp_path: Path, prefer: str) -> tuple[Path, str]:
    shapes = tmp_path / "skinny.csv"
    shapes.write_text("name,m,n,k,dtype\nskinny,8,256,1024,f16\n")
    out = tmp_path / f"spec-{prefer}"
    res = CliRunner().invoke(app, ["spec", str(shapes), "--variants", "vdmfma", "--target", "gfx942", "--merge-with",
                                   str(HAND), "--prefer", prefer, "--out", str(out)])
    assert res.exit_code == 0, res.output
    return out / "spec.mlir", res.output


def test_a_linked_spec_configures_both_dispatches_and_the_conflict_goes_to_the_preferred_side(tmp_path):
    payload = _payload(tmp_path, SKINNY, SQUARE)
    for prefer, skinny_wants in (("ours", "v_smfmac"), ("theirs", "v_mfma")):
        spec, said = _spec(tmp_path, prefer)
        assert (spec.parent / "spec.ours.mlir").is_file()  # ours is kept as written, to link again later
        winner = "ours (spec.mlir)" if prefer == "ours" else str(HAND)
        assert f"conflict: f16_8x256x1024 (linalg.generic) in skinny is matched by" in said
        assert f"applied: {winner} (--prefer {prefer})" in said, said
        isa = _isa(iree_compile(payload, tmp_path / f"build-{prefer}", *GFX942,
                                f"--iree-codegen-tuning-spec-path={spec}"))
        smfmac, mfma = isa["8x256x1024"]
        assert (smfmac > 0 and mfma == 0) if skinny_wants == "v_smfmac" else (smfmac == 0 and mfma > 0), isa
        assert isa["256x256x256"][0] == 0 and isa["256x256x256"][1] > 0, isa  # the hand spec's dense MFMA tile


def test_with_iree_default_specs_on_ours_still_wins_the_ops_both_configure_in_either_link_form(tmp_path):
    """IREE links the user's spec first and its default spec (which refuses configured ops) after it."""
    payload = _payload(tmp_path, BIG, SKINNY)
    ours = tmp_path / "ours.mlir"
    ours.write_text(spec_text([(BIG, variant("padded").config(BIG, "gfx942")),
                               (SKINNY, variant("vdmfma").config(SKINNY, "gfx942"))]))
    defaults = _configs(iree_compile(payload, tmp_path / "defaults", *GFX942,
                                     "--iree-codegen-enable-default-tuning-specs"))
    assert "workgroup = [64, 128, 0]" in defaults  # IREE's default spec configured the big GEMM
    with ir.Context():  # an include-form spec: ours beside a spec without the default entry point
        module = ir.Module.parse(HAND.read_text())
        del module.operation.attributes[L.DEFAULT_ENTRY_ATTR]
        include = L.link([L.Spec("ours", ours.read_text(), L.OURS), L.Spec("hand", str(module), L.THEIRS)], "ours")
    assert include.form == L.INCLUDE
    (tmp_path / "include.mlir").write_text(include.text)
    for spec in (ours, tmp_path / "include.mlir"):
        dump = iree_compile(payload, tmp_path / spec.stem, *GFX942, "--iree-codegen-enable-default-tuning-specs",
                            f"--iree-codegen-tuning-spec-path={spec}",
                            f"--iree-codegen-dump-tuning-specs-to={tmp_path / spec.stem / 'specs'}")
        configs = _configs(dump)
        assert "workgroup = [16, 64, 0]" in configs and "workgroup = [64, 128, 0]" not in configs, spec.stem
        assert _isa(dump)["8x256x1024"][0] > 0
        final = "".join(f.read_text() for f in (tmp_path / spec.stem / "specs").glob("*.mlir"))
        # the final spec IREE used holds both; ours first (IREE's default matcher is match_mmt_2048x1280x5120_...)
        assert 0 < final.index("@match_f16_2048x1280x5120") < final.index("@match_mmt_2048x1280x5120_f16_f16_f32")


def test_the_include_form_puts_the_preferred_spec_last_and_the_interpreter_finds_who_won():
    with ir.Context():
        module = ir.Module.parse(HAND.read_text())
        del module.operation.attributes[L.DEFAULT_ENTRY_ATTR]
        theirs = L.Spec("hand", str(module), L.THEIRS)
    ours = L.Spec("ours", spec_text([(SKINNY, variant("vdmfma").config(SKINNY, "gfx942"))]), L.OURS)
    payloads = [("skinny", input_ir(SKINNY)), ("square", input_ir(SQUARE))]
    for prefer in L.PREFER:
        linked = L.link([ours, theirs], prefer, payloads)
        assert linked.form == L.INCLUDE and linked.order[-1] == ("ours" if prefer == "ours" else "hand")
        assert linked.checked == 2 and [c.op for c in linked.conflicts] == ["f16_8x256x1024 (linalg.generic) in skinny"]
        assert linked.conflicts[0].applied == linked.order[-1]


def test_the_applied_side_of_a_conflict_is_read_from_the_linked_spec_not_from_the_prefer_label():
    """A linked text whose order lets theirs win, checked under the label --prefer ours: the interpreter's answer
    (hand applied) is reported, never the label's assumption."""
    with ir.Context():
        module = ir.Module.parse(HAND.read_text())
        del module.operation.attributes[L.DEFAULT_ENTRY_ATTR]
        theirs = L.Spec("hand", str(module), L.THEIRS)
    ours = L.Spec("ours", spec_text([(SKINNY, variant("vdmfma").config(SKINNY, "gfx942"))]), L.OURS)
    text, _, order = L.link_text([ours, theirs], "theirs")  # theirs last: theirs wins
    conflicts, checked, unmatched = L.check(order, text, "ours", [("skinny", input_ir(SKINNY))])
    assert checked == 1 and not unmatched and [c.applied for c in conflicts] == ["hand"], conflicts
    assert "applied: hand (--prefer ours)" in conflicts[0].line()


def test_vdmfma_model_links_its_spec_with_yours_before_it_proves_each_dispatch(tmp_path):
    """`vdmfma model --merge-with`: OUT/spec.mlir is the linked spec and the rows prove it: ours wins the conflict by
    default (VDMFMA applied, v_smfmac), theirs with --prefer theirs (their dense MFMA config: not applied, exit 1)."""
    from iree_vdmfma.model.model import read_dispatches

    payload = _payload(tmp_path, SKINNY, SQUARE)
    for prefer, code in (("ours", 0), ("theirs", 1)):
        out = tmp_path / f"model-{prefer}"
        res = CliRunner().invoke(app, ["model", str(payload), "--m", "8", "--target", "gfx942", "--merge-with",
                                       str(HAND), "--prefer", prefer, "--out", str(out)])
        assert res.exit_code == code, res.output
        winner = "ours (spec.mlir)" if prefer == "ours" else str(HAND)
        assert "conflict: f16_8x256x1024 (linalg.generic) in f16_8x256x1024 is matched by" in res.output
        assert f"applied: {winner} (--prefer {prefer})" in res.output, res.output
        assert (out / "spec.ours.mlir").is_file() and "@match_any_m8_mmt_f16" in (out / "spec.mlir").read_text()
        rows = {(r.m, r.n, r.k): r for r in read_dispatches(out / "dispatches.csv").rows}
        skinny, square = rows[(8, 256, 1024)], rows[(256, 256, 256)]
        assert square.status == "not-skinny" and square.mfma > 0
        if prefer == "ours":
            assert skinny.status == "applied" and skinny.spec_mma_kind.startswith("VDMFMA_"), skinny
            assert skinny.smfmac > 0 and skinny.mfma == 0
        else:
            assert skinny.status == "not-matched" and "spec did not apply" in skinny.reason, skinny
            assert skinny.smfmac == 0 and skinny.mfma > 0
    res = CliRunner().invoke(app, ["model", str(payload), "--m", "8", "--tune", "--merge-with", str(HAND), "--out",
                                   str(tmp_path / "tuned")])
    assert res.exit_code == 2 and "error: --merge-with links the spec plain `vdmfma model` writes" in res.output
    again = CliRunner().invoke(app, ["model", str(payload), "--m", "8", "--target", "gfx942", "--out",
                                     str(tmp_path / "model-ours")])  # the same OUT, not linked this time
    assert again.exit_code == 0 and not (tmp_path / "model-ours" / "spec.ours.mlir").exists(), again.output
    (tmp_path / "sq").mkdir()
    square = _payload(tmp_path / "sq", SQUARE)  # no skinny GEMM: no spec of ours, and it says yours was not linked
    res = CliRunner().invoke(app, ["model", str(square), "--m", "8", "--target", "gfx942", "--merge-with", str(HAND),
                                   "--out", str(tmp_path / "square")])
    assert f"no skinny GEMM here takes a spec of ours, so nothing was linked with {HAND}" in res.output, res.output


def test_vdmfma_tune_merge_with_puts_your_spec_in_its_librarys_flags(tmp_path):
    """`vdmfma tune --merge-with` (the library's codegen spec linked as `library build --merge-with` links it,
    tests/test_records.py): a compile-only gfx942 tune whose MODELLED winner is IREE's default has no spec of
    ours, so the library's spec is yours as given, named in its flags."""
    shapes = tmp_path / "skinny.csv"
    shapes.write_text("name,m,n,k,dtype\nskinny,8,256,1024,f16\n")
    res = CliRunner().invoke(app, ["tune", str(shapes), "--target", "gfx942", "--device", "none", "--max-candidates",
                                   "3", "--merge-with", str(HAND), "--db", str(tmp_path / "r.sqlite"), "--out",
                                   str(tmp_path / "t")])
    assert res.exit_code == 0, res.output
    spec = tmp_path / "t" / "specs" / "tuning-gfx942.mlir"
    assert f"no spec of ours to link: {spec} is {HAND} as given" in res.output
    assert spec.read_text() == HAND.read_text()
    assert f"--iree-codegen-tuning-spec-path={spec}" in (spec.parent / "flags-gfx942.txt").read_text().split()


def test_vdmfma_link_writes_the_linked_spec_and_its_report(tmp_path):
    ours = tmp_path / "ours.mlir"
    ours.write_text(spec_text([(SKINNY, variant("vdmfma").config(SKINNY, "gfx942"))]))
    payload = _payload(tmp_path, SKINNY, SQUARE)
    res = CliRunner().invoke(app, ["link", str(ours), str(HAND), "--payload", str(payload), "--out", str(tmp_path / "l")])
    assert res.exit_code == 0, res.output
    report = json.loads((tmp_path / "l" / "link.json").read_text())
    assert report["form"] == "merged" and report["order"] == [str(ours), str(HAND)] and report["checked_ops"] == 2
    assert [(c["op"].split(" ")[0], c["applied"]) for c in report["conflicts"]] == [("f16_8x256x1024", str(ours))]
    assert "iree_codegen.tuning_spec_entrypoint" in (tmp_path / "l" / "spec.mlir").read_text()


@pytest.mark.parametrize("args, message", [
    (["link", "OURS"], "at least two specs"),
    (["link", "OURS", "OURS", "--prefer", "mine"], "--prefer 'mine': use ours or theirs"),
    (["link", "OURS", "CSV"], "CSV: does not parse as MLIR"),
    (["link", "OURS", "PAYLOAD"], "PAYLOAD: no transform.named_sequence marked iree_codegen.tuning_spec_entrypoint"),
    (["link", "OURS", "OURS", "--payload", "CSV"], "--payload CSV: does not parse"),
    (["spec", "CSV", "--merge-with", "MISSING"], "--merge-with MISSING: cannot read"),
    (["tune", "CSV", "--target", "sm_89", "--device", "none", "--merge-with", "OURS"],
     "--merge-with: IREE ignores codegen tuning specs for sm_89"),
])
def test_bad_specs_and_options_are_one_error_line_and_exit_2(tmp_path, args, message):
    files = {"OURS": tmp_path / "ours.mlir", "CSV": tmp_path / "s.csv", "PAYLOAD": tmp_path / "p.mlir",
             "MISSING": tmp_path / "missing.mlir"}
    files["OURS"].write_text(spec_text([(SKINNY, variant("vdmfma").config(SKINNY, "gfx942"))]))
    files["CSV"].write_text("m,n,k\n8,256,1024\n")
    files["PAYLOAD"].write_text(input_ir(SKINNY))
    args = [str(files.get(a, a)) for a in args] + ["--out", str(tmp_path / "out")]
    res = CliRunner().invoke(app, args)
    assert res.exit_code == 2, res.output
    errors = [line for line in res.output.splitlines() if line.startswith("error:")]
    assert len(errors) == 1 and message.replace("OURS", str(files["OURS"])).replace("CSV", str(files["CSV"])) \
        .replace("PAYLOAD", str(files["PAYLOAD"])).replace("MISSING", str(files["MISSING"])) in errors[0], res.output
    assert not (tmp_path / "out" / "spec.mlir").exists()


def _warnings(res) -> list[str]:
    return [line.strip() for line in res.output.splitlines() if line.strip().startswith("warning:")]


def test_link_says_every_spec_that_matched_nothing_an_empty_payload_folder_and_every_target_mismatch(tmp_path):
    """Link says when a spec of either side configures none of the payload ops, refuses an empty --payload folder,
    and warns where a spec names only other targets than the rest (a gfx1100 spec with a gfx942 one) or than the
    command's --target (spec --merge-with)."""
    ours = tmp_path / "ours.mlir"
    ours.write_text(spec_text([(SKINNY, variant("vdmfma").config(SKINNY, "gfx942"))]))
    only_square = _payload(tmp_path, SQUARE)  # the hand spec configures it, ours does not
    res = CliRunner().invoke(app, ["link", str(ours), str(HAND), "--payload", str(only_square),
                                   "--out", str(tmp_path / "a")])
    assert res.exit_code == 0, res.output
    assert f"warning: {ours} configures none of the payload ops" in _warnings(res)
    big_only = tmp_path / "big"
    big_only.mkdir()
    (big_only / "p.mlir").write_text(input_ir(BIG))  # neither spec's matchers take it
    res = CliRunner().invoke(app, ["link", str(ours), str(HAND), "--payload", str(big_only),
                                   "--out", str(tmp_path / "b")])
    assert res.exit_code == 0, res.output
    assert {f"warning: {ours} configures none of the payload ops",
            f"warning: {HAND} configures none of the payload ops"} <= set(_warnings(res))  # theirs too
    empty = tmp_path / "empty"
    empty.mkdir()
    res = CliRunner().invoke(app, ["link", str(ours), str(HAND), "--payload", str(empty), "--out", str(tmp_path / "c")])
    assert res.exit_code == 2 and f"error: --payload {empty}: a folder with no .mlir file" in res.output, res.output
    rdna = ROOT / "specs" / "gfx1100-f16.mlir"
    res = CliRunner().invoke(app, ["link", str(ROOT / "specs" / "gfx942-f16.mlir"), str(rdna),
                                   "--out", str(tmp_path / "d")])
    assert res.exit_code == 0, res.output
    [said] = [w for w in _warnings(res) if "name different targets" in w]
    assert "gfx1100-f16.mlir: gfx1100" in said and "gfx942-f16.mlir: gfx942" in said
    shapes = tmp_path / "skinny.csv"
    shapes.write_text("name,m,n,k,dtype\nskinny,8,256,1024,f16\n")
    res = CliRunner().invoke(app, ["spec", str(shapes), "--variants", "vdmfma", "--target", "gfx942",
                                   "--merge-with", str(rdna), "--out", str(tmp_path / "e")])
    assert res.exit_code == 0, res.output
    assert f"warning: {rdna} names gfx1100, not gfx942: its configs were written for another target" in _warnings(res)
