"""Backends and variants are one module plus a register call: a toy of each sweeps for real."""

import importlib
import subprocess
import sys

import pytest

from iree_vdmfma import backends, variants
from iree_vdmfma.problems.problem import Problem
from iree_vdmfma.problems.rows import Status, read_rows
from iree_vdmfma.sweep.sweep import SweepOptions, sweep


@pytest.fixture
def toys():
    """Import (register) the toy modules; unregister them afterwards so other tests see the real registry."""
    for name in ("toy_backend", "toy_variant"):
        sys.modules.pop(name, None)
        importlib.import_module(name)
    yield
    variants.unregister("toy")
    backends.unregister("toy-backend")


@pytest.fixture
def toy_amd():
    """Import (register) the toy AMD target; unregister it afterwards."""
    sys.modules.pop("toy_amd_target", None)
    toy = importlib.import_module("toy_amd_target")
    yield toy.TOY
    toy.unregister()


def test_a_toy_amd_target_registered_in_one_module_compiles_proves_and_sweeps(tmp_path, cache_dir, toy_amd):
    """gfx90a is nowhere in the package: tests/toy_amd_target.py's one register call makes it a ROCm target
    whose flags, intrinsics (asked from IREE), ISA proof and variant skips all work for real."""
    assert backends.backend_for("gfx90a") is backends.ROCM and "gfx90a" in backends.ROCM.targets_help()
    rows = sweep([Problem(16, 256, 512)], SweepOptions(target="gfx90a", variants=("default", "vdmfma", "padded"),
                                                       out_dir=tmp_path / "out", cache_dir=cache_dir, workers=2))
    by = {r.variant: r for r in rows}
    for v in ("default", "padded"):
        done = by[v]
        assert done.status == Status.OK.value and done.target == "gfx90a", done
        assert done.mma_kind == "MFMA_F32_16x16x16_F16" and done.mfma > 0 and done.smfmac == 0  # from its ISA
        assert "--iree-rocm-target=gfx90a" in done.repro
    assert by["vdmfma"].status == Status.SKIPPED.value and "no sparse (VDMFMA) intrinsic" in by["vdmfma"].reason
    assert {r.status for r in read_rows(tmp_path / "out" / "results.csv")} == {"ok", "skipped"}


def test_a_registered_toy_backend_and_variant_compile_prove_and_skip_for_real(tmp_path, cache_dir, toys):
    problems = [Problem(4, 64, 128), Problem(4, 64, 128, batch=2)]
    rows = sweep(problems, SweepOptions(target="toy", variants=("default", "toy"), out_dir=tmp_path / "out",
                                        cache_dir=cache_dir, workers=2))
    by = {(r.key, r.variant): r for r in rows}
    for v in ("default", "toy"):
        done = by[("f16_4x64x128", v)]
        assert done.status == Status.OK.value and done.target == "toy", done
        assert done.workgroups == 1  # the toy's evidence parser read one configured dispatch
        assert "--iree-llvmcpu-target-cpu=generic" in done.repro
        batched = by[("f16_b2_4x64x128", v)]
        assert batched.status == Status.SKIPPED.value and batched.reason == "toy backend builds unbatched problems only"
    assert {r.status for r in read_rows(tmp_path / "out" / "results.csv")} == {"ok", "skipped"}


def test_a_variant_of_another_backend_is_a_skipped_row_that_says_why(tmp_path, cache_dir, toys):
    rows = sweep([Problem(4, 64, 128)], SweepOptions(target="host", variants=("toy",), out_dir=tmp_path / "out",
                                                     cache_dir=cache_dir))
    assert [(r.variant, r.status, r.compile_s) for r in rows] == [("toy", "skipped", None)]
    assert rows[0].reason == "variant toy builds only for toy-backend targets (toy); host is a cpu target"


def test_an_unknown_target_names_every_backends_targets():
    with pytest.raises(ValueError, match=r"unknown target 'gfx1'; valid: gfx942, gfx950, gfx1100, gfx1101, gfx1200, gfx1201 \(rocm\); "
                                         r"sm_NN e.g. sm_89 \(cuda\); host \(cpu\)"):
        backends.backend_for("gfx1")


def test_sm89_compiles_without_a_gpu_and_ptx_evidence_proves_the_mma(tmp_path, cache_dir):
    out = tmp_path / "out"
    rows = sweep([Problem(8, 256, 512)], SweepOptions(target="sm_89", variants=("default", "vdmfma"), out_dir=out,
                                                      cache_dir=cache_dir))
    by = {r.variant: r for r in rows}
    assert by["vdmfma"].status == Status.SKIPPED.value and "rocm" in by["vdmfma"].reason
    ok = by["default"]
    assert ok.status == Status.OK.value and ok.mma_kind.startswith("NV_MMA_SYNC_F32"), ok
    assert ok.vgpr is None  # PTX registers are virtual: never reported as allocated registers
    assert ok.kernels == 1 and ok.nv_mma > 0 and ok.ptx_regs32 > 0  # the CUDA backend's PTX proof


def test_a_registered_toy_backend_with_a_knob_is_tuned_by_vdmfma_tune_for_real(tmp_path, cache_dir, toys):
    """`vdmfma tune --target toy` compiles through the toy's flags, proves the split by its dispatches,
    measures on local-task and writes a winner and a spec: nothing outside tests/toy_backend.py names it."""
    from typer.testing import CliRunner

    from iree_vdmfma.cli.app import app
    from iree_vdmfma.tune import state

    shapes = tmp_path / "shapes.csv"
    shapes.write_text("name,m,n,k,batch,dtype\ntoy,4,64,256,1,f16\n")
    out = tmp_path / "tune"
    res = CliRunner().invoke(app, ["tune", str(shapes), "--target", "toy", "--device", "local-task", "--out", str(out),
                                   "--reps", "3", "--no-hot", "--no-race", "--cache-dir", str(cache_dir)])
    assert res.exit_code == 0, res.output
    rows = {r.candidate: r for r in state.read_table(out / "candidates.csv", state.CandidateRow)}
    assert set(rows) == {"split=0", "split=128"}
    assert rows["split=128"].dispatches == 2 and rows["split=0"].dispatches == 1  # the split, proved
    assert all(r.status == Status.MEASURED.value and r.numerics == "pass" and r.cold_us_median > 0 for r in rows.values())
    assert "--iree-llvmcpu-target-cpu=generic" in rows["split=0"].repro
    (winner,) = state.read_table(out / "winners.csv", state.WinnerRow)
    assert winner.target == "toy" and winner.winner in rows and winner.basis.startswith("measured")
    flags = (out / "specs" / "flags-toy.txt").read_text()
    assert "--iree-llvmcpu-target-cpu=generic" in flags
    assert ("--iree-preprocessing-transform-spec-filename" in flags) == (winner.winner == "split=128")


def test_a_new_knob_is_one_table_entry_and_reaches_the_space_the_candidates_csv_and_the_config(tmp_path, monkeypatch):
    """A knob is one declaration: its values, the mma kinds it belongs to and what it writes into the config. A toy
    knob added to ROCm's table (one entry, nothing else edited) is searched, written to candidates.csv and written
    into the config and the spec built from it. In process: no compile."""
    from dataclasses import replace

    from iree_vdmfma.backends.knobs import MFMA, Knob
    from iree_vdmfma.backends.rocm import knobs as rocm_knobs
    from iree_vdmfma.configs.knobs import knob_config
    from iree_vdmfma.configs.library import Entry, Library
    from iree_vdmfma.tune import state
    from iree_vdmfma.tune.options import TuneOptions
    from iree_vdmfma.tune.space import space
    from iree_vdmfma.tune.tuner import Tuner

    def toy_attr(config, value, arch):
        return replace(config, func_attrs=config.func_attrs + (("toy-knob", str(value)),)) if value else config

    monkeypatch.setitem(rocm_knobs.KNOBS, "toy", Knob("toy", lambda p, arch: [0, 7], MFMA, toy_attr))
    p = Problem(8, 256, 1024)
    kept, pruned = space(p, "gfx942")
    assert {c.settings.get("toy") for c in kept if c.mma == "vdmfma"} == {0, 7}
    assert all("toy" not in c.settings for c in kept if c.mma in ("default", "gemv"))  # not its mma kinds
    tuner = Tuner([p], TuneOptions(target="gfx942", device="none", out_dir=tmp_path / "out",
                                   cache_dir=tmp_path / "cache"))
    tuner.select(p)  # writes the pruned candidates, none compiled
    rows = state.read_table(tmp_path / "out" / "candidates.csv", state.CandidateRow)
    assert any("toy=7" in r.candidate for r in rows) and any("toy=0" in r.candidate for r in rows)
    toy = next(c for c in kept if c.settings.get("toy") == 7)
    assert ("toy-knob", "7") in knob_config(p, "gfx942", toy.settings).func_attrs
    _, tuning = Library("gfx942", (Entry(p, toy.settings),)).spec_texts("codegen")
    assert '"toy-knob" = "7"' in tuning


def test_a_knob_setting_means_the_same_whichever_backend_was_imported_first():
    """configs/knobs.py applies each backend's knob declarations; in a fresh interpreter that has imported no
    backend module, a tuned setting still becomes the same config (the family names the modules that register
    its tables)."""
    probe = ("from iree_vdmfma.configs.knobs import knob_config; from iree_vdmfma.problems.problem import Problem; "
             "c = knob_config(Problem(m=8, n=2304, k=8192, dtype='f16'), 'gfx942', "
             "{'mma': 'vdmfma', 'n_tile': 32, 'waves_per_eu': 2}); print(c.workgroup, c.func_attrs); "
             "print(knob_config(Problem(m=8, n=2304, k=8192, dtype='f16'), 'sm_89', {'mma': 'gemv', 'rows': 2}).rows)")
    cold = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, timeout=300)
    warm = subprocess.run([sys.executable, "-c", "import iree_vdmfma.backends.rocm.knobs; " + probe],
                          capture_output=True, text=True, timeout=300)
    assert cold.returncode == 0 and warm.returncode == 0, cold.stderr + warm.stderr
    assert cold.stdout == warm.stdout and "32" in cold.stdout and "amdgpu-waves-per-eu" in cold.stdout, cold.stdout
    assert cold.stdout.split()[-1] == "2", cold.stdout  # CUDA's gemv rows, from CUDA's table, registered the same way


def _toy_lane_load_rule(p, settings, config):
    return f"toy: {config.thread}-element lane loads are too narrow" if config.thread < 2 else ""


def test_a_gemv_knob_declared_in_one_place_is_searched_named_written_and_prunes_with_its_own_reason(monkeypatch):
    """One Knob (values, the mma kind, what it writes, its own rule) put in RDNA's table, which has no load-width
    knob, and nothing else: the space varies it on gemv candidates only, in its order of values, their ids name
    it, the gemv config is built with it, and its rule rejects its narrow value with its own reason. No compile."""
    from iree_vdmfma.backends.knobs import GEMV, Knob, sets
    from iree_vdmfma.backends.rocm import knobs_rdna
    from iree_vdmfma.configs.knobs import knob_config
    from iree_vdmfma.tune.space import space

    # bytes a lane loads a step (configs/gemv.py gemv_config's load_bytes): 16, then 4 before 8, then 2 (one f16)
    monkeypatch.setitem(knobs_rdna.KNOBS, "toy", Knob("toy", lambda p, arch: [16, 4, 8, 2], GEMV, sets("load_bytes"),
                                                      _toy_lane_load_rule))
    p, arch = Problem(4, 256, 2048), "gfx1100"
    kept, pruned = space(p, arch)
    ids = [c.id for c in kept]
    gemv = [c for c in kept if c.mma == "gemv"]
    assert gemv and {c.settings["toy"] for c in gemv} == {16, 4, 8}
    assert all("toy=" not in c.id for c in kept if c.mma != "gemv")  # a gemv knob: not on the other kinds
    for c in gemv:
        if c.settings["toy"] == 16:
            narrow, wider, narrowest = (c.id.replace("toy=16", f"toy={v}") for v in (4, 8, 2))
            assert ids.index(c.id) < ids.index(narrow) < ids.index(wider)  # the order its values are listed in
            assert dict((x.id, why) for x, why in pruned)[narrowest] == "toy: 1-element lane loads are too narrow"
            assert knob_config(p, arch, c.settings).thread == 8
            assert knob_config(p, arch, dict(c.settings, toy=4)).thread == 2
    assert knob_config(p, arch, {"mma": "gemv"}).thread == 8  # a setting without it: the gemv kind's 16 B


def test_the_knob_the_tuning_page_shows_is_the_real_declaration():
    from pathlib import Path

    root = Path(__file__).resolve().parents[1]
    line = 'KNOBS.fixed("nsub", [1, 4, 16], GEMV, tile.nsub, tile.nsub_rule)'
    assert line in (root / "docs" / "tuning.md").read_text()
    assert line in (root / "iree_vdmfma" / "backends" / "rocm" / "knobs.py").read_text()


def test_every_gpu_backend_registers_the_knob_table_it_tunes_with():
    """The table configs/knobs.py applies for a target is the one the backend searches (CUDA's as ROCm's)."""
    from iree_vdmfma.configs.knobs import knob_table

    for arch in ("gfx942", "gfx950", "gfx1100", "gfx1201", "sm_89"):
        assert knob_table(arch) is backends.backend_for(arch).knobs(arch), arch
