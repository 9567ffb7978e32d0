"""The terminal's shared voice, below the CLI: the console, the run's language, clean error exits, ``--llm``.

The commands (:mod:`narrator.cli`) and the games' terminal tables (``narrator/<game>/play.py``,
``terminal.py``) both print and fail through these; a game module never imports the CLI itself, the CLI
imports the games.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any, NoReturn

import typer
from rich.console import Console
from rich.markup import escape

if TYPE_CHECKING:  # pydantic-settings is imported by the commands that read settings, not at start-up
    from narrator.agents.llm.settings import LLMSettings

console = Console()
errors = Console(stderr=True)


_LANGUAGE: list[str] = []
"""The run's language once :func:`language` has chosen it (errors after that speak it)."""
_ASKED: list[str] = []
"""``narrator --lang X``: the language of the run when its command has no ``--lang`` of its own."""


def reset_language(asked: str | None = None) -> None:
    """Forget the chosen language (a new command begins); ``asked`` is the run's ``narrator --lang``."""
    _LANGUAGE.clear()
    _ASKED.clear()
    ask_language(asked)  # a mistyped one is an error now


def ask_language(asked: str | None) -> None:
    """A group's ``--lang`` (``narrator play --lang ru ...``): the run's language from here on, as ``narrator --lang``."""
    if asked:
        _ASKED[:] = [asked]
        language(asked)


def asked_language() -> str | None:
    """The run's ``narrator --lang`` (before the command's name), if any."""
    return _ASKED[-1] if _ASKED else None


def run_language() -> str:
    """The language errors are told in: the run's, else ``narrator --lang``, ``NARRATOR_LANG``, the locale,
    else English."""
    if _LANGUAGE:
        return _LANGUAGE[-1]
    from narrator.agents.i18n import FALLBACK, default_language

    try:
        return default_language(asked_language())
    except ValueError:
        return FALLBACK


def fail(text: str, code: int = 2, *, key: str = "", tool: bool = False, **values: Any) -> NoReturn:
    """Print an error (no traceback) and exit: the catalogue's ``cli.<key>`` (``tools.<key>`` with ``tool``)
    in the run's language when ``key`` is given, else ``text`` (the developer tools' English)."""
    from narrator.agents.i18n import message

    lang = run_language()
    shown = message(lang, f"{'tools' if tool else 'cli'}.{key}", **values) if key else text
    errors.print(f"[bold red]{escape(message(lang, 'cli.error'))}:[/] {escape(shown)}", highlight=False,
                 soft_wrap=True)  # one line, however long
    raise typer.Exit(code)


def tool_word(key: str, **values: Any) -> str:
    """A word of the tools around a game (the catalogue's ``tools``) in the run's language."""
    from narrator.agents.i18n import message

    return message(run_language(), f"tools.{key}", **values)


def config_error_text(error: ValueError, lang: str | None = None) -> str:
    """A rules profile's validation error in the player's language (:class:`~narrator.rules.replay.ConfigError`;
    any other error as its text)."""
    from narrator.agents.i18n import message, section
    from narrator.rules.replay import ConfigError
    from narrator.web.i18n import translate

    if not isinstance(error, ConfigError):
        return str(error)
    lang = lang or run_language()
    types = section(lang, "tools")["config_types"]
    if error.unknown:
        problems = message(lang, "tools.config_unknown", names=", ".join(map(repr, error.unknown)))
    else:
        problems = "; ".join(message(lang, "tools.config_field", field=where,
                                     text=str(types.get(kind) or types["other"]).format(text=text))
                             for where, kind, text in error.problems)
    return message(lang, "tools.config_invalid", game_id=error.game, game=translate(lang, f"game.{error.game}"),
                   problems=problems)


def error_text(error: BaseException, lang: str | None = None) -> str:
    """An error the player reads: a :class:`~narrator.transcript.ResumeError` with a catalogue key in
    ``lang`` (game ids as the games' titles), anything else as its text."""
    from narrator.agents.i18n import message

    key, values = getattr(error, "key", ""), dict(getattr(error, "values", {}) or {})
    if not key:
        return str(error)
    lang = lang or run_language()
    if key == "damaged":
        from narrator.transcript import DamagedTranscriptError, damaged_error_text

        if isinstance(error, DamagedTranscriptError):
            return damaged_error_text(error, lang)
    if "found" in values and key.startswith("llm_settings"):  # pydantic's problems, in the run's language
        from narrator.agents.llm.settings import problems_text

        values["problems"] = problems_text(values.pop("found"), lang)
    if key == "other_game":
        from narrator.web.i18n import translate

        values["found"] = translate(lang, f"game.{values.get('found')}")
        values["wanted"] = " / ".join(translate(lang, f"game.{g}") for g in str(values.get("wanted", "")).split(" / "))
    return message(lang, f"cli.{key}", **values)


def fail_with(error: BaseException, code: int | None = None) -> NoReturn:
    """:func:`fail` for an exception: its catalogue rendering (see :func:`error_text`) and exit code."""
    fail(error_text(error), getattr(error, "exit_code", 2) if code is None else code)


def language(value: str | None) -> str:
    """The run's language: ``--lang``, else ``narrator --lang``, ``NARRATOR_LANG``, the locale, else English."""
    from narrator.agents.i18n import default_language

    given = value or asked_language()
    try:
        chosen = default_language(given)
    except ValueError:
        import os

        from narrator.agents.i18n import ENV

        fail("", key="lang", source="--lang" if given else ENV, value=repr(given or os.environ.get(ENV, "")))
    _LANGUAGE.append(chosen)
    return chosen


def os_error_text(error: OSError, lang: str | None = None) -> str:
    """What the system said (``error.strerror``, English) in the run's language, by its errno's name."""
    import errno

    from narrator.agents.i18n import section

    name = errno.errorcode.get(error.errno or 0, "")
    return str(section(lang or run_language(), "tools")["os_errors"].get(name) or error.strerror or error)


def fresh_seed(seed: int | None) -> int:
    """``--seed``, or a random one: an unseeded game is a new game each time (the seed is printed and kept)."""
    import random

    return seed if seed is not None else random.SystemRandom().randrange(10 ** 6)


@contextlib.contextmanager
def llm_settings(mode: str | None, *, stream: bool = False) -> Iterator[LLMSettings | None]:
    """The settings for ``--llm mode``: ``None`` when offline; for ``local``, the server runs inside the block.

    ``stream``: a game at the terminal; the model's prose streams into it as drafts while it is
    written (``settings.stream``, see :mod:`agents.llm.streaming`).
    Exits with a clear message when the mode cannot work (no endpoint, local model not installed).
    """
    with _resolved(mode) as settings:
        if settings is None or not (stream and settings.stream):
            yield settings
            return
        from narrator.agents.llm.streaming import streaming_to
        from narrator.terminal_drafts import TerminalDrafts

        drafts = TerminalDrafts(console)
        try:
            with streaming_to(drafts):
                yield settings
        finally:
            drafts.close()  # the terminal echoes keys again however the game ended


@contextlib.contextmanager
def _resolved(mode: str | None) -> Iterator[LLMSettings | None]:
    from narrator.agents.llm.settings import LLMMode, SettingsError, load_settings
    from narrator.llm.local import MODEL_ALIAS, LocalModelError, local_servers

    try:
        settings = load_settings()
        resolved = settings.resolve_mode(mode)
    except SettingsError as error:
        fail_with(error)
    if resolved is LLMMode.OFFLINE:
        yield None
        return
    if resolved is LLMMode.ENDPOINT:
        yield settings
        return
    try:
        servers_cm = local_servers(settings.local_servers)
        servers = servers_cm.__enter__()
    except LocalModelError as error:
        fail("", key="llm_local", error=error_text(error))
    try:
        yield settings.for_local(servers[0].base_url, MODEL_ALIAS, more=tuple(s.base_url for s in servers[1:]))
    finally:
        servers_cm.__exit__(None, None, None)
