"""The web table tells each of the bot Storyteller's lines once, in the order the terminal tells them: an
answer given without a roll and an improvised roll's ruling came twice on the seat page (once as the move's
own words, once in the Storyteller's narration), and every turn had two headers («Turn 2», «— turn 2 —»),
the first above the answer that ended the turn before."""

from __future__ import annotations

from markupsafe import escape

from tests.web.conftest import Tables
from tests.web.test_storyteller import seat_page


def test_a_no_roll_answer_and_an_improvised_ruling_are_told_once_before_the_next_turn(tables: Tables) -> None:
    created = tables.create(game="dark-ages", options={"character": "ysolde"}, seed=11)
    assert tables.act(created, 0, {"kind": "type_intent", "text": "I look around the landing"}).json()["ok"]
    tables.settle(created["table"])
    assert tables.act(created, 0, {"kind": "type_intent", "text": "I climb onto the roof of the ferry hut"}).json()["ok"]
    tables.settle(created["table"])
    page = seat_page(tables, created)
    looked = "looking costs no roll"
    ruling = str(escape("No suggested approach fits “I climb onto the roof of the ferry hut”"))
    assert page.count(looked) == 1 and page.count(ruling) == 1, (page.count(looked), page.count(ruling))
    assert "Turn 2" not in page and page.count("— turn 2 —") == 1
    # the answer and the header are one telling, the answer first (the log lists the newest entry first)
    entry = page[page.index(looked) - 2000:page.index(looked) + 2000]
    assert "— turn 2 —" in entry and entry.index(looked) < entry.index("— turn 2 —")


def test_a_person_storyteller_still_sees_each_turn_marked(tables: Tables) -> None:
    created = tables.create(game="dark-ages", options={"character": "ysolde"}, host="human", seed=11)
    table = tables.manager.get(created["table"])
    assert table.human_host
    said = table.presenter.narration(table, [_turn(2)])
    assert said == [("storyteller", "Turn 2")]


def _turn(n: int):
    from narrator.rules.core import public

    return public("turn_begun", scene="landing", turn=n)
