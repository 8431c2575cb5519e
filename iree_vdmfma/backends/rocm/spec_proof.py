"""Prove the shipped decode specs (configs/decode_specs.py, ``specs/``) on their gfx targets.

Each sample compiles the toolkit's A*B^T input with a spec file as-is (real iree-compile, no
GPU) and reads the ISA: ok when it has v_smfmac and no dense v_mfma (RDNA, which has no sparse
intrinsic: the gemv config, VectorDistribute with no MMA and no v_wmma, at M <= 8; v_wmma of the
padded WMMA config's kind above). Nothing is measured.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Optional

from ...compiler.driver import CompileJob, Compiler
from ...compiler.retry import compile_retrying
from ...configs.decode_specs import decode_config, proof_samples, spec_files
from ...devices.targets import target as get_target
from ...problems.inputs import input_ir
from ...problems.problem import Problem
from . import evidence
from .backend import ROCM


@dataclass(frozen=True)
class SpecProof:
    """Whether one shipped spec file applied to one sample problem (a real compile, no GPU)."""

    file: str
    target: str
    problem: str
    ok: bool
    mma_kind: str
    smfmac: Optional[int]
    mfma: Optional[int]
    error: str = ""
    wmma: Optional[int] = None


def prove_spec(spec_path: Path, target: str, problem: Problem, compiler: Compiler) -> SpecProof:
    """Compile ``problem`` (the toolkit's A*B^T input) for ``target`` with the spec file as-is;
    ok when the ISA has v_smfmac and no dense v_mfma (RDNA: the decode config's own kind, see above)."""
    job = CompileJob(f"specs/{spec_path.name}:{problem.key}", input_ir(problem), tuple(ROCM.compile_flags(target)),
                     spec_path.read_text(encoding="utf-8"), spec_honoured=ROCM.codegen_spec_honoured(target))
    result = compile_retrying(compiler, job)[0]
    if not result.ok:
        return SpecProof(spec_path.name, target, problem.key, False, "", None, None, result.error)
    ev = evidence.collect(result.dump_dir, problem, get_target(target))
    ok = bool(ev.smfmac) and ev.mfma == 0
    if get_target(target).rdna:
        want = decode_config(problem, target).mma_kind
        ok = not ev.missing and ev.mma_kind == want and (ev.wmma > 0 if want else
                                                        ev.wmma == 0 and ev.pipeline == "VectorDistribute")
    return SpecProof(spec_path.name, target, problem.key, ok, ev.mma_kind, ev.smfmac, ev.mfma, ev.missing, ev.wmma)


def prove_all(spec_dir: Path, compiler: Compiler) -> list[SpecProof]:
    """Every shipped file against its :func:`proof_samples`, compiled in parallel (cached)."""
    from concurrent.futures import ThreadPoolExecutor

    work = [(spec_dir / name, t, p) for name, (t, d) in spec_files().items() for p in proof_samples(d)]
    with ThreadPoolExecutor(max_workers=compiler.workers) as pool:
        return list(pool.map(lambda w: prove_spec(w[0], w[1], w[2], compiler), work))
