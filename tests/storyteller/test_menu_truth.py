"""What the Storyteller's menu says is what the kernel does (issue 28): the dice offered include the wound
penalty the kernel takes off the pool, and Willpower refused toward an extended task says so, with the
kernel's reason («за Силу воли можно получить только один успех; если успехов нужно больше, тратить её
бессмысленно», seeds/003_f0eb31a77e5e4bcd.txt:L86; D52)."""

from __future__ import annotations

import re
from dataclasses import replace
from pathlib import Path

import pytest
from narrator.agents.i18n import refusal
from narrator.rules.storyteller.actions import Roll
from narrator.rules.storyteller.plans import plan_roll

from narrator.storyteller.play import new_table, run
from narrator.storyteller.seat import ScriptedPlayer, TerminalPlayer

DICE = re.compile(r"(\d+) (?:dice|die|кубик\w*)")


def _wounded_table(book: str, lang: str, tmp_path: Path, boxes: int):
    table = new_table(book, character=None, lang=lang, seed=3, transcript=tmp_path / "t.jsonl",
                      player=ScriptedPlayer([], then="first"), say=lambda _line: None)
    session = table.session
    for _ in range(40):  # up to the first question to the player: a scene is running
        if table.voice.options(session.game.view(session.state, 0)):
            break
        session.step()
    pc = table.voice.pc
    char = session.state.char(pc)
    state = session.state.with_char(replace(char, damage=("bashing",) * boxes))
    return table, state, pc


@pytest.mark.parametrize("book", ["dark_ages", "wild_west"])
@pytest.mark.parametrize("lang", ["en", "ru"])
@pytest.mark.parametrize("boxes", [0, 2, 4])
def test_the_dice_offered_are_the_dice_the_kernel_rolls(tmp_path, book, lang, boxes) -> None:
    table, state, pc = _wounded_table(book, lang, tmp_path, boxes)
    view = table.session.game.view(state, 0)
    scene = table.voice._scene(view)
    checked = 0
    for approach in scene.approaches:
        spec = approach.spec()
        if spec is None:
            continue
        shown = table.voice._preview(view, pc, spec.traits, spec.difficulty)
        plan = plan_roll(state, Roll(character=pc, traits=table.voice._on_sheet(view, pc, spec.traits),
                                     difficulty=spec.difficulty))
        if not hasattr(plan, "pool") or not DICE.search(shown):
            continue
        assert int(DICE.search(shown).group(1)) == plan.pool, (shown, plan)
        assert (plan.wound_penalty != 0) == (("wounds take" in shown) or ("раны отнимают" in shown))
        checked += 1
    assert checked


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_willpower_refused_on_an_extended_task_says_no_and_why(tmp_path, lang) -> None:
    """Dark Ages seed 11: the haul is extended; «1w» is refused and the player reads a no, not a yes."""
    said: list[str] = []
    answers = iter(["1", "1w", "2"] + ["1"] * 200)
    player = TerminalPlayer(lambda _prompt: next(answers), said.append, lang)
    table = new_table("dark_ages", character=None, lang=lang, seed=11, transcript=tmp_path / "t.jsonl",
                      player=player, say=said.append)
    run(table, said.append)
    told = refusal(lang, "WILLPOWER_ONE_SUCCESS")
    assert any(told in line for line in said)
    negation, reason = {"en": ("not spent", "only one success"), "ru": ("не тратят", "лишь один успех")}[lang]
    assert negation in told and reason in told
