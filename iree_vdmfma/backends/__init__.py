"""Backends: ROCm, CUDA, CPU and the torch peer; each one package (or module) with one ``register`` call
(see base.py). Each owns its knowledge: rocm/ (its gfx targets, ISA evidence, occupancy, knobs, candidate
proof, the static latency model, the shipped-spec proof), cuda/ (sm_NN targets, PTX evidence, knobs, the
preprocessing spec route), cpu/ (host, the split knob).

Importing this package registers every backend's targets (each ``<name>/targets.py``: plain data, no
compiler), so devices/ and every report see them; the Backend objects, which need the compiler bindings,
are registered when one of the names below is first asked for (PEP 562).
"""

from importlib import import_module

from .rocm import targets as _rocm_targets  # noqa: F401  (the targets of each backend, in this order)
from .cuda import targets as _cuda_targets  # noqa: F401
from .cpu import targets as _cpu_targets  # noqa: F401

_LAZY = {  # name -> the module that defines it
    "CODEGEN": ".base", "PREPROCESSING": ".base", "Backend": ".base", "CandidateProof": ".base",
    "DumpProof": ".base", "PerfModel": ".base", "Knob": ".knobs", "KnobTable": ".knobs",
    "BACKENDS": ".registry", "backend": ".registry", "backend_for": ".registry", "register": ".registry",
    "unregister": ".registry", "ROCM": ".rocm.backend", "CUDA": ".cuda.backend", "CPU": ".cpu.backend",
    "PEER": ".peer",
}
_BUILT_IN = (".rocm.backend", ".cuda.backend", ".cpu.backend", ".peer")  # registered in this order


def __getattr__(name: str):
    if name not in _LAZY:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    for module in _BUILT_IN:  # the built-in backends register themselves on import
        import_module(module, __name__)
    value = getattr(import_module(_LAZY[name], __name__), name)
    globals()[name] = value
    return value
