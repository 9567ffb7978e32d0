"""What a player sitting down at the web table for the first time meets (issue 30, items 1-7), over the
API and the rendered pages; the same in Chromium is ``test_browser_first_sitting.py``.

1. A battaglia seat's header follows its second soul (seed 004 L44: a first death brings a new secret
   soul) over the page's socket, not only at page load.
2. The create form carries each game's own fields: its rules' switches as the profile's example, the
   sheet box with its own book's samples only, the host select only where someone runs the game.
3. The links, the seat lists and "Waiting for" name a seat by its character or dealt name; a bot's seat
   says how a person may take it.
4. "Your move" only when the page offers one: a Storyteller seat that is not asked gets its roll from the
   sheet as a tool apart, and "Waiting for" never names the reader's own seat when it has nothing to do.
5. A move that cannot be undone says on the page what is missing (no browser bubble: ``novalidate``).
6. A suggested approach's dice and Willpower box come after its button; the hand-over is apart and small.
"""

from __future__ import annotations

import re
from html import unescape
from typing import Any

from narrator.agents.battaglia.texts import mask_name
from narrator.agents.i18n import catalogue
from narrator.rules.codec import action_to_dict

from narrator.web.pages import render_panels
from tests.web.conftest import Tables, as_seat, token_of
from tests.web.test_live import drain

HUMANS = (0, 1)


def page(tables: Tables, created: dict[str, Any], seat: int | None) -> str:
    url = created["host_url"] if seat is None else created["seats"][seat]["url"]
    path = "host" if seat is None else f"seat/{seat}"
    response = tables.client.get(f"/t/{created['table']}/{path}", headers=as_seat(token_of(url)))
    assert response.status_code == 200, response.text
    return response.text


def text_of(html: str) -> str:
    """The words of a piece of HTML, tags dropped and spaces collapsed."""
    return " ".join(unescape(re.sub(r"<[^>]+>", " ", html)).split())


def first_move(state: dict[str, Any]) -> dict[str, Any]:
    move = dict(state["legal"][0])
    if move.get("text") is None and "text" in move:
        move["text"] = ""
    return move


# -- 1. the header follows a second soul ---------------------------------------------------------------


def test_a_second_soul_reaches_the_seats_header_over_its_socket(tables: Tables) -> None:
    """L44: the seat's mask changes when it dies the first time; the open page's "You are" follows."""
    created = tables.create(game="battaglia", options={"players": 6}, bot_seats=[2, 3, 4, 5], names=["Anna", "Boris"],
                            seed=5)
    table = tables.manager.get(created["table"])
    state = table.session.state
    sockets = {seat: tables.client.websocket_connect(f"/ws/t/{created['table']}/seat/{seat}",
                                                     headers=as_seat(token_of(created["seats"][seat]["url"])))
               for seat in HUMANS}
    with sockets[0] as anna, sockets[1] as boris:
        opened = {0: drain(anna), 1: drain(boris)}
        first_words = {seat: opened[seat][-1]["panels"]["you"] for seat in HUMANS}
        reborn = None
        for _ in range(300):
            reborn = next((s for s in HUMANS if state.cards[s] != state.first_cards[s] and s not in state.out), None)
            if reborn is not None or table.session.outcome() is not None:
                break
            seat = next(s for s in HUMANS if tables.state(created, s)["legal"])
            assert tables.act(created, seat, first_move(tables.state(created, seat))).json()["ok"]
            state = table.session.state
        assert reborn is not None, "a person's seat died once and came back with a second soul"
        updates = drain(anna if reborn == 0 else boris)
    new, old = mask_name(str(state.cards[reborn]), "en"), mask_name(str(state.first_cards[reborn]), "en")
    assert old in first_words[reborn] and new not in first_words[reborn]
    header = updates[-1]["panels"]["you"]
    assert new in header and old not in header, header
    assert f'<span id="you">You are {["Anna", "Boris"][reborn]}, {new}' in page(tables, created, reborn)


# -- 2. the form: each game's own fields --------------------------------------------------------------


def _option(html: str, game: str) -> dict[str, str]:
    found = re.search(rf'<option ([^>]*)value="{game}">', html)
    assert found, game
    return {k: unescape(v) for k, v in re.findall(r'data-([a-z]+)="([^"]*)"', found.group(1))}


def test_the_create_form_offers_each_game_its_own_fields(tables: Tables) -> None:
    html = tables.client.get("/?lang=en").text
    dark, west, battaglia, candles = (_option(html, g) for g in ("dark-ages", "wild-west", "battaglia", "ten-candles"))
    assert "players" not in dark["profile"] and "rule_of_ten: false" in dark["profile"]
    assert "soul_own_previous_card: true" in battaglia["profile"] and "human_moderator" not in battaglia["profile"]
    assert "odo" in dark["samples"] and not {"elias", "ruth"} & set(dark["samples"].split(", "))
    assert "ruth" in west["samples"] and "odo" not in west["samples"].split(", ")
    assert battaglia["samples"] == candles["samples"] == ""  # no sheet box
    assert (dark["host"], candles["host"], battaglia["host"]) == ("the Storyteller", "the Storyteller", "the GM")
    assert _option(html, "pig")["host"] == ""  # nobody runs a game of pig: no host select
    assert 'placeholder="players: 9"' not in html and "1 to 5" not in html
    assert 'data-count-label="Characters (this scenario: %s)"' in html  # the script puts the chosen one's limits


# -- 3. seats by name ---------------------------------------------------------------------------------


def test_links_and_seat_lists_name_each_seat_by_its_character_or_dealt_name(tables: Tables) -> None:
    created = tables.create(game="dark-ages", options={"troupe": ["odo", "ysolde", "hugues"]}, bot_seats=[2])
    names = catalogue("en")["characters"]
    assert [s["label"] for s in created["seats"]] == [f"{names[c]} (seat {n})" for n, c in
                                                      enumerate(("odo", "ysolde", "hugues"))]
    host = text_of(page(tables, created, None))
    assert f"{names['odo']} (seat 0) — played by a person" in host
    assert f"{names['hugues']} (seat 2) — played by a bot (scripted)" in host
    assert "seat 0 — human" not in host
    town = tables.create(game="battaglia", options={"players": 6}, bot_seats=[2, 3, 4, 5], names=["Anna"], seed=5)
    drawn = tables.manager.get(town["table"]).presenter.drawn_names(5, 6, "en")
    assert town["seats"][0]["label"] == "Anna (seat 0)" and town["seats"][1]["label"] == f"{drawn[1]} (seat 1)"
    # a Russian page that creates an English table lists its links in Russian (play-test: «Brother Odo (seat 0)»)
    asked_in_russian = tables.create(game="dark-ages", options={"troupe": ["odo"]}, language="en", page_language="ru")
    assert asked_in_russian["seats"][0]["label"] == f"{catalogue('ru')['characters']['odo']} (место 0)"
    words = tables.client.get("/?lang=ru").text
    assert "«Занять место» у него на странице ведущего" in unescape(words)  # a bot's seat: how a person takes it


# -- 4. "your move" only when it is -------------------------------------------------------------------


def test_a_storyteller_seat_not_asked_is_told_so_and_its_sheet_roll_is_a_tool_apart(tables: Tables) -> None:
    created = tables.create(game="dark-ages", options={"troupe": ["odo", "ysolde"]}, names=["Anna", "Boris"])
    asked, waiting = page(tables, created, 0), page(tables, created, 1)
    odo = catalogue("en")["characters"]["odo"]
    assert 'class="moves-heading">Your move<' in asked and 'class="moves-heading">Not your move<' in waiting
    assert 'class="controls"' in asked and 'class="controls"' not in waiting  # the page's "my move" marker
    assert "Nothing to do now" in text_of(waiting)
    for html in (asked, waiting):  # the roll from the sheet: a tool, after the moves
        tools = html.split('<section class="tools"')[1]
        assert "roll_sheet" in tools and "Any time (not a move" in tools
    assert f"Waiting for: Anna, {odo} (seat 0)" in text_of(waiting)
    assert "Waiting for: you" in text_of(asked)


def test_the_reader_is_never_waited_for_on_its_own_page_while_it_has_no_move(tables: Tables) -> None:
    """battaglia's execution window names every seat it opened for (so nobody learns who holds a power):
    a person whose seat has no objection is not told the table waits for them."""
    created = tables.create(game="battaglia", options={"players": 6}, bot_seats=[2, 3, 4, 5], names=["Anna", "Boris"],
                            seed=5)
    table = tables.manager.get(created["table"])
    seen_idle_in_window = 0
    for _ in range(300):
        if table.session.outcome() is not None:
            break
        for seat in HUMANS:
            line = re.search(r"Waiting for:</strong>(.*?)</p>", render_panels(table, seat)["status"], re.DOTALL)
            waited = text_of(line.group(1)).split(", ") if line else []
            if seat in table.waiting_for() and not table.legal(seat):
                seen_idle_in_window += 1
                assert "you" not in waited and not any(f"(seat {seat})" in name for name in waited), waited
            if table.legal(seat):
                assert "you" in waited, waited
        seat = next((s for s in HUMANS if table.legal(s)), None)
        if seat is None:
            break
        tables.act(created, seat, first_move({"legal": [action_to_dict(table.legal(seat)[0])]}))
    assert seen_idle_in_window, "a person's seat was in an execution window without a move"


# -- 5, 6. the confirmation and the layout of a move --------------------------------------------------


def test_an_irreversible_move_says_on_the_page_what_is_missing(tables: Tables) -> None:
    created = tables.create(game="battaglia", options={"players": 6}, bot_seats=[2, 3, 4, 5], names=["Anna", "Boris"],
                            seed=5, language="ru")
    for _ in range(300):
        pages = {seat: page(tables, created, seat) for seat in HUMANS}
        confirm = next((html for html in pages.values() if "data-confirm" in html), None)
        if confirm is not None:
            break
        seat = next(s for s in HUMANS if tables.state(created, s)["legal"])
        tables.act(created, seat, first_move(tables.state(created, seat)))
    assert confirm is not None, "a move that cannot be undone was offered"
    form = re.search(r"<form [^>]*>(?:(?!</form>).)*data-confirm(?:(?!</form>).)*</form>", confirm, re.DOTALL)
    assert form and "novalidate" in form.group(0).split(">")[0] and "required" not in form.group(0)
    assert "Ход не отправлен: сначала отметьте «Я понимаю, что это нельзя отменить» выше." in unescape(form.group(0))


def test_an_approachs_dice_and_willpower_follow_its_button_and_the_hand_over_stands_apart(tables: Tables) -> None:
    created = tables.create(game="dark-ages", options={"troupe": ["odo"]}, names=["Anna"], language="ru")
    html = page(tables, created, 0)
    option = re.search(r'<form class="control option"(?:(?!</form>).)*</form>', html, re.DOTALL)
    assert option, "a suggested approach with its dice is a card of its own"
    card = option.group(0)
    assert card.index("<button") < card.index('class="hint"') < card.index("data-flag=\"willpower\"")
    hint = text_of(card.split('class="hint">')[1].split("</span>")[0])
    assert re.match(r"^\d+ куб", hint), hint  # «4 кубика», no dangling dash
    actions = html.split('<div id="actions">')[1]
    assert actions.index('<section class="tools"') < actions.index('class="swap"')
    assert re.search(r'<button type="button" class="small" data-control="bot"', actions)
