"""A pytest plugin (conftest.py loads it): a test file whose every test skipped, or that skipped at import
(``pytest.importorskip`` of an extra that is not installed), is said at the end of the run. With
``VDMFMA_TESTS_COMPLETE`` set (.ci/run sets it: CI installs every extra and runs as root) such a file fails the
run, since there a file that skips whole is a test that silently stopped running."""

from __future__ import annotations

import os

import pytest

COMPLETE = "VDMFMA_TESTS_COMPLETE"  # set: every test file must run (.ci/run)
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
    if files and os.environ.get(COMPLETE) and exitstatus in (pytest.ExitCode.OK, pytest.ExitCode.NO_TESTS_COLLECTED):
        session.exitstatus = pytest.ExitCode.TESTS_FAILED
        session.config.get_terminal_writer().line(
            f"error: {len(files)} test file(s) skipped whole with {COMPLETE} set (every extra installed): "
            + ", ".join(files), red=True)
