"""``narrator play battaglia``: a full human game from scripted input, bad input, EOF and resume."""

from __future__ import annotations

import io
import json
import re
from pathlib import Path
from typing import Any

from narrator.agents.base import Request
from narrator.agents.battaglia.texts import Table
from narrator.rules.battaglia import GAME, BattagliaConfig, Phase, Vote
from narrator.rules.replay import replay
from typer.testing import CliRunner

from narrator.battaglia.human import HumanLeftError, TerminalHuman
from narrator.battaglia.narration import Narrator
from narrator.cli.main import app

runner = CliRunner()
ALWAYS_ONE = "1\nyes\n" * 10_000
"""Menu option 1 is always a legal move; as free text it is a short speech; "yes" confirms a move that
cannot be undone (elsewhere it is bad input, asked again, or a word said)."""


def play(*args: str, stdin: str):
    return runner.invoke(app, ["play", "battaglia", *args], input=stdin)


def test_a_full_game_with_scripted_input(tmp_path: Path) -> None:
    path = tmp_path / "game.jsonl"
    result = play("--players", "7", "--seat", "3", "--lang", "en", "--seed", "8", "--transcript", str(path),
                  stdin=ALWAYS_ONE)
    assert result.exit_code == 0, result.output[-2000:]
    assert "You sit in seat 3" in result.output and "[you only] Your mask is" in result.output
    assert "The game is over" in result.output and "Traceback" not in result.output
    records = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]
    assert records[0]["seats"][3]["agent"] == "human" and records[-1]["kind"] == "result"
    assert not replay(path.read_text(encoding="utf-8").splitlines()).truncated


def test_russian_host_narrates(tmp_path: Path) -> None:
    result = play("--players", "6", "--seat", "0", "--seed", "2", "--lang", "ru", "--transcript",
                  str(tmp_path / "g.jsonl"), stdin=ALWAYS_ONE)
    assert result.exit_code == 0
    assert "Ваша маска" in result.output and "Игра окончена" in result.output and "Зерно: 2" in result.output


def test_bad_arguments_exit_2(tmp_path: Path) -> None:
    assert play("--players", "30", stdin="").exit_code == 2
    assert play("--players", "9", "--seat", "9", stdin="").exit_code == 2
    assert play("--lang", "de", stdin="").exit_code == 2


def test_end_of_input_saves_and_resume_finishes(tmp_path: Path) -> None:
    path = tmp_path / "cut.jsonl"
    first = play("--players", "8", "--seat", "1", "--lang", "en", "--seed", "3", "--transcript", str(path),
                 stdin="1\n" * 12)
    assert first.exit_code == 0
    assert "--resume" in first.output and str(path) in " ".join(first.output.split())
    assert replay(path.read_text(encoding="utf-8").splitlines()).truncated
    second = play("--resume", str(path), stdin=ALWAYS_ONE)
    assert second.exit_code == 0, second.output[-2000:]
    assert "The game continues from day" in second.output and "The game is over" in second.output
    assert not replay(path.read_text(encoding="utf-8").splitlines()).truncated


def test_resume_from_a_transcript_cut_mid_line(tmp_path: Path) -> None:
    """A crash leaves half a line: resume drops it and goes on (the bots decide as they would have)."""
    path = tmp_path / "crash.jsonl"
    play("--players", "6", "--seat", "2", "--lang", "en", "--seed", "9", "--transcript", str(path),
         stdin="1\n" * 8)
    lines = path.read_text(encoding="utf-8").splitlines()
    cut = max(i for i, line in enumerate(lines) if json.loads(line)["kind"] == "action")
    path.write_text("\n".join(lines[:cut]) + "\n" + lines[cut][: len(lines[cut]) // 2], encoding="utf-8")
    result = play("--resume", str(path), stdin=ALWAYS_ONE)
    assert result.exit_code == 0, result.output[-2000:]
    assert "The game is over" in result.output
    assert not replay(path.read_text(encoding="utf-8").splitlines()).truncated


def test_resume_of_a_finished_game_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "done.jsonl"
    play("--players", "6", "--seat", "0", "--seed", "1", "--transcript", str(path), stdin=ALWAYS_ONE)
    result = play("--resume", str(path), stdin="")
    assert result.exit_code == 2 and "already over" in result.output


def test_an_error_before_a_resumed_game_loads_speaks_the_language_asked_for(tmp_path: Path) -> None:
    """Without ``--lang`` the refusal speaks the recorded game's language; with it, the one asked for."""
    path = tmp_path / "done.jsonl"
    play("--players", "6", "--seat", "0", "--seed", "1", "--lang", "ru", "--transcript", str(path), stdin=ALWAYS_ONE)
    recorded = play("--resume", str(path), stdin="")
    asked = play("--resume", str(path), "--lang", "en", stdin="")
    assert recorded.exit_code == asked.exit_code == 2
    assert "уже окончена" in recorded.output and "already over" not in recorded.output
    assert "already over" in asked.output and "уже окончена" not in asked.output


def human_at_vote(stdin: str) -> tuple[TerminalHuman, Request, io.StringIO, Any]:
    """A human seat at a day-1 vote with two candidates (driven through the kernel to get there)."""
    import random

    from narrator.battaglia.playout import play_out, seat_request
    from narrator.battaglia.simulate import make_bots

    bots = make_bots(4, 9, None, talk=False)
    state, _moves = play_out(GAME.initial_state(BattagliaConfig(players=9, speech_rounds=0)), random.Random(4),
                             lambda state, seat: bots[seat].act(seat_request(state, seat)),
                             until=lambda state: state.phase is Phase.VOTE)
    seat = min(GAME.active_players(state))
    out = io.StringIO()
    human = TerminalHuman(seat, Narrator(Table.for_game(4, 9, "en"), seat), io.StringIO(stdin), out)
    return human, seat_request(state, seat), out, state


def test_bad_input_is_asked_again_without_a_traceback() -> None:
    human, request, out, _ = human_at_vote("x\n99\n1\n")
    action = human.act(request)
    assert isinstance(action, Vote) and action.targets == (request.view.candidates[0],)
    assert out.getvalue().count("I did not understand") == 1
    assert "There is no candidate number 99" in out.getvalue()


def test_a_ballot_the_kernel_would_refuse_is_asked_again_with_names_and_numbers() -> None:
    """Voting twice for one candidate, for a number off the list or for more candidates than votes: the
    same ballot again, the reason naming the menu number and the name (no seat ids, no kernel English)."""
    human, request, out, state = human_at_vote("1 1\n7\n1 2 3\n2\n")
    first, second = request.view.candidates[:2]
    assert request.view.votes == 2 and len(request.view.candidates) == 3  # what the seed gives
    action = human.act(request)
    assert isinstance(action, Vote) and action.targets == (second,)
    text = " ".join(out.getvalue().split())
    you = " [you]" if first == request.seat else ""  # (whether the seat stands accused depends on the bots)
    assert f"You named “1. {human.narrator.table.names[first]}{you}” twice" in text
    assert "There is no candidate number 7: the numbers run from 1 to 3" in text
    assert "You have 2 votes, but named 3 candidates" in text
    assert f"2. {human.narrator.table.names[second]}\n" in out.getvalue()  # menu lines carry no seat ids
    rejection = GAME.check(state, Vote(actor=request.seat, targets=(first,) * 2))
    assert rejection is not None and rejection.message not in out.getvalue()


def test_a_kernel_refusal_asks_the_same_ballot_again_not_the_menu_before_it() -> None:
    """The Lord is first asked "vote or reveal"; when the kernel refuses the ballot, the person gets the
    reason from the catalogue and the ballot again, not "vote or reveal" (a QA find)."""
    from dataclasses import replace

    from narrator.rules.battaglia import RevealLord

    human, request, out, state = human_at_vote("1\n1\n2\n")  # vote; candidate 1; then candidate 2
    lord = replace(request, legal=[*request.legal, RevealLord(actor=request.seat)])
    human.act(lord)  # 1: vote, then candidate 1
    assert human.asked == "ballot"
    rejection = GAME.check(state, Vote(actor=request.seat, targets=(request.view.candidates[0],) * 2))
    before = out.getvalue()
    again = human.act(replace(lord, rejection=rejection, attempt=2))
    shown = out.getvalue()[len(before):]
    assert "not allowed — You named the same candidate twice." in " ".join(shown.split())
    assert "Your choice:" not in shown and "Vote:" in shown
    assert isinstance(again, Vote) and again.targets == (request.view.candidates[1],)


def test_end_of_input_raises_human_left() -> None:
    human, request, _, _ = human_at_vote("")
    try:
        human.act(request)
    except HumanLeftError:
        return
    raise AssertionError("end of input must stop the game")


def test_the_lords_reveal_at_night_is_not_titled_an_execution() -> None:
    """At night the Lord may still reveal (L46); the menu must not announce "the execution of nobody"."""
    from types import SimpleNamespace

    from narrator.rules.battaglia import Pass, RevealLord

    out = io.StringIO()
    human = TerminalHuman(4, Narrator(Table.for_game(3, 9, "ru"), 4), io.StringIO("2\n"), out)
    night = SimpleNamespace(phase=Phase.NIGHT, condemned=None)
    action = human._special(night, [RevealLord(actor=4), Pass(actor=4)])
    assert isinstance(action, Pass)
    assert "Момент казни" not in out.getvalue() and "никто" not in out.getvalue()
    assert "Ваш выбор:" in out.getvalue()


def test_the_russian_seat_line_reads_as_a_sentence() -> None:
    """The setting is stored in the prepositional case («портовом городке»); the seat line must take it so."""
    narrator = Narrator(Table.for_game(3, 9, "ru"), 4)
    line = narrator.say("seat_line", seat=4, name="Лидия", legend="кузнечиха", setting="портовом городке")
    assert line.endswith("Действие происходит в портовом городке.")


def test_a_resumed_russian_game_keeps_a_womans_verbs(tmp_path: Path) -> None:
    """The header records names but no genders; the resumed recap said «Нина (2) погиб этой ночью».

    (Seed 16: a woman, Полина, dies on the first night with today's bots.)
    """
    path = tmp_path / "ru.jsonl"
    day_one = "1\nЯ за закон.\n5\n2\nМарк молчит.\n1\n4 2 1\n1\n1\n2\n2\n"
    first = play("--players", "9", "--seat", "4", "--lang", "ru", "--seed", "16", "--transcript", str(path),
                 stdin=day_one)
    # the morning line varies from day to day (and the name may follow the verb); the verb agrees
    woman, man = re.compile(r"Полина \(7\) погибла|погибла Полина \(7\)"), re.compile(r"Полина \(7\) погиб |погиб Полина \(7\)")
    assert woman.search(first.output), first.output[-2000:]
    resumed = play("--resume", str(path), stdin="")
    assert "Игра продолжается с дня 2" in resumed.output
    assert woman.search(resumed.output) and not man.search(resumed.output), resumed.output
    from narrator.battaglia.narration import recorded_table

    assert recorded_table("ru", "", ("Нина", "Олег"), ("", "")).genders == ("f", "m")


def test_the_terminal_seat_is_not_asked_a_move_that_is_no_choice(tmp_path: Path) -> None:
    """The session passes for a person who has nothing to decide (an execution without objection powers),
    at the terminal as at the web table, and notes it on the action line (``no_choice``)."""
    path = tmp_path / "game.jsonl"
    result = play("--players", "7", "--seat", "3", "--lang", "en", "--seed", "8", "--transcript", str(path),
                  stdin=ALWAYS_ONE)
    assert result.exit_code == 0, result.output[-2000:]
    records = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]
    passed = [r for r in records if r["kind"] == "action" and r["actor"] == 3 and (r.get("notes") or {}).get("no_choice")]
    assert passed and all(r["payload"]["kind"] == "pass" for r in passed)
    menus = result.output.split("\n")
    lone = [i for i, line in enumerate(menus) if line.strip() == "1. no objection" and not menus[i + 1].strip().startswith("2.")]
    assert lone == []  # never a one-item menu to click


def test_a_transcript_of_its_header_alone_resumes_as_a_fresh_game_of_that_seed(tmp_path: Path) -> None:
    """Stopped before the deal, only the header was written; resume used to fail with an IndexError."""
    fresh, header_only = tmp_path / "fresh.jsonl", tmp_path / "header.jsonl"
    assert play("--players", "6", "--seat", "0", "--lang", "en", "--seed", "3", "--transcript", str(fresh),
                stdin=ALWAYS_ONE).exit_code == 0
    header_only.write_bytes(fresh.read_bytes().split(b"\n")[0] + b"\n")
    resumed = play("--resume", str(header_only), stdin=ALWAYS_ONE)
    assert resumed.exit_code == 0, resumed.output[-2000:]
    assert "Traceback" not in resumed.output and "You sit in seat 0" in resumed.output
    assert "The game is over" in resumed.output
    assert header_only.read_bytes() == fresh.read_bytes()  # the very game a fresh start of seed 3 plays


def test_blank_lines_that_carry_nothing_do_not_damage_a_finished_transcript(tmp_path: Path) -> None:
    path = tmp_path / "done.jsonl"
    play("--players", "6", "--seat", "0", "--lang", "en", "--seed", "1", "--transcript", str(path), stdin=ALWAYS_ONE)
    lines = path.read_bytes().split(b"\n")
    path.write_bytes(b"\n".join([*lines[:5], b"", *lines[5:]]) + b"\n")  # one inside, one more at the end
    assert replay(path.read_bytes()).outcome is not None
    result = play("--resume", str(path), stdin="")
    assert result.exit_code == 2 and "already over" in result.output and "damaged" not in result.output


def test_q_at_any_prompt_saves_and_stops_and_resume_finishes(tmp_path: Path) -> None:
    """``q`` (or «выход») at a menu or as a whole speech stops the game as Ctrl-D does, though more input follows;
    it used to be said aloud as a speech or answered «Не понял»."""
    for lang, quit_word, resumed_line in (("en", "q", "The game continues from day"),
                                          ("ru", "выход", "Игра продолжается с дня")):
        path = tmp_path / f"quit-{lang}.jsonl"
        first = play("--players", "8", "--seat", "1", "--lang", lang, "--seed", "3", "--transcript", str(path),
                     stdin="1\n" * 12 + f"{quit_word}\n" + ALWAYS_ONE)
        assert first.exit_code == 0, first.output[-2000:]
        assert "--resume" in first.output and "Traceback" not in first.output
        assert f"«{quit_word}»" not in first.output and "Не понял" not in first.output
        assert replay(path.read_text(encoding="utf-8").splitlines()).truncated
        second = play("--resume", str(path), stdin=ALWAYS_ONE)
        assert second.exit_code == 0 and resumed_line in second.output, second.output[-2000:]
        assert not replay(path.read_text(encoding="utf-8").splitlines()).truncated


def test_a_speech_of_just_q_quits_and_help_says_so() -> None:
    human, _, out, _ = human_at_vote("q\n")
    try:
        human._speech()
    except HumanLeftError:
        pass
    else:
        raise AssertionError("a speech of exactly q must stop the game")
    human, request, out, _ = human_at_vote("?\nquit\n")
    try:
        human.act(request)
    except HumanLeftError:
        assert "q (quit) saves the game and stops it" in out.getvalue()
        return
    raise AssertionError("quit at the ballot must stop the game")


def test_a_rebirth_is_told_as_the_next_day_or_night_begins_and_never_of_yourself(tmp_path: Path) -> None:
    """The notice used to wait for the person's next prompt (mid-night, after «Awake with you») and was
    given of the person too, right after their own private «You come back with a new soul»."""
    for lang, reborn, you, begins in (("en", "died a first time", "[you]", ("Day ", "Night ")),
                                      ("ru", "впервые и снова в игре", "[вы]", ("День ", "Ночь "))):
        path = tmp_path / f"rebirths-{lang}.jsonl"
        result = play("--players", "7", "--seat", "2", "--lang", lang, "--seed", "1", "--transcript", str(path),
                      stdin=ALWAYS_ONE)
        assert result.exit_code == 0, result.output[-2000:]
        lines = result.output.splitlines()
        told = [i for i, line in enumerate(lines) if reborn in line]
        records = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]
        others = {r["data"]["seat"] for r in records if r.get("event") == "second_soul"} - {2}
        assert len(told) == len({lines[i] for i in told}) >= len(others) - 1 >= 3  # each once (one may end the game)
        for i in told:
            assert you not in lines[i], lines[i]
            after = next(line for line in lines[i + 1:] if reborn not in line)
            assert after.startswith(begins), (lines[i], after)
