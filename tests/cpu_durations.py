"""``--cpu-durations=N``: the N tests that cost the most CPU (setup + call + teardown), and the lane's total.

pytest's ``--durations`` measures wall time, which on a shared 2-core machine says more about the load
than about the test. CPU time (``time.process_time``, measured in the process that ran the test) is the
steady figure for deciding what belongs in the slow lane (docs/testing.md). It works under xdist: each
phase's CPU travels to the controller in the report's ``user_properties``.
"""

from __future__ import annotations

import time
from collections import defaultdict
from collections.abc import Generator

import pytest

_KEY = "cpu_seconds"
_WALL = "wall_seconds"


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption("--cpu-durations", type=int, default=None, metavar="N",
                     help="show the N tests that used the most CPU time (0: all), and the lane's sum")


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> Generator[None, None, None]:
    outcome = yield
    if item.config.getoption("cpu_durations") is None:
        return
    start = getattr(item, "_cpu_phase_start", None)
    if start is not None:
        wall = getattr(item, "_wall_phase_start", None)
        report = outcome.get_result()
        report.user_properties.append((_KEY, time.process_time() - start))
        report.user_properties.append((_WALL, time.perf_counter() - wall))


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_protocol(item: pytest.Item) -> Generator[None, None, None]:
    _restart(item)
    yield


def _restart(item: pytest.Item) -> None:
    item._cpu_phase_start = time.process_time()  # type: ignore[attr-defined]
    item._wall_phase_start = time.perf_counter()  # type: ignore[attr-defined]


@pytest.hookimpl(tryfirst=True)
def pytest_runtest_call(item: pytest.Item) -> None:
    _restart(item)


@pytest.hookimpl(tryfirst=True)
def pytest_runtest_teardown(item: pytest.Item) -> None:
    _restart(item)


class _Totals:
    def __init__(self) -> None:
        self.by_test: dict[str, float] = defaultdict(float)
        self.waited: dict[str, float] = defaultdict(float)


_totals = _Totals()


def pytest_runtest_logreport(report: pytest.TestReport) -> None:
    for key, value in report.user_properties:
        if key == _KEY:
            _totals.by_test[report.nodeid] += value
            _totals.waited[report.nodeid] -= value
        elif key == _WALL:
            _totals.waited[report.nodeid] += value


def pytest_terminal_summary(terminalreporter, config: pytest.Config) -> None:
    count = config.getoption("cpu_durations")
    if count is None or not _totals.by_test:
        return
    ranked = sorted(_totals.by_test.items(), key=lambda pair: -pair[1])
    terminalreporter.write_sep("=", f"CPU time per test (sum {sum(_totals.by_test.values()):.1f} s over {len(ranked)} tests)")
    for nodeid, seconds in ranked[: count or None]:
        terminalreporter.write_line(f"{seconds:8.2f}s  {nodeid}")
    # Wall time beyond the process's own CPU: subprocesses, sleeps, timeouts, threads waiting on each other.
    waits = sorted(_totals.waited.items(), key=lambda pair: -pair[1])
    terminalreporter.write_sep("=", f"wall time beyond CPU per test (sum {sum(_totals.waited.values()):.1f} s)")
    for nodeid, seconds in waits[: count or None]:
        terminalreporter.write_line(f"{seconds:8.2f}s  {nodeid}")
