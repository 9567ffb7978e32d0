"""The command line's gettext catalogues (``prompts/i18n/<lang>/cli.po`` and ``click.po``): collect, compile.

    python -m narrator.cli.po update    # every help text of the command tree and every Click/Typer word,
                                        # as msgids; translations kept, new ones empty, gone ones dropped
    python -m narrator.cli.po compile   # each .po to the .mo beside it (what the command line reads)

A developer tool (it imports Babel and every command); the command line itself reads the ``.mo``
files with the standard library (:mod:`narrator.cli.translation`).
"""

from __future__ import annotations

import sys
from pathlib import Path

from narrator.cli import translation

LANGUAGES = ("ru",)
"""The languages with catalogues (English is the msgids)."""
LIBRARY_HELP = ("Show this message and exit.", "Install completion for the current shell.",
                "Show completion for the current shell, to copy it or customize the installation.")
"""Help texts of the options Click and Typer add themselves (in ``click.po`` with their other words)."""


def folder(lang: str) -> Path:
    from narrator import prompts

    return Path(prompts.__file__).parent / "i18n" / lang


def library_msgids() -> list[str]:
    """Click's and Typer's words the command line shows (``click.po``)."""
    return [translation.USAGE, *translation.USAGE_WORDS, *translation.TYPER_WORDS.values(), *LIBRARY_HELP, *translation.MESSAGES]


def help_msgids() -> list[str]:
    """Every help text of the command tree, in order, once (``cli.po``), the libraries' aside."""
    import typer

    from narrator.cli.main import app

    seen: dict[str, None] = {}
    for _where, text in translation.help_texts(typer.main.get_command(app)):
        if text not in LIBRARY_HELP:
            seen.setdefault(text, None)
    return list(seen)


def msgids(domain: str) -> list[str]:
    return help_msgids() if domain == "cli" else library_msgids()


def update(lang: str, domain: str) -> tuple[int, int]:
    """Rewrite ``<domain>.po`` of ``lang`` with the current msgids; (messages, untranslated)."""
    from babel.messages.catalog import Catalog
    from babel.messages.pofile import read_po, write_po

    path = folder(lang) / f"{domain}.po"
    old, created = {}, None
    if path.exists():
        with path.open("rb") as file:
            previous = read_po(file)
        old, created = {message.id: message.string for message in previous if message.id}, previous.creation_date
    catalog = Catalog(locale=lang, domain=domain, project="narrator", fuzzy=False, creation_date=created,
                      header_comment=f"# The command line's {'help texts' if domain == 'cli' else 'Click and Typer words'}"
                                     f" in {lang}: python -m narrator.cli.po update / compile.\n#")
    for msgid in msgids(domain):
        flags = ("python-brace-format",) if domain == "click" and "{" in msgid else ()
        catalog.add(msgid, old.get(msgid, ""), flags=flags)
    with path.open("wb") as file:
        write_po(file, catalog, width=120, omit_header=False, no_location=True)
    return len(catalog), sum(1 for message in catalog if message.id and not message.string)


def compile_mo(lang: str, domain: str) -> Path:
    """``<domain>.po`` -> ``<domain>.mo`` (translated messages only)."""
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    source = folder(lang) / f"{domain}.po"
    with source.open("rb") as file:
        catalog = read_po(file)
    target = source.with_suffix(".mo")
    with target.open("wb") as file:
        write_mo(file, catalog)
    return target


def main(argv: list[str]) -> int:
    if argv[:1] not in (["update"], ["compile"]):
        print(__doc__)
        return 2
    for lang in LANGUAGES:
        for domain in ("cli", "click"):
            if argv[0] == "update":
                count, missing = update(lang, domain)
                print(f"{lang}/{domain}.po: {count} messages, {missing} untranslated")
            else:
                print(f"wrote {compile_mo(lang, domain)}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
