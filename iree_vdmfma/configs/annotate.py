"""The attribute route: write compilation_info straight onto a module's contractions.

This is how IREE's own e2e tests pin a config. It gives the same kernel as the
spec route (tests/test_annotate.py compares the ISA). Works on linalg-level
modules (e.g. from ``iree-compile --compile-to=input`` or hand-written).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Callable, Optional

from iree.compiler import ir

from .config import KernelConfig
from .forms import FORMS, Contraction, classify
from .gemv import GemvConfig
from .knobs import default_gemv_config
from ..problems.problem import Problem

ConfigFor = Callable[[Problem], Optional[KernelConfig]]


@dataclass(frozen=True)
class Annotated:
    problem: Problem
    config: KernelConfig
    form: str = "mmt"


def contraction_problem(op: ir.Operation) -> Optional[Problem]:
    """The Problem an op computes, if it is a GEMM in a known form (forms.FORMS) and dtype."""
    found, _ = classify(op)
    return found.problem if found else None


def config_for_form(contraction: Contraction, config: KernelConfig) -> KernelConfig:
    """A problem's config, with a unit batch loop prepended where the op has one."""
    if FORMS[contraction.form].batched and not contraction.problem.batched:
        return config.with_unit_batch()
    return config


def form_config(contraction: Contraction, config, arch: str) -> tuple[Optional[object], str]:
    """(the config that fits the op's form, "") or (None, why no config can).

    The ``mv`` form (O2/O3's M = 1 matvec_like) has no M loop: an MMA config cannot apply to it (IREE
    3.13: "contraction like operation missing critical dimension"), so it takes the no-MMA gemv config
    (configs/gemv.py) with the M loop folded, where its rows and K step divide N and K.
    """
    if not FORMS[contraction.form].fold_m:
        return config_for_form(contraction, config), ""
    if isinstance(config, GemvConfig):
        return replace(config, fold_m=True), ""
    gemv = replace(default_gemv_config(contraction.problem, arch), fold_m=True)
    p = contraction.problem
    if p.n % gemv.rows or p.k % gemv.partial_reduction:
        return None, (f"matvec form (unit M folded at O2/O3): an MMA config cannot apply (no M loop) and the gemv "
                      f"config's {gemv.rows} rows / K step {gemv.partial_reduction} do not divide N={p.n} / K={p.k}")
    return gemv, ""


def annotate_module(module: ir.Module, config_for: ConfigFor) -> list[Annotated]:
    """Set ``compilation_info`` on every contraction ``config_for`` gives a config; returns them.

    Named ``linalg.matmul`` / ``linalg.batch_matmul`` and ``linalg.generic`` in every form of
    ``forms.FORMS`` are recognised (what iree-turbine exports and what the toolkit writes).
    """
    done: list[Annotated] = []

    def visit(op):
        found, _ = classify(op.operation)
        if found is not None:
            config = config_for(found.problem)
            if config is not None and not FORMS[found.form].fold_m:  # a matvec takes no MMA config
                config = config_for_form(found, config)
                op.operation.attributes["compilation_info"] = config.compilation_info()
                done.append(Annotated(found.problem, config, found.form))
        return ir.WalkResult.ADVANCE

    with module.context, ir.Location.unknown():
        module.operation.walk(visit)
        if done and not module.operation.verify():
            raise RuntimeError("annotated module does not verify")
    return done


def annotate_text(text: str, config_for: ConfigFor, where: str = "<string>") -> tuple[str, list[Annotated]]:
    """``text`` with a config on every contraction; ValueError naming ``where`` (and the line) when it is no MLIR."""
    from ..util.mlir import parse_error  # noqa: PLC0415

    with ir.Context():
        try:
            module = ir.Module.parse(text)
        except ir.MLIRError as e:
            raise ValueError(parse_error(where, e)) from None
        done = annotate_module(module, config_for)
        return str(module), done
