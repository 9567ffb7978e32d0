"""Settings: environment over the config file over defaults; ``--llm`` mode resolution."""

from __future__ import annotations

from pathlib import Path

import pytest
from narrator.agents.llm.settings import LLMMode, SettingsError, load_settings

ENV = ("OPENAI_BASE_URL", "OPENAI_API_KEY", "NARRATOR_CONFIG", "NARRATOR_LLM_MODEL", "NARRATOR_LLM_PLAYER_MODEL",
       "NARRATOR_LLM_TEMPERATURE", "NARRATOR_LLM_MODE", "NARRATOR_LLM_BUDGET_TOKENS")


@pytest.fixture(autouse=True)
def clean_env(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    for name in ENV:
        monkeypatch.delenv(name, raising=False)
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("HOME", str(tmp_path))


def test_offline_is_the_default_without_an_endpoint() -> None:
    assert load_settings().resolve_mode() is LLMMode.OFFLINE


def test_an_endpoint_in_the_environment_makes_endpoint_the_default(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("OPENAI_BASE_URL", "http://127.0.0.1:11434/v1")
    settings = load_settings()
    assert settings.base_url == "http://127.0.0.1:11434/v1" and settings.resolve_mode() is LLMMode.ENDPOINT
    assert settings.resolve_mode("offline") is LLMMode.OFFLINE


def test_endpoint_mode_without_an_endpoint_says_what_to_set() -> None:
    with pytest.raises(SettingsError, match="OPENAI_BASE_URL"):
        load_settings().resolve_mode("endpoint")
    with pytest.raises(SettingsError, match="expected one of offline, local, endpoint"):
        load_settings().resolve_mode("cloud")


def test_config_file_table_is_read_and_the_environment_wins(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    (tmp_path / "narrator.toml").write_text('[llm]\nplayer_model = "file-model"\ntemperature = 0.2\n'
                                            'budget_tokens = 5000\n', encoding="utf-8")
    monkeypatch.setenv("NARRATOR_LLM_TEMPERATURE", "0.9")
    settings = load_settings()
    assert settings.model_for("player") == "file-model" and settings.model_for("bot") == "gpt-4o-mini"
    assert settings.temperature == 0.9 and settings.budget_tokens == 5000


def test_keyword_overrides_win_over_everything(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("NARRATOR_LLM_MODEL", "env-model")
    assert load_settings(model="arg-model").model == "arg-model"


@pytest.mark.parametrize("text, problem", [("[llm]\ntemperature = 7\n", "temperature"),
                                           ("[llm]\nnot_a_setting = 1\n", "not_a_setting"),
                                           ("[llm\n", "not valid TOML")])
def test_bad_config_file_names_the_problem(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, text: str,
                                           problem: str) -> None:
    path = tmp_path / "custom.toml"
    path.write_text(text, encoding="utf-8")
    monkeypatch.setenv("NARRATOR_CONFIG", str(path))
    with pytest.raises(SettingsError, match=problem):
        load_settings()


def test_local_settings_use_one_model_and_a_dummy_key() -> None:
    local = load_settings(player_model="big").for_local("http://127.0.0.1:5000/v1", "smol")
    assert local.mode is LLMMode.LOCAL and local.model_for("player") == "smol"
    assert local.api_key is not None and local.base_url == "http://127.0.0.1:5000/v1"
