"""A toy backend in one module: target 'toy' = llvm-cpu for a generic x86-64, batched problems skipped.

It has one tuning knob (a split-K chunk), so `vdmfma tune --target toy` works with no edit elsewhere;
its modules run on local-task (device kind 'cpu').
"""

from dataclasses import dataclass
from pathlib import Path

from iree_vdmfma.backends import Backend, DumpProof, KnobTable, register
from iree_vdmfma.backends.knobs import split_chunks, split_rule

KNOBS = KnobTable()


@KNOBS.knob("split", prune=split_rule)
def _split(problem, target):
    return split_chunks(problem, (2,), 64)


@dataclass(frozen=True)
class ToyBackend(Backend):
    def handles(self, target: str) -> bool:
        return target == "toy"

    def targets_help(self) -> str:
        return "toy"

    def compile_flags(self, target: str) -> list[str]:
        return ["--iree-hal-target-device=local", "--iree-hal-local-target-device-backends=llvm-cpu",
                "--iree-llvmcpu-target-cpu=generic"]

    def enabled(self, problem, target):
        return (False, "toy backend builds unbatched problems only") if problem.batched else (True, "")

    def prove(self, dump_dir, problem, target, intended_mma_kind):
        configured = sorted(Path(dump_dir).glob("configured_*.mlir"))
        return DumpProof({"workgroups": len(configured)}, "" if configured else "toy: no configured IR",
                         {"files": [p.name for p in configured]})

    def knobs(self, target: str = ""):
        return KNOBS


TOY = register(ToyBackend("toy-backend", "llvm-cpu generic x86-64 (a test backend)", ("toy_attr",), device_kind="cpu"))
