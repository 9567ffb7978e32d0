"""Playtest 17 (Ten Candles offline, both languages): the defects a play-tester found, each asserted on
what the table really does (issue 28's offline Storyteller)."""

from __future__ import annotations

from dataclasses import replace

import pytest
from narrator.agents.base import Request
from narrator.agents.ten_candles.gm import ScriptedGM
from narrator.agents.ten_candles.survivor import ScriptedSurvivor
from narrator.rules.core import HOST
from narrator.rules.ten_candles import GAME, TenCandlesConfig

from narrator.session import Session
from narrator.ten_candles.attempts import template_ruling
from narrator.ten_candles.human import HumanSurvivor, ScriptedIO
from narrator.ten_candles.reading import read


def _state_at(predicate, players: int = 3):
    for seed in range(60):
        agents = {s: ScriptedSurvivor(s, seed=seed) for s in range(players)}
        agents[HOST] = ScriptedGM(seed=seed)
        session = Session(GAME, TenCandlesConfig(players=players), agents, seed=seed)
        while session.step():
            if predicate(session.state):
                return session.state
    raise AssertionError("no scripted game reached the wanted state")


def _menu(state, seat: int, lang: str) -> list[str]:
    """The numbered lines a person at the terminal is shown in ``state``."""
    io = ScriptedIO([""])
    human = HumanSurvivor(seat, io, lang=lang)
    human.opened = True
    human.act(Request(GAME.name, seat, GAME.view(state, seat), GAME.legal_actions(state, seat)))
    return [line for line in io.output if line.startswith("  ")]


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_burn_is_offered_only_where_it_can_change_the_outcome(lang: str):
    """A Trait burn rerolls the ones (L295): after a roll that succeeded and whose roller narrates, it could
    change nothing and is not offered; after a failing roll with a 1 it is."""
    state = _state_at(lambda s: s.phase == "reroll" and s.chars[s.conflict.active].top in ("virtue", "vice")
                      and not s.chars[s.conflict.active].traits_burned_this_scene)
    seat = state.conflict.active
    burn = "Burn" if lang == "en" else "Сжечь"
    won = replace(state, conflict=replace(state.conflict, common=(6, 1, 3), hope=0, gm=(2,)))
    assert GAME.check(won, GAME.legal_actions(won, seat)[0]) is None
    assert not any(burn in line for line in _menu(won, seat, lang))
    failing = replace(state, conflict=replace(state.conflict, common=(1, 2, 3), hope=0, gm=()))
    assert any(burn in line for line in _menu(failing, seat, lang))
    tied = replace(state, conflict=replace(state.conflict, common=(6, 1), hope=0, gm=(6,)))  # the GM narrates
    assert any(burn in line for line in _menu(tied, seat, lang))


@pytest.mark.parametrize("lang, text, quoted", [
    ("en", "I holler up at the lit kitchen window: \"Hello? We saw your light!\"", "holler"),
    ("en", "I sit beside the lit stove", "sit"),
])
def test_the_reason_quotes_the_verb_of_the_deed_not_an_adjective(lang: str, text: str, quoted: str):
    reading = read(text, lang)
    assert reading.kind == "safe"
    assert reading.word == quoted


@pytest.mark.parametrize("lang, text", [
    ("ru", "Бинтую себе оцарапанный палец, узел затягиваю зубами"),
    ("ru", "Заклеиваю ссадину на локте пластырем из аптечки"),
    ("en", "I wrap a strip of clean cloth round my scraped palm"),
    ("en", "I put a plaster on the graze on my knee and tape it down"),
])
def test_tending_a_small_hurt_is_no_conflict(lang: str, text: str):
    """An everyday act with no danger said needs no dice (L58): no candle hangs on a plaster."""
    view = _Plain()
    ruling = template_ruling(view, 0, text, lang, "Vera")
    assert not ruling.conflict


@pytest.mark.parametrize("lang, text", [
    ("ru", "Зашиваю глубокую рану на бедре Лизы"),
    ("ru", "Бинтую порезанный палец, пока Они скребутся в дверь"),
    ("en", "I bandage Lisa's wounded leg"),
    ("en", "I try to bandage my cut finger with my teeth while it bleeds"),
])
def test_a_wound_or_a_threat_near_a_bandage_is_still_a_conflict(lang: str, text: str):
    assert template_ruling(_Plain(), 0, text, lang, "Vera").conflict


class _Plain:
    """A GM's view with one character and nothing else at the table."""

    def __init__(self) -> None:
        from types import SimpleNamespace

        self.characters = [SimpleNamespace(name="Vera", top="virtue", moment=None, seat=0)]
