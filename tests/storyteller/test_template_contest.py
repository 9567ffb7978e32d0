"""The template Storyteller follows the kernel's status of an extended contest ("to 3 net successes")."""

from __future__ import annotations

from narrator.rules.core import ChanceAction, Viewer
from narrator.rules.storyteller import BeginScene, NextTurn, Resisted, Roll

from narrator.storyteller.data import load_combat, load_sheet, sample_sheets, table_config
from narrator.storyteller.play import _npc
from narrator.storyteller.scenario import load_narration, load_scenario
from narrator.storyteller.template import TemplateStoryteller
from tests.storyteller.helpers import game_of


def _at_the_spring(lang: str = "en"):
    story = load_scenario("wild_west")
    pc = load_sheet(sample_sheets("wild_west")[-1], "wild_west")
    config = table_config("wild_west", [pc, *(_npc(d, "wild_west") for d in story.npcs)],
                          combat=load_combat("wild_west"))
    game = game_of("wild_west")
    state = game.apply(game.initial_state(config), BeginScene(scene="spring")).state
    return state, TemplateStoryteller(story, load_narration(), lang=lang, pc=pc.id), pc.id


def _outstare(pc: str) -> Resisted:
    return Resisted(character=pc, traits=("charisma", "intimidation"), difficulty=6, opponent="spring-thing",
                    opponent_traits=("charisma", "intimidation"), opponent_difficulty=6, task="outstare", target=3)


def _round(state, pc: str, mine: int, theirs: int):
    """One round of the contest: the player rolls ``mine`` successes, the thing ``theirs`` (no ones)."""
    game = game_of("wild_west")
    asked = game.apply(state, _outstare(pc))
    pools = [part.pool for part in asked.state.pending.parts]
    faces = [8] * mine + [2] * (pools[0] - mine) + [8] * theirs + [2] * (pools[1] - theirs)
    step = game.apply(asked.state, ChanceAction(values=tuple(faces)))
    return step.state, [*asked.events, *step.events]


def test_a_round_won_two_to_one_leaves_the_contest_open_and_the_story_goes_on() -> None:
    state, voice, pc = _at_the_spring()
    state, events = _round(state, pc, 2, 1)
    resolved = next(e for e in events if e.kind == "resisted_resolved")
    assert resolved.data["status"] == "open" and resolved.data["winner"] == pc, resolved.data
    view = game_of("wild_west").view(state, Viewer.HOST)
    move = voice.propose(view, None)
    assert isinstance(move, NextTurn), move  # not EndStory("spring-cleansed") while the kernel says open
    lines = voice.narrate(view, events)
    assert "The contest goes on." in lines
    assert not any("water clears" in line for line in lines)


def test_the_contest_ends_only_when_the_kernel_says_won() -> None:
    state, voice, pc = _at_the_spring()
    game = game_of("wild_west")
    for _ in range(3):  # rounds won by one net success each: the third reaches 3
        state, events = _round(state, pc, 1, 0)
        move = voice.propose(game.view(state, Viewer.HOST), None)
        if events[-1].data.get("status") == "won":
            break
        assert isinstance(move, NextTurn), move
        state = game.apply(state, move).state
    assert events[-1].data["status"] == "won"
    assert getattr(move, "ending", None) == "spring-cleansed"


def test_an_unlearned_ability_is_rolled_as_the_attribute_alone() -> None:
    """Bitter Creek's box (Intelligence + Enigmas): Elias never learned Enigmas (his sheet lists no dots), so the
    template asks for Intelligence alone (0 dots of the Ability, WW L38) and the kernel takes the roll; before,
    it asked for Intelligence + Enigmas and the kernel refused it (TRAIT_NOT_ON_SHEET)."""
    story = load_scenario("wild_west", "last-stage-to-bitter-creek")
    elias = load_sheet(next(p for p in sample_sheets("wild_west") if p.stem == "elias"), "wild_west")
    assert elias.rating("enigmas") is None and elias.rating("intelligence") == 3
    config = table_config("wild_west", [elias, *(_npc(d, "wild_west") for d in story.npcs)],
                          combat=load_combat("wild_west"))
    game = game_of("wild_west")
    state = game.apply(game.initial_state(config), BeginScene(scene="pass")).state
    template = TemplateStoryteller(story, load_narration(), lang="en", pc=elias.id)
    view = game.view(state, Viewer.HOST)
    traits = template._on_sheet(view, elias.id, ("intelligence", "enigmas"))
    assert traits == ("intelligence",)
    asked = game.apply(state, Roll(character=elias.id, traits=traits, difficulty=7, task="open-box"))
    assert [part.pool for part in asked.state.pending.parts] == [3]
    preview = template._preview(view, elias.id, ("intelligence", "enigmas"), 7)
    assert "3 dice" in preview and "Enigmas never learned" in preview
