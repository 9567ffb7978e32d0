"""The offline template Storyteller: frames scenes, turns a player's chosen approach into a roll request,
and narrates the kernel's results from the scenario and narration data.

It implements :class:`StorytellerVoice`, the small interface a later LLM Storyteller replaces:
``frame_scene(view) -> text``, ``options(view)`` / ``propose(view, choice) -> action``,
``narrate(view, events) -> lines``. Every decision is read from the kernel's host view, so a resumed
game continues exactly where it stopped. Its only memory is what it said in each scene: no line is said
twice in a scene (each result category has several lines, ``prompts/storyteller/narration.yaml``; an
approach's own line is said once a scene, later tries take the next generic one), chosen without
randomness from the scene and turn. A resumed game narrates its past again, which rebuilds it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from functools import cache
from typing import Any, Literal, Protocol

from narrator.agents.i18n import catalogue, character_gender, health_name, message, plural
from narrator.rules.core import HOST, Action, Event, PlayerId
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
from narrator.storyteller.intent import FREE, explain, match_intent
from narrator.storyteller.scenario import Approach, Scenario, Scene

View = Mapping[str, Any]


@dataclass(frozen=True)
class Option:
    """An approach the player may choose now."""

    number: int
    approach: str
    label: str
    preview: str
    words: str = ""
    """More words the approach answers to (the scenario's synonyms), for matching a typed intent."""
    joins: bool = False
    """An answer to a teamwork invitation (join the task, or ``pass``)."""
    traits: tuple[str, ...] = ()
    """What the approach rolls (the offline reader matches a deed's roll to it: sneaking is Dexterity + Stealth)."""
    deed: str = "roll"
    """``roll``, ``attack`` (a blow with ``weapon``), ``go`` (a move of the story) or ``pass``."""
    weapon: str = ""
    risky: bool = False
    """Its outcome can end the story or start a fight: a weak reading of typed words never takes it (issue 28)."""


CHOOSE = "choose_approach"
"""The kind of the player's answer to the table's question (never a kernel move)."""


@dataclass(frozen=True, slots=True, kw_only=True)
class Choice(Action):
    """What the player chose: an approach, and whether to spend Willpower or take an automatic success.

    An action of the table, not of the kernel: the Storyteller's roll request carries it to the rules.
    """

    kind: Literal["choose_approach"] = "choose_approach"
    approach: str
    willpower: bool = False
    automatic: bool = False
    joins: bool = False
    """An answer to a teamwork invitation: ``approach`` is the task joined (or ``pass``)."""
    extra: bool = False
    """Take the approach with one extra action this turn, bought with a Rage point or Celerity (WW L40, L234;
    DA L197): the Storyteller declares both first (:func:`narrator.storyteller.powers.extra_declaration`)."""
    actor: PlayerId = 0
    intent: str = ""
    """What the player typed in their own words (empty when they chose by number). With ``approach``
    ``"intent"`` (:data:`narrator.storyteller.intent.FREE`) the Storyteller rules on the words itself."""


class IntentUnclear(ValueError):
    """The template cannot tell which approach a typed intent means (the message asks the player)."""


class StorytellerVoice(Protocol):
    """The Storyteller's side of the table; the template and a model Storyteller both implement it."""

    def frame_scene(self, view: View) -> str:
        """Describe the current scene."""

    def options(self, view: View) -> list[Option]:
        """What the addressed character may try now; empty when the Storyteller moves alone."""

    def storyteller_move(self, view: View, answers: Mapping[PlayerId, Choice] | None = None) -> Action | None:
        """The Storyteller's own move now (a scene, a turn, its characters' attacks, the end), or ``None``."""

    def lead(self, view: View, answers: Mapping[PlayerId, Choice]) -> Choice | None:
        """The standing choice the Storyteller turns into its next request (``None`` when there is none)."""

    def propose(self, view: View, choice: Choice | None, answers: Mapping[PlayerId, Choice] | None = None) -> Action:
        """The next proposal for the kernel (a roll request, a scene, a turn, the end)."""

    def narrate(self, view: View, events: Sequence[Event]) -> list[str]:
        """Lines telling what the kernel's events mean in the story."""


PASS = "pass"
"""The approach id of holding back (a troupe's character lets the others act first, or declines to help)."""


@dataclass(frozen=True)
class Asked:
    """Whom the table asks now and what: a character's approach, or whether to join a teamwork task."""

    seat: PlayerId
    character: str
    options: tuple[Option, ...]
    kind: Literal["approach", "join"] = "approach"
    lead: str = ""
    """For ``join``: the character who leads the task."""


class TemplateStoryteller:
    """Runs a :class:`Scenario` for a troupe of 1..5 player characters (seat ``i`` plays the ``i``-th
    player sheet of the view).

    In a scene it addresses the characters in turn (seat order; in a fight, initiative order): each
    who has not acted this turn chooses an approach, or holds back. A teamwork approach asks the
    others who have not acted whether they join; a ``versus`` approach is offered against each other
    character. The Storyteller's decisions are read from the kernel's host view and the answers
    standing at the table (``Session.answers``), so a resumed game continues exactly where it stopped.
    """

    def __init__(self, scenario: Scenario, narration: Mapping[str, Any], *, lang: str = "en",
                 pc: str | None = None, labels: bool = False) -> None:
        self.scenario, self.lang, self.pc = scenario, lang, pc
        self.labels = labels
        """The screen shows the approaches by their labels (the web's buttons), not by number: its questions say so."""
        self.lines = narration.get(scenario.book, {}).get(lang) or narration.get(scenario.book, {}).get("en", {})
        self.npc_names = scenario.npc_names(lang)
        self.said: dict[int, set[str]] = {}
        """Scene number (``scene_count``) -> the lines said in it."""

    def _fresh(self, view: View, key: str, **values: Any) -> str | None:
        """The first line of ``self.lines[key]`` (from one set by the scene and turn) not said in this
        scene yet, filled and remembered; ``None`` when every one was said."""
        options = list(self.lines.get(key) or [])
        if not options:
            return None
        said = self.said.setdefault(int(view.get("scene_count") or 0), set())
        start = int(view.get("scene_count") or 0) * 7 + int(view.get("turn") or 0)
        for k in range(len(options)):
            line = str(options[(start + k) % len(options)]).format(**values)
            if line not in said:
                said.add(line)
                return line
        return None

    def _once(self, view: View, line: str | None) -> str | None:
        """``line`` unless this scene already heard it (then ``None``), remembered."""
        if not line:
            return None
        said = self.said.setdefault(int(view.get("scene_count") or 0), set())
        if line in said:
            return None
        said.add(line)
        return line

    # -- reading the view --------------------------------------------------------------------

    def _scene(self, view: View) -> Scene | None:
        return self.scenario.scenes.get(str(view.get("scene") or ""))

    @staticmethod
    def _char(view: View, character: str) -> Mapping[str, Any]:
        return next(c for c in view["characters"] if c["id"] == character)

    @staticmethod
    def _sheet(view: View, character: str) -> Mapping[str, Any] | None:
        return next((s for s in view["sheets"] if s["id"] == character), None)

    def pcs(self, view: View) -> list[str]:
        """The player characters in seat order (the voice's ``pc`` for a view that lists no sheets)."""
        found = [str(s["id"]) for s in view.get("sheets", ()) if s.get("player", True)]
        return found or ([self.pc] if self.pc else [])

    def seat_of(self, view: View, character: str) -> PlayerId:
        return self.pcs(view).index(character)

    def _name(self, view: View, character: str) -> str:
        named = display_name(self.lang, character)
        if named:
            return named
        if character in self.npc_names:
            return self.npc_names[character]
        sheet = self._sheet(view, character)
        return str(sheet["name"]) if sheet else character

    def _approach(self, scene: Scene, approach_id: str) -> Approach | None:
        base = approach_id.split("@", 1)[0]
        return next((a for a in scene.approaches if a.id == base), None)

    def _able(self, view: View, character: str) -> bool:
        return not self._char(view, character)["incapacitated"]

    def _free(self, view: View, character: str) -> bool:
        """Able and not yet acted this turn."""
        cond = self._char(view, character)  # declared actions (an extra one bought: powers.py) are each a deed
        return not cond["incapacitated"] and cond["actions_used"] < max(1, len(cond.get("declared") or ()))

    # -- StorytellerVoice --------------------------------------------------------------------

    def frame_scene(self, view: View) -> str:
        scene = self._scene(view)
        return scene.text.get(self.lang) if scene else ""

    def stakes_line(self, view: View) -> str:
        """«At stake: …» of the current scene, as its framing says it ("" when it states none)."""
        scene = self._scene(view)
        return message(self.lang, "troupe.stakes", stakes=scene.stakes.get(self.lang)) if scene and scene.stakes else ""

    def options(self, view: View, answers: Mapping[PlayerId, Choice] | None = None) -> list[Option]:
        asked = self.asked(view, answers or {})
        return list(asked.options) if asked else []

    def asked(self, view: View, answers: Mapping[PlayerId, Choice]) -> Asked | None:
        """The one question the table waits on now (``None`` when the Storyteller moves)."""
        questions = self.questions(view, answers)
        return questions[0] if questions else None

    def questions(self, view: View, answers: Mapping[PlayerId, Choice]) -> list[Asked]:
        """Every question the table waits on now, in seat order: one character's approach, or each
        free character's answer to a teamwork invitation."""
        if view.get("ending") or view.get("awaiting_dice"):
            return []
        if self._storyteller_move(view, answers) is not None:
            return []
        scene = self._scene(view)
        assert scene is not None
        lead = self._lead(view, answers)
        if lead is not None:
            approach = self._approach(scene, lead.approach)
            if approach is None or approach.teamwork is None:
                return []
            return [Asked(seat, pc, tuple(self._join_options(view, pc, approach, lead)), "join", self._pc(view, lead))
                    for seat, pc in self._helpers(view, answers, lead)]
        character = self._addressed(view, scene, answers)
        if character is None:
            return []
        return [Asked(self.seat_of(view, character), character, tuple(self._approach_options(view, scene, character)))]

    def storyteller_move(self, view: View, answers: Mapping[PlayerId, Choice] | None = None) -> Action | None:
        """The Storyteller's own move now (a scene, a turn, its characters' attacks, the end), or ``None``
        while the table waits on a character or a character has chosen."""
        return self._storyteller_move(view, answers or {})

    def propose(self, view: View, choice: Choice | None, answers: Mapping[PlayerId, Choice] | None = None) -> Action:
        answers = dict(answers or {})
        if choice is not None and choice.actor not in answers:
            answers[choice.actor] = choice
        move = self._storyteller_move(view, answers)
        if move is not None:
            return move
        lead = self._lead(view, answers)
        if lead is None:
            raise ValueError("a character must choose an approach now")
        scene = self._scene(view)
        assert scene is not None
        if lead.approach == FREE:  # the player's own words: the offline reader rules on them (issue 28)
            return self.rule_intent(view, lead, answers).action
        approach = self._approach(scene, lead.approach)
        if approach is None:
            raise ValueError(f"no approach {lead.approach!r} in this scene")
        return self._request(view, scene, approach, lead, answers)

    def narrate(self, view: View, events: Sequence[Event]) -> list[str]:
        lines: list[str] = []
        for event in said_before_turn(events):
            lines.extend(self._narrate_one(view, event))
        # a name written for mid-sentence («мастер Кесслер», "the thirst in the rock") may open a line
        return [line[:1].upper() + line[1:] for line in lines]

    def rule_intent(self, view: View, choice: Choice, answers: Mapping[PlayerId, Choice] | None = None) -> Any:
        """The offline ruling on a typed intent (:func:`narrator.storyteller.offline.rule_intent`): the
        approach it describes, an improvised roll, no roll (said), or :class:`IntentUnclear` with a question."""
        from narrator.storyteller.offline import rule_intent

        return rule_intent(self, view, choice, answers)

    def read_intent(self, view: View, choice: Choice) -> Choice:
        """A free-form intent read as the closest suggested approach (the words' match), or refused.

        Raises:
            IntentUnclear: no approach clearly matches; its message says which are closest.
        """
        scene = self._scene(view)
        assert scene is not None
        options = [o for o in self._approach_options(view, scene, self._pc(view, choice)) if o.approach != PASS]
        found = match_intent(choice.intent, [(o.approach, f"{o.label} {o.words}") for o in options])
        if found.approach is None:
            raise IntentUnclear(explain(self.lang, choice.intent, found,
                                        {o.approach: (o.number, o.label) for o in options}))
        return replace(choice, approach=found.approach)

    # -- who is asked --------------------------------------------------------------------------

    def _pc(self, view: View, choice: Choice) -> str:
        return self.pcs(view)[choice.actor]

    def lead(self, view: View, answers: Mapping[PlayerId, Choice]) -> Choice | None:
        """The standing choice the Storyteller turns into its next request (``None`` when there is none)."""
        return self._lead(view, answers)

    def character_of(self, view: View, seat: PlayerId) -> str:
        """The player character of ``seat``."""
        return self.pcs(view)[seat]

    @staticmethod
    def _lead(view: View, answers: Mapping[PlayerId, Choice]) -> Choice | None:
        """The standing answer that is an approach (the others are holds and replies to an invitation)."""
        chosen = [a for _, a in sorted(answers.items()) if a.approach != PASS and not a.joins]
        return chosen[0] if chosen else None

    def _helpers(self, view: View, answers: Mapping[PlayerId, Choice], lead: Choice) -> list[tuple[int, str]]:
        """The free characters not yet asked to join ``lead``'s teamwork task."""
        leader = self._pc(view, lead)
        return [(seat, pc) for seat, pc in enumerate(self.pcs(view))
                if pc != leader and seat not in answers and self._free(view, pc)]

    def _addressed(self, view: View, scene: Scene, answers: Mapping[PlayerId, Choice]) -> str | None:
        """The next character to choose: the first free one who has not held back, in seat order (in a
        fight, in initiative order)."""
        if scene.fight is not None:
            return self._fight_addressed(view, scene, answers)
        for seat, pc in enumerate(self.pcs(view)):
            if seat not in answers and self._free(view, pc):
                return pc
        return None

    def _approach_options(self, view: View, scene: Scene, character: str) -> list[Option]:
        options: list[tuple[str, str, str, str]] = []
        others = [pc for pc in self.pcs(view) if pc != character and self._able(view, pc)]
        for approach in scene.approaches:
            label = approach.label.get(self.lang)
            words = approach.words.get(self.lang) if approach.words else ""
            if approach.versus is not None:
                options += [(f"{approach.id}@{other}", message(self.lang, "troupe.versus", label=label,
                                                                 who=self._name(view, other)),
                             self._preview(view, character, approach.versus.traits, approach.versus.difficulty), words)
                            for other in others]
                continue
            spec = approach.spec()
            preview = self._preview(view, character, spec.traits, spec.difficulty) if spec else ""
            options.append((approach.id, label, preview, words))
        hold = message(self.lang, "st_intent.hold_words")  # what a typed "I wait" matches (issue 16)
        if scene.fight is not None:  # a wounded fighter may have no pool left: holding back is always possible
            options.append((PASS, message(self.lang, "troupe.hold_fight"), "", hold))
        elif len(self.pcs(view)) > 1:
            options.append((PASS, message(self.lang, "troupe.hold_back"), "", hold))
        elif self._char(view, character).get("damage"):  # wounds may leave no pool for any approach
            options.append((PASS, message(self.lang, "troupe.hold_fight"), "", hold))
        return [Option(n, a, label, preview, words, **self._deed_of(scene, a))
                for n, (a, label, preview, words) in enumerate(options, start=1)]

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
                       message(self.lang, "st_intent.join_words"), joins=True),
                Option(2, PASS, message(self.lang, "troupe.decline"), "", message(self.lang, "st_intent.decline_words"),
                       joins=True)]

    # -- deciding -----------------------------------------------------------------------------

    def _storyteller_move(self, view: View, answers: Mapping[PlayerId, Choice]) -> Action | None:
        """The Storyteller's own move now, or ``None`` when a character must choose (or has chosen)."""
        scene = self._scene(view)
        if scene is None:
            return BeginScene(scene=self.scenario.start) if not view.get("scene_count") else EndStory(ending="ended")
        moved = self._moved_by_last(view, scene)
        if moved is not None:
            return moved
        if scene.fight is not None:
            return self._fight_move(view, scene, answers)
        if self._lead(view, answers) is not None or self._addressed(view, scene, answers) is not None:
            return None
        return self._go(view, scene, "retry")

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

    def _fight_addressed(self, view: View, scene: Scene, answers: Mapping[PlayerId, Choice]) -> str | None:
        for fighter in view.get("initiative") or ():
            if fighter in self.pcs(view) and self._free(view, fighter) and self.seat_of(view, fighter) not in answers:
                return str(fighter)
        return None

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
            return Attack(character=pc, defender=scene.fight.enemy, weapon=approach.attack)
        if approach.resisted is not None:
            r = approach.resisted
            return Resisted(character=pc, traits=self._on_sheet(view, pc, r.traits), difficulty=r.difficulty,
                            opponent=r.opponent,
                            opponent_traits=tuple(r.opponent_traits), opponent_difficulty=r.opponent_difficulty,
                            task=approach.id, target=r.target, combat=combat)
        if approach.versus is not None:
            v, other = approach.versus, choice.approach.partition("@")[2]
            return Resisted(character=pc, traits=self._on_sheet(view, pc, v.traits), difficulty=v.difficulty,
                            opponent=other, opponent_traits=self._on_sheet(view, other, v.opponent_traits),
                            opponent_difficulty=v.opponent_difficulty,
                            task=approach.id, target=v.target, combat=combat)
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

    def _on_sheet(self, view: View, character: str, traits: Sequence[str]) -> tuple[str, ...]:
        """``traits`` as ``character`` can roll them: an Ability the sheet does not list is one never learned,
        0 dots (the pool is the dots of the Attribute plus those of the Ability: WW L38, DA L97), so it is left
        out and the Attribute is rolled alone, instead of a pool the kernel refuses as not on the sheet."""
        sheet = self._sheet(view, character)
        if sheet is None:
            return tuple(traits)
        ratings = sheet_ratings(sheet)
        kept = tuple(t for t in traits if t in ratings)
        return kept or tuple(traits)

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

    # -- narrating -----------------------------------------------------------------------------

    def _narrate_one(self, view: View, event: Event) -> list[str]:
        data = event.data
        if event.kind == "scene_begun":
            head = [f"== {self.scenario.title.get(self.lang)} ==" if data.get("number") == 1 else ""]
            scene = self.scenario.scenes.get(str(data["scene"]))
            stakes = (message(self.lang, "troupe.stakes", stakes=scene.stakes.get(self.lang))
                      if scene and scene.stakes else "")
            return [line for line in (*head, scene.text.get(self.lang) if scene else "", stakes) if line]
        if event.kind == "narration" and data.get("by") == HOST:  # the Storyteller's words beside its move
            return [str(data.get("text", ""))]
        if event.kind == "turn_begun":
            return [message(self.lang, "template.turn", turn=data["turn"])]
        if event.kind == "actions_declared":  # an extra action bought with Rage or Celerity (powers.py)
            from narrator.storyteller.powers import declared_line

            return declared_line(self.lang, self._name(view, str(data["character"])), data, str(view.get("book")))
        if event.kind == "roll_resolved":
            return self._result_lines(view, data, str(data.get("character")), str(data.get("category")))
        if event.kind == "resisted_resolved":
            return self._contest_lines(view, data)
        if event.kind == "team_resolved":
            return self._team_lines(view, data)
        if event.kind == "initiative_rolled":
            order = ", ".join(self._name(view, c) for c in data["order"])
            return [message(self.lang, "template.initiative", order=order)]
        if event.kind == "attack_rolled" and data.get("net", 0) < 1:
            line = self._fresh(view, "misses", name=self._name(view, str(data["character"])))
            return [line] if line else []
        if event.kind == "wounded":
            return [self._wound_line(view, data)]
        if event.kind == "story_ended":
            ending = self.scenario.endings.get(str(data["ending"]))
            if ending is None:
                return [str(data["ending"]), message(self.lang, "template.the_end")]
            epilogue = [message(self.lang, "template.epilogue", text=ending.epilogue.get(self.lang))] \
                if ending.epilogue else []
            return [ending.text.get(self.lang), *epilogue, message(self.lang, "template.the_end")]
        return []

    def _result_lines(self, view: View, data: Mapping[str, Any], character: str, category: str) -> list[str]:
        name = self._name(view, character)
        generic = self._fresh(view, category, name=name)
        lines = [generic] if generic else []
        scene = self._scene(view)
        approach = self._approach(scene, str(data.get("task", ""))) if scene else None
        outcome = "botch" if category == "botch" else "failure" if category == "failure" else "success"
        if data.get("action") == "extended" and data.get("target") and outcome == "success" \
                and data.get("status") != "complete":
            outcome = ""  # a step toward the goal: the approach's success line waits for the goal itself
        if approach and outcome in approach.says:
            own = self._once(view, approach.says[outcome].get(self.lang))  # an approach's own line: once a scene
            lines += [own] if own else []
        elif approach is None and outcome and str(data.get("task", "")).startswith(f"{FREE}:"):
            from narrator.storyteller.offline import improvised_lines  # a deed no approach lists: the scene's words

            lines += improvised_lines(self, view, str(data["task"]), outcome, name)
        if data.get("action") == "extended" and data.get("target"):
            progress = f"{data.get('total')}/{data.get('target')}"
            reset = message(self.lang, "template.progress_reset") if data.get("reset") else ""
            lines.append(message(self.lang, "template.progress", progress=progress) + reset)
        return lines

    def _contest_lines(self, view: View, data: Mapping[str, Any]) -> list[str]:
        winner = data.get("winner")
        if winner is None:
            said = self._fresh(view, "deadlock")
        else:
            said = self._fresh(view, "prevails", name=self._name(view, str(winner)), net=data.get("net"))
        lines = [said] if said else []
        if data.get("target"):
            lines.append(f"{data.get('total')} : {data.get('opponent_total')} / {data.get('target')}")
        if data.get("status") == "open" or (winner is None and data.get("continues")):
            goes_on = self._fresh(view, "goes_on")
            lines += [goes_on] if goes_on else []
        return lines + self._result_lines(view, data, str(data["character"]), str(data["category"]))

    def _team_lines(self, view: View, data: Mapping[str, Any]) -> list[str]:
        names = ", ".join(self._name(view, str(m)) for m in data.get("members", ()))
        key = "troupe.team_spoiled" if data.get("spoiled") else "troupe.team_result"
        lines = [message(self.lang, key, names=names, n=data.get("successes", 0))]
        category = str(data.get("category"))
        scene = self._scene(view)
        approach = self._approach(scene, str(data.get("task", ""))) if scene else None
        outcome = "botch" if category == "botch" else "failure" if category == "failure" else "success"
        if data.get("target"):
            lines.append(message(self.lang, "troupe.team_progress", total=data.get("total"), target=data.get("target")))
            outcome = "success" if data.get("status") == "complete" else outcome if outcome == "botch" else ""
        if approach and outcome in approach.says:
            own = self._once(view, approach.says[outcome].get(self.lang))  # type: ignore[index]
            lines += [own] if own else []
        return lines

    def _wound_line(self, view: View, data: Mapping[str, Any]) -> str:
        name = self._name(view, str(data["defender"]))
        health = health_name(self.lang, str(data["health"]), character_gender(self.lang, str(data["defender"]), view))
        return message(self.lang, "template.wound", name=name, damage=data["damage"], soaked=data["soaked"],
                       wounds=data["wounds"], health=health)


def sheet_ratings(sheet: Mapping[str, Any]) -> dict[str, int]:
    """The traits a pool may name on this sheet and their dots, as the kernel's ``Character.rating`` reads
    them: Attributes, Abilities, Willpower, and Rage or Gnosis when the sheet has them (a Garou's Gnosis roll
    to peer across the Gauntlet was offered as «not on your sheet: Gnosis» and then rolled 3 dice)."""
    ratings = {**sheet.get("attributes", {}), **sheet.get("abilities", {})}
    if sheet.get("willpower") is not None:
        ratings["willpower"] = int(sheet["willpower"])
    ratings.update({t: int(sheet[t]) for t in ("rage", "gnosis") if int(sheet.get(t) or 0) > 0})
    return ratings


def display_name(lang: str, character: str) -> str | None:
    """The name of a shipped sample character or NPC in ``lang`` (a player's own sheet keeps its name)."""
    found = catalogue(lang).get("characters", {}).get(character)
    return str(found) if found else None


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


def said_before_turn(events: Sequence[Event]) -> list[Event]:
    """The Storyteller's words beside a move told before the turn that move opens: a question answered
    without a roll ends the speaker's turn, and its answer belongs to that turn, not under «— turn 3 —»."""
    said = [e for e in events if e.kind == "narration" and e.data.get("by") == HOST]
    turn = next((i for i, e in enumerate(events) if e.kind == "turn_begun"), None)
    if not said or turn is None or events.index(said[0]) < turn:
        return list(events)
    rest = [e for e in events if not any(e is s for s in said)]
    at = next(i for i, e in enumerate(rest) if e.kind == "turn_begun")
    return [*rest[:at], *said, *rest[at:]]


@cache
def _combat_tables(book: str) -> Any:
    """The book's house-default combat tables (read once: every menu line asks)."""
    from narrator.storyteller.data import load_combat

    return load_combat(book)
