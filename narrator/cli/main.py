"""``narrator``: play, simulate, replay, roll dice and serve tables from the command line."""

from __future__ import annotations

import json
import sys
from collections.abc import Sequence
from importlib import import_module
from pathlib import Path
from typing import TYPE_CHECKING, Any

import typer

from narrator.cli import common
from narrator.cli.common import console, fail
from narrator.cli.translation import TranslatedTyper

if TYPE_CHECKING:
    from narrator.transcript import ReplayResult

_registry: dict[str, Any] = {"ready": False, "loading": False, "only": None, "done": set()}


def _load_games() -> None:
    """Register the games' commands (those :func:`main` selected, else all), once."""
    if not _registry["ready"] or _registry["loading"]:
        return  # this module's own commands are being declared, or a game's are being added
    _registry["loading"] = True
    try:
        for name in _registry["only"] or GAME_MODULES:
            if name not in _registry["done"]:
                _registry["done"].add(name)
                import_module(f"narrator.cli.{name}").register(app, play_app, simulate_app)
    finally:
        _registry["loading"] = False


class _GameCommands(TranslatedTyper):
    """A Typer whose games' commands are registered the first time its commands are read (when the
    command line is built): ``narrator simulate battaglia`` then imports battaglia's commands only, not
    every game's (the Storyteller books alone take a third of a second); see :func:`main`."""

    @property  # type: ignore[override]
    def registered_commands(self) -> list[Any]:
        _load_games()
        return self._commands

    @registered_commands.setter
    def registered_commands(self, value: list[Any]) -> None:
        self._commands = value

    @property  # type: ignore[override]
    def registered_groups(self) -> list[Any]:
        _load_games()
        return self._groups

    @registered_groups.setter
    def registered_groups(self, value: list[Any]) -> None:
        self._groups = value


app = _GameCommands(
    name="narrator",
    help=(
        "An AI-assisted narrator and simulation bots for tabletop role-playing games.\n\n"
        "A deterministic rules kernel owns every die, card and vote; bots, language models and "
        "people only propose moves. Start with:\n\n"
        "  narrator simulate battaglia --players 6-12 --games 500 --out report/\n\n"
        "  narrator play battaglia --players 9 --seat 4"
    ),
    no_args_is_help=True,
    rich_markup_mode="rich",
    pretty_exceptions_enable=False,
)
play_app = _GameCommands(help="Play a game in the terminal against bots and an offline Storyteller.",
                       no_args_is_help=True)
simulate_app = _GameCommands(help="Simulate many games with bots and write a playtest report (CSV, plots, report.md).",
                           no_args_is_help=True)


LANG_HELP = ("Language of the help pages, the messages and the games: ru or en (default: "
             "NARRATOR_LANG, else the locale, else English); a command's own --lang wins.")


@app.callback()
def _each_run(lang: str | None = typer.Option(None, "--lang", help=LANG_HELP)) -> None:
    """Every command starts without a chosen language (one process may run several: tests, scripts)."""
    common.reset_language(lang)


@play_app.callback()
def _play_language(lang: str | None = typer.Option(None, "--lang", help=LANG_HELP)) -> None:
    """``narrator play --lang ru battaglia``: the group's --lang, as ``narrator --lang``."""
    common.ask_language(lang)


@simulate_app.callback()
def _simulate_language(lang: str | None = typer.Option(None, "--lang", help=LANG_HELP)) -> None:
    """``narrator simulate --lang ru ...``: the group's --lang, as ``narrator --lang``."""
    common.ask_language(lang)


app.add_typer(play_app, name="play")
app.add_typer(simulate_app, name="simulate")


REPLAY_HELP = """Check a transcript, or tell its game again as one seat, the public or the host saw it.

Without --as or --html: rebuild the game from the file and check every line (its seal, its schema,
every event). Exits 0 when it replays exactly, 1 at the first damaged or diverging line (one line
says which and what is wrong), 2 when there is no such file or a bad option. Files recorded before
transcripts were sealed replay too, reported as unsigned.

With --as: the file is checked the same way, then the game is told night by night (battaglia) or
scene by scene (Ten Candles, Dark Ages, Wild West), showing only what that lens could see at each
moment: a seat's own moves, secrets and model calls; the public's announcements; or the host's
whole truth. --html writes the same as one page that works offline (a timeline with buttons and
keys, a seat switcher, moves and votes per chapter, model calls on demand). The page holds only the
lenses the --as owner may see: a seat gets its own view and the public's, plus the host's once the
game is over; --as host gets every seat.

Examples:

  narrator replay transcripts/battaglia/sim-6p-seed-101.jsonl --as 2

  narrator replay game.jsonl --as host --lang ru --html game.html
"""


@app.command(help=REPLAY_HELP)
def replay(
    transcript: Path = typer.Argument(..., help="A transcript (.jsonl) written by play, simulate or a web table."),
    as_json: bool = typer.Option(False, "--json", help="Print the final state (host view) as JSON."),
    repair: bool = typer.Option(False, "--repair", help="Cut a damaged file back to its longest valid prefix "
                                                        "(the original is kept as FILE.damaged) so play can resume."),
    lens: str | None = typer.Option(None, "--as", metavar="SEAT|host|public",
                                    help="Tell the game as this seat (a number from 0), the public, or the host saw it."),
    lang: str | None = typer.Option(None, "--lang", help="ru or en (default: the language the game was played in)."),
    html: Path | None = typer.Option(None, "--html", metavar="OUT.html",
                                     help="Write the replay as one offline page (default --as public)."),
    calls: bool = typer.Option(False, "--calls", help="In the terminal, list each model call under its step "
                                                      "(the lens's own seat's, or every seat's for the host)."),
) -> None:
    from narrator.rules.core import Viewer, jsonable
    from narrator.rules.registry import get_game

    lang = lang or common.asked_language()  # narrator --lang ru replay ...: as the command's own --lang
    if lens is not None or html is not None:
        _tell_replay(transcript, lens or "public", lang, html, calls)
        return
    if lang:
        common.language(lang)  # errors and the verdict in the chosen language (else the run's default)
    result = _read_or_repair(transcript, repair, lang)
    if result is None:
        return
    if as_json:
        game = get_game(result.header["game"])
        print(json.dumps(jsonable(game.view(result.state, Viewer.HOST)), ensure_ascii=False, indent=2))
        return
    _print_replayed(transcript, result, lang)


def _read_or_repair(transcript: Path, repair: bool, lang: str | None) -> ReplayResult | None:
    """The transcript replayed (``None`` once ``--repair`` cut it back); a damaged file is told and exits 1."""
    from rich.markup import escape

    from narrator.cli.common import tool_word as say
    from narrator.transcript import TranscriptError, damaged_text, header_language, read_transcript
    from narrator.transcript import repair as repair_file

    try:
        if repair:
            backup, repaired = repair_file(transcript)
            console.print(f"[green]{escape(say('repaired'))}[/] " + escape(say(
                "repaired_line", path=transcript, line=repaired.last_line, size=repaired.valid_bytes, backup=backup)),
                soft_wrap=True, highlight=False)
            return None
        return read_transcript(transcript)
    except (FileNotFoundError, IsADirectoryError):
        fail("", key="no_file", path=str(transcript))
    except TranscriptError as error:
        recorded = None if lang else header_language(transcript)  # a Russian game's damage is told in Russian
        shown = common.language(recorded) if recorded else common.run_language()
        common.errors.print(f"[bold red]{escape(say('damaged'))}[/] {escape(str(transcript))}: "
                            f"{escape(damaged_text(error, shown))}", highlight=False, soft_wrap=True)
        raise typer.Exit(1) from None


def _print_replayed(transcript: Path, result: ReplayResult, lang: str | None) -> None:
    """The replay's one line (moves, chance draws, seal, how it ended) and a committed game's verdict."""
    from rich.markup import escape

    from narrator.agents.i18n import end_reason, plural
    from narrator.cli.common import tool_word as say
    from narrator.fairness import replay_lines
    from narrator.transcript import recorded_language

    recorded = recorded_language(result.header)
    shown = common.run_language() if lang or recorded is None else common.language(recorded)
    outcome = result.outcome
    status = (say("finished", code=outcome.termination, reason=end_reason(shown, outcome.termination)) if outcome
              else say("unfinished"))
    seal = say("sealed") if result.signed else say("unsigned")
    cut = say("cut", n=result.cut_bytes) if result.cut_bytes else ""
    draws = sum(1 for record in result.records if record.get("kind") == "chance")  # the seats' moves told apart
    moves = result.moves - draws
    console.print(f"[green]{escape(say('ok'))}[/] " + escape(say(
        "replay_ok", path=transcript, moves=plural(shown, "moves", moves), count=moves,
        draws=plural(shown, "draws", draws), draws_count=draws,
        line=result.last_line, seal=seal, status=status, cut=cut)), soft_wrap=True, highlight=False)
    for line in replay_lines(transcript, result.header, shown):  # a committed game: its commitment and verdict
        console.print(escape(line), soft_wrap=True, highlight=False)


def _tell_replay(transcript: Path, lens_text: str, lang: str | None, html: Path | None, calls: bool) -> None:
    """``narrator replay --as/--html``: the game told through a lens, in the terminal or as a page."""
    from rich.markup import escape

    from narrator.agents.i18n import default_language, message
    from narrator.terminal_text import shown as safe_to_print
    from narrator.transcript import TranscriptError, damaged_text, header_language
    from narrator.viewer.access import LensRefusedError, lenses_for
    from narrator.viewer.page import write_page
    from narrator.viewer.tell import tell
    from narrator.viewer.terminal import text_lines
    from narrator.viewer.timeline import Lens, load

    if lang:
        common.language(lang)  # refuses a language we do not speak, in the catalogue's words
    try:
        owner = Lens.parse(lens_text)
    except ValueError:
        fail("", key="replay_lens", value=lens_text)
    try:
        timeline = load(transcript)
    except (FileNotFoundError, IsADirectoryError):
        fail("", key="no_file", path=str(transcript))
    except TranscriptError as error:
        recorded = None if lang else header_language(transcript)
        shown = common.language(recorded) if recorded else common.run_language()
        common.errors.print(f"[bold red]{escape(message(shown, 'tools.damaged'))}[/] {escape(str(transcript))}: "
                            f"{escape(damaged_text(error, shown))}", highlight=False, soft_wrap=True)
        raise typer.Exit(1) from None
    language = common.language(lang or timeline.recorded_language() or default_language(None))
    try:
        lenses = lenses_for(owner, timeline)
    except LensRefusedError:
        fail("", key="replay_seat", seat=owner.seat, high=timeline.seats - 1)
    if html is not None:
        size = write_page(html, timeline, lenses, language)
        say = common.tool_word
        console.print(f"[green]{escape(say('wrote'))}[/] " + escape(say(
            "wrote_line", path=html, kib=size // 1024, lenses=", ".join(lens.key for lens in lenses))),
            soft_wrap=True, highlight=False)
        return
    from narrator.fairness import replay_lines

    for line in replay_lines(transcript, timeline.header, language):  # a committed game: commitment and verdict
        print(safe_to_print(line))
    for line in text_lines(tell(timeline, owner, language), calls=calls):
        print(safe_to_print(line))  # a speech's terminal control sequences are shown, never run


GAME_MODULES = ("battaglia", "ten_candles", "storyteller", "storyteller_play", "llm", "serve", "evaluate", "verify")
"""The ``narrator.cli`` modules that add commands (each has ``register(app, play, simulate)``)."""
COMMANDS_OF = {("simulate", "battaglia"): "battaglia", ("play", "battaglia"): "battaglia",
               ("simulate", "ten-candles"): "ten_candles", ("play", "ten-candles"): "ten_candles",
               ("play", "dark-ages"): "storyteller_play", ("play", "wild-west"): "storyteller_play",
               ("roll",): "storyteller", ("odds",): "storyteller", ("llm",): "llm", ("serve",): "serve",
               ("eval",): "evaluate", ("verify",): "verify"}
"""Which module a command line's first words need (anything else, ``--help`` say, registers them all)."""
def needed_module(args: Sequence[str]) -> str | None:
    """The one ``narrator.cli`` module the command line ``args`` runs, or ``None`` when it may need more.

    >>> needed_module(["simulate", "battaglia", "--games", "5"])
    'battaglia'
    >>> needed_module(["--help"]) is None
    True
    """
    words = list(args[:2])
    for key in (tuple(words), tuple(words[:1])):
        if key in COMMANDS_OF:
            return COMMANDS_OF[key]
    return None


_registry["ready"] = True


def main(args: Sequence[str] | None = None) -> None:
    """Console entry point: registers only the game the command line needs, then runs it."""
    args = list(sys.argv[1:] if args is None else args)
    module = needed_module(args)
    if module is not None and not _registry["done"]:
        _registry["only"] = (module,)
    app(args)


if __name__ == "__main__":
    main()
