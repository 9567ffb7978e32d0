"""A command-line error in a Russian game is Russian (from the catalogue), and English in an English one."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from narrator.cli.main import app

runner = CliRunner()
LATIN_WORD = re.compile(r"\b[A-Za-z]{3,}\b")
ALLOWED = {"resume", "transcript", "players", "seat", "module", "llm", "local", "endpoint",
           "burn", "minutes", "last_ferry", "radio_tower", "ring_line", "winter_orchard", "moon", "ferry",
           "radio", "tower", "ring", "line", "winter", "orchard", "serve", "narrator", "game", "wild", "west", "yaml",
           "many"}
"""Option names, file names, module ids and values the player types (they stay as typed)."""


def output(*args: str, stdin: str = "") -> str:
    result = runner.invoke(app, list(args), input=stdin)
    assert result.exit_code != 0
    return " ".join(result.output.split())


def errors(tmp_path: Path) -> list[tuple[str, ...]]:
    taken = tmp_path / "taken.jsonl"
    runner.invoke(app, ["play", "wild-west", "--seed", "1", "--transcript", str(taken)], input="q\n")
    return [("play", "battaglia", "--players", "30"), ("play", "battaglia", "--seat", "12"),
            ("play", "battaglia", "--transcript", str(taken)),
            ("play", "ten-candles", "--ai", "12"), ("play", "ten-candles", "--module", "moon"),
            ("play", "ten-candles", "--resume", str(tmp_path / "missing.jsonl")),
            ("play", "dark-ages", "--resume", str(taken)), ("play", "battaglia", "--rules", str(_profile(tmp_path, "- x"))),
            ("play", "battaglia", "--rules", str(_profile(tmp_path, "a: [1"))), ("replay", str(tmp_path / "none.jsonl")),
            ("play", "battaglia", "--rules", str(_profile(tmp_path, "players: 7\nmax_days: many"))),
            ("play", "battaglia", "--rules", str(_profile(tmp_path, "players: many")))]


def _profile(tmp_path: Path, text: str) -> Path:
    path = tmp_path / f"profile-{len(text)}.yaml"
    path.write_text(text, encoding="utf-8")
    return path


def test_russian_errors_carry_no_english_words(tmp_path: Path) -> None:
    for args in errors(tmp_path):
        shown = output(*args, "--lang", "ru")
        assert "ошибка:" in shown, (args, shown)
        words = {w.lower() for w in LATIN_WORD.findall(re.sub(r"\S*/\S*", "FILE", shown))} - ALLOWED - {"file"}
        assert not words, (args, shown, words)


@pytest.mark.parametrize(("lang", "expected"), [("en", "a 'wild-west' transcript, not 'dark-ages'"),
                                                ("ru", "это запись другой игры («Оборотень: Дикий Запад»)")])
def test_another_games_transcript_is_named_in_the_players_language(tmp_path: Path, lang: str, expected: str) -> None:
    taken = next(args for args in errors(tmp_path) if args[1] == "dark-ages")[-1]
    assert expected in output("play", "dark-ages", "--resume", taken, "--lang", lang)


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_replay_checks_a_transcript_in_the_players_language(tmp_path: Path, lang: str) -> None:
    """``narrator replay FILE`` told its verdict in English only ("ok ... moves replayed ..., unsigned")."""
    taken = tmp_path / "game.jsonl"
    runner.invoke(app, ["play", "wild-west", "--seed", "1", "--transcript", str(taken), "--lang", lang], input="q\n")
    result = runner.invoke(app, ["replay", str(taken), "--lang", lang])
    assert result.exit_code == 0, result.output
    shown = " ".join(result.output.split())
    words = {w.lower() for w in LATIN_WORD.findall(re.sub(r"\S*/\S*", "FILE", shown))} - ALLOWED - {"file"}
    if lang == "ru":
        assert "в порядке" in shown and not words, (shown, words)
    else:
        assert shown.startswith("ok ") and "replayed through line" in shown


@pytest.mark.parametrize(("lang", "damaged"), [("ru", "повреждена"), ("en", "damaged")])
@pytest.mark.parametrize("how", [(), ("--as", "public")])
def test_a_damaged_transcript_is_told_in_its_games_language(tmp_path: Path, lang: str, damaged: str,
                                                             how: tuple[str, ...]) -> None:
    """Without ``--lang`` a damaged Russian game was reported in the machine's language, though its header says
    Russian (and an intact one is told in Russian)."""
    taken = tmp_path / "game.jsonl"
    runner.invoke(app, ["play", "wild-west", "--seed", "1", "--transcript", str(taken), "--lang", lang], input="q\n")
    with taken.open("a", encoding="utf-8") as file:
        file.write("{not json}\n")
    shown = output("replay", *how, str(taken))
    assert shown.startswith(damaged), shown
    if lang == "ru":
        assert "это не JSON" in shown, shown


@pytest.mark.parametrize(("lang", "expected"), [("ru", "7 кубиков, сложность 6"), ("en", "7 dice at difficulty 6")])
def test_a_roll_is_told_in_the_players_language(lang: str, expected: str) -> None:
    """``narrator roll 7 -d 6 --lang ru`` printed its heading, the rerolled tens and the verdict in English."""
    result = runner.invoke(app, ["roll", "7", "-d", "6", "--seed", "1", "--rule-of-ten", "--lang", lang])
    assert result.exit_code == 0, result.output
    shown = " ".join(result.output.split())
    assert expected in shown
    if lang == "ru":
        assert not LATIN_WORD.findall(shown), shown


@pytest.mark.parametrize("args", [
    ["odds", "7", "-d", "6"], ["odds", "31"], ["odds", "--table", "--book", "wild-west"], ["roll", "7", "-d", "11"],
    ["roll", "--dice", "10,7,x"], ["roll", "--dice", "10,12"], ["roll", "7", "--willpower"], ["roll", "7", "--book", "x"],
], ids=" ".join)
def test_roll_and_odds_speak_the_language_asked_for(args: list[str]) -> None:
    from tests.i18n.test_one_language import foreign_words

    for lang in ("ru", "en"):
        result = runner.invoke(app, [*args, "--lang", lang], env={"COLUMNS": "240"})
        text = result.output  # what the player typed, and the ids to type, stay as typed:
        for typed in ("'10,7,x'", "'x'", "dark-ages", "wild-west"):
            text = text.replace(typed, "")
        assert not foreign_words(text, lang), (lang, result.output)
    assert "вероятность" in runner.invoke(app, ["odds", "5", "--lang", "ru"], env={"COLUMNS": "240"}).output


def _tool_errors(tmp_path: Path) -> list[list[str]]:
    (tmp_path / "prices.yaml").write_text("- a list\n", encoding="utf-8")
    (tmp_path / "a-file").write_text("", encoding="utf-8")
    return [["eval", "--lang", "xx"], ["eval", "--only", "x"], ["eval", "--prices", str(tmp_path / "none.yaml")],
            ["eval", "--prices", str(tmp_path / "prices.yaml")], ["eval", "--llm", "offline"], ["eval", "--llm", "x"],
            ["eval", "--llm", "endpoint"], ["serve", "--log-level", "x"],
            ["serve", "--data", str(tmp_path / "a-file" / "tables")], ["llm", "status"], ["llm", "serve"]]


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_eval_serve_and_llm_errors_speak_the_language(lang: str, tmp_path: Path, monkeypatch) -> None:
    """``narrator eval``, ``serve`` and ``llm`` told their errors in English whatever the language."""
    from narrator.llm import local
    from tests.cli.test_help_language import foreign

    for name in ("OPENAI_BASE_URL", "OPENAI_API_KEY", "NARRATOR_LLM_MODE", "NARRATOR_CONFIG"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("HOME", str(tmp_path))  # no ~/.config/narrator/narrator.toml
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(local, "runtime_installed", lambda: False)  # narrator llm serve: no server is started
    for args in _tool_errors(tmp_path):
        config = {"NARRATOR_CONFIG": str(tmp_path / "missing.toml")} if args == ["llm", "status"] else {}
        result = runner.invoke(app, ["--lang", lang, *args], env={"COLUMNS": "300", **config})
        shown = " ".join(result.output.split())
        assert result.exit_code == 2, (args, shown)
        assert shown.startswith("ошибка:" if lang == "ru" else "error:"), (args, shown)
        words = shown.replace(local.INSTALL_COMMAND, " ").replace("llama-cpp-python[server]", " ")  # as typed
        assert not foreign(words, lang), (args, shown, foreign(words, lang))


@pytest.mark.parametrize(("lang", "said"), [("ru", "недоступен (ConnectError)"), ("en", "unreachable (ConnectError)")])
def test_llm_status_says_the_ping_in_the_runs_language(lang: str, said: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """An endpoint nobody listens on (port 9 refuses at once): the ping result in the chosen language."""
    monkeypatch.setenv("OPENAI_BASE_URL", "http://127.0.0.1:9/v1")
    result = runner.invoke(app, ["--lang", lang, "llm", "status"])
    assert said in " ".join(result.output.split())


@pytest.mark.parametrize(("lang", "said"), [("ru", "timeout: нужно число"), ("en", "timeout: expected a number")])
def test_an_invalid_model_setting_is_told_in_the_runs_language(lang: str, said: str,
                                                               monkeypatch: pytest.MonkeyPatch) -> None:
    """pydantic's reason (English) is replaced by the catalogue's, by its error type."""
    monkeypatch.setenv("NARRATOR_LLM_TIMEOUT", "abc")
    text = " ".join(runner.invoke(app, ["--lang", lang, "llm", "status"]).output.split())
    assert said in text and ("Input should" not in text)


@pytest.mark.parametrize("args", [["play", "--lang", "ru", "battaglia", "--players", "30"],
                                  ["simulate", "--lang", "ru", "battaglia", "--players", "30"]])
def test_a_groups_lang_sets_the_runs_language(args: list[str]) -> None:
    """`narrator play --lang ru ...` chooses the language as `narrator --lang ru play ...` does."""
    said = output(*args)
    assert not LATIN_WORD.findall(said.replace("--players", "")), said
