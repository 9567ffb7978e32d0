"""The seat pages show the seat's reference: battaglia's card power (cited) and force, the public
roster with how each card died, a hint over the moves, "by legend / by logic" explained, and a
ticked box before a move that cannot be undone; nothing of another seat's card reaches a page."""

from __future__ import annotations

from typing import Any

import pytest
from markupsafe import escape
from narrator.agents.battaglia.texts import load
from narrator.agents.i18n import section

from narrator.citations import split, why
from tests.web.conftest import Tables, as_seat, token_of

HUMANS = tuple(range(9))
"""Every seat a person: each page is checked."""


def page(tables: Tables, created: dict[str, Any], seat: int) -> str:
    response = tables.client.get(f"/t/{created['table']}/seat/{seat}",
                                 headers=as_seat(token_of(created["seats"][seat]["url"])))
    assert response.status_code == 200
    return response.text


def first_harmless(legal: list[dict[str, Any]]) -> dict[str, Any]:
    """The first move that is not a reveal (so the game moves on without the Lord showing himself)."""
    return next((a for a in legal if a["kind"] != "reveal_lord"), legal[0])


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_battaglia_seat_pages_carry_the_reference_and_only_their_own(tables: Tables, lang: str) -> None:
    created = tables.create(game="battaglia", options={"players": 9}, bot_seats=[], language=lang, seed=3)
    table = tables.manager.get(created["table"])
    words, lines = section(lang, "battaglia_reference"), load("reference")["abilities"]
    saw_guide = saw_basis = saw_confirm = False
    checked: set[tuple[object, int, int, int]] = set()
    for _ in range(120):
        if table.session.outcome() is not None:
            break
        state = table.session.state
        if saw_guide and saw_basis and saw_confirm and state.day >= 2:
            break  # every kind of page was read, through a night and into a second day
        # Each seat's page is read once per phase of each day and whenever its moves change kind
        # (what the reference and the hint depend on), not after every move: 9 pages a move cost 24 s.
        for seat in HUMANS:
            kinds = hash(tuple(sorted({a.kind for a in table.legal(seat)})))
            if (state.phase, state.day, seat, kinds) in checked:
                continue
            checked.add((state.phase, state.day, seat, kinds))
            html = page(tables, created, seat)
            own = words["abilities"][str(state.cards[seat])]
            cited = lines[str(state.cards[seat])]["lines"]
            assert escape(own) in html
            assert (cited if lang == "en" else cited.replace("L", "")) in html
            for other in HUMANS:
                power = words["abilities"][str(state.cards[other])]
                if power not in own:  # the plain darks share words with the Fluid
                    assert escape(power) not in html, (seat, other)
            assert escape(words["words"]["rebirth_rule"]) in html
            saw_guide |= 'class="guide"' in html
            saw_basis |= escape(split(words["hints"]["basis"])[0]) in html and "(L74)" not in html
            saw_confirm |= "data-confirm" in html
        seat = next((s for s in HUMANS if table.legal(s)), None)
        if seat is None:
            break
        legal = tables.state(created, seat)["legal"]
        assert tables.act(created, seat, first_harmless(legal)).json()["ok"]
    assert saw_guide and saw_basis
    assert saw_confirm, "the Lord's reveal (offered all day long) asks for a ticked box"


def test_the_confirm_box_marks_only_irreversible_moves(tables: Tables) -> None:
    from narrator.rules.battaglia.actions import Pass, RevealLord, Speak

    from narrator.web.pages import context_for

    created = tables.create(game="battaglia", options={"players": 9}, bot_seats=[], language="en", seed=3)
    table = tables.manager.get(created["table"])
    ctx = context_for(table, 0)
    view = table.view(0)
    shown = table.presenter.controls([Speak(actor=0, text=""), RevealLord(actor=0), Pass(actor=0)], view, ctx)
    marked = {c.payload["kind"]: getattr(c, "confirm", "") for c in shown}
    assert marked["reveal_lord"] and not marked["speak"] and not marked["pass"]


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_ten_candles_pages_name_the_neighbours_explain_the_candles_and_confirm_a_burn(tables: Tables,
                                                                                      lang: str) -> None:
    """A table without stated attempts (``stated_attempts: false``; web tables with people have them,
    tests/web/test_ten_candles.py): the survivor's proposal is table talk the bot GM hears (L267)."""
    from narrator.ten_candles.reference import Reference
    from tests.web.test_ten_candles import OPTIONS, play_humans

    created = tables.create(game="ten-candles", options=OPTIONS, bot_seats=[2], names=["Anna", "Boris"], language=lang)
    ref = Reference(lang)
    first = page(tables, created, 0)
    assert escape(split(ref.say("opening"))[0]) in first
    table = tables.manager.get(created["table"])
    hint, lines = split(ref.hint(table.view(0), 0, table.legal(0)))
    assert ref.who(table.view(0), 2) in hint and escape(hint) in first  # the virtue goes right, to seat 2
    assert lines == ["102"] and escape(why(lines, lang)) in first  # the rule line named apart (L102), not «стр.»
    play_humans(tables, created, [0, 1], until=lambda states: any(
        a["kind"] in ("burn_trait", "volunteer_death", "embrace_brink") for s in states.values() for a in s["legal"]),
        limit=400)
    seat = next(s for s in (0, 1) if any(a["kind"] in ("burn_trait", "volunteer_death", "embrace_brink")
                                         for a in tables.state(created, s)["legal"]))
    html = page(tables, created, seat)
    assert "data-confirm" in html and escape(ref.say("confirm_web")) in html


@pytest.mark.parametrize(("lang", "labels"), [("en", ("Initiative —", "Attack (revolver)", "Damage —")),
                                              ("ru", ("Инициатива —", "Атака (револьвер)", "Урон —"))])
def test_wild_west_combat_shows_its_dice_labelled(tables: Tables, lang: str, labels: tuple[str, ...]) -> None:
    from tests.web.test_storyteller import play_to_end, seat_page

    created = tables.create(game="wild-west", options={"character": "ruth"}, language=lang, seed=3)
    play_to_end(tables, created)
    page = seat_page(tables, created)
    kinds = {e["kind"] for e in tables.state(created, 0)["events"]}
    assert {"initiative_rolled", "attack_rolled", "damage_rolled"} <= kinds, kinds
    for label in labels:
        assert label in page, label


def test_a_ten_candles_survivor_proposes_an_attempt_on_the_web_and_gets_the_next_conflict(tables: Tables) -> None:
    """A table without stated attempts (``stated_attempts: false``; web tables with people have them,
    tests/web/test_ten_candles.py): the survivor's proposal is table talk the bot GM hears (L267)."""
    from tests.web.test_ten_candles import OPTIONS, play_humans

    created = tables.create(game="ten-candles", options={**OPTIONS, "stated_attempts": False}, bot_seats=[2],
                            names=["Anna", "Boris"])
    table = tables.manager.get(created["table"])
    assert not table.session.state.config.stated_attempts
    assert not [m for m in tables.state(created, 0)["table_moves"] if m["action"]["kind"] == "propose_attempt"]
    play_humans(tables, created, [0, 1], until=lambda states: any(
        m["action"]["kind"] == "propose_attempt" for m in states[0]["table_moves"]), limit=200)
    seen = len(table.events)
    answer = tables.act(created, 0, {"kind": "propose_attempt", "text": "I climb the frozen escalator"})
    assert answer.status_code == 200 and answer.json()["ok"], answer.text
    assert any(t.seat == 0 and t.offers.get("attempt") for t in table.session.talk)
    assert "I climb the frozen escalator" in page(tables, created, 1)  # said aloud: the others hear it
    empty = tables.act(created, 0, {"kind": "propose_attempt", "text": "  "})
    assert empty.json()["rejection"] is not None
    play_humans(tables, created, [0, 1], until=lambda _s: any(e.kind == "conflict_called" for e in table.events[seen:]),
                limit=200)
    first = next(e for e in table.events[seen:] if e.kind == "conflict_called")
    assert first.data["active"] == 0
