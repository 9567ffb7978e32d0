"""Names in the case a Russian sentence needs: «против игрока {other:gent}» -> «против игрока Глеба».

A catalogue line asks for a case with a format spec on its slot (pymorphy3's grammemes: ``nomn``, ``gent``,
``datv``, ``accs``, ``ablt``, ``loct``); :func:`fill` fills every catalogue line, so a spec works in any
of them. A slot's value may be a :class:`Named` (a name with its gender as data: the table knows it), or a
plain string: then each word pymorphy3 knows as a first name, surname or patronymic is declined in the
gender it reads from the word. Everything else in the value (a seat number «(3)», a mask's name, «вы») stays
as written. English has no cases: the spec is ignored.
"""

from __future__ import annotations

import re
import string
from functools import cache
from typing import Any, Self

from narrator.agents.morphology import russian

CASES = frozenset({"nomn", "gent", "datv", "accs", "ablt", "loct"})


class Named(str):
    """A person's name as written (nominative), with ``gender`` (``"f"``/``"m"``) for declension."""

    gender: str

    def __new__(cls, text: str, gender: str) -> Self:
        made = super().__new__(cls, text)
        made.gender = "f" if gender == "f" else "m"
        return made




@cache
def decline_word(word: str, case: str, gender: str | None = None, kinds: frozenset[str] = frozenset({"Name"})) -> str:
    """One capitalised word of a name in ``case``: a first name (or, with ``kinds``, a surname or patronymic)
    pymorphy3 knows, of ``gender`` when given; any other word unchanged («Шестак» of a woman, «(3)»)."""
    if case == "nomn" or case not in CASES:
        return word
    wanted = None if gender is None else ("femn" if gender == "f" else "masc")
    for parse in russian().parse(word):
        tag = parse.tag
        if not (kinds & set(tag.grammemes)) or "sing" not in tag or "nomn" not in tag:
            continue
        if wanted is not None and wanted not in tag:
            continue
        found = parse.inflect({case, "sing"})
        if found is None:
            continue
        return found.word[:1].upper() + found.word[1:] if found.word else word
    return word


_WORDS = re.compile(r"([^\W\d_]+)")
_ORDER = ("gent", "datv", "accs", "ablt", "loct")


@cache
def _surname_rules(lang: str) -> tuple[tuple[str, tuple[str, ...], tuple[str, ...], int], ...]:
    """The catalogue's rules for surnames pymorphy3 does not know: (gender, endings, the five case endings,
    letters cut); an empty ending list: any word ending in a consonant."""
    from narrator.agents.i18n import catalogue

    return tuple((str(g), tuple(str(e).split()), tuple(str(f).split()), int(cut))
                 for g, e, f, cut in catalogue(lang)["grammar"]["surnames"])


def _surname(word: str, case: str, gender: str) -> str:
    """A surname after a first name in ``case``: pymorphy3's when it knows it, else by its ending (a woman's
    surname ending in a consonant does not decline: «Нины Шестак»)."""
    known = decline_word(word, case, gender, frozenset({"Surn", "Patr", "Name"}))
    if known != word:
        return known
    for sex, ends, forms, cut in _surname_rules("ru"):
        if sex != gender:
            continue
        if word.endswith(ends) if ends else not russian().word_is_known(word) and _ends_in_consonant(word):
            return word[:len(word) - cut] + forms[_ORDER.index(case)]
    return word


def _ends_in_consonant(word: str) -> bool:
    tag = russian().parse(word[-1])[0].tag
    return "LATN" not in tag and word[-1].lower() not in _vowels()


@cache
def _vowels() -> str:
    from narrator.agents.i18n import catalogue

    return str(catalogue("ru")["grammar"]["vowels"])


def name_gender(text: str) -> str:
    """``"f"`` or ``"m"``: the gender of a typed name («Полина Грач» ``f``), by its first word that pymorphy3 knows
    as a first name; ``"m"`` when none is (a line about it then takes the masculine forms, as before)."""
    for word in _WORDS.findall(text):
        found = _gender_of(word) if word[:1].isupper() else None
        if found is not None:
            return found
    return "m"


def _gender_of(word: str) -> str | None:
    for parse in russian().parse(word):
        if "Name" in parse.tag and "nomn" in parse.tag and "sing" in parse.tag:
            return "f" if "femn" in parse.tag else "m"
    return None


def decline(text: str, case: str, gender: str | None = None) -> str:
    """Every name of ``text`` (one name «Нина Шестак», or a list «Полина (0), Тимур (1)») in ``case``: a first
    name and the capitalised word right after it (its surname); the gender, when not given, is the first name's.
    Nothing else changes: a title before a name («травница Саломея») or a nickname in quotes is not declined, so
    a slot that may hold one should not ask for a case."""
    if case not in CASES or case == "nomn":
        return text
    parts = _WORDS.split(text)  # words at odd places, what stands between them at even places
    i = 1
    while i < len(parts):
        word = parts[i]
        if word[:1].isupper():
            sex = gender or _gender_of(word)
            declined = decline_word(word, case, sex)
            parts[i] = declined
            if declined != word and i + 2 < len(parts) and parts[i + 1] == " " and parts[i + 2][:1].isupper():
                parts[i + 2] = _surname(parts[i + 2], case, sex or "m")
                i += 2
        i += 2
    return "".join(parts)


class _CaseFormatter(string.Formatter):
    def __init__(self, lang: str) -> None:
        self.lang = lang

    def format_field(self, value: Any, format_spec: str) -> Any:
        if format_spec in CASES:
            if self.lang != "ru":
                return str(value)
            return decline(str(value), format_spec, getattr(value, "gender", None))
        return super().format_field(value, format_spec)


@cache
def _formatter(lang: str) -> _CaseFormatter:
    return _CaseFormatter(lang)


def fill(template: str, lang: str, /, **values: Any) -> str:
    """``template.format(**values)``, where a slot's spec may name a case (``{other:gent}``)."""
    if ":" not in template:
        return template.format(**values)
    return _formatter(lang).format(template, **values)
