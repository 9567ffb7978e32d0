"""The Storyteller's proposals: every one is made by the Storyteller seat (``HOST``).

A roll request names the character, the traits (at most two), the difficulty, the action type
and whether Willpower is spent; the kernel computes the pool, applies retry and wound penalties
and multiple-action reductions, and refuses what the rules do not allow.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from narrator.rules.core import HOST, Action, PlayerId

RollType = Literal["simple", "extended", "reflexive"]


@dataclass(frozen=True, slots=True, kw_only=True)
class BeginChapter(Action):
    """A new chapter (one session): the forgiven botch is available again (DA L55, L159)."""

    kind: Literal["begin_chapter"] = "begin_chapter"
    actor: PlayerId = HOST


@dataclass(frozen=True, slots=True, kw_only=True)
class BeginScene(Action):
    """A new scene in one place, starting at turn 1 (DA L53; WW L16); retry counters reset (D25)."""

    kind: Literal["begin_scene"] = "begin_scene"
    actor: PlayerId = HOST
    scene: str


@dataclass(frozen=True, slots=True, kw_only=True)
class NextTurn(Action):
    """The next turn (3 seconds to 3 minutes, DA L51; WW L15): per-turn limits reset."""

    kind: Literal["next_turn"] = "next_turn"
    actor: PlayerId = HOST


@dataclass(frozen=True, slots=True, kw_only=True)
class Downtime(Action):
    """Narrated time between scenes, no turns (DA L61, L268; WW L204)."""

    kind: Literal["downtime"] = "downtime"
    actor: PlayerId = HOST
    summary: str = ""


@dataclass(frozen=True, slots=True, kw_only=True)
class DeclareActions(Action):
    """Declare several actions for this turn before rolling them (DA L193; WW L40, L200).

    Attributes:
        character: who acts.
        actions: the traits of each declared action, in order.
        split: Wild West ``divide`` mode: dice assigned to each action (D14).
        extra: actions bought with Celerity (DA L197) or Rage points (WW L40, L234): full pools.
    """

    kind: Literal["declare_actions"] = "declare_actions"
    actor: PlayerId = HOST
    character: str
    actions: tuple[tuple[str, ...], ...]
    split: tuple[int, ...] = ()
    extra: tuple[tuple[str, ...], ...] = ()


@dataclass(frozen=True, slots=True, kw_only=True)
class Roll(Action):
    """A roll request for one character.

    Attributes:
        character: the sheet id.
        traits: one or two traits on the sheet (Attribute, Attribute + Ability, or a 1..10 trait alone).
        difficulty: 2..10, default 6 (before retry penalties, which the kernel adds).
        action: ``simple``, ``extended`` (accumulate towards ``target``) or ``reflexive`` (no action spent).
        task: names the task for retries and extended totals (e.g. ``"climb-wall"``).
        target: successes an extended task needs (more than one: DA L201, WW L96).
        willpower: spend a Willpower point for an automatic success (DA L169; WW L86).
        automatic: take the automatic success of pool >= difficulty instead of rolling (DA L167; WW L82).
        combat: a combat or other stressful action (no automatic success, no retry penalty).
        exempt_retry: an action the retry penalty should not touch (ambush, tracking prey: DA L177).
        team_task: ``task`` is one the troupe may work at together (a teamwork task): one progress and one
            count of failed attempts whoever rolls it, alone or as a team (DA L227; WW L116).
    """

    kind: Literal["roll"] = "roll"
    actor: PlayerId = HOST
    character: str
    traits: tuple[str, ...]
    difficulty: int = 6
    action: RollType = "simple"
    task: str = ""
    target: int = 0
    willpower: bool = False
    automatic: bool = False
    combat: bool = False
    exempt_retry: bool = False
    team_task: bool = False


@dataclass(frozen=True, slots=True, kw_only=True)
class Resisted(Action):
    """Two characters roll against each other (DA L209-213; WW L104-112).

    ``target`` > 0 makes it an extended resisted contest (first to the target under ``race``).

    Attributes:
        character: the acting side (it always uses its action for the turn).
        opponent: the resisting side (uses an action only under ``resist_uses_action``, D50, or in a
            carried Wild West tie, D51).
        willpower, opponent_willpower: a side spends Willpower (refused unless
            ``willpower_in_team_contest``, D53).
        automatic, opponent_automatic: a side takes the pool >= difficulty success (refused unless
            ``automatic_in_team_contest``, D53).
        combat: a combat contest (no automatic success, no retry penalty).
        exempt_retry: a contest the retry penalty spares (tracking fleeing prey: DA L177, L222).
    """

    kind: Literal["resisted"] = "resisted"
    actor: PlayerId = HOST
    character: str
    traits: tuple[str, ...]
    difficulty: int = 6
    opponent: str
    opponent_traits: tuple[str, ...]
    opponent_difficulty: int = 6
    task: str = ""
    target: int = 0
    combat: bool = False
    willpower: bool = False
    automatic: bool = False
    opponent_willpower: bool = False
    opponent_automatic: bool = False
    exempt_retry: bool = False


@dataclass(frozen=True, slots=True, kw_only=True)
class Teamwork(Action):
    """Several characters roll separately and add their successes (DA L227-229; WW L116).

    Attributes:
        members: two or more characters; each uses its action for the turn (D50).
        traits: one trait list per member, named by the Storyteller (they may differ, D48).
        difficulty: the task's one difficulty (D48).
        difficulties: one difficulty per member (refused unless ``team_difficulty: per_member``).
        willpower: members who spend Willpower (refused unless ``willpower_in_team_contest``, D53).
        automatic: members who take the pool >= difficulty success (refused unless
            ``automatic_in_team_contest``, D53).
        combat: a fight (a barroom brawl, WW L116): no automatic success, no retry penalty.
        exempt_retry: a team task the retry penalty spares (tracking a hunter: DA L177, L229).
    """

    kind: Literal["teamwork"] = "teamwork"
    actor: PlayerId = HOST
    members: tuple[str, ...]
    traits: tuple[tuple[str, ...], ...]
    difficulty: int = 6
    task: str = ""
    target: int = 0
    difficulties: tuple[int, ...] = ()
    willpower: tuple[str, ...] = ()
    automatic: tuple[str, ...] = ()
    combat: bool = False
    exempt_retry: bool = False


@dataclass(frozen=True, slots=True, kw_only=True)
class Initiative(Action):
    """Roll initiative for the fighters (house-default combat data)."""

    kind: Literal["initiative"] = "initiative"
    actor: PlayerId = HOST
    characters: tuple[str, ...]


@dataclass(frozen=True, slots=True, kw_only=True)
class Attack(Action):
    """An attack: attack roll, then damage dice (weapon + extra successes), then the defender's soak."""

    kind: Literal["attack"] = "attack"
    actor: PlayerId = HOST
    character: str
    defender: str
    weapon: str
    difficulty: int = 0
    """0 = the weapon's difficulty from the combat tables."""
    willpower: bool = False
    """A Willpower point spent on the attack roll: one automatic success, even when wounds leave no dice (D2, D4:
    Willpower is not excluded from combat, «even when a roll is required», WW L86; DA L169)."""


@dataclass(frozen=True, slots=True, kw_only=True)
class EndStory(Action):
    """The story is over (DA L57; WW L18); ``ending`` names how it ended."""

    kind: Literal["end_story"] = "end_story"
    actor: PlayerId = HOST
    ending: str = ""


ACTION_TYPES = (BeginChapter, BeginScene, NextTurn, Downtime, DeclareActions, Roll, Resisted, Teamwork,
                Initiative, Attack, EndStory)
