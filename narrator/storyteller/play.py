"""Playing a scenario at the terminal: ``narrator play dark-ages`` / ``narrator play wild-west``.

The game runs through :class:`narrator.session.Session`, is written line by line to a transcript,
and can be resumed from it (``--resume``) after a crash or an EOF.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import typer
from rich.markup import escape

from narrator.agents.i18n import message
from narrator.resume import ResumeError, is_retracing, load_header, resume_session
from narrator.rules.core import HOST, Event, Viewer
from narrator.rules.registry import get_game
from narrator.rules.storyteller.dice import RollResult
from narrator.rules.storyteller.sheet import parse_sheet
from narrator.session import Session
from narrator.storyteller import render
from narrator.storyteller.data import DataError, load_combat, load_sheet, read_yaml, sample_sheets, table_config
from narrator.storyteller.reference import Reference
from narrator.storyteller.scenario import load_narration, load_scenario
from narrator.storyteller.seat import PLAYER_SEAT, ApproachQuestion, Player, QuitGame, StorytellerSeat, TerminalPlayer
from narrator.storyteller.template import TemplateStoryteller
from narrator.transcript import TranscriptWriter, default_transcript_path

Say = Callable[[str], None]


@dataclass
class Table:
    """A game in progress: the session, the voice and where it is written."""

    session: Session
    voice: TemplateStoryteller
    transcript: Path
    book: str


def new_table(book: str, *, character: Path | None, lang: str, seed: int | None, transcript: Path,
              player: Player, say: Say, rules: Path | None = None, combat: Path | None = None,
              scenario: Path | None = None) -> Table:
    """Start a new game of ``book`` (``dark_ages`` / ``wild_west``) and write its header.

    Raises:
        DataError: a sheet, profile, combat or scenario file that does not validate.
    """
    story = load_scenario(book, scenario)
    sheet = load_sheet(character or sample_sheets(book)[-1], book)
    npcs = [_npc(data, book) for data in story.npcs]
    options = read_yaml(rules) if rules else None
    if options is not None and not isinstance(options, dict):
        raise DataError(f"{rules}: a rules profile must be a mapping of option: value")
    config = table_config(book, [sheet, *npcs], combat=load_combat(book, combat), options=options)
    voice = TemplateStoryteller(story, load_narration(), lang=lang, pc=sheet.id)
    game = get_game(book.replace("_", "-"))
    seed = seed if seed is not None else random.SystemRandom().randrange(10 ** 6)
    session = Session(game, config, {HOST: StorytellerSeat(voice), PLAYER_SEAT: player}, seed=seed,
                      recorder=TranscriptWriter(transcript), questions=ApproachQuestion(lambda _view: voice))
    session.write_header(seats=[{"seat": HOST, "agent": "template-storyteller", "role": "storyteller"},
                                {"seat": 0, "agent": "human", "character": sheet.id}],
                         scenario=story.id, pc=sheet.id, lang=lang)
    _listen(session, voice, say)
    return Table(session, voice, transcript, book)


def _npc(data: dict[str, Any], book: str) -> Any:
    try:
        return parse_sheet(data, book=book)
    except ValueError as error:
        raise DataError(f"scenario npc {data.get('id')!r}: {error}") from None


def resume_table(path: Path, *, player: Player, say: Say, lang: str | None = None,
                 scenario: Path | None = None, book: str | None = None) -> Table:
    """Continue the game recorded at ``path`` (of ``book`` when given, else either Storyteller game).

    The game is retraced with its narration, so a move whose narration a crash cut off gets it.

    Raises:
        ResumeError: another game's file, the game is over, or the transcript does not replay.
        DataError: the scenario is not the one the transcript was played with.
    """
    games = (book.replace("_", "-"),) if book else ("dark-ages", "wild-west")
    header = load_header(path, game=games)
    book = str(header.get("game", "")).replace("-", "_")
    story = load_scenario(book, scenario)
    if header.get("scenario") != story.id:
        raise DataError(f"{path} was played with scenario {header.get('scenario')!r}, not {story.id!r}")
    voice = TemplateStoryteller(story, load_narration(), lang=lang or str(header.get("lang", "en")),
                                pc=str(header["pc"]))
    session = resume_session(path, {HOST: StorytellerSeat(voice), PLAYER_SEAT: player}, game=games,
                             listen=lambda session: _attach(session, voice, say))
    return Table(session, voice, path, book)


def _attach(session: Session, voice: TemplateStoryteller, say: Say) -> None:
    """The table's question to the player and its narration, before a resumed game is retraced."""
    session.questions = ApproachQuestion(lambda _view: voice)
    _listen(session, voice, say)


def _listen(session: Session, voice: TemplateStoryteller, say: Say) -> None:
    """Narrate every applied move, on screen and as ``narration`` transcript lines (a resumed game
    retraces its past in silence, writing only what a crash cut off)."""

    def narrate(_action: Any, events: Sequence[Event]) -> None:
        tell = (lambda _line: None) if is_retracing(session) else say
        view = session.game.view(session.state, Viewer.HOST)
        names = Reference(voice.lang, {str(s["id"]): str(s["name"]) for s in view.get("sheets", ())})
        for event in events:
            for line in _dice_lines(event, voice.lang, names):
                tell(line)
        lines = voice.narrate(view, events)
        for line in lines:
            tell(line)
        if lines:
            session.write({"kind": "narration", "lang": voice.lang, "text": "\n".join(lines)})

    session.listeners.append(narrate)


def _dice_lines(event: Event, lang: str = "en", names: Reference | None = None) -> list[str]:
    """Rich markup for the dice of a roll, every line labelled (what was rolled, by whom, against what)."""
    ref = names or Reference(lang)
    label = ref.roll_label(event)
    if label is not None:
        result = _result(event.data)
        return ["[dim]" + escape(label) + "[/] " + render.dice_text(result).markup, render.verdict_text(result, lang).markup]
    if event.kind == "roll_resolved":
        return [render.verdict_text(_result(event.data), lang).markup]
    return ref.roll_lines(event)


def _result(data: Any) -> RollResult:
    return RollResult(dice=tuple(data["dice"]), difficulty=data["difficulty"], raw=data["raw"], ones=data["ones"],
                      net=data["net"], botch=data["botch"], extra=data.get("extra", 0),
                      forgiven=data.get("forgiven", False), cancelled=tuple(data.get("cancelled", ())),
                      rerolls=tuple(data.get("rerolls", ())), automatic=data.get("automatic", False))


def run(table: Table, say: Say, *, max_moves: int = 2000) -> bool:
    """Play until the story ends (True) or the player leaves (False, the transcript is resumable)."""
    session = table.session
    try:
        for _ in range(max_moves):
            if not session.step():
                return True
        return False
    except QuitGame:
        book = table.book.replace("_", "-")
        say("\n" + escape(message(table.voice.lang, "session.saved", path=table.transcript,
                                   command=f"narrator play {book}")))
        return False
    finally:
        session.close()


def _play(book: str, character: Path | None, lang: str, seed: int | None, transcript: Path | None,
          resume: Path | None, rules: Path | None, combat: Path | None) -> None:
    table, _player, say = terminal_table(book, character, lang, seed, transcript, resume, rules, combat)
    lang = table.voice.lang
    if resume is not None:
        view = table.session.game.view(table.session.state, Viewer.HOST)
        say("[dim]" + escape(message(lang, "session.resuming", path=resume, turn=view["turn"])) + "[/]")
        say(table.voice.frame_scene(view))
    else:
        say("[dim]" + escape(message(lang, "session.transcript", path=table.transcript) + " · "
                             + message(lang, "session.help_hint")) + "[/]")
    run(table, say)


def terminal_table(book: str, character: Path | None, lang: str, seed: int | None, transcript: Path | None,
                   resume: Path | None, rules: Path | None, combat: Path | None) -> tuple[Any, TerminalPlayer, Any]:
    """A terminal game's table (new, or resumed from its transcript), its player and its ``say``.

    Bad input (language, character sheet, rules, transcript) exits with a clear message, no traceback.
    """
    from narrator.cli.common import console, fail, fresh_seed, language

    lang = language(lang if lang or resume is None else _recorded_language(resume))
    say = console.print
    player = TerminalPlayer(lambda prompt: console.input(prompt), say, lang)
    try:
        if resume is not None:
            table = resume_table(resume, player=player, say=say, lang=lang, book=book)
        else:
            seed = fresh_seed(seed)
            say("[dim]" + escape(message(lang, "session.seed", seed=seed)) + "[/]")
            path = transcript or default_transcript_path(book.replace("_", "-"), seed)
            table = new_table(book, character=character, lang=lang, seed=seed, transcript=path, player=player,
                              say=say, rules=rules, combat=combat)
    except (DataError, ResumeError) as error:
        fail(str(error), getattr(error, "exit_code", 2))
    except FileNotFoundError as error:
        fail(f"{error.filename}: no such file")
    return table, player, say


def _recorded_language(path: Path) -> str | None:
    """The language a transcript was played in (its header's ``lang``), for ``--resume`` without ``--lang``."""
    import json

    try:
        with path.open(encoding="utf-8") as handle:
            header = json.loads(handle.readline())
    except (OSError, ValueError):
        return None
    found = header.get("lang") if isinstance(header, dict) else None
    return found if isinstance(found, str) else None


CHARACTER = typer.Option(None, "--character", "-c", help="A character sheet (YAML/JSON); default: a sample.")
LANG = typer.Option(None, "--lang", help="en or ru (default: NARRATOR_LANG, else the locale, else en; a resumed "
                                         "game keeps its own).")
SEED = typer.Option(None, "--seed", help="Seed the dice (default: a random seed, printed and recorded).")
TRANSCRIPT = typer.Option(None, "--transcript", help="Where to write the game (JSONL).")
RESUME = typer.Option(None, "--resume", help="Continue the game recorded in this transcript.")
RULES = typer.Option(None, "--rules", help="YAML rules profile (options such as rule_of_ten: true).")
COMBAT = typer.Option(None, "--combat", help="Your group's combat tables instead of the house default.")

