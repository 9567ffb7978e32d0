"""The Ten Candles Storyteller's prompts grow at their end (issue #11, the first streamed word): each repeats the
one before it up to its new lines, so the server's prompt cache evaluates only those; a narration repeats its
conflict's framing up to the roll. Prompt machinery only: the writer is replaced by one that keeps the request's
lines and gives up (the template fallback speaks), so no model answer is faked."""

from __future__ import annotations

import itertools
from typing import Any

import pytest
from narrator.agents.base import AgentGaveUpError
from narrator.agents.llm import LLMWriter, load_settings
from narrator.agents.ten_candles import llm_roles as roles
from narrator.agents.ten_candles.llm_storyteller import LLMStoryteller
from narrator.rules.core import HOST, Event, public
from narrator.rules.ten_candles import GAME, TenCandlesConfig
from narrator.rules.ten_candles.state import Phase

from narrator.session import Session
from narrator.ten_candles.simulate import make_table
from narrator.ten_candles.storyteller import TemplateStoryteller


def asked_lines(monkeypatch: pytest.MonkeyPatch, seed: int, players: int = 3) -> list[tuple[str, list[str]]]:
    """(role, event lines) of every Storyteller prompt of a scripted game, framings asked as the table asks them."""
    asked: list[tuple[str, list[str]]] = []

    def keep(writer: LLMWriter, **variables: Any) -> Any:
        asked.append((writer.role.name, list(variables["events"])))
        raise AgentGaveUpError("offline: the prompt is all this test reads", attempts=1)

    monkeypatch.setattr(LLMWriter, "write", keep)
    settings = load_settings(max_retries=0).for_local("http://127.0.0.1:9/v1", "m")
    storyteller = LLMStoryteller(settings, TemplateStoryteller(lang="en", seed=seed))
    agents = make_table(players, seed, voice=storyteller)
    session = Session(GAME, TenCandlesConfig(players=players), agents, seed=seed)

    def frame(_action: Any, events: list[Event]) -> None:
        for event in (e for e in events if e.kind == "conflict_called"):
            data = event.data
            storyteller.frame_conflict(GAME.view(session.state, HOST), data["active"], data["dangerous"], data["moment"])

    session.listeners.append(frame)
    for _ in range(20000):
        if not session.step():
            break
    assert session.state.phase == Phase.OVER
    return asked


@pytest.mark.parametrize("seed", [1, 2, 5])
def test_a_narration_repeats_its_framing_and_every_prompt_the_one_before(monkeypatch: pytest.MonkeyPatch,
                                                                         seed: int) -> None:
    asked = asked_lines(monkeypatch, seed)
    narrations = [i for i, (role, _) in enumerate(asked) if role == roles.NARRATION.name]
    assert len(narrations) >= 3
    for i in narrations:
        role, framing = asked[i - 1]
        assert role == roles.SCENE.name and "faces a conflict" in framing[-1], "a framing comes right before"
        lines = asked[i][1]
        assert lines[:len(framing)] == framing and len(lines) > len(framing), "it repeats the framing, then the roll"
    grew = restarted = 0
    for (_, before), (role, lines) in itertools.pairwise(asked):
        assert len(lines) <= roles.SHOWN_AT_MOST + 8, "bounded: a narration adds only its conflict's lines"
        if lines[:len(before)] == before:
            grew += 1
        elif role != roles.NARRATION.name and len(lines) == roles.KEPT_ON_START:
            restarted += 1  # past SHOWN_AT_MOST lines: the last few shown anew
        else:
            assert lines[0].startswith("Scene "), f"only a new scene (or the truths after one) starts afresh: {lines}"
    assert grew > 3 * restarted, (grew, restarted)


def test_an_x_card_takes_the_scene_out_of_every_later_prompt() -> None:
    storyteller = LLMStoryteller(load_settings().for_local("http://127.0.0.1:9/v1", "m"), TemplateStoryteller())
    said = public("narrated", narrator=0, text="the spider crawls closer")
    storyteller.observe([public("scene_started", scene=1, lit=10, pool=10, gm_pool=0, final=False), said])
    assert said in storyteller.scene
    storyteller.observe([public("x_card", note="", count=1, phase="scene")])
    assert [e.kind for e in storyteller.scene] == ["x_card"], "nothing before the X-card is shown again"
