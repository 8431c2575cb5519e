"""Coverage: where does VDMFMA get generated, by IREE's default or only with the toolkit's spec?

A coverage grid is a set of *cells* (dtype x shape case x M). Every cell is
compiled twice through the ordinary :class:`~iree_vdmfma.sweep.Sweep` (variants
``default`` and ``vdmfma``; same compile cache, same parallel driver, same
proof from configured IR and ISA) and classified from the two result rows:

* ``vdmfma-by-default``: the default row applied a VDMFMA ``mma_kind`` whose ISA
  has ``v_smfmac`` instructions and no spills;
* ``only-with-spec``: not by default, but the vdmfma row is ``ok`` with
  ``smfmac > 0``, ``mfma == 0`` and no spills (the reason says what the default did);
* ``not-reachable``: neither; the reason says why (matvec form at M=1, the
  compiler's first error line, spills, not applied, ...).

On RDNA targets (gfx11/gfx12) IREE 3.13 has no sparse intrinsic, so the ``vdmfma`` row is a
``skipped`` row and every cell is ``not-reachable`` by construction; the grid still compiles
IREE's default for every cell (dtypes: those with a WMMA) and coverage.md says what it chose
(WMMA kind and ``v_wmma`` count per cell in coverage.csv).

Spills and not-applied never count as success. The classes live in ``classes`` (imported
by the heat maps too); this module builds the grid, sweeps it and writes coverage.csv/.md/PNGs.

Grid size: a full cross of 5 dtypes x 32 M x 5 cases x 2 variants is 1600
compiles (~18 min on 2 cores at the measured ~0.7 s/compile), so the default grid is a *cross*: the base case
(K a multiple of 256) at every M of ``ms``; the edge cases (K % 256 == 128,
K % 128 != 0, N % 64 != 0, batch 4) only at ``edge_ms`` (M=8, where IREE's own
VDMFMA selector fires, and M=16, a tiled M > 8). ``full=True`` crosses all.
"""

from __future__ import annotations

import re
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Iterable, Optional, Sequence

from ..configs.catalog import IntrinsicUnavailableError, dense_intrinsic, has_vdmfma, vdmfma_intrinsic
from ..configs.scaled import scaled_intrinsic
from ..problems.problem import DTYPES, Problem
from ..problems.rows import ResultRow
from ..sweep.sweep import Sweep, SweepOptions
from .classes import (BY_DEFAULT, CLASSES, CSV_COLUMNS, NOT_IN_GRID, NOT_REACHABLE,  # noqa: F401
                               ONLY_WITH_SPEC, SIDE_COLUMNS, CoverageRow, classify, error_line, outcome, read_csv,
                               reason_tag, write_csv, side_fields)
from ..report.index import write_index
from ..util.io import atomic_write_text
from ..util.lists import parse_m  # noqa: F401  (the one --m grammar; coverage's API keeps the name)
from ..util.lock import locked_dir

VARIANTS = ("default", "vdmfma")
MX_VARIANT = "scaled"  # an MX dtype's forced kernel (the scaled MFMA) takes vdmfma's place


def spec_variant(dtype: str) -> str:
    """The variant whose row is a cell's 'with the spec' side: vdmfma, or scaled for an MX dtype."""
    return MX_VARIANT if DTYPES[dtype].is_mx else "vdmfma"


def variants_for(cells: Sequence["Cell"]) -> tuple[str, ...]:
    return VARIANTS + ((MX_VARIANT,) if any(DTYPES[c.dtype].is_mx for c in cells) else ())


@dataclass(frozen=True)
class ShapeCase:
    """One column of the matrix: N, K and batch (M and dtype vary)."""

    name: str  # short id, e.g. 'k256'
    n: int
    k: int
    batch: int = 1
    description: str = ""

    @property
    def label(self) -> str:
        b = f" B={self.batch}" if self.batch > 1 else ""
        return f"{self.name}: N={self.n} K={self.k}{b}"


# Modest N/K so each compile stays ~1 s. K=4224 is the "16000-style" case (a
# multiple of 128, not of 256) where IREE 3.13's default fails at M=8.
CASES: tuple[ShapeCase, ...] = (
    ShapeCase("k256", 2304, 4096, 1, "K a multiple of 256"),
    ShapeCase("k128", 2304, 4224, 1, "K a multiple of 128 but not of 256 (like 16000)"),
    ShapeCase("k-odd", 2304, 4100, 1, "K not a multiple of 128 (like 16010)"),
    ShapeCase("n-odd", 2280, 4096, 1, "N not a multiple of 64"),
    ShapeCase("batch4", 2304, 4096, 4, "batched, batch 4"),
)
BASE_CASE = CASES[0].name
DEFAULT_M = "1,4,5,8,9,16,24,32"
DEFAULT_EDGE_M = "8,16"


@dataclass(frozen=True)
class Cell:
    dtype: str
    case: ShapeCase
    m: int

    @property
    def problem(self) -> Problem:
        return Problem(m=self.m, n=self.case.n, k=self.case.k, batch=self.case.batch, dtype=self.dtype,
                       name=f"{self.dtype}-{self.case.name}-m{self.m}")


# ---------------------------------------------------------------------------- grid


def _intrinsic_for(arch: str, dtype: str):
    """The intrinsic a cell's dtype needs: VDMFMA, or on a target with none (RDNA) the dense WMMA; an MX
    dtype the target's scaled MFMA for its value type."""
    if dtype in DTYPES and DTYPES[dtype].is_mx:
        return scaled_intrinsic(arch, Problem(16, 16, DTYPES[dtype].scale_block, dtype=dtype))
    return vdmfma_intrinsic(arch, dtype) if has_vdmfma(arch) else dense_intrinsic(arch, dtype)


def default_dtypes(arch: str) -> list[str]:
    """Element types with a VDMFMA intrinsic for ``arch`` in the catalog (RDNA: with a WMMA; MX: a scaled
    MFMA), catalog order."""
    found = []
    for name in DTYPES:
        try:
            _intrinsic_for(arch, name)
        except IntrinsicUnavailableError:
            continue
        found.append(name)
    return found


def check_dtypes(arch: str, dtypes: Sequence[str]) -> list[str]:
    """Validate: every dtype must have a VDMFMA intrinsic on arch (RDNA: a WMMA; MX: a scaled MFMA), else a
    clear error."""
    for d in dtypes:
        _intrinsic_for(arch, d)  # raises IntrinsicUnavailableError / ValueError with the valid list
    return list(dtypes)


def no_sparse_note(rows: Sequence[CoverageRow], target: str) -> str:
    """On a target without sparse intrinsics (RDNA): why every cell is x, and what IREE's default chose."""
    seen: dict[str, int] = {}
    for r in rows:
        if r.default_status == "ok":
            what = (f"{r.default_mma_kind} (v_wmma in the ISA)" if r.default_wmma else r.default_mma_kind) \
                if r.default_mma_kind else "no MMA (e.g. the matvec form at M=1)"
        else:
            what = f"{r.default_status or 'not compiled'}"
        seen[what] = seen.get(what, 0) + 1
    kinds = "; ".join(f"{w}: {n} cell(s)" for w, n in seen.items())
    return (f"{target} has no sparse (VDMFMA) intrinsic in IREE 3.13's catalog (RDNA: WMMA only), so every "
            f"cell is not reachable by construction. IREE's default chose: {kinds}.")


def select_cases(names: Optional[Sequence[str]]) -> list[ShapeCase]:
    if not names:
        return list(CASES)
    by_name = {c.name: c for c in CASES}
    unknown = [n for n in names if n not in by_name]
    if unknown:
        raise ValueError(f"unknown case(s) {', '.join(unknown)}; valid: {', '.join(by_name)}")
    return [by_name[n] for n in names]


def grid(arch: str, dtypes: Optional[Sequence[str]] = None, ms: Sequence[int] = tuple(parse_m(DEFAULT_M)),
         edge_ms: Optional[Sequence[int]] = tuple(parse_m(DEFAULT_EDGE_M)),
         cases: Sequence[ShapeCase] = CASES, full: bool = False) -> list[Cell]:
    """The cells: the base case (first of ``cases``) at every M in ``ms``; the other
    cases at the M values of ``edge_ms`` that are also in ``ms`` (all of ``ms`` if
    ``full`` or ``edge_ms`` is None)."""
    dtypes = check_dtypes(arch, dtypes) if dtypes else default_dtypes(arch)
    ms = sorted(set(ms))
    edge = ms if full or edge_ms is None else [m for m in ms if m in set(edge_ms)]
    cells = []
    for d in dtypes:
        for i, case in enumerate(cases):
            block = DTYPES[d].scale_block
            if block and case.k % block:
                continue  # an MX dtype needs K a multiple of its block: not in the grid
            for m in (ms if i == 0 else edge):
                cells.append(Cell(d, case, m))
    return cells


def cells_from_problems(problems: Iterable[Problem], dtypes: Optional[Sequence[str]] = None,
                        ms: Optional[Sequence[int]] = None) -> list[Cell]:
    """Cells from a shape list: one per row; the case is its (N, K, batch), named by the user's name for the row
    where it has one (else 'nN-kK'). Optional filters."""
    cells, seen = [], set()
    for p in problems:
        if (dtypes and p.dtype not in dtypes) or (ms and p.m not in ms):
            continue
        name = (p.name if p.name and p.name != p.key else
                f"n{p.n}-k{p.k}" + (f"-b{p.batch}" if p.batch > 1 else ""))
        cell = Cell(p.dtype, ShapeCase(name, p.n, p.k, p.batch, "from shape list"), p.m)
        if cell not in seen:
            seen.add(cell)
            cells.append(cell)
    return cells


def coverage_rows(cells: Sequence[Cell], rows: Iterable[ResultRow], target: str) -> list[CoverageRow]:
    """Join cells with their sweep rows and classify each."""
    by = {(r.key, r.variant): r for r in rows if r.target == target and not r.cache_mode}
    out = []
    for c in cells:
        p = c.problem
        d, v = by.get((p.key, "default")), by.get((p.key, spec_variant(c.dtype)))
        cls, reason = classify(d, v)
        out.append(CoverageRow(**p.identity(), target=target, case=c.case.name, case_description=c.case.description,
                               cls=cls, reason=reason, **side_fields("default", d), **side_fields("vdmfma", v)))
    return out


# ---------------------------------------------------------------------------- markdown


def _md_escape(s: str) -> str:
    return s.replace("|", "\\|").replace("\n", " ")


def _short(reason: str) -> str:
    """A reason without per-cell detail (intended kind, instruction counts), for grouping."""
    reason = re.sub(r"; intended \w+", "", reason)
    return re.sub(r" \(smfmac=\d+ mfma=\d+\)", "", reason)


def _ms(ms) -> str:
    ms = sorted(set(ms))
    return f"M={ms[0]}" if len(ms) == 1 else "M " + ", ".join(map(str, ms))


def headline(rows: Sequence[CoverageRow], target: str, details: str = "in coverage.md") -> list[str]:
    """The result in two sentences: how many cells reach the kernel (VDMFMA; an MX dtype's scaled MFMA) by
    IREE's own selector and how many only with the toolkit's spec, what IREE's default did instead, and what
    is not reachable and why. Read off the classified rows (compiler output and ISA); nothing measured."""
    n = len(rows)
    by = {c: [r for r in rows if r.cls == c] for c in CLASSES}
    mx = [dt for dt in dict.fromkeys(r.dtype for r in rows) if DTYPES[dt].is_mx]
    kernel = ("the scaled MFMA" if len(mx) == len(set(r.dtype for r in rows)) else
              f"VDMFMA (for {', '.join(mx)}: the scaled MFMA)" if mx else "VDMFMA")
    if not has_vdmfma(target) and not mx:
        wmma = [r for r in rows if r.default_status == "ok" and (r.default_wmma or 0) > 0]
        rest: dict[str, list[CoverageRow]] = {}
        for r in rows:
            if r not in wmma:
                what = (r.default_mma_kind or "no MMA") if r.default_status == "ok" else (r.default_status or "none")
                rest.setdefault(what, []).append(r)
        others = "".join(f", {len(rs)} to {w} ({_ms(r.m for r in rs)})" for w, rs in rest.items())
        return [f"**On {target} no cell of {n} reaches VDMFMA: the target has no sparse intrinsic in IREE 3.13's "
                f"catalog, so every cell is not reachable by construction.** IREE's default compiled {len(wmma)} of "
                f"the {n} cells to WMMA (v_wmma in the ISA){others}; what it chose, cell by cell, {details}."]
    d, s, x = by[BY_DEFAULT], by[ONLY_WITH_SPEC], by[NOT_REACHABLE]
    first = f"**On {target}, {kernel} is generated (proved from the ISA, no spills) in {len(d) + len(s)} of {n} cells: "
    if d:
        dts = ", ".join(dict.fromkeys(r.dtype for r in d))
        first += (f"IREE's own selector reaches it in {len(d)} ({dts} at {_ms(r.m for r in d)}), the toolkit's spec "
                  f"alone in {len(s)} more.**")
    else:
        first += f"IREE's own selector reaches it in none; all {len(s)} only with the toolkit's spec.**"
    second = []
    if s:
        fails = [r for r in s if r.code == "S!"]
        none = [r for r in s if r.code == "S" and r.default_status == "ok" and not r.default_mma_kind]
        other = [r for r in s if r not in fails and r not in none]
        what = []
        if other:
            kinds = list(dict.fromkeys(r.default_mma_kind for r in other if r.default_mma_kind))
            eg = (f" ({len(kinds)} kinds, e.g. {kinds[0]})" if len(kinds) > 1 else f" ({kinds[0]})") if kinds else ""
            what.append(f"picked another MMA kind in {len(other)}{eg}")
        if none:
            what.append(f"used no MMA in {len(none)} ({_ms(r.m for r in none)})")
        if fails:
            err = _most([r.default_error for r in fails if r.default_error])
            what.append(f"failed to compile in {len(fails)}" + (f" ({_md_escape(err[:110])})" if err else ""))
        second.append("Where only the spec reaches it, IREE's default " + ", ".join(what) + ".")
    if x:
        why: dict[str, list[CoverageRow]] = {}
        for r in x:
            why.setdefault(_kind_of(_short(r.reason)), []).append(r)
        second.append("Not reachable: " + "; ".join(f"{w} in {len(rs)} cell(s) ({_ms(r.m for r in rs)})"
                                                    for w, rs in why.items()) + f"; every reason {details}.")
    else:
        second.append("No cell is out of reach.")
    return [first, " ".join(second)]


def _kind_of(reason: str) -> str:
    """A reason's lead, up to its first ':' outside parentheses ('compiler error (M=1: ...)' keeps its note)."""
    depth = 0
    for i, ch in enumerate(reason):
        depth += (ch == "(") - (ch == ")")
        if ch == ":" and depth == 0:
            return reason[:i]
    return reason


def _most(values: Sequence[str]) -> str:
    """The most frequent value (ties: the first seen), '' for none."""
    return max(dict.fromkeys(values), key=list(values).count, default="")


def markdown(rows: Sequence[CoverageRow], target: str, note: str = "") -> str:
    """The result first (``headline``), the matrix per dtype (cases x M) with codes, then every distinct reason."""
    lines = [f"# VDMFMA coverage on {target}", "", *headline(rows, target, "below"), ""]
    if note:
        lines += [note, ""]
    lines += ["Codes: **D** VDMFMA by IREE's default; **S** only with the toolkit's spec (default picked another "
              "kind); **S!** only with the spec, the default failed to compile; **x** not reachable (reason "
              "numbered below); `.` not in the grid. Every D/S cell is proved from the ISA: v_smfmac > 0, "
              "no spills (S: also no dense v_mfma).", ""]
    mx = [dt for dt in dict.fromkeys(r.dtype for r in rows) if DTYPES[dt].is_mx]
    if mx:
        lines += [f"For {', '.join(mx)} (block-scaled) the kernel asked about is the scaled MFMA instead: D/S mean "
                  f"`v_mfma_scale_f32` > 0 in the ISA, no spills, by default / only with variant `{MX_VARIANT}` "
                  f"(coverage.csv's vdmfma_* columns hold that variant's row).", ""]
    counts = {c: sum(r.cls == c for r in rows) for c in CLASSES}
    lines += ["| dtype | " + " | ".join(CLASSES) + " |", "|---|" + "---|" * len(CLASSES)]
    for dt in dict.fromkeys(r.dtype for r in rows):
        sub = [r for r in rows if r.dtype == dt]
        lines.append(f"| {dt} | " + " | ".join(str(sum(r.cls == c for r in sub)) for c in CLASSES) + " |")
    lines.append("| **all** | " + " | ".join(str(counts[c]) for c in CLASSES) + " |")
    lines.append("")
    reasons: dict[str, int] = {}
    for dt in dict.fromkeys(r.dtype for r in rows):
        sub = [r for r in rows if r.dtype == dt]
        ms = sorted({r.m for r in sub})
        cases = list(dict.fromkeys(r.case for r in sub))
        cell = {(r.case, r.m): r for r in sub}
        lines += [f"## {dt}", "", "| case \\ M | " + " | ".join(str(m) for m in ms) + " |",
                  "|---|" + "---|" * len(ms)]
        for case in cases:
            desc = next(r for r in sub if r.case == case)
            b = f" B={desc.batch}" if desc.batch > 1 else ""
            out = []
            for m in ms:
                r = cell.get((case, m))
                if r is None:
                    out.append(".")
                elif r.cls == NOT_REACHABLE:
                    out.append(f"x{reasons.setdefault(_short(r.reason), len(reasons) + 1)}")
                else:
                    out.append(r.code)
            lines.append(f"| {case} (N={desc.n} K={desc.k}{b}) | " + " | ".join(out) + " |")
        lines.append("")
    if reasons:
        lines += ["## Why not reachable", ""]
        lines += [f"{i}. {_md_escape(r)}" for r, i in reasons.items()]
        lines.append("")
    defaults = {}
    for r in rows:
        if r.cls == ONLY_WITH_SPEC:
            defaults.setdefault(_short(r.reason), []).append(f"{r.dtype}/{r.case}/M{r.m}")
    if defaults:
        lines += ["## What the default did where only the spec reaches VDMFMA", ""]
        for reason, where in defaults.items():
            shown = ", ".join(where[:6]) + (f" (+{len(where) - 6} more)" if len(where) > 6 else "")
            lines.append(f"- {_md_escape(reason)}: {shown}")
        lines.append("")
    lines += ["Evidence per cell (mma_kind, smfmac/mfma, VGPRs, spills, error line, artifacts) is in coverage.csv.", ""]
    return "\n".join(lines)


# ---------------------------------------------------------------------------- running


@dataclass
class CoverageResult:
    rows: list[CoverageRow]
    sweep_rows: list[ResultRow]
    wall_s: float
    compiles: int  # jobs run this time (not cached, not resumed)
    cached: int  # of those, served from the compile cache
    files: list[Path] = field(default_factory=list)


def sweep_options(options: SweepOptions, cells: Sequence[Cell] = ()) -> SweepOptions:
    """The options with exactly the coverage variants of ``cells`` (MX cells add ``scaled``); a coverage
    directory accumulates grids (append)."""
    return SweepOptions(**{**vars(options), "variants": variants_for(cells), "append": True})


def run(cells: Sequence[Cell], options: SweepOptions, sweep: Optional[Sweep] = None,
        plots: bool = True) -> CoverageResult:
    """Compile every cell under default and vdmfma (via Sweep), classify, write outputs to options.out_dir.

    ``sweep``: a prepared Sweep over ``problems(cells)`` (e.g. with a progress hook);
    built here when None.
    """
    options = sweep_options(options, cells)
    if not cells:
        raise ValueError("the coverage grid is empty")
    target = options.target
    t0 = time.monotonic()
    sw = sweep or Sweep(problems(cells), options)
    todo = sw.pending()
    all_rows = sw.run()
    wall = time.monotonic() - t0
    keys = {(j.problem.key, j.variant.name) for j in todo}
    fresh = [r for r in all_rows if (r.key, r.variant) in keys]
    rows = coverage_rows(cells, all_rows, target)
    out = Path(options.out_dir)
    note = (f"{len(cells)} cells x {len(options.variants)} variants; this run: {len(todo)} jobs "
            f"({sum(bool(r.cached) for r in fresh)} from the compile cache) in {wall:.0f} s wall.")
    if not has_vdmfma(target):
        note += "\n\n" + no_sparse_note(rows, target)
    with locked_dir(out):  # the cells join the row store as results.csv does: under OUT's lock
        files = [write_csv(rows, out / "coverage.csv")]
    atomic_write_text(out / "coverage.md", markdown(rows, target, note))
    files.append(out / "coverage.md")
    if plots:
        from .plots import heatmaps  # noqa: PLC0415  (matplotlib only when plotting)

        files += heatmaps(rows, out, target)
    files.append(write_index(
        out, f"VDMFMA coverage on {target}: default vs vdmfma over {len(cells)} cells",
        f"Nothing was measured: each cell was compiled for {target} under `default` and `vdmfma` with iree-compile "
        f"on this machine and classified from the configured IR and the ISA (v_smfmac / v_mfma counts, spills).",
        "Nothing was modelled either: the classes are read off the compiler's output, and a class says what the "
        "compiler generated, not how fast it runs.", lead=["## Result", "", *headline(rows, target), ""]))
    return CoverageResult(rows, all_rows, wall, len(todo), sum(bool(r.cached) for r in fresh), files)


def problems(cells: Sequence[Cell]) -> list[Problem]:
    """Distinct problems of the cells (cells with the same shape share compiles)."""
    seen: dict[str, Problem] = {}
    for c in cells:
        seen.setdefault(c.problem.key, c.problem)
    return list(seen.values())


def coverage(target: str = "gfx942", out_dir: Path | str = "out/coverage", dtypes: Optional[Sequence[str]] = None,
             ms: Sequence[int] = tuple(parse_m(DEFAULT_M)),
             edge_ms: Optional[Sequence[int]] = tuple(parse_m(DEFAULT_EDGE_M)), cases: Sequence[ShapeCase] = CASES, full: bool = False, **sweep_kwargs) -> CoverageResult:
    """Library entry point: build the grid, compile, classify, write coverage.csv/.md/PNGs into out_dir."""
    cells = grid(target, dtypes, ms, edge_ms, cases, full)
    return run(cells, SweepOptions(target=target, out_dir=Path(out_dir), **sweep_kwargs))
