"""CUDA machine-code facts per tuning candidate (backends/cuda/machine.py) and the tensor-core space
(configs/tensorcore.py): real sm_89 compiles on the CPU, ptxas for the registers and spills."""

from __future__ import annotations

import os
import re
import sys
from pathlib import Path

import pytest

from iree_vdmfma.backends.cuda import machine
from iree_vdmfma.compiler.driver import Compiler
from iree_vdmfma.compiler.fingerprint import fingerprint
from iree_vdmfma.configs import knobs
from iree_vdmfma.problems.problem import Problem
from iree_vdmfma.problems.rows import Status
from iree_vdmfma.tune.options import TuneOptions
from iree_vdmfma.tune.prove import prove
from iree_vdmfma.tune.space import Candidate, prune_reason, reference, space
from iree_vdmfma.tune.tuner import Tuner

P = Problem(8, 2304, 8192)  # a seed shape: 144 workgroups at N tile 16, 72 at 32 (H100/H200: 132 SMs)
TC = {"split": 0, "mma": "tc", "n_tile": 16, "reduction": 32, "subgroups": 1}
SETTINGS = {
    "tc": TC,  # cuda-kernel-analysis.md Q3: 144 workgroups, 168 registers, no spills
    "narrow": {**TC, "promote": "A"},  # B straight to registers: 2-byte weight loads
    "narrow_a": {**TC, "promote": "B"},  # A straight to registers (2-byte loads), B 16 bytes through shared memory
    "one_wave_short": {**TC, "n_tile": 32, "subgroups": 2},  # 72 workgroups for 132 SMs
    "spills": {"split": 0, "mma": "gemv", "rows": 16, "kpart": 1024, "ksub": 2, "vec": 16},  # 255 regs, spills
}


@pytest.fixture(scope="module")
def promote_b():
    """Promotion of B alone, a config IREE compiles that the tuning space does not hold (configs/knobs.py PROMOTE
    has AB, A and none): the one candidate here whose narrow loads are all A's."""
    with pytest.MonkeyPatch.context() as mp:
        mp.setitem(knobs.PROMOTE, "B", (1,))
        yield


@pytest.fixture(scope="module")
def compiled(tmp_path_factory, cache_dir, promote_b):
    tmp = tmp_path_factory.mktemp("cuda-machine")
    tuner = Tuner([P], TuneOptions(target="sm_89", device="none", out_dir=tmp / "o", cache_dir=cache_dir, workers=2))
    cands = {name: Candidate(P, tuple(s.items())) for name, s in SETTINGS.items()}
    cands["default"] = reference(P, "sm_89", "default")
    with Compiler(cache_dir, 2) as compiler:
        results = dict(zip(cands, compiler.compile_many([tuner.job(c) for c in cands.values()])))
    assert all(r.ok for r in results.values()), {n: r.error for n, r in results.items() if not r.ok}
    return cands, results


def test_a_tensor_core_candidate_is_in_the_space_applies_and_is_a_kernel_of_its_own(compiled):
    cands, results = compiled
    tc = cands["tc"]
    assert prune_reason(tc, "sm_89") == "" and tc.id in {c.id for c in space(P, "sm_89")[0]}
    pr = prove(tc, results["tc"], "sm_89")
    assert pr.status == Status.COMPILED.value, pr
    f = pr.fields
    assert f["mma_kind"] == "NV_MMA_SYNC_F32_16x8x16_F16" and f["workgroups"] == 144 and f["workgroup_size"] == 32
    assert f["load_bytes"] == 16 and f["narrow_loads"] == 0
    assert f["bytes_in_flight"] == 144 * 16 * 512 * 2  # every workgroup resident: N tile 16 x K step 512, f16
    if machine.find_ptxas():
        assert f["spill_bytes"] == 0 and 0 < f["regs"] <= 255
    assert fingerprint(results["tc"].dump_dir).digest != fingerprint(results["default"].dump_dir).digest


@pytest.mark.parametrize("name,why", [("narrow", "narrow global loads"), ("one_wave_short", "72 workgroups for 132"),
                                      ("spills", "spill bytes")])
def test_a_candidate_that_spills_loads_narrow_or_leaves_sms_idle_is_rejected_with_the_reason(compiled, name, why):
    cands, results = compiled
    if name == "spills" and not machine.find_ptxas():
        # spills are ptxas's to tell (the PTX declares virtual registers); CI installs the ptxas extra: never skip
        assert not os.environ.get("VDMFMA_TESTS_COMPLETE"), machine.NO_PTXAS
        pytest.skip(machine.NO_PTXAS)
    pr = prove(cands[name], results[name], "sm_89")
    assert pr.status == (Status.SPILLS if name == "spills" else Status.REJECTED).value and why in pr.reason, pr


def test_only_the_weights_narrow_loads_reject_a_candidate_a_narrow_load_of_a_does_not(compiled):
    """B's loads are told from A's by the kernel parameter their address derives from: a narrow A load (A is M
    rows, read once a workgroup) is no weight traffic."""
    cands, results = compiled
    pr = prove(cands["narrow_a"], results["narrow_a"], "sm_89")
    assert pr.status == Status.COMPILED.value, pr
    assert pr.fields["narrow_loads"] == 0 and pr.fields["load_bytes"] == 16 and pr.fields["workgroups"] == 144
    dump = results["narrow_a"].dump_dir
    kernel, body = next((n, b) for f in dump.glob("*.ptx") for n, b in machine._kernels(f.read_text()).items())
    weights = machine.weight_binding(dump, kernel)
    assert weights == 1  # binding 1 holds the 2304x8192 weights; binding 0 is A (8x8192)
    assert machine._loads(body, None)[1] > 0  # the PTX does load A narrow: counted over every operand, rejected
    narrow = [ln for ln in body.splitlines() if "ld.global" in ln and (".b16" in ln or ".u16" in ln)]
    origins = machine.param_origins(body)
    assert narrow and all(origins[re.search(r"\[(%\w+)", ln).group(1)] == {0} for ln in narrow)
    assert machine._loads(body, weights)[1] == 0
    # the promote-A candidate's narrow loads are B's: rejected as before, and named the weights'
    pr = prove(cands["narrow"], results["narrow"], "sm_89")
    assert pr.status == Status.REJECTED.value and "narrow global loads of the weights (B" in pr.reason, pr


def test_where_only_tritons_ptxas_is_installed_it_gives_the_registers_and_spills(compiled, monkeypatch, tmp_path):
    """A lent GPU machine has torch (and Triton, which ships its own ptxas) but no package index for the ptxas extra:
    with no other ptxas there (none on PATH, no nvidia wheel), Triton's is found without importing Triton, and the
    spilling candidate is rejected by what it says. (Triton is not installed here: a package of that layout stands
    in, its ptxas the nvidia wheel's.)"""
    real = machine.find_ptxas()
    if not real:
        assert not os.environ.get("VDMFMA_TESTS_COMPLETE"), machine.NO_PTXAS
        pytest.skip(machine.NO_PTXAS)
    bin_dir = tmp_path / "site" / "triton" / "backends" / "nvidia" / "bin"
    bin_dir.mkdir(parents=True)
    (tmp_path / "site" / "triton" / "__init__.py").write_text("raise ImportError('never imported')\n")
    (bin_dir / "ptxas").symlink_to(real)
    monkeypatch.delenv("VDMFMA_PTXAS", raising=False)
    monkeypatch.delenv("TRITON_PTXAS_PATH", raising=False)
    monkeypatch.setenv("PATH", str(tmp_path / "empty"))
    monkeypatch.setitem(sys.modules, "nvidia", None)  # the nvidia wheel: not importable
    monkeypatch.setitem(sys.modules, "triton", None)  # nor a real Triton (a GPU machine's torch brings one)
    assert machine.find_ptxas() is None  # nothing else: the row would say registers are unknown
    monkeypatch.delitem(sys.modules, "triton")
    monkeypatch.syspath_prepend(str(tmp_path / "site"))
    assert machine.find_ptxas() == str(bin_dir / "ptxas")
    cands, results = compiled
    pr = prove(cands["spills"], results["spills"], "sm_89")
    assert pr.status == Status.SPILLS.value and "spill bytes" in pr.reason and pr.fields["regs"] > 0, pr


def test_the_default_is_never_rejected_and_without_ptxas_the_row_says_registers_are_unknown(compiled, monkeypatch):
    cands, results = compiled
    pr = prove(cands["default"], results["default"], "sm_89")  # 72 workgroups: fewer than SMs, still the baseline
    assert pr.status == Status.COMPILED.value and pr.fields["workgroups"] == 72 and pr.fields["load_bytes"] == 16
    monkeypatch.setattr(machine, "find_ptxas", lambda: None)
    pr = prove(cands["spills"], results["spills"], "sm_89")
    assert pr.status == Status.COMPILED.value and pr.reason == machine.NO_PTXAS and pr.fields["regs"] is None


def test_ptxas_writes_its_cubin_outside_the_dump_it_reads(compiled, monkeypatch):
    """A sweep proves a cache entry under a shared lock, so two processes may run ptxas on one dump at once: the
    cubin ptxas must write goes to a scratch folder of the call (removed after it), never into the entry."""
    if not machine.find_ptxas():
        assert not os.environ.get("VDMFMA_TESTS_COMPLETE"), machine.NO_PTXAS
        pytest.skip(machine.NO_PTXAS)
    _, results = compiled
    dump = results["tc"].dump_dir.resolve()
    before = sorted(p.relative_to(dump) for p in dump.rglob("*"))
    outputs = []
    real = machine.run_group

    def run_group(cmd, *args, **kwargs):
        outputs.append(Path(cmd[cmd.index("-o") + 1]).resolve())
        return real(cmd, *args, **kwargs)

    monkeypatch.setattr(machine, "run_group", run_group)
    facts, note = machine.contraction_facts(dump)
    assert note == "" and facts.regs, note  # ptxas ran and gave the registers
    assert outputs and not [o for o in outputs if o.is_relative_to(dump)], outputs
    assert not [o for o in outputs if o.exists()]  # its scratch folder is gone with it
    assert sorted(p.relative_to(dump) for p in dump.rglob("*")) == before
