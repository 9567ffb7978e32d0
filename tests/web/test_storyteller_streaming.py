"""The model Storyteller at a Dark Ages / Wild West web table (bot kind ``llm``), its prose streamed.

1. Replayed from ``web_storyteller_streamed.yaml`` (the embedded SmolLM2's answers, recorded): a Dark Ages
   table whose host seat is the model Storyteller; the player chooses an approach on the seat page, the
   model asks the kernel for the roll and tells the result, and that narration reaches the seat's page as
   growing drafts before the finished line; the transcript keeps the model's calls and the finished text
   only. Re-record with ``NARRATOR_LLM_RECORD=1 python -m pytest tests/web/test_storyteller_streaming.py
   -m record`` (``NARRATOR_LLM_RECORD_URLS`` to use a running server).
2. Faults: with the endpoint unreachable the template Storyteller frames, rules and narrates, and the story
   is played to its end; every fallback is in the transcript.
"""

from __future__ import annotations

import itertools
import json
from typing import Any

import pytest
import vcr
from narrator.rules.core import HOST
from narrator.rules.registry import get_game
from narrator.rules.replay import decode_config

from narrator.web.bots import BotContext, make_bot
from tests.llm.conftest import CASSETTES, RECORDING, cassette_vcr, local_model_url, no_network, replay  # noqa: F401
from tests.llm.support import OFFLINE_URL
from tests.web.conftest import Tables, as_seat, token_of
from tests.web.test_storyteller import play_to_end
from tests.web.test_streaming import model_env, read_until_pong, recorded, replayed

NAME = "web_storyteller_streamed"
NARRATION_ROLES = ("storyteller-narration", "storyteller-frame")


def test_the_llm_kind_seats_a_model_storyteller_over_the_template(monkeypatch: pytest.MonkeyPatch) -> None:
    """With an endpoint the host seat is the model Storyteller (the table's scenario under it, its calls bound
    to the transcript); without one, the template Storyteller; a player seat a bot of the scripted kind."""
    from narrator.storyteller.llm import LLMStoryteller
    from narrator.web.adapters.storyteller import WebStoryteller, is_storyteller_bot, setup_options

    game = get_game("wild-west")
    config = decode_config(game, setup_options("wild-west", {"character": "ruth"}))
    model_env(monkeypatch, OFFLINE_URL)
    host = make_bot("llm", game, HOST, 3, BotContext("ru", config=config))
    assert is_storyteller_bot(host) and isinstance(host.voice, LLMStoryteller)
    assert host.voice.lang == "ru" and host.voice.template.scenario.id == config.scenario
    assert host.free_intent, "typed intents go to the model"
    written: list[dict[str, Any]] = []
    host.bind_calls(written.append)
    assert host.voice.records is not None
    monkeypatch.delenv("OPENAI_BASE_URL")
    monkeypatch.delenv("OPENAI_API_KEY")
    assert isinstance(make_bot("llm", game, HOST, 3, BotContext("en", config=config)), WebStoryteller)
    assert type(make_bot("llm", game, 0, 3, BotContext("en", config=config))).__name__ == "RandomBot"


def streamed_story(tables: Tables) -> dict[str, Any]:
    """A Dark Ages table with the model Storyteller; the seat page's messages while one approach is played."""
    created = tables.create(game="dark-ages", options={"character": "ysolde"}, names=["Anna"], seed=11,
                            bot_kind="llm")
    url = created["seats"][0]["url"]
    with tables.client.websocket_connect(f"/ws/t/{created['table']}/seat/0", headers=as_seat(token_of(url))) as page:
        read_until_pong(page)  # the reset and the first panels
        first = tables.state(created, 0)["table_moves"][0]["action"]
        response = tables.act(created, 0, first)
        assert response.status_code == 200, response.text
        messages = read_until_pong(page)
    records = [json.loads(line) for line in tables.manager.transcript_path(created["table"]).read_text(
        encoding="utf-8").splitlines()]
    return {"messages": messages, "records": records, "state": tables.state(created, 0)}


def check(result: dict[str, Any]) -> None:
    messages, records = result["messages"], result["records"]
    calls = [r for r in records if r.get("kind") == "llm_call"]
    assert calls and all(c["model"] for c in calls), "the model Storyteller's calls are in the transcript"
    drafts: dict[int, list[str]] = {}
    for m in messages:
        if m["type"] == "draft":
            drafts.setdefault(m["key"], []).append(m["text"])
    ends = {m["key"]: m["kept"] for m in messages if m["type"] == "draft_end"}
    kept = [texts for key, texts in drafts.items() if ends.get(key)]
    assert kept, f"a narration was streamed and kept (drafts {list(drafts.values())!r}, ends {ends})"
    texts = kept[-1]
    assert len(texts) >= 3, "the narration arrived in several pieces"
    assert all(b.startswith(a[: max(0, len(a) - 1)]) for a, b in itertools.pairwise(texts)), "each draft grows"
    told = [r["text"] for r in records if r.get("kind") == "narration" and r.get("by") == "storyteller"]
    spoken = " ".join(texts[-1].split())[:40]
    assert any(spoken in " ".join(t.split()) for t in told), "the finished line is the kept draft"
    kinds = [m["type"] for m in messages]
    last_end = max(i for i, m in enumerate(messages) if m["type"] == "draft_end")
    assert "update" in kinds[last_end:], "drafts first, then the move's update with the finished line"
    assert not any("draft" in json.dumps(r) for r in records if r.get("kind") != "llm_call"), \
        "the transcript records the finished text only"
    assert result["state"]["view"]["last"]["what"] in ("roll", "resisted"), "the kernel rolled the request"


@pytest.mark.slow
def test_replayed(tables: Tables, replay: vcr.VCR, monkeypatch: pytest.MonkeyPatch) -> None:  # noqa: F811
    check(replayed(NAME, streamed_story, tables, replay, monkeypatch))


@pytest.mark.record
def test_record(tables: Tables, monkeypatch: pytest.MonkeyPatch, local_model_url: str) -> None:  # noqa: F811
    check(recorded(NAME, streamed_story, tables, monkeypatch, local_model_url))


@pytest.mark.slow
def test_an_unreachable_model_leaves_the_template_telling_the_story(tables: Tables, no_network: None,  # noqa: F811
                                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    model_env(monkeypatch, OFFLINE_URL)
    created = tables.create(game="wild-west", options={"character": "ruth"}, seed=5, bot_kind="llm")
    play_to_end(tables, created)
    final = tables.state(created, 0)
    assert final["outcome"]["termination"] == "story_ended"
    records = [json.loads(line) for line in tables.manager.transcript_path(created["table"]).read_text(
        encoding="utf-8").splitlines()]
    fallbacks = [r for r in records if r.get("kind") == "fallback"]
    assert fallbacks and all(r["by"] == "template-storyteller" for r in fallbacks)
    assert not any(r.get("kind") == "llm_call" and r.get("completion_tokens") for r in records)
    told = [r["text"] for r in records if r.get("kind") == "narration" and r.get("by") == "storyteller"]
    assert any("THE END" in t for t in told), "the template told the ending"
