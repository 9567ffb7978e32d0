"""The load test, small: seats playing over real sockets, the server killed (SIGKILL) under them and restarted:
no move it answered is lost and every table answers again (``benchmarks/web_load.py --kill``, 50 sockets, 60 s)."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

BENCHMARK = Path(__file__).resolve().parents[2] / "benchmarks" / "web_load.py"


@pytest.mark.slow  # a server process, 8 s of play and a restart
def test_a_kill_9_under_load_loses_no_answered_move() -> None:
    run = subprocess.run([sys.executable, str(BENCHMARK), "--tables", "2", "--seats", "6", "--seconds", "8", "--kill"],
                         capture_output=True, text=True, timeout=120, check=False)
    assert run.returncode == 0, run.stdout + run.stderr
    found = re.search(r"(\d+) moves answered ok, (\d+) lost; \d+ requests cut by the kill; (\d+) tables unreadable",
                      run.stdout)
    assert found, run.stdout
    answered, lost, unreadable = map(int, found.groups())
    assert answered > 10 and lost == 0 and unreadable == 0
    assert "errors: 0" in run.stdout
