"""Reaching a model: a langchain chat model over the openai SDK, transient retries, usage of one call.

Any OpenAI-compatible endpoint works (OpenAI, Ollama, LM Studio, vLLM, the embedded llama.cpp
server). The SDK's own retries are switched off so that tenacity here is the single, bounded
retry policy for transient failures; answers that are wrong are re-asked elsewhere, with reasons.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import openai
from langchain_core.language_models import BaseChatModel
from langchain_core.messages import AIMessage, BaseMessage
from narrator.agents.llm.settings import LLMSettings, Role
from tenacity import Retrying, retry_if_exception, stop_after_attempt, wait_random_exponential


class TransportError(RuntimeError):
    """The model could not be reached (after the transient retries), or refused the request."""


def chat_model(settings: LLMSettings, role: Role, *, http_client: Any = None) -> BaseChatModel:
    """The chat model for ``role``: ``ChatOpenAI`` against ``settings.base_url``.

    Args:
        settings: where and how to call.
        role: chooses the model name (``settings.model_for(role)``).
        http_client: an ``httpx2.Client`` to use instead of the SDK's (tests inject faults with it).
    """
    from langchain_openai import ChatOpenAI

    key = settings.api_key.get_secret_value() if settings.api_key else "not-needed"
    return ChatOpenAI(model=settings.model_for(role), base_url=settings.base_url, api_key=key,
                      temperature=settings.temperature, max_tokens=settings.max_tokens,
                      timeout=settings.timeout, max_retries=0, http_client=http_client)


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
           sleep: Callable[[float], None] = time.sleep) -> Reply:
    """Send ``messages`` once, retrying transient failures with random exponential waits.

    ``model`` is a chat model or a runnable returning either an ``AIMessage`` or the
    ``{"raw": AIMessage, ...}`` dict of ``with_structured_output(..., include_raw=True)``.

    Raises:
        TransportError: a transient failure outlived the retries, or a permanent one (4xx) happened.
    """
    retrying = Retrying(stop=stop_after_attempt(settings.max_retries + 1),
                        wait=wait_random_exponential(multiplier=0.5, max=settings.retry_wait_max),
                        retry=retry_if_exception(is_transient), reraise=True, sleep=sleep)
    start = time.perf_counter()
    try:
        answer = retrying(model.invoke, list(messages))
    except openai.OpenAIError as error:
        raise TransportError(_describe(error)) from error
    latency = (time.perf_counter() - start) * 1000
    message = answer["raw"] if isinstance(answer, dict) else answer
    if not isinstance(message, AIMessage):
        raise TransportError(f"the model returned {type(message).__name__}, not a chat message")
    usage = message.usage_metadata or {}
    name = (message.response_metadata or {}).get("model_name") or getattr(model, "model_name", "") or "?"
    return Reply(message, latency, int(usage.get("input_tokens", 0)), int(usage.get("output_tokens", 0)), name)


def _describe(error: BaseException) -> str:
    status = getattr(error, "status_code", None)
    kind = type(error).__name__
    text = str(error).splitlines()[0][:200] if str(error) else kind
    return f"{kind} (HTTP {status}): {text}" if status else f"{kind}: {text}"
