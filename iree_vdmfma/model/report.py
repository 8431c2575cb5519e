"""OUT/model.csv and OUT/report/index.md (+ latency.png) of a decode step (model/step.py).

The latencies and speedups are measured (forward.py says how); the skinny-GEMM share of the
forward is ESTIMATED from the tuner's isolated kernel times and the GEMM calls counted in torch
eager (step.skinny_share), and is labelled so. Without a device nothing is timed: the report
says compile-only.
"""

from __future__ import annotations

import csv
from dataclasses import asdict, fields
from pathlib import Path

from ..util.io import atomic_write_text
from . import forward as fwd


def write_model_csv(path: Path, rows, row_type) -> Path:
    """One line per row (``row_type``: the dataclass whose fields are the columns, step.ModelRow)."""
    names = [f.name for f in fields(row_type)]
    with path.open("w", newline="") as f:
        w = csv.DictWriter(f, fieldnames=names)
        w.writeheader()
        for r in rows:
            w.writerow({k: ("" if v is None else (f"{v:.6g}" if isinstance(v, float) else v))
                        for k, v in asdict(r).items()})
    return path


def _fmt(x, digits: int = 4) -> str:
    return "" if x is None else f"{x:.{digits}g}"


def _plot(rows, path: Path) -> Path | None:
    import matplotlib  # noqa: PLC0415

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt  # noqa: PLC0415

    series: dict[str, list] = {}
    for r in rows:
        if r.latency_us_median is not None:
            series.setdefault(r.variant, []).append(r)
    if not series:
        return None
    fig, ax = plt.subplots(figsize=(6, 4))
    for name, rs in sorted(series.items()):
        rs = sorted(rs, key=lambda r: r.m_tokens)
        ms = [r.m_tokens for r in rs]
        med = [r.latency_us_median for r in rs]
        err = [[r.latency_us_median - r.latency_us_lo for r in rs], [r.latency_us_hi - r.latency_us_median for r in rs]]
        ax.errorbar(ms, med, yerr=err, marker="o", capsize=3, label=name)
    ax.set_xlabel("M (tokens)")
    ax.set_ylabel("forward latency (us, median and interval)")
    ax.set_xscale("log", base=2)
    ax.legend()
    ax.set_title(f"whole forward, MEASURED on {rows[0].device}")
    fig.tight_layout()
    fig.savefig(path, dpi=100)
    plt.close(fig)
    return path


def write_step_report(opts, result, share: dict, default: str, eager: str) -> Path:
    """``share``: step.skinny_share's estimate per M; ``default``/``eager``: the variant names."""
    out = opts.out / "report"
    out.mkdir(parents=True, exist_ok=True)
    rows = result.rows
    timed = any(r.latency_us_median is not None for r in rows)
    plot = _plot(rows, out / "latency.png") if timed else None
    lines = [f"# {opts.source.text}: one decode step, M = {', '.join(map(str, opts.ms))}", "",
             f"Target `{opts.target}`, device `{opts.device}`. "
             + ("Latencies are MEASURED: " + fwd.TIMING_HOW + "." if timed else
                "Compile-only: nothing was run (no device), no latency is reported."), ""]
    if result.library is not None:
        src = "tuned here (`vdmfma tune`'s engine)" if opts.tune else f"read from `{opts.library}`"
        lines += [f"Library: {len(result.library.entries)} shape(s), {src}; spec pair and flags in "
                  f"`{result.library_dir}`. Shapes the tuner could not improve keep IREE's default.", ""]
    lines += ["## Forward latency per M and variant", "",
              "| M | variant | status | numerics | max abs err | tolerance | latency us (median [interval]) | "
              "speedup vs default (median of per-round ratios [interval]) | skinny dispatches applied |",
              "|---|---|---|---|---|---|---|---|---|"]
    for r in rows:
        lat = "" if r.latency_us_median is None else \
            f"{_fmt(r.latency_us_median)} [{_fmt(r.latency_us_lo)}, {_fmt(r.latency_us_hi)}]"
        sp = "" if r.speedup_vs_default is None else \
            f"{r.speedup_vs_default:.3f}x [{r.speedup_lo:.3f}, {r.speedup_hi:.3f}]" + (f" {r.verdict}" if r.verdict else "")
        applied = "" if r.applied is None else f"{r.applied}/{r.skinny_dispatches}"
        status = r.status + (f": {r.error}" if r.error else "") + (f" ({r.note})" if r.note else "")
        lines.append(f"| {r.m_tokens} | {r.variant} | {status} | {r.numerics} | {_fmt(r.max_abs_err, 3)} | "
                     f"{_fmt(r.tolerance, 3)} | {lat} | {sp} | {applied} |")
    if plot:
        lines += ["", f"![forward latency vs M]({plot.name})"]
    cov = sorted({r.interval_coverage for r in rows if r.interval_coverage is not None})
    lines += ["", f"Intervals: order-statistics interval of the median over the rounds (coverage "
              f"{', '.join(f'{c:.1%}' for c in cov) or 'n/a'}). `{eager}` is torch eager on the same inputs. "
              "A speedup is a win/loss only when its 95% interval excludes 1 and the median is beyond 1%; "
              "fewer than 6 rounds give no 95% interval: undetermined.",
              "", "## Numerics", "", "Rule: " + fwd.FORWARD_RULE + ". Torch's float64 run of the same model and "
              "inputs sets each output's scale of rounding error; TOL_SAFETY as in run/numerics.py.", ""]
    lines += ["## Share of the forward in skinny GEMMs (ESTIMATED)", ""]
    if share:
        lines += ["ESTIMATED, not measured per dispatch: the tuner's isolated cold median of each shape's kernel "
                  f"(IREE's default kernel for `{default}`, the winner for `tuned`) x that shape's calls per "
                  "forward (counted in torch eager), over the variant's measured forward median. Cold isolated "
                  "kernels against a hot forward: a share above 100% says the estimate does not fit.", "",
                  "| M | variant | skinny GEMM us (est.) | forward us | share |", "|---|---|---|---|---|"]
        lines += [f"| {m} | {v} | {_fmt(k)} | {_fmt(f)} | {s:.1%} |" for (m, v), (k, f, s) in sorted(share.items())]
    else:
        lines.append("Not estimated: it needs the tuner's kernel times (`--tune`) and a measured forward.")
    lines += ["", "Per-dispatch proof: `dispatches.csv` (one row per dispatch and variant; `not-applied`: a "
              "tuned split or config that did not reach the compiled dispatch)."]
    atomic_write_text(out / "index.md", "\n".join(lines) + "\n")
    return out / "index.md"
