"""Fault injection for the LLM path: an ``httpx2.MockTransport`` and a loopback HTTP server that misbehave.

What they serve is mostly failures: timeouts, 429, 5xx, a trickling or reset stream, bodies that are
not JSON, truncated answers, calls of the wrong function, refusals, answers in the wrong language.
One helper, :func:`ok`, synthesises a *valid* answer. It is used only where a test is about the
machinery around an answer (a retry followed by an answer, a re-ask followed by an answer, the token
budget, the re-ask limit after kernel refusals, one agent per seat); each such test says so. How well
a real model answers is tested on recorded real traffic only (``test_cassettes.py``).
"""

from __future__ import annotations

import json
import socket
import struct
import threading
import time
from collections.abc import Callable, Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any, Self

import httpx2

Handler = Callable[[httpx2.Request], httpx2.Response]
Step = Callable[[httpx2.Request], httpx2.Response]
"""One answer of the fake endpoint (a fresh response each time it is used)."""


def completion(*, arguments: str | None = None, content: str | None = None, prompt_tokens: int = 40,
               completion_tokens: int = 6, name: str = "choose_move", calls: int = 1,
               finish_reason: str | None = None, refusal: str | None = None) -> dict[str, Any]:
    """A chat completion body: ``calls`` calls of function ``name`` with raw ``arguments`` text, or
    plain ``content``; ``refusal`` is the API's explicit refusal field."""
    message: dict[str, Any] = {"role": "assistant", "content": content}
    if refusal is not None:
        message["refusal"] = refusal
    if arguments is not None:
        message["tool_calls"] = [{"id": f"call_{n}", "type": "function",
                                  "function": {"name": name, "arguments": arguments}} for n in range(1, calls + 1)]
    reason = finish_reason or ("tool_calls" if arguments else "stop")
    return {"id": "chatcmpl-test", "object": "chat.completion", "created": 0, "model": "fault-model",
            "choices": [{"index": 0, "message": message, "finish_reason": reason}],
            "usage": {"prompt_tokens": prompt_tokens, "completion_tokens": completion_tokens,
                      "total_tokens": prompt_tokens + completion_tokens}}


def answer(**body: Any) -> Step:
    """HTTP 200 with :func:`completion` ``(**body)``."""
    return lambda request: httpx2.Response(200, json=completion(**body))


def ok(choice: str = "hold") -> Step:
    """A *valid* function call choosing ``choice`` (for machinery tests only; see the module docstring)."""
    return answer(arguments=json.dumps({"choice": choice}))


def status(code: int) -> Step:
    """An error status with an OpenAI-style error body."""
    return lambda request: httpx2.Response(code, json={"error": {"message": f"injected {code}", "type": "error"}})


def raw(code: int, text: str) -> Step:
    """A response whose body is ``text`` as is (e.g. not JSON at all)."""
    return lambda request: httpx2.Response(code, text=text, headers={"content-type": "application/json"})


def timeout(request: httpx2.Request) -> httpx2.Response:
    """The read times out."""
    raise httpx2.ReadTimeout("injected timeout", request=request)


def script(*steps: Step, then: Step | None = None) -> Handler:
    """A handler answering with ``steps`` in order, then ``then`` for ever (default: the last step)."""
    queue: Iterator[Step] = iter(steps)
    last = then if then is not None else steps[-1]

    def handle(request: httpx2.Request) -> httpx2.Response:
        handle.requests.append(request)  # type: ignore[attr-defined]
        return next(queue, last)(request)

    handle.requests = []  # type: ignore[attr-defined]
    return handle


FRAME_PROMPTS = ("Frame this scene", "Опиши эту сцену")
"""How the Dark Ages / Wild West Storyteller's scene-framing prompt begins (``prompts/storyteller/llm/frame``)."""


def framed(handler: Handler, text: str = "Mist hangs low over the water; the lanterns on the far bank are few.") -> Handler:
    """``handler`` for every call but the Storyteller's framing of a new scene, which gets ``text`` (machinery
    tests about another call keep their scripted answers in order; ``requests`` holds only theirs)."""

    def handle(request: httpx2.Request) -> httpx2.Response:
        messages = json.loads(request.content).get("messages") or [{}]
        if str(messages[-1].get("content", "")).startswith(FRAME_PROMPTS):
            return answer(arguments=json.dumps({"text": text}), name="Prose")(request)
        return handler(request)

    handle.requests = getattr(handler, "requests", [])  # type: ignore[attr-defined]
    return handle


def client(handler: Handler) -> httpx2.Client:
    """An ``httpx2.Client`` whose every request goes to ``handler``."""
    return httpx2.Client(transport=httpx2.MockTransport(handler))


# -- a real socket on 127.0.0.1 -------------------------------------------------------------------

Behaviour = Callable[[BaseHTTPRequestHandler], None]
"""Writes one raw HTTP answer (or a broken one) on the handler's socket."""


def send_json(body: dict[str, Any] | str, code: int = 200) -> Behaviour:
    """Answer ``code`` with ``body`` (a dict as JSON, a str as is) labelled as JSON."""
    data = (body if isinstance(body, str) else json.dumps(body)).encode()

    def behave(handler: BaseHTTPRequestHandler) -> None:
        handler.send_response(code)
        handler.send_header("Content-Type", "application/json")
        handler.send_header("Content-Length", str(len(data)))
        handler.end_headers()
        handler.wfile.write(data)

    return behave


def trickle(gap: float = 0.2) -> Behaviour:
    """A 200 whose body arrives one byte every ``gap`` seconds: no single read ever times out."""
    data = json.dumps(completion(arguments=json.dumps({"choice": "hold"}))).encode()

    def behave(handler: BaseHTTPRequestHandler) -> None:
        handler.send_response(200)
        handler.send_header("Content-Type", "application/json")
        handler.send_header("Content-Length", str(len(data)))
        handler.end_headers()
        handler.wfile.flush()
        for byte in data:
            if handler.server.closing.is_set():  # type: ignore[attr-defined]
                return
            handler.wfile.write(bytes([byte]))
            handler.wfile.flush()
            time.sleep(gap)

    return behave


def reset_mid_body() -> Behaviour:
    """Headers and half the body, then a TCP reset (``SO_LINGER`` 0)."""
    data = json.dumps(completion(arguments=json.dumps({"choice": "hold"}))).encode()

    def behave(handler: BaseHTTPRequestHandler) -> None:
        handler.send_response(200)
        handler.send_header("Content-Type", "application/json")
        handler.send_header("Content-Length", str(len(data)))
        handler.end_headers()
        handler.wfile.write(data[: len(data) // 2])
        handler.wfile.flush()
        handler.connection.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
        handler.connection.close()
        handler.close_connection = True

    return behave


class FakeEndpoint:
    """An OpenAI-compatible endpoint on 127.0.0.1 that answers every request with ``behaviour``.

    Use as a context manager; ``base_url`` points the settings at it; ``requests`` counts the calls.
    """

    def __init__(self, behaviour: Behaviour) -> None:
        self.behaviour, self.requests = behaviour, 0
        endpoint = self

        class _Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def do_POST(self) -> None:
                self.rfile.read(int(self.headers.get("Content-Length") or 0))
                endpoint.requests += 1
                endpoint.behaviour(self)

            def log_message(self, *args: Any) -> None:
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), _Handler)
        self.server.daemon_threads = True
        self.server.closing = threading.Event()  # type: ignore[attr-defined]
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.server.server_address[1]}/v1"

    def __enter__(self) -> Self:
        self.thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.server.closing.set()  # type: ignore[attr-defined]
        self.server.shutdown()
        self.server.server_close()
