"""The public claims in a model's speech, read from its words, and the check that refuses a false one.

A model writes free text, so its claims are found by patterns (English and Russian): "<seat> voted
against <seat>", "<seat> accused <seat>", "<seat> died as <mask>", "<seat> was revealed as a shadow",
"<seat> has accused no one", where a seat is written ``P3`` or by its name. Each one found is a
:class:`~agents.battaglia.claims.Claim`, checked against the public record of the speaker's view; a
false one refuses the speech with the reason (the model is re-asked, then the scripted bot speaks).
A paraphrase the patterns miss is not checked: this is a guard against stated falsehoods, not a parser.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import cache
from typing import Any

from narrator.agents.battaglia.claims import Claim, PublicRecord, false_claims
from narrator.agents.battaglia.texts import words
from narrator.rules.battaglia.cards import Card

_VERBS = {
    "voted": (r"(?:voted|cast (?:a|his|her|their) (?:vote|ballot)|votes?) (?:against|for)",
              r"(?:голосовал[аи]?|проголосовал[аи]?|отдал[аи]? голос) (?:против|за)"),
    "accused": (r"(?:accused|accuses|charged)", r"(?:обвинил[аи]?|обвиняет|обвинял[аи]?)"),
}
_DIED = (r"(?:died|was killed|was executed|was shot)(?: as| holding| with)?(?: the| a)?",
         r"(?:погиб(?:ла)?|умер(?:ла)?|казнён|казнена|застрелен[аы]?)(?: как| с картой| маской)?")
_WAS = (r"(?:was|turned out to be|turned out to hold)(?: the| a)?", r"(?:был[аи]?|оказал(?:ся|ась))")
_REVEALED = (r"(?:was |is |has been )?revealed as (?:a |the )?", r"вскрыл(?:ся|ась|ись) как ")
_NOBODY = (r"(?:has |had )?(?:never accused anyone|accused no ?one|accused nobody|not accused anyone)",
           r"(?:никого не обвинял[аи]?|ни разу никого не обвинил[аи]?)")
REVEAL_WORDS = {"shadow": ("shadow", "тень", "тенью"), "lord": ("lord", "лорд", "лордом"),
                "child": ("child", "дитя"), "bishop": ("bishop", "епископ", "епископом")}


class SpeechFacts:
    """Finds claims in speech at one table: seat names, mask names, the language's patterns."""

    def __init__(self, names: Sequence[str], lang: str) -> None:
        self.lang = lang if lang in ("en", "ru") else "en"
        self.names = list(names)
        seat_alternatives = [re.escape(n) for n in sorted(set(self.names), key=len, reverse=True) if n]
        self.seat = r"(P\d{1,2}\b" + "".join(f"|{n}" for n in seat_alternatives) + ")"
        self.masks = _mask_names(self.lang)
        mask = "(" + "|".join(re.escape(m) for m in sorted(self.masks, key=len, reverse=True)) + ")"
        i = 0 if self.lang == "en" else 1
        flags = re.IGNORECASE
        self.patterns = [
            (kind, re.compile(rf"{self.seat}(?:\s+\([^)]*\))?,?\s+{verbs[i]}\s+(?:the\s+|игрока\s+)?{self.seat}", flags))
            for kind, verbs in _VERBS.items()
        ]
        self.died = re.compile(rf"{self.seat}\s+(?:{_DIED[i]}|{_WAS[i]})\s+{mask}", flags)
        self.revealed = re.compile(rf"{self.seat}\s+{_REVEALED[i]}(\w+)", flags)
        self.nobody = re.compile(rf"{self.seat}\s+{_NOBODY[i]}", flags)

    def seat_of(self, text: str) -> int | None:
        if re.fullmatch(r"P\d{1,2}", text, re.IGNORECASE):
            return int(text[1:])
        lowered = [n.lower() for n in self.names]
        return lowered.index(text.lower()) if text.lower() in lowered else None

    def claims(self, speech: str) -> list[Claim]:
        """The public claims ``speech`` states, as far as the patterns read them."""
        found: list[Claim] = []
        for kind, pattern in self.patterns:
            for match in pattern.finditer(speech):
                a, b = self.seat_of(match[1]), self.seat_of(match[2])
                if a is not None and b is not None:
                    found.append(Claim(kind, a, b))
        for match in self.died.finditer(speech):
            seat, card = self.seat_of(match[1]), self.masks.get(match[2].lower())
            if seat is not None and card:
                found.append(Claim("died_as", seat, card=card))
        for match in self.revealed.finditer(speech):
            seat = self.seat_of(match[1])
            what = next((k for k, words in REVEAL_WORDS.items() if match[2].lower() in words), None)
            if seat is not None and what:
                found.append(Claim("revealed", seat, card=what))
        for match in self.nobody.finditer(speech):
            seat = self.seat_of(match[1])
            if seat is not None:
                found.append(Claim("never_accused", seat))
        return found


@cache
def _mask_names(lang: str) -> dict[str, str]:
    """Lower-case mask name -> card id, for ``lang``."""
    return {str(info["name"]).lower(): card for card, info in words(lang, "masks")["masks"].items()
            if card in Card.__members__}


def false_in(speech: str, facts: SpeechFacts, record: PublicRecord) -> list[Claim]:
    """The claims of ``speech`` that the public record contradicts."""
    return false_claims(facts.claims(speech), record)


def describe(claim: Claim, lang: str) -> str:
    """A false claim in words, for the reason sent back to the model."""
    who, other = f"P{claim.seat}", f"P{claim.other}"
    en = {"voted": f"{who} voted against {other}", "accused": f"{who} accused {other}",
          "died_as": f"{who} died as {claim.card}", "revealed": f"{who} was revealed as {claim.card}",
          "never_accused": f"{who} has accused no one", "was_accused": f"{who} was accused"}
    return en.get(claim.kind, claim.kind)


def speech_facts_problem(output: Any, context: dict[str, Any]) -> str | None:
    """Refuse a speech that states something false of the public record (a validator of the roles)."""
    speech = getattr(output, "speech", None)
    brief = context["request"].view
    facts, record = getattr(brief, "facts", None), getattr(brief, "record", None)
    if not isinstance(speech, str) or facts is None or record is None:
        return None
    wrong = false_in(speech, facts, record)
    if not wrong:
        return None
    said = "; ".join(describe(c, brief.lang) for c in wrong)
    return (f"your speech states what the public record does not hold ({said}); say only facts of the record, "
            "or accuse by legend")
