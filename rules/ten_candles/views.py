"""What each seat may know (the only way agents and Storytellers see the game).

Secrets: each Brink is known to its holder and its author (and to the GM seat with
``gm_sees_all_brinks``) until shown (L176, L190, D22, D23); Their Brink to its author and the GM
(L192, D20); written Traits, Moments and stacks to their writer until the step shares them;
recorded messages to their speaker until played back. ``Viewer.HOST`` (an auditor) sees all.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from operator import attrgetter

from narrator.rules.core import HOST, PlayerId, Viewer
from narrator.rules.ten_candles.setup import brink_knowers
from narrator.rules.ten_candles.state import (
    PRE_PLAY_PHASES,
    SCENE_PHASES,
    Card,
    Character,
    Conflict,
    Phase,
    TenCandlesState,
    brink_author,
    ring,
)


@dataclass(frozen=True, slots=True)
class CharacterView:
    """One survivor as a viewer sees it; ``None`` where the viewer may not know."""

    seat: PlayerId
    alive: bool
    name: str
    appearance: str
    description: str
    virtue: str | None
    vice: str | None
    moment: str | None
    supplies: str
    stack: tuple[str, ...] | None
    """Cards in play, top first (``"brink"`` names the face-down card, not its text)."""
    top: str | None
    burned: tuple[str, ...]
    hope: bool
    traits_burned_this_scene: tuple[str, ...]
    brink: str | None
    brink_author: PlayerId
    brink_revealed: bool
    message: str | None
    message_recorded: bool


@dataclass(frozen=True, slots=True)
class ConflictView:
    """The conflict being resolved (public: the dice are rolled in the open)."""

    active: PlayerId
    dangerous: bool
    moment: bool
    rolled: bool
    common: tuple[int, ...]
    hope: int | None
    gm: tuple[int, ...]
    rerolls: int
    awaiting_dice: bool


@dataclass(frozen=True, slots=True)
class TenCandlesView:
    """A seat's view (``viewer`` = a player seat, ``HOST`` = the GM, ``"host"`` = auditor, ``None`` = public)."""

    viewer: PlayerId | str | None
    phase: str
    step: int
    scene: int
    final_scene: bool
    lit: int
    dark: int
    pool: int
    set_aside: int
    gm_pool: int
    players: int
    seats_clockwise: tuple[PlayerId, ...]
    characters: tuple[CharacterView, ...]
    their_brink: str | None
    module: str
    frame: str
    conflict: ConflictView | None
    narrator: PlayerId | None
    truth_speakers: tuple[PlayerId, ...]
    truths: tuple[tuple[int, PlayerId, str, str], ...]
    """(scene, speaker, text, topic) of every truth spoken, in order."""
    done: tuple[PlayerId, ...]
    deaths: tuple[PlayerId, ...]
    lines: tuple[str, ...]
    veils: tuple[str, ...]
    x_cards: int
    termination: str
    attempt: AttemptView | None = field(default=None, repr=False)
    """The stated attempt (``stated_attempts``): waiting for the GM, or the one the conflict under way
    resolves. Left out of ``repr`` so tables without the option read exactly as before (the golden games)."""


@dataclass(frozen=True, slots=True)
class AttemptView:
    """A player's stated attempt (public: said at the table, L267)."""

    seat: PlayerId
    text: str
    answered: bool
    """``True`` once the GM called its conflict (``conflict`` is that conflict)."""


STEP = {Phase.TRAITS: 1, Phase.MODULE: 2, Phase.DESCRIBE: 3, Phase.MOMENTS: 4, Phase.BRINKS: 5, Phase.STACKS: 6,
        Phase.SUPPLIES: 7}
_ORDER = {phase: i for i, phase in enumerate((*PRE_PLAY_PHASES, Phase.SCENE))}
_MOMENTS_SHARED = _ORDER[Phase.BRINKS]
"""From step 5 on, every Moment is known to all (they are shared at the end of step 4, L144)."""
_STACKS_SHARED = _ORDER[Phase.SUPPLIES]
"""From step 7 on, every stack is fixed and shown (L234)."""
_STAGE = {**_ORDER, **dict.fromkeys((*SCENE_PHASES, Phase.TRUTHS), len(_ORDER)), Phase.OVER: len(_ORDER) + 1}
"""Phases in which a viewer may know the same of every character: each setup step apart, all of
play alike, and the end (messages played back)."""
_TRUTH_ROW = attrgetter("scene", "seat", "text", "topic")
_RINGS: dict[int, tuple[PlayerId, ...]] = {}


def view(state: TenCandlesState, viewer: PlayerId | Viewer | None) -> TenCandlesView:
    """Exactly what ``viewer`` may know now."""
    auditor = viewer is Viewer.HOST
    seat = viewer if isinstance(viewer, int) else None  # a seat; None for the public and the host
    phase, n = state.phase, state.players
    ring_ = _RINGS.get(n) or _RINGS.setdefault(n, ring(n))
    chars = _characters(state, viewer, seat, auditor)
    c = state.conflict
    conflict = None if c is None else (c._view or _conflict_view(c))
    knows_theirs = auditor or seat in brink_knowers(state, HOST)
    return TenCandlesView(
        viewer=str(viewer) if isinstance(viewer, Viewer) else viewer, phase=str(phase),
        step=STEP.get(phase, 0), scene=state.scene, final_scene=state.final, lit=state.lit, dark=state.dark,
        pool=state.pool, set_aside=state.set_aside, gm_pool=state.gm_pool, players=n,
        seats_clockwise=ring_, characters=chars, their_brink=state.their_brink if knows_theirs else None,
        module=state.module, frame=state.frame, conflict=conflict, narrator=state.narrator,
        truth_speakers=state.truth_queue, truths=_truth_rows(state),
        done=state.done, deaths=state.deaths, lines=state.config.lines, veils=state.config.veils,
        x_cards=len(state.x_cards), termination=state.termination, attempt=_attempt_view(state))


def _attempt_view(state: TenCandlesState) -> AttemptView | None:
    if state.attempt is not None:
        return AttemptView(state.attempt[0], state.attempt[1], False)
    c = state.conflict
    return AttemptView(c.active, c.attempt, True) if c is not None and c.attempt else None


def _characters(state: TenCandlesState, viewer: PlayerId | Viewer | None, seat: PlayerId | None,
                auditor: bool) -> tuple[CharacterView, ...]:
    """Every character as ``viewer`` sees it. Most moves change no character: what was built for
    the same viewer, config and stage is reused for every character that is the same object."""
    memo = state._memo
    if memo is None:
        memo = {}
        object.__setattr__(state, "_memo", memo)
    chars, stage, config = state.chars, (_STAGE.get(state.phase), state.players), state.config
    hit = memo.get(viewer)
    if hit is not None and hit[1] == stage and hit[2] is config and len(hit[0]) == len(chars):
        if hit[0] is chars:
            return hit[3]
        before, seen = hit[0], hit[3]  # only the characters that changed are looked at again
        built = tuple([seen[i] if c is before[i] else _character(state, c, seat, auditor)
                       for i, c in enumerate(chars)])
    else:
        built = tuple([_character(state, c, seat, auditor) for c in chars])
    memo[viewer] = (chars, stage, config, built)
    return built


def _truth_rows(state: TenCandlesState) -> tuple[tuple[int, PlayerId, str, str], ...]:
    """The truths spoken so far as rows; they change only when a truth is spoken, so the rows
    built for the same tuple of truths (the same object) are reused."""
    truths, memo = state.truths, state._memo
    hit = memo.get("truths") if memo is not None else None
    if hit is not None and hit[0] is truths:
        return hit[1]
    rows = tuple(map(_TRUTH_ROW, truths))
    if memo is not None:
        memo["truths"] = (truths, rows)
    return rows


def _conflict_view(c: Conflict) -> ConflictView:
    """The public view of a conflict, kept on the (immutable) conflict for the next viewer."""
    built = ConflictView(c.active, c.dangerous, c.moment, c.rolled, c.common, c.hope or None, c.gm, c.rerolls,
                         bool(c.pending))
    object.__setattr__(c, "_view", built)
    return built


def _character(state: TenCandlesState, char: Character, seat: PlayerId | None, auditor: bool) -> CharacterView:
    """``char`` as ``seat`` sees it. What a seat may know of a character is a handful of flags;
    the view built for those flags is kept on the (immutable) character and reused.

    Rule: Traits are passed at the end of step 1, Moments shared after step 4, stacks shown once
    fixed; a Brink is known to its holder and author until shown (seeds/000_e53cdcbb20917f8a.txt:
    L102, L144, L176, L190, L230-234)
    """
    holder, phase = char.seat, state.phase
    own = seat == holder
    order = _ORDER.get(phase, len(_ORDER))
    playback = state.config.message_playback
    played = playback == "at_end" and phase == Phase.OVER or (playback == "on_death" and not char.alive)
    key = (auditor or phase != Phase.TRAITS,
           auditor or own or order >= _MOMENTS_SHARED,
           auditor or own or order >= _STACKS_SHARED,
           auditor or char.brink_revealed or seat in brink_knowers(state, holder),
           auditor or own or played,
           brink_author(holder, state.players))
    cache = char._views
    if cache is None:
        cache = {}
        object.__setattr__(char, "_views", cache)
    built = cache.get(key)
    if built is None:
        built = cache[key] = _character_view(char, *key)
    return built


def _character_view(char: Character, traits_shared: bool, moment_shared: bool, stack_shared: bool,
                    knows_brink: bool, knows_message: bool, author: PlayerId) -> CharacterView:
    return CharacterView(
        seat=char.seat, alive=char.alive, name=char.name, appearance=char.appearance, description=char.description,
        virtue=char.virtue if traits_shared else None, vice=char.vice if traits_shared else None,
        moment=char.moment if moment_shared else None, supplies=char.supplies,
        stack=tuple(str(k) for k in char.stack) if stack_shared else None,
        top=str(char.top) if stack_shared and char.top else None, burned=tuple(str(k) for k in char.burned),
        hope=char.hope, traits_burned_this_scene=tuple(str(k) for k in char.traits_burned_this_scene),
        brink=char.brink if knows_brink else None, brink_author=author,
        brink_revealed=char.brink_revealed,
        message=char.message if knows_message else None, message_recorded=char.message is not None)


__all__ = ["AttemptView", "Card", "CharacterView", "ConflictView", "TenCandlesView", "view"]
