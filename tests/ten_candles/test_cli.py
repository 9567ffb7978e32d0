"""Playing Ten Candles at the terminal with scripted input: a solo game to the end, refusals
re-prompted, saving on EOF and resuming from a truncated transcript, the real-time candle clock.

Rules touched: Traits are one word (seeds/000_e53cdcbb20917f8a.txt:L104); candles go out by
accident and are never relit (L56); everyone dies at the end (L41).
"""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from narrator.cli.main import app
from narrator.ten_candles.human import ScriptedIO
from narrator.ten_candles.play import TableSettings, play, settings_from_header
from narrator.transcript import read_transcript

ENTER = ""


def _events(path: Path, kind: str) -> list[dict]:
    records = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]
    return [r for r in records if r["kind"] == "event" and r["event"] == kind]


def test_solo_game_with_scripted_input_reaches_the_end(tmp_path: Path) -> None:
    """One human (accepting every suggestion) and three AI survivors play to the end; the
    transcript replays and everyone is dead (L41)."""
    path = tmp_path / "solo.jsonl"
    io = ScriptedIO([ENTER] * 3000)
    result = play(TableSettings(humans=1, ai=3, seed=4), io, path)
    assert result.outcome is not None and result.outcome.termination in ("all_dead", "last_candle")
    replayed = read_transcript(path)
    assert replayed.outcome is not None and not replayed.state.living()
    prompts = " ".join(io.output)
    assert "A virtue for the player on your right" in prompts and "Your truth" in prompts
    assert any(line.startswith("[") is False and "Scene 1" in line for line in io.output)
    narration = [json.loads(line) for line in path.read_text().splitlines() if '"kind":"narration"' in line]
    assert narration, "the Storyteller's prose is kept in the transcript"


def test_illegal_input_gets_the_kernels_reason_and_a_new_prompt(tmp_path: Path) -> None:
    """A two-word Trait is refused with the kernel's reason (L104) and asked again; a number
    off the list is asked again."""
    path = tmp_path / "refused.jsonl"
    io = ScriptedIO(["very brave", "nervous", "Brave", "Nervous"] + [ENTER] * 5 + ["99", "1"] + [ENTER] * 3000)
    result = play(TableSettings(humans=1, ai=2, seed=2), io, path)
    assert result.outcome is not None
    text = "\n".join(io.output)
    assert "TRAIT_NOT_ONE_WORD" in text
    assert "Type a number from the list" in text
    written = [r for r in map(json.loads, path.read_text().splitlines()) if r["kind"] == "rejected"]
    assert written and written[0]["rejection"]["code"] == "TRAIT_NOT_ONE_WORD"
    traits = [r for r in map(json.loads, path.read_text().splitlines())
              if r["kind"] == "action" and r["payload"]["kind"] == "write_traits" and r["actor"] == 0]
    assert traits[0]["payload"]["virtue"] == "Brave"


def test_eof_saves_and_a_truncated_transcript_resumes_to_the_end(tmp_path: Path) -> None:
    """Leaving mid-game saves; a half-written last line (a crash) is dropped on resume; the
    resumed game ends and the whole transcript replays."""
    path = tmp_path / "resume.jsonl"
    first = play(TableSettings(humans=1, ai=2, seed=6, lang="ru"), ScriptedIO([ENTER] * 15), path)
    assert first.outcome is None
    with path.open("a", encoding="utf-8") as handle:
        handle.write('{"seq": 99999, "kind": "act')  # the crash
    settings = settings_from_header(path)
    assert settings.lang == "ru" and settings.humans == 1 and settings.ai == 2
    second = play(settings, ScriptedIO([ENTER] * 3000), path, resume=True)
    assert second.outcome is not None
    assert read_transcript(path).outcome is not None


def test_x_card_from_the_human_is_answered_by_the_storyteller(tmp_path: Path) -> None:
    """Typing x at a prompt plays the X-card; the Storyteller's answer is narrated and recorded."""
    path = tmp_path / "x.jsonl"
    io = ScriptedIO(["x", "spiders, please"] + [ENTER] * 3000)
    result = play(TableSettings(humans=1, ai=2, seed=8), io, path)
    assert result.outcome is not None
    cards = _events(path, "x_card")
    assert cards and cards[0]["data"]["note"] == "spiders, please"
    records = [json.loads(line) for line in path.read_text().splitlines()]
    answers = [r for r in records if r["kind"] == "narration" and r.get("event") == "x_card"]
    assert answers and any(what == "x_card" for what, _ in result.storyteller.history)


def test_burn_clock_puts_candles_out_in_real_time(tmp_path: Path) -> None:
    """With --burn-minutes a candle goes out by accident on the clock (L47, L56, D5)."""
    now = [0.0]

    def clock() -> float:
        now[0] += 7.0  # seven seconds per move
        return now[0]

    path = tmp_path / "clock.jsonl"
    play(TableSettings(humans=1, ai=2, seed=3, burn_minutes=1.0), ScriptedIO([ENTER] * 3000), path, clock=clock)
    accidents = [e for e in _events(path, "candle_out") if e["data"]["cause"] == "accident"]
    assert accidents
    assert read_transcript(path).outcome is not None


def test_same_seed_and_input_give_the_same_transcript(tmp_path: Path) -> None:
    """Determinism at the terminal: the Storyteller, the AI and the dice all follow the seed."""
    paths = [tmp_path / "a.jsonl", tmp_path / "b.jsonl"]
    for path in paths:
        play(TableSettings(humans=1, ai=3, seed=12, lang="ru"), ScriptedIO([ENTER] * 3000), path)
    assert paths[0].read_bytes() == paths[1].read_bytes()


runner = CliRunner()


def test_cli_play_saves_on_eof_and_resumes(tmp_path: Path) -> None:
    path = tmp_path / "cli.jsonl"
    first = runner.invoke(app, ["play", "ten-candles", "--ai", "2", "--seed", "1", "--transcript", str(path)],
                          input="\n" * 20)
    assert first.exit_code == 0, first.output
    assert "Resume with: narrator play ten-candles --resume" in first.output
    second = runner.invoke(app, ["play", "ten-candles", "--resume", str(path)], input="\n" * 3000)
    assert second.exit_code == 0, second.output
    assert "The game is over" in second.output
    assert "| pool " in first.output and "candles " in first.output  # the status line


def test_cli_rejects_bad_options_with_a_clear_message(tmp_path: Path) -> None:
    cases = [(["--lang", "de"], "--lang"), (["--ai", "12"], "2..9"), (["--module", "moon"], "known modules"),
             (["--resume", str(tmp_path / "missing.jsonl")], "no such file"),
             (["--module", "last_ferry", "--lines", "drowning"], "touches one of the table's lines")]
    for options, message in cases:
        result = runner.invoke(app, ["play", "ten-candles", "--transcript", str(tmp_path / "t.jsonl"), *options],
                               input="\n")
        assert result.exit_code == 2, (options, result.output)
        assert message in " ".join(result.output.split()), (options, result.output)
        assert "Traceback" not in result.output


def test_the_person_is_told_once_that_their_character_died(tmp_path: Path) -> None:
    """Everyone dies in the end (L41): the human's own death is told plainly, once, in the table's language."""
    from narrator.ten_candles.narration import death_notice

    for lang in ("en", "ru"):
        path = tmp_path / f"{lang}.jsonl"
        io = ScriptedIO([ENTER] * 3000)
        play(TableSettings(humans=1, ai=2, seed=4, lang=lang), io, path)
        name = next(e["data"]["name"] for e in _events(path, "character_described") if e["data"]["seat"] == 0)
        told = death_notice(lang, name, speaks=True)
        assert _events(path, "character_died") and io.output.count(told) == 1
