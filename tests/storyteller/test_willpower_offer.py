"""The menu's Willpower offer is the kernel's own law (issue 28 leftover): under each house rule
(``willpower_once_per_turn``, ``willpower_in_team_contest``, ``willpower_in_extended``) an option offers a point
exactly when the kernel takes it, and when it does not the menu's reason is the kernel's refusal code. Checked on
every approach of every non-fight scene of the shipped scenarios, for a character fresh, one who spent a point
this turn, and one with none left; and on a helper's answer to a teamwork invitation.

Rule: «За ход Сила воли тратится только один раз» (seeds/002_066846aa780a4bc4.txt:L169); «за Силу воли можно
получить только один успех; если успехов нужно больше, тратить её бессмысленно» (seeds/003_f0eb31a77e5e4bcd.txt:L86).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import replace
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from narrator.rules.core import ChanceAction, Viewer
from narrator.rules.storyteller import BeginScene, Resisted, Roll, Teamwork
from narrator.rules.storyteller.checks import StCode, willpower_refusal
from narrator.rules.storyteller.state import CharState, StorytellerState

from narrator.storyteller.answers import typed_choice
from narrator.storyteller.data import load_combat, load_sheet, sample_sheets, table_config
from narrator.storyteller.scenario import load_narration, load_scenario, shipped_scenarios
from narrator.storyteller.template import PASS, Choice, Option, TemplateStoryteller
from tests.storyteller.helpers import game_of

PROFILES: dict[str, dict[str, Any]] = {
    "books": {},
    "once_per_turn_off": {"willpower_once_per_turn": False},
    "team_contest_one_success": {"willpower_in_team_contest": "one_success"},
    "extended_one_success": {"willpower_in_extended": "one_success"},
    "all_allowed": {"willpower_once_per_turn": False, "willpower_in_team_contest": "one_success",
                    "willpower_in_extended": "one_success"},
}
CONDITIONS: dict[str, dict[str, Any]] = {"fresh": {}, "spent": {"willpower_spent": True}, "none": {"willpower": 0}}
BAR_CODE = {"contest": StCode.WILLPOWER_IN_TEAM_CONTEST, "team": StCode.WILLPOWER_IN_TEAM_CONTEST,
            "extended": StCode.WILLPOWER_ONE_SUCCESS, "none": StCode.NO_WILLPOWER,
            "spent": StCode.WILLPOWER_ALREADY_SPENT}
"""The menu's reason (``st_intent.willpower_not``) for each refusal code of the kernel."""


@cache
def _story(book: str, path: Path) -> Any:
    return load_scenario(book, path)


@cache
def _table(book: str, path: Path, profile: str) -> tuple[Any, StorytellerState, TemplateStoryteller]:
    """Two sample characters (a teamwork task can be joined, a ``versus`` contest has another side) at a table
    of the scenario at ``path`` under the house rules ``profile``, before its first scene."""
    story, options = _story(book, path), PROFILES[profile]
    pcs = [load_sheet(p, book) for p in sample_sheets(book)[:2]]
    config = replace(table_config(book, [*pcs, *story.npc_sheets()], combat=load_combat(book), options=options or None),
                     scenario=story.id)
    game = game_of(book)
    voice = TemplateStoryteller(story, load_narration(), lang="en", pc=pcs[0].id, rules=config)
    return game, game.initial_state(config), voice


def _char(state: StorytellerState, character: str) -> CharState:
    char = state.char(character)
    assert char is not None, character
    return char


def _in(state: StorytellerState, scene: str, game: Any, character: str, condition: dict[str, Any]) -> StorytellerState:
    state = game.apply(state, BeginScene(scene=scene)).state
    return state.with_char(replace(_char(state, character), **condition))


def _without(request: Any) -> Any:
    """The same request spending no Willpower."""
    return replace(request, willpower=() if isinstance(request, Teamwork) else False)


def _compare(game: Any, state: StorytellerState, option: Option, request: Any, seen: Counter[str]) -> None:
    """The option offers a point exactly when the kernel accepts the request spending it; a refusal's code is
    the menu's reason. Skipped when the request is refused without the point too (nothing to compare)."""
    assert request.willpower, (option, request)  # the request carries the point the player asked for
    if game.check(state, _without(request)) is not None:
        seen["refused anyway"] += 1
        return
    refused = game.check(state, request)
    if option.willpower == "":
        assert refused is None, (option, refused)
        seen["offered, taken"] += 1
    else:
        assert refused is not None and refused.code == BAR_CODE[option.willpower], (option, refused)
        seen[f"refused: {option.willpower}"] += 1


def _check_scene(book: str, path: Path, scene: str, profile: str, condition: dict[str, Any],
                 seen: Counter[str]) -> None:
    game, start, voice = _table(book, path, profile)
    story = _story(book, path)
    lead, helper = [c.id for c in start.config.characters[:2]]
    state = _in(start, scene, game, lead, condition)
    view = game.view(state, Viewer.HOST)
    for option in voice.options(view):
        if option.approach == PASS or option.willpower in ("attack", "no_roll"):
            continue
        choice = Choice(actor=0, approach=option.approach, willpower=True)
        _compare(game, state, option, voice.propose(view, choice, {0: choice}), seen)
    state = _in(start, scene, game, helper, condition)
    view = game.view(state, Viewer.HOST)
    for approach in story.scenes[scene].approaches:
        if approach.teamwork is None:
            continue
        chosen = Choice(actor=0, approach=approach.id)
        asked = voice.questions(view, {0: chosen})
        join = next(o for a in asked if a.seat == 1 for o in a.options if o.joins and o.approach == approach.id)
        joined = Choice(actor=1, approach=approach.id, joins=True, willpower=True)
        _compare(game, state, join, voice.propose(view, None, {0: chosen, 1: joined}), seen)
        seen["join"] += 1


@pytest.mark.parametrize("book", ["dark_ages", "wild_west"])
@pytest.mark.parametrize("profile", PROFILES)
def test_the_menu_offers_willpower_exactly_when_the_kernel_takes_it(book: str, profile: str) -> None:
    seen: Counter[str] = Counter()
    for path in shipped_scenarios(book):
        story = _story(book, path)
        for scene, data in story.scenes.items():
            if data.fight is not None:  # a fight's menu waits on initiative; its rolls are the same kinds
                continue
            for condition in CONDITIONS.values():
                _check_scene(book, path, scene, profile, condition, seen)
    rules = PROFILES[profile]
    assert seen["offered, taken"] and seen["refused: none"] and seen["join"], seen  # both directions, every table
    assert bool(seen["refused: spent"]) == rules.get("willpower_once_per_turn", True), seen
    assert bool(seen["refused: contest"]) == (rules.get("willpower_in_team_contest") != "one_success"), seen
    assert bool(seen["refused: team"]) == (rules.get("willpower_in_team_contest") != "one_success"), seen
    assert bool(seen["refused: extended"]) == (rules.get("willpower_in_extended") != "one_success"), seen


def _tourney(lang: str, profile: dict[str, Any]) -> tuple[Any, StorytellerState, TemplateStoryteller, str]:
    story = load_scenario("dark_ages", "tourney-at-vaucouleurs")
    pc = load_sheet(sample_sheets("dark_ages")[-1], "dark_ages")
    config = replace(table_config("dark_ages", [pc, *story.npc_sheets()], combat=load_combat("dark_ages"),
                                  options=profile), scenario=story.id)
    game = game_of("dark_ages")
    state = game.apply(game.initial_state(config), BeginScene(scene="minstrel")).state
    return game, state, TemplateStoryteller(story, load_narration(), lang=lang, rules=config, pc=pc.id), pc.id


@pytest.mark.parametrize(("lang", "promise"), [("en", "Spending Willpower"), ("ru", "С тратой Силы воли")])
def test_willpower_in_a_contest_is_spent_where_the_table_allows_it(lang: str, promise: str) -> None:
    """Under ``willpower_in_team_contest`` and ``willpower_in_extended: one_success`` the words «I spend Willpower»
    on the tourney's extended contest with Jehan are promised, carried and spent (the menu had told the player no,
    as the books' defaults do)."""
    game, state, voice, pc = _tourney(lang, {"willpower_in_team_contest": "one_success",
                                             "willpower_in_extended": "one_success"})
    view = game.view(state, Viewer.HOST)
    text = {"en": "I spend willpower and promise him Dame Isabeau's protection and a place at her court",
            "ru": "трачу силу воли и снова уговариваю его, клянусь на кресте, обещаю защиту госпожи Изабо"}[lang]
    choice, said = typed_choice(text, voice.options(view), 0, lang, free=False)
    assert choice is not None and choice.approach == "patronage" and choice.willpower, (choice, said)
    assert promise in said, said
    request = voice.propose(view, choice, {0: choice})
    assert isinstance(request, Resisted) and request.willpower
    after = game.apply(state, request).state
    while (dice := game.chance_spec(after)) is not None:  # Jehan's dice (and the PC's, under add_to_roll)
        after = game.apply(after, ChanceAction(values=(2,) * dice.count)).state
    assert _char(after, pc).willpower == _char(state, pc).willpower - 1


def test_a_second_point_in_a_turn_is_offered_where_the_table_allows_it() -> None:
    """``willpower_once_per_turn: false``: a point already spent this turn does not close the menu's offer, and
    the kernel takes the second one; by the books' default the menu says «already spent», as the kernel does."""
    for profile, offered in (({}, False), ({"willpower_once_per_turn": False}, True)):
        game, state, voice, pc = _tourney("en", profile)
        state = state.with_char(replace(_char(state, pc), willpower_spent=True))
        hear = next(o for o in voice.options(game.view(state, Viewer.HOST)) if o.approach == "hear-song")
        assert (hear.willpower == "") is offered, (profile, hear)
        assert (willpower_refusal(state, pc, "simple") is None) is offered
        choice = Choice(actor=0, approach="hear-song", willpower=True)
        request = voice.propose(game.view(state, Viewer.HOST), choice, {0: choice})
        assert isinstance(request, Roll) and (game.check(state, request) is None) is offered


def test_the_table_question_reads_the_sessions_rules(tmp_path: Path) -> None:
    """A voice built without the table's rules (a resumed game's, the web's) offers by the session's: the
    table's question gives them to it."""
    from narrator.storyteller.play import new_table
    from narrator.storyteller.seat import ApproachQuestion, ScriptedPlayer

    profile = tmp_path / "rules.yaml"
    profile.write_text("willpower_in_team_contest: one_success\n", encoding="utf-8")
    table = new_table("dark_ages", character=None, lang="en", seed=3, transcript=tmp_path / "t.jsonl",
                      player=ScriptedPlayer([], then="first"), say=lambda _line: None, rules=profile,
                      scenario="tourney-at-vaucouleurs")
    session = table.session
    session.state = game_of("dark_ages").apply(session.state, BeginScene(scene="minstrel")).state
    table.voice.rules = None
    by_books = table.voice.options(session.game.view(session.state, Viewer.HOST))
    assert next(o for o in by_books if o.approach == "frighten").willpower == "contest"
    assert isinstance(session.questions, ApproachQuestion)
    asked = session.questions.asked(session)
    frighten = next(o for o in asked[0].options if o.approach == "frighten")
    assert table.voice.rules is session.config and frighten.willpower == "", frighten
