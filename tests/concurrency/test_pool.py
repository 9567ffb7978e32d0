"""Server slots, the pool of servers behind one client, and games played at once."""

from __future__ import annotations

import asyncio
import threading
import time

import httpx2
from narrator.agents import concurrency
from narrator.agents.llm import load_settings
from narrator.agents.llm.client import AsyncDeadlineTransport, DeadlineTransport
from narrator.agents.llm.slots import aslot, slot

from narrator.battaglia.llm_games import play_at_once
from narrator.playtest.runner import GameJob

A, B = "http://127.0.0.1:9001/v1", "http://127.0.0.1:9002/v1"


def pool_settings(parallel: int = 1):  # type: ignore[no-untyped-def]
    return load_settings().for_local(A, "m", more=(B,)).model_copy(update={"parallel": parallel})


def test_a_call_goes_to_the_server_whose_slot_it_holds() -> None:
    seen: list[str] = []

    def answer(request: httpx2.Request) -> httpx2.Response:
        seen.append(f"{request.url.port}{request.url.path}")
        return httpx2.Response(200, json={})

    settings = pool_settings()
    with httpx2.Client(transport=DeadlineTransport(httpx2.MockTransport(answer))) as client:
        client.get(A + "/models")  # no slot held: where it was sent
        with slot(settings):  # the first server is free
            client.get(B + "/chat/completions")
            with slot(settings):  # the first is busy now: the second
                client.get(A + "/chat/completions")
    assert seen == ["9001/v1/models", "9001/v1/chat/completions", "9002/v1/chat/completions"]


def test_waiting_for_a_slot_is_measured_and_two_servers_serve_two_at_once() -> None:
    settings = pool_settings()
    busy: list[int] = []
    peak = [0]

    async def call(index: int) -> float:
        async with aslot(settings) as waited:
            busy.append(index)
            peak[0] = max(peak[0], len(busy))
            await asyncio.sleep(0.05)
            busy.remove(index)
            return waited

    waits = concurrency.run(concurrency.gather_limited([lambda i=i: call(i) for i in range(4)], 4))
    assert peak[0] == 2  # one request per server
    assert max(waits) >= 0.04  # type: ignore[type-var]  # the last two waited for a free server
    assert all(isinstance(w, float) for w in waits)


def test_async_transport_routes_too() -> None:
    seen: list[int | None] = []

    async def answer(request: httpx2.Request) -> httpx2.Response:
        seen.append(request.url.port)
        return httpx2.Response(200, json={})

    async def go() -> None:
        async with httpx2.AsyncClient(transport=AsyncDeadlineTransport(httpx2.MockTransport(answer))) as client:
            settings = pool_settings()
            async with aslot(settings), aslot(settings):
                await client.get(A + "/x")

    concurrency.run(go())
    assert seen == [9002]  # the inner slot is the second server


def test_games_played_at_once_keep_job_order() -> None:
    """Three games at once (the first three meet at a barrier, which only three threads running together can
    pass: no timing assumption), finishing in reverse order, give their rows in job order."""
    together = threading.Barrier(3, timeout=30)

    def play(job: GameJob) -> dict:
        if job.index < 3:
            together.wait()
        time.sleep(0.01 * (5 - job.index))
        return {"index": job.index}

    rows = play_at_once(play, [GameJob(i, 8, i) for i in range(5)], 3, progress=False)
    assert [r["index"] for r in rows] == list(range(5))
