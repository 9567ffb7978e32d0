"""The web table's words: the message catalogue's ``web_table`` namespace
(``prompts/i18n/<lang>/web_table.yaml``), extendable by games.

Games may add labels for their action and event kinds (``action.vote``, ``event.dawn``) with
:func:`register_messages`; anything without a label is shown humanised (``night_kill`` ->
``night kill``), so a new game works before anyone translates it.
"""

from __future__ import annotations

from collections.abc import Mapping

LANGUAGES = ("en", "ru")
DEFAULT_LANGUAGE = "en"

_REGISTERED: dict[str, dict[str, str]] = {}
"""Labels games added at run time (:func:`register_messages`), over the catalogue's ``web_table``."""


def _lookup(language: str, key: str) -> str | None:
    from narrator.agents.i18n import section

    found = _REGISTERED.get(language, {}).get(key)
    return found if found is not None else section(language, "web_table").get(key)


def register_messages(language: str, messages: Mapping[str, str]) -> None:
    """Add or override labels (``action.<kind>``, ``event.<kind>``, ``field.<name>``) for ``language``."""
    _REGISTERED.setdefault(language, {}).update(messages)


def pick_language(value: str | None) -> str:
    """``value`` if it is a supported language, else the default."""
    return value if value in LANGUAGES else DEFAULT_LANGUAGE


def humanise(key: str) -> str:
    """``night_kill`` -> ``night kill``: the label of a kind nobody has translated yet."""
    return key.replace("_", " ").replace("-", " ").strip()


def translate(language: str, key: str, **values: object) -> str:
    """The message ``key`` in ``language`` (English when missing there), formatted with ``values``.

    A key missing everywhere is humanised from its last dotted part, so an untranslated action
    kind still reads as words.
    """
    language = pick_language(language)
    text = _lookup(language, key) or _lookup(DEFAULT_LANGUAGE, key)
    if text is None and key.startswith("refusal."):  # a kernel refusal, by its code: the shared catalogue's words
        from narrator.agents.i18n import catalogue

        # a code no catalogue knows yet (a new or toy game) shows the kernel's own message (``fallback``)
        text = catalogue(pick_language(language))["refusal"].get(key.removeprefix("refusal."))
        if text is None:
            return str(values.get("fallback", ""))
    if text is None and key.startswith("outcome."):  # how a game ended: the shared catalogue's words
        from narrator.agents.i18n import end_reason

        text = end_reason(pick_language(language), key.removeprefix("outcome."))
    if text is None:
        text = humanise(key.rsplit(".", 1)[-1])
    return text.format(**values) if values else text


class Translator:
    """``t("key", **values)`` bound to one language, for templates."""

    def __init__(self, language: str) -> None:
        self.language = pick_language(language)

    def __call__(self, key: str, **values: object) -> str:
        return translate(self.language, key, **values)
