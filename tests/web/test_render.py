"""The generic renderers: words for kinds in both languages, controls from legal actions, log safety."""

from __future__ import annotations

import logging

import pytest
from narrator.rules.core import private
from typer.testing import CliRunner

from narrator.cli.main import app as cli
from narrator.web.bots import RandomBot, UnknownBotError, bot_kinds, make_bot, register_bot
from narrator.web.i18n import register_messages, translate
from narrator.web.render import controls, event_line, view_rows
from narrator.web.security import RedactTokens
from tests.core.pig import GAME as PIG
from tests.core.pig import Hold, Roll
from tests.web.whisper import GAME as WHISPER
from tests.web.whisper import Pass, Whisper


def test_catalogue_speaks_both_languages_and_humanises_the_rest() -> None:
    assert translate("ru", "seat.leave") == "Передать место боту"
    assert translate("en", "seat.you", name="Anna") == "You are Anna"
    assert translate("ru", "action.night_kill") == "night kill"  # untranslated kinds still read as words
    register_messages("ru", {"action.roll": "бросить кубик"})
    assert translate("ru", "action.roll") == "бросить кубик" and translate("en", "action.roll") == "roll"


def test_one_control_per_action_and_one_text_box_per_whisper_target() -> None:
    shown = controls("whisper", [Whisper(actor=0, to=1), Whisper(actor=0, to=1, text="x"), Whisper(actor=0, to=2),
                                 Pass(actor=0)], ["Anna", "Boris", ""], "en")
    assert [(c.label, c.text_fields) for c in shown] == [
        ("whisper → Boris (seat 1)", ["text"]), ("whisper → seat 2", ["text"]), ("pass", [])]
    assert shown[0].payload == {"kind": "whisper", "actor": 0, "to": 1}
    assert [c.label for c in controls("pig", [Roll(actor=1), Hold(actor=1)], [], "ru")] == ["бросить кубик", "hold"]


def test_events_and_views_name_seats_but_not_counts() -> None:
    event = private("whispered", frozenset({0, 1}), by=0, listener=1, text="hi")
    assert event_line("whisper", event, ["Anna"], "en") == "whispered: by: Anna (seat 0), listener: 1, text: hi"
    rows = view_rows(WHISPER.view(WHISPER.initial_state(WHISPER.config_type()), None), [], "ru")
    assert rows == [("players", "3"), ("to move", "0"), ("turns taken", "0")]


def test_bot_registry_resolves_per_game_then_generic_factories() -> None:
    assert {"random", "scripted"} <= set(bot_kinds("pig"))
    assert isinstance(make_bot("random", PIG, 1, 5), RandomBot)
    register_bot("lazy", "tests.web.test_render:lazy_bot", game="pig")
    assert make_bot("lazy", PIG, 0, 1).name == "lazy" and "lazy" not in bot_kinds("whisper")
    with pytest.raises(UnknownBotError, match="known: "):
        make_bot("lazy", WHISPER, 0, 1)


def lazy_bot(game: object, seat: int, seed: int) -> RandomBot:
    bot = RandomBot(seed)
    bot.name = "lazy"
    return bot


def test_tokens_in_uvicorn_log_lines_are_masked() -> None:
    record = logging.LogRecord("uvicorn.error", logging.INFO, __file__, 1, '%s - "WebSocket %s" [accepted]',
                               ("127.0.0.1", "/ws/t/abc/seat/0?token=s3cr3t-T0k3n&x=1"), None)
    assert RedactTokens().filter(record)
    assert record.getMessage() == '127.0.0.1 - "WebSocket /ws/t/abc/seat/0?token=***&x=1" [accepted]'


def test_serve_teaches_and_refuses_bad_options_cleanly() -> None:
    runner = CliRunner()
    help_text = runner.invoke(cli, ["serve", "--help"]).output
    assert "--data" in help_text and "invite link" in help_text
    bad = runner.invoke(cli, ["serve", "--log-level", "loud"])
    assert bad.exit_code == 2 and "--log-level 'loud'" in bad.output and "Traceback" not in bad.output
    assert runner.invoke(cli, ["serve", "--port", "0"]).exit_code == 2
