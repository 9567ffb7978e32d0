"""The battaglia moderator's page: the whole truth and the host-only events, in words.

Only a person the creator made the moderator (``"host": "human"``, ``human_moderator`` in the
config) gets these: «ведущий знает всё» (seeds/004_55ac8a5a86b5c135.txt:L48). The panel is built
from ``view(state, Viewer.HOST).truth``; every other page is built from its own view and never
reaches this module.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from typing import Any

from narrator.agents.i18n import ByLanguage
from narrator.rules.battaglia.life import seat_force
from narrator.rules.battaglia.state import BattagliaState, Phase
from narrator.rules.core import Event, Viewer

from narrator.battaglia.narration import Narrator
from narrator.render.text import Section

HOST_WORDS = ByLanguage("web_battaglia_host")
"""The moderator page's words by language (``prompts/i18n/<lang>/web_battaglia_host.yaml``)."""


_YOU_ONLY = re.compile(r"^\[[^\]]*\]\s*")
"""The seat's own "[you only]" mark that starts the host script's private lines."""


def host_word(language: str, key: str, **values: Any) -> str:
    """One of the moderator page's words."""
    return HOST_WORDS[language if language in HOST_WORDS else "en"][key].format(**values)


def truth_sections(state: BattagliaState, voice: Narrator, language: str) -> list[Section]:
    """Every seat's masks, force and life; the night's choices as they are made; the day's ballots."""
    sections = [_seats(state, voice, language)] if state.cards else []
    night = state.night
    if night is not None and state.phase is Phase.NIGHT:
        sections.append(_tonight(state, voice, language))
    if state.today is not None and state.today.ballots:
        sections.append(Section(host_word(language, "ballots"),
                                items=[f"{voice.name(s)} → {voice.names(t)}" for s, t in state.today.ballots]))
    return sections


def _seats(state: BattagliaState, voice: Narrator, language: str) -> Section:
    rows = []
    for seat in range(state.players):
        force = str(seat_force(state, seat))
        parts = [f"{voice.card(str(state.cards[seat]))} ({voice.forces.get(force, force)})"]
        if state.first_cards and state.first_cards[seat] != state.cards[seat]:
            parts.append(host_word(language, "first", card=voice.card(str(state.first_cards[seat]))))
        parts.append(host_word(language, "life_no", life=state.lives[seat]))
        rows.append((voice.name(seat), "; ".join(parts)))
    return Section(host_word(language, "truth"), rows=rows)


def _tonight(state: BattagliaState, voice: Narrator, language: str) -> Section:
    night = state.night
    assert night is not None
    step = str(night.step)
    section = Section(host_word(language, "tonight"), rows=[
        (host_word(language, "step"), voice.steps.get(step, step)),
        (host_word(language, "awake"), voice.names(night.awake))])
    if night.chosen:
        section.rows.append((host_word(language, "chosen"),
                             ", ".join(f"{voice.name(s)} → {voice.name(t) if isinstance(t, int) else f'«{voice.whisper(t)}»'}"
                                       for s, t in night.chosen)))  # a whisper's choice is its text
    section.items = [f"{host_word(language, 'settled')}: {voice.steps.get(str(st), str(st))}: "
                     f"{voice.name(s)} → {voice.name(t)}" for st, s, t in night.acts]
    return section


def moderator_event_lines(event: Event, voice: Narrator, language: str) -> list[str]:
    """An event as the moderator reads it: private ones marked with whom they were for, host-only
    ones (kill attributions, second souls) told, which the players' narration never does."""
    if event.audience is Viewer.PUBLIC:
        return voice.lines([event])
    if event.audience is Viewer.HOST:
        told = _HOST_ONLY.get(event.kind)
        lines = told(event.data, voice, language) if told else []
        mark = host_word(language, "host_only")
    else:
        lines = [_YOU_ONLY.sub("", line, count=1) for line in voice.lines([event])]  # "[you only]" is the seat's
        mark = host_word(language, "to", names=voice.names(sorted(event.audience)))
    return [f"[{mark}] {line}" for line in lines]


def _night_report(d: Mapping[str, Any], voice: Narrator, language: str) -> list[str]:
    acts = ", ".join(f"{voice.steps.get(step, step)}: {voice.name(s)} → {voice.name(t)}" for step, s, t in d["acts"])
    return [host_word(language, "night_report", night=d["night"], acts=acts or "—",
                      deaths=voice.names(d["deaths"]), reveals=voice.names(d["reveals"]))]


def _second_soul(d: Mapping[str, Any], voice: Narrator, language: str) -> list[str]:
    return [host_word(language, "second_soul", name=voice.name(d["seat"]), card=voice.card(d["card"]))]


def _dying_shot(d: Mapping[str, Any], voice: Narrator, language: str) -> list[str]:
    return [host_word(language, "dying_shot", shooter=voice.name(d["corrigan"]), target=voice.name(d["target"]),
                      card=voice.card(d["card"]))]


_HOST_ONLY: dict[str, Callable[[Mapping[str, Any], Narrator, str], list[str]]] = {
    "night_report": _night_report, "second_soul": _second_soul, "dying_shot": _dying_shot}
