"""The public claims in a model's speech, read from its words, and the check that refuses a false one.

A model writes free text, so its claims are read clause by clause (English and Russian). A clause names
seats (``P3``, or a name in any of its Russian cases), masks, and a predicate: a vote, an accusation, a
death, a reveal, a card shown. From those and a negation ("never", «не») it makes
:class:`~agents.battaglia.claims.Claim`\\ s, named or not: "Gleb never accused anybody" (``never_accused``),
"When Anna died her card was Tiir" (``died_as``), "Ivan was executed yesterday" (``executed``), "Oleg is dead"
(``died``), "a Shadow is murdered today" (``death_recent``), "the accuser is Boris" (``accuser``), "someone voted
to kill Daria" (``got_votes``). Each is checked against the public record of the speaker's view; a false one
refuses the speech with the record's correction (the model is re-asked, then the scripted bot speaks).

Who does what to whom: in English the seat before the verb acts and the one after it suffers, unless a
"by" turns it round; in Russian the seat in the nominative acts. A clause the reader cannot place is not
checked: this is a guard against stated falsehoods, not a parser. Its recall and precision on a labelled set
of model-style sentences: ``benchmarks/battaglia_speech_facts.py``.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any

from narrator.agents.battaglia.claims import Claim, PublicRecord, false_claims
from narrator.agents.battaglia.texts import words
from narrator.rules.battaglia.cards import Card

# The predicates of a clause, per language (en, ru): a stem found anywhere in it.
_VOTE = (r"\bvot(?:e|es|ed|ing)\b|\bballots?\b", r"голос|\bзабаллотир")
_ACCUSE = (r"\baccus(?:e|es|ed|ing|ation|ations)\b|\bcharged\b|\bpointed (?:at|the finger)",
           r"обвин(?!ител)|\bуказал[аи]? на\b")
_ACCUSER = (r"\baccuser\b", r"обвинител")
_PASSIVE_ACCUSE = ((r"\b(?:was|were|been|is|are|stands?|stood|got|being)\s+(?:\w+\s+)?accused\b|under accusation"
                   r"|survived (?:an |the |one )?accusation"),
                   (r"обвин[её]н(?:а|ы|о)?\b|обвиняем|обвинили|обвиняли|обвинения против|обвинение против|под обвинени"
                   r"|пережил\w* обвинени"))
_DEATH = (r"\b(?:died|dies|dead|killed|murdered|slain|executed|hanged|shot|perished|death|lost (?:his|her|a) life)\b",
          r"\b(?:погиб|умер|умерл|м[её]ртв|уби[тлв]|казн|застрел|расстрел|смерт|повес)")
_EXECUTED = (r"\b(?:executed|hanged|execution)\b", r"\b(?:казн|повеш)")
_SHOWN = (r"\b(?:was|were|turned out|held|had|card was|holding)\b", r"\bбыл[аи]?\b|оказал|держал|карт")
_REVEAL = (r"\brevealed\b|\bunmasked\b", r"вскрыл|вскрыт|раскрыл|раскрыт")
_NEGATION = ((r"\b(?:not|never|no one|nobody|noone|none|didn't|hasn't|haven't|wasn't|isn't|aren't|weren't|no)\b"
             r"|n't\b"), r"\bне\b|\bни\b|\bникого\b|\bникто\b|\bнет\b|\bникогда\b")
_NOBODY = (r"\b(?:anyone|anybody|no one|nobody|noone|a soul)\b", r"\bникого\b|\bни на кого\b")
_BY = (r"\bby\b", r"")
_TARGET = (r"\b(?:against|for|to kill|to execute|out|on)\s+(?:the\s+)?(?:player\s+)?$",
           r"(?:против|за|на|казнь|казни)\s+(?:игрок\w*\s+)?$")
"""What stands right before the seat acted on ("against Daria", «против игрока Дарьи», «за казнь Дарьи»)."""
_ACTOR = (r"\b(?:by|from)\s+(?:the\s+)?(?:player\s+)?$", r"\bот\s+(?:игрок\w*\s+)?$")
"""What stands right before the seat that acted ("an accusation from Boris", «обвинение от игрока Бориса»)."""
_RECENT = (r"\b(?:today|tonight|last night|this morning|this night|overnight|yesterday)\b",
           r"сегодня|этой ночью|прошлой ночью|ночью|утром|вчера|за ночь|нынче")
_SPLIT = (r"[.;!?\n:,]+|\s+(?:and|but)\s+(?=P\d|[A-Z])", r"[.;!?\n:,]+|\s+(?:и|а|но)\s+(?=P\d|[А-ЯЁ])")
_PRONOUN = (r"\b(?:he|she|his|her|him|who|whose)\b",
            r"\b(?:он|она|его|её|ее|ему|ей|им|ним|нему|ней|который|которая|которого|которой)\b")
"""A clause naming no seat but one of these speaks of the seat the clause before named last."""
_MODAL = (r"^\s*(?:vote|accuse|kill|execute|condemn|hang|look|check|watch|ask|remember)\b|\b(?:will|would|should|shall|let's|let us|going to|must|might|may|can|could|if|think|believe|suspect)\b",
          (r"^\s*\w+(?:ите|йте)\b|\b(?:буду|будем|будет|давайте|давай|надо|нужно|должн\w*|стоит|может|бы|если|пусть|думаю|считаю|"
          r"подозреваю|обвиним|проголосуем)\b"))
"""A plan, a wish, a guess or a condition: no fact of the record is stated."""
_SIDES = (r"\b(shadow)s?\b", r"\b(тен)(?:ь|и|ью)\b")
"""The shadow side named in an unnamed death ("a Shadow is murdered today")."""
REVEAL_WORDS = {"shadow": ("shadow", "тень", "тенью", "тени"), "lord": ("lord", "лорд", "лордом", "лорда"),
                "child": ("child", "дитя"), "bishop": ("bishop", "епископ", "епископом", "епископа")}


@dataclass(frozen=True, slots=True)
class Mention:
    """A seat or a mask named in a clause: where, which, and (Russian) whether in the nominative."""

    start: int
    end: int
    value: Any
    nominative: bool = True


class SpeechFacts:
    """Finds claims in speech at one table: seat names, mask names, the language's words."""

    def __init__(self, names: Sequence[str], lang: str) -> None:
        self.lang = lang if lang in ("en", "ru") else "en"
        self.names = list(names)
        i = self._i = 0 if self.lang == "en" else 1
        self._forms = _seat_forms(self.names, self.lang)
        self.seat = re.compile(r"\bP(\d{1,2})\b|\b(" + "|".join(re.escape(f) for f in sorted(self._forms, key=len,
                               reverse=True)) + r")\b", re.IGNORECASE) if self._forms else re.compile(r"\bP(\d{1,2})\b")
        self.masks = _mask_names(self.lang)
        self._mask_forms = {form: card for name, card in self.masks.items() for form in _phrase_forms(name, self.lang)}
        self.mask = re.compile(r"\b(" + "|".join(re.escape(f) for f in sorted(self._mask_forms, key=len, reverse=True))
                               + r")\b", re.IGNORECASE)
        self.words = {name: re.compile(pair[i], re.IGNORECASE) if pair[i] else None for name, pair in (
            ("vote", _VOTE), ("accuse", _ACCUSE), ("accuser", _ACCUSER), ("passive", _PASSIVE_ACCUSE),
            ("death", _DEATH), ("executed", _EXECUTED), ("shown", _SHOWN), ("reveal", _REVEAL),
            ("negation", _NEGATION), ("nobody", _NOBODY), ("by", _BY), ("recent", _RECENT))}
        self.target, self.actor = re.compile(_TARGET[i], re.IGNORECASE), re.compile(_ACTOR[i], re.IGNORECASE)
        self.split = re.compile(_SPLIT[i])
        self.pronoun, self.modal = re.compile(_PRONOUN[i], re.IGNORECASE), re.compile(_MODAL[i], re.IGNORECASE)
        self.side = re.compile(_SIDES[i], re.IGNORECASE)

    def seat_of(self, text: str) -> int | None:
        if re.fullmatch(r"P\d{1,2}", text, re.IGNORECASE):
            return int(text[1:])
        found = self._forms.get(text.lower())
        return found[0] if found else None

    def claims(self, speech: str) -> list[Claim]:
        """The public claims ``speech`` states, as far as its clauses can be read."""
        found: list[Claim] = []
        last: Mention | None = None
        for sentence in re.split(r"[.!?;\n]+", speech):
            guess = bool(self.modal.search(sentence))  # "I think Oleg, …": the whole sentence is a guess
            for clause in self.split.split(sentence):
                seats = self._seats(clause)
                if not seats and last is not None and (pronoun := self.pronoun.search(clause)):
                    seats = [Mention(pronoun.start(), pronoun.end(), last.value)]  # "…; her card was Tiir"
                last = seats[-1] if seats else last
                if guess or self.modal.search(clause):
                    continue
                found += [claim for claim in self._clause(clause, seats) if claim not in found]
        return found

    # -- one clause ---------------------------------------------------------------------------------

    def _seats(self, clause: str) -> list[Mention]:
        mentions = []
        for match in self.seat.finditer(clause):
            if match[1] is not None:
                mentions.append(Mention(match.start(), match.end(), int(match[1])))
            else:
                seat, nominative = self._forms[match[2].lower()]
                mentions.append(Mention(match.start(), match.end(), seat, nominative))
        return [m for m in mentions if 0 <= m.value < max(len(self.names), 18)]

    def _has(self, name: str, text: str) -> re.Match[str] | None:
        pattern = self.words[name]
        return pattern.search(text) if pattern is not None else None

    def _clause(self, clause: str, seats: list[Mention]) -> list[Claim]:
        masks = [Mention(m.start(), m.end(), self._mask_forms[m[1].lower()]) for m in self.mask.finditer(clause)]
        masks = [m for m in masks if not any(s.start <= m.start < s.end for s in seats)]  # a name, not a mask
        negated = bool(self._has("negation", clause))
        if self._has("reveal", clause) and seats:
            return self._revealed(clause, seats)
        vote = self._has("vote", clause)
        if vote:
            return self._acts("voted", clause, vote, seats, negated)
        accuse = self._has("accuse", clause) or self._has("accuser", clause)
        if accuse:
            return self._accusation(clause, accuse, seats, negated)
        if self._has("death", clause) or (masks and seats and self._has("shown", clause)):
            return self._deaths(clause, seats, masks, negated)
        return []

    def _revealed(self, clause: str, seats: list[Mention]) -> list[Claim]:
        after = clause[self._has("reveal", clause).end():].lower()  # type: ignore[union-attr]
        lead = re.findall(r"\w+", after)[:4]
        what = next((k for k, names in REVEAL_WORDS.items() if any(w in names for w in lead)), None)
        return [Claim("revealed", seats[0].value, card=what)] if what else []

    def _roles(self, clause: str, verb: re.Match[str], seats: list[Mention]) -> tuple[int, int]:
        """(actor, target) of a clause naming two seats or more around ``verb``."""
        a, b = seats[0], seats[1]
        marked = [m for m in (a, b) if self.target.search(clause[:m.start])]
        if len(marked) == 1:  # «Против Ивана голосовала Дарья»: the seat after «против» is acted on
            return (b.value, a.value) if marked[0] is a else (a.value, b.value)
        if self.lang == "ru":
            if a.nominative != b.nominative:
                return (a.value, b.value) if a.nominative else (b.value, a.value)
            return a.value, b.value
        by = self._has("by", clause[verb.end():])
        if by is not None and b.start >= verb.end() + by.start():  # "Anna was voted against by Boris"
            return b.value, a.value
        return a.value, b.value

    def _is_target(self, clause: str, verb: re.Match[str], seat: Mention) -> bool:
        """Whether the one seat named is the one acted on ("against Daria", «против Дарьи», "accused Gleb")."""
        if self.target.search(clause[:seat.start]):
            return True
        if self.actor.search(clause[:seat.start]):
            return False
        if self.lang == "ru":  # «Дарью обвинили» (a bare accusative); «голос игрока Романа» is Roman's own
            return not seat.nominative and not re.search(r"голос\w*\s+(?:игрок\w*\s+)?$", clause[:seat.start],
                                                            re.IGNORECASE)
        if seat.start < verb.start():
            return False
        between = clause[verb.end():seat.start]
        return bool(self.target.search(clause[:seat.start])) or not between.strip() or between.strip() in ("the",)

    def _acts(self, kind: str, clause: str, verb: re.Match[str], seats: list[Mention], negated: bool) -> list[Claim]:
        if len(seats) >= 2 and seats[0].value != seats[1].value:
            return [Claim(("not_" + kind) if negated else kind, *self._roles(clause, verb, seats))]
        if len(seats) == 1 and self._is_target(clause, verb, seats[0]):
            return [Claim("not_got_votes" if negated else "got_votes", seats[0].value)]
        return []

    def _accusation(self, clause: str, verb: re.Match[str], seats: list[Mention], negated: bool) -> list[Claim]:
        if len(seats) >= 2 and seats[0].value != seats[1].value:
            actor, target = self._roles(clause, verb, seats)
            if self.lang == "en" and re.search(r"\baccuser of\s+$", clause[:seats[0].start], re.IGNORECASE):
                actor, target = target, actor  # "the accuser of Anna was Boris"
            if self.lang == "ru" and re.search(r"обвин[её]н(?:а|ы)?\b", clause, re.IGNORECASE):
                actor, target = target, actor  # «Глеб обвинён Анной»: the nominative is the one accused
            return [Claim("not_accused" if negated else "accused", actor, target)]
        if len(seats) != 1:
            return []
        seat = seats[0]
        if self._has("accuser", clause):
            return [Claim("never_accused" if negated else "accuser", seat.value)]
        if self.actor.search(clause[:seat.start]):  # «ни одного обвинения от игрока Тимура»
            return [Claim("never_accused" if negated else "accuser", seat.value)]
        passive = self._has("passive", clause)
        if passive or self._is_target(clause, verb, seat):
            return [Claim("not_was_accused" if negated else "was_accused", seat.value)]
        if negated and self._has("nobody", clause):
            return [Claim("never_accused", seat.value)]
        if not negated and seat.start < verb.start():
            return [Claim("accuser", seat.value)]
        return []

    def _deaths(self, clause: str, seats: list[Mention], masks: list[Mention], negated: bool) -> list[Claim]:
        executed = self._has("executed", clause)
        if masks and not negated:
            card = masks[-1]
            before = [s for s in seats if s.start < card.start] or seats
            if before:
                return [Claim("died_as", before[-1].value, card=card.value)]
            if not self._has("death", clause):
                return []
            return [Claim("died_recent_as" if self._has("recent", clause) else "card_died", -1, card=card.value)]
        side = self.side.search(clause)
        if side and not seats and not negated and self._has("recent", clause) and self._has("death", clause):
            return [Claim("died_recent_as", -1, card="shadow")]
        if seats:
            kind = "executed" if executed else "died"
            return [Claim(("not_" + kind) if negated else kind, s.value) for s in _distinct(seats)]
        if self._has("recent", clause) and self._has("death", clause):
            return [Claim("no_death_recent" if negated else "death_recent", -1)]
        return []


def _distinct(seats: list[Mention]) -> list[Mention]:
    seen: set[int] = set()
    return [s for s in seats if not (s.value in seen or seen.add(s.value))]  # type: ignore[func-returns-value]


def _word_forms(word: str, lang: str) -> dict[str, bool]:
    """A Russian name's singular case forms (-> whether it is the nominative); English: the word itself.

    The endings of the first and second declensions (and adjectives, for «чеширский кот»): a model declines a
    name after a preposition («против Глеба», «на Дарью»), and the reader must still know the seat.
    """
    word = word.lower()
    if lang != "ru" or len(word) < 3:
        return {word: True}
    stem, last = word[:-1], word[-1]
    if word.endswith(("ий", "ый", "ой")):
        endings = ["ого", "ому", "им", "ом"]
    elif last in "ая":
        soft = last == "я"
        endings = ["и" if soft or stem[-1] in "гкхжшчщ" else "ы", "е", "ю" if soft else "у", "ей" if soft else "ой"]
    elif last == "й":
        endings = ["я", "ю", "ем", "е"]
    elif last == "ь":
        endings = ["я", "ю", "ем", "е", "и", "ью"]
    elif last in "бвгдзклмнпрстфхжшщчц":
        stem, endings = word, ["а", "у", "ом" if last not in "жшщчц" else "ем", "е"]
    else:
        return {word: True}
    return {word: True, **{stem + e: False for e in endings if stem + e != word}}


def _seat_forms(names: Sequence[str], lang: str) -> dict[str, tuple[int, bool]]:
    """Every form of every seat's name -> (seat, nominative); a form two names share names neither."""
    forms: dict[str, tuple[int, bool]] = {}
    clashes: set[str] = set()
    for seat, name in enumerate(names):
        if not name:
            continue
        for form, nominative in _phrase_forms(name, lang, with_case=True).items():
            if form in forms and forms[form][0] != seat:
                clashes.add(form)
            forms.setdefault(form, (seat, nominative))
    return {f: v for f, v in forms.items() if f not in clashes}


@cache
def _phrase_forms(phrase: str, lang: str, with_case: bool = False) -> dict[str, bool]:
    """The forms of a one- or two-word name (each word declined alike, case by case)."""
    parts = [list(_word_forms(w, lang).items()) for w in phrase.split()]
    if len(parts) == 1:
        return dict(parts[0])
    found = {" ".join(w for w, _ in zip_forms): all(n for _, n in zip_forms)
             for zip_forms in zip(*[p + [p[0]] * (max(map(len, parts)) - len(p)) for p in parts])}
    return {phrase.lower(): True, **found}


@cache
def _mask_names(lang: str) -> dict[str, str]:
    """Lower-case mask name -> card id, for ``lang``."""
    return {str(info["name"]).lower(): card for card, info in words(lang, "masks")["masks"].items()
            if card in Card.__members__}


def false_in(speech: str, facts: SpeechFacts, record: PublicRecord) -> list[Claim]:
    """The claims of ``speech`` that the public record contradicts."""
    return false_claims(facts.claims(speech), record)


def describe(claim: Claim, lang: str, record: PublicRecord | None = None) -> str:
    """A false claim and what the record holds instead, for the reason sent back to the model (English: the
    models' instructions are English in both languages)."""
    who, other = f"P{claim.seat}", f"P{claim.other}"
    said = {"voted": f"{who} voted against {other}", "accused": f"{who} accused {other}",
            "died_as": f"{who} died as {claim.card}", "revealed": f"{who} was revealed as {claim.card}",
            "never_accused": f"{who} has accused no one", "was_accused": f"{who} was accused",
            "accuser": f"{who} accused someone", "died": f"{who} has died", "executed": f"{who} was executed",
            "got_votes": f"someone voted against {who}", "death_recent": "someone died since last night",
            "card_died": f"someone died as {claim.card}", "not_voted": f"{who} did not vote against {other}",
            "not_accused": f"{who} did not accuse {other}", "not_was_accused": f"nobody accused {who}",
            "not_died": f"{who} has not died", "not_executed": f"{who} was not executed",
            "not_got_votes": f"nobody voted against {who}", "no_death_recent": "nobody died since last night",
            "darks_left": f"{claim.n} darks live ({claim.card})"}.get(claim.kind, claim.kind)
    return f"{said} (the record: {correction(claim, record)})" if record is not None else said


def correction(claim: Claim, record: PublicRecord) -> str:
    """What the public record holds on the matter of a false ``claim``."""
    seat = claim.seat

    def seats(found: Any) -> str:
        return ", ".join(f"P{s}" for s in sorted(set(found))) or "nobody"

    kind = claim.kind.removeprefix("not_").removeprefix("no_")
    if kind in ("voted", "got_votes"):
        return f"votes against P{claim.other if kind == 'voted' else seat} came from " \
               f"{seats(a for a, t in record.ballots if t == (claim.other if kind == 'voted' else seat))}"
    if kind in ("accused", "never_accused", "accuser"):
        return f"P{seat} accused {seats(t for a, t in record.accusations if a == seat)}"
    if kind == "was_accused":
        return f"P{seat} was accused by {seats(a for a, t in record.accusations if t == seat)}"
    if kind in ("died_as", "died", "executed", "card_died"):
        deaths = "; ".join(f"P{s} died as {c}" for s, c in sorted(record.deaths)) or "nobody has died"
        return f"{deaths}; executed: {seats(record.executed)}"
    if kind == "death_recent":
        return f"died since last night: {seats(record.recent_deaths)}"
    if kind == "revealed":
        return "; ".join(f"P{s} revealed as {c}" for s, c in sorted(record.revealed)) or "nobody was revealed"
    return "it does not say so"


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
    said = "; ".join(describe(c, brief.lang, record) for c in wrong)
    return (f"your speech states what the public record does not hold ({said}); say only facts of the record, "
            "or accuse by legend")
