"""Who may act, what they may do, and why anything else is refused.

``legal_actions`` is the single source of truth; ``check`` gives the precise reason an action is not
among them (texts aside: any ``text`` up to :data:`TEXT_LIMIT` is as legal as the empty one listed).
"""

from __future__ import annotations

from collections.abc import Callable
from enum import StrEnum
from functools import lru_cache
from itertools import combinations

from narrator.rules.battaglia.actions import (
    Accuse,
    Choose,
    Curse,
    DeclareOutcome,
    DyingShot,
    Intercede,
    Judge,
    Pass,
    RevealBishop,
    RevealLord,
    Speak,
    Vote,
    Whisper,
)
from narrator.rules.battaglia.cards import Card, Force
from narrator.rules.battaglia.day import accuser_of, can_intercede, can_reveal_bishop, judges, open_targets
from narrator.rules.battaglia.life import seat_force
from narrator.rules.battaglia.night import CORRIGAN_STEPS, DOMOVIK_STEPS, GLOOM_STEPS, TIIR_STEPS
from narrator.rules.battaglia.state import BattagliaState, NightStep, Phase, living
from narrator.rules.core import CHANCE, HOST, Action

RULES = "seeds/004_55ac8a5a86b5c135.txt"


class BattagliaCode(StrEnum):
    """Battaglia's own rejection codes (the shared ones are in ``rules.core.Code``)."""

    ROLE_REQUIRED = "ROLE_REQUIRED"
    ALREADY_REVEALED = "ALREADY_REVEALED"
    ALREADY_ACCUSED = "ALREADY_ACCUSED"
    SHADOW_CHARGE_UNPROVEN = "SHADOW_CHARGE_UNPROVEN"
    TEXT_TOO_LONG = "TEXT_TOO_LONG"
    TEXT_NOT_ALLOWED = "TEXT_NOT_ALLOWED"
    EMPTY_BALLOT = "EMPTY_BALLOT"
    DUPLICATE_VOTE = "DUPLICATE_VOTE"
    NOT_A_CANDIDATE = "NOT_A_CANDIDATE"
    TOO_MANY_VOTES = "TOO_MANY_VOTES"
    NO_ACCUSER = "NO_ACCUSER"
    NO_MODERATOR = "NO_MODERATOR"


LORD_PHASES = frozenset({Phase.SPEECH, Phase.ACCUSE, Phase.VOTE, Phase.REVOTE, Phase.CONDEMNED, Phase.EXECUTION})
"""Rule: «с сего момента и в любой последующий лорд луихад имеет право вскрыться» (L46): whenever he is asked."""

PHASE_KINDS: dict[Phase, frozenset[str]] = {
    Phase.LAST_WORDS: frozenset({"accuse", "pass"}),
    Phase.SPEECH: frozenset({"speak", "pass", "reveal_lord"}),
    Phase.ACCUSE: frozenset({"accuse", "pass", "reveal_lord"}),
    Phase.JUDGE: frozenset({"judge"}),
    Phase.VOTE: frozenset({"vote", "pass", "reveal_lord"}),
    Phase.REVOTE: frozenset({"vote", "pass", "reveal_lord"}),
    Phase.CONDEMNED: frozenset({"pass", "reveal_lord", "dying_shot", "curse"}),
    Phase.EXECUTION: frozenset({"pass", "intercede", "reveal_bishop", "reveal_lord"}),
}
NIGHT_KINDS = frozenset({"choose", "pass"})
SHADOW_KINDS = frozenset({"whisper", "pass"})
LORD_NIGHT_KINDS = {NIGHT_KINDS: NIGHT_KINDS | {"reveal_lord"}, SHADOW_KINDS: SHADOW_KINDS | {"reveal_lord"}}


def allowed_kinds(state: BattagliaState) -> frozenset[str]:
    """The action kinds the current phase takes."""
    if state.phase is Phase.NIGHT and state.night is not None:
        kinds = SHADOW_KINDS if state.night.step is NightStep.SHADOW else NIGHT_KINDS
        return LORD_NIGHT_KINDS[kinds] if state.config.lord_reveal_at_night else kinds
    return PHASE_KINDS.get(state.phase, frozenset())


def active_players(state: BattagliaState) -> frozenset[int]:
    """Who may act now (``CHANCE`` while dealing). Kept on a sealed state: asked several times a move."""
    if getattr(state, "_open", False):  # a draft, still changing
        return _active(state)
    try:
        return state._active
    except AttributeError:
        active = _active(state)
        object.__setattr__(state, "_active", active)
        return active


_CHANCE_ONLY = frozenset({CHANCE})
_NOBODY: frozenset[int] = frozenset()


def _active(state: BattagliaState) -> frozenset[int]:
    phase, today, night = state.phase, state.today, state.night
    if state.result is not None:
        return _NOBODY
    if phase is Phase.DEAL or phase is Phase.REBIRTH or phase is Phase.ACCUSE_DRAW:
        return _CHANCE_ONLY
    if phase is Phase.NIGHT and night is not None:
        awake = frozenset(night.awake).difference([s for s, _ in night.chosen])
        return awake.union(night.offered) if night.offered else awake
    if today is None:
        return _NOBODY
    if phase is Phase.SPEECH or phase is Phase.ACCUSE:
        return frozenset((today.order[today.turn],))
    if phase is Phase.VOTE or phase is Phase.REVOTE:
        return frozenset(living(state)).difference([s for s, _ in today.ballots])
    if phase is Phase.LAST_WORDS:
        return frozenset(today.last_words[:1])
    if phase is Phase.JUDGE:
        return frozenset(judges(state))
    if phase is Phase.CONDEMNED:
        return frozenset((today.condemned,))
    if phase is Phase.EXECUTION:
        return today.window_seats.difference([s for s, _ in today.window])
    return _NOBODY


def night_targets(state: BattagliaState, seat: int) -> tuple[int, ...]:
    """Whom ``seat`` may choose in the current step (DEC-17).

    Rule: «первый никор выбирает жертву из всех кроме себя самого» (L57); «выбирает пациента из всех, в том
    числе, возможно, себя самого» (L61); «жертвой может быть кто угодно, в том числе и кто-то из них самих» (L55)
    """
    step = state.night.step if state.night else None
    config = state.config
    no_self = (step in GLOOM_STEPS or (step in DOMOVIK_STEPS and not config.domovik_self)
               or (step in TIIR_STEPS and not config.tiir_self) or (step in CORRIGAN_STEPS and not config.corrigan_self))
    alive = living(state)
    return tuple(t for t in alive if t != seat) if no_self and seat in alive else alive


def can_reveal_lord(state: BattagliaState, seat: int) -> bool:
    """An unrevealed living Lord, when asked in a day phase, or offered at night's first heading (L46, DEC-26)."""
    if state.phase is Phase.NIGHT:
        return state.night is not None and seat in state.night.offered
    return (state.phase in LORD_PHASES and state.cards[seat] is Card.LORD_LUIHAD and seat not in state.out
            and seat not in state.revealed_lord)


NO_FORCE = "none"
"""``DeclareOutcome.force`` for a stalemate the moderator calls (spec §8.2 item 2)."""


def declarable_forces(state: BattagliaState) -> tuple[str, ...]:
    """What the moderator may declare now: a force with a living soul (in ``Force`` order), or a stalemate.

    Empty without a human moderator, while chance deals, and once the game is over.

    Rule: «игра продолжается до тех пор, пока не наступит патовая ситуация ... либо когда наступит ситуация
    из которой возможен всего один исход» (seeds/004_55ac8a5a86b5c135.txt:L92)
    """
    if not state.config.human_moderator or state.result is not None or state.phase in (Phase.DEAL, Phase.REBIRTH, Phase.ACCUSE_DRAW):
        return ()
    alive = {seat_force(state, s) for s in living(state)}
    return tuple(str(f) for f in Force if f in alive) + (NO_FORCE,)


def moderator_moves(state: BattagliaState) -> tuple[Action, ...]:
    """The host's declarations (only with a human moderator)."""
    return tuple(DeclareOutcome(actor=HOST, force=f) for f in declarable_forces(state))


def shadow_charge_ok(state: BattagliaState, target: int, basis: str) -> bool:
    """Rule: «обвинение в принадлежности к тени обычно не считается полноценным, кроме тех случаев, когда тень
    вскрытая или оно логически полностью доказано» (L74): a revealed shadow, or a charge by logic."""
    return target in state.revealed_shadow or basis == "logic"


def legal_actions(state: BattagliaState, seat: int) -> list[Action]:
    """Every move ``seat`` may make now (texts empty); the host's are the moderator's declarations."""
    if seat == HOST:
        return list(moderator_moves(state))
    if seat == CHANCE or seat not in active_players(state):
        return []
    phase = state.phase
    moves: list[Action]
    if phase is Phase.NIGHT:
        if state.night is None or seat not in state.night.awake:
            moves = []  # a Lord asked secretly: reveal or not (below)
        elif state.night.step is NightStep.SHADOW:
            moves = [_one(Whisper, seat)]
        else:
            targets = night_targets(state, seat)
            moves = list(_memo(("choose", seat, targets),
                               lambda: [_shared_choose(seat, t) for t in targets]))
    elif phase is Phase.ACCUSE or phase is Phase.LAST_WORDS:
        moves = list(_accusations(state, seat))
    elif phase is Phase.SPEECH:
        moves = [_one(Speak, seat)]
    elif phase is Phase.JUDGE:
        return list(_memo(("judge", seat), lambda: [Judge(actor=seat, approve=True), Judge(actor=seat, approve=False)]))
    elif phase is Phase.VOTE or phase is Phase.REVOTE:
        moves = list(_votes(state, seat))
    elif phase is Phase.CONDEMNED:
        moves = _condemned_moves(state, seat)
    else:
        moves = []
        if phase is Phase.EXECUTION:
            if can_intercede(state, seat):
                moves.append(_one(Intercede, seat))
            if can_reveal_bishop(state, seat):
                moves.append(_one(RevealBishop, seat))
    if can_reveal_lord(state, seat):
        moves.append(_one(RevealLord, seat))
    moves.append(_one(Pass, seat))
    return moves


# Moves are frozen values, so the lists of them are built once per situation and shared.
_MOVES: dict[tuple[object, ...], tuple[Action, ...]] = {}
_SINGLES: dict[tuple[Callable[..., Action], int], Action] = {}


def _memo(key: tuple[object, ...], build: Callable[[], list[Action]]) -> tuple[Action, ...]:
    moves = _MOVES.get(key)
    if moves is None:
        if len(_MOVES) > 20_000:  # lists of up to ~30 shared moves each
            _MOVES.clear()
        moves = _MOVES[key] = tuple(build())
    return moves


def _one(kind: Callable[..., Action], seat: int) -> Action:
    """The field-less move of ``kind`` for ``seat`` (a pass, a speech with empty text...)."""
    move = _SINGLES.get((kind, seat))
    if move is None:
        move = _SINGLES[(kind, seat)] = kind(actor=seat)
    return move


_NEW = object.__new__
_SET = object.__setattr__


def _choose(seat: int, target: int) -> Action:
    """``Choose(actor=seat, target=target)`` without the dataclass ``__init__`` (built by the thousand)."""
    move = _NEW(Choose)
    _SET(move, "actor", seat)
    _SET(move, "kind", "choose")
    _SET(move, "target", target)
    return move


def _accuse(seat: int, target: int, basis: str, charge: str) -> Action:
    """``Accuse(actor=seat, target=target, basis=basis, charge=charge)`` with empty text, built directly."""
    move = _NEW(Accuse)
    _SET(move, "actor", seat)
    _SET(move, "kind", "accuse")
    _SET(move, "target", target)
    _SET(move, "basis", basis)
    _SET(move, "charge", charge)
    _SET(move, "text", "")
    return move


_CHOOSE_OBJECTS: dict[tuple[int, int], Action] = {}


def _shared_choose(seat: int, target: int) -> Action:
    """One shared night choice per (seat, target)."""
    move = _CHOOSE_OBJECTS.get((seat, target))
    if move is None:
        move = _CHOOSE_OBJECTS[(seat, target)] = _choose(seat, target)
    return move


_ACCUSE_OBJECTS: dict[tuple[int, int, str, str], Action] = {}


def _shared_accuse(seat: int, target: int, basis: str, charge: str) -> Action:
    """One shared empty-text accusation per (seat, target, basis, charge): at most 17 * 17 * 4 of them."""
    key = (seat, target, basis, charge)
    move = _ACCUSE_OBJECTS.get(key)
    if move is None:
        move = _ACCUSE_OBJECTS[key] = _accuse(seat, target, basis, charge)
    return move


def _vote(seat: int, targets: tuple[int, ...]) -> Action:
    """``Vote(actor=seat, targets=targets)``, built directly."""
    move = _NEW(Vote)
    _SET(move, "actor", seat)
    _SET(move, "kind", "vote")
    _SET(move, "targets", targets)
    return move


def _accusations(state: BattagliaState, seat: int) -> tuple[Action, ...]:
    targets = open_targets(state)
    shown = tuple(t for t in targets if t in state.revealed_shadow) if state.revealed_shadow else ()

    def build() -> list[Action]:
        moves: list[Action] = []
        for t in targets:
            for basis in ("legend", "logic"):
                moves.append(_shared_accuse(seat, t, basis, "dark"))
                if t in shown or basis == "logic":  # shadow_charge_ok
                    moves.append(_shared_accuse(seat, t, basis, "shadow"))
        return moves

    return _memo(("accuse", seat, targets, shown), build)


def _votes(state: BattagliaState, seat: int) -> tuple[Action, ...]:
    today = state.today
    if today is None:
        return ()
    size = 1 if state.phase is Phase.REVOTE else today.votes
    candidates = today.candidates
    return _memo(("vote", seat, candidates, size), lambda: _vote_list(seat, _ballots(candidates, size)))


_VOTE_OBJECTS: dict[tuple[int, tuple[int, ...]], Action] = {}


def _vote_list(seat: int, ballots: tuple[tuple[int, ...], ...]) -> list[Action]:
    """``seat``'s votes for ``ballots``: one shared object per (seat, ballot), since lists differ far more often."""
    objects = _VOTE_OBJECTS
    if len(objects) > 50_000:
        objects.clear()
    moves = []
    for ballot in ballots:
        move = objects.get((seat, ballot))
        if move is None:
            move = objects[(seat, ballot)] = _vote(seat, ballot)
        moves.append(move)
    return moves


@lru_cache(maxsize=4096)
def _ballots(candidates: tuple[int, ...], size: int) -> tuple[tuple[int, ...], ...]:
    """Every ballot of 1..``size`` distinct candidates, in ``combinations`` order."""
    return tuple(b for k in range(1, size + 1) for b in combinations(candidates, k))


def _condemned_moves(state: BattagliaState, seat: int) -> list[Action]:
    card = state.cards[seat]
    if card is Card.CORRIGAN:
        return [DyingShot(actor=seat, target=t) for t in living(state) if t != seat]
    if card is Card.KOLDUN and _living_accuser(state, seat):
        return [Curse(actor=seat)]
    return []


def _living_accuser(state: BattagliaState, seat: int) -> bool:
    accuser = accuser_of(state, seat)
    return accuser >= 0 and accuser not in state.out
