"""Issue 16's measurement: typed intents turned into kernel-checked rulings by a model Storyteller.

For each game and language, each of the 30 intents of ``benchmarks/improv_intents.yaml`` is typed
at its scene (a fresh table, seed 3) and the model rules on it once; what the kernel made of the
ruling is classified:

* ``roll_first`` / ``roll_reasked``: a roll (or contest) the kernel accepted, on the first ruling or after re-asks;
* ``no_roll_first`` / ``no_roll_reasked``: no roll needed (narrated, the turn passes);
* ``approach``: the ruling named a suggested move, attack or contest (the scenario's own request);
* ``fell_back``: the model gave up (re-asks spent, transport): the template read the words.

Per decision: model calls, prompt and completion tokens, latency. One JSON line per decision goes
to ``--out`` as it is made (a long run can be read while it goes), and a table at the end::

    python benchmarks/improv_intents.py --url http://127.0.0.1:8103/v1 --out /tmp/improv.jsonl
    python benchmarks/improv_intents.py --summarise /tmp/improv.jsonl
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path
from typing import Any

import yaml

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.storyteller.improv_support import rule_on, settings, verdict
from tests.ten_candles import attempt_support

INTENTS = Path(__file__).with_name("improv_intents.yaml")
KINDS = ("roll_first", "roll_reasked", "no_roll_first", "no_roll_reasked", "approach", "fell_back")


def classify_attempt(found: dict[str, Any]) -> str:
    """Ten Candles: a conflict counts as a roll, no conflict as no roll; the template ruling is a fallback."""
    if found["by"] != "llm":
        return "fell_back"
    first = len(found["calls"]) == 1 and not found["rejected"]
    if found["ruling"] == "no_conflict":
        return "no_roll_first" if first else "no_roll_reasked"
    return "roll_first" if first else "roll_reasked"


def decide(item: dict[str, Any], book: str, lang: str, url: str, path: Path) -> tuple[dict[str, Any], str, list[Any]]:
    """One typed intent ruled on: the verdict, its kind and the model's ruling calls."""
    if book == "ten_candles":
        result = attempt_support.rule_on_attempt(item[lang], path, lang=lang, settings=settings(url))
        found = attempt_support.verdict(result["records"])
        return found, classify_attempt(found), found["calls"]
    result = rule_on(item[lang], path, book=book, lang=lang, base_url=url, scene=item["scene"])
    found = verdict(result["records"])
    return found, classify(found), [c for c in found["calls"] if c.get("role") == "storyteller-intent"]


def classify(found: dict[str, Any]) -> str:
    """One of :data:`KINDS` for a decision's :func:`verdict`."""
    by = str(found["by"] or "")
    if not by.startswith("llm:"):
        return "fell_back"
    asks = sum(1 for c in found["calls"] if c.get("role") == "storyteller-intent")
    first = asks == 1 and not found["rejected"]
    if found["ruling"] == "approach":
        return "approach"
    if found["ruling"] == "no_roll":
        return "no_roll_first" if first else "no_roll_reasked"
    return "roll_first" if first else "roll_reasked"


def run(url: str, out: Path, books: list[str], langs: list[str], limit: int | None, block: int = 1) -> None:
    data = yaml.safe_load(INTENTS.read_text(encoding="utf-8"))
    done = set()
    if out.is_file():  # a run taken up again: the decisions already measured are kept
        done = {(r["book"], r["lang"], r["n"]) for r in map(json.loads, out.read_text(encoding="utf-8").splitlines())}
    # round-robin over games and languages in blocks of ``block`` intents: a run cut short has measured
    # each of them about as often, and within a block the server reuses the prompt's long common prefix
    # (llama.cpp's prefix cache; under load, evaluating the prompt is most of a decision's time)
    count = min(len(data[b]) for b in books)
    numbers = [n for n in range(1, 1 + count) if n <= (limit or n)]
    order = [(number, book, lang) for start in range(0, len(numbers), block)
             for lang in langs for book in books for number in numbers[start:start + block]]
    with out.open("a", encoding="utf-8") as sink, tempfile.TemporaryDirectory() as tmp:
        for number, book, lang in order:
            item = data[book][number - 1]
            if (book, lang, number) in done:
                continue
            started = time.perf_counter()
            path = Path(tmp) / f"{book}-{lang}-{number}.jsonl"
            found, kind, calls = decide(item, book, lang, url, path)
            line = {"book": book, "lang": lang, "n": number, "scene": item["scene"], "intent": item[lang],
                    "kind": kind, "move": found["move"], "rejected": found["rejected"],
                    "fallbacks": found["fallbacks"], "calls": len(calls),
                    "prompt_tokens": sum(c.get("prompt_tokens") or 0 for c in calls),
                    "first_prompt_tokens": calls[0].get("prompt_tokens") if calls else 0,
                    "completion_tokens": sum(c.get("completion_tokens") or 0 for c in calls),
                    "latency_ms": sum(c.get("latency_ms") or 0 for c in calls),
                    "wall_s": round(time.perf_counter() - started, 1),
                    "answers": [c.get("completion") for c in calls]}
            sink.write(json.dumps(line, ensure_ascii=False) + "\n")
            sink.flush()
            print(f"{book} {lang} {number:2}: {line['kind']:16} {line['calls']} calls "
                  f"{line['latency_ms'] / 1000:6.1f} s  {item[lang][:50]}", flush=True)


def summarise(path: Path) -> str:
    rows = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]
    groups: dict[tuple[str, str], list[dict[str, Any]]] = {}
    for row in rows:
        groups.setdefault((row["book"], row["lang"]), []).append(row)
    head = ("| game, language | intents | " + " | ".join(KINDS) + " | calls | prompt tokens (1st call) "
            "| latency mean / max |")
    lines = [head, "|" + "---|" * (head.count("|") - 1)]
    for (book, lang), group in sorted(groups.items()):
        kinds = Counter(r["kind"] for r in group)
        n = len(group)
        calls = sum(r["calls"] for r in group) / n
        prompt = sum(r["prompt_tokens"] for r in group) / n
        first = sum(r["first_prompt_tokens"] for r in group) / n
        latency = [r["latency_ms"] / 1000 for r in group]
        lines.append(f"| {book}, {lang} | {n} | " + " | ".join(str(kinds.get(k, 0)) for k in KINDS)
                     + f" | {calls:.2f} | {prompt:.0f} ({first:.0f}) | {sum(latency) / n:.1f} / {max(latency):.1f} s |")
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--url", default="http://127.0.0.1:8103/v1", help="an OpenAI-compatible endpoint")
    parser.add_argument("--out", type=Path, default=Path("improv_intents.jsonl"))
    parser.add_argument("--books", default="dark_ages,wild_west,ten_candles")
    parser.add_argument("--langs", default="en,ru")
    parser.add_argument("--limit", type=int, default=None, help="the first N intents per game only")
    parser.add_argument("--block", type=int, default=10,
                        help="intents of one game and language measured in a row (1: strict round-robin)")
    parser.add_argument("--summarise", type=Path, default=None, help="print the table of a finished --out file")
    args = parser.parse_args()
    if args.summarise is not None:
        print(summarise(args.summarise))
        return
    run(args.url, args.out, args.books.split(","), args.langs.split(","), args.limit, args.block)
    print(summarise(args.out))


if __name__ == "__main__":
    main()
