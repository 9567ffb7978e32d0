"""``narrator replay --as / --html``: the commands, their refusals and their help."""

from __future__ import annotations

import re
from pathlib import Path

from typer.testing import CliRunner

from narrator.cli.main import app

ROOT = Path(__file__).resolve().parents[2]
SMALL = str(ROOT / "transcripts" / "battaglia" / "sim-6p-seed-101.jsonl")
runner = CliRunner()


def test_as_a_seat_tells_the_game_night_by_night_in_the_chosen_language() -> None:
    english = runner.invoke(app, ["replay", SMALL, "--as", "2"])
    assert english.exit_code == 0, english.output
    assert "the game as Daria (2) saw it" in english.output
    assert "== The acquaintance night ==" in english.output and "== Day 1 ==" in english.output
    assert "[you only] Your mask is" in english.output
    russian = runner.invoke(app, ["replay", SMALL, "--as", "2", "--lang", "ru"])
    assert russian.exit_code == 0 and "== Ночь знакомства ==" in russian.output and "Дарья (2)" in russian.output


def test_the_public_hears_no_private_line() -> None:
    told = runner.invoke(app, ["replay", SMALL, "--as", "public"])
    assert told.exit_code == 0 and "[you only]" not in told.output and "== Day 1 ==" in told.output


def test_html_writes_one_private_offline_page(tmp_path: Path) -> None:
    out = tmp_path / "replay.html"
    done = runner.invoke(app, ["replay", SMALL, "--as", "1", "--html", str(out)])
    assert done.exit_code == 0, done.output
    page = out.read_text(encoding="utf-8")
    assert (out.stat().st_mode & 0o777) == 0o600  # the host's truth of a finished game is in it
    assert re.findall(r'"key":"(host|public|seat-\d+)"', page) == ["seat-1", "public", "host"]
    assert "seat-1, public, host" in done.output


def test_refusals_name_what_is_wrong(tmp_path: Path) -> None:
    for args, says in ((["--as", "9"], "seats 0..5"), (["--as", "somebody"], "a seat number (from 0), host or public"),
                       (["--as", "0", "--lang", "de"], "de")):
        refused = runner.invoke(app, ["replay", SMALL, *args])
        assert refused.exit_code == 2 and says in refused.output, refused.output
    assert runner.invoke(app, ["replay", str(tmp_path / "none.jsonl"), "--as", "0"]).exit_code == 2
    damaged = tmp_path / "damaged.jsonl"
    damaged.write_bytes(Path(SMALL).read_bytes().replace(b'"night":1', b'"night":7', 1))
    refused = runner.invoke(app, ["replay", str(damaged), "--as", "0"])
    assert refused.exit_code == 1 and "damaged" in refused.output


def test_help_teaches_the_lenses() -> None:
    shown = runner.invoke(app, ["replay", "--help"], terminal_width=120)
    assert shown.exit_code == 0
    for words in ("--as", "--html", "--lang", "SEAT|host|public", "narrator replay", "offline"):
        assert words in shown.output, words


def test_the_check_and_the_told_replay_count_the_same_moves_and_draws() -> None:
    """``narrator replay FILE`` said "150 moves replayed" (seats' moves and chance draws together) while the
    ``--as`` header of the same file said "142 moves" (the seats' alone): both now name the two apart."""
    import json

    records = [json.loads(line) for line in Path(SMALL).read_text(encoding="utf-8").splitlines()]
    moves = sum(1 for r in records if r["kind"] == "action")
    draws = sum(1 for r in records if r["kind"] == "chance")
    assert moves and draws
    for lang, checked, told in (
            ("en", f"{moves} moves and {draws} chance draws replayed", f"{moves} moves and {draws} chance draws;"),
            ("ru", f"переиграно ходов: {moves}, бросков жребия: {draws},", f"{moves} ходов и {draws} бросков жребия;")):
        check = runner.invoke(app, ["replay", SMALL, "--lang", lang])
        header = runner.invoke(app, ["replay", SMALL, "--as", "public", "--lang", lang])
        assert check.exit_code == 0 and checked in " ".join(check.output.split()), check.output
        assert header.exit_code == 0 and told in header.output, header.output[:400]
