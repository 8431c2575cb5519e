"""Smaller things the tool says (issue 32 item 17): a Ray error in our option's words that leaves no --out behind,
--dtype help naming every dtype, one spelling of a candidate id, coverage's wording, and the manual's MXFP4 M."""

from __future__ import annotations

from types import SimpleNamespace

import os
import re
import subprocess
from pathlib import Path

import pytest
import typer
from typer.testing import CliRunner

from iree_vdmfma.cli import app

ROOT = Path(__file__).resolve().parents[1]


def _sweep_on_ray(tmp_path: Path, address: str, env: dict) -> subprocess.CompletedProcess:
    shapes = tmp_path / "s.csv"
    shapes.write_text("m,n,k\n8,256,1024\n")
    return subprocess.run(["vdmfma", "sweep", str(shapes), "--executor", "ray", "--ray-address", address, "--device",
                           "none", "--out", str(tmp_path / "out")], env={**env, "PYTHONPATH": str(ROOT)},
                          capture_output=True, text=True, timeout=300)


def test_a_ray_cluster_that_cannot_be_reached_is_one_line_and_leaves_no_out(tmp_path):
    pytest.importorskip("ray", reason="the [cluster] extra (ray) is not installed")
    done = _sweep_on_ray(tmp_path, "127.0.0.1:9", dict(os.environ))  # nothing listens on the discard port
    assert done.returncode == 2, done.stderr
    errors = [line for line in done.stderr.splitlines() if line.startswith("error:")]
    assert len(errors) == 1 and errors[0].startswith("error: cannot reach the Ray cluster at 127.0.0.1:9"), done.stderr
    assert not (tmp_path / "out").exists()  # the executor is made before OUT is touched


def test_ray_address_auto_without_a_cluster_says_so_in_our_words(tmp_path):
    """Ray's 'auto' finds any cluster on the machine (other jobs may run one): the command runs in a process
    namespace of its own (unshare, as root), where there is none."""
    pytest.importorskip("ray", reason="the [cluster] extra (ray) is not installed")
    if subprocess.run(["unshare", "--pid", "--fork", "--mount-proc", "true"], capture_output=True).returncode:
        pytest.skip("cannot unshare a process namespace here (needs root): a Ray cluster of another job could answer")
    shapes = tmp_path / "s.csv"
    shapes.write_text("m,n,k\n8,256,1024\n")
    env = {k: v for k, v in os.environ.items() if k != "RAY_ADDRESS"}
    env.update(RAY_TMPDIR=str(tmp_path / "no-ray-here"), PYTHONPATH=str(ROOT))
    done = subprocess.run(["unshare", "--pid", "--fork", "--mount-proc", "vdmfma", "sweep", str(shapes), "--executor",
                           "ray", "--ray-address", "auto", "--device", "none", "--out", str(tmp_path / "out")],
                          env=env, capture_output=True, text=True, timeout=300)
    assert done.returncode == 2, done.stderr
    errors = [line for line in done.stderr.splitlines() if line.startswith("error:")]
    assert errors == ["error: --ray-address auto: no running Ray cluster found on this machine (start one with "
                      "`ray start --head`, name HOST:PORT, or leave --ray-address out to start a private local "
                      "cluster)"], done.stderr
    assert not (tmp_path / "out").exists()


@pytest.mark.parametrize("command", ["compile", "run", "coverage", "calibrate"])
def test_dtype_help_names_mxfp4(command):
    text = " ".join(CliRunner().invoke(app, [command, "--help"], env={"COLUMNS": "300"}).output.split())
    assert re.search(r"--dtype .*i8, mxfp4", text), text


def test_a_candidate_is_spelled_one_way_in_what_the_tuner_says_its_notes_and_winners_csv():
    """The console, the notes and the report show a candidate id as candidates.csv and winners.csv store it
    ('split=0', never 'split=none' beside it); what a 0 knob means is said in words (KNOB_ZEROES)."""
    from iree_vdmfma.problems.problem import Problem
    from iree_vdmfma.tune.options import TuneOptions
    from iree_vdmfma.tune.state import KNOB_ZEROES
    from iree_vdmfma.tune.tune_report import winner_line
    from iree_vdmfma.tune.tuner import Tuner

    said: list[str] = []
    tuner = Tuner([Problem(1, 16, 256)], TuneOptions(target="host", device="none"), on_event=said.append)
    msg = "search winner [split=0,mma=vdmfma,waves_per_eu=0] not confirmed; [split=256] kept"
    tuner.say(msg)
    assert said == [msg]
    w = SimpleNamespace(key="f16_1x16x256", winner="split=0,mma=gemv,waves_per_eu=0", speedup_vs_default=None,
                        basis="modelled", verdict="")
    assert winner_line(w).startswith("f16_1x16x256: split=0,mma=gemv,waves_per_eu=0  vs default")
    assert "split=0 is no split-K" in KNOB_ZEROES and "waves_per_eu=0 leaves the occupancy hint unset" in KNOB_ZEROES


def test_coverage_says_what_iree_did_in_words_and_the_manual_gives_the_mxfp4_m_coverage_found():
    from iree_vdmfma.coverage.classes import read_csv
    from iree_vdmfma.coverage.grid import headline

    rows = read_csv(ROOT / "reports" / "coverage-gfx942" / "coverage.csv")
    second = headline(rows, "gfx942")[1]
    assert "IREE's default picked another MMA kind in 60" in second and ", used no MMA in 5 (M=4)" in second
    readme = " ".join((ROOT / "docs" / "mxfp4.md").read_text().split())
    gfx950 = [r for r in read_csv(ROOT / "reports" / "coverage-gfx950" / "coverage.csv") if r.dtype == "mxfp4"]
    first = min(r.m for r in gfx950 if r.cls == "vdmfma-by-default")
    assert first == 5 and "the scaled MFMA is there by default from M = 5" in readme
    assert "from M = 8" not in readme


def test_run_with_reps_0_says_its_column_is_numerics_only_never_an_empty_hot(tmp_path):
    res = CliRunner().invoke(app, ["run", "--m", "8", "--n", "64", "--k", "64", "--device", "local-task", "--target",
                                   "host", "--reps", "0", "--out", str(tmp_path / "r")], env={"COLUMNS": "200"})
    assert res.exit_code == 0, res.output
    said = " ".join(res.stdout.split())
    assert "numerics only (--reps 0: not timed)" in said and "pass" in said
    assert " hot " not in f" {said} "


def test_every_usage_line_names_its_arguments_as_click_does_never_in_braces():
    """`Usage: vdmfma sweep [OPTIONS] SHAPES`, not typer's '{shapes}' (read as a literal set of braces): an optional
    argument in brackets, a repeatable one with '...', and a missing one named the same way in its error line."""
    import click

    def commands(group, path):
        for name, cmd in group.commands.items():
            yield from commands(cmd, path + [name]) if isinstance(cmd, click.Group) else [(path + [name], cmd)]

    top = typer.main.get_command(app)
    seen = {}
    for path, cmd in commands(top, []):
        usage = next(line for line in CliRunner().invoke(app, [*path, "--help"]).output.splitlines()
                     if line.startswith("Usage:"))
        assert "{" not in usage and "}" not in usage, usage
        seen[" ".join(path)] = usage
    assert seen["sweep"].endswith("[OPTIONS] SHAPES") and seen["coverage"].endswith("[OPTIONS] [SHAPES]")
    assert seen["report"].endswith("[OPTIONS] RESULTS...") and seen["compare"].endswith("[OPTIONS] A B")
    missing = CliRunner().invoke(app, ["sweep"])
    assert missing.exit_code == 2 and "Missing argument 'SHAPES'" in missing.output
