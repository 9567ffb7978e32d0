"""How often the human survivor of a Ten Candles table is called into a conflict, against the AI survivors.

The human's seat is played by a stand-in that answers like a quiet person at the terminal: it never
speaks up at the table (``talks=False``: no "I go first" offers), which is all that sets a human apart
for the GM. ``--gm scripted`` is the simulation's GM (before), ``--gm table`` the GM of tables with people
(:mod:`narrator.ten_candles.table_gm`, after). Counts every ``conflict_called`` over ``--tables`` tables.

    python benchmarks/human_conflicts.py --tables 200 --players 4 --gm scripted
    python benchmarks/human_conflicts.py --tables 200 --players 4 --gm table
"""

from __future__ import annotations

import argparse
from collections import Counter

from narrator.agents.ten_candles.gm import ScriptedGM
from narrator.agents.ten_candles.survivor import ScriptedSurvivor
from narrator.rules.core import HOST
from narrator.rules.ten_candles import GAME, TenCandlesConfig

from narrator.session import Session
from narrator.ten_candles.simulate import make_table


class QuietHuman(ScriptedSurvivor):
    """A scripted survivor that never offers anything aloud (as a terminal human who does not ``try``)."""

    def __init__(self, seat: int, seed: int) -> None:
        super().__init__(seat, seed=seed, talks=False)


def measure(tables: int, players: int, gm: str) -> tuple[float, float, int]:
    """(human calls per conflict they were alive for, the same for the AI survivors, conflicts).

    The human's seat turns with the table (``seed % players``): seat order alone changes how often a
    seat rolls (earlier seats die earlier), which is not what is measured here."""
    calls: Counter[str] = Counter()
    chances: Counter[str] = Counter()
    for seed in range(tables):
        human = seed % players
        agents = make_table(players, seed, human={human: QuietHuman(human, seed)})
        if gm == "scripted":
            agents[HOST] = ScriptedGM(seed=seed)
        session = Session(GAME, TenCandlesConfig(players=players), agents, seed=seed)

        def hear(_action, events, session=session, human=human):  # type: ignore[no-untyped-def]
            for event in events:
                if event.kind == "conflict_called":
                    calls["human" if event.data["active"] == human else "ai"] += 1
                    for c in session.state.chars:
                        if c.alive:
                            chances["human" if c.seat == human else "ai"] += 1

        session.listeners.append(hear)
        while session.step():
            pass
    return calls["human"] / chances["human"], calls["ai"] / chances["ai"], calls["human"] + calls["ai"]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=200)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--gm", choices=("scripted", "table"), default="table")
    args = parser.parse_args()
    human, ai, total = measure(args.tables, args.players, args.gm)
    print(f"--gm {args.gm}: {args.tables} tables, {args.players} survivors, {total} conflicts: the human is called "
          f"into {human:.1%} of the conflicts they are alive for, an AI survivor into {ai:.1%} (ratio {human / ai:.2f})")


if __name__ == "__main__":
    main()
