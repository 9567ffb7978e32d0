"""Load on the web table: 50 seat WebSockets over 5 battaglia tables, every seat a person playing, 60 s.

    python benchmarks/web_load.py [--tables 5] [--seats 10] [--seconds 60] [--kill]

Loopback only and bounded: the server (``narrator.web.create_app`` under uvicorn) runs in a child
process on ``127.0.0.1`` with a fresh data directory; each table has ``--seats`` human seats, and
each seat is one client that holds the seat's WebSocket open and, whenever its page is updated and
the seat may move, reads its state and posts one of its legal moves at random. A finished table is
replaced by a new one (its seats reconnect). A seat reads its state and moves only when its page
shows controls (as a person would). Reported: moves, their latency (POST to answer: p50, p99,
max), WebSocket updates, and errors (a 5xx, a refused or timed-out connection (30 s to open), a
dropped socket (60 s without a pong), an HTTP error in a client, the server exiting). A move the
kernel refuses (it raced another seat's) is counted, not an error. ``--server-python`` runs the
server from another checkout's venv (before/after figures).

Measured (2026-12-01, the 2-core machine shared with other jobs at load 15-19, ``--tables 5
--seats 10 --seconds 60``): see ``docs/web.md`` ("Load").

``--kill``: at the end of the run the server is killed with SIGKILL while the seats still play, restarted on
the same data directory, and every move it had answered ``ok`` is looked for in its table's transcript (a move
answered but missing is lost), and every table must answer a seat's state again. Measured 2026-12-07 (``--tables
5 --seats 10 --seconds 60 --kill``, rate limits and bound invites on): 575 moves answered, 0 lost, 55 requests
cut by the kill (expected), 0 tables unreadable, 0 errors; p50 370 ms, p99 1.9 s a move.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

import httpx
import websockets

SERVER = """
import sys, uvicorn
from narrator.web import create_app
try:  # every seat comes from 127.0.0.1 here: the per-address limits would see one client
    from narrator.web.limits import RateLimit
    from narrator.web.security import CreationLimit
    app = create_app(sys.argv[1], limit=CreationLimit(per_client=10**6, total=10**6),
                     rates=RateLimit(client_rate=1e6, client_burst=1e6))
except ImportError:  # a version of the table from before the limits (for before/after figures)
    app = create_app(sys.argv[1])
uvicorn.run(app, host="127.0.0.1", port=int(sys.argv[2]), log_level="warning", access_log=False)
"""


@dataclass
class Figures:
    latencies: list[float] = field(default_factory=list)
    refused: int = 0
    updates: int = 0
    errors: list[str] = field(default_factory=list)
    tables: int = 0
    finished: int = 0
    acked: dict[str, int] = field(default_factory=dict)
    """Moves the server answered ``ok`` to, by table: each must be in the transcript after a kill -9."""
    limited: int = 0
    seat_tokens: dict[str, str] = field(default_factory=dict)
    """One seat token per table, to read it back after the restart."""
    killed_at: float = float("inf")
    cut_by_kill: int = 0


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


async def seat_client(base: str, table: str, seat: int, token: str, stop: float, figures: Figures,
                      rng: random.Random) -> None:
    headers = {"X-Seat-Token": token}
    uri = base.replace("http://", "ws://") + f"/ws/t/{table}/seat/{seat}"
    async with httpx.AsyncClient(base_url=base, headers=headers, timeout=30) as client:
        try:
            async with websockets.connect(uri, additional_headers=headers, max_size=2**22, open_timeout=30,
                                          ping_timeout=60) as ws:
                while time.monotonic() < stop:
                    try:
                        message = json.loads(await asyncio.wait_for(ws.recv(), timeout=max(0.1, stop - time.monotonic())))
                    except TimeoutError:
                        return
                    if message.get("type") != "update":
                        continue
                    figures.updates += 1
                    if "data-action" not in message["panels"]["actions"]:
                        continue  # like a page: no controls shown, nothing to do
                    answered = await client.get(f"/api/t/{table}/seat/{seat}/state")
                    if answered.status_code == 429:
                        figures.limited += 1
                        continue
                    state = answered.json()
                    if state["status"] != "active":
                        return
                    if seat not in state["waiting_for"] or not state["legal"]:
                        continue
                    action = rng.choice(state["legal"])
                    start = time.perf_counter()
                    answer = await client.post(f"/api/t/{table}/seat/{seat}/act", json={"action": action})
                    figures.latencies.append((time.perf_counter() - start) * 1000)
                    if answer.status_code >= 500:
                        figures.errors.append(f"HTTP {answer.status_code} on a move")
                    elif answer.status_code == 429:
                        figures.limited += 1
                    elif answer.status_code != 200 or not answer.json()["ok"]:
                        figures.refused += 1
                    else:
                        figures.acked[table] = figures.acked.get(table, 0) + 1
        except (OSError, httpx.HTTPError, websockets.WebSocketException) as error:
            if time.monotonic() >= figures.killed_at:
                figures.cut_by_kill += 1  # the server was killed under it: expected
            elif time.monotonic() < stop:
                figures.errors.append(f"seat {seat} of {table}: {type(error).__name__}: {error}")


async def table_loop(base: str, seats: int, stop: float, figures: Figures, rng: random.Random) -> None:
    async with httpx.AsyncClient(base_url=base, timeout=30) as client:
        while time.monotonic() < stop:
            try:
                made = await client.post("/api/tables", json={"game": "battaglia", "options": {"players": seats},
                                                              "seed": rng.randrange(2**31)})
            except httpx.HTTPError as error:
                if time.monotonic() >= figures.killed_at:
                    figures.cut_by_kill += 1
                else:
                    figures.errors.append(f"creating a table: {type(error).__name__}: {error}")
                return
            if made.status_code != 201:
                figures.errors.append(f"creating a table: HTTP {made.status_code} {made.text[:80]}")
                return
            created = made.json()
            figures.tables += 1
            tokens = [s["url"].split("token=")[1] for s in created["seats"]]
            figures.seat_tokens[created["table"]] = tokens[0]
            await asyncio.gather(*(seat_client(base, created["table"], n, token, stop, figures,
                                               random.Random(rng.random())) for n, token in enumerate(tokens)))
            figures.finished += time.monotonic() < min(stop, figures.killed_at)


async def run(tables: int, seats: int, seconds: float, base: str, kill: subprocess.Popen[bytes] | None = None) -> Figures:
    """The load for ``seconds``; with ``kill``, that server is killed (SIGKILL) at the end while the seats still play."""
    figures = Figures()
    rng = random.Random(1)
    stop = time.monotonic() + seconds + (2.0 if kill is not None else 0.0)

    async def killer() -> None:
        await asyncio.sleep(seconds)
        figures.killed_at = time.monotonic()
        assert kill is not None
        kill.kill()

    await asyncio.gather(*(table_loop(base, seats, stop, figures, random.Random(rng.random())) for _ in range(tables)),
                         *([killer()] if kill is not None else []))
    return figures


def wait_healthy(base: str) -> None:
    for _ in range(200):
        try:
            httpx.get(base + "/healthz", timeout=1)
            return
        except httpx.HTTPError:
            time.sleep(0.1)


def moves_recorded(data: str, table: str) -> int:
    """The moves people made at ``table`` that its transcript holds (no chance, no pass the loop made for them)."""
    path = Path(data) / "transcripts" / f"{table}.jsonl"
    count = 0
    for line in path.read_text(encoding="utf-8").split("\n"):
        if not line.strip():
            continue
        try:
            record = json.loads(line)
        except ValueError:  # a half line the kill left: its move was never answered
            continue
        if record.get("kind") == "action" and record.get("actor", -1) >= 0 \
                and not (record.get("notes") or {}).get("no_choice"):
            count += 1
    return count


def after_restart(python: str, data: str, figures: Figures) -> tuple[int, list[str]]:
    """Restart the server on the killed one's data: the moves lost (answered ok, not in a transcript) and the
    tables that do not answer their seat's state."""
    port = free_port()
    server = subprocess.Popen([python, "-c", SERVER, data, str(port)], cwd=data)
    problems: list[str] = []
    try:
        base = f"http://127.0.0.1:{port}"
        wait_healthy(base)
        lost = sum(max(0, acked - moves_recorded(data, table)) for table, acked in figures.acked.items())
        for table, token in figures.seat_tokens.items():
            answer = httpx.get(f"{base}/api/t/{table}/seat/0/state", headers={"X-Seat-Token": token}, timeout=30)
            if answer.status_code != 200:
                problems.append(f"table {table} after the restart: HTTP {answer.status_code} {answer.text[:80]}")
    finally:
        server.terminate()
        server.wait(timeout=10)
    return lost, problems


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=5)
    parser.add_argument("--seats", type=int, default=10)
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument("--kill", action="store_true",
                        help="kill -9 the server at the end, restart it on the same data, count the moves lost")
    parser.add_argument("--server-python", default=sys.executable,
                        help="the Python that runs the server (another checkout's venv, for before/after)")
    args = parser.parse_args()
    port = free_port()
    with tempfile.TemporaryDirectory(prefix="narrator-load-") as data:
        server = subprocess.Popen([args.server_python, "-c", SERVER, data, str(port)], cwd=data)
        try:
            base = f"http://127.0.0.1:{port}"
            wait_healthy(base)
            figures = asyncio.run(run(args.tables, args.seats, args.seconds, base, server if args.kill else None))
        finally:
            died = None if args.kill else server.poll()
            server.terminate()
            server.wait(timeout=10)
        if args.kill:
            lost, problems = after_restart(args.server_python, data, figures)
            figures.errors.extend(problems)
            print(f"kill -9 at {args.seconds:g} s, then a restart: {sum(figures.acked.values())} moves answered ok, "
                  f"{lost} lost; {figures.cut_by_kill} requests cut by the kill; {len(problems)} tables unreadable")
            if lost:
                figures.errors.append(f"{lost} moves lost")
    if died is not None:
        print(f"the server exited during the run (code {died})")
        figures.errors.append("server exited")
    lat = sorted(figures.latencies)
    p99 = lat[min(len(lat) - 1, int(len(lat) * 0.99))] if lat else float("nan")
    print(f"{args.tables} tables x {args.seats} seat sockets, {args.seconds:g} s on 127.0.0.1: "
          f"{figures.tables} tables played ({figures.finished} finished), {len(lat)} moves "
          f"({len(lat) / args.seconds:.1f}/s), {figures.refused} refused by the kernel, {figures.limited} rate-limited, "
          f"{figures.updates} updates")
    if lat:
        print(f"move latency ms: p50 {statistics.median(lat):.0f}, p99 {p99:.0f}, max {lat[-1]:.0f}")
    print(f"errors: {len(figures.errors)}")
    for error in figures.errors[:10]:
        print("  " + error)
    sys.exit(1 if figures.errors else 0)


if __name__ == "__main__":
    main()
