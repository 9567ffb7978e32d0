"""Shared by the typed-intent tests: a Storyteller table at its first scene, the player typing words."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from narrator.agents.llm import LLMSettings, load_settings
from narrator.rules.core import HOST
from narrator.rules.storyteller.actions import BeginScene

from narrator.storyteller import play as template_play
from narrator.storyteller.llm_play import attach_llm
from narrator.storyteller.seat import ScriptedPlayer

MODEL = "smollm2-135m-instruct"
OFFLINE_URL = "http://127.0.0.1:9/v1"


def settings(base_url: str, **overrides: Any) -> LLMSettings:
    values = {"temperature": 0.7, "max_retries": 1, "retry_wait_max": 0.0, "timeout": 900.0,
              "decision_deadline": 900.0, **overrides}
    return load_settings(**values).for_local(base_url, MODEL)


def records(path: Path) -> list[dict[str, Any]]:
    # "\n" alone ends a transcript line: str.splitlines also breaks at U+0085 / U+2028 inside a typed intent
    return [json.loads(line) for line in path.read_text(encoding="utf-8").split("\n") if line]


def rule_on(intent: str, path: Path, *, book: str = "dark_ages", lang: str = "en", base_url: str | None = None,
            http_client: Any = None, seed: int = 3, scene: str | None = None,
            safety: Any = None, memory: str = "") -> dict[str, Any]:
    """Type ``intent`` at the first scene (or ``scene``); play until the Storyteller's move on it stands (or the player is
    asked again). ``base_url`` None: the template Storyteller alone. Returns the records and the seat."""
    said: list[str] = []
    player = ScriptedPlayer([intent], then="quit", lang=lang, free_intent=base_url is not None)
    table = template_play.new_table(book, character=None, lang=lang, seed=seed, transcript=path, player=player,
                                    say=said.append)
    if base_url is not None:
        table, _voice = attach_llm(table, settings(base_url), player, said.append, http_client=http_client,
                                   safety=safety)
        _voice.memory = memory  # a chronicle's bounded memory (empty outside one)
    session = table.session
    session.step()  # the opening scene
    if scene is not None and scene != session.state.scene:
        rejection = session.submit(BeginScene(scene=scene), notes={"by": "test: the scene of this intent"})
        assert rejection is None, rejection
    answered = False
    for _ in range(12):
        before = len(records(path)) if path.exists() else 0
        try:
            session.step()
        except EOFError:
            break
        new = records(path)[before:]
        answered = answered or any(r["kind"] == "answer" for r in new)
        if answered and any(r["kind"] == "action" and r.get("actor") == HOST and r["payload"]["kind"] != "begin_scene"
                            for r in new):
            break
    session.close()
    return {"records": records(path), "said": said, "player": player, "session": session,
            "voice": session.agents[HOST].voice if base_url is not None else None}


def verdict(found: list[dict[str, Any]]) -> dict[str, Any]:
    """What became of the typed intent: the Storyteller's move, who made it, the kernel's refusals."""
    answer = next(r for r in found if r["kind"] == "answer")
    after = found[found.index(answer):]
    move = next((r for r in after if r["kind"] == "action" and r["payload"]["kind"] != "begin_scene"), None)
    return {"intent": answer["payload"].get("intent"), "move": move and move["payload"],
            "by": move and move["notes"].get("by"), "ruling": move and move["notes"].get("ruling"),
            "rejected": [r["rejection"]["code"] for r in after if r["kind"] == "rejected"],
            "fallbacks": [r["reason"] for r in after if r["kind"] == "fallback"],
            "calls": [r for r in after if r["kind"] == "llm_call"]}
