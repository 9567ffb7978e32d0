"""The message catalogues: one per language, the same keys in both, plural forms, the language rule."""

from __future__ import annotations

import pytest
from narrator.agents.i18n import LANGUAGES, catalogue, default_language, end_reason, plural, refusal
from narrator.rules.battaglia.legal import BattagliaCode
from narrator.rules.core import Code
from narrator.rules.storyteller.checks import StCode
from narrator.rules.ten_candles.codes import TenCandlesCode

FORMS = ({"one", "few", "many", "other"}, {"m", "f"})
"""A mapping of plural categories, or of a man's and a woman's form, is one message: a language may give
forms another does not need (Russian «погиб» / «погибла», English "died")."""


def _keys(node, prefix=""):
    if isinstance(node, dict) and not any(set(node) <= forms for forms in FORMS):
        for key, value in node.items():
            yield from _keys(value, f"{prefix}{key}.")
    else:
        yield prefix.rstrip(".")


def test_both_catalogues_hold_the_same_messages() -> None:
    assert set(_keys(catalogue("ru"))) == set(_keys(catalogue("en")))


@pytest.mark.parametrize(("n", "ru", "en"), [(1, "1 свеча", "1 candle"), (2, "2 свечи", "2 candles"),
                                            (5, "5 свечей", "5 candles"), (11, "11 свечей", "11 candles"),
                                            (21, "21 свеча", "21 candles"), (24, "24 свечи", "24 candles")])
def test_plural_forms_follow_each_language(n: int, ru: str, en: str) -> None:
    assert plural("ru", "candles", n) == ru and plural("en", "candles", n) == en


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_kernel_refusal_code_has_its_own_words(lang: str) -> None:
    codes = [*Code, *BattagliaCode, *TenCandlesCode, *StCode]
    missing = [str(c) for c in codes if str(c) not in catalogue(lang)["refusal"]]
    assert not missing, missing
    assert refusal(lang, "NO_SUCH_CODE") == catalogue(lang)["refusal"]["_other"]


@pytest.mark.parametrize("termination", ["one_force_left", "stalemate", "failed_roll", "last_candle", "all_dead",
                                         "story_ended", "move_limit", "seize"])
def test_end_reasons_are_words_not_codes(termination: str) -> None:
    for lang in LANGUAGES:
        words = end_reason(lang, termination)
        assert termination in catalogue(lang)["end"] and "_" not in words and words != termination
    assert end_reason("ru", "one_force_left") == "за столом осталась одна сила"


@pytest.mark.parametrize(("explicit", "env", "expected"), [
    ("ru", {"NARRATOR_LANG": "en", "LANG": "en_US.UTF-8"}, "ru"),
    (None, {"NARRATOR_LANG": "ru", "LANG": "en_US.UTF-8"}, "ru"),
    (None, {"LANG": "ru_RU.UTF-8"}, "ru"),
    (None, {"LC_ALL": "en_GB.UTF-8", "LANG": "ru_RU.UTF-8"}, "en"),
    (None, {"LANG": "de_DE.UTF-8"}, "en"),
    (None, {"LANG": "C"}, "en"),
    (None, {}, "en"),
])
def test_the_language_rule(explicit, env, expected) -> None:
    assert default_language(explicit, env) == expected


def test_a_mistyped_language_is_an_error_not_a_silent_switch() -> None:
    with pytest.raises(ValueError, match="NARRATOR_LANG"):
        default_language(None, {"NARRATOR_LANG": "russian"})
