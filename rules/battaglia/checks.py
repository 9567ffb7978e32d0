"""Why an action is refused: the precise ``Rejection`` for anything ``legal_actions`` does not list."""

from __future__ import annotations

from narrator.rules.battaglia.actions import (
    TEXT_LIMIT,
    Accuse,
    Choose,
    Curse,
    DeclareOutcome,
    DyingShot,
    Intercede,
    Judge,
    RevealBishop,
    RevealLord,
    Vote,
)
from narrator.rules.battaglia.cards import Card
from narrator.rules.battaglia.day import open_targets
from narrator.rules.battaglia.legal import (
    RULES,
    BattagliaCode,
    _living_accuser,
    active_players,
    allowed_kinds,
    declarable_forces,
    night_targets,
    shadow_charge_ok,
)
from narrator.rules.battaglia.state import BattagliaState, Phase
from narrator.rules.chance import validate
from narrator.rules.core import CHANCE, HOST, Action, ChanceAction, Code, Rejection

C = BattagliaCode


def _no(code: str, state: BattagliaState, action: Action, problem: str, instead: str, rule: str) -> Rejection:
    who = f"seat {action.actor}" if action.actor != CHANCE else "chance"
    kind = getattr(action, "kind", type(action).__name__)
    return Rejection(code, f"{kind!r} by {who} in phase {state.phase.value}: {problem}; {instead}", f"{RULES}:{rule}")


def check(state: BattagliaState, action: Action, chance_spec: object) -> Rejection | None:
    """``None`` when ``action`` is legal now, else the first reason it is not."""
    if state.result is not None:
        return _no(Code.GAME_OVER, state, action, "the game is over", "nothing more may be played", "L92")
    if isinstance(action, DeclareOutcome):
        return _declare_problem(state, action)
    active = active_players(state)
    if isinstance(action, ChanceAction):
        if CHANCE not in active:
            return _no(Code.NOT_CHANCE_TURN, state, action, "no card is being dealt", "players are to act", "L43")
        return validate(chance_spec, tuple(action.values))  # type: ignore[arg-type]
    if CHANCE in active:
        return _no(Code.WRONG_PHASE, state, action, "the host is dealing cards", "wait for the deal", "L43")
    return _seat_problem(state, action, active) or _move_problem(state, action)


def _seat_problem(state: BattagliaState, action: Action, active: frozenset[int]) -> Rejection | None:
    seat = action.actor
    if type(seat) is not int or not 0 <= seat < state.players:
        return _no(Code.UNKNOWN_SEAT, state, action, f"there is no seat {seat!r}",
                   f"seats are 0..{state.players - 1}", "L42")
    if seat in state.out and state.phase is not Phase.LAST_WORDS:
        return _no(Code.DEAD_ACTOR, state, action, "this player is dead for good (second death)",
                   "the dead only watch", "L44")
    kinds = allowed_kinds(state)
    if action.kind not in kinds:
        return _no(Code.WRONG_PHASE, state, action, "this kind of move is not taken now",
                   f"this phase takes {', '.join(sorted(kinds)) or 'no moves'}", "L47-90")
    if seat not in active:
        code = Code.ALREADY_ACTED if _has_acted(state, seat) else Code.NOT_YOUR_TURN
        waiting = "someone else" if not active else "another seat"
        return _no(code, state, action, "it is not this seat's move now", f"wait: {waiting} is to act", "L49-50")
    text = getattr(action, "text", "")
    if not isinstance(text, str) or len(text) > TEXT_LIMIT:
        return _no(C.TEXT_TOO_LONG, state, action, f"text must be a string of at most {TEXT_LIMIT} characters",
                   "shorten it", "L74")
    return None


def _declare_problem(state: BattagliaState, action: DeclareOutcome) -> Rejection | None:
    """Only a human moderator, sitting as host, declares the one possible outcome (spec §8.2, DEC-35)."""
    if action.actor != HOST:
        return _no(C.ROLE_REQUIRED, state, action, "only the host moderator declares the outcome",
                   "players play on; the game ends by the rules", "L92")
    if not state.config.human_moderator:
        return _no(C.NO_MODERATOR, state, action, "the program is the host at this table (human_moderator is off)",
                   "the game ends by the rules (one force left, all dead, stalemate)", "L92")
    allowed = declarable_forces(state)
    if not allowed:
        return _no(Code.WRONG_PHASE, state, action, "the host is dealing souls", "declare after the deal", "L43-44")
    if action.force not in allowed:
        return _no(Code.TARGET_NOT_ALLOWED, state, action, f"{action.force!r} cannot win now",
                   f"declare one of {list(allowed)} (a force with a living soul, or none for a stalemate)", "L92")
    return None


def _has_acted(state: BattagliaState, seat: int) -> bool:
    if state.night is not None and state.phase is Phase.NIGHT:
        return any(s == seat for s, _ in state.night.chosen)
    today = state.today
    if today is None:
        return False
    if state.phase in (Phase.VOTE, Phase.REVOTE):
        return any(s == seat for s, _ in today.ballots)
    if state.phase is Phase.EXECUTION:
        return any(s == seat for s, _ in today.window)
    return False


def _target_problem(state: BattagliaState, action: Action, target: object, allowed: tuple[int, ...],
                    rule: str) -> Rejection | None:
    if type(target) is not int or not 0 <= target < state.players:
        return _no(Code.UNKNOWN_TARGET, state, action, f"there is no seat {target!r}",
                   f"choose one of {list(allowed)}", rule)
    if target in state.out:
        return _no(Code.TARGET_DEAD, state, action, f"seat {target} is dead for good",
                   f"choose one of {list(allowed)}", rule)
    if target not in allowed:
        return _no(Code.TARGET_NOT_ALLOWED, state, action, f"seat {target} may not be chosen here",
                   f"choose one of {list(allowed)}", rule)
    return None


def _night_offer_problem(state: BattagliaState, action: Action) -> Rejection | None:
    """At night a Lord asked secretly (not awake) may only reveal or pass; the offer is at the first heading."""
    night, seat = state.night, action.actor
    if night is None:
        return None
    if seat not in night.awake and action.kind not in ("reveal_lord", "pass"):
        return _no(Code.WRONG_PHASE, state, action, "this seat is not awake in this step",
                   "reveal_lord or pass (not tonight)", "L46, L50")
    if isinstance(action, RevealLord) and seat not in night.offered and state.cards[seat] is Card.LORD_LUIHAD \
            and seat not in state.revealed_lord:
        return _no(Code.WRONG_PHASE, state, action, "the night reveal is offered once a night, at its first heading",
                   "make your step's choice now, or reveal tomorrow when asked", "L46")
    return None


def _move_problem(state: BattagliaState, action: Action) -> Rejection | None:
    seat = action.actor
    if state.phase is Phase.NIGHT:
        problem = _night_offer_problem(state, action)
        if problem:
            return problem
    if isinstance(action, Choose):
        return _target_problem(state, action, action.target, night_targets(state, seat), "L51-62")
    if isinstance(action, Accuse):
        return _accuse_problem(state, action)
    if isinstance(action, Vote):
        return _vote_problem(state, action)
    if isinstance(action, Judge) and not isinstance(action.approve, bool):
        return _no(Code.MALFORMED, state, action, "approve must be true or false", "approve or refuse", "L75")
    if isinstance(action, RevealLord):
        return _role_problem(state, action, Card.LORD_LUIHAD, seat in state.revealed_lord, "L46")
    if isinstance(action, RevealBishop):
        return _role_problem(state, action, Card.BISHOP, seat in state.revealed_bishop, "L89")
    if isinstance(action, Intercede):
        return _intercede_problem(state, action)
    if isinstance(action, DyingShot):
        return (_role_problem(state, action, Card.CORRIGAN, False, "L79")
                or _target_problem(state, action, action.target,
                                   tuple(t for t in open_living(state) if t != seat), "L79-83"))
    if isinstance(action, Curse):
        return _role_problem(state, action, Card.KOLDUN, False, "L86") or (
            None if _living_accuser(state, seat) else
            _no(C.NO_ACCUSER, state, action, "nobody living accused this Koldun today", "pass instead", "L86"))
    return None


def open_living(state: BattagliaState) -> tuple[int, ...]:
    """Living seats."""
    return tuple(s for s in range(state.players) if s not in state.out)


def _role_problem(state: BattagliaState, action: Action, card: Card, revealed: bool, rule: str) -> Rejection | None:
    if state.cards[action.actor] is not card:
        return _no(C.ROLE_REQUIRED, state, action, f"only {card.value} may do this (the host does not confirm it)",
                   "choose another move", rule)
    if revealed:
        return _no(C.ALREADY_REVEALED, state, action, "this soul has already revealed itself",
                   "choose another move", rule)
    return None


def _intercede_problem(state: BattagliaState, action: Action) -> Rejection | None:
    problem = _role_problem(state, action, Card.LUN, False, "L88")
    if problem:
        return problem
    if state.today is not None and state.today.condemned == action.actor:
        return _no(Code.TARGET_NOT_ALLOWED, state, action, "Lun intercedes for someone else, not himself",
                   "pass instead", "L88")
    return None


def _accuse_problem(state: BattagliaState, action: Accuse) -> Rejection | None:
    if state.phase is Phase.LAST_WORDS and action.text:
        return _no(C.TEXT_NOT_ALLOWED, state, action, "a dead light names a character and nothing else",
                   "send the accusation with empty text", "L74")
    if action.basis not in ("legend", "logic") or action.charge not in ("dark", "shadow"):
        return _no(Code.MALFORMED, state, action, "basis must be legend|logic and charge dark|shadow",
                   "fix the fields", "L74")
    targets = open_targets(state)
    if type(action.target) is int and 0 <= action.target < state.players and action.target not in state.out \
            and action.target not in targets:
        return _no(C.ALREADY_ACCUSED, state, action, f"seat {action.target} is already accused today",
                   f"accuse one of {list(targets)} or pass", "L74")
    problem = _target_problem(state, action, action.target, targets, "L74")
    if problem:
        return problem
    if action.charge == "shadow" and not shadow_charge_ok(state, action.target, action.basis):
        return _no(C.SHADOW_CHARGE_UNPROVEN, state, action,
                   "a shadow charge needs a revealed shadow or a proof by logic", "charge by logic, or charge dark",
                   "L74")
    return None


def _vote_problem(state: BattagliaState, action: Vote) -> Rejection | None:
    today = state.today
    targets = action.targets
    candidates = today.candidates if today else ()
    size = 1 if state.phase is Phase.REVOTE else (today.votes if today else 0)
    if not isinstance(targets, tuple) or not all(type(t) is int for t in targets):
        return _no(Code.MALFORMED, state, action, "targets must be a list of seats", "list seats", "L77")
    if not targets:
        return _no(C.EMPTY_BALLOT, state, action, "an empty ballot", "vote for someone, or pass to abstain", "L77")
    if len(set(targets)) != len(targets):
        return _no(C.DUPLICATE_VOTE, state, action, "each vote must go to a different accused",
                   f"vote for up to {size} of {list(candidates)}", "L77")
    strangers = [t for t in targets if t not in candidates]
    if strangers:
        return _no(C.NOT_A_CANDIDATE, state, action, f"{strangers} are not on the ballot",
                   f"vote for up to {size} of {list(candidates)}", "L76-77")
    if len(targets) > size:
        return _no(C.TOO_MANY_VOTES, state, action, f"{len(targets)} votes but only {size} allowed",
                   f"vote for up to {size} of {list(candidates)}", "L77")
    return None
