"""Powers on the sheet (issue 28): Blood, Celerity, Rage and Gnosis as far as the chapters say how.

Blood: spending it is reflexive, no roll (seeds/002_066846aa780a4bc4.txt L71), how much it raises a trait
is not in the chapter (D38): the table says so and nothing is rolled. Celerity (DA L197) and a Rage point
(seeds/003_f0eb31a77e5e4bcd.txt L40, L200, L234): an extra action in the turn with its full pool, through
the kernel's ``DeclareActions.extra``. Gnosis (WW L184): neither the difficulty of stepping sideways nor the
Gifts are in the chapter: the table says so.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from narrator.storyteller.play import new_table, run
from narrator.storyteller.powers import answer, named_power
from narrator.storyteller.seat import TerminalPlayer, parse_choice
from narrator.storyteller.template import Option


def _records(path: Path) -> list[dict]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]


def _play(book: str, lang: str, inputs: list[str], tmp_path: Path, seed: int = 3) -> tuple[list[str], list[dict]]:
    said: list[str] = []
    answers = iter(inputs)
    player = TerminalPlayer(lambda _prompt: next(answers, "q"), said.append, lang)
    path = tmp_path / "t.jsonl"
    table = new_table(book, character=None, lang=lang, seed=seed, transcript=path, player=player, say=said.append)
    run(table, said.append)
    return said, _records(path)


@pytest.mark.parametrize(("text", "lang", "power"), [
    ("Я трачу кровь, чтобы усилить мышцы", "ru", "blood"),
    ("I spend blood to make my arms stronger", "en", "blood"),
    ("I spend a Rage point", "en", "rage"),
    ("Использую Гнозис, чтобы шагнуть в сторону", "ru", "gnosis"),
    ("использую стремительность", "ru", "celerity"),
    ("I bandage the wound to stop the blood", "en", None),  # blood, but no power spent
    ("Перевязываю рану, чтобы остановить кровь", "ru", None),
    ("I fly into a rage and attack", "en", None),
])
def test_the_words_that_name_a_power(text, lang, power):
    assert named_power(text, lang) == power


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_spending_blood_says_what_the_chapter_says_and_rolls_nothing(tmp_path, lang):
    """Ysolde (a vampire, Blood pool 10): the words get DA L71's answer and no roll, not the plain pool."""
    words = {"en": "I spend blood to strengthen my muscles", "ru": "Я трачу кровь, чтобы усилить мышцы"}[lang]
    said, records = _play("dark_ages", lang, [words, "q"], tmp_path)
    told = [line for line in said if "DA L71" in line]
    assert told and ("not in the rules here" in told[0] or "в правилах здесь нет" in told[0])
    assert not [r for r in records if r["kind"] == "action" and r["payload"]["kind"] in ("roll", "resisted")]
    assert any(("Blood pool 10" in line) or ("Запас крови 10" in line) for line in said)  # the sheet's powers hint


def test_a_power_the_sheet_lacks_is_said_so():
    found = answer("I spend a Rage point", {"id": "elias", "rage": 0}, {}, "Elias", "en")
    assert found is not None and "no Rage" in found.text and not found.extra


def test_gnosis_says_the_chapter_is_silent_on_stepping_sideways():
    found = answer("I use Gnosis to step sideways", {"id": "ruth", "gnosis": 3}, {}, "Ruth", "en")
    assert found is not None and "WW L184" in found.text and "cannot roll them" in found.text


def test_r_after_a_number_asks_for_an_extra_action():
    options = [Option(1, "a", "A", ""), Option(2, "b", "B", "")]
    assert parse_choice("2r", options).extra and not parse_choice("2", options).extra
    assert parse_choice("1wr", options).willpower


@pytest.mark.parametrize(("book", "rule"), [("wild_west", "WW L40"), ("dark_ages", "DA L197")])
def test_an_extra_action_bought_with_rage_or_celerity_is_two_rolls_in_one_turn(tmp_path, book, rule):
    """Ruth spends a Rage point, Ysolde uses Celerity 1, on the second scene's approach (an extended task
    or a fight: ``1r``): the kernel's declaration names an extra action with its full pool, and the player
    chooses again in the same turn unless the first roll moved the story on. Seeds 1..6: at least one game
    takes both rolls in that turn."""
    twice = 0
    for seed in range(1, 7):
        path_dir = tmp_path / str(seed)
        path_dir.mkdir()
        said, records = _play(book, "en", ["1", "1r", "1", "1", "1", "q"], path_dir, seed=seed)
        events = [r for r in records if r["kind"] == "event"]
        at = next((i for i, r in enumerate(events) if r["event"] == "actions_declared"), None)
        if at is None:  # the second question was a contest: no single roll to take twice
            continue
        assert any(rule in line for line in said)
        pools = events[at]["data"]["pools"]
        assert [p["extra"] for p in pools] == [False, True] and pools[0]["pool"] == pools[1]["pool"]
        rolls = 0
        for event in events[at + 1:]:
            if event["event"] in ("turn_begun", "scene_begun", "story_ended"):
                break
            rolls += event["event"] in ("roll_resolved", "attack_rolled")
        assert rolls in (1, 2)
        twice += rolls == 2
    assert twice >= 1


def test_rage_points_are_spent_by_the_kernel(tmp_path):
    from narrator.rules.replay import replay

    _, records = _play("wild_west", "en", ["1r", "q"], tmp_path)
    lines = [json.dumps(r) for r in records]
    state = replay(lines).state
    assert state.char("ruth").rage == 3  # Ruth's sheet: Rage 4


def test_rage_on_a_troupe_task_taken_alone_buys_the_extra_roll(tmp_path):
    """The play-tester's ``1r`` on the stampede's "turn the leaders" (a teamwork task, Ruth alone at the
    table: her own roll, WW L116): a Rage point is spent (4 -> 3) and she rolls twice in that turn (WW L40)."""
    from narrator.rules.replay import replay

    said: list[str] = []
    answers = iter(["1", "1r", "1", "1", "q"])
    path = tmp_path / "t.jsonl"
    table = new_table("wild_west", character=None, lang="en", seed=3, transcript=path,
                      player=TerminalPlayer(lambda _p: next(answers, "q"), said.append, "en"), say=said.append,
                      scenario="the-long-drive")
    run(table, said.append)
    records = _records(path)
    assert replay([json.dumps(r) for r in records]).state.char("ruth").rage == 3
    events = [r for r in records if r["kind"] == "event"]
    at = next(i for i, r in enumerate(events) if r["event"] == "actions_declared")
    rolls = []
    for event in events[at + 1:]:
        if event["event"] in ("turn_begun", "scene_begun", "story_ended"):
            break
        if event["event"] == "roll_resolved":
            rolls.append(event["data"]["task"])
    assert rolls == ["turn-leaders", "turn-leaders"]
    assert any("WW L40" in line for line in said)


def _play_in(book: str, scenario: str, lang: str, inputs: list[str], tmp_path: Path,
             seed: int = 3) -> tuple[list[str], list[dict]]:
    said: list[str] = []
    answers = iter(inputs)
    path = tmp_path / "t.jsonl"
    table = new_table(book, character=None, lang=lang, seed=seed, transcript=path, say=said.append,
                      player=TerminalPlayer(lambda _p: next(answers, "q"), said.append, lang), scenario=scenario)
    run(table, said.append)
    return said, _records(path)


@pytest.mark.parametrize(("lang", "words", "deed"), [
    ("en", "I spend blood and sit near the gallery, watching who fills Gautier's cup", "watching who fills"),
    ("ru", "Трачу кровь и сажусь поближе к галерее, слежу, кто подливает вино в кубок Готье", "кто подливает вино"),
])
def test_a_deed_said_with_spending_blood_is_read_and_rolled(tmp_path, lang, words, deed):
    """The play-tester's «Трачу кровь и выхожу из тени, хватаю…» got only the note on blood: the deed is read
    and rolled (the feast's watch-cup), the note says nothing is spent (DA L71), not "nothing is rolled"."""
    said, records = _play_in("dark_ages", "tourney-at-vaucouleurs", lang, [words, "q"], tmp_path)
    answers = [r["payload"] for r in records if r["kind"] == "answer"]
    assert answers and answers[0]["approach"] == "watch-cup" and deed in answers[0]["intent"]
    assert [r for r in records if r["kind"] == "action" and r["payload"]["kind"] == "roll"]
    note = next(line for line in said if "DA L71" in line)
    assert "nothing is rolled" not in note and "ничего не брошено" not in note


@pytest.mark.parametrize(("lang", "words"), [
    ("en", "I spend Rage and gallop straight at the leaders, yelling"),
    ("ru", "Трачу Ярость и догоняю головных быков, заворачиваю их по кругу"),
])
def test_a_deed_said_with_spending_rage_is_the_first_of_two_actions(tmp_path, lang, words):
    """"I spend Rage and gallop at the leaders" got only "Add r to an approach": the Rage point is spent
    (4 -> 3, WW L40), the deed is the first action of the two and rolled without asking again."""
    from narrator.rules.replay import replay

    said, records = _play_in("wild_west", "the-long-drive", lang, ["1", words, "q"], tmp_path)
    assert replay([json.dumps(r) for r in records]).state.char("ruth").rage == 3
    kinds = [r["payload"]["kind"] for r in records if r["kind"] == "action"]
    at = kinds.index("declare_actions")
    assert kinds[at + 1] == "roll"
    rolled = [r["payload"] for r in records if r["kind"] == "action" and r["payload"]["kind"] == "roll"]
    assert rolled[-1]["task"] == "turn-leaders"
    assert any("WW L40" in line for line in said)  # the declaration says what was spent


def test_the_powers_hint_of_a_resumed_game_says_the_rage_points_left(tmp_path):
    """A game saved after a Rage point was spent and resumed: the sheet shows «Rage: 3 / 4» and the hint under
    the first question said "Rage 4" (the play-tester, The Long Drive); it says the points left of the rating."""
    from narrator.storyteller.play import resume_table

    _play("wild_west", "en", ["1r", "q"], tmp_path)
    said: list[str] = []
    player = TerminalPlayer(lambda _prompt: "q", said.append, "en")
    run(resume_table(tmp_path / "t.jsonl", player=player, say=said.append), said.append)
    assert any("Rage: 3 / 4" in line for line in said)
    hints = [line for line in said if "say what you spend them on" in line]
    assert hints and "Rage 3/4, Gnosis 3" in hints[0]
