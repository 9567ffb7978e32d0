"""Free text from a model (narration, a truth, a line of speech) with the agents' retries and accounting.

The caller gives a :class:`~agents.llm.roles.WriterRole` and the template's variables; the writer
returns the text (or the role's pydantic output), re-asking with the validator's reason, and
raises :class:`~agents.base.AgentGaveUpError` when it cannot get usable text, so the caller can use
its offline template instead (and record that it did).
"""

from __future__ import annotations

from typing import Any

from langchain_core.messages import AIMessage, HumanMessage, SystemMessage
from narrator.agents.llm.client import chat_model
from narrator.agents.llm.conversation import Accounting, Conversation, Parsed, tool_arguments, validate
from narrator.agents.llm.language import wrong_language
from narrator.agents.llm.prompts import render, rules_summary
from narrator.agents.llm.roles import WriterRole
from narrator.agents.llm.settings import LLMSettings
from narrator.agents.llm.streaming import feed_for, forced_tool
from narrator.agents.llm.usage import CallSink, ModelSwitch, TokenBudget, UsageStats
from pydantic import BaseModel


def prose_field(output: type[BaseModel] | None) -> str | None:
    """The field of ``output`` a display shows while it streams (its first text field); ``None``: plain text."""
    if output is None:
        return None
    return next((name for name, info in output.model_fields.items() if info.annotation is str), None)


class LLMWriter:
    """Writes text for one role.

    Args:
        settings: endpoint, models, retries, re-asks, budget, language.
        role: templates, output model and validator.
        model, http_client, calls, stats, budget, switch: as for :class:`~agents.llm.agent.LLMAgent`.
    """

    def __init__(self, settings: LLMSettings, role: WriterRole, *, model: Any = None, http_client: Any = None,
                 calls: CallSink | None = None, stats: UsageStats | None = None,
                 budget: TokenBudget | None = None, switch: ModelSwitch | None = None) -> None:
        self.settings, self.role = settings, role
        self.model_name = settings.model_for(role.model_role)
        self.name = f"llm:{self.model_name}"
        self.chat = model if model is not None else chat_model(settings, role.model_role, http_client=http_client)
        self.accounting = Accounting(calls, stats or UsageStats(), budget or TokenBudget(settings.budget_tokens),
                                     switch or ModelSwitch(settings.max_transport_failures))

    @property
    def switch(self) -> ModelSwitch:
        """The model switch of the seat this writer writes for."""
        return self.accounting.switch

    @property
    def stats(self) -> UsageStats:
        """The usage stats this writer adds to."""
        return self.accounting.stats

    def bind_calls(self, sink: CallSink) -> None:
        """Send ``llm_call`` records to ``sink`` (the session's transcript)."""
        self.accounting.sink = sink

    def write(self, *, game: str, seat: int | None = None, rules: str | None = None, style: str | None = None,
              **variables: Any) -> Any:
        """Text (or the role's output model) for the role's prompt rendered with ``variables``.

        Raises:
            AgentGaveUpError: budget spent, model unreachable, or every re-ask refused.
        """
        role, language = self.role, self.settings.language
        system, prompt = self.prompts(game=game, seat=seat, rules=rules, style=style, **variables)
        context = {"game": game, "seat": seat, **variables}
        feed = feed_for(seat, role.name, prose_field(role.output))
        if feed is not None:  # streamed: raw message chunks of the same forced function call
            runnable = self.chat if role.output is None else forced_tool(self.chat, role.output)
        else:
            runnable = self.chat if role.output is None else self.chat.with_structured_output(
                role.output, method="function_calling", include_raw=True)
        conversation = Conversation(
            runnable, [SystemMessage(content=system), HumanMessage(content=prompt)],
            lambda message: self._parse(message, context),
            lambda answer, reason: render(role.rewrite, language, answer=answer, reason=reason),
            self.stats.start(seat), self.settings, self.accounting, role.name, self.model_name, stream=feed)
        return conversation.run()

    def prompts(self, *, game: str, seat: int | None = None, rules: str | None = None, style: str | None = None,
                **variables: Any) -> tuple[str, str]:
        """The system prompt and the request of :meth:`write` for these variables."""
        language = self.settings.language
        rules = rules if rules is not None else rules_summary(game, language)
        return (render(self.role.system, language, game=game, rules=rules, style=style),
                render(self.role.prompt, language, game=game, seat=seat, **variables))

    async def awarm(self, system: str, prompt: str, url: str) -> bool:
        """Send ``system`` and ``prompt`` to the server ``url`` if it is free now, asking one token, so that its
        prompt cache holds them when a request that begins with them comes (see
        :meth:`agents.llm.agent.LLMAgent.awarm`). Nothing is recorded; the latency goes to ``stats.warm_ups``.
        Returns whether it was sent."""
        from narrator.agents.llm.slots import send_warm_up

        messages = [SystemMessage(content=system), HumanMessage(content=prompt)]
        return await send_warm_up(self.settings, self.chat, messages, url, self.stats.warm_ups)

    def _parse(self, message: AIMessage, context: dict[str, Any]) -> Parsed:
        role = self.role
        if role.output is None:
            text = message.content.strip() if isinstance(message.content, str) else ""
            if not text:
                return Parsed(None, error="the answer was empty", empty=True)
            if len(text) > role.max_chars:
                return Parsed(text, error=f"the text has {len(text)} characters; at most {role.max_chars} fit")
            parsed = Parsed(text, output=text)
        else:
            parsed = tool_arguments(message)  # one forced function: its name is not checked
            if parsed.error is not None:
                return parsed
            parsed = validate(role.output, parsed.output, parsed)
        if parsed.error is None:
            texts = [parsed.output] if isinstance(parsed.output, str) else [
                v for v in (parsed.output.model_dump().values() if hasattr(parsed.output, "model_dump") else ())
                if isinstance(v, str)]
            wrong = wrong_language(" ".join(texts), self.settings.language)
            if wrong:
                return Parsed(parsed.text, error=wrong)
        if parsed.error is None and role.validator is not None:
            reason = role.validator(parsed.output, context)
            if reason:
                return Parsed(parsed.text, error=reason)
        return parsed
