"""Shared fixtures. The package under test is whatever `import message_composer` finds: the wheel
installed in a venv (`make test-python`), or the source tree on PYTHONPATH with the library named by
MESSAGE_COMPOSER_LIB (README, "Tests").

With MC_NO_SKIPS=1 (set by `make test-python`) a skipped test fails the run, naming each skip: a
skip there means something was not tested."""

import os

import pytest

from message_composer import Draft

_skipped = []


@pytest.fixture
def draft():
    with Draft() as d:
        yield d


def pytest_runtest_logreport(report):
    if report.skipped and not hasattr(report, "wasxfail"):
        reason = report.longrepr[2] if isinstance(report.longrepr, tuple) else str(report.longrepr)
        _skipped.append(f"{report.nodeid}: {reason}")


def pytest_sessionfinish(session, exitstatus):
    if os.environ.get("MC_NO_SKIPS") == "1" and _skipped:
        session.exitstatus = pytest.ExitCode.TESTS_FAILED


def pytest_terminal_summary(terminalreporter, exitstatus, config):
    if os.environ.get("MC_NO_SKIPS") == "1" and _skipped:
        terminalreporter.section("skipped tests fail this run (MC_NO_SKIPS=1)", red=True)
        for line in _skipped:
            terminalreporter.line(line)
