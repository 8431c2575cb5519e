"""Kernel fingerprints: one hash per dispatched code; rows with one fingerprint are one kernel.

Real compiles only (host llvm-cpu, run on local-task): IREE's split-reduction heuristic does not
split the small shape below, so `splitk` compiles to the very kernel `default` does.
"""

from __future__ import annotations

import shutil

import pandas as pd
from typer.testing import CliRunner

from iree_vdmfma.cli import app
from iree_vdmfma.compiler.fingerprint import fingerprint, isa_files


def _sweep(tmp_path, cache_dir, *extra):
    shapes = tmp_path / "one.csv"
    shapes.write_text("name,m,n,k,dtype\nsmall,8,128,512,f16\n")
    out = tmp_path / "out"
    result = CliRunner().invoke(app, ["sweep", str(shapes), "--target", "host", "--variants", "default,splitk",
                                      "--out", str(out), "--cache-dir", str(cache_dir), "-j", "2", *extra])
    assert result.exit_code == 0, result.output
    return out


def test_a_splitk_that_cannot_split_the_shape_is_the_same_kernel_not_a_win_and_not_in_a_geomean(tmp_path, cache_dir):
    out = _sweep(tmp_path, cache_dir, "--device", "local-task", "--reps", "3")
    rows = pd.read_csv(out / "results.csv", keep_default_na=False)
    assert len(rows) == 4 and (rows["status"] == "ok").all()
    fps = rows.groupby("variant")["kernel_fingerprint"].agg(set)
    assert len(fps["default"]) == 1 and fps["default"] == fps["splitk"] and "" not in fps["default"]
    split = rows[rows["variant"] == "splitk"]
    assert (split["executables"] == 1).all() and split["reason"].str.contains("split did not apply").all()

    summary = pd.read_csv(out / "report" / "summary.csv", keep_default_na=False)
    sk = summary[summary["variant"] == "splitk"]
    assert len(sk) == 2 and (sk["verdict"] == "same-kernel").all() and (sk["speedup"] == "").all()
    groups = pd.read_csv(out / "report" / "groups.csv")
    overall = groups[(groups["variant"] == "splitk") & (groups["group_by"] == "all")]
    assert (overall["same_kernel"] == 1).all() and overall["geomean_speedup"].isna().all()
    assert overall[["wins", "losses", "within_noise"]].to_numpy().sum() == 0
    assert "## Same kernel as the baseline" in (out / "report" / "report.md").read_text()


def test_the_fingerprint_ignores_paths_names_comments_and_timestamps_but_not_one_instruction(tmp_path, cache_dir):
    out = _sweep(tmp_path, cache_dir, "--device", "none")
    dump = out / "artifacts" / "f16_8x128x512" / "default-host" / "dump"
    [isa] = isa_files(dump)
    text = isa.read_text()
    assert str(cache_dir) in text  # the dump names the temp build directory it came from
    other = tmp_path / "elsewhere" / "dump"
    other.mkdir(parents=True)
    renamed = (text.replace(str(cache_dir), "/some/other/cache/dir").replace("gemm_dispatch_0", "main_dispatch_7")
               + "\t# built 2026-11-22T20:05:03Z\n")
    (other / isa.name.replace("gemm_dispatch_0", "main_dispatch_7")).write_text(renamed)
    assert fingerprint(other) == fingerprint(dump) and fingerprint(dump).executables == 1

    lines = text.splitlines()
    i = next(i for i, l in enumerate(lines) if l.strip().startswith(("vmov", "mov")))
    lines[i] = lines[i] + "\n\tnop"  # one more instruction: another kernel
    changed = tmp_path / "changed"
    changed.mkdir()
    (changed / isa.name).write_text("\n".join(lines))
    assert fingerprint(changed).digest != fingerprint(dump).digest
    shutil.rmtree(out)


def test_kernel_digests_split_a_linked_file_per_kernel_and_one_changed_instruction_changes_only_its_kernel(tmp_path):
    """A whole-model compile links every kernel into one file; kernel_digests splits it where a kernel starts
    (PTX `.visible .entry`, ELF assembly `.type NAME,@function`), so two dumps say which kernels they share."""
    from iree_vdmfma.compiler.fingerprint import kernel_digests, kernel_name

    ptx = (".version 7.8\n.target sm_89\n"
           ".visible .entry main$async_dispatch_0_matmul(\n.param .u64 a\n)\n{\nld.global.v4.u32 %r1, [%rd1];\n"
           "fma.rn.f32 %f1, %f2, %f3, %f1;\nret;\n}\n"
           ".visible .entry main$async_dispatch_1_elementwise(\n.param .u64 a\n)\n{\nadd.f32 %f1, %f2, %f3;\nret;\n}\n")
    asm = ("\t.text\n\t.globl\tk0\n\t.type\tk0,@function\nk0:\n\tv_add_f32 v0, v1, v2\n\ts_endpgm\n.Lfunc_end0:\n"
           "\t.type\tk1,@function\nk1:\n\tv_mul_f32 v0, v1, v2\n\ts_endpgm\n.Lfunc_end1:\n\t.amdgpu_metadata\n")
    digests = {}
    for name, (ptx_text, asm_text) in {"a": (ptx, asm), "b": (ptx, asm),
                                      "c": (ptx.replace("add.f32", "sub.f32"), asm.replace("v_mul", "v_sub")),
                                      "d": (ptx, asm + "\t.vgpr_count: 3\n")}.items():  # shared metadata only
        d = tmp_path / name
        d.mkdir()
        (d / "module_main$async_dispatch_0_cuda_nvptx_fb.ptx").write_text(ptx_text)
        (d / "module_main$async_dispatch_0_rocm_hsaco_fb.rocmasm").write_text(asm_text)
        digests[name] = kernel_digests(d)
    a, b, c = digests["a"], digests["b"], digests["c"]
    matmul, elementwise = kernel_name("main$async_dispatch_0_matmul"), kernel_name("main$async_dispatch_1_elementwise")
    assert set(a) == {matmul, elementwise, "k0", "k1"} and a == b  # every kernel apart, the same dump alike
    assert c[matmul] == a[matmul] and c[elementwise] != a[elementwise]  # one changed instruction: its kernel only
    assert c["k0"] == a["k0"] and c["k1"] != a["k1"]
    assert digests["d"] == a  # what follows a kernel's .Lfunc_end (the file's metadata) is no kernel's code
