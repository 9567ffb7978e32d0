"""The command line's own words in the run's language: help pages, and Click's and Typer's messages.

The English stays in the code (command docstrings, ``help=`` texts) as gettext msgids; the Russian is in
two catalogues beside the game catalogue, ``prompts/i18n/ru/cli.po`` (our help texts) and
``prompts/i18n/ru/click.po`` (the words of Click and Typer: "Usage:", "Missing argument", panel
titles), each compiled to the ``.mo`` file next to
it (``python -m narrator.cli.po compile``; ``update`` first collects new msgids).

The language is chosen once per run by :meth:`TranslatedGroup.main`, the root command's entry (the
console script and ``CliRunner`` both go through it): ``--lang`` anywhere on the command line, else
the rule of :func:`~narrator.agents.i18n.default_language`. Nothing is translated before it is shown:

* a help page translates its command, its parameters and its subcommands' summaries when it is
  rendered (:meth:`TranslatedCommand.format_help`), from the English kept on each object, so one
  process may show an English page after a Russian one (the tests run both);
* an error of Typer's Click ("Missing argument 'transcript'.") is matched against the English
  templates of :data:`MESSAGES` just before Typer renders it, and told by the Russian template;
  the usage line's "Usage:" and Typer's panel titles and hints (module constants made at its
  import) are set when a page or an error is rendered.

Typer 0.29 vendors its Click (``typer._click``) with the messages written as f-strings, so there is
no gettext call to hook; Typer's own words (``rich_utils``) are gettext msgids of the domain
``messages``, and ``click.po`` holds them under those msgids. A run that shows neither a help page nor
an error reads no catalogue (``narrator roll 7 -d 6`` in Russian reads none).
"""

from __future__ import annotations

import gettext as stdlib_gettext
import re
import sys
from collections.abc import Iterator, Sequence
from functools import cache
from typing import Any

import typer
from typer._click import ClickException, Command, Context, HelpFormatter
from typer.core import TyperCommand, TyperGroup, TyperOption
from typer.exceptions import Abort

FALLBACK = "en"
_LANG = [FALLBACK]
"""The language the command line speaks in this run (set by :func:`use`)."""

TYPER_WORDS = {
    "DEPRECATED_STRING": "(deprecated) ",
    "DEFAULT_STRING": "[default: {}]",
    "ENVVAR_STRING": "[env var: {}]",
    "REQUIRED_LONG_STRING": "[required]",
    "ARGUMENTS_PANEL_TITLE": "Arguments",
    "OPTIONS_PANEL_TITLE": "Options",
    "COMMANDS_PANEL_TITLE": "Commands",
    "ERRORS_PANEL_TITLE": "Error",
    "ABORTED_TEXT": "Aborted.",
    "RICH_HELP": "Try [blue]'{command_path} {help_option}'[/] for help.",
}
"""``typer.rich_utils``'s words, made once at its import: name -> msgid (``click.po``)."""

USAGE = "Usage:"
USAGE_WORDS = ("[OPTIONS]", "COMMAND [ARGS]...")
"""Click's metavars of a usage line (``narrator [OPTIONS] COMMAND [ARGS]...``), told in the run's language."""
MESSAGES = (
    "Missing argument {name}.",
    "Missing option {name}.",
    "Missing parameter {name}.",
    "Missing command.",
    "No such option: {name}",
    "No such option: {name} (Possible options: {options})",
    "No such command {name}.",
    "No such command {name}. Did you mean {suggestions}?",
    "Got unexpected extra argument(s) ({args})",
    "Option {name} requires an argument.",
    "Option {name} requires {count} arguments.",
    "Option {name} does not take a value.",
    "Argument {name} takes {count} values.",
    "Invalid value for {name}: {message}",
    "Invalid value: {message}",
    "Input should be a valid integer, unable to parse string as an integer",
    "Input should be a valid integer",
    "Input should be a valid number, unable to parse string as a number",
    "Input should be a valid boolean, unable to interpret input",
    "Input should be greater than or equal to {limit}",
    "Input should be less than or equal to {limit}",
    "Input should be greater than {limit}",
    "Input should be less than {limit}",
    "{value} is not one of {choices}.",
    "Value must be an iterable.",
)
"""The messages of Typer's Click (and of the pydantic checks it runs) that a command line may show, as
templates (Typer 0.29 writes them in English with f-strings, not through gettext): a shown message that
matches one is told in the run's language (``click.po``), its ``{message}`` part translated in turn."""


def _pattern(template: str) -> re.Pattern[str]:
    parts = re.split(r"\{(\w+)\}", template)
    return re.compile("".join(re.escape(part) if i % 2 == 0 else f"(?P<{part}>.+?)" for i, part in enumerate(parts))
                      + r"\Z", re.DOTALL)


@cache
def _patterns() -> tuple[tuple[str, re.Pattern[str]], ...]:
    """The templates, the longest first (``No such option: {name} (Possible ...)`` before ``No such option: {name}``)."""
    return tuple((template, _pattern(template)) for template in sorted(MESSAGES, key=len, reverse=True))


def language_of(args: Sequence[str]) -> str:
    """The language of a command line: its last valid ``--lang`` (anywhere), else ``NARRATOR_LANG``, the
    locale, English. A value that is no language (``eval --lang en,ru``, a typo) is left to the command."""
    from narrator.agents.i18n import LANGUAGES, default_language

    chosen = None
    for i, arg in enumerate(args):
        if arg == "--":
            break
        value = args[i + 1] if arg == "--lang" and i + 1 < len(args) else arg[7:] if arg.startswith("--lang=") else None
        if value is not None and value.lower() in LANGUAGES:
            chosen = value.lower()
    try:
        return chosen or default_language()
    except ValueError:  # a mistyped NARRATOR_LANG: the command says so
        return FALLBACK


def current() -> str:
    """The language the command line speaks now."""
    return _LANG[-1]


def use(lang: str) -> None:
    """Speak ``lang`` from now on. Typer's words are set when a page or an error is rendered (importing
    ``typer.rich_utils`` takes a tenth of a second), or now if it is already imported."""
    _LANG[:] = [lang]
    if "typer.rich_utils" in sys.modules:
        typer_words()


@cache
def catalogue(lang: str, domain: str) -> stdlib_gettext.NullTranslations:
    """The compiled catalogue ``prompts/i18n/<lang>/<domain>.mo`` (English: the msgids themselves)."""
    if lang == FALLBACK:
        return stdlib_gettext.NullTranslations()
    from pathlib import Path

    from narrator import prompts

    with (Path(prompts.__file__).parent / "i18n" / lang / f"{domain}.mo").open("rb") as file:
        return stdlib_gettext.GNUTranslations(file)


def gettext(message: str) -> str:
    """One of Click's or Typer's words (``click.po``) in the run's language."""
    lang = current()
    return message if lang == FALLBACK else catalogue(lang, "click").gettext(message)


def text(msgid: str) -> str:
    """One of our help texts (``cli.po``), else one of Click's or Typer's (``click.po``), in the run's
    language; a text without a translation stays English (a test keeps them all translated)."""
    lang = current()
    if lang == FALLBACK:
        return msgid
    for domain in ("cli", "click"):
        found = catalogue(lang, domain).gettext(msgid)
        if found != msgid:
            return found
    return msgid


def message(shown: str) -> str:
    """A message of Typer's Click (:data:`MESSAGES`) in the run's language; any other text as it is."""
    if current() == FALLBACK:
        return shown
    for template, pattern in _patterns():
        found = pattern.match(shown)
        if found:
            values = found.groupdict()
            if "message" in values:
                values["message"] = message(values["message"])
            return gettext(template).format(**values)
    return shown


def usage(line: str) -> str:
    """``Usage: narrator roll [OPTIONS] [pool]`` in the run's language."""
    prefix = f"{USAGE} "
    if current() == FALLBACK or not line.startswith(prefix):
        return line
    line = line[len(prefix):]
    for words in USAGE_WORDS:
        line = line.replace(words, gettext(words))
    return f"{gettext(USAGE)} {line}"


def typer_words() -> None:
    """Set ``typer.rich_utils``'s words to the run's language (it is imported to render anyway)."""
    from typer import rich_utils

    for name, msgid in TYPER_WORDS.items():
        setattr(rich_utils, name, gettext(msgid))


def _before_error(error: BaseException) -> None:
    """Ready an error Typer is about to render: its words, and the message in the run's language."""
    typer_words()
    if isinstance(error, ClickException) and type(error).__name__ != "NoArgsIsHelpError" and current() != FALLBACK:
        shown = message(error.format_message())
        error.format_message = lambda: shown  # type: ignore[method-assign]


def _translate(thing: Any, attributes: Sequence[str]) -> None:
    """Set ``thing``'s texts to the run's language, from the English kept on it the first time."""
    english = vars(thing).setdefault("_narrator_msgids", {})
    for attribute in attributes:
        if attribute not in english:
            english[attribute] = getattr(thing, attribute, None)
        if english[attribute]:
            setattr(thing, attribute, reflow(text(english[attribute])))


def reflow(help_text: str) -> str:
    """A help text's paragraphs each as one line, so the terminal wraps them at its width: Typer's rich mode
    keeps a docstring's line breaks, which cut a sentence mid-line on the page. Indented lines (examples)
    and paragraphs marked ``\\b`` keep theirs."""
    def kept(paragraph: str) -> bool:
        return paragraph.startswith("\b") or any(line.startswith(" ") for line in paragraph.split("\n"))

    return "\n\n".join(p if kept(p) else " ".join(line.strip() for line in p.split("\n"))
                         for p in help_text.split("\n\n"))


def type_label(label: str | None, lang: str) -> str | None:
    """A Typer type label (``<int range>``, ``<path>``, ``<list[str]>``) in ``lang``: the words inside ``<...>``
    from the catalogue's ``tools.type_labels``, a list's element too; choices (``a|b``) stay as typed."""
    if not label or lang == FALLBACK:
        return label
    from narrator.agents.i18n import section

    words = section(lang, "tools").get("type_labels") or {}
    inner = label[1:-1] if label.startswith("<") and label.endswith(">") else label
    for english in sorted(words, key=len, reverse=True):  # "int range" before "int"
        inner = re.sub(rf"(?<![\w|]){re.escape(english)}(?![\w|])", words[english], inner)
    return f"<{inner}>" if label.startswith("<") else inner


def _translate_types() -> None:
    """Typer's type column in the run's language: its parameters' ``display_type_rich`` wrapped once, on the
    classes (Click makes a new ``--help`` option per context, so wrapping instances misses some)."""
    from typer.core import TyperArgument, TyperOption

    for cls in (TyperOption, TyperArgument):
        rendered = cls.display_type_rich
        if getattr(rendered, "_narrator_translated", False):
            continue

        def shown(self: Any, ctx: Context, _rendered: Any = rendered) -> str | None:
            if getattr(self, "is_flag", False) and not getattr(self, "count", False):
                return None  # a flag takes no value: "<bool>" beside it would ask for one
            return type_label(_rendered(self, ctx), current())

        shown._narrator_translated = True  # type: ignore[attr-defined]
        cls.display_type_rich = shown  # type: ignore[method-assign]


def translate_page(ctx: Context) -> None:
    """Everything the help page of ``ctx``'s command shows, in the run's language."""
    command = ctx.command
    _translate(command, ("help", "short_help", "epilog"))
    for param in command.get_params(ctx):
        _translate(param, ("help",))
        if isinstance(param, TyperOption) and param.help and "{shipped}" in param.help:  # --scenario: the book's shipped ids are data, not words
            from narrator.storyteller.play import shipped_ids
            from narrator.storyteller.scenario import EVENING

            book = str(ctx.info_name).replace("-", "_")
            param.help = param.help.replace("{shipped}", shipped_ids(book, current())).replace(
                "{default}", EVENING.get(book, ""))
    _translate_types()
    if isinstance(command, TyperGroup):
        for sub in command.commands.values():
            _translate(sub, ("help", "short_help"))
    typer_words()


def help_texts(command: Command, ctx: Context | None = None) -> Iterator[tuple[str, str]]:
    """(where, English text) of every help text under ``command``: its own and its parameters', then its
    subcommands' (for the catalogue tool and the tests)."""
    ctx = ctx or Context(command, info_name="narrator")
    where = ctx.command_path
    for attribute in ("help", "short_help", "epilog"):
        value = vars(command).get("_narrator_msgids", {}).get(attribute) or getattr(command, attribute, None)
        if value:
            yield f"{where} ({attribute})", value
    for param in command.get_params(ctx):
        value = vars(param).get("_narrator_msgids", {}).get("help") or getattr(param, "help", None)
        if value:
            yield f"{where} {param.name}", value
    for name, sub in getattr(command, "commands", {}).items():
        yield from help_texts(sub, Context(sub, info_name=name, parent=ctx))


class TranslatedCommand(TyperCommand):
    """A command whose help page and usage line speak the run's language."""

    def format_help(self, ctx: Context, formatter: HelpFormatter) -> None:
        translate_page(ctx)
        super().format_help(ctx, formatter)

    def get_usage(self, ctx: Context) -> str:
        return usage(super().get_usage(ctx))


class TranslatedGroup(TyperGroup):
    """A group whose help page and usage line speak the run's language; as the root, it chooses the
    language of the run (:meth:`main`) and puts an error Typer is about to show in it."""

    def main(self, args: Sequence[str] | None = None, *rest: Any, **extra: Any) -> Any:
        use(language_of(list(sys.argv[1:] if args is None else args)))
        return super().main(args, *rest, **extra)

    def make_context(self, *args: Any, **kwargs: Any) -> Context:
        try:
            return super().make_context(*args, **kwargs)
        except (ClickException, Abort, EOFError) as error:
            _before_error(error)
            raise

    def invoke(self, ctx: Context) -> Any:
        try:
            return super().invoke(ctx)
        except (ClickException, Abort, EOFError) as error:
            _before_error(error)
            raise

    def format_help(self, ctx: Context, formatter: HelpFormatter) -> None:
        translate_page(ctx)
        super().format_help(ctx, formatter)

    def get_usage(self, ctx: Context) -> str:
        return usage(super().get_usage(ctx))


class TranslatedTyper(typer.Typer):
    """A Typer whose groups and commands are :class:`TranslatedGroup` and :class:`TranslatedCommand`."""

    def __init__(self, *args: Any, cls: type[TyperGroup] | None = None, **kwargs: Any) -> None:
        super().__init__(*args, cls=cls or TranslatedGroup, **kwargs)

    def command(self, name: str | None = None, *, cls: type[TyperCommand] | None = None,
                **kwargs: Any) -> Any:
        return super().command(name, cls=cls or TranslatedCommand, **kwargs)
