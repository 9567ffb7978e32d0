"""Private notes say which night they came from, so a seat can tell its second soul's notes from its first's."""

from __future__ import annotations

import random

import pytest
from narrator.rules.battaglia import GAME, BattagliaConfig
from narrator.rules.chance import sample
from narrator.rules.core import CHANCE, ChanceAction

NIGHT_NOTES = {"tiir_saw", "cat_saw", "gathering", "darkness_round", "whispers", "clan"}


@pytest.mark.parametrize("players,seed", [(17, 1), (17, 2), (12, 3), (9, 4)])
def test_every_night_note_carries_the_night_it_was_learned(players, seed):
    """Rule: «для краткости первыми называются те, кто живет первую жизнь, вторыми — те кто живет вторую»
    (seeds/004_55ac8a5a86b5c135.txt:L49): a seat's notes span both lives, so each names its night."""
    rng = random.Random(seed)
    state = GAME.initial_state(BattagliaConfig(players=players, cat_sees_tiir_card=True))
    night, seen = 0, set()
    while state.result is None and state.day < 8:
        active = sorted(GAME.active_players(state))
        if active == [CHANCE]:
            action = ChanceAction(values=sample(GAME.chance_spec(state), rng))
        else:
            action = rng.choice(list(GAME.legal_actions(state, rng.choice(active))))
        step = GAME.apply(state, action)
        for event in step.events:
            if event.kind == "night":
                night = event.data["night"]
            elif event.kind in NIGHT_NOTES:
                assert event.data["night"] == night, event
                seen.add(event.kind)
        state = step.state
    assert {"clan", "gathering", "darkness_round"} <= seen
