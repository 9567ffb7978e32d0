"""``quick_setup`` is setup played through ``apply``: the same state and events as a session in
which every seat writes the same cards (setup steps 1-7, L92-244; framing and messages, L253-257)."""

from __future__ import annotations

import pytest
from narrator.agents.base import Request, Seat
from narrator.rules.core import HOST, IllegalActionError
from narrator.rules.ten_candles import GAME, Phase, TenCandlesConfig
from narrator.rules.ten_candles.quick import SetupCards, quick_setup

from narrator.session import Session


def cards_for(players: int) -> SetupCards:
    seats = range(players)
    return SetupCards(
        traits=tuple((f"Смелый{p}", f"Жадный{p}") for p in seats), module="Тьма пришла.",
        characters=tuple((f"Имя{p}", "в плаще", "врач") for p in seats),
        moments=tuple(f"увижу свет {p}" for p in seats),
        gm_brink="Они видели, как ты дрогнул", brinks=tuple(f"Я видел, как ты… {p}" for p in seats),
        stacks=tuple(("moment", "vice", "virtue") if p % 2 else ("virtue", "vice", "moment") for p in seats),
        supplies=tuple("" if p == 1 else "спички" for p in seats), frame="Подвал.",
        messages=tuple(f"мама {p}" for p in seats))


class CardsAgent(Seat):
    """Writes the given cards in setup, as a scripted player would."""

    name = "cards"

    def __init__(self, cards: SetupCards) -> None:
        self.cards = cards

    def act(self, request: Request):
        return self.cards.move(Phase(request.view.phase), request.seat)


@pytest.mark.parametrize("players", [2, 3, 5])
def test_quick_setup_is_the_session_played_with_the_same_cards_L92_257(players):
    config = TenCandlesConfig(players=players, message_playback="on_death")
    cards = cards_for(players)
    agents = {seat: CardsAgent(cards) for seat in (HOST, *range(players))}
    session = Session(GAME, config, agents, seed=1)
    seen: list = []
    session.listeners.append(lambda action, events: seen.extend(events))
    while session.state.phase != Phase.SCENE:
        session.step()
    quick = quick_setup(config, cards)
    assert quick.state == session.state and list(quick.events) == seen
    assert quick.state.scene == 1 and quick.state.lit == 10 and quick.state.chars[0].brink == cards.gm_brink
    assert quick.state.their_brink == cards.brinks[-1]  # the GM's right neighbour writes Their Brink (L192)


def test_a_refused_card_is_refused_as_in_play_L104():
    cards = cards_for(3)
    bad = SetupCards(**{**{f: getattr(cards, f) for f in cards.__slots__}, "traits": (("очень смелый", "x"),) * 3})
    with pytest.raises(IllegalActionError) as error:
        quick_setup(TenCandlesConfig(players=3), bad)
    assert error.value.rejection.code == "TRAIT_NOT_ONE_WORD"


def test_games_started_from_one_shared_setup_state_do_not_disturb_it():
    quick = quick_setup(TenCandlesConfig(players=3), cards_for(3))
    before = repr(quick.state)
    for seed in range(3):
        agents = {s: _First() for s in (HOST, 0, 1, 2)}
        Session(GAME, quick.state.config, agents, seed=seed, state=quick.state).run()
    assert repr(quick.state) == before and quick.state.phase == Phase.SCENE


class _First(Seat):
    name = "first"

    def act(self, request: Request):
        return next(a for a in request.legal if a.kind not in ("x_card", "candle_out", "reveal_brink"))
