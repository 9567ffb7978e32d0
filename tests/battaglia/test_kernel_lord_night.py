"""The Lord's right to reveal «в любой последующий» moment, at night too (seeds/004_55ac8a5a86b5c135.txt:L46,
spec §7, DEC-26): offered secretly at the night's first heading, published before the morning."""

from __future__ import annotations

from narrator.rules.battaglia import GAME, Card, NightStep, Phase
from narrator.rules.battaglia.actions import Choose, Pass, RevealLord
from narrator.rules.core import Viewer

from tests.battaglia.kernel_helpers import S12, accuse_round, answer, dealt, pass_day, play, run_night, vote_round

LORD, DOMOVIK = 10, 11


def night_two(cards=S12, **options):
    state, _ = dealt(cards, speech_rounds=0, **options)
    return pass_day(state)


def test_lord_is_asked_secretly_at_the_first_heading_L46():
    """[L46] at the first heading the Lord is active beside the awake Domovik, but not awake; later he is not asked."""
    state = night_two()
    assert state.night.step is NightStep.FIRST_DOMOVIK
    assert GAME.active_players(state) == {LORD, DOMOVIK}
    assert [a.kind for a in GAME.legal_actions(state, LORD)] == ["reveal_lord", "pass"]
    assert GAME.view(state, LORD).awake_with == ()
    assert GAME.check(state, Choose(actor=LORD, target=3)).code == "WRONG_PHASE"
    state = play(play(state, Pass(actor=LORD)), Pass(actor=DOMOVIK))
    assert LORD not in GAME.active_players(state)
    assert GAME.check(state, RevealLord(actor=LORD)).code == "NOT_YOUR_TURN"


def test_night_reveal_is_published_before_the_morning_and_judges_L46_L75():
    """[L46, L75] a reveal made at night is announced before the morning; the Lord judges day 2."""
    state, events = night_two(), []
    state = play(state, RevealLord(actor=LORD), events)
    assert state.revealed_lord == frozenset() and events[-1].kind == "lord_reveal_noted"
    assert events[-1].audience == frozenset({LORD})
    state = run_night(state, {}, events)
    kinds = [e.kind for e in events if e.audience is Viewer.PUBLIC]
    assert kinds.index("lord_revealed") < kinds.index("morning")
    assert [dict(e.data) for e in events if e.kind == "lord_revealed"] == [{"seat": LORD, "night": 2}]
    assert state.revealed_lord == {LORD} and GAME.view(state, 0).judges == (LORD,)


def test_the_day_only_variant_never_asks_at_night_L46():
    """[L46] lord_reveal_at_night=false: only the awake are active; a night reveal is the wrong phase."""
    state = night_two(lord_reveal_at_night=False)
    assert GAME.active_players(state) == {DOMOVIK}
    assert GAME.check(state, RevealLord(actor=LORD)).code == "WRONG_PHASE"


def test_a_lord_revealed_at_night_gets_no_revote_when_condemned_L85():
    """[L85, DEC-25] the re-vote belongs to a Lord who reveals on being condemned, not to one revealed already."""
    state = run_night(play(night_two(), RevealLord(actor=LORD)), {})
    state = accuse_round(state, {0: LORD})
    state = vote_round(state, {s: (LORD,) for s in range(12)})
    assert state.phase is Phase.CONDEMNED and state.today.condemned == LORD
    assert "reveal_lord" not in {a.kind for a in GAME.legal_actions(state, LORD)}
    events = []
    answer(state, events=events)
    assert [dict(e.data)["seat"] for e in events if e.kind == "execution"] == [LORD]


def test_a_pending_reveal_changes_nothing_any_other_seat_sees_L46_L73():
    """[L46, L73] while the Lord's reveal waits for the morning, every other seat's view (and the public's)
    is exactly what it would be had he passed, step by step through the night."""
    reveal, stay = night_two(), night_two()
    reveal, stay = play(reveal, RevealLord(actor=LORD)), play(stay, Pass(actor=LORD))
    while reveal.phase is Phase.NIGHT:
        for viewer in [*(s for s in range(12) if s != LORD), None]:
            assert GAME.view(reveal, viewer) == GAME.view(stay, viewer)
        assert GAME.active_players(reveal) == GAME.active_players(stay)
        seat = min(GAME.active_players(reveal))
        reveal, stay = play(reveal, Pass(actor=seat)), play(stay, Pass(actor=seat))
    assert reveal.revealed_lord == {LORD} and stay.revealed_lord == frozenset()


def test_an_empty_first_heading_waits_for_the_lord_and_leaks_nothing_L43_L49():
    """[L43, L49] with Domovik and Tiir undealt, the Lord is asked at the (public) first heading although
    nobody wakes there; once he answers, the record is the same as in the day-only game."""
    cards = S12[:11] + [Card.KOLDUN]
    state = night_two(cards)
    assert state.night.step is NightStep.FIRST_DOMOVIK and state.night.awake == ()
    assert GAME.active_players(state) == {LORD}
    state = play(state, Pass(actor=LORD))
    day_only = night_two(cards, lord_reveal_at_night=False)
    assert state.night == day_only.night and state.public_log == day_only.public_log
    assert [n for s, n in enumerate(state.notes) if s != LORD] == [n for s, n in enumerate(day_only.notes) if s != LORD]


def test_check_agrees_with_legal_actions_at_night_L46():
    """[L46] at the offered step and the next, every candidate move is legal exactly when it is listed."""
    offered = night_two()
    for state in (offered, play(play(offered, Pass(actor=LORD)), Pass(actor=DOMOVIK))):
        for seat in range(12):
            legal = set(GAME.legal_actions(state, seat))
            for move in [RevealLord(actor=seat), Pass(actor=seat), *(Choose(actor=seat, target=t) for t in range(12))]:
                assert (GAME.check(state, move) is None) == (move in legal), (seat, move)


def test_the_scripted_lord_answers_the_night_offer_L46():
    """[L46] the scripted bot, asked at night, answers with one of the offered moves (it keeps its reveal)."""
    from narrator.agents.base import Request
    from narrator.agents.battaglia import BattagliaBot
    state = night_two()
    move = BattagliaBot(1, LORD).act(Request(GAME.name, LORD, GAME.view(state, LORD), GAME.legal_actions(state, LORD)))
    assert move == Pass(actor=LORD)
