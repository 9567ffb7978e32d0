"""Playing a scenario at the terminal: ``narrator play dark-ages`` / ``narrator play wild-west``.

The game runs through :class:`narrator.session.Session`, is written line by line to a transcript,
and can be resumed from it (``--resume``) after a crash or an EOF.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

import typer
from rich.markup import escape

from narrator import fairness
from narrator.agents.i18n import message
from narrator.resume import ResumeError, is_retracing, load_header, resume_session
from narrator.rules.core import HOST, Event, Viewer
from narrator.rules.registry import get_game
from narrator.rules.storyteller import events as ev
from narrator.rules.storyteller.dice import RollResult
from narrator.rules.storyteller.sheet import Character
from narrator.session import Session
from narrator.storyteller import render
from narrator.storyteller.data import DataError, load_combat, load_sheet, read_yaml, sample_sheets, table_config
from narrator.storyteller.reference import Reference
from narrator.storyteller.scenario import load_narration, load_scenario
from narrator.storyteller.seat import (
    ApproachQuestion,
    BotPlayer,
    Player,
    QuitGame,
    StorytellerSeat,
    TerminalPlayer,
    _npc_names,
)
from narrator.storyteller.template import TemplateStoryteller
from narrator.storyteller.template_base import OverTemplate
from narrator.terminal_text import printing_shown
from narrator.transcript import TranscriptWriter, default_transcript_path

Say = Callable[[str], None]


@dataclass
class Table:
    """A game in progress: the session, the voice and where it is written."""

    session: Session
    voice: TemplateStoryteller
    transcript: Path
    book: str


def new_table(book: str, *, character: Path | None = None, lang: str, seed: int | None, transcript: Path,
              player: Player | None = None, say: Say, rules: Path | None = None, combat: Path | None = None,
              scenario: Path | str | None = None, sheets: Sequence[Path | str | Character] = (),
              players: Sequence[Player] | None = None, secret: bool = False) -> Table:
    """Start a new game of ``book`` (``dark_ages`` / ``wild_west``) and write its header.

    ``sheets`` (files, or shipped sample ids such as ``ruth``) are the troupe, one seat each in order,
    played by ``players`` (or ``player`` for a single character); without sheets the book's last sample plays.

    Raises:
        DataError: a sheet, profile, combat or scenario file that does not validate, or a troupe the
            scenario is not written for.
    """
    story = load_scenario(book, scenario)
    given = [character] if character else list(sheets)
    troupe = [s if isinstance(s, Character) else resolve_sheet(book, s) for s in given]
    troupe = troupe or [load_sheet(sample_sheets(book)[-1], book)]
    seated = list(players) if players is not None else [player] * len(troupe) if player is not None else []
    if len(seated) != len(troupe):
        raise DataError(f"{len(troupe)} characters but {len(seated)} players; give one player per sheet")
    if not story.players.min <= len(troupe) <= story.players.max:
        raise DataError(f"{story.id} is written for {story.players.min}..{story.players.max} characters, "
                        f"not {len(troupe)}")
    npcs = story.npc_sheets()
    taken = {n.id for n in npcs} & {c.id for c in troupe}
    if taken:
        raise DataError(f"character id {min(taken)!r} is taken by a Storyteller character of {story.id}")
    options = read_yaml(rules) if rules else None
    if options is not None and not isinstance(options, dict):
        raise DataError(f"{rules}: a rules profile must be a mapping of option: value")
    config = replace(table_config(book, [*troupe, *npcs], combat=load_combat(book, combat), options=options),
                     scenario=story.id)
    voice = TemplateStoryteller(story, load_narration(), lang=lang, pc=troupe[0].id, rules=config)
    game = get_game(book.replace("_", "-"))
    chosen = seed if seed is not None and not secret else None  # a chosen seed draws the dice; else a secret one
    seed = seed if seed is not None else random.SystemRandom().randrange(10 ** 6)
    agents = {HOST: StorytellerSeat(voice), **{seat: p for seat, p in enumerate(seated)}}
    session = Session(game, config, agents, seed=seed, recorder=TranscriptWriter(transcript),
                      questions=ApproachQuestion(lambda _view: voice))
    for line in fairness.begin(session, transcript, lang, chosen=chosen):  # committed before the header is written
        say("[dim]" + escape(line) + "[/]")
    session.write_header(seats=[{"seat": HOST, "agent": "template-storyteller", "role": "storyteller"},
                                *({"seat": seat, "agent": p.name, "character": c.id}
                                  for seat, (p, c) in enumerate(zip(seated, troupe)))],
                         scenario=story.id, scenario_file=_scenario_ref(book, scenario), pc=troupe[0].id,
                         pcs=[c.id for c in troupe], lang=lang)
    _listen(session, voice, say)
    return Table(session, voice, transcript, book)


def resolve_sheet(book: str, given: Path | str) -> Any:
    """A sheet from a file, or a shipped sample by id or file name (``ruth``, ``brother-odo``)."""
    path = Path(given)
    if not path.is_file() and isinstance(given, str) and "/" not in given and not given.endswith((".yaml", ".json")):
        for sample in sample_sheets(book):
            sheet = load_sheet(sample, book)
            if given in (sheet.id, sample.stem):
                return sheet
        known = ", ".join(p.stem for p in sample_sheets(book))
        raise DataError(f"--sheet {given}: no such file, and not a sample character of {book} ({known})")
    return load_sheet(path, book)


def _npc(data: dict[str, Any], book: str) -> Any:
    """A scenario's Storyteller character as a kernel sheet (its ``names`` are the story's, not the sheet's)."""
    from narrator.rules.storyteller.sheet import parse_sheet

    try:
        return parse_sheet({k: v for k, v in data.items() if k != "names"}, book=book)
    except ValueError as error:
        raise DataError(f"scenario npc {data.get('id')!r}: {error}") from None


def _scenario_ref(book: str, scenario: Path | str | None) -> str | None:
    """How the header names a scenario given with ``--scenario`` (so ``--resume`` finds it again)."""
    if scenario is None:
        return None
    from narrator.storyteller.scenario import scenario_path

    return str(scenario_path(book, scenario).resolve())


def resume_table(path: Path, *, player: Player | None = None, say: Say, lang: str | None = None,
                 scenario: Path | str | None = None, book: str | None = None,
                 players: Sequence[Player] | None = None) -> Table:
    """Continue the game recorded at ``path`` (of ``book`` when given, else either Storyteller game).

    The game is retraced with its narration, so a move whose narration a crash cut off gets it.
    ``players`` sit in the recorded seats in order (or ``player`` in every seat).

    Raises:
        ResumeError: another game's file, the game is over, or the transcript does not replay.
        DataError: the scenario is not the one the transcript was played with.
    """
    games = (book.replace("_", "-"),) if book else ("dark-ages", "wild-west")
    header = load_header(path, game=games)
    book = str(header.get("game", "")).replace("-", "_")
    story = load_scenario(book, scenario or header.get("scenario_file"))
    if header.get("scenario") != story.id:
        raise DataError(f"{path} was played with scenario {header.get('scenario')!r}, not {story.id!r}")
    seats = len(header.get("pcs") or [header.get("pc")])
    seated = list(players) if players is not None else [player] * seats
    if len(seated) != seats or any(p is None for p in seated):
        raise DataError(f"{path} has {seats} player seats; give one player for each")
    voice = TemplateStoryteller(story, load_narration(), lang=lang or str(header.get("lang", "en")),
                                pc=str(header["pc"]))
    agents = {HOST: StorytellerSeat(voice), **{seat: p for seat, p in enumerate(seated)}}
    session = resume_session(path, agents, game=games,  # type: ignore[arg-type]
                             listen=lambda session: _attach(session, voice, say))
    return Table(session, voice, path, book)


def _attach(session: Session, voice: TemplateStoryteller, say: Say) -> None:
    """The table's question to the player and its narration, before a resumed game is retraced."""
    session.questions = ApproachQuestion(lambda _view: voice)
    _listen(session, voice, say)


def _listen(session: Session, voice: TemplateStoryteller, say: Say) -> None:
    """Narrate every applied move, on screen and as ``narration`` transcript lines (a resumed game
    retraces its past in silence, writing only what a crash cut off)."""

    out: set[str] = set()  # player characters already told they are out of action

    def narrate(_action: Any, events: Sequence[Event]) -> None:
        tell = (lambda _line: None) if is_retracing(session) else say
        view = session.game.view(session.state, Viewer.HOST)
        names = Reference(voice.lang, {**{str(s["id"]): str(s["name"]) for s in view.get("sheets", ())},
                                       **_npc_names(view, voice.lang)})  # the scenario's names in the table's language
        for event in events:
            for line in _dice_lines(event, voice.lang, names):
                tell(line)
        lines = voice.narrate(view, events)
        for line in lines:
            tell(line)
        if lines:
            session.write({"kind": "narration", "lang": voice.lang, "text": "\n".join(lines)})
        players = {str(s["id"]) for s in view.get("sheets", ()) if s.get("player", True)}
        for cond in view.get("characters") or ():
            if cond.get("incapacitated") and str(cond["id"]) in players - out:
                out.add(str(cond["id"]))
                tell("[bold]" + escape(message(voice.lang, "out.storyteller", name=names.who(cond["id"]))) + "[/]")

    session.listeners.append(narrate)


def _dice_lines(event: Event, lang: str = "en", names: Reference | None = None) -> list[str]:
    """Rich markup for the dice of a roll, every line labelled (what was rolled, by whom, against what)."""
    ref = names or Reference(lang)
    label = ref.roll_label(event)
    if label is not None:
        result = _result(event.data)
        return ["[dim]" + escape(label) + "[/] " + render.dice_text(result, lang).markup, render.verdict_text(result, lang).markup]
    match event.payload:
        case ev.RollResolved():
            return [render.verdict_text(_result(event.data), lang).markup]
        case ev.TeamResolved():  # each member's own dice, labelled
            return [escape(line) for line in ref.team_lines(event)]
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
                revealed = fairness.revealed_line(session, table.transcript, table.voice.lang)
                if revealed:
                    say("[dim]" + escape(revealed) + "[/]")
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
          resume: Path | None, rules: Path | None, combat: Path | None, *, sheets: Sequence[str] = (),
          scenario: str | None = None, bots: Sequence[str] = ()) -> None:
    table, _player, say = terminal_table(book, character, lang, seed, transcript, resume, rules, combat,
                                         sheets=sheets, scenario=scenario, bots=bots)
    lang = table.voice.lang
    if resume is not None:
        view = table.session.game.view(table.session.state, Viewer.HOST)
        say("[dim]" + escape(message(lang, "session.resuming", path=resume, turn=view["turn"])) + "[/]")
        say(table.voice.frame_scene(view))
        voice = table.voice  # a model voice frames; the stakes are data, its template's
        template = voice.template if isinstance(voice, OverTemplate) else voice
        stakes = template.stakes_line(view) if isinstance(template, TemplateStoryteller) else ""
        if stakes:  # a resumed scene says what is at stake, as when it began
            say(escape(stakes))
    else:
        say("[dim]" + escape(message(lang, "session.transcript", path=table.transcript) + " · "
                             + message(lang, "session.help_hint")) + "[/]")
    run(table, say)


def terminal_table(book: str, character: Path | None, lang: str, seed: int | None, transcript: Path | None,
                   resume: Path | None, rules: Path | None, combat: Path | None, *, sheets: Sequence[str] = (),
                   scenario: str | None = None, bots: Sequence[str] = ()) -> tuple[Any, TerminalPlayer, Any]:
    """A terminal game's table (new, or resumed from its transcript), its first player and its ``say``.

    Several ``sheets`` play hot-seat at one terminal (a person per character, asked in turn), except
    the characters named in ``bots``, which a bot plays. Bad input (language, character sheet, rules,
    scenario, transcript) exits with a clear message, no traceback.
    """
    from narrator.console import console, fail, fail_with, fresh_seed, language

    lang = language(lang if lang or resume is None else _recorded_language(resume))
    say = printing_shown(console)  # the model's and the players' words, control characters shown
    player = TerminalPlayer(lambda prompt: console.input(prompt), say, lang)
    try:
        given: list[Path | str] = [character] if character else list(sheets)
        if resume is not None:
            header = load_header(resume, game=(book.replace("_", "-"),))
            seats = header.get("seats") or []
            ids = header.get("pcs") or [header.get("pc")]
            bot_ids = [s.get("character") for s in seats if s.get("agent") == BotPlayer.name]
            players = [_terminal_player(i, ids, bot_ids, say, lang, seed=int(header.get("seed") or 0), first=player)
                       for i in range(len(ids))]
            table = resume_table(resume, players=players, say=say, lang=lang, book=book, scenario=scenario)
        else:
            chosen, seed = seed is not None, fresh_seed(seed)
            say("[dim]" + escape(fairness.seed_line(lang, seed, chosen=chosen, dealt=bool(bots))) + "[/]")
            path = transcript or default_transcript_path(book.replace("_", "-"), seed)
            troupe = [resolve_sheet(book, s) for s in given] or [load_sheet(sample_sheets(book)[-1], book)]
            unknown = sorted(set(bots) - {c.id for c in troupe})
            if unknown:
                raise DataError(f"--bot {unknown[0]}: not a character of this table ({', '.join(c.id for c in troupe)})")
            ids = [c.id for c in troupe]
            players = [_terminal_player(i, ids, list(bots), say, lang, seed=seed, first=player) for i in range(len(ids))]
            table = new_table(book, lang=lang, seed=seed, transcript=path, players=players, say=say, rules=rules,
                              combat=combat, scenario=scenario, sheets=troupe, secret=not chosen)
    except (DataError, ResumeError) as error:
        fail_with(error)
    except FileNotFoundError as error:
        fail("", key="no_file", path=error.filename)
    return table, player, say


def _terminal_player(seat: int, ids: Sequence[str], bots: Sequence[Any], say: Say, lang: str, *, seed: int,
                     first: TerminalPlayer) -> Player:
    """Who plays seat ``seat`` at the terminal: a bot for a character in ``bots``, else a person (hot-seat)."""
    if ids[seat] in bots:
        return BotPlayer(seed)
    if seat == 0:
        player = first
    else:
        player = TerminalPlayer(first.ask, say, lang)
    player.troupe = len(ids) > 1
    return player


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
SHEET_HELP = ("A character of the troupe: a sheet file (YAML/JSON) or a sample's id ({ids}). Repeat for each "
              "character, one seat each (as many as the scenario seats), asked in turn at this terminal (hot-seat).")


def sheet_option(book: str) -> Any:
    """``--sheet`` of one book's command, its examples that book's own sample characters."""
    ids = ", ".join(path.stem for path in sample_sheets(book))
    return typer.Option(None, "--sheet", "-s", help=SHEET_HELP.format(ids=ids))


SCENARIO = typer.Option(None, "--scenario", help="A scenario file (YAML, docs/scenarios.md) or a shipped scenario's "
                                                 "id: {shipped}. Default: {default}.")
"""``{shipped}`` and ``{default}`` are filled on the help page with the book's shipped ids (:func:`shipped_ids`)
and the evening story played without ``--scenario``."""
BOT = typer.Option(None, "--bot", help="A character (sheet id) a bot plays instead of a person; repeatable.")
LANG = typer.Option(None, "--lang", help="en or ru (default: NARRATOR_LANG, else the locale, else en; a resumed "
                                         "game keeps its own).")
SEED = typer.Option(None, "--seed", help="Seed the dice (default: a random seed, printed and recorded).")
TRANSCRIPT = typer.Option(None, "--transcript", help="Where to write the game (JSONL).")
RESUME = typer.Option(None, "--resume", help="Continue the game recorded in this transcript.")
RULES = typer.Option(None, "--rules", help="YAML rules profile (options such as rule_of_ten: true).")
COMBAT = typer.Option(None, "--combat", help="Your group's combat tables instead of the house default.")



def shipped_ids(book: str, lang: str) -> str:
    """The book's shipped scenario ids for ``--scenario``'s help: the evening ones first, each marked with
    its length in ``lang`` (read from the files' header lines, so the help page loads no scenario)."""
    from narrator.storyteller.scenario import file_header, shipped_scenarios

    found = []
    for path in shipped_scenarios(book):
        ident, length = file_header(path)
        found.append((length != "evening", f"{ident} ({message(lang, f'storyteller.length_{length}')})"))
    return ", ".join(text for _, text in sorted(found, key=lambda item: item[0]))
