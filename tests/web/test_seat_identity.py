"""A seat page says who you are in the game (your character or mask), never only "seat 4"."""

from __future__ import annotations

import re

import pytest
from markupsafe import escape
from narrator.agents.battaglia.texts import Table, mask_name
from narrator.agents.i18n import endings, message

from tests.web.conftest import Tables, as_seat, token_of


def you_line(tables: Tables, created: dict, seat: int) -> str:
    response = tables.client.get(f"/t/{created['table']}/seat/{seat}",
                                 headers=as_seat(token_of(created["seats"][seat]["url"])))
    assert response.status_code == 200
    found = re.search(r'<span id="you">(.*?)<', response.text, re.DOTALL)  # the live line (issue 30)
    assert found, response.text[:500]
    return found.group(1).strip()


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_battaglia_seat_is_its_name_and_mask(tables: Tables, lang: str) -> None:
    created = tables.create(game="battaglia", options={"players": 7}, bot_seats=[1, 2, 3, 4, 5, 6], language=lang,
                            seed=3)
    state = tables.manager.get(created["table"]).session.state
    name = Table.for_game(3, 7, lang).names[0]
    line = you_line(tables, created, 0)
    assert str(escape(f"{name}, {mask_name(str(state.cards[0]), lang)}")) in line
    assert message(lang, "web.seat_n", seat=0) not in line


@pytest.mark.parametrize(("lang", "ruth"), [("en", 'Ruth "Dry Creek" Halloran'), ("ru", "Рут «Сухой Ручей» Холлоран")])
def test_a_storyteller_seat_is_its_character(tables: Tables, lang: str, ruth: str) -> None:
    created = tables.create(game="wild-west", options={}, bot_seats=[], language=lang)
    line = you_line(tables, created, 0)
    assert str(escape(ruth)) in line and message(lang, "web.seat_n", seat=0) not in line


def test_ten_candles_and_storyteller_pages_say_plainly_that_the_character_is_out() -> None:
    """battaglia said "you are out"; the other games' pages said nothing when the character died."""
    from types import SimpleNamespace

    from narrator.web.present import Context, presenter_for

    tc = presenter_for("ten-candles")
    dead = SimpleNamespace(seat=0, name="Вера", alive=False)
    view = SimpleNamespace(characters=(dead, SimpleNamespace(seat=1, name="Олег", alive=True)), players=2)
    ctx = Context(("", ""), "ru", 0)
    assert tc.text.is_out(view, 0) and not tc.text.is_out(view, 1)
    assert "Вера, погибла: её история" in tc.text.out_notice(view, ctx)  # agrees with the name (play-test 17)
    assert tc.text.identity(view, ctx) == "Вера"
    st = presenter_for("wild-west")
    sheets = [{"id": "ruth", "name": "Ruth", "player": True, "attributes": {}}]
    down = {"sheets": sheets, "characters": [{"id": "ruth", "incapacitated": True}]}
    up = {"sheets": sheets, "characters": [{"id": "ruth", "incapacitated": False}]}
    assert st.text.is_out(down, 0) and not st.text.is_out(up, 0)
    assert st.text.out_notice(down, Context(("",), "en", 0)) == message("en", "out.storyteller", name='Ruth "Dry Creek" Halloran')


@pytest.mark.parametrize("lang", ["ru", "en"])
@pytest.mark.parametrize("speaks", [True, False])
def test_a_dead_survivors_notice_follows_the_tables_dead_speak_option(tables: Tables, lang: str, speaks: bool) -> None:
    """The notice said "you still speak truths" even at a table where the dead fall silent (D26's option)."""
    from types import SimpleNamespace

    from narrator.web.pages import context_for

    created = tables.create(game="ten-candles", options={"players": 2, "dead_players_speak_truths": speaks},
                            bot_seats=[1], names=["Вера" if lang == "ru" else "Vera"], language=lang)
    ctx = context_for(tables.manager.get(created["table"]), 0)
    assert ctx.rules.dead_players_speak_truths is speaks
    tc = tables.manager.get(created["table"]).presenter
    view = SimpleNamespace(characters=(SimpleNamespace(seat=0, name="Вера", alive=False),), players=2)
    expected = message(lang, "out.ten_candles" if speaks else "out.ten_candles_silent", name="Вера",
                       **endings(lang, "f"))
    assert tc.text.out_notice(view, ctx) == expected
    assert message(lang, "out.ten_candles") != message(lang, "out.ten_candles_silent")


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_the_page_names_a_waited_for_host_in_its_language(tables: Tables, lang: str) -> None:
    """The "Waiting for" list said "host" on a Russian page, then «ведущий» where Ten Candles says «Рассказчик»."""
    from narrator.rules.core import HOST

    from narrator.web.i18n import translate
    from narrator.web.pages import panel_context

    created = tables.create(game="ten-candles", options={"players": 2}, bot_seats=[0, 1], host="human", language=lang)
    table = tables.manager.get(created["table"])
    tables.settle(created["table"])
    assert HOST in table.waiting_for()
    waiting = panel_context(table, 0)["waiting"]
    assert {"ru": "Рассказчик", "en": "the Storyteller"}[lang] in waiting
    assert translate(lang, "viewer.host") not in waiting


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_bot_never_takes_the_name_a_person_has_at_the_table(tables: Tables, lang: str) -> None:
    drawn = Table.for_game(3, 7, lang).names  # what the seats would be called unnamed (seed 3)
    # the person at seat 0 takes bot seat 2's name; the host names bot seat 4 like the person at seat 1
    names = ["  " + drawn[2].upper() + " ", "Vera Ivanova", "", "", "vera  ivanova"]
    created = tables.create(game="battaglia", options={"players": 7}, bot_seats=[2, 3, 4, 5, 6], language=lang,
                            seed=3, names=names)
    seats = tables.manager.get(created["table"]).record.seats

    def key(name: str) -> str:
        return " ".join(name.split()).casefold()

    shown = [s.name or drawn[s.seat] for s in seats]  # as the pages and the bots' speeches name the seats
    people = {key(shown[s.seat]) for s in seats if s.controller == "human"}
    bots = [key(shown[s.seat]) for s in seats if s.controller == "bot"]
    assert not people & set(bots) and len(set(bots)) == len(bots), shown
    assert key(shown[2]) != key(drawn[2]) and key(shown[4]) != "vera ivanova"  # both renamed
    assert seats[3].name == "" and seats[5].name == ""  # bots no person shares a name with keep their own
    assert str(escape(drawn[2].upper())) in you_line(tables, created, 0)  # the person keeps the name given


def test_bots_keep_their_names_when_no_person_shares_them(tables: Tables) -> None:
    created = tables.create(game="battaglia", options={"players": 7}, bot_seats=[1, 2, 3, 4, 5, 6], language="ru",
                            seed=3, names=["Человек"])
    assert [s.name for s in tables.manager.get(created["table"]).record.seats] == ["Человек", *[""] * 6]


def test_the_table_on_a_russian_seat_page_agrees_with_each_seats_gender(tables: Tables) -> None:
    created = tables.create(game="battaglia", options={"players": 7}, bot_seats=[1, 2, 3, 4, 5, 6], language="ru",
                            seed=11)
    page = tables.client.get(f"/t/{created['table']}/seat/0",
                             headers=as_seat(token_of(created["seats"][0]["url"]))).text
    dressing = Table.for_game(11, 7, "ru")
    for seat in range(1, 7):
        found = re.search(re.escape(f"{dressing.names[seat]} ({seat})") + r"\s*</\w+>\s*<\w+[^>]*>\s*([^<;]+)", page)
        assert found, (seat, page[:300])
        assert found.group(1).strip() == ("жива" if dressing.gender(seat) == "f" else "жив"), (seat, found.group(1))
    assert {dressing.gender(s) for s in range(1, 7)} == {"f", "m"}  # both forms are checked
