"""A compile-cache entry removed under a tune or a model after it let go of the entry's lock (`vdmfma cache prune`
past --keep-recent, or a hand rm): the candidate's (or variant's) row says so, machine-error, and a rerun rebuilds it.

Real iree-compile runs of a tiny host GEMM (and a one-Linear model) into a cache of the test's own, really run on
local-task; the entry is removed by hand at the moment a wrapper around the tune's (or the model step's) own function
is called: before a candidate's numerics check, before the race's first round, before --no-race's final side-by-side
re-measure, before the forward runs.
"""

from __future__ import annotations

import shutil
import textwrap
from pathlib import Path

import pytest

from iree_vdmfma.compiler.entry import MANIFEST, REMOVED
from iree_vdmfma.problems.problem import Problem
from iree_vdmfma.problems.rows import Status
from iree_vdmfma.run import paired
from iree_vdmfma.tune import state
from iree_vdmfma.tune import tuner as tuner_module
from iree_vdmfma.tune.options import TuneOptions
from iree_vdmfma.tune.tuner import Tuner

SHAPE = Problem(8, 128, 512)  # three candidates on the host: split=0 (IREE's default), split=256, split=128


def _tune(tmp: Path, said: list[str], race: bool = True, hot: bool = False) -> Tuner:
    options = TuneOptions(target="host", device="local-task", out_dir=tmp / "out", cache_dir=tmp / "cache",
                          workers=2, race=race, seed=3, reps=3, hot=hot)
    return Tuner([SHAPE], options, on_event=said.append)


def _rows(tmp: Path) -> dict[str, state.CandidateRow]:
    return {r.candidate: r for r in state.read_table(tmp / "out" / "candidates.csv", state.CandidateRow)}


def _said_lost(said: list[str], name: str, entry: Path) -> bool:
    return f"{SHAPE.key}: 1 candidate(s) lost to the machine ([{name}]: {REMOVED}; missing: {entry / MANIFEST}); " \
           "rerun to redo them" in said


def _unmeasured(row: state.CandidateRow) -> bool:
    """No measurement in the row: no numerics, no latency, no when or where (as before it was measured)."""
    return (row.numerics, row.max_abs_err, row.max_rel_err, row.cold_us_median, row.cold_reps, row.hot_us_median,
            row.device_name, row.measured_at) == ("", None, None, None, None, None, "", "")


def _remove_then(real, vmfb_of, when):
    """``real`` wrapped: the first call that ``when(*args, **kwargs)`` picks removes its module's cache entry first
    (``vmfb_of(*args, **kwargs)``: the module it is about to read); every call then runs ``real``."""
    def wrapper(*args, **kwargs):
        if not wrapper.removed and when(*args, **kwargs):
            vmfb = Path(vmfb_of(*args, **kwargs))
            shutil.rmtree(vmfb.parent)
            wrapper.removed.append(vmfb.parent)
        return real(*args, **kwargs)

    wrapper.removed = []
    return wrapper


def test_a_module_removed_before_its_numerics_check_is_a_machine_error_candidate_a_rerun_redoes(tmp_path,
                                                                                                 monkeypatch):
    """It used to stop the tune: RunnerError 'no such module' (a traceback from the CLI)."""
    real, removed = tuner_module.measure, []

    def measure(vmfb, *args):  # the second candidate's check (the first is IREE's default): its entry removed first
        measure.calls += 1
        if measure.calls == 2:
            shutil.rmtree(vmfb.parent)
            removed.append(vmfb.parent)
        return real(vmfb, *args)

    measure.calls = 0
    monkeypatch.setattr(tuner_module, "measure", measure)
    said: list[str] = []
    tuner = _tune(tmp_path, said)
    assert tuner.run() == [] and tuner.lost == [SHAPE.key]  # no winner from a field the machine cut
    (entry,) = removed
    rows = _rows(tmp_path)
    (name,) = [c for c, r in rows.items() if r.status == Status.MACHINE_ERROR.value]
    assert (rows[name].reason, rows[name].error) == (REMOVED, f"missing: {entry / MANIFEST}")
    assert name != "split=0" and {r.status for c, r in rows.items() if c != name} == {Status.CHECKED.value}
    assert _said_lost(said, name, entry), said
    assert not (tmp_path / "out" / "winners.csv").exists()

    monkeypatch.undo()  # the rerun: that candidate compiled (its entry rebuilt) and checked again, the others kept
    (w,) = _tune(tmp_path, []).run()
    assert w.winner and w.verdict in ("win", "default")
    again = _rows(tmp_path)
    assert {r.status for r in again.values()} == {Status.MEASURED.value} and (entry / "out.vmfb").is_file()
    assert all(again[c].measured_at == r.measured_at for c, r in rows.items() if c != name)  # not checked again
    assert again[name].measured_at and again[name].numerics == "pass"


def test_a_module_removed_under_the_race_is_a_machine_error_candidate_and_no_winner(tmp_path, monkeypatch):
    """It used to stop the tune: TimingError 'iree-benchmark-module exited 1: ... NOT_FOUND; failed to open file'."""
    real, removed = paired.measure_rounds, []

    def measure_rounds(contenders, *args, **kwargs):  # the race's first rounds: a contender's entry removed first
        if not removed:
            gone = next(c for c in contenders if c.name != "split=0")
            shutil.rmtree(gone.vmfb.parent)
            removed.append((gone.name, gone.vmfb.parent))
        return real(contenders, *args, **kwargs)

    monkeypatch.setattr(paired, "measure_rounds", measure_rounds)
    said: list[str] = []
    tuner = _tune(tmp_path, said)
    assert tuner.run() == [] and tuner.lost == [SHAPE.key]
    ((name, entry),) = removed
    rows = _rows(tmp_path)
    assert (rows[name].status, rows[name].reason, rows[name].error) == \
        (Status.MACHINE_ERROR.value, REMOVED, f"missing: {entry / MANIFEST}")
    assert {r.status for c, r in rows.items() if c != name} == {Status.CHECKED.value}  # finished rows untouched
    assert all(r.numerics == "pass" and r.measured_at for r in rows.values() if r.status == Status.CHECKED.value)
    assert _unmeasured(rows[name])  # it was checked too (numerics pass, when and where): none of that is kept
    assert _said_lost(said, name, entry), said
    assert not (tmp_path / "out" / "winners.csv").exists() and not (tmp_path / "out" / "race.csv").exists()


def test_a_module_removed_before_the_no_race_side_by_side_leaves_the_shape_to_a_rerun(tmp_path, monkeypatch):
    """It used to ship IREE's default: "the winner failed the final re-measure (machine-error: ...)", a finished
    winner row, and the shape was never retried (the docs say it is left unfinished, exit 1)."""
    from iree_vdmfma.tune import confirm

    # the side-by-side's first re-measure (IREE's default's): its entry removed first
    measure = _remove_then(confirm.measure, lambda vmfb, *a: vmfb, lambda *a: True)
    monkeypatch.setattr(confirm, "measure", measure)
    said: list[str] = []
    tuner = _tune(tmp_path, said, race=False)
    assert tuner.run() == [] and tuner.lost == [SHAPE.key]
    (entry,) = measure.removed
    rows = _rows(tmp_path)
    assert (rows["split=0"].status, rows["split=0"].reason, rows["split=0"].error) == \
        (Status.MACHINE_ERROR.value, REMOVED, f"missing: {entry / MANIFEST}")
    assert {r.status for c, r in rows.items() if c != "split=0"} == {Status.MEASURED.value}
    assert _unmeasured(rows["split=0"])  # it was measured (timed, checked) before the side-by-side: not kept
    assert _said_lost(said, "split=0", entry), said
    assert not (tmp_path / "out" / "winners.csv").exists()

    monkeypatch.undo()  # the rerun: the default measured again (its entry rebuilt), then the side-by-side
    (w,) = _tune(tmp_path, [], race=False).run()
    assert w.winner and w.verdict and w.basis.startswith("measured")
    assert {r.status for r in _rows(tmp_path).values()} == {Status.MEASURED.value} and (entry / "out.vmfb").is_file()


@pytest.mark.parametrize("between", ["load and timing", "cold and hot runs"])
def test_a_module_removed_while_a_no_race_tune_times_it_is_a_machine_error_candidate(tmp_path, monkeypatch, between):
    """--no-race times each candidate itself. Removed after run_problem loaded the module, before
    iree-benchmark-module opened the file, it used to be a run-error row (terminal: a rerun never redid it);
    removed before the hot run, RunnerError 'no such module' stopped the tune."""
    from iree_vdmfma.run import timing
    from iree_vdmfma.tune import measure as measure_module

    if between == "load and timing":  # the first timing (IREE's default's, cold), its module loaded and checked
        wrapper = _remove_then(timing.time_module, lambda vmfb, *a, **k: vmfb, lambda *a, **k: True)
        monkeypatch.setattr(timing, "time_module", wrapper)
    else:  # the first hot run, after the cold one timed the module
        wrapper = _remove_then(measure_module.run_problem, lambda vmfb, *a, **k: vmfb,
                               lambda *a, cache_mode, check, **k: cache_mode == "hot" and not check)
        monkeypatch.setattr(measure_module, "run_problem", wrapper)
    said: list[str] = []
    tuner = _tune(tmp_path, said, race=False, hot=between == "cold and hot runs")
    assert tuner.run() == [] and tuner.lost == [SHAPE.key]
    (entry,) = wrapper.removed
    rows = _rows(tmp_path)
    (name,) = [c for c, r in rows.items() if r.status != Status.MEASURED.value]
    assert (rows[name].status, rows[name].reason, rows[name].error) == \
        (Status.MACHINE_ERROR.value, REMOVED, f"missing: {entry / MANIFEST}")
    assert _said_lost(said, name, entry), said
    assert not (tmp_path / "out" / "winners.csv").exists()


LINEAR = """
    import torch
    class Lin(torch.nn.Module):
        def __init__(self):
            super().__init__()
            self.lin = torch.nn.Linear(512, 256, bias=False, dtype=torch.float16)
        def forward(self, x):
            return self.lin(x)
    def build(m):
        torch.manual_seed(0)
        return Lin(), (torch.randn(m, 512, dtype=torch.float16),)
"""


def test_a_models_module_removed_before_its_forward_runs_is_a_machine_error_row_and_exit_1(tmp_path, monkeypatch):
    """It used to be a run-error row saying only "FileNotFoundError: [Errno 2] No such file or directory"; then a
    machine-error row, but `vdmfma model` exited 0 where a sweep or a tune cut the same way exits 1 (unfinished)."""
    pytest.importorskip("iree.turbine.aot")
    from typer.testing import CliRunner

    from iree_vdmfma.backends import CPU
    from iree_vdmfma.cli import app
    from iree_vdmfma.cli.model_cmds import EXIT_UNFINISHED
    from iree_vdmfma.configs.library import Entry, Library, write_library
    from iree_vdmfma.devices.flags import compile_flags
    from iree_vdmfma.model import step
    from iree_vdmfma.model.forward_rows import ModelRow
    from iree_vdmfma.model.model_report import read_model_csv

    src = tmp_path / "lin.py"
    src.write_text(textwrap.dedent(LINEAR))
    write_library(Library("host", (Entry(Problem(m=1, n=256, k=512), {"split": 256}),)), tmp_path / "lib",
                  compile_flags("host"), CPU.spec_route)
    real, removed = step.run_forward, []

    def run_forward(m, variants, results, *args):  # the tuned variant's entry removed before the forward runs
        removed.append(results[(m, "tuned")].workdir)
        shutil.rmtree(removed[-1])
        return real(m, variants, results, *args)

    monkeypatch.setattr(step, "run_forward", run_forward)
    res = CliRunner().invoke(app, ["model", str(src), "--m", "1", "--target", "host", "--device", "local-task",
                                   "--library", str(tmp_path / "lib"), "--out", str(tmp_path / "out"),
                                   "--cache-dir", str(tmp_path / "cache"), "--rounds", "2", "--calls", "1",
                                   "--cache-mode", "hot", "--no-torch-compile"])
    assert isinstance(res.exception, SystemExit) and res.exit_code == EXIT_UNFINISHED == 1, (res.exception, res.output)
    assert "1 forward(s) cut by the machine (M=1 tuned: machine-error" in res.output
    assert "run the same command again to redo them" in res.output
    (entry,) = removed
    table = read_model_csv(tmp_path / "out" / "model.csv", ModelRow)  # a status model.csv takes: not damaged
    rows = {r.variant: r for r in table.rows}
    assert not table.damaged and rows["tuned"].status == Status.MACHINE_ERROR.value
    assert rows["tuned"].error == f"{REMOVED} (missing: {entry / MANIFEST})"
    assert rows["default"].status == Status.OK.value and rows["default"].latency_us_median > 0
