"""A player's words as the scenario writes them: the offline reader matches words in lower case («готье»),
and the line that names them («ваши слова: …») shows a name as written (Готье, Gautier; play-test)."""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence

from narrator.agents.i18n import message
from narrator.storyteller.template_base import Option

_TOKEN = re.compile(r"[^\W\d_]+(?:['’-][^\W\d_]+)*")
_OPENS = re.compile(r"(?:^|[.!?:;«“\"(]\s*)$")


def spellings(labels: Iterable[str], names: Iterable[str] = ()) -> dict[str, str]:
    """Lower case -> as written, for the words a scenario writes with a capital: every word of a name, and a
    label's words but those that open a sentence (a capital there is the sentence's, «Добиться места…»)."""
    spelled: dict[str, str] = {}
    for name in names:
        for token in _TOKEN.findall(name):
            if token != token.lower():
                spelled.setdefault(token.lower(), token)
    for label in labels:
        for found in _TOKEN.finditer(label):
            token = found.group()
            if token != token.lower() and not _OPENS.search(label[:found.start()]):
                spelled.setdefault(token.lower(), token)
    return spelled


def as_written(words: Iterable[str], spelled: dict[str, str]) -> list[str]:
    """``words`` with each one the scenario writes with a capital written so."""
    return [spelled.get(word.lower(), word) for word in words]


def said_as_written(said: Sequence[str], lang: str, options: Sequence[Option], spelled: dict[str, str],
                    key: str = "improv.chose") -> tuple[str, ...]:
    """The reader's lines naming an approach and the player's words (``key``), those words as written."""
    out = []
    for line in said:
        for option in options:
            before, _, after = message(lang, key, number=option.number, label=option.label,
                                       words="\x00").partition("\x00")
            if line.startswith(before) and line.endswith(after) and len(line) >= len(before) + len(after):
                words = line[len(before):len(line) - len(after)].split(", ")
                line = before + ", ".join(as_written(words, spelled)) + after
                break
        out.append(line)
    return tuple(out)
