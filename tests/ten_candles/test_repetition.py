"""What a Ten Candles table hears does not repeat, the characters at it differ, an X-carded task is
never offered again, and every truth comes from the module's own tables (issue #10).

Whole offline games are played at the terminal table (:mod:`narrator.ten_candles.play`: one person
who takes every suggestion, scripted survivors, the template Storyteller) and read back from their
transcripts. What counts:

* a **line** is a piece of prose the table hears: the Storyteller's scene openings, conflict framings,
  outcome narrations and X-card answers (``narration`` records and the GM's ``frame_scene`` /
  ``narrate`` / ``kill_character`` texts), and the characters' in-character lines and narrations. The
  rulebook's ritual phrases said every scene by rule (L309 «Вот всё, что осталось…», L317 «И мы
  живы»), the mechanical readouts (dice, candles, who narrates), menus, prompts and hints are not
  lines. No line may be heard twice in one scene (truths, below, not twice in a game).
* **looks**: no two characters at a table share an appearance or a role (in either gender's form).
* **X-card**: the task (conflict) framed last before an X-card is never framed again.
* **truths**: each spoken truth (a person's suggestion, a survivor's, the Storyteller's) is an entry of
  the module's ``truths`` or of the tables every module shares (``tables.yaml`` ``truths`` and
  ``gm_truths``); none is spoken twice.
"""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from narrator.agents.ten_candles import material as mat

from narrator.ten_candles.human import ScriptedIO
from narrator.ten_candles.play import TableSettings, play
from tests.lanes import sweep

SEEDS = sweep(range(40), fast=3)
"""Forty seeded games per language and test: three in the default lane, the rest in the slow lane."""


class TakesSuggestions(ScriptedIO):
    """A person who presses Enter (every suggestion, every default), types a number when Enter is refused
    (only irreversible moves are offered), confirms, and plays the X-card at the first menu (a roll, a
    reroll, a stack) from its ``x_at``-th answer on."""

    def __init__(self, x_at: int | None = None) -> None:
        super().__init__([])
        self.asked, self.x_at, self.last = 0, x_at, ""

    def ask(self, prompt: str) -> str:
        self.output.append(prompt)
        self.asked += 1
        if self.asked > 4000:
            raise EOFError
        repeated, self.last = prompt == self.last, prompt
        if self.x_at is not None and self.asked >= self.x_at and ("номер [" in prompt or "number [" in prompt):
            self.x_at = None
            return "x"
        if "«да»" in prompt or "“yes”" in prompt:
            return "yes" if "yes" in prompt else "да"
        return "1" if repeated else ""


def played(tmp_path: Path, lang: str, seed: int, *, players: int = 4, x_at: int | None = None,
           module: str | None = None) -> list[dict[str, Any]]:
    """The transcript records of one whole game at the terminal table."""
    path = tmp_path / f"{lang}-{seed}-{x_at}.jsonl"
    result = play(TableSettings(humans=1, ai=players - 1, lang=lang, seed=seed, module=module),
                  TakesSuggestions(x_at), path)
    assert result.outcome is not None, "the game did not end"
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


PROSE_ACTIONS = ("frame_scene", "narrate", "kill_character")


def lines_by_scene(records: list[dict[str, Any]]) -> dict[int, list[str]]:
    """Scene -> the lines heard in it, in order (see the module docstring)."""
    scene, heard = 0, {}
    for r in records:
        if r["kind"] == "event" and r["event"] == "scene_started":
            scene = r["data"]["scene"]
        text = None
        if r["kind"] == "narration":
            text = r["text"]
        elif r["kind"] == "action" and r["payload"]["kind"] in PROSE_ACTIONS:
            text = r["payload"].get("text")
        if text:
            heard.setdefault(scene, []).append(text)
    return heard


def repeats(records: list[dict[str, Any]]) -> list[tuple[int, str, int]]:
    """(scene, line, times) of every line heard more than once in its scene."""
    return [(scene, line, n) for scene, lines in lines_by_scene(records).items()
            for line, n in Counter(lines).items() if n > 1]


def characters(records: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [r["payload"] for r in records if r["kind"] == "action" and r["payload"]["kind"] == "describe_character"]


def truth_sources(lang: str) -> dict[str, set[str]]:
    """Truth text -> the tables it is in: every module's own and the shared ones (so a truth of another
    module is told from one of none)."""
    prefix = mat.load("tables")["truth_prefix"][lang]
    sources: dict[str, set[str]] = {}
    for name in mat.module_names():
        for entry in mat.module(name).get("truths") or ():
            sources.setdefault(prefix + mat.text(entry, lang), set()).add(f"module:{name}")
    for table in ("truths", "gm_truths"):
        for entry in mat.load("tables")[table]:
            sources.setdefault(prefix + mat.text(entry, lang), set()).add("shared")
    return sources


def module_of(records: list[dict[str, Any]]) -> str:
    text = next(r["payload"]["text"] for r in records if r["kind"] == "action" and r["payload"]["kind"] == "read_module")
    return next(n for n in mat.module_names() if any(mat.module(n)["title"][c] in text for c in mat.LANGS))


def bad_truths(records: list[dict[str, Any]], lang: str) -> list[tuple[str, str]]:
    """(truth, where it is from) of every truth from outside the module's own tables, or spoken twice."""
    own = {"shared", f"module:{module_of(records)}"}
    sources = truth_sources(lang)
    again = mat.load("tables")["truth_again"][lang]
    spoken = [r["payload"]["text"] for r in records if r["kind"] == "action" and r["payload"]["kind"] == "speak_truth"]
    bad = [(t, ", ".join(sorted(sources.get(t.replace(again, ""), {"no table"})))) for t in spoken
           if not sources.get(t.replace(again, ""), set()) & own]
    return bad + [(t, "spoken twice") for t, n in Counter(spoken).items() if n > 1]


def x_carded_again(records: list[dict[str, Any]]) -> list[str]:
    """Tasks offered again after the X-card that dropped them: framed in a later conflict, or kept as the
    task of the roll under way (an X-card in an open conflict whose answer gives the roll no other task)."""
    conflicts = sorted({mat.text(c, lang) for lang in mat.LANGS for c in [
        *(c for name in mat.module_names() for c in mat.module(name)["conflicts"]), *mat.load("tables")["conflicts"]]},
        key=len, reverse=True)
    last_task, dropped, again, open_x = None, set(), [], False
    for r in records:
        if r["kind"] == "narration" and r.get("event") == "conflict_called":
            task = next((c for c in conflicts if c in r["text"]), None)
            if task in dropped:
                again.append(task)
            last_task = task
        elif r["kind"] == "event" and r["event"] == "x_card":
            if last_task:
                dropped.add(last_task)
            open_x = r["data"].get("phase") in ("roll", "reroll", "death")
        elif r["kind"] == "narration" and r.get("event") == "x_card":
            task = next((c for c in conflicts if c in r["text"]), None)
            if open_x and (task is None or task in dropped):
                again.append(f"{last_task} (still the roll's task)")
            last_task, open_x = task or last_task, False
    return again


# -- the sweeps -------------------------------------------------------------------------------------------


@pytest.mark.parametrize("lang", ["ru", "en"])
@pytest.mark.parametrize("seed", SEEDS)
def test_no_line_repeats_within_a_scene_and_no_two_characters_look_alike(tmp_path: Path, lang: str,
                                                                        seed: int) -> None:
    players = 3 + seed % 7  # 3..9 survivors, one a person
    records = played(tmp_path, lang, seed, players=players)
    assert not repeats(records), repeats(records)[:3]
    looks = characters(records)
    assert len(looks) == players
    for field in ("appearance", "description", "name"):
        values = [c[field] for c in looks]
        assert len(set(values)) == len(values), f"two characters share {field}: {values}"
    assert not bad_truths(records, lang), bad_truths(records, lang)[:3]


@pytest.mark.parametrize("lang", ["ru", "en"])
@pytest.mark.parametrize("seed", SEEDS)
def test_an_x_carded_task_is_never_offered_again(tmp_path: Path, lang: str, seed: int) -> None:
    """The person plays the X-card at a prompt in the middle of play: the Storyteller drops the task
    (and gives the dice under way another one); it never comes back, in any later framing."""
    records = played(tmp_path, lang, seed, x_at=6 + seed % 6)
    assert any(r["kind"] == "event" and r["event"] == "x_card" for r in records), "no X-card: proves nothing"
    assert not x_carded_again(records), x_carded_again(records)
    assert not repeats(records), repeats(records)[:3]


@pytest.mark.parametrize("seed", SEEDS)
def test_russian_characters_agree_with_their_gender(tmp_path: Path, seed: int) -> None:
    """A woman's role and Brink are in her form («бывшая боксёрша», «Я видела»), a man's in his."""
    from narrator.agents.ten_candles.variety import gender_of

    cards = mat.load("characters")
    female_only = {e["ru_f"] for e in cards["roles"] if e.get("ru_f")}
    male_only = {e["ru"] for e in cards["roles"] if e.get("ru_f")}
    checked = 0
    for _ in (seed,):
        records = played(tmp_path, "ru", seed, players=6)
        for c in characters(records):
            woman = gender_of(c["name"], "ru") == "f"
            assert c["description"] not in (male_only if woman else female_only), (c["name"], c["description"])
            checked += c["description"] in male_only | female_only
        names = {r["actor"]: r["payload"]["name"] for r in records
                 if r["kind"] == "action" and r["payload"]["kind"] == "describe_character"}
        for r in records:
            if r["kind"] == "action" and r["payload"]["kind"] == "write_brink" and r["actor"] in names:
                woman = gender_of(names[r["actor"]], "ru") == "f"
                text = r["payload"]["text"]
                if text.startswith("Я видел"):
                    assert text.startswith("Я видела") == woman, (names[r["actor"]], text)
    assert checked, "no gendered role was dealt: proves nothing"
