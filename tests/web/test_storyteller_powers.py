"""Powers on the sheet at the web table (issue 28): words naming a power get the book's answer
(seeds/002_066846aa780a4bc4.txt L71: blood is spent reflexively, its amounts are not in the chapter), never
the plain pool rolled; Celerity's extra action (DA L197) is a toggle beside Willpower."""

from __future__ import annotations

from tests.web.conftest import Tables


def test_the_web_seat_hears_the_book_on_a_power_and_sees_its_powers(tables: Tables):
    created = tables.create(game="dark-ages", options={"character": "ysolde"}, seed=11)
    answered = tables.act(created, 0, {"kind": "type_intent", "text": "I spend blood to be stronger"}).json()
    assert answered["ok"] is False and answered["rejection"]["code"] == "POWER_RULES"
    assert "DA L71" in answered["rejection"]["message"]
    table = tables.manager.get(created["table"])
    assert not [r for r in table.session.state.characters if r.actions_used]  # nothing rolled, nothing spent
    moves = tables.state(created, 0)["table_moves"]
    approaches = [m for m in moves if m["action"]["kind"] == "choose_approach"]
    assert approaches and all("extra" in m["flags"] for m in approaches)  # Celerity 1: beside Willpower
    page = tables.client.get(created["seats"][0]["url"]).text
    assert "Powers" in page and "Blood pool 10" in page and "Celerity 1" in page



def test_the_extra_action_toggle_declares_it_through_the_kernel(tables: Tables):
    created = tables.create(game="wild-west", options={"character": "ruth"}, seed=1)
    move = next(m for m in tables.state(created, 0)["table_moves"] if m["action"]["kind"] == "choose_approach")
    assert "extra" in move["flags"]  # Ruth: Rage 4
    answered = tables.act(created, 0, {**move["action"], "extra": True}).json()
    assert answered == {"ok": True, "rejection": None}
    tables.settle(created["table"])
    table = tables.manager.get(created["table"])
    ruth = table.session.state.char("ruth")
    assert ruth.rage == 3 and [s.extra for s in ruth.declared] == [False, True]  # WW L40, L234 (D16)
    assert tables.state(created, 0)["waiting_for"] == [0]  # asked again: the first of the two actions


def test_a_deed_typed_with_spending_blood_is_read_at_the_web_table(tables: Tables):
    """"I spend blood and slip aboard…": the deed is taken as its approach (not only the note on blood), the
    note says nothing is spent (DA L71)."""
    created = tables.create(game="dark-ages", options={"character": "ysolde"}, seed=11)
    answered = tables.act(created, 0, {"kind": "type_intent",
                                       "text": "I spend blood and slip aboard the ferry while he looks away"}).json()
    assert answered == {"ok": True, "rejection": None}
    tables.settle(created["table"])
    table = tables.manager.get(created["table"])
    from narrator.rules.core import Viewer

    last = table.session.game.view(table.session.state, Viewer.HOST)["last"]
    assert last["character"] == "ysolde" and last["traits"] == ["dexterity", "stealth"]  # approach 3, rolled
