"""`vdmfma calibrate --device D --out DIR`: A/A calibration of the paired verdict rule on one device."""

from __future__ import annotations

from pathlib import Path
from typing import Optional

import typer

from ..util.runs import check_kind
from ..run.calibration import ROUNDS_PER_VERDICT
from . import options as opt
from .app import app, docs_page
from .common import show, user_errors


@app.command(epilog=docs_page("calibrate", "calibrate --device local-task --out out/cal"))
def calibrate(
    device: str = opt.DEVICE,
    out: Optional[Path] = opt.OUT,
    pairs: int = typer.Option(24, "--pairs", min=2 * ROUNDS_PER_VERDICT, help="A/A rounds to fit the threshold on."),
    heldout_pairs: int = typer.Option(24, "--heldout-pairs", min=20, help="Fresh A/A rounds to check the fit on."),
    m: Optional[str] = opt.M, n: Optional[int] = opt.N, k: Optional[int] = opt.K,
    dtype: Optional[str] = opt.DTYPE,
    cache_mode: str = opt.CACHE_MODE,
    rounds: int = typer.Option(6, "--verdict-rounds", min=2, help="Paired rounds one verdict uses."),
    seed: int = opt.SEED,
    keep: bool = typer.Option(True, "--keep/--no-keep", help="Keep a copy for tune and reports to use."),
    debug: bool = opt.DEBUG,
) -> None:
    """Measure the device's A/A noise floor.

    One module (8x128x512 f16 by default) against itself and a second compile of it, in paired rounds: the
    verdict threshold is fitted on --pairs rounds and checked on --heldout-pairs fresh ones. Writes
    OUT/calibration.csv; prints the held-out false-win rate, the drift and the minimal detectable effect. With
    --keep a copy in the cache sets the floor of every later tune, report, compare and model verdict on the device.
    """
    from ..problems.problem import Problem
    from ..run.calibration import CALIBRATION_CSV, calibrate as run_calibration, governs, kept_path, noisy, summary_line

    with user_errors(debug):
        from .core_cmds import plan_run

        out = opt.out_folder(out, "calibrate")
        check_kind(out, "calibrate")
        # its floor module is compiled into the compile cache, and --keep keeps a copy there: both checked up front
        cache = opt.cache_dir_of(None, False, "set $VDMFMA_CACHE_DIR to a folder that can be written")
        if keep:  # where the copy goes, checked before measuring (not found read-only after it)
            where = opt.cache_place(None)[1]
            opt.writable(cache / "calibration", f"{where} (where --keep keeps a copy)")
        ms = opt.m_values(m, "8")
        if len(ms) != 1:
            raise ValueError(f"--m {m}: calibrate takes one M")
        dt = opt.one_of("--dtype", opt.dtype_names(dtype, "f16"))
        if cache_mode not in ("hot", "cold"):
            raise ValueError(f"--cache-mode {cache_mode}: calibrate takes hot or cold")
        run_device, _ = plan_run(device, None)
        if run_device is None:
            raise ValueError("calibrate measures: give a device here (--device local-task, hip, cuda); "
                             f"--device {device} found none")
        rows = run_calibration(run_device, out, pairs=pairs, problem=Problem(ms[0], n or 128, k or 512, dtype=dt),
                               cache_mode=cache_mode, seed=seed, rounds=rounds, keep=keep,
                               heldout_pairs=heldout_pairs)
        print(summary_line(rows, out / CALIBRATION_CSV))
    show(f"{len(rows)} rows in {out / CALIBRATION_CSV}")
    r = rows[0]
    if keep:
        show(f"kept a copy at {kept_path(r.device, r.device_name)}: {governs(r.device, r.device_name)}")
    else:
        show(f"not kept (--no-keep): later verdicts on {r.device} keep their floor; --calibration "
             f"{out / CALIBRATION_CSV} makes this one decide a command's")
    if noisy(rows):
        show(noisy(rows))
