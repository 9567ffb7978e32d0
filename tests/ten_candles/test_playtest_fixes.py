"""Defects a play-tester found at the terminal (Ten Candles): what the player's screen says."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from narrator.ten_candles.attempts import framing, template_ruling


@pytest.mark.parametrize(("lang", "text", "word"), [("en", "I climb the frozen escalator", "climb"),
                                                   ("ru", "Карабкаюсь по замёрзшему эскалатору", "Карабкаюсь"),
                                                   ("en", "I search the kitchen for a torch", "search")])
def test_the_players_framing_does_not_quote_the_keyword_the_host_record_does(lang: str, text: str, word: str):
    """"could cost Vera Lind dearly (“climb”)": the matched word is the host's, not the player's text."""
    view = SimpleNamespace(characters=[SimpleNamespace(name="Vera Lind", top="virtue", moment="")],
                           attempt=SimpleNamespace(answered=True, seat=0, text=text))
    ruling = template_ruling(view, 0, text, lang, "Vera Lind")
    said = framing(view, 0, ruling.dangerous, lang, "Vera Lind")
    assert said and text in said
    assert f"“{word}”" not in said and f"«{word}»" not in said and f"({word})" not in said
    assert said.count("“") + said.count("«") == 1  # only the attempt itself is quoted
    if ruling.dangerous:
        assert word in ruling.why  # the host's record still names the word it went by
