"""The template Storyteller: safety lines, the X-card, and narration that agrees with the kernel.

Safety tools are not in the seed (D39); the narration rules are: the GM always narrates a failed
conflict (seeds/000_e53cdcbb20917f8a.txt:L283), a failure puts a candle out (L58, L271), the
dead do not act (L291, D27).
"""

from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from narrator.agents.ten_candles import material as mat
from narrator.rules.core import HOST

from narrator.ten_candles.storyteller import ModuleBlockedError, TemplateStoryteller, usable_modules
from tests.ten_candles.helpers_play import recorded_game

TAGS = sorted(mat.vocabulary())


def _touches(entry: mat.Entry, safety: mat.Safety) -> bool:
    return not safety.allows(entry)


@settings(max_examples=12, deadline=None)
@given(line_tags=st.lists(st.sampled_from(TAGS), min_size=1, max_size=3, unique=True),
       module=st.sampled_from(mat.module_names()), seed=st.integers(0, 10_000), lang=st.sampled_from(mat.LANGS))
def test_storyteller_never_draws_content_tagged_with_a_line(line_tags: list[str], module: str, seed: int,
                                                            lang: str) -> None:
    """Over modules, seeds and languages: no entry drawn and no sentence said touches a line."""
    safety = mat.Safety.from_texts(line_tags)
    if module not in usable_modules(safety):
        with pytest.raises(ModuleBlockedError):
            recorded_game(3, seed, lang=lang, lines=tuple(line_tags), module=module)
        return
    _, _, voice = recorded_game(3, seed, lang=lang, lines=tuple(line_tags), module=module)
    assert voice is not None and voice.drawn
    for table, entry in voice.drawn:
        assert not set(entry.get("tags") or ()) & set(line_tags), (table, entry)
    said = " ".join(text for _, text in voice.history)
    padded = mat._words(said)
    assert not [w for w in safety.line_words if w in padded]


def test_a_free_text_line_blocks_matching_entries_in_both_languages() -> None:
    safety = mat.Safety.from_texts(["Пауки и насекомые"])
    assert {"spiders", "insects"} <= safety.line_tags
    swarm = {"ru": "Из темноты тянется ковёр мелких тел.", "en": "A swarm of small bodies.", "tags": []}
    assert not safety.allows(swarm)  # untagged, but its text names the line
    assert safety.allows({"ru": "Тишина.", "en": "Silence.", "tags": []})


def test_module_tagged_with_a_line_is_refused() -> None:
    """The ferry crosses black water: a table with a drowning line cannot play it."""
    safety = mat.Safety.from_texts(["drowning"])
    assert "last_ferry" not in usable_modules(safety)
    with pytest.raises(ModuleBlockedError):
        recorded_game(3, 1, lines=("drowning",), module="last_ferry")


def test_veiled_entries_come_last_and_are_marked_off_screen() -> None:
    safety = mat.Safety.from_texts(veils=["animals"])
    dog = {"ru": "Собака.", "en": "A dog.", "tags": ["animals"]}
    calm = {"ru": "Тишина.", "en": "Silence.", "tags": []}
    assert mat.allowed([dog, calm], safety) == [calm]
    assert mat.allowed([dog], safety) == [dog]


def test_x_card_drops_the_current_thread_for_good() -> None:
    """After an X-card the Storyteller answers with a redirect and never returns to that place or task."""
    from narrator.rules.ten_candles import GAME, TenCandlesConfig

    storyteller = TemplateStoryteller(lang="en", module="ring_line", seed=3)
    view = GAME.view(GAME.initial_state(TenCandlesConfig(players=3)), HOST)
    storyteller.open_scene(view)
    storyteller.frame_conflict(view, 0, dangerous=True, moment=False)
    place, conflict = storyteller.place, storyteller.conflict
    answer = storyteller.x_card(view, "not this")
    xcard_texts = {mat.text(e, "en") for e in mat.load("tables")["xcard"]}
    assert answer in xcard_texts
    start = len(storyteller.drawn)
    for _ in range(40):
        storyteller.open_scene(view)
        storyteller.frame_conflict(view, 1, dangerous=True, moment=False)
    later = [entry for _, entry in storyteller.drawn[start:]]
    assert all(entry is not place and entry is not conflict for entry in later)


FAILURE_KEYS = ("failure", "failure_dangerous", "moment_failure", "brink_failure")


def _patterns(keys: tuple[str, ...], lang: str) -> list[re.Pattern[str]]:
    """The outcome templates of ``keys`` as regular expressions (each placeholder matches any text)."""
    outcomes = mat.load("tables")["outcomes"]
    return [re.compile(".*?".join(re.escape(part) for part in re.split(r"\{\w+\}", e[lang])))
            for k in keys for e in outcomes[k]]


@pytest.mark.parametrize("seed", range(6))
def test_gm_narration_matches_the_kernel_outcome(seed: int) -> None:
    """A failed conflict is narrated as a failure with the candles the kernel left; a success the
    GM narrates is never told as a failure (L283, L58, L271)."""
    _, records, _ = recorded_game(4, seed)
    events = [r for r in records if r["kind"] == "event"]
    failure = _patterns(FAILURE_KEYS, "en")
    checked = 0
    for index, event in enumerate(events):
        if event["event"] != "conflict_resolved" or event["data"]["narrator"] != HOST:
            continue
        narrated = next(e for e in events[index:] if e["event"] == "narrated")
        if narrated["data"]["narrator"] != HOST:
            continue  # a volunteer's death narration (L291)
        text = narrated["data"]["text"]
        told_failure = any(p.search(text) for p in failure)
        if event["data"]["success"]:
            assert not told_failure, text
            continue
        outs = [e for e in events[index:events.index(narrated)] if e["event"] == "candle_out"]
        if outs and not event["data"]["moment"]:
            assert told_failure, text
            assert re.search(rf"\b{outs[-1]['data']['lit']}\b", text), (text, outs[-1])
            checked += 1
    assert checked >= 1


@pytest.mark.parametrize("seed", range(6))
def test_the_dead_do_not_act(seed: int) -> None:
    """No move is ever made for a character after their death (L291, D27)."""
    _, records, _ = recorded_game(5, seed)
    dead: set[int] = set()
    volunteer: int | None = None  # narrates their own death, once, right after it (L291)
    for record in records:
        if record["kind"] == "event" and record["event"] == "character_died":
            dead.add(record["data"]["seat"])
            volunteer = record["data"]["seat"] if record["data"]["cause"] == "voluntary" else volunteer
        if record["kind"] == "action" and record["actor"] in dead:
            kind = record["payload"]["kind"]
            if kind == "narrate" and record["actor"] == volunteer:
                volunteer = None
                continue
            assert kind == "speak_truth", record  # D26: players of the dead still speak truths
    assert dead


def test_russian_table_hears_russian() -> None:
    _, records, voice = recorded_game(3, 2, lang="ru")
    assert voice is not None
    narrated = [r["data"]["text"] for r in records if r["kind"] == "event" and r["event"] == "narrated"]
    assert narrated and all(re.search("[а-яё]", t, re.IGNORECASE) for t in narrated)
    truths = [r["data"]["text"] for r in records if r["kind"] == "event" and r["event"] == "truth_spoken"]
    assert all(t.startswith("Истина: ") for t in truths)  # D30: each truth says it is a Truth


def test_a_candle_going_out_tells_its_cause_in_the_tables_language() -> None:
    """«Свеча гаснет (failed_roll)» showed the kernel's code; every cause the kernel emits has words in ru and en."""
    from narrator.rules.core import public
    from narrator.rules.ten_candles.flow import PLAYER_CAUSES

    from narrator.ten_candles.narration import describe

    for cause in (*PLAYER_CAUSES, "accident"):
        event = public("candle_out", cause=cause, seat=0, lit=9, dark=1)
        for lang in ("ru", "en"):
            line = describe(event, {0: "Вера"}, lang) or ""
            assert f"({cause})" not in line and "()" not in line, line
    assert describe(public("candle_out", cause="failed_roll", seat=0, lit=9, dark=1), {}, "ru") == "Свеча гаснет (проваленный бросок). Горит: 9."


def test_no_russian_opening_puts_a_place_after_a_preposition() -> None:
    """Places are in the nominative; «над {place}» printed «Фонарь мигает над пристань …»."""
    import re

    from narrator.agents.ten_candles.material import module, module_names

    after_preposition = re.compile(r"(^|\s)(в|во|на|над|под|у|к|из|с|со|по|за|от|до|при|о|об)\s+\{place\}",
                                   re.IGNORECASE)
    openings = [o["ru"] for name in module_names() for o in module(name)["openings"]]
    assert openings and [o for o in openings if "{place}" in o]
    assert not [o for o in openings if after_preposition.search(o)]
