"""Accusation texts (L74: «по легенде и по логике»): present in Russian and English, and no length tell."""

from __future__ import annotations

import random
import statistics
from collections import defaultdict

import pytest
from narrator.agents.battaglia import BattagliaBot
from narrator.agents.battaglia.texts import Reason, Table, accusation_text, defence_text, self_claim_text, words
from narrator.rules.battaglia import GAME, Accuse, BattagliaConfig
from narrator.rules.battaglia.actions import TEXT_LIMIT
from narrator.rules.battaglia.life import seat_force

from narrator.battaglia.playout import play_out, seat_request


def accusation_lengths(lang: str, games: int = 12, players: int = 12) -> dict[str, list[int]]:
    """Length of every bot accusation text, by the accuser's faction family (host truth, test only)."""
    lengths: dict[str, list[int]] = defaultdict(list)
    for seed in range(games):
        table = Table.for_game(seed, players, lang)
        bots = {s: BattagliaBot(seed, s, table) for s in range(players)}

        def measured_move(state, seat, bots=bots):
            answer = bots[seat].act(seat_request(state, seat))
            action = getattr(answer, "action", answer)  # a talking bot's Decision carries its claims
            if isinstance(action, Accuse) and str(state.phase) == "accuse":
                assert action.text.strip(), "an accusation in the accusation round has words"
                family = str(seat_force(state, seat)).removeprefix("first_").removeprefix("second_")
                lengths[family].append(len(action.text))
            return action

        play_out(GAME.initial_state(BattagliaConfig(players=players, speech_rounds=0)), random.Random(seed),
                 measured_move)
    return lengths


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_accusation_lengths_are_alike_across_forces(lang: str) -> None:
    """Every force's mean length is within 12% of the overall mean, so length tells nothing (L74)."""
    lengths = accusation_lengths(lang)
    everyone = [n for values in lengths.values() for n in values]
    overall = statistics.mean(everyone)
    for family, values in lengths.items():
        if len(values) >= 15:
            assert abs(statistics.mean(values) - overall) / overall < 0.12, (family, statistics.mean(values), overall)
    assert {"light", "darkness"} <= set(lengths)


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_every_template_fills_and_fits(lang: str) -> None:
    """Every template of both kinds renders non-empty, within the kernel's text limit, in one length band."""
    table = Table.for_game(1, 17, lang)
    texts = []
    data = words(lang, "speech")
    rng = random.Random(0)
    for _ in range(30):
        texts.append(accusation_text(table, 3, "legend", None, rng))
        for kind in data["by_logic"]:
            texts.append(accusation_text(table, 3, "logic", Reason(kind, other=5, card="COHEN", n=2), rng))
        texts.append(defence_text(table, 4, rng))
        texts.append(self_claim_text(table, 4, rng))
    assert all(t.strip() and "{" not in t and len(t) <= TEXT_LIMIT for t in texts)
    shortest, longest = min(map(len, texts)), max(map(len, texts))
    assert longest <= 2.2 * shortest, (shortest, longest)


def test_templates_exist_in_both_languages() -> None:
    """The same kinds of accusation are written in Russian and English."""
    ru, en = words("ru", "speech"), words("en", "speech")
    assert ru["by_legend"] and en["by_legend"] and set(ru["by_logic"]) == set(en["by_logic"])
    for kind in ru["by_logic"]:
        assert len(ru["by_logic"][kind]) == len(en["by_logic"][kind]), kind


@pytest.mark.parametrize(("lang", "n", "said", "unsaid"), [
    ("en", 1, "one dark is still among us", "1 darks"),
    ("en", 3, "3 darks are still among us", "darks is"),
    ("ru", 1, "один тёмный", "1 тёмн"),
    ("ru", 2, "ещё 2 тёмных", "тёмный"),
])
def test_darks_estimate_agrees_with_its_number(lang: str, n: int, said: str, unsaid: str) -> None:
    """The "darks left" estimate is worded in the plural form of its number (never "some 1 darks are left")."""
    table = Table.for_game(1, 9, lang)
    for seed in range(6):
        text = accusation_text(table, 3, "logic", Reason("darks_count", n=n), random.Random(seed))
        assert said in text and unsaid not in text, text


@pytest.mark.parametrize(("lang", "n", "bound", "said"), [
    ("en", 4, "at_least", "at least 4 darks are still among us"),
    ("en", 1, "at_most", "at most one dark is still among us"),
    ("ru", 4, "at_least", "в живых ещё не меньше 4 тёмных"),
    ("ru", 1, "at_most", "в живых остался самое большее один тёмный"),
])
def test_a_bounded_darks_estimate_says_its_bound(lang: str, n: int, bound: str, said: str) -> None:
    """At five accusations the day shows only that four or more darks live (L74): the words say "at least"."""
    table = Table.for_game(1, 9, lang)
    text = accusation_text(table, 3, "logic", Reason("darks_count", n=n, bound=bound), random.Random(0))
    assert said in text, text
