"""The Storyteller games refuse a model's junk like Ten Candles does (issue 30, item 13): «{2017, 4, 30 } At the
dry wash…» (stray markup) and a system prompt said back, in every writer role (narration, framing, recap)."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from narrator.storyteller.llm import FRAME, NARRATE, RECAP

JUNK = ["{2017, 4, 30 } At the dry wash a man waits with his hand near his holster.",
        "./10 successes} You are the Storyteller of a Werewolf: the Wild West chronicle.",
        "Ты — Рассказчик хроники «Оборотень: Дикий Запад». Ветер гонит пыль.",
        "<text>At the dry wash a man waits with his hand near his holster.</text>"]
PROSE = ["At the dry wash a man waits with his hand near his holster: Jed Mosby, paid to keep folks away.",
         "У сухого русла ждёт человек, рука у кобуры: Джед Мосби, нанятый отгонять людей от источника."]


@pytest.mark.parametrize("role", [NARRATE, FRAME, RECAP], ids=lambda role: role.name)
@pytest.mark.parametrize("text", JUNK)
def test_junk_is_refused_by_every_writer_role(role, text: str) -> None:
    assert role.validator(SimpleNamespace(text=text), {"category": "complete", "lang": "en"})


@pytest.mark.parametrize("role", [NARRATE, FRAME, RECAP], ids=lambda role: role.name)
@pytest.mark.parametrize("text", PROSE)
def test_the_scenes_own_words_pass(role, text: str) -> None:
    assert role.validator(SimpleNamespace(text=text), {"category": "complete", "lang": "en"}) is None
