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
