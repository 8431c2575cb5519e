"""A file system that fails is a row or one line, never a traceback: a full --out (a 64 KiB tmpfs), a read-only
--out and a read-only compile cache (read-only bind mounts). Real mounts, real compiles; a machine where this
process cannot mount skips with the reason, and every mount is undone whatever the test does."""

from __future__ import annotations

import dataclasses
import subprocess
from contextlib import contextmanager
from pathlib import Path
from typing import Iterator

import pytest
from typer.testing import CliRunner

from iree_vdmfma.cli import app
from iree_vdmfma.compiler.driver import Compiler
from iree_vdmfma.compiler.entry import LOCKS
from iree_vdmfma.problems.problem import Problem
from iree_vdmfma.problems.rows import read_rows
from iree_vdmfma.sweep.sweep import SweepOptions, plan


@contextmanager
def _mounted(where: Path, *how: list[str]) -> Iterator[Path]:
    """``where`` mounted by each ``mount`` argument list in turn; unmounted at the end, always."""
    where.mkdir(parents=True, exist_ok=True)
    done = 0
    try:
        for args in how:
            res = subprocess.run(["mount", *args, str(where)], capture_output=True, text=True)
            if res.returncode != 0:
                pytest.skip(f"cannot mount here ({res.stderr.strip() or res.returncode}): the file-system fault "
                            "tests need root (or CAP_SYS_ADMIN)")
            done += 1
        yield where
    finally:
        if done:
            subprocess.run(["umount", str(where)], capture_output=True)


def full(where: Path, size: str = "64k"):
    return _mounted(where, ["-t", "tmpfs", "-o", f"size={size}", "tmpfs"])


def _grow(where: Path) -> None:
    """The disk freed: the tmpfs at ``where`` remounted with room to spare (its files kept)."""
    subprocess.run(["mount", "-o", "remount,size=64m", str(where)], check=True, capture_output=True)


def read_only(where: Path):
    where.mkdir(parents=True, exist_ok=True)
    return _mounted(where, ["--bind", str(where)], ["-o", "remount,bind,ro"])


def _shapes(tmp_path: Path) -> Path:
    shapes = tmp_path / "s.csv"
    shapes.write_text("name,m,n,k\nt,8,256,1024\n")
    return shapes


def _one_error_line(res, exit_code: int) -> str:
    assert res.exit_code == exit_code and isinstance(res.exception, SystemExit), res.output
    assert "Traceback" not in res.output
    errors = [line for line in res.output.splitlines() if line.startswith("error:")]
    assert len(errors) == 1, res.output
    return errors[0]


def test_a_sweep_and_a_tune_into_a_full_file_system_end_with_one_line_naming_the_file(tmp_path):
    with full(tmp_path / "full-sweep") as disk:
        swept = CliRunner().invoke(app, ["sweep", str(_shapes(tmp_path)), "--variants", "vdmfma", "--device", "none",
                                         "--out", str(disk / "out")])
        line = _one_error_line(swept, 1)
        assert line.startswith(f"error: No space left on device: {disk / 'out' / 'artifacts'}/"), line
        assert line.endswith("finished rows are on disk; free it and run the same command again to resume")
    with full(tmp_path / "full-tune") as disk:
        tuned = CliRunner().invoke(app, ["tune", str(_shapes(tmp_path)), "--target", "gfx942", "--device", "none",
                                         "--max-candidates", "2", "--out", str(disk / "out")])
        line = _one_error_line(tuned, 1)
        assert line.startswith(f"error: No space left on device: {disk / 'out' / 'candidates.csv'}; "), line
        assert not list((disk / "out").glob(".candidates.csv.*"))  # no half-written temp file left


def test_a_read_only_out_or_cache_is_refused_in_one_line_before_anything_compiles_or_measures(tmp_path):
    cache = tmp_path / "cache"
    with read_only(tmp_path / "ro") as ro:
        for command in (["sweep", str(_shapes(tmp_path)), "--device", "none", "--cache-dir", str(cache)],
                        ["tune", str(_shapes(tmp_path)), "--device", "none", "--cache-dir", str(cache)],
                        ["calibrate", "--device", "local-task"]):
            res = CliRunner().invoke(app, [*command, "--out", str(ro / "out")])
            line = _one_error_line(res, 2)
            assert line == f"error: --out {ro / 'out'}: {ro} is on a read-only file system", line
        assert not cache.exists()  # nothing compiled
        for command in (["tune", str(_shapes(tmp_path)), "--device", "none"], ["calibrate", "--device", "local-task"]):
            res = CliRunner().invoke(app, [*command, "--out", str(tmp_path / command[0])],
                                     env={"VDMFMA_CACHE_DIR": str(ro / "cache")})
            line = _one_error_line(res, 2)
            assert f"{ro} is on a read-only file system" in line and "$VDMFMA_CACHE_DIR" in line, line
            assert not (tmp_path / command[0]).exists()


def test_a_compile_that_fails_because_the_cache_is_full_is_a_machine_error_never_cached_and_a_rerun_redoes_it(
        tmp_path):
    """160 KiB: room for the compile's input but not for its output, so iree-compile itself fails ('LLVM ERROR: IO
    failure on output stream: No space left on device'): the machine's failure, not the job's."""
    sweep = ["sweep", str(_shapes(tmp_path)), "--target", "host", "--variants", "default", "--device", "none",
             "--out", str(tmp_path / "out")]
    with full(tmp_path / "cache", "160k") as cache:
        first = CliRunner().invoke(app, sweep, env={"VDMFMA_CACHE_DIR": str(cache)})
        assert "Traceback" not in first.output, first.output
        (row,) = read_rows(tmp_path / "out" / "results.csv")
        assert row.status == "machine-error" and "No space left on device" in row.error, row
        assert not [p for p in cache.iterdir() if p.is_dir() and p.name != LOCKS]  # nothing cached, not even as a failure
        _grow(cache)
        again = CliRunner().invoke(app, sweep, env={"VDMFMA_CACHE_DIR": str(cache)})
        assert again.exit_code == 0, again.output
        (row,) = read_rows(tmp_path / "out" / "results.csv")
        assert row.status == "ok" and not row.cached, row


def test_a_compile_that_fails_writing_where_the_users_own_flag_points_is_the_jobs_compile_error_not_the_machines(
        tmp_path):
    """A dump folder the user's --compile-flag names, read-only: iree-compile fails with 'Read-only file system' about
    that path. No rerun mends the flag, and the cache is fine: a compile-error row (the tune goes on), never a
    machine-error or the tune's 'free it' line (found in review: any disk message anywhere in the output was
    taken for the cache's disk)."""
    (tmp_path / "dumps").mkdir()
    flag = f"--compile-flag=--iree-hal-dump-executable-sources-to={tmp_path / 'dumps'}"
    with read_only(tmp_path / "dumps"):
        sweep = CliRunner().invoke(app, ["sweep", str(_shapes(tmp_path)), "--target", "host", "--variants", "default",
                                         "--device", "none", flag, "--out", str(tmp_path / "out")])
        (row,) = read_rows(tmp_path / "out" / "results.csv")
        assert row.status == "compile-error" and "Read-only file system" in row.error, (row, sweep.output)
        assert ".tmp" not in row.error and str(tmp_path / "dumps") in row.error  # names the flag's path, no temp folder
        tune = CliRunner().invoke(app, ["tune", str(_shapes(tmp_path)), "--target", "host", "--device", "none",
                                        "--max-candidates", "2", flag, "--out", str(tmp_path / "tune")])
        assert "free it" not in tune.output and "Traceback" not in tune.output, tune.output
        rows = (tmp_path / "tune" / "candidates.csv").read_text()
        assert "compile-error" in rows and "machine-error" not in rows and "pending" not in rows, rows


def test_a_tune_whose_compile_fails_because_the_cache_is_full_ends_in_one_line_and_its_candidates_stay_pending(
        tmp_path):
    with full(tmp_path / "cache", "300k") as cache:
        res = CliRunner().invoke(app, ["tune", str(_shapes(tmp_path)), "--target", "host", "--device", "none",
                                       "--max-candidates", "2", "--out", str(tmp_path / "out")],
                                 env={"VDMFMA_CACHE_DIR": str(cache)})
        line = _one_error_line(res, 1)
        assert line.startswith(f"error: No space left on device: {cache}"), line
        assert line.endswith("free it and run the same command again to resume"), line
        rows = (tmp_path / "out" / "candidates.csv").read_text()
        assert "compile-error" not in rows and "pending" in rows, rows  # a rerun redoes them


def test_a_compile_that_times_out_with_its_cache_on_another_file_system_is_a_timeout(tmp_path):
    """An uncacheable build moves from the cache to the scratch folder ($TMPDIR): across file systems too."""
    job = plan([Problem(8, 256, 1024)], SweepOptions(target="host", variants=("default",)))[0].compile_job
    with full(tmp_path / "cache", "64m") as cache:
        with Compiler(cache, workers=1) as compiler:
            result = compiler.compile(dataclasses.replace(job, timeout_s=0.05))
        assert result.timed_out and result.error.startswith("timed out after 0.05 s"), result.error
        assert not [p for p in cache.iterdir() if p.is_dir() and p.name != LOCKS]  # never cached


def test_spec_and_annotate_on_a_full_disk_name_the_file_and_keep_the_one_written_before(tmp_path):
    """They wrote with Path.write_text: "error: No space left on device; nothing was kept", naming no file, and an
    empty spec.mlir / annotated.mlir in place of the one a run before had written."""
    root = Path(__file__).resolve().parent.parent
    with full(tmp_path / "full") as disk:
        for command, name in ((["spec", str(root / "sweeps" / "decode-f16.csv")], "spec.mlir"),
                              (["annotate", str(root / "examples" / "tiny_layer_linalg.mlir")], "annotated.mlir")):
            out = disk / command[0]
            out.mkdir()
            (out / name).write_text("// written before\n")
            (disk / "filler").write_bytes(b"\0" * 56 * 1024)
            line = _one_error_line(CliRunner().invoke(app, [*command, "--out", str(out)]), 1)
            assert line.startswith(f"error: No space left on device: {out / name}; "), line
            assert (out / name).read_text() == "// written before\n" and [p.name for p in out.iterdir()] == [name]
            (disk / "filler").unlink()


@pytest.mark.parametrize("plots", ["--plots", "--no-plots"])
def test_a_report_into_a_full_disk_names_the_file_and_leaves_no_empty_table(tmp_path, plots):
    """report wrote with pandas' to_csv and Path.write_text: "No space left on device; nothing was kept", naming no
    file, and an empty summary.csv left in --out."""
    from iree_vdmfma.problems.rows import ResultRow, write_rows

    results = tmp_path / "results.csv"
    write_rows([ResultRow(name=f"s{m}", m=m, n=256, k=1024, batch=1, dtype="f16", target="gfx942", variant=v,
                          status="ok", key=f"f16_{m}x256x1024", vgpr=100 + m, mfma=8)
                for m in (1, 2, 4, 8) for v in ("default", "vdmfma")], results)
    with full(tmp_path / "full") as disk:
        (disk / "filler").write_bytes(b"\0" * 60 * 1024)
        res = CliRunner().invoke(app, ["report", str(results), "--out", str(disk / "rep"), plots])
        line = _one_error_line(res, 1)
        assert line.startswith(f"error: No space left on device: {disk / 'rep'}/"), line
        left = list((disk / "rep").iterdir())  # what fitted is whole; no empty file, no temporary one
        assert all(p.stat().st_size and not p.name.startswith(".") for p in left), left


def test_a_sweep_into_a_disk_too_full_for_its_lock_names_the_lock_file(tmp_path):
    """The first write into --out is the lock's note of who holds it (os.pwrite): its error named no file."""
    with full(tmp_path / "full") as disk:
        (disk / "out").mkdir()
        with (disk / "filler").open("wb", buffering=0) as f, pytest.raises(OSError):
            while True:  # every block taken
                f.write(b"\0" * 1024)
        res = CliRunner().invoke(app, ["sweep", str(_shapes(tmp_path)), "--target", "host", "--device", "none",
                                       "--out", str(disk / "out")])
        line = _one_error_line(res, 1)
        assert line.startswith(f"error: No space left on device: {disk / 'out' / '.lock'}; "), line


def test_a_read_only_publish_folder_is_refused_before_the_tune_starts(tmp_path):
    """--publish was written only once every candidate had been compiled: a whole tune, then exit 1."""
    with read_only(tmp_path / "ro") as ro:
        res = CliRunner().invoke(app, ["tune", str(_shapes(tmp_path)), "--target", "gfx942", "--device", "none",
                                       "--publish", str(ro / "lib"), "--allow-modelled", "--out", str(tmp_path / "t")])
        line = _one_error_line(res, 2)
        assert line == f"error: --publish {ro / 'lib'}: {ro} is on a read-only file system", line
        assert not (tmp_path / "t").exists()


def test_an_out_naming_the_mlir_file_on_a_read_only_disk_is_refused_like_an_out_folder(tmp_path):
    """`spec LIST --out RO/x.mlir` (the old file form) skipped the up-front check: exit 1 after the work, where
    `--out RO` is exit 2 before it."""
    root = Path(__file__).resolve().parent.parent
    with read_only(tmp_path / "ro") as ro:
        for command in (["spec", str(root / "sweeps" / "tiny-layer.csv")],
                        ["annotate", str(root / "examples" / "tiny_layer_linalg.mlir")]):
            line = _one_error_line(CliRunner().invoke(app, [*command, "--out", str(ro / "x.mlir")]), 2)
            assert line == f"error: --out {ro}: {ro} is on a read-only file system", line
