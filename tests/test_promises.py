"""README promises no other test exercised (issue 36 item 5), each for real where that is cheap: real
compiles, real runs on local-task; where a failure has to be provoked, the stand-in is patched where the
code looks it up and asserted to have been called."""

from __future__ import annotations

import csv
import dataclasses
import shutil

import pytest
from typer.testing import CliRunner

from conftest import write_calibration_of
from iree_vdmfma.cli import app
from iree_vdmfma.compiler.driver import CompileJob, Compiler
from iree_vdmfma.compiler.retry import compile_retrying
from iree_vdmfma.problems.problem import Problem
from iree_vdmfma.run import paired, timing
from iree_vdmfma.tune import state
from iree_vdmfma.tune.space import Candidate, reference
from iree_vdmfma.tune.options import TuneOptions

from iree_vdmfma.tune.tuner import Tuner
from iree_vdmfma.coverage.classes import NOT_REACHABLE, classify
from iree_vdmfma.model.dispatches import collect_dispatches
from iree_vdmfma.model.model import isa_kernels, isa_verdict
from iree_vdmfma.problems.rows import Status, not_ok, row_for, spill_reason, spill_verdict
from iree_vdmfma.sweep.sweep import SweepOptions, plan, proved_row

TINY = Problem(8, 128, 512)


def test_a_tune_compile_that_times_out_is_retried_once_single_threaded_and_never_cached(tmp_path):
    # 0.05 s: no compile finishes in that time, so both the first try and the retry time out
    tuner = Tuner([Problem(1, 16, 256)], TuneOptions(target="host", device="none", out_dir=tmp_path / "out",
                                                     cache_dir=tmp_path / "cache", workers=2, timeout_s=0.05))
    tuner.run()
    rows = [r for r in state.read_table(tmp_path / "out" / "candidates.csv", state.CandidateRow)
            if r.status != Status.PRUNED.value]
    assert rows and all(r.status == Status.TIMEOUT.value for r in rows), rows
    assert all(r.retried and r.reason == "compile timed out twice" for r in rows)
    assert all("--mlir-disable-threading" in r.repro for r in rows)  # the repro is the retry's command
    assert not [p for p in (tmp_path / "cache").iterdir() if not p.name.startswith(".")]  # timeouts: not cached


# ------------------------------------------------------------------ the tuner's proof rejects (from the ISA)

def _edited(result, tmp_path, name, edit):
    """``result`` with a copy of its real gfx942 workdir whose .rocmasm is edited by ``edit(text) -> text``."""
    copy = tmp_path / name
    shutil.copytree(result.workdir, copy)
    (asm,) = (copy / "dump").glob("*.rocmasm")
    before = asm.read_text()
    after = edit(before)
    assert after != before, f"{name}: the edit found nothing to change"
    asm.write_text(after)
    return dataclasses.replace(result, workdir=copy)


def test_the_proof_rejects_scratch_occupancy_0_narrow_loads_and_a_spill_is_spills_in_every_command(tmp_path):
    import re

    from iree_vdmfma.tune.prove import prove

    p = Problem(8, 256, 1024)
    tuner = Tuner([p], TuneOptions(target="gfx942", device="none", out_dir=tmp_path / "out",
                                   cache_dir=tmp_path / "cache"))
    c = reference(p, "gfx942", "padded")  # a config this toolkit injects (IREE's own default is the baseline)
    with Compiler(tmp_path / "cache", 1) as compiler:
        result = compile_retrying(compiler, tuner.job(c))[0]
    assert result.ok and prove(c, result, "gfx942").status == Status.COMPILED.value  # as IREE built it: fit to measure

    def meta(key, value):  # one metadata value of the kernel, as LLVM prints it in the ISA's amdhsa.kernels
        return lambda text: re.sub(rf"(\.{key}:\s+)\d+", rf"\g<1>{value}", text, count=1)

    def narrow(text):  # a 2-byte weight load in the contraction kernel, as IREE 3.13 emits with promote [0]
        return re.sub(r"^(\s+)(buffer_load_dwordx4|global_load_dwordx4)\b", r"\1buffer_load_ushort v1, off, s[0:3], 0\n\1\2",
                      text, count=1, flags=re.M)

    cases = {"spills": (meta("vgpr_spill_count", 11), "11 spills"),
             "scratch": (meta("private_segment_fixed_size", 64), "64 scratch bytes"),
             "occupancy": (meta("group_segment_fixed_size", 70000), "occupancy 0"),  # more LDS than a CU has
             "narrow": (narrow, "narrow weight loads (buffer_load_ushort/dwordx3)")}
    for name, (edit, says) in cases.items():
        proof = prove(c, _edited(result, tmp_path, name, edit), "gfx942")
        assert says in proof.reason, (name, proof)
        assert proof.status == (Status.SPILLS if name == "spills" else Status.REJECTED).value, (name, proof)
    # the same spilling kernel is one word, ``spills``, in every command's row: tune, sweep, model, coverage
    spilling = dataclasses.replace(result, workdir=tmp_path / "spills")
    row = tuner._after_compile(c, spilling, False)
    assert row.status == Status.SPILLS.value and row.reason == spill_reason("11 spills") and row.spills == 11
    (job,) = plan([p], SweepOptions(target="gfx942", variants=("padded",)))
    swept = proved_row(job, spilling, row_for(p, "gfx942", "padded"), tmp_path / "artifacts")
    assert swept.status == Status.SPILLS.value and swept.reason == spill_reason("11 spills") and swept.spills == 11
    assert not_ok([swept]) == [swept]  # a failure to report: the command exits 1
    # IREE's own default kernel spilling is IREE's finding: the baseline row stays, its reason says so
    (default,) = plan([p], SweepOptions(target="gfx942", variants=("default",)))
    base = proved_row(default, spilling, row_for(p, "gfx942", "default"), tmp_path / "artifacts-default")
    assert base.status == Status.COMPILED.value and base.spills == 11, base  # measured, or ok compile-only
    assert base.reason == spill_verdict("11 spills", injected=False)[1]
    (got,) = [d for d in collect_dispatches(spilling.dump_dir) if d.mma_kind]
    kernel = isa_kernels(spilling, "gfx942")[got.dispatch]
    assert isa_verdict(got.mma_kind, got, kernel) == (
        Status.SPILLS.value, f"{got.mma_kind} applied; " + spill_reason(f"11 VGPR spills ({kernel.vgpr} VGPRs)"))
    assert classify(swept, swept) == (NOT_REACHABLE, "spills: 11 spilled registers (0 B scratch)")


# ------------------------------------------------------------------ paired timing's fallback

def test_paired_timing_falls_back_to_one_process_per_contender_when_the_shared_worker_fails(tmp_path, monkeypatch):
    from iree_vdmfma.run.runner import compile_for_run

    vmfb = compile_for_run(TINY, "host", tmp_path)
    failed = []

    def worker_fails(*args, **kwargs):  # the one-process worker, as it fails when it cannot load a module
        failed.append(args[0])
        raise timing.TimingError("paired worker exited 1: RuntimeError: no module", False, "python -m ...")

    monkeypatch.setattr(paired, "_one_process", worker_fails)  # where measure_rounds looks it up
    r = paired.measure_rounds([paired.Contender("A", vmfb), paired.Contender("B", vmfb)], TINY, "local-task", 2,
                              seed=1, cache_mode="hot")
    assert len(failed) == 1 and [c.name for c in failed[0]] == ["A", "B"]
    assert r.count == 2 and all(m.startswith(paired.PER_CONTENDER + " (one process failed: paired worker exited 1")
                                for m in r.modes)
    assert all(len(s) == 2 and min(s) > 0 for s in r.samples.values())  # measured for real, run by run


# ------------------------------------------------------------------ --noise-floor over a calibration

def test_noise_floor_overrides_the_devices_calibrated_floor_in_a_report(tmp_path, monkeypatch):
    from iree_vdmfma.devices.probe import device_info
    from iree_vdmfma.problems.rows import row_for, write_rows

    name = device_info("local-task").name
    cal = write_calibration_of(tmp_path / "cal", "local-task", name, 0.2, heldout=(0.01, 0.0))
    monkeypatch.setenv("VDMFMA_CALIBRATION", str(cal))
    # splitk 5% faster than the default with no spread (10 repetitions each): a win unless the floor is above 5%
    rows = [row_for(TINY, "host", v, "ok", cache_mode="cold", device="local-task", device_name=name, reps=10,
                    latency_us_median=us, latency_us_mad=0.0, latency_us_std=0.0, numerics="pass")
            for v, us in (("default", 100.0), ("splitk", 95.0))]
    write_rows(rows, tmp_path / "results.csv")

    def verdict(*extra):
        res = CliRunner().invoke(app, ["report", str(tmp_path / "results.csv"), "--baseline", "default", "--out",
                                       str(tmp_path / f"rep{len(extra)}"), "--no-plots", *extra])
        assert res.exit_code == 0, res.output
        summary = list(csv.DictReader((tmp_path / f"rep{len(extra)}" / "summary.csv").open()))
        return next(r for r in summary if r["variant"] == "splitk")["verdict"], res.output

    calibrated, said = verdict()
    assert calibrated == "within-noise" and "held-out false-win rate 1.0% over 24 fresh A/A pairs" in said
    assert verdict("--noise-floor", "0.01")[0] == "win"  # the floor given wins over the calibrated 20%


# ------------------------------------------------------------------ a Ray worker with another compiler

def test_a_worker_with_another_iree_compile_is_refused_before_it_compiles(tmp_path):
    from iree_vdmfma.compiler.driver import build_shipped
    from iree_vdmfma.compiler.toolchain import compiler_version
    from iree_vdmfma.devices.flags import compile_flags
    from iree_vdmfma.problems.inputs import input_ir

    job = CompileJob("tiny/host", input_ir(Problem(1, 16, 64)), tuple(compile_flags("host")))
    with pytest.raises(RuntimeError, match=rf"has iree-compile {compiler_version()}, the driver 3\.12\.0: install the "
                                          "same iree-base-compiler on every node"):
        build_shipped(job, "3.12.0")
    assert build_shipped(job, compiler_version())["files"]  # the same version builds and ships the entry


# ------------------------------------------------------------------ reports at scale: what a plot draws

def _figures(monkeypatch) -> list:
    """Every matplotlib figure a report closes, kept (patched where report/plots.py and weights.py call it)."""
    from iree_vdmfma.report import plots, weights

    kept: list = []
    assert plots.plt is weights.plt  # one pyplot: one patch covers both
    monkeypatch.setattr(plots.plt, "close", kept.append)
    return kept


def test_a_per_shape_plot_shows_at_most_30_shapes_the_extremes_and_its_title_says_so(tmp_path, monkeypatch):
    from iree_vdmfma.problems.rows import row_for
    from iree_vdmfma.report.report import build_report

    # 40 shapes; splitk's speedup over the default is 0.5 + 0.025 i for shape i: shapes 0-14 are the 15
    # lowest, 25-39 the 15 highest, 15-24 are left out of the picture (not out of the CSVs)
    rows = []
    for i in range(40):
        p = Problem(8, 64 * (i + 1), 512, name=f"shape{i:02d}")
        for v, us in (("default", 100.0), ("splitk", 100.0 / (0.5 + 0.025 * i))):
            rows.append(row_for(p, "host", v, "ok", cache_mode="cold", device="local-task", device_name="cpu", reps=10,
                                latency_us_median=us, latency_us_mad=0.0, numerics="pass"))
    figs = _figures(monkeypatch)
    res = build_report(rows, baseline="default", out_dir=tmp_path / "rep", plots=True)
    assert len(res.summary[res.summary["variant"] == "splitk"]) == 40  # every shape stays in the tables
    (ax,) = [f.axes[0] for f in figs if f.axes and f.axes[0].get_title().startswith("Speedup vs default")]
    assert "30 of 40 shapes: the 15 lowest and 15 highest speedups" in ax.get_title()
    labels = " ".join(t.get_text() for t in ax.get_yticklabels())
    assert len(ax.get_yticklabels()) == 30
    assert all(f"shape{i:02d}" in labels for i in [*range(15), *range(25, 40)])
    assert not any(f"shape{i:02d}" in labels for i in range(15, 25))


def test_the_weights_plot_samples_4000_points_a_variant_and_says_so(tmp_path, monkeypatch):
    import pandas as pd

    from iree_vdmfma.report.weights import weights_plot

    n = 4500
    sub = pd.DataFrame({"variant": ["default"] * n + ["splitk"] * 100, "key": [f"k{i}" for i in range(n + 100)],
                        "name": "", "target": "host", "gbps": 10.0, "weight_bytes": [2.0 ** 20 * (1 + i % 50)
                                                                                    for i in range(n + 100)],
                        "peak_gbps": float("nan")})
    figs = _figures(monkeypatch)
    assert weights_plot(sub, "local-task", "cold", tmp_path / "w.png").is_file()
    (ax,) = figs[0].axes
    drawn = sorted(len(c.get_offsets()) for c in ax.collections)
    assert drawn == [100, 4000]  # 4500 rows of default sampled to 4000; splitk's 100 all drawn
    assert "4000 sampled rows per variant" in ax.get_title()


# ------------------------------------------------------------------ same kernel, measured once

def test_a_candidate_that_compiles_to_a_measured_kernel_is_same_kernel_and_not_measured_again(tmp_path, monkeypatch):
    """A backend with a knob that reaches neither its spec nor its flags (as a knob IREE ignores leaves the code as
    it was): its candidate compiles to the default's very code, so it is `same-kernel`, naming its twin, never
    timed. Before, two candidates of one compile job collapsed into one: the other stayed pending."""
    from iree_vdmfma import backends
    from iree_vdmfma.backends import Backend, DumpProof, KnobTable, register
    from iree_vdmfma.tune import tuner as tuner_module

    knobs = KnobTable()
    knobs.fixed("ignored", (0, 1))  # nothing in the spec or the flags carries it: one compile, one kernel

    @dataclasses.dataclass(frozen=True)
    class Deaf(Backend):
        def handles(self, target):
            return target == "deaf"

        def targets_help(self):
            return "deaf"

        def compile_flags(self, target):
            return ["--iree-hal-target-device=local", "--iree-hal-local-target-device-backends=llvm-cpu",
                    "--iree-llvmcpu-target-cpu=generic"]

        def enabled(self, problem, target):
            return True, ""

        def prove(self, dump_dir, problem, target, intended_mma_kind):
            return DumpProof({}, "", {})

        def knobs(self, target=""):
            return knobs

    register(Deaf("deaf-backend", "llvm-cpu generic (a test backend)", ("deaf_attr",), device_kind="cpu"))
    measured = []
    real = tuner_module.measure

    def counted(module, *args, **kwargs):
        measured.append(module)
        return real(module, *args, **kwargs)

    monkeypatch.setattr(tuner_module, "measure", counted)  # where Tuner.evaluate looks it up
    try:
        tuner = Tuner([Problem(4, 64, 256)], TuneOptions(target="deaf", device="local-task", out_dir=tmp_path / "out",
                                                         cache_dir=tmp_path / "cache", workers=2, reps=3, race=True))
        tuner.run()
    finally:
        backends.unregister("deaf-backend")
    rows = {r.candidate: r for r in state.read_table(tmp_path / "out" / "candidates.csv", state.CandidateRow)}
    assert set(rows) == {"ignored=0", "ignored=1"}
    twin, default = rows["ignored=1"], rows["ignored=0"]
    assert default.status == Status.MEASURED.value and default.kernel_fingerprint == twin.kernel_fingerprint
    assert twin.status == Status.SAME_KERNEL.value and twin.cold_us_median is None
    assert f"same kernel as [ignored=0] (kernel_fingerprint {default.kernel_fingerprint})" in twin.reason
    assert len(measured) == 1  # one kernel, measured once
