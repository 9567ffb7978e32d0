"""``narrator play battaglia``: a full human game from scripted input, bad input, EOF and resume."""

from __future__ import annotations

import io
import json
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
    assert out.getvalue().count("I did not understand") == 2


def test_a_kernel_refusal_is_shown_with_its_reason() -> None:
    """Voting twice for one candidate is refused by the kernel; the person sees its reason, from the catalogue
    by the rejection's code (no seat ids), and tries again."""
    from narrator.session import Session

    human, request, out, state = human_at_vote("1 1\n1\n")
    session = Session(GAME, BattagliaConfig(players=9, speech_rounds=0), {request.seat: human}, state=state)
    session.ask(request.seat)
    rejection = GAME.check(state, Vote(actor=request.seat, targets=(request.view.candidates[0],) * 2))
    assert rejection is not None and rejection.code == "DUPLICATE_VOTE"
    assert "not allowed — You named the same candidate twice." in " ".join(out.getvalue().split())
    assert rejection.message not in out.getvalue()  # the kernel's English (with seat ids) is for logs
    assert request.seat in {s for s, _ in session.state.today.ballots}  # the second answer was accepted


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
    """The header records names but no genders; the resumed recap said «Нина (2) погиб этой ночью»."""
    path = tmp_path / "ru.jsonl"
    day_one = "1\nЯ за закон.\n5\n2\nМарк молчит.\n1\n4 2 1\n1\n1\n2\n2\n"
    first = play("--players", "9", "--seat", "4", "--lang", "ru", "--seed", "3", "--transcript", str(path),
                 stdin=day_one)
    assert "Нина (2) погибла этой ночью" in first.output, first.output[-2000:]
    resumed = play("--resume", str(path), stdin="")
    assert "Игра продолжается с дня 2" in resumed.output
    assert "Нина (2) погибла этой ночью" in resumed.output and "Нина (2) погиб " not in resumed.output
    from narrator.battaglia.narration import recorded_table

    assert recorded_table("ru", "", ("Нина", "Олег"), ("", "")).genders == ("f", "m")
