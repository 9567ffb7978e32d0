"""Run ``narrator serve`` with the test games registered: ``python -m tests.web.serve_for_tests PORT DATA``.

The browser tests start this in a subprocess, so they drive the real server code path
(uvicorn, our access log, the lifespan that resumes tables) on a free local port.
"""

from __future__ import annotations

import sys
from pathlib import Path

from narrator.rules.registry import register_game

from narrator.cli.serve import serve

if __name__ == "__main__":
    import narrator.web.app as web_app
    from narrator.web.limits import RateLimit

    # the browser tests' pages poll and click at machine speed (tests/conftest.py says why; the limits are
    # tested with explicit values in tests/web/test_abuse.py)
    web_app.RateLimit = lambda: RateLimit(client_rate=1e6, client_burst=1e6, seat_rate=1e6,  # type: ignore[misc,assignment]
                                          seat_burst=1e6)
    register_game("pig", "tests.core.pig:GAME")
    register_game("whisper", "tests.web.whisper:GAME")
    serve(host="127.0.0.1", port=int(sys.argv[1]), data=Path(sys.argv[2]), bot_delay=float(sys.argv[3]),
          log_level="info")
