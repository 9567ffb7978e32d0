"""Streamed prose on the web table's pages (``narrator.web.drafts``).

1. A bot's accusation, written by the embedded SmolLM2 model, streams into the pages over their
   WebSocket as growing drafts, then the finished line arrives in the move's update; the transcript
   holds only the finished text. Replayed from ``web_streamed_accusation.yaml`` (the server's
   server-sent events, recorded); re-record with ``NARRATOR_LLM_RECORD=1 python -m pytest
   tests/web/test_streaming.py -m record`` (``NARRATOR_LLM_RECORD_URLS`` to use a running server).
2. The canary: drafts reach a page only if its viewer may see the finished line. Its streaming seat
   is **testing machinery only** (:class:`CanaryStreamer` writes markers through the same
   ``Display`` protocol the model's calls use); no model is involved.
"""

from __future__ import annotations

import html
import itertools
import json
import os
from typing import Any

import pytest
import vcr
from narrator.agents.base import Request, Seat
from narrator.agents.llm.streaming import current_display
from narrator.rules.core import Action

from narrator.web.bots import register_bot
from tests.llm.conftest import CASSETTES, RECORDING, cassette_vcr, local_model_url, loopback_only, no_network, replay  # noqa: F401
from tests.llm.support import MODEL, OFFLINE_URL
from tests.web.conftest import Tables, as_seat, token_of

NAME = "web_streamed_accusation"
SPEAKING = ("accuse", "speak")


def model_env(monkeypatch: pytest.MonkeyPatch, base_url: str) -> None:
    """The web's ``llm`` bot reads the configured endpoint from the environment (the same request
    bodies when recording and replaying; only the URL and the waits differ)."""
    monkeypatch.setenv("NARRATOR_CONFIG", os.devnull)
    for name, value in {"OPENAI_BASE_URL": base_url, "OPENAI_API_KEY": "local", "NARRATOR_LLM_MODEL": MODEL,
                        "NARRATOR_LLM_MAX_TOKENS": "80", "NARRATOR_LLM_TEMPERATURE": "0.7",
                        "NARRATOR_LLM_MAX_RETRIES": "0", "NARRATOR_LLM_PARALLEL": "1",
                        "NARRATOR_LLM_STREAM": "true",
                        "NARRATOR_LLM_TIMEOUT": "900" if RECORDING else "30",
                        "NARRATOR_LLM_DECISION_DEADLINE": "1800" if RECORDING else "60"}.items():
        monkeypatch.setenv(name, value)


SPEECH = "I watched this town all night, and I trust none of you yet; speak plainly now."
"""What the machinery endpoint streams as a speech (a sentence every speech check lets through)."""


def streamed_speech(handler: Any) -> None:
    """Testing machinery only: an OpenAI-style server-sent stream of one ``choose_move`` call accusing P1
    (never the speaker, P0 at seed 5) of darkness by legend with :data:`SPEECH`, its arguments cut into pieces
    of 12 characters, as a streaming server sends them (only the accusation is asked of the model here)."""
    words = json.dumps({"target": "P1", "charge": "dark", "basis": "legend", "speech": SPEECH})
    pieces = [words[i:i + 12] for i in range(0, len(words), 12)]
    def chunk(delta: dict[str, Any], finish: str | None = None) -> str:
        return "data: " + json.dumps({"id": "c", "object": "chat.completion.chunk", "created": 0, "model": "fault-model",
                                      "choices": [{"index": 0, "delta": delta, "finish_reason": finish}]}) + "\n\n"
    body = chunk({"role": "assistant", "tool_calls": [{"index": 0, "id": "call_1", "type": "function",
                                                       "function": {"name": "choose_move", "arguments": ""}}]})
    body += "".join(chunk({"tool_calls": [{"index": 0, "function": {"arguments": piece}}]}) for piece in pieces)
    body += chunk({}, "tool_calls") + "data: [DONE]\n\n"
    data = body.encode()
    handler.send_response(200)
    handler.send_header("Content-Type", "text/event-stream")
    handler.send_header("Content-Length", str(len(data)))
    handler.end_headers()
    handler.wfile.write(data)


@pytest.mark.slow
def test_a_streamed_speech_reaches_the_pages_then_its_line(tables: Tables, monkeypatch: pytest.MonkeyPatch,
                                                           loopback_only: None) -> None:  # noqa: F811
    """The kept path on testing machinery (a fake streaming endpoint on 127.0.0.1, no model): the pages get
    growing drafts, the draft's end (kept), then the finished line; the transcript has the finished text."""
    from tests.llm.faults import FakeEndpoint

    with FakeEndpoint(streamed_speech) as endpoint:
        model_env(monkeypatch, endpoint.base_url)
        monkeypatch.setenv("NARRATOR_LLM_MODEL", "fault-model")
        result = streamed_accusation(tables)
    assert result["speaker"] == 0
    check(result)
    assert SPEECH.split(";")[0] in result["said"][0]["payload"]["text"]


def to_first_speech(tables: Tables) -> tuple[dict[str, Any], Any, int]:
    """An 8-seat battaglia table of people; scripted bots play it (server side) until a seat's move
    accuses (the day's speeches go by: asked for a free speech, SmolLM2 answered 'pass' in three
    recordings; an accusation names a seat). Returns the table's links, the table and that seat;
    every seat is still a person's."""
    from narrator.agents.battaglia import BattagliaBot
    from narrator.agents.battaglia.texts import Table as Words

    from narrator.web.bots import HumanSeat

    created = tables.create(game="battaglia", options={"players": 8}, bot_seats=[], language="en", seed=5)
    table = tables.manager.get(created["table"])
    session = table.session
    words = Words.for_game(5, 8, "en")
    bots = {seat: BattagliaBot(5, seat, words) for seat in range(8)}
    session.agents.update(bots)
    for _ in range(500):
        active = [s for s in session.game.active_players(session.state) if s in bots]
        speaker = next((s for s in active if any(a.kind == "accuse" for a in session.game.legal_actions(
            session.state, s))), None)
        if speaker is not None:
            break
        assert session.step()
    else:
        raise AssertionError("no speech came up")
    for seat in range(8):  # people again: the table waits for them after the model's move
        session.agents[seat] = HumanSeat()
    return created, table, speaker


def read_until_pong(socket: Any) -> list[dict[str, Any]]:
    """Every message a page got until now (the pong comes after every message sent before it)."""
    socket.send_text("ping")
    messages = []
    while (message := socket.receive_json())["type"] != "pong":
        messages.append(message)
    return messages


def streamed_accusation(tables: Tables) -> dict[str, Any]:
    created, table, speaker = to_first_speech(tables)
    other = (speaker + 1) % 8
    table.record.seats[speaker].bot_kind = "llm"
    pages = {"own": f"/ws/t/{created['table']}/seat/{speaker}", "other": f"/ws/t/{created['table']}/seat/{other}",
             "public": f"/ws/t/{created['table']}/host"}
    tokens = {"own": created["seats"][speaker]["url"], "other": created["seats"][other]["url"],
              "public": created["host_url"]}
    got: dict[str, list[dict[str, Any]]] = {}
    with tables.client.websocket_connect(pages["own"], headers=as_seat(token_of(tokens["own"]))) as own, \
            tables.client.websocket_connect(pages["other"], headers=as_seat(token_of(tokens["other"]))) as seat, \
            tables.client.websocket_connect(pages["public"], headers=as_seat(token_of(tokens["public"]))) as public:
        sockets = {"own": own, "other": seat, "public": public}
        for socket in sockets.values():
            read_until_pong(socket)  # the reset and the first panels
        tables.client.portal.call(table.set_controller, speaker, "bot")  # type: ignore[union-attr]
        tables.settle(created["table"])
        for name, socket in sockets.items():
            got[name] = read_until_pong(socket)
    records = [json.loads(line) for line in tables.manager.transcript_path(created["table"]).read_text(
        encoding="utf-8").splitlines()]
    said = [r for r in records if r.get("kind") == "action" and r.get("actor") == speaker
            and r["payload"].get("kind") in SPEAKING]
    return {"messages": got, "records": records, "said": said, "speaker": speaker}


def replayed(name: str, play: Any, tables: Tables, replay: vcr.VCR,  # noqa: F811 (the fixture, passed on)
             monkeypatch: pytest.MonkeyPatch) -> Any:
    """``play(tables)`` against the cassette ``name``, every recorded call played once."""
    model_env(monkeypatch, OFFLINE_URL)
    with replay.use_cassette(f"{name}.yaml", allow_playback_repeats=False) as cassette:
        result = play(tables)
    assert cassette.all_played
    return result


def recorded(name: str, play: Any, tables: Tables, monkeypatch: pytest.MonkeyPatch, url: str) -> Any:
    """``play(tables)`` against the model at ``url``, written afresh to the cassette ``name``."""
    model_env(monkeypatch, url)
    (CASSETTES / f"{name}.yaml").unlink(missing_ok=True)
    with cassette_vcr("all").use_cassette(f"{name}.yaml"):
        return play(tables)


def check(result: dict[str, Any]) -> None:
    assert result["said"], "the model's seat spoke"
    finished = result["said"][0]["payload"]["text"]
    assert result["said"][0]["notes"]["by"].startswith("llm:"), "the model's words, not the scripted bot's"
    for page, messages in result["messages"].items():
        kinds = [m["type"] for m in messages]
        drafts = [m["text"] for m in messages if m["type"] == "draft"]
        assert len(drafts) >= 3, f"{page}: the speech arrived in several pieces"
        assert all(b.startswith(a[: max(0, len(a) - 1)]) for a, b in itertools.pairwise(drafts)), \
            f"{page}: each draft extends the one before"
        ends = [m for m in messages if m["type"] == "draft_end"]
        assert ends and ends[-1]["kept"] is True
        assert kinds.index("draft") < kinds.index("draft_end") < max(
            i for i, m in enumerate(messages) if m["type"] == "update"), f"{page}: drafts, their end, then the line"
        last_update = [m for m in messages if m["type"] == "update" and any(
            html.escape(finished[:40]) in line for line in m["events"])]
        assert last_update, f"{page}: the finished line came with the move's update"
        spoken = " ".join(drafts[-1].split())
        assert finished.startswith(spoken[:40]), "the finished line is the kept draft (fitted to the speech band)"
    assert not any("draft" in json.dumps(r) for r in result["records"] if r.get("kind") != "llm_call"), \
        "the transcript records the finished text only"


@pytest.mark.slow
def test_replayed(tables: Tables, replay: vcr.VCR, monkeypatch: pytest.MonkeyPatch) -> None:  # noqa: F811
    check(replayed(NAME, streamed_accusation, tables, replay, monkeypatch))


@pytest.mark.record
def test_record(tables: Tables, monkeypatch: pytest.MonkeyPatch, local_model_url: str) -> None:  # noqa: F811
    check(recorded(NAME, streamed_accusation, tables, monkeypatch, local_model_url))


# -- the canary: who may see a draft ----------------------------------------------------------------

WHISPER, HOST_SECRET, PUBLIC_SPEECH = "CANARY-WHISPER-7f3a", "CANARY-HOST-0c1d", "CANARY-SPEECH-9e2b"


class CanaryStreamer(Seat):
    """Testing machinery only: on every move it streams three marker drafts through the current
    display (as a model's call would), a whisper, a role nobody classified, a public speech, then
    makes the first legal move. No model is involved."""

    name = "canary"

    def __init__(self, seat: int) -> None:
        self.seat = seat

    def act(self, request: Request) -> Action:
        display = current_display()
        assert display is not None, "the table streams its steps"
        for key, (role, text) in enumerate([("battaglia-whisper", WHISPER), ("battaglia-secret-notes", HOST_SECRET),
                                            ("battaglia-accuse", PUBLIC_SPEECH)]):
            display.begin(1000 + key, request.seat, role)
            display.draft(1000 + key, text[:9])
            display.draft(1000 + key, text)
            display.end(1000 + key, True)
        return request.legal[0]


register_bot("canary-streamer", lambda game, seat, seed: CanaryStreamer(seat), game="battaglia",
             label="testing machinery: streams marker drafts")


@pytest.mark.parametrize("host", ["human", pytest.param("bot", marks=pytest.mark.slow)])
def test_a_draft_reaches_only_the_pages_that_may_see_its_line(tables: Tables, host: str) -> None:
    """With a human moderator the host page has the host's knowledge; else it is the public's."""
    created = tables.create(game="battaglia", options={"players": 6}, bot_seats=[], language="en", seed=3,
                            host=host)
    table = tables.manager.get(created["table"])
    writer = next(s for s in table.waiting_for() if s >= 0)  # a seat the night asks now
    table.record.seats[writer].bot_kind = "canary-streamer"
    others = [s for s in range(6) if s != writer][:2]
    urls = {f"seat {s}": (f"/ws/t/{created['table']}/seat/{s}", created["seats"][s]["url"]) for s in [writer, *others]}
    urls["host page"] = (f"/ws/t/{created['table']}/host", created["host_url"])
    got: dict[str, str] = {}
    sockets = {name: tables.client.websocket_connect(path, headers=as_seat(token_of(url)))
               for name, (path, url) in urls.items()}
    try:
        opened = {name: socket.__enter__() for name, socket in sockets.items()}
        for socket in opened.values():
            read_until_pong(socket)
        tables.client.portal.call(table.set_controller, writer, "bot")  # type: ignore[union-attr]
        tables.settle(created["table"])
        for name, socket in opened.items():
            got[name] = json.dumps([m for m in read_until_pong(socket) if m["type"].startswith("draft")])
    finally:
        for socket in sockets.values():
            socket.__exit__(None, None, None)
    mine = got[f"seat {writer}"]
    assert WHISPER in mine and PUBLIC_SPEECH in mine, "the writer sees its own whisper and its public speech"
    for other in others:
        assert PUBLIC_SPEECH in got[f"seat {other}"], "a public speech streams to every seat"
        assert WHISPER not in got[f"seat {other}"], "another seat never sees a whisper being written"
    for name, sent in got.items():
        if name != "host page":
            assert HOST_SECRET not in sent, f"{name}: a host-only draft reached a seat"
    assert PUBLIC_SPEECH in got["host page"]
    if host == "human":
        assert HOST_SECRET in got["host page"] and WHISPER in got["host page"], "the moderator knows all"
    else:
        assert HOST_SECRET not in got["host page"] and WHISPER not in got["host page"], "the public page: public only"


def test_the_ten_candles_llm_kind_gives_the_gm_a_model_storyteller(monkeypatch: pytest.MonkeyPatch) -> None:
    """The ``llm`` Ten Candles table: the GM's words from the configured model (its narration streams
    like a bot's speech), the template under it; no endpoint, the template alone."""
    from narrator.agents.ten_candles.llm_storyteller import LLMStoryteller
    from narrator.rules.core import HOST
    from narrator.rules.registry import get_game

    from narrator.ten_candles.storyteller import TemplateStoryteller
    from narrator.web.bots import BotContext, make_bot

    game = get_game("ten-candles")
    model_env(monkeypatch, OFFLINE_URL)
    gm = make_bot("llm", game, HOST, 3, BotContext("ru"))
    assert isinstance(gm.voice, LLMStoryteller) and isinstance(gm.voice.fallback, TemplateStoryteller)
    assert gm.voice.lang == "ru"
    written: list[dict[str, Any]] = []
    gm.bind_calls(written.append)
    assert gm.voice._records is not None
    monkeypatch.delenv("OPENAI_BASE_URL")
    monkeypatch.delenv("OPENAI_API_KEY")
    offline = make_bot("llm", game, HOST, 3, BotContext("en"))
    assert isinstance(offline.voice, TemplateStoryteller)
    assert type(make_bot("llm", game, 0, 3, BotContext("en"))).__name__ == "VariedSurvivor"
