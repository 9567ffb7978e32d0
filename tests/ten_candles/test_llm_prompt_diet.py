"""What a Ten Candles Storyteller prompt carries, and what it no longer repeats (issue #11, the first streamed word
in Russian: the embedded model's tokenizer spends about three tokens on a Russian word, so every line a prompt
adds is paid for before the first word). The instructions of each task are said once, in the system prompt; a
conflict's line carries its stakes, so the narration of its outcome knows them; the dice, the truths' «Truth:» and
full names in every line are gone. Prompt machinery only: the trace keeps each prompt and sends nothing."""

from __future__ import annotations

import re

import pytest
from narrator.agents.llm import load_settings
from narrator.agents.ten_candles import llm_roles as roles
from narrator.rules.core import public

from narrator.ten_candles.prompt_trace import trace

HAPPENED = {"en": "What happened:\n", "ru": "Что произошло:\n"}
BEFORE = {"en": re.compile(r"Before this, (\d+) of 10 candles burned\."),
          "ru": re.compile(r"Перед этим горело свечей: (\d+) из 10\.")}
CANDLE = {"en": re.compile(r"^- A candle (?:goes out; (\d+) still burn|is lit again; (\d+) burn)\.$"),
          "ru": re.compile(r"^- (?:Гаснет свеча; горят ещё (\d+)|Свеча зажжена снова; горят (\d+))\.$")}


def requests(seed: int, lang: str) -> list:
    settings = load_settings(max_retries=0).for_local("http://127.0.0.1:9/v1", "m")
    return [a for a in trace(settings, seed, lang=lang) if not a.warm]


def event_lines(prompt: str, lang: str) -> list[str]:
    if HAPPENED[lang] not in prompt:
        return []
    block = prompt.split(HAPPENED[lang], 1)[1].split("\n\n", 1)[0]
    return block.split("\n")


def test_a_first_name_stands_for_a_character_while_it_is_nobody_elses() -> None:
    assert roles.short_names({0: "Дина Барс", 1: "Глеб Миронов", 2: "Вера"}) == {0: "Дина", 1: "Глеб", 2: "Вера"}
    # Two Annas, or a first name that is another character's whole name: the full names stay.
    assert roles.short_names({0: "Anna Lee", 1: "Anna Park", 2: "Tom"}) == {0: "Anna Lee", 1: "Anna Park", 2: "Tom"}
    assert roles.short_names({0: "Mira Stone", 1: "Mira"}) == {0: "Mira Stone", 1: "Mira"}
    assert roles.short_names({0: "Dr. Kell Vane"}) == {0: "Dr. Kell Vane"}  # a title is not a name


def test_the_candles_before_the_lines_come_from_the_first_candle_line() -> None:
    out, relit = public("candle_out", lit=6, cause="failure"), public("candle_relit", lit=7)
    assert roles.lit_before([], 9) == 9
    assert roles.lit_before([public("conflict_called", active=0), out], 6) == 7
    assert roles.lit_before([relit, out], 6) == 6  # lit again to 7, then out to 6: 6 burned before


@pytest.mark.parametrize(("seed", "lang"), [(3, "ru"), (5, "en")])
def test_the_storytellers_prompts_tell_the_story_and_not_the_mechanics(seed: int, lang: str) -> None:
    asked = requests(seed, lang)
    system = asked[0].system
    assert all(a.system == system for a in asked), "one system prompt for every Storyteller request"
    task_words = {"en": ('"Frame the conflict"', '"Narrate the outcome"', '"Speak a truth"'),
                  "ru": ("«Опиши конфликт»", "«Расскажи исход»", "«Скажи истину»")}[lang]
    assert all(word in system for word in task_words), "each task is explained once, in the system prompt"
    dice = {"en": " rolls ", "ru": " бросает кубиков"}[lang]
    full_names = {"en": "Mironov", "ru": "Миронов"}[lang]
    framings = 0
    for a in asked:
        lines = event_lines(a.prompt, lang)
        assert not any(dice in line for line in lines), "the dice are not told: the outcome's line is"
        assert not any(full_names in line for line in lines), "a line names a character by its first name"
        assert not re.search(r"^- (Truth|Истина):", a.prompt, re.MULTILINE), "a truth in the block has no «Truth:»"
        if a.prompt.endswith(roles.task("frame", lang)) and lines:
            framings += 1
            assert lines[-1].startswith("- ") and {"en": " faces a conflict", "ru": ": конфликт"}[lang] in lines[-1]
    assert framings >= 10


STAKED = {"en": re.compile(r" faces a conflict[^:]*: \S"), "ru": re.compile(r": конфликт[^—]* — \S")}


@pytest.mark.parametrize(("seed", "lang"), [(3, "ru"), (5, "en")])
def test_the_narration_of_an_outcome_knows_what_was_at_stake(seed: int, lang: str) -> None:
    """The module's task of a conflict is written into its line when it is framed (not a separate «Material»), and
    stays there for the narration of its outcome, as the same line: the narration's prompt repeats the framing's."""
    asked = requests(seed, lang)
    material = {"en": "Material to use:", "ru": "Материал:"}[lang]
    framed = narrated = 0
    for index, framing in enumerate(asked):
        lines = event_lines(framing.prompt, lang)
        if not framing.prompt.endswith(roles.task("frame", lang)) or not lines or not STAKED[lang].search(lines[-1]):
            continue
        framed += 1
        assert material not in framing.prompt, "the stakes are told once, in the conflict's line"
        for later in asked[index + 1:]:
            if later.prompt.endswith(roles.task("frame", lang)):
                break  # the next conflict: the Storyteller did not narrate this one (its player won the narration)
            if later.role == roles.NARRATION.name:
                assert lines[-1] in event_lines(later.prompt, lang)
                narrated += 1
                break
    assert framed >= 10, "most conflicts are the module's, told with their stakes"
    assert narrated >= 2, "the Storyteller narrated some of them"


@pytest.mark.parametrize(("seed", "lang"), [(3, "ru"), (5, "en")])
def test_the_candles_said_before_the_lines_and_the_candle_lines_agree(seed: int, lang: str) -> None:
    """The candles burning stand with the cast, as they were before the scene's lines (they then change only at a
    scene's end, where the lines start anew), and each candle that went out since is a line: the count a model
    reads last is the count that burns."""
    asked = requests(seed, lang)
    checked = 0
    for a in asked:
        found = BEFORE[lang].search(a.prompt)
        assert found, a.prompt
        lit = int(found.group(1))
        for line in event_lines(a.prompt, lang):
            candle = CANDLE[lang].match(line)
            if candle:
                after = int(candle.group(1) or candle.group(2))
                assert abs(after - lit) == 1, (lit, line)
                lit, checked = after, checked + 1
    assert checked >= 3, "candles went out during the traced scenes"


@pytest.mark.parametrize(("lang", "echo", "story"), [
    ("en", "Truth: Alive: Vera Lansky, Gleb Mironov.", "We are alive: that is all that matters now."),
    ("en", "The wind howls. Frame the conflict. Vera runs.", "Vera frames the doorway with her torch and waits."),
    ("ru", "Материал: набрать дров в сарае у края сада.", "Глеб идёт к сараю: нужны дрова, иначе печь погаснет."),
    ("ru", "Истина: Что произошло: Вера погибла.", "Истина: в сарае у края сада кто-то оставил топор."),
])
def test_a_text_that_says_the_request_back_is_refused_with_the_words_it_repeated(lang: str, echo: str,
                                                                                   story: str) -> None:
    """The embedded model's usual slip: the request's labels and tasks said back as the story. The validators of
    prose and truths refuse it (the model is asked again with the reason); the same words inside a sentence of
    the story pass."""
    from types import SimpleNamespace

    from narrator.agents.ten_candles.llm_check import Facts

    context = {"facts": Facts(lit=9, lang=lang), "gm": True}
    check = roles.check_truth if echo.startswith(("Truth:", "Истина:")) else roles.check_prose
    refusal = check(SimpleNamespace(text=echo), context)
    assert refusal is not None and "repeats the request's own words" in refusal
    assert roles.echoed(story, lang) is None


def test_a_truth_or_a_narration_that_is_a_line_of_what_happened_is_refused() -> None:
    """An AI character's truth read «Истина: Дина перебрасывает: теперь шестёрок 0.», a line of its own request."""
    from types import SimpleNamespace

    from narrator.agents.ten_candles.llm_check import Facts

    lines = ["Дина перебрасывает: теперь шестёрок 0.", "Вера: провал.", "Глеб рассказывает: \"Тьма отступает.\""]
    context = {"facts": Facts(lit=9, lang="ru"), "gm": False, "events": lines}
    refusal = roles.check_truth(SimpleNamespace(text="Истина: Дина перебрасывает: теперь шестёрок 0."), context)
    assert refusal is not None and "Дина перебрасывает" in refusal
    assert roles.check_prose(SimpleNamespace(text="Вера: провал. Свет гаснет, и Они ближе, чем казалось."),
                             context) is None, "a short line may be said in the story"
    assert roles.check_truth(SimpleNamespace(text="Истина: у Дины в кармане последний коробок спичек."),
                             context) is None
