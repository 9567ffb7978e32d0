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

import contextvars
import time
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ThreadPoolExecutor
from concurrent.futures import TimeoutError as FutureTimeout
from dataclasses import dataclass
from typing import Any

import httpx2
import openai
from langchain_core.language_models import BaseChatModel
from langchain_core.messages import AIMessage, BaseMessage
from narrator.agents.llm.settings import LLMSettings, Role
from tenacity import Retrying, retry_if_exception, stop_after_attempt, wait_random_exponential

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
        deadline = _DEADLINE.get()
        left = remaining(deadline)
        if left is not None:
            if left <= 0:
                raise httpx2.ReadTimeout("the decision's deadline passed", request=request)
            timeouts = dict(request.extensions.get("timeout") or {})
            request.extensions["timeout"] = {key: left if value is None else min(value, left)
                                             for key, value in {"connect": None, "read": None, "write": None,
                                                                "pool": None, **timeouts}.items()}
        response = self.inner.handle_request(request)
        if deadline is None:
            return response
        return httpx2.Response(response.status_code, headers=response.headers, extensions=response.extensions,
                               stream=_DeadlineStream(response.stream, deadline, request), request=request)

    def close(self) -> None:
        self.inner.close()


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


def deadline_client(http_client: httpx2.Client | None = None) -> httpx2.Client:
    """An ``httpx2.Client`` whose transport honours the decision deadline (``http_client``'s, if given)."""
    if http_client is None:
        return httpx2.Client(transport=DeadlineTransport(httpx2.HTTPTransport()))
    if not isinstance(http_client._transport, DeadlineTransport):
        http_client._transport = DeadlineTransport(http_client._transport)
    return http_client


def chat_model(settings: LLMSettings, role: Role, *, http_client: Any = None) -> BaseChatModel:
    """The chat model for ``role``: ``ChatOpenAI`` against ``settings.base_url``.

    Args:
        settings: where and how to call.
        role: chooses the model name (``settings.model_for(role)``).
        http_client: an ``httpx2.Client`` to use instead of the SDK's (tests inject faults with it);
            either way its transport is wrapped in :class:`DeadlineTransport`.
    """
    from langchain_openai import ChatOpenAI

    key = settings.api_key.get_secret_value() if settings.api_key else "not-needed"
    # langchain's pydantic fields take these under their aliases (max_tokens) and coerce a str key
    return ChatOpenAI(model=settings.model_for(role), base_url=settings.base_url, api_key=key,  # type: ignore[call-arg,arg-type]
                      temperature=settings.temperature, max_tokens=settings.max_tokens,
                      timeout=settings.timeout, max_retries=0, http_client=deadline_client(http_client))


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
    except openai.OpenAIError as error:
        if out_of_time(None):
            raise DeadlineExceededError(f"no answer within the decision's deadline ({_describe(error)})") from error
        raise TransportError(_describe(error)) from error
    except TransportError:
        raise
    except Exception as error:
        raise TransportError(f"the endpoint's answer is not a chat completion ({type(error).__name__}: "
                             f"{str(error)[:120]})") from error
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
