"""The Storyteller's answer to a stated attempt (``stated_attempts``, the kernel's D45): a conflict for
the attempter (plain, dangerous, or their Moment) or no conflict, with the words the table hears.

:func:`template_ruling` reads the words offline with the word stems of
``prompts/ten_candles/attempts.yaml`` and says which it saw; with no sign either way the attempt is a
conflict, because the rulebook makes a conflict of what is not obviously certain (L58, L265) and the
template cannot know better. It never pretends to understand more: the reason it gives names the
word it went by, or says the outcome is simply not obvious; words it cannot read at all (no word of
the language in them: :func:`unreadable`) are given back to the player before they reach the GM. A
model Storyteller rules with
:class:`~narrator.agents.ten_candles.llm_storyteller.LLMStoryteller.rule_on_attempt` (the kernel
checks its move) and falls back to this.
"""

from __future__ import annotations

import re
from functools import cache
from importlib.resources import files
from typing import Any

import yaml

from narrator.agents.ten_candles.attempt_ruling import AttemptRuling

__all__ = ["AttemptRuling", "template_ruling"]


@cache
def words() -> dict[str, Any]:
    """The attempts table: safe and dangerous stems, the lines."""
    return dict(yaml.safe_load((files("narrator.prompts") / "ten_candles" / "attempts.yaml").read_text("utf-8")))


def line(key: str, lang: str, **values: Any) -> str:
    """One of the template's lines on attempts in ``lang`` (``prompts/i18n/<lang>/tc_attempts.yaml``)."""
    from narrator.agents.i18n import section

    return str(section(lang if lang in ("en", "ru") else "en", "tc_attempts")[key]).format(**values)


def _found(text: str, stems: list[str]) -> str | None:
    """The word of ``text`` (or phrase) that the first matching stem starts, as the player typed it."""
    spaced = re.sub(r"\s+", " ", text)
    for stem in stems:
        found = re.search(r"(?<![\w])" + re.escape(stem) + r"\w*", spaced, flags=re.IGNORECASE)
        if found:
            return found.group(0)
    return None


def moment_matches(text: str, moment: str | None) -> bool:
    """Whether the attempt is the character's Moment being lived (its words overlap the card's)."""
    if not moment:
        return False
    from rapidfuzz import fuzz

    return fuzz.token_set_ratio(text.lower(), moment.lower()) >= 60


def unreadable(view: Any, text: str, lang: str) -> bool:
    """Whether the offline template cannot read ``text`` at all: no word of the language (nor a name at
    the table) in it ("blorp qwzx"). It then says so and asks again, rather than rule on it (issue 16)."""
    from narrator.lexicon import understood

    names = [c.name for c in getattr(view, "characters", ()) if c.name]
    return not understood(text, lang if lang in ("en", "ru") else "en", names)


def template_ruling(view: Any, seat: int, text: str, lang: str, name: str) -> AttemptRuling:
    """The offline reading of ``text`` (``seat``'s attempt), from the GM's ``view``.

    * the attempter's Moment is the active card and the words are the Moment's: the Moment roll (D14);
    * a dangerous stem (jump, fight, run...): a dangerous conflict (L289);
    * a safe stem (look, wait, ask...) and no dangerous one: no conflict (L58);
    * otherwise a plain conflict: the outcome is not obvious (L265).
    """
    table = words()
    me = view.characters[seat] if 0 <= seat < len(view.characters) else None
    if me is not None and me.top == "moment" and moment_matches(text, me.moment):
        return AttemptRuling(True, moment=True, why=line("moment", lang, name=name))
    danger = _found(text, table["danger"][lang])
    if danger is not None:
        return AttemptRuling(True, dangerous=True, why=line("dangerous", lang, word=danger, name=name))
    safe = _found(text, table["safe"][lang])
    if safe is not None:
        why = line("why_safe", lang, word=safe)
        return AttemptRuling(False, why=why, narration=line("allow", lang, attempt=text, why=why))
    return AttemptRuling(True, why=line("conflict", lang, attempt=text, name=name))


def framing(view: Any, active: int, dangerous: bool, lang: str, name: str) -> str | None:
    """The conflict's frame when it answers the attempter's stated words (else ``None``)."""
    attempt = getattr(view, "attempt", None)
    if attempt is None or not attempt.answered or attempt.seat != active:
        return None
    frame = line("frame_dangerous" if dangerous else "frame", lang, name=name, attempt=attempt.text)
    reading = template_ruling(view, active, attempt.text, lang, name)
    if reading.conflict and not reading.moment and reading.dangerous == dangerous:
        # the template's own reading: it says which word it went by (a plain conflict: why is the frame)
        return f"{frame} {reading.why}" if dangerous else reading.why
    return frame
