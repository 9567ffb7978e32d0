"""Replay and determinism: a session's transcript replays bit-for-bit with the recorded dice
(no seed needed), and the same seed gives the same transcript (architecture: Transcripts)."""

from __future__ import annotations

import json
import random
from dataclasses import dataclass, field

import pytest
from narrator.agents.base import Request, Seat
from narrator.rules.core import HOST, Viewer
from narrator.rules.replay import TranscriptError, decode_config, replay
from narrator.rules.ten_candles import GAME, TenCandlesConfig, is_interjection

from narrator.session import Session
from narrator.transcript import MemoryRecorder


@dataclass
class RandomAgent(Seat):
    """A seeded random player: any legal move of its turn, an X-card now and then."""

    seed: int
    name: str = "random"
    rng: random.Random = field(init=False)

    def __post_init__(self) -> None:
        self.rng = random.Random(self.seed)

    def act(self, request: Request):
        turn = [a for a in request.legal if not is_interjection(a)]
        if self.rng.random() < 0.01:
            return next(a for a in request.legal if a.kind == "x_card")
        return self.rng.choice(turn)


def record_game(seed: int, players: int = 3, config: TenCandlesConfig | None = None) -> tuple[Session, list[str]]:
    config = config or TenCandlesConfig(players=players)
    agents = {seat: RandomAgent(seed * 31 + seat) for seat in (HOST, *range(config.players))}
    recorder = MemoryRecorder()
    session = Session(GAME, config, agents, seed=seed, recorder=recorder)
    session.write_header()
    session.run()
    return session, recorder.lines()


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_transcript_replays_to_the_same_final_state(seed):
    session, lines = record_game(seed, players=2 + seed)
    result = replay(lines)
    assert result.state == session.state and not result.truncated
    assert result.outcome == GAME.outcome(session.state) and result.outcome.termination in ("all_dead", "last_candle")


def test_replay_needs_no_seed_the_dice_are_in_the_transcript():
    _, lines = record_game(5)
    header = json.loads(lines[0])
    header["seed"] = None
    assert replay([json.dumps(header), *lines[1:]]).state.phase == "over"


def test_same_seed_same_transcript_different_seed_different_dice():
    assert record_game(7)[1] == record_game(7)[1]
    assert record_game(7)[1] != record_game(8)[1]


def test_tampered_dice_are_caught_at_their_line():
    _, lines = record_game(4)
    number, record = next((n, json.loads(t)) for n, t in enumerate(lines, 1) if json.loads(t)["kind"] == "chance")
    record["payload"]["values"] = [7] * len(record["payload"]["values"])
    lines[number - 1] = json.dumps(record)
    with pytest.raises(TranscriptError) as error:
        replay(lines)
    assert error.value.line == number


def test_config_is_validated_at_the_boundary():
    assert decode_config(GAME, {"players": 4, "final_scene": "literal"}) == TenCandlesConfig(4, final_scene="literal")
    with pytest.raises(ValueError, match="players"):
        decode_config(GAME, {"players": 1})
    with pytest.raises(ValueError, match="final_scene"):
        decode_config(GAME, {"final_scene": "everyone_lives"})


def test_host_view_is_json_ready():
    from narrator.rules.core import jsonable
    session, _ = record_game(2)
    json.dumps(jsonable(GAME.view(session.state, Viewer.HOST)), ensure_ascii=False)
    json.dumps(jsonable(GAME.view(session.state, HOST)), ensure_ascii=False)
