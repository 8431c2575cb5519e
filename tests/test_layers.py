"""The package's imports go one way: each stage imports only stages below it, and no module
imports itself back through others (issue 9). Read from the source with ``ast``: lazy imports
inside functions count too, since a lazy import up a layer is the same coupling, only hidden.
"""

from __future__ import annotations

import ast
from pathlib import Path

PKG = Path(__file__).resolve().parents[1] / "iree_vdmfma"

# Bottom to top. A new stage goes where it belongs in this list, and nowhere else.
LAYERS = ["util", "problems", "devices", "executors", "compiler", "configs", "backends", "variants",
          "run", "sweep", "report", "tune", "records", "coverage", "model", "cli"]


def _module(path: Path) -> str:
    parts = list(path.relative_to(PKG.parent).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imports() -> list[tuple[str, str, str]]:
    """(importing module, imported module, 'file:line') for every import of the package by itself."""
    modules = {_module(f) for f in PKG.rglob("*.py")}
    found = []
    for f in sorted(PKG.rglob("*.py")):
        mod = _module(f)
        here = mod.split(".") if f.name == "__init__.py" else mod.split(".")[:-1]
        for node in ast.walk(ast.parse(f.read_text())):
            targets: list[str] = []
            if isinstance(node, ast.ImportFrom) and node.level:
                base = ".".join(here[: len(here) - node.level + 1] + ([node.module] if node.module else []))
                targets = [t for t in (f"{base}.{a.name}" for a in node.names) if t in modules] or [base]
            elif isinstance(node, ast.ImportFrom) and (node.module or "").startswith("iree_vdmfma"):
                targets = [node.module]
            elif isinstance(node, ast.Import):
                targets = [a.name for a in node.names if a.name.startswith("iree_vdmfma")]
            found += [(mod, t, f"{f.relative_to(PKG.parent)}:{node.lineno}") for t in targets]
    return found


def _layer(module: str) -> str:
    parts = module.split(".")
    return parts[1] if len(parts) > 1 else "<root>"


def test_every_stage_is_in_the_layer_list():
    stages = {p.name for p in PKG.iterdir() if p.is_dir() and (p / "__init__.py").exists()}
    assert stages == set(LAYERS), f"add new stages to LAYERS in order: {sorted(stages ^ set(LAYERS))}"


def test_imports_only_go_down_a_layer():
    up = [f"{where}: {a} imports {b}" for a, b, where in imports()
          if _layer(a) in LAYERS and _layer(b) in LAYERS and LAYERS.index(_layer(b)) > LAYERS.index(_layer(a))]
    assert not up, "imports going up a layer:\n" + "\n".join(up)


def test_no_module_imports_itself_back_through_others():
    graph: dict[str, set[str]] = {}
    for a, b, _ in imports():
        if a != b and not a.startswith(b + "."):  # a package's own __init__ re-exporting its modules is not a cycle
            graph.setdefault(a, set()).add(b)
    cycles, state = [], {}

    def visit(node: str, path: list[str]) -> None:
        state[node] = "open"
        for nxt in sorted(graph.get(node, ())):
            if state.get(nxt) == "open":
                cycles.append(" -> ".join(path[path.index(nxt):] + [nxt]))
            elif nxt not in state:
                visit(nxt, path + [nxt])
        state[node] = "done"

    for node in sorted(graph):
        if node not in state:
            visit(node, [node])
    assert not cycles, "import cycles:\n" + "\n".join(cycles)


STARTS_A_PROCESS = {("subprocess", n) for n in ("run", "Popen", "call", "check_call", "check_output")} | {
    ("os", n) for n in ("system", "popen", "execv", "execvp", "execve", "spawnv", "spawnvp", "posix_spawn")}
# The one watched runner (util/procs.run_group: timeout, hang watch, process group, ended on a signal); the compile
# driver's iree-compile runs go through it too (its on_start/on_end hooks let the driver's cancel reach them).
RUNNERS = {"util/procs.py"}


def test_every_process_the_package_starts_goes_through_the_one_watched_runner():
    found = []
    for f in sorted(PKG.rglob("*.py")):
        where = str(f.relative_to(PKG))
        for node in ast.walk(ast.parse(f.read_text())):
            if (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
                    and isinstance(node.func.value, ast.Name)
                    and (node.func.value.id, node.func.attr) in STARTS_A_PROCESS and where not in RUNNERS):
                found.append(f"{where}:{node.lineno} {node.func.value.id}.{node.func.attr}")
    assert not found, found


def test_no_module_imports_a_private_name_of_another():
    """A name with a leading underscore is its module's own; what another module needs is public (issue 42)."""
    found = []
    for f in sorted(PKG.rglob("*.py")):
        for node in ast.walk(ast.parse(f.read_text())):
            if isinstance(node, ast.ImportFrom) and (node.level or (node.module or "").startswith("iree_vdmfma")):
                found += [f"{f.relative_to(PKG)}:{node.lineno} {a.name}" for a in node.names
                          if a.name.startswith("_") and not a.name.startswith("__")]
    assert not found, "private names imported across modules:\n" + "\n".join(found)


def _private_names_defined(tree: ast.AST) -> set[str]:
    """The private names a module defines: its functions, classes, assigned names and ``self._x`` attributes."""
    names = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            names.add(node.name)
        elif isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
            names.add(node.id)
        elif isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Store):
            names.add(node.attr)
        elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            names.add(node.target.id)
    return {n for n in names if n.startswith("_") and not n.startswith("__")}


def test_no_module_reaches_into_a_private_member_of_another_modules_object():
    """``obj._x`` / ``obj._x()`` on another module's object is a private import by another road (issue 42): a
    member another module needs is public. A module may use its own classes' private members on any object
    (``compiler._entry(job)`` in compiler/driver.py, whose Compiler it is); another library's (``os._exit``) is
    not the package's to judge."""
    trees = {f: ast.parse(f.read_text()) for f in sorted(PKG.rglob("*.py"))}
    defined = {f: _private_names_defined(t) for f, t in trees.items()}
    found = []
    for f, tree in trees.items():
        elsewhere = set().union(*(names for g, names in defined.items() if g != f)) - defined[f]
        for node in ast.walk(tree):
            if (isinstance(node, ast.Attribute) and node.attr in elsewhere
                    and not (isinstance(node.value, ast.Name) and node.value.id in ("self", "cls"))):
                found.append(f"{f.relative_to(PKG)}:{node.lineno} .{node.attr}")
    assert not found, "private members of another module's objects used:\n" + "\n".join(found)
