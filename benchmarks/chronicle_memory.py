"""Issue 16: the model's memory of a chronicle stays bounded: the ruling prompt's size per scene as sessions pile up.

Plays K template sessions of a chronicle (scripted player, no model), then renders the ruling
prompt the model would get at each scene of the scenario (the intent "I look around", the
chronicle's memory in it) and prints its size: characters, words, and tokens estimated at the
ratio measured on SmolLM2 (``--ratio``, characters per prompt token: the server counted 798 prompt
tokens, the function schema included, for the 2,945 characters of the Dark Ages landing prompt in
``benchmarks/improv_intents.py``, English)::

    python benchmarks/chronicle_memory.py --sessions 1,2,4,8,16
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from narrator.storyteller import play as template_play
from narrator.storyteller.chronicle import memory
from narrator.storyteller.chronicle_play import start
from narrator.storyteller.scenario import load_scenario
from narrator.storyteller.seat import ScriptedPlayer
from tests.llm import faults
from tests.storyteller.improv_support import OFFLINE_URL, rule_on


def prompt_sizes(book: str, lang: str, sessions: int, tmp: Path) -> dict[str, int]:
    chronicle = start(tmp / f"c{sessions}", book, None, lang)
    scenario = load_scenario(book)
    for seed in range(sessions):
        path = chronicle.begin(scenario.id)
        table = template_play.new_table(book, character=chronicle.sheet_file(), lang=lang, seed=seed, transcript=path,
                                        player=ScriptedPlayer([], then="first"), say=lambda _l: None)
        template_play.run(table, lambda _l: None, max_moves=400)
        chronicle.close(scenario)
    remembered = memory(lang, chronicle)
    sizes = {}
    for scene in scenario.scenes:
        handler = faults.script(faults.status(400))
        rule_on("I look around", tmp / f"p{sessions}-{scene}.jsonl", book=book, lang=lang, base_url=OFFLINE_URL,
                http_client=faults.client(handler), scene=scene, memory=remembered)
        body = json.loads(handler.requests[0].content)
        sizes[scene] = sum(len(m["content"]) for m in body["messages"])
    return {"memory": len(remembered), **sizes}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--book", default="dark_ages")
    parser.add_argument("--lang", default="en")
    parser.add_argument("--sessions", default="0,1,2,4,8,16")
    parser.add_argument("--ratio", type=float, default=2945 / 798)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        rows = [(int(k), prompt_sizes(args.book, args.lang, int(k), Path(tmp))) for k in args.sessions.split(",")]
    scenes = [s for s in rows[0][1] if s != "memory"]
    print("| sessions played | memory (chars) | " + " | ".join(f"{s} prompt chars (~tokens)" for s in scenes) + " |")
    print("|" + "---|" * (2 + len(scenes)))
    for k, sizes in rows:
        cells = " | ".join(f"{sizes[s]} (~{sizes[s] / args.ratio:.0f})" for s in scenes)
        print(f"| {k} | {sizes['memory']} | {cells} |")


if __name__ == "__main__":
    main()
