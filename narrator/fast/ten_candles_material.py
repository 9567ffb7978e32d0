"""The Ten Candles scripted agents' material, resolved for the native engine.

The native survivors and GM (``native/ten_candles/survivor.hpp``, ``gm.hpp``) draw texts from the
same YAML tables as :mod:`agents.ten_candles.survivor` with the same generator calls. Every
decision that depends on what a text *says* is resolved here, once per run, by the very functions
the Python agents call, so the C++ side only compares exact strings:

* the config's safety lines and veils -> which entries each table may show (``mat.allowed``);
* each Trait word the material can write -> its persona offsets (``persona._temper_of``);
* each Brink text the game can deal -> whether it moves ``reckless`` / ``selfless``
  (``persona.BRINK_WORDS``);
* each module's briefings -> its truths (``survivor._module_truths``).

``module.cpp`` turns :func:`agent_material`'s dict into a ``tc::Material`` (``material_py.hpp``).
"""

from __future__ import annotations

import string
from collections.abc import Iterable, Sequence
from typing import Any

from narrator.agents.i18n import section
from narrator.agents.ten_candles import material as mat
from narrator.agents.ten_candles.persona import BRINK_WORDS, DIALS, _temper_of
from narrator.agents.ten_candles.voice import PlainVoice
from narrator.fast import mt_key

LINES = ("burn_virtue", "burn_vice", "embrace", "seize", "death", "fail", "success")
"""The situations a scripted survivor speaks in (``ScriptedSurvivor._say``), in ``material.hpp``'s order."""
WRITTEN = ("looks", "roles", "moments", "their_brinks", "pockets", "messages", "narrations", "deaths")
"""``characters.yaml`` tables whose entries a survivor writes as they are."""


def agent_material(config: Any, lang: str = "en") -> dict[str, Any]:
    """Everything the native scripted agents of a run under ``config`` draw from, in ``lang``.

    Args:
        config: the run's ``TenCandlesConfig`` (its ``lines`` and ``veils`` filter the material).
        lang: the agents' language (the simulation plays ``"en"``).

    Raises:
        ValueError: a narration or death line uses a format field the native side cannot fill.
    """
    safety = mat.Safety.from_texts(config.lines, config.veils)
    cards, tables = mat.load("characters"), mat.load("tables")
    data: dict[str, Any] = {
        "neutral": mat.NEUTRAL[lang],
        "neutral_word": mat.NEUTRAL[lang].split()[0],
        "names": list(cards["names"][lang]),
        "brink_fallback": section(lang, "tc_words")["brink_fallback"],
        "truth_prefix": tables["truth_prefix"][lang],
        "tables": {name: _table(cards[name], safety, lang) for name in WRITTEN},
        "lines": [_table(cards["lines"][situation], safety, None) for situation in LINES],
    }
    for name in ("narrations", "deaths"):
        for text in data["tables"][name]["texts"]:
            _check_format(text, name)
    for kind in ("virtues", "vices"):
        table = _table(cards[kind], safety, lang)
        table["texts"] = [text.split()[0] for text in table["texts"]]
        data["tables"][kind] = table
        words = {*table["texts"], data["neutral_word"]}
        data[kind[:-1] + "_tempers"] = {word: _offsets(_temper_of(word, kind)) for word in sorted(words)}
    brinks = _table(cards["brinks"], safety, lang)
    brinks["texts"] = [f"{mat.text(e, lang)} ({mat.text(e['note'], lang)})" for e in cards["brinks"]]
    data["tables"]["brinks"] = brinks
    data["tables"]["general_truths"] = _table(tables["truths"], safety, lang)
    voice = PlainVoice()
    truth, topic = voice.speak_truth(None)
    data["voice"] = {"briefing": voice.briefing(None), "open_scene": voice.open_scene(None), "truth": truth,
                     "truth_topic": topic, "write_brink": voice.write_brink(None, 0),
                     "narrate_outcome": voice.narrate_outcome(None, ()), "final_death": voice.final_death(None, 0)}
    data["brink_dials"] = brink_dials([*brinks["texts"], data["brink_fallback"], data["voice"]["write_brink"]])
    data["modules"] = [{"briefings": [mat.module(name)["briefing"][code].strip() for code in mat.LANGS],
                        "truths": _table(mat.module(name).get("truths") or (), safety, lang)}
                       for name in mat.module_names()]
    return data


def brink_dials(texts: Iterable[str]) -> dict[str, list[bool]]:
    """Brink text -> whether it pushes (``reckless``, ``selfless``), as ``persona_from_cards`` reads it."""
    return {text: [any(w in text.lower() for w in BRINK_WORDS[dial]) for dial in ("reckless", "selfless")]
            for text in texts}


def agent_keys(seed: int, players: int) -> tuple[list[list[int]], list[int]]:
    """The generator keys of one game's agents: each survivor's, then the GM's (``make_table``)."""
    return [mt_key(f"survivor:{seed}:{seat}") for seat in range(players)], mt_key(f"gm:{seed}")


def _table(entries: Sequence[mat.Entry], safety: mat.Safety, lang: str | None) -> dict[str, list[Any]]:
    """A table's texts (none when ``lang`` is ``None``) and, per entry, what ``safety`` makes of it."""
    is_open = safety.is_open
    return {"texts": [mat.text(e, lang) for e in entries] if lang is not None else [],
            "allowed": [is_open or safety.allows(e) for e in entries],
            "veiled": [not is_open and safety.veiled(e) for e in entries]}


def _offsets(temper: dict[str, float]) -> list[float]:
    return [float(temper.get(dial, 0.0)) for dial in DIALS]


def _check_format(text: str, table: str) -> None:
    """The native side fills ``{name}`` and blanks other plain fields, as ``_Blank`` does."""
    for _, field, spec, conversion in string.Formatter().parse(text):
        if field is not None and (spec or conversion or not field.isidentifier()):
            raise ValueError(f"characters.yaml {table}: {text!r} uses a format the native engine does not fill")
