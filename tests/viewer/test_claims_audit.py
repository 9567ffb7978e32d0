"""The host's replay of a battaglia game shows each claim a speech made with its truth (issue #32); a seat's
lens never does (the lie marks are host-only notes)."""

from __future__ import annotations

from pathlib import Path

import pytest
from narrator.agents.battaglia.claims import Claim
from narrator.agents.battaglia.texts import Table

from narrator.viewer.claims import said, truth_of
from narrator.viewer.tell import tell
from narrator.viewer.terminal import text_lines
from narrator.viewer.timeline import Lens, load

GAME = Path(__file__).resolve().parents[2] / "transcripts" / "battaglia" / "sim-17p-seed-303.jsonl"
HEADS = {"en": "Claims (host only): ", "ru": "Утверждения (видит только ведущий): "}
TRUTHS = {"en": ("true", "false, a lie the speaker chose", "false"), "ru": ("правда", "ложь, выбранная говорящим", "неправда")}


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_host_sees_every_claim_with_its_truth_and_the_lies_marked(lang: str) -> None:
    timeline = load(GAME)
    claimed = sum(len((e.record.get("notes") or {}).get("claims", ())) for m in timeline.moments for e in m.entries
                  if e.kind == "action")
    lies = sum(1 for m in timeline.moments for e in m.entries if e.kind == "action"
               for c in (e.record.get("notes") or {}).get("claims", ()) if c.get("lie"))
    lines = [line.strip() for line in text_lines(tell(timeline, Lens.parse("host"), lang))]
    items = [item for line in lines if line.startswith(HEADS[lang]) for item in line[len(HEADS[lang]):].split("; ")]
    true, lie, false = TRUTHS[lang]
    assert len(items) == claimed > 20
    assert sum(item.endswith(": " + lie) for item in items) == lies > 0
    assert not [item for item in items if item.endswith(": " + false)], "a false claim not chosen as a lie"
    assert sum(item.endswith(": " + true) for item in items) == claimed - lies
    seat = [line for line in text_lines(tell(load(GAME), Lens.parse("3"), lang)) if HEADS[lang] in line]
    assert seat == []


def test_a_claim_the_record_denies_is_false_unless_marked_a_lie() -> None:
    timeline = load(GAME)
    state = timeline.moments[-1].state
    accuser, target = next((e.data["accuser"], e.data["target"]) for e in state.public_log
                           if e.kind == "accusation" and e.data["accuser"] >= 0)
    assert truth_of(Claim("accused", accuser, target), 0, state) == "true"
    assert truth_of(Claim("accused", target, accuser), 0, state) in ("false", "true")
    assert truth_of(Claim("never_accused", accuser), 0, state) == "false"
    assert truth_of(Claim("never_accused", accuser, lie=True), 0, state) == "lie"
    table = Table.for_game(1, 17, "ru")
    text = said(Claim("voted", 0, 1), table)  # «Захар голосовал против Бориса»: the other's name in the genitive
    assert text.startswith(f"{table.names[0]} голосовал") and " против " in text and not text.endswith(table.names[1])
