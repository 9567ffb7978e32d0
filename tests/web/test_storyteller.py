"""Dark Ages / Wild West at the web table: a person plays the character from a seat page; the template
Storyteller (the host seat's bot) frames, turns each chosen approach into a roll request through the
kernel, and narrates. Scenes played over the API to their end in both books (one in Russian), kernel
refusals shown, a restart in the middle, and the Storyteller's characters' sheets kept off the seat.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from fastapi.testclient import TestClient
from markupsafe import escape
from narrator.rules.core import HOST
from narrator.rules.storyteller import DARK_AGES, Roll

from narrator.storyteller.intent import FREE
from narrator.transcript import read_transcript
from narrator.web import create_app
from tests.web.conftest import Tables, as_seat, token_of

CHOOSE = "choose_approach"


def seat_page(tables: Tables, created: dict[str, Any], seat: int = 0) -> str:
    # by the token header, not the invite link: opening the link would bind the seat to this client
    # (a restarted test client, without its cookie, could not read the seat's state any more)
    response = tables.client.get(f"/t/{created['table']}/seat/{seat}", headers=as_seat(token_of(created["seats"][seat]["url"])))
    assert response.status_code == 200
    return response.text


def play_to_end(tables: Tables, created: dict[str, Any], *, limit: int = 60) -> list[dict[str, Any]]:
    """Choose the first offered approach each time (the next one after a refusal) until the story ends."""
    answers = []
    refused = 0
    for _ in range(limit):
        state = tables.state(created, 0)
        if state["outcome"] is not None:
            return answers
        assert state["waiting_for"] == [0], state["waiting_for"]  # the Storyteller waits for the player only
        moves = state["table_moves"]
        assert moves, "the seat is waited for but offered no approach"
        response = tables.act(created, 0, moves[refused % len(moves)]["action"])
        assert response.status_code == 200, response.text
        answers.append(response.json())
        refused = refused + 1 if response.json()["rejection"] else 0
    raise AssertionError(f"the story did not end within {limit} choices")


def test_dark_ages_scene_played_from_the_seat_to_its_end(tables: Tables) -> None:
    created = tables.create(game="dark-ages", options={"character": "ysolde"}, names=["Anna"], seed=11)
    state = tables.state(created, 0)
    assert [s["id"] for s in state["view"]["sheets"]] == ["ysolde"]  # the player sees only the player's sheet
    page = seat_page(tables, created)
    assert "The Ferry at Saint-Aubin" in page and "Night over the river" in page  # the scene's framing
    assert "Ysolde of the Grey Veil" in page and "Willpower" in page and "5 / 5" in page  # the sheet summary
    assert "Slip aboard while he looks away" in page and 'data-flag="willpower"' in page  # approaches + toggle
    play_to_end(tables, created)
    final = tables.state(created, 0)
    assert final["outcome"]["termination"] == "story_ended"
    kinds = [e["kind"] for e in final["events"] if e["kind"] != "narration"]
    assert "roll_resolved" in kinds and kinds[-1] == "story_ended"
    assert "== THE END ==" in seat_page(tables, created)  # the Storyteller narrated the ending
    path = tables.manager.transcript_path(created["table"])
    replayed = read_transcript(path)  # narration and choice lines do not disturb the replay
    assert replayed.outcome is not None and replayed.outcome.detail["ending"] == final["view"]["ending"]


def test_wild_west_in_russian_shows_the_roll_and_the_result(tables: Tables) -> None:
    created = tables.create(game="wild-west", options={"character": "ruth"}, language="ru", seed=5)
    first = tables.state(created, 0)["table_moves"][0]["action"]
    assert tables.act(created, 0, first).json() == {"ok": True, "rejection": None}
    page = seat_page(tables, created)
    assert "Последний бросок" in page and "Сила воли" in page and "кубики" in page
    last = tables.state(created, 0)["view"]["last"]
    assert last["what"] in ("roll", "resisted")
    play_to_end(tables, created)
    page = seat_page(tables, created)
    assert "== КОНЕЦ ==" in page and "История окончена" in page


def test_a_refused_request_shows_the_kernels_reason(tables: Tables) -> None:
    """4 dice do not reach difficulty 7 for an automatic success: the Storyteller's request is refused by the
    kernel, and the seat sees that reason; only the toggle the kernel would accept is offered."""
    created = tables.create(game="dark-ages", options={"character": "odo"}, seed=2)
    automatic = tables.act(created, 0, {"kind": CHOOSE, "approach": "persuade", "automatic": True}).json()
    assert automatic["ok"] is False and automatic["rejection"]["code"].startswith("AUTO")
    page = seat_page(tables, created)
    assert automatic["rejection"]["code"] in page
    persuade = next(m for m in tables.state(created, 0)["table_moves"] if m["action"]["approach"] == "persuade")
    assert persuade["flags"] == ["willpower"]  # only the toggle the kernel would accept is offered
    state = tables.state(created, 0)
    assert state["view"]["turn"] == 1 and state["view"]["last"] is None  # nothing was rolled


def test_an_unlearned_ability_is_rolled_as_the_attribute_alone(tables: Tables) -> None:
    """Brother Odo has no Intimidation (never learned: 0 dots, DA L97): frightening is Manipulation alone, which
    the kernel takes (it refused Manipulation + Intimidation as not on his sheet)."""
    created = tables.create(game="dark-ages", options={"character": "odo"}, seed=2)
    table = tables.manager.get(created["table"])
    assert DARK_AGES.check(table.session.state, Roll(character="odo", traits=("manipulation", "intimidation"),
                                                     task="frighten")) is not None
    answer = tables.act(created, 0, {"kind": CHOOSE, "approach": "frighten"}).json()
    assert answer == {"ok": True, "rejection": None}
    lines = [json.loads(line) for line in tables.manager.transcript_path(created["table"]).read_text().splitlines()]
    rolls = [r["payload"] for r in lines if r.get("kind") == "action" and r["payload"].get("task") == "frighten"]
    assert rolls and rolls[0]["traits"] == ["manipulation"]


def test_bad_choices_and_bad_sheets_are_refused_clearly(tables: Tables) -> None:
    created = tables.create(game="dark-ages", options={"character": "odo"}, seed=2)
    assert tables.act(created, 0, {"kind": CHOOSE, "approach": "fly"}).json()["rejection"]["code"] == "UNKNOWN_APPROACH"
    assert tables.act(created, 0, {"kind": CHOOSE, "approach": "persuade", "willpower": "yes"}).status_code == 422
    assert tables.act(created, 0, {"kind": CHOOSE, "approach": "persuade", "dice": 9}).status_code == 422
    bad = {"character": "nobody"}
    response = tables.client.post("/api/tables", json={"game": "dark-ages", "options": bad})
    assert response.status_code == 422 and "odo" in response.json()["detail"]
    sheet = "id: hob\nname: Hob\nattributes: {strength: 2}\nwillpower: 3\n"
    response = tables.client.post("/api/tables", json={"game": "wild-west", "options": {"character": sheet}})
    assert response.status_code == 422 and "attributes: missing dexterity" in response.json()["detail"]
    response = tables.client.post("/api/tables", json={"game": "wild-west", "options": {"character": "odo"}})
    assert response.status_code == 422  # a Dark Ages sample is not a Wild West character
    response = tables.client.post("/api/tables", json={"game": "dark-ages", "options": {"character": "{{"}})
    assert response.status_code == 422 and "YAML" in response.json()["detail"]


def test_a_pasted_sheet_plays(tables: Tables) -> None:
    """A sheet pasted as JSON (it must list the Abilities the scenes roll: an approach whose trait is
    missing is refused by the kernel, TRAIT_NOT_ON_SHEET)."""
    sheet = {"id": "mira", "name": "Mira", "attributes": dict.fromkeys(
        ("strength", "dexterity", "stamina", "charisma", "manipulation", "appearance", "perception",
         "intelligence", "wits"), 2), "abilities": {"stealth": 3, "etiquette": 2, "athletics": 2, "survival": 1}, "willpower": 4}
    created = tables.create(game="dark-ages", options={"character": json.dumps(sheet), "rule_of_ten": True})
    state = tables.state(created, 0)
    assert state["view"]["sheets"][0]["name"] == "Mira"
    assert tables.manager.get(created["table"]).session.state.config.rule_of_ten is True
    play_to_end(tables, created)


def test_restart_resumes_the_scene_and_its_narration(data_dir: Path) -> None:
    with TestClient(create_app(data_dir)) as client:
        tables = Tables(client)
        created = tables.create(game="dark-ages", options={"character": "ysolde"}, seed=4)
        tables.act(created, 0, tables.state(created, 0)["table_moves"][0]["action"])
        before = tables.state(created, 0)
        page_before = seat_page(tables, created)
    with TestClient(create_app(data_dir)) as client:
        tables = Tables(client)
        tables.settle(created["table"])
        after = tables.state(created, 0)
        assert after["view"] == before["view"] and after["events"] == before["events"]
        assert after["table_moves"] == before["table_moves"]
        narrated = [e for e in after["events"] if e["kind"] == "narration"]
        assert narrated and all(e["data"]["text"] in page_before for e in narrated[-2:])
        play_to_end(tables, created)
        assert tables.state(created, 0)["outcome"] is not None


def test_the_storyteller_characters_sheets_stay_off_the_seat(tables: Tables) -> None:
    """The kernel shows a player only the player characters' sheets (host view: every sheet)."""
    from narrator.web.adapters.storyteller import setup_options

    config = setup_options("dark-ages", {"character": "odo"})
    for sheet in config["characters"]:
        if not sheet["player"]:
            sheet["abilities"] = {**sheet["abilities"], "canary_lore": 9}
    created = tables.create(game="dark-ages", options={"characters": config["characters"],
                                                       "combat": config["combat"]}, seed=3)
    table = tables.manager.get(created["table"])
    assert "canary_lore" in json.dumps(DARK_AGES.view(table.session.state, HOST))  # the secret exists
    token = token_of(created["seats"][0]["url"])
    with tables.client.websocket_connect(f"/ws/t/{created['table']}/seat/0", headers=as_seat(token)) as socket:
        socket.receive_text()
        update = socket.receive_text()
        for _ in range(4):
            # the scene's first approach (the last offer is now the typed-intent box, which needs words)
            response = tables.act(created, 0, tables.state(created, 0)["table_moves"][0]["action"])
            assert response.status_code == 200, response.text
            update += socket.receive_text()
            if tables.state(created, 0)["outcome"]:
                break
    seen = [update, seat_page(tables, created), json.dumps(tables.state(created, 0)),
            tables.client.get(created["host_url"]).text, tables.manager.transcript_path(created["table"]).name]
    assert not any("canary_lore" in text for text in seen)


def test_a_seat_handed_to_a_bot_is_played_by_the_storyteller(tables: Tables) -> None:
    created = tables.create(game="wild-west", options={"character": "elias"}, seed=8)
    token = token_of(created["seats"][0]["url"])
    response = tables.client.post(f"/api/t/{created['table']}/seat/0/control", json={"controller": "bot"},
                                  headers=as_seat(token))
    assert response.status_code == 200
    tables.settle(created["table"])
    assert tables.state(created, 0)["outcome"]["termination"] == "story_ended"


def test_a_human_storyteller_sees_the_choice_and_answers_it(tables: Tables) -> None:
    created = tables.create(game="dark-ages", options={"character": "odo"}, host="human", seed=2)
    host = token_of(created["host_url"])
    begin = {"kind": "begin_scene", "scene": "landing"}
    assert tables.client.post(f"/api/t/{created['table']}/host/act", json={"action": begin},
                              headers=as_seat(host)).json()["ok"]
    assert tables.state(created, 0)["table_moves"]  # the scene waits for the player's approach
    assert tables.act(created, 0, {"kind": CHOOSE, "approach": "persuade", "willpower": True}).json()["ok"]
    assert tables.state(created, 0)["table_moves"] == []  # asked; now the Storyteller answers
    host_page = tables.client.get(f"/t/{created['table']}/host", headers=as_seat(host)).text
    assert "Brother Odo chooses: Persuade" in host_page
    roll = {"kind": "roll", "character": "odo", "traits": ["charisma", "etiquette"], "difficulty": 7,
            "willpower": True, "task": "persuade"}
    answer = tables.client.post(f"/api/t/{created['table']}/host/act", json={"action": roll}, headers=as_seat(host))
    assert answer.json()["ok"], answer.text
    tables.settle(created["table"])
    assert tables.state(created, 0)["view"]["last"]["willpower"] is True


def test_a_typed_intent_on_the_seat_page_goes_the_terminals_way(tables: Tables) -> None:
    """Issue 16: beside the suggested approaches, a text box "What do you do?"; the words become the
    answer the template reads as the closest approach (and says which), or the player is asked again."""
    created = tables.create(game="dark-ages", options={"character": "ysolde"}, seed=11)
    moves = tables.state(created, 0)["table_moves"]
    typed = [m for m in moves if m["action"]["kind"] == "type_intent"]
    assert typed and typed[0]["label"] == "What do you do? (your own words)"
    assert "What do you do?" in seat_page(tables, created)
    unclear = tables.act(created, 0, {"kind": "type_intent", "text": "xyzzy plugh frobnicate"}).json()
    assert unclear["ok"] is False and unclear["rejection"]["code"] == "INTENT_UNCLEAR"
    # the offline reader (issue 28) says what it could not read, and that it is no suggestion and no deed it rolls
    assert "cannot tell what “xyzzy plugh frobnicate” does here" in unclear["rejection"]["message"]
    shown = seat_page(tables, created)  # the page keeps the template's own words, not the code's general line
    assert "xyzzy plugh frobnicate" in shown and "could not tell which approach you meant" not in shown
    assert tables.act(created, 0, {"kind": "type_intent", "text": 3}).status_code == 422
    answer = tables.act(created, 0, {"kind": "type_intent",
                                     "text": "I wait until he turns away and slip onto the ferry"}).json()
    assert answer == {"ok": True, "rejection": None}
    lines = [json.loads(line) for line in tables.manager.transcript_path(created["table"]).read_text().splitlines()]
    chosen = next(r for r in lines if r["kind"] == "answer")
    assert chosen["payload"]["intent"].startswith("I wait until he turns away")
    said = [r["text"] for r in lines if r["kind"] == "narration" and r["by"] == "storyteller"]
    assert any("takes this as “" in text for text in said)  # it names the approach it read by its button (no numbers on the web)
    roll = next(r for r in lines if r["kind"] == "action" and r["payload"]["kind"] in ("roll", "resisted"))
    assert roll["notes"]["intent"].startswith("I wait")


def test_typed_words_on_the_web_go_the_offline_readers_way(tables: Tables) -> None:
    """Issue 28 on the seat page: a look needs no roll and is told; a deed no approach lists is an improvised
    roll that keeps the scene; two readings at once are asked by the buttons' labels, not numbers."""
    created = tables.create(game="dark-ages", options={"character": "ysolde"}, seed=11)
    asked = tables.act(created, 0, {"kind": "type_intent", "text": "I sneak up and threaten him"}).json()
    assert asked["rejection"]["code"] == "INTENT_UNCLEAR"
    assert "Let him see what you are" in asked["rejection"]["message"] and "2 (" not in asked["rejection"]["message"]
    assert tables.act(created, 0, {"kind": "type_intent", "text": "I look around the landing"}).json()["ok"]
    tables.settle(created["table"])
    assert tables.act(created, 0, {"kind": "type_intent", "text": "I climb onto the roof of the ferry hut"}).json()["ok"]
    tables.settle(created["table"])
    lines = [json.loads(line) for line in tables.manager.transcript_path(created["table"]).read_text().splitlines()]
    told = " ".join(r["text"] for r in lines if r["kind"] == "narration")
    assert "looking costs no roll" in told and "calls for Dexterity + Athletics" in told
    rolls = [r["payload"] for r in lines if r["kind"] == "action" and r["payload"]["kind"] == "roll"]
    assert rolls and rolls[-1]["task"] == "intent:dexterity+athletics/climb"


def test_a_typed_intent_in_russian(tables: Tables) -> None:
    created = tables.create(game="wild-west", options={"character": "ruth"}, language="ru", seed=5)
    typed = [m for m in tables.state(created, 0)["table_moves"] if m["action"]["kind"] == "type_intent"]
    assert typed and typed[0]["label"].startswith("Что вы делаете?")
    answer = tables.act(created, 0, {"kind": "type_intent", "text": "абракадабра фыва"}).json()
    said = answer["rejection"]["message"]  # «абракадабра» is a Russian word: understood, but no deed of the scene
    assert answer["rejection"]["code"] == "INTENT_UNCLEAR" and ("не понимает" in said or "не может понять" in said)


def test_a_person_storyteller_reads_the_typed_words_as_they_are(tables: Tables) -> None:
    """Issue 16: with a person on the host page, a seat's own words are not matched to the suggestions
    (the template would say it cannot tell): they stand as the seat's answer and the Storyteller reads them."""
    created = tables.create(game="dark-ages", options={"character": "ysolde"}, host="human", seed=3)
    host = as_seat(token_of(created["host_url"]))
    begin = {"kind": "begin_scene", "scene": "landing"}
    assert tables.client.post(f"/api/t/{created['table']}/host/act", json={"action": begin},
                              headers=host).json()["ok"]
    tables.settle(created["table"])
    words = "I sing a lullaby to the ferryman's horse"
    answer = tables.act(created, 0, {"kind": "type_intent", "text": words}).json()
    assert answer == {"ok": True, "rejection": None}
    table = tables.manager.get(created["table"])
    assert table.session.answers[0].intent == words and table.session.answers[0].approach == FREE
    assert escape(words) in tables.client.get(created["host_url"]).text  # the person Storyteller reads them


def test_the_logs_lines_open_with_a_capital_in_russian(tables: Tables) -> None:
    """«брат Одо» is how the name reads mid-sentence; at the head of a log line («брат Одо: 8 10 сл. 6 …»,
    «брат Одо: «…»») it read as a slip on the phone (play-test, Pilgrims of the Long Night). The terminal's
    narration opens each line with a capital; the seat page's log now does too."""
    created = tables.create(game="dark-ages", options={"character": "odo"}, language="ru", seed=3)
    first = tables.state(created, 0)["table_moves"][0]["action"]
    assert tables.act(created, 0, first).json()["rejection"] is None
    tables.act(created, 0, {"kind": "type_intent", "text": "Осматриваю тело покойницы"})
    page = seat_page(tables, created)
    assert "<li>Брат Одо: " in page  # the roll's line and the words said
    assert "<li>брат Одо" not in page
