"""A teamwork task is one task: whoever adds to it, alone or together, adds to one progress.

Rule: «персонажи могут работать сообща, собирая требуемые успешные баллы» (seeds/002_066846aa780a4bc4.txt:L227);
«Вся стая или её часть может объединить усилия, чтобы набрать необходимые успехи»
(seeds/003_f0eb31a77e5e4bcd.txt:L116). A character who declined to help and then tries the same task
alone is not starting a task of their own: the successes the task needs stay one count.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from narrator.agents.base import Request, Seat
from narrator.rules.storyteller import NextTurn, Roll, Teamwork

from narrator.storyteller.play import run
from narrator.storyteller.seat import parse_choice
from narrator.storyteller.template import PASS, Choice
from tests.storyteller.helpers import act, rejection, sheet, table
from tests.storyteller.troupe_support import PLAN, canary_ruth

ROPER = sheet("roper", attrs={"strength": 3}, abilities={"athletics": 2})   # Strength + Athletics = 5
HAULER = sheet("hauler", attrs={"strength": 2}, abilities={"athletics": 2})  # 4
BELL = {"traits": ("strength", "athletics"), "difficulty": 7, "action": "extended", "task": "raise-bell",
        "target": 6, "team_task": True}


def test_a_team_task_rolled_alone_and_together_keeps_one_total() -> None:
    state = table("dark_ages", ROPER, HAULER)
    state, events = act(state, Roll(character="roper", **BELL), (8, 9, 2, 2, 2))  # roper alone: 2
    assert events[-1].data["total"] == 2
    state, _ = act(state, NextTurn())
    state, events = act(state, Roll(character="hauler", **BELL), (7, 2, 2, 2))  # the other alone: 2 + 1
    assert (events[-1].data["total"], events[-1].data["target"]) == (3, 6)
    state, _ = act(state, NextTurn())
    together = Teamwork(members=("roper", "hauler"), traits=(BELL["traits"],) * 2, difficulty=7, task="raise-bell",
                        target=6)
    state, events = act(state, together, (8, 8, 2, 2, 2) + (9, 2, 2, 2))  # together: 3 + 2 + 1
    assert (events[-1].data["total"], events[-1].data["status"]) == (6, "complete")
    state, _ = act(state, NextTurn())
    assert rejection(state, Roll(character="hauler", **BELL)) == "TASK_CLOSED"  # done for everyone


def test_a_task_of_ones_own_is_still_counted_per_character() -> None:
    """Without ``team_task`` each character's roll of a task is their own attempt (retries, totals)."""
    own = {**BELL, "team_task": False}
    state = table("dark_ages", ROPER, HAULER)
    state, _ = act(state, Roll(character="roper", **own), (8, 9, 2, 2, 2))
    state, events = act(state, Roll(character="hauler", **own), (7, 2, 2, 2))
    assert events[-1].data["total"] == 1


class DeclineThenAlone(Seat):
    """The waystation as :data:`PLAN` plays it; on the grade Ruth starts mending the wheel and Elias declines
    to help, then Ruth holds back and Elias mends it alone."""

    name = "decline-then-alone"
    max_attempts: int | None = None

    def act(self, request: Request) -> Choice:
        view: Any = request.view
        options = list(request.options)
        if int(view.get("scene_count") or 0) == 1:
            parsed = parse_choice(PLAN.get((1, request.seat), "1"), options, request.seat)
            assert isinstance(parsed, Choice)
            return parsed
        if options[0].joins:  # asked to help: decline
            return Choice(actor=request.seat, approach=PASS, joins=True)
        if request.seat == 0 and int(view["turn"]) > 1 and any(o.approach == "mend-wheel" for o in options):
            return Choice(actor=0, approach=PASS)
        mend = next((o for o in options if o.approach == "mend-wheel"), options[0])  # past the grade: the first
        return Choice(actor=request.seat, approach=mend.approach)


@pytest.mark.parametrize("lang", ["en", pytest.param("ru", marks=pytest.mark.slow)])
def test_who_declined_to_help_and_then_mends_alone_adds_to_the_same_wheel(tmp_path: Path, lang: str) -> None:
    from narrator.storyteller.play import new_table

    path = tmp_path / "decline.jsonl"
    game = new_table("wild_west", sheets=[canary_ruth(), "elias"], lang=lang, seed=4, transcript=path,
                     say=lambda _line: None, scenario="last-stage-to-bitter-creek",
                     players=[DeclineThenAlone(), DeclineThenAlone()])
    run(game, lambda _line: None)
    records = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]
    declined = [r for r in records if r["kind"] == "answer" and r["payload"].get("joins")]
    assert declined and all(r["payload"]["approach"] == PASS for r in declined)
    mended = [r["data"] for r in records if r.get("event") == "roll_resolved" and r["data"].get("task") == "mend-wheel"]
    by = [m["character"] for m in mended]
    assert by[:2] == ["ruth", "elias"], by  # Ruth alone (Elias declined), then Elias alone
    first, second = mended[0], mended[1]
    expected = 0 if second["reset"] else first["total"] + second["net"]
    assert second["total"] == expected and second["target"] == 5  # one wheel, one count
