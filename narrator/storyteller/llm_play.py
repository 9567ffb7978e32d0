"""``narrator play dark-ages|wild-west --llm offline|local|endpoint``: the scenario with a model Storyteller.

Offline is the template game of :mod:`narrator.storyteller.play`, unchanged. With a model, the
table is built the same way and the model is put in the Storyteller's seat (:mod:`~narrator.storyteller.llm_table`).
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import TypedDict

import typer
from rich.markup import escape

from narrator.agents.i18n import message
from narrator.storyteller import play as template_play
from narrator.storyteller.llm_table import attach_llm
from narrator.storyteller.safety import TableSafety
from narrator.storyteller.scenario import EVENING


class Troupe(TypedDict):
    """Who sits at a terminal table besides its first player, and the story they play (``play``'s keywords)."""

    sheets: Sequence[str]
    scenario: str | None
    bots: Sequence[str]


def play_book(book: str, llm_mode: str | None, character: Path | None, lang: str, seed: int | None,
              transcript: Path | None, resume: Path | None, rules: Path | None, combat: Path | None, *,
              sheets: list[str] | None = None, scenario: str | None = None, bots: list[str] | None = None,
              chronicle: Path | None = None, safety: TableSafety | None = None) -> None:
    """The ``play`` command body: the template game, or the same game with a model Storyteller."""
    from narrator.console import llm_settings

    if scenario is None and resume is None:  # a new player meets a story for an evening, not the short one
        scenario = EVENING[book]
    troupe = Troupe(sheets=sheets or (), scenario=scenario, bots=bots or ())
    with llm_settings(llm_mode, stream=True) as llm:
        if chronicle is not None:
            from narrator.storyteller.chronicle_play import play_chronicle

            play_chronicle(book, chronicle, llm, character, lang, seed, rules, combat, safety=safety)
            return
        if llm is None:
            template_play._play(book, character, lang, seed, transcript, resume, rules, combat, **troupe)
            return
        table, player, say = template_play.terminal_table(book, character, lang, seed, transcript, resume, rules,
                                                          combat, **troupe)
        table, _voice = attach_llm(table, llm, player, say, safety=safety)
        lang = table.voice.lang
        say("[dim]" + escape(" · ".join((message(lang, "session.transcript", path=table.transcript),
                                         message(lang, "session.model_storyteller", model=_voice.model_name),
                                         message(lang, "session.help_hint")))) + "[/]")
        template_play.run(table, say)


LLM = typer.Option(None, "--llm", help="Where the Storyteller's words and roll requests come from: offline "
                                       "(the template Storyteller; the default without an endpoint), local (the "
                                       "embedded SmolLM2, started for this game), endpoint (OPENAI_BASE_URL). "
                                       "See docs/llm.md.")
LINES = typer.Option(None, "--lines", help="Safety lines, comma-separated: subjects the model's text never touches.")
VEILS = typer.Option(None, "--veils", help="Safety veils, comma-separated: subjects the model keeps off-screen.")
CHRONICLE = typer.Option(None, "--chronicle", help="Play the next session of the chronicle kept in this folder "
                                                   "(started there if new; an unfinished session is resumed).")


DARK_AGES_SHEET = template_play.sheet_option("dark_ages")
WILD_WEST_SHEET = template_play.sheet_option("wild_west")


def play_dark_ages(sheet: list[str] | None = DARK_AGES_SHEET, scenario: str | None = template_play.SCENARIO,
                   bot: list[str] | None = template_play.BOT, character: Path | None = template_play.CHARACTER,
                   lang: str = template_play.LANG, seed: int | None = template_play.SEED,
                   transcript: Path | None = template_play.TRANSCRIPT, resume: Path | None = template_play.RESUME,
                   rules: Path | None = template_play.RULES, combat: Path | None = template_play.COMBAT,
                   llm: str | None = LLM, chronicle: Path | None = CHRONICLE, lines: str | None = LINES,
                   veils: str | None = VEILS) -> None:
    """Play Vampire: Dark Ages with the template or a model Storyteller: an evening's story unless --scenario
    names another.

    Choose an approach by number; add w to spend Willpower, a for an automatic success. EOF or q
    saves and tells you how to resume. --sheet (repeatable) seats a troupe at this terminal (hot-seat;
    --bot ID hands one to a bot); --scenario plays another scenario. With --llm the model frames scenes,
    proposes the roll (the rules engine checks it; refused ones fall back to the template) and tells each
    result.
    """
    play_book("dark_ages", llm, character, lang, seed, transcript, resume, rules, combat, sheets=sheet,
              scenario=scenario, bots=bot, chronicle=chronicle, safety=TableSafety.parse(lines, veils))


def play_wild_west(sheet: list[str] | None = WILD_WEST_SHEET, scenario: str | None = template_play.SCENARIO,
                   bot: list[str] | None = template_play.BOT, character: Path | None = template_play.CHARACTER,
                   lang: str = template_play.LANG, seed: int | None = template_play.SEED,
                   transcript: Path | None = template_play.TRANSCRIPT, resume: Path | None = template_play.RESUME,
                   rules: Path | None = template_play.RULES, combat: Path | None = template_play.COMBAT,
                   llm: str | None = LLM, chronicle: Path | None = CHRONICLE, lines: str | None = LINES,
                   veils: str | None = VEILS) -> None:
    """Play Werewolf: Wild West with the template or a model Storyteller: an evening's story unless --scenario
    names another.

    Choose an approach by number; add w to spend Willpower, a for an automatic success. EOF or q
    saves and tells you how to resume. --sheet (repeatable) seats a troupe at this terminal (hot-seat;
    --bot ID hands one to a bot); --scenario plays another scenario. With --llm the model frames scenes,
    proposes the roll (the rules engine checks it; refused ones fall back to the template) and tells each
    result.
    """
    play_book("wild_west", llm, character, lang, seed, transcript, resume, rules, combat, sheets=sheet,
              scenario=scenario, bots=bot, chronicle=chronicle, safety=TableSafety.parse(lines, veils))
