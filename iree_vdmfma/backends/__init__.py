"""Backends: ROCm, CUDA, CPU and the torch peer; each one package (or module) with one ``register`` call
(see base.py). Each owns its knowledge: rocm/ (ISA evidence, occupancy, knobs, candidate proof, the
static latency model, the shipped-spec proof), cuda/ (PTX evidence, knobs, the preprocessing spec
route), cpu/ (the split knob)."""

from .base import CODEGEN, PREPROCESSING, Backend, CandidateProof, DumpProof, PerfModel  # noqa: F401
from .knobs import Knob, KnobTable  # noqa: F401
from .registry import BACKENDS, backend, backend_for, register, unregister  # noqa: F401
from . import rocm, cuda, cpu, peer  # noqa: F401,E402  (registers the built-in backends)
from .rocm import ROCM  # noqa: F401
from .cuda import CUDA  # noqa: F401
from .cpu import CPU  # noqa: F401
from .peer import PEER  # noqa: F401
