"""The report counts what the talking bots claimed and the lies they told, per force, from transcripts."""

from __future__ import annotations

from pathlib import Path

from narrator.battaglia.lies import tally_transcripts, transcripts_under
from narrator.battaglia.report import _speech_lines

TRANSCRIPTS = Path(__file__).resolve().parents[2] / "transcripts" / "battaglia"


def test_the_recorded_games_claims_are_counted_per_force() -> None:
    paths = transcripts_under(TRANSCRIPTS)
    assert len(paths) >= 3
    tally = tally_transcripts(paths)
    assert tally.games == len(paths)
    assert sum(tally.claims.values()) >= sum(tally.speeches.values()) > 10
    assert tally.lies_of("light") == 0, "lights never lie"
    bluffs = sum(tally.lies_of(force, "bluff") for force in tally.speeches)
    assert bluffs > 0 and all(force not in ("light", "shadow") for force, kind in tally.lies if kind == "bluff")


def test_the_report_section_reads_in_both_languages() -> None:
    tally = tally_transcripts(transcripts_under(TRANSCRIPTS))
    en = "\n".join(_speech_lines(tally, "en"))
    ru = "\n".join(_speech_lines(tally, "ru"))
    assert "## Speech: claims and lies" in en and "| light |" in en
    assert "## Речь: утверждения и ложь" in ru and "| свет |" in ru
