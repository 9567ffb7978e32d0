"""Issue 28's measurement: the offline Storyteller's reading of typed intents, judged against the rulebook.

Each intent of ``benchmarks/offline_intents.yaml`` is typed at its scene (a fresh character, no turn
taken) and ruled on by the template Storyteller without a model (:func:`narrator.storyteller.offline.rule_intent`):
the approach it takes, an improvised roll (its traits), no roll, or a question. A reading is acceptable
when the file's ``ok`` lists it; a *dangerous* misreading is an unacceptable one that takes an approach
whose outcome can end the story or start a fight (``Option.risky``). No model, no dice: a few seconds::

    python benchmarks/offline_intents.py            # the table
    python benchmarks/offline_intents.py --misses   # and every unacceptable reading
    python benchmarks/offline_intents.py --before   # the word matcher it replaced (approach or question)
"""

from __future__ import annotations

import argparse
import functools
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

INTENTS = Path(__file__).with_name("offline_intents.yaml")
SHEETS = {"dark_ages": "salome", "wild_west": "joseph"}
"""Each book's character (the sample sheets with the widest Abilities, so an improvised roll has its Ability)."""


@dataclass(frozen=True)
class Verdict:
    book: str
    lang: str
    scene: str
    text: str
    reading: str
    ok: tuple[str, ...]
    acceptable: bool
    dangerous: bool
    held_out: int = 0
    """Written after the reader was tuned on the others: the batch (1, 2), measured first as it stood."""


@functools.cache
def _voice(book: str, scenario: str, lang: str) -> Any:
    """One Storyteller per scenario and language (loading one costs ~50 ms; a ruling keeps no state in it)."""
    from narrator.storyteller.scenario import load_narration, load_scenario
    from narrator.storyteller.template import TemplateStoryteller

    # by its file, not by a search of every shipped one (a scenario being written may not load yet)
    return TemplateStoryteller(load_scenario(book, scenario or None), load_narration(), lang=lang)


def _view(voice: Any, book: str, scene: str, sheet_id: str) -> dict[str, Any]:
    from narrator.storyteller.data import load_sheet, sample_sheets

    path = next(p for p in sample_sheets(book) if p.stem.startswith(sheet_id[:4]))
    sheet = load_sheet(path, book)
    own = {"id": sheet.id, "name": sheet.name, "player": True, "attributes": dict(sheet.attributes),
           "abilities": dict(sheet.abilities), "creature": sheet.creature}  # a Garou is offered a Garou's approaches
    fighters = [{"id": sheet.id, "actions_used": 0, "incapacitated": False, "damage": []}]
    fight = voice.scenario.scenes[scene].fight
    if fight is not None:
        fighters.append({"id": fight.enemy, "actions_used": 0, "incapacitated": False, "damage": []})
    return {"scene": scene, "scene_count": 1, "turn": 1, "characters": fighters, "sheets": [own],
            "initiative": [sheet.id, *([fight.enemy] if fight else [])]}


def reading_of(book: str, lang: str, item: dict[str, Any]) -> tuple[str, bool]:
    """What the offline Storyteller made of one intent (``approach id``, ``roll:a+b``, ``free`` or ``ask``),
    and whether it is an approach that can end the story or start a fight."""
    from narrator.storyteller.offline import rule_intent
    from narrator.storyteller.template import Choice, IntentUnclear

    voice = _voice(book, str(item.get("scenario", "")), lang)
    view = _view(voice, book, item["scene"], str(item.get("sheet", SHEETS[book])))
    try:
        ruling = rule_intent(voice, view, Choice(actor=0, approach="intent", intent=item[lang]))
    except IntentUnclear:
        return "ask", False
    if ruling.kind == "approach":
        scene = voice.scenario.scenes[item["scene"]]
        risky = voice._deed_of(scene, str(ruling.approach)).get("risky", False)
        return str(ruling.approach), bool(risky)
    if ruling.kind == "roll":
        return "roll:" + "+".join(ruling.action.traits), False  # type: ignore[union-attr]
    return "free", False


def before_of(book: str, lang: str, item: dict[str, Any]) -> tuple[str, bool]:
    """What the matcher before issue 28 made of it: the suggested approach its words matched, or a question."""
    from narrator.storyteller.intent import match_intent

    voice = _voice(book, str(item.get("scenario", "")), lang)
    view = _view(voice, book, item["scene"], str(item.get("sheet", SHEETS[book])))
    scene = voice.scenario.scenes[item["scene"]]
    options = [o for o in voice._approach_options(view, scene, view["sheets"][0]["id"]) if o.approach != "pass"]
    found = match_intent(item[lang], [(o.approach, f"{o.label} {o.words}") for o in options])
    if found.approach is None:
        return "ask", False
    return found.approach, bool(voice._deed_of(scene, found.approach).get("risky", False))


def acceptable(reading: str, ok: tuple[str, ...]) -> bool:
    if reading.startswith("roll:"):
        traits = reading[5:].split("+")
        return any(o.startswith("roll:") and o[5:] in traits for o in ok)
    return reading in ok


def judge(books: tuple[str, ...] = ("dark_ages", "wild_west"), langs: tuple[str, ...] = ("en", "ru"), *,
          before: bool = False, path: Path = INTENTS) -> list[Verdict]:
    """Every intent of the file read in each language, with its verdict (``before``: by the old matcher)."""
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    verdicts = []
    for book in books:
        for lang in langs:
            for item in data[book]:
                reading, risky = (before_of if before else reading_of)(book, lang, item)
                ok = tuple(item["ok"])
                good = acceptable(reading, ok)
                verdicts.append(Verdict(book, lang, item["scene"], item[lang], reading, ok, good, risky and not good,
                                        int(item.get("held_out") or 0)))
    return verdicts


def table(verdicts: list[Verdict]) -> str:
    head = "| book, language | intents | acceptable | dangerous misreadings | approach | improvised roll | no roll | asked |"
    lines = [head, "|---|---|---|---|---|---|---|---|"]
    groups: dict[tuple[str, str], list[Verdict]] = {}
    for v in verdicts:
        groups.setdefault((v.book, v.lang), []).append(v)
    for (book, lang), group in groups.items():
        n = len(group)
        good = sum(v.acceptable for v in group)
        kinds = [("approach" if not v.reading.startswith(("roll:", "free", "ask")) else v.reading.split(":")[0])
                 for v in group]
        lines.append(f"| {book}, {lang} | {n} | {good} ({100 * good / n:.1f}%) | {sum(v.dangerous for v in group)} | "
                     + " | ".join(str(kinds.count(k)) for k in ("approach", "roll", "free", "ask")) + " |")
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--misses", action="store_true", help="list every unacceptable reading")
    parser.add_argument("--before", action="store_true", help="judge the word matcher the reader replaced")
    parser.add_argument("--set", default=INTENTS.name, help="the intents file in benchmarks/ (a held-out set: "
                        "offline_intents_heldout.yaml, offline_intents_heldout2.yaml, offline_intents_heldout3.yaml)")
    args = parser.parse_args()
    verdicts = judge(before=args.before, path=INTENTS.with_name(args.set))
    print(table(verdicts))
    for batch in sorted({v.held_out for v in verdicts} - {0}):
        print(f"\nheld out, batch {batch}:\n" + table([v for v in verdicts if v.held_out == batch]))
    if args.misses:
        for v in verdicts:
            if not v.acceptable:
                print(f"{'DANGER ' if v.dangerous else ''}{v.book} {v.lang} {v.scene}: {v.text!r} -> {v.reading} "
                      f"(ok: {', '.join(v.ok)})")


if __name__ == "__main__":
    main()
