"""Speech for battaglia bots: the table's public dressing (setting, names, legends) and accusations.

The words are the message catalogue's (``battaglia_speech``, ``battaglia_legends``, ``battaglia_masks`` in
``prompts/i18n/<lang>/``; the masks' factions and temperaments are ``prompts/battaglia/masks.yaml``); this
module only picks and fills them. Every force draws from the same pools with the same odds, so neither the wording nor
the length of a message tells who wrote it. No template is said twice in a day while the pool has one
the day has not heard (:func:`said_today` reads the day's accusations and speeches from the public log);
the pick is the same single draw as before, moved on to the first template not yet heard, so a bot's
moves and every later draw do not change.

Rule: «все вместе выбирают место действия спектакля и каждый сам для себя — легенду персонажа»
(seeds/004_55ac8a5a86b5c135.txt:L45); «обвинения бывают двух типов: по легенде и по логике» (L74).
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

import yaml
from narrator.agents.battaglia.draws import Draws

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


def accusation_text(table: Table, target: int, basis: str, reason: Reason | None, rng: Draws,
                    heard: Iterable[str] = ()) -> str:
    """An accusation of ``target`` by legend or by logic, in the table's language, in words the day has
    not ``heard`` (:func:`said_today`) when the pool has any."""
    templates = words(table.lang, "speech")
    if basis == "logic" and reason is not None:
        pool = templates["by_logic"][reason.kind]
    else:
        pool = templates["by_legend"]
    return _unheard(pool, rng, lambda t: _fill(t, table, target, reason), heard, templates["again"])


def defence_text(table: Table, seat: int, rng: Draws, heard: Iterable[str] = (), *, accused: bool = True,
                 has_voted: bool = False) -> str:
    """A short defence, in words the day has not ``heard``, drawn only from templates true of the table:
    "you are wasting the day on me" only from a seat that stands ``accused``, "my votes..." only from
    one that ``has_voted`` at an earlier ballot."""
    templates = words(table.lang, "speech")
    pool = [*templates["defence"], *(templates["defence_accused"] if accused else ()),
            *(templates["defence_after_vote"] if accused and has_voted else ())]
    return _unheard(pool, rng, lambda t: _fill(t, table, seat, None), heard, templates["again"])


def has_voted(log: Sequence[Any], seat: int) -> bool:
    """Whether ``seat`` named anyone at a ballot of the public ``log``."""
    return any(event.kind == "ballots" and any(voter == seat and targets for voter, targets in event.data["ballots"])
               for event in log)


def said_today(log: Sequence[Any]) -> tuple[str, ...]:
    """The words of today's accusations and speeches in a seat's public log (since the last ``day`` event)."""
    said: list[str] = []
    for event in reversed(log):
        if event.kind == "day":
            break
        if event.kind in ("accusation", "speech") and event.data.get("text"):
            said.append(str(event.data["text"]))
    return tuple(said)


def _unheard(pool: Sequence[str], rng: Draws, fill: Any, heard: Iterable[str], openers: Sequence[str] = ()) -> str:
    """``rng.choice(pool)`` (the same single draw), moved on to the first template none of the ``heard``
    texts was made from; when every one was heard, the first template with an opener ("I say it too: ")
    that was not, and at last the first whose words differ from all of them."""
    start = rng.choice(range(len(pool)))
    heard = tuple(heard)
    if not heard:
        return str(fill(pool[start]))
    turned = [pool[(start + k) % len(pool)] for k in range(len(pool))]
    for template in [*turned, *(opener + t for opener in openers for t in turned)]:
        if not any(_shape(template).fullmatch(text) for text in heard):
            return str(fill(template))
    return next((str(fill(t)) for t in turned if fill(t) not in heard), str(fill(pool[start])))


@cache
def _shape(template: str) -> re.Pattern[str]:
    """A pattern matching every text made of ``template``, whatever fills its slots."""
    parts = re.split(r"\{[a-z_]+\}", template)
    return re.compile(".*?".join(re.escape(part) for part in parts), re.DOTALL)


def self_claim_text(table: Table, seat: int, rng: Draws, heard: Iterable[str] = ()) -> str:
    """An accused seat's claim that its soul is light (the catalogue's ``battaglia_speech.self_light``), in words
    the day has not ``heard`` (the same memory as every other speech: a lie's wording repeats no more than the
    truth's)."""
    templates = words(table.lang, "speech")
    return _unheard(templates["self_light"], rng, lambda t: _fill(t, table, seat, None), heard, templates["again"])


def _fill(template: str, table: Table, target: int, reason: Reason | None) -> str:
    """Fill the slots; ``{a}`` is the past-tense ending of a verb whose subject is ``{name}`` (ru: "а" for
    a woman), ``{days}`` the count ``n`` with its noun in the right plural form."""
    from narrator.agents.i18n import endings, plural

    other = reason.other if reason and reason.other is not None else target
    card = mask_name(reason.card, table.lang) if reason and reason.card else ""
    n = reason.n if reason else 0
    ending = endings(table.lang, table.gender(target))["a"]
    return template.format(name=table.names[target], legend=table.legends[target], setting=table.setting,
                           other=table.names[other], card=card, n=n, a=ending, days=plural(table.lang, "days", n))
