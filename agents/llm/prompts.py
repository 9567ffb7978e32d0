"""Prompt templates: Jinja2 files under ``prompts/``, one per language (``choose.en.j2``, ``choose.ru.j2``).

A template name is a path without language and suffix, e.g. ``"common/choose"``; the file read is
``prompts/common/choose.<lang>.j2``, falling back to English when the language has none.
Undefined variables are errors, so a template and its role cannot drift apart silently.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from functools import lru_cache
from importlib.resources import files
from typing import Any

import jinja2
from narrator.rules.core import Event, jsonable


class TemplateNotFoundError(LookupError):
    """No template file for that name (in that language or in English)."""


@lru_cache(maxsize=1)
def _environment() -> jinja2.Environment:
    env = jinja2.Environment(loader=jinja2.FunctionLoader(_load), undefined=jinja2.StrictUndefined,
                             keep_trailing_newline=False, trim_blocks=True, lstrip_blocks=True,
                             autoescape=False)
    env.filters["tojson"] = lambda value: json.dumps(jsonable(value), ensure_ascii=False, sort_keys=True)
    return env


def _load(name: str) -> str | None:
    resource = files("narrator.prompts").joinpath(*name.split("/"))
    return resource.read_text(encoding="utf-8") if resource.is_file() else None


def template_file(name: str, language: str) -> str:
    """The file name used for template ``name`` in ``language`` (English when there is no translation)."""
    for lang in dict.fromkeys((language, "en")):
        candidate = f"{name}.{lang}.j2"
        if _load(candidate) is not None:
            return candidate
    raise TemplateNotFoundError(f"no prompt template prompts/{name}.{language}.j2 (nor .en.j2)")


def render(name: str, language: str, **variables: Any) -> str:
    """Render template ``name`` in ``language`` with ``variables``; surrounding blank space is stripped."""
    template = _environment().get_template(template_file(name, language))
    try:
        return template.render(**variables).strip()
    except jinja2.UndefinedError as error:
        raise TemplateNotFoundError(f"prompts/{template.name}: {error}") from None


def rules_summary(game: str, language: str) -> str:
    """The game's short rules summary for prompts (``prompts/<game>/rules.<lang>.md``), or ``""``."""
    for lang in dict.fromkeys((language, "en")):
        text = _load(f"{game.replace('-', '_')}/rules.{lang}.md")
        if text is not None:
            return text.strip()
    return ""


def describe_events(events: Iterable[Event]) -> list[str]:
    """One line per event, ``kind {data}``: what a seat saw, in order."""
    return [f"{event.kind} {json.dumps(jsonable(event.data), ensure_ascii=False, sort_keys=True)}"
            for event in events]
