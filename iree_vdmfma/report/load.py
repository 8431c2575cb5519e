"""Loading results for reports: results.csv files (or rows, or a DataFrame) into one normalised table.

Every column of the result-row schema (``problems.rows``) is present, numbers as floats, text as
strings, plus ``source`` (the file a row came from). Nothing is computed here beyond the problem
key of rows that lack one.
"""

from __future__ import annotations

import dataclasses
from pathlib import Path
from typing import Sequence, Union

import numpy as np
import pandas as pd

from ..problems.rows import COLUMNS, STATIC_FIELDS, ResultRow, read_results, shape_key

ResultsInput = Union[pd.DataFrame, Path, str, Sequence[Union[Path, str]], Sequence[ResultRow]]

_FIELD_TYPES = {f.name: f.type for f in dataclasses.fields(ResultRow)}

_NUMERIC = [c for c, t in _FIELD_TYPES.items() if t in ("int", "Optional[int]", "Optional[float]")]

_TEXT = [c for c, t in _FIELD_TYPES.items() if t == "str"]



def _normalise(df: pd.DataFrame) -> pd.DataFrame:
    df = df.copy()
    for c in COLUMNS:
        if c not in df.columns:
            df[c] = "" if c in _TEXT else np.nan
    for c in _NUMERIC:
        df[c] = pd.to_numeric(df[c], errors="coerce").astype(float)
    for c in _TEXT + ["source"]:
        if c not in df.columns:
            df[c] = ""
        df[c] = df[c].fillna("").astype(str)
    df["batch"] = df["batch"].fillna(1)
    missing = df["key"] == ""
    if missing.any():
        df.loc[missing, "key"] = [
            shape_key(r.m, r.n, r.k, r.batch, r.dtype) for r in df.loc[missing].itertuples()
        ]
    df.loc[df["name"] == "", "name"] = df.loc[df["name"] == "", "key"]
    return df.reset_index(drop=True)


def load_results(results: ResultsInput) -> tuple[pd.DataFrame, list[str]]:
    """Read results into one normalised DataFrame (``COLUMNS`` + ``source``).

    Accepts a DataFrame, one path, several paths, or ResultRow values. When several files hold
    the same row key (key, target, variant, cache_mode) the later file wins; the returned notes
    say how many rows were replaced.
    """
    notes: list[str] = []
    if isinstance(results, pd.DataFrame):
        df = results.copy()
        if "source" not in df.columns:
            df["source"] = "<DataFrame>"
    else:
        items = [results] if isinstance(results, (str, Path)) else list(results)
        frames = []
        if items and all(isinstance(i, ResultRow) for i in items):
            frames.append(pd.DataFrame([dataclasses.asdict(r) for r in items], columns=COLUMNS).assign(source="<rows>"))
        else:
            for p in items:
                p = Path(p)
                if not p.is_file():
                    raise FileNotFoundError(f"results file not found: {p}")
                results = read_results(p)  # ValueError naming the file if it is not a results file
                rows = results.rows
                if results.damaged:
                    notes.append(f"{p}: {len(results.damaged)} damaged row(s) left out (cut off or edited; "
                                 f"first: {results.damaged[0]}).")
                if results.unverified:
                    notes.append(f"{p}: {results.unverified} row(s) without a checksum (written by pandas or another "
                                 f"tool) were read but not verified.")
                frames.append(pd.DataFrame([vars(r) for r in rows], columns=COLUMNS).assign(source=str(p)))
        df = pd.concat(frames, ignore_index=True) if frames else pd.DataFrame(columns=COLUMNS + ["source"])
    df = _normalise(df)
    ident = ["key", "target", "variant", "cache_mode"]
    dup = df.duplicated(ident, keep="last")
    if dup.any():
        notes.append(f"{int(dup.sum())} row(s) appeared more than once (same key, target, variant, cache_mode); "
                     f"the last one read was kept.")
        df = df[~dup].reset_index(drop=True)
    return df, notes


def no_rows(results: ResultsInput, notes: Sequence[str]) -> str:
    """Why ``results`` gave no row, naming it: what reading it noted (every row damaged), else 'in FILE'."""
    if notes:
        return ": " + " ".join(notes)
    if isinstance(results, (str, Path)):
        return f" in {results}"
    if isinstance(results, pd.DataFrame) or not all(isinstance(i, (str, Path)) for i in results):
        return ""
    return f" in {', '.join(map(str, results))}"


def fold_compile_rows(df: pd.DataFrame, notes: list[str]) -> pd.DataFrame:
    """In a measured report, a compile-only row ('' cache_mode) whose (key, target, variant) also has
    hot/cold rows is folded into them: its static fields fill the run rows' empty ones, and it is
    not reported separately (the report notes how many). Compile-only rows without run rows stay."""
    ident = ["key", "target", "variant"]
    run_ids = set(map(tuple, df.loc[df["cache_mode"] != "", ident].to_numpy()))
    is_compile = df["cache_mode"] == ""
    fold = is_compile & pd.Series([tuple(x) in run_ids for x in df[ident].to_numpy()], index=df.index)
    if not fold.any():
        return df
    src = df[fold].set_index(ident)
    out = df[~fold].copy()
    for i in out.index[out["cache_mode"] != ""]:
        k = tuple(out.loc[i, ident])
        if k not in src.index:
            continue
        for c in STATIC_FIELDS:
            v = out.at[i, c]
            if v == "" or (not isinstance(v, str) and pd.isna(v)):
                out.at[i, c] = src.at[k, c]
    notes.append(f"{int(fold.sum())} compile-only row(s) have measured hot/cold rows for the same key, target "
                 f"and variant; their static fields are shown with those rows.")
    return out.reset_index(drop=True)
