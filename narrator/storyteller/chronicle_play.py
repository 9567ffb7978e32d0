"""``narrator play dark-ages|wild-west --chronicle DIR``: a session of a chronicle (see :mod:`chronicle`).

A session whose story has not ended is resumed from its transcript (the same game). Otherwise
the last one is read into the chronicle, a new session starts from the sheet as it was left,
and the table hears "previously": the model's telling of the bounded memory when a model is
set (guarded like every model text; the template's lines when it cannot), the template's
lines otherwise.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from rich.markup import escape

from narrator.agents.i18n import message
from narrator.rules.core import Viewer
from narrator.storyteller import play as template_play
from narrator.storyteller.chronicle import Chronicle, memory, recap
from narrator.storyteller.chronicle_file import ChronicleDamagedError
from narrator.storyteller.data import DataError, read_yaml, sample_sheets
from narrator.storyteller.scenario import load_scenario
from narrator.storyteller.template_base import TellsPreviously
from narrator.terminal_text import printing_shown


def start(folder: Path, book: str, character: Path | None, lang: str) -> Chronicle:
    """The chronicle in ``folder``, started with ``character`` (or the sample) when there is none.

    Raises:
        DataError: the folder holds another book's chronicle, or the sheet does not read.
    """
    found = Chronicle.load(folder)
    if found is None:
        sheet = read_yaml(character or sample_sheets(book)[-1])
        if not isinstance(sheet, dict):
            raise DataError(f"{character}: a character sheet must be a mapping")
        found = Chronicle(folder, book, lang, dict(sheet))
        found.save()
    if found.book != book:
        raise DataError(f"{folder} holds a {found.book.replace('_', ' ')} chronicle, not {book.replace('_', ' ')}")
    return found


def previously(chronicle: Chronicle, writer: Any = None) -> list[str]:
    """The "previously" lines: the model's (``writer(memory) -> text``) or the template's."""
    lines = recap(chronicle.lang, chronicle)
    if not lines or writer is None:
        return lines
    told = writer(memory(chronicle.lang, chronicle))
    return [lines[0], told] if told else lines


def play_chronicle(book: str, folder: Path, llm: Any, character: Path | None, lang: str, seed: int | None,
                   rules: Path | None, combat: Path | None, *, safety: Any = None) -> None:
    """Play the chronicle's next (or unfinished) session at the terminal."""
    from narrator.console import console, fail, language

    asked = language(lang)
    try:
        chronicle = start(folder, book, character, asked)
        lang = chronicle.lang
        scenario = load_scenario(book)
        chronicle.close(scenario)  # a session that ended since: read it in
        resume = chronicle.open_transcript()
        if resume is None and chronicle.open_session is not None:
            chronicle.sessions.pop()  # opened, never played: open it again
        transcript = resume or chronicle.begin(scenario.id)
    except ChronicleDamagedError as error:  # one line in the player's language; nothing outside the folder touched
        fail(error.text(asked))
    except (DataError, FileNotFoundError, OSError, ValueError) as error:
        fail(str(error))
    say = printing_shown(console)
    if resume is not None:
        say("[dim]" + escape(message(lang, "chronicle.resumed", folder=folder, n=len(chronicle.sessions))) + "[/]")
    else:
        say("[dim]" + escape(message(lang, "chronicle.session", folder=folder, n=len(chronicle.sessions))) + "[/]")
    table, player, say = template_play.terminal_table(book, None if resume else chronicle.sheet_file(), lang, seed,
                                                      transcript, resume, rules, combat)
    voice: Any = table.voice
    if llm is not None:
        from narrator.storyteller.llm_table import attach_llm

        table, voice = attach_llm(table, llm, player, say, safety=safety)
        voice.memory = memory(lang, chronicle)
    if resume is None:
        writer = voice.tell_previously if isinstance(voice, TellsPreviously) else None
        for line in previously(chronicle, writer):
            say(escape(line))
    else:
        view = table.session.game.view(table.session.state, Viewer.HOST)
        say(voice.frame_scene(view))
    if template_play.run(table, say):
        try:
            chronicle.close(scenario)
        except ChronicleDamagedError as error:  # the folder changed under the game
            fail(error.text(lang))
        say("[dim]" + escape(message(lang, "chronicle.saved", folder=folder)) + "[/]")
