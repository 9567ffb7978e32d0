"""The web log's line of a contest (play-test): the player's own line read «чистых 1 — неудача» in a lost
contest and told a tie as a failure. It tells the contest: each side's net successes and who prevailed; a tie
is nobody's win (WW: the contest goes on, seeds/003 L106-112; a Dark Ages one-shot: things stay as they were,
D7)."""

from __future__ import annotations

import pytest
from narrator.rules.core import public

from narrator.render.storyteller import StorytellerText
from narrator.render.text import Context


def _share(character: str, dice: list[int], net: int, botch: bool = False) -> dict:
    return {"character": character, "dice": dice, "difficulty": 6, "raw": net, "ones": 0, "extra": 0, "net": net,
            "outcome": "botch" if botch else "success" if net > 0 else "failure", "degree": None, "botch": botch,
            "forgiven": False, "cancelled": [], "rerolls": [], "automatic": False, "willpower": False}


def _line(lang: str, mine: int, theirs: int, *, continues: bool = False, botch: bool = False) -> str:
    margin = mine - theirs
    winner = "ruth" if margin > 0 else "elias" if margin < 0 else None
    category = "botch" if botch else ("marginal", "moderate")[min(margin, 2) - 1] if margin > 0 else "failure"
    event = public("resisted_resolved", what="resisted", character="ruth", opponent="elias", task="",
                   mine=_share("ruth", [8, 3, 7][:max(mine, 1) + 1], mine, botch),
                   theirs=_share("elias", [9, 2], theirs), winner=winner, net=abs(margin), tie=winner is None,
                   continues=continues and winner is None, rematch=False, opponent_used_action=False,
                   category=category)
    text = StorytellerText("wild-west").event_text(event, {"sheets": [{"id": "ruth", "name": "Ruth"},
                                                          {"id": "elias", "name": "Elias"}]}, Context((), lang))
    assert text is not None
    return text


@pytest.mark.parametrize(("lang", "lost", "won"), [("ru", "поражение", "победа"), ("en", "lost", "won")])
def test_a_contest_says_both_sides_and_who_prevailed(lang: str, lost: str, won: str) -> None:
    line = _line(lang, 1, 2)
    assert line.endswith(lost) and "1" in line and "2" in line
    assert ("неудача" if lang == "ru" else "failure") not in line
    assert _line(lang, 2, 1).split(" — ")[-1].startswith(won)
    assert ("чистых 1;" if lang == "ru" else "1 net;") in line  # mine, then theirs
    assert line.rsplit(" — ", 1)[0].endswith("чистых 2" if lang == "ru" else ", 2 net")


@pytest.mark.parametrize(("lang", "theirs"), [("ru", ": 9 2 сл. 6, чистых 2 — "), ("en", ": 9 2 vs 6, 2 net — ")])
def test_a_contest_shows_both_pools_dice_and_difficulty(lang: str, theirs: str) -> None:
    """Play-test 17: the web hid the opponent's dice (the terminal showed both pools, but no difficulty)."""
    line = _line(lang, 1, 2)
    assert theirs in line, line
    assert (": 8 3 сл. 6, чистых 1; " if lang == "ru" else ": 8 3 vs 6, 1 net; ") in line, line


@pytest.mark.parametrize(("lang", "goes_on", "holds"), [
    ("ru", "состязание продолжается", "всё остаётся как было"),
    ("en", "the contest goes on", "things stay as they were"),
])
def test_a_tie_is_nobodys_win(lang: str, goes_on: str, holds: str) -> None:
    carried, held = _line(lang, 1, 1, continues=True), _line(lang, 1, 1)
    assert carried.endswith(goes_on) and held.endswith(holds)
    for line in (carried, held):
        assert ("ничья" if lang == "ru" else "a tie") in line
        assert ("неудача" if lang == "ru" else "failure") not in line
