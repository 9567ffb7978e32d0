"""Time to the first streamed word of real narration prompts on the embedded model (issue #11: <= 1 s).

The prompts are the request bodies recorded in the cassettes (``tests/llm/cassettes``): the Ten Candles
Storyteller's narration, the Dark Ages Storyteller's, and battaglia accusations (a seat's speech). Each is
sent as a streamed request, in the order a game sends them, to a running server; the time counted is from
the request to the first character of the prose field (``text`` or ``speech`` of the forced function call:
what the page shows as the first draft), the same moment ``benchmarks/llm_concurrency.py --ttft`` counts.

``--warm`` first sends each game's system prompt alone (one token answered), as a table does when it
opens (:func:`narrator.agents.llm.client.warm_up`): the server's prompt cache then holds the rules and the
persona, and a narration call evaluates only its own lines. The machine's load average is printed with
the numbers (2 cores shared with other jobs: it is rarely quiet).

``--warm-prefix CHARS`` sends each call first without its last CHARS characters: what the session's warm-up
(``Session._warm_next``) has cached when an accuser is asked, all but the speech made just before and the task.
``--warm-as-game`` cuts each battaglia accusation exactly where the warm-up's prompt differs from the real one:
before the last of today's lines (the accusation just made; the warm-up had a pass standing in for it), or before
the count of accusations when today had no line yet (other prompts: ``--warm-prefix``'s cut, else none).

``--table SEED`` plays a Ten Candles table instead (``narrator.ten_candles.prompt_trace``: seat 0 taken for a
person, the other seats and the Storyteller's words scripted, no model asked while tracing): every Storyteller
request in the game's order, with the warm-ups the session sends while that person decides (``--no-warm-ups``:
none, as before they existed). Each warm-up is waited for before the next request (a person's choice takes longer
than the second it needs); a row per streamed prompt says whether a warm-up came right before it.

    python benchmarks/first_token.py --base-url http://127.0.0.1:8107/v1 [--warm] [--warm-prefix 400] [--rounds 3]
    python benchmarks/first_token.py --base-url http://127.0.0.1:8107/v1 --warm --table 1 [--lang ru] [--no-warm-ups]
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import time
from pathlib import Path
from typing import Any

import httpx
import yaml
from langchain_core.utils.json import parse_partial_json

CASSETTES = Path(__file__).resolve().parent.parent / "tests" / "llm" / "cassettes"
PROMPTS = {"ten_candles_narration": "text", "storyteller_dark_ages": "text", "battaglia_accusation": "speech",
           "web_streamed_accusation": "speech"}
"""Cassette -> the prose field its function call streams."""


def recorded_bodies(name: str) -> list[dict[str, Any]]:
    data = yaml.safe_load((CASSETTES / f"{name}.yaml").read_text(encoding="utf-8"))
    bodies = [json.loads(i["request"]["body"]) for i in data["interactions"] if i["request"].get("body")]
    return [b for b in bodies if b.get("messages")]


def first_prose(base_url: str, body: dict[str, Any], field: str) -> dict[str, Any]:
    """Stream ``body``; seconds to the first byte, to the first prose character, and in all."""
    body = {**body, "stream": True, "temperature": 0.0}
    body.pop("stream_options", None)
    begun = time.monotonic()
    first_byte = first_word = None
    raw = ""
    with httpx.stream("POST", base_url.rstrip("/") + "/chat/completions", json=body, timeout=600) as response:
        for line in response.iter_lines():
            if not line.startswith("data: {"):
                continue
            first_byte = first_byte or time.monotonic() - begun
            delta = json.loads(line[6:])["choices"][0]["delta"]
            for call in delta.get("tool_calls") or []:
                raw += (call.get("function") or {}).get("arguments") or ""
            if first_word is None and raw:
                try:
                    value = (parse_partial_json(raw) or {}).get(field)
                except (ValueError, AttributeError):
                    value = None
                if isinstance(value, str) and value.strip():
                    first_word = time.monotonic() - begun
    return {"first_byte_s": round(first_byte or -1, 2), "first_prose_s": None if first_word is None
            else round(first_word, 2), "total_s": round(time.monotonic() - begun, 2)}


def asked(body: dict[str, Any]) -> dict[str, Any]:
    """What a recorded call asks (the first words of its task line) and whether it is a re-ask."""
    users = [str(m["content"]) for m in body["messages"] if m["role"] == "user"]
    task = users[0].strip().rsplit("\n", 1)[-1]
    return {"asks": " ".join(task.split()[:3]), "reask": len(users) > 1}


def warm(base_url: str, body: dict[str, Any]) -> None:
    """The system prompt alone, one token answered: its evaluated state stays in the server's cache."""
    system = [m for m in body["messages"] if m["role"] == "system"][:1]
    httpx.post(base_url.rstrip("/") + "/chat/completions", timeout=600,
               json={"model": body["model"], "messages": system, "max_tokens": 1, "temperature": 0.0})


def warm_prefix(base_url: str, body: dict[str, Any], cut: int) -> None:
    """What a game's warm-up has cached when a seat is asked (``Session._warm_next``): the same prompt sent
    while the seat before it spoke, so without that speech and the lines after it; approximated by the body
    with the last ``cut`` characters of its last message left out, one token answered."""
    warm_at(base_url, body, len(str(body["messages"][-1]["content"])) - cut)


TODAY = ("\nToday:\n", "\nСегодня:\n")
COUNT = ("\nAccusations so far:", "\nОбвинений уже:")


def game_cut(text: str) -> int | None:
    """Where a battaglia accusation prompt's warm-up ends (see ``--warm-as-game``): today's lines and the count of
    accusations close the prompt, so the warm-up (a pass standing in for the accusation just made) had all but the
    last of today's lines; with today empty before it, all but the count. ``None``: not such a prompt."""
    count = max((text.rfind(mark) for mark in COUNT), default=-1)
    if count < 0:
        return None
    today, header = max((text.rfind(mark, 0, count), mark) for mark in TODAY)
    if today < 0:
        return count
    last = text.rfind("\n- ", today, count)
    return today if last == today + len(header) - 1 else last  # one line today: the warm-up had no block


def warm_at(base_url: str, body: dict[str, Any], index: int) -> None:
    """The body with its last message cut at ``index``, one token answered."""
    messages = [dict(m) for m in body["messages"]]
    messages[-1]["content"] = str(messages[-1]["content"])[:index]
    httpx.post(base_url.rstrip("/") + "/chat/completions", timeout=600,
               json={"model": body["model"], "messages": messages, "max_tokens": 1, "temperature": 0.0})


def table_requests(seed: int, lang: str, warm_ups: bool) -> list[tuple[str, dict[str, Any], str | None]]:
    """(role or ``warm``, request body, prose field) of each Storyteller request of a Ten Candles table where seat 0
    is a person (``narrator.ten_candles.prompt_trace``), in the game's order: the warm-ups the session sends while
    that person decides (``warm_ups``), then each prompt as the Storyteller sends it (its function forced)."""
    from langchain_core.utils.function_calling import convert_to_openai_tool
    from narrator.agents.llm import load_settings
    from narrator.agents.llm.writer import prose_field
    from narrator.agents.ten_candles import llm_roles as roles

    from narrator.ten_candles.prompt_trace import trace

    outputs = {role.name: role.output for role in (roles.NARRATION, roles.SCENE, roles.GM_TRUTH, roles.ATTEMPT)}
    settings = load_settings(warm_up=warm_ups).for_local("http://127.0.0.1:9/v1", MODEL)
    requests: list[tuple[str, dict[str, Any], str | None]] = []
    for asked in trace(settings, seed, lang=lang):
        messages = [{"role": "system", "content": asked.system}, {"role": "user", "content": asked.prompt}]
        if asked.warm:
            requests.append((asked.role, {"model": MODEL, "messages": messages, "max_tokens": 1}, None))
            continue
        output = outputs[asked.role]
        tool = convert_to_openai_tool(output)
        requests.append((asked.role, {"model": MODEL, "messages": messages, "max_tokens": 256, "tools": [tool],
                                      "tool_choice": {"type": "function", "function": {"name": tool["function"]["name"]}}},
                         prose_field(output)))
    return requests


MODEL = "smollm2-135m-instruct"


def play_table(base_url: str, seed: int, lang: str, warm_ups: bool, limit: int) -> list[dict[str, Any]]:
    """Send a traced table's requests in order (each warm-up waited for, as a person's decision outlasts it); a row
    per streamed prompt, ``warmed`` when a warm-up came right before it."""
    rows: list[dict[str, Any]] = []
    before = ""
    for role, body, field in table_requests(seed, lang, warm_ups):
        if len(rows) >= limit:
            break
        if field is None:
            httpx.post(base_url.rstrip("/") + "/chat/completions", json={**body, "temperature": 0.0}, timeout=600)
        else:
            row = {"prompt": f"table {seed} {lang}", "role": role, "warmed": before == "warm",
                   **first_prose(base_url, body, field)}
            rows.append(row)
            print(json.dumps(row), flush=True)
        before = role
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--base-url", required=True)
    parser.add_argument("--warm", action="store_true", help="send each game's system prompt first")
    parser.add_argument("--warm-prefix", type=int, default=0, metavar="CHARS",
                        help="before each call, send it without its last CHARS characters (a game's warm-up)")
    parser.add_argument("--warm-as-game", action="store_true",
                        help="before each battaglia call, send it as the game's warm-up had it (cut at today's last line)")
    parser.add_argument("--rounds", type=int, default=1, help="play the recorded calls this many times")
    parser.add_argument("--only", action="append", default=[], help="cassette names (default: all)")
    parser.add_argument("--table", type=int, action="append", default=[], metavar="SEED",
                        help="instead of the cassettes, a Ten Candles table's requests (seat 0 a person), traced")
    parser.add_argument("--lang", choices=("en", "ru"), default="en", help="the traced table's language")
    parser.add_argument("--no-warm-ups", action="store_true", help="the traced table sends no warm-ups (before)")
    parser.add_argument("--limit", type=int, default=40, help="streamed prompts of a traced table at most")
    args = parser.parse_args()
    load_before = os.getloadavg()
    rows = []
    if args.warm and args.table:
        warm(args.base_url, table_requests(args.table[0], args.lang, False)[0][1])
    for seed in args.table:
        rows += play_table(args.base_url, seed, args.lang, not args.no_warm_ups, args.limit)
    for name in [] if args.table else args.only or list(PROMPTS):
        bodies = recorded_bodies(name)
        if args.warm:
            warm(args.base_url, bodies[0])
        for round_ in range(args.rounds):
            for index, body in enumerate(bodies):
                cut = game_cut(str(body["messages"][-1]["content"])) if args.warm_as_game else None
                if cut is not None:
                    warm_at(args.base_url, body, cut)
                elif args.warm_prefix:
                    warm_prefix(args.base_url, body, args.warm_prefix)
                row = {"prompt": name, "call": index, "round": round_, **asked(body),
                       **first_prose(args.base_url, body, PROMPTS[name])}
                rows.append(row)
                print(json.dumps(row), flush=True)
    times = [r["first_prose_s"] for r in rows if r["first_prose_s"] is not None]
    for role, warmed in sorted({(r.get("role"), r.get("warmed")) for r in rows if "role" in r}):
        some = [r["first_prose_s"] for r in rows if (r.get("role"), r.get("warmed")) == (role, warmed)
                and r["first_prose_s"] is not None]
        if some:
            print(json.dumps({"role": role, "warmed": warmed, "calls": len(some), "first_prose_s_p50": statistics.median(some),
                              "first_prose_s_max": max(some), "at_most_1s": sum(1 for t in some if t <= 1.0)}))
    print(json.dumps({"warm": args.warm, "warm_prefix": args.warm_prefix, "warm_as_game": args.warm_as_game, "calls": len(rows), "with_prose": len(times),
                      "first_prose_s_p50": statistics.median(times) if times else None,
                      "first_prose_s_max": max(times) if times else None,
                      "load_before": [round(x, 1) for x in load_before],
                      "load_after": [round(x, 1) for x in os.getloadavg()]}))


if __name__ == "__main__":
    main()
