"""What every CLI command shares: the console, clean error exits, rules profiles, seat ranges."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import yaml

from narrator.console import (  # re-exported: the commands import them from here
    ask_language,
    asked_language,
    config_error_text,
    console,
    error_text,
    errors,
    fail,
    fail_with,
    fresh_seed,
    language,
    os_error_text,
    reset_language,
    run_language,
    tool_word,
)
from narrator.rules.core import Game

__all__ = [
    "ENGINE_HELP", "PLOTS_HELP", "VERIFY_HELP", "ask_language", "asked_language", "config_error_text", "console",
    "error_text", "errors", "fail", "fail_with", "fresh_seed", "language", "load_profile", "os_error_text",
    "parse_range", "read_yaml_mapping", "reset_language", "run_language", "simulate_rows", "tool_word",
]


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
PLOTS_HELP = ("Draw the report's PNG plots (the default); --no-plots writes the report and its CSVs alone, "
              "without loading matplotlib: a quicker sweep.")
VERIFY_HELP = ("Play this many of the run's games again with the Python kernel and check the rows agree "
               "(default: one per player count; 0 skips the check).")


def simulate_rows(jobs: list[Any], *, play_one: Any, native: Any, configs: list[Any], engine: str,
                  verify: int | None, workers: int, progress: bool,
                  description: str, cluster: str | None = None,
                  on_rows: Any = None, plots: bool = True) -> tuple[list[dict[str, Any]], str]:
    """Play a simulation run with the chosen engine, then check a sample against the Python kernel.

    Returns the rows and a sentence for the report saying who played them and what was checked.
    ``on_rows`` gets each chunk of rows as it is played (``narrator.playtest.run_games``); ``plots``: the report
    will draw plots (matplotlib starts loading while the native engine plays; ``--no-plots`` never imports it).
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
        if plots:
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
