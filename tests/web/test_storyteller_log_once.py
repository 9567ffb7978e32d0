"""Play-test 17 (web, Dark Ages ru, the Hospice of Saint-Lazare): the log said «Инициатива: сержант Оден, брат Одо.»
twice and the sergeant's blow twice («Брат Одо: ран 3 (Ранен)» and «Брат Одо: урон 3, поглощено 0, ран 3 —
Ранен.»); the panel «Броски по вашему листу» said «Бросков ещё не было.» after Odo's rolls. One event, one line
(the one that says more), and the panel lists the seat's rolls as the log tells them."""

from __future__ import annotations

import html
import re
from pathlib import Path
from typing import Any

from fastapi.testclient import TestClient
from narrator.rules.core import Event, public

from narrator.render.storyteller import DARK_AGES_TEXT
from narrator.render.text import Context
from narrator.web import create_app
from tests.web.conftest import Tables
from tests.web.test_storyteller import seat_page

HOSPICE = {"character": "odo", "scenario": "hospice-of-saint-lazare"}


def _text(fragment: str) -> str:
    return html.unescape(re.sub(r"<[^>]+>", "", fragment)).strip()


def log_lines(page: str) -> list[str]:
    """The log's entries (the page's last section), each a line of text."""
    return [_text(li) for li in re.findall(r"<li[^>]*>(.*?)</li>", page[page.index("Что произошло"):], re.DOTALL)]


def roll_panel(page: str) -> list[str]:
    """The entries of the panel «Броски по вашему листу»."""
    start = page.index("Броски по вашему листу")
    return [_text(li) for li in re.findall(r"<li[^>]*>(.*?)</li>", page[start:page.index("Что произошло")], re.DOTALL)]


def into_the_fight(tables: Tables, seed: int = 2) -> dict[str, Any]:
    """Odo climbs the orchard wall until the house is raised: the sergeant's fight (seed 2: a botch at once)."""
    created = tables.create(game="dark-ages", options=HOSPICE, language="ru", seed=seed)
    for _ in range(3):
        if tables.state(created, 0)["view"]["scene"] != "gate":
            break
        assert tables.act(created, 0, {"kind": "choose_approach", "approach": "climb"}).json()["ok"]
    assert tables.state(created, 0)["view"]["scene"] == "cloister"
    return created


def test_initiative_and_a_wound_are_told_once_in_the_log(tables: Tables) -> None:
    page = seat_page(tables, into_the_fight(tables))
    lines = log_lines(page)
    order = [line for line in lines if "Инициатива: сержант Оден, брат Одо." in line]
    assert len(order) == 1, order
    assert "Инициатива — брат Одо:" in order[0]  # the order beside each side's dice
    wounds = [line for line in lines if re.search(r"Брат Одо: (урон|ран) \d", line)]
    assert len(wounds) == 1, wounds
    assert re.fullmatch(r"Брат Одо: урон \d+, поглощено \d+, ран \d+ — \w+\.", wounds[0]), wounds  # the fuller line


def test_a_wound_after_earlier_ones_says_the_tracks_total() -> None:
    event = Event("wounded", public("wounded", what="attack", character="sergeant", defender="odo", hit=True, hits=2,
                                    damage=5, soaked=0, wounds=5, damage_type="lethal", health="dead", boxes=8,
                                    category="wounded").audience,
                  {"what": "attack", "character": "sergeant", "defender": "odo", "hit": True, "hits": 2, "damage": 5,
                   "soaked": 0, "wounds": 5, "damage_type": "lethal", "health": "dead", "boxes": 8,
                   "category": "wounded"})
    view = {"book": "dark_ages", "scenario": "hospice-of-saint-lazare", "sheets": []}
    ru = DARK_AGES_TEXT.event_text(event, view, Context((), "ru"))
    en = DARK_AGES_TEXT.event_text(event, view, Context((), "en"))
    assert ru is not None and "ран 5 (всего 8)" in ru, ru
    assert en is not None and "5 wounds (8 in all)" in en, en


def test_the_roll_panel_lists_the_seats_rolls_as_the_log_does(tables: Tables) -> None:
    created = into_the_fight(tables)
    page = seat_page(tables, created)
    panel = roll_panel(page)
    assert "Бросков ещё не было." not in panel
    climbs = [line for line in panel if line.startswith("Брат Одо: Ловкость + Атлетика — кубиков 4, сложность 7 · ")]
    assert climbs and all(re.search(r"сл\. 7: чистых \d+ — ", line) for line in climbs), panel
    assert any("Инициатива — брат Одо:" in line for line in panel), panel  # his initiative roll too
    assert not any("Урон — сержант Оден" in line for line in panel)  # the sergeant's damage is not Odo's roll
    # a roll from the sheet joins them, newest first, and the panel is the same after a restart
    assert tables.act(created, 0, {"kind": "roll_sheet", "traits": "perception+alertness", "difficulty": "6"}).json()
    after = roll_panel(seat_page(tables, created))
    assert len(after) == len(panel) + 1 and after[1:] == panel, after
    assert after[0].startswith("Брат Одо: Восприятие 2 + Бдительность 1 — кубиков 3, сложность 6 · "), after


def test_the_roll_panel_survives_a_restart(data_dir: Path) -> None:
    with TestClient(create_app(data_dir)) as client:
        tables = Tables(client)
        created = into_the_fight(tables)
        assert tables.act(created, 0, {"kind": "roll_sheet", "traits": "wits+alertness", "difficulty": "6"}).json()
        before = roll_panel(seat_page(tables, created))
    with TestClient(create_app(data_dir)) as client:
        assert roll_panel(seat_page(Tables(client), created)) == before


def test_a_success_bought_without_dice_says_so_in_words() -> None:
    """«automatic: 1 success» read like debug output (play-test 17, WW en, the-long-drive): the web says no dice
    were rolled, as the terminal does."""
    from narrator.render.storyteller import roll_line

    result = {"automatic": True, "dice": [], "category": "marginal", "net": 1, "difficulty": 6}
    ru, en = roll_line(result, Context((), "ru")), roll_line(result, Context((), "en"))
    assert en.startswith("no dice rolled: 1 automatic success — ") and not en.startswith("automatic:"), en
    assert ru.startswith("кубики не брошены: 1 автоматический успех — "), ru


def test_a_finished_story_names_no_winners_and_offers_no_roll(tables: Tables) -> None:
    """The hospice's end (play-test 17): «Итог: история окончена. Победители: —» and the form «Бросок по листу»
    under «Ходов больше нет»; a story told together has an ending, and nothing is rolled beside it any more."""
    created = into_the_fight(tables)
    page = seat_page(tables, created)
    assert "roll_sheet" in page and "Бросок по листу" in page  # offered in play
    for _ in range(12):
        if tables.state(created, 0)["outcome"] is not None:
            break
        assert tables.act(created, 0, {"kind": "choose_approach", "approach": "pass"}).json()["ok"]
    assert tables.state(created, 0)["outcome"] is not None
    page = seat_page(tables, created)
    assert "История окончена" in page and "Победители" not in page
    assert "roll_sheet" not in page and "Бросок по листу" not in page
