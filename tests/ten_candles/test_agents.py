"""Scripted survivors and the scripted GM: legal moves only, from their own view, with a persona.

Rules exercised: burning a Trait rerolls the ones (seeds/000_e53cdcbb20917f8a.txt:L295), the
Brink after a failure (L297), voluntary death on a failed dangerous conflict (L291), the
Moment lived when active (L152, L232), truths on general topics only for players (L331).
"""

from __future__ import annotations

import random
from dataclasses import replace

import pytest
from narrator.agents.base import Decision, Request, Talk
from narrator.agents.ten_candles.gm import ScriptedGM
from narrator.agents.ten_candles.persona import persona_from_cards
from narrator.agents.ten_candles.survivor import ScriptedSurvivor
from narrator.rules.core import CHANCE, HOST
from narrator.rules.ten_candles import GAME, TenCandlesConfig

from narrator.session import Session
from tests.lanes import sweep
from tests.ten_candles.helpers_play import recorded_game


@pytest.mark.parametrize("seeds", sweep([range(start, start + 10) for start in range(0, 40, 10)], fast=1,
                                         ids=["0-9", "10-19", "20-29", "30-39"]))
@pytest.mark.parametrize("players", sweep([2, 3, 4, 5, 7], fast=2))
def test_scripted_agents_never_propose_illegal_moves(players: int, seeds: range) -> None:
    """Forty seeded games per player count (ten in the fast lane): no rejection, no fallback, every game ends (L41)."""
    for seed in seeds:
        session, records, _ = recorded_game(players, seed, storyteller=seed % 4 == 0)
        kinds = {r["kind"] for r in records}
        assert "rejected" not in kinds and "fallback" not in kinds, seed
        assert session.outcome() is not None
        assert not session.state.living()


def _state_at(predicate, players: int = 3, seed: int = 0):
    """Play scripted seeds until ``predicate(state)`` holds, and return that state."""
    for attempt in range(seed, seed + 60):
        agents = {s: ScriptedSurvivor(s, seed=attempt) for s in range(players)}
        agents[HOST] = ScriptedGM(seed=attempt)
        session = Session(GAME, TenCandlesConfig(players=players), agents, seed=attempt)
        while session.step():
            if predicate(session.state):
                return session.state
    raise AssertionError("no scripted game reached the wanted state")


def _request(state, seat: int, talk: tuple[Talk, ...] = ()) -> Request:
    return Request(GAME.name, seat, GAME.view(state, seat), GAME.legal_actions(state, seat), talk=talk)


def _move(answer):
    """The move of an agent's answer (survivors answer a Decision when they speak)."""
    return answer.action if isinstance(answer, Decision) else answer


def test_survivor_burns_a_trait_to_save_a_failing_roll() -> None:
    """A failing roll with a 1 and a Trait on top: the survivor burns it (L295)."""
    state = _state_at(lambda s: s.phase == "reroll" and s.chars[s.conflict.active].top in ("virtue", "vice")
                      and not s.chars[s.conflict.active].traits_burned_this_scene)
    seat = state.conflict.active
    failing = replace(state, conflict=replace(state.conflict, common=(1, 2, 3), hope=0))
    action = _move(ScriptedSurvivor(seat, seed=1).act(_request(failing, seat)))
    assert action.kind == "burn_trait"
    assert GAME.check(failing, action) is None


def test_survivor_choices_are_listed_moves_or_interjections() -> None:
    """Whatever the survivor answers is in its legal list (up to free text) at every step."""
    from narrator.rules.ten_candles.legal import same_move

    for seed in range(5):
        agents = {s: ScriptedSurvivor(s, seed=seed) for s in range(4)}
        agents[HOST] = ScriptedGM(seed=seed)
        session = Session(GAME, TenCandlesConfig(players=4), agents, seed=seed)
        while GAME.outcome(session.state) is None:
            active = GAME.active_players(session.state)
            if CHANCE in active:
                session.play_chance()
                continue
            seat = min(active)
            request = _request(session.state, seat)
            action = _move(agents[seat].act(request))
            assert any(same_move(action, legal) for legal in request.legal), (seat, action)
            assert GAME.check(session.state, action) is None
            session.submit(action)


def test_persona_follows_the_cards() -> None:
    """Daring and Overconfident make a bolder character than Cool-headed and Cowardly (same seed)."""
    bold = persona_from_cards("Daring", "Overconfident", "", random.Random(5))
    timid = persona_from_cards("Cool-headed", "Cowardly", "", random.Random(5))
    assert bold.bold > timid.bold and bold.reckless > timid.reckless
    ru = persona_from_cards("Смелый", "Самонадеянный", "", random.Random(5))
    assert ru == bold  # the same cards in Russian give the same dials


def test_reckless_survivors_embrace_the_brink_more_often() -> None:
    """Over many failing rolls with the Brink on top, a reckless persona embraces more (L297)."""
    state = _state_at(lambda s: s.phase == "reroll" and s.chars[s.conflict.active].top == "brink", players=3)
    seat = state.conflict.active
    failing = replace(state, conflict=replace(state.conflict, common=(2, 3, 4), hope=0))
    counts = {}
    for label, cards in {"reckless": ("Daring", "Hot-headed"), "careful": ("Patient", "Cowardly")}.items():
        embraced = 0
        for seed in range(200):
            agent = ScriptedSurvivor(seat, seed=seed)
            agent.persona = persona_from_cards(*cards, "", random.Random(seed))
            request = _request(failing, seat)
            # the choice measured is embrace or accept: a reckless survivor shows a hidden Brink first
            request = replace(request, legal=tuple(a for a in request.legal if a.kind != "reveal_brink"))
            embraced += _move(agent.act(request)).kind == "embrace_brink"
        counts[label] = embraced
    assert counts["reckless"] > counts["careful"] + 10


def test_gm_gives_a_dangerous_conflict_to_a_volunteer() -> None:
    """Table talk: whoever stepped forward rolls the dangerous conflict."""
    state = _state_at(lambda s: s.phase == "scene" and not s.final and len(s.living()) == 3)
    talk = (Talk(1, {"volunteer": True}), Talk(2, {"volunteer": True}), Talk(1, {"volunteer": False}))
    picks = []
    for seed in range(60):
        gm = ScriptedGM(seed=seed, danger=1.0)
        action = gm.act(_request(state, HOST, talk))
        if action.kind == "call_conflict" and not action.moment:
            picks.append(action.active)
    assert picks and set(picks) == {2}


def test_gm_calls_the_moment_a_survivor_asked_for() -> None:
    """A survivor ready for its active Moment gets the Moment roll (L152, D14)."""
    state = _state_at(lambda s: s.phase == "scene" and not s.final
                      and any(c.top == "moment" and c.alive for c in s.chars))
    seat = next(c.seat for c in state.chars if c.top == "moment" and c.alive)
    moments = 0
    for seed in range(40):
        action = ScriptedGM(seed=seed).act(_request(state, HOST, (Talk(seat, {"moment": True}),)))
        moments += action.kind == "call_conflict" and action.moment and action.active == seat
    assert moments >= 25
    assert GAME.check(state, action) is None


def test_agents_are_seeded() -> None:
    """The same seed gives the same choices; another seed, other ones."""
    a = recorded_game(4, 9, storyteller=False)[1]
    b = recorded_game(4, 9, storyteller=False)[1]
    c = recorded_game(4, 10, storyteller=False)[1]
    assert a == b and a != c


def test_survivors_never_play_interjections_they_do_not_mean() -> None:
    """Scripted survivors never report accidental candles nor play the X-card (only humans do)."""
    _, records, _ = recorded_game(4, 3, storyteller=False)
    kinds = {r["payload"]["kind"] for r in records if r["kind"] == "action"}
    assert not kinds & {"candle_out", "x_card"}


def test_table_talk_is_recorded_and_heard_by_the_gm() -> None:
    """Survivors' offers go through the session (``talk`` lines, ``Request.talk``), never a shared object;
    a dangerous conflict goes to a seat whose latest talk volunteered, when one did (L267)."""
    picked = {True: 0, False: 0}
    for seed in range(12):
        session, records, _ = recorded_game(4, seed, storyteller=False)
        talk = [r for r in records if r["kind"] == "talk"]
        assert talk and all(set(r["offers"]) == {"volunteer", "moment"} for r in talk)
        assert len(session.talk) == len(talk)
        standing: dict[int, bool] = {}
        for record in records:
            if record["kind"] == "talk":
                standing[record["actor"]] = record["offers"]["volunteer"]
            elif record.get("kind") == "action" and record["payload"]["kind"] == "call_conflict":
                payload = record["payload"]
                if payload["dangerous"] and not payload.get("moment") and any(standing.values()):
                    picked[standing.get(payload["active"], False)] += 1
    assert picked[True] >= 3 * picked[False] and picked[True] >= 5, picked


def test_no_russian_look_agrees_with_one_gender() -> None:
    """Looks are dealt to men and women alike; a lone adjective («сухая», «небритый») read «Аркадий …, сухая»."""
    import re

    from narrator.agents.ten_candles.material import load as load_texts

    looks = [look["ru"] for look in load_texts("characters")["looks"]]
    lone_adjective = re.compile(r"^\w+(ая|яя|ый|ий|ой)$")
    assert looks and not [part for look in looks for part in look.split(", ") if lone_adjective.match(part.strip())]
