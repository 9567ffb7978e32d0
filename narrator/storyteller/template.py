"""The offline template Storyteller: frames scenes, turns a player's chosen approach into a roll request,
and narrates the kernel's results from the scenario and narration data.

It implements :class:`StorytellerVoice`, the small interface a later LLM Storyteller replaces:
``frame_scene(view) -> text``, ``options(view)`` / ``propose(view, choice) -> action``,
``narrate(view, events) -> lines``. It keeps no state of its own: every decision is read from the
kernel's host view, so a resumed game continues exactly where it stopped.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any, Literal, Protocol

from narrator.agents.i18n import catalogue
from narrator.rules.core import HOST, Action, Event, PlayerId
from narrator.rules.storyteller.actions import Attack, BeginScene, EndStory, Initiative, NextTurn, Resisted, Roll
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
    actor: PlayerId = 0
    intent: str = ""
    """What the player typed in their own words (empty when they chose by number). With ``approach``
    ``"intent"`` (:data:`narrator.storyteller.intent.FREE`) the Storyteller rules on the words itself."""


class IntentUnclear(ValueError):
    """The template cannot tell which approach a typed intent means (the message asks the player)."""


class StorytellerVoice(Protocol):
    """The Storyteller's side of the table; the template and a future LLM both implement it."""

    def frame_scene(self, view: View) -> str:
        """Describe the current scene."""

    def options(self, view: View) -> list[Option]:
        """What the player may try now; empty when the Storyteller moves alone (scene changes, NPCs)."""

    def propose(self, view: View, choice: Choice | None) -> Action:
        """The next proposal for the kernel (a roll request, a scene, a turn, the end)."""

    def narrate(self, view: View, events: Sequence[Event]) -> list[str]:
        """Lines telling what the kernel's events mean in the story."""


class TemplateStoryteller:
    """Runs a :class:`Scenario` for one player character."""

    def __init__(self, scenario: Scenario, narration: Mapping[str, Any], *, lang: str = "en", pc: str) -> None:
        self.scenario, self.lang, self.pc = scenario, lang, pc
        self.lines = narration.get(scenario.book, {}).get(lang) or narration.get(scenario.book, {}).get("en", {})

    # -- reading the view --------------------------------------------------------------------

    def _scene(self, view: View) -> Scene | None:
        return self.scenario.scenes.get(str(view.get("scene") or ""))

    @staticmethod
    def _char(view: View, character: str) -> Mapping[str, Any]:
        return next(c for c in view["characters"] if c["id"] == character)

    @staticmethod
    def _sheet(view: View, character: str) -> Mapping[str, Any] | None:
        return next((s for s in view["sheets"] if s["id"] == character), None)

    def _name(self, view: View, character: str) -> str:
        named = display_name(self.lang, character)
        if named:
            return named
        sheet = self._sheet(view, character)
        return str(sheet["name"]) if sheet else character

    def _approach(self, scene: Scene, approach_id: str) -> Approach | None:
        return next((a for a in scene.approaches if a.id == approach_id), None)

    # -- StorytellerVoice --------------------------------------------------------------------

    def frame_scene(self, view: View) -> str:
        scene = self._scene(view)
        return scene.text.get(self.lang) if scene else ""

    def options(self, view: View) -> list[Option]:
        if view.get("ending"):
            return []
        decision = self._storyteller_move(view)
        if decision is not None:
            return []
        scene = self._scene(view)
        assert scene is not None
        return [Option(n, a.id, a.label.get(self.lang), self._preview(view, a), a.words.get(self.lang) if a.words else "")
                for n, a in enumerate(scene.approaches, start=1)]

    def propose(self, view: View, choice: Choice | None) -> Action:
        move = self._storyteller_move(view)
        if move is not None:
            return move
        if choice is None:
            raise ValueError("the player must choose an approach now")
        scene = self._scene(view)
        assert scene is not None
        if choice.approach == FREE:
            choice = self.read_intent(view, choice)
        approach = self._approach(scene, choice.approach)
        if approach is None:
            raise ValueError(f"no approach {choice.approach!r} in this scene")
        return self._request(scene, approach, choice)

    def narrate(self, view: View, events: Sequence[Event]) -> list[str]:
        lines: list[str] = []
        for event in events:
            lines.extend(self._narrate_one(view, event))
        return lines

    def read_intent(self, view: View, choice: Choice) -> Choice:
        """A free-form intent read as the closest suggested approach (the words' match), or refused.

        Raises:
            IntentUnclear: no approach clearly matches; its message says which are closest.
        """
        options = self.options(view)
        found = match_intent(choice.intent, [(o.approach, f"{o.label} {o.words}") for o in options])
        if found.approach is None:
            raise IntentUnclear(explain(self.lang, choice.intent, found,
                                        {o.approach: (o.number, o.label) for o in options}))
        return replace(choice, approach=found.approach)

    # -- deciding -----------------------------------------------------------------------------

    def _storyteller_move(self, view: View) -> Action | None:
        """The Storyteller's own move now, or ``None`` when the player must choose."""
        scene = self._scene(view)
        if scene is None:
            return BeginScene(scene=self.scenario.start) if not view.get("scene_count") else EndStory(ending="ended")
        if scene.fight is not None:
            return self._fight_move(view, scene)
        if self._char(view, self.pc)["actions_used"] >= 1:
            return self._after_roll(view, scene)
        return None

    def _after_roll(self, view: View, scene: Scene) -> Action:
        last = view.get("last") or {}
        approach = self._approach(scene, str(last.get("task", "")))
        outcome = outcome_of(last, self.pc)
        target = (approach.next.get(outcome, "retry") if approach and outcome != "continue" else "retry")
        return self._go(view, scene, target)

    def _go(self, view: View, scene: Scene, target: str) -> Action:
        if target == "retry":
            if scene.max_turns and view["turn"] >= scene.max_turns and scene.timeout:
                return self._go(view, scene, scene.timeout)
            return NextTurn()
        if target.startswith("end:"):
            return EndStory(ending=target[4:])
        return BeginScene(scene=target)

    def _fight_move(self, view: View, scene: Scene) -> Action | None:
        fight = scene.fight
        assert fight is not None
        pc, enemy = self._char(view, self.pc), self._char(view, fight.enemy)
        if pc["incapacitated"]:
            return self._go(view, scene, fight.lose)
        if len(enemy["damage"]) >= fight.enemy_breaks_at or enemy["incapacitated"]:
            return self._go(view, scene, fight.win)
        last = view.get("last") or {}
        if pc["actions_used"] and last.get("what") in ("roll", "resisted") and last.get("character") == self.pc:
            approach = self._approach(scene, str(last.get("task", "")))
            outcome = outcome_of(last, self.pc)
            target = approach.next.get(outcome, "retry") if approach and outcome != "continue" else "retry"
            if target != "retry":
                return self._go(view, scene, target)
        if not view.get("initiative"):
            return Initiative(characters=(self.pc, fight.enemy))
        for fighter in view["initiative"]:
            if self._char(view, fighter)["actions_used"] == 0:
                if fighter == fight.enemy:
                    return Attack(character=fight.enemy, defender=self.pc, weapon=fight.enemy_weapon)
                return None
        return NextTurn()

    def _request(self, scene: Scene, approach: Approach, choice: Choice) -> Action:
        if approach.go is not None:
            return EndStory(ending=approach.go[4:]) if approach.go.startswith("end:") else BeginScene(scene=approach.go)
        if approach.attack is not None:
            assert scene.fight is not None
            return Attack(character=self.pc, defender=scene.fight.enemy, weapon=approach.attack)
        if approach.resisted is not None:
            r = approach.resisted
            return Resisted(character=self.pc, traits=tuple(r.traits), difficulty=r.difficulty, opponent=r.opponent,
                            opponent_traits=tuple(r.opponent_traits), opponent_difficulty=r.opponent_difficulty,
                            task=approach.id, target=r.target, combat=scene.fight is not None)
        spec = approach.roll
        assert spec is not None
        return Roll(character=self.pc, traits=tuple(spec.traits), difficulty=spec.difficulty, action=spec.action,
                    task=approach.id, target=spec.target, willpower=choice.willpower, automatic=choice.automatic,
                    combat=spec.combat or scene.fight is not None)

    def _preview(self, view: View, approach: Approach) -> str:
        spec = approach.roll or approach.resisted
        if spec is None:
            return ""
        sheet = self._sheet(view, self.pc) or {}
        ratings = {**sheet.get("attributes", {}), **sheet.get("abilities", {})}
        missing = [t for t in spec.traits if t not in ratings]
        if missing:
            return f"({', '.join(missing)}: " + ("нет в листе персонажа)" if self.lang == "ru" else "not on your sheet)")
        dice = sum(ratings[t] for t in spec.traits)
        if self.lang == "ru":
            return f"(кубиков: {dice}, сложность {spec.difficulty})"
        return f"({dice} dice vs {spec.difficulty})"

    # -- narrating -----------------------------------------------------------------------------

    def _narrate_one(self, view: View, event: Event) -> list[str]:
        data = event.data
        if event.kind == "scene_begun":
            head = [f"== {self.scenario.title.get(self.lang)} ==" if data.get("number") == 1 else ""]
            scene = self.scenario.scenes.get(str(data["scene"]))
            return [line for line in (*head, scene.text.get(self.lang) if scene else "") if line]
        if event.kind == "narration" and data.get("by") == HOST:  # the Storyteller's words beside its move
            return [str(data.get("text", ""))]
        if event.kind == "turn_begun":
            return [f"— turn {data['turn']} —" if self.lang == "en" else f"— ход {data['turn']} —"]
        if event.kind == "roll_resolved":
            return self._result_lines(view, data, str(data.get("character")), str(data.get("category")))
        if event.kind == "resisted_resolved":
            return self._contest_lines(view, data)
        if event.kind == "initiative_rolled":
            order = ", ".join(self._name(view, c) for c in data["order"])
            return [f"Initiative: {order}." if self.lang == "en" else f"Инициатива: {order}."]
        if event.kind == "attack_rolled" and data.get("net", 0) < 1:
            return [f"{self._name(view, str(data['character']))} misses." if self.lang == "en"
                    else f"{self._name(view, str(data['character']))} промахивается."]
        if event.kind == "wounded":
            return [self._wound_line(view, data)]
        if event.kind == "story_ended":
            ending = self.scenario.endings.get(str(data["ending"]))
            return [ending.get(self.lang) if ending else str(data["ending"]), "== THE END ==" if self.lang == "en"
                    else "== КОНЕЦ =="]
        return []

    def _result_lines(self, view: View, data: Mapping[str, Any], character: str, category: str) -> list[str]:
        name = self._name(view, character)
        lines = [line.format(name=name) for line in self.lines.get(category, [])[:1]]
        scene = self._scene(view)
        approach = self._approach(scene, str(data.get("task", ""))) if scene else None
        outcome = "botch" if category == "botch" else "failure" if category == "failure" else "success"
        if approach and outcome in approach.says:
            lines.append(approach.says[outcome].get(self.lang))
        if data.get("action") == "extended" and data.get("target"):
            progress = f"{data.get('total')}/{data.get('target')}"
            lines.append(f"Progress: {progress}" + (" (reset by the botch)" if data.get("reset") else "")
                         if self.lang == "en" else f"Прогресс: {progress}" + (" (сброшен провалом)"
                                                                               if data.get("reset") else ""))
        return lines

    def _contest_lines(self, view: View, data: Mapping[str, Any]) -> list[str]:
        winner = data.get("winner")
        if winner is None:
            text = "Neither side gives way." if self.lang == "en" else "Ни одна сторона не уступает."
            lines = [text + (" The contest goes on." if data.get("continues") and self.lang == "en" else
                             " Состязание продолжается." if data.get("continues") else "")]
        else:
            verb = "prevails by" if self.lang == "en" else "берёт верх на"
            lines = [f"{self._name(view, str(winner))} {verb} {data.get('net')}."]
        if data.get("target"):
            lines.append(f"{data.get('total')} : {data.get('opponent_total')} / {data.get('target')}")
            if data.get("status") == "open":
                lines.append("The contest goes on." if self.lang == "en" else "Состязание продолжается.")
        return lines + self._result_lines(view, data, str(data["character"]), str(data["category"]))[:1]

    def _wound_line(self, view: View, data: Mapping[str, Any]) -> str:
        name = self._name(view, str(data["defender"]))
        health = catalogue(self.lang)["health"].get(str(data["health"]), str(data["health"]))
        if self.lang == "ru":
            return f"{name}: урон {data['damage']}, поглощено {data['soaked']}, ран {data['wounds']} — {health}."
        return f"{name} takes {data['damage']} damage, soaks {data['soaked']}: {data['wounds']} wounds ({health})."


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
