"""The Storyteller's answer to a stated attempt (``stated_attempts``, the kernel's D45): a conflict for
the attempter (plain, dangerous, or their Moment) or no conflict, with the words the table hears.

:func:`template_ruling` reads the words offline (:mod:`narrator.ten_candles.reading`: lemmas, typos
forgiven, the word lists of ``prompts/ten_candles/attempts.yaml``) and says which word it went by: a
conflict only for an attempt whose result is not obvious (L58, L265), dangerous when failing could kill
(L289), the Moment when it is the active card and the words live it (D14); an attempt to set the dice,
the candles or the rules ("give me 10 successes") stays a plain intent, with no conflict and nothing
changed on the table. With none of the lists' words the attempt is a plain conflict, because the player
says their character tries it and the template cannot know better. Words it cannot read at all
(:func:`unreadable`) are given back to the player, "I did not understand", before they reach the GM. A
model Storyteller rules with
:class:`~narrator.agents.ten_candles.llm_storyteller.LLMStoryteller.rule_on_attempt` (the kernel
checks its move) and falls back to this.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from narrator.agents.names import fill
from narrator.agents.ten_candles.attempt_ruling import AttemptRuling

__all__ = ["AttemptRuling", "template_ruling"]


def line(key: str, lang: str, **values: Any) -> str:
    """One of the template's lines on attempts in ``lang`` (``prompts/i18n/<lang>/tc_attempts.yaml``)."""
    from narrator.agents.i18n import section

    lang = lang if lang in ("en", "ru") else "en"
    return fill(str(section(lang, "tc_attempts")[key]), lang, **values)  # «Момент {name:gent}» (agents/names.py)


def moment_matches(text: str, moment: str | None, lang: str = "en") -> bool:
    """Whether the attempt is the character's Moment being lived (it names the Moment, or shares with the
    card a word of the Moment's event)."""
    from narrator.ten_candles.reading import lives_moment

    return lives_moment(text, moment, lang if lang in ("en", "ru") else "en")


def unreadable(view: Any, text: str, lang: str) -> bool:
    """Whether the offline template cannot read ``text`` at all: no word of the language that carries
    meaning (nor a name at the table) in it ("blorp qwzx", «ыыы ааа»). It then says it did not understand
    and asks again, rather than rule on it (issues 16, 28)."""
    from narrator.ten_candles.reading import nonsense

    names = [c.name for c in getattr(view, "characters", ()) if c.name]
    return nonsense(text, lang if lang in ("en", "ru") else "en", names)


def template_ruling(view: Any, seat: int, text: str, lang: str, name: str, *, words: bool = True,
                    won: Sequence[str] = ()) -> AttemptRuling:
    """The offline reading of ``text`` (``seat``'s attempt), from the GM's ``view``. Its ``why`` quotes the
    word it went by (the host's record); with ``words=False`` it does not (what the players hear). ``won``:
    the tasks won in this scene so far (the Storyteller's :attr:`~narrator.ten_candles.storyteller.TemplateStoryteller.won`).

    * an act a truth of this table says works, or the same deed as a task just won: no conflict, it stands
      (L313, L283; playtest 17), unless the act itself could kill;

    * words about the dice, the candles or the rules: no conflict, a plain intent (L56, L269);
    * the attempter's Moment is the active card and the words live it: the Moment roll (D14);
    * an act whose failure could kill, or an act against Them: a dangerous conflict (L289);
    * an act of unclear outcome, or a safe act the player says they try: a conflict (L58, L265, L267);
    * a safe act (look, wait, ask...): no conflict (L58);
    * none of these words: a plain conflict, the outcome is not obvious (L265).
    """
    from narrator.ten_candles.reading import read
    from narrator.ten_candles.settled import settled

    me = view.characters[seat] if 0 <= seat < len(view.characters) else None
    moment = me.moment if me is not None and me.top == "moment" else None
    names = [c.name for c in getattr(view, "characters", ()) if getattr(c, "name", "")]
    reading = read(text, lang, moment=moment, names=names)  # a line calling one of them is talk
    if reading.kind == "cheat":
        why = line("why_cheat", lang, word=reading.word)
        return AttemptRuling(False, why=why, narration=line("cheat", lang, attempt=text, name=name, why=why))
    if reading.kind == "moment":
        return AttemptRuling(True, moment=True, why=line("moment", lang, name=name))
    if reading.kind in ("conflict", "unknown") or (reading.kind == "danger" and reading.threat):
        honoured = settled(text, lang, truths=_truths(view, lang), won=won)
        if honoured is not None:
            how, what = honoured
            why = line(f"why_{how}", lang, truth=what, task=what)
            return AttemptRuling(False, why=why, narration=line(f"allow_{how}", lang, truth=what, task=what, name=name))
    if reading.kind == "danger":
        key = "dangerous" if not words else "dangerous_threat" if reading.threat else "dangerous_word"
        return AttemptRuling(True, dangerous=True, why=line(key, lang, word=reading.word, name=name, attempt=text))
    if reading.kind == "safe":
        why = line("why_safe", lang, word=reading.word)
        return AttemptRuling(False, why=why, narration=line("allow", lang, attempt=text, why=why))
    if reading.kind == "conflict" and words:
        return AttemptRuling(True, why=line("conflict_word", lang, attempt=text, word=reading.word, name=name))
    return AttemptRuling(True, why=line("conflict", lang, attempt=text, name=name))


def _truths(view: Any, lang: str) -> list[str]:
    """The truths spoken at the table (the view's rows), without the «Истина: » they are said with."""
    from narrator.agents.ten_candles import material as mat

    prefix = str(mat.load("tables")["truth_prefix"].get(lang, ""))
    rows = getattr(view, "truths", ()) or ()
    said = [str(row[2]) for row in rows if len(row) > 2]
    return [t[len(prefix):] if prefix and t.startswith(prefix) else t for t in said]


def framing(view: Any, active: int, dangerous: bool, lang: str, name: str) -> str | None:
    """The conflict's frame when it answers the attempter's stated words (else ``None``)."""
    attempt = getattr(view, "attempt", None)
    if attempt is None or not attempt.answered or attempt.seat != active:
        return None
    frame = line("frame_dangerous" if dangerous else "frame", lang, name=name, attempt=attempt.text)
    reading = template_ruling(view, active, attempt.text, lang, name, words=False)  # the keyword is the host's
    if reading.conflict and not reading.moment and reading.dangerous == dangerous:
        # the template's own reading says which word it went by; the table's line has already called the
        # conflict and its danger, so this says only why (a conflict is announced once, #32)
        return reading.why
    return frame
