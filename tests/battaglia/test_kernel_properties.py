"""Property tests: playouts end, check agrees with legal_actions, views leak nothing, adversaries are refused,
games are deterministic and replay (seeds/004_55ac8a5a86b5c135.txt:L43, L49, L73, L92)."""

from __future__ import annotations

import json
import random
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from narrator.agents.base import Seat
from narrator.rules.battaglia import GAME, BattagliaConfig, Phase
from narrator.rules.battaglia.actions import ACTION_TYPES, Accuse, Choose, Curse, DyingShot, Intercede, Pass, Vote
from narrator.rules.chance import sample
from narrator.rules.codec import ActionCodec
from narrator.rules.core import CHANCE, ChanceAction, IllegalActionError, InvalidActionError
from narrator.rules.replay import replay

from narrator.session import Session
from narrator.transcript import MemoryRecorder

FAST = {"speech_rounds": 0, "objection_window": "eligible", "shadow_talk_rounds": 0, "darkness_rounds": 1}


def playout(players, seed, collect=None, **options):
    rng = random.Random(seed)
    state = GAME.initial_state(BattagliaConfig(players=players, **options))
    for _ in range(20000):
        if GAME.outcome(state) is not None:
            return state
        active = GAME.active_players(state)
        assert active, f"stalled in {state.phase}"
        if CHANCE in active:
            action = ChanceAction(values=sample(GAME.chance_spec(state), rng))
        else:
            action = rng.choice(GAME.legal_actions(state, min(active)))
        if collect is not None:
            collect.append(state)
        state = GAME.apply(state, action).state
    raise AssertionError("no end after 20000 moves")


@settings(max_examples=24, deadline=None)
@given(players=st.integers(6, 17), seed=st.integers(0, 10**6))
def test_random_playouts_end_L92(players, seed):
    """[L92] random legal playouts of every table size end (one force, stalemate), never raise, never stall."""
    state = playout(players, seed, **FAST)
    assert state.result.termination in ("one_force_left", "all_dead", "stalemate", "day_limit")


def test_full_rules_playout_ends_L92():
    """[L92] with speeches, three darkness rounds, shadow talk and the full objection window too."""
    for seed in range(3):
        assert playout(12, seed).phase is Phase.OVER


def sample_states(players=9, seed=1):
    states = []
    playout(players, seed, collect=states)
    return states[::3]


def junk_actions(state, rng):
    seats = list(range(-2, state.players + 2))
    seat = rng.choice(seats)
    target = rng.choice(seats)
    return [Choose(actor=seat, target=target), Pass(actor=seat), Vote(actor=seat, targets=(target,)),
            Vote(actor=seat, targets=(target, target)), Vote(actor=seat, targets=()),
            Accuse(actor=seat, target=target), Accuse(actor=seat, target=target, charge="shadow", basis="legend"),
            DyingShot(actor=seat, target=target), Curse(actor=seat), Intercede(actor=seat),
            ChanceAction(values=(0,))]


@pytest.mark.parametrize("players", [6, 12, 17], ids=lambda p: f"P={p} L49-90")
def test_check_agrees_with_legal_actions(players):
    """Every listed move passes check; any other (ill-formed or illegal) move is refused, state untouched."""
    rng = random.Random(players)
    for state in sample_states(players, players):
        if CHANCE in GAME.active_players(state):
            continue
        legal = {seat: GAME.legal_actions(state, seat) for seat in range(state.players)}
        for moves in legal.values():
            for move in moves:
                assert GAME.check(state, move) is None, (state.phase, move)
        for action in junk_actions(state, rng):
            if isinstance(action, ChanceAction):
                assert GAME.check(state, action) is not None
                continue
            listed = action in legal.get(action.actor, []) or (
                isinstance(action, Vote) and Vote(actor=action.actor, targets=tuple(sorted(action.targets)))
                in legal.get(action.actor, []))
            rejection = GAME.check(state, action)
            assert (rejection is None) == listed, (state.phase, action, rejection)
            if rejection is not None:
                with pytest.raises(IllegalActionError):
                    GAME.apply(state, action)


def secret_twin(state, seat):
    """The same state with every secret seat ``seat`` may not know swapped: other souls, the kitty."""
    if not state.cards:
        return None
    view = GAME.view(state, seat)
    known = {seat} | set(state.out)
    for note in view.notes:
        known |= {v for v in note.data.get("members", [])} | {note.data.get("seat", -9)}
        known |= {v for v in note.data.get("awake", [])}
    swappable = [s for s in range(state.players) if s not in known and s not in state.revealed_shadow
                 and s not in state.revealed_lord and s not in state.revealed_child and s not in state.revealed_bishop]
    if len(swappable) < 2:
        return None
    cards = list(state.cards)
    a, b = swappable[0], swappable[1]
    if state.lives[a] != state.lives[b]:
        return None
    cards[a], cards[b] = cards[b], cards[a]
    return replace(state, cards=tuple(cards), undealt=tuple(reversed(state.undealt)))


@pytest.mark.parametrize("seat", [0, 3, 7], ids=lambda s: f"seat {s} L43 L73")
def test_views_leak_nothing(seat):
    """[L43, L73] two states differing only in what a seat may not know give it the same view."""
    checked = 0
    for state in sample_states(12, 7):
        twin = secret_twin(state, seat)
        if twin is None or state.night is not None:
            continue
        assert GAME.view(state, seat) == GAME.view(twin, seat)
        assert GAME.view(state, None) == GAME.view(twin, None)
        checked += 1
    assert checked > 3


def test_views_show_only_own_card_L43():
    """[L43] a seat sees its own card; the public sees none; the host sees all."""
    state = sample_states(12, 3)[5]
    assert GAME.view(state, 4).card is state.cards[4]
    assert GAME.view(state, None).card is None and GAME.view(state, None).truth is None
    assert GAME.view(state, Viewer_HOST()).truth is state


def Viewer_HOST():
    from narrator.rules.core import Viewer
    return Viewer.HOST


CODEC = ActionCodec(ACTION_TYPES)


@pytest.mark.parametrize("payload,error", [
    ({"kind": "choose", "actor": 1}, "target"), ({"kind": "vote", "actor": 1, "targets": "all"}, "targets"),
    ({"kind": "fly", "actor": 1}, "unknown action kind"), ({"kind": "pass", "actor": 1, "extra": 2}, "extra"),
    ({"kind": "accuse", "actor": 1, "target": 2, "basis": "rumour"}, "basis"),
], ids=["missing target", "ballot not a list", "unknown kind", "extra field", "bad basis"])
def test_malformed_payloads_rejected_at_the_codec(payload, error):
    """Malformed moves never reach the rules: the codec names the field."""
    with pytest.raises(InvalidActionError, match=error):
        CODEC.decode(payload)


def adversary_state():
    from tests.battaglia.kernel_helpers import S12, dealt, pass_day
    state, _ = dealt(S12)
    return state, pass_day(state)


@pytest.mark.parametrize("which,payload,code", [
    ("day", {"kind": "pass", "actor": 5}, "NOT_YOUR_TURN"),
    ("day", {"kind": "pass", "actor": 40}, "UNKNOWN_SEAT"),
    ("day", {"kind": "choose", "actor": 0, "target": 3}, "WRONG_PHASE"),
    ("day", {"kind": "intercede", "actor": 0}, "WRONG_PHASE"),
    ("day", {"kind": "speak", "actor": 0, "text": "x" * 600}, "TEXT_TOO_LONG"),
    ("day", {"kind": "chance", "actor": -1, "values": [0]}, "NOT_CHANCE_TURN"),
    ("night", {"kind": "choose", "actor": 11, "target": 11}, "TARGET_NOT_ALLOWED"),
    ("night", {"kind": "choose", "actor": 11, "target": 99}, "UNKNOWN_TARGET"),
    ("night", {"kind": "choose", "actor": 2, "target": 4}, "NOT_YOUR_TURN"),
    ("night", {"kind": "vote", "actor": 11, "targets": [1]}, "WRONG_PHASE"),
    ("night", {"kind": "reveal_lord", "actor": 11}, "ROLE_REQUIRED"),
], ids=["out of turn L74", "unknown seat L42", "night move by day L50", "Lun outside execution L88",
        "overlong speech", "chance out of turn L43", "Domovik hosts himself L51 DEC-17", "unknown target L51",
        "Corrigan during Domovik's step L59", "ballot at night L76", "a non-Lord's night reveal L46 DEC-26"])
def test_adversarial_proposals_rejected(which, payload, code):
    """Every adversarial proposal is rejected with its code and the state is untouched."""
    day, night = adversary_state()
    state = day if which == "day" else night
    action = CODEC.decode(payload)
    rejection = GAME.check(state, action)
    assert rejection is not None and rejection.code == code, rejection
    assert "phase" in rejection.message and rejection.rule.startswith("seeds/004")
    with pytest.raises(IllegalActionError):
        GAME.apply(state, action)


def test_dead_actor_rejected_L44():
    """[L44] a player dead for good cannot act."""
    _, night = adversary_state()
    dead = replace(night, out=frozenset({11}))
    assert GAME.check(dead, Choose(actor=11, target=3)).code == "DEAD_ACTOR"


def test_role_and_ballot_codes_L77_L86():
    """[L77, L86, L46] role-bound moves need the mask; ballots must be distinct candidates within V."""
    from tests.battaglia.kernel_helpers import S12, accuse_round, dealt
    state, _ = dealt(S12)
    state = accuse_round(state, {0: 5, 1: 8})
    seat = min(GAME.active_players(state))
    assert GAME.check(state, Vote(actor=seat, targets=(5, 5))).code == "DUPLICATE_VOTE"
    assert GAME.check(state, Vote(actor=seat, targets=(3,))).code == "NOT_A_CANDIDATE"
    assert GAME.check(state, Vote(actor=seat, targets=())).code == "EMPTY_BALLOT"
    from narrator.rules.battaglia.actions import RevealLord
    assert GAME.check(state, RevealLord(actor=seat)).code == "ROLE_REQUIRED"


class RandomAgent(Seat):
    """Picks a legal move with its own seeded generator."""

    name = "random"

    def __init__(self, seed):
        self.rng = random.Random(seed)

    def act(self, request):
        return self.rng.choice(list(request.legal))


def session_lines(seed, players=8):
    recorder = MemoryRecorder()
    config = BattagliaConfig(players=players, **FAST)
    agents = {s: RandomAgent(seed * 100 + s) for s in range(players)}
    session = Session(GAME, config, agents, seed=seed, recorder=recorder)
    session.write_header()
    session.run()
    return recorder.lines()


def test_same_seed_same_transcript():
    """Two runs with the same seeds give byte-identical transcripts."""
    assert session_lines(5) == session_lines(5)


def test_transcript_replays():
    """A recorded game replays: every event re-derived, same outcome."""
    lines = session_lines(11)
    result = replay(lines)
    assert not result.truncated and result.outcome is not None
    assert result.outcome.termination == json.loads(lines[-1])["termination"]
