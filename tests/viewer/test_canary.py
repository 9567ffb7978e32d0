"""Canary test of the replay viewer: no lens, terminal or page, shows a marker its viewer could not know.

The oracle is written from the game's rules, not from the viewer's code: seat n knows its own secret,
the whispers it sent or heard, its own refused proposals and its own model's calls; the public knows
none of them; the host knows all, but other seats' model calls only when the host owns the page.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from narrator.rules.core import Viewer

from narrator.viewer import timeline as timeline_module
from narrator.viewer.access import lenses_for
from narrator.viewer.page import render_page
from narrator.viewer.tell import tell
from narrator.viewer.terminal import text_lines
from narrator.viewer.timeline import Lens, load
from tests.viewer.conftest import SEATS, answer, prompt, refused, whisper

MARKER = re.compile(r"SECRET-\d+|CANARY-[a-z]+-[\d-]+(?:to-\d+-)?[0-9a-f]{4}")


def secrets_of(path: Path) -> list[str]:
    timeline = load(path)
    return list(timeline.game.view(timeline.moments[-1].state, Viewer.HOST)["secrets"])


def may_know(lens: Lens, secrets: list[str]) -> set[str]:
    """The markers ``lens`` may show (the oracle)."""
    pairs = [(a, b) for a in range(SEATS) for b in range(SEATS) if a != b]
    if lens.host:
        known = {*secrets, *(whisper(a, b) for a, b in pairs), *(refused(s) for s in range(SEATS))}
        return known | ({m for s in range(SEATS) for m in (prompt(s), answer(s))} if lens.calls else set())
    if lens.seat is None:
        return set()
    n = lens.seat
    return {secrets[n], refused(n), prompt(n), answer(n), *(whisper(a, b) for a, b in pairs if n in (a, b))}


def markers(text: str) -> set[str]:
    return set(MARKER.findall(text))


def test_the_game_plants_every_kind_of_marker(canary_transcript: Path) -> None:
    """The canaries are there to be found (else the tests below would pass by accident)."""
    text = canary_transcript.read_text(encoding="utf-8")
    secrets = secrets_of(canary_transcript)
    assert may_know(Lens(host=True), secrets) <= markers(text)
    assert len(set(secrets)) == SEATS


@pytest.mark.parametrize("lens", ["host", "public", *map(str, range(SEATS))])
def test_the_terminal_shows_each_lens_exactly_what_it_knew(canary_transcript: Path, lens: str) -> None:
    seen = Lens.parse(lens)
    told = "\n".join(text_lines(tell(load(canary_transcript), seen, "en"), calls=True))
    assert markers(told) == may_know(seen, secrets_of(canary_transcript))  # nothing more, and nothing lost


@pytest.mark.parametrize("owner", ["host", "public", *map(str, range(SEATS))])
def test_a_finished_games_page_embeds_only_its_owners_lenses(canary_transcript: Path, owner: str) -> None:
    timeline = load(canary_transcript)
    lenses = lenses_for(Lens.parse(owner), timeline)
    page = render_page(timeline, lenses, "en")
    secrets = secrets_of(canary_transcript)
    allowed = set().union(*(may_know(lens, secrets) for lens in lenses))
    assert markers(page) == allowed
    if owner not in ("host",):  # the host's truth is open after the end, other seats' model calls are not
        others = {prompt(s) for s in range(SEATS) if str(s) != owner}
        assert not markers(page) & others


@pytest.mark.parametrize("owner", ["public", *map(str, range(SEATS))])
def test_an_unfinished_games_page_has_no_host_view(canary_transcript: Path, tmp_path: Path, owner: str) -> None:
    lines = canary_transcript.read_bytes().splitlines(keepends=True)
    cut = tmp_path / "cut.jsonl"
    cut.write_bytes(b"".join(lines[:len(lines) * 2 // 3]))
    timeline = load(cut)
    assert not timeline.finished
    lenses = lenses_for(Lens.parse(owner), timeline)
    assert all(not lens.host for lens in lenses)
    page = render_page(timeline, lenses, "en")
    secrets = secrets_of(canary_transcript)
    assert markers(page) <= set().union(*(may_know(lens, secrets) for lens in lenses))
    if owner != "public":
        assert secrets[int(owner)] in page  # its own secret is there: the check above is not empty-handed


def test_the_oracle_catches_a_viewer_that_shows_everything(canary_transcript: Path,
                                                           monkeypatch: pytest.MonkeyPatch) -> None:
    """A viewer that stopped filtering is caught by the same comparison."""
    monkeypatch.setattr(timeline_module, "sees", lambda entry, lens: True)
    monkeypatch.setattr(timeline_module.Moment, "visible", lambda self, lens: list(self.entries))
    told = "\n".join(text_lines(tell(load(canary_transcript), Lens(seat=0), "en"), calls=True))
    assert markers(told) - may_know(Lens(seat=0), secrets_of(canary_transcript))


def test_the_offline_page_loads_nothing_from_the_network(canary_transcript: Path) -> None:
    timeline = load(canary_transcript)
    page = render_page(timeline, lenses_for(Lens(host=True), timeline), "en")
    assert not re.search(r"""(src|href)\s*=\s*["']?(https?:)?//""", page)
    assert "<script src" not in page and "<link" not in page  # style and script are inside the page
