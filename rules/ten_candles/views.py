"""What each seat may know (the only way agents and Storytellers see the game).

Secrets: each Brink is known to its holder and its author (and to the GM seat with
``gm_sees_all_brinks``) until shown (L176, L190, D22, D23); Their Brink to its author and the GM
(L192, D20); written Traits, Moments and stacks to their writer until the step shares them;
recorded messages to their speaker until played back. ``Viewer.HOST`` (an auditor) sees all.
"""

from __future__ import annotations

from dataclasses import dataclass

from rules.core import HOST, PlayerId, Viewer
from rules.ten_candles.setup import brink_knowers
from rules.ten_candles.state import PRE_PLAY_PHASES, Card, Phase, TenCandlesState, brink_author, ring


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


STEP = {Phase.TRAITS: 1, Phase.MODULE: 2, Phase.DESCRIBE: 3, Phase.MOMENTS: 4, Phase.BRINKS: 5, Phase.STACKS: 6,
        Phase.SUPPLIES: 7}


def view(state: TenCandlesState, viewer: PlayerId | Viewer | None) -> TenCandlesView:
    """Exactly what ``viewer`` may know now."""
    auditor = viewer is Viewer.HOST
    seat = None if auditor or viewer is None or viewer is Viewer.PUBLIC else viewer
    chars = tuple(_character(state, c.seat, seat, auditor) for c in state.chars)
    c = state.conflict
    conflict = None if c is None else ConflictView(c.active, c.dangerous, c.moment, c.rolled, c.common,
                                                   c.hope or None, c.gm, c.rerolls, bool(c.pending))
    their_knowers = brink_knowers(state, HOST)
    return TenCandlesView(
        viewer=str(viewer) if isinstance(viewer, Viewer) else viewer, phase=str(state.phase),
        step=STEP.get(state.phase, 0), scene=state.scene, final_scene=state.final, lit=state.lit, dark=state.dark,
        pool=state.pool, set_aside=state.set_aside, gm_pool=state.gm_pool, players=state.players,
        seats_clockwise=ring(state.players), characters=chars,
        their_brink=state.their_brink if auditor or seat in their_knowers else None,
        module=state.module, frame=state.frame, conflict=conflict, narrator=state.narrator,
        truth_speakers=state.truth_queue, truths=tuple((t.scene, t.seat, t.text, t.topic) for t in state.truths),
        done=state.done, deaths=state.deaths, lines=state.config.lines, veils=state.config.veils,
        x_cards=len(state.x_cards), termination=state.termination)


def _character(state: TenCandlesState, holder: PlayerId, seat: PlayerId | None, auditor: bool) -> CharacterView:
    char = state.chars[holder]
    phase = state.phase
    own = seat == holder
    traits_shared = auditor or phase not in (Phase.TRAITS,)
    moment_shared = auditor or own or not _before(phase, Phase.BRINKS)
    stack_shared = auditor or own or not _before(phase, Phase.SUPPLIES)
    knows_brink = auditor or char.brink_revealed or seat in brink_knowers(state, holder)
    played = state.config.message_playback == "at_end" and phase == Phase.OVER or (
        state.config.message_playback == "on_death" and not char.alive)
    return CharacterView(
        seat=holder, alive=char.alive, name=char.name, appearance=char.appearance, description=char.description,
        virtue=char.virtue if traits_shared else None, vice=char.vice if traits_shared else None,
        moment=char.moment if moment_shared else None, supplies=char.supplies,
        stack=tuple(str(k) for k in char.stack) if stack_shared else None,
        top=str(char.top) if stack_shared and char.top else None, burned=tuple(str(k) for k in char.burned),
        hope=char.hope, traits_burned_this_scene=tuple(str(k) for k in char.traits_burned_this_scene),
        brink=char.brink if knows_brink else None, brink_author=brink_author(holder, state.players),
        brink_revealed=char.brink_revealed,
        message=char.message if auditor or own or played else None, message_recorded=char.message is not None)


_ORDER = {phase: i for i, phase in enumerate((*PRE_PLAY_PHASES, Phase.SCENE))}


def _before(phase: Phase, other: Phase) -> bool:
    """Whether ``phase`` comes before ``other`` in setup (play phases count as after)."""
    return _ORDER.get(phase, len(_ORDER)) < _ORDER[other]


__all__ = ["Card", "CharacterView", "ConflictView", "TenCandlesView", "view"]
