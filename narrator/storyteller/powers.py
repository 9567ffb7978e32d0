"""Powers on the sheet (issue 28): Blood, Celerity, Rage and Gnosis, as far as the rulebooks' chapters say how.

A player's words that name a power («Я трачу кровь, чтобы усилить мышцы», "I spend a Rage point") are
answered by the book instead of being read as a deed and rolled as the plain pool:

* **Blood** (DA): spending it is reflexive, no roll and no action (seeds/002_066846aa780a4bc4.txt L71), but
  how much it raises a trait is "described below" and not in the chapter (D38): the table says so, nothing
  is spent or rolled.
* **Celerity** (DA L197, D17) and **Rage** (WW L40, L200, L234, D16): extra actions in a turn, each with its
  full pool: the table says how to take one (``r`` after an approach's number) and the kernel keeps count
  (``DeclareActions.extra``; a Rage point is spent, Celerity's dots bound the count).
* **Gnosis** (WW L184): the rating for the spirit world (stepping sideways) and points for Gifts; neither
  difficulty nor Gifts are in the chapter: the table says so.
* **Disciplines** other than Celerity (DA L274): named, not described: the table says so.

The words are read through their lemmas (pymorphy3, simplemma); the lists are ``prompts/storyteller/powers.yaml``,
the lines ``prompts/i18n/<lang>/st_powers.yaml``.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from typing import Any

import yaml

from narrator.agents.i18n import catalogue, message
from narrator.agents.morphology import russian
from narrator.storyteller.lemmas import legible

TRAIT = {"blood": "blood_pool", "celerity": "celerity", "rage": "rage", "gnosis": "gnosis"}
"""The sheet's trait of each power (a Discipline other than Celerity has none on the shipped sheets)."""
EXTRA = ("rage", "celerity")
"""The powers that buy extra actions in a turn (DA L197; WW L40, L234): what ``r`` after a number spends."""
CYRILLIC = re.compile(r"[\u0430-\u044f\u0451]")


@dataclass(frozen=True)
class PowerAnswer:
    """What the table says when the words name ``power``; ``extra``: the player may take an extra action."""

    power: str
    text: str
    extra: bool = False
    key: str = ""
    """Which answer (``st_powers.<key>``): what is said instead when a deed comes with the words (``deed_<key>``)."""
    label: str = ""

    def with_deed(self, name: str, lang: str) -> str | None:
        """What the table says when a deed came with the words: the spend applied (an extra action: the
        declaration says so, ``None``) or why nothing is spent, the deed read all the same."""
        if self.extra:
            return None
        return message(lang, f"st_powers.deed_{self.key}", name=name, power=self.label)


@cache
def _lists() -> dict[str, Any]:
    from narrator.storyteller.scenario import PROMPTS

    return dict(yaml.safe_load((PROMPTS / "powers.yaml").read_text(encoding="utf-8")))




@cache
def _lemmas(word: str) -> frozenset[str]:
    word = word.lower().replace(chr(0x451), chr(0x435))
    if CYRILLIC.search(word):
        known = legible(word)  # pymorphy3 fails on letters Unicode has no name for
        parses = russian().parse(known) if known else []
        return frozenset({p.normal_form.replace(chr(0x451), chr(0x435)) for p in parses} | {word})
    import simplemma

    return frozenset({word, simplemma.lemmatize(word, lang="en").lower()})


def named_power(text: str, lang: str) -> str | None:
    """The power ``text`` names: by its own word, or by an everyday word beside a word of spending."""
    lists = _lists()[lang if lang in ("en", "ru") else "en"]
    said = set().union(*(_lemmas(w) for w in re.findall(r"[^\W\d_]+", text))) if text.strip() else set()
    for power, words in lists["named"].items():
        if said & {str(w) for w in words}:
            return str(power)
    if said & {str(w) for w in lists["spend"]}:
        for power, words in lists["spent"].items():
            if said & {str(w) for w in words}:
                return str(power)
    return None


def deed(text: str, lang: str) -> str:
    """What ``text`` says the character does besides spending the power ("" when nothing): its clauses that
    neither name a power nor open with a word of purpose (``powers.yaml``: joins, purpose)."""
    lists = _lists()[lang if lang in ("en", "ru") else "en"]
    joins = "|".join(re.escape(str(w)) for w in lists["joins"])
    purpose = {str(w) for w in lists["purpose"]}
    kept = []
    for clause in re.split(rf"[,;:.!?\u2026\u2014]+|\s(?:{joins})\s", f" {text} ", flags=re.IGNORECASE):
        words = re.findall(r"[^\W\d_]+", clause.lower())
        if not words or words[0] in purpose or named_power(clause, lang) is not None:
            continue
        kept.append(clause.strip())
    return ", ".join(kept) if sum(len(re.findall(r"[^\W\d_]{3,}", k)) for k in kept) >= 2 else ""


def powers_on(sheet: Mapping[str, Any]) -> list[str]:
    """The powers ``sheet`` has (a rating above 0), in the sheet's order."""
    return [power for power, trait in TRAIT.items() if int(sheet.get(trait) or 0) > 0]


def answer(text: str, sheet: Mapping[str, Any], condition: Mapping[str, Any], name: str,
           lang: str) -> PowerAnswer | None:
    """The table's answer when ``text`` names a power (``None``: it names none, read it as a deed).

    ``sheet`` is the character's sheet, ``condition`` its temporary values (Rage points left)."""
    power = named_power(text, lang)
    if power is None:
        return None
    if power == "discipline":
        return PowerAnswer(power, message(lang, "st_powers.discipline", name=name), key="discipline")
    if power not in powers_on(sheet):
        label = catalogue(lang)["traits"].get(TRAIT[power], power)
        return PowerAnswer(power, message(lang, "st_powers.none", name=name, power=label), key="none", label=label)
    dots = int(sheet.get(TRAIT[power]) or 0)
    if power == "rage":
        left = int(condition.get("rage", dots))
        if left <= 0:
            return PowerAnswer(power, message(lang, "st_powers.extra_none", name=name), key="extra_none")
        return PowerAnswer(power, message(lang, "st_powers.rage", name=name, left=left), extra=True)
    if power == "celerity":
        return PowerAnswer(power, message(lang, "st_powers.celerity", name=name, dots=dots), extra=True)
    return PowerAnswer(power, message(lang, f"st_powers.{power}", name=name, dots=dots), key=power)


def hint(sheet: Mapping[str, Any], name: str, lang: str, view: Mapping[str, Any] | None = None) -> str | None:
    """One line naming the sheet's powers and how to ask about them (``None`` without any); with the table's
    ``view``, Rage is the points left of the rating, as the sheet shows it ("Rage 3/4": a game resumed after a
    point spent said "Rage 4" under a sheet saying "Rage: 3 / 4")."""
    found = powers_on(sheet)
    if not found:
        return None
    condition: Mapping[str, Any] = next((c for c in (view or {}).get("characters") or ()
                                         if c.get("id") == sheet.get("id")), {})

    def rating(power: str) -> str:
        dots = sheet.get(TRAIT[power])
        left = condition.get("rage") if power == "rage" else None
        return f"{left}/{dots}" if left is not None and left != dots else str(dots)

    labels = ", ".join(f"{catalogue(lang)['traits'].get(TRAIT[p], p)} {rating(p)}" for p in found)
    example = message(lang, f"st_powers.example_{found[0]}")
    return message(lang, "st_powers.hint", powers=labels, name=name, example=example)


def extra_declaration(view: Mapping[str, Any], approach: Any, pc: str, on_sheet: Any) -> Any:
    """The declaration of ``approach`` taken twice this turn, the second an extra action with its full pool
    (Rage point: WW L40, L200, L234, D16; Celerity: DA L197, D17), or ``None`` when the approach is no
    single roll or attack (a contest or teamwork has its own turns). The kernel checks the Rage points or
    Celerity dots and spends the point (``DeclareActions.extra``)."""
    from narrator.rules.storyteller.actions import DeclareActions

    if approach.attack is not None:
        tables = _combat(str(view.get("book")))
        weapon = next((w for w in tables.weapons if w.id == approach.attack), None)
        traits = tuple(weapon.traits) if weapon is not None else None
    elif approach.roll is not None and not (approach.resisted or approach.versus or approach.teamwork):
        traits = tuple(on_sheet(view, pc, approach.roll.traits))
    elif approach.teamwork is not None and _alone(view):  # the troupe's task, rolled alone: one Roll (WW L116)
        traits = tuple(on_sheet(view, pc, approach.teamwork.traits))
    else:
        traits = None
    if not traits:
        return None
    return DeclareActions(character=pc, actions=(traits,), extra=(traits,))


def _alone(view: Mapping[str, Any]) -> bool:
    """One player character at the table: a teamwork task is that character's own single roll."""
    return sum(1 for s in view.get("sheets") or () if s.get("player", True)) == 1


@cache
def _combat(book: str) -> Any:
    from narrator.storyteller.data import load_combat

    return load_combat(book)


def declared_line(lang: str, name: str, data: Mapping[str, Any], book: str) -> list[str]:
    """What the table hears when a character declared an extra action (``actions_declared``)."""
    pools = list(data.get("pools") or ())
    if not any(p.get("extra") for p in pools):
        return []
    rage = book == "wild_west"
    what = message(lang, "st_powers.what_rage" if rage else "st_powers.what_celerity")
    return [message(lang, "st_powers.declared", name=name, what=what, count=len(pools),
                    rule="WW L40, L234" if rage else "DA L197")]


def power_answer(text: str, sheet: Mapping[str, Any], view: Mapping[str, Any], name: str,
                 lang: str) -> PowerAnswer | None:
    """:func:`answer` for ``sheet``'s character at the table ``view`` shows (its Rage points left)."""
    condition: Mapping[str, Any] = next((c for c in view.get("characters") or () if c.get("id") == sheet.get("id")), {})
    return answer(text, sheet, condition, name, lang)
