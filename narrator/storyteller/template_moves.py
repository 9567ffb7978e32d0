"""The template Storyteller deciding: whom the table asks (in seat order, in a fight by initiative), the options
of each (their previews: the pool the sheet gives, less wounds), and the Storyteller's moves: a scene, a turn,
its characters' attacks, the end, and the roll request a character's choice becomes.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import cache
from typing import Any, Literal

from narrator.agents.i18n import catalogue, message, plural
from narrator.rules.core import Action, PlayerId
from narrator.rules.storyteller.actions import (
    Attack,
    BeginScene,
    EndStory,
    Initiative,
    NextTurn,
    Resisted,
    Roll,
    Teamwork,
)
from narrator.rules.storyteller.books import default_config
from narrator.rules.storyteller.checks import StCode, WillpowerRoll, willpower_refusal
from narrator.rules.storyteller.state import CharState, StorytellerState
from narrator.storyteller.scenario import Approach, Scene
from narrator.storyteller.template_base import PASS, Choice, Option, TemplateBase, View, sheet_ratings


class TemplateMoves(TemplateBase):
    """Who is asked, with which options, and what the Storyteller proposes to the kernel."""

    def _addressed(self, view: View, scene: Scene, answers: Mapping[PlayerId, Choice]) -> str | None:
        """The next character to choose: the first free one who has not held back, in seat order (in a
        fight, in initiative order)."""
        if scene.fight is not None:
            return self._fight_addressed(view, scene, answers)
        for seat, pc in enumerate(self.pcs(view)):
            if seat not in answers and self._free(view, pc):
                return pc
        return None

    def _fight_addressed(self, view: View, scene: Scene, answers: Mapping[PlayerId, Choice]) -> str | None:
        for fighter in view.get("initiative") or ():
            if fighter in self.pcs(view) and self._free(view, fighter) and self.seat_of(view, fighter) not in answers:
                return str(fighter)
        return None

    def _approach_options(self, view: View, scene: Scene, character: str) -> list[Option]:
        options: list[tuple[str, str, str, str]] = []
        others = [pc for pc in self.pcs(view) if pc != character and self._able(view, pc)]
        told = _told(view, scene, character)
        creature = self._creature(view, character)
        for approach in scene.approaches:
            if approach.id in told or not approach.open_to(creature):  # a Garou's howl, not a clerk's (playtest 17)
                continue
            label = approach.label.get(self.lang)
            words = approach.words.get(self.lang) if approach.words else ""
            if approach.versus is not None:
                options += [(f"{approach.id}@{other}", message(self.lang, "troupe.versus", label=label,
                                                                 who=self._name(view, other)),
                             self._preview(view, character, approach.versus.traits, approach.versus.difficulty), words)
                            for other in others]
                continue
            spec = approach.spec()
            traits = spec.traits if spec else self._weapon_traits(view, approach.attack)
            preview = self._preview(view, character, traits, spec.difficulty if spec else 6) if traits else ""
            options.append((approach.id, label, preview, words))
        hold = message(self.lang, "st_intent.hold_words")  # what a typed "I wait" matches (issue 16)
        if scene.fight is not None:  # a wounded fighter may have no pool left: holding back is always possible
            options.append((PASS, message(self.lang, "troupe.hold_fight"), "", hold))
        elif len(self.pcs(view)) > 1:
            options.append((PASS, message(self.lang, "troupe.hold_back"), "", hold))
        elif self._char(view, character).get("damage"):  # wounds may leave no pool for any approach
            options.append((PASS, message(self.lang, "troupe.hold_fight"), "", hold))
        return [Option(n, a, label, preview, words, **self._deed_of(scene, a),
                       willpower=self._willpower_bar(view, None if a == PASS else
                                                     self._approach(scene, a.partition("@")[0]), character))
                for n, (a, label, preview, words) in enumerate(options, start=1)]

    def _creature(self, view: View, character: str) -> str:
        """What ``character`` is (its sheet's ``creature``: ``human`` unless it says)."""
        sheet = self._sheet(view, character)
        return str(sheet.get("creature") or "human") if sheet else "human"

    @staticmethod
    def _weapon_traits(view: View, weapon: str | None) -> list[str]:
        """What a blow with ``weapon`` rolls (the combat tables'), so its menu line shows the pool wounds leave
        (playtest 17: 'Shoot back' showed nothing while Crippled left it 0 dice); [] when unknown."""
        from narrator.storyteller.data import DataError

        if weapon is None:
            return []
        try:
            found = _combat_tables(str(view.get("book"))).weapon(weapon)
        except (DataError, OSError):
            return []
        return list(found.traits) if found is not None else []

    def _willpower_bar(self, view: View, approach: Approach | None, character: str, *, joins: bool = False) -> str:
        """Why a Willpower point buys no success on ``approach`` now (a key of ``st_intent.willpower_not``), or
        ``""``: the kernel's own law says (:func:`~narrator.rules.storyteller.checks.willpower_refusal`, under
        this table's rules) for the roll the approach's request is (a blow's attack roll is a simple one: D4,
        Willpower is not excluded from combat), a move rolls nothing."""
        if approach is None:
            return ""
        if approach.spec() is None and approach.attack is None:
            return "no_roll"
        roll, extended = willpower_roll(approach, joins=joins)
        code = willpower_refusal(self._willpower_state(view, character), character, roll, extended=extended)
        if code == StCode.WILLPOWER_IN_TEAM_CONTEST:
            return "team" if roll == "teamwork" else "contest"
        return WILLPOWER_NOT.get(code, "") if code is not None else ""

    def _willpower_state(self, view: View, character: str) -> StorytellerState:
        """The kernel's state as far as its Willpower law reads it: this table's rules and the character's
        points (a view that hides them is read as one left, so the menu does not refuse on a guess)."""
        condition = self._char(view, character)
        points = int(condition["willpower"] or 0) if "willpower" in condition else 1
        char = CharState(character, willpower=points, willpower_spent=bool(condition.get("willpower_spent")))
        rules = self.rules or default_config("wild_west" if view.get("book") == "wild_west" else "dark_ages")
        return StorytellerState(config=rules, characters=(char,))

    def _deed_of(self, scene: Scene, approach_id: str) -> dict[str, Any]:
        """What an approach does, for the offline reader: its roll's traits, a blow, a move; and whether its
        outcome can end the story or start a fight (a transition to ``end:`` or into a fight scene)."""
        if approach_id == PASS:
            return {"deed": PASS}
        approach = self._approach(scene, approach_id)
        if approach is None:
            return {}
        targets = [approach.go] if approach.go else list(approach.next.values())
        risky = any(t and (t.startswith("end:") or getattr(self.scenario.scenes.get(t), "fight", None) is not None)
                    for t in targets)
        if approach.attack is not None:
            return {"deed": "attack", "weapon": approach.attack, "risky": risky}
        spec = approach.spec()
        return {"deed": "go" if approach.go else "roll", "traits": tuple(spec.traits) if spec else (), "risky": risky}

    def _join_options(self, view: View, character: str, approach: Approach, lead: Choice) -> list[Option]:
        team = approach.teamwork
        assert team is not None
        traits = team.helper_traits or team.traits
        join = message(self.lang, "troupe.join", who=self._name(view, self._pc(view, lead)),
                       label=approach.label.get(self.lang))
        return [Option(1, approach.id, join, self._preview(view, character, traits, team.difficulty),
                       message(self.lang, "st_intent.join_words"), joins=True,
                       willpower=self._willpower_bar(view, approach, character, joins=True)),
                Option(2, PASS, message(self.lang, "troupe.decline"), "", message(self.lang, "st_intent.decline_words"),
                       joins=True)]

    def _preview(self, view: View, character: str, traits: Sequence[str], difficulty: int) -> str:
        sheet = self._sheet(view, character) or {}
        ratings = sheet_ratings(sheet)
        rolled = self._on_sheet(view, character, traits)
        missing = [t for t in traits if not ratings.get(t)]  # not listed, or listed at 0 dots: never learned
        if any(t not in ratings for t in rolled):  # nothing of it on the sheet at all
            names = ", ".join(str(catalogue(self.lang)["traits"].get(t, t)) for t in missing)
            return message(self.lang, "storyteller.preview_missing", traits=names)
        # the label already names the traits and the difficulty (scenario data): the sheet adds the pool,
        # less what wounds take, as the kernel rolls it (checks.penalty_of; it offered 3 dice and rolled 2)
        penalty = self._wound_penalty(view, character)
        dice = plural(self.lang, "dice", max(0, sum(ratings[t] for t in rolled) + penalty))
        if penalty:
            dice = message(self.lang, "storyteller.preview_wounded", dice=dice, penalty=-penalty)
        if missing:
            names = ", ".join(str(catalogue(self.lang)["traits"].get(t, t)) for t in missing)
            return message(self.lang, "storyteller.preview_unlearned", dice=dice, traits=names)
        return message(self.lang, "storyteller.preview", dice=dice)

    def _wound_penalty(self, view: View, character: str) -> int:
        """Dice the character's marked health levels take off a pool (the book's tables, as the kernel's
        ``penalty_of``); 0 when unhurt or out of action (the kernel refuses a roll then)."""
        from narrator.rules.storyteller.combat import wound_penalty
        from narrator.storyteller.data import DataError

        damage = len(self._char(view, character).get("damage") or ())
        try:
            return (wound_penalty(_combat_tables(str(view.get("book"))), damage) or 0) if damage else 0
        except (DataError, OSError):
            return 0

    def _storyteller_move(self, view: View, answers: Mapping[PlayerId, Choice]) -> Action | None:
        """The Storyteller's own move now, or ``None`` when a character must choose (or has chosen)."""
        scene = self._scene(view)
        if scene is None:
            return BeginScene(scene=self.scenario.start) if not view.get("scene_count") else EndStory(ending="ended")
        fallen = self._fallen(view, scene)
        if fallen is not None:
            return fallen
        moved = self._moved_by_last(view, scene)
        if moved is not None:
            return moved
        if scene.fight is not None:
            return self._fight_move(view, scene, answers)
        if self._lead(view, answers) is not None or self._addressed(view, scene, answers) is not None:
            return None
        return self._go(view, scene, "retry")

    def _fallen(self, view: View, scene: Scene) -> Action | None:
        """The end, at once, when no player character can act any more (playtest 17: Elias died to Mallory's
        rifle and the table played three more scenes to nobody, «your lamp is out» told to a dead man): a
        fight lost whose loss is an ending, when nobody is dead (its «you come to…» fits the senseless, never the
        dead); else the scenario's ``fallen`` ending when it writes one; else :data:`FALLEN`, said in words."""
        pcs = self.pcs(view)
        if not pcs or not view.get("characters") or any(self._able(view, pc) for pc in pcs):
            return None
        dead = any(self._char(view, pc).get("health") == "dead" for pc in pcs)
        if scene.fight is not None and scene.fight.lose.startswith("end:") and not dead:
            return self._go(view, scene, scene.fight.lose)
        return EndStory(ending=self.scenario.fallen or FALLEN)

    def _moved_by_last(self, view: View, scene: Scene) -> Action | None:
        """Where this turn's last roll sends the story (``None``: it stays in the scene)."""
        last = view.get("last") or {}
        actors = last.get("members") or [last.get("character")]
        if last.get("what") not in ("roll", "resisted", "teamwork") or not actors[0]:
            return None
        if not all(self._char(view, str(a))["actions_used"] for a in actors if a in self.pcs(view)):
            return None  # a roll of an earlier turn or scene
        if actors[0] not in self.pcs(view):
            return None
        approach = self._approach(scene, str(last.get("task", "")))
        outcome = outcome_of(last, str(actors[0]))
        target = approach.next.get(outcome, "retry") if approach and outcome != "continue" else "retry"
        return None if target == "retry" else self._go(view, scene, target)

    def _go(self, view: View, scene: Scene, target: str) -> Action:
        if target == "retry":
            if scene.max_turns and view["turn"] >= scene.max_turns and scene.timeout:
                self.clock_ran_out = scene.timeout  # the narration says why the scene changes
                self.clock_scene = str(view.get("scene") or "")  # and what became of its stake
                return self._go(view, scene, scene.timeout)
            return NextTurn()
        if target.startswith("end:"):
            return EndStory(ending=target[4:])
        return BeginScene(scene=target)

    def _fight_move(self, view: View, scene: Scene, answers: Mapping[PlayerId, Choice]) -> Action | None:
        fight = scene.fight
        assert fight is not None
        able = [pc for pc in self.pcs(view) if self._able(view, pc)]
        enemy = self._char(view, fight.enemy)
        if not able:
            return self._go(view, scene, fight.lose)
        if len(enemy["damage"]) >= fight.enemy_breaks_at or enemy["incapacitated"]:
            return self._go(view, scene, fight.win)
        if not view.get("initiative"):
            return Initiative(characters=(*able, fight.enemy))
        if self._lead(view, answers) is not None:
            return None
        for fighter in view["initiative"]:
            if fighter == fight.enemy:
                if enemy["actions_used"] == 0:
                    target = able[(int(view["turn"]) - 1) % len(able)]
                    return Attack(character=fight.enemy, defender=target, weapon=fight.enemy_weapon)
                continue
            if fighter in able and self._free(view, fighter) and self.seat_of(view, fighter) not in answers:
                return None
        return NextTurn()

    def _request(self, view: View, scene: Scene, approach: Approach, choice: Choice,
                 answers: Mapping[PlayerId, Choice]) -> Action:
        pc = self._pc(view, choice)
        combat = scene.fight is not None
        if choice.extra and not self._char(view, pc).get("declared"):  # Rage or Celerity: both actions first
            from narrator.storyteller.powers import extra_declaration

            declared = extra_declaration(view, approach, pc, self._on_sheet)
            if declared is not None:
                return declared
        if approach.go is not None:
            return EndStory(ending=approach.go[4:]) if approach.go.startswith("end:") else BeginScene(scene=approach.go)
        if approach.attack is not None:
            assert scene.fight is not None
            return Attack(character=pc, defender=scene.fight.enemy, weapon=approach.attack, willpower=choice.willpower)
        if approach.resisted is not None:
            r = approach.resisted
            return Resisted(character=pc, traits=self._on_sheet(view, pc, r.traits), difficulty=r.difficulty,
                            opponent=r.opponent,
                            opponent_traits=tuple(r.opponent_traits), opponent_difficulty=r.opponent_difficulty,
                            task=approach.id, target=r.target, willpower=choice.willpower, combat=combat)
        if approach.versus is not None:
            v, other = approach.versus, choice.approach.partition("@")[2]
            return Resisted(character=pc, traits=self._on_sheet(view, pc, v.traits), difficulty=v.difficulty,
                            opponent=other, opponent_traits=self._on_sheet(view, other, v.opponent_traits),
                            opponent_difficulty=v.opponent_difficulty,
                            task=approach.id, target=v.target, willpower=choice.willpower, combat=combat)
        if approach.teamwork is not None:
            return self._team_request(view, approach, choice, answers, combat)
        spec = approach.roll
        assert spec is not None
        return Roll(character=pc, traits=self._on_sheet(view, pc, spec.traits), difficulty=spec.difficulty,
                    action=spec.action, task=approach.id, target=spec.target, willpower=choice.willpower,
                    automatic=choice.automatic, combat=spec.combat or combat)

    def _team_request(self, view: View, approach: Approach, lead: Choice, answers: Mapping[PlayerId, Choice],
                      combat: bool) -> Action:
        """The leader and every character who joined roll separately and add their successes (DA L227;
        WW L116); alone, the leader rolls the task by itself."""
        team = approach.teamwork
        assert team is not None
        pcs = self.pcs(view)
        joined = [a for _, a in sorted(answers.items()) if a.joins and a.approach == approach.id]
        members = (pcs[lead.actor], *(pcs[a.actor] for a in joined))
        if len(members) == 1:
            return Roll(character=members[0], traits=self._on_sheet(view, members[0], team.traits),
                        difficulty=team.difficulty,
                        action="extended" if team.target else "simple", task=approach.id, target=team.target,
                        willpower=lead.willpower, automatic=lead.automatic, combat=team.combat or combat,
                        team_task=True)  # alone, still the troupe's one task (its progress is the team's)
        helper = tuple(team.helper_traits or team.traits)
        chosen = (lead, *joined)
        return Teamwork(members=members, traits=(self._on_sheet(view, members[0], team.traits),
                                                 *(self._on_sheet(view, m, helper) for m in members[1:])),
                        difficulty=team.difficulty, task=approach.id, target=team.target,
                        willpower=tuple(pcs[a.actor] for a in chosen if a.willpower),
                        automatic=tuple(pcs[a.actor] for a in chosen if a.automatic),
                        combat=team.combat or combat)


FALLEN = "fallen"
"""The ending of a story whose player characters can no longer act, where its scenario writes none for that
(``Scenario.fallen``): the narration says who fell and how (``template.fallen``)."""

WILLPOWER_NOT: dict[str, str] = {StCode.WILLPOWER_ONE_SUCCESS: "extended", StCode.NO_WILLPOWER: "none",
                                 StCode.WILLPOWER_ALREADY_SPENT: "spent"}
"""The kernel's Willpower refusals the menu says in its own words (``st_intent.willpower_not``); a contest's or a
team roll's refusal (``WILLPOWER_IN_TEAM_CONTEST``) says which of the two it is."""


def willpower_roll(approach: Approach, *, joins: bool = False) -> tuple[WillpowerRoll, bool]:
    """The roll a Willpower point on ``approach`` would be spent on, as the kernel's law names it, and whether
    it counts toward an accumulated total: what :meth:`TemplateMoves._request` asks for. A contest is a side of
    a ``resisted`` roll; a helper's answer to a teamwork invitation is a ``teamwork`` share; the character who
    chose a teamwork task rolls it as its own roll until someone joins (``_team_request``)."""
    if approach.attack is not None:
        return "simple", False  # a blow's attack roll (D4: Willpower is not excluded from combat)
    contest = approach.resisted or approach.versus
    if contest is not None:
        return "resisted", bool(contest.target)
    if approach.teamwork is not None:
        if joins:
            return "teamwork", bool(approach.teamwork.target)
        return ("extended" if approach.teamwork.target else "simple"), False
    return ("extended" if approach.roll is not None and approach.roll.action == "extended" else "simple"), False


def outcome_of(last: Mapping[str, Any], pc: str) -> Literal["success", "failure", "botch", "continue"]:
    """``success``, ``failure``, ``botch`` or ``continue`` (an open extended task or contest)."""
    if last.get("what") == "roll":
        if last.get("action") == "extended":
            if last.get("status") == "complete":
                return "success"
            return "botch" if last.get("botch") else "continue"
        return "botch" if last.get("botch") else "success" if last.get("net", 0) >= 1 else "failure"
    if last.get("what") == "teamwork":
        if last.get("target"):
            if last.get("status") == "complete":
                return "success"
            return "botch" if last.get("spoiled") else "continue"
        return "botch" if last.get("spoiled") else "success" if last.get("successes", 0) >= 1 else "failure"
    if last.get("what") == "resisted":
        status = last.get("status")
        if status in ("won", "lost"):
            return "success" if status == "won" else "failure"
        if status == "open" or last.get("continues"):
            return "continue"  # the kernel says the contest goes on: a round won is not the contest won
        if last.get("mine", {}).get("botch"):
            return "botch"
        return "success" if last.get("winner") == pc else "failure"
    return "continue"


@cache
def _combat_tables(book: str) -> Any:
    """The book's house-default combat tables (read once: every menu line asks)."""
    from narrator.storyteller.data import load_combat

    return load_combat(book)


def _told(view: View, scene: Scene, character: str) -> set[str]:
    """The scene's approaches ``character`` already succeeded at whose success only tells (a single roll whose
    success keeps the scene: "Watch who fills Gautier's cup"): tried again, they say nothing new, so they are
    offered no more; nor is a contest won or lost or a task ended. Read from the kernel's tasks (``failed`` 0: the
    last roll of it succeeded); never all of them, so a scene always offers something."""
    tried = {str(t.get("key")): t for t in view.get("tasks") or ()}
    told = {a.id for a in scene.approaches
            if a.roll is not None and a.roll.action == "simple" and a.next.get("success", "retry") == "retry"
            and (t := tried.get(f"{character}:{a.id}")) is not None and not t.get("failed")}
    # a contest won or lost, a task ended, is refused by the kernel (TASK_CLOSED): offered, it only brings a
    # refusal (Raoul's bargain lost 0:3 stayed on the menu); when nothing else is open, the clues stay offered
    closed = {a.id for a in scene.approaches
              if (t := tried.get(f"{character}:{a.id}")) is not None and t.get("status", "open") != "open"}
    every = {a.id for a in scene.approaches}
    if every - told - closed:
        return told | closed
    return closed if every - closed else set()
