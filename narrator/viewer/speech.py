"""What battaglia seats said aloud (accusations, speeches, whispers), told in the replay's language.

A scripted bot's speech is composed from the catalogue (``prompts/i18n/<lang>/battaglia_speech.yaml``):
the transcript keeps what it was composed of (the move's ``notes.composed``: the pool, the template, whom
it names, the public fact it leans on; :class:`narrator.agents.battaglia.texts.Speech`) beside the text,
so the replay says the same speech with the replay language's words and names. Words nobody composed
from the catalogue (a person's, a model's, or a bot's in a transcript recorded before the data was kept)
cannot be translated offline: shown in another language than they were said in, they stay quoted as
said and are marked with their language, never mixed unmarked into the replay's sentences.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable, Iterable, Mapping
from typing import Any

from narrator.agents.battaglia.texts import Speech, Table
from narrator.agents.i18n import message
from narrator.rules.core import Event

SPOKEN = {"accusation": "accuser", "speech": "seat"}
"""Public events that carry a seat's words, and the field naming who said them."""
QUOTES = "«“\"„'"
"""Opening quotes the presenters put around said words (a language mark goes before them)."""
LETTER = re.compile(r"[^\W\d_]")
TOKEN = "\x00{}\x00"


def composed_speeches(actions: Iterable[Mapping[str, Any]]) -> dict[tuple[int, str], dict[str, Any]]:
    """``(seat, text) -> composed`` for every recorded move whose words a scripted bot composed."""
    found: dict[tuple[int, str], dict[str, Any]] = {}
    for record in actions:
        composed = (record.get("notes") or {}).get("composed")
        text = (record.get("payload") or {}).get("text")
        actor = record.get("actor")
        if isinstance(composed, dict) and isinstance(text, str) and text and isinstance(actor, int):
            found[(actor, text)] = composed
    return found


def said_again(composed: Mapping[str, Any], table: Table) -> str | None:
    """A composed speech in ``table``'s language, or ``None`` when the record cannot be read (told as said)."""
    try:
        if composed.get("pool") == "whisper_dark":
            return message(table.lang, "battaglia_host.whisper_dark",
                           names=", ".join(str(int(s)) for s in composed["seats"]))
        return Speech.from_dict(composed).said(table)
    except (KeyError, TypeError, ValueError, IndexError):
        return None


class SpeechTeller:
    """Tells the words in a recorded game's events in ``lang``.

    Args:
        composed: :func:`composed_speeches` of the game.
        recorded: the language the game was played in (``None``: unknown; nothing is marked).
        lang: the replay's language.
        table: the table's dressing in ``lang`` for a view (names, legends, town).
    """

    def __init__(self, composed: Mapping[tuple[int, str], Mapping[str, Any]], recorded: str | None, lang: str,
                 table: Callable[[Any], Table]) -> None:
        self.composed, self.recorded, self.lang, self.table = composed, recorded, lang, table
        self.mark = "" if recorded in (None, lang) else \
            message(lang, "replay.said_in", language=message(lang, f"replay.language_name.{recorded}"))
        self._marked: dict[str, str] = {}
        """Words told as said (marked), each with the token standing for it until :meth:`finish`."""

    def concerns(self, event: Event) -> bool:
        return event.kind in SPOKEN and bool(event.data.get("text")) or \
            event.kind == "whispers" and bool(event.data.get("messages"))

    def render(self, event: Event, view: Any, say: Callable[[Event], str]) -> str:
        """``say(event)`` with each seat's words told again in the replay's language, or marked as said."""
        return self.finish(say(self.retold(event, view)))

    def view(self, view: Any) -> Any:
        """``view`` with the words in its private notes (a shadow's whispers) told again or to be marked
        (the lines said of it go through :meth:`finish`)."""
        notes = getattr(view, "notes", None) or ()
        if any(self.concerns(e) for e in notes):
            view = dataclasses.replace(view, notes=tuple(self.retold(e, view) if self.concerns(e) else e for e in notes))
        truth = getattr(view, "truth", None)  # the host's: a whisper chosen tonight is its text
        night = getattr(truth, "night", None)
        if truth is not None and night is not None and any(isinstance(t, str) for _, t in night.chosen):
            chosen = tuple((s, self._told(s, t, view) if isinstance(t, str) else t) for s, t in night.chosen)
            view = dataclasses.replace(view, truth=dataclasses.replace(truth, night=dataclasses.replace(night, chosen=chosen)))
        return view

    def retold(self, event: Event, view: Any) -> Event:
        """``event`` with each seat's words in the replay's language where they were composed, else a token
        :meth:`finish` turns into the words as said with their language's mark."""
        data = dict(event.data)
        if event.kind == "whispers":
            data["messages"] = [[seat, self._told(seat, str(text), view)] for seat, text in event.data["messages"]]
        else:
            data["text"] = self._told(event.data.get(SPOKEN[event.kind]), str(event.data["text"]), view)
        return Event(event.kind, event.audience, data)

    def _told(self, seat: Any, text: str, view: Any) -> str:
        composed = self.composed.get((seat, text)) if isinstance(seat, int) else None
        if composed is not None and self.recorded != self.lang:
            again = said_again(composed, self.table(view))
            if again is not None:
                return again
        if not self.mark or not LETTER.search(text):
            return text
        if text not in self._marked:
            self._marked[text] = TOKEN.format(len(self._marked))
        return self._marked[text]

    def finish(self, line: str) -> str:
        """``line`` with every token of :meth:`retold` turned into its words, the language mark before their quote."""
        if "\x00" not in line:
            return line
        for text, token in self._marked.items():
            while (at := line.find(token)) >= 0:
                quote = at - 1 if at > 0 and line[at - 1] in QUOTES else at
                line = f"{line[:quote]}{self.mark} {line[quote:at]}{text}{line[at + len(token):]}"
        return line
