"""Machine-code facts of a CUDA candidate, and the rules that reject one before any GPU time.

MEASURED BY COMPILING (no GPU): ``regs`` and ``spill_bytes`` come from ``ptxas -v`` run on the dumped PTX for
``SASS_ARCH`` (the H100/H200 the project runs its sm_89 PTX on; IREE 3.13 has no sm_90 target), when ptxas is
installed (the ``ptxas`` extra: the registry's nvidia-cuda-nvcc, or a CUDA toolkit on PATH, or ``VDMFMA_PTXAS``,
or the one Triton ships);
without it they stay empty and the row says so. ``load_bytes`` (the widest global load) and ``narrow_loads``
(global loads of one 8- or 16-bit element from the weights, B) are read from the contraction kernel's PTX: B is
the dispatch's largest read-only binding (N x K against A's M x K), its kernel parameter the binding's index, and a
load is B's when its address register derives from that parameter (a data-flow pass over the PTX registers); a
narrow load of A (M rows, read once a workgroup) is no weight traffic and rejects nothing.
MODELLED from those facts and the configured IR: ``waves`` = workgroups / (SMs x workgroups resident per SM, from
ptxas's registers and the threads), and ``bytes_in_flight`` = the weight bytes one K step of the resident
workgroups requests (N tile x K step x element bytes each). PTX cannot show how ptxas orders those loads: the
SASS of IREE's default interleaves them with shared-memory stores (about 48 of its 160 B per thread in flight,
shared/notes/cuda-kernel-analysis.md), so the figure is an upper bound.
Rejected before any GPU time (any candidate but IREE's default, the baseline, which is always kept): spills,
narrow weight loads (a split's matmul dispatch often has only 2-byte loads), and fewer workgroups than SMs.
"""

from __future__ import annotations

import math
import os
import re
import shutil
import subprocess
from dataclasses import dataclass
from pathlib import Path
from typing import Optional

from ...compiler.configured import Config
from ...util.io import read_tool_text
from ...util.procs import run_group
from ...util.scratch import scratch

SASS_ARCH = "sm_90"
SMS = 132  # H100 SXM and H200 (the GPUs measured here)
REGS_PER_SM, REG_UNIT, MAX_THREADS_PER_SM, MAX_WGS_PER_SM = 65536, 256, 2048, 32
NARROW_BITS = 16  # a global load of one f16/bf16 element (or narrower) is a narrow load
NO_PTXAS = "ptxas not found (pip install 'iree-vdmfma[ptxas]'): regs and spill_bytes unknown"
PTXAS_TIMEOUT_S = 60

_ENTRY = re.compile(r"^\s*\.visible\s+\.entry\s+([\w$]+)", re.M)
_LOAD = re.compile(r"\bld\.global(?:\.\w+)*?(?:\.v(\d))?\.[bsuf](\d+)\b")
_PTXAS_FN = re.compile(r"Compiling entry function '([\w$]+)'")
_PTXAS_SPILL = re.compile(r"(\d+) bytes spill stores, (\d+) bytes spill loads")
_PTXAS_REGS = re.compile(r"Used (\d+) registers")
_CONTRACTION = re.compile(r"mat(?:mul|vec)|contract|batch_matmul", re.I)
_PARAM = re.compile(r"\[[\w$]+_param_(\d+)\]")
_REG = re.compile(r"%[\w]+")
_GLOBAL_LOAD = re.compile(r"\bld\.global\S*\s[^;]*\[(%\w+)")
_NO_DEST = (".", "$", "{", "}", "st.", "bar", "bra", "ret", "cp.async", "fence", "membar", "red.", "prefetch")
_READ_BINDING = re.compile(r"binding\((\d+)\)[^\n]*?readonly:tensor<([\dx]+)x\w+>")


def find_ptxas() -> Optional[str]:
    """``VDMFMA_PTXAS``, then ptxas on PATH, then the one the nvidia-cuda-nvcc wheel ships, then the one Triton
    ships (torch's CUDA builds bring Triton: a lent GPU machine with torch and no package index has that one)."""
    if os.environ.get("VDMFMA_PTXAS"):
        return os.environ["VDMFMA_PTXAS"]
    found = shutil.which("ptxas")
    if found:
        return found
    try:
        import nvidia  # noqa: PLC0415  (the namespace package of NVIDIA's wheels)
    except ImportError:
        nvidia = None
    for root in getattr(nvidia, "__path__", []):
        for cand in sorted(Path(root).glob("*/bin/ptxas")):
            return str(cand)
    return _triton_ptxas()


def _triton_ptxas() -> Optional[str]:
    """Triton's own ptxas (``TRITON_PTXAS_PATH``, else triton/backends/nvidia/bin/ptxas), found without importing
    Triton (an import of seconds)."""
    import importlib.util  # noqa: PLC0415

    if os.environ.get("TRITON_PTXAS_PATH"):
        return os.environ["TRITON_PTXAS_PATH"]
    try:
        spec = importlib.util.find_spec("triton")
    except (ImportError, ValueError):
        return None
    for root in (spec.submodule_search_locations or []) if spec else []:
        cand = Path(root) / "backends" / "nvidia" / "bin" / "ptxas"
        if cand.is_file() and os.access(cand, os.X_OK):
            return str(cand)
    return None


@dataclass(frozen=True)
class KernelFacts:
    name: str
    load_bytes: int  # widest global load
    narrow_loads: int  # global loads of <= 16 bits from the weights (B)
    regs: Optional[int] = None
    spill_bytes: Optional[int] = None


def _kernels(ptx: str) -> dict[str, str]:
    starts = [(m.group(1), m.start()) for m in _ENTRY.finditer(ptx)]
    return {name: ptx[s: starts[i + 1][1] if i + 1 < len(starts) else len(ptx)] for i, (name, s) in enumerate(starts)}


def param_origins(body: str) -> dict[str, frozenset[int]]:
    """Per PTX register, the kernel parameters (bindings) its value derives from: ``ld.param`` seeds a register
    with its parameter, every other instruction gives its destination the union of its sources'; iterated to a
    fixed point, as a loop's pointer increments come before their initial values in the text."""
    steps = []
    for line in body.splitlines():
        code = re.sub(r"^@!?%\w+\s+", "", line.split("//", 1)[0].strip()).rstrip(";")  # drop a predicate guard
        if not code or code.startswith(_NO_DEST):
            continue
        head, _, args = code.partition(" ")
        regs = _REG.findall(args)
        if not regs:
            continue
        if head.startswith("ld.param"):
            steps.append((regs[0], (), frozenset(int(x) for x in _PARAM.findall(args))))
        elif not head.startswith("ld."):  # a loaded value carries no pointer here
            steps.append((regs[0], tuple(regs[1:]), frozenset()))
    origin: dict[str, frozenset[int]] = {}
    changed = True
    while changed:
        changed = False
        for dst, srcs, seed in steps:
            new = origin.get(dst, frozenset()) | seed
            for r in srcs:
                new |= origin.get(r, frozenset())
            if new != origin.get(dst, frozenset()):
                origin[dst], changed = new, True
    return origin


def _loads(body: str, weights: Optional[int]) -> tuple[int, int]:
    """(widest global load in bytes, narrow loads of the weights' parameter; of every operand when unknown)."""
    origin = param_origins(body) if weights is not None else {}
    widest, narrow = 0, 0
    for line in body.splitlines():
        load = _GLOBAL_LOAD.search(line)
        width = _LOAD.search(line)
        if not load or not width:
            continue
        nbytes = int(width.group(1) or 1) * int(width.group(2)) // 8
        widest = max(widest, nbytes)
        if nbytes * 8 <= NARROW_BITS and (weights is None or weights in origin.get(load.group(1), ())):
            narrow += 1
    return widest, narrow


def weight_binding(dump_dir: Path, kernel: str) -> Optional[int]:
    """The binding of the weights (B) in ``kernel``'s dispatch source: its largest read-only tensor (None if the
    dump has no source naming the kernel)."""
    for f in sorted(Path(dump_dir).glob("module_*.mlir")):
        text = read_tool_text(f)
        if f"@{kernel} " in text or f"@{kernel}(" in text:
            sizes = {int(b): math.prod(int(d) for d in dims.split("x")) for b, dims in _READ_BINDING.findall(text)}
            return max(sizes, key=sizes.get) if sizes else None
    return None


def ptxas_facts(ptx_file: Path, ptxas: str) -> tuple[dict[str, tuple[int, int]], str]:
    """{kernel: (registers, bytes spilled: ptxas's spill stores)} from ``ptxas -v``, and '' or the first error.
    The cubin ptxas must write goes to a scratch folder of this call, removed after it: never beside the PTX,
    which is in a cache entry's dump that other processes may be proving at the same time (a shared lock)."""
    try:
        with scratch("ptxas") as tmp:
            out = tmp / f"{ptx_file.stem}.sm90.cubin"
            done = run_group([ptxas, f"-arch={SASS_ARCH}", "-v", str(ptx_file), "-o", str(out)], PTXAS_TIMEOUT_S)
    except (OSError, subprocess.TimeoutExpired) as e:
        return {}, f"ptxas could not run on {ptx_file.name}: {e}"
    if done.returncode:
        first = next((ln for ln in done.stderr.splitlines() if ln.strip()), f"exit code {done.returncode}")
        return {}, f"ptxas failed on {ptx_file.name}: {first}"
    facts: dict[str, tuple[int, int]] = {}
    parts = _PTXAS_FN.split(done.stderr)
    for name, text in zip(parts[1::2], parts[2::2]):
        regs, spill = _PTXAS_REGS.search(text), _PTXAS_SPILL.search(text)
        facts[name] = (int(regs.group(1)) if regs else 0, int(spill.group(1)) if spill else 0)  # bytes stored
    return facts, ""


def contraction_facts(dump_dir: Path) -> tuple[Optional[KernelFacts], str]:
    """The contraction kernel's facts (the kernel named for a matmul/matvec, else the first) and a note ('' or
    why registers and spills are unknown)."""
    ptxas = find_ptxas()
    note = "" if ptxas else NO_PTXAS
    best: Optional[KernelFacts] = None
    for f in sorted(Path(dump_dir).glob("*.ptx")):
        kernels = _kernels(read_tool_text(f))
        regs: dict[str, tuple[int, int]] = {}
        if ptxas:
            regs, err = ptxas_facts(f, ptxas)
            note = note or err
        for name, body in kernels.items():
            wide, narrow = _loads(body, weight_binding(dump_dir, name))
            r, s = regs.get(name, (None, None))
            facts = KernelFacts(name, wide, narrow, r, s)
            if best is None or (_CONTRACTION.search(name) and not _CONTRACTION.search(best.name)):
                best = facts
    return best, note


def resident_per_sm(threads: int, regs: Optional[int]) -> int:
    """Workgroups an SM holds at once, by threads and (when known) registers (allocated per warp in 256s)."""
    warps = max(1, math.ceil(threads / 32))
    by_threads = MAX_THREADS_PER_SM // max(threads, 1)
    by_regs = REGS_PER_SM // (warps * REG_UNIT * math.ceil(regs * 32 / REG_UNIT)) if regs else by_threads
    return max(0, min(MAX_WGS_PER_SM, by_threads, by_regs))


def k_step(cfg: Config) -> int:
    """K elements one workgroup step covers: a gemv's partial_reduction, or reduction x the mma.sync's K (16)."""
    partial = re.search(r"partial_reduction = \[([\d, ]+)\]", cfg.lowering_config)
    if partial:
        return int(partial.group(1).split(",")[-1])
    return (cfg.reduction_tile[-1] if cfg.reduction_tile else 0) * (16 if cfg.mma_kind else 1)


def grid_facts(cfg: Config, workgroups: int, regs: Optional[int], elem_bytes: int) -> dict[str, object]:
    """``waves`` and ``bytes_in_flight`` (MODELLED, see the module docstring)."""
    resident = resident_per_sm(cfg.workgroup_size, regs)
    if not workgroups or not resident:
        return {"waves": None, "bytes_in_flight": None}
    tile = [t for t in cfg.workgroup_tile if t] or [1]
    n_tile = tile[-1]  # the workgroup's N rows of weights (the last parallel tile)
    live = min(workgroups, SMS * resident)
    return {"waves": round(workgroups / (SMS * resident), 3),
            "bytes_in_flight": live * n_tile * k_step(cfg) * elem_bytes}


def spilled(facts: KernelFacts) -> str:
    """What the kernel spills, by ptxas ('' if nothing)."""
    return f"{facts.spill_bytes} spill bytes (ptxas -arch={SASS_ARCH}, {facts.regs} registers)" if facts.spill_bytes else ""


def rejection(facts: KernelFacts, workgroups: Optional[int]) -> str:
    """Why an injected config that does not spill must not be measured ('' if it may)."""
    if facts.narrow_loads:
        return (f"{facts.narrow_loads} narrow global loads of the weights (B; <= {NARROW_BITS} bits; widest load "
                f"{facts.load_bytes} B)")
    if workgroups is not None and workgroups < SMS:
        return f"{workgroups} workgroups for {SMS} SMs: less than one wave, {SMS - workgroups} SMs idle"
    return ""
