"""``narrator simulate battaglia --llm endpoint --concurrency N`` plays N games at once against one endpoint.

The endpoint is **testing machinery** (``tests.llm.faults.FakeEndpoint`` on 127.0.0.1): it holds every
request half a second, counts how many are in flight at once, and answers with a spent token budget
(a huge usage figure), so each game's model seat makes one call and its scripted fallback plays on.
"""

from __future__ import annotations

import json
import os
import threading
import time
from http.server import BaseHTTPRequestHandler
from pathlib import Path

import pytest
from typer.testing import CliRunner

from narrator.cli.main import app
from tests.llm.faults import FakeEndpoint, completion, send_json


class InFlight:
    """Counts the requests being answered at once (the peak is what the test checks)."""

    def __init__(self) -> None:
        self.now = self.peak = 0
        self.lock = threading.Lock()
        self.reply = send_json(completion(arguments=json.dumps({}), prompt_tokens=10**6))

    def __call__(self, handler: BaseHTTPRequestHandler) -> None:
        with self.lock:
            self.now += 1
            self.peak = max(self.peak, self.now)
        time.sleep(0.5)  # long enough for the other game's call to arrive
        with self.lock:
            self.now -= 1
        self.reply(handler)


@pytest.mark.slow
@pytest.mark.parametrize("games_at_once", [1, 2])
def test_games_at_once_share_one_endpoint(games_at_once: int, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    flight = InFlight()
    with FakeEndpoint(flight) as endpoint:
        for name, value in {"NARRATOR_CONFIG": os.devnull, "OPENAI_BASE_URL": endpoint.base_url,
                            "OPENAI_API_KEY": "test", "NARRATOR_LLM_MODEL": "fault-model",
                            "NARRATOR_LLM_BUDGET_TOKENS": "1000", "NARRATOR_LLM_MAX_RETRIES": "0",
                            "NARRATOR_LLM_CONCURRENCY": "1"}.items():
            monkeypatch.setenv(name, value)
        result = CliRunner().invoke(app, ["simulate", "battaglia", "--players", "6", "--games", "2", "--llm", "endpoint",
                                          "--concurrency", str(games_at_once), "--out", str(tmp_path / "run"),
                                          "--no-progress", "--no-edge"])
        requests = endpoint.requests
    assert result.exit_code == 0, result.output
    assert requests == 2, "one call per game: the budget is spent after it, the scripted bot plays on"
    assert flight.peak == games_at_once, "the games' calls reached the one endpoint at the same time"
    stats = json.loads((tmp_path / "run" / "llm_stats.json").read_text(encoding="utf-8"))
    assert "budget" in json.dumps(stats)
