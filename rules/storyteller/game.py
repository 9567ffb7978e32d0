"""The Storyteller kernel: one d10 engine, two books (``DARK_AGES``, ``WILD_WEST``).

The Storyteller (seat ``HOST``) proposes; the kernel checks each proposal, asks chance for the
dice (``Dice(n, 10)``), and resolves. Players' choices reach the kernel through the Storyteller's
roll requests (which approach, whether to spend Willpower).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import Any

from narrator.rules.chance import Dice, validate
from narrator.rules.core import (
    CHANCE,
    HOST,
    Action,
    ChanceAction,
    Code,
    Event,
    Game,
    IllegalActionError,
    Outcome,
    PlayerId,
    Rejection,
    Step,
    Viewer,
    jsonable,
    public,
)
from narrator.rules.storyteller import events as _events  # noqa: F401 - registers the typed events (Event.payload)
from narrator.rules.storyteller import plans, resolve, troupe
from narrator.rules.storyteller.actions import (
    ACTION_TYPES,
    Attack,
    BeginChapter,
    BeginScene,
    DeclareActions,
    Downtime,
    EndStory,
    Initiative,
    NextTurn,
    Resisted,
    Roll,
    Teamwork,
)
from narrator.rules.storyteller.books import DarkAgesConfig, StorytellerConfig, WildWestConfig
from narrator.rules.storyteller.checks import StCode, where
from narrator.rules.storyteller.dice import tens_to_reroll
from narrator.rules.storyteller.seat_view import seat_character, view_of  # noqa: F401 - seat_character named here
from narrator.rules.storyteller.sheet import ATTRIBUTES
from narrator.rules.storyteller.state import CharState, Part, Pending, StorytellerState

STAGES = ("roll", "resisted", "team", "initiative", "attack", "damage", "soak")
TEN_RULE_STAGES = ("roll", "resisted", "team", "attack")
"""The optional rule of ten re-rolls 10s of action rolls, not of damage, soak or initiative (D19)."""


class StorytellerGame(Game[StorytellerConfig, StorytellerState]):
    """The shared engine; the two instances differ only in name and default config."""

    rules_version = "1"
    action_types = ACTION_TYPES

    def __init__(self, name: str, config_type: type[StorytellerConfig]) -> None:
        self.name = name  # type: ignore[misc]
        self.config_type = config_type  # type: ignore[misc]

    # -- the contract ------------------------------------------------------------------------

    def initial_state(self, config: StorytellerConfig) -> StorytellerState:
        chars = tuple(CharState(c.id, willpower=c.willpower if c.willpower_points is None else c.willpower_points,
                                rage=c.rage, damage=tuple(c.damage)) for c in config.characters)
        return StorytellerState(config=config, characters=chars)

    def active_players(self, state: StorytellerState) -> frozenset[PlayerId]:
        if state.ending:
            return frozenset()
        return frozenset({CHANCE}) if state.pending else frozenset({HOST})

    def seat_count(self, state: StorytellerState) -> int:
        return sum(1 for c in state.config.characters if c.player)

    def chance_spec(self, state: StorytellerState) -> Dice | None:
        pending = state.pending
        if pending is None:
            return None
        if not pending.rolled():
            parts = [p for p in pending.parts if p.pool > 0]
            label = "; ".join(f"{p.character}: {p.pool} vs {p.difficulty}" for p in parts)
            return Dice(sum(p.pool for p in parts), 10, f"{pending.stage}: {label}")
        waiting = sum(p.waiting for p in pending.parts)
        return Dice(waiting, 10, "rule of ten: re-roll the 10s")

    def check(self, state: StorytellerState, action: Action) -> Rejection | None:
        if state.ending:
            return Rejection(Code.GAME_OVER, f"the story has ended ({state.ending}); start a new one", "DA L57")
        if isinstance(action, ChanceAction):
            spec = self.chance_spec(state)
            if spec is None:
                return Rejection(Code.NOT_CHANCE_TURN, f"no dice are awaited {where(state)}", "chance")
            return validate(spec, action.values)
        if state.pending is not None:
            return Rejection(StCode.DICE_AWAITED, f"dice for the {state.pending.stage} roll are awaited "
                                                  f"{where(state)}; roll them before proposing {action.kind!r}",
                             "chance")
        if action.actor != HOST:
            return Rejection(Code.NOT_YOUR_TURN, f"seat {action.actor} proposed {action.kind!r}; only the "
                                                 f"Storyteller (seat {HOST}) proposes rolls and scenes",
                             "DA L300; WW L224")
        rule = RULES.get(type(action))
        if rule is None:
            return Rejection(Code.UNKNOWN_ACTION, f"{action.kind!r} is not a Storyteller action", "storyteller")
        return rule[0](state, action)

    def apply(self, state: StorytellerState, action: Action) -> Step[StorytellerState]:
        rejection = self.check(state, action)
        if rejection is not None:
            raise IllegalActionError(rejection)
        if isinstance(action, ChanceAction):
            return _apply_dice(state, action.values)
        new, events = RULES[type(action)][1](state, action)
        if new.pending is not None and not new.pending.parts[0].pool and new.pending.stage == "roll":
            new, more = resolve.resolve_without_dice(new, new.pending)
            events = (*events, *more)
        return Step(new, events)

    def legal_actions(self, state: StorytellerState, seat: PlayerId) -> Sequence[Action]:
        """A finite sample of the legal proposals (the space of roll requests is open-ended).

        Every listed action passes ``check``: time moves, and for each character who may still act,
        each Attribute alone and each Attribute + Ability at the default difficulty 6.
        """
        if seat == CHANCE or seat not in self.active_players(state):
            return []
        if not state.scene:
            return [BeginScene(scene=f"scene-{state.scene_count + 1}"), BeginChapter(), EndStory(ending="ended")]
        moves: list[Action] = [NextTurn(), Downtime(), BeginChapter(), EndStory(ending="ended")]
        for sheet in state.config.characters:
            for traits in [(a,) for a in ATTRIBUTES] + [(a, b) for a in ATTRIBUTES for b in sheet.abilities]:
                roll = Roll(character=sheet.id, traits=traits)
                if self.check(state, roll) is None:
                    moves.append(roll)
        return moves

    def view(self, state: StorytellerState, viewer: PlayerId | Viewer | None) -> dict[str, Any]:
        """What ``viewer`` may know of the table (:func:`~narrator.rules.storyteller.seat_view.view_of`)."""
        return view_of(state, viewer)

    def outcome(self, state: StorytellerState) -> Outcome | None:
        if not state.ending:
            return None
        return Outcome("story_ended", frozenset(), {"ending": state.ending, "chapter": state.chapter,
                                                    "scenes": state.scene_count})

    def config_to_dict(self, config: StorytellerConfig) -> dict[str, Any]:
        return dict(jsonable(config))


# -- checks per action -----------------------------------------------------------------------


def _check_scene(state: StorytellerState, action: BeginScene) -> Rejection | None:
    if action.scene.strip():
        return None
    return Rejection(Code.MALFORMED, "a scene needs a name (where it takes place)", "DA L53")


def _check_turn(state: StorytellerState, action: Action) -> Rejection | None:
    if state.scene:
        return None
    return Rejection(StCode.NO_SCENE, "turns belong to scenes; begin a scene first (downtime has no turns)",
                     "DA L51, L61; WW L204")


def _as_check(planner: Callable[[StorytellerState, Any], Any]) -> Callable[[StorytellerState, Any], Rejection | None]:
    def check(state: StorytellerState, action: Any) -> Rejection | None:
        plan = planner(state, action)
        return plan if isinstance(plan, Rejection) else None
    return check


def _nothing(state: StorytellerState, action: Action) -> Rejection | None:
    return None


# -- handlers (called only after check) --------------------------------------------------------

Handled = tuple[StorytellerState, tuple[Event, ...]]


def _begin_chapter(state: StorytellerState, action: BeginChapter) -> Handled:
    chars = tuple(replace(c.new_turn(), forgiven_used=False) for c in state.characters)
    new = replace(state, chapter=state.chapter + 1, scene="", turn=0, characters=chars)
    return new, (public("chapter_begun", chapter=new.chapter),)


def _begin_scene(state: StorytellerState, action: BeginScene) -> Handled:
    tasks = tuple(replace(t, failed=0, carried=()) for t in state.tasks)
    new = replace(state, scene=action.scene, scene_count=state.scene_count + 1, turn=1, tasks=tasks,
                  characters=tuple(c.new_turn() for c in state.characters), initiative=())
    return new, (public("scene_begun", scene=action.scene, number=new.scene_count, chapter=state.chapter),)


def _next_turn(state: StorytellerState, action: NextTurn) -> Handled:
    new = replace(state, turn=state.turn + 1, characters=tuple(c.new_turn() for c in state.characters))
    return new, (public("turn_begun", scene=state.scene, turn=new.turn),)


def _downtime(state: StorytellerState, action: Downtime) -> Handled:
    new = replace(state, scene="", turn=0, characters=tuple(c.new_turn() for c in state.characters))
    return new, (public("downtime", summary=action.summary),)


def _declare(state: StorytellerState, action: DeclareActions) -> Handled:
    slots = plans.plan_declaration(state, action)
    assert not isinstance(slots, Rejection)
    char = state.char(action.character)
    assert char is not None
    rage = char.rage - (len(action.extra) if state.config.book == "wild_west" else 0)
    new = state.with_char(replace(char, declared=slots, rage=rage))
    return new, (public("actions_declared", character=action.character,
                        pools=[{"traits": list(s.traits), "pool": s.pool, "extra": s.extra,
                                "impossible": s.pool <= 0} for s in slots]),)


def _roll(state: StorytellerState, action: Roll) -> Handled:
    plan = plans.plan_roll(state, action)
    assert isinstance(plan, plans.RollPlan)
    wp, cfg = action.willpower, state.config
    dice = not action.automatic and not (wp and cfg.willpower_mode == "replace_roll")
    part = Part(action.character, plan.pool if dice else 0, plan.difficulty)
    info = {"key": plan.key, "pool": plan.pool, "difficulty": plan.difficulty, "base_difficulty": action.difficulty,
            "retry_penalty": plan.retry_penalty, "wound_penalty": plan.wound_penalty, "difficulty_flag": plan.flag,
            "willpower": wp, "automatic": action.automatic, "combat": action.combat}
    event = public("roll_requested", character=action.character, traits=list(action.traits), task=action.task,
                   action=action.action, **{k: v for k, v in info.items() if k != "key"})
    return replace(state, pending=Pending("roll", action, (part,), info)), (event,)


def _resisted(state: StorytellerState, action: Resisted) -> Handled:
    sides = troupe.plan_resisted(state, action)
    assert not isinstance(sides, Rejection)
    event = public("roll_requested", character=action.character, opponent=action.opponent, action="resisted",
                   pools=[s.pool for s in sides], difficulties=[s.difficulty for s in sides], task=action.task,
                   retry_penalty=sides[0].retry_penalty, willpower=[s.willpower for s in sides],
                   automatic=[s.automatic for s in sides])
    return _pending_or_finished(state, Pending("resisted", action, tuple(s.part() for s in sides)), event)


def _teamwork(state: StorytellerState, action: Teamwork) -> Handled:
    members = troupe.plan_team(state, action)
    assert not isinstance(members, Rejection)
    event = public("roll_requested", members=list(action.members), action="teamwork", task=action.task,
                   pools=[m.pool for m in members], difficulty=action.difficulty,
                   difficulties=[m.difficulty for m in members], willpower=[m.willpower for m in members],
                   automatic=[m.automatic for m in members])
    return _pending_or_finished(state, Pending("team", action, tuple(m.part() for m in members)), event)


def _pending_or_finished(state: StorytellerState, pending: Pending, event: Event) -> Handled:
    """Wait for dice, or resolve at once when no share rolls any (Willpower or automatic successes only)."""
    if pending.rolled():
        return _finish(replace(state, pending=pending), pending, (event,))
    return replace(state, pending=pending), (event,)


def _initiative(state: StorytellerState, action: Initiative) -> Handled:
    fighters = plans.plan_initiative(state, action)
    assert not isinstance(fighters, Rejection)
    event = public("roll_requested", characters=list(action.characters), action="initiative",
                   pools=[f.pool for f in fighters])
    pending = Pending("initiative", action, tuple(f.part() for f in fighters))
    if pending.rolled():
        return _finish(replace(state, pending=pending), pending, (event,))
    return replace(state, pending=pending), (event,)


def _attack(state: StorytellerState, action: Attack) -> Handled:
    plan = plans.plan_attack(state, action)
    assert isinstance(plan, plans.RollPlan)
    event = public("roll_requested", character=action.character, defender=action.defender, action="attack",
                   weapon=action.weapon, pool=plan.pool, difficulty=plan.difficulty,
                   wound_penalty=plan.wound_penalty, willpower=action.willpower)
    return _pending_or_finished(state, Pending("attack", action, (plan.part(),)), event)


def _end(state: StorytellerState, action: EndStory) -> Handled:
    ending = action.ending or "ended"
    return replace(state, ending=ending, scene="", turn=0), (public("story_ended", ending=ending),)


Checker = Callable[[StorytellerState, Any], Rejection | None]
Handler = Callable[[StorytellerState, Any], Handled]

RULES: dict[type, tuple[Checker, Handler]] = {
    BeginChapter: (_nothing, _begin_chapter),
    BeginScene: (_check_scene, _begin_scene),
    NextTurn: (_check_turn, _next_turn),
    Downtime: (_nothing, _downtime),
    DeclareActions: (_as_check(plans.plan_declaration), _declare),
    Roll: (_as_check(plans.plan_roll), _roll),
    Resisted: (_as_check(troupe.plan_resisted), _resisted),
    Teamwork: (_as_check(troupe.plan_team), _teamwork),
    Initiative: (_as_check(plans.plan_initiative), _initiative),
    Attack: (_as_check(plans.plan_attack), _attack),
    EndStory: (_nothing, _end),
}
"""The Storyteller's move table (Ten Candles' shape): per proposal, the check and the rule that applies it."""


# -- dice ------------------------------------------------------------------------------------


def _apply_dice(state: StorytellerState, values: tuple[int, ...]) -> Step[StorytellerState]:
    """Share the faces among the parts (first roll, or the re-rolled 10s), then resolve when complete."""
    pending = state.pending
    assert pending is not None
    ten_rule = state.config.rule_of_ten and pending.stage in TEN_RULE_STAGES
    parts, cursor = [], 0
    first = not pending.rolled()
    for part in pending.parts:
        count = (part.pool if first else part.waiting) if part.pool > 0 else 0
        faces = tuple(values[cursor:cursor + count])
        cursor += count
        if first:
            parts.append(replace(part, dice=faces, waiting=tens_to_reroll(faces) if ten_rule else 0))
        else:
            parts.append(replace(part, rerolls=part.rerolls + faces, waiting=tens_to_reroll(faces)))
    pending = replace(pending, parts=tuple(parts))
    state = replace(state, pending=pending)
    if any(p.waiting for p in pending.parts):
        return Step(state, (public("tens_rerolled", faces=list(values), waiting=sum(p.waiting for p in parts)),))
    new, events = _finish(state, pending, ())
    return Step(new, events)


def _finish(state: StorytellerState, pending: Pending, before: tuple[Event, ...]) -> Handled:
    if pending.stage == "roll":
        new, events = resolve.finish_roll(state, pending)
    elif pending.stage == "resisted":
        new, events = resolve.finish_resisted(state, pending)
    elif pending.stage == "team":
        new, events = resolve.finish_team(state, pending)
    elif pending.stage == "initiative":
        new, events = resolve.finish_initiative(state, pending)
    else:
        new, events, follow = resolve.finish_attack_stage(state, pending)
        new = replace(new, pending=follow)
    return new, (*before, *events)


DARK_AGES = StorytellerGame("dark-ages", DarkAgesConfig)
"""Vampire: Dark Ages (seeds/002_066846aa780a4bc4.txt)."""
WILD_WEST = StorytellerGame("wild-west", WildWestConfig)
"""Werewolf: Wild West (seeds/003_f0eb31a77e5e4bcd.txt)."""
