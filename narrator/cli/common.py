"""What every CLI command shares: the console, clean error exits, rules profiles, seat ranges."""

from __future__ import annotations

from pathlib import Path
from typing import Any, NoReturn

import typer
import yaml
from rich.console import Console

from narrator.rules.core import Game

console = Console()
errors = Console(stderr=True)


def fail(message: str, code: int = 2) -> NoReturn:
    """Print ``message`` as an error (no traceback) and exit."""
    errors.print(f"[bold red]error:[/] {message}", highlight=False, soft_wrap=True)  # one line, however long
    raise typer.Exit(code)


def language(value: str | None) -> str:
    """The run's language: ``--lang``, else ``NARRATOR_LANG``, else the locale, else English."""
    from narrator.agents.i18n import default_language

    try:
        return default_language(value)
    except ValueError as error:
        fail(str(error))


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
        fail(f"{path or 'options'}: {error}")


def read_yaml_mapping(path: Path) -> dict[str, Any]:
    """Read a YAML file that must hold a mapping; exits with a clear message otherwise."""
    try:
        loaded = yaml.safe_load(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        fail(f"{path}: no such file")
    except yaml.YAMLError as error:
        fail(f"{path}: not valid YAML ({error})")
    if loaded is None:
        return {}
    if not isinstance(loaded, dict):
        fail(f"{path}: a rules profile must be a mapping of option: value, got {type(loaded).__name__}")
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
        fail(f"--{what} {text!r}: expected a number, a range like 6-17, or a list like 6,9,12")
    bad = [v for v in values if not low <= v <= high]
    if not values or bad:
        fail(f"--{what} {text!r}: each value must lie in {low}..{high}")
    return sorted(set(values))


ENGINE_HELP = ("Who plays the games: 'native' (the compiled playout engine, ~100x faster), 'python' (the rules "
               "kernel itself) or 'auto' (native when it is built, was ported from the installed rules and plays "
               "every option asked for, else python, saying why). Both play the same game for the same seed.")
VERIFY_HELP = ("Play this many of the run's games again with the Python kernel and check the rows agree "
               "(default: one per player count; 0 skips the check).")


def simulate_rows(jobs: list[Any], *, play_one: Any, native: Any, configs: list[Any], engine: str,
                  verify: int | None, workers: int, progress: bool,
                  description: str) -> tuple[list[dict[str, Any]], str]:
    """Play a simulation run with the chosen engine, then check a sample against the Python kernel.

    Returns the rows and a sentence for the report saying who played them and what was checked.
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
    if chosen.note:
        console.print(f"note: {chosen.note}", highlight=False)
    if chosen.name != "native":
        rows = run_games(chosen.play_batch, jobs, workers=workers, progress=progress,
                         description=f"{description} ({chosen.name})", batched=True)
        return rows, "Played by the Python rules kernel." + (f" Not by the native engine: {chosen.why}."
                                                             if chosen.why else "")
    count = min(len(jobs), len({job.players for job in jobs}) if verify is None else verify)
    check = KernelCheck(jobs, play_one, count)  # the kernel replays its sample while the engine plays
    try:
        preload()  # matplotlib loads meanwhile too (the native engines release the GIL)
        rows = run_games(chosen.play_batch, jobs, workers=workers, progress=progress,
                         description=f"{description} ({chosen.name})", batched=True)
        problems = check.problems(rows)
    finally:
        check.close()
    if problems:
        fail("the native engine and the Python kernel disagree (a bug: please report it; --engine python "
             "plays without the native engine):\n  " + "\n  ".join(problems[:5]))
    if count == 0:
        return rows, "Played by the native playout engine, unchecked (--verify 0)."
    return rows, (f"Played by the native playout engine; {count} of the games, replayed by the Python rules "
                  "kernel, gave the same rows.")
