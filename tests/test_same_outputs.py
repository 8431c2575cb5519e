"""benchmarks/same_outputs.py compare on two hand-made captures (issue 42's before/after check): what differs
between any two runs (clocks, durations, paths, versions, checksums) is not a difference, a changed field is,
named by its row's key. No compile: the captures are written here."""

from __future__ import annotations

from pathlib import Path

from conftest import ROOT, load_script

same_outputs = load_script(ROOT / "benchmarks" / "same_outputs.py")

HEADER = "name,m,n,k,dtype,target,variant,status,kernel_fingerprint,vgpr,compile_s,measured_at,repro,checksum\n"


def _capture(root: Path, tag: str, status: str = "ok", spec_tile: int = 64) -> Path:
    """A capture as `capture` leaves it: commands.txt, a sweep's results.csv and spec, a tune's report."""
    out = root / tag
    sweep = out / "sweep-gfx942"
    (sweep / "artifacts" / "f16_8x64x64" / "vdmfma-gfx942").mkdir(parents=True)
    (out / "commands.txt").write_text(f"vdmfma sweep sweeps/seed-f16.csv --out /tmp/{tag}/sweep-gfx942\n  exit 0\n")
    secs = "1.2" if tag == "a" else "3.4"
    when = f"2026-11-2{len(tag)}T17:2{secs[0]}:00+0000"
    (sweep / "results.csv").write_text(
        "# a comment line\n" + HEADER
        + f"f16_8x64x64,8,64,64,f16,gfx942,vdmfma,{status},3bb0ba6d4e7f0ad2,204,{secs},{when},"
          f"iree-compile /tmp/{tag}/x/input.mlir -o /tmp/{tag}/x/out.vmfb,{tag * 16}\n"
        + f"f16_8x64x64,8,64,64,f16,gfx942,default,ok,aaaabbbbccccdddd,128,{secs},2026-11-28T17:00:00+0000,,{tag}\n")
    (sweep / "sweep.json").write_text(f'{{"target": "gfx942", "started": "{tag}", "command": "/tmp/{tag}/x",'
                                      f' "compiler_version": "3.13.{len(tag)}", "problems": ["f16_8x64x64"]}}')
    (sweep / "artifacts" / "f16_8x64x64" / "vdmfma-gfx942" / "spec.mlir").write_text(
        f"// written by iree-vdmfma 0.1.{len(tag)} for /home/{tag}/work/spec.mlir in {secs} s\n"
        f"#config = tile_sizes [[1, {spec_tile}, 0]]\n")
    (sweep / "sweep.log").write_text(f"{tag} took {secs} s\n")  # logs are never compared
    (out / "tune-gfx942" / "report").mkdir(parents=True)
    (out / "tune-gfx942" / "report" / "index.md").write_text(f"| shape | winner |\n| f16 | default |\nat {secs} s\n")
    return out


def test_two_captures_that_differ_only_in_clocks_paths_versions_and_checksums_are_identical(tmp_path, capsys):
    assert same_outputs.compare(_capture(tmp_path, "a"), _capture(tmp_path, "bb")) == 0
    out = capsys.readouterr().out
    assert "sweep-gfx942/results.csv: identical" in out and "spec.mlir: identical" in out
    assert "sweep.log" not in out and out.strip().endswith("identical: 5 of 5 artefacts identical after normalising")


def test_a_changed_status_is_named_by_its_row_key_and_field_and_the_verdict_is_different(tmp_path, capsys):
    assert same_outputs.compare(_capture(tmp_path, "a"), _capture(tmp_path, "bb", status="spills")) == 1
    out = capsys.readouterr().out
    assert "sweep-gfx942/results.csv: 1 difference(s)" in out
    assert "variant=vdmfma: status: 'ok' -> 'spills'" in out and "variant=default" not in out
    assert "verdict: different: 4 of 5" in out


def test_a_changed_spec_line_an_added_column_and_a_missing_artefact_are_each_reported(tmp_path, capsys):
    a, b = _capture(tmp_path, "a"), _capture(tmp_path, "bb", spec_tile=128)
    results = b / "sweep-gfx942" / "results.csv"
    results.write_text(results.read_text().replace(",checksum\n", ",checksum,floor_us\n", 1))
    (b / "tune-gfx942" / "report" / "index.md").unlink()
    assert same_outputs.compare(a, b) == 1
    out = capsys.readouterr().out
    assert "-#config = tile_sizes [[1, 64, 0]]" in out and "+#config = tile_sizes [[1, 128, 0]]" in out
    assert "column only in B: floor_us" in out and "tune-gfx942/report/index.md: only in A" in out


def test_a_folder_that_is_not_a_capture_is_bad_input(tmp_path, capsys):
    assert same_outputs.main(["compare", str(_capture(tmp_path, "a")), str(tmp_path / "nothing")]) == 2
    assert capsys.readouterr().err.startswith("error: ")


LOOP = """func.func @loop(%{a}: index, %n: index) -> index {{
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
{outside}  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %{a}) -> (index) {{
{inside}    %t = arith.addi %acc, %{step} : index
    %s = arith.addi %t, %nn : index
    scf.yield %s : index
  }}
  return %r : index
}}
"""


def test_mlir_built_with_other_ssa_names_and_constant_places_is_identical_a_changed_constant_is_not(tmp_path):
    """The renovation builds @gemm_loop with the bindings instead of a template: other SSA names, constants
    inside the loop instead of above it. The module is the same program; a different constant is not."""
    a, b, c = tmp_path / "a.mlir", tmp_path / "b.mlir", tmp_path / "c.mlir"
    a.write_text(LOOP.format(a="a0", step="c7", outside="  %c7 = arith.constant 7 : index\n"
                                                        "  %nn = arith.muli %n, %n : index\n", inside=""))
    inside = "    %k = arith.constant {} : index\n    %nn = arith.muli %n, %n : index\n"
    b.write_text(LOOP.format(a="arg0", step="k", outside="", inside=inside.format(7)))
    c.write_text(LOOP.format(a="arg0", step="k", outside="", inside=inside.format(8)))
    assert a.read_text() != b.read_text() and same_outputs._diff_text(a, b) == []
    assert any("arith.constant 8" in line for line in same_outputs._diff_text(a, c))


def test_a_capture_with_a_command_that_did_not_finish_is_refused_even_when_both_stopped_alike(tmp_path, capsys):
    """Two captures whose command stopped the same way (a bad option, a crash, a timeout) would otherwise compare
    identical with nothing in them: each is refused, exit 2, naming the command."""
    a, b = _capture(tmp_path, "a"), _capture(tmp_path, "bb")
    for side in (a, b):
        (side / "commands.txt").write_text((side / "commands.txt").read_text().replace("exit 0", "exit 2"))
    assert same_outputs.compare(a, b) == 2
    err = capsys.readouterr().err
    assert err.count("error:") == 1 and "did not finish (vdmfma sweep sweeps/seed-f16.csv" in err
    assert same_outputs.stopped(a / "commands.txt")
    assert not same_outputs.stopped(_capture(tmp_path, "c") / "commands.txt")


def test_capture_runs_each_command_through_the_process_runner_and_logs_how_it_stopped(tmp_path):
    """A command the CLI refuses (exit 2, before anything compiles) is logged with its exit code and its last lines,
    and ``stopped`` names it: the capture that holds it is no evidence."""
    log = tmp_path / "commands.txt"
    with open(log, "w") as f:
        assert same_outputs._cli(ROOT, tmp_path / "cache", ["sweep", "--no-such-option"], f) == 2
    text = log.read_text()
    assert text.startswith("vdmfma sweep --no-such-option\n  exit 2\n") and "error:" in text
    assert same_outputs.stopped(log) == ["vdmfma sweep --no-such-option"]
