"""Only backends/ knows backends by name: nothing else compares a backend's or a device kind's name,
keys a map by one, reads a target's device out of iree-compile flags (issue 19), or tells a backend's
targets by the prefix of their names (``startswith("gfx")``; issue 42: ask ``family_of(arch)``). Code outside
backends/ asks the backend object (``backend_for(target)``: knobs, proofs, model, flags, spec route).

Read from the source with ``ast``, so docstrings and comments may still name backends.
"""

from __future__ import annotations

import ast
from pathlib import Path

PKG = Path(__file__).resolve().parents[1] / "iree_vdmfma"

# Backend names and the device kinds that stand for them (devices.probe.device_kind).
NAMES = {"rocm", "cuda", "cpu", "hip"}
# How the backends' target names begin (each backend's targets.py owns its own).
PREFIXES = ("gfx", "sm_")

# Where such a comparison is a fact of its own, not backend knowledge; each entry says why.
ALLOWED = {
    # devices/ owns device kinds: a device URI's kind, a module's format, which driver a kind probes.
    "devices/probe.py": "device kinds of IREE device URIs and their probes",
    "devices/sku.py": "a device's SKU (name, compute units, memory, clocks) from its kind's own tools",
    "devices/modules.py": "the device kind a compiled module's executable format runs on",
    # The torch peer maps a device kind to torch's device type (torch names a HIP GPU 'cuda').
    "run/peer.py": "torch's device types",
    # sweep refuses device kinds it cannot time on (a device-kind fact, after devices.plan_device), and
    # `vdmfma spec --help` shows the plain iree-compile command line for a HIP target.
    "cli/core_cmds.py": "sweep: the device kinds it runs on; spec's --help example command",
}


def _consts(node: ast.AST) -> list[ast.AST]:
    return [node] + (list(node.elts) if isinstance(node, (ast.Tuple, ast.List, ast.Set)) else [])


def _names_in(node: ast.AST) -> set[str]:
    return {c.value for c in _consts(node) if isinstance(c, ast.Constant) and c.value in NAMES}


def _prefixes_in(node: ast.AST) -> set[str]:
    return {c.value for c in _consts(node) if isinstance(c, ast.Constant) and isinstance(c.value, str)
            and c.value.lower() in PREFIXES}


def findings(path: Path) -> list[str]:
    """'line: what' for every backend-name comparison, name-keyed map and device-flag sniff in one file."""
    found = []
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Compare):
            hit = set().union(*(_names_in(n) | _prefixes_in(n) for n in [node.left, *node.comparators]))
            if hit:
                found.append(f"{node.lineno}: compares with {sorted(hit)}")
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) \
                and node.func.attr in ("startswith", "endswith"):
            hit = set().union(*(_prefixes_in(a) for a in node.args))
            if hit:
                found.append(f"{node.lineno}: tells targets by the prefix {sorted(hit)}")
        elif isinstance(node, ast.Dict):
            hit = set().union(*(_names_in(k) for k in node.keys if k is not None))
            if hit:
                found.append(f"{node.lineno}: a map keyed by {sorted(hit)}")
        elif isinstance(node, ast.Constant) and isinstance(node.value, str) \
                and any(f"--iree-hal-target-device={name}" in node.value for name in NAMES):
            found.append(f"{node.lineno}: reads or writes the target device flag {node.value!r}")
    return sorted(found, key=lambda s: int(s.split(":")[0]))


def test_no_module_outside_backends_compares_backend_names_or_sniffs_target_flags():
    bad = []
    for f in sorted(PKG.rglob("*.py")):
        rel = f.relative_to(PKG).as_posix()
        if rel.startswith("backends/") or rel in ALLOWED:
            continue
        bad += [f"iree_vdmfma/{rel}:{what}" for what in findings(f)]
    assert not bad, ("backend knowledge outside backends/ (ask backend_for(target) instead):\n" + "\n".join(bad))


def test_the_check_finds_what_it_forbids(tmp_path):
    src = tmp_path / "m.py"
    src.write_text('def f(arch, kind, flags):\n'
                   '    if backend_of(arch) == "rocm":\n        pass\n'
                   '    want = {"hip": "rocm"}.get(kind)\n'
                   '    ok = kind in ("cuda", "hip")\n'
                   '    gpu = arch.startswith(("gfx", "sm_")) or arch[:3] == "gfx"\n'
                   '    return "--iree-hal-target-device=hip" in flags\n')
    assert [line.split(":")[0] for line in findings(src)] == ["2", "4", "5", "6", "6", "7"]


def test_every_allowed_file_still_needs_its_exception():
    stale = [rel for rel in ALLOWED if not (PKG / rel).is_file() or not findings(PKG / rel)]
    assert not stale, f"no longer needed, drop from ALLOWED: {stale}"
