"""Reaching a model: a langchain chat model over the openai SDK, transient retries, usage of one call.

Any OpenAI-compatible endpoint works (OpenAI, Ollama, LM Studio, vLLM, the embedded llama.cpp
server). The SDK's own retries are switched off so that tenacity here is the single, bounded
retry policy for transient failures; answers that are wrong are re-asked elsewhere, with reasons.

Every call runs under its decision's wall-clock deadline (``settings.decision_deadline``). The
HTTP timeout bounds each socket read only, so an endpoint trickling a byte a second would keep a
read alive for ever: :class:`DeadlineTransport` checks the deadline between the chunks it reads and
caps each read at the time left, and :func:`invoke` waits for the call no longer than that.
"""

from __future__ import annotations

import asyncio
import contextvars
import functools
import json
import ssl
import time
from collections.abc import AsyncIterator, Callable, Iterator, Sequence
from concurrent.futures import ThreadPoolExecutor
from concurrent.futures import TimeoutError as FutureTimeout
from dataclasses import dataclass
from typing import Any

import httpx2
import openai
from langchain_core.language_models import BaseChatModel
from langchain_core.messages import AIMessage, BaseMessage
from narrator.agents.llm.settings import LLMSettings, Role
from narrator.agents.llm.slots import UPSTREAM
from tenacity import AsyncRetrying, Retrying, retry_if_exception, stop_after_attempt, wait_random_exponential

_DEADLINE: contextvars.ContextVar[float | None] = contextvars.ContextVar("narrator_llm_deadline", default=None)
"""The ``time.monotonic()`` by which the current decision must be made (``None``: no deadline)."""

_CALLS = ThreadPoolExecutor(max_workers=8, thread_name_prefix="llm-call")
"""Runs model calls so that the caller can stop waiting at the deadline whatever the SDK does."""


class TransportError(RuntimeError):
    """The model could not be reached (after the transient retries), or refused the request."""


class DeadlineExceededError(TransportError):
    """The decision's wall-clock deadline passed before the model answered."""


def remaining(deadline: float | None) -> float | None:
    """Seconds left until ``deadline`` (never below 0), or ``None`` without one."""
    return None if deadline is None else max(0.0, deadline - time.monotonic())


class DeadlineTransport(httpx2.BaseTransport):
    """Wraps a transport so that no request outlives the decision's deadline.

    Each request's timeouts are capped at the time left, and the body is read chunk by chunk with
    the deadline checked between chunks (a trickling endpoint is cut off at the deadline).
    """

    def __init__(self, inner: httpx2.BaseTransport) -> None:
        self.inner = inner

    def handle_request(self, request: httpx2.Request) -> httpx2.Response:
        deadline = _prepare(request)
        response = self.inner.handle_request(request)
        if deadline is None:
            return response
        return httpx2.Response(response.status_code, headers=response.headers, extensions=response.extensions,
                               stream=_DeadlineStream(response.stream, deadline, request), request=request)

    def close(self) -> None:
        self.inner.close()


def _prepare(request: httpx2.Request) -> float | None:
    """Route ``request`` to its slot's server and cap its timeouts at the decision's deadline (both transports)."""
    _to_upstream(request)
    deadline = _DEADLINE.get()
    left = remaining(deadline)
    if left is not None:
        if left <= 0:
            raise httpx2.ReadTimeout("the decision's deadline passed", request=request)
        timeouts = dict(request.extensions.get("timeout") or {})
        request.extensions["timeout"] = {key: left if value is None else min(value, left)
                                         for key, value in {"connect": None, "read": None, "write": None,
                                                            "pool": None, **timeouts}.items()}
    return deadline


def _to_upstream(request: httpx2.Request) -> None:
    """Send ``request`` to the server whose slot the call holds (:mod:`agents.llm.slots`), same path."""
    upstream = UPSTREAM.get()
    if upstream is None:
        return
    target = httpx2.URL(upstream)
    if (target.scheme, target.host, target.port) != (request.url.scheme, request.url.host, request.url.port):
        request.url = request.url.copy_with(scheme=target.scheme, host=target.host, port=target.port)
        request.headers["Host"] = target.netloc.decode("ascii")


class _DeadlineStream(httpx2.SyncByteStream):
    def __init__(self, inner: Any, deadline: float, request: httpx2.Request) -> None:
        self.inner, self.deadline, self.request = inner, deadline, request

    def __iter__(self) -> Iterator[bytes]:
        for chunk in self.inner:
            if time.monotonic() > self.deadline:
                raise httpx2.ReadTimeout("the decision's deadline passed while the answer trickled in",
                                         request=self.request)
            yield chunk

    def close(self) -> None:
        close = getattr(self.inner, "close", None)
        if close is not None:
            close()


class AsyncDeadlineTransport(httpx2.AsyncBaseTransport):
    """:class:`DeadlineTransport` for the async client (``ainvoke``, concurrent seats)."""

    def __init__(self, inner: httpx2.AsyncBaseTransport) -> None:
        self.inner = inner

    async def handle_async_request(self, request: httpx2.Request) -> httpx2.Response:
        deadline = _prepare(request)
        response = await self.inner.handle_async_request(request)
        if deadline is None:
            return response
        return httpx2.Response(response.status_code, headers=response.headers, extensions=response.extensions,
                               stream=_AsyncDeadlineStream(response.stream, deadline, request), request=request)

    async def aclose(self) -> None:
        await self.inner.aclose()


class _AsyncDeadlineStream(httpx2.AsyncByteStream):
    def __init__(self, inner: Any, deadline: float, request: httpx2.Request) -> None:
        self.inner, self.deadline, self.request = inner, deadline, request

    async def __aiter__(self) -> AsyncIterator[bytes]:
        async for chunk in self.inner:
            if time.monotonic() > self.deadline:
                raise httpx2.ReadTimeout("the decision's deadline passed while the answer trickled in",
                                         request=self.request)
            yield chunk

    async def aclose(self) -> None:
        close = getattr(self.inner, "aclose", None)
        if close is not None:
            await close()


@functools.cache
def _tls() -> ssl.SSLContext:
    """httpx2's default TLS context (the system's trusted certificates), made once a process and shared by every
    model's clients: reading the certificates costs ~20 ms of CPU, and each chat model has two clients (one seat
    of a 17-seat game each). A context is safe to share between connections and threads."""
    return httpx2.create_ssl_context()


def async_deadline_client(http_client: httpx2.AsyncClient | None = None) -> httpx2.AsyncClient:
    """An ``httpx2.AsyncClient`` whose transport honours the decision deadline."""
    if http_client is None:
        return httpx2.AsyncClient(transport=AsyncDeadlineTransport(httpx2.AsyncHTTPTransport(verify=_tls())))
    if not isinstance(http_client._transport, AsyncDeadlineTransport):
        http_client._transport = AsyncDeadlineTransport(http_client._transport)
    return http_client


def deadline_client(http_client: httpx2.Client | None = None) -> httpx2.Client:
    """An ``httpx2.Client`` whose transport honours the decision deadline (``http_client``'s, if given)."""
    if http_client is None:
        return httpx2.Client(transport=DeadlineTransport(httpx2.HTTPTransport(verify=_tls())))
    if not isinstance(http_client._transport, DeadlineTransport):
        http_client._transport = DeadlineTransport(http_client._transport)
    return http_client


def chat_model(settings: LLMSettings, role: Role, *, http_client: Any = None,
               async_http_client: Any = None) -> BaseChatModel:
    """The chat model for ``role``: ``ChatOpenAI`` against ``settings.base_url``.

    Args:
        settings: where and how to call.
        role: chooses the model name (``settings.model_for(role)``).
        http_client: an ``httpx2.Client`` to use instead of the SDK's (tests inject faults with it);
            either way its transport is wrapped in :class:`DeadlineTransport`.
        async_http_client: the same for ``ainvoke`` (an ``httpx2.AsyncClient``), wrapped in
            :class:`AsyncDeadlineTransport`. The async client belongs to the agents' one event loop
            (:mod:`agents.concurrency`), which is why only that loop calls it.
    """
    from langchain_openai import ChatOpenAI

    key = settings.api_key.get_secret_value() if settings.api_key else "not-needed"
    # langchain's pydantic fields take these under their aliases (max_tokens) and coerce a str key
    return ChatOpenAI(model=settings.model_for(role), base_url=settings.base_url, api_key=key,  # type: ignore[call-arg,arg-type]
                      temperature=settings.temperature, max_tokens=settings.max_tokens,
                      timeout=settings.timeout, max_retries=0, http_client=deadline_client(http_client),
                      http_async_client=async_deadline_client(async_http_client), stream_usage=True)


def is_transient(error: BaseException) -> bool:
    """Whether retrying the same request may help: timeouts, dropped connections, 429 and 5xx."""
    if isinstance(error, (openai.APITimeoutError, openai.APIConnectionError, openai.RateLimitError)):
        return True
    return isinstance(error, openai.APIStatusError) and error.status_code >= 500


@dataclass
class Reply:
    """A model's answer and what it cost."""

    message: AIMessage
    latency_ms: float
    prompt_tokens: int
    completion_tokens: int
    model: str
    estimated: bool = False
    """The tokens are estimated (a stream without usage), not the server's count."""


def invoke(model: Any, messages: Sequence[BaseMessage], settings: LLMSettings, *,
           sleep: Callable[[float], None] = time.sleep, deadline: float | None = None) -> Reply:
    """Send ``messages`` once, retrying transient failures with random exponential waits.

    ``model`` is a chat model or a runnable returning either an ``AIMessage`` or the
    ``{"raw": AIMessage, ...}`` dict of ``with_structured_output(..., include_raw=True)``.
    ``deadline`` (a ``time.monotonic()`` value) bounds the whole call, retries and waits included.

    Raises:
        DeadlineExceededError: the deadline passed first.
        TransportError: a transient failure outlived the retries, or a permanent one (4xx) happened.
    """
    def out_of_time(_state: Any) -> bool:
        left = remaining(deadline)
        return left is not None and left <= 0

    def wait_within_deadline(seconds: float) -> None:
        left = remaining(deadline)
        sleep(seconds if left is None else min(seconds, left))

    retrying = Retrying(stop=stop_after_attempt(settings.max_retries + 1) | out_of_time,  # type: ignore[operator]
                        wait=wait_random_exponential(multiplier=0.5, max=settings.retry_wait_max),
                        retry=retry_if_exception(is_transient), reraise=True, sleep=wait_within_deadline)
    start = time.perf_counter()
    try:
        answer = _within(deadline, lambda: retrying(model.invoke, list(messages)))
    except Exception as error:
        raise _transport_error(error, deadline) from error
    return _reply(answer, start, model)


async def ainvoke(model: Any, messages: Sequence[BaseMessage], settings: LLMSettings, *,
                  deadline: float | None = None, stream: Callable[[AIMessage], None] | None = None) -> Reply:
    """:func:`invoke` awaited: the same retries, waits and deadline, on the agents' event loop.

    ``stream``: when given, the answer is streamed and ``stream(message_so_far)`` is called after
    each chunk (the display shows text as it comes); the reply is the whole message either way.
    """
    async def wait_within_deadline(seconds: float) -> None:
        left = remaining(deadline)
        await asyncio.sleep(seconds if left is None else min(seconds, left))

    def out_of_time(_state: Any) -> bool:
        left = remaining(deadline)
        return left is not None and left <= 0

    retrying = AsyncRetrying(stop=stop_after_attempt(settings.max_retries + 1) | out_of_time,  # type: ignore[operator]
                             wait=wait_random_exponential(multiplier=0.5, max=settings.retry_wait_max),
                             retry=retry_if_exception(is_transient), reraise=True, sleep=wait_within_deadline)

    async def call() -> Any:
        if stream is None:
            return await model.ainvoke(list(messages))
        return await _streamed(model, messages, stream)

    start = time.perf_counter()
    token = _DEADLINE.set(deadline)
    try:
        answer: Any = await asyncio.wait_for(retrying(call), timeout=remaining(deadline))
    except TimeoutError:
        raise DeadlineExceededError("no answer within the decision's deadline") from None
    except Exception as error:
        raise _transport_error(error, deadline) from error
    finally:
        _DEADLINE.reset(token)
    reply = _reply(answer, start, model)
    if stream is not None and not (reply.prompt_tokens or reply.completion_tokens):
        reply = _estimated(reply, messages)
    return reply


def _estimated(reply: Reply, messages: Sequence[BaseMessage]) -> Reply:
    """A streamed reply whose server sent no usage (llama.cpp's ignores ``stream_options``): tokens
    estimated at four characters each, so the budget still counts them (the record says so)."""
    prompt = sum(len(str(m.content)) for m in messages)
    message = reply.message
    answer = len(str(message.content or "")) + sum(len(json.dumps(c["args"])) for c in message.tool_calls)
    return Reply(message, reply.latency_ms, max(1, prompt // 4), max(1, answer // 4), reply.model, estimated=True)


def stream_invoke(model: Any, messages: Sequence[BaseMessage], settings: LLMSettings, *,
                  deadline: float | None = None, stream: Callable[[AIMessage], None]) -> Reply:
    """A streamed call from synchronous code (a writer inside the session's loop): :func:`ainvoke` on the
    agents' event loop, waited for here."""
    from narrator.agents import concurrency

    return concurrency.run(ainvoke(model, messages, settings, deadline=deadline, stream=stream))


async def _streamed(model: Any, messages: Sequence[BaseMessage], stream: Callable[[AIMessage], None]) -> AIMessage:
    """The model's answer streamed chunk by chunk; ``stream`` sees the message so far after each."""
    whole: Any = None
    names: dict[int, str] = {}
    async for chunk in model.astream(list(messages)):
        for part in getattr(chunk, "tool_call_chunks", None) or []:
            if part.get("name"):
                names.setdefault(part.get("index") or 0, part["name"])
        whole = chunk if whole is None else whole + chunk
        stream(whole)
    if whole is None:
        return AIMessage(content="")
    calls = [{**call, "name": _one_name(call["name"], names.get(index))} for index, call in enumerate(whole.tool_calls)]
    return AIMessage(content=whole.content, additional_kwargs=whole.additional_kwargs,
                     response_metadata=whole.response_metadata, tool_calls=calls,
                     invalid_tool_calls=whole.invalid_tool_calls, usage_metadata=whole.usage_metadata)


def _one_name(merged: str, first: str | None) -> str:
    """A streamed call's function name. llama.cpp's server repeats the name in every chunk, and merged
    chunks concatenate it ("choose_movechoose_move..."); a name made only of the first chunk's is it."""
    if first and merged != first and len(merged) % len(first) == 0 and merged == first * (len(merged) // len(first)):
        return first
    return merged


def _transport_error(error: Exception, deadline: float | None) -> TransportError:
    """What a failed call becomes: the deadline, the transport, or an answer that is no chat completion."""
    if isinstance(error, TransportError):
        return error
    if isinstance(error, openai.OpenAIError):
        left = remaining(deadline)
        if left is not None and left <= 0:
            return DeadlineExceededError(f"no answer within the decision's deadline ({_describe(error)})")
        return TransportError(_describe(error))
    return TransportError(f"the endpoint's answer is not a chat completion ({type(error).__name__}: "
                          f"{str(error)[:120]})")


def _reply(answer: Any, start: float, model: Any) -> Reply:
    latency = (time.perf_counter() - start) * 1000
    message = answer["raw"] if isinstance(answer, dict) else answer
    if not isinstance(message, AIMessage):
        raise TransportError(f"the model returned {type(message).__name__}, not a chat message")
    usage: Any = message.usage_metadata or {}
    name = (message.response_metadata or {}).get("model_name") or getattr(model, "model_name", "") or "?"
    return Reply(message, latency, int(usage.get("input_tokens", 0)), int(usage.get("output_tokens", 0)), name)


def _within(deadline: float | None, call: Callable[[], Any]) -> Any:
    """``call()``, run under ``deadline``: in a worker thread whose answer is awaited no longer than that."""
    token = _DEADLINE.set(deadline)
    try:
        if deadline is None:
            return call()
        context = contextvars.copy_context()
        future = _CALLS.submit(context.run, call)
        try:
            return future.result(timeout=remaining(deadline))
        except FutureTimeout:
            # The worker ends on its own: its transport stops reading at the deadline too.
            raise DeadlineExceededError("no answer within the decision's deadline") from None
    finally:
        _DEADLINE.reset(token)


def _describe(error: BaseException) -> str:
    status = getattr(error, "status_code", None)
    kind = type(error).__name__
    text = str(error).splitlines()[0][:200] if str(error) else kind
    return f"{kind} (HTTP {status}): {text}" if status else f"{kind}: {text}"
