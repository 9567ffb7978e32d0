"""The golden games' line hashes: a changed, missing or extra line is named, defaults leave the header alone."""

from __future__ import annotations

import pytest
from narrator.rules.battaglia import BattagliaConfig
from narrator.rules.ten_candles import TenCandlesConfig

from tests import golden_lines

LINES = [f"line {i}: {'x' * i}" for i in range(40)]


def test_equal_lines_pass():
    assert golden_lines.first_difference("g", golden_lines.encode(LINES), list(LINES)) is None


def test_a_changed_line_is_named_with_the_last_line_that_agreed():
    changed = [*LINES[:17], "line 17: changed", *LINES[18:]]
    message = golden_lines.first_difference("g", golden_lines.encode(LINES), changed)
    assert message is not None and message.startswith("g: line 18 differs")
    assert "line 17 (still the same): line 16:" in message and "line 18 now: line 17: changed" in message


@pytest.mark.parametrize(("lines", "named"), [(LINES[:30], "line 31 now: (the game ends here)"),
                                              ([*LINES, "extra"], "line 41 now: extra")])
def test_a_shorter_or_longer_game_is_named_where_it_parts(lines, named):
    message = golden_lines.first_difference("g", golden_lines.encode(LINES), lines)
    assert message is not None and named in message


def test_check_names_the_first_changed_game_and_counts_the_rest():
    expected = {name: golden_lines.encode(LINES) for name in ("a", "b", "c")}
    streams = [("a", LINES), ("b", [*LINES[:3], "new"]), ("c", LINES[1:])]
    with pytest.raises(AssertionError, match=r"2 golden game\(s\) changed; the first:\nb: line 4 differs"):
        golden_lines.check(expected, streams)


def test_a_missing_entry_fails():
    with pytest.raises(AssertionError, match="no golden entry"):
        golden_lines.check({}, [("new-game", LINES)])


def test_the_header_keeps_players_and_changed_options_only():
    assert golden_lines.non_default_config(BattagliaConfig(players=12)) == {"players": 12}
    assert golden_lines.non_default_config(BattagliaConfig(players=7, max_days=12)) == {"players": 7, "max_days": 12}
    config = TenCandlesConfig(players=3, lines=("spiders",))
    assert golden_lines.non_default_config(config) == {"players": 3, "lines": ["spiders"]}
