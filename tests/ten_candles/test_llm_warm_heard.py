"""While a person decides, the Ten Candles Storyteller warms its next prompt (issue #11, the first streamed word):
the session hands it what it heard and what the person's default move would add, and the prompt it then sends
begins with the warmed one, so the server evaluates only the rest. Prompt machinery only: the trace keeps each
prompt and warm-up, sends nothing, and the template fallback speaks (no model answer is faked)."""

from __future__ import annotations

import itertools

import pytest
from narrator.agents.llm import LLMMode, load_settings
from narrator.agents.ten_candles import llm_roles as roles

from narrator.ten_candles.prompt_trace import Asked, trace


def local(**settings: object) -> object:
    return load_settings(max_retries=0, **settings).for_local("http://127.0.0.1:9/v1", "m")


def after_warm_ups(asked: list[Asked]) -> list[tuple[Asked, Asked]]:
    """(warm-up, the request that followed it) wherever a request came next (not another wait's warm-up)."""
    return [(a, b) for a, b in itertools.pairwise(asked) if a.warm and not b.warm]


def shared(a: str, b: str) -> int:
    """How many characters ``a`` and ``b`` begin with alike (what the server's prompt cache reuses)."""
    return next((i for i, (x, y) in enumerate(zip(a, b, strict=False)) if x != y), min(len(a), len(b)))


@pytest.mark.parametrize(("seed", "lang"), [(1, "en"), (2, "en"), (3, "ru"), (4, "ru")])
def test_the_prompt_after_a_persons_move_begins_with_the_warmed_one(seed: int, lang: str) -> None:
    asked = trace(local(), seed, lang=lang)
    warm_ups = [a for a in asked if a.warm]
    assert len(warm_ups) >= 5, "the person decided often enough to warm"
    assert len({a.prompt for a in warm_ups}) == len(warm_ups), "a wait that heard nothing new sends nothing"
    pairs = after_warm_ups(asked)
    assert all(warm.system == real.system for warm, real in pairs), "a warm-up has every Storyteller request's system"
    happened = {"en": "What happened:", "ru": "Что произошло:"}[lang]  # the scene's lines (table.<lang>.j2)
    narrations = [(w, r) for w, r in pairs if r.role == roles.NARRATION.name]
    assert len(narrations) >= 2, "the Storyteller narrated right after the person's move"
    whole = [r.prompt[len(w.prompt):] for w, r in narrations if r.prompt.startswith(w.prompt)]
    assert len(whole) >= len(narrations) / 2, "most often the person's move was the default one (the roll accepted)"
    accepted = [rest for rest in whole if "\n- " not in rest]  # the default move: its outcome was warmed too
    assert accepted and all(len(rest) < 160 for rest in accepted), whole  # the moment's facts and the task
    for warm, real in narrations:  # otherwise (a trait burnt) the scene up to the roll is still shared
        assert real.prompt.rfind("\n- ", 0, shared(warm.prompt, real.prompt)) > real.prompt.index(happened)


def test_no_warm_up_when_turned_off_or_for_a_paid_api() -> None:
    assert not [a for a in trace(local(warm_up=False), 1) if a.warm]
    paid = local().model_copy(update={"mode": LLMMode.ENDPOINT, "base_url": "https://api.openai.com/v1"})  # type: ignore[attr-defined]
    assert not [a for a in trace(paid, 1) if a.warm]
    own = local().model_copy(update={"mode": LLMMode.ENDPOINT, "base_url": "http://192.168.1.20:8080/v1"})  # type: ignore[attr-defined]
    assert [a for a in trace(own, 1) if a.warm], "a llama.cpp server on the table's network is warmed"


def test_the_warm_up_goes_to_the_storytellers_server_asking_one_token_once() -> None:
    """Machinery: the server is an ``httpx2.MockTransport`` that records what it is sent (a warm-up's answer is
    never read; the Storyteller's other requests get a plain "I", which no check accepts, so the template
    speaks and no model answer is faked)."""
    import json

    import httpx2
    from narrator.agents import concurrency
    from narrator.agents.llm import LLMWriter, UsageStats
    from narrator.agents.llm.client import chat_model
    from narrator.agents.llm.prompts import render
    from narrator.agents.ten_candles.llm_storyteller import LLMStoryteller
    from narrator.rules.core import HOST
    from narrator.rules.ten_candles import GAME, TenCandlesConfig

    from narrator.session import Session
    from narrator.ten_candles.simulate import make_table
    from narrator.ten_candles.storyteller import TemplateStoryteller

    sent: list[dict[str, object]] = []

    async def server(request: httpx2.Request) -> httpx2.Response:
        sent.append(json.loads(request.content))
        return httpx2.Response(200, json={"id": "x", "object": "chat.completion", "created": 0, "model": "m",
                                          "choices": [{"index": 0, "finish_reason": "length",
                                                       "message": {"role": "assistant", "content": "I"}}],
                                          "usage": {"prompt_tokens": 1, "completion_tokens": 1, "total_tokens": 2}})

    settings = local()
    chat = chat_model(settings, "storyteller", http_client=httpx2.Client(transport=httpx2.MockTransport(server)),
                      async_http_client=httpx2.AsyncClient(transport=httpx2.MockTransport(server)))

    class Writer(LLMWriter):
        def __init__(self, *args: object, **kwargs: object) -> None:
            super().__init__(*args, model=chat, **kwargs)  # type: ignore[arg-type]

    stats = UsageStats()
    storyteller = LLMStoryteller(settings, TemplateStoryteller(seed=1), stats=stats)  # type: ignore[arg-type]
    storyteller.writer_type = Writer
    session = Session(GAME, TenCandlesConfig(players=3), make_table(3, 1, voice=storyteller), seed=1)
    while session.state.conflict is None or not session.state.conflict.rolled:
        assert session.step()
    before = len(sent)
    view = GAME.view(session.state, HOST)
    warm = storyteller.warm_heard(view)
    assert warm is not None and concurrency.run(warm) is True
    assert storyteller.warm_heard(view) is None, "the same prompt is not warmed twice"
    body, = sent[before:]
    assert body["max_tokens"] == 1 and "tools" not in body  # the one llama.cpp honours; the answer is unused
    system, prompt = (m["content"] for m in body["messages"])  # type: ignore[attr-defined]
    assert system == render(roles.NARRATION.system, "en", game=roles.GAME, rules=roles.rules_for("en"),
                            style=roles.safety_style(view, "en"))
    assert prompt.endswith(roles.describe(storyteller.scene[-1:], roles.seat_names(view, storyteller.names))[0])
    assert len(stats.warm_ups) == 1
