"""Fault injection for the LLM path: an ``httpx2.MockTransport`` standing in for a misbehaving endpoint.

These fake *failures* only (timeouts, 429, 5xx, malformed or empty answers); good answers are tested
on recorded real traffic (``test_cassettes.py``).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from typing import Any

import httpx2

Handler = Callable[[httpx2.Request], httpx2.Response]
Step = Callable[[httpx2.Request], httpx2.Response]
"""One answer of the fake endpoint (a fresh response each time it is used)."""


def completion(*, arguments: str | None = None, content: str | None = None, prompt_tokens: int = 40,
               completion_tokens: int = 6) -> dict[str, Any]:
    """A chat completion body: a function call with raw ``arguments`` text, or plain ``content``."""
    message: dict[str, Any] = {"role": "assistant", "content": content}
    if arguments is not None:
        message["tool_calls"] = [{"id": "call_1", "type": "function",
                                  "function": {"name": "choose_move", "arguments": arguments}}]
    return {"id": "chatcmpl-test", "object": "chat.completion", "created": 0, "model": "fault-model",
            "choices": [{"index": 0, "message": message, "finish_reason": "tool_calls" if arguments else "stop"}],
            "usage": {"prompt_tokens": prompt_tokens, "completion_tokens": completion_tokens,
                      "total_tokens": prompt_tokens + completion_tokens}}


def answer(**body: Any) -> Step:
    """HTTP 200 with :func:`completion` ``(**body)``."""
    return lambda request: httpx2.Response(200, json=completion(**body))


def ok(choice: str = "hold") -> Step:
    """A valid function call choosing ``choice``."""
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


def client(handler: Handler) -> httpx2.Client:
    """An ``httpx2.Client`` whose every request goes to ``handler``."""
    return httpx2.Client(transport=httpx2.MockTransport(handler))
