"""The kernel's public record (``view.record``, ``rules/battaglia/record.py``): folded once as events happen,
the same for every viewer, equal to the public log read from its start, and holding public facts only."""

from __future__ import annotations

import random

from narrator.agents.base import Request
from narrator.agents.battaglia import BattagliaBot
from narrator.rules.battaglia import GAME, BattagliaConfig, Card
from narrator.rules.battaglia.record import Accused, Died, Revealed, Voted, record_of
from narrator.rules.chance import sample
from narrator.rules.core import CHANCE, ChanceAction, Viewer

from narrator.battaglia.simulate import SIMULATION_DEFAULTS


def cards_in(value: object) -> set[Card]:
    """Every card a record's facts carry."""
    if isinstance(value, Card):
        return {value}
    if isinstance(value, tuple):
        return set().union(*(cards_in(v) for v in value)) if value else set()
    if hasattr(value, "__slots__"):
        return set().union(*(cards_in(getattr(value, n)) for n in value.__slots__)) if value.__slots__ else set()
    return set()


def test_every_viewer_gets_the_same_record_of_public_facts_only() -> None:
    for players, seed in ((9, 1), (13, 2), (17, 3)):
        config = BattagliaConfig(players=players, **SIMULATION_DEFAULTS)
        bots = {s: BattagliaBot(seed, s, talk=False) for s in range(players)}
        state, rng, checked = GAME.initial_state(config), random.Random(seed), 0
        while state.result is None:
            active = GAME.active_players(state)
            if CHANCE in active:
                action = ChanceAction(values=sample(GAME.chance_spec(state), rng))
            else:
                seat = min(active)
                action = bots[seat].act(Request(GAME.name, seat, GAME.view(state, seat),
                                                GAME.legal_actions(state, seat)))
            state = GAME.apply(state, action).state
            if rng.random() < 0.1:
                checked += 1
                public = GAME.view(state, None).record
                assert public == record_of(state.public_log)  # folded once as it went = read from the start
                for viewer in (*range(players), Viewer.PUBLIC, Viewer.HOST):
                    assert GAME.view(state, viewer).record is public
                # the canary: the only cards in the record are the announced deaths' (L44, L73)
                dead = {(d.seat, d.life, d.card) for d in public.deaths}
                assert dead == set(state.graveyard)
                assert cards_in(public.facts) == {card for _, _, card in state.graveyard}
        assert checked
        record = state.record
        assert record.quiet_cycles == state.quiet_cycles
        assert [type(f) for f in record.facts if isinstance(f, (Accused, Voted, Died, Revealed))] == \
            [type(f) for f in record.facts]
        assert {a.target for a in record.accusations} and {v.voter for v in record.ballots}
        assert {d.seat for d in record.deaths} >= set(state.out)
        assert record.day == state.day and record.night == state.night_no
