"""What a battaglia table hears from its bots and its host does not repeat within a day (issue #10).

Whole games between talking scripted bots are played in both languages and read from the public log.
What counts as a **line**: a bot's accusation words and speech (the day's table talk), and the host's
prose (:class:`narrator.battaglia.narration.Narrator`); the host's readouts (ballots, the tally, the step
headings, the vote's candidate list) are labels, not lines. Checked, per day:

* no two bot lines are the same words, nor the same sentence with only names, legends and the town
  changed (what a listener hears as "the same line");
* no host line is said twice;
* and from day to day the morning line differs from the last morning's («Утро.» every day was the defect).
"""

from __future__ import annotations

import itertools
import random
import re
from collections import Counter
from typing import Any

import pytest
from narrator.agents.battaglia import BattagliaBot
from narrator.agents.battaglia.texts import Table
from narrator.rules.battaglia import GAME, BattagliaConfig

from narrator.battaglia.narration import Narrator
from narrator.battaglia.playout import play_out, seat_request
from tests.lanes import sweep

SEEDS = sweep(range(30), fast=3)
READOUTS = ("heading", "ballots", "vote_open", "deal", "game_over")
"""Event kinds whose host lines are readouts (a tally, a list of names), not prose."""


def played(lang: str, seed: int) -> tuple[list[Any], Table]:
    """The public log of one whole game of talking bots (6..17 seats)."""
    players = 6 + seed % 12
    table = Table.for_game(seed, players, lang)
    bots = {s: BattagliaBot(seed, s, table) for s in range(players)}
    state, _ = play_out(GAME.initial_state(BattagliaConfig(players=players)), random.Random(seed),
                        lambda state, seat: bots[seat].act(seat_request(state, seat)))
    return list(GAME.view(state, None).log), table


def days(log: list[Any]) -> list[list[Any]]:
    """The log cut at each ``day`` event (the first part is the game before day 1)."""
    out: list[list[Any]] = [[]]
    for event in log:
        if event.kind == "day":
            out.append([])
        out[-1].append(event)
    return out


def skeleton(text: str, table: Table) -> str:
    """The sentence with every name, legend and the town replaced by a mark."""
    words = sorted({*table.names, *table.legends, table.setting}, key=len, reverse=True)
    pattern = "|".join(re.escape(w) for w in words if w)
    return re.sub(pattern, "·", text) if pattern else text


def bot_lines(day: list[Any]) -> list[str]:
    return [str(e.data["text"]) for e in day if e.kind in ("accusation", "speech") and e.data.get("text")]


def host_lines(day: list[Any], narrator: Narrator) -> list[str]:
    return [line for e in day if e.kind not in READOUTS for line in narrator.lines([e])]


@pytest.mark.parametrize("lang", ["ru", "en"])
@pytest.mark.parametrize("seed", SEEDS)
def test_no_bot_or_host_line_repeats_within_a_day(lang: str, seed: int) -> None:
    log, table = played(lang, seed)
    narrator = Narrator(table)
    talked = 0
    for number, day in enumerate(days(log)):
        said = bot_lines(day)
        talked += len(said)
        assert not [t for t, n in Counter(said).items() if n > 1], f"day {number}: the same words twice: {said}"
        shapes = Counter(skeleton(t, table) for t in said)
        assert not [s for s, n in shapes.items() if n > 1], f"day {number}: the same line twice: {shapes}"
        host = host_lines(day, narrator)
        assert not [t for t, n in Counter(host).items() if n > 1], f"day {number}: the host repeats: {host}"
    assert talked, "the bots said nothing: the test proves nothing"


@pytest.mark.parametrize("lang", ["ru", "en"])
@pytest.mark.parametrize("seed", SEEDS)
def test_the_morning_line_changes_from_day_to_day(lang: str, seed: int) -> None:
    log, table = played(lang, seed)
    narrator = Narrator(table)
    mornings = [narrator.lines([e])[0] for e in log if e.kind == "morning"]
    assert len(mornings) >= 2 or seed % 12 == 0, "too short a game"
    for before, after in itertools.pairwise(mornings):
        assert skeleton(before, table) != skeleton(after, table), (before, after)
