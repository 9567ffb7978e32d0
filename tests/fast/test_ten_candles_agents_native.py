"""The native scripted survivors and GM decide as the Python ones, request for request.

``native/ten_candles/survivor.hpp`` and ``gm.hpp`` port ``agents/ten_candles/survivor.py`` and
``gm.py`` (with the wordless voice): the same ``random.Random`` draws (also those made only to
pick a line nobody reads), the same float arithmetic and the same tie-breaks. A single differing
decision, or a single extra or missing draw, changes every later move of the game, so comparing
whole transcripts over many seeds compares every decision. The sweeps below also check that
every branch of the agents' choices was taken, so a branch that is never exercised cannot hide
a divergence.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest
from narrator.rules.replay import decode_config
from narrator.rules.ten_candles import GAME
from narrator.rules.ten_candles.config import MAX_PLAYERS, MIN_PLAYERS

from narrator.fast import engine, mt_key
from narrator.fast import ten_candles as fast
from narrator.fast.ten_candles_material import agent_keys, agent_material, brink_dials
from narrator.playtest import GameJob
from narrator.session import Session
from narrator.ten_candles.simulate import job_config, make_table, play_one
from tests.lanes import sweep

native = engine("ten_candles")

NEUTRAL_EN = "The dark waits."
BLOCK_ALMOST_ALL = ["the", "you", "a", "an", "i", "we", "it", "to", "of", "and", "my", "someone", "in", "on"]
"""Lines whose words occur in nearly every English entry: most tables go empty (the neutral line)."""


class _Records:
    def __init__(self) -> None:
        self.lines: list[dict[str, Any]] = []

    def write(self, record: dict[str, Any]) -> None:
        self.lines.append(record)


def python_trace(config: Any, seed: int, lang: str = "en", voice: Any = None) -> list[tuple[Any, ...]]:
    """The transcript of ``make_table``'s agents playing ``seed`` through the Python session."""
    agents = make_table(config.players, seed, lang=lang, voice=voice)
    records = _Records()
    Session(GAME, config, agents, seed=seed, recorder=records).run()
    return fast.transcript_moves(records.lines)


def native_trace(config: Any, seed: int, lang: str = "en", briefing: str | None = None) -> list[tuple[Any, ...]]:
    """The same game played by the native table (agents built from ``agent_material(config, lang)``;
    ``briefing`` replaces the wordless GM's module text)."""
    data = agent_material(config, lang)
    if briefing is not None:
        data["voice"]["briefing"] = briefing
    material = native.material(data)
    survivors, gm = agent_keys(seed, config.players)
    moves, _ = native.trace_game(config, material, mt_key(seed), survivors, gm)
    return [tuple(m) for m in moves]


def _config(players: int, **options: Any) -> Any:
    return decode_config(GAME, {**options, "players": players})


def _same(config: Any, seed: int, lang: str = "en") -> list[tuple[Any, ...]]:
    """Assert both engines' transcripts are equal; return the native one."""
    py, nat = python_trace(config, seed, lang), native_trace(config, seed, lang)
    for i, (a, b) in enumerate(zip(py, nat)):
        assert a == b, f"{config.players}p seed {seed} ({lang}), line {i}: python {a} != native {b}"
    assert len(py) == len(nat), f"{config.players}p seed {seed}: {len(py)} lines in python, {len(nat)} natively"
    return nat


def _branches(trace: list[tuple[Any, ...]]) -> Counter[str]:
    """Which agent decisions a transcript shows (the branches of survivor.py and gm.py)."""
    seen: Counter[str] = Counter()
    for kind, actor, payload, _ in trace:
        if kind != "action":
            continue
        move = payload["kind"]
        seen[move] += 1
        if move == "call_conflict":
            call = "moment" if payload["moment"] else "dangerous" if payload["dangerous"] else "plain"
            seen[f"call:{call}"] += 1
        elif move == "arrange_stack":
            seen["stack:moment_last" if payload["order"][-1] == "moment" else "stack:other"] += 1
        elif move == "speak_truth" and actor >= 0:
            seen["truth:survivor"] += 1
        elif move == "narrate":
            seen["narrate:gm" if actor < 0 else "narrate:survivor"] += 1
    return seen


# -- the sweeps -----------------------------------------------------------------------------------


@pytest.mark.parametrize("players", sweep(range(MIN_PLAYERS, MAX_PLAYERS + 1)))
def test_every_decision_matches_python_at_every_player_count(players: int) -> None:
    """Scripted survivors and GM, every player count: the same transcript line for line, and every
    choice of the agents occurs in the sweep: burning a Trait, embracing the Brink, seizing
    narration (L293-297), showing the Brink (L232-234), dying for the others or not (L291), a
    Moment's roll (L152), a dangerous conflict (L289), a death in the Last Stand (L47, L60)."""
    config = _config(players)
    seen: Counter[str] = Counter()
    for seed in range(12):
        trace = _same(config, 7000 + 13 * seed)
        assert not [t for t in trace if t[0] in ("rejected", "fallback")], "a scripted move was refused"
        seen += _branches(trace)
    expected = {"write_traits", "describe_character", "write_moment", "write_brink", "arrange_stack",
                "describe_supplies", "record_message", "roll", "burn_trait", "accept_roll", "call_conflict",
                "call:plain", "call:dangerous", "stack:moment_last", "stack:other", "narrate:gm", "speak_truth"}
    assert expected <= set(seen), f"{players}p: never seen {sorted(expected - set(seen))}"


@pytest.mark.slow  # 45 games; the fast lane's sweeps match the same agents on the common branches
def test_rare_choices_are_all_exercised_and_match() -> None:
    """Over a wider sweep every rarer branch shows up, each time with the Python agent's choice:
    seizing narration, embracing the Brink, showing it, volunteering to die after a failed
    dangerous conflict (seeds/000_e53cdcbb20917f8a.txt:L291), a Moment called (L152, D14), a
    survivor's truth (L313, L325), a survivor's narration, and a Last Stand death (L47, L60)."""
    seen: Counter[str] = Counter()
    for players in (3, 5, 8):
        config = _config(players)
        for seed in range(15):
            seen += _branches(_same(config, 400 + seed))
    rare = {"seize_narration", "embrace_brink", "reveal_brink", "volunteer_death", "decline_death", "call:moment",
            "truth:survivor", "narrate:survivor", "kill_character"}
    assert rare <= set(seen), f"never seen {sorted(rare - set(seen))}"


@pytest.mark.parametrize("options", [
    {"gm_sees_all_brinks": True, "message_playback": "on_death"},
    {"final_scene": "literal", "seize_requires_tie": True},
    {"max_rerolls_per_roll": 0, "dead_players_speak_truths": False},
    {"brink_success_loses": "sixes", "trait_reroll_includes_hope": False, "chorus_counts_as_truth": False},
], ids=["gm_sees_all+on_death", "literal+tie", "no_rerolls+mute_dead", "sixes+no_hope+no_chorus"])
def test_agents_match_under_rules_options(options: dict[str, Any]) -> None:
    """Options change what is legal when (the reroll window, who speaks truths, the Last Stand); the
    agents answer every resulting request as the Python agents do."""
    for players in (2, 4, 6):
        config = _config(players, **options)
        for seed in range(4):
            _same(config, 2100 + seed)


@pytest.mark.parametrize("part", sweep(range(4), fast=1))
def test_random_tables_of_options_lines_veils_and_languages_match(part: int) -> None:
    """Forty tables drawn at random: any mix of rules options, safety tags, a language, a seed of any
    size (a str-seeded generator key longer than 64 bits included): the same transcript. The fast lane
    plays the first ten."""
    from narrator.agents.ten_candles import material as mat

    tags = sorted(mat.vocabulary())
    choices = {"brink_success_loses": ["ones", "sixes"], "chorus_counts_as_truth": [True, False],
               "final_scene": ["one_by_one", "literal"], "seize_requires_tie": [False, True],
               "trait_reroll_includes_hope": [True, False], "max_rerolls_per_roll": [None, 0, 1, 2],
               "gm_sees_all_brinks": [False, True], "dead_players_speak_truths": [True, False],
               "message_playback": ["at_end", "on_death", "never"]}
    rng = random.Random(2718)
    for table in range(40):
        options: dict[str, Any] = {k: rng.choice(v) for k, v in choices.items() if rng.random() < 0.4}
        if rng.random() < 0.4:
            options["lines"] = rng.sample(tags, rng.randint(1, 5))
        if rng.random() < 0.4:
            options["veils"] = rng.sample(tags, rng.randint(1, 5))
        seed = rng.randrange(2**70) if rng.random() < 0.2 else rng.randrange(10**6)
        config = _config(rng.randint(MIN_PLAYERS, MAX_PLAYERS), **options)
        lang = rng.choice(["en", "en", "ru"])
        if table // 10 == part:  # the same forty tables whichever part runs
            _same(config, seed, lang)


# -- texts: the material, the table's lines and veils, the language -------------------------------


def test_lines_and_veils_filter_the_same_entries() -> None:
    """Safety lines remove entries, veils push them back behind unveiled ones (material.allowed); the
    native agents draw from the same filtered pools, so the same texts come out."""
    config = _config(4, lines=["spiders", "fire", "betrayal"], veils=["medical", "religion", "children"])
    for seed in range(6):
        _same(config, 50 + seed)


def test_lines_that_block_whole_tables_give_the_neutral_texts_alike() -> None:
    """When a line blocks every entry of a table, nothing is drawn and the neutral line (or the
    fallback Brink, or the neutral word as a Trait) is written: the same in both engines."""
    config = _config(4, lines=BLOCK_ALMOST_ALL, veils=["dark"])
    texts: list[str] = []
    for seed in range(4):
        trace = _same(config, 90 + seed)
        texts += [str(p.get("text", "")) + str(p.get("virtue", "")) for k, _, p, _ in trace if k == "action"]
    assert any(NEUTRAL_EN in t for t in texts), "no table was emptied by the lines"
    assert "I saw you..." in texts, "the fallback Brink was never written"


@pytest.mark.parametrize("players", sweep([2, 5, 9], fast=1))
def test_russian_survivors_match(players: int) -> None:
    """In Russian the texts differ (and so do the Trait words the personas read): the same
    decisions and the same texts, byte for byte."""
    config = _config(players)
    for seed in range(5):
        trace = _same(config, 600 + seed, lang="ru")
        assert any(k == "action" and p["kind"] == "write_traits" and p["virtue"].isalpha() and
                   not p["virtue"].isascii() for k, _, p, _ in trace)


def test_rows_of_play_rows_come_from_the_same_agents() -> None:
    """``play_rows`` (keys computed natively) and the traced games use the same agents: the row's
    counters are those of the native transcript's game."""
    jobs = [GameJob(i, 5, 8800 + i) for i in range(8)]
    config = job_config(jobs[0])
    rows = fast.play_rows(config, jobs)
    assert rows == [play_one(job) for job in jobs]
    for job, row in zip(jobs, rows):
        counted = _branches(native_trace(config, job.seed))
        assert row["conflicts"] == counted["call_conflict"]
        assert row["seizes"] == counted["seize_narration"]
        assert row["voluntary_deaths"] == counted["volunteer_death"]


def test_a_module_read_aloud_adds_its_truths_to_the_survivors_alike() -> None:
    """A survivor's truth may be one of the module's once its briefing was read (L122, L313, L325;
    survivor._module_truths): with a GM reading a real module, both engines speak the same truths,
    module ones among them."""
    from narrator.agents.ten_candles import material as mat
    from narrator.agents.ten_candles.voice import PlainVoice

    module = mat.module("last_ferry")
    briefing = "Listen. " + module["briefing"]["en"].strip()
    module_truths = {"Truth: " + mat.text(e, "en") for e in module["truths"]}

    class BriefingVoice(PlainVoice):
        def briefing(self, view: Any) -> str:
            return briefing

    spoken: set[str] = set()
    for players in (3, 6):
        config = _config(players)
        for seed in range(4):
            py = python_trace(config, 300 + seed, voice=BriefingVoice())
            nat = native_trace(config, 300 + seed, briefing=briefing)
            assert py == nat, f"{players}p seed {300 + seed}"
            spoken |= {p["text"] for k, a, p, _ in nat if k == "action" and p["kind"] == "speak_truth" and a >= 0}
    assert spoken & module_truths, "no module truth was ever spoken"


def test_narrations_are_formatted_with_the_name_alike(monkeypatch: pytest.MonkeyPatch) -> None:
    """A narration may name the character (``{name}``; other fields are blank, ``{{`` is a brace, as
    survivor._Blank formats): the native survivor fills it the same way."""
    from narrator.agents.ten_candles import material as mat

    cards = mat.load("characters")
    monkeypatch.setitem(cards, "narrations", [{"ru": "{name} {{смог}}", "en": "{name} made it, {other}{{!}}"}])
    monkeypatch.setitem(cards, "deaths", [{"ru": "{name} ушёл", "en": "{{{name}}} is gone"}])
    narrations: set[str] = set()
    for seed in range(5):
        trace = _same(_config(3), 10 + seed)
        narrations |= {p["text"] for k, a, p, _ in trace if k == "action" and p["kind"] == "narrate" and a >= 0}
    assert any(t.endswith(" made it, {!}") for t in narrations), narrations
    assert any(t.startswith("{") and t.endswith("} is gone") for t in narrations), narrations


def test_brink_words_are_read_from_the_texts_the_kernel_stores() -> None:
    """A Brink moves a persona dial by its words (agents/ten_candles/persona.py BRINK_WORDS): the
    table handed to C++ says so for the exact texts the material writes."""
    dials = brink_dials(["I saw you strike someone who begged for help (outside the pharmacy on the third day)",
                         "I saw you freeze (when They came into the room)", "I saw you lie to my face (x)"])
    assert list(dials.values()) == [[True, False], [False, True], [False, False]]


def test_a_format_the_native_side_cannot_fill_is_refused() -> None:
    """Narrations are formatted with the character's name; a format spec would need Python's
    format machinery, so the material builder refuses it instead of writing different text."""
    from narrator.fast.ten_candles_material import _check_format

    _check_format("{name} holds the door", "deaths")
    with pytest.raises(ValueError, match="format"):
        _check_format("{name:>12} holds the door", "deaths")
