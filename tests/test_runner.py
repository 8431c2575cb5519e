"""Runner: real llvm-cpu compiles, real runs on local-task, a real gfx942 module refused."""

from __future__ import annotations

import dataclasses
import json
import re
import subprocess
from pathlib import Path

import numpy as np
import pytest

from iree_vdmfma import devices
from iree_vdmfma.devices import modules as devmodules
from iree_vdmfma.problems import loop_ir
from iree_vdmfma.run import runner, timing
from iree_vdmfma.problems.inputs import input_ir
from iree_vdmfma.run.numerics import Checker
from iree_vdmfma.problems.problem import Problem
from iree_vdmfma.problems.rows import ResultRow, Status, row_for

FAST = dict(warmup_s=0.01, min_time_s=0.01)  # keep the suite quick on 2 cores
SHAPE = (8, 128, 512)


@pytest.fixture(scope="module")
def build(tmp_path_factory):
    """Compile each problem once per module (real iree-compile for llvm-cpu)."""
    out = tmp_path_factory.mktemp("run-modules")
    built: dict[Problem, Path] = {}

    def get(problem: Problem) -> Path:
        if problem not in built:
            built[problem] = runner.compile_for_run(problem, "host", out)
        return built[problem]

    return get


@pytest.fixture(scope="module")
def f16(build):
    p = Problem(*SHAPE, dtype="f16")
    return p, build(p)



def test_a_module_copied_into_out_replaces_the_old_one_whole_never_rewriting_it_under_a_reader(tmp_path):
    """Another run loading the module in OUT (two runs of a shape, or any two runs' floor module, into one OUT) keeps
    reading the module it opened: the copy is a new file renamed over it. Rewritten in place, a load beside a
    re-copy failed ('FlatBuffer data is not present') in 26 of 153 tries."""
    p = Problem(*SHAPE, dtype="f16")
    held = tmp_path / f"{p.key}.host.vmfb"
    held.write_bytes(b"the module another run is loading")
    with held.open("rb") as reader:
        vmfb = runner.compile_for_run(p, "host", tmp_path)
        assert reader.read() == b"the module another run is loading"
    assert vmfb == held and vmfb.read_bytes() != b"the module another run is loading"
    assert sorted(q.name for q in tmp_path.iterdir()) == sorted([held.name, f"{p.key}.run.mlir"])  # no temp left

def _row(p: Problem) -> ResultRow:
    return row_for(p, "host", "default", Status.COMPILED)


@pytest.mark.parametrize("dtype", ["f16", "bf16", "f8E4M3FNUZ", "f8E4M3FN", "i8"])
def test_dtypes_pass_on_cpu(build, dtype):
    p = Problem(*SHAPE, dtype=dtype)
    res = runner.run_problem(build(p), p, "local-task", "host", "hot", reps=3, **FAST)
    assert res.error == ""
    assert res.numerics is not None and res.numerics.passed, res.numerics
    assert res.numerics.checked == ["gemm", "gemm_loop", "gemm_cmdbuf"]  # both timing functions are checked too
    if dtype == "i8":
        assert res.numerics.max_abs_err == 0.0
    row = runner.apply_to_row(_row(p), res)
    assert row.status == "ok" and row.numerics == "pass" and row.device == "local-task"
    assert row.cache_mode == "hot" and row.reps == 3 and row.timing_mode == timing.DEFAULT_TIMING_MODE == "cmdbuf"
    assert row.floor_us is not None and row.floor_us > 0
    assert row.latency_us_min <= row.latency_us_median <= row.latency_us_max
    assert row.latency_us_min > 0 and row.latency_us_std >= 0
    assert row.bytes_moved == p.bytes_moved
    assert row.gbps == pytest.approx(p.bytes_moved / (row.latency_us_median * 1e-6) / 1e9)
    assert row.tflops == pytest.approx(p.flops / (row.latency_us_median * 1e-6) / 1e12)
    assert row.pct_peak_bw is None  # CPU peak unknown: left empty, not invented


def test_batched_problem_passes(build):
    p = Problem(8, 64, 256, batch=2, dtype="bf16")
    res = runner.run_problem(build(p), p, "local-task", "host", "cold", reps=2,
                             cache_bytes=64 * 1024, **FAST)
    assert res.ok, (res.error, res.numerics)
    assert res.plan.copies >= 2 and res.latency.reps == 2


def test_wrong_result_is_numerics_failed(f16):
    """A real run checked against a corrupted reference must be numerics-failed."""
    p, vmfb = f16
    chk = Checker(p, seed=0)
    chk.ref = chk.ref.copy()
    chk.ref[3, 17] += 1.0  # the kernel's (correct) answer now disagrees at one element
    res = runner.run_problem(vmfb, p, "local-task", "host", "hot", reps=0, checker=chk)
    assert res.status == Status.NUMERICS_FAILED and not res.numerics.passed
    assert res.numerics.worst_index == (3, 17) and res.numerics.max_abs_err == pytest.approx(1.0, abs=1e-3)
    row = runner.apply_to_row(_row(p), res)
    assert row.status == "numerics-failed" and row.numerics == "fail"
    assert "out of tolerance" in row.reason and row.max_abs_err == pytest.approx(1.0, abs=1e-3)


def test_cold_mode_rotates_more_weight_bytes_than_the_cache(f16, tmp_path):
    p, vmfb = f16
    cache = 300 * 1024  # a small 'cache' keeps the test cheap: B is 128 KiB
    res = runner.run_problem(vmfb, p, "local-task", "host", "cold", reps=2, cache_bytes=cache,
                             workdir=tmp_path, **FAST)
    assert res.ok, res.error
    pl = res.plan
    assert pl.cache_mode == "cold" and pl.cache_bytes == cache and pl.weight_bytes == p.weight_bytes
    assert pl.rotated_weight_bytes > cache and pl.bytes_between_reuse > cache and pl.defeats_cache
    assert pl.calls % pl.copies == 0  # every copy is used equally per call
    # ...and that is what the benchmark really got: a [copies,N,K] stack and calls trips
    b_file = tmp_path / f"{p.key}.b_x{pl.copies}.bin"
    assert pl.copies * timing.copy_stride(p) >= pl.rotated_weight_bytes
    assert f"--input={pl.copies * timing.copy_stride(p)}xi8=@{b_file}" in res.command
    assert list(tmp_path.glob("*.bin")) == []  # the rotation file (up to GiBs) is removed after the run
    assert f"--function={timing.CMDBUF_FUNC}" in res.command and f"--input={pl.calls} " in res.command
    assert pl.calls % loop_ir.CMDBUF_DISPATCHES == 0 and pl.submissions == pl.calls // loop_ir.CMDBUF_DISPATCHES
    assert res.latency.calls_per_sample == pl.calls
    hot = runner.run_problem(vmfb, p, "local-task", "host", "hot", reps=2, check=False, **FAST)
    assert hot.plan.copies == 1 and hot.plan.rotated_weight_bytes == p.weight_bytes
    assert runner.apply_to_row(_row(p), res).cache_mode == "cold"


@pytest.mark.parametrize("timing_mode", timing.timing_modes_on("local-task"))
def test_every_timed_row_carries_its_timing_mode_and_floor(f16, tmp_path, timing_mode, monkeypatch):
    """Hot and cold rows of each timing mode name the mode and carry that mode's harness floor, measured once
    per process; the cold plan still walks every copy an equal number of times, in whole command buffers."""
    from iree_vdmfma.run import floor

    p, vmfb = f16
    monkeypatch.setenv("VDMFMA_CACHE_DIR", str(tmp_path / "default-cache"))
    monkeypatch.setattr(floor, "_measured", {})  # this test's floor is measured (and its module compiled) here
    rows = []
    for cache_mode in timing.CACHE_MODES:
        res = runner.run_problem(vmfb, p, "local-task", "host", cache_mode, reps=2, cache_bytes=300 * 1024,
                                 workdir=tmp_path, timing_mode=timing_mode, check=False, **FAST)
        assert res.ok, res.error
        per = timing.DISPATCHES_PER_SUBMISSION[timing_mode]
        assert res.plan.calls % res.plan.copies == 0 and res.plan.calls % per == 0
        assert res.plan.submissions * per == res.plan.calls and f"--function={res.plan.function}" in res.command
        rows.append(runner.apply_to_row(_row(p), res))
    assert [(r.cache_mode, r.timing_mode) for r in rows] == [("hot", timing_mode), ("cold", timing_mode)]
    assert rows[0].floor_us == rows[1].floor_us > 0  # one floor per (device, target, mode) in a process
    assert floor._measured.get(("iree", "local-task", "host", timing_mode)) == rows[0].floor_us
    assert rows[1].rotation_copies > 1
    assert f"--timing-mode {timing_mode}" in dataclasses.replace(res, vmfb=str(vmfb)).repro()
    assert not (tmp_path / "default-cache").exists()  # the floor module was compiled uncached: no cache written


def test_a_cmdbuf_call_is_whole_rotations_of_whole_command_buffers():
    """Copies round up to a divisor or a multiple of the command buffer's 8 dispatches, so a call walks the
    rotation evenly without growing to lcm(copies, 8) dispatches; loop mode keeps the fewest copies."""
    p = Problem(8, 2304, 8192, dtype="f16")
    for copies_needed in (2, 3, 5, 9, 129):
        cache = (copies_needed - 1) * p.weight_bytes // timing.COLD_MARGIN  # exactly copies_needed copies
        loop = timing.plan(p, "cold", cache, timing_mode="loop", max_rotation_bytes=2**50)
        cmd = timing.plan(p, "cold", cache, max_rotation_bytes=2**50)
        assert loop.copies == copies_needed and cmd.copies >= loop.copies and cmd.defeats_cache
        assert 8 % cmd.copies == 0 or cmd.copies % 8 == 0
        assert cmd.calls % cmd.copies == 0 and cmd.calls % 8 == 0 and cmd.calls == max(16, cmd.copies)


def test_plan_for_mi300x_infinity_cache():
    from iree_vdmfma.devices.targets import TARGETS

    p = Problem(8, 2304, 8192, dtype="f16")  # 37.7 MB of weights
    cache = timing.default_cache_bytes("hip", "gfx942")
    assert cache == TARGETS["gfx942"].last_level_cache_bytes + 8 * 4 * 2**20  # Infinity Cache + 8 XCDs x 4 MiB L2
    pl = timing.plan(p, "cold", cache, timing_mode="loop")  # (cmdbuf may round copies up: the test above)
    assert pl.bytes_between_reuse >= 2 * cache > (pl.copies - 2) * pl.weight_bytes  # the 2x margin, minimal
    assert pl.defeats_cache and timing.COLD_MARGIN == 2
    with pytest.raises(ValueError):
        timing.plan(p, "cold", None)
    with pytest.raises(ValueError):
        timing.plan(p, "cold", 10 * 2**30, max_rotation_bytes=2**30)


def _dispatch_count(vmfb: Path, p: Problem, a, bufs: np.ndarray, trips: int, tmp_path: Path) -> int:
    """How many times the GEMM executable ran in one @gemm_loop call, from IREE's own device statistics."""
    return _device_counts(vmfb, timing.LOOP_FUNC, a, bufs, trips, tmp_path)[0]


def _device_counts(vmfb: Path, function: str, a, bufs: np.ndarray, trips: int, tmp_path: Path) -> tuple[int, int]:
    """(GEMM dispatches, queue submissions) of one call of ``function``, from IREE's own device statistics."""
    np.save(tmp_path / "a.npy", a)
    np.save(tmp_path / "bs.npy", bufs)
    # local-sync: dispatches run inline, so the statistics are complete when printed (local-task
    # workers may still be updating them: a busy machine once counted 6 of 7).
    proc = subprocess.run(["iree-run-module", f"--module={vmfb}", "--device=local-sync", f"--function={function}",
                           f"--input=@{tmp_path / 'a.npy'}", f"--input=@{tmp_path / 'bs.npy'}", f"--input={trips}",
                           "--print_device_statistics=true"], capture_output=True, text=True, check=True)
    counts = _executions(proc.stderr)
    assert len(counts) == 1, proc.stderr
    submissions = sum(int(c) for c in re.findall(r"host_queue p=\d+ q=\d+ execute\s+count=(\d+)", proc.stderr))
    return next(iter(counts.values())), submissions


def _executions(statistics: str) -> dict[str, int]:
    """Executable name -> how many times it ran, from ``--print_device_statistics``."""
    return {m[0]: int(m[1]) for m in re.findall(r"host_execute (\S*gemm_dispatch\S*)\s+count=(\d+)", statistics)}


def test_a_two_dispatch_split_k_config_is_timed_as_one_unit(tmp_path):
    """Split-K (matmul + reduce dispatches): each timed call's two dispatches go in the same submission (one
    command buffer in cmdbuf mode, a call's own in loop mode), and a latency sample is per @gemm call, both
    dispatches together."""
    from iree_vdmfma.configs.prespec import preprocessing_spec_text

    p = Problem(8, 128, 2048, dtype="f16")
    spec = tmp_path / "split.mlir"
    spec.write_text(preprocessing_spec_text([(p, 512)]))
    vmfb = runner.compile_for_run(p, "host", tmp_path, [f"--iree-preprocessing-transform-spec-filename={spec}"],
                                  cache_dir=tmp_path / "cache")
    chk = Checker(p, 0)
    np.save(tmp_path / "a.npy", chk.inputs.a)
    np.save(tmp_path / "bs.npy", timing.rotation_buffer([chk.inputs.b] * 2, p))
    n = 2 * loop_ir.CMDBUF_DISPATCHES
    for mode in timing.timing_modes_on("local-task"):
        proc = subprocess.run(["iree-run-module", f"--module={vmfb}", "--device=local-sync",
                               f"--function={timing.MODE_FUNCS[mode]}", f"--input=@{tmp_path / 'a.npy'}",
                               f"--input=@{tmp_path / 'bs.npy'}", f"--input={n}", "--print_device_statistics=true"],
                              capture_output=True, text=True, check=True)
        runs = _executions(proc.stderr)
        assert len(runs) == 2 and set(runs.values()) == {n}, runs  # two executables, each once a call
        submits = sum(int(c) for c in re.findall(r"host_queue p=\d+ q=\d+ execute\s+count=(\d+)", proc.stderr))
        assert submits == n // timing.DISPATCHES_PER_SUBMISSION[mode]
        res = runner.run_problem(vmfb, p, "local-task", "host", "hot", reps=2, timing_mode=mode, **FAST)
        assert res.ok and res.numerics.checked == ["gemm", "gemm_loop", "gemm_cmdbuf"]
        assert res.latency.calls_per_sample == res.plan.calls  # a sample: one call's both dispatches
    # IREE's dispatch statistics (run/profile.py) see both dispatches of one call, each once, by their names
    from iree_vdmfma.run.profile import ProfileError, profile_call

    times = profile_call(vmfb, "local-task", "gemm", [chk.inputs.a, chk.inputs.b], tmp_path / "profile")
    assert sorted(t.calls for t in times) == [1, 1] and all(t.us > 0 for t in times), times
    assert all("dispatch" in t.function for t in times)
    with pytest.raises(ProfileError, match=r"no function `nosuch` exported .*iree-benchmark-module"):
        profile_call(vmfb, "local-task", "nosuch", [], tmp_path / "profile")


def test_each_timing_mode_submits_as_documented(f16, tmp_path):
    """Loop mode: one queue submission per dispatch; command-buffer mode: one per CMDBUF_DISPATCHES dispatches."""
    p, vmfb = f16
    chk = Checker(p, 0)
    bufs = timing.rotation_buffer([chk.inputs.b, chk.inputs.b], p)
    n = 2 * loop_ir.CMDBUF_DISPATCHES
    loop = _device_counts(vmfb, loop_ir.LOOP_FUNC, chk.inputs.a, bufs, n, tmp_path)
    cmdbuf = _device_counts(vmfb, loop_ir.CMDBUF_FUNC, chk.inputs.a, bufs, n, tmp_path)
    assert loop == (n, n)
    assert cmdbuf == (n, n // loop_ir.CMDBUF_DISPATCHES)


@pytest.mark.parametrize("kind", ["cuda", "hip"])
def test_graph_mode_times_the_cmdbuf_function_on_a_driver_asked_for_graph_command_buffers(f16, tmp_path, kind):
    """graph: the same @gemm_cmdbuf calls as cmdbuf, with the driver's graph flag (a flag iree-benchmark-module
    knows: a misspelt one would fail every GPU run); cmdbuf asks for no flag. No GPU here: the command is read
    from the run's TimingError (on a GPU, from the run)."""
    from iree_vdmfma.devices.targets import graph_flag

    p, vmfb = f16
    chk = Checker(p, 0)

    def command(mode: str) -> str:
        the_plan = timing.plan(p, "hot", timing_mode=mode)
        try:
            return timing.time_module(vmfb, p, chk.inputs.a, chk.inputs.b, kind, the_plan, True, reps=1,
                                      workdir=tmp_path, timeout_s=60).command
        except timing.TimingError as e:
            return e.command

    graph, cmdbuf = command("graph"), command("cmdbuf")
    assert f"--function={loop_ir.CMDBUF_FUNC}" in graph and f"--function={loop_ir.CMDBUF_FUNC}" in cmdbuf
    assert graph_flag(kind) in graph.split() and "use_streams" not in cmdbuf
    def same(cmd: str) -> list[str]:
        return [a for a in cmd.split() if not a.startswith(("--benchmark_out=", "--cuda_", "--hip_"))]

    assert same(graph) == same(cmdbuf)  # nothing else differs (but each run's own JSON file)
    known = subprocess.run([timing.benchmark_tool(), "--help"], capture_output=True, text=True).stdout
    assert f"\n{graph_flag(kind).split('=')[0]}=true" in known


def test_graph_mode_is_refused_on_the_cpu_before_anything_compiles(tmp_path):
    """The CPU has no CUDA or HIP graphs: `--timing-mode graph` on local-task is one error line, exit 2, nothing
    compiled or written; the library refuses it as well."""
    from iree_vdmfma.cli import app
    from typer.testing import CliRunner

    cache = tmp_path / "cache"
    shapes = tmp_path / "one.csv"
    shapes.write_text("m,n,k,dtype\n8,128,256,f16\n")
    for args in (["run", "--m", "8", "--n", "128", "--k", "256", "--out", str(tmp_path / "run")],
                 ["sweep", str(shapes), "--target", "host", "--out", str(tmp_path / "sweep")]):
        res = CliRunner().invoke(app, [*args, "--device", "local-task", "--timing-mode", "graph",
                                       "--cache-dir", str(cache)])
        assert res.exit_code == 2, res.output
        lines = [line for line in res.output.splitlines() if line.strip()]
        assert len(lines) == 1 and lines[0].startswith("error: --timing-mode graph:") and "cuda or hip" in lines[0]
    assert not cache.exists() and not (tmp_path / "run").exists() and not (tmp_path / "sweep" / "results.csv").exists()
    assert timing.timing_modes_on("local-task") == ("cmdbuf", "loop")
    assert timing.timing_modes_on("cuda") == timing.timing_modes_on("hip") == timing.TIMING_MODES
    with pytest.raises(ValueError, match="cuda or hip device only"):
        runner.run_problem(Path("never-read.vmfb"), Problem(8, 128, 256), "local-task", timing_mode="graph")


def test_cmdbuf_mode_walks_the_cold_rotation(f16):
    """Dispatch d of a @gemm_cmdbuf call reads weight copy d mod copies (a zero copy gives a zero result)."""
    p, vmfb = f16
    chk = Checker(p, 0)
    a, b = chk.inputs.a, chk.inputs.b
    z = np.zeros_like(b)
    mod = runner.load_module(vmfb, "local-task", "host")
    per = loop_ir.CMDBUF_DISPATCHES
    got = mod.call(loop_ir.CMDBUF_FUNC, a, timing.rotation_buffer([z, z, b], p), 2 * per, elem=p.dtype)
    assert len(got) == per  # the last trip's results: dispatches per .. 2 * per - 1
    assert [bool(c.any()) for c in got] == [(per + j) % 3 == 2 for j in range(per)]
    assert all(chk.check(c, loop_ir.CMDBUF_FUNC).passed for c, j in zip(got, range(per)) if (per + j) % 3 == 2)


@pytest.mark.parametrize("dtype,batch", [("f16", 1), ("i8", 1), ("f16", 2), ("mxfp4", 1)])
def test_runner_ir_is_built_and_verified_for_each_timing_function(dtype, batch):
    """The runnable module parses and verifies afresh, with @gemm_loop (1 call a trip) and @gemm_cmdbuf
    (CMDBUF_DISPATCHES calls a trip, every weight import before the first call)."""
    from iree.compiler import ir

    p = Problem(*SHAPE, dtype=dtype, batch=batch) if batch > 1 else Problem(*SHAPE, dtype=dtype)
    with ir.Context():
        module = ir.Module.parse(loop_ir.runner_input_ir(p))
        assert module.operation.verify()
        funcs = {op.attributes["sym_name"].value: op for op in module.body.operations}
    assert set(funcs) == {loop_ir.GEMM_FUNC, loop_ir.LOOP_FUNC, loop_ir.CMDBUF_FUNC}
    parts = 2 if p.dt.is_mx else 1
    for name, per in ((loop_ir.LOOP_FUNC, 1), (loop_ir.CMDBUF_FUNC, loop_ir.CMDBUF_DISPATCHES)):
        body = [op.name for op in _walk(funcs[name])]
        assert body.count("func.call") == per and body.count("hal.tensor.import") == per * parts
        assert body.index("func.call") > max(i for i, n in enumerate(body) if n == "hal.tensor.import")


def _walk(op):
    for region in op.operation.regions:
        for block in region.blocks:
            for inner in block.operations:
                yield inner.operation
                yield from _walk(inner)


def test_loop_executes_one_dispatch_per_trip(f16, tmp_path):
    """gemm_loop runs the GEMM dispatch once per trip (counted by IREE's device statistics): nothing folded away."""
    p, vmfb = f16
    chk = Checker(p, 0)
    bufs = timing.rotation_buffer([chk.inputs.b, chk.inputs.b], p)
    assert [_dispatch_count(vmfb, p, chk.inputs.a, bufs, trips, tmp_path) for trips in (1, 7)] == [1, 7]


def test_timed_kernel_is_the_proven_kernel_on_gfx942(tmp_path):
    """@gemm_loop and @gemm_cmdbuf add no executable: their dispatch is @gemm's, byte for byte (compile only)."""
    p = Problem(*SHAPE, dtype="f16")
    dumps = {}
    for name, text, flags in (("plain", input_ir(p), ()), ("runner", loop_ir.runner_input_ir(p), loop_ir.RUNNER_FLAGS)):
        (tmp_path / f"{name}.mlir").write_text(text)
        dumps[name] = tmp_path / f"dump_{name}"
        subprocess.run(["iree-compile", str(tmp_path / f"{name}.mlir"), "-o", str(tmp_path / f"{name}.vmfb"),
                        "--iree-hal-target-device=hip", "--iree-rocm-target=gfx942", *flags,
                        f"--iree-hal-dump-executable-files-to={dumps[name]}"], check=True, capture_output=True)
    hsaco = {k: sorted(d.glob("*.hsaco")) for k, d in dumps.items()}
    assert len(hsaco["runner"]) == 1 and [h.name for h in hsaco["runner"]] == [h.name for h in hsaco["plain"]]
    assert hsaco["runner"][0].read_bytes() == hsaco["plain"][0].read_bytes()
    assert not list(dumps["runner"].glob("*gemm_loop*")) and not list(dumps["runner"].glob("*gemm_cmdbuf*"))


def test_loop_reads_the_copy_at_its_offset(f16):
    p, vmfb = f16
    chk = Checker(p, 0)
    a, b = chk.inputs.a, chk.inputs.b
    mod = runner.load_module(vmfb, "local-task", "host")
    z = np.zeros_like(b)
    for bufs, trips, expect_zero in (([b, z], 2, True), ([b, z], 3, False), ([z, z, b], 3, False)):
        got = mod.call(timing.LOOP_FUNC, a, timing.rotation_buffer(bufs, p), trips, elem=p.dtype)
        assert (not got.any()) == expect_zero
        if not expect_zero:
            assert chk.check(got).passed


def test_gfx942_module_on_cpu_is_refused_clearly(tmp_path):
    p = Problem(*SHAPE, dtype="f16")
    src = tmp_path / "in.mlir"
    src.write_text(input_ir(p))
    vmfb = tmp_path / "gfx942.vmfb"
    subprocess.run(["iree-compile", str(src), "-o", str(vmfb), "--iree-hal-target-device=hip",
                    "--iree-rocm-target=gfx942"], check=True, capture_output=True)
    read = devices.read_module_target(vmfb)
    assert read.kind == "hip" and read.arch == "gfx942" and "rocm-hsaco-fb" in read.formats
    for said in ("gfx942", None):
        with pytest.raises(runner.TargetMismatchError) as e:
            runner.run_problem(vmfb, p, "local-task", said, "hot", reps=1)
        msg = str(e.value)
        assert "gfx942" in msg and "local-task" in msg and "--iree-hal-target-device=local" in msg
    # the caller claiming a CPU module does not get past the .vmfb check either
    with pytest.raises(runner.TargetMismatchError, match="disagrees"):
        runner.load_module(vmfb, "local-task", "host")
    # second line of defence: the runtime's own INCOMPATIBLE load error is rewrapped
    with pytest.raises(runner.TargetMismatchError, match="runtime said"):
        runner.LoadedModule(vmfb, "local-task", read)


def test_cpu_module_target_and_device_helpers(f16):
    _, vmfb = f16
    read = devices.read_module_target(vmfb)
    assert read.kind == "cpu" and read.arch == devmodules._host_arch()
    assert devices.device_target("local-task") == "host" and devices.device_target("cpu") == "host"
    assert devices.compile_flags("host") == ["--iree-hal-target-device=local",
                                          "--iree-hal-local-target-device-backends=llvm-cpu",
                                          "--iree-llvmcpu-target-cpu=host"]
    assert devices.compile_flags("gfx942") == ["--iree-hal-target-device=hip", "--iree-rocm-target=gfx942"]
    assert devices.resolve_device("cpu") == "local-task"
    assert devices.resolve_device("none") is None and devices.resolve_device(None) is None
    auto = devices.resolve_device("auto")  # hip if an AMD GPU is visible, else compile-only
    if not Path("/dev/kfd").exists():  # no AMD GPU kernel driver on this machine (the amdgpu KFD node): no HIP device
        assert auto is None
    else:
        assert auto in ("hip", None)
    assert devices.check_target(vmfb, "local-task", "host") == read
    with pytest.raises(runner.TargetMismatchError):
        devices.check_target(vmfb, "hip", None)
    with pytest.raises(runner.DeviceUnavailableError):
        runner.run_problem(vmfb, Problem(*SHAPE), "none")


def test_parse_benchmark_json_uses_repetitions_not_aggregates():
    def entry(rt, unit="ms", kind="iteration", agg=None):
        e = {"name": "BM_gemm_loop/process_time/real_time", "run_type": kind, "real_time": rt,
             "time_unit": unit}
        if agg:
            e["aggregate_name"] = agg
        return e

    data = {"benchmarks": [entry(1.6), entry(1.2), entry(2.0), entry(1.6, kind="aggregate", agg="mean"),
                           entry(0.1, kind="aggregate", agg="stddev")]}
    lat = timing.parse_benchmark_json(json.dumps(data), calls_per_iteration=16)
    assert lat.samples_us == pytest.approx((100.0, 75.0, 125.0))
    assert (lat.min_us, lat.median_us, lat.max_us) == pytest.approx((75.0, 100.0, 125.0))
    assert lat.std_us == pytest.approx(25.0) and lat.reps == 3
    assert timing.parse_benchmark_json({"benchmarks": [entry(500, "ns")]}).median_us == pytest.approx(0.5)
    with pytest.raises(timing.TimingError):
        timing.parse_benchmark_json({"benchmarks": [entry(1.0, kind="aggregate", agg="mean")]})


def test_benchmark_failure_is_run_error(f16, tmp_path):
    p, vmfb = f16
    bad = Problem(8, 128, 256, dtype="f16")  # wrong shapes for this module
    chk = Checker(bad, 0)
    pl = timing.plan(bad, "hot")
    with pytest.raises(timing.TimingError, match="exited"):
        timing.time_module(vmfb, bad, chk.inputs.a, chk.inputs.b, "local-task", pl, True, reps=1,
                           workdir=tmp_path)


def test_cli_run_prints_table(tmp_path):
    from typer.testing import CliRunner

    from iree_vdmfma.cli import app

    result = CliRunner().invoke(app, ["run", "--m", "8", "--n", "128", "--k", "512", "--dtype", "f16",
                                      "--device", "local-task", "--reps", "2", "--cache-mode", "both",
                                      "--cache-size", "256K", "--workdir", str(tmp_path),
                                      "--warmup", "0.01", "--min-time", "0.01"],
                                env={"COLUMNS": "200"})
    assert result.exit_code == 0, result.output
    out = result.output
    assert "f16_8x128x512 on local-task (host)" in out and "pass" in out
    assert "latency median us" in out and "cold" in out and "between reuses >" in out
    assert "timing mode" in out and "cmdbuf" in out and "harness floor us" in out and "submissions / call" in out
    # The workdir keeps the module and its input IR, and the harness floor's in floor/; the inputs (the cold
    # rotation: up to GiBs) are gone.
    assert sorted(p.suffix for p in tmp_path.iterdir() if p.is_file()) == [".mlir", ".vmfb"]
    assert sorted(p.suffix for p in (tmp_path / "floor").iterdir()) == [".mlir", ".vmfb"]
    # --reps 0 checks numerics and times nothing: no harness floor is compiled or measured
    checked = CliRunner().invoke(app, ["run", "--m", "8", "--n", "128", "--k", "512", "--dtype", "f16",
                                       "--device", "local-task", "--reps", "0", "--workdir", str(tmp_path / "check")],
                                 env={"COLUMNS": "200"})
    assert checked.exit_code == 0 and "pass" in checked.output, checked.output
    assert not (tmp_path / "check" / "floor").exists()


def test_a_floor_module_that_does_not_compile_is_said_and_leaves_the_floor_unmeasured(tmp_path, monkeypatch):
    """run/runner.build_floor_module is the one builder of the harness-floor module (sweep, run, calibrate, the runner's
    fallback): a compile that fails is its error passed on and None, and a floor measured with it is None."""
    import stat

    from iree_vdmfma.compiler import toolchain
    from iree_vdmfma.run import floor
    from iree_vdmfma.run.runner import build_floor_module

    tools = tmp_path / "tools"
    tools.mkdir()
    (tools / "iree-compile").write_text('#!/bin/sh\necho "error: no floor today" >&2\nexit 1\n')
    (tools / "iree-compile").chmod(stat.S_IRWXU)
    monkeypatch.setenv("IREE_TOOL_PATH", str(tools))
    monkeypatch.setattr(floor, "_measured", {})
    toolchain.tool.cache_clear()
    said: list[str] = []
    try:
        assert build_floor_module("host", tmp_path / "floor", use_cache=False, on_error=said.append) is None
        assert floor.iree_floor_us("local-task", "host", "loop", 1, 0.0, 0.0, 60.0,
                                   lambda out: build_floor_module("host", out, use_cache=False)) is None
    finally:
        toolchain.tool.cache_clear()
    assert len(said) == 1 and "compile for host failed" in said[0] and "no floor today" in said[0], said
