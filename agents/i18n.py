"""The player's language: which one (one rule for every command and the web), and the message catalogue.

One catalogue per language holds every word the player reads: ``prompts/i18n/<lang>.yaml`` (refusals by
kernel code, how a game ended, save/resume lines, plural nouns, ...) plus one file per area in
``prompts/i18n/<lang>/`` (``web_table.yaml``, ``tc_narration.yaml``, ...), each file a namespace named by
its stem (``message("ru", "tc_narration.darkness")``). A namespace may not also be a key of the main file.
A plural entry is a mapping of CLDR plural categories (``one``/``few``/``many``/``other``); Babel's
locale data picks the category of a number ("1 свеча, 2 свечи, 5 свечей").

It lives in the agents layer (``narrator.agents.i18n``) because the bots' voices need plurals and
catalogue lines too, and agents may not import the session layer; the session layer imports it from here.

Kernel messages stay English (for models and logs); players see :func:`refusal`, the catalogue's
rendering keyed by the rejection code.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from functools import cache
from pathlib import Path
from typing import Any

import yaml
from narrator.agents.names import fill

SAFE_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
"""libyaml's safe loader when installed (the catalogues load about ten times faster), else PyYAML's."""

LANGUAGES = ("en", "ru")
FALLBACK = "en"
ENV = "NARRATOR_LANG"


def _catalogue_dir() -> Path:
    from narrator import prompts

    return Path(prompts.__file__).parent / "i18n"


def _from_locale_name(name: str | None) -> str | None:
    """``ru_RU.UTF-8`` -> ``ru``; ``C``/``POSIX``/unknown -> ``None``."""
    if not name:
        return None
    code = name.split(".")[0].split("_")[0].split("-")[0].lower()
    return code if code in LANGUAGES else None


def default_language(explicit: str | None = None, environ: Mapping[str, str] | None = None) -> str:
    """The language of a run: ``--lang``, else ``NARRATOR_LANG``, else the locale, else English.

    An explicit or ``NARRATOR_LANG`` value that is not supported raises ``ValueError`` (a typo
    should not silently switch the language); an unsupported locale falls through to English.
    """
    env = os.environ if environ is None else environ
    for source, value in (("--lang", explicit), (ENV, env.get(ENV))):
        if value:
            if value.lower() not in LANGUAGES:
                raise ValueError(f"{source} {value!r}: choose one of {', '.join(LANGUAGES)}")
            return value.lower()
    for variable in ("LC_ALL", "LC_MESSAGES", "LANG"):
        if env.get(variable):  # the first set variable decides (POSIX order), even when it is C or unsupported
            return _from_locale_name(env[variable]) or FALLBACK
    return FALLBACK


@cache
def catalogue(lang: str) -> Mapping[str, Any]:
    """The message catalogue of ``lang`` (read once)."""
    if lang not in LANGUAGES:
        raise ValueError(f"language must be one of {', '.join(LANGUAGES)}, not {lang!r}")
    folder = _catalogue_dir()
    data: dict[str, Any] = _read(folder / f"{lang}.yaml")
    for part in sorted((folder / lang).glob("*.yaml")):
        if part.stem in data:
            raise ValueError(f"{part}: namespace {part.stem!r} is also a key of {lang}.yaml")
        data[part.stem] = _read(part)
    return data


def _read(path: Path) -> Any:
    return yaml.load(path.read_text(encoding="utf-8"), Loader=SAFE_LOADER)


class ByLanguage(Mapping[str, Any]):
    """``{lang: catalogue(lang)[namespace][key]...}`` for code written against a two-language dict, read
    lazily (importing a module that holds one costs no file reads). ``key`` is an optional dotted path."""

    def __init__(self, namespace: str, key: str = "") -> None:
        self.namespace = namespace
        self.key = key

    def __getitem__(self, lang: str) -> Any:
        if lang not in LANGUAGES:
            raise KeyError(lang)
        node: Any = catalogue(lang)[self.namespace]
        for part in filter(None, self.key.split(".")):
            node = node[part]
        return node

    def __iter__(self) -> Any:
        return iter(LANGUAGES)

    def __len__(self) -> int:
        return len(LANGUAGES)


def section(lang: str, namespace: str) -> Any:
    """One namespace of ``lang``'s catalogue (a file of ``prompts/i18n/<lang>/``, or a top key)."""
    return catalogue(lang)[namespace]


@cache
def _plural_rule(lang: str) -> Any:
    from babel import Locale

    return Locale.parse(lang).plural_form


def plural_category(lang: str, n: int) -> str:
    """The CLDR plural category of ``n`` in ``lang`` (``ru``: 1 one, 2 few, 5 many)."""
    return str(_plural_rule(lang)(abs(n)))


def plural(lang: str, key: str, n: int) -> str:
    """``n`` with the noun ``key`` in the right form: ``plural("ru", "candles", 2)`` -> ``"2 свечи"``."""
    forms: Mapping[str, str] = catalogue(lang)["plural"][key]
    form = forms.get(plural_category(lang, n)) or forms["other"]
    return form.format(n=n)


def message(lang: str, key: str, **values: Any) -> str:
    """The catalogue message at the dotted ``key`` (``"end.one_force_left"``), filled with ``values``.

    A key missing in ``lang`` raises ``KeyError``: a test over every key keeps the catalogues whole.
    """
    node: Any = catalogue(lang)
    for part in key.split("."):
        node = node[part]
    text = str(node)
    return fill(text, lang, **values) if values else text  # a slot may ask for a case: «против {who:gent}»


def end_reason(lang: str, termination: str) -> str:
    """How a game ended, in words (``one_force_left`` -> "only one force is left at the table")."""
    return str(catalogue(lang)["end"].get(termination) or message(lang, "end.other", code=termination))


def refusal(lang: str, code: str, **values: Any) -> str:
    """The player's rendering of a kernel refusal, by its code (the kernel's message stays English)."""
    texts: Mapping[str, str] = catalogue(lang)["refusal"]
    text = texts.get(str(code)) or texts["_other"]
    return fill(text, lang, **values) if values else text


def health_name(lang: str, level: str, gender: str = "m") -> str:
    """A health level of the Storyteller books' combat data (``Injured``, ``unhurt``) in ``lang``, in the
    form for ``gender`` (``"f"``: «невредима», «Ранена»; the catalogue's ``health_f``)."""
    if gender == "f":
        found = catalogue(lang).get("health_f", {}).get(level)
        if found:
            return str(found)
    return str(catalogue(lang)["health"].get(level, level))


def character_gender(lang: str, character: str, view: Mapping[str, Any] | None = None) -> str:
    """``"f"`` or ``"m"``: a Storyteller character's grammatical gender, from its sheet's ``gender``
    (``f``/``m``) when the view's sheet has one, else the catalogue's ``genders`` (the shipped
    characters), else ``"m"``."""
    for sheet in (view or {}).get("sheets", ()):
        if str(sheet.get("id")) == character and str(sheet.get("gender", "")).lower()[:1] in ("f", "m"):
            return str(sheet["gender"]).lower()[:1]
    return "f" if str(catalogue(lang).get("genders", {}).get(character, "m")) == "f" else "m"


@cache
def typed(key: str) -> frozenset[str]:
    """The words a player may type for ``key`` (``"yes"``, ``"x_card"``, ``"commands.battaglia.help"``) in any
    language (the catalogue's ``typed`` namespace): input is understood whatever the table's language."""
    words: set[str] = set()
    for lang in LANGUAGES:
        node: Any = catalogue(lang)["typed"]
        for part in key.split("."):
            node = node[part]
        words.update(str(word) for word in node)
    return frozenset(words)


@cache
def typed_commands(game: str) -> Mapping[str, str]:
    """Typed word -> command (``"помощь"`` -> ``"help"``) of ``game``'s terminal, in every language."""
    commands = catalogue(FALLBACK)["typed"]["commands"][game]
    return {word: command for command in commands for word in typed(f"commands.{game}.{command}")}


def endings(lang: str, gender: str) -> Mapping[str, str]:
    """The slots ``{a}``, ``{la}``, ``{yo}`` of a line about a person of ``gender`` (``"f"``/``"m"``) in ``lang``
    (ru ``f``: «погибла», «жива», «казнена»; the catalogue's ``grammar``)."""
    forms: Mapping[str, str] = catalogue(lang)["grammar"]["f" if gender == "f" else "m"]
    return forms
