"""Language-model settings: the environment, then a TOML file, then the defaults.

Precedence (highest first): keyword arguments, environment variables, the ``[llm]`` table of the
config file, the defaults below. The config file is the first that exists of ``$NARRATOR_CONFIG``,
``./narrator.toml`` and ``~/.config/narrator/narrator.toml``::

    [llm]
    base_url = "http://127.0.0.1:11434/v1"   # or OPENAI_BASE_URL
    player_model = "llama3.2"
    temperature = 0.4
    budget_tokens = 200000

Environment variables: ``OPENAI_BASE_URL``, ``OPENAI_API_KEY`` and ``NARRATOR_LLM_<FIELD>`` for every
other field (``NARRATOR_LLM_PLAYER_MODEL``, ``NARRATOR_LLM_TIMEOUT``, ...).
"""

from __future__ import annotations

import os
import tomllib
from enum import StrEnum
from pathlib import Path
from typing import Any, Literal

from pydantic import AliasChoices, Field, SecretStr
from pydantic.fields import FieldInfo
from pydantic_settings import BaseSettings, PydanticBaseSettingsSource, SettingsConfigDict

Role = Literal["storyteller", "player", "bot"]
"""Who is speaking: each may use its own model (a strong Storyteller, cheap bots)."""

CONFIG_ENV = "NARRATOR_CONFIG"


class LLMMode(StrEnum):
    """Where moves and prose come from (``--llm``)."""

    OFFLINE = "offline"
    """Scripted agents and templates only; no model, no network. The default without an endpoint."""
    LOCAL = "local"
    """The embedded SmolLM2 model, served by llama.cpp on 127.0.0.1 for the length of the run."""
    ENDPOINT = "endpoint"
    """An OpenAI-compatible endpoint (``OPENAI_BASE_URL``; OpenAI itself when only a key is set)."""


class SettingsError(ValueError):
    """The settings cannot work (a mode without what it needs, an unreadable config file)."""

    def __init__(self, text: str, key: str = "", **values: object) -> None:
        super().__init__(text)
        self.key, self.values = key, values
        """The player's rendering: the catalogue's ``cli.<key>`` filled with ``values`` (the text is English, for logs)."""


def config_path() -> Path | None:
    """The config file in use: ``$NARRATOR_CONFIG``, ``./narrator.toml``, ``~/.config/narrator/narrator.toml``."""
    explicit = os.environ.get(CONFIG_ENV)
    if explicit:
        return Path(explicit)
    for candidate in (Path("narrator.toml"), Path.home() / ".config" / "narrator" / "narrator.toml"):
        if candidate.is_file():
            return candidate
    return None


class _TomlTable(PydanticBaseSettingsSource):
    """The ``[llm]`` table of the config file, as a settings source below the environment."""

    def __call__(self) -> dict[str, Any]:
        path = config_path()
        if path is None:
            return {}
        try:
            data = tomllib.loads(path.read_text(encoding="utf-8"))
        except FileNotFoundError:
            raise SettingsError(f"{path}: no such config file (from ${CONFIG_ENV})", "llm_config_missing", path=path,
                                env=CONFIG_ENV) from None
        except tomllib.TOMLDecodeError as error:
            raise SettingsError(f"{path}: not valid TOML ({error})", "llm_config_toml", path=path,
                                line=getattr(error, "lineno", "?"), column=getattr(error, "colno", "?")) from None
        table = data.get("llm", {})
        if not isinstance(table, dict):
            raise SettingsError(f"{path}: 'llm' must be a TOML table", "llm_config_table", path=path)
        return table

    def get_field_value(self, field: FieldInfo, field_name: str) -> tuple[Any, str, bool]:
        return None, field_name, False  # unused: __call__ returns the whole table


class LLMSettings(BaseSettings):
    """Everything the LLM agents need to reach a model and to stop spending on it."""

    model_config = SettingsConfigDict(env_prefix="NARRATOR_LLM_", extra="forbid", populate_by_name=True,
                                      case_sensitive=False)

    mode: LLMMode | None = None
    """``None``: endpoint when one is configured, else offline."""
    base_url: str | None = Field(None, validation_alias=AliasChoices("base_url", "OPENAI_BASE_URL"))
    api_key: SecretStr | None = Field(None, validation_alias=AliasChoices("api_key", "OPENAI_API_KEY"))
    model: str = "gpt-4o-mini"
    """The model of every role that has none of its own."""
    storyteller_model: str | None = None
    player_model: str | None = None
    bot_model: str | None = None
    temperature: float = Field(0.7, ge=0.0, le=2.0)
    max_tokens: int = Field(256, gt=0)
    """Completion tokens per call."""
    timeout: float = Field(15.0, gt=0)
    """Seconds one HTTP read (or connect) may wait; the decision's deadline caps it further."""
    decision_deadline: float = Field(20.0, gt=0)
    """Wall-clock seconds one decision may take, every call, retry, wait and re-ask included; then the
    scripted fallback moves. Holds against an endpoint that trickles its answer a byte at a time."""
    max_transport_failures: int = Field(3, ge=1)
    """Consecutive decisions lost to transport failures (unreachable, timed out, deadline) after which
    the seat's model is switched off for the rest of the game; a person may switch it back on."""
    max_retries: int = Field(3, ge=0)
    """Retries of a transient failure (timeout, 429, 5xx, dropped connection) before giving up."""
    retry_wait_max: float = Field(8.0, ge=0)
    """Longest random-exponential wait between transient retries, in seconds."""
    max_reasks: int = Field(2, ge=0)
    """Re-asks with the reason after an unparseable or refused answer, before the scripted fallback."""
    budget_tokens: int | None = Field(None, gt=0)
    """Prompt + completion tokens one game may spend; then the seats fall back to scripted agents."""
    language: Literal["en", "ru"] = "en"
    """Language of the prompts."""
    concurrency: int = Field(4, ge=1)
    """Seats of one table asked at once when the rules let them decide together (night actions,
    ballots); 1 asks them one after the other. ``simulate --concurrency N`` plays N games at once."""
    parallel: int = Field(8, ge=1)
    """Requests one endpoint serves at once. A call waits for a free slot before its decision's
    deadline runs (the embedded llama.cpp server serves one request at a time: 1 per server)."""
    stream: bool = True
    """Games at the terminal show the model's prose token by token as it is written (a draft that
    stays only if it passes the checks; see ``agents.llm.streaming``)."""
    local_servers: int = Field(1, ge=1, le=16)
    """Embedded servers ``--llm local`` starts (each answers one request at a time; the CPU's threads
    are shared between them)."""
    extra_base_urls: tuple[str, ...] = ()
    """More servers of the same model beside ``base_url`` (a pool: each call goes to a free one)."""
    warm_up: bool = True
    """With two servers or more, send a seat's coming prompt to its home server while an earlier seat speaks
    (battaglia's accusations are asked one after another, L74-75), asking one token: that server's prompt
    cache then holds it, and the seat's turn evaluates only what the speech added; and, on servers of our own
    (``--llm local`` or a pool), the Ten Candles Storyteller's next prompt while a person decides. Off: no extra
    calls."""

    @classmethod
    def settings_customise_sources(cls, settings_cls: type[BaseSettings], init_settings: PydanticBaseSettingsSource,
                                   env_settings: PydanticBaseSettingsSource,
                                   dotenv_settings: PydanticBaseSettingsSource,
                                   file_secret_settings: PydanticBaseSettingsSource,
                                   ) -> tuple[PydanticBaseSettingsSource, ...]:
        return init_settings, env_settings, _TomlTable(settings_cls)

    def model_for(self, role: Role) -> str:
        """The model name used for ``role``."""
        return getattr(self, f"{role}_model") or self.model

    @property
    def has_endpoint(self) -> bool:
        """Whether an endpoint is configured (a base URL, or an OpenAI key)."""
        return bool(self.base_url or self.api_key)

    def resolve_mode(self, requested: LLMMode | str | None = None) -> LLMMode:
        """The mode to run in: ``requested`` (``--llm``), else the configured one, else by endpoint.

        Raises:
            SettingsError: ``endpoint`` was asked for but none is configured.
        """
        try:
            mode = LLMMode(requested) if requested is not None else self.mode
        except ValueError:
            raise SettingsError(f"--llm {requested!r}: expected one of offline, local, endpoint", "llm_mode",
                                given=repr(requested)) from None
        if mode is None:
            return LLMMode.ENDPOINT if self.has_endpoint else LLMMode.OFFLINE
        if mode is LLMMode.ENDPOINT and not self.has_endpoint:
            raise SettingsError("--llm endpoint: no endpoint configured; set OPENAI_BASE_URL (and OPENAI_API_KEY "
                                "if it needs one), or base_url in the llm table of narrator.toml (docs/llm.md)",
                                "llm_no_endpoint")
        return mode

    def for_local(self, base_url: str, model: str, *, more: tuple[str, ...] = ()) -> LLMSettings:
        """These settings pointed at the embedded server (and ``more`` servers of it): one model for every
        role, no key needed, one request at a time per server."""
        return self.model_copy(update={"mode": LLMMode.LOCAL, "base_url": base_url, "api_key": SecretStr("local"),
                                       "model": model, "storyteller_model": None, "player_model": None,
                                       "bot_model": None, "parallel": 1, "extra_base_urls": tuple(more)})

    @property
    def self_hosted(self) -> bool:
        """Whether the servers are our own (``--llm local``, a pool, or an endpoint on this machine or a private
        network): there a warm-up costs nothing but a free server's time; on a paid API it would cost a request."""
        import ipaddress
        from urllib.parse import urlsplit

        if self.mode is LLMMode.LOCAL or len(self.endpoints) > 1:
            return True
        host = urlsplit(self.base_url or "").hostname or ""
        if host == "localhost":
            return True
        try:
            address = ipaddress.ip_address(host)
        except ValueError:
            return False
        return address.is_loopback or address.is_private

    @property
    def endpoints(self) -> tuple[str, ...]:
        """Every server a call may go to: ``base_url`` first, then ``extra_base_urls``."""
        return tuple(url for url in (self.base_url, *self.extra_base_urls) if url)


def load_settings(**overrides: Any) -> LLMSettings:
    """Read the settings (see the module docstring), with ``overrides`` on top.

    Raises:
        SettingsError: the config file is unreadable or a value is invalid (named).
    """
    from pydantic import ValidationError

    try:
        return LLMSettings(**{k: v for k, v in overrides.items() if v is not None})
    except ValidationError as error:
        found = [{"field": ".".join(map(str, e["loc"])) or "llm", "type": e["type"], "msg": e["msg"],
                  "ctx": {k: str(v) for k, v in (e.get("ctx") or {}).items()}} for e in error.errors()]
        problems = "; ".join(f"{e['field']}: {e['msg']}" for e in found)
        source = config_path()
        raise SettingsError(f"LLM settings ({source or 'environment'}): {problems}",
                            "llm_settings_file" if source else "llm_settings_env", path=source, problems=problems,
                            found=found) from None


def problems_text(found: list[dict[str, Any]], lang: str) -> str:
    """The invalid settings of a :class:`SettingsError` in ``lang``: each field with why, from the catalogue's
    ``settings_errors`` by pydantic's error type (pydantic's own text, in English, for a type it does not list)."""
    from narrator.agents.i18n import section

    words = section(lang, "settings_errors")
    parts = []
    for problem in found:
        template = words.get(problem["type"])
        try:
            why = template.format(**problem["ctx"]) if template else problem["msg"]
        except (KeyError, IndexError):
            why = problem["msg"]
        parts.append(f"{problem['field']}: {why}")
    return "; ".join(parts)
