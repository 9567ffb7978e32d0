"""A troupe at the web table: two people on their own seats and a bot, a contest between the two
people's characters, a teamwork roll the bot may join, each seat's page showing only its own sheet,
and a roll from the sheet with its history."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from narrator.rules.core import HOST

from tests.storyteller.troupe_support import CANARY_TRAIT, CANARY_WILLPOWER, SCENARIO, canary_ruth
from tests.web.conftest import Tables, as_seat, token_of

CHOOSE = "choose_approach"


def sheet_of_ruth() -> dict[str, Any]:
    ruth = canary_ruth()
    return {"id": ruth.id, "name": ruth.name, "creature": ruth.creature, "concept": ruth.concept,
            "attributes": dict(ruth.attributes), "abilities": dict(ruth.abilities), "willpower": ruth.willpower,
            "rage": ruth.rage, "gnosis": ruth.gnosis}


def page(tables: Tables, created: dict[str, Any], seat: int) -> str:
    response = tables.client.get(created["seats"][seat]["url"])
    assert response.status_code == 200
    return response.text


def choose(tables: Tables, created: dict[str, Any], seat: int, approach: str) -> None:
    moves = tables.state(created, seat)["table_moves"]
    action = next(m["action"] for m in moves if m["action"]["approach"] == approach)
    answer = tables.act(created, seat, action).json()
    assert answer["ok"], answer


def play_on(tables: Tables, created: dict[str, Any], limit: int = 80) -> None:
    """The two people take their first offered option (the next after a refusal) until the story ends."""
    refused = 0
    for _ in range(limit):
        state = tables.state(created, 0)
        if state["outcome"] is not None:
            return
        seat = next(s for s in state["waiting_for"] if s in (0, 1))
        moves = tables.state(created, seat)["table_moves"]
        answer = tables.act(created, seat, moves[refused % len(moves)]["action"]).json()
        refused = refused + 1 if answer["rejection"] else 0
    raise AssertionError("the story did not end")


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_two_people_and_a_bot_contest_and_work_together(tables: Tables, lang: str) -> None:
    created = tables.create(game="wild-west", options={"troupe": [sheet_of_ruth(), "elias", "hattie"],
                                                       "scenario": SCENARIO},
                            names=["Anna", "Boris", ""], bot_seats=[2], language=lang, seed=4)
    assert len(created["seats"]) == 3
    assert tables.state(created, 0)["waiting_for"] == [0]  # the Storyteller addresses Ruth first
    choose(tables, created, 0, "poker@elias")  # a contest between the two people's characters
    assert tables.state(created, 1)["waiting_for"] == [1]
    choose(tables, created, 1, "board")
    choose(tables, created, 0, "mend-wheel")  # a teamwork task: both others are asked whether they help
    join = next(m["action"] for m in tables.state(created, 1)["table_moves"] if m["action"].get("joins"))
    assert tables.act(created, 1, join).json()["ok"]
    table = tables.manager.get(created["table"])
    events = [e for e in table.events if e.kind in ("resisted_resolved", "team_resolved")]
    contest = next(e.data for e in events if e.kind == "resisted_resolved")
    assert (contest["character"], contest["opponent"]) == ("ruth", "elias")
    team = next(e.data for e in events if e.kind == "team_resolved")
    assert team["members"][:2] == ["ruth", "elias"]  # the bot's Hattie joined or not, as it chose
    play_on(tables, created)
    assert tables.state(created, 0)["outcome"]["termination"] == "story_ended"


def test_each_seat_sees_its_own_sheet_and_the_others_as_the_table_knows_them(tables: Tables) -> None:
    created = tables.create(game="wild-west", options={"troupe": [sheet_of_ruth(), "elias", "hattie"],
                                                       "scenario": SCENARIO},
                            names=["Anna", "Boris", ""], bot_seats=[2], seed=4)
    own = page(tables, created, 0)
    assert "Whittling" in own and f"{CANARY_WILLPOWER} / {CANARY_WILLPOWER}" in own  # the secret exists
    choose(tables, created, 0, "poker@elias")
    choose(tables, created, 1, "board")
    for _ in range(3):
        if tables.state(created, 0)["outcome"]:
            break
        for seat in tables.state(created, 0)["waiting_for"]:
            if seat in (0, 1):
                tables.act(created, seat, tables.state(created, seat)["table_moves"][0]["action"])
    other = page(tables, created, 1)
    assert "Elias Pruitt" in other and "a tracker who came west" in other  # Ruth by name and concept
    seen = [other, json.dumps(tables.state(created, 1)), tables.client.get(created["host_url"]).text]
    token = token_of(created["seats"][1]["url"])
    replay = tables.client.get(f"/t/{created['table']}/seat/1/replay", headers=as_seat(token))
    if replay.status_code == 200:
        seen.append(replay.text)
    for text in seen:
        assert CANARY_TRAIT not in text.lower() and f"{CANARY_WILLPOWER} / {CANARY_WILLPOWER}" not in text
        assert '"willpower": 9' not in text and '"willpower":9' not in text


def test_a_seat_rolls_from_its_own_sheet_and_keeps_a_history(tables: Tables) -> None:
    created = tables.create(game="wild-west", options={"troupe": ["ruth", "elias"], "scenario": SCENARIO},
                            names=["Anna", "Boris"], language="ru", seed=4)
    roll = {"kind": "roll_sheet", "traits": "dexterity+stealth", "difficulty": "6"}
    assert tables.act(created, 1, roll).json()["ok"]
    assert tables.act(created, 1, {**roll, "willpower": True}).json()["ok"]
    mine = page(tables, created, 1)
    assert "Броски по вашему листу" in mine and "Ловкость 3 + Скрытность 1" in mine  # Elias's own ratings
    assert "Потрачена Сила воли" in mine
    assert "Ловкость 3 + Скрытность 1" not in page(tables, created, 0)  # another seat's history stays its own
    refused = tables.act(created, 1, {**roll, "traits": "dexterity+lore"}).json()
    assert refused["ok"] is False and refused["rejection"]["code"] == "TRAIT_NOT_ON_SHEET"
    assert tables.state(created, 0)["view"]["turn"] in (0, 1) and HOST not in tables.state(created, 1)["waiting_for"]


def test_a_restart_between_two_replies_to_a_teamwork_invitation_resumes_the_same_scene(data_dir: Path) -> None:
    """The server stops after Ruth asked for help and before Elias answered: after the restart Elias is
    asked the same question, and the teamwork roll has the same members."""
    from fastapi.testclient import TestClient

    from narrator.web import create_app

    options = {"troupe": ["ruth", "elias", "hattie"], "scenario": SCENARIO}
    with TestClient(create_app(data_dir)) as client:
        tables = Tables(client)
        created = tables.create(game="wild-west", options=options, names=["Anna", "Boris", "Cleo"], seed=4)
        choose(tables, created, 0, "board")
        choose(tables, created, 0, "mend-wheel")
        before = tables.state(created, 1)
        assert before["waiting_for"] == [1, 2] and any(m["action"].get("joins") for m in before["table_moves"])
        choose(tables, created, 2, "pass")  # Cleo declines; Boris has not answered yet
    with TestClient(create_app(data_dir)) as client:
        tables = Tables(client)
        tables.settle(created["table"])
        after = tables.state(created, 1)
        assert after["waiting_for"] == [1] and after["view"] == before["view"]
        join = next(m["action"] for m in after["table_moves"] if m["action"].get("joins"))
        assert tables.act(created, 1, join).json()["ok"]
        table = tables.manager.get(created["table"])
        team = next(e.data for e in table.events if e.kind == "team_resolved")
        assert team["members"] == ["ruth", "elias"]  # Cleo's refusal survived the restart


@pytest.mark.slow  # two server starts and a replay (~1.5 s)
def test_a_seats_roll_history_survives_a_restart_and_stays_its_own(data_dir: Path) -> None:
    """Rolls from the sheet are transcript lines: after a restart each page shows its own history again
    (and the next roll's dice are new ones), and a replay shows a roll to its seat and the host only."""
    from fastapi.testclient import TestClient

    from narrator.viewer.tell import tell
    from narrator.viewer.terminal import text_lines
    from narrator.viewer.timeline import Lens, load
    from narrator.web import create_app
    from narrator.web.adapters.storyteller import roll_history

    roll = {"kind": "roll_sheet", "traits": "dexterity+stealth", "difficulty": "6"}
    with TestClient(create_app(data_dir)) as client:
        tables = Tables(client)
        created = tables.create(game="wild-west", options={"troupe": ["ruth", "elias"], "scenario": SCENARIO},
                                names=["Anna", "Boris"], language="ru", seed=4)
        assert tables.act(created, 1, roll).json()["ok"]
        assert tables.act(created, 1, {**roll, "willpower": True}).json()["ok"]
        assert tables.act(created, 0, {**roll, "traits": "perception+alertness"}).json()["ok"]
        table = tables.manager.get(created["table"])
        before = [list(roll_history(table, seat)) for seat in (0, 1)]
        pages = [page(tables, created, seat) for seat in (0, 1)]
        held = dict(client.cookies)  # each seat is bound to the browser that opened it first (#31)
    assert [len(h) for h in before] == [1, 2]
    with TestClient(create_app(data_dir)) as client:
        client.cookies.update(held)  # the same browsers come back after the restart
        tables = Tables(client)
        tables.settle(created["table"])
        table = tables.manager.get(created["table"])
        assert [roll_history(table, seat) for seat in (0, 1)] == before
        for seat, shown in enumerate(pages):
            mine = page(tables, created, seat)
            for entry in before[seat]:
                assert all(line in mine and line in shown for line in entry["lines"])
        assert "Ловкость 3 + Скрытность 1" in page(tables, created, 1)
        assert "Ловкость 3 + Скрытность 1" not in page(tables, created, 0)  # Elias's rolls are his seat's
        assert "Восприятие" not in page(tables, created, 1).split("Броски по вашему листу")[1]
        assert tables.act(created, 1, roll).json()["ok"]
        third = roll_history(table, 1)[2]
        assert len(roll_history(table, 1)) == 3 and third["dice"] != before[1][0]["dice"]  # new dice
    timeline = load(data_dir / "transcripts" / f"{created['table']}.jsonl")
    told = {who: "\n".join(text_lines(tell(timeline, lens, "ru"))) for who, lens in
            (("elias", Lens(seat=1)), ("ruth", Lens(seat=0)), ("host", Lens(host=True)), ("public", Lens()))}
    assert told["elias"].count("бросает по своему листу") == 3 and told["ruth"].count("бросает по своему листу") == 1
    assert told["host"].count("бросает по своему листу") == 4 and "бросает по своему листу" not in told["public"]


def kernel_moves(path: Path) -> list[Any]:
    """The kernel's moves and dice of a transcript, in order (answers may interleave differently)."""
    records = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]
    return [(r["kind"], r["payload"]) for r in records if r["kind"] in ("action", "chance")]


@pytest.mark.slow  # three server starts, two whole games (~3 s)
@pytest.mark.parametrize("lang", ["en", "ru"])
def test_two_people_and_a_bot_resumed_mid_scene_play_the_same_game(tmp_path: Path, lang: str) -> None:
    """The issue's web case: Anna and Boris on their own seats and a bot for Hattie, the contest between
    Ruth and Elias, then the server stops while Ruth's call for help waits on Elias; restarted, the
    table plays on to the very same moves and dice as a table that never stopped."""
    from fastapi.testclient import TestClient

    from narrator.web import create_app

    options = {"troupe": [sheet_of_ruth(), "elias", "hattie"], "scenario": SCENARIO}

    def start(tables: Tables) -> dict[str, Any]:
        created = tables.create(game="wild-west", options=options, names=["Anna", "Boris", ""], bot_seats=[2],
                                language=lang, seed=4)
        choose(tables, created, 0, "poker@elias")
        choose(tables, created, 1, "board")
        choose(tables, created, 0, "mend-wheel")  # Boris (and the bot) are asked whether they help
        return created

    def finish(tables: Tables, created: dict[str, Any]) -> None:
        join = next(m["action"] for m in tables.state(created, 1)["table_moves"] if m["action"].get("joins"))
        assert tables.act(created, 1, join).json()["ok"]
        play_on(tables, created)
        assert tables.state(created, 0)["outcome"]["termination"] == "story_ended"

    whole, cut = tmp_path / "whole", tmp_path / "cut"
    with TestClient(create_app(whole)) as client:
        tables = Tables(client)
        finish(tables, once := start(tables))
    with TestClient(create_app(cut)) as client:
        tables = Tables(client)
        stopped = start(tables)
        before = tables.state(stopped, 1)
    with TestClient(create_app(cut)) as client:
        tables = Tables(client)
        tables.settle(stopped["table"])
        assert tables.state(stopped, 1)["view"] == before["view"]  # the same moment of the same scene
        finish(tables, stopped)
    moves = kernel_moves(cut / "transcripts" / f"{stopped['table']}.jsonl")
    assert moves == kernel_moves(whole / "transcripts" / f"{once['table']}.jsonl")
    assert any(p["kind"] == "resisted" for _, p in moves) and any(p["kind"] == "teamwork" for _, p in moves)


def test_a_seat_page_names_the_storytellers_characters_and_each_helpers_result_in_its_language(
        tables: Tables) -> None:
    """Played through at the web table in Russian: the contest against Whitcomb names him in Russian
    (a seat's view holds no Storyteller sheet, the scenario names him), and each member's line of a
    teamwork roll says its own result (it said "None")."""
    from narrator.rules.core import PUBLIC
    from narrator.rules.storyteller.events import ContestRequested, TeamResolved

    from narrator.web.adapters.storyteller import WILD_WEST_PRESENTER
    from narrator.web.present import Context

    created = tables.create(game="wild-west", options={"troupe": ["ruth", "elias"], "scenario": SCENARIO},
                            names=["Anna", "Boris"], language="ru", seed=4)
    view = tables.state(created, 0)["view"]
    ctx = Context(("Anna", "Boris"), "ru", 0)
    contest = ContestRequested(character="ruth", opponent="whitcomb", action="resisted", pools=(4, 6),
                               difficulties=(6, 6), task="", retry_penalty=0, willpower=(False, False),
                               automatic=(False, False)).event(PUBLIC)
    assert "Уиткомб" in (WILD_WEST_PRESENTER.text.event_text(contest, view, ctx) or "")
    share = {"character": "elias", "dice": [8, 3, 5], "difficulty": 6, "raw": 1, "ones": 0, "extra": 0, "net": 1,
             "outcome": "success", "degree": "marginal", "botch": False, "forgiven": False, "cancelled": [],
             "rerolls": [], "automatic": False, "willpower": False, "traits": ["wits"]}
    team = TeamResolved(what="teamwork", members=("ruth", "elias"), task="", results=(share,), team_botch=False,
                        spoiled=False, successes=1, category="marginal").event(PUBLIC)
    told = WILD_WEST_PRESENTER.text.event_text(team, view, ctx) or ""
    assert "None" not in told and "успех" in told


@pytest.mark.parametrize(("lang", "words", "label"), [("ru", "помогаю ей с колесом", "Что вы делаете?"),
                                                       ("en", "I help her with the wheel", "What do you do?")],
                         ids=["ru", "en"])
def test_a_seat_answers_a_teamwork_invitation_in_its_own_words(tables: Tables, lang: str, words: str,
                                                               label: str) -> None:
    """Issue 16: the join / decline question has the words box too; the typed reply joins the task."""
    created = tables.create(game="wild-west", options={"troupe": [sheet_of_ruth(), "elias", "hattie"],
                                                       "scenario": SCENARIO},
                            names=["Anna", "Boris", ""], bot_seats=[2], language=lang, seed=4)
    choose(tables, created, 0, "poker@elias")
    choose(tables, created, 1, "board")
    choose(tables, created, 0, "mend-wheel")  # a teamwork task: Boris (Elias) is asked whether he helps
    kinds = [m["action"]["kind"] for m in tables.state(created, 1)["table_moves"]]
    assert "type_intent" in kinds and label in page(tables, created, 1)
    answer = tables.act(created, 1, {"kind": "type_intent", "text": words}).json()
    assert answer["ok"], answer
    table = tables.manager.get(created["table"])
    team = next(e.data for e in table.events if e.kind == "team_resolved")
    assert team["members"][:2] == ["ruth", "elias"]  # Elias joined Ruth's task on Boris's words
    assert words in page(tables, created, 0)  # said aloud at the table
