"""The host announces how a game ended when its outcome is forced (seed L92) or a stalemate is declared."""

from __future__ import annotations

import pytest
from narrator.agents.battaglia.texts import Table
from narrator.rules.core import public

from narrator.battaglia.narration import Narrator

NAMES = ("Anna", "Boris", "Vera", "Gleb", "Daria", "Ivan")


@pytest.mark.parametrize("lang,by,force,expected", [
    ("en", "lookahead", "light", "however the game went on"),
    ("en", "moderator", "light", "The host declares the outcome sealed"),
    ("en", "moderator", None, "stalemate"),
    ("ru", "lookahead", "light", "Исход предрешён"),
    ("ru", "moderator", None, "патовую"),
], ids=["L92-lookahead-en", "L92-moderator-en", "L92-stalemate-en", "L92-lookahead-ru", "L92-stalemate-ru"])
def test_forced_outcome_is_announced(lang: str, by: str, force: str | None, expected: str) -> None:
    narrator = Narrator(Table(lang, "", NAMES, ("",) * len(NAMES)))
    lines = narrator.lines([public("forced_outcome", force=force, by=by)])
    assert len(lines) == 1 and expected in lines[0]
