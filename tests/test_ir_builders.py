"""IR is built through the ``iree.compiler`` bindings, never by formatting MLIR text (issue 42): a scan of the
package's source for MLIR written by f-string, ``%`` or ``str.format``, and the builders it found, each built
in process, parsed back and verified (no compile: milliseconds, beyond one target probe)."""

from __future__ import annotations

import ast
import re
from pathlib import Path

from iree.compiler import ir

from iree_vdmfma.configs.scaled import scaled_intrinsics
from iree_vdmfma.problems.inputs import input_ir
from iree_vdmfma.problems.linalg_ops import iterator_types
from iree_vdmfma.problems.problem import Problem
from iree_vdmfma.util.mlir import shared_context

PKG = Path(__file__).resolve().parents[1] / "iree_vdmfma"

# MLIR syntax in a string's text: a dialect attribute or type (#iree_gpu.x<, !hal.x), a tensor type, a function,
# an SSA value defined. Words such as 'transform.named_sequence' in an error message are not syntax.
MLIR = re.compile(r"#\w+\.\w+<|!\w+\.\w+|\btensor<|func\.func\s+@|%\w+\s*=")

# Where the bindings have no builder, the one parse of a formatted attribute that remains; each entry says why.
ALLOWED = {
    # checked on iree-base-compiler 3.13.0: iree.compiler.dialects.iree_gpu has MMAAttr and VirtualMMAAttr (C API
    # ireeGPUMMAAttrGet, ireeGPUVirtualMMAAttrGet) but no ScaledMMAAttr: libIREECompiler.so exports no
    # ireeGPUScaledMMAAttrGet, and the bindings give only the ScaledMMAIntrinsic enum, not an attribute of it
    "configs/scaled.py": "IREE 3.13's Python bindings have no builder for #iree_gpu.scaled_mma_layout",
}


def _text(node: ast.AST) -> str:
    """The constant text of an f-string, a '%' or '+' of strings, or a str.format call ('' for anything else)."""
    if isinstance(node, ast.JoinedStr):
        return "".join(v.value for v in node.values if isinstance(v, ast.Constant) and isinstance(v.value, str))
    if isinstance(node, ast.BinOp) and isinstance(node.op, (ast.Mod, ast.Add)):
        return _text(node.left) + _text(node.right) if isinstance(node.op, ast.Add) else _const(node.left)
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr in ("format", "join"):
        return _const(node.func.value) + "".join(_text(a) for a in node.args)
    if isinstance(node, (ast.GeneratorExp, ast.ListComp)):
        return _text(node.elt)
    return ""


def _const(node: ast.AST) -> str:
    return node.value if isinstance(node, ast.Constant) and isinstance(node.value, str) else _text(node)


def findings(path: Path) -> list[str]:
    """'line: text' for every string built by formatting whose text is MLIR syntax."""
    found: dict[int, str] = {}
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, (ast.JoinedStr, ast.BinOp, ast.Call)) and MLIR.search(text := _text(node)):
            found.setdefault(node.lineno, f"{node.lineno}: {text[:80]!r}")  # one finding a line
    return [found[line] for line in sorted(found)]


def test_no_module_builds_mlir_by_string_formatting():
    bad = [f"iree_vdmfma/{f.relative_to(PKG).as_posix()}:{what}" for f in sorted(PKG.rglob("*.py"))
           if f.relative_to(PKG).as_posix() not in ALLOWED for what in findings(f)]
    assert not bad, "MLIR built from strings (build it with the iree.compiler ir/dialect builders):\n" + "\n".join(bad)


def test_the_scan_finds_what_it_forbids(tmp_path):
    src = tmp_path / "m.py"
    src.write_text('def f(k, n, t):\n'
                   '    a = f"#linalg.iterator_type<{k}>"\n'
                   '    b = "tensor<%dxf16>" % n\n'
                   '    c = "[" + ", ".join(f"#iree_gpu.mma_layout<{x}>" for x in t) + "]"\n'
                   '    d = "func.func @{}(".format(n)\n'
                   '    e = f"no transform.named_sequence in {n}"\n')
    assert [line.split(":")[0] for line in findings(src)] == ["2", "3", "4", "5"]


def test_every_allowed_file_still_needs_its_exception():
    stale = [rel for rel in ALLOWED if not (PKG / rel).is_file() or not findings(PKG / rel)]
    assert not stale, f"no longer needed, drop from ALLOWED: {stale}"


def test_iterator_types_are_built_by_the_bindings_and_the_input_ir_verifies():
    with shared_context():
        attr = iterator_types(["parallel", "parallel", "reduction"])
        assert str(attr) == ("[#linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>, "
                             "#linalg.iterator_type<reduction>]")
        for p in (Problem(8, 256, 512), Problem(4, 64, 128, batch=2)):
            module = ir.Module.parse(input_ir(p))
            assert module.operation.verify()
            kinds = ["parallel"] * (3 if p.batch > 1 else 2) + ["reduction"]  # (batch,) m, n parallel, then k
            assert "iterator_types = [" + ", ".join(f'"{k}"' for k in kinds) + "]" in str(module)


def test_each_scaled_mma_layout_parses_to_the_attribute_the_target_lists():
    layouts = scaled_intrinsics("gfx950")
    assert layouts
    with shared_context():
        for i in layouts:
            attr = i.attr()
            assert str(attr).startswith("#iree_gpu.scaled_mma_layout<") and i.name in str(attr)
            assert str(ir.Attribute.parse(str(attr))) == str(attr)  # a real attribute: it prints and parses back
