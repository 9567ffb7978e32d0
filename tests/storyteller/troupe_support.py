"""A seeded troupe of three in "The Last Stage to Bitter Creek": a player that follows a plan keyed by
the moment (so a resumed game answers as the first run did), and a canary sheet for the secrecy tests."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from narrator.agents.base import Request, Seat
from narrator.rules.storyteller.sheet import Character, parse_sheet

from narrator.storyteller.play import Table, new_table
from narrator.storyteller.seat import parse_choice
from narrator.storyteller.template import Choice

SCENARIO = "last-stage-to-bitter-creek"
CANARY_TRAIT = "whittling"
"""An ability only the first character has and nobody rolls: it must never reach another seat."""
CANARY_WILLPOWER = 9

PLAN = {(1, 0): "2", (1, 1): "4", (2, 0): "1", (2, 1): "1", (2, 2): "1"}
"""(scene number, seat) -> the option typed: in the waystation Ruth plays poker against Elias (a contest
between two characters) and Elias boards the coach; on the grade Ruth starts mending the wheel and both
others join (teamwork of three). Everywhere else: option 1."""


def canary_ruth() -> Character:
    """Ruth with a canary ability and a Willpower no other sheet has."""
    return parse_sheet({
        "id": "ruth", "name": "Ruth \"Dry Creek\" Halloran", "book": "wild_west", "creature": "werewolf",
        "concept": "a tracker who came west with a surveyor's chain and stayed for the moon",
        "attributes": {"strength": 3, "dexterity": 3, "stamina": 3, "charisma": 2, "manipulation": 2,
                       "appearance": 2, "perception": 3, "intelligence": 2, "wits": 3},
        "abilities": {"alertness": 3, "athletics": 2, "brawl": 2, "crafts": 1, "dodge": 2, "empathy": 1,
                      "firearms": 2, "ride": 3, "stealth": 2, "subterfuge": 1, "survival": 3, "enigmas": 0,
                      CANARY_TRAIT: 3},
        "willpower": CANARY_WILLPOWER, "rage": 4, "gnosis": 3}, book="wild_west")


class PlanPlayer(Seat):
    """Answers by :data:`PLAN` (option 1 elsewhere, the next option after a refusal); stateless."""

    name = "plan-player"
    max_attempts: int | None = None

    def __init__(self, plan: Mapping[tuple[int, int], str] = PLAN) -> None:
        self.plan = plan

    def act(self, request: Request) -> Choice:
        options = list(request.options)
        view: Mapping[str, Any] = request.view if isinstance(request.view, Mapping) else {}
        typed = self.plan.get((int(view.get("scene_count") or 0), request.seat), "1")
        if request.rejection is not None:  # a refused request: the next option, so a plan never loops
            typed = str(min(int(typed.rstrip("wa")) + request.attempt, len(options)))
        parsed = parse_choice(typed, options, request.seat)
        assert isinstance(parsed, Choice), parsed
        return parsed


def troupe_table(path: Path, lang: str, say: Any, seed: int = 4, players: Any = None) -> Table:
    return new_table("wild_west", sheets=[canary_ruth(), "elias", "hattie"], lang=lang, seed=seed, transcript=path,
                     say=say, scenario=SCENARIO, players=players or [PlanPlayer(), PlanPlayer(), PlanPlayer()])
