"""vdmfma tune: the whole loop for real (CPU), the modelled gfx942 path, the spec pair, CUDA split-K.

Every compile is a real iree-compile; every CPU candidate is really run and checked.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from conftest import ROOT, SIGNAL_GUARD_S, iree_compile
from iree_vdmfma.backends import CUDA, ROCM
from iree_vdmfma.backends.base import dispatch_count
from iree_vdmfma.backends.rocm import evidence as proof
from iree_vdmfma.compiler.driver import Compiler
from iree_vdmfma.compiler.retry import compile_retrying
from iree_vdmfma.compiler.fingerprint import fingerprint
from iree_vdmfma.configs.knobs import knob_config
from iree_vdmfma.configs.library import Entry, Library, write_library
from iree_vdmfma.configs.spec import write_spec
from iree_vdmfma.devices.flags import compile_flags
from iree_vdmfma.tune.prove import prove
from iree_vdmfma.devices.targets import target as get_target
from iree_vdmfma.problems.problem import Problem
from iree_vdmfma.tune import state
from iree_vdmfma.tune.choose import choose_measured
from iree_vdmfma.backends.knobs import M1_SPLIT_DROPPED
from iree_vdmfma.tune.space import prune_reason, reference, settings_of, space, Candidate
from iree_vdmfma.tune.options import MODELLED_DEFAULT_CANDIDATES, TuneOptions
from iree_vdmfma.tune.tuner import Tuner
from iree_vdmfma.run.numerics import Checker
from iree_vdmfma.problems.rows import CANDIDATE_TERMINAL, Status, status_values


def _cli(*args: str, env: dict) -> subprocess.Popen:
    return subprocess.Popen([sys.executable, "-m", "iree_vdmfma.cli", "tune", *args], env=env, cwd=ROOT,
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)


def _env(cache: Path) -> dict:
    return {**os.environ, "PYTHONPATH": str(ROOT), "VDMFMA_CACHE_DIR": str(cache)}


@pytest.mark.alone  # signals a running command at an event it polls for (tests/conftest.py)
def test_tune_on_cpu_measures_every_candidate_and_a_sigint_rerun_redoes_nothing_finished(tmp_path):
    out, env = tmp_path / "tune", _env(tmp_path / "cache")
    # resuming, not racing (test_race.py); cold timings only (what is asserted: a --no-race tune's hot timings run
    # in test_reliability.py's damaged-rows tune)
    args = [str(ROOT / "sweeps/tiny-cpu.csv"), "--device", "local-task", "--out", str(out),
            "--max-candidates", "2", "--reps", "3", "-j", "2", "--no-race", "--no-hot"]
    proc = _cli(*args, env=env)
    deadline = time.monotonic() + 600  # a hang guard: the loop ends on the event (3 candidates measured)
    while time.monotonic() < deadline and proc.poll() is None:
        rows = state.read_table(out / "candidates.csv", state.CandidateRow) if (out / "candidates.csv").exists() else []
        if sum(r.status == Status.MEASURED.value for r in rows) >= 3:
            break
        time.sleep(0.2)
    assert proc.poll() is None, "tune finished before it could be interrupted"
    proc.send_signal(signal.SIGINT)
    assert proc.wait(SIGNAL_GUARD_S) == 130, proc.stdout.read()
    before = {r.row_key: r for r in state.read_table(out / "candidates.csv", state.CandidateRow)
              if r.status == Status.MEASURED.value}
    assert len(before) >= 3

    rerun = _cli(*args, env=env)
    output = rerun.communicate(timeout=300)[0]
    assert rerun.returncode == 0, output
    after = {r.row_key: r for r in state.read_table(out / "candidates.csv", state.CandidateRow)}
    for key, row in before.items():  # a measured candidate is never measured again: same numbers
        assert after[key] == row
    for key in {r.key for r in after.values()}:
        measured = [r for r in after.values() if r.key == key and r.status == Status.MEASURED.value]
        assert len(measured) >= 2 and all(r.numerics == "pass" and r.cold_us_median > 0 for r in measured)
        assert any(r.split for r in measured) and any(r.reference == "default" for r in measured)
    winners = state.read_table(out / "winners.csv", state.WinnerRow)
    assert len(winners) == 5
    for w in winners:
        assert w.device == "local-task" and w.basis.startswith("measured") and w.default_us_median > 0
        assert w.verdict in ("win", "loss", "within-noise", "default", "undetermined")
    assert (out / "report" / "report.md").read_text().count("MEASURED on local-task") >= 1


HAND_WRITTEN = """func.func @gemm(%a: tensor<{m}x{k}xf16>, %b: tensor<{n}x{k}xf16>) -> tensor<{m}x{n}xf32> {{
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<{m}x{n}xf32>
  %c = linalg.fill ins(%z : f32) outs(%e : tensor<{m}x{n}xf32>) -> tensor<{m}x{n}xf32>
  %r = linalg.generic {{indexing_maps = [affine_map<(i, j, l) -> (i, l)>, affine_map<(i, j, l) -> (j, l)>,
                                        affine_map<(i, j, l) -> (i, j)>],
                       iterator_types = ["parallel", "parallel", "reduction"]}}
       ins(%a, %b : tensor<{m}x{k}xf16>, tensor<{n}x{k}xf16>) outs(%c : tensor<{m}x{n}xf32>) {{
  ^bb0(%x: f16, %y: f16, %acc: f32):
    %xf = arith.extf %x : f16 to f32
    %yf = arith.extf %y : f16 to f32
    %p = arith.mulf %xf, %yf : f32
    %s = arith.addf %acc, %p : f32
    linalg.yield %s : f32
  }} -> tensor<{m}x{n}xf32>
  return %r : tensor<{m}x{n}xf32>
}}
"""


def test_modelled_gfx942_tune_writes_a_winner_a_shape_and_a_spec_pair_plain_iree_compile_applies(tmp_path):
    out, env = tmp_path / "tune", _env(tmp_path / "cache")
    seed = (ROOT / "sweeps/seed-f16.csv").read_text().splitlines()
    shapes = tmp_path / "seed-k8192.csv"  # the three K = 8192 seed shapes (all six cost 190 s of a CI run)
    shapes.write_text("\n".join([line for line in seed if line.startswith("name,")] +
                                [line for line in seed if line.endswith(",8192,f16")]) + "\n")
    proc = _cli(str(shapes), "--target", "gfx942", "--device", "none", "--out", str(out),
                "--max-candidates", "3", "-j", "2", env=env)
    output = proc.communicate(timeout=300)[0]
    assert proc.returncode == 0, output
    winners = state.read_table(out / "winners.csv", state.WinnerRow)
    assert len(winners) == 3 and all(w.basis == "modelled" and w.winner for w in winners)
    assert all(w.evaluated <= 3 and w.cut_max_candidates == w.space - 3 > 0 for w in winners)  # cuts counted
    report = (out / "report" / "report.md").read_text()
    assert "MODELLED" in report and "cut_by_max_candidates" in report
    index = (out / "report" / "index.md").read_text().split("\n\n")  # the folder's page opens with the result
    assert index[1] == "## Result" and index[2].startswith("**Tuned winners: MODELLED, not measured")
    assert "geomean" not in index[2] and "off by up to 1.98x" in index[2]  # no modelled win beyond the model's error
    assert "Geomean speedup by group" not in report
    defaults: dict = {}
    for c in state.read_table(out / "candidates.csv", state.CandidateRow):
        if "default" in c.reference.split(","):
            defaults.setdefault(c.key, set()).add(c.candidate)
    for w in winners:  # each winner says whether the model can tell it from no difference; one it cannot is no
        # winner: IREE's default is kept and shipped, the model's pick named in the note
        assert w.verdict == ("beyond the model's error" if w.speedup_vs_default > 1.98 else "not separable by the model")
        if w.verdict == "not separable by the model":
            assert w.winner in defaults[w.key] and w.speedup_vs_default == 1.0, w
            assert w.winner == w.search_winner or f"[{w.search_winner}] modelled" in w.note, w
    assert "[report.md](report.md)" in "\n\n".join(index) and "MODELLED by the backend" in "\n\n".join(index)
    lines = [line for line in output.splitlines() if " vs default " in line]  # one a shape, labelled once
    assert len(lines) == 3 and all(line.count("MODELLED") == 1 for line in lines), lines
    assert "[modelled; MODELLED]" not in output and "modelled MODELLED" not in output
    flags = (out / "specs" / "flags-gfx942.txt").read_text().split()
    assert any(f.startswith("--iree-preprocessing-transform-spec-filename=") for f in flags)
    assert any(f.startswith("--iree-codegen-tuning-spec-path=") for f in flags)
    for w in winners:  # the user's own IR + the exact flags: the ISA shows the winner's config
        src = tmp_path / f"{w.key}.mlir"
        src.write_text(HAND_WRITTEN.format(m=w.m, n=w.n, k=w.k))
        dump = iree_compile(src, tmp_path / w.key, *flags)
        ev = proof.collect(dump, Problem(w.m, w.n, w.k), get_target("gfx942"))
        assert ev.workgroups == w.workgroups and ev.smfmac > 0, (w.key, ev)
        assert (ev.dispatches >= 2) == bool(w.split)
        if w.mma == "vdmfma":
            n_tile = int(dict(p.split("=") for p in w.winner.split(","))["n_tile"])
            assert ev.workgroup_tile[1] == n_tile and ev.mma_kind.startswith("VDMFMA")


def test_a_modelled_headline_has_no_geomean_and_names_the_winners_beyond_the_models_validated_error():
    import pandas as pd

    from iree_vdmfma.tune.tune_report import modelled_headline

    w = pd.DataFrame({"key": ["a", "b", "c"], "speedup_vs_default": [2.54, 1.024, 1.3]})
    head = modelled_headline(w, "gfx942", "static model, no device; gfx942")
    assert "geomean" not in head and "1 of 3 modelled speedups over IREE's default lie beyond the model's validated " \
        "error (a modelled speedup is off by up to 1.98x on the six published MI300X latencies" in head
    assert ": a (MODELLED 2.54x); the other 2 not separable by the model" in head and "1.30" not in head
    # every winner beyond the error is named with its modelled speedup (docs/tuning.md says so), not only the first
    w2 = pd.concat([w, pd.DataFrame({"key": ["d"], "speedup_vs_default": [0.4]})], ignore_index=True)
    assert ": a (MODELLED 2.54x), d (MODELLED 0.40x); the other 2 not separable" in modelled_headline(
        w2, "gfx942", "static model, no device; gfx942")
    head = modelled_headline(w, "gfx950", "static model, no device; gfx950")  # never checked against a measurement
    assert "not validated on gfx950" in head and "none of the 3" in head and "2.54" not in head


def test_the_models_speedup_error_is_the_worst_ratio_of_its_published_check():
    """SPEEDUP_ERROR is what docs/tuning.md's table (benchmarks/tune_model_check.py) shows: per shape, the modelled
    padded/default latency ratio over the published one, the worst of the six, rounded up."""
    import math
    import re

    from iree_vdmfma.backends.rocm.perf_model import SPEEDUP_ERROR

    rows = re.findall(r"^\| (default \(VDMFMA\)|padded) \| (\S+) \| (\d+) \| ([\d.]+) \|",
                      (ROOT / "docs" / "tuning.md").read_text(), re.M)
    got = {(c.split()[0], s): (float(p), float(m)) for c, s, p, m in rows}
    shapes = {s for _, s in got}
    assert len(shapes) == 6
    worst = max((got["padded", s][1] / got["default", s][1]) / (got["padded", s][0] / got["default", s][0])
                for s in shapes)
    assert SPEEDUP_ERROR["gfx942"] == math.ceil(worst * 100) / 100


def test_waves_per_eu_2_trades_vgprs_in_the_isa_and_prefetch_3_compiles(tmp_path):
    p = Problem(8, 2304, 8192)
    tuner = Tuner([p], TuneOptions(target="gfx942", device="none", out_dir=tmp_path / "out",
                                   cache_dir=tmp_path / "cache", workers=2))
    compiler = Compiler(tmp_path / "cache", 2)
    base = (("split", 0), ("mma", "vdmfma"), ("n_tile", 64), ("subgroups", 2), ("reduction", 8), ("promote", "A"))
    vgpr = {}
    for extra in ((("prefetch", 2), ("waves_per_eu", 0)), (("prefetch", 2), ("waves_per_eu", 2)),
                  (("prefetch", 3), ("waves_per_eu", 0))):
        c = Candidate(p, base + extra)
        result = compile_retrying(compiler, tuner.job(c))[0]
        pr = prove(c, result, "gfx942")
        assert pr.status == Status.COMPILED.value and pr.fields["smfmac"] > 0, pr
        vgpr[extra] = pr.fields["vgpr"]
        # the machine-code columns from the ISA (backends/rocm/machine.py): B straight to VGPRs in dwordx4 loads
        f = pr.fields
        assert f["regs"] == f["vgpr"] and f["spill_bytes"] == 0 and f["load_bytes"] == 16, f
        assert f["bytes_in_flight"] == 36 * 64 * 8 * 64 * 2 and 0 < f["waves"] < 1  # 36 WGs of N 64 x K 512
        configured = "".join(f.read_text() for f in result.dump_dir.glob("configured_*.mlir"))
        assert ('"amdgpu-waves-per-eu" = "2"' in configured) == (extra[1][1] == 2)
    unset, two = vgpr[(("prefetch", 2), ("waves_per_eu", 0))], vgpr[(("prefetch", 2), ("waves_per_eu", 2))]
    assert two < unset <= 256, vgpr  # tuning-knobs.md measured 196 -> 148


def test_cuda_split_k_candidates_compile_for_sm_89_as_two_dispatches(tmp_path):
    problem = Problem(8, 512, 2048)
    tuner = Tuner([problem], TuneOptions(target="sm_89", device="none", out_dir=tmp_path / "out",
                                         cache_dir=tmp_path / "cache", workers=2))
    split = Candidate(problem, (("split", 1024), ("mma", "default")))
    assert split.id in {c.id for c in space(problem, "sm_89")[0]}
    with Compiler(tmp_path / "cache", 2) as compiler:
        result = compile_retrying(compiler, tuner.job(split))[0]
    pr = prove(split, result, "sm_89")
    # split applied (two dispatches); its 2-byte loads are then rejected from the PTX (backends/cuda/machine.py)
    assert pr.fields["dispatches"] == 2 and pr.status in (Status.COMPILED.value, Status.REJECTED.value), pr


@pytest.mark.parametrize("arch,ksub", [("sm_89", 2), ("gfx942", 1), ("gfx1100", 2)])  # K step 32x8x2 / 64x8x1 = 512
def test_gemv_candidates_are_proven_applied_from_the_configured_ir_with_and_without_split(tmp_path, arch, ksub):
    problem = Problem(8, 512, 2048)
    options = TuneOptions(target=arch, device="none", out_dir=tmp_path / "out", cache_dir=tmp_path / "cache",
                          workers=2)
    tuner = Tuner([problem], options)
    compiler = Compiler(tmp_path / "cache", 2)
    for split in (0, 1024):
        c = Candidate(problem, (("split", split), ("mma", "gemv"), ("rows", 2), ("kpart", 512), ("ksub", ksub)))
        assert prune_reason(c, arch) == ""
        result = compile_retrying(compiler, tuner.job(c))[0]
        assert result.ok, result.error
        configured = "".join(p.read_text() for p in result.dump_dir.glob("configured_*.mlir"))
        assert "pipeline<VectorDistribute>" in configured and "workgroup = [8, 2, 0]" in configured
        pr = prove(c, result, arch)
        assert pr.status == Status.COMPILED.value and pr.fields["dispatches"] == (2 if split else 1), pr
        assert pr.fields["workgroups"] == (512 // 2) * (2048 // split if split else 1) and not pr.fields["mma_kind"]
        if arch.startswith("gfx"):  # the ISA: no MFMA of either kind
            assert pr.fields["smfmac"] == 0 and pr.fields["mfma"] == 0 and pr.fields["wmma"] == 0


def test_a_codegen_tuning_spec_is_ignored_on_cuda_so_cuda_configs_ride_the_preprocessing_spec(tmp_path):
    """IREE 3.13 fact (the CUDA backend's spec route, backends/cuda/): if this fails, IREE started honouring it."""
    problem = Problem(8, 512, 2048)
    config = knob_config(problem, "sm_89", {"mma": "gemv", "rows": 2})
    src = tmp_path / "in.mlir"
    src.write_text(HAND_WRITTEN.format(m=8, n=512, k=2048))
    spec = write_spec([(problem, config)], tmp_path / "tuning.mlir")
    dump = iree_compile(src, tmp_path / "codegen", *compile_flags("sm_89"), f"--iree-codegen-tuning-spec-path={spec}")
    assert "pipeline<VectorDistribute>" not in "".join(p.read_text() for p in dump.glob("configured_*.mlir"))
    assert "intended the gemv config" in CUDA.prove(dump, problem, "sm_89", config.mma_kind).reason  # reported
    assert ROCM.codegen_spec_honoured("gfx942") and not CUDA.codegen_spec_honoured("sm_89")
    lib = Library("sm_89", (Entry(problem, {"mma": "gemv", "rows": 2}),))
    pre, tuning = lib.spec_texts(CUDA.spec_route)
    assert tuning is None
    (tmp_path / "pre.mlir").write_text(pre)
    dump = iree_compile(src, tmp_path / "pre", *compile_flags("sm_89"),
                        f"--iree-preprocessing-transform-spec-filename={tmp_path / 'pre.mlir'}")
    assert "pipeline<VectorDistribute>" in "".join(p.read_text() for p in dump.glob("configured_*.mlir"))
    assert CUDA.prove(dump, problem, "sm_89", config.mma_kind).reason == ""


@pytest.fixture(scope="module", params=["sm_89", "gfx942"])
def m1_tune(request, tmp_path_factory):
    """A modelled (--device none) tune of 1x4096x4096 f16: IREE's default (and on ROCm the padded dense MFMA),
    then the first gemv candidate. Returns (target, the tune's out dir, how many reference candidates)."""
    arch, tmp = request.param, tmp_path_factory.mktemp(f"m1-{request.param}")
    refs = 2 if arch == "gfx942" else 1
    Tuner([Problem(1, 4096, 4096)], TuneOptions(target=arch, device="none", out_dir=tmp / "o", cache_dir=tmp / "c",
                                                max_candidates=refs + 1, workers=2)).run()
    return arch, tmp / "o", refs


def test_an_m1_tune_holds_gemv_candidates_proven_applied_to_the_matvec_iree_folds_it_into(m1_tune):
    """IREE folds an M = 1 GEMM into a matvec (no M loop) after the preprocessing spec: a config annotated on the
    unfolded op was dropped on CUDA (every gemv candidate of five M = 1 shapes was IREE's default kernel on the H200)
    and a codegen matcher with an M dim matched nothing on gfx942. The specs now meet the matvec (CUDA: the
    preprocessing spec folds unit dims first), so the tune's gemv candidate is applied and another kernel."""
    arch, out, refs = m1_tune
    rows = {r.mma: r for r in state.read_table(out / "candidates.csv", state.CandidateRow)
            if r.status != Status.PRUNED.value}
    assert "gemv" in rows and len(rows) == refs + 1, rows
    gemv, default = rows["gemv"], rows["default"]
    # applied (the matvec carries its rows and K distribution); rejected only after that, for its machine code
    assert gemv.status in (Status.MODELLED.value, Status.REJECTED.value, Status.SPILLS.value) and not gemv.mma_kind, gemv
    assert gemv.workgroups == 4096 // settings_of(gemv.candidate)["rows"]  # rows 1: the default's grid, another kernel
    assert gemv.kernel_fingerprint and gemv.kernel_fingerprint != default.kernel_fingerprint
    assert default.status == Status.MODELLED.value and 0 < default.model_pct_peak < 100  # the backend's MODEL, % of peak


def test_a_modelled_tune_report_names_the_targets_own_backend_perf_model(m1_tune):
    from iree_vdmfma.tune.tune_report import write_tune_report

    arch, out, _ = m1_tune
    own, other = ("cuda", "rocm") if arch == "sm_89" else ("rocm", "cuda")
    report = write_tune_report(out, arch, report_dir=out.parent / "report").read_text()
    assert f"perf model (backends/{own}/perf_model.py)" in report and f"backends/{other}/" not in report


def test_space_prunes_lds_overflow_thread_count_and_tiles_that_do_not_divide():
    p = Problem(8, 2304, 8192)
    kept, pruned = space(p, "gfx942")
    reasons = " ".join(r for _, r in pruned)
    assert "LDS estimate" in reasons and "do not divide" in reasons or "does not split" in reasons
    assert kept[0].id == reference(p, "gfx942", "default").id
    big = Candidate(p, (("split", 0), ("mma", "vdmfma"), ("n_tile", 64), ("subgroups", 2), ("reduction", 8),
                        ("promote", "AB")))
    assert prune_reason(big, "gfx942").startswith("LDS estimate 74304")  # the 69632 B compile failure, modelled
    assert [c.id for c in space(Problem(8, 256, 1024), "host")[0]] == ["split=0", "split=512", "split=256"]


@pytest.mark.parametrize("arch, mma, takes", [("sm_89", "vdmfma", "default, gemv, tc"),
                                              ("gfx942", "tc", "default, vdmfma, dense, gemv"),
                                              ("host", "gemv", "default"), ("sm_89", "mxgemv", "default, gemv, tc")])
def test_a_setting_naming_a_config_its_target_does_not_take_is_pruned_with_the_reason_not_given_irees_default(
        arch, mma, takes):
    """A hand-made or carried-over setting (a library entry, a record) whose ``mma`` the target has no config of is
    said, never answered with IREE's default kernel in its place (or another kind's config)."""
    from iree_vdmfma.configs.catalog import IntrinsicUnavailableError
    from iree_vdmfma.configs.knobs import knob_config

    p = Problem(8, 2304, 8192)
    with pytest.raises(IntrinsicUnavailableError, match=f"mma={mma} is not a config {arch} takes; it takes {takes}$"):
        knob_config(p, arch, {"mma": mma, "n_tile": 48})
    assert prune_reason(Candidate(p, (("split", 0), ("mma", mma))), arch).startswith(f"mma={mma} is not a config")


@pytest.mark.parametrize("arch", ["host", "gfx942", "sm_89"])
def test_split_candidates_of_an_unbatched_m1_gemm_are_pruned_since_iree_drops_the_split(tmp_path, arch):
    p = Problem(1, 256, 4096)
    kept, pruned = space(p, arch)
    assert kept and not [c for c in kept if c.split]
    assert {why for c, why in pruned if c.split} == {M1_SPLIT_DROPPED}
    assert [c for c in space(Problem(2, 256, 4096), arch)[0] if c.split]  # M = 2 keeps its splits
    if arch == "host":  # the fact the pruning rests on, checked against the installed compiler
        split = next(c for c, why in pruned if c.split)
        tuner = Tuner([p], TuneOptions(target=arch, device="none", out_dir=tmp_path / "o", cache_dir=tmp_path / "c"))
        with Compiler(tmp_path / "c", 1) as compiler:
            result = compile_retrying(compiler, tuner.job(split))[0]
        assert result.ok and dispatch_count(result.dump_dir) == 1  # no split loop, no reduce dispatch


def _row(cid: str, median: float, std: float, ref: str = "") -> state.CandidateRow:
    return state.CandidateRow(key="k", name="k", m=8, n=8, k=8, batch=1, dtype="f16", target="host", candidate=cid,
                              reference=ref, cold_us_median=median, cold_us_std=std, cold_reps=10)


def test_winner_must_beat_default_beyond_noise_and_ties_go_to_the_simpler_config():
    default = _row("split=0", 100.0, 1.0, "default")
    simple = lambda r: r.candidate.count(",") + (r.candidate != "split=0")  # noqa: E731
    inside = choose_measured([default, _row("split=512", 98.5, 1.0)], default, simple)
    assert inside.winner is default and inside.verdict == "default"
    a, b = _row("split=512", 80.0, 1.0), _row("split=256,x=1", 79.5, 1.0)
    clear = choose_measured([default, a, b], default, simple)
    assert clear.winner is a and clear.verdict == "win"  # b is faster but within noise of a, and less simple


def test_a_noisy_fastest_median_does_not_hide_a_candidate_that_clearly_wins():
    # The pattern measured on an H100 (8x2304x8192 f16, cold): split 512 had the lowest median but one
    # slow repetition (std 26 us) kept it within noise of the default; split 1024 won clearly.
    default = _row("split=0", 128.7, 2.3, "default")
    noisy, clear = _row("split=512", 77.2, 26.0), _row("split=1024", 78.6, 3.6)
    choice = choose_measured([default, noisy, clear], default, lambda r: 1)
    assert choice.winner is clear and choice.verdict == "win"


def test_tuned_variant_sweeps_a_library_entry_with_its_split_and_config(tmp_path, monkeypatch):
    from iree_vdmfma.configs.library import Entry, Library, write_library
    from iree_vdmfma.devices.flags import compile_flags
    from iree_vdmfma.sweep.sweep import SweepOptions, sweep

    p = Problem(8, 2304, 8192)
    knobs = {"split": 1024, "mma": "vdmfma", "n_tile": 32, "subgroups": 1, "reduction": 4, "promote": "AB"}
    write_library(Library("gfx942", (Entry(p, knobs),)), tmp_path / "lib", compile_flags("gfx942"), ROCM.spec_route)
    monkeypatch.setenv("VDMFMA_TUNED_LIBRARY", str(tmp_path / "lib"))
    rows = sweep([p], SweepOptions(target="gfx942", variants=("tuned",), out_dir=tmp_path / "out",
                                   cache_dir=tmp_path / "cache", workers=1))
    (row,) = rows
    assert row.status == "ok" and row.mma_kind.startswith("VDMFMA") and row.smfmac > 0
    assert row.workgroups == (2304 // 32) * (8192 // 1024)  # the split dispatch with the tuned N tile
    monkeypatch.setenv("VDMFMA_TUNED_LIBRARY", str(tmp_path / "nowhere"))
    with pytest.raises(ValueError, match="no tuning library for gfx942"):
        sweep([p], SweepOptions(target="gfx942", variants=("tuned",), out_dir=tmp_path / "out2",
                                cache_dir=tmp_path / "cache"))


def test_tuned_variant_on_cuda_carries_a_gemv_config_in_the_preprocessing_spec_and_proves_it(tmp_path, monkeypatch):
    from iree_vdmfma.configs.library import write_library
    from iree_vdmfma.sweep.sweep import SweepOptions, sweep

    p, q = Problem(8, 2304, 8192), Problem(8, 512, 2048)
    knobs = {"split": 0, "mma": "gemv", "rows": 4, "kpart": 1024, "ksub": 2}
    lib = Library("sm_89", (Entry(p, knobs), Entry(q, dict(knobs, split=1024, rows=2))))
    written = write_library(lib, tmp_path / "lib", compile_flags("sm_89"), CUDA.spec_route)
    assert "tuning" not in written and "compilation_info" in written["preprocess"].read_text()
    monkeypatch.setenv("VDMFMA_TUNED_LIBRARY", str(tmp_path / "lib"))
    rows = sweep([p, q], SweepOptions(target="sm_89", variants=("default", "tuned"), out_dir=tmp_path / "out",
                                      cache_dir=tmp_path / "cache", workers=2))
    got = {(r.key, r.variant): r for r in rows}
    tuned, tuned_split = got[(p.key, "tuned")], got[(q.key, "tuned")]
    assert all(r.status == "ok" for r in rows), [(r.key, r.variant, r.status, r.reason) for r in rows]
    assert got[(p.key, "default")].mma_kind.startswith("NV_MMA") and not tuned.mma_kind
    assert tuned.workgroups == 2304 // 4 and tuned_split.workgroups == (512 // 2) * (2048 // 1024)
    assert (tmp_path / "out" / "specs" / "tuned-sm_89.preprocess.mlir").is_file()
    assert not (tmp_path / "out" / "specs" / "tuned-sm_89.mlir").exists()  # IREE would ignore it on CUDA


def test_two_shapes_sharing_a_split_dispatch_are_named_as_a_conflict_on_rocm_only():
    vd = {"mma": "vdmfma", "split": 1024}
    narrow, wide = Problem(8, 2304, 8192), Problem(8, 2304, 16384)  # both split to 8x2304x1024
    lib = Library("gfx942", (Entry(narrow, dict(vd, n_tile=64)), Entry(wide, dict(vd, n_tile=32))))
    (note,) = lib.conflicts(ROCM.spec_route)
    assert wide.key in note and narrow.key in note and "8x2304x1024" in note
    assert Library("gfx942", (Entry(narrow, dict(vd, n_tile=64)), Entry(wide, dict(vd, n_tile=64)))).conflicts(ROCM.spec_route) == []
    gemv = {"mma": "gemv", "split": 1024}
    assert Library("sm_89", (Entry(narrow, dict(gemv, rows=4)), Entry(wide, dict(gemv, rows=2)))).conflicts(CUDA.spec_route) == []


def test_optuna_search_evaluates_at_most_the_budget_and_a_rerun_adds_nothing(tmp_path):
    pytest.importorskip("optuna", reason="the [tune] extra (optuna) is not installed")
    options = TuneOptions(target="gfx942", device="none", out_dir=tmp_path / "out", cache_dir=tmp_path / "cache",
                          max_candidates=4, workers=2, search="optuna")
    Tuner([Problem(8, 256, 1024)], options).run()
    rows = state.read_table(tmp_path / "out" / "candidates.csv", state.CandidateRow)
    evaluated = [r for r in rows if r.status not in (Status.PENDING.value, Status.PRUNED.value)]
    assert 4 <= len(evaluated) <= 4 + 2  # the last batch may overshoot by < workers
    assert all(r.status in status_values(CANDIDATE_TERMINAL) for r in rows)
    Tuner([Problem(8, 256, 1024)], options).run()
    assert state.read_table(tmp_path / "out" / "candidates.csv", state.CandidateRow) == rows


def test_a_search_winner_the_final_side_by_side_does_not_confirm_is_not_shipped_and_the_row_says_why(tmp_path,
                                                                                                   monkeypatch):
    # The search saw split=128 10x faster than the default (drift, a noisy round, a hand edit); re-measured
    # side by side on local-task (real compiles, runs and numerics) the two take the same time: the final
    # timings are pinned equal, since on a loaded 2-core machine either could come out ahead by chance.
    from iree_vdmfma.tune import confirm

    real, seen = confirm.measure, []

    def measured_alike(module, *args, **kwargs):  # a real measurement, its latency pinned
        fields = real(module, *args, **kwargs)
        seen.append((module, fields.get("status")))
        if fields.get("status") == Status.MEASURED.value:
            fields.update(cold_us_median=50.0, cold_us_std=0.5, cold_us_mad=0.5, cold_reps=10)
        return fields

    monkeypatch.setattr(confirm, "measure", measured_alike)  # where the side-by-side looks it up
    p = Problem(1, 16, 256)
    tuner = Tuner([p], TuneOptions(target="host", device="local-task", out_dir=tmp_path / "out",
                                   cache_dir=tmp_path / "cache", workers=2, reps=5, timeout_s=300))
    timed = dict(status=Status.MEASURED.value, cold_us_std=0.1, cold_us_mad=0.1, cold_reps=10)
    default = tuner.row(reference(p, "host", "default")).replace(cold_us_median=100.0, **timed)
    split = tuner.row(Candidate(p, (("split", 128),))).replace(cold_us_median=10.0, **timed)
    with Compiler(tmp_path / "cache", 2) as compiler:
        w = tuner.finish(compiler, p, [default, split], Checker(p))
    # the stand-in measured both, for real: the default's module and the split's (two separate compiles)
    assert [status for _, status in seen] == [Status.MEASURED.value] * 2 and seen[0][0] != seen[1][0], seen
    assert w.search_winner == "split=128" and w.winner == default.candidate, w
    assert w.verdict == "default" and "not confirmed by the final side-by-side" in w.note
    assert w.latency_us_median == w.default_us_median > 0 and w.speedup_vs_default == 1.0
    # drift_default: the default's final re-measure over its search timing, 50 us (pinned) / 100 us (the row)
    assert w.drift_default == 0.5 and w.default_search_us_median == 100.0
    # the shipped config's final re-measure: numerics and provenance recorded
    assert w.numerics == "pass" and w.max_abs_err is not None and w.max_rel_err is not None
    assert w.device_name and w.device_arch.startswith("host") and w.measured_at and w.compiler_version


def test_a_modelled_tune_is_bounded_by_default(tmp_path):
    p = Problem(8, 256, 1024)
    tuner = Tuner([p], TuneOptions(target="gfx942", device="none", out_dir=tmp_path / "out"))
    assert tuner.limit == MODELLED_DEFAULT_CANDIDATES
    chosen, size = tuner.select(p)  # prunes and orders; compiles nothing
    assert len(chosen) == MODELLED_DEFAULT_CANDIDATES < size
    measured = Tuner([p], TuneOptions(target="host", device="local-task", out_dir=tmp_path / "out2"))
    assert measured.limit is None  # a measured tune covers the pruned space unless told otherwise


@pytest.mark.parametrize("arch", ["gfx942", "gfx1100", "sm_89"])
def test_the_space_holds_each_plain_setting_times_exactly_its_applicable_tile_settings(arch):
    import itertools
    import math

    from iree_vdmfma.tune.space import generate, knobs_of

    p = Problem(8, 2304, 8192)
    knobs = knobs_of(arch)
    values = {n: k.values(p, arch) for n, k in knobs.items()}
    plain = [n for n, k in knobs.items() if not k.tile]
    want = 0  # counted by hand: per plain setting, the product of the tile knobs its mma carries
    for combo in itertools.product(*(values[n] for n in plain)):
        mma = dict(zip(plain, combo)).get("mma", "default")
        want += math.prod(len(values[n]) for n, k in knobs.items() if k.tile and mma in k.for_mma)
    got = generate(p, arch)
    assert len(got) == len({c.id for c in got}) == want
    for c in got:
        tiles = {n for n, _ in c.knobs if knobs[n].tile}
        assert tiles == {n for n, k in knobs.items() if k.tile and c.mma in k.for_mma}, c.id


@pytest.mark.parametrize("arch", ["sm_89", "gfx942"])
def test_the_widened_gemv_knobs_compile_apply_and_each_gives_a_kernel_of_its_own(tmp_path, arch):
    """rows 16, 8-byte lane loads (issue 30's gap to cuBLAS) and ROCm's subgroups along N: each compiles, is
    proven applied from the configured IR, and changes the kernel (a distinct kernel_fingerprint), so a GPU run
    spends no time on a knob that does nothing."""
    problem = Problem(8, 512, 2048)
    tuner = Tuner([problem], TuneOptions(target=arch, device="none", out_dir=tmp_path / "o",
                                         cache_dir=tmp_path / "c", workers=2))
    base = {"split": 0, "mma": "gemv", "rows": 4, "kpart": 512, "ksub": 1, "vec": 16}
    if arch == "gfx942":
        base["nsub"] = 1
    settings = {"base": base, "vec8": {**base, "vec": 8}}
    if arch == "sm_89":  # new on CUDA (ROCm had rows 16 already; at M = 8 with one K subgroup it spills there)
        settings["rows16"] = {**base, "rows": 16}
    else:  # subgroups along N (docs/wvsplitk.md): 4 waves, one row each
        settings["nsub4"] = {**base, "nsub": 4}
    prints = {}
    with Compiler(tmp_path / "c", 2) as compiler:
        for name, s in settings.items():
            c = Candidate(problem, tuple(s.items()))
            assert prune_reason(c, arch) == "" and c.id in {x.id for x in space(problem, arch)[0]}
            result = compile_retrying(compiler, tuner.job(c))[0]
            assert result.ok, result.error
            pr = prove(c, result, arch)
            # proven applied: the configured IR carries the config (on CUDA 512 / 4 rows is 128 workgroups for 132
            # SMs, rejected, and rows 16 spills: applied, then 'spills' before GPU time, backends/cuda/machine.py)
            assert pr.status in (Status.COMPILED.value, Status.REJECTED.value, Status.SPILLS.value), pr
            configured = "".join(p.read_text() for p in result.dump_dir.glob("configured_*.mlir"))
            thread = s["vec"] // 2  # f16 elements a lane loads per step
            assert f"thread = [0, 0, {thread}]" in configured or f"thread = [0, {thread}]" in configured, name
            assert pr.fields["workgroups"] == 512 // s["rows"]
            if s.get("nsub", 1) > 1:
                assert "subgroup_basis = [[1, 4, 1]" in configured and pr.fields["workgroup_size"] == 4 * 64
            prints[name] = fingerprint(result.dump_dir).digest
    assert len(set(prints.values())) == len(settings), prints
