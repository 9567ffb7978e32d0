"""The Storyteller's typed events (``rules/storyteller/events.py``): every kind the kernel emits has a class, and
every event of played games (both books, several seeds) and of a table driven through each move reads into its
class and writes back the same JSON, byte for byte; ``roll_requested``'s five shapes are told apart by their keys."""

from __future__ import annotations

import ast
import json
from pathlib import Path

from narrator.rules.core import PUBLIC, Event
from narrator.rules.storyteller import (
    BeginChapter,
    BeginScene,
    DeclareActions,
    Downtime,
    EndStory,
    NextTurn,
    Resisted,
    Roll,
    Teamwork,
)
from narrator.rules.storyteller import events as ev

from narrator.storyteller.play import new_table, run
from narrator.storyteller.seat import ScriptedPlayer
from tests.storyteller.helpers import act, sheet, table

ROOT = Path(__file__).resolve().parents[2]


def test_every_kind_the_kernel_emits_has_a_class() -> None:
    found = set()
    for path in (ROOT / "rules" / "storyteller").glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
                    and node.func.id in ("public", "private", "host_only")
                    and node.args and isinstance(node.args[0], ast.Constant)):
                found.add(node.args[0].value)
    assert len(found) >= 16 and found == ev.KINDS


def round_trips(kind: str, data: dict) -> type | None:
    """The class ``data`` reads into, when it writes back the same JSON."""
    payload = Event(kind, PUBLIC, data).payload
    same = payload is not None and payload.kind == kind and \
        json.dumps(payload.to_data(), ensure_ascii=False) == json.dumps(data, ensure_ascii=False)
    return type(payload) if same else None


def test_played_games_events_round_trip(tmp_path) -> None:
    seen = set()
    for book in ("dark_ages", "wild_west"):
        for seed in range(3):
            path = tmp_path / f"{book}-{seed}.jsonl"
            run(new_table(book, character=None, lang="en", seed=seed, transcript=path,
                          player=ScriptedPlayer(["1"], then="first"), say=lambda _: None), lambda _: None)
            for record in map(json.loads, path.read_text(encoding="utf-8").splitlines()):
                if record.get("kind") == "event":
                    cls = round_trips(record["event"], record["data"])
                    assert cls is not None, record
                    seen.add(cls)
    assert {ev.RollRequested, ev.ContestRequested, ev.AttackRequested, ev.RollResolved, ev.ContestResolved,
            ev.AttackRolled, ev.Wounded, ev.StoryEnded} <= seen


def test_every_move_of_a_driven_table_round_trips() -> None:
    """The moves the played scenarios do not make: chapters, downtime, declared actions, the rule of ten,
    teamwork (one-shot and extended), extended rolls and contests."""
    hall, ruth = sheet("hall", abilities={"brawl": 2}), sheet("ruth", abilities={"athletics": 2})
    state = table("dark_ages", hall, ruth, rule_of_ten=True)
    events = []
    for move, *dice in (
        (BeginChapter(),),
        (BeginScene(scene="yard"),),
        (Roll(character="hall", traits=("dexterity", "brawl")), (10, 3, 3, 3), (7,)),
        (Roll(character="ruth", traits=("wits",)), (8, 1)),
        (NextTurn(),),
        (Teamwork(members=("hall", "ruth"), traits=(("strength",), ("strength",)), difficulty=6, task="gate"),
         (7, 7, 2, 2)),
        (NextTurn(),),
        (Teamwork(members=("hall", "ruth"), traits=(("strength",), ("strength",)), difficulty=6, task="bell",
                  target=5), (7, 1, 2, 2)),
        (NextTurn(),),
        (Roll(character="ruth", traits=("stamina", "athletics"), action="extended", task="climb", target=4),
         (7, 7, 2, 2)),
        (NextTurn(),),
        (Resisted(character="hall", opponent="ruth", traits=("wits",), opponent_traits=("wits",), task="race",
                  target=3), (8, 8, 2, 2)),
        (NextTurn(),),
        (DeclareActions(character="hall", actions=(("dexterity", "brawl"), ("wits",))),),
        (Downtime(summary="a night passes"),),
        (EndStory(ending="dawn"),),
    ):
        state, more = act(state, move, *dice)
        events += more
    classes = {round_trips(e.kind, dict(e.data)) for e in events}
    assert None not in classes
    assert {ev.ChapterBegun, ev.ActionsDeclared, ev.TensRerolled, ev.TeamRequested, ev.TeamResolved,
            ev.DowntimeSpent, ev.StoryEnded} <= classes
    team = [e.payload for e in events if isinstance(e.payload, ev.TeamResolved)]
    assert [(t.status, t.failed_attempts, t.reset) for t in team] == [("decided", 0, None), ("open", None, False)]
