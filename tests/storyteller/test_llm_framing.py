"""The model frames every new scene (#11, docs/llm.md), bounded and checked against the table's lines and veils.

The model's own framing is on recorded traffic (``storyteller_dark_ages.yaml``, checked in
``test_llm_roles.py``); these tests are about the machinery around an answer (the bound, the lines,
the fallback to the scenario's text), so their answers come from :mod:`tests.llm.faults`.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from narrator.storyteller import play as template_play
from narrator.storyteller.llm import FRAME_CHARS, frame_problem
from narrator.storyteller.llm_play import attach_llm
from narrator.storyteller.safety import TableSafety
from narrator.storyteller.seat import ScriptedPlayer
from tests.llm import faults
from tests.storyteller.test_llm_roles import OFFLINE_URL, settings


def framed(path: Path, text: str, safety: TableSafety | None = None) -> dict[str, Any]:
    """The sample story's first move (its first scene begins) with a model that answers ``text`` to every call."""
    said: list[str] = []
    player = ScriptedPlayer(["1"], then="first")
    table = template_play.new_table("dark_ages", character=None, lang="en", seed=3, transcript=path, player=player,
                                    say=said.append)
    handler = faults.script(faults.answer(arguments=json.dumps({"text": text}), name="Prose"))  # every re-ask too
    table, voice = attach_llm(table, settings(OFFLINE_URL), player, said.append, http_client=faults.client(handler),
                              safety=safety)
    template_play.run(table, said.append, max_moves=1)
    records = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]
    scene = table.voice.template.scenario.scenes[table.voice.template.scenario.start].text.get("en")
    return {"records": records, "said": said, "scene": scene, "voice": voice}


def test_a_new_scene_is_told_in_the_models_framing(tmp_path: Path, no_network: None) -> None:
    """The scene's opening line is the model's text, not the template's; the transcript keeps it."""
    text = "Rain hammers the abbey roof as torches gutter; the monks whisper of the thing in the crypt."
    result = framed(tmp_path / "game.jsonl", text)
    narrations = [r["text"] for r in result["records"] if r["kind"] == "narration"]
    assert narrations and text in narrations[0] and result["scene"] not in narrations[0]
    assert text in result["said"]
    frames = [r for r in result["records"] if r["kind"] == "llm_call" and r["role"] == "storyteller-frame"]
    assert len(frames) == 1 and frames[0]["outcome"] == "ok"


@pytest.mark.slow
def test_a_framing_too_long_or_over_a_line_falls_back_to_the_scene_text(tmp_path: Path, no_network: None) -> None:
    """Refused with its reason, re-asked, then the scenario's own text is told and a fallback record says why."""
    long = "The night is long and the road is longer. " * 12
    assert frame_problem(long) and str(FRAME_CHARS) in str(frame_problem(long))
    for name, text, safety in (("long", long, None),
                               ("line", "A spider the size of a fist crawls from the altar toward you.",
                                TableSafety.parse("spiders", None))):
        result = framed(tmp_path / f"{name}.jsonl", text, safety)
        narrations = [r["text"] for r in result["records"] if r["kind"] == "narration"]
        assert result["scene"] in narrations[0] and text.strip() not in narrations[0], name
        fallback = next(r for r in result["records"] if r["kind"] == "fallback")
        assert fallback["role"] == "storyteller-frame" and fallback["reason"].startswith("illegal: "), fallback
