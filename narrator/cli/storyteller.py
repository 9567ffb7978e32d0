"""CLI for the Storyteller System: ``roll`` and ``odds`` for a real table, ``play dark-ages|wild-west``."""

from __future__ import annotations

import json
import random
from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING

import typer

from narrator.cli.common import console, fail, tool_word
from narrator.rules.chance import Dice, sample
from narrator.rules.storyteller.books import BookName, default_config
from narrator.rules.storyteller.dice import evaluate_roll, tens_to_reroll
from narrator.rules.storyteller.odds import exact_odds, odds_table
from narrator.storyteller import render
from narrator.storyteller.data import DataError, book_id

if TYPE_CHECKING:
    from narrator.rules.storyteller.sheet import Character

BOOK_HELP = "dark-ages (botch: no successes and a 1) or wild-west (botch: more 1s than successes)."


def _book(name: str) -> BookName:
    try:
        return book_id(name)
    except DataError:
        fail("", key="roll_book", tool=True, given=repr(name))


def _faces(text: str, what: str) -> tuple[int, ...]:
    try:
        faces = tuple(int(part) for part in text.replace(" ", "").split(",") if part)
    except ValueError:
        fail("", key="roll_faces_syntax", tool=True, what=what, given=repr(text))
    bad = [f for f in faces if not 1 <= f <= 10]
    if bad:
        fail("", key="roll_faces_range", tool=True, what=what, given=repr(text), bad=bad)
    if not faces:
        fail("", key="roll_faces_none", tool=True, what=what)
    return faces


def _difficulty(value: int) -> int:
    if not 2 <= value <= 10:
        fail("", key="roll_difficulty", tool=True, value=value)
    return value


def roll(
    pool: str | None = typer.Argument(None, help="How many d10 to roll (1..30), or with --sheet the traits to roll: "
                                              "dexterity+stealth (an Attribute, or Attribute + Ability)."),
    difficulty: int = typer.Option(6, "--difficulty", "-d", help="2..10; each die showing this or more succeeds."),
    book: str | None = typer.Option(None, "--book", "-b", help=BOOK_HELP + " With --sheet: the sheet's book."),
    dice: str | None = typer.Option(None, "--dice", help="Faces rolled by hand, e.g. 10,7,1,3,8,1 "
                                                            "(the pool is their count)."),
    rerolls: str | None = typer.Option(None, "--rerolls", help="With --rule-of-ten and --dice: the faces of "
                                                                  "the re-rolled 10s, in order."),
    rule_of_ten: bool = typer.Option(False, "--rule-of-ten", help="Optional Dark Ages rule: re-roll 10s for "
                                                                  "additional successes (DA L151)."),
    sheet: str | None = typer.Option(None, "--sheet", "-s", help="A character sheet (YAML/JSON) or a sample's id: "
                                                                 "POOL names its traits, the sheet gives the dice."),
    willpower: bool = typer.Option(False, "--willpower", "-w", help="With --sheet: spend a Willpower point (by "
                                                                    "default one automatic success, no dice: D2)."),
    rules: Path | None = typer.Option(None, "--rules", help="With --sheet: a YAML rules profile (willpower_mode, "
                                                            "rule_of_ten, ...)."),
    lang: str | None = typer.Option(None, "--lang", help="en or ru (default: NARRATOR_LANG, else the locale)."),
    seed: int | None = typer.Option(None, "--seed", help="Seed the dice (for reproducible examples)."),
    as_json: bool = typer.Option(False, "--json", help="Print the result as JSON (for scripts)."),
) -> None:
    """Roll a d10 pool, or evaluate dice rolled physically, under one book's rules; or roll a sheet's traits.

    Shows the successes, the 1s and the dice they cancel, the net successes and the degree, or a
    failure or botch.

      narrator roll 7 --difficulty 6 --book dark-ages

      narrator roll --dice 10,7,1,3,8,1 --difficulty 7 --book wild-west

      narrator roll dexterity+stealth -d 6 --sheet ysolde [--willpower]
    """
    from narrator.cli.common import language

    language(lang)  # the errors below speak the language asked for
    _difficulty(difficulty)
    if sheet is not None:
        _roll_sheet(sheet, pool, difficulty, book, dice, willpower, rules, lang, seed, as_json)
        return
    if willpower:
        fail("", key="roll_willpower_sheet", tool=True)
    name = _book(book or "dark-ages")
    faces, extra = _pool_faces(pool, dice, rerolls, rule_of_ten, seed)
    config = default_config(name)
    result = evaluate_roll(faces, difficulty, botch_rule=config.botch_rule, rerolls=extra if rule_of_ten else ())
    if as_json:
        print(json.dumps({"book": name, "botch_rule": config.botch_rule, "category": result.category,
                          **result.to_dict()}, ensure_ascii=False))
        return
    from rich.markup import escape

    from narrator.agents.i18n import message, plural
    from narrator.cli.common import language

    lang = language(lang)
    heading = message(lang, "roll.heading", book=message(lang, f"replay.games.{name.replace('_', '-')}"),
                      dice=plural(lang, "dice", len(faces)), difficulty=difficulty)
    console.print(f"[bold]{escape(heading)}[/]")
    console.print(render.dice_text(result, lang))
    console.print(render.verdict_text(result, lang))


def _pool_faces(pool: str | None, dice: str | None, rerolls: str | None, rule_of_ten: bool,
                seed: int | None) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The faces to evaluate and the re-rolled 10s: rolled by hand (``--dice``, ``--rerolls``), else ``pool``
    d10 rolled here (seeded by ``--seed``). Exits when the pool and the faces disagree or are out of range."""
    if pool is not None and not pool.isdigit():
        fail("", key="roll_pool_word", tool=True, given=repr(pool))
    count = int(pool) if pool is not None else None
    if dice is None and count is None:
        fail("", key="roll_pool_missing", tool=True)
    if dice is not None:
        faces = _faces(dice, "--dice")
        if count is not None and count != len(faces):
            fail("", key="roll_pool_faces", tool=True, count=count, faces=len(faces))
        extra = _faces(rerolls, "--rerolls") if rerolls else ()
        if rule_of_ten and tens_to_reroll(faces) and not extra:
            fail("", key="roll_rerolls_needed", tool=True)
        return tuple(faces), tuple(extra)
    if count is None or not 1 <= count <= 30:
        fail("", key="roll_pool_range", tool=True, count=count)
    rng = random.Random(seed)
    faces = sample(Dice(count, 10), rng)
    return tuple(faces), tuple(_reroll_tens(faces, rng) if rule_of_ten else ())


def _roll_sheet(given: str, traits_text: str | None, difficulty: int, book: str | None, dice: str | None,
                willpower: bool, rules: Path | None, lang: str | None, seed: int | None, as_json: bool) -> None:
    """``roll TRAITS --sheet FILE``: the sheet's pool for the traits, through the kernel's rules."""
    from rich.markup import escape

    from narrator.cli.common import language
    from narrator.storyteller.data import read_yaml
    from narrator.storyteller.sheet_roll import SheetRollError, parse_traits, roll_from_sheet

    lang = language(lang)
    if not traits_text or traits_text.isdigit():
        fail("", key="roll_sheet_traits", tool=True)
    character, name = _sheet_of(given, book)
    options = read_yaml(rules) if rules else None
    if options is not None and not isinstance(options, dict):
        fail(f"{rules}: a rules profile must be a mapping of option: value")
    try:
        rolled = roll_from_sheet(character, name, parse_traits(traits_text), difficulty, willpower=willpower,
                                 rng=random.Random(seed), faces=_faces(dice, "--dice") if dice else None,
                                 options=options)
    except SheetRollError as error:
        from narrator.agents.i18n import refusal

        detail = error.rejection.message if lang == "en" else ""  # the kernel's reason is English (logs)
        fail(f"{refusal(lang, error.rejection.code)} ({error.rejection.code}{': ' + detail if detail else ''})")
    except DataError as error:
        fail(str(error))
    if as_json:
        print(json.dumps({"book": name, **rolled.to_dict()}, ensure_ascii=False))
        return
    lines = rolled.lines(lang)
    console.print("[bold]" + escape(lines[0]) + "[/]")
    if rolled.result.dice:
        console.print(render.dice_text(rolled.result, lang))
    for line in lines[1:]:
        console.print(escape(line))
    console.print(render.verdict_text(rolled.result, lang))


def _sheet_of(given: str, book: str | None) -> tuple[Character, str]:
    """The sheet (a file, or a sample's id in ``book`` or either book) and its book."""
    from narrator.storyteller.data import read_yaml
    from narrator.storyteller.play import resolve_sheet

    path = Path(given)
    books = [_book(book)] if book else ["dark_ages", "wild_west"]
    if path.is_file():
        data = read_yaml(path)
        found = str(data.get("book", "")) if isinstance(data, dict) else ""
        books = [found] if found in ("dark_ages", "wild_west") and not book else books
    errors = []
    for name in books:
        try:
            return resolve_sheet(name, given), name
        except DataError as error:
            errors.append(str(error))
    fail(errors[0])


def _reroll_tens(faces: tuple[int, ...], rng: random.Random) -> tuple[int, ...]:
    rerolled: tuple[int, ...] = ()
    waiting = tens_to_reroll(faces)
    while waiting:
        wave = sample(Dice(waiting, 10), rng)
        rerolled += wave
        waiting = tens_to_reroll(wave)
    return rerolled


def odds(
    pool: int | None = typer.Argument(None, help="How many dice (1..30); omit with --table."),
    difficulty: int = typer.Option(6, "--difficulty", "-d", help="2..10."),
    book: str = typer.Option("dark-ages", "--book", "-b", help=BOOK_HELP),
    willpower: bool = typer.Option(False, "--willpower", help="Spend a Willpower point (D2: by default it "
                                                              "replaces the roll with one marginal success)."),
    willpower_mode: str = typer.Option("replace_roll", "--willpower-mode",
                                       help="replace_roll (default, D2) or add_to_roll (+1 success no 1 cancels)."),
    rule_of_ten: bool = typer.Option(False, "--rule-of-ten", help="Optional DA rule: 10s are re-rolled (D19)."),
    forgiven: bool = typer.Option(False, "--forgiven", help="The optional forgiven botch is still unused (D20)."),
    table: bool = typer.Option(False, "--table", help="Pools 1..15 x difficulties 2..10 as a table."),
    out: Path | None = typer.Option(None, "--out", help="With --table: also write a PNG heat map here."),
    as_json: bool = typer.Option(False, "--json", help="Exact fractions and floats as JSON."),
    lang: str | None = typer.Option(None, "--lang", help="en or ru (default: NARRATOR_LANG, else the locale)."),
) -> None:
    """The EXACT chance of a botch, a failure and each degree of success (no sampling).

      narrator odds 7 --difficulty 6 --book wild-west

      narrator odds --table --book dark-ages --out odds.png
    """
    from narrator.agents.i18n import plural
    from narrator.cli.common import language

    lang = language(lang)
    name = _book(book)
    _difficulty(difficulty)
    if willpower_mode not in ("replace_roll", "add_to_roll"):
        fail("", key="roll_willpower_mode", tool=True, given=repr(willpower_mode))
    options = {"botch_rule": default_config(name).botch_rule, "rule_of_ten": rule_of_ten,
               "forgiven_botch": forgiven, "willpower": willpower_mode if willpower else None}
    if table:
        _print_table(name, options, out, as_json, lang)
        return
    if pool is None or not 1 <= pool <= 30:
        fail("", key="odds_pool", tool=True, pool=pool)
    result = exact_odds(pool, difficulty, **options)  # type: ignore[arg-type]
    if as_json:
        print(json.dumps({"book": name, "pool": pool, "difficulty": difficulty, **options,
                          "odds": render.odds_json(result)}, ensure_ascii=False))
        return
    title = tool_word("odds_title", book=_title(name, lang), dice=plural(lang, "dice", pool), difficulty=difficulty)
    console.print(render.odds_rich(result, title, lang))


def _title(book: str, lang: str) -> str:
    """The book's title in ``lang`` (as ``narrator roll`` heads its roll)."""
    from narrator.agents.i18n import message

    return message(lang, f"replay.games.{book.replace('_', '-')}")


def _print_table(name: str, options: Mapping[str, object], out: Path | None, as_json: bool, lang: str) -> None:
    cells = odds_table(range(1, 16), range(2, 11), **options)
    if as_json:
        print(json.dumps({"book": name, **options, "cells": [
            {"pool": p, "difficulty": d, "odds": render.odds_json(v)} for (p, d), v in cells.items()]},
            ensure_ascii=False))
    else:
        console.print(render.table_rich(cells, tool_word("odds_table_title", book=_title(name, lang)), lang))
    if out is not None:
        from narrator.storyteller.heatmap import write_heatmap

        try:
            write_heatmap(cells, out, tool_word("odds_heatmap_title", book=_title(name, lang)))
        except OSError as error:
            fail("", key="odds_out", tool=True, path=out, error=error.strerror or error)
        if not as_json:
            console.print(tool_word("odds_heatmap_written", path=out), highlight=False)


def register(app: typer.Typer, play: typer.Typer, simulate: typer.Typer) -> None:
    """Add ``roll`` and ``odds`` (``play dark-ages`` / ``play wild-west``: :mod:`narrator.cli.storyteller_play`,
    whose session, resume and model imports the dice tools do not need at start-up)."""
    app.command("roll")(roll)
    app.command("odds")(odds)
