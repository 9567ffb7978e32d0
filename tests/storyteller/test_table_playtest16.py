"""Playtest 16, the Storyteller table (not the reader): what the screen says about the dice is what the kernel
rolls (Willpower), a Rage action is any action, the answer to a free act prints before the clock's scene change,
Russian verbs agree with a woman's name."""

from __future__ import annotations

from dataclasses import replace

import pytest
from narrator.rules.core import ChanceAction, Viewer
from narrator.rules.storyteller import BeginScene, Resisted, Roll

from narrator.storyteller.answers import typed_choice
from narrator.storyteller.data import load_combat, load_sheet, sample_sheets, table_config
from narrator.storyteller.scenario import load_narration, load_scenario
from narrator.storyteller.template import TemplateStoryteller
from tests.storyteller.helpers import game_of

TOURNEY = "tourney-at-vaucouleurs"


def _tourney(scene: str, lang: str):
    story = load_scenario("dark_ages", TOURNEY)
    pc = load_sheet(sample_sheets("dark_ages")[-1], "dark_ages")
    config = replace(table_config("dark_ages", [pc, *story.npc_sheets()], combat=load_combat("dark_ages")),
                     scenario=story.id)
    game = game_of("dark_ages")
    state = game.apply(game.initial_state(config), BeginScene(scene=scene)).state
    return game, state, TemplateStoryteller(story, load_narration(), lang=lang, pc=pc.id), pc.id


@pytest.mark.parametrize(("lang", "text", "promise", "why"), [
    ("ru", "трачу силу воли и снова уговариваю его, клянусь на кресте, обещаю защиту госпожи Изабо",
     "С тратой Силы воли", "В состязании Сила воли за этим столом не тратится"),
    ("en", "I spend willpower and promise him Dame Isabeau's protection and a place at her court",
     "Spending Willpower", "Willpower is not spent in a contest at this table"),
])
def test_willpower_named_in_a_contest_is_not_promised_and_the_screen_says_why(lang: str, text: str, promise: str,
                                                                              why: str) -> None:
    """DA ru, tourney s3: «трачу силу воли и снова уговариваю его» read as the contest with Jehan said «С тратой
    Силы воли, как вы сказали» while the kernel rolled the contest without it (willpower [false, false], 5/5
    kept, a botch). The kernel refuses Willpower in a contest (D53): the screen says so, and the choice does not
    carry a point the request would drop."""
    game, state, voice, _pc = _tourney("minstrel", lang)
    view = game.view(state, Viewer.HOST)
    options = voice.options(view)
    choice, said = typed_choice(text, options, 0, lang, free=False)
    assert choice is not None and choice.approach == "patronage", (choice, said)
    assert promise not in said and why in said, said
    assert not choice.willpower
    request = voice.propose(view, choice, {0: choice})
    assert isinstance(request, Resisted) and not request.willpower


@pytest.mark.parametrize(("lang", "text", "promise"), [
    ("ru", "трачу силу воли и слушаю его песню до последнего слова", "С тратой Силы воли"),
    ("en", "I spend willpower and listen to his song to the last word", "Spending Willpower"),
])
def test_willpower_named_on_a_simple_roll_is_said_and_spent(lang: str, text: str, promise: str) -> None:
    """Where the kernel takes the point (a character's own simple roll, DA L169) the screen says it is spent, and
    it is: one point fewer, no dice rolled, one success."""
    game, state, voice, pc = _tourney("minstrel", lang)
    view = game.view(state, Viewer.HOST)
    options = voice.options(view)
    hear = next(o for o in options if o.approach == "hear-song")
    choice, said = typed_choice(text, [hear], 0, lang, free=False)
    assert choice is not None and choice.approach == "hear-song", (choice, said)
    assert promise in said and choice.willpower, said
    request = voice.propose(view, choice, {0: choice})
    assert isinstance(request, Roll) and request.willpower
    before = state.char(pc).willpower
    after = game.apply(state, request).state
    if after.pending is not None:  # add_to_roll: the dice are still rolled
        after = game.apply(after, ChanceAction(values=tuple([2] * after.pending.parts[0].pool))).state
    assert after.char(pc).willpower == before - 1


@pytest.mark.parametrize(("lang", "words", "refused"), [
    ("ru", ["1", "трачу ярость, пришпориваю коня и гоню быков по кругу", "палю из кольта в воздух перед мордами"],
     "Сначала объявите действия"),
    ("en", ["1", "I spend Rage, spur my horse and drive the herd round in a circle",
            "I fire my colt in the air in front of their faces"], "Declare the actions first"),
])
def test_the_action_bought_with_rage_may_be_another_approach(tmp_path, lang: str, words: list[str],
                                                            refused: str) -> None:
    """WW ru + en, the stampede: after «трачу ярость…» the second action took only the first approach again; the
    shots (approach 2) got «Сначала объявите действия.» however typed. A Rage action is any action with its own
    full pool (WW L40): the shots are rolled in the same turn with Dexterity + Firearms."""
    from tests.storyteller.test_powers import _play_in

    said, records = _play_in("wild_west", "the-long-drive", lang, [*words, "q"], tmp_path)
    assert not any(refused in line for line in said)
    actions = [r["payload"] for r in records if r["kind"] == "action"]
    at = [a["kind"] for a in actions].index("declare_actions")
    turn = [a for a in actions[at + 1:at + 3]]
    assert [(a["kind"], a.get("task")) for a in turn] == [("roll", "turn-leaders"), ("roll", "fire-shots")], turn
    assert turn[1]["traits"] == ["dexterity", "firearms"]
    rolled = [r["data"] for r in records if r["kind"] == "event" and r["event"] == "roll_resolved"]
    shots = next(d for d in rolled if d.get("task") == "fire-shots")
    assert len(shots["dice"]) == 5  # Ruth's Dexterity 3 + Firearms 2, a full pool of its own


@pytest.mark.parametrize(("lang", "look", "answer", "time_out"), [
    ("en", "I look around the landing", "looking costs no roll", "Time runs out"),
    ("ru", "Осматриваюсь на пристани", "для этого бросок не нужен", "Время вышло"),
])
def test_the_answer_to_a_free_act_on_the_last_turn_comes_before_time_runs_out(tmp_path, lang: str, look: str,
                                                                               answer: str, time_out: str) -> None:
    """The ferry's landing has 4 turns; the 4th spent looking around printed «Time runs out», the dawn and the
    epilogue first and the answer to the look after «THE END» (4 times in playtest 16). The answer comes first."""
    from tests.storyteller.test_powers import _play_in

    said, _ = _play_in("dark_ages", "ferry-of-saint-aubin", lang, [look] * 4 + ["q"], tmp_path)
    ran_out = next(i for i, line in enumerate(said) if time_out in line)
    answers = [i for i, line in enumerate(said) if answer in line]
    assert len(answers) == 4 and answers[-1] < ran_out, (answers, ran_out)


@pytest.mark.parametrize(("book", "scenario", "scene", "sheet", "expected", "wrong"), [
    ("dark_ages", "bell-of-saint-vaast", "inn", "ysolde", "ради чего старалась", "ради чего старался"),
    ("wild_west", "last-stage-to-bitter-creek", "waystation", "ruth", "ради чего старалась", "ради чего старался"),
])
def test_an_improvised_success_agrees_with_a_woman(book: str, scenario: str, scene: str, sheet: str, expected: str,
                                                   wrong: str) -> None:
    """«Получилось: Изольда … добивается того, ради чего старался» (Изольда, Рут: 3 times in playtest 16): the
    catalogue's form for a woman (``improv_success_f``; the character's gender: agents.i18n.character_gender)."""
    from narrator.storyteller.play import resolve_sheet

    story = load_scenario(book, scenario)
    pc = resolve_sheet(book, sheet)
    config = replace(table_config(book, [pc, *story.npc_sheets()], combat=load_combat(book)), scenario=story.id)
    game = game_of(book)
    state = game.apply(game.initial_state(config), BeginScene(scene=scene)).state
    voice = TemplateStoryteller(story, load_narration(), lang="ru", pc=pc.id)
    asked = game.apply(state, Roll(character=pc.id, traits=("manipulation",), difficulty=6,
                                   task="intent:manipulation/haggle"))
    rolled = game.apply(asked.state, ChanceAction(values=(8,) * asked.state.pending.parts[0].pool))
    lines = voice.narrate(game.view(rolled.state, Viewer.HOST), [*asked.events, *rolled.events])
    assert any(expected in line for line in lines) and not any(wrong + "," in line for line in lines), lines


@pytest.mark.parametrize(("lang", "score", "progress"), [
    ("en", "Contest score: {me} 2 successes, Jehan the minstrel 0 successes; 2 successes needed to win.",
     "Progress: {n} of the {target} needed"),
    ("ru", "Счёт состязания: {me} — 2 успеха, Жеан-менестрель — 0 успехов; для победы нужно 2 успеха.",
     "Прогресс: {n} из {target} нужных"),
])
def test_score_lines_say_what_they_count(lang: str, score: str, progress: str) -> None:
    """«0 : 1 / 2» and «Прогресс: 4/3» (playtest 16): the contest's tally names each side and what wins it, the
    progress says successes of how many needed."""
    from narrator.agents.i18n import plural

    game, state, voice, pc = _tourney("minstrel", lang)
    me = voice._name(game.view(state, Viewer.HOST), pc)
    asked = game.apply(state, Resisted(character=pc, traits=("charisma", "etiquette"), difficulty=6, opponent="jehan",
                                       opponent_traits=("wits", "subterfuge"), opponent_difficulty=6,
                                       task="patronage", target=2))
    pools = [part.pool for part in asked.state.pending.parts]
    rolled = game.apply(asked.state, ChanceAction(values=(8, 8, *([2] * (pools[0] - 2)), *([2] * pools[1]))))
    lines = voice.narrate(game.view(rolled.state, Viewer.HOST), [*asked.events, *rolled.events])
    assert score.format(me=me) in lines, lines
    assert not any(line.replace(" ", "").replace(":", "").replace("/", "").isdigit() for line in lines)

    game, state, voice, pc = _tourney("feast", lang)
    follow = load_scenario("dark_ages", TOURNEY).scenes["feast"].approaches[3]
    assert follow.id == "follow-priest" and follow.roll is not None
    spec = follow.roll
    asked = game.apply(state, Roll(character=pc, traits=tuple(spec.traits), difficulty=spec.difficulty,
                                   action="extended", task=follow.id, target=spec.target))
    pool = asked.state.pending.parts[0].pool
    rolled = game.apply(asked.state, ChanceAction(values=(9,) * pool))
    lines = voice.narrate(game.view(rolled.state, Viewer.HOST), [*asked.events, *rolled.events])
    said = progress.format(n=plural(lang, "successes", pool), target=spec.target)
    assert any(line.startswith(said) for line in lines), lines


@pytest.mark.parametrize(("lang", "why"), [
    ("en", "Willpower is not spent in a contest at this table"),
    ("ru", "В состязании Сила воли за этим столом не тратится"),
])
def test_a_number_with_w_on_a_contest_says_why_no_willpower(tmp_path, lang: str, why: str) -> None:
    """``1w`` on the hospice gate's contest (plead with Sister Berthe): the request carries no point (D53) and
    ``w`` was dropped without a word. The table says why and asks again; ``1`` then rolls the contest."""
    from tests.storyteller.test_powers import _play_in

    said, records = _play_in("dark_ages", "hospice-of-saint-lazare", lang, ["1w", "1", "q"], tmp_path)
    assert any(why in line for line in said), said[-12:]
    answers = [r["payload"] for r in records if r["kind"] == "answer"]
    assert [(a["approach"], a["willpower"]) for a in answers][:1] == [("plead", False)]
    assert [r for r in records if r["kind"] == "action" and r["payload"]["kind"] == "resisted"]
