"""Measure the LLM seat on the toy game Pig against the embedded local model (or any endpoint).

    python benchmarks/llm_pig.py --decisions 20       # starts the local SmolLM2 server for the run
    OPENAI_BASE_URL=... python benchmarks/llm_pig.py --endpoint

Prints per-decision usage (calls, prompt tokens, latency) and illegal-proposal rates before/after
re-asks, for two roles: a silent chooser, and a talker whose speech must name its move.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from narrator.agents.llm import ChoiceRole, LLMAgent, UsageStats, load_settings

from narrator.session import Session
from tests.core.pig import GAME, PigConfig
from tests.llm.scenarios import says_its_move
from tests.llm.support import PIG_RULES, HoldAt

ROLES = {
    "chooser": ChoiceRole(name="pig-player"),
    "talker": ChoiceRole(name="pig-talker", speech="say which move you make and why", validator=says_its_move),
}


def measure(settings, decisions: int) -> dict[str, dict]:  # type: ignore[no-untyped-def]
    """Per role: Pig games (LLM seat 0 vs a scripted seat, target 10) until ``decisions`` LLM decisions."""
    results = {}
    for name, role in ROLES.items():
        stats, seed = UsageStats(), 100
        while len(stats.decisions) < decisions:
            agent = LLMAgent(settings, role, rules=PIG_RULES, stats=stats)
            session = Session(GAME, PigConfig(target=10), {0: agent, 1: HoldAt()}, seed=seed,
                              fallbacks={0: HoldAt(), 1: HoldAt()})
            while len(stats.decisions) < decisions and session.step():
                pass
            seed += 1
        results[name] = stats.summary()
    return results


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--decisions", type=int, default=20, help="LLM decisions measured per role")
    parser.add_argument("--endpoint", action="store_true", help="use the configured endpoint, not the local model")
    args = parser.parse_args()
    settings = load_settings(retry_wait_max=1.0)
    if args.endpoint:
        print(json.dumps(measure(settings, args.decisions), indent=2))
        return
    from narrator.llm.local import MODEL_ALIAS, local_server

    with local_server() as server:
        print(json.dumps(measure(settings.for_local(server.base_url, MODEL_ALIAS), args.decisions), indent=2))


if __name__ == "__main__":
    main()
