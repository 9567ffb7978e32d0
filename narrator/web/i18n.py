"""The web table's words in Russian and English: a small message catalogue, extendable by games.

Games may add labels for their action and event kinds (``action.vote``, ``event.dawn``) with
:func:`register_messages`; anything without a label is shown humanised (``night_kill`` ->
``night kill``), so a new game works before anyone translates it.
"""

from __future__ import annotations

from collections.abc import Mapping

LANGUAGES = ("en", "ru")
DEFAULT_LANGUAGE = "en"

_CATALOGUE: dict[str, dict[str, str]] = {
    "en": {
        "app.title": "narrator table",
        "index.heading": "Start a table",
        "index.game": "Game",
        "index.options": "Rules profile (YAML or JSON, optional)",
        "index.bot_seats": "Bot seats (numbers, e.g. 1,3)",
        "index.bot_kind": "Bot kind",
        "index.names": "Seat names (comma separated, optional)",
        "index.language": "Language",
        "index.seed": "Seed (optional)",
        "index.character": "Character (Dark Ages / Wild West): a sample (odo, ysolde, elias, ruth) or a sheet "
                           "pasted as YAML/JSON; empty: the book's sample",
        "index.host": "Host seat (GM / Storyteller), where the game has one",
        "index.host.bot": "a bot", "index.host.human": "me, on the host page",
        "index.create": "Create table",
        "created.heading": "Table {table} is ready",
        "created.warning": "Copy these links now: they are shown only once. Each link is a seat's key; "
                           "give it only to the person who plays that seat.",
        "created.host": "Host page",
        "created.bot": "now played by a bot; open the link to take the seat",
        "created.seat": "Seat {seat} ({name})",
        "table.game": "Game",
        "table.status": "Status",
        "table.status.active": "in play",
        "table.status.finished": "finished",
        "table.status.error": "stopped by an error",
        "table.waiting": "Waiting for",
        "table.nobody": "nobody",
        "table.outcome": "Result",
        "table.winners": "Winners",
        "table.seats": "Seats",
        "table.view": "What you know",
        "table.public_view": "What everyone knows",
        "table.events": "What happened",
        "table.no_events": "Nothing yet.",
        "table.actions": "Your move",
        "table.no_actions": "Nothing to do now: wait for the others.",
        "table.connection": "live",
        "table.offline": "reconnecting…",
        "seat.you": "You are {name}",
        "seat.human": "human",
        "seat.bot": "bot: {kind}",
        "seat.leave": "Hand my seat to a bot",
        "seat.return": "Take my seat back",
        "seat.away": "A bot is playing your seat. Your private knowledge stays with the seat.",
        "seat.text": "Your words",
        "seat.send": "Send",
        "seat.refused": "Refused",
        "host.heading": "Host: table {table}",
        "host.note": "The program is the host: this page shows only what the whole table may see.",
        "host.note.program": "The program is the host: this page shows only what the whole table may see.",
        "host.note.bot": "A bot plays the host seat (the GM): this page shows only what the whole table may see.",
        "host.note.human": "You play the host seat (the GM): this page shows what the GM knows and the GM's moves.",
        "host.note.moderator": "You moderate this table: this page shows the whole truth (every mask, the night's "
                               "choices, who killed whom) and your declarations. Keep it from the players.",
        "table.host_view": "What the GM knows",
        "viewer.public": "the table",
        "viewer.host": "the GM",
        "host.reissue": "New invite link",
        "host.take_over": "Take over (a person plays it)",
        "host.model_on": "Switch the model back on",
        "seat.model_off": "(model off after repeated connection failures; the scripted bot plays)",
        "seat.taken_over": "{name} is now played by a person: the host took the seat over from its bot.",
        "seat.model_on": "The host switched the language model of {name} back on.",
        "host.new_link": "New link for seat {seat} (the old one no longer works):",
        "error.not_found": "There is no table {table}.",
        "error.forbidden": "This link does not open this seat.",
        "error.unauthorized": "Open this page through your invite link.",
        "value.seat": "seat {seat}",
        "game.battaglia": "Battaglia del arte", "game.ten-candles": "Ten Candles",
        "game.dark-ages": "Vampire: The Dark Ages", "game.wild-west": "Werewolf: The Wild West",
        "bot.scripted": "scripted", "bot.llm": "language model", "bot.random": "random",
        "value.yes": "yes",
        "value.no": "no",
    },
    "ru": {
        "app.title": "стол narrator",
        "index.heading": "Новый стол",
        "index.game": "Игра",
        "index.options": "Профиль правил (YAML или JSON, необязательно)",
        "index.bot_seats": "Места ботов (номера, например 1,3)",
        "index.bot_kind": "Вид бота",
        "index.names": "Имена мест (через запятую, необязательно)",
        "index.language": "Язык",
        "index.seed": "Зерно (необязательно)",
        "index.character": "Персонаж (Dark Ages / Wild West): образец (odo, ysolde, elias, ruth) или лист "
                           "в YAML/JSON; пусто — образец книги",
        "index.host": "Место ведущего (Рассказчик), если оно есть в игре",
        "index.host.bot": "бот", "index.host.human": "я, на странице ведущего",
        "index.create": "Создать стол",
        "created.heading": "Стол {table} готов",
        "created.warning": "Скопируйте ссылки сейчас: они показываются один раз. Ссылка — ключ от места; "
                           "отдайте её только тому, кто за ним играет.",
        "created.host": "Страница ведущего",
        "created.bot": "сейчас играет бот; откройте ссылку, чтобы занять место",
        "created.seat": "Место {seat} ({name})",
        "table.game": "Игра",
        "table.status": "Состояние",
        "table.status.active": "идёт игра",
        "table.status.finished": "игра окончена",
        "table.status.error": "остановлено ошибкой",
        "table.waiting": "Ждём",
        "table.nobody": "никого",
        "table.outcome": "Итог",
        "table.winners": "Победители",
        "table.seats": "Места",
        "table.view": "Что вы знаете",
        "table.public_view": "Что знают все",
        "table.events": "Что произошло",
        "table.no_events": "Пока ничего.",
        "table.actions": "Ваш ход",
        "table.no_actions": "Сейчас ходить не нужно: ждём остальных.",
        "table.connection": "на связи",
        "table.offline": "переподключение…",
        "seat.you": "Вы — {name}",
        "seat.human": "человек",
        "seat.bot": "бот: {kind}",
        "seat.leave": "Передать место боту",
        "seat.return": "Вернуться на место",
        "seat.away": "За вас играет бот. Всё, что знало ваше место, остаётся с ним.",
        "seat.text": "Ваши слова",
        "seat.send": "Отправить",
        "seat.refused": "Отклонено",
        "host.heading": "Ведущий: стол {table}",
        "host.note": "Ведущий здесь — программа: на этой странице только то, что может знать весь стол.",
        "host.note.program": "Ведущий здесь — программа: на этой странице только то, что может знать весь стол.",
        "host.note.bot": "Место ведущего занимает бот: на этой странице только то, что может знать весь стол.",
        "host.note.human": "Ведущий — вы: здесь то, что знает ведущий, и его ходы.",
        "host.note.moderator": "Ведущий — вы: здесь вся правда (все маски, ночные выборы, кто кого убил) и ваши "
                               "объявления исхода. Не показывайте эту страницу игрокам.",
        "table.host_view": "Что знает ведущий",
        "viewer.public": "стол",
        "viewer.host": "ведущий",
        "host.reissue": "Новая ссылка",
        "host.take_over": "Занять место (играет человек)",
        "host.model_on": "Снова включить модель",
        "seat.model_off": "(модель выключена после повторных сбоев связи; играет скриптовый бот)",
        "seat.taken_over": "{name}: теперь играет человек — ведущий забрал место у бота.",
        "seat.model_on": "Ведущий снова включил языковую модель для {name}.",
        "host.new_link": "Новая ссылка для места {seat} (старая больше не действует):",
        "error.not_found": "Стола {table} нет.",
        "error.forbidden": "Эта ссылка не открывает это место.",
        "error.unauthorized": "Откройте страницу по своей ссылке-приглашению.",
        "value.seat": "место {seat}",
        "game.battaglia": "Баталья дель арте", "game.ten-candles": "Десять свечей",
        "game.dark-ages": "Вампир: Тёмные века", "game.wild-west": "Оборотень: Дикий Запад",
        "bot.scripted": "сценарный", "bot.llm": "языковая модель", "bot.random": "случайный",
        "value.yes": "да",
        "value.no": "нет",
    },
}


def register_messages(language: str, messages: Mapping[str, str]) -> None:
    """Add or override labels (``action.<kind>``, ``event.<kind>``, ``field.<name>``) for ``language``."""
    _CATALOGUE.setdefault(language, {}).update(messages)


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
    text = _CATALOGUE.get(language, {}).get(key) or _CATALOGUE[DEFAULT_LANGUAGE].get(key)
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
