"""The model Storyteller sets a troupe's contests and teamwork rolls; the kernel judges every one.

Machinery only (tests/llm/faults.py's rule): the fake endpoint answers each structured request with
the first legal-looking value its schema offers, so the test is about what the table does with an
answer (the model's traits reach the kernel, a refusal goes back to the model, the result is told by
the model), not about how well a model answers: that is the recorded real traffic of
``test_troupe_cassette.py``.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import httpx2
import pytest
from narrator.rules.replay import replay

from narrator.storyteller import play as template_play
from narrator.storyteller.llm_play import attach_llm
from tests.llm import faults
from tests.storyteller.test_llm_roles import OFFLINE_URL, settings
from tests.storyteller.troupe_support import PlanPlayer, troupe_table

TOLD = "The moment turns on a breath, and the story moves on."


def schema_answer(request: httpx2.Request, wrong_first: set[str]) -> httpx2.Response:
    """A function call filling the request's schema: enums' first values, a told text.

    The first contest answer of the game names an Attribute the sheet does not have (the schema
    refuses it), so the way back to the model with the reason is exercised too.
    """
    body = json.loads(request.content)
    function = body["tools"][0]["function"]
    name, schema = function["name"], function["parameters"]
    defs = schema.get("$defs", {})
    arguments: dict[str, Any] = {}
    for field, spec in schema["properties"].items():
        items = spec.get("items", {})
        items = defs.get(items.get("$ref", "").rsplit("/", 1)[-1], items)
        if "enum" in items:
            arguments[field] = [items["enum"][0]]
        elif "enum" in spec or "const" in spec:
            arguments[field] = spec.get("const", (spec.get("enum") or [None])[0])
        elif spec.get("type") == "integer":  # a plain roll's difficulty
            arguments[field] = 6
        else:
            arguments[field] = TOLD
    if name == "request_contest" and name not in wrong_first:
        wrong_first.add(name)
        arguments["attribute"] = "whittling"
    return httpx2.Response(200, json=faults.completion(arguments=json.dumps(arguments), name=name))


@pytest.mark.slow  # a whole troupe scene through the model path (~3 s)
def test_the_model_sets_the_contest_and_the_teamwork_roll_and_tells_their_results(tmp_path: Path,
                                                                                  no_network: None) -> None:
    path = tmp_path / "troupe.jsonl"
    said: list[str] = []
    wrong: set[str] = set()
    prompts: list[str] = []

    def answer(request: httpx2.Request) -> httpx2.Response:
        prompts.append(json.loads(request.content)["messages"][-1]["content"])
        return schema_answer(request, wrong)

    table = troupe_table(path, "en", said.append)
    table, _voice = attach_llm(table, settings(OFFLINE_URL), PlanPlayer(), said.append,
                               http_client=faults.client(answer))
    template_play.run(table, said.append, max_moves=40)
    records = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]
    actions = [r for r in records if r["kind"] == "action" and r["payload"]["kind"] in ("resisted", "teamwork")]
    contest = next(r for r in actions if r["payload"]["kind"] == "resisted")
    team = next(r for r in actions if r["payload"]["kind"] == "teamwork")
    assert contest["notes"]["by"].startswith("llm:") and team["notes"]["by"].startswith("llm:")
    # the model's pools and difficulties (the schema's first: strength + alertness at 2), the table's
    # sides, members and task
    assert (contest["payload"]["character"], contest["payload"]["opponent"]) == ("ruth", "elias")
    assert contest["payload"]["traits"] == contest["payload"]["opponent_traits"] == ["strength", "alertness"]
    assert contest["payload"]["difficulty"] == contest["payload"]["opponent_difficulty"] == 2
    assert team["payload"]["members"] == ["ruth", "elias", "hattie"] and team["payload"]["target"] == 5
    assert team["payload"]["traits"] == [["strength", "alertness"]] * 3 and team["payload"]["difficulty"] == 2
    calls = [r for r in records if r["kind"] == "llm_call"]
    contest_calls = [c["outcome"] for c in calls if c["role"] == "storyteller-contest"]
    assert contest_calls[:2] == ["invalid", "ok"]  # the wrong Attribute was refused, the model re-asked
    assert "storyteller-teamwork" in {c["role"] for c in calls}
    # the model was asked to tell both results, from the contest's acting side and for the whole team
    assert any("Halloran, against Elias Pruitt tried:" in p for p in prompts)
    assert any("Elias Pruitt, Hattie Crane, together tried:" in p for p in prompts)
    assert not [r for r in records if r["kind"] == "fallback"]
    assert not replay([json.dumps(r) for r in records]).errors
