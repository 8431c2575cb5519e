"""A sweep's run hook: what runs one compiled row, and the timing mode its rows are timed in.

The sweep (sweep/sweep.py) takes only a :class:`RunHook` and reads its ``timing_mode`` to refuse an OUT whose rows
were timed in another mode. The mode is a field the constructor requires, so a hook built around another one
(a test's wrapper, a logging hook) says its mode or fails to build: it cannot lose it on the way.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from ..compiler.driver import CompileResult
from ..problems.problem import Problem
from ..problems.rows import ResultRow
from .timing import check_timing_mode


@dataclass(frozen=True)
class RunHook:
    """``run(compile result, problem, row for one cache mode) -> finished row``, timed in ``timing_mode``
    (run/timing.py TIMING_MODES), or '' for a hook that times nothing (numerics only, or no run at all).

    Picklable when ``run`` is (a module-level function or a partial of one): a remote executor ships it to its
    workers. Wrap one with ``dataclasses.replace(hook, run=wrapper)``, which keeps its mode."""

    run: Callable[[CompileResult, Problem, ResultRow], ResultRow]
    timing_mode: str

    def __post_init__(self) -> None:
        if self.timing_mode:
            check_timing_mode(self.timing_mode)

    def __call__(self, result: CompileResult, problem: Problem, row: ResultRow) -> ResultRow:
        return self.run(result, problem, row)
