"""A Storyteller table's setup on the web: the troupe form's choices (the shipped scenarios, the sample characters)
and a new table's options as the kernel's config expects them (sheets chosen by name or given whole)."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import Any

import yaml

from narrator.agents.i18n import message
from narrator.render.storyteller import (
    book_of,
    scenario_of,
)
from narrator.rules.storyteller.sheet import SheetError, parse_sheet
from narrator.storyteller.data import DataError, load_combat, load_sheet, sample_sheets, table_config
from narrator.storyteller.reference import concept_of
from narrator.storyteller.template import display_name


def samples(book: str) -> dict[str, Any]:
    """Sample sheets of ``book`` by id and by file name (``odo`` and ``brother-odo``)."""
    found: dict[str, Any] = {}
    for path in sample_sheets(book):
        sheet = load_sheet(path, book)
        found[sheet.id] = found[path.stem] = sheet
    return found


def troupe_choices(game: str, lang: str) -> dict[str, Any]:
    """What the table-creation form offers for a troupe of ``game``: the shipped scenarios (id, title in
    ``lang``, how many characters each is written for) and the sample characters (id, name, concept)."""
    from narrator.storyteller.scenario import shipped_stories

    book = book_of(game)
    stories = sorted(shipped_stories(book), key=lambda s: s.length != "evening")  # the evening scenarios first: the form's default is one
    sheets = [load_sheet(path, book) for path in sample_sheets(book)]
    return {"scenarios": [{"id": s.id, "title": f"{s.title.get(lang)} — {message(lang, f'storyteller.length_{s.length}')}",
                           "min": s.players.min, "max": s.players.max, "length": s.length}
                          for s in stories],
            "sheets": [{"id": c.id, "name": display_name(lang, c.id) or c.name,
                        "concept": concept_of(lang, {"id": c.id, "concept": c.concept})} for c in sheets]}


def setup_options(game: str, options: Mapping[str, Any]) -> dict[str, Any]:
    """A table's options -> the kernel's config as a dict: the player's sheet, the scenario's
    Storyteller characters, the house-default combat tables, and any rules options.

    ``character`` is a sample's id (``odo``, ``ysolde``, ``elias``, ``ruth``), a sheet as a mapping,
    or a sheet pasted as YAML/JSON text; without it the book's last sample plays. ``troupe`` is a
    list of such characters, one seat each (1..5, as the scenario allows); ``scenario`` a shipped
    scenario's id. ``characters`` (every sheet, as in a transcript header) is taken as given.

    Raises:
        ValueError: naming what is wrong (the sheet's field, the option), for a 422.
    """
    book, rest = book_of(game), dict(options)
    if "characters" in rest:
        players = [c for c in rest["characters"] or () if isinstance(c, Mapping) and c.get("player", True)]
        if not 1 <= len(players) <= 5:
            raise ValueError(f"characters: a {game} table has 1..5 player characters; {len(players)} given")
        return rest
    story = scenario_of(book, str(rest.pop("scenario", "") or ""))
    given = rest.pop("troupe", None)
    if given is not None and ("character" in rest or not isinstance(given, list)):
        raise ValueError("troupe: a list of characters (sample ids or sheets), instead of character")
    troupe = [_sheet(book, g) for g in given] if given is not None else [_sheet(book, rest.pop("character", None))]
    if not story.players.min <= len(troupe) <= story.players.max:
        raise ValueError(f"troupe: {story.id} is written for {story.players.min}..{story.players.max} "
                         f"characters, not {len(troupe)}")
    try:
        npcs = story.npc_sheets()
        taken = {n.id for n in npcs} & {c.id for c in troupe}
        if taken:
            raise ValueError(f"character: id {min(taken)!r} is taken by a Storyteller character of the scenario")
        config = table_config(book, [*troupe, *npcs], combat=load_combat(book), options=rest or None)
        config = dataclasses.replace(config, scenario=story.id)
    except (DataError, SheetError) as error:
        raise ValueError(str(error)) from None
    from narrator.rules.registry import get_game

    return dict(get_game(game).config_to_dict(config))


def _sheet(book: str, given: Any) -> Any:
    known = samples(book)
    if given is None:
        return load_sheet(sample_sheets(book)[-1], book)
    if isinstance(given, str) and given.strip() in known:
        return known[given.strip()]
    data = given
    if isinstance(given, str):
        try:
            data = yaml.safe_load(given)
        except yaml.YAMLError as error:
            raise ValueError(f"character: not a sample ({', '.join(sorted(known))}) and not valid YAML/JSON: "
                             f"{error}") from None
    if not isinstance(data, Mapping):
        raise TypeError(f"character: {given!r} is not a sample of {book.replace('_', ' ')} "
                         f"({', '.join(sorted(known))}) nor a sheet (a mapping of field: value)")
    try:
        return parse_sheet({"book": book, **data}, book=book)
    except SheetError as error:
        raise ValueError(f"character sheet: {error}") from None
