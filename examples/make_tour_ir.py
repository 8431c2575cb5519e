"""Make the README tour's model files: the TINY Llama-like layer of llama_layer.py at M = 8 tokens.

    python examples/make_tour_ir.py

writes (and commits as) ``examples/tiny_layer.mlir``: torch-dialect MLIR exported by iree-turbine
(``iree.turbine.aot.export``, parameters externalized as named parameters, so the file stays small
and plain ``iree-compile`` takes it), and ``examples/tiny_layer_linalg.mlir``: the same module
lowered to linalg by ``iree-compile --compile-to=input`` (what ``vdmfma annotate`` reads). Each file
starts with a comment naming this command and the versions that made it. Random weights (seed 0).
"""

from __future__ import annotations

import subprocess
import sys
from importlib.metadata import version
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
M = 8


def main() -> int:
    from iree_vdmfma.model.source import export_mlir

    sys.path.insert(0, str(HERE))
    from llama_layer import build_tiny  # noqa: PLC0415

    made = (f"// Made by `python examples/make_tour_ir.py` (iree-turbine {version('iree-turbine')}, torch "
            f"{version('torch')}, iree-base-compiler {version('iree-base-compiler')}): examples/llama_layer.py "
            f"TINY layer (hidden 256, 4 heads, 2 KV heads, MLP 512, f16), M = {M} tokens, rank 2, random weights "
            "(seed 0), parameters externalized.\n")
    torch_ir = HERE / "tiny_layer.mlir"
    torch_ir.write_text(made + export_mlir(*build_tiny(M)))
    linalg = HERE / "tiny_layer_linalg.mlir"
    done = subprocess.run(["iree-compile", str(torch_ir), "--compile-to=input", "-o", str(linalg)],
                          capture_output=True, text=True)
    if done.returncode:
        print(done.stderr, file=sys.stderr)
        return 1
    linalg.write_text(made.replace("parameters externalized.", "parameters externalized; lowered with "
                                   "`iree-compile tiny_layer.mlir --compile-to=input`.") + linalg.read_text())
    for p in (torch_ir, linalg):
        print(f"wrote {p.relative_to(HERE.parent)} ({p.stat().st_size / 1024:.0f} KiB)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
