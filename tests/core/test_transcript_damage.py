"""Damaged and forged transcripts: every damage is one line naming the line and what is wrong
(never a traceback), every edit of a sealed file shows at its line, and a damaged file can be
cut back to its longest valid prefix and resumed."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from narrator.rules.replay import replay
from narrator.rules.transcript_lines import TranscriptError
from typer.testing import CliRunner

from narrator.cli.main import app
from narrator.resume import ResumeError, resume_session
from narrator.transcript import read_transcript
from tests.damage import DAMAGES, damage, joined, lines_of
from tests.resume_games import GAMES, resume_to_end

REPO = Path(__file__).resolve().parents[2]
runner = CliRunner()


@pytest.fixture(scope="module")
def sealed(tmp_path_factory: pytest.TempPathFactory) -> bytes:
    """A finished Wild West game in Russian (multi-byte text on most lines), sealed by the writer."""
    path = tmp_path_factory.mktemp("ww") / "game.jsonl"
    GAMES["wild-west"][0](path, 3)
    return path.read_bytes()


@pytest.mark.slow  # a fuzz test: 150 damaged files
@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(kind=st.sampled_from(DAMAGES), seed=st.integers(0, 2**32 - 1))
def test_damage_is_a_line_error_never_a_traceback(sealed: bytes, kind: str, seed: int) -> None:
    damaged = damage(sealed, kind, random.Random(seed))
    try:
        result = replay(damaged)
    except TranscriptError as error:
        assert error.line >= 1 and "\n" not in str(error)
        return
    # what still replays is a prefix of the game (a cut, or a damage that left a valid file)
    assert result.records == replay(sealed).records[: len(result.records)] or kind in ("flip",)


@pytest.mark.slow  # a fuzz test: 120 edited lines
@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(index=st.integers(1, 10_000), value=st.one_of(st.integers(), st.text(max_size=8), st.booleans()))
def test_any_edit_of_a_sealed_line_is_reported_at_that_line(sealed: bytes, index: int, value: object) -> None:
    lines = lines_of(sealed)
    at = index % len(lines)
    record = json.loads(lines[at])
    key = sorted(k for k in record if k not in ("hash", "kind", "seq"))[index % (len(record) - 3)]
    if record[key] == value:
        return
    record[key] = value
    lines[at] = json.dumps(record, ensure_ascii=False, separators=(",", ":")).encode()
    with pytest.raises(TranscriptError) as error:
        replay(joined(lines))
    assert error.value.line == at + 1


def test_a_forged_narration_with_a_recomputed_seq_breaks_the_chain(sealed: bytes) -> None:
    lines = lines_of(sealed)
    forged = {"seq": 5, "kind": "narration", "text": "Шериф признаётся во всём.", "hash": "0" * 32}
    lines.insert(5, json.dumps(forged, ensure_ascii=False).encode())
    for n in range(6, len(lines)):  # renumbered, so only the seals can tell
        record = json.loads(lines[n])
        record["seq"] += 1
        lines[n] = json.dumps(record, ensure_ascii=False, separators=(",", ":")).encode()
    with pytest.raises(TranscriptError, match="line 6: the seal does not match"):
        replay(joined(lines))


def test_a_changed_header_seed_is_reported_at_line_1(sealed: bytes) -> None:
    lines = lines_of(sealed)
    lines[0] = lines[0].replace(b'"seed":3', b'"seed":4')
    with pytest.raises(TranscriptError, match="line 1: the seal does not match"):
        replay(joined(lines))


def test_unknown_config_keys_are_refused(sealed: bytes) -> None:
    header = json.loads(lines_of(sealed)[0])
    header["config"]["rule_of_elevens"] = True
    header.pop("hash")
    header["schema"] = 1
    with pytest.raises(TranscriptError, match="line 1: .*unknown option.*rule_of_elevens"):
        replay([json.dumps(header)])


def test_a_sealed_file_relabelled_unsigned_is_refused(sealed: bytes) -> None:
    lines = lines_of(sealed)
    lines[0] = lines[0].replace(b'"schema":2', b'"schema":1')
    with pytest.raises(TranscriptError, match="line 1: a sealed line in an unsigned transcript"):
        replay(joined(lines))


@pytest.mark.parametrize("path", sorted((REPO / "transcripts").glob("*/*.jsonl")), ids=lambda p: p.name)
def test_older_unsigned_transcripts_still_replay(path: Path) -> None:
    result = read_transcript(path)
    assert result.outcome is not None
    assert result.signed == (json.loads(path.read_bytes().split(b"\n")[0])["schema"] == 2)


def test_a_30_megabyte_line_is_refused_by_size(sealed: bytes) -> None:
    lines = lines_of(sealed)
    lines.insert(3, b'{"kind":"narration","text":"' + b"\xd0\x96" * (15 << 20) + b'"}')
    with pytest.raises(TranscriptError, match=r"line 4: 31457\d+ bytes long"):
        replay(joined(lines))


def test_blank_lines_anywhere_carry_nothing_and_replay_the_same(sealed: bytes) -> None:
    lines = lines_of(sealed)
    spaced = joined([lines[0], b"", *lines[1:4], b"  ", *lines[4:], b""])
    assert replay(spaced).records == replay(sealed).records


@pytest.mark.parametrize("kind", [kind for kind in DAMAGES if kind != "blank"])  # a blank line is no damage
def test_the_cli_reports_one_line_and_exit_code_1(tmp_path: Path, sealed: bytes, kind: str) -> None:
    path = tmp_path / "damaged.jsonl"
    for seed in range(40):  # the first damage of this kind that the reader must refuse
        damaged = damage(sealed, kind, random.Random(seed))
        try:
            replay(damaged)
        except TranscriptError:
            break
    else:
        pytest.skip(f"{kind}: every variant tried still replays")
    path.write_bytes(damaged)
    result = runner.invoke(app, ["replay", str(path)])
    assert result.exit_code == 1, result.output
    assert result.exception is None or isinstance(result.exception, SystemExit)
    from narrator.transcript import header_language

    line = "строка " if header_language(path) == "ru" else "line "  # told in the game's language, as its header says
    assert len(result.output.strip().splitlines()) == 1 and line in result.output


def test_repair_keeps_the_original_and_the_rest_resumes(tmp_path: Path, sealed: bytes) -> None:
    lines = lines_of(sealed)
    path = tmp_path / "game.jsonl"
    cut = len(lines) // 2
    damaged = joined(lines[:cut]) + b'{"kind":"narration","seq":"x"}\n' + joined(lines[cut:])
    path.write_bytes(damaged)
    assert runner.invoke(app, ["replay", str(path)]).exit_code == 1
    result = runner.invoke(app, ["replay", "--repair", str(path)])
    assert result.exit_code == 0, result.output
    assert (tmp_path / "game.jsonl.damaged").read_bytes() == damaged
    assert path.read_bytes() == joined(lines[:cut])
    resume_to_end("wild-west", path)
    assert path.read_bytes() == sealed


def test_resume_refuses_another_games_file(tmp_path: Path, sealed: bytes) -> None:
    path = tmp_path / "ww.jsonl"
    path.write_bytes(joined(lines_of(sealed)[:20]))
    with pytest.raises(ResumeError, match="a 'wild-west' transcript, not 'dark-ages'"):
        resume_session(path, {}, game="dark-ages")
    result = runner.invoke(app, ["play", "dark-ages", "--resume", str(path), "--lang", "en"])  # else the file's own
    assert result.exit_code != 0 and "a 'wild-west' transcript, not 'dark-ages'" in " ".join(result.output.split())
    result = runner.invoke(app, ["play", "ten-candles", "--resume", str(path)])
    assert result.exit_code != 0 and "a 'wild-west' transcript, not 'ten-candles'" in " ".join(result.output.split())
    assert result.exception is None or isinstance(result.exception, SystemExit)
