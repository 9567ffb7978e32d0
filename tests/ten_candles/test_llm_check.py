"""The facts guard over model prose (plain code, no model): each refusal is a rule of the rulebook."""

from __future__ import annotations

import pytest
from narrator.agents.ten_candles.llm_check import Facts, as_truth, problems, truth_form_problems, truth_topic

FACTS = Facts(lang="en", lit=6, success=True, dead=("Mara",), lines=("spiders",), truths=("Truth: we found a car",))


@pytest.mark.parametrize("text, expected", [
    ("Jonah pulls the door open, and the corridor is empty.", None),
    ("Jonah fails to open the door.", "SUCCEEDED"),                       # L283: the kernel settled success
    ("Jonah does not fail this time.", None),                            # a negated marker is not a failure
    ("Six candles still burn.", None),
    ("Seven candles still burn against the dark.", "7 candle(s)"),       # wrong count (kernel: 6 lit)
    ("Four candles have gone out.", None),                               # the dark ones may be counted as out
    ("The last candle gutters.", "not the last candle"),
    ("Mara screams and runs for the stairs.", "Mara is dead"),           # D27: the dead leave play
    ("They lay Mara's body under a coat.", None),                        # mourning is allowed
    ("A spider drops from the ceiling.", "lines"),                       # D39: a line never appears
    ("There is no car in the lot any more.", "spoken truth"),            # L323: truths are unchangeable
], ids=["ok", "success-told-as-failure-L283", "negated-failure", "right-count", "wrong-count", "dark-count",
        "last-candle", "dead-acting-D27", "mourning", "line-D39", "contradicts-truth-L323"])
def test_narration_problems(text: str, expected: str | None) -> None:
    """Rule: «Рассказывает исход… тот, у кого больше шестёрок» (seeds/000_e53cdcbb20917f8a.txt:L283), D27, D39, L323."""
    found = problems(text, FACTS)
    if expected is None:
        assert found == []
    else:
        assert any(expected in p for p in found), found


def test_failure_told_as_success_is_refused() -> None:
    """Rule: a failed conflict is narrated as a failure (seeds/000_e53cdcbb20917f8a.txt:L283)."""
    facts = Facts(lang="en", lit=5, success=False)
    assert problems("Jonah succeeds and the door gives way.", facts)
    assert not problems("Jonah does not succeed; the door holds.", facts)


def test_russian_markers_and_counts() -> None:
    """Rule: the same guard in Russian (провал/удалось, горит свечей)."""
    facts = Facts(lang="ru", lit=3, success=True)
    assert problems("Ему не удалось открыть дверь.", facts)
    assert not problems("Ему удалось открыть дверь. Горит свечей: 3.", facts)
    assert problems("Горят четыре свечи.", facts)


def test_veil_must_be_off_screen() -> None:
    """Rule: a veil happens only off-screen (D39)."""
    facts = Facts(lang="en", lit=5, veils=("gore",))
    assert problems("Blood pours over the floor.", facts)
    assert not problems("Blood is spilled off-screen; the light turns away.", facts)


@pytest.mark.parametrize("raw, spoken", [
    ("we found matches in the car", "Truth: We found matches in the car"),
    ("Truth: a thin rain begins.", "Truth: A thin rain begins."),
    ("TRUTH - the radio is dead", "Truth: The radio is dead"),
    # one fact (L325): a model that runs on is cut to its first full sentence (SmolLM2's recorded answers)
    ("The story ends at Arkady's death. As the Event unfolds, the story is told with an emphasis on:",
     "Truth: The story ends at Arkady's death."),
    ("Yes. The radio in the cab still works; it only plays static", "Truth: The radio in the cab still works"),
    ("the lights of the station went out and never came back, which serves as:",
     "Truth: The lights of the station went out and never came back, which serves as"),
])
def test_as_truth_adds_the_word(raw: str, spoken: str) -> None:
    """Rule: «не забыв упомянуть, что говорят Истину» (seeds/000_e53cdcbb20917f8a.txt:L313)."""
    assert as_truth(raw, "en") == spoken
    assert as_truth("мы нашли спички", "ru") == "Истина: Мы нашли спички"


@pytest.mark.parametrize("text, gm, expected", [
    ("Truth: We reached the hospital.", False, None),
    ("Truth: We reached the hospital. It has power.", False, "ONE fact"),            # L325
    ("Truth: The sun will never rise again.", False, "only the Storyteller"),       # L331
    ("Truth: The sun will never rise again.", True, None),
    ("Truth: They are weak against silver.", True, "no weakness but light"),        # L216
    ("Truth: They fear the light of a living flame.", True, None),
    ("Truth: We found a car.", False, "already spoken"),
    ("Truth: There is no car anywhere.", False, "spoken truth"),                      # L323
    ("Truth: And we are alive.", False, "chorus"),                                   # L317
], ids=["one-fact", "two-facts-L325", "player-sun-L331", "gm-sun-L331", "weakness-not-light-L216",
        "weakness-light", "repeat", "contradiction-L323", "chorus-L317"])
def test_truth_form(text: str, gm: bool, expected: str | None) -> None:
    """Rule: one fact per truth, GM-only topics, no contradiction (seeds/000_e53cdcbb20917f8a.txt:L313-L331)."""
    facts = Facts(lang="en", lit=6, truths=("Truth: We found a car.",))
    found = truth_form_problems(text, facts, gm=gm)
    if expected is None:
        assert found == []
    else:
        assert any(expected in p for p in found), found


def test_truth_topic() -> None:
    """Rule: topics only the GM may speak (seeds/000_e53cdcbb20917f8a.txt:L331)."""
    assert truth_topic("Truth: There is no hint of dawn.") == "sun"
    assert truth_topic("Truth: The darkness beyond the windows moves.") == "darkness"
    assert truth_topic("Truth: They are vulnerable to light.") == "their_weakness"
    assert truth_topic("Truth: We found a torch.") == "general"
