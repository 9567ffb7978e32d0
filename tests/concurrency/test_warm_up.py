"""Warm-ups: while one seat makes its accusation, the next accuser's prompt goes to its home server.

Machinery tests: the server is an ``httpx2.MockTransport`` that records what it is sent (no model answer is
faked: a warm-up's answer is never read), and the session's warm-ups are seen through a recording agent.
"""

from __future__ import annotations

import json
import time
from typing import Any

import httpx2
from narrator.agents import concurrency
from narrator.agents.base import Request
from narrator.agents.battaglia import BattagliaBot
from narrator.agents.battaglia.llm import BattagliaLLM
from narrator.agents.llm import UsageStats, load_settings
from narrator.agents.llm.client import chat_model
from narrator.agents.llm.slots import aslot, aslot_at, home
from narrator.rules.battaglia import GAME
from narrator.rules.core import CHANCE, HOST

from tests.battaglia.llm_helpers import drive_to, offers, scripted_session

A, B = "http://127.0.0.1:9011/v1", "http://127.0.0.1:9012/v1"


def two_servers(**update: Any):  # type: ignore[no-untyped-def]
    return load_settings().for_local(A, "m", more=(B,)).model_copy(update=update)


def test_a_seat_prefers_its_home_server_and_a_warm_up_never_queues() -> None:
    settings = two_servers()
    assert (home(settings, 0), home(settings, 1), home(settings, 2)) == (A, B, A)
    assert home(settings, HOST) == B and home(settings, CHANCE) is None  # the Storyteller keeps one server's cache
    assert home(settings.model_copy(update={"extra_base_urls": ()}), 1) is None  # one server: no homes
    routed: list[str | None] = []

    async def go() -> list[bool]:
        from narrator.agents.llm.slots import UPSTREAM

        got = []
        async with aslot(settings, seat=1):  # seat 1's home is B, though A is as free
            routed.append(UPSTREAM.get())
            async with aslot_at(settings, B) as free:  # B is busy: skipped at once, no waiting
                got.append(free)
            async with aslot_at(settings, A) as free:
                got.append(free)
                routed.append(UPSTREAM.get())
        return got

    assert concurrency.run(go()) == [False, True]
    assert routed == [B, A]


def test_a_freed_server_goes_to_the_seat_waiting_for_its_home_not_to_the_first_in_line() -> None:
    """Both servers busy; seat 1 (home B) waits, then seat 0 (home A). A comes free: seat 0 gets it, though seat 1
    has waited longer, because B will serve seat 1; when B comes free it goes to seat 1. A warm-up never takes a
    server a waiting call could have."""
    import asyncio

    from narrator.agents.llm.slots import UPSTREAM

    settings = two_servers()
    got: dict[int, str | None] = {}
    order: list[int] = []

    async def wait(seat: int) -> None:
        async with aslot(settings, seat=seat):
            got[seat] = UPSTREAM.get()
            order.append(seat)
            await asyncio.sleep(0.05)

    async def go() -> list[bool]:
        warm: list[bool] = []
        release_a, release_b = asyncio.Event(), asyncio.Event()

        async def hold(seat: int, release: asyncio.Event) -> None:
            async with aslot(settings, seat=seat):
                await release.wait()

        holders = [asyncio.create_task(hold(2, release_a)), asyncio.create_task(hold(3, release_b))]
        await asyncio.sleep(0.02)
        waiters = [asyncio.create_task(wait(1))]
        await asyncio.sleep(0.02)
        waiters.append(asyncio.create_task(wait(0)))
        await asyncio.sleep(0.02)
        release_a.set()
        await asyncio.sleep(0.02)
        async with aslot_at(settings, B) as free:  # B is still held, and seat 1 waits for it
            warm.append(free)
        release_b.set()
        await asyncio.gather(*holders, *waiters)
        return warm

    assert concurrency.run(go()) == [False]
    assert got == {0: A, 1: B}
    assert order == [0, 1]


class WarmRecorder(BattagliaBot):
    """A scripted bot that says it warms, and notes every warm-up the session sends it."""

    warms = True

    def __init__(self, *args: Any, log: list[tuple[int, int, str]], clock: list[int], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.log, self.clock = log, clock

    async def awarm(self, request: Request) -> bool:
        kinds = sorted({a.kind for a in request.legal})
        self.log.append((self.clock[0], request.seat, ",".join(kinds)))
        return True


def _bots_that_warm(session: Any, log: list[tuple[int, int, str]], clock: list[int]) -> None:
    for seat, bot in list(session.agents.items()):
        recorder = WarmRecorder.__new__(WarmRecorder)
        recorder.__dict__.update(bot.__dict__)
        recorder.log, recorder.clock = log, clock
        session.agents[seat] = recorder


def _accusations(session: Any, clock: list[int]) -> list[int]:
    """Step through day 1's accusations; returns the seats in the order they were asked."""
    asked = []
    for _ in range(400):
        active = GAME.active_players(session.state)
        if str(session.state.phase) != "accuse" and asked:
            break
        seat = min(active) if active else None
        if seat is not None and any(a.kind == "accuse" for a in GAME.legal_actions(session.state, seat)):
            asked.append(seat)
        clock[0] = len(asked)
        session.step()
    return asked


def test_the_session_warms_the_next_accuser_while_one_accuses_and_the_game_is_unchanged() -> None:
    plain, _ = scripted_session(8, 5)
    drive_to(plain, offers("accuse", "accuse"))
    warmed, _ = scripted_session(8, 5)
    drive_to(warmed, offers("accuse", "accuse"))
    log: list[tuple[int, int, str]] = []
    clock = [0]
    _bots_that_warm(warmed, log, clock)
    warmed.concurrency = plain.concurrency = 2
    asked = _accusations(warmed, clock)
    _accusations(plain, [0])
    time.sleep(0.1)  # the spawned warm-ups run on the agents' loop
    assert len(asked) >= 3
    # while each accuser was asked, the seat asked after it was warmed with an accusation prompt (the spawned
    # warm-ups run in the order they were sent); the last accuser's warm-up may guess a turn the day's limit
    # of accusations then cut off (the guess is a pass)
    warmed_accusers = [seat for _at, seat, kinds in log if "accuse" in kinds]
    assert warmed_accusers[:len(asked) - 1] == asked[1:] and len(warmed_accusers) <= len(asked), (asked, log)
    assert warmed.state == plain.state  # nothing is decided by a warm-up


def test_a_model_seat_warms_its_home_server_with_its_real_prompt_asking_one_token() -> None:
    """The warm-up's messages are the real decision's (so the server's prompt cache holds them), sent to the
    seat's home server, with ``max_tokens`` 1 and no tool (its answer is not used)."""
    sent: list[tuple[int | None, dict[str, Any]]] = []

    async def server(request: httpx2.Request) -> httpx2.Response:
        sent.append((request.url.port, json.loads(request.content)))
        return httpx2.Response(200, json={"id": "x", "object": "chat.completion", "created": 0, "model": "m",
                                          "choices": [{"index": 0, "finish_reason": "length",
                                                       "message": {"role": "assistant", "content": "I"}}],
                                          "usage": {"prompt_tokens": 1, "completion_tokens": 1, "total_tokens": 2}})

    session, table = scripted_session(8, 5)
    seat = drive_to(session, offers("accuse", "accuse"))
    settings = two_servers()
    chat = chat_model(settings, "bot", async_http_client=httpx2.AsyncClient(transport=httpx2.MockTransport(server)))
    stats = UsageStats()
    agent = BattagliaLLM(settings, seat, table, stats=stats, model=chat)
    assert agent.warms and not BattagliaLLM(two_servers(warm_up=False), seat, table, model=chat).warms
    request = session._request(seat, None, 1)
    assert concurrency.run(agent.awarm(request)) is True
    (port, body), = sent
    assert port == int(home(settings, seat).rsplit(":", 1)[1].split("/")[0])  # type: ignore[union-attr]
    assert body["max_tokens"] == 1 and "tools" not in body  # the one llama.cpp honours
    inner, briefed = agent._briefed(request)
    real = inner._messages(briefed)
    assert [m["content"] for m in body["messages"]] == [m.content for m in real]
    assert len(stats.warm_ups) == 1 and stats.summary() == {}  # a warm-up is not a decision
