"""Playtest 17, the Storyteller table (not the reader): the story ends when no player character can act, a
0-die fighter is told what he can do and Willpower buys a blow, narration of a blow follows the damage dealt,
Garou-only approaches go to Garou, resisted rolls and initiative say what their numbers are."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest
from narrator.rules.storyteller import BeginScene

from narrator.storyteller.play import new_table, run
from narrator.storyteller.seat import TerminalPlayer

FLATS = "ghost-town-of-carrion-flats"


def _records(path: Path) -> list[dict]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]


def _play_from(scene: str, lang: str, inputs: list[str], tmp_path: Path, *, wounds: int = 0, seed: int = 5,
               book: str = "wild_west", scenario: str = FLATS, sheet: str = "elias",
               damage: str = "lethal") -> tuple[list[str], list[dict]]:
    """Play ``scenario`` from ``scene`` with ``sheet`` already carrying ``wounds`` (the game so far, in short)."""
    said: list[str] = []
    answers = iter(inputs)
    path = tmp_path / f"{lang}-{scene}-{wounds}.jsonl"
    table = new_table(book, lang=lang, seed=seed, transcript=path, say=said.append,
                      player=TerminalPlayer(lambda _p: next(answers, "q"), said.append, lang), scenario=scenario,
                      sheets=[sheet])
    session = table.session
    assert session.submit(BeginScene(scene=scene)) is None
    if wounds:
        state = session.state
        char = state.char(sheet)
        assert char is not None
        session.state = state.with_char(replace(char, damage=(damage,) * wounds))
    run(table, said.append)
    return said, _records(path)


def _ending(records: list[dict]) -> str | None:
    return next((r["data"]["ending"] for r in records if r.get("event") == "story_ended"), None)


@pytest.mark.parametrize(("lang", "fallen", "turn"), [
    ("en", "No one is left who can act: Elias Pruitt, dead.", "— turn 2 —"),
    ("ru", "Действовать больше некому: Элайас Пруитт — мёртв.", "— ход 2 —"),
])
def test_the_story_ends_when_the_only_player_character_is_dead(tmp_path, lang: str, fallen: str, turn: str) -> None:
    """WW carrion-flats s5: Mallory's rifle killed Elias, then the table auto-played the headframe, the cave-in
    and Number Four to nobody (empty «— turn 2 — (of 4)» lines, «your lamp is out», «You come to at the mouth of
    the shaft»). With no player character able to act the story ends at once on the scenario's own ending for it
    (its ``fallen``), said after who fell; no scene begins after."""
    from narrator.storyteller.scenario import load_scenario

    story = load_scenario("wild_west", FLATS)
    said, records = _play_from("mallory-ambush", lang, [], tmp_path, wounds=8)
    assert story.fallen and _ending(records) == story.fallen
    at = said.index(fallen)
    assert said[at + 1] == story.endings[story.fallen].text.get(lang), said[at:]
    begun = [r["data"]["scene"] for r in records if r.get("event") == "scene_begun"]
    assert begun == ["mallory-ambush"], begun
    assert not any(line.startswith(turn) for line in said), said
    assert not [r for r in records if r["kind"] == "action" and r["payload"]["kind"] in ("next_turn", "attack")]


@pytest.mark.parametrize(("lang", "fallen"), [
    ("en", ['No one is left who can act: Ruth "Dry Creek" Halloran, dead.', "The story ends here."]),
    ("ru", ["Действовать больше некому: Рут «Сухой Ручей» Холлоран — мертва.", "Здесь история и заканчивается."]),
])
def test_a_story_with_no_ending_for_the_fallen_ends_in_the_tables_words(lang: str, fallen: list[str]) -> None:
    """A scenario that writes no ``fallen`` ending (a player's own file) ends on the table's own words."""
    from narrator.rules.core import Viewer
    from narrator.rules.storyteller import EndStory

    from narrator.storyteller.data import load_combat, load_sheet, sample_sheets, table_config
    from narrator.storyteller.scenario import load_narration, load_scenario
    from narrator.storyteller.template import TemplateStoryteller
    from narrator.storyteller.template_moves import FALLEN
    from tests.storyteller.helpers import game_of

    story = load_scenario("wild_west", "copper-gulch").model_copy(update={"fallen": None})
    pc = next(load_sheet(p, "wild_west") for p in sample_sheets("wild_west") if p.stem == "ruth")
    config = replace(table_config("wild_west", [pc, *story.npc_sheets()], combat=load_combat("wild_west")),
                     scenario=story.id)
    game = game_of("wild_west")
    state = game.apply(game.initial_state(config), BeginScene(scene="deep")).state
    char = state.char(pc.id)
    assert char is not None
    state = state.with_char(replace(char, damage=("aggravated",) * 8))
    voice = TemplateStoryteller(story, load_narration(), lang=lang, pc=pc.id)
    move = voice.storyteller_move(game.view(state, Viewer.HOST))
    assert move == EndStory(ending=FALLEN)
    step = game.apply(state, move)
    told = voice.narrate(game.view(step.state, Viewer.HOST), step.events)
    assert told[:2] == fallen, told


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_fight_lost_senseless_keeps_the_scenarios_own_ending(tmp_path, lang: str) -> None:
    """Incapacitated, not dead, at Number Four: the fight's ``lose`` ending is written for that («You come to at
    the mouth of the shaft…») and is told; dead, the scenario's ending for the fallen is (a dead man comes to
    nowhere)."""
    _, records = _play_from("number-four", lang, [], tmp_path, wounds=7)
    assert _ending(records) == "silver-town"
    _, records = _play_from("number-four", lang, [], tmp_path, wounds=8)
    assert _ending(records) == "buried-on-boot-hill"


def test_a_scenario_may_write_its_own_ending_for_the_fallen() -> None:
    """``fallen:`` names one of the scenario's endings; any other is refused with the field named."""
    from narrator.storyteller.scenario import Scenario, load_scenario

    story = load_scenario("wild_west", FLATS)
    data = story.model_dump()
    assert Scenario.model_validate({**data, "fallen": "silver-town"}).fallen == "silver-town"
    with pytest.raises(ValueError, match="fallen: 'nowhere' is not one of the endings"):
        Scenario.model_validate({**data, "fallen": "nowhere"})


def test_the_kernel_lets_willpower_buy_a_blow_with_no_dice_left() -> None:
    """D4 (Willpower is not excluded from combat; WW L86 «even when a roll is required», DA L169): a point on an
    attack roll is one automatic success, so a fighter whose wounds left no dice still hits (then rolls damage);
    without the point the empty pool is refused as before (D31)."""
    from narrator.rules.storyteller import Attack
    from narrator.rules.storyteller.state import CharState

    from tests.storyteller.helpers import act, rejection, sheet, table

    state = table("wild_west", sheet("elias", abilities={"firearms": 2}), sheet("mallory", player=False), combat=True)
    char = state.char("elias")
    assert isinstance(char, CharState)
    state = state.with_char(replace(char, damage=("lethal",) * 6))  # Crippled: −5 leaves Dexterity 2 + 2 no dice
    blow = Attack(character="elias", defender="mallory", weapon="revolver")
    assert rejection(state, blow) == "POOL_EMPTY"
    spent, events = act(state, replace(blow, willpower=True), (8, 8, 8, 8))
    hit = next(e for e in events if e.kind == "attack_rolled")
    assert hit.data["hit"] and hit.data["net"] == 1 and hit.data["dice"] == []
    assert any(e.kind == "wounded" for e in events)
    after = spent.char("elias")
    assert after is not None and after.willpower == char.willpower - 1


@pytest.mark.parametrize(("lang", "told"), [
    ("en", ("Elias Pruitt is Crippled: wounds leave no dice for that. A point of Willpower still buys one automatic "
           "success: type the number with w (e.g. 1w).")),
    ("ru", ("Элайас Пруитт: Искалечен, раны не оставляют на это ни одного кубика. Пункт Силы воли всё равно даёт "
           "один автоматический успех: введите номер с w (например, 1w).")),
])
def test_a_crippled_fighter_is_told_what_he_can_do_and_willpower_shoots(tmp_path, lang: str, told: str) -> None:
    """WW carrion-flats s5, Crippled (−5): '1' and «crawl behind the ore car» got a bare «There are no dice to
    roll.» and the same menu; '1w' got «Willpower buys no blow at this table»; only «Hold back» moved the fight.
    Now the refusal says in words what he can still do, the menu shows the blow's 0 dice, and 1w shoots."""
    said, records = _play_from("mallory-ambush", lang, ["1", "1w", "q"], tmp_path, wounds=6)
    assert any(told in line for line in said), said[-12:]
    assert not any("There are no dice to roll." in line or "Бросать нечего" in line for line in said)
    assert not any("Willpower buys no blow" in line for line in said)
    assert any(("Shoot back" in line or "Отстреливаться" in line) and ("0 dice" in line or "0 кубиков" in line)
               for line in said), said[:30]
    attacks = [r["payload"] for r in records if r["kind"] == "action" and r["payload"]["kind"] == "attack"
               and r["payload"]["character"] == "elias"]
    assert attacks and attacks[0]["willpower"], attacks
    rolled = next(r["data"] for r in records if r.get("event") == "attack_rolled" and r["data"]["character"] == "elias")
    assert rolled["hit"]


def _ward_fight(lang: str):
    from narrator.rules.storyteller import BeginScene as Begin

    from narrator.storyteller.data import load_combat, load_sheet, sample_sheets, table_config
    from narrator.storyteller.scenario import load_narration, load_scenario
    from narrator.storyteller.template import TemplateStoryteller
    from tests.storyteller.helpers import game_of

    story = load_scenario("dark_ages", "pilgrims-of-the-long-night")
    pc = next(load_sheet(p, "dark_ages") for p in sample_sheets("dark_ages") if p.stem == "hugues")
    config = replace(table_config("dark_ages", [pc, *story.npc_sheets()], combat=load_combat("dark_ages")),
                     scenario=story.id)
    game = game_of("dark_ages")
    state = game.apply(game.initial_state(config), Begin(scene="ward-fight")).state
    return game, state, TemplateStoryteller(story, load_narration(), lang=lang, pc=pc.id), story


def _blow(game, state, faces: int):
    """Ermengarde's fangs hit Hugues (every attack die a 9), her damage dice all show ``faces``, his soak all 2s."""
    from narrator.rules.core import ChanceAction
    from narrator.rules.storyteller import Attack

    step = game.apply(state, Attack(character="ermengarde", defender="hugues", weapon="fangs"))
    events = list(step.events)
    while step.state.pending is not None:
        stage, pool = step.state.pending.stage, step.state.pending.parts[0].pool
        step = game.apply(step.state, ChanceAction(values=((9 if stage == "attack" else faces if stage == "damage"
                                                             else 2),) * pool))
        events += step.events
    return step.state, events


@pytest.mark.parametrize(("lang", "hurt", "whole"), [
    ("en", "takes 6 damage", "Hugues de Vair takes no wound: 0 damage, 0 soaked; still unhurt."),
    ("ru", "урон 6", "Гуго де Вер: раны нет — урон 0, поглощено 0; по-прежнему без ран."),
])
def test_a_blow_is_told_as_the_dice_left_it(lang: str, hurt: str, whole: str) -> None:
    """DA pilgrims s8: the framing said «Her nails open your cheek» and the dice then gave 0 damage («takes 0
    damage (unhurt)»). The framing wounds nobody; a hit that leaves no wound is told as one (a catalogue line of
    a blow that does no harm, and «takes no wound»), a hit that wounds as a wound."""
    from narrator.agents.i18n import section
    from narrator.rules.core import Viewer
    from narrator.rules.storyteller import NextTurn

    game, state, voice, story = _ward_fight(lang)
    framing = story.scenes["ward-fight"].text.get(lang)
    assert "open your cheek" not in framing and "раздирают вам щёку" not in framing
    lines = section(lang, "st_narration")["dark_ages"]
    state, events = _blow(game, state, faces=2)  # a hit, no damage success
    told = voice.narrate(game.view(state, Viewer.HOST), events)
    assert whole in told, told
    view = game.view(state, Viewer.HOST)
    names = {"name": voice._name(view, "hugues"), "by": voice._name(view, "ermengarde")}
    said = {line.casefold() for line in told}
    assert {t.format(**names).casefold() for t in lines["glances"]} & said, told
    assert not {t.format(**names).casefold() for t in lines["wounds"]} & said, told
    assert not any("takes 0 damage" in line or "урон 0, поглощено 0, ран 0" in line for line in told)
    state = game.apply(state, NextTurn()).state
    state, events = _blow(game, state, faces=9)  # a hit that wounds
    told = voice.narrate(game.view(state, Viewer.HOST), events)
    said = {line.casefold() for line in told}
    assert {t.format(**names).casefold() for t in lines["wounds"]} & said, told
    assert not {t.format(**names).casefold() for t in lines["glances"]} & said, told
    assert any(hurt in line for line in told), told


def _scenarios():
    from narrator.storyteller.scenario import load_scenario, shipped_scenarios

    return [load_scenario(book, path) for book in ("dark_ages", "wild_west") for path in shipped_scenarios(book)]


def test_every_creature_only_approach_says_whose_it_is_and_every_scene_keeps_one_for_anybody() -> None:
    """WW the-long-drive s1: «Howl, and let the leaders smell the wolf (Stamina + Primal Urge)» was offered to
    Elias Pruitt, a human clerk («never learned»). An approach rolling a Garou's trait (Primal Urge, Gnosis,
    Rage) or striking with claws or fangs names the creatures it is for; a scene still offers a human
    something; and an approach that does not say so is refused when the scenario loads."""
    from narrator.storyteller.scenes import CREATURE_TRAITS, CREATURE_WEAPONS, Approach

    marked = 0
    for story in _scenarios():
        for name, scene in story.scenes.items():
            for approach in scene.approaches:
                spec = approach.spec()
                if (spec and set(spec.traits) & set(CREATURE_TRAITS)) or approach.attack in CREATURE_WEAPONS:
                    assert approach.creatures and "human" not in approach.creatures, (story.id, name, approach.id)
                    marked += 1
            assert any(a.open_to("human") for a in scene.approaches), (story.id, name)
    assert marked >= 13
    with pytest.raises(ValueError, match=r"creatures: \[werewolf\]"):
        Approach.model_validate({"id": "howl", "label": {"en": "Howl", "ru": "Выть"},
                                 "roll": {"traits": ["stamina", "primal_urge"]}})


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_garou_howl_is_offered_to_a_garou_and_not_to_a_human_clerk(tmp_path, lang: str) -> None:
    """The stampede's howl is on Ruth's menu (a Garou) and not on Elias's (a human), by number or by words."""
    from narrator.rules.core import Viewer

    from narrator.storyteller.data import load_combat, load_sheet, sample_sheets, table_config
    from narrator.storyteller.scenario import load_narration, load_scenario
    from narrator.storyteller.template import TemplateStoryteller
    from tests.storyteller.helpers import game_of

    story = load_scenario("wild_west", "the-long-drive")
    for stem, offered in (("elias", False), ("ruth", True)):
        pc = next(load_sheet(p, "wild_west") for p in sample_sheets("wild_west") if p.stem == stem)
        config = replace(table_config("wild_west", [pc, *story.npc_sheets()], combat=load_combat("wild_west")),
                         scenario=story.id)
        game = game_of("wild_west")
        state = game.apply(game.initial_state(config), BeginScene(scene="stampede")).state
        voice = TemplateStoryteller(story, load_narration(), lang=lang, pc=pc.id)
        view = game.view(state, Viewer.HOST)
        options = voice.options(view)
        assert ("howl" in [o.approach for o in options]) is offered, (stem, [o.label for o in options])
        if not offered:
            assert not any("Primal Urge" in o.label or "Первобытн" in o.label for o in options), options


@pytest.mark.parametrize(("lang", "side", "initiative"), [
    ("en", r"Resisted — Brother Odo: [\d ]+ vs 6 → \d+ success(es)? · Sister Berthe: [\d ]+ vs 6 → \d+ success(es)?$",
     r"Initiative — Sergeant Oudin: dice [\d ]+ vs \d+ → initiative \d+ \(net successes\)$"),
    ("ru", r"Противостояние — брат Одо: [\d ]+ против 6 → \d+ успех\w* · сестра Берта: [\d ]+ против 6 → \d+ успех\w*$",
     r"Инициатива — сержант Оден: кубики [\d ]+ против \d+ → инициатива \d+ \(чистые успехи\)$"),
])
def test_a_contest_and_initiative_say_what_their_numbers_are(tmp_path, lang: str, side: str, initiative: str) -> None:
    """The terminal printed «Resisted — X: dice · Y: dice / Neither side gives way.» with no difficulty (the web
    printed it): a player could not check the result. Each side now says its difficulty and its net successes; an
    initiative roll says its number is the initiative («→ 4» read like a success count of a deed)."""
    import re

    said, _ = _play_from("gate", lang, ["1", "q"], tmp_path, book="dark_ages", scenario="hospice-of-saint-lazare",
                         sheet="brother-odo")
    assert any(re.match(side, line) for line in said), [line for line in said if "—" in line][:6]
    said, _ = _play_from("cloister", lang, ["q"], tmp_path, book="dark_ages", scenario="hospice-of-saint-lazare",
                         sheet="brother-odo", seed=2)
    assert any(re.match(initiative, line) for line in said), [line for line in said if "—" in line][:6]


@pytest.mark.parametrize(("lang", "wait", "hanged", "lost"), [
    ("en", "I wait and watch", "cuts him down half-strangled", "What was at stake is lost with the time: "),
    ("ru", "Жду и смотрю", "не перерезает верёвку", "Вместе со временем упущено то, что стояло на кону: "),
])
def test_a_scene_lost_on_the_clock_says_what_became_of_its_stake(tmp_path, lang: str, wait: str, hanged: str,
                                                                  lost: str) -> None:
    """DA pilgrims s6: the hanging scene ran out its turns and cut to the sick ward; nobody said whether Aimery was
    hanged. After «Time runs out» comes one line of the outcome: the scene's ``timeout_says``, else its stake
    said lost (the bell's mill writes none)."""
    said, _ = _play_from("stable", lang, [wait] * 3 + ["q"], tmp_path, book="dark_ages",
                         scenario="pilgrims-of-the-long-night", sheet="hugues")
    ran_out = next(i for i, line in enumerate(said) if "Time runs out" in line or "Время вышло" in line)
    assert hanged in said[ran_out + 1], said[ran_out:ran_out + 3]
    said, _ = _play_from("mill", lang, [wait] * 4 + ["q"], tmp_path, book="dark_ages", scenario="bell-of-saint-vaast",
                         sheet="hugues")
    ran_out = next(i for i, line in enumerate(said) if "Time runs out" in line or "Время вышло" in line)
    assert said[ran_out + 1].startswith(lost), said[ran_out:ran_out + 3]
