"""The web shows a Storyteller question's approaches as buttons without numbers: a typed answer the table
cannot place is answered by naming them, never with «Введите номер» / "Type a number" (issue #32)."""

from __future__ import annotations

import pytest
from narrator.agents.i18n import message

from narrator.storyteller.seat import typed_choice
from narrator.storyteller.template import PASS, Option

NUMBER_WORDS = {"en": "number", "ru": "номер"}


def teamwork(lang: str) -> list[Option]:
    return [Option(1, "shore-up", message(lang, "troupe.join", who="Elias", label="Shore up"), "",
                   message(lang, "st_intent.join_words"), joins=True),
            Option(2, PASS, message(lang, "troupe.decline"), "", message(lang, "st_intent.decline_words"), joins=True)]


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_an_unplaced_reply_names_the_buttons_on_the_web_and_the_numbers_at_the_terminal(lang: str) -> None:
    options = teamwork(lang)
    web = typed_choice("purple elephants sing", options, 1, lang, free=False, labels=True)
    terminal = typed_choice("purple elephants sing", options, 1, lang, free=False)
    assert web[0] is None and terminal[0] is None
    assert NUMBER_WORDS[lang] not in web[1].lower(), web[1]
    assert NUMBER_WORDS[lang] in terminal[1].lower(), terminal[1]


@pytest.mark.parametrize(("lang", "join"), [("en", "I help him"), ("ru", "помогаю ему")])
def test_a_placed_reply_on_the_web_names_the_button_not_a_number(lang: str, join: str) -> None:
    options = teamwork(lang)
    choice, said = typed_choice(join, options, 1, lang, free=False, labels=True)
    assert choice is not None and choice.approach == "shore-up"
    assert options[0].label in said and " 1:" not in said, said
