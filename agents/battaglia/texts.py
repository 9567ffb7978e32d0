"""Speech for battaglia bots: the table's public dressing (setting, names, legends) and accusations.

The words are the message catalogue's (``battaglia_speech``, ``battaglia_legends``, ``battaglia_masks`` in
``prompts/i18n/<lang>/``; the masks' factions and temperaments are ``prompts/battaglia/masks.yaml``); this
module only picks and fills them. Every force draws from the same pools with the same odds, so neither the wording nor
the length of a message tells who wrote it. No template is said twice in a game while the pool has one
the game has not heard (:func:`said_in_game` reads the accusations and speeches from the public log), so no
two bots share a line (#32); when every one was heard, the least heard, behind an opener not yet used with it.
The pick is the same single draw as before, moved on to the first such template, so a bot's moves and every
later draw do not change.

Rule: «все вместе выбирают место действия спектакля и каждый сам для себя — легенду персонажа»
(seeds/004_55ac8a5a86b5c135.txt:L45); «обвинения бывают двух типов: по легенде и по логике» (L74).
"""

from __future__ import annotations

import random
import re
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from functools import cache
from pathlib import Path
from typing import Any

import yaml
from narrator.agents.battaglia.draws import Draws
from narrator.rules.battaglia.events import AccusationMade, Day
from narrator.rules.battaglia.events import Speech as Spoken
from narrator.rules.battaglia.record import PublicRecord

from narrator import prompts

PROMPTS = Path(prompts.__file__).parent / "battaglia"
LANGS = ("ru", "en")


@cache
def load(name: str) -> dict[str, Any]:
    """A YAML file of ``prompts/battaglia`` (cached; treat the result as read-only)."""
    data: dict[str, Any] = yaml.safe_load((PROMPTS / f"{name}.yaml").read_text(encoding="utf-8"))
    return data


def words(lang: str, name: str) -> Any:
    """The catalogue's ``battaglia_<name>`` in ``lang`` (``speech``, ``legends``, ``masks``)."""
    from narrator.agents.i18n import section

    return section(lang, f"battaglia_{name}")


def mask_name(card: str, lang: str) -> str:
    """The mask's name in ``lang`` (``"CHESHIRE_CAT"`` -> ``"чеширский кот"``)."""
    return str(words(lang, "masks")["masks"][card]["name"])


def mask_words(card: str, lang: str) -> Mapping[str, str]:
    """The mask's ``name`` and ``personality`` in ``lang``."""
    found: Mapping[str, str] = words(lang, "masks")["masks"][card]
    return found


def faction_words(faction: str, lang: str) -> Mapping[str, str]:
    """A faction's ``name`` and ``goal`` (its ideology, L11-15) in ``lang``."""
    found: Mapping[str, str] = words(lang, "masks")["factions"][faction]
    return found


def mask_info(card: str) -> Mapping[str, Any]:
    """The mask's data: faction, rulebook line, bot temperament (its words: :func:`mask_words`)."""
    info: Mapping[str, Any] = load("masks")["masks"][card]
    return info


@cache
def temperament(card: str, trait: str, default: float = 0.5) -> float:
    """A bot bias of the mask (``boldness``, ``reveal``, ``curse``), 0..1."""
    return float(mask_info(card).get("temperament", {}).get(trait, default))


@dataclass(frozen=True, slots=True)
class Table:
    """The public dressing of one game: the language, the town, each seat's name and legend.

    Everyone at the table knows all of it; it is derived from the game seed only, so bots, the
    terminal host and a replay agree on it.
    """

    lang: str
    setting: str
    names: tuple[str, ...]
    legends: tuple[str, ...]
    genders: tuple[str, ...] = ()
    """``"f"`` or ``"m"`` per seat, from the name (verbs and legends agree with it)."""

    @classmethod
    def for_game(cls, seed: int | None, players: int, lang: str = "ru") -> Table:
        """Draw the setting, names and legends of a ``players``-seat game from ``seed``."""
        if lang not in LANGS:
            raise ValueError(f"language must be one of {', '.join(LANGS)}, not {lang!r}")
        data = words(lang, "legends")
        rng = random.Random(f"table/{seed}")
        names = list(data["names"])
        legends = list(data["legends"])
        rng.shuffle(names)
        rng.shuffle(legends)
        setting = rng.choice(data["settings"])
        women = set(data["women"])
        seated = tuple(names[i % len(names)] for i in range(players))
        genders = tuple("f" if name in women else "m" for name in seated)
        return cls(lang, setting, seated,
                   tuple(legends[i % len(legends)][gender == "f"] for i, gender in enumerate(genders)), genders)

    def name(self, seat: int) -> str:
        """The seat's display name, with its number (``"Вера (3)"``)."""
        return f"{self.names[seat]} ({seat})"

    def gender(self, seat: int) -> str:
        """``"f"`` or ``"m"``: the grammatical gender of the seat's name (``"m"`` when unknown)."""
        return self.genders[seat] if 0 <= seat < len(self.genders) else "m"


@dataclass(frozen=True, slots=True)
class Reason:
    """A public fact an accusation can lean on (``kind`` is a key of ``by_logic`` in the templates)."""

    kind: str
    other: int | None = None
    card: str = ""
    n: int = 0
    bound: str = ""
    """For ``darks_count``: ``at_least`` / ``at_most`` when the day's count bounds ``n`` (``""``: exactly ``n``)."""


@dataclass(frozen=True, slots=True)
class Speech:
    """What a scripted speech says, as data: the catalogue ``pool`` and the template drawn from it (``index``),
    the opener put before it (``opener``, an index of ``again``; -1: none), the seat it speaks of (the accused,
    or the speaker), and the public fact it leans on. The pools are index-aligned in every language, so the
    same speech is :meth:`said` in either (a replay shown in another language re-renders it).

    ``pool`` is ``by_legend``, ``by_logic.<reason kind>``, ``defence``, ``defence_accused``,
    ``defence_after_vote`` or ``self_light``. Everything in it is what the words say aloud: it is public.
    """

    pool: str
    index: int
    seat: int
    reason: Reason | None = None
    opener: int = -1

    def said(self, table: Table) -> str:
        """The words in ``table``'s language, with its names, legends and town."""
        templates = words(table.lang, "speech")
        group, _, kind = self.pool.partition(".")
        pool = templates[group][kind] if kind else templates[group]
        template = pool[self.index]
        if self.opener >= 0:
            template = templates["again"][self.opener] + template
        return _fill(template, table, self.seat, self.reason)

    def to_dict(self) -> dict[str, Any]:
        """The speech for a transcript (beside the text it was said as)."""
        data: dict[str, Any] = {"pool": self.pool, "index": self.index, "seat": self.seat}
        if self.opener >= 0:
            data["opener"] = self.opener
        if self.reason is not None:
            reason: dict[str, Any] = {"kind": self.reason.kind}
            if self.reason.other is not None:
                reason["other"] = self.reason.other
            if self.reason.card:
                reason["card"] = self.reason.card
            if self.reason.n:
                reason["n"] = self.reason.n
            if self.reason.bound:
                reason["bound"] = self.reason.bound
            data["reason"] = reason
        return data

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Speech:
        """A recorded speech (``KeyError``/``TypeError``/``ValueError`` on a malformed one)."""
        found = data.get("reason")
        reason = None
        if isinstance(found, Mapping):
            other = found.get("other")
            reason = Reason(str(found["kind"]), None if other is None else int(other), str(found.get("card", "")),
                            int(found.get("n", 0)), str(found.get("bound", "")))
        return cls(str(data["pool"]), int(data["index"]), int(data["seat"]), reason, int(data.get("opener", -1)))


def accusation_speech(table: Table, target: int, basis: str, reason: Reason | None, rng: Draws,
                      heard: Iterable[str] = ()) -> Speech:
    """An accusation of ``target`` by legend or by logic, in words the day has not ``heard``
    (:func:`said_today`) when the pool has any."""
    if basis == "logic" and reason is not None:
        return _unheard(table, f"by_logic.{reason.kind}", target, reason, rng, heard)
    return _unheard(table, "by_legend", target, reason, rng, heard)


def accusation_text(table: Table, target: int, basis: str, reason: Reason | None, rng: Draws,
                    heard: Iterable[str] = ()) -> str:
    """:func:`accusation_speech`'s words, in the table's language."""
    return accusation_speech(table, target, basis, reason, rng, heard).said(table)


def defence_speech(table: Table, seat: int, rng: Draws, heard: Iterable[str] = (), *, accused: bool = True,
                   has_voted: bool = False) -> Speech:
    """A short defence, in words the day has not ``heard``, drawn only from templates true of the table:
    "you are wasting the day on me" only from a seat that stands ``accused``, "my votes..." only from
    one that ``has_voted`` at an earlier ballot."""
    pools = ["defence", *(["defence_accused"] if accused else []),
             *(["defence_after_vote"] if accused and has_voted else [])]
    return _unheard(table, pools, seat, None, rng, heard)


def defence_text(table: Table, seat: int, rng: Draws, heard: Iterable[str] = (), *, accused: bool = True,
                 has_voted: bool = False) -> str:
    """:func:`defence_speech`'s words, in the table's language."""
    return defence_speech(table, seat, rng, heard, accused=accused, has_voted=has_voted).said(table)


def has_voted(record: PublicRecord, seat: int) -> bool:
    """Whether ``seat`` named anyone at a ballot of the public ``record`` (``view.record``)."""
    return any(ballot.voter == seat and ballot.targets for ballot in record.ballots)


def said_today(log: Sequence[Any]) -> tuple[str, ...]:
    """The words of today's accusations and speeches in a seat's public log (since the last ``day`` event)."""
    said: list[str] = []
    for event in reversed(log):
        match event.payload:
            case Day():
                break
            case AccusationMade(text=text) | Spoken(text=text) if text:
                said.append(text)
    return tuple(said)


def said_in_game(log: Sequence[Any]) -> tuple[str, ...]:
    """The words of every accusation and speech of the game so far in a seat's public log."""
    return tuple(e.payload.text for e in log if isinstance(e.payload, _SAID) and e.payload.text)


_SAID = (AccusationMade, Spoken)


def _unheard(table: Table, pools: str | Sequence[str], seat: int, reason: Reason | None, rng: Draws,
             heard: Iterable[str]) -> Speech:
    """``rng.choice`` of the templates of ``pools`` taken together (the same single draw), moved on to the
    first template whose sentences (:func:`_sentences`) none of the ``heard`` texts said, the least heard template
    first; when each says something already said, the one whose sentences were said the fewest times, with an
    opener ("I say it too: ") not yet heard with it, and at last the first whose words differ from all of them."""
    templates = words(table.lang, "speech")
    pool: list[Speech] = []
    for name in [pools] if isinstance(pools, str) else pools:
        group, _, kind = name.partition(".")
        found = templates[group][kind] if kind else templates[group]
        pool += [Speech(name, i, seat, reason) for i in range(len(found))]
    start = rng.choice(range(len(pool)))
    heard = tuple(heard)
    if not heard:
        return pool[start]
    turned = [pool[(start + k) % len(pool)] for k in range(len(pool))]
    said = Counter(sentence for text in heard for sentence in _sentences(text))
    shapes = [sum(1 for text in heard if _shape(_template(templates, speech)).search(text)) for speech in turned]
    # a template heard already counts as heard even when its slots (a name, a trade) made its sentences new
    scores = [(max(max((said[x] for x in _sentences(speech.said(table))), default=0), shape), shape)
              for speech, shape in zip(turned, shapes, strict=True)]
    least = turned[scores.index(min(scores))]
    if min(scores)[0] == 0:  # none of its sentences was said yet (its template may have been, of others)
        return least
    for opener in range(len(templates["again"])):
        speech = replace(least, opener=opener)
        if not any(_shape(_template(templates, speech)).fullmatch(text) for text in heard):
            return speech
    return next((s for s in turned if s.said(table) not in heard), pool[start])


def _sentences(text: str) -> set[str]:
    """The sentences and clauses of ``text`` of six or more words, lower-cased: what a listener hears repeated."""
    parts = (re.findall(r"\w+", part.lower()) for part in re.split(r"[.;:!?—]", text))
    return {" ".join(words) for words in parts if len(words) >= 6}


def _template(templates: Mapping[str, Any], speech: Speech) -> str:
    group, _, kind = speech.pool.partition(".")
    template = str((templates[group][kind] if kind else templates[group])[speech.index])
    return templates["again"][speech.opener] + template if speech.opener >= 0 else template


@cache
def _shape(template: str) -> re.Pattern[str]:
    """A pattern matching every text made of ``template``, whatever fills its slots."""
    parts = re.split(r"\{[a-z_]+(?::[a-z]+)?\}", template)
    return re.compile(".*?".join(re.escape(part) for part in parts), re.DOTALL)


def self_claim_speech(table: Table, seat: int, rng: Draws, heard: Iterable[str] = ()) -> Speech:
    """An accused seat's claim that its soul is light (the catalogue's ``battaglia_speech.self_light``), in words
    the day has not ``heard`` (the same memory as every other speech: a lie's wording repeats no more than the
    truth's)."""
    return _unheard(table, "self_light", seat, None, rng, heard)


def self_claim_text(table: Table, seat: int, rng: Draws, heard: Iterable[str] = ()) -> str:
    """:func:`self_claim_speech`'s words, in the table's language."""
    return self_claim_speech(table, seat, rng, heard).said(table)


DARKS_WORDS = {"at_least": "darks_at_least", "at_most": "darks_at_most"}
"""The plural catalogue entry of a bounded estimate of darks (an exact one is ``darks_left``)."""


def _fill(template: str, table: Table, target: int, reason: Reason | None) -> str:
    """Fill the slots (a name's may ask for a case: ``{other:gent}``, agents/names.py); ``{a}`` is the past-tense ending of a verb whose subject is ``{name}`` (ru: "а" for
    a woman), ``{days}`` the count ``n`` with its noun in the right plural form, ``{darks}`` the estimate ``n`` of darks left
    as a clause in the right plural form (never "some 1 darks are left")."""
    from narrator.agents.i18n import endings, plural
    from narrator.agents.names import Named, fill

    other = reason.other if reason and reason.other is not None else target
    card = mask_name(reason.card, table.lang) if reason and reason.card else ""
    n = reason.n if reason else 0
    darks = DARKS_WORDS.get(reason.bound if reason else "", "darks_left")
    ending = endings(table.lang, table.gender(target))["a"]
    return fill(template, table.lang, name=Named(table.names[target], table.gender(target)),
                legend=table.legends[target], setting=table.setting,
                other=Named(table.names[other], table.gender(other)), card=card, n=n, a=ending,
                days=plural(table.lang, "days", n), darks=plural(table.lang, darks, n))
