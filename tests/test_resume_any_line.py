"""Every game resumes as the same game: a finished seeded transcript, cut after any line (and inside
the next one, also in the middle of a multi-byte UTF-8 character), resumed to the end, is byte for
byte the uninterrupted file. The benchmark ``benchmarks/resume_kill.py`` does the same with real
processes killed by ``kill -9``.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from tests.lanes import SLOW, sweep
from tests.resume_games import GAMES, resume_to_end

SAMPLES = int(os.environ.get("RESUME_CUTS", "18"))
"""Cut points per game in the slow lane (evenly spread, first and last lines included; the fast lane
cuts six times); ``RESUME_CUTS=0``: every line."""


def cut_inside(line: bytes, index: int) -> bytes:
    """A prefix of ``line``: inside a multi-byte character when it has one, else a few bytes in."""
    inner = [i for i, byte in enumerate(line) if 0x80 <= byte < 0xC0]  # continuation bytes
    if inner and index % 2:
        return line[: inner[(index * 7) % len(inner)]]
    return line[: (index * 13) % max(1, len(line))]


@pytest.fixture(scope="module", params=[pytest.param(g, marks=SLOW) if g == "wild-west" else g for g in sorted(GAMES)])
# Wild West is the longest to replay and shares the Storyteller kernel with Dark Ages: the slow lane
def finished(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> tuple[str, bytes]:
    game = request.param
    path = tmp_path_factory.mktemp(game) / "full.jsonl"
    GAMES[game][0](path, 3)
    return game, path.read_bytes()


@pytest.mark.parametrize("samples", sweep([6, SAMPLES], fast=1), ids=["6-cuts", f"{SAMPLES}-cuts"])
def test_a_cut_transcript_resumes_to_the_same_bytes(finished: tuple[str, bytes], samples: int, tmp_path: Path) -> None:
    game, data = finished
    lines = data.split(b"\n")[:-1]
    assert len(lines) > 40
    cuts = (range(1, len(lines)) if samples <= 0 else
            sorted({1 + round(i * (len(lines) - 2) / (samples - 1)) for i in range(samples)}))
    wrong = []
    for index, cut in enumerate(cuts):
        path = tmp_path / f"cut-{cut}.jsonl"
        path.write_bytes(b"\n".join(lines[:cut]) + b"\n" + cut_inside(lines[cut], index))
        resume_to_end(game, path)
        if path.read_bytes() != data:
            got = path.read_bytes().split(b"\n")
            first = next(n for n, (a, b) in enumerate(zip(got, lines, strict=False), start=1) if a != b)
            wrong.append(f"cut after line {cut}: differs from line {first}")
    assert not wrong, f"{game}: {wrong}"


def test_a_unicode_cut_in_the_last_line_resumes(tmp_path: Path) -> None:
    """A power loss in the middle of a Cyrillic character: the half line is dropped, the game goes on."""
    play, _ = GAMES["ten-candles"]
    full = tmp_path / "full.jsonl"
    play(full, 1)  # odd seeds play in Russian
    data = full.read_bytes()
    middle = data.index("Рассказчик".encode()) if "Рассказчик".encode() in data else data.index(b"\xd0")
    path = tmp_path / "cut.jsonl"
    path.write_bytes(data[: middle + 1])  # one byte of a two-byte character
    resume_to_end("ten-candles", path)
    assert path.read_bytes() == data
