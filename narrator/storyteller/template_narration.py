"""The template Storyteller telling the kernel's events: scenes, turns, each roll's result (the scenario's
own line once a scene, else the next generic one), contests, teamwork, wounds and the ending.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from narrator.agents.i18n import character_gender, health_name, message, plural
from narrator.rules.core import HOST, Event
from narrator.rules.storyteller import events as ev
from narrator.storyteller.intent import FREE
from narrator.storyteller.offline import improvised_lines
from narrator.storyteller.template_base import View
from narrator.storyteller.template_moves import FALLEN, TemplateMoves


class TemplateNarration(TemplateMoves):
    """Lines telling what the kernel's events mean in the story (no line twice in a scene)."""

    def narrate(self, view: View, events: Sequence[Event]) -> list[str]:
        lines: list[str] = []
        for event in said_before_turn(events):
            lines.extend(self._narrate_one(view, event))
        # a name written for mid-sentence («мастер Кесслер», "the thirst in the rock") may open a line
        return [line[:1].upper() + line[1:] for line in lines]

    def _narrate_one(self, view: View, event: Event) -> list[str]:
        data = event.data
        if event.kind == "narration":  # a table's narration line (no kernel event)
            # the Storyteller's words beside its move
            return [str(data.get("text", ""))] if data.get("by") == HOST else []
        match event.payload:
            case ev.SceneBegun(scene=scene_id, number=number):
                head = [f"== {self.scenario.title.get(self.lang)} ==" if number == 1 else "",
                        *self._time_out(str(scene_id))]
                scene = self.scenario.scenes.get(str(scene_id))
                stakes = (message(self.lang, "troupe.stakes", stakes=scene.stakes.get(self.lang))
                          if scene and scene.stakes else "")
                return [line for line in (*head, scene.text.get(self.lang) if scene else "", stakes) if line]
            case ev.TurnBegun(turn=turn, scene=scene_id):
                # a scene with a clock says how many turns it has: its last turn ran out with no warning (the
                # tourney's herald, two turns spent talking, went straight to the alley)
                clock = getattr(self.scenario.scenes.get(str(scene_id)), "max_turns", None)
                if clock:
                    return [message(self.lang, "template.turn_of", turn=turn, turns=clock)]
                return [message(self.lang, "template.turn", turn=turn)]
            case ev.ActionsDeclared(character=character):  # an extra action bought with Rage or Celerity (powers.py)
                from narrator.storyteller.powers import declared_line

                return declared_line(self.lang, self._name(view, str(character)), data, str(view.get("book")))
            case ev.RollResolved(character=character, category=category):
                return self._result_lines(view, data, str(character), str(category))
            case ev.ContestResolved():
                return self._contest_lines(view, data)
            case ev.TeamResolved():
                return self._team_lines(view, data)
            case ev.InitiativeRolled(order=order):
                names = ", ".join(self._name(view, c) for c in order)
                return [message(self.lang, "template.initiative", order=names)]
            case ev.AttackRolled(character=character, net=net) if net < 1:
                line = self._fresh(view, "misses", name=self._name(view, str(character)))
                return [line] if line else []
            case ev.Wounded():  # a hit: what it did, as the dice say (a soaked blow wounds nobody: playtest 17)
                told = self._fresh(view, "wounds" if int(data.get("wounds") or 0) else "glances",
                                   name=self._name(view, str(data["defender"])),
                                   by=self._name(view, str(data["character"])))
                return [*([told] if told else []), self._wound_line(view, data)]
            case ev.StoryEnded(ending=ending_id):
                return self._ending_lines(view, str(ending_id))
        return []

    def _ending_lines(self, view: View, ending_id: str) -> list[str]:
        """«Time runs out» if the clock ended it, who fell if nobody can act (playtest 17), the ending, its
        epilogue, «THE END»."""
        timed = self._time_out(f"end:{ending_id}")
        ending = self.scenario.endings.get(ending_id)
        fell = [self._fallen_line(view)] if ending_id in (FALLEN, self.scenario.fallen) else []
        end = message(self.lang, "template.the_end")
        if ending is None and ending_id == FALLEN:  # no ending of the scenario's own: the table's words
            return [*timed, *fell, message(self.lang, "template.fallen_end"), end]
        if ending is None:
            return [*timed, ending_id, end]
        epilogue = [message(self.lang, "template.epilogue", text=ending.epilogue.get(self.lang))] \
            if ending.epilogue else []
        return [*timed, *fell, ending.text.get(self.lang), *epilogue, end]

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
            # a deed no approach lists: the scene's words
            lines += improvised_lines(self, view, str(data["task"]), outcome, name,
                                      character_gender(self.lang, character, view))
        if data.get("action") == "extended" and data.get("target"):
            reset = message(self.lang, "template.progress_reset") if data.get("reset") else ""
            lines.append(self._progress(data, "template.progress") + reset)
        return lines

    def _progress(self, data: Mapping[str, Any], key: str) -> str:
        """«Прогресс: 4 успеха из 3 нужных — цель достигнута» (was «Прогресс: 4/3»: what it counted, unsaid)."""
        total, target = int(data.get("total") or 0), int(data.get("target") or 0)
        done = message(self.lang, "template.progress_done") if total >= target else ""
        return message(self.lang, key, got=plural(self.lang, "successes", total), target=target) + done

    def _contest_lines(self, view: View, data: Mapping[str, Any]) -> list[str]:
        winner = data.get("winner")
        if winner is None:
            said = self._fresh(view, "deadlock")
        else:
            said = self._fresh(view, "prevails", name=self._name(view, str(winner)), net=data.get("net"))
        lines = [said] if said else []
        if data.get("target"):  # each side's successes toward the target, in words (was «0 : 1 / 2»)
            lines.append(message(self.lang, "template.contest_score", me=self._name(view, str(data["character"])),
                                 them=self._name(view, str(data.get("opponent", ""))),
                                 mine=plural(self.lang, "successes", int(data.get("total") or 0)),
                                 theirs=plural(self.lang, "successes", int(data.get("opponent_total") or 0)),
                                 target=plural(self.lang, "successes", int(data["target"]))))
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
            lines.append(self._progress(data, "troupe.team_progress"))
            outcome = "success" if data.get("status") == "complete" else outcome if outcome == "botch" else ""
        if approach and outcome in approach.says:
            own = self._once(view, approach.says[outcome].get(self.lang))  # type: ignore[index]
            lines += [own] if own else []
        return lines

    def _time_out(self, target: str) -> list[str]:
        """«Time runs out: …» when the scene's clock (not a roll or a choice) moved the story to ``target``, and
        one line of what became of that scene's stake: its ``timeout_says``, else (unless an ending follows and
        tells it) the stake said lost (``template.stake_lost``; playtest 17: «nobody says whether Aimery was
        hanged»)."""
        ran_out, self.clock_ran_out = self.clock_ran_out, None
        if ran_out != target:
            return []
        left = self.scenario.scenes.get(self.clock_scene or "")
        outcome = ""
        if left is not None and left.timeout_says is not None:
            outcome = left.timeout_says.get(self.lang)
        elif left is not None and left.stakes is not None and not target.startswith("end:"):  # an ending tells it
            stakes = left.stakes.get(self.lang)
            outcome = message(self.lang, "template.stake_lost", stakes=stakes[:1].lower() + stakes[1:])
        return [line for line in (message(self.lang, "template.time_out"), outcome) if line]

    def _fallen_line(self, view: View) -> str:
        """«No one is left who can act: Elias Pruitt, dead.» (before the scenario's ``fallen`` ending, or the table's
        own words of :data:`FALLEN`)."""
        who = message(self.lang, "template.fallen_sep").join(
            message(self.lang, "template.fallen_who", name=self._name(view, pc),
                    health=health_name(self.lang, str(self._char(view, pc).get("health", "")),
                                       character_gender(self.lang, pc, view)))
            for pc in self.pcs(view))
        return message(self.lang, "template.fallen", who=who)

    def _wound_line(self, view: View, data: Mapping[str, Any]) -> str:
        name = self._name(view, str(data["defender"]))
        health = health_name(self.lang, str(data["health"]), character_gender(self.lang, str(data["defender"]), view))
        key = "template.wound" if int(data.get("wounds") or 0) else "template.no_wound"  # never «takes 0 damage»
        return message(self.lang, key, name=name, damage=data["damage"], soaked=data["soaked"],
                       wounds=data["wounds"], health=health)


OPENS = (ev.TurnBegun, ev.SceneBegun, ev.StoryEnded)
"""What a move that ends a turn opens: the next turn, or, on a scene's last turn, the next scene or the end."""


def said_before_turn(events: Sequence[Event]) -> list[Event]:
    """The Storyteller's words beside a move told before the turn that move opens: a question answered
    without a roll ends the speaker's turn, and its answer belongs to that turn, not under «— turn 3 —»; on
    the scene's last turn, before «Time runs out» and the next scene (or the end) it brings (playtest 16)."""
    said = [e for e in events if e.kind == "narration" and e.data.get("by") == HOST]  # a table's line, untyped
    turn = next((i for i, e in enumerate(events) if isinstance(e.payload, OPENS)), None)
    if not said or turn is None or events.index(said[0]) < turn:
        return list(events)
    rest = [e for e in events if not any(e is s for s in said)]
    at = next(i for i, e in enumerate(rest) if isinstance(e.payload, OPENS))
    return [*rest[:at], *said, *rest[at:]]
