"""What every CLI command shares: the console, clean error exits, rules profiles, seat ranges."""

from __future__ import annotations

from pathlib import Path
from typing import Any, NoReturn

import typer
import yaml
from rich.console import Console
from rich.markup import escape

from narrator.rules.core import Game

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


def load_profile(game: Game[Any, Any], path: Path | None, **overrides: Any) -> Any:
    """The game's config: defaults, then a YAML rules profile, then command-line overrides.

    A profile is a YAML mapping of config options (``docs/rules-profiles.md``); an unknown or
    mistyped option is an error naming the file and the field.
    """
    from narrator.rules.replay import decode_config  # pydantic: only for commands that read a profile

    data: dict[str, Any] = {}
    if path is not None:
        data = read_yaml_mapping(path)
    data.update({k: v for k, v in overrides.items() if v is not None})
    try:
        return decode_config(game, data)
    except ValueError as error:
        fail("", key="profile_option", tool=True, path=path or tool_word("options"), error=config_error_text(error))


def read_yaml_mapping(path: Path) -> dict[str, Any]:
    """Read a YAML file that must hold a mapping; exits with a clear message otherwise."""
    try:
        loaded = yaml.safe_load(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        fail("", key="no_file", path=str(path))
    except yaml.YAMLError as error:
        mark = getattr(error, "problem_mark", None)
        fail("", key="profile_yaml", tool=True, path=path, error=error, line=mark.line + 1 if mark else "?",
             column=mark.column + 1 if mark else "?")
    if loaded is None:
        return {}
    if not isinstance(loaded, dict):
        kind = type(loaded).__name__
        kinds = {"list", "str", "int", "float", "bool"}
        fail("", key="profile_mapping", tool=True, path=path,
             kind=tool_word(f"kinds.{kind}") if kind in kinds else tool_word("kinds.other", kind=kind))
    return loaded


def parse_range(text: str, *, low: int, high: int, what: str = "players") -> list[int]:
    """``"6-17"`` -> ``[6, ..., 17]``; ``"8"`` -> ``[8]``; ``"6,9,12"`` -> ``[6, 9, 12]``.

    >>> parse_range("6-8", low=6, high=17)
    [6, 7, 8]
    """
    values: list[int] = []
    try:
        for part in text.replace("..", "-").split(","):
            start, _, end = part.strip().partition("-")
            first, last = int(start), int(end or start)
            values.extend(range(first, last + 1))
    except ValueError:
        fail("", key="range_syntax", tool=True, what=what, given=repr(text))
    bad = [v for v in values if not low <= v <= high]
    if not values or bad:
        fail("", key="range_bounds", tool=True, what=what, given=repr(text), low=low, high=high)
    return sorted(set(values))


ENGINE_HELP = ("Who plays the games: 'native' (the compiled playout engine, ~100x faster), 'python' (the rules "
               "kernel itself) or 'auto' (native when it is built, was ported from the installed rules and plays "
               "every option asked for, else python, saying why). Both play the same game for the same seed.")
VERIFY_HELP = ("Play this many of the run's games again with the Python kernel and check the rows agree "
               "(default: one per player count; 0 skips the check).")


def simulate_rows(jobs: list[Any], *, play_one: Any, native: Any, configs: list[Any], engine: str,
                  verify: int | None, workers: int, progress: bool,
                  description: str, cluster: str | None = None,
                  on_rows: Any = None) -> tuple[list[dict[str, Any]], str]:
    """Play a simulation run with the chosen engine, then check a sample against the Python kernel.

    Returns the rows and a sentence for the report saying who played them and what was checked.
    ``on_rows`` gets each chunk of rows as it is played (``narrator.playtest.run_games``).
    Exits with a clear message when ``--engine native`` cannot play the run, and when the engine's
    rows disagree with the kernel's (a bug: the report would not be the rules' report).
    """
    from narrator.playtest import run_games
    from narrator.playtest.drawing import preload
    from narrator.playtest.engines import EngineError, KernelCheck, choose

    try:
        chosen = choose(engine, play_one=play_one, native=native, configs=configs)
    except EngineError as error:
        fail(str(error))
    if chosen.why:
        console.print(tool_word("engine_note", why=chosen.why), highlight=False)
    if chosen.name != "native":
        rows = run_games(chosen.play_batch, jobs, workers=workers, progress=progress,
                         description=f"{description} ({chosen.name})", batched=True, cluster=cluster,
                         on_rows=on_rows)
        return rows, tool_word("played_python_why", why=chosen.why) if chosen.why else tool_word("played_python")
    count = min(len(jobs), len({job.players for job in jobs}) if verify is None else verify)
    check = KernelCheck(jobs, play_one, count)  # the kernel replays its sample while the engine plays
    try:
        preload()  # matplotlib loads meanwhile too (the native engines release the GIL)
        rows = run_games(chosen.play_batch, jobs, workers=workers, progress=progress,
                         description=f"{description} ({chosen.name})", batched=True, cluster=cluster,
                         on_rows=on_rows)
        problems = check.problems(rows)
    finally:
        check.close()
    if problems:  # each problem names a game and its differing row values (ids and numbers)
        fail("", key="native_disagree", tool=True, problems="\n  ".join(problems[:5]))
    if count == 0:
        return rows, tool_word("played_native_unchecked")
    return rows, tool_word("played_native", count=count)
