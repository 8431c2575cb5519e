"""Regenerate the ready tuning specs in specs/ with one command:

    python specs/regenerate.py            # write specs/*.mlir
    python specs/regenerate.py --check    # exit 1 if a shipped spec differs from a fresh build (no compiles)
    python specs/regenerate.py --prove    # also compile samples per file with real iree-compile and
                                          # record the ISA proof in specs/README.md

What the files cover and how they are built: iree_vdmfma/configs/decode_specs.py and specs/README.md.
"""

from __future__ import annotations

import argparse
import datetime
import re
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
BEGIN, END = "<!-- proof:begin -->", "<!-- proof:end -->"


def stale(spec_dir: Path = HERE) -> list[str]:
    """Names of shipped spec files that are missing or differ from a fresh build."""
    from iree_vdmfma.configs.decode_specs import render, spec_files

    out = []
    for name, (t, d) in spec_files().items():
        path = spec_dir / name
        if not path.is_file() or path.read_text() != render(t, d):
            out.append(name)
    return out


def proof_markdown(proofs) -> str:
    from iree.compiler.version import VERSION

    lines = [f"Measured: compile-only (no GPU), {datetime.date.today().isoformat()}, IREE {VERSION}, on the "
             "development machine (CPU only; real iree-compile for each file's target). Each row compiles the "
             "toolkit's A*B^T input for the shape with `--iree-codegen-tuning-spec-path=specs/FILE`.", "",
             "| file | target | shape | mma_kind | v_smfmac | v_mfma | v_wmma | proven |",
             "|---|---|---|---|---|---|---|---|"]
    for p in proofs:
        lines.append(f"| {p.file} | {p.target} | {p.problem} | {p.mma_kind or '-'} | {p.smfmac} | {p.mfma} | "
                     f"{p.wmma} | {'yes' if p.ok else 'NO: ' + (p.error or 'not the shipped config')} |")
    return "\n".join(lines)


def record(readme: Path, text: str) -> None:
    body = readme.read_text()
    new = re.sub(re.escape(BEGIN) + ".*?" + re.escape(END), lambda _: f"{BEGIN}\n{text}\n{END}", body, flags=re.S)
    readme.write_text(new)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description="Regenerate the ready tuning specs in specs/.")
    ap.add_argument("--check", action="store_true", help="only compare the shipped files with a fresh build")
    ap.add_argument("--prove", action="store_true", help="compile samples per file and record the proof")
    ap.add_argument("--cache-dir", type=Path, default=None, help="compile cache (default: the toolkit's)")
    args = ap.parse_args(argv)
    if args.check:
        bad = stale()
        for name in bad:
            print(f"stale: specs/{name} (run python specs/regenerate.py)", file=sys.stderr)
        if not bad:  # success says what was checked, never silence
            from iree_vdmfma.configs.decode_specs import spec_files

            print(f"ok: the {len(spec_files())} shipped specs in specs/ equal a fresh build")
        return 1 if bad else 0
    from iree_vdmfma.configs.decode_specs import write_all

    for path in write_all(HERE):
        print(f"wrote specs/{path.name} ({path.stat().st_size // 1024} KiB)")
    if args.prove:
        from iree_vdmfma.compiler.driver import Compiler, default_cache_dir
        from iree_vdmfma.backends.rocm.spec_proof import prove_all

        proofs = prove_all(HERE, Compiler(args.cache_dir or default_cache_dir()))
        text = proof_markdown(proofs)
        print(text)
        record(HERE / "README.md", text)
        if not all(p.ok for p in proofs):
            return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
