"""The one retry policy for a compile that hung or timed out: once more single-threaded (``--mlir-disable-threading``,
IREE's own way out of its threaded-compile deadlock: compiler/driver.py ends such a compile as hung once it makes no
progress). Never the same compile again, and never a compile that already was single-threaded; the retry's compile_s
counts the attempt that hung, so a row keeps the trace. Every caller (sweep, tune, model, run, calibrate, the spec
proofs, the CUDA target probe) retries through this module, waited for (:func:`compile_retrying`), as a future
(:func:`submit_retrying`) or as a batch (:func:`compile_many_retrying`)."""

from __future__ import annotations

from concurrent.futures import Future, InvalidStateError
from dataclasses import replace
from typing import Callable, Iterable, Optional, Sequence

from .driver import RETRY_FLAG, CompileJob, CompileResult, Compiler

OnRetry = Callable[[CompileResult], None]  # told of a compile that hung or timed out, before its retry starts


def single_threaded_argv(argv: Sequence[str]) -> Optional[list[str]]:
    """``argv`` once more with ``RETRY_FLAG``; None when it already was single-threaded (the same compile again may
    hang as long)."""
    return None if RETRY_FLAG in argv else [*argv, RETRY_FLAG]


def single_threaded(job: CompileJob) -> Optional[CompileJob]:
    """The job once more with ``RETRY_FLAG`` (:func:`single_threaded_argv`); None when it already was."""
    flags = single_threaded_argv(job.flags)
    return None if flags is None else replace(job, flags=tuple(flags))


def _retry_of(result: CompileResult) -> Optional[CompileJob]:
    """The job to compile again after ``result``: a timed-out or hung one, single-threaded; else None."""
    return single_threaded(result.job) if result.timed_out else None


def _joined(first: CompileResult, again: CompileResult) -> CompileResult:
    return replace(again, compile_s=first.compile_s + again.compile_s)


def retry_timed_out(compiler: Compiler, timed_out: CompileResult,
                    on_retry: Optional[OnRetry] = None) -> tuple[CompileResult, bool]:
    """After ``timed_out``, the retry the policy calls for, waited for. (result, retried)."""
    job = _retry_of(timed_out)
    if job is None:
        return timed_out, False
    if on_retry:
        on_retry(timed_out)
    return _joined(timed_out, compiler.compile(job)), True


def compile_retrying(compiler: Compiler, job: CompileJob,
                     on_retry: Optional[OnRetry] = None) -> tuple[CompileResult, bool]:
    """Compile, and retry as the policy says, waited for. (result, retried)."""
    return retry_timed_out(compiler, compiler.compile(job), on_retry)


class _Settled(Future):
    """A future only its attempts settle: :meth:`Compiler.stop` cannot cancel it, so waiting for it waits for the
    compile (or its retry) that is running."""

    def cancel(self) -> bool:
        return False


def submit_retrying(compiler: Compiler, job: CompileJob, on_retry: Optional[OnRetry] = None) -> Future:
    """:meth:`Compiler.submit`, and the retry the policy calls for submitted as soon as the first attempt ends; a
    Future of (result, retried). ``on_retry`` is called in the thread that saw the first attempt end."""
    outer: Future = _Settled()

    def settle(set_it, value) -> None:
        try:
            set_it(value)
        except InvalidStateError:  # cancelled meanwhile (Compiler.stop): nothing waits for it
            pass

    def second(first: CompileResult, f: Future) -> None:
        if f.exception() is not None:
            settle(outer.set_exception, f.exception())
        else:
            settle(outer.set_result, (_joined(first, f.result()), True))

    def after_first(f: Future) -> None:
        if f.exception() is not None:
            settle(outer.set_exception, f.exception())
            return
        result = f.result()
        again = _retry_of(result)
        if again is None:
            settle(outer.set_result, (result, False))
            return
        try:  # a done-callback's exception would be logged and dropped, and the outer future never settled
            if on_retry:
                on_retry(result)
            compiler.submit(again).add_done_callback(lambda g: second(result, g))
        except BaseException as e:  # noqa: BLE001  (a cancelled compiler, a closed executor, the caller's hook)
            settle(outer.set_exception, e)

    compiler.submit(job).add_done_callback(after_first)
    return outer


def compile_many_retrying(compiler: Compiler, jobs: Iterable[CompileJob],
                          on_done: Optional[Callable[[CompileResult, bool], None]] = None,
                          on_retry: Optional[OnRetry] = None,
                          on_wait: Optional[Callable[[float, int], None]] = None,
                          wait_s: float = 60.0) -> list[CompileResult]:
    """:meth:`Compiler.compile_many` with each compile retried as the policy says, the retries in parallel too;
    ``on_done(result, retried)`` in the caller's thread in order of completion; each result in the order of
    ``jobs``, the retry's where there was one."""
    futures = [submit_retrying(compiler, job, on_retry) for job in jobs]
    done = (lambda pair: on_done(*pair)) if on_done else None
    return [result for result, _ in compiler.wait_many(futures, on_done=done, on_wait=on_wait, wait_s=wait_s)]
