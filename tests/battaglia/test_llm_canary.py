"""Canary leak test: no LLM prompt carries a secret its seat may not know (spec §11; seed L43, L48-63).

Every secret the kernel holds is planted as a marker where a prompt could carry it: each seat-bound
mask name (``⟦M<seat>:<CARD>⟧``, so also Tiir's looks, the Cat's peeks, the clan's cards, second
souls drawn from the undealt cards) and each night pick (``⟦T<step>:<chooser>:<target>⟧``). Every
seat is played by :class:`BattagliaLLM` over a model that records each prompt and then *fails*
(no answer is ever faked), so the scripted fallback plays the game on. The oracle computes from the
host's state, at the moment of each prompt, what that seat may know: its own masks, the public
record (deaths with cards, confirmed reveals) and what the kernel told it privately (spec §11.2).
A marker outside that set is a leak.

``test_canary_catches_host_knowledge`` proves the oracle is not vacuous: the same games with
prompts built from the host's knowledge (every seat's notes) must be caught.
"""

from __future__ import annotations

import dataclasses
import re
from typing import Any

import pytest
from narrator.agents.base import Request, Seat
from narrator.agents.battaglia.llm import BattagliaLLM
from narrator.agents.llm import load_settings
from narrator.rules.battaglia import GAME, BattagliaState, Card

from tests.battaglia.llm_helpers import CanaryNames, FailingModel, scripted_session
from tests.lanes import sweep

MARKER = re.compile(r"⟦[^⟧]*⟧")
REVEAL_CARDS = {"lord_revealed": "LORD_LUIHAD", "child_revealed": "CHILD", "bishop_revealed": "BISHOP"}
GAMES = [(17, 1, {}), (17, 2, {"acquaintance_reveals_cards": True, "cat_sees_tiir_card": True}), (17, 3, {}),
         (12, 4, {}), (8, 5, {}), (6, 6, {})]
"""(players, seed, options): the maximum table on three seeds (every mask dealt), smaller ones, and the
options that put cards into private notes."""


def may_know(state: BattagliaState, seat: int) -> set[str]:
    """The markers ``seat`` may see now: own masks, the public record, its own private notes (spec §11)."""
    known = {f"⟦M{seat}:{card}⟧" for card in (state.first_cards[seat], state.cards[seat])}
    for event in state.public_log:
        data = event.data
        if event.kind == "morning":
            known |= {f"⟦M{d['seat']}:{d['card']}⟧" for d in data["deaths"]}
        elif event.kind in ("execution", "death"):
            known.add(f"⟦M{data['seat']}:{data['card']}⟧")
        elif event.kind in REVEAL_CARDS:
            known.add(f"⟦M{data['seat']}:{REVEAL_CARDS[event.kind]}⟧")
    for event in state.notes[seat]:
        data = event.data
        if event.kind == "tiir_saw":
            known.add(f"⟦M{data['seat']}:{data['card']}⟧")
        elif event.kind in ("clan", "cat_saw"):
            known |= {f"⟦M{s}:{card}⟧" for s, card in data.get("cards", [])}
        if event.kind in ("darkness_round", "cat_saw"):
            known |= {f"⟦T{data['step']}:{c}:{t}⟧" for c, t in data["choices"] if t >= 0}
        if event.kind == "darkness_round" and data["decided"] is not None:
            known.add(f"⟦T{data['step']}:-1:{data['decided']}⟧")
        if event.kind in ("your_card", "new_soul"):
            known.add(f"⟦M{seat}:{data['card']}⟧")
    return known


class HostKnowledge(Seat):
    """Hands its agent the seat's view with the host's private knowledge (every seat's notes) folded in."""

    def __init__(self, agent: BattagliaLLM, model: FailingModel) -> None:
        self.agent, self.model, self.name = agent, model, agent.name
        self.max_attempts = agent.max_attempts

    def act(self, request: Request) -> Any:
        state = self.model.session.state  # type: ignore[union-attr]
        everything = tuple(event for notes in state.notes for event in notes)
        view = dataclasses.replace(request.view, notes=everything)
        return self.agent.act(dataclasses.replace(request, view=view))


def play_with_canaries(players: int, seed: int, options: dict[str, Any], *,
                       host_knowledge: bool = False) -> list[tuple[int, BattagliaState, str]]:
    """One game with every seat an LLM seat over a failing, recording model; returns (seat, state, prompt)."""
    session, table = scripted_session(players, seed, **options)
    # every decision must reach the (failing) model, so the model is never switched off here
    settings = load_settings(max_retries=0, budget_tokens=None, max_transport_failures=10**6).for_local(
        "http://127.0.0.1:9/v1", "canary")
    names = CanaryNames(table)
    models = {seat: FailingModel(seat) for seat in range(players)}
    fallbacks = dict(session.agents)
    for seat, model in models.items():
        model.session = session
        agent = BattagliaLLM(settings, seat, table, model=model, names=names)
        session.agents[seat] = HostKnowledge(agent, model) if host_knowledge else agent
    session.fallbacks = fallbacks
    session.run(max_moves=20_000)
    return [(seat, state, text) for seat, model in models.items() for state, text in model.prompts]


def leaks(prompts: list[tuple[int, BattagliaState, str]]) -> list[str]:
    """Every marker a prompt carried that its seat may not know, described."""
    found = []
    for seat, state, text in prompts:
        extra = set(MARKER.findall(text)) - may_know(state, seat)
        if extra:
            found.append(f"seat {seat}, day {state.day}, phase {state.phase}: {sorted(extra)[:4]}")
    return found


FAST_GAMES = [GAMES[1], GAMES[5]]
"""The fast lane's two games (17 players with the options that note cards, and 6); the slow lane plays all."""


@pytest.fixture(scope="module", params=sweep([FAST_GAMES, GAMES], fast=1, ids=["two", "all"]))
def canary_games(request: pytest.FixtureRequest) -> list[list[tuple[int, BattagliaState, str]]]:
    return [play_with_canaries(players, seed, options) for players, seed, options in request.param]


def test_no_prompt_carries_a_secret_its_seat_may_not_know(canary_games: list[Any]) -> None:
    """Spec §11.2-11.3: a prompt holds the seat's own masks, the public record and its own notes, nothing else."""
    found = [leak for prompts in canary_games for leak in leaks(prompts)]
    assert not found, f"{len(found)} leaking prompts, e.g. {found[:3]}"


def test_the_canary_games_cover_every_mask_and_carry_knowledge(canary_games: list[Any]) -> None:
    """Not vacuous: every mask was played by a prompted seat, and prompts did carry others' masks and picks."""
    prompts = [p for game in canary_games for p in game]
    masks = {state.cards[seat] for seat, state, _ in prompts}
    assert masks == set(Card), f"never prompted: {set(Card) - masks}"
    markers = [m for seat, _, text in prompts for m in MARKER.findall(text) if not m.startswith(f"⟦M{seat}:")]
    assert any(m.startswith("⟦T") for m in markers), "night picks reached the prompts of the seats that saw them"
    assert len({m for m in markers if m.startswith("⟦M")}) > 30, "other seats' masks (deaths, looks) are rendered"


def test_canary_catches_host_knowledge() -> None:
    """The oracle is sharp: prompts built from the host's knowledge (all seats' notes) are caught as leaks."""
    players, seed, options = 8, 5, GAMES[1][2]  # eight seats are enough to catch it (seventeen cost 4x)
    assert leaks(play_with_canaries(players, seed, options, host_knowledge=True))


def test_failing_model_means_scripted_moves_not_invented_ones() -> None:
    """Every prompted decision ended with the scripted fallback (one call, a transport failure, no answer)."""
    session, table = scripted_session(6, 6)
    model = FailingModel(0)
    model.session = session
    # every decision must reach the (failing) model: the switch that turns it off is tested in tests/llm
    settings = load_settings(max_retries=0, max_transport_failures=10**6).for_local("http://127.0.0.1:9/v1", "canary")
    agent = BattagliaLLM(settings, 0, table, model=model)
    session.fallbacks = {0: session.agents[0]}
    session.agents[0] = agent
    session.run(max_moves=20_000)
    summary = agent.stats.summary()
    assert summary["decisions"] == len(model.prompts) > 0
    assert summary["fallback_rate"] == 1.0 and set(summary["fallbacks_by_reason"]) == {"transport"}
    assert GAME.outcome(session.state) is not None
