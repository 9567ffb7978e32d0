"""The web table for a group on phones: ballots and accusation pickers in the page, no forced
no-op clicks, "you are out", and creating a table from form fields with QR invites."""

from __future__ import annotations

from typing import Any

import pytest
from narrator.rules.core import Action, PlayerId

from narrator.session import NO_CHOICE, Session
from narrator.transcript import MemoryRecorder
from narrator.web.bots import HumanSeat
from tests.web.conftest import Tables, as_seat, token_of
from tests.web.whisper import WhisperConfig, WhisperGame


class _SeatOneMayOnlyPass(WhisperGame):
    """Whisper, where seat 1 has no choice: its only legal move is a pass."""

    def legal_actions(self, state: Any, seat: PlayerId) -> list[Action]:
        moves = super().legal_actions(state, seat)
        return [m for m in moves if m.kind == "pass"] if seat == 1 else moves


def test_the_loop_passes_for_a_remote_seat_that_has_no_choice_and_notes_it() -> None:
    recorder = MemoryRecorder()
    session = Session(_SeatOneMayOnlyPass(), WhisperConfig(players=3, rounds=1),
                      {s: HumanSeat() for s in range(3)}, seed=3, recorder=recorder)
    while session.step():
        pass
    assert session.waiting_for() == [0]
    assert session.submit(session.game.legal_actions(session.state, 0)[0].__class__(actor=0, to=2, text="hi")) is None
    assert session.waiting_for() == [], "seat 1 is not waited for: the loop moves for it"
    assert session.step() and session.waiting_for() == [2]
    passes = [r for r in recorder.records if r.get("kind") == "action" and r.get("actor") == 1]
    assert len(passes) == 1 and passes[0]["payload"]["kind"] == "pass" and passes[0]["notes"] == {NO_CHOICE: True}


def _page(tables: Tables, created: dict[str, Any], seat: int) -> str:
    url = created["seats"][seat]["url"]
    return tables.client.get(f"/t/{created['table']}/seat/{seat}", headers=as_seat(token_of(url))).text


def _move(state: dict[str, Any]) -> dict[str, Any]:
    """A plain player: votes and accuses the first offered, else the first move that is not a pass."""
    legal = state["legal"]
    return next((m for m in legal if m["kind"] != "pass"), legal[0])


def test_a_battaglia_table_of_people_votes_with_checkboxes_is_never_asked_for_a_lone_pass_and_says_out(tables: Tables) -> None:
    created = tables.create(game="battaglia", players=6, language="ru", seed=11)
    table = tables.manager.get(created["table"])
    assert table.game.seat_count(table.session.state) == 6, "the players field sets the count"
    seen_ballot = seen_picker = False
    for _ in range(400):
        if table.session.outcome() is not None:
            break
        # every seat's moves as the API serves them (its "legal" is ``table.legal``), read in process:
        # six HTTP round trips a move made this the slowest test of the lane
        offered = {s: [a.kind for a in table.legal(s)] for s in range(6)}
        for s, kinds_of_s in offered.items():
            assert kinds_of_s != ["pass"], f"seat {s} was asked to click a lone pass in {table.session.state.phase}"
        seat = next(s for s, kinds_of_s in offered.items() if kinds_of_s)
        state = tables.state(created, seat)
        assert [m["kind"] for m in state["legal"]] == offered[seat]
        kinds = set(offered[seat])
        if "vote" in kinds and not seen_ballot:
            page = _page(tables, created, seat)
            assert 'class="control ballot"' in page and 'type="checkbox" data-target=' in page
            assert "Отметьте" in page and "Проголосовать" in page
            seen_ballot = True
        if "accuse" in kinds and not seen_picker:
            page = _page(tables, created, seat)
            assert 'data-pick="target"' in page and "по легенде" in page and "по логике" in page
            assert f'<option value="{seat}">' not in page, "the picker never offers yourself"
            seen_picker = True
        answer = tables.act(created, seat, _move(state))
        assert answer.status_code == 200, answer.text
    assert table.session.outcome() is not None and seen_ballot and seen_picker
    lines = tables.manager.transcript_path(created["table"]).read_text(encoding="utf-8")
    assert f'"{NO_CHOICE}":true' in lines.replace(" ", ""), "the loop passed for a seat with no choice"
    out = sorted(table.view(0).out) if hasattr(table.view(0), "out") else []
    assert out, "someone left the game for good"
    assert "data-out" in _page(tables, created, out[0]) and "Вы выбыли из игры насовсем" in _page(tables, created, out[0])
    alive = next(s for s in range(6) if s not in out)
    assert "data-out" not in _page(tables, created, alive)


def test_create_form_fields_and_invites_with_qr(tables: Tables) -> None:
    index = tables.client.get("/?lang=ru").text
    assert 'name="players"' in index and "data-bot-boxes" in index and 'data-seats="12"' in index
    assert 'name="bot_seats"' not in index, "bot seats are ticked, not typed"
    created = tables.create(game="battaglia", players=7, bot_seats=[1, 2], language="en")
    seats = created["seats"]
    pytest.importorskip("segno", reason="QR invites are drawn by segno (pyproject dependency)")
    assert len(seats) == 7 and [s["controller"] for s in seats[:3]] == ["human", "bot", "bot"]
    assert seats[0]["qr"].startswith("<svg") and "<script" not in seats[0]["qr"]
    assert seats[1]["qr"] is None and seats[1]["url"] is None
    refused = tables.client.post("/api/tables", json={"game": "battaglia", "players": 0})
    assert refused.status_code == 422
