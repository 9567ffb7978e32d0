"""Issue 28's measurement for Ten Candles: typed attempts read by the offline Storyteller, against the book.

Each item of ``benchmarks/ten_candles_intents.yaml`` (at least 100 a language, written from a player's
side) is read as the table reads it: words with nothing meaningful in them are given back ("did not
understand", :func:`narrator.ten_candles.attempts.unreadable`), the rest ruled by
:func:`narrator.ten_candles.attempts.template_ruling` with the item's Moment card on top when it names one.
The reading is one of nonsense / cheat / safe / conflict / danger / moment and is acceptable when it is
one the item allows. Printed per language: the share acceptable, conflicts called on a cheat or on
nonsense (must be 0), and each miss::

    python benchmarks/ten_candles_intents.py            # a table; exit 1 below the issue's bar
    python benchmarks/ten_candles_intents.py --json     # the numbers
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import yaml

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

ITEMS = Path(__file__).with_name("ten_candles_intents.yaml")
BAR = 0.95
"""The issue's bar: at least 95% acceptable readings in each language."""


@dataclass(frozen=True)
class Item:
    lang: str
    text: str
    ok: tuple[str, ...]
    top: str | None
    part: str = ""
    """``held_out`` / ``held_out_2`` for the items written after the word lists were settled; ``session_16``
    for the practice lines of the play-tester's classes (tuned on, like the first part)."""


def items(path: Path = ITEMS) -> tuple[dict[str, dict[str, str]], list[Item]]:
    """The moments and the items of each language."""
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    found = []
    parts = ("held_out", "held_out_2", "session_16")
    for part, rows in (("", data), *((p, data.get(p, {})) for p in parts)):
        for lang in ("en", "ru"):
            for row in rows.get(lang, ()):
                ok = tuple(row[0]) if isinstance(row[0], list) else (row[0],)
                found.append(Item(lang, str(row[1]), ok, str(row[2]) if len(row) > 2 else None, part))
    return data["moments"], found


def reading(item: Item, moments: dict[str, dict[str, str]]) -> str:
    """What the offline table makes of the item: nonsense, cheat, safe, conflict, danger or moment."""
    from narrator.ten_candles.attempts import template_ruling, unreadable

    card = moments[item.lang][item.top or "daughter"]
    me = SimpleNamespace(name="Vera", top="moment" if item.top else "virtue", moment=card)
    view = SimpleNamespace(characters=[me])
    if unreadable(view, item.text, item.lang):
        return "nonsense"
    ruling = template_ruling(view, 0, item.text, item.lang, "Vera")
    if ruling.moment:
        return "moment"
    if ruling.conflict:
        return "danger" if ruling.dangerous else "conflict"
    cheat = ruling.narration.startswith(_cheat_opening(item.lang))
    return "cheat" if cheat else "safe"


def _cheat_opening(lang: str) -> str:
    from narrator.ten_candles.attempts import line

    return line("cheat", lang, why="", name="", attempt="").split(":")[0]


def measure(path: Path = ITEMS) -> dict[str, Any]:
    """Per language: items, acceptable, the share, conflicts on a cheat or nonsense, the misses."""
    moments, found = items(path)
    report: dict[str, Any] = {}
    for lang in ("en", "ru", "en/held_out", "ru/held_out", "en/held_out_2", "ru/held_out_2", "en/session_16",
                 "ru/session_16"):
        language, _, part = lang.partition("/")
        mine = [i for i in found if i.lang == language and i.part == part]
        if not mine:  # a blind held-out file has only its own two languages
            continue
        misses, wrong_rolls, kinds = [], 0, Counter()
        for item in mine:
            got = reading(item, moments)
            kinds[item.ok[0] if len(item.ok) == 1 else "ambiguous"] += 1
            if got not in item.ok and not (got == "safe" and item.ok == ("cheat",)):
                misses.append({"text": item.text, "expected": list(item.ok), "got": got})
            if set(item.ok) <= {"cheat", "nonsense"} and got in ("conflict", "danger", "moment"):
                wrong_rolls += 1
        report[lang] = {"items": len(mine), "acceptable": len(mine) - len(misses),
                        "share": round((len(mine) - len(misses)) / len(mine), 4),
                        "conflicts_on_cheat_or_nonsense": wrong_rolls, "kinds": dict(kinds), "misses": misses}
    return report


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--json", action="store_true", help="print the numbers as JSON")
    parser.add_argument("--set", default=ITEMS.name, help="the attempts file in benchmarks/ (the blind held-out "
                        "batch: ten_candles_intents_heldout.yaml)")
    args = parser.parse_args()
    report = measure(ITEMS.with_name(args.set))
    if args.json:
        print(json.dumps(report, ensure_ascii=False, indent=1))
    else:
        for lang, r in report.items():
            print(f"{lang}: {r['acceptable']}/{r['items']} acceptable ({r['share']:.1%}); "
                  f"conflicts on a cheat or nonsense: {r['conflicts_on_cheat_or_nonsense']}; {r['kinds']}")
            for miss in r["misses"]:
                print(f"   miss: {miss['text']!r}: expected {'/'.join(miss['expected'])}, got {miss['got']}")
    good = all(report[lang]["share"] >= BAR and report[lang]["conflicts_on_cheat_or_nonsense"] == 0
               for lang in ("en", "ru"))
    return 0 if good else 1


if __name__ == "__main__":
    sys.exit(main())
