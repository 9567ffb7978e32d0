"""Prompt tokens per battaglia LLM decision, as the model server counts them.

Goals (issue #11): at most 1,500 prompt tokens per decision for 12 players on day 3, at most 2,000
for 17 players on day 5. A seeded scripted game is driven to that day; then every decision of the
night before it and of the day is put to a :class:`BattagliaLLM` whose model only records the
messages and the function it would send and fails (the scripted fallback moves, nothing is
invented). Each recorded request is then sent, as the agent sends it (system + user message, the
function forced), and counted. By default (offline, seconds) the raw text of the messages and the
function's JSON schema is counted with SmolLM2's own tokenizer: an upper bound, since the server
renders the schema more compactly (one 12-player accusation: 1,585 here, 1,343 by the server).
``--server`` (the embedded model, started here) or ``--base-url`` send each request with
``max_tokens=1`` and take the ``prompt_tokens`` of the answer's usage (slow on a loaded machine).

    python benchmarks/battaglia_prompt_tokens.py                 # 12p day 3 and 17p day 5, seeds 1..2
    python benchmarks/battaglia_prompt_tokens.py --base-url http://127.0.0.1:8106/v1 --per-kind 2 --json
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
from collections import defaultdict
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

import openai
from langchain_core.utils.function_calling import convert_to_openai_tool
from narrator.agents.battaglia.llm import BattagliaLLM
from narrator.agents.battaglia.llm.roles import decision_kind
from narrator.agents.llm import load_settings
from narrator.rules.battaglia import GAME
from narrator.rules.core import CHANCE

from tests.battaglia.llm_helpers import scripted_session

GOALS = ((12, 3, 1500), (17, 5, 2000))
"""(players, day, most prompt tokens allowed per decision)."""


@dataclass
class Sent:
    """One request a decision would make: its messages and its function."""

    messages: list[dict[str, str]]
    tool: dict[str, Any]

    @property
    def text(self) -> str:
        return "\n".join(m["content"] for m in self.messages) + "\n" + json.dumps(self.tool)


class RecordingModel:
    """Records what one call would send (messages + function) and fails, so the scripted bot moves."""

    def __init__(self) -> None:
        self.sent: list[Sent] = []
        self._tool: dict[str, Any] = {}

    def with_structured_output(self, schema: Any, **_: Any) -> RecordingModel:
        self._tool = convert_to_openai_tool(schema)
        return self

    def invoke(self, messages: list[Any]) -> Any:
        roles = {"system": "system", "human": "user", "ai": "assistant"}
        self.sent.append(Sent([{"role": roles[m.type], "content": str(m.content)} for m in messages], self._tool))
        raise openai.OpenAIError("benchmark: prompts are only counted")


def prompts_of_day(players: int, day: int, seed: int) -> list[tuple[str, Sent]]:
    """(decision kind, request) of every decision with a choice from night ``day`` to the end of day ``day``."""
    session, table = scripted_session(players, seed)
    settings = load_settings().for_local("http://127.0.0.1:9/v1", "counting")
    found: list[tuple[str, str]] = []
    for _ in range(20000):
        state = session.state
        active = GAME.active_players(state)
        today, tonight = state.day, state.night_no
        if not active or GAME.outcome(state) is not None or today > day:
            break
        if CHANCE not in active and tonight >= day and (today == day or str(state.phase) == "night"):
            seat = min(active)
            legal = GAME.legal_actions(state, seat)
            if len(legal) > 1:
                model = RecordingModel()
                scripted = session.agents[seat]
                session.agents[seat] = BattagliaLLM(settings, seat, table, model=model)
                session.fallbacks[seat] = scripted
                view = GAME.view(state, seat)
                kind = decision_kind(view, {a.kind for a in legal})
                session.ask(seat)
                session.agents[seat] = scripted
                found += [(kind, sent) for sent in model.sent[:1]]
                continue
        session.step()
    return found


def server_counter(base_url: str) -> Callable[[Sent], int]:
    """Counts a request's prompt tokens as the server at ``base_url`` reports them."""
    client = openai.OpenAI(base_url=base_url, api_key="benchmark", max_retries=2)

    def count(sent: Sent) -> int:
        name = sent.tool["function"]["name"]
        answer = client.chat.completions.create(
            model="smollm2-135m-instruct", messages=sent.messages, tools=[sent.tool],  # type: ignore[arg-type]
            tool_choice={"type": "function", "function": {"name": name}}, max_tokens=1, temperature=0)
        return int(answer.usage.prompt_tokens) if answer.usage else 0

    return count


def offline_counter() -> Callable[[Sent], int]:
    """Counts the raw text of a request with SmolLM2's tokenizer."""
    import llama_cpp

    from narrator.llm.local import model_path

    tokenizer = llama_cpp.Llama(str(model_path()), vocab_only=True, verbose=False)
    return lambda sent: len(tokenizer.tokenize(sent.text.encode("utf-8"), add_bos=False))


def p95(counts: list[int]) -> int:
    """The 95th percentile (nearest rank) of ``counts``."""
    ranked = sorted(counts)
    return ranked[max(0, -(-len(ranked) * 95 // 100) - 1)] if ranked else 0


def measure(seeds: list[int], count: Callable[[Sent], int], per_kind: int, dump: str | None = None) -> dict[str, Any]:
    results: dict[str, Any] = {}
    for players, day, goal in GOALS:
        by_kind: dict[str, list[int]] = defaultdict(list)
        largest: dict[str, tuple[int, Sent]] = {}
        for seed in seeds:
            for kind, sent in prompts_of_day(players, day, seed):
                if len(by_kind[kind]) < per_kind * len(seeds):
                    by_kind[kind].append(n := count(sent))
                    if n > largest.get(kind, (-1, sent))[0]:
                        largest[kind] = (n, sent)
        every = [n for counts in by_kind.values() for n in counts]
        name = f"{players}p_day{day}"
        results[name] = {
            "goal": goal, "decisions": len(every), "max": max(every, default=0), "p95": p95(every),
            "mean": round(statistics.fmean(every), 1) if every else 0, "within_goal": max(every, default=0) <= goal,
            "by_kind": {k: {"n": len(v), "mean": round(statistics.fmean(v), 1), "p95": p95(v), "max": max(v)}
                        for k, v in sorted(by_kind.items())}}
        if dump:
            os.makedirs(dump, exist_ok=True)
            for kind, (n, sent) in largest.items():
                with open(os.path.join(dump, f"{name}_{kind}.txt"), "w", encoding="utf-8") as out:
                    out.write(f"{n} tokens\n{sent.text}\n")
    return results


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seeds", type=int, default=2, help="seeds 1..N (default 2)")
    parser.add_argument("--per-kind", type=int, default=100, help="decisions counted per kind and seed (default 100)")
    parser.add_argument("--base-url", help="an OpenAI-compatible server to count with (default: start the local model)")
    parser.add_argument("--server", action="store_true", help="count with the embedded model server (started here)")
    parser.add_argument("--json", action="store_true", help="print the results as JSON")
    parser.add_argument("--dump", metavar="DIR", help="write the largest prompt of each kind into DIR")
    args = parser.parse_args()
    seeds = list(range(1, args.seeds + 1))
    if args.base_url:
        results = measure(seeds, server_counter(args.base_url), args.per_kind, args.dump)
    elif args.server:
        from narrator.llm.local import local_server

        with local_server() as server:
            results = measure(seeds, server_counter(server.base_url), args.per_kind, args.dump)
    else:
        results = measure(seeds, offline_counter(), args.per_kind, args.dump)
    if args.json:
        print(json.dumps(results, indent=2))
        return
    for name, row in results.items():
        print(f"{name}: {row['decisions']} decisions, prompt tokens mean {row['mean']}, p95 {row['p95']}, max {row['max']} "
              f"(goal <= {row['goal']}: {'met' if row['within_goal'] else 'NOT met'})")
        for kind, stats in row["by_kind"].items():
            print(f"  {kind:<10} n={stats['n']:<4} mean={stats['mean']:<8} p95={stats['p95']:<6} max={stats['max']}")


if __name__ == "__main__":
    main()
