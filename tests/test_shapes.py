"""Shape lists: generated valid lists round-trip; every generated bad cell is located to its line and field;
and no input error reaches the user as a traceback. No compiles here except one real CLI start-up."""

from __future__ import annotations

import csv
import io
import subprocess
import tempfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, assume, given, settings, strategies as st
from typer.testing import CliRunner

from iree_vdmfma.cli import app
from iree_vdmfma.problems.problem import DTYPES, MAX_DIM, Problem
from iree_vdmfma.problems.shapes import ShapeListError, load_shape_list, parse_shape_list, write_shape_list

FIELDS = ("m", "n", "k", "batch", "dtype", "name")
SETTINGS = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def _fits(p: Problem) -> bool:
    """Every operand's bytes fit the compiler's signed 64-bit index (what the parser enforces)."""
    e, acc = DTYPES[p.dtype].bytes, DTYPES[p.dtype].acc_numpy.itemsize
    return max(p.batch * p.m * p.k * e, p.batch * p.n * p.k * e, p.batch * p.m * p.n * acc) <= 2**63 - 1


dims = st.one_of(st.integers(1, 64), st.integers(1, 1 << 20), st.just(MAX_DIM))
# Names a user could write: printable, no surrounding blanks; commas, quotes and '#' included on purpose,
# but not a leading '#': a line that starts with '#' is a comment by the format (name may be the first column).
names = st.text(st.characters(min_codepoint=32, max_codepoint=0x2FF, blacklist_characters="\x7f"),
                min_size=1, max_size=16).filter(lambda s: s == s.strip() and s.isprintable() and not s.startswith("#"))


@st.composite
def problems(draw) -> Problem:
    dtype, k = draw(st.sampled_from(sorted(DTYPES))), draw(dims)
    block = DTYPES[dtype].scale_block
    if block:  # an MX dtype has one scale per block along K
        k = max(block, k - k % block)
    p = Problem(m=draw(dims), n=draw(dims), k=k, batch=draw(st.sampled_from([1, 1, 2, 4])),
                dtype=dtype, name=draw(st.one_of(st.just(""), names)))
    assume(_fits(p))
    return p


def unique(ps: list[Problem]) -> bool:
    return len({p.key for p in ps}) == len(ps) and len({p.name for p in ps}) == len(ps)


shape_lists = st.lists(problems(), min_size=1, max_size=8).filter(unique)


@SETTINGS
@given(shape_lists)
def test_generated_lists_round_trip_through_write_and_load(ps):
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "list.csv"
        write_shape_list(ps, path)
        assert load_shape_list(path) == ps


def _csv_line(cells: list[str], pad: bool = False) -> str:
    buf = io.StringIO()
    csv.writer(buf, lineterminator="").writerow(cells)
    if not pad or '"' in buf.getvalue():
        return buf.getvalue()
    return "  " + " , ".join(cells) + "  "


def _render(ps: list[Problem], order: list[str], style: dict) -> tuple[str, list[int]]:
    """A hand-written-looking file: comments, blank lines, padding, CRLF, BOM, odd dtype case.

    Returns the text and the physical (1-based) line number of each problem's row.
    """
    def cells(p: Problem) -> list[str]:
        values = {"m": p.m, "n": p.n, "k": p.k, "batch": p.batch, "dtype": p.dtype, "name": p.name}
        if style["case"]:
            values["dtype"] = p.dtype.upper()
        return [str(values[f]) for f in order]

    trailing = "," if style["trailing"] else ""
    out, numbers = (["# generated list", ""] if style["comments"] else []), []
    out.append(_csv_line(order, style["pad"]) + trailing)
    for p in ps:
        if style["comments"]:
            out += ["", "# a comment"]
        out.append(_csv_line(cells(p), style["pad"]) + trailing)
        numbers.append(len(out))
    newline = "\r\n" if style["crlf"] else "\n"
    return ("\ufeff" if style["bom"] else "") + newline.join(out) + newline, numbers


def _replace_cell(text: str, line: int, column: int, value: str) -> str:
    lines = text.split("\n")
    cells = [c.strip() for c in next(csv.reader([lines[line - 1].rstrip("\r")]))]
    cells[column] = value
    lines[line - 1] = _csv_line(cells)
    return "\n".join(lines)


styles = st.fixed_dictionaries({k: st.booleans() for k in ("comments", "pad", "crlf", "bom", "case", "trailing")})


@SETTINGS
@given(shape_lists, st.permutations(FIELDS), styles)
def test_hand_written_forms_parse_to_the_same_problems(ps, order, style):
    text, _ = _render(ps, list(order), style)
    assert parse_shape_list(text, "hand.csv") == ps


BAD_DIMS = st.one_of(st.just(""), st.just("0"), st.integers(-10**6, -1).map(str), st.just("1.5"), st.just("1e3"),
                     st.just("x"), st.just("8 8"), st.just("0x10"), st.integers(MAX_DIM + 1, 10**30).map(str),
                     st.text(st.sampled_from("abc-_."), min_size=1, max_size=4))
BAD_DTYPES = st.one_of(st.sampled_from(["f32", "fp16", "float16", "f8", "int8", "f8E4M3", "bf 16"]),
                       st.text(st.characters(min_codepoint=97, max_codepoint=122), min_size=1, max_size=6)
                       .filter(lambda s: s.lower() not in {d.lower() for d in DTYPES}))


@SETTINGS
@given(shape_lists, st.permutations(FIELDS), styles, st.data())
def test_a_bad_cell_names_its_file_line_and_field(ps, order, style, data):
    order, style = list(order), {**style, "case": False}
    text, numbers = _render(ps, order, style)
    fields = ["m", "n", "k", "batch", "dtype"] + (["name"] if len(ps) > 1 else [])
    field = data.draw(st.sampled_from(fields), label="field")
    if field == "name":  # a later row repeats an earlier row's name
        first, row = sorted(data.draw(st.lists(st.integers(0, len(ps) - 1), min_size=2, max_size=2, unique=True)))
        bad = ps[first].name
    else:
        row = data.draw(st.integers(0, len(ps) - 1), label="row")
        bad = data.draw(BAD_DTYPES if field == "dtype" else BAD_DIMS, label="bad")
        if field == "batch" and bad == "":
            bad = "0"  # an empty batch means 1: not an error
    broken = _replace_cell(text, numbers[row], order.index(field), bad)
    with pytest.raises(ShapeListError) as info:
        parse_shape_list(broken, "lists/bad.csv")
    e = info.value
    assert (e.line, e.field) == (numbers[row], field), str(e)
    assert str(e).startswith(f"lists/bad.csv:{numbers[row]}: field '{field}': ")


@SETTINGS
@given(shape_lists, st.data())
def test_a_row_with_too_few_or_too_many_fields_names_its_line(ps, data):
    text, numbers = _render(ps, list(FIELDS), {k: False for k in ("comments", "pad", "crlf", "bom", "case",
                                                                   "trailing")})
    lines = text.split("\n")
    row = data.draw(st.integers(0, len(ps) - 1))
    cells = next(csv.reader([lines[numbers[row] - 1]]))
    if data.draw(st.booleans(), label="too few"):
        keep = data.draw(st.integers(1, len(cells) - 1))
        cells, field = cells[:keep], FIELDS[keep]
    else:
        cells, field = cells + data.draw(st.lists(st.sampled_from(["1", "x", "f16"]), min_size=1, max_size=3)), None
    lines[numbers[row] - 1] = _csv_line(cells)
    with pytest.raises(ShapeListError) as info:
        parse_shape_list("\n".join(lines), "x.csv")
    assert (info.value.line, info.value.field) == (numbers[row], field), str(info.value)


@pytest.mark.parametrize("text,line,field,words", [
    ("", None, None, "empty"),
    ("# only a comment\n\n   \n", None, None, "empty"),
    ("name,m,n,k\n# nothing else\n", None, None, "header but no rows"),
    ("\ufeffm,n,k\n", None, None, "header but no rows"),
    ("m,n\n8,256\n", 1, "k", "required column missing"),
    ("m,n,k,flavour\n8,256,1024,x\n", 1, "flavour", "unknown column"),
    ("m,n,k,m\n8,256,1024,8\n", 1, "m", "more than once"),
    ("8,256,1024\n", 1, "8", "must be the header"),
    ("m,n,k\n8,256,1024\n\n8,256,1024\n", 4, None, "duplicate shape"),
    ("name,m,n,k\na,8,256,1024\na,8,256,2048\n", 3, "name", "duplicate name"),
    ("m,n,k\n8,256,1024 # inline comment\n", 2, "k", "not an integer"),
    ('name,m,n,k\n"unclosed,8,256,1024\n', 2, None, "not a valid CSV line"),
    ("m,n,k,batch\n2147483647,2147483647,2147483647,4\n", 2, "m", "64-bit index"),
    ("m,n,k,dtype\n8,256,1024,f32\n", 2, "dtype", "valid: f16, bf16"),
    ("m,n,k,dtype\n8,256,1024,mxfp4\n8,256,1040,mxfp4\n", 3, "k", "one scale per 32"),
])
def test_specific_errors(text, line, field, words):
    with pytest.raises(ShapeListError) as info:
        parse_shape_list(text, "s.csv")
    assert (info.value.line, info.value.field) == (line, field), str(info.value)
    assert words in str(info.value) and str(info.value).startswith("s.csv")


def test_tolerated_forms():
    text = "\ufeff # list\r\n Name , M , N , K , DType ,\r\n\r\n  a , 8 , 256 , 1024 , BF16 ,\r\n\"b,c\",+8,256,2048,,\r\n"
    assert parse_shape_list(text) == [Problem(8, 256, 1024, dtype="bf16", name="a"),
                                      Problem(8, 256, 2048, name="b,c")]


def test_load_errors_name_the_file(tmp_path):
    with pytest.raises(ShapeListError, match="missing.csv: cannot read"):
        load_shape_list(tmp_path / "missing.csv")
    with pytest.raises(ShapeListError, match="a folder, not a file"):
        load_shape_list(tmp_path)
    binary = tmp_path / "b.csv"
    binary.write_bytes(b"m,n,k\n8,256,\xff\xfe\n")
    with pytest.raises(ShapeListError, match=r"b.csv:2: not UTF-8"):
        load_shape_list(binary)
    binary.write_bytes(b"\xef\xbb\xbfm,n,k\n\xff,64,64\n")  # after a byte-order mark the line is still counted
    with pytest.raises(ShapeListError, match=r"b.csv:2: not UTF-8"):
        load_shape_list(binary)


BAD_FILES = {
    "empty": ("", "empty"),
    "header-only": ("m,n,k\n", "header but no rows"),
    "zero": ("m,n,k\n8,0,1024\n", ":2: field 'n': 0 must be >= 1"),
    "negative": ("m,n,k\n8,-64,1024\n", ":2: field 'n': -64 must be >= 1"),
    "not-int": ("m,n,k\n8,256,1k\n", ":2: field 'k': '1k' is not an integer"),
    "dtype": ("m,n,k,dtype\n8,256,1024,fp16\n", ":2: field 'dtype': unknown dtype 'fp16'"),
    "too-big": ("m,n,k\n8,256,4294967296\n", ":2: field 'k': 4294967296 exceeds"),
    "short-row": ("m,n,k\n8,256\n", ":2: field 'k': missing"),
    "long-row": ("m,n,k\n8,256,1024,7\n", ":2: too many fields"),
    "dup-name": ("name,m,n,k\nq,8,256,1024\nq,8,512,1024\n", ":3: field 'name': duplicate name 'q'"),
}


@pytest.mark.parametrize("case", sorted(BAD_FILES))
@pytest.mark.parametrize("command", ["sweep", "compile", "spec"])
def test_cli_refuses_bad_lists_with_one_line_and_exit_2(tmp_path, case, command):
    text, expected = BAD_FILES[case]
    path = tmp_path / f"{case}.csv"
    path.write_text(text)
    out = tmp_path / "out"
    args = {"sweep": ["sweep", str(path), "-o", str(out), "--cache-dir", str(tmp_path / "cache")],
            "compile": ["compile", str(path), "-o", str(out), "--cache-dir", str(tmp_path / "cache")],
            "spec": ["spec", str(path), "-o", str(out / "spec.mlir")]}[command]
    result = CliRunner().invoke(app, args)
    assert result.exit_code == 2, result.output
    assert isinstance(result.exception, SystemExit)  # not a stray exception
    assert "Traceback" not in result.output
    assert result.output.startswith("error: ") and expected in result.output and str(path) in result.output
    assert not out.exists()  # nothing planned, nothing compiled, no results.csv
    assert not (tmp_path / "cache").exists()


def test_debug_shows_the_exception(tmp_path):
    path = tmp_path / "bad.csv"
    path.write_text("m,n,k\n8,x,1024\n")
    result = CliRunner().invoke(app, ["sweep", str(path), "-o", str(tmp_path / "o"), "--debug"])
    assert isinstance(result.exception, ShapeListError) and result.exception.line == 2


def test_real_cli_process_prints_no_traceback(tmp_path):
    path = tmp_path / "bad.csv"
    path.write_text("# header next\nname,m,n,k\nok,8,256,1024\nbad,8,256\n")
    proc = subprocess.run(["vdmfma", "sweep", str(path), "-o", str(tmp_path / "o")], capture_output=True, text=True)
    assert proc.returncode == 2
    assert "Traceback" not in proc.stderr + proc.stdout
    assert proc.stderr.strip().splitlines() == [f"error: {path}:4: field 'k': missing: expected 4 fields "
                                                f"(name,m,n,k), got 3"]
    assert not (tmp_path / "o").exists()
