"""Golden renderings of ``transcripts/``: each recorded game told in the terminal, in Russian and in
English, through the host's, the public's and a few seats' eyes, kept as per-line hashes (``tests/golden_lines.py``) so a change names
the first line that differs.

The fast lane checks one seat of the two smallest games; the slow lane every kept lens of every game.
After a deliberate change of the words (a narrator, a presenter, the catalogue), write them again::

    python -m tests.viewer.test_golden
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from narrator.viewer.tell import tell
from narrator.viewer.terminal import text_lines
from narrator.viewer.timeline import Lens, load
from tests import golden_lines

ROOT = Path(__file__).resolve().parents[2]
GOLDEN = Path(__file__).with_name("golden_replays.json")
TRANSCRIPTS = sorted(str(p.relative_to(ROOT / "transcripts")) for p in (ROOT / "transcripts").rglob("*.jsonl"))
LANGS = ("en", "ru")
FAST = [("battaglia/sim-6p-seed-101.jsonl", "0"), ("ten_candles/solo-en-seed1.jsonl", "0")]


def lens_ids(name: str) -> list[str]:
    """The host, the public, the first and the last seat and any seat a person played (the canary tests
    cover every seat's filtering; the goldens keep the words)."""
    timeline = load(ROOT / "transcripts" / name)
    people = [s["seat"] for s in timeline.header.get("seats") or () if s.get("agent") == "human" and s["seat"] >= 0]
    return ["host", "public", *map(str, sorted({0, timeline.seats - 1, *people}))]


def stream(name: str, lang: str, lens: str) -> list[str]:
    """The lines ``narrator replay transcripts/NAME --as LENS --lang LANG --calls`` prints."""
    return text_lines(tell(load(ROOT / "transcripts" / name), Lens.parse(lens), lang), calls=True)


def game_id(name: str, lang: str, lens: str) -> str:
    return f"{name} {lang} {lens}"


def every_rendering() -> Iterator[tuple[str, str, str]]:
    for name in TRANSCRIPTS:
        for lens in lens_ids(name):
            for lang in LANGS:
                yield name, lang, lens


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize(("name", "lens"), FAST)
def test_a_seat_of_the_small_games_is_told_as_recorded(name: str, lens: str, lang: str) -> None:
    golden_lines.check(golden_lines.read(GOLDEN), [(game_id(name, lang, lens), stream(name, lang, lens))])


@pytest.mark.slow
@pytest.mark.parametrize("name", TRANSCRIPTS)
def test_the_lenses_of_every_recorded_game_are_told_as_recorded(name: str) -> None:
    expected = golden_lines.read(GOLDEN)
    golden_lines.check(expected, ((game_id(name, lang, lens), stream(name, lang, lens))
                                  for lens in lens_ids(name) for lang in LANGS))


def test_every_recorded_game_has_goldens_in_both_languages() -> None:
    expected = golden_lines.read(GOLDEN)
    for name in TRANSCRIPTS:
        for lang in LANGS:
            assert game_id(name, lang, "host") in expected and game_id(name, lang, "0") in expected


if __name__ == "__main__":
    golden_lines.write(GOLDEN, {game_id(*key): golden_lines.encode(stream(*key)) for key in every_rendering()})
    print(f"wrote {GOLDEN}")
