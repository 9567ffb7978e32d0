"""Rule references (issue #32): a prompt's hint is said without its rulebook lines, and the ``?`` names them as
lines of the rulebook text («строки», never «стр.», which reads as a page)."""

from __future__ import annotations

import re

import pytest
from narrator.agents.i18n import section

from narrator.citations import split, why

BARE = re.compile(r"\bL\d|стр\.")


@pytest.mark.parametrize("lang", ["en", "ru"])
@pytest.mark.parametrize("catalogue", ["tc_reference", "battaglia_reference"])
def test_every_hint_splits_into_words_and_named_lines(lang: str, catalogue: str) -> None:
    hints = section(lang, catalogue)["hints"]
    cited = 0
    for key, hint in hints.items():
        plain, lines = split(str(hint))
        assert not BARE.search(plain), (key, plain)
        assert plain and plain[-1] in ".?!:»)", (key, plain)
        if lines:
            cited += 1
            named = why(lines, lang)
            assert all(n in named for n in lines) and not BARE.search(named), named
    assert cited >= (3 if catalogue == "tc_reference" else 1)


def test_the_lines_are_named_in_each_language() -> None:
    assert split("Roll the shared pool (L269-275).") == ("Roll the shared pool.", ["269-275"])
    assert why(["58", "265"], "en") == "Why: the rulebook text, lines 58, 265"
    assert why(["291"], "ru") == "Почему так: текст правил, строка 291"
    assert split("Written in (2018), no rule.") == ("Written in (2018), no rule.", [])
