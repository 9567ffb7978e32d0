"""Every approach of every scene offers the dice the kernel rolls, including pools of Gnosis, Rage or
Willpower (WW L184: Gnosis is rolled to step sideways or peer across the Gauntlet): «Peer across the
Gauntlet (Gnosis, diff 7)» was offered as «not on your sheet: Gnosis» to a Garou with Gnosis 3, and then
rolled her 3 dice."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from narrator.rules.storyteller.actions import Roll
from narrator.rules.storyteller.plans import plan_roll

from narrator.storyteller.play import new_table
from narrator.storyteller.seat import ScriptedPlayer

DICE = re.compile(r"(\d+) (?:dice|die|кубик\w*)")


def _table(book: str, scenario: str, lang: str, tmp_path: Path):
    table = new_table(book, character=None, lang=lang, seed=3, transcript=tmp_path / "t.jsonl", scenario=scenario,
                      player=ScriptedPlayer([], then="first"), say=lambda _line: None)
    session = table.session
    for _ in range(40):  # up to the first question to the player
        if table.voice.options(session.game.view(session.state, 0)):
            break
        session.step()
    return table


@pytest.mark.parametrize(("book", "scenario", "lang"), [
    ("wild_west", "the-long-drive", "en"), ("wild_west", "the-long-drive", "ru"),
    ("wild_west", "ghost-town-of-carrion-flats", "en"), ("dark_ages", "tourney-at-vaucouleurs", "ru")])
def test_every_scene_offers_the_pool_the_kernel_rolls(tmp_path, book: str, scenario: str, lang: str) -> None:
    table = _table(book, scenario, lang, tmp_path)
    state, pc, voice = table.session.state, table.voice.pc, table.voice
    view = table.session.game.view(state, 0)
    checked, pools = 0, set()
    for scene in voice.scenario.scenes.values():
        for approach in scene.approaches:
            spec = approach.spec()
            if spec is None or not hasattr(spec, "traits"):
                continue
            shown = voice._preview(view, pc, spec.traits, spec.difficulty)
            plan = plan_roll(state, Roll(character=pc, traits=voice._on_sheet(view, pc, spec.traits),
                                         difficulty=spec.difficulty))
            if not hasattr(plan, "pool"):  # the kernel refuses it: the menu must not promise dice
                assert not DICE.search(shown), (approach.id, shown, plan)
                continue
            assert DICE.search(shown), (approach.id, shown)
            assert int(DICE.search(shown).group(1)) == plan.pool, (approach.id, shown, plan)
            pools.add(tuple(spec.traits))
            checked += 1
    assert checked > 20
    if scenario == "the-long-drive":  # the evening story asks a Garou for Gnosis at the Salt Fork
        assert ("gnosis",) in pools


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_an_ability_at_zero_dots_is_said_never_learned_like_one_not_listed(tmp_path, lang: str) -> None:
    """Ruth's sheet lists Rituals at 0 and has no Leadership: both are rolled as the Attribute alone
    (WW L38), and the menu said so of Leadership only («Sing the bones … (Charisma + Rituals) — 2 dice»)."""
    table = _table("wild_west", "the-long-drive", lang, tmp_path)
    view = table.session.game.view(table.session.state, 0)
    listed_at_zero = table.voice._preview(view, "ruth", ("charisma", "rituals"), 7)
    not_listed = table.voice._preview(view, "ruth", ("charisma", "leadership"), 7)
    assert DICE.search(listed_at_zero).group(1) == DICE.search(not_listed).group(1) == "2"
    word = "never learned" if lang == "en" else "не изучено"
    assert word in listed_at_zero and word in not_listed
