"""``--help`` of every command, and Click's errors, in one language: Russian under ru, English under en.

Not words of a language, and so allowed in either: option names (``--seed``), command and argument
names, metavars (``<int>``, ``FILE``, ``[по умолчанию: ...]``'s value), example command lines,
environment variables and identifiers (``NARRATOR_LANG``, ``rule_of_ten``), paths, URLs and file names,
the values a user types (:data:`TYPED`) and the proper names of :data:`NAMES`.
"""

from __future__ import annotations

import functools
import re
from collections import Counter

import pytest
import typer
from typer.testing import CliRunner

from narrator.cli import po, translation
from narrator.cli.main import app
from tests.i18n.test_one_language import CYRILLIC, LATIN, NOT_WORDS

runner = CliRunner()

TYPED = frozenset({
    "ru", "en", "offline", "local", "endpoint", "scripted", "strong", "search", "random", "native", "python",
    "auto", "all", "host", "public", "debug", "info", "warning", "error", "light", "shadow", "darkness", "gloom",
    "battaglia", "ten-candles", "storyteller", "dark-ages", "wild-west", "cluster", "ysolde", "ruth", "elias",
    "dexterity+stealth", "true", "prompt", "completion", "pool", "transcript", "hattie", "joseph", "hugues", "salome",
    "brother-odo",
})
"""Values a user types as they are (``--llm local``, ``--bots-for light=search``, sample sheet ids, the
price table's keys, the extra ``cluster``) and argument names: Russian text names them in Latin."""
NAMES = frozenset({"Python", "OpenAI", "SmolLM", "llama", "cpp", "Ray", "SQLite", "Ctrl", "Enter", "JSON", "JSONL",
                   "YAML", "CSV", "PNG", "HTTPS", "TCP", "URL", "CPU", "DEC", "EOF", "ID", "HOST", "PORT", "DIR",
                   "OUT", "FORCE", "KIND", "SEAT"})
"""Proper names (programs, formats, protocols, keys) and metavars written in capitals (``--bot ID``,
``FORCE=KIND``, ``DIR/report.md``): the same in a Russian text."""
NOT_LANGUAGE = re.compile(
    r"^(?:[A-Z_]+=\S+ )*narrator [a-z].*$"  # an example command line (a line of its own)
    r"|<[^>]*>|\[x[<>=]+\d+\]|\[\d+<=x<=\d+\]"  # Typer's type column: <int range> [x>=1]
    r"|\[(?:по умолчанию|default): [^\]]*\]"  # a default value, as the user would type it
    r"|'[^'\s]*'"  # a quoted value: 'all', 'native'
    r"|\w+://\S+|[\w.-]*/[\w./-]*|[\w-]*\.(?:jsonl|json|yaml|toml|md|csv|png|html|damaged|cpp)\b"  # URLs, file names
    r"|\b[A-Z_]+=\S+|\b\w*_\w+\b",  # environment variables and identifiers: NARRATOR_LLM_MODEL=..., rule_of_ten
    re.MULTILINE)


def command_paths() -> list[list[str]]:
    """Every command and group of the tree, as the words that name it (``[]`` for ``narrator`` itself)."""
    paths: list[list[str]] = []

    def walk(command, path: list[str]) -> None:
        paths.append(path)
        for name, sub in getattr(command, "commands", {}).items():
            walk(sub, [*path, name])

    walk(typer.main.get_command(app), [])
    return paths


@functools.cache
def command_names() -> frozenset[str]:
    return frozenset(word for path in command_paths() for word in path)


@functools.cache  # every page's check asks: the shipped scenarios are read once a process (0.17 s each time)
def scenario_ids() -> frozenset[str]:
    """The shipped scenarios' ids, which ``--scenario``'s help lists: values a user types."""
    from narrator.storyteller.scenario import load_scenario, shipped_scenarios

    return frozenset(load_scenario(book, path).id for book in ("dark_ages", "wild_west") for path in shipped_scenarios(book))


def test_scenario_help_lists_the_books_own_shipped_ids() -> None:
    dark, west = (page(["--lang", "en", "play", game, "--help"]) for game in ("dark-ages", "wild-west"))
    assert "hospice-of-saint-lazare (short)" in dark and "hospice-of-saint-lazare" not in west
    assert "copper-gulch (short)" in west and "copper-gulch" not in dark
    assert "copper-gulch (короткий)" in page(["--lang", "ru", "play", "wild-west", "--help"])


@functools.cache
def _allowed() -> re.Pattern[str]:
    """The values a user types, command names and scenario ids, as whole words (built once a process)."""
    allowed = TYPED | command_names() | scenario_ids()
    return re.compile(r"(?<![\w+-])(?:" + "|".join(map(re.escape, sorted(allowed, key=len, reverse=True)))
                      + r")(?![\w+-])")


def foreign(text: str, lang: str) -> Counter[str]:
    """Words of the other language in a help page or an error (see the module's docstring)."""
    text = text.replace("│", " ").replace("╭", " ").replace("╰", " ")
    text = NOT_LANGUAGE.sub(" ", re.sub(r"^ *│? *", "", text, flags=re.MULTILINE))
    text = NOT_WORDS.sub(" ", text)
    text = _allowed().sub(" ", text)
    found = Counter((LATIN if lang == "ru" else CYRILLIC).findall(text))
    return Counter({word: n for word, n in found.items() if lang == "en" or word not in NAMES})


def page(args: list[str], env: dict[str, str] | None = None) -> str:
    result = runner.invoke(app, args, env={"COLUMNS": "200", **(env or {})})
    assert result.exit_code == 0, (args, result.output)
    return result.output


def test_typer_type_labels_are_said_in_the_language() -> None:
    from narrator.cli.translation import type_label

    assert [type_label(label, "ru") for label in ("<int range>", "<int>", "<list[str]>", "<path>", "<fast|python>")] \
        == ["<целое>", "<целое>", "<список[текст]>", "<путь>", "<fast|python>"]
    assert type_label("<int range>", "en") == "<int range>"


def test_the_check_finds_a_stray_word() -> None:
    assert foreign("│ --games  -n  <int range> [x>=1]  Партий на каждое число игроков. [по умолчанию: 100] │", "ru") == Counter()
    assert foreign("Сколько партий играть (seeds 1..N).", "ru") == Counter({"seeds": 1})
    assert foreign("  narrator play ten-candles --ai 3 --lines \"spiders,children\"", "ru") == Counter()
    assert foreign("Пример: narrator play battaglia, then more", "ru") == Counter({"then": 1, "more": 1})
    assert foreign("Games per player count. Партий", "en") == Counter({"Партий": 1})


def test_every_command_and_group_is_checked() -> None:
    paths = [" ".join(path) for path in command_paths()]
    for name in ("", "play", "play battaglia", "play ten-candles", "play dark-ages", "play wild-west", "simulate",
                 "simulate battaglia", "simulate ten-candles", "replay", "roll", "odds", "serve", "eval", "llm",
                 "llm status", "llm serve"):
        assert name in paths, name


@pytest.mark.parametrize("path", [" ".join(path) or "narrator" for path in command_paths()])
def test_every_help_page_speaks_one_language(path: str) -> None:
    words = [] if path == "narrator" else path.split()
    russian = page(["--lang", "ru", *words, "--help"])
    assert "Использование: narrator" in russian and "Показать эту справку и выйти." in russian
    assert not foreign(russian, "ru"), foreign(russian, "ru").most_common(20)
    assert not re.findall(r"<(?:int|float|str|path|bool|list)\b", russian)  # Typer's type labels too
    english = page(["--lang", "en", *words, "--help"])  # after a Russian page, in the same process
    assert "Usage: narrator" in english and "Show this message and exit." in english
    assert not foreign(english, "en"), foreign(english, "en").most_common(20)


ENGLISH_ENV = {"NARRATOR_LANG": "", "LC_ALL": "", "LC_MESSAGES": "", "LANG": "en_US.UTF-8"}


@pytest.mark.parametrize(("args", "env"), [
    (["--lang", "ru", "simulate", "--help"], {}),
    (["simulate", "battaglia", "--help", "--lang", "ru"], {}),
    (["simulate", "--help"], {"NARRATOR_LANG": "ru"}),
    (["simulate", "--help"], {**ENGLISH_ENV, "LANG": "ru_RU.UTF-8"}),
    (["--lang", "ru", "simulate", "--help"], {"NARRATOR_LANG": "en"}),
], ids=["--lang before", "--lang after", "NARRATOR_LANG", "locale", "--lang over NARRATOR_LANG"])
def test_the_help_follows_the_language_rule(args: list[str], env: dict[str, str]) -> None:
    assert "Сыграть много партий" in page(args, env)
    assert "Simulate many" in page(["simulate", "--help"], ENGLISH_ENV)


def test_a_group_without_its_command_shows_its_help_in_the_language() -> None:
    result = runner.invoke(app, ["--lang", "ru", "play"], env={"COLUMNS": "200"})
    assert "Команды" in result.output and "Сыграть одно место в Баталье дель арте" in result.output


def _po(domain: str) -> dict[str, str]:
    from babel.messages.pofile import read_po

    with (po.folder("ru") / f"{domain}.po").open("rb") as file:
        return {message.id: message.string for message in read_po(file) if message.id}


def test_every_help_text_has_a_russian_translation() -> None:
    texts = dict(translation.help_texts(typer.main.get_command(app)))
    assert len(texts) > 150
    translated = {msgid for domain in ("cli", "click") for msgid, string in _po(domain).items() if string}
    missing = {where: text for where, text in texts.items() if text not in translated}
    assert not missing, f"add them to prompts/i18n/ru/cli.po (python -m narrator.cli.po update): {missing}"
    assert not set(po.library_msgids()) - translated
    translation.use("ru")
    try:
        assert translation.text(texts["narrator replay lens"]).startswith("Рассказать партию так")
    finally:
        translation.use("en")


@pytest.mark.parametrize("domain", ["cli", "click"])
def test_the_compiled_catalogues_are_those_of_the_po_files(domain: str) -> None:
    source = _po(domain)
    assert set(source) == set(po.msgids(domain)), "python -m narrator.cli.po update, then compile"
    compiled = translation.catalogue("ru", domain)
    stale = [msgid for msgid, string in source.items() if compiled.gettext(msgid) != string]
    assert not stale, f"python -m narrator.cli.po compile: {stale[:3]}"


def test_every_translation_keeps_its_placeholders() -> None:
    for msgid in po.library_msgids():
        names = set(re.findall(r"\{(\w*)\}", msgid))
        translation.use("ru")
        try:
            assert set(re.findall(r"\{(\w*)\}", translation.gettext(msgid))) == names, msgid
        finally:
            translation.use("en")


def _error(args: list[str]) -> str:
    result = runner.invoke(app, args, env={"COLUMNS": "200"})
    assert result.exit_code == 2, result.output
    return " ".join(result.output.replace("│", " ").split())


@pytest.mark.parametrize(("args", "ru", "en"), [
    (["replay"], "Не указан аргумент 'transcript'.", "Missing argument 'transcript'."),
    (["rol"], "Нет такой команды: 'rol'. Может быть, 'roll'?", "No such command 'rol'. Did you mean 'roll'?"),
    (["roll", "7", "--bogus"], "Нет такого параметра: --bogus (возможно, имелся в виду --book)",
     "No such option: --bogus (Possible options: --book)"),
    (["roll", "7", "-d", "abc"], "Неверное значение '--difficulty' / '-d': нужно целое число",
     "Invalid value for '--difficulty' / '-d': Input should be a valid integer"),
    (["simulate", "battaglia", "--games", "0"], "Неверное значение '--games' / '-n': значение должно быть не меньше 1",
     "Input should be greater than or equal to 1"),
    (["roll", "7", "8", "9"], "Лишние аргументы: 8 9", "Got unexpected extra argument(s) (8 9)"),
    (["roll", "7", "-d"], "Параметру '-d' нужно значение.", "Option '-d' requires an argument."),
], ids=" ".join)
def test_a_click_error_speaks_the_language(args: list[str], ru: str, en: str) -> None:
    russian = _error(["--lang", "ru", *args])
    assert ru in russian, russian
    assert not foreign(russian, "ru"), (russian, foreign(russian, "ru"))
    if "Использование:" in russian:
        assert "Справка: 'narrator" in russian and "Ошибка" in russian
    english = _error(["--lang", "en", *args])
    assert en in english and not foreign(english, "en"), english


def test_a_message_without_a_template_is_left_as_it_is() -> None:
    translation.use("ru")
    try:
        assert translation.message("Something Click never said.") == "Something Click never said."
        assert translation.message("Invalid value for '--seat': Input should be a valid integer") == (
            "Неверное значение '--seat': нужно целое число")
    finally:
        translation.use("en")
