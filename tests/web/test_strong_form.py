"""The create form offers battaglia's strong bot (narrator.battaglia.strong) under its catalogue name."""

from __future__ import annotations

import pytest

from tests.web.conftest import Tables


@pytest.mark.slow
def test_the_create_form_names_the_strong_kind_in_the_page_language(tables: Tables) -> None:
    english, russian = tables.client.get("/").text, tables.client.get("/?lang=ru").text
    assert '<option value="strong" >strong (searches its moves)</option>' in english
    assert '<option value="strong" >сильный (просчитывает ходы)</option>' in russian
    assert '<option value="scripted" selected>scripted</option>' in english


@pytest.mark.slow
def test_a_table_of_strong_bots_plays_its_first_day_around_a_person(tables: Tables) -> None:
    """Seats 1..5 strong: the table runs them through the web loop (in its thread) until the game or the
    first day's vote is over, every move legal; each is a StrongBot reading the table's rules config."""
    from narrator.battaglia.strong import StrongBot

    created = tables.create(game="battaglia", options={"players": 6, "darkness_rounds": 2}, bot_seats=[1, 2, 3, 4, 5],
                            bot_kind="strong", names=["Anna"], seed=9)
    table = tables.manager.get(created["table"])
    bots = [table.session.agents[s] for s in range(1, 6)]
    assert all(isinstance(b, StrongBot) and b.config.darkness_rounds == 2 for b in bots)
    moves = 0
    while table.session.outcome() is None and not any(e.kind == "ballots" for e in table.events) and moves < 40:
        legal = tables.state(created, 0)["legal"]
        assert legal, "the table waits for nobody but the day is not over"
        answer = tables.act(created, 0, legal[-1])
        assert answer.status_code == 200 and answer.json()["ok"], answer.text
        moves += 1
    assert any(e.kind == "ballots" for e in table.events) or table.session.outcome() is not None
    assert sum(b.searched for b in bots) >= 1, "the strong seats searched at least one day decision"
