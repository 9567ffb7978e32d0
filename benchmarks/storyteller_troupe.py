"""Troupes of bots through every shipped Storyteller scenario: how games end and what they cost.

Run: ``python benchmarks/storyteller_troupe.py [--seeds 20]``. For each scenario and troupe size (1..4
sample characters, each played by the seeded bot player) prints the share of games that reached an
ending, the endings seen, kernel moves per game, teamwork rolls and contests between two player
characters per game, and the wall time per game (template Storyteller, no transcript disk writes
beyond a temporary file).
"""

from __future__ import annotations

import argparse
import json
import statistics
import tempfile
import time
from collections import Counter
from pathlib import Path

from narrator.storyteller.data import sample_sheets
from narrator.storyteller.play import new_table, run
from narrator.storyteller.scenario import load_scenario, shipped_scenarios
from narrator.storyteller.seat import BotPlayer


def play(book: str, scenario: Path, count: int, seed: int, folder: Path) -> dict[str, object]:
    sheets = [p.stem for p in sample_sheets(book)][:count]
    path = folder / f"{scenario.stem}-{count}-{seed}.jsonl"
    start = time.perf_counter()
    table = new_table(book, sheets=sheets, lang="en", seed=seed, transcript=path, say=lambda _line: None,
                      scenario=scenario, players=[BotPlayer(seed) for _ in sheets])
    finished = run(table, lambda _line: None, max_moves=3000)
    seconds = time.perf_counter() - start
    records = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]
    actions = [r["payload"] for r in records if r["kind"] == "action"]
    pcs = set(sheets)
    return {"finished": finished, "ending": table.session.state.ending, "seconds": seconds,
            "moves": sum(1 for r in records if r["kind"] in ("action", "chance")),
            "teamwork": sum(1 for a in actions if a["kind"] == "teamwork"),
            "versus": sum(1 for a in actions if a["kind"] == "resisted" and a.get("opponent") in pcs)}


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--seeds", type=int, default=20)
    seeds = parser.parse_args().seeds
    with tempfile.TemporaryDirectory() as folder:
        for book in ("dark_ages", "wild_west"):
            for scenario in shipped_scenarios(book):
                story = load_scenario(book, scenario)
                for count in range(1, 5):
                    games = [play(book, scenario, count, seed, Path(folder)) for seed in range(seeds)]
                    endings = Counter(str(g["ending"]) for g in games)
                    print(f"{story.id:28} {count} pc  ended {sum(bool(g['finished']) for g in games)}/{seeds}  "
                          f"moves {statistics.mean(g['moves'] for g in games):5.1f}  "
                          f"teamwork {statistics.mean(g['teamwork'] for g in games):4.2f}  "
                          f"versus {statistics.mean(g['versus'] for g in games):4.2f}  "
                          f"{1000 * statistics.mean(g['seconds'] for g in games):6.1f} ms/game  "
                          f"endings {dict(endings.most_common())}")


if __name__ == "__main__":
    main()
