"""The row store (problems/rows.py): one Provenance declaration, one checksum policy per schema, and the
coverage cells kept in the same checked store as results and tune candidates. Cheap: rows are written
directly, nothing compiles."""

from __future__ import annotations

from dataclasses import fields
from pathlib import Path

from iree_vdmfma.model.forward_rows import ModelRow
from iree_vdmfma.problems.rows import (COLUMNS, PROVENANCE_COLUMNS, Provenance, ResultRow, read_results, row_for,
                                       write_rows)
from iree_vdmfma.problems.problem import Problem
from iree_vdmfma.run.provenance import provenance
from iree_vdmfma.tune.state import CandidateRow, WinnerRow, read_checked_table

REPO = Path(__file__).resolve().parents[1]
MEASURED_ROWS = (ResultRow, CandidateRow, WinnerRow, ModelRow)


def test_provenance_columns_are_declared_once_and_carried_by_every_measured_row_schema():
    for cls in MEASURED_ROWS:
        assert issubclass(cls, Provenance), cls
        names = [f.name for f in fields(cls)]
        ordered = [c for c in names if c in PROVENANCE_COLUMNS]
        if cls in (CandidateRow, WinnerRow):  # compiler_version keeps its place in the key
            ordered.remove("compiler_version")
            ordered.insert(PROVENANCE_COLUMNS.index("compiler_version"), "compiler_version")
        assert ordered == list(PROVENANCE_COLUMNS), cls
        # no schema re-declares a provenance column (a tune row keeps compiler_version in its key)
        for base in cls.__mro__:
            if base is Provenance:
                continue
            again = set(vars(base).get("__annotations__", {})) & set(PROVENANCE_COLUMNS)
            assert again <= ({"compiler_version"} if cls in (CandidateRow, WinnerRow) else set()), (base, again)


def test_provenance_filled_by_run_provenance_lands_in_a_results_row_and_reads_back_verified(tmp_path):
    prov = provenance("local-task", compiler_version="3.13-test")
    assert isinstance(prov, Provenance) and prov.device_arch.startswith("host") and prov.measured_at
    row = row_for(Problem(4, 256, 512, dtype="f16"), "host", "default", "ok", cache_mode="hot", **prov.columns())
    write_rows([row], tmp_path / "results.csv")
    table = read_results(tmp_path / "results.csv")
    assert table.rows == [row] and not table.damaged and table.unverified == 0
    assert table.rows[0].columns() == prov.columns()


def test_tables_written_before_the_provenance_dataclass_still_verify_column_for_column():
    """The committed reports were written with the hand-declared provenance columns: same names, the
    schema's order, every checksum still matches."""
    results = sorted((REPO / "reports").glob("*/results.csv"))
    assert results
    for path in results:
        header = path.read_text().splitlines()[0].split(",")
        # older schemas: columns were only ever added, so the file's columns keep the schema's order
        assert [c for c in COLUMNS if c in header] == [c for c in header if c != "checksum"], path
        table = read_results(path)
        assert table.rows and not table.damaged, (path, table.damaged[:3])
    for name, cls in (("candidates.csv", CandidateRow), ("winners.csv", WinnerRow)):
        path = REPO / "reports" / "tune-h100" / name
        header = path.read_text().splitlines()[0].split(",")  # an older, shorter schema, read by name
        assert set(header) <= {f.name for f in fields(cls)} | {"key"}, path
        table = read_checked_table(path, cls)
        assert table.rows and not table.damaged, (path, table.damaged[:3])


def _blank_checksum(path: Path, line: int) -> None:
    lines = path.read_text().splitlines()
    lines[line] = lines[line].rsplit(",", 1)[0] + ","
    path.write_text("\n".join(lines) + "\n")


def test_each_schema_declares_whether_a_row_without_a_checksum_is_accepted_unverified_or_damaged(tmp_path):
    """results.csv accepts a row another tool appended without a checksum (counted unverified); the tuner's
    own tables, which only vdmfma writes, call the same row damaged. Declared on the schema, not by class."""
    assert ResultRow.foreign_rows_accepted and "foreign_rows_accepted" not in COLUMNS
    assert not CandidateRow.foreign_rows_accepted and not WinnerRow.foreign_rows_accepted
    p = Problem(4, 256, 512, dtype="f16")
    write_rows([row_for(p, "host", "default", "ok"), row_for(p, "host", "vdmfma", "ok")], tmp_path / "results.csv")
    _blank_checksum(tmp_path / "results.csv", 2)
    table = read_results(tmp_path / "results.csv")
    assert len(table.rows) == 2 and not table.damaged and table.unverified == 1

    from iree_vdmfma.tune.state import write_table  # noqa: PLC0415

    cands = [CandidateRow(**p.identity(), target="host", candidate=c, status="pending") for c in ("split=1", "split=2")]
    write_table(cands, tmp_path / "candidates.csv", CandidateRow)
    _blank_checksum(tmp_path / "candidates.csv", 2)
    table = read_checked_table(tmp_path / "candidates.csv", CandidateRow)
    assert table.rows == cands[:1] and table.damaged == ["line 3: no checksum (edited or cut off)"]


def _tamper(path: Path) -> None:
    """Edit one value of the first row by hand, and cut the file off in the middle of its last row."""
    lines = path.read_text().splitlines()
    lines[1] = lines[1].replace(",f16,", ",bf16,", 1)
    lines[-1] = lines[-1][:len(lines[-1]) // 2]
    path.write_text("\n".join(lines))


def test_a_tampered_coverage_cells_file_is_reported_damaged_the_same_way_as_results_csv(tmp_path):
    from iree_vdmfma.coverage.classes import CSV_COLUMNS, ONLY_WITH_SPEC, read_cells, write_csv  # noqa: PLC0415
    from iree_vdmfma.coverage.grid import CASES, Cell, coverage_rows  # noqa: PLC0415

    cells = [Cell("f16", CASES[0], m) for m in (4, 8, 16)]
    results = []
    for c in cells:
        results += [row_for(c.problem, "gfx942", "default", "ok", mma_kind="MFMA_F32_16x16x16_F16", mfma=8, smfmac=0,
                            spills=0),
                    row_for(c.problem, "gfx942", "vdmfma", "ok", mma_kind="VDMFMA_F32_8x16x64x2_F16", mfma=0,
                            smfmac=32, spills=0, intended_mma_kind="VDMFMA_F32_8x16x64x2_F16")]
    rows = coverage_rows(cells, results, "gfx942")
    assert [r.cls for r in rows] == [ONLY_WITH_SPEC] * 3 and rows[0].vdmfma_smfmac == 32
    write_csv(rows, tmp_path / "coverage.csv")
    write_rows(results, tmp_path / "results.csv")
    assert (tmp_path / "coverage.csv").read_text().splitlines()[0].split(",") == CSV_COLUMNS
    table = read_cells(tmp_path / "coverage.csv")
    assert table.rows == rows and not table.damaged and table.unverified == 0

    for path in (tmp_path / "coverage.csv", tmp_path / "results.csv"):
        _tamper(path)
    cov, res = read_cells(tmp_path / "coverage.csv"), read_results(tmp_path / "results.csv")
    assert cov.damaged == [f"line 2: {CHECKSUM_MISMATCH}", "line 4: wrong number of cells (cut off?)"]
    assert res.damaged == [f"line 2: {CHECKSUM_MISMATCH}", f"line {len(results) + 1}: wrong number of cells (cut off?)"]
    assert cov.rows == rows[1:2] and len(res.rows) == len(results) - 2

    old = read_cells(REPO / "reports" / "coverage-gfx942" / "coverage.csv")  # written before the store: no checksum
    assert old.rows and not old.damaged and old.unverified == len(old.rows)


CHECKSUM_MISMATCH = "checksum does not match its values (edited or cut off)"


def _status_definitions(path: Path) -> list[str]:
    """'line: name' for every module-level name bound to a Status member, its value, or a set made of them."""
    import ast  # noqa: PLC0415

    from iree_vdmfma.problems import rows  # noqa: PLC0415

    sets = {name for name, v in vars(rows).items()  # rows.py's sets of statuses: EXCLUDED, FAILED, ...
            if isinstance(v, (set, frozenset)) and v and all(isinstance(x, rows.Status) for x in v)}

    def names_status(node: ast.AST) -> bool:
        return any(isinstance(n, ast.Name) and (n.id == "Status" or n.id in sets) for n in ast.walk(node))

    found = []
    for node in ast.parse(path.read_text()).body:
        if isinstance(node, ast.Assign) and names_status(node.value):
            found += [f"{node.lineno}: {ast.unparse(t)}" for t in node.targets]
    return found


def test_statuses_and_their_sets_are_defined_only_in_rows_py(tmp_path):
    """Every status, and every set of them, has one home (problems/rows.py); nobody re-aliases them."""
    pkg = REPO / "iree_vdmfma"
    bad = [f"{f.relative_to(REPO)}:{what}" for f in sorted(pkg.rglob("*.py"))
           if f != pkg / "problems" / "rows.py" for what in _status_definitions(f)]
    assert not bad, "statuses defined outside problems/rows.py (import them from there):\n" + "\n".join(bad)
    probe = tmp_path / "m.py"
    probe.write_text("A, B = Status.OK.value, Status.SKIPPED.value\nC = {str(s) for s in EXCLUDED}\nD = 'ok'\n")
    assert _status_definitions(probe) == ["1: (A, B)", "2: C"]
