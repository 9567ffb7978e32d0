"""``narrator play battaglia``: one person against scripted bots, the program as the host.

The game is written to a transcript line by line; closing the input (Ctrl-D) or Ctrl-C stops it and
prints how to continue with ``--resume``. The bots' decisions depend only on (seed, seat, view), so
a resumed game goes on exactly as it would have.
"""

from __future__ import annotations

import random
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TextIO

from narrator.agents.battaglia.texts import Table
from narrator.agents.i18n import message
from narrator.rules.battaglia import GAME
from narrator.rules.replay import TranscriptError, decode_config

from narrator import fairness
from narrator.battaglia.human import HumanLeftError, TerminalHuman
from narrator.battaglia.narration import Narrator, recorded_table
from narrator.battaglia.simulate import make_bots
from narrator.resume import DamagedTranscriptError, ResumeError, load_header, resume_session
from narrator.session import Session
from narrator.transcript import TranscriptWriter, default_transcript_path

EXIT_OK, EXIT_STOPPED, EXIT_BAD_INPUT = 0, 0, 2


@dataclass
class PlayOptions:
    """What ``narrator play battaglia`` was asked for."""

    players: int = 9
    seat: int = 0
    lang: str = "ru"
    lang_asked: bool = False
    """Whether ``--lang`` was given: an error before a resumed game is loaded then speaks it, not the recorded one."""
    seed: int | None = None
    options: dict[str, Any] = field(default_factory=dict)
    transcript: Path | None = None
    resume: Path | None = None
    stdin: TextIO | None = None
    stdout: TextIO | None = None
    llm: Any = None
    """``LLMSettings`` when language models play the bot seats (``--llm``), else ``None``."""
    llm_seats: int | None = None
    """How many bot seats the model plays (``None``: all of them)."""
    bots: str = "scripted"
    """The bot seats' kind without ``--llm``: ``scripted``, or ``strong`` (:mod:`narrator.battaglia.strong`)."""


def play_in_terminal(opts: PlayOptions) -> int:
    """Play (or resume) a game; returns the process exit code."""
    out = opts.stdout or sys.stdout
    try:
        session, human, path = _resume(opts) if opts.resume else _start(opts)
    except (ResumeError, TranscriptError, ValueError, FileNotFoundError) as error:
        from narrator.console import error_text

        lang = _recorded_language(opts.resume, opts.lang) if opts.resume and not opts.lang_asked else opts.lang
        out.write(f"{message(lang, 'cli.error')}: {error_text(error, lang)}\n")
        return getattr(error, "exit_code", EXIT_BAD_INPUT)  # a damaged transcript: 1
    try:
        while session.step():
            pass
        revealed = fairness.revealed_line(session, path, human.narrator.table.lang)
        if revealed:
            human.write(revealed)
    except (HumanLeftError, KeyboardInterrupt):
        human.write("")
        human.write(human.narrator.say("saved", path=path))
        return EXIT_STOPPED
    finally:
        recorder = session.recorder
        if isinstance(recorder, TranscriptWriter):
            recorder.close()
        _llm_summary(session, out)
    return EXIT_OK


def _start(opts: PlayOptions) -> tuple[Session, TerminalHuman, Path]:
    seed = opts.seed if opts.seed is not None else random.SystemRandom().randrange(10 ** 6)
    config = decode_config(GAME, {**opts.options, "players": opts.players})
    table = Table.for_game(seed, opts.players, opts.lang)
    path = opts.transcript or default_transcript_path("battaglia", seed)
    human = _human(opts, table, opts.seat)
    human.rainmaker_force = config.rainmaker_force
    bots, fallbacks = _bots(opts, seed, opts.players, table, opts.seat, config)
    agents = {**bots, opts.seat: human}
    session = Session(GAME, config, agents, seed=seed, recorder=TranscriptWriter(path), fallbacks=fallbacks,
                      concurrency=opts.llm.concurrency if opts.llm is not None else 1)  # model seats asked together
    committed = fairness.begin(session, path, opts.lang, chosen=opts.seed)  # committed before the header is written
    session.write_header(seats=[{"seat": s, "agent": "human" if s == opts.seat else agents[s].name}
                                for s in range(opts.players)], table=_table_record(table))
    human.write(fairness.seed_line(opts.lang, seed, chosen=opts.seed is not None))
    for line in committed:
        human.write(line)
    human.write(human.narrator.say("seat_line", seat=opts.seat, name=table.names[opts.seat],
                                   legend=table.legends[opts.seat], setting=table.setting))
    return session, human, path


def _recorded_language(path: Path, default: str) -> str:
    """The language a resumed game was played in (its errors are told in it), else ``default``."""
    try:
        table = load_header(path, game=GAME.name).get("table")
    except (ResumeError, ValueError, OSError):
        return default
    lang = table.get("lang") if isinstance(table, dict) else None
    return lang if lang in ("ru", "en") else default


def _resume(opts: PlayOptions) -> tuple[Session, TerminalHuman, Path]:
    assert opts.resume is not None
    path = opts.resume
    header = load_header(path, game=GAME.name)
    try:
        players = decode_config(GAME, header["config"]).players
    except ValueError as error:
        raise DamagedTranscriptError(path, TranscriptError(1, str(error), "config")) from None
    humans = [s.get("seat") for s in header.get("seats", []) if s.get("agent") == "human"]
    seat = humans[0] if humans and isinstance(humans[0], int) else opts.seat
    recorded = header.get("table")
    names, legends = (recorded.get("names"), recorded.get("legends")) if isinstance(recorded, dict) else ((), ())
    if not isinstance(recorded, dict) or not isinstance(names, list) or not isinstance(legends, list):
        recorded, names, legends = {}, [], []  # a web table's transcript names its table only: deal new names
    table = recorded_table(str(recorded.get("lang", opts.lang)), str(recorded.get("setting", "")), tuple(names),
                          tuple(legends))
    if len(table.names) != players:
        table = Table.for_game(header.get("seed"), players, opts.lang)
    human = _human(opts, table, seat)
    bots, fallbacks = _bots(opts, header.get("seed"), players, table, seat, decode_config(GAME, header["config"]))
    human.quiet = True  # the retraced past is told once, as the recap below, not line by line
    session = resume_session(path, {**bots, seat: human}, fallbacks=fallbacks)
    human.quiet = False
    view = GAME.view(session.state, seat)
    human.rainmaker_force = session.state.config.rainmaker_force
    if session.seq == 1:  # the header alone (stopped before the deal): a fresh game of that seed, told as one
        human.write(message(table.lang, "session.seed", seed=header.get("seed")))
        human.write(human.narrator.say("seat_line", seat=seat, name=table.names[seat], legend=table.legends[seat],
                                       setting=table.setting))
        return session, human, path
    human.write(human.narrator.say("resumed", day=view.day, name=table.name(seat)))
    for line in human.reference.recap(view):
        human.write(line)
    for line in human.narrator.lines(view.notes):
        human.write(line)
    for line in human.reference.sheet(view, human.rainmaker_force):
        human.write(line)
    human.reborn.update(s for s in range(view.players) if view.lives[s] == 2)
    return session, human, path


def _bots(opts: PlayOptions, seed: int | None, players: int, table: Table,
          human: int, config: Any = None) -> tuple[dict[int, Any], dict[int, Any]]:
    """The bot seats (scripted or strong, or language models with scripted fallbacks under ``--llm``)."""
    if opts.llm is None and opts.bots == "strong":
        from narrator.battaglia.strong import StrongBot

        return {s: StrongBot(seed, s, config, table=table, talk=True) for s in range(players) if s != human}, {}
    if opts.llm is None:
        return make_bots(seed, players, table, talk=True), {}
    from narrator.agents.battaglia.llm import llm_table

    others = [s for s in range(players) if s != human]
    seats = others if opts.llm_seats is None else others[:opts.llm_seats]
    agents, fallbacks = llm_table(opts.llm, seed, table, seats)
    return agents, fallbacks


def _llm_summary(session: Session, out: TextIO) -> None:
    """One line of the models' cost when language models played (``--llm``)."""
    stats = next((a.stats for a in session.agents.values() if hasattr(a, "stats")), None)
    summary = stats.summary() if stats is not None else {}
    if summary:
        out.write(f"LLM: {summary['decisions']} decisions, {summary['calls_per_decision']} calls and "
                  f"{summary['prompt_tokens_per_decision']:.0f} prompt tokens per decision, "
                  f"{summary['latency_ms_per_decision'] / 1000:.1f} s per decision, "
                  f"fallbacks {summary['fallback_rate']:.0%}\n")


def _human(opts: PlayOptions, table: Table, seat: int) -> TerminalHuman:
    return TerminalHuman(seat, Narrator(table, seat), opts.stdin, opts.stdout)


def _table_record(table: Table) -> dict[str, Any]:
    return {"lang": table.lang, "setting": table.setting, "names": list(table.names),
            "legends": list(table.legends)}
