"""summary.md of GPU evidence, rebuilt from tuning records alone (records/db.py), however many loans made them.

One section per SKU (the device's product name): no ratio ever divides a latency of one SKU by one of another,
so an H100 table and an H200 table stand side by side. Within a SKU, each cell takes the newest record of its
kind, shape, variant, cache and timing mode; every cell names its source, a letter that the section's source list
resolves to the date, the toolkit commit, where the records came from and whether they were imported from a
rewritten report. A ratio divides two cells of one loan only (:func:`loan`: one run of the evidence script over
its calls, or one imported report): two loans are two runs on a machine that drifts between them, so a row whose
cells come from two loans shows both latencies, says "across loans" where the ratio would be, and counts in no
geomean. Every latency is MEASURED (a record of basis modelled is never shown here); a % of HBM peak divides
a measured GB/s by a data-sheet peak.
"""

from __future__ import annotations

import json
import math
from typing import Callable, Iterable, Optional, Sequence

from .db import CALIBRATION, CANDIDATE, EXHAUSTIVE, FORWARD, MEASURED, SWEEP, WINNER, Record

SWEEP_VARIANTS = ("default", "tuned", "splitk", "torch")
ACROSS = "across loans"  # where a ratio of two cells of two loans would be: not compared
FORWARD_VARIANTS = ("default", "tuned", "torch-eager")


def us(x: Optional[float]) -> str:
    """A latency as the reports write it: 1 decimal below 1000 us, whole microseconds above."""
    return "-" if x is None else f"{x:.1f}" if x < 1000 else f"{x:.0f}"


def _geomean(xs: Sequence[float]) -> Optional[float]:
    xs = [x for x in xs if x and x > 0]
    return math.exp(sum(math.log(x) for x in xs) / len(xs)) if xs else None


def _detail(r: Optional[Record]) -> dict:
    try:
        return json.loads(r.detail) if r is not None and r.detail else {}
    except ValueError:
        return {}


def _shape_order(r: Record) -> tuple:
    return (r.dtype, r.name.split(".")[0] if "." in r.name else "", r.m, r.n, r.k, r.name)


class Sources:
    """The letters a section's cells cite: one per (day, commit, origin, provenance) of the records shown."""

    def __init__(self) -> None:
        self.tags: dict[tuple, str] = {}

    def tag(self, r: Record) -> str:
        src = (r.recorded_at[:10], r.toolkit_commit, r.origin, r.provenance.split(":")[0],
               r.provenance.partition("; superseded: ")[2])
        if src not in self.tags:
            self.tags[src] = chr(ord("a") + len(self.tags)) if len(self.tags) < 26 else f"s{len(self.tags)}"
        return self.tags[src]

    def cite(self, *records: Optional[Record]) -> str:
        return ", ".join(dict.fromkeys(self.tag(r) for r in records if r is not None)) or "-"

    def lines(self) -> list[str]:
        out = []
        for (day, commit, origin, prov, stale), tag in self.tags.items():
            how = ("imported from a rewritten report (its row checksums do not verify: evidence to read, not "
                   "state to resume)" if prov else "measured by the run that wrote it (row checksums verified)")
            how += f"; superseded: {stale} (the next loan measures it again)" if stale else ""
            out.append(f"- [{tag}] {day or 'undated'}, commit {commit or 'not recorded'}, {origin}: {how}")
        return out


def _identity(r: Record) -> tuple:
    return r.kind, r.key, r.name, r.variant, r.cache_mode, r.timing_mode


def loan(r: Optional[Record]) -> Optional[str]:
    """The run a record was measured in: ``gpu_evidence RUN`` for the evidence script (every call of one DIR, a call
    --restore'd on a fresh machine of the same loan too: benchmarks/evidence/NEXT_GPU.md restores only within a loan,
    so a DIR is one loan), else its origin (an imported report, a tune's folder): cells of two loans are never
    divided."""
    if r is None:
        return None
    return r.origin.split("/", 1)[0] if r.origin.startswith("gpu_evidence ") else r.origin


def newest(records: Iterable[Record], identity: Callable[[Record], tuple] = _identity) -> dict[tuple, Record]:
    """Per ``identity`` (kind, key, name, variant, cache mode, timing mode) the newest record (ties: the last read)."""
    out: dict[tuple, Record] = {}
    for r in records:
        k = identity(r)
        if k not in out or r.recorded_at >= out[k].recorded_at:
            out[k] = r
    return out


def _calibration(rs: list[Record], src: Sources) -> list[str]:
    rows = [r for r in rs if r.kind == CALIBRATION]
    if not rows:
        return ["(none recorded)"]
    out = ["| measured | comparison | threshold | false-win rate (held out) | min detectable effect | drift | "
           "timing mode | floor us | source |", "|---|---|---|---|---|---|---|---|---|"]
    for r in sorted(rows, key=lambda r: r.recorded_at):
        d = _detail(r)
        pct = lambda name: f"{float(d[name]) * 100:.2f}%" if d.get(name) not in (None, "", "nan") else "-"  # noqa: E731
        out.append(f"| {r.recorded_at[:16]} | {r.knobs} | {pct('threshold')} | "
                   f"{pct('false_win_rate_heldout') if 'false_win_rate_heldout' in d else pct('false_win_rate') + ' (in sample)'} | "
                   f"{pct('min_detectable_effect')} | {pct('drift')} | {r.timing_mode or '-'} | {us(r.floor_us)} | "
                   f"[{src.cite(r)}] |")
    return out


def _winners(rs: list[Record], src: Sources) -> list[str]:
    # a shape ships one winner, its newest tune's, whatever timing mode it raced in: the mode is not in its identity
    wins = newest((r for r in rs if r.kind == WINNER and r.basis == MEASURED),
                  identity=lambda r: (r.key, r.name, r.variant, r.cache_mode))
    if not wins:
        return ["(no measured winner recorded)"]
    defaults = {(r.origin, r.key): r for r in rs if r.kind == CANDIDATE and r.knobs.endswith("mma=default")}
    out = ["| shape | default us | tuned us | tuned vs default (paired) | verdict | tuned config | timing mode | "
           "floor us | source |", "|---|---|---|---|---|---|---|---|---|"]
    speedups: dict[int, list[float]] = {}
    for w in sorted(wins.values(), key=_shape_order):
        default = _detail(w).get("default_us_median")
        twin = defaults.get((w.origin, w.key))
        d = float(default) if default not in (None, "") else twin.latency_us if twin is not None else None
        kept = w.verdict == "default"
        if w.speedup_vs_default:
            speedups.setdefault(w.m, []).append(w.speedup_vs_default)
        out.append(f"| {w.name} | {us(d)} | {'IREE default' if kept else us(w.latency_us)} | "
                   f"{'-' if kept or not w.speedup_vs_default else f'{w.speedup_vs_default:.2f}x'} | {w.verdict} | "
                   f"{w.knobs} | {w.timing_mode or 'loop (not recorded)'} | {us(w.floor_us)} | [{src.cite(w)}] |")
    out += ["", "Geomean tuned vs IREE's default (a kept default counts 1.00x): " + "; ".join(
        f"M = {m} **{_geomean(xs):.2f}x** over {len(xs)} shape(s)" for m, xs in sorted(speedups.items()))
        + ". Each speedup is the tune's own paired race (cold), not a ratio of the two medians shown."]
    return out


def _sweeps(rs: list[Record], src: Sources) -> list[str]:
    cells = newest(r for r in rs if r.kind == SWEEP and r.cache_mode == "cold")
    if not cells:
        return ["(no sweep row recorded)"]
    shapes: dict[tuple[str, str], dict[str, Record]] = {}
    for (_, key, _, variant, _, mode), r in cells.items():
        shapes.setdefault((key, mode), {})[variant] = r
    out = ["| shape | timing mode | default us | tuned us | splitk us | torch us | tuned vs default | torch vs tuned | "
           "% HBM peak default / tuned / torch | floor us IREE / torch | source |", "|---|---|---|---|---|---|---|---|---|---|---|"]
    ups: dict[str, list[float]] = {}
    gaps: dict[str, list[float]] = {}
    for (key, mode), v in sorted(shapes.items(), key=lambda kv: (_shape_order(next(iter(kv[1].values()))), kv[0][1])):
        lat = {name: v[name].latency_us if name in v else None for name in SWEEP_VARIANTS}
        fp = {name: _detail(v.get(name)).get("kernel_fingerprint") for name in ("default", "tuned")}
        d, t, tc = lat["default"], lat["tuned"], lat["torch"]
        same = fp["tuned"] and fp["tuned"] == fp["default"]  # one kernel: 1.00x whatever loans timed it
        up = same or (d and t and loan(v["default"]) == loan(v["tuned"]))
        gap = t and tc and loan(v["tuned"]) == loan(v["torch"])
        if d and t and up:
            ups.setdefault(mode, []).append(1.0 if same else d / t)
        if gap:
            gaps.setdefault(mode, []).append(t / tc)
        ratio = lambda a, b, ok: (f"{a / b:.2f}x" if ok else ACROSS) if a and b else "-"  # noqa: E731
        pct = lambda name: f"{float(_detail(v[name])['pct_peak_bw']):.0f}%" if _detail(v.get(name)).get("pct_peak_bw") else "-"  # noqa: E731
        floor = lambda name: us(v[name].floor_us) if name in v else "-"  # noqa: E731
        name = next(iter(v.values())).name or key
        out.append(f"| {name} | {mode or '-'} | " + " | ".join(us(lat[n]) for n in SWEEP_VARIANTS)
                   + f" | {'same kernel' if same else ratio(d, t, up)} | "
                   f"{ratio(t, tc, gap)} | {pct('default')} / {pct('tuned')} / {pct('torch')} | "
                   f"{floor('default')} / {floor('torch')} | [{src.cite(*v.values())}] |")
    out.append("")
    for mode in sorted(set(ups) | set(gaps)) or [""]:
        g1, g2 = _geomean(ups.get(mode, [])), _geomean(gaps.get(mode, []))
        out.append(f"Geomean{f' ({mode} mode)' if mode else ''} over {len(ups.get(mode, []))} row(s): tuned vs IREE "
                   "default " + (f"**{g1:.2f}x**" if g1 else "-") + f"; tuned / torch (the vendor library) over "
                   f"{len(gaps.get(mode, []))}: " + (f"**{g2:.2f}x**" if g2 else "-") + ".")
    out += ["", "Cold medians (weights rotated past the caches), both sides of a ratio in one timing mode (none "
            "recorded: loop mode, how every latency before timing modes was taken) and one loan (a row whose two "
            f"cells two loans measured says {ACROSS!r} and counts in no geomean); a same-kernel tuned row counts "
            "1.00x; no floor subtracted."]
    return out


def _exhaustive(rs: list[Record], src: Sources) -> list[str]:
    rows = newest(r for r in rs if r.kind == EXHAUSTIVE)
    if not rows:
        return ["(none recorded)"]
    out = ["| shape | contenders (space) | rounds | race winner | exhaustive best | race winner / best [interval] | "
           "within 3% | source |", "|---|---|---|---|---|---|---|---|"]
    for r in sorted(rows.values(), key=_shape_order):
        d = _detail(r)
        ratio = (f"{d['race_winner_vs_best']} [{d.get('lo', '')}, {d.get('hi', '')}]" if d.get("race_winner_vs_best")
                 else "the same kernel")
        out.append(f"| {r.key} | {d.get('contenders', '')} ({d.get('space', '')}) | {d.get('rounds', '')} | {r.knobs} | "
                   f"{d.get('exhaustive_best', '')} | {ratio} | {r.verdict} | [{src.cite(r)}] |")
    return out


def _forward(rs: list[Record], src: Sources) -> list[str]:
    cells = newest(r for r in rs if r.kind == FORWARD)
    if not cells:
        return ["(none recorded)"]
    rows: dict[tuple, dict[str, Record]] = {}
    for (_, key, _, variant, cache, _), r in cells.items():
        rows.setdefault((r.name, r.m, cache), {})[variant] = r
    out = ["| layer | M | cache | default us | tuned us | torch eager us | tuned vs default | verdict | numerics | "
           "source |", "|---|---|---|---|---|---|---|---|---|---|"]
    for (layer, m, cache), v in sorted(rows.items(), key=lambda kv: (kv[0][0], kv[0][1], kv[0][2] != "hot")):
        t = v.get("tuned")
        numerics = sorted({_detail(r).get("numerics", "?") for r in v.values()})
        out.append(f"| {layer} | {m} | {cache} | " + " | ".join(us(v[n].latency_us if n in v else None)
                                                                  for n in FORWARD_VARIANTS)
                   + f" | {f'{t.speedup_vs_default:.2f}x' if t is not None and t.speedup_vs_default else '-'} | "
                   f"{t.verdict if t is not None else '-'} | {', '.join(numerics)} | [{src.cite(*v.values())}] |")
    out += ["", "Wall time per forward call (paired rounds); tuned vs default is the paired ratio with its verdict."]
    return out


def sku_section(rs: list[Record], sku: str) -> list[str]:
    src = Sources()
    body = []
    for title, part in (("Calibration (A/A)", _calibration), ("Tuned vs IREE's default: the tunes' winners", _winners),
                        ("Sweeps: default, tuned, split-K and the vendor library", _sweeps),
                        ("Race vs exhaustive", _exhaustive), ("The forward", _forward)):
        body += ["", f"### {sku}: {title}", ""] + part(rs, src)
    versions = sorted({r.compiler_version.split(" ")[0] for r in rs if r.compiler_version})
    return ([f"## {sku}", "", f"{len(rs)} records; compiler(s) {', '.join(versions) or 'not recorded'}; "
             f"driver(s) {', '.join(sorted({r.driver_version for r in rs if r.driver_version})) or 'not recorded'}. "
             "Sources:", ""] + src.lines() + body)


def summary_lines(records: Sequence[Record], title: str = "GPU evidence from the records") -> list[str]:
    """The whole summary: one section per SKU, measured records only."""
    measured = [r for r in records if r.basis == MEASURED]
    skus = sorted({r.sku for r in measured})
    out = [f"# {title}", "", "Built from the tuning records alone (records/summary.py): one section per SKU, never a "
           "ratio across two SKUs; every latency MEASURED on the SKU its section names; each cell's source letter "
           "gives its date and commit.", ""]
    for sku in skus:
        out += sku_section([r for r in measured if r.sku == sku], sku) + [""]
    if not skus:
        out.append("(no measured record)")
    return out
