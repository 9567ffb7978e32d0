"""Battaglia seats' words in a replay shown in another language than the game was played in.

A scripted bot's speech is kept as data beside its text (``notes.composed``) and said again with the replay
language's catalogue; words no catalogue composed (a person's, a model's, an old transcript's) are quoted as
said and marked with their language (docs/replay.md).
"""

from __future__ import annotations

import json
import random
import re
from pathlib import Path
from typing import Any

import pytest
from narrator.agents.battaglia.texts import Reason, Speech, Table, accusation_text, words
from narrator.rules.core import PUBLIC, Event

from narrator.battaglia import simulate
from narrator.playtest import GameJob
from narrator.viewer.page import render_page
from narrator.viewer.speech import SpeechTeller, composed_speeches
from narrator.viewer.tell import tell
from narrator.viewer.terminal import text_lines
from narrator.viewer.timeline import Lens, load
from tests.i18n.test_one_language import foreign_words, visible_text

ROOT = Path(__file__).resolve().parents[2]
CYRILLIC = re.compile("[\u0400-\u04ff]")
LATIN_WORD = re.compile(r"[A-Za-z]{3,}")


@pytest.fixture(scope="module")
def russian_game(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Six scripted bots playing in Russian, recorded as ``narrator simulate`` records (speech kept as data)."""
    path = tmp_path_factory.mktemp("ru") / "ru-6p-seed-7.jsonl"
    patch = pytest.MonkeyPatch()
    patch.setattr(simulate, "TRANSCRIPT_LANG", "ru")
    try:
        simulate.play_one(GameJob(0, 6, 7, {}, str(path)))
    finally:
        patch.undo()
    return path


def english_lines(timeline: Any, lens: Lens) -> list[str]:
    lines = text_lines(tell(timeline, lens, "en"), calls=True)
    assert [line for line in lines if " accuses " in line or "The shadows whisper" in line], lens.key
    assert not any("(said in" in line for line in lines)  # nothing left to mark: every speech was composed
    return [line for line in lines if CYRILLIC.search(line)]


def test_a_russian_game_told_in_english_says_every_scripted_speech_in_english(russian_game: Path) -> None:
    records = [json.loads(line) for line in russian_game.read_text(encoding="utf-8").splitlines()]
    said = [r for r in records if r.get("kind") == "action" and (r.get("payload") or {}).get("text")]
    assert said and all(CYRILLIC.search(r["payload"]["text"]) for r in said)  # recorded in Russian
    assert all("composed" in r["notes"] for r in said)  # each with what it was composed of
    assert english_lines(load(russian_game), Lens(host=True)) == []  # the host hears every speech and whisper


@pytest.mark.slow
def test_every_lens_and_the_page_of_a_russian_game_told_in_english(russian_game: Path) -> None:
    timeline = load(russian_game)
    for lens in (Lens(), Lens(seat=0), Lens(seat=5)):
        assert english_lines(timeline, lens) == [], lens.key
    assert not CYRILLIC.search(render_page(timeline, [Lens(host=True), Lens(), Lens(seat=0)], "en"))


def test_an_english_game_told_in_russian_says_the_scripted_speeches_in_russian() -> None:
    timeline = load(ROOT / "transcripts" / "battaglia" / "sim-6p-seed-101.jsonl")
    told = text_lines(tell(timeline, Lens(host=True), "ru"), calls=True)
    accusations = [line for line in told if " обвиняет: " in line]
    assert accusations and not any(LATIN_WORD.search(line) for line in accusations)
    assert not foreign_words("\n".join(told), "ru")
    page = visible_text(render_page(timeline, [Lens(seat=0)], "ru"))
    assert not foreign_words(page, "ru")


def test_the_same_speech_is_said_in_either_language_from_its_data() -> None:
    """The pools are index-aligned, so a speech's data says the same thing in ru and en (and survives JSON)."""
    ru, en = words("ru", "speech"), words("en", "speech")
    for key in ru:
        shape = {k: len(v) for k, v in ru[key].items()} if isinstance(ru[key], dict) else len(ru[key])
        assert shape == ({k: len(v) for k, v in en[key].items()} if isinstance(en[key], dict) else len(en[key])), key
    tables = {lang: Table.for_game(5, 8, lang) for lang in ("ru", "en")}
    reason = Reason("voted_for_light", other=0, card="COHEN")
    text = accusation_text(tables["en"], 3, "logic", reason, random.Random(1))
    speech = Speech.from_dict(json.loads(json.dumps(Speech("by_logic.voted_for_light", 1, 3, reason, 2).to_dict())))
    assert speech == Speech("by_logic.voted_for_light", 1, 3, reason, 2)  # seat 0 as ``other`` is kept
    said_ru, said_en = speech.said(tables["ru"]), speech.said(tables["en"])
    other = tables["ru"].names[0][:-1]  # declined after «против игрока» (Дарья -> Дарьи): its stem
    assert tables["ru"].names[3] in said_ru and other in said_ru and not LATIN_WORD.search(said_ru)
    assert tables["en"].names[3] in said_en and not CYRILLIC.search(said_en)
    assert tables["en"].names[3] in text


def test_words_nobody_composed_are_quoted_as_said_and_marked_with_their_language() -> None:
    """A model's (or a person's) words in a Russian game told in English: the frame is English, the words
    Russian, marked before their quote; a composed one is said again; words without letters need no mark."""
    table = Table.for_game(3, 6, "en")
    composed = composed_speeches([{"kind": "action", "actor": 2, "payload": {"text": "тьма: 1"},
                                   "notes": {"composed": {"pool": "whisper_dark", "seats": [1]}}}])
    teller = SpeechTeller(composed, "ru", "en", lambda view: table)

    def say(event: Event) -> str:
        if event.kind == "whispers":
            return "The shadows whisper: " + "; ".join(f"P{s}: {t}" for s, t in event.data["messages"])
        return f"P{event.data['seat']}: “{event.data['text']}”"

    model = Event("speech", PUBLIC, {"seat": 1, "text": "Я не тьма, поверьте мне."})
    assert teller.render(model, None, say) == "P1: (said in Russian) “Я не тьма, поверьте мне.”"
    assert teller.render(Event("speech", PUBLIC, {"seat": 4, "text": "1"}), None, say) == "P4: “1”"
    whispers = Event("whispers", frozenset({1, 2}), {"messages": [[2, "тьма: 1"], [1, "это я"]]})
    assert teller.render(whispers, None, say) == "The shadows whisper: P2: dark: 1; P1: (said in Russian) это я"
    same = SpeechTeller(composed, "ru", "ru", lambda view: table)
    assert same.render(model, None, say) == "P1: “Я не тьма, поверьте мне.”"  # its own language: as said


def old_style(path: Path, out: Path) -> Path:
    """``path`` as a transcript recorded before speech was kept as data (and before lines were sealed)."""
    records = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]
    records[0]["schema"] = 1
    for record in records:
        record.pop("hash", None)
        notes = record.get("notes") or {}
        notes.pop("composed", None)
        if "notes" in record and not notes:
            del record["notes"]
    out.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in records), encoding="utf-8")
    return out


def test_the_shipped_terminal_game_keeps_the_persons_words_and_says_the_bots_in_english() -> None:
    """Played in Russian with a person in seat 4: told in English, only the person's own words stay
    Russian (quoted, marked); every bot's speech is said in English."""
    timeline = load(ROOT / "transcripts" / "battaglia" / "play-9p-seat4-ru-seed-404.jsonl")
    lines = text_lines(tell(timeline, Lens(), "en"), panels=False)
    russian = [line for line in lines if CYRILLIC.search(line)]
    assert russian and all(line.lstrip().startswith("Lidia (4)") for line in russian), russian
    assert any(" accuses " in line and not CYRILLIC.search(line) for line in lines)
    for line in russian:
        assert "(said in Russian)" in line and line.index("(said in Russian)") < CYRILLIC.search(line).start(), line


@pytest.mark.slow
def test_an_old_transcript_without_the_data_still_replays_its_words_marked(tmp_path: Path) -> None:
    """The same game as recorded before the speech data was kept: it replays, and told in English every
    line holding Russian words marks them as said in Russian, before the words."""
    old = old_style(ROOT / "transcripts" / "battaglia" / "play-9p-seat4-ru-seed-404.jsonl", tmp_path / "old.jsonl")
    lines = text_lines(tell(load(old), Lens(), "en"), panels=False)
    russian = [line for line in lines if CYRILLIC.search(line)]
    assert len({line.split(":")[0] for line in russian}) > 3  # bots' speeches too, not only the person's
    for line in russian:
        assert "(said in Russian)" in line and line.index("(said in Russian)") < CYRILLIC.search(line).start(), line
