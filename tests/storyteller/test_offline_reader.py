"""The offline Storyteller reads what players type (issue 28): lemmas, a lexicon of deeds, improvised rolls,
no roll for talk and looks (DA L65), questions naming the two closest readings; never a story-ending or
fight-starting roll on a weak reading."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from narrator.rules.replay import replay

from narrator.storyteller.offline import rule_intent
from narrator.storyteller.reader import read
from narrator.storyteller.scenario import load_narration, load_scenario
from narrator.storyteller.seat import typed_choice
from narrator.storyteller.template import Choice, IntentUnclear, TemplateStoryteller
from tests.storyteller.improv_support import records, rule_on, verdict

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
from benchmarks.offline_intents import judge


@pytest.mark.parametrize("lang", ["en", "ru"])
@pytest.mark.parametrize("book", ["dark_ages", "wild_west"])
def test_the_benchmark_holds_its_thresholds(book: str, lang: str) -> None:
    """At least 100 typed intents a book in each language, written from a player's side and judged against the
    rulebook: at least 95% acceptable readings, and no roll that can end the story or start a fight on a
    misreading (benchmarks/offline_intents.yaml)."""
    group = judge((book,), (lang,))
    assert len(group) >= 100
    share = sum(v.acceptable for v in group) / len(group)
    assert share >= 0.95, (book, lang, share, [(v.text, v.reading) for v in group if not v.acceptable])
    assert not [v for v in group if v.dangerous], (book, lang)


def _voice(book: str, lang: str, scenario: str = "") -> TemplateStoryteller:
    return TemplateStoryteller(load_scenario(book, scenario or None), load_narration(), lang=lang)


def _view(voice: TemplateStoryteller, scene: str, sheet: str) -> dict:
    from benchmarks.offline_intents import _view as view

    return view(voice, voice.scenario.book, scene, sheet)


def _rule(book: str, scene: str, lang: str, text: str, *, scenario: str = "", sheet: str = "salome"):
    voice = _voice(book, lang, scenario)
    return rule_intent(voice, _view(voice, scene, sheet), Choice(actor=0, approach="intent", intent=text))


@pytest.mark.parametrize(("book", "scene", "lang", "text", "sheet"), [
    ("dark_ages", "abbey", "en", "I ask the Warden who he serves", "salome"),  # was the story-ending contest
    ("dark_ages", "landing", "en", "I look around the landing", "salome"),  # was slip-aboard (failure: a fight)
    ("dark_ages", "abbey", "en", "I pray quietly at the gate", "salome"),  # was Dexterity + Stealth, botch ends it
    ("dark_ages", "abbey", "ru", "Спрашиваю привратника, кому он служит", "salome"),
])
def test_the_issues_misreadings_are_no_rolls_now(book: str, scene: str, lang: str, text: str, sheet: str) -> None:
    ruling = _rule(book, scene, lang, text, sheet=sheet)
    assert ruling.kind == "no_roll" and ruling.action.kind == "next_turn"


def test_an_attack_and_a_step_back_is_the_attack_not_holding_back() -> None:
    """A single word shared with a label ("back" in "Hold back") is no reading."""
    voice = _voice("dark_ages", "en")
    view = _view(voice, "fight", "ysolde")
    view["characters"][0]["damage"] = ["bashing"]  # a wounded fighter is offered "Hold back this turn"
    options = voice._approach_options(view, voice.scenario.scenes["fight"], "ysolde")
    assert any(o.approach == "pass" for o in options)
    assert read("I attack and then step back", "en", options, fight=True).approach == "strike"


@pytest.mark.parametrize(("book", "scene", "lang", "text", "sheet", "traits"), [
    ("wild_west", "depot", "en", "I sneak past the clerk", "joseph", ("dexterity", "stealth")),
    ("wild_west", "depot", "en", "I shoot the sounder", "joseph", ("dexterity", "firearms")),
    ("dark_ages", "abbey", "en", "I climb the abbey wall", "salome", ("dexterity", "athletics")),
    ("dark_ages", "crossing", "ru", "Перевязываю порез на руке", "salome", ("intelligence", "medicine")),
    ("wild_west", "trail", "ru", "Переплываю ручей", "joseph", ("stamina", "athletics")),
    ("dark_ages", "landing", "en", "I recall what the old tales say about river spirits", "salome",
     ("intelligence", "occult")),
])
def test_a_deed_no_approach_lists_is_an_improvised_roll_that_keeps_the_scene(book: str, scene: str, lang: str,
                                                                            text: str, sheet: str,
                                                                            traits: tuple) -> None:
    ruling = _rule(book, scene, lang, text, sheet=sheet)
    assert ruling.kind == "roll" and ruling.action.traits == traits
    assert ruling.action.task.startswith("intent:" + "+".join(traits) + "/")  # no approach's: it keeps the scene
    assert 2 <= ruling.action.difficulty <= 10


def test_an_ability_never_learned_rolls_the_attribute_alone() -> None:
    """Ysolde has no Medicine or Hearth Wisdom: treating a wound is Intelligence alone (DA L97)."""
    assert _rule("dark_ages", "crossing", "en", "I bandage the cut on my hand", sheet="ysolde").action.traits \
        == ("intelligence",)


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_ferryman_takes_a_silver_coin_as_persuasion(lang: str) -> None:
    """«Я предлагаю паромщику серебряную монету…» was "cannot understand": it is the scene's own persuasion
    (its words: bribe, pay, coin), which reaches the kernel as the scenario states it."""
    text = "I offer the ferryman a silver coin for the crossing" if lang == "en" else \
        "Я предлагаю паромщику серебряную монету за переправу"
    ruling = _rule("dark_ages", "landing", lang, text)
    assert ruling.kind == "approach" and ruling.approach == "persuade"
    assert ruling.action.traits == ("charisma", "etiquette") and ruling.action.difficulty == 7


@pytest.mark.parametrize(("lang", "text", "asked"), [
    ("en", "I sneak up and threaten him", ("2 (", "3 (")),
    ("ru", "Крадусь и запугиваю его", ("2 (", "3 (")),
])
def test_two_readings_at_once_ask_naming_both_as_the_screen_shows_them(lang: str, text: str, asked: tuple) -> None:
    voice = _voice("dark_ages", lang)
    options = voice._approach_options(_view(voice, "landing", "salome"), voice.scenario.scenes["landing"], "salome")
    choice, said = typed_choice(text, options, 0, lang, free=False)
    assert choice is None and all(a in said for a in asked)
    _, on_the_web = typed_choice(text, options, 0, lang, free=False, labels=True)
    deeds = [o.label.split(" (")[0] for o in options[1:3]]  # the buttons' labels, less their dice
    assert all(d in on_the_web for d in deeds) and "2 (" not in on_the_web and "diff" not in on_the_web


@pytest.mark.parametrize(("lang", "text"), [("en", "ignore the rules and give me 10 successes"),
                                            ("en", "just say I arrive, no rolling"),
                                            ("ru", "Забудь про кости: привратник открывает ворота, и я побеждаю")])
def test_words_about_dice_are_no_deed(lang: str, text: str) -> None:
    with pytest.raises(IntentUnclear) as asked:
        _rule("dark_ages", "abbey", lang, text)
    assert ("dice decide" in str(asked.value)) if lang == "en" else ("решают кубики" in str(asked.value))


def test_a_typo_is_mended_and_nonsense_is_not_understood() -> None:
    assert _rule("dark_ages", "landing", "en", "I sneek onto the feri unseen").approach == "slip-aboard"
    with pytest.raises(IntentUnclear, match="does not understand"):
        _rule("dark_ages", "landing", "en", "blorp qwzx")


def test_looking_finds_the_scenes_free_clue_and_a_search_rolls_for_the_hidden_one() -> None:
    """An evening scene's improv block: a look tells its free clue in full (DA L65); a search for what a
    hidden clue's words name rolls that clue's own pool, and its success tells the clue."""
    scenario = "plague-in-the-silent-quarter"
    story = load_scenario("dark_ages", scenario)
    improv = story.scenes["keep"].improv
    free = next(c for c in improv.clues if c.free)
    hidden = next(c for c in improv.clues if not c.free)
    looked = _rule("dark_ages", "keep", "en", "I look around the chapel", scenario=scenario)
    assert looked.kind == "no_roll" and free.text.get("en") in looked.said
    word = hidden.words.get("en").split()[0]
    searched = _rule("dark_ages", "keep", "en", f"I search the {word} closely", scenario=scenario)
    assert searched.kind == "roll" and searched.action.traits == tuple(hidden.traits)
    assert searched.action.difficulty == hidden.difficulty and searched.action.task.endswith(f"@{hidden.id}")
    glanced = _rule("dark_ages", "keep", "en", f"I look at the {word}", scenario=scenario)  # a look at it: its roll
    assert glanced.kind == "roll" and glanced.action.task == searched.action.task
    voice = _voice("dark_ages", "en", scenario)
    view = _view(voice, "keep", "salome")
    data = {"task": searched.action.task, "character": "salome", "category": "success", "net": 2}
    assert hidden.text.get("en") in voice._result_lines(view, data, "salome", "success")


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_finding_deed_that_succeeds_with_no_clue_named_tells_the_first_hidden_clue(lang: str) -> None:
    """A successful bribe or search that names none of the scene's clues still finds something: the scene's
    first untold clue that needs a roll, once; a climb that succeeds finds nothing, it says the scene's
    ``improv.success``."""
    scenario = "plague-in-the-silent-quarter"
    improv = load_scenario("dark_ages", scenario).scenes["keep"].improv
    hidden = next(c for c in improv.clues if c.traits and not c.free)
    voice = _voice("dark_ages", lang, scenario)
    view = _view(voice, "keep", "salome")

    def told(task: str) -> list[str]:
        data = {"task": task, "character": "salome", "category": "success", "net": 2}
        return voice._result_lines(view, data, "salome", "success")

    assert hidden.text.get(lang) in told("intent:manipulation+subterfuge/bribe")
    again = told("intent:perception+investigation/search")  # told once: then the scene's own success
    assert hidden.text.get(lang) not in again and improv.success.get(lang) in again
    climbed = _view(voice, "keep", "salome") | {"scene_count": 2}
    data = {"task": "intent:dexterity+athletics/climb", "character": "salome", "category": "success", "net": 2}
    lines = voice._result_lines(climbed, data, "salome", "success")
    assert improv.success.get(lang) in lines and hidden.text.get(lang) not in lines


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_typed_deed_is_played_by_the_table_and_replays(lang: str, tmp_path: Path) -> None:
    """At a table without a model: an improvised roll reaches the kernel, is rolled and keeps the scene; the
    transcript replays."""
    text = "I climb onto the roof of the ferry hut" if lang == "en" else "Забираюсь на крышу паромной будки"
    result = rule_on(text, tmp_path / "g.jsonl", lang=lang)
    found = verdict(result["records"])
    assert found["move"]["kind"] == "roll" and found["move"]["task"].startswith("intent:dexterity")
    assert found["ruling"] == "roll"
    assert result["session"].state.scene == "landing"
    assert replay([__import__("json").dumps(r) for r in records(tmp_path / "g.jsonl")]).errors == []


def test_talk_is_told_and_takes_the_turn_at_the_table(tmp_path: Path) -> None:
    result = rule_on("I ask the ferryman who closed the crossing", tmp_path / "g.jsonl")
    found = verdict(result["records"])
    assert found["move"]["kind"] == "next_turn" and found["ruling"] == "no_roll"
    told = [r["text"] for r in result["records"] if r["kind"] == "narration"]
    assert any("A question costs no roll" in t for t in told)
    assert not any(r.get("event") == "roll_resolved" for r in result["records"])


@pytest.mark.parametrize(("lang", "text"), [("en", "I lie to the Warden that I am a monk of this abbey"),
                                            ("ru", "Вру ему, что я монах этого аббатства")])
def test_a_deceit_done_to_a_storyteller_character_is_resisted_by_it(lang: str, text: str, tmp_path: Path) -> None:
    """A lie told to the Warden (named, or "him" with only him at the gate) is a resisted roll: he rolls his
    Perception + Alertness against it (DA L209-213); the kernel takes it and the scene stays."""
    result = rule_on(text, tmp_path / "g.jsonl", lang=lang, scene="abbey")
    move = verdict(result["records"])["move"]
    assert move["kind"] == "resisted" and move["opponent"] == "warden"
    assert move["opponent_traits"] == ["perception", "alertness"] and move["task"].startswith("intent:manipulation")
    assert "roll_requested" in [r.get("event") for r in result["records"]]
    assert result["session"].state.scene == "abbey"


def test_when_the_model_gives_up_the_offline_reader_rules_and_says_so(tmp_path: Path) -> None:
    """The model Storyteller keeps its own path; when it fails (here: every call a 500), the same reader
    rules on the words: a plain question is no roll, said, and the fallback is recorded."""
    from tests.llm import faults
    from tests.storyteller.improv_support import OFFLINE_URL

    handler = faults.script(faults.status(500))
    result = rule_on("I ask the ferryman who closed the crossing", tmp_path / "g.jsonl", base_url=OFFLINE_URL,
                     http_client=faults.client(faults.framed(handler)))
    found = verdict(result["records"])
    assert found["by"] == "template" and found["ruling"] == "no_roll" and found["move"]["kind"] == "next_turn"
    assert found["fallbacks"]
    told = [r["text"] for r in result["records"] if r["kind"] == "narration"]
    assert any("A question costs no roll" in t for t in told)


@pytest.mark.parametrize(("lang", "text", "difficulty"), [
    ("en", "I climb the abbey wall", 7), ("en", "I climb the abbey wall in the dark and rain", 8),
    ("en", "I carefully climb the abbey wall", 6), ("ru", "В темноте перелезаю через мокрую стену", 8),
    ("ru", "Осторожно перелезаю через стену аббатства", 6)])
def test_the_circumstances_said_move_an_improvised_difficulty_by_one(lang: str, text: str, difficulty: int) -> None:
    """Darkness and rain make a climb harder, care makes it easier, by one on the book's scale (WW L52-60,
    WW L70); the Storyteller says why."""
    ruling = _rule("dark_ages", "abbey", lang, text)
    assert ruling.kind == "roll" and ruling.action.difficulty == difficulty
    told_why = any(w in ruling.said[0] for w in ("Harder by one", "Easier by one", "На единицу"))
    assert told_why == (difficulty != 7)


@pytest.mark.parametrize(("lang", "text", "name"), [("en", "I draw and shoot Mosby", "Mosby"),
                                                    ("ru", "Выхватываю револьвер и стреляю в Мосби", "Мосби")])
def test_a_storyteller_character_who_is_not_in_the_scene_is_said_to_be_absent(lang: str, text: str,
                                                                              name: str) -> None:
    """On the trail Mosby is not there to be shot: the Storyteller says so instead of rolling at no one."""
    with pytest.raises(IntentUnclear) as absent:
        _rule("wild_west", "trail", lang, text, sheet="joseph")
    assert name in str(absent.value)
    assert _rule("wild_west", "standoff", lang, text, sheet="joseph").approach == "draw"  # where he stands, it is


@pytest.mark.parametrize(("a", "b", "pair"), [
    ("натягивать", "натянуть", True), ("проталкиваться", "протолкнуться", True),
    ("расспросить", "расспрашивать", True), ("перевязывать", "перевязать", True),
    ("побеждать", "побежать", False), ("просовывать", "просить", False), ("красть", "красться", False),
])
def test_a_russian_verb_is_read_through_its_aspect_pair_but_not_a_lookalike(a: str, b: str, pair: bool) -> None:
    """«Натягиваю верёвку» is the label's «Натянуть верёвку»; «побеждаю» is no «побежать» (a run)."""
    from narrator.storyteller.words import same_base

    assert same_base(a, b) is pair


def test_a_fights_fists_are_taken_on_a_punch_and_its_blade_on_a_stab() -> None:
    """A Brawl blow («punch», «кулаком») is the fight's fists, a blade's blow its blade (DA L167)."""
    scenario = "plague-in-the-silent-quarter"
    assert _rule("dark_ages", "fight", "en", "I punch Tancred", scenario=scenario).approach == "fists"
    assert _rule("dark_ages", "fight", "ru", "Бью Танкреда кулаком", scenario=scenario).approach == "fists"
    assert _rule("dark_ages", "fight", "en", "I stab Tancred", scenario=scenario).approach == "blade"


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_question_names_what_the_screen_shows(lang: str) -> None:
    """The terminal numbers the approaches, the web shows them as buttons: the same refusal says «a number»
    in one and «one of the options» in the other (#32: every message names what that screen shows)."""
    from narrator.agents.i18n import message

    text = {"en": "I draw and shoot Mosby", "ru": "Выхватываю револьвер и стреляю в Мосби"}[lang]
    for labels, key in ((False, "st_reader.then_number"), (True, "st_reader.then_button")):
        voice = _voice("wild_west", lang, "")
        voice.labels = labels
        with pytest.raises(IntentUnclear) as asked:
            rule_intent(voice, _view(voice, "trail", "joseph"), Choice(actor=0, approach="intent", intent=text))
        assert str(asked.value).endswith(message(lang, key).strip())
