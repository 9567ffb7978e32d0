"""Seeded games of every game, played to the end and resumed from a cut copy (tests and benchmarks share them).

Each game has ``play(path, seed)`` (a whole game by scripted players, written to ``path``) and
``resume(path)`` (continue the game in ``path`` to its end, as ``narrator play --resume`` does).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from narrator.resume import ResumeError, load_header, resume_session


def _battaglia_play(path: Path, seed: int) -> None:
    from narrator.battaglia.simulate import play_one
    from narrator.playtest import GameJob

    play_one(GameJob(0, 6, seed, {}, str(path)))


def _battaglia_resume(path: Path) -> None:
    from narrator.agents.battaglia.texts import Table

    from narrator.battaglia.simulate import make_bots

    header = load_header(path, game="battaglia")
    recorded = header["table"]
    table = Table(recorded["lang"], recorded["setting"], tuple(recorded["names"]), tuple(recorded["legends"]))
    session = resume_session(path, make_bots(header["seed"], header["config"]["players"], table, talk=True),
                             game="battaglia")
    while session.step():
        pass
    session.recorder.close()  # type: ignore[union-attr]


def _ten_candles_play(path: Path, seed: int) -> None:
    from narrator.ten_candles.human import ScriptedIO
    from narrator.ten_candles.play import TableSettings, play

    play(TableSettings(humans=0, ai=3, seed=seed, lang="ru" if seed % 2 else "en"), ScriptedIO([]), path)


def _ten_candles_resume(path: Path) -> None:
    from narrator.ten_candles.human import ScriptedIO
    from narrator.ten_candles.play import play, settings_from_header

    play(settings_from_header(path), ScriptedIO([]), path, resume=True)


def _storyteller(book: str) -> tuple[Callable[[Path, int], None], Callable[[Path], None]]:
    from narrator.storyteller.play import new_table, resume_table, run
    from narrator.storyteller.seat import ScriptedPlayer

    def play(path: Path, seed: int) -> None:
        said: list[str] = []
        table = new_table(book, character=None, lang="ru" if seed % 2 else "en", seed=seed, transcript=path,
                          player=ScriptedPlayer([], then="first"), say=said.append)
        run(table, said.append)

    def resume(path: Path) -> None:
        said: list[str] = []
        table = resume_table(path, player=ScriptedPlayer([], then="first"), say=said.append, book=book)
        run(table, said.append)

    return play, resume


GAMES: dict[str, tuple[Callable[[Path, int], None], Callable[[Path], None]]] = {
    "battaglia": (_battaglia_play, _battaglia_resume),
    "ten-candles": (_ten_candles_play, _ten_candles_resume),
    "dark-ages": _storyteller("dark_ages"),
    "wild-west": _storyteller("wild_west"),
}


def resume_to_end(game: str, path: Path) -> None:
    """Resume ``path`` to the end of its game (a game whose last lines were cut is completed, then over)."""
    try:
        GAMES[game][1](path)
    except ResumeError as error:
        if "over" not in str(error):
            raise
