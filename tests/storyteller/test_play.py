"""A scene played by a scripted player to the end, written, replayed, and resumed from a truncated copy."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from narrator.rules.replay import replay

from narrator.storyteller.play import new_table, resume_table, run
from narrator.storyteller.seat import ScriptedPlayer, TerminalPlayer, parse_choice
from narrator.storyteller.template import Option

BOOKS = ("dark_ages", "wild_west")


def play(book: str, path: Path, player: ScriptedPlayer, seed: int = 7, lang: str = "en") -> tuple[bool, list[str]]:
    said: list[str] = []
    table = new_table(book, character=None, lang=lang, seed=seed, transcript=path, player=player, say=said.append)
    return run(table, said.append), said


def records(path: Path) -> list[dict]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]


@pytest.mark.parametrize("book", BOOKS)
@pytest.mark.parametrize("lang", ("en", "ru"))
def test_scripted_player_plays_to_the_end_and_the_transcript_replays(tmp_path, book, lang) -> None:
    path = tmp_path / "game.jsonl"
    finished, said = play(book, path, ScriptedPlayer([], then="first"), lang=lang)
    assert finished
    result = replay(path.read_text(encoding="utf-8").splitlines())
    assert not result.truncated and result.outcome is not None and result.outcome.termination == "story_ended"
    kinds = {r["kind"] for r in records(path)}
    assert {"header", "action", "chance", "event", "narration", "result"} <= kinds
    assert any(("THE END" if lang == "en" else "КОНЕЦ") in line for line in said)


def test_kernel_reason_reaches_the_player_and_the_transcript(tmp_path) -> None:
    """Willpower on the extended haul is refused (WW L86 / D32); the player is asked again."""
    path = tmp_path / "game.jsonl"
    player = ScriptedPlayer(["1", "1w", "2"], then="first")  # persuade, then Willpower on haul (refused)
    play("dark_ages", path, player, seed=11)
    refused = [r for r in records(path) if r["kind"] == "rejected"]
    codes = [r.code for r in player.rejections]
    assert refused and codes and codes[0] == refused[0]["rejection"]["code"]


def test_eof_quits_cleanly_and_says_how_to_resume(tmp_path) -> None:
    path = tmp_path / "game.jsonl"
    finished, said = play("wild_west", path, ScriptedPlayer(["1"], then="quit"))
    assert not finished and any("--resume" in line for line in said)
    assert replay(path.read_text(encoding="utf-8").splitlines()).truncated


@pytest.mark.parametrize("book", BOOKS)
def test_resume_from_a_truncated_copy_replays_the_same_game(tmp_path, book) -> None:
    full = tmp_path / "full.jsonl"
    play(book, full, ScriptedPlayer([], then="first"), seed=5)
    lines = full.read_text(encoding="utf-8").splitlines()
    cut = [i for i, line in enumerate(lines) if json.loads(line)["kind"] == "action"][len(lines) // 8 or 2]
    partial = tmp_path / "partial.jsonl"
    partial.write_text("\n".join(lines[:cut]) + "\n" + lines[cut][:15], encoding="utf-8")  # a half-written line
    said: list[str] = []
    table = resume_table(partial, player=ScriptedPlayer([], then="first"), say=said.append)
    assert run(table, said.append)
    moves = [(r["kind"], r["payload"]) for r in records(partial) if r["kind"] in ("action", "chance")]
    assert moves == [(r["kind"], r["payload"]) for r in records(full) if r["kind"] in ("action", "chance")]
    assert not replay(partial.read_text(encoding="utf-8").splitlines()).truncated


def test_parse_choice_input_loop() -> None:
    options = [Option(1, "a", "A", ""), Option(2, "b", "B", "")]
    assert parse_choice(" 1 a", options).automatic
    assert "not one of" in parse_choice("5", options)
    assert "not a choice" in parse_choice("x", options)


def test_every_seeded_game_finishes_and_fights_happen(tmp_path) -> None:
    """Both scenarios end within the move budget for several seeds; the Wild West standoff is a real fight."""
    fights = 0
    for book in BOOKS:
        for seed in range(4):
            path = tmp_path / f"{book}-{seed}.jsonl"
            finished, _ = play(book, path, ScriptedPlayer(["1"], then="first"), seed=seed)
            assert finished
            fights += any(r.get("event") == "attack_rolled" for r in records(path))
    assert fights >= 1


def test_the_players_choice_is_a_question_with_answer_lines(tmp_path) -> None:
    """The approach is asked of seat 0 as the table's question: each choice is an ``answer`` line
    before the Storyteller's roll request, and a refused request asks the player again (WW L86 / D32)."""
    path = tmp_path / "game.jsonl"
    player = ScriptedPlayer(["1", "1w", "2"], then="first")
    play("dark_ages", path, player, seed=11)
    lines = records(path)
    answers = [i for i, r in enumerate(lines) if r["kind"] == "answer"]
    assert answers and all(lines[i]["actor"] == 0 and lines[i]["payload"]["kind"] == "choose_approach"
                           for i in answers)
    assert [lines[i]["payload"]["willpower"] for i in answers[:2]] == [False, True]
    refused = next(i for i, r in enumerate(lines) if r["kind"] == "rejected")
    assert lines[refused - 1]["kind"] == "answer" and lines[refused + 1]["kind"] == "answer"  # asked again
    host_moves = [r for r in lines if r["kind"] == "action" and r["notes"].get("by") == "player"]
    assert host_moves and all(r["actor"] == -2 for r in host_moves)


@pytest.mark.parametrize("book", BOOKS)
@pytest.mark.parametrize("lang", ("en", "ru"))
def test_an_approach_states_its_difficulty_once(tmp_path, book, lang) -> None:
    """The label names the traits and the difficulty; the preview adds only the pool the sheet gives
    ("(Обаяние + Этикет, сл. 7) (кубиков: 4, сложность 7)" said the difficulty twice)."""
    said: list[str] = []
    answers = iter(["1"] * 200)
    player = TerminalPlayer(lambda _prompt: next(answers), said.append, lang)
    play(book, tmp_path / "game.jsonl", player, lang=lang)
    options = [line for line in said if line.lstrip().startswith("[bold]")]
    assert options
    difficulty = "сложность" if lang == "ru" else "dice vs"
    assert [line for line in options if difficulty in line] == []
    dice = "кубик" if lang == "ru" else " dice"
    rolled = [line for line in options if ("сл. " if lang == "ru" else "diff ") in line]
    assert rolled and all(dice in line or "not on your sheet" in line or "нет в листе" in line for line in rolled)


@pytest.mark.parametrize("lang", ("en", "ru"))
def test_the_player_is_told_once_that_their_character_is_out(tmp_path, lang) -> None:
    """Wild West, seed 44: Ruth stares Mosby down, loses, and falls in the fight; the player is told once."""
    from narrator.agents.i18n import message

    said: list[str] = []
    table = new_table("wild_west", character=None, lang=lang, seed=44, transcript=tmp_path / "t.jsonl",
                      player=ScriptedPlayer(["2"] + ["1"] * 50, then="first"), say=said.append)
    run(table, said.append)
    name = {"en": 'Ruth "Dry Creek" Halloran', "ru": "Рут «Сухой Ручей» Холлоран"}[lang]
    told = [line for line in said if message(lang, "out.storyteller", name=name) in line]
    assert len(told) == 1
