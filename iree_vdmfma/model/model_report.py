"""OUT/model.csv and OUT/report/index.md (+ latency.png) of a decode step (model/step.py).

The latencies and speedups are measured (forward.py says how, hot and cold); so is the skinny-GEMM share
of the forward's dispatch time (one forward under IREE's profiler: run/profile.py). Without a device nothing is
timed: the report
says compile-only. model.csv goes through the shared row store (problems/rows.py: atomic, a
checksum per row) and the report is rendered from the rows read back from it (:func:`read_model_csv`):
a row cut off or edited on disk is named as damaged, never shown as a result.
"""

from __future__ import annotations

from dataclasses import fields
from pathlib import Path

from ..problems.rows import MODEL_STATUSES, Table, read_checked, status_values, write_csv_table
from ..util.io import atomic_write_text
from . import forward as fwd


def rule_words(rows) -> str:
    """The floor the rows' verdicts took and the calibration it came from (a NOISY one flagged), from the rows."""
    timed = [r for r in rows if r.noise_floor is not None]
    if not timed:
        return "1% (the default floor)"
    r = timed[0]
    return (f"{r.noise_floor:.2%}, the floor of {r.calibration or 'the default (no A/A calibration of the device)'}"
            + (f" (**{r.calibration_flag}**)" if r.calibration_flag else ""))


def write_model_csv(path: Path, rows, row_type) -> Path:
    """One line per row (``row_type``: the dataclass whose fields are the columns, timing.ModelRow), atomically,
    with a checksum column."""
    write_csv_table(rows, path, [f.name for f in fields(row_type)], checksum=True)
    return path


def read_model_csv(path: Path, row_type) -> Table:
    """model.csv read back and validated: a cut or edited row, an unknown status or cache mode is damaged."""
    def check(r) -> str:
        if r.status not in status_values(MODEL_STATUSES):  # timed, compiled only, failed, or not run here
            return f"unknown status {r.status!r}"
        return "" if r.cache_mode in ("",) + fwd.CACHE_MODES else f"unknown cache_mode {r.cache_mode!r}"

    return read_checked(path, row_type, check=check, required=("m_tokens", "variant", "status"),
                        what="a model.csv written by vdmfma model")


def _fmt(x, digits: int = 4) -> str:
    return "" if x is None else f"{x:.{digits}g}"


def _plot(rows, path: Path) -> Path | None:
    from ..report import bars  # noqa: PLC0415  (matplotlib only when plotting)

    fig = latency_figure(rows)
    if fig is None:
        return None
    bars.save(fig, path, 100)  # whole or not at all, and closed
    return path


def latency_figure(rows):
    """The whole-forward latency per M, every variant and cache mode, on log axes (one wide interval, e.g. a
    41,800 us whisker on a loaded CPU, must not flatten the others); None when nothing was timed."""
    import matplotlib  # noqa: PLC0415

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt  # noqa: PLC0415
    import matplotlib.ticker  # noqa: PLC0415, F401

    series: dict[str, list] = {}
    for r in rows:
        if r.latency_us_median is not None:
            series.setdefault(f"{r.variant} ({r.cache_mode})" if r.cache_mode else r.variant, []).append(r)
    if not series:
        return None
    fig, ax = plt.subplots(figsize=(6, 4))
    n = len(series)
    for i, (name, rs) in enumerate(sorted(series.items())):
        rs = sorted(rs, key=lambda r: r.m_tokens)
        dodge = 2 ** (0.06 * (i - (n - 1) / 2))  # side by side at each M: one M never stacks every series
        ms = [r.m_tokens * dodge for r in rs]
        med = [r.latency_us_median for r in rs]
        err = [[r.latency_us_median - r.latency_us_lo for r in rs], [r.latency_us_hi - r.latency_us_median for r in rs]]
        ax.errorbar(ms, med, yerr=err, marker="o", capsize=3, label=name,
                    linestyle="--" if "(cold)" in name else "-")
    ax.set_xlabel("M (tokens)")
    ax.set_ylabel("forward latency (us, median and interval; log scale)")
    ax.set_xscale("log", base=2)
    ticks = sorted({r.m_tokens for rs in series.values() for r in rs})
    ax.set_xticks(ticks, [str(m) for m in ticks])  # ticks at the Ms measured, the series beside them
    ax.xaxis.set_minor_locator(matplotlib.ticker.NullLocator())
    ax.set_xlim(ticks[0] / 1.5, ticks[-1] * 1.5)
    ax.set_yscale("log")
    ax.legend(fontsize=8)
    ax.set_title(f"whole forward, MEASURED on {rows[0].device}")
    fig.tight_layout()
    return fig


def _where(rows, device: str) -> str:
    r = next((r for r in rows if r.measured_at), None)
    name = f", {r.device_name}" if r is not None and r.device_name else ""
    return f"MEASURED on `{device}`{name}"


def headline(rows, target: str, device: str, default: str, eager: str) -> str:
    """The report's opening: the result in one or two sentences, labelled measured on what (or compile-only)."""
    timed = [r for r in rows if r.latency_us_median is not None]
    if not timed:
        applied = [r for r in rows if r.applied is not None and r.variant != default]
        what = "; ".join(f"`{r.variant}` M={r.m_tokens}: {r.applied}/{r.skinny_dispatches} skinny GEMM dispatches "
                         "applied" for r in applied) or "no variant but IREE's default compiled"
        why = ("the forward was not run: an .mlir source has no weights or torch reference"
               if any(r.note.startswith("an .mlir source") for r in rows) else "nothing was run or timed")
        return (f"**Result** (compile-only for `{target}`: {why}): {what}. "
                f"Compile status per M and variant below.")
    best = [r for r in timed if r.variant not in (default, eager, "torch-compile")]
    parts = []
    for mode in fwd.CACHE_MODES:
        cells = [f"M={r.m_tokens} {r.speedup_vs_default:.3f}x [{r.speedup_lo:.3f}, {r.speedup_hi:.3f}] {r.verdict}"
                 for r in sorted(best, key=lambda r: (r.m_tokens, r.variant)) if r.cache_mode == mode
                 and r.speedup_vs_default is not None]
        if cells:
            parts.append(f"{mode}: " + ", ".join(cells))
    same = sorted({r.m_tokens for r in best if "same module" in r.note})
    if same:
        parts.append(f"at M={', '.join(map(str, same))} the library changes nothing: the same module as IREE's "
                     "default, so any difference there is noise")
    variants = sorted({r.variant for r in best})
    speed = (f"whole-forward speedup of `{'`, `'.join(variants)}` over IREE's default (median of per-round "
             f"ratios [interval]): " + "; ".join(parts) if parts else "IREE's default alone was timed")
    checked = [r for r in rows if r.numerics in ("pass", "fail")]
    failed = sorted({f"{r.variant} M={r.m_tokens}" for r in checked if r.numerics == "fail"})
    names = sorted({r.variant for r in checked})
    numerics = (f"numerics against torch eager FAIL for {', '.join(failed)}" if failed else
                f"numerics against torch eager pass for every variant checked ({', '.join(names)})" if names else
                "no numerics checked")
    return f"**Result** ({_where(rows, device)}, target `{target}`): {speed}. {numerics[0].upper()}{numerics[1:]}."


def write_step_report(opts, result, default: str, eager: str, row_type=None) -> Path:
    """``default``/``eager``: the variant names. The rows are read
    back from OUT/model.csv (``row_type``: its row dataclass) when given, else taken from ``result``."""
    out = opts.out / "report"
    out.mkdir(parents=True, exist_ok=True)
    damaged: list[str] = []
    rows = result.rows
    if row_type is not None:
        table = read_model_csv(opts.out / "model.csv", row_type)
        rows, damaged = table.rows, table.damaged
    timed = any(r.latency_us_median is not None for r in rows)
    plot = _plot(rows, out / "latency.png") if timed else None
    lines = [f"# {opts.source.text}: one decode step, M = {', '.join(map(str, opts.ms))}", "",
             headline(rows, opts.target, opts.device, default, eager), ""]
    if damaged:
        lines += [f"**{len(damaged)} damaged row(s) in model.csv, not shown**: " + "; ".join(damaged), ""]
    lines += [f"Target `{opts.target}`, device `{opts.device}`. "
              + ("Latencies are MEASURED: " + fwd.TIMING_HOW + "." if timed else
                 "Compile-only: nothing was run (no device), no latency is reported."), ""]
    if result.library is not None:
        src = "tuned here (`vdmfma tune`'s engine)" if opts.tune else f"read from `{opts.library}`"
        lines += [f"Library: {len(result.library.entries)} shape(s), {src}; spec pair and flags in "
                  f"`{result.library_dir}`. Shapes the tuner could not improve keep IREE's default.", ""]
    lines += ["## Forward latency per M, variant and cache mode", "",
              "| M | variant | cache | status | numerics | max abs err | tolerance | latency us (median [interval]) | "
              "speedup vs default (median of per-round ratios [interval]) | skinny dispatches applied |",
              "|---|---|---|---|---|---|---|---|---|---|"]
    for r in rows:
        lat = "" if r.latency_us_median is None else \
            f"{_fmt(r.latency_us_median)} [{_fmt(r.latency_us_lo)}, {_fmt(r.latency_us_hi)}]"
        sp = "" if r.speedup_vs_default is None else \
            f"{r.speedup_vs_default:.3f}x [{r.speedup_lo:.3f}, {r.speedup_hi:.3f}]" + (f" {r.verdict}" if r.verdict else "")
        applied = "" if r.applied is None else f"{r.applied}/{r.skinny_dispatches}"
        cache = r.cache_mode + (f" ({r.rotation_copies} copies)" if r.cache_mode == "cold" and r.rotation_copies
                                else "")
        status = r.status + (f": {r.error}" if r.error else "") + (f" ({r.note})" if r.note else "")
        lines.append(f"| {r.m_tokens} | {r.variant} | {cache} | {status} | {r.numerics} | {_fmt(r.max_abs_err, 3)} | "
                     f"{_fmt(r.tolerance, 3)} | {lat} | {sp} | {applied} |")
    if plot:
        lines += ["", f"![forward latency vs M]({plot.name})"]
    cov = sorted({r.interval_coverage for r in rows if r.interval_coverage is not None})
    cold = sorted({(r.rotation_copies, r.bytes_between_reuses) for r in rows
                   if r.cache_mode == "cold" and r.rotation_copies})
    lines += ["", f"Intervals: order-statistics interval of the median over the rounds (coverage "
              f"{', '.join(f'{c:.1%}' for c in cov) or 'n/a'}). `{eager}` is torch eager on the same inputs"
              + (", `torch-compile` torch.compile (inductor) of the same module" if any(
                  r.variant == "torch-compile" for r in rows) else "") + ". "
              "A speedup is a win/loss only when its 95% interval excludes 1 and the median is beyond "
              + rule_words(rows) + "; "
              "fewer than 6 rounds give no 95% interval: undetermined. Speedups compare rows of one cache mode.",
              "", "Cache modes: `hot`: one copy of the weights and inputs, re-used by every call. `cold`: "
              + ("; ".join(f"{c} copies rotated round-robin, {_fmt((b or 0) / 2**20)} MiB of other weights read "
                           "between two calls on one copy" for c, b in cold) if cold else "not timed")
              + " (at least 2x the device's cache where memory allows; otherwise the cold rows say why they "
              "were skipped).",
              "", "## Numerics", "", "Rule: " + fwd.FORWARD_RULE + ". Torch's float64 run of the same model and "
              "inputs sets each output's scale of rounding error; TOL_SAFETY as in run/numerics.py.", ""]
    lines += ["## Share of the forward in skinny GEMMs", ""] + share_lines(rows)
    lines += ["", "## Weights the proven dispatches read (COMPUTED)", ""] + weight_lines(result.dispatch_rows, default)
    lines += ["", "Per-dispatch proof: `dispatches.csv` (one row per dispatch and variant; `not-applied`: a "
              "tuned split or config that did not reach the compiled dispatch)."]
    atomic_write_text(out / "index.md", "\n".join(lines) + "\n")
    return out / "index.md"


def weight_lines(dispatch_rows, default: str) -> list[str]:
    """Per variant other than IREE's default, per M, the share of the weights its proven dispatches read, and its
    expert GEMMs (model/weights.py: COMPUTED from the GEMM shapes x calls, never measured)."""
    from . import weights  # noqa: PLC0415

    lines = []
    for v in dict.fromkeys(r.variant for r in dispatch_rows if r.variant != default):
        mine = [r for r in dispatch_rows if r.variant == v]
        lines += [f"- `{v}`: {line}" for line in [s.line() for s in weights.shares(mine)] + weights.expert_lines(mine)]
    return lines or ["No variant other than IREE's default was compiled."]


def share_lines(rows) -> list[str]:
    """The share section: per M and IREE variant, the skinny GEMM dispatches' share of the dispatch time of one
    forward run under IREE's HAL profiler (MEASURED: model/forward_rows.py, run/profile.py)."""
    shares = sorted({(r.m_tokens, r.variant, r.skinny_share) for r in rows if r.skinny_share is not None})
    if not shares:
        return ["Not measured: it takes a forward run on a device (`--device`) whose runtime answers IREE's "
                "profiler (run/profile.py); where it did not, the step's log says why."]
    return ["MEASURED by IREE's own dispatch statistics (`iree-benchmark-module --dispatch_statistics`: the "
            "forward benchmarked, then rerun under a lightweight profiling session, averaged over the profiled "
            "repetitions): the skinny GEMM dispatches' time over the time of all the forward's dispatches, inside "
            "the forward as it runs, warm. A share, not a latency. Per dispatch function: `dispatch_times.csv`.", "",
            "| M | variant | skinny GEMM share of the dispatch time |", "|---|---|---|"] + [
        f"| {m} | {v} | {s:.1%} |" for m, v, s in shares]
