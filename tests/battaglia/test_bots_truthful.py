"""No bot states a false fact in public: every "by logic" accusation's claim is checked against the public log.

The bug this guards: "X voted against Дарья" when nobody had (she died at night), and "X keeps
diverting votes" before any vote. Each reason kind names a fact; the log the accuser saw must hold it.
"""

from __future__ import annotations

import random

import pytest
from narrator.agents.battaglia import BattagliaBot
from narrator.agents.battaglia import bot as bot_module
from narrator.agents.battaglia.knowledge import LIGHT
from narrator.agents.battaglia.texts import Table, accusation_text
from narrator.rules.battaglia import GAME, BattagliaConfig
from narrator.rules.battaglia.cards import Card

from narrator.battaglia.playout import play_out, seat_request


def _deaths(log) -> list[tuple[int, str]]:
    """(seat, card) of every death in the public log, in order."""
    found = []
    for event in log:
        if event.kind == "morning":
            found += [(d["seat"], d["card"]) for d in event.data["deaths"]]
        elif event.kind in ("execution", "death"):
            found.append((event.data["seat"], event.data["card"]))
    return found


def _claim_is_true(reason, target: int, log) -> bool:
    kind = reason.kind
    if kind == "revealed_shadow":
        return any((e.kind == "morning" and target in e.data["shadows"])
                   or (e.kind == "shadow_revealed" and e.data["seat"] == target)
                   or (e.kind == "bishop_revealed" and target in e.data["pointed"]) for e in log)
    if kind in ("accused_light", "voted_for_light"):
        died_light = (reason.other, reason.card) in _deaths(log) and Card(reason.card) in LIGHT
        if kind == "accused_light":
            acted = any(e.kind == "accusation" and e.data["accuser"] == target and e.data["target"] == reason.other
                        for e in log)
        else:
            acted = any(e.kind == "ballots" and any(seat == target and reason.other in targets
                                                    for seat, targets in e.data["ballots"]) for e in log)
        return died_light and acted
    if kind == "silent":
        return not any(e.kind == "accusation" and e.data["accuser"] == target for e in log)
    if kind == "survived":
        return any(e.kind == "accusation" and e.data["target"] == target for e in log)
    return kind == "darks_count"  # an inference from the day's accusation count, worded as one


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_every_logic_accusation_states_a_fact_of_the_public_log(monkeypatch, lang: str) -> None:
    claims: list[tuple[object, int, tuple]] = []
    seen: dict[str, object] = {}

    def recording_text(table, target, basis, reason, rng, heard=()):
        if basis == "logic" and reason is not None:
            claims.append((reason, target, seen["log"]))
        return accusation_text(table, target, basis, reason, rng, heard)

    monkeypatch.setattr(bot_module, "accusation_text", recording_text)
    for seed in range(24):
        players = 6 + seed % 12
        table = Table.for_game(seed, players, lang)
        bots = {s: BattagliaBot(seed, s, table) for s in range(players)}

        def move(state, seat, bots=bots):
            request = seat_request(state, seat)
            seen["log"] = tuple(request.view.log)
            return bots[seat].act(request)

        play_out(GAME.initial_state(BattagliaConfig(players=players, speech_rounds=0)), random.Random(seed), move)
    assert len(claims) > 50, len(claims)
    kinds = {reason.kind for reason, _, _ in claims}
    assert {"accused_light", "voted_for_light", "silent", "darks_count"} <= kinds, kinds
    false = [(r, t) for r, t, log in claims if not _claim_is_true(r, t, log)]
    assert not false, false[:5]
