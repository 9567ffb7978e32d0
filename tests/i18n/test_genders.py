"""The Storyteller's lines agree with the gender of whom they speak (play-test 17: «травница Саломея — мёртв»,
«Хэтти … старался», «Жажда в скале … Тяжело ранен»).

A character's gender is data (the catalogue's ``genders``, by id); these tests find a woman missing from it by the
Russian name's own grammar, and check that the lines then agree."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml
from narrator.agents.i18n import catalogue, character_gender, health_name, message
from narrator.agents.morphology import russian

ROOT = Path(__file__).resolve().parents[2]


def _shipped_names() -> list[tuple[str, str]]:
    """(id, Russian name) of every shipped sample character and every scenario's Storyteller character."""
    names = [(str(i), str(n)) for i, n in catalogue("ru")["characters"].items()]
    for path in sorted((ROOT / "prompts" / "storyteller" / "scenarios").glob("*/*.yaml")):
        for npc in yaml.safe_load(path.read_text(encoding="utf-8")).get("npcs", []):
            names.append((str(npc["id"]), str(npc.get("names", {}).get("ru", npc["name"]))))
    return names


def _led_by_a_feminine_noun(name: str) -> bool:
    """The name's first word is a common noun whose every nominative reading is feminine («трактирщица Мартина»,
    «сестра Берта», «жажда в скале», «вдова Маго»): the grammar says it is a woman (or a feminine thing)."""
    first = name.split()[0].strip("«»").lower()
    readings = [p for p in russian().parse(first) if "nomn" in p.tag and "NOUN" in p.tag and "Name" not in p.tag]
    return bool(readings) and all("femn" in p.tag for p in readings)


def test_every_name_led_by_a_feminine_noun_is_a_woman_in_the_catalogue() -> None:
    led = [(i, n) for i, n in _shipped_names() if _led_by_a_feminine_noun(n)]
    assert len(led) >= 6, led  # the check reads the grammar: a parser that found none would pass on nothing
    assert [(i, n) for i, n in led if character_gender("ru", i) != "f"] == []


@pytest.mark.parametrize("character", ["salome", "hattie", "martine", "berthe", "bane", "lottie"])
def test_the_lines_about_a_woman_agree(character: str) -> None:
    assert character_gender("ru", character) == "f"
    assert health_name("ru", "dead", character_gender("ru", character)) == "мертва"
    assert health_name("ru", "Wounded", character_gender("ru", character)) == "Тяжело ранена"
    said = message("ru", "st_reader.improv_success_f", name="X")
    assert "старалась" in said


def test_a_man_stays_a_man() -> None:
    for character in ("hugues", "joseph", "renaud", "sergeant", "whitcomb"):
        assert character_gender("ru", character) == "m"
        assert health_name("ru", "dead", "m") == "мёртв"


@pytest.mark.parametrize(("name", "said"), [("Полина Грач", "Полина Грач, погибла: её история"),
                                            ("Глеб", "Глеб, погиб: его история")])
def test_a_ten_candles_death_agrees_with_the_typed_name(name: str, said: str) -> None:
    from narrator.ten_candles.narration import death_notice

    for speaks in (True, False):
        assert said in death_notice("ru", name, speaks=speaks)
