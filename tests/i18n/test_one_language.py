"""One language on screen: every game, played in Russian and in English, at the terminal and on the web.

Russian output may hold no Latin word and English output no Cyrillic word. Not words: file paths,
command-line options and commands (``narrator play ...``), and a web table's id (``#AbC12xYz``).
The only other exceptions are the proper names in :data:`PROPER_NAMES`.
"""

from __future__ import annotations

import html
import re
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from narrator.cli.main import app

PROPER_NAMES: frozenset[str] = frozenset({"JSON", "UTF"})
"""Words allowed in the other script: the names of file formats, written in Latin in Russian too
(a damaged transcript's line "это не JSON", "не текст UTF-8"); every other name shown has a Russian form."""
LATIN = re.compile(r"[A-Za-z]{2,}")
CYRILLIC = re.compile(r"[А-Яа-яЁё]{2,}")
NOT_WORDS = re.compile(r"(?:[\w.\-]*/[\w.\-/]+)|--[\w-]+|narrator(?: [a-z-]+){0,2}|#[\w-]{6,}"
                       r"|\b[0-9a-f]{32,}\b")  # a fingerprint (the fair dice' commitment, a seed): hex digits, no word

TERMINAL = {
    "battaglia": ["play", "battaglia", "--players", "6"],
    "ten-candles": ["play", "ten-candles", "--players", "1", "--ai", "2"],
    "dark-ages": ["play", "dark-ages"],
    "wild-west": ["play", "wild-west"],
}
WEB = {
    "battaglia": {"game": "battaglia", "options": {"players": 6}, "bot_seats": [1, 2, 3, 4, 5]},
    "ten-candles": {"game": "ten-candles", "bot_seats": [1, 2]},
    "dark-ages": {"game": "dark-ages"},
    "wild-west": {"game": "wild-west"},
}


def foreign_words(text: str, lang: str) -> Counter[str]:
    """Words of the other script in ``text`` (what a player of ``lang`` should never read)."""
    cleaned = NOT_WORDS.sub(" ", text)
    found = Counter((LATIN if lang == "ru" else CYRILLIC).findall(cleaned))
    return Counter({w: n for w, n in found.items() if w not in PROPER_NAMES})


def visible_text(page: str) -> str:
    """What a browser shows of ``page``: no tags, scripts, styles or attribute values."""
    page = re.sub(r"<(script|style)\b.*?</\1>", " ", page, flags=re.DOTALL)
    return html.unescape(re.sub(r"<[^>]+>", " ", page))


def test_the_check_finds_a_stray_word() -> None:
    assert foreign_words("Свеча гаснет (failed_roll).", "ru") == Counter({"failed": 1, "roll": 1})
    assert foreign_words("Seed: 4 Зерно", "en") == Counter({"Зерно": 1})
    assert not foreign_words("Запись: /tmp/x/ru.jsonl; narrator play battaglia --resume", "ru")


@pytest.mark.parametrize("lang", ["ru", "en"])
@pytest.mark.parametrize("game", TERMINAL)
@pytest.mark.parametrize("seed", [2, 5])
def test_terminal_game_speaks_one_language(game: str, lang: str, seed: int, tmp_path: Path,
                                          monkeypatch: pytest.MonkeyPatch) -> None:
    # a short relative path: a long temporary one (pytest-1072/popen-gw0/...) is folded by the console at
    # 80 columns, and its tail ("nl" of .jsonl) read as a stray English word
    monkeypatch.chdir(tmp_path)
    (tmp_path / "t").mkdir()
    args = [*TERMINAL[game], "--lang", lang, "--seed", str(seed), "--transcript", "t/g.jsonl"]
    result = CliRunner().invoke(app, args, input="1\n" * 400, env={"COLUMNS": "200"})
    assert result.exit_code in (0, 3), result.output
    assert len(result.output.splitlines()) > 20
    assert not foreign_words(result.output, lang), foreign_words(result.output, lang).most_common(20)


TYPED = {"ru": {"virtue": "Смелый", "vice": "Жадный"}, "en": {"virtue": "Brave", "vice": "Greedy"}}
"""What the test's player types into text fields (the kernel's sample move carries Russian words)."""


def _play_web(tables: Any, created: dict[str, Any], pages: list[str], lang: str, limit: int = 800) -> dict[str, Any]:
    """Answer seat 0 with its first allowed move (the next one after a refusal) until the game ends."""
    refused = 0
    for turn in range(limit):
        state = tables.state(created, 0)
        if state["outcome"] is not None:
            return state
        if 0 not in state["waiting_for"]:
            tables.settle(created["table"])
            continue
        # Mostly the game's own moves, so it ends (table talk first never did, in 800 moves); every
        # fourth turn a table move (talk, an attempt), so those controls and their echoes are read too.
        talk = turn % 4 == 3 and state["table_moves"]
        moves = (state["table_moves"] if talk else state["legal"]) or state["table_moves"]
        move = moves[refused % len(moves)]
        action = dict(move.get("action", move))
        action.update({k: v for k, v in TYPED[lang].items() if k in action})
        answer = tables.act(created, 0, action).json()
        refused = refused + 1 if answer.get("rejection") else 0
        pages.append(tables.client.get(created["seats"][0]["url"]).text)
    return tables.state(created, 0)


@pytest.mark.parametrize("lang", ["ru", "en"])
@pytest.mark.parametrize("game", WEB)
def test_web_pages_speak_one_language(game: str, lang: str, tables: Any) -> None:
    created = tables.create(**WEB[game], language=lang, seed=3)
    pages = [tables.client.get(created["seats"][0]["url"]).text]
    final = _play_web(tables, created, pages, lang)
    assert final["outcome"] is not None or len(pages) > 20, "the game ended, or was played for 20 moves at least"
    pages.append(tables.client.get(created["host_url"]).text)
    found: Counter[str] = Counter()
    for page in pages:
        found += foreign_words(visible_text(page).replace(created["table"], " "), lang)
    assert not found, found.most_common(20)
