"""Sessions: moves, rejections and re-asks, fallbacks, transcripts, replay, resume, determinism."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from narrator.agents.base import AgentGaveUpError, Request, Seat
from narrator.rules.core import Action, IllegalActionError
from narrator.rules.replay import TranscriptError, replay

from narrator.resume import ResumeError, resume_session
from narrator.session import Session
from narrator.transcript import MemoryRecorder, TranscriptWriter, read_transcript
from tests.core.pig import GAME, Hold, PigConfig, Roll


class Greedy(Seat):
    """Rolls until the pot reaches ``limit``, then holds."""

    name = "greedy"

    def __init__(self, limit: int = 10) -> None:
        self.limit = limit

    def act(self, request: Request) -> Action:
        return Roll(actor=request.seat) if request.view["pot"] < self.limit else Hold(actor=request.seat)


class Impostor(Seat):
    """Always tries to move for the other seat (illegal), counting how often it is asked."""

    name = "impostor"

    def __init__(self) -> None:
        self.requests: list[Request] = []

    def act(self, request: Request) -> Action:
        self.requests.append(request)
        return Hold(actor=1 - request.seat)


class Quitter(Seat):
    name = "quitter"

    def act(self, request: Request) -> Action:
        raise AgentGaveUpError("model timed out", raw="{", attempts=3)


def play(seed: int, agents: dict | None = None, fallbacks: dict | None = None) -> MemoryRecorder:
    recorder = MemoryRecorder()
    session = Session(GAME, PigConfig(), agents or {0: Greedy(), 1: Greedy(15)}, seed=seed, recorder=recorder,
                      fallbacks=fallbacks)
    session.write_header()
    session.run()
    return recorder


def test_same_seed_gives_byte_identical_transcripts() -> None:
    assert play(11).lines() == play(11).lines()
    assert play(11).lines() != play(12).lines()


def test_transcript_replays_and_reproduces_the_result() -> None:
    lines = play(5).lines()
    result = replay(lines)
    assert not result.truncated and result.outcome is not None
    assert json.loads(lines[-1])["winners"] == sorted(result.outcome.winners)


def test_replay_reports_the_first_divergent_line() -> None:
    lines = play(5).lines()
    index = next(i for i, line in enumerate(lines) if '"event":"rolled"' in line)
    record = json.loads(lines[index])
    record["data"]["face"] = 99
    lines[index] = json.dumps(record)
    with pytest.raises(TranscriptError) as error:
        replay(lines)
    assert error.value.line == index + 1
    assert "diverges" in str(error.value)


def test_replay_needs_no_seed_because_rolls_are_recorded() -> None:
    lines = play(5).lines()
    header = json.loads(lines[0])
    header["seed"] = None
    assert replay([json.dumps(header), *lines[1:]]).outcome is not None


def test_malformed_middle_line_is_an_error_naming_the_line() -> None:
    lines = play(5).lines()
    lines[3] = "{not json"
    with pytest.raises(TranscriptError) as error:
        replay(lines)
    assert error.value.line == 4


def test_an_illegal_recorded_move_is_reported() -> None:
    records = [json.loads(line) for line in play(5).lines()]
    records.insert(1, {"seq": 1, "kind": "action", "actor": 1, "payload": {"kind": "hold", "actor": 1}})
    for seq, record in enumerate(records[1:], start=1):  # numbered as a writer would, so only the move is wrong
        record["seq"] = seq
    lines = [json.dumps(record) for record in records]
    with pytest.raises(TranscriptError, match="line 2: illegal move: NOT_YOUR_TURN"):
        replay(lines)


def test_rejected_proposals_are_recorded_and_then_the_fallback_decides() -> None:
    impostor = Impostor()
    recorder = play(3, {0: impostor, 1: Greedy()}, fallbacks={0: Greedy()})
    kinds = [r["kind"] for r in recorder.records]
    assert kinds.count("fallback") >= 1
    first_turn = impostor.requests[:3]
    assert [r.attempt for r in first_turn] == [1, 2, 3]
    assert first_turn[1].rejection is not None and first_turn[1].rejection.code == "NOT_YOUR_TURN"
    fallback = next(r for r in recorder.records if r["kind"] == "fallback")
    assert fallback["attempts"] == 3 and fallback["by"] == "greedy"
    replay(recorder.lines())  # rejected and fallback lines do not disturb replay


def test_an_agent_that_gives_up_is_replaced_and_the_reason_kept() -> None:
    recorder = play(3, {0: Quitter(), 1: Greedy()}, fallbacks={0: Greedy()})
    fallback = next(r for r in recorder.records if r["kind"] == "fallback")
    assert fallback["reason"] == "model timed out" and fallback["raw"] == "{"


def test_illegal_submit_leaves_the_state_untouched() -> None:
    session = Session(GAME, PigConfig(), {0: Greedy(), 1: Greedy()}, seed=1, recorder=MemoryRecorder())
    before = session.state
    rejection = session.submit(Hold(actor=1))
    assert rejection is not None and rejection.code == "NOT_YOUR_TURN"
    assert session.state is before
    with pytest.raises(IllegalActionError):
        GAME.apply(before, Hold(actor=1))


def test_resume_continues_a_crashed_game_exactly(tmp_path: Path) -> None:
    full = play(21).lines()
    crashed = tmp_path / "crashed.jsonl"
    cut = len(full) // 2
    crashed.write_text("\n".join(full[:cut]) + "\n" + full[cut][: len(full[cut]) // 2], encoding="utf-8")
    session = resume_session(crashed, {0: Greedy(), 1: Greedy(15)})
    session.run()
    session.recorder.close()  # type: ignore[union-attr]
    resumed = crashed.read_text(encoding="utf-8").splitlines()
    assert resumed == full  # same dice, same seq numbers, nothing lost or doubled
    assert not read_transcript(crashed).truncated


def test_a_finished_game_cannot_be_resumed(tmp_path: Path) -> None:
    path = tmp_path / "done.jsonl"
    with TranscriptWriter(path) as writer:
        for record in play(2).records:
            writer.write(record)
    with pytest.raises(ResumeError, match="already over"):
        resume_session(path, {0: Greedy(), 1: Greedy()})


def test_resume_after_a_crash_between_a_move_and_its_events(tmp_path: Path) -> None:
    full = play(21).lines()
    move = max(i for i, line in enumerate(full[: len(full) // 2]) if '"kind":"chance"' in line)
    assert '"kind":"event"' in full[move + 1]  # the crash cuts the die's events off
    crashed = tmp_path / "cut-after-move.jsonl"
    crashed.write_text("\n".join(full[: move + 1]) + "\n", encoding="utf-8")
    session = resume_session(crashed, {0: Greedy(), 1: Greedy(15)})
    session.run()
    session.recorder.close()  # type: ignore[union-attr]
    assert crashed.read_text(encoding="utf-8").splitlines() == full


def test_a_new_game_never_overwrites_a_recorded_one(tmp_path: Path) -> None:
    from narrator.transcript import TranscriptExistsError, default_transcript_path

    path = tmp_path / "game.jsonl"
    with TranscriptWriter(path) as writer:
        writer.write({"kind": "header"})
    with pytest.raises(TranscriptExistsError, match="--resume"):
        TranscriptWriter(path)
    assert path.read_text(encoding="utf-8").startswith('{"kind":"header","schema":2,"hash":')  # untouched
    TranscriptWriter(path, overwrite=True).close()  # a simulation re-run may replace it on purpose
    assert default_transcript_path("battaglia", 7).name.endswith("-seed7.jsonl")
