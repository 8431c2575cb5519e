"""A pytest plugin (conftest.py loads it): a test file whose every test skipped, or that skipped at import
(``pytest.importorskip`` of an extra that is not installed), is said at the end of the run, and under CI (``CI`` set,
as .ci/run's runner sets it) it fails the run: CI installs every extra, so a file that skips whole there is a test
that silently stopped running (test_model.py, test_ray_executor.py and test_two_hosts.py once skipped whole
with only the ``test`` extra, and nothing said so)."""

from __future__ import annotations

import os

import pytest

_skipped: dict[str, str] = {}  # file -> the first skip reason seen
_ran: set[str] = set()  # files with a test that did not skip


def _reason(report) -> str:
    longrepr = report.longrepr
    return str(longrepr[2] if isinstance(longrepr, tuple) and len(longrepr) == 3 else longrepr).removeprefix("Skipped: ")


def pytest_collectreport(report):
    if report.skipped and report.nodeid.endswith(".py"):
        _skipped.setdefault(report.nodeid, _reason(report))


def pytest_runtest_logreport(report):
    where = report.nodeid.split("::")[0]
    if report.skipped:
        _skipped.setdefault(where, _reason(report))
    elif report.when == "call":
        _ran.add(where)


def whole() -> dict[str, str]:
    return {f: why for f, why in sorted(_skipped.items()) if f not in _ran}


def pytest_terminal_summary(terminalreporter):
    files = whole()
    if files:
        terminalreporter.section("test files skipped whole")
        for f, why in files.items():
            terminalreporter.write_line(f"{f}: {why}")


@pytest.hookimpl(trylast=True)
def pytest_sessionfinish(session, exitstatus):
    if hasattr(session.config, "workerinput"):  # an xdist worker: the controller sees every file
        return
    files = whole()
    if files and os.environ.get("CI") and exitstatus in (pytest.ExitCode.OK, pytest.ExitCode.NO_TESTS_COLLECTED):
        session.exitstatus = pytest.ExitCode.TESTS_FAILED
        session.config.get_terminal_writer().line(
            f"error: {len(files)} test file(s) skipped whole under CI, which installs every extra: "
            + ", ".join(files), red=True)
