"""Ten Candles prompts carry readable event lines in the table's language, and the guard reads the title as a
title (issue #11). No model: the lines come from a scripted game's public events."""

from __future__ import annotations

import json
import re

import pytest
from narrator.agents.ten_candles.llm_check import Facts, candle_problems
from narrator.agents.ten_candles.llm_roles import describe
from narrator.rules.ten_candles import GAME, TenCandlesConfig

from narrator.session import Session
from narrator.ten_candles.simulate import make_table
from narrator.ten_candles.storyteller import TemplateStoryteller

CYRILLIC = re.compile(r"[А-Яа-яЁё]")


def public_events(lang: str, seed: int = 2, players: int = 3, moves: int = 1500) -> tuple[list, dict[int, str]]:
    """Every public event of a scripted game's first ``moves`` moves, and the characters' names."""
    agents = make_table(players, seed, lang=lang, voice=TemplateStoryteller(lang=lang, seed=seed))
    session = Session(GAME, TenCandlesConfig(players=players), agents, seed=seed)
    events: list = []
    session.listeners.append(lambda _action, step: events.extend(e for e in step if str(e.audience) == "public"))
    for _ in range(moves):
        if not session.step():
            break
    names = {e.data["seat"]: e.data["name"] for e in events if e.kind == "character_described"}
    return events, names


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_event_lines_are_words_in_the_tables_language(lang: str) -> None:
    events, names = public_events(lang)
    lines = describe(events, names, lang)
    assert len(lines) > 20, lines
    kinds = {e.kind for e in events}
    assert {"conflict_called", "dice_rolled", "conflict_resolved", "candle_out"} <= kinds
    for line in lines:
        assert not re.search(r"\{\s*\"", line), line  # no JSON object
        assert not re.search(r"\b[a-z]+_[a-z_]+\b", line), line  # no event or field ids
        spoken = " ".join(json.loads(q) for q in re.findall(r'"(?:[^"\\]|\\.)*"', line))
        words = line
        for name in names.values():
            words = words.replace(name, "")
        if lang == "en":
            assert not CYRILLIC.search(words.replace(spoken, "")), line  # "Мы живы" is said in English
        else:
            assert CYRILLIC.search(words), line
    if lang == "en":
        assert any("we are alive" in line for line in lines) or "we_are_alive" not in kinds


def test_written_words_in_event_lines_are_quoted_data() -> None:
    events, names = public_events("en")
    narrated = [line for line in describe(events, names, "en") if "narrates:" in line or "truth is spoken" in line]
    assert narrated
    for line in narrated:
        quote = line[line.index('"'):]
        assert isinstance(json.loads(quote), str), line


def test_the_title_is_not_a_candle_count() -> None:
    """"Ten Candles" is the game's name; "ten candles burn" is a count (L4: the candles are the clock)."""
    facts = Facts(lit=3, lang="en")
    assert not candle_problems("Welcome to Ten Candles, where the dark waits. Three candles burn.", facts)
    assert candle_problems("Ten candles burn around you.", facts)
    ru = Facts(lit=4, lang="ru")
    assert not candle_problems("Это «Десять свечей». Горят четыре свечи.", ru)


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_narration_line_names_who_held_the_narration(lang: str) -> None:
    """The player who won the narration (L283) narrates in the prompt, not the Storyteller."""
    events, names = public_events(lang)
    told = {"en": "Storyteller", "ru": "Рассказчик"}[lang]
    narrated = [e for e in events if e.kind == "narrated"]
    assert {e.data["narrator"] >= 0 for e in narrated} == {True, False}, "both the GM and players narrated"
    for event in narrated:
        line, = describe([event], names, lang)
        holder = names[event.data["narrator"]] if event.data["narrator"] >= 0 else told
        assert line.split(" narrates:" if lang == "en" else " рассказывает:")[0].endswith(holder), line
