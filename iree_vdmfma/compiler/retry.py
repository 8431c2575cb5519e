"""A compile that hung or timed out, once more single-threaded (``--mlir-disable-threading``, IREE's own way out
of its threaded-compile deadlock: compiler/driver.py ends such a compile as hung once it makes no progress). Never
the same compile again, and never a compile that already was single-threaded; the retry's compile_s counts the
attempt that hung, so a row keeps the trace."""

from __future__ import annotations

from dataclasses import replace
from typing import Optional

from .driver import RETRY_FLAG, CompileJob, CompileResult, Compiler


def single_threaded(job: CompileJob) -> Optional[CompileJob]:
    """The job once more with ``RETRY_FLAG`` (IREE's own way out of its threaded-compile deadlock); None when it
    already was single-threaded (the same compile again may hang as long)."""
    return None if RETRY_FLAG in job.flags else replace(job, flags=job.flags + (RETRY_FLAG,))


def retry_timed_out(compiler: Compiler, timed_out: CompileResult) -> tuple[CompileResult, bool]:
    """The one retry of a compile that timed out or hung: single-threaded (:func:`single_threaded`; never the
    same compile again); its compile_s counts the attempt that hung, so the row keeps the trace. (result, retried)."""
    job = single_threaded(timed_out.job)
    if job is None:
        return timed_out, False
    again = compiler.compile(job)
    return replace(again, compile_s=timed_out.compile_s + again.compile_s), True


def compile_retrying(compiler: Compiler, job: CompileJob) -> tuple[CompileResult, bool]:
    """Compile; one that timed out or hung once more single-threaded (:func:`retry_timed_out`). (result, retried)."""
    result = compiler.compile(job)
    return retry_timed_out(compiler, result) if result.timed_out else (result, False)


def compile_many_retrying(compiler: Compiler, jobs: list[CompileJob]) -> list[CompileResult]:
    """:meth:`Compiler.compile_many`, then every compile that timed out or hung once more single-threaded, all of
    them in parallel too; each result in the order of ``jobs``, the retry's where there was one."""
    results = compiler.compile_many(jobs)
    again = {i: j for i, r in enumerate(results) if r.timed_out and (j := single_threaded(r.job)) is not None}
    for i, r in zip(again, compiler.compile_many(list(again.values()))):
        results[i] = replace(r, compile_s=results[i].compile_s + r.compile_s)
    return results
