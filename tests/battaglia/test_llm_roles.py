"""Battaglia LLM roles without a model: option labels, decision kinds, the speech band, the brief (spec §11, §12)."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st
from narrator.agents.base import Request
from narrator.agents.battaglia.llm import build_brief
from narrator.agents.battaglia.llm.brief import Names, speech_band
from narrator.agents.battaglia.llm.roles import fit_speech, label, names_the_accused, speech_problem, with_speech
from narrator.agents.battaglia.texts import mask_name
from narrator.agents.llm.prompts import render
from narrator.rules.battaglia import GAME, Accuse, Choose, Judge, Pass, Speak, Vote

from tests.battaglia.llm_helpers import drive_to, offers, scripted_session

BAND = speech_band()
LOW, HIGH = int(BAND["min_chars"]), int(BAND["max_chars"])


def test_labels_are_short_and_unique_per_decision() -> None:
    """Options read as seats and charges (L74: by legend / by logic; dark / shadow)."""
    assert label(Choose(actor=1, target=3)) == "P3"
    assert label(Accuse(actor=1, target=4, basis="legend", charge="dark")) == "P4 dark by legend"
    assert label(Vote(actor=1, targets=(2, 5))) == "P2+P5"
    assert label(Judge(actor=1, approve=False)) == "refuse"
    assert label(Pass(actor=1)) == "pass"
    session, _ = scripted_session(12, 4)
    seat = drive_to(session, offers("accuse", "accuse"))
    labels = [label(a) for a in GAME.legal_actions(session.state, seat)]
    assert len(labels) == len(set(labels))


@settings(max_examples=60, deadline=None)
@given(st.text(alphabet=st.characters(blacklist_categories=("Cs",)), max_size=400), st.sampled_from(["en", "ru"]))
def test_every_speech_lands_in_the_same_length_band(text: str, lang: str) -> None:
    """Spec §12.4 + information hygiene: length is no tell, so every text is fitted into one band."""
    fitted = fit_speech(text, lang)
    assert LOW <= len(fitted) <= HIGH, (text, fitted)


def test_fitting_ignores_who_speaks() -> None:
    """The same answer becomes the same text whatever the speaker's mask or force (no force-specific rule)."""
    session, table = scripted_session(12, 4)
    seat = drive_to(session, offers("accuse", "accuse"))
    output = SimpleNamespace(choice="x", speech="He hides at night. " * 20)
    texts = set()
    for speaker in range(12):
        view = build_brief(GAME.view(session.state, speaker), "accuse", Names(table))
        action = Accuse(actor=speaker, target=(speaker + 1) % 12)
        texts.add(with_speech(action, output, Request("battaglia", speaker, view, [action])).text)  # type: ignore[arg-type]
    assert len(texts) == 1 and LOW <= len(texts.pop()) <= HIGH
    assert seat >= 0


def test_long_speech_is_cut_at_a_sentence_end() -> None:
    text = "The smuggler rows out every night. " * 10
    assert fit_speech(text, "en").endswith("night.")


def test_speech_checks_refuse_card_showing_and_empty_lines() -> None:
    """Spec §12.4: bots must not claim to show cards; an accusation says something."""
    accuse = Accuse(actor=0, target=1)
    context: dict[str, Any] = {"options": {"a": accuse}}
    assert speech_problem(SimpleNamespace(choice="a", speech="Look, I show my card to all of you!"), context)
    assert speech_problem(SimpleNamespace(choice="a", speech="him"), context)
    assert speech_problem(SimpleNamespace(choice="a", speech="The lamplighter walks at night, friends."),
                          context) is None
    context["options"]["s"] = Speak(actor=0)
    assert speech_problem(SimpleNamespace(choice="s", speech="The host made a mistake, wrong count"), context)


def test_strict_check_wants_the_accused_named() -> None:
    session, table = scripted_session(8, 5)
    seat = drive_to(session, offers("accuse", "accuse"))
    brief = build_brief(GAME.view(session.state, seat), "accuse", Names(table))
    target = next(s for s in range(8) if s != seat)
    context = {"options": {"a": Accuse(actor=seat, target=target)}, "request": Request("battaglia", seat, brief, [])}
    name = table.names[target]
    assert names_the_accused(SimpleNamespace(choice="a", speech="Someone here walks at night alone."), context)
    assert names_the_accused(SimpleNamespace(choice="a", speech=f"{name} walks at night alone, friends."),
                             context) is None


def test_brief_states_own_mask_and_summarises_the_day() -> None:
    """The prompt says the seat's own mask (L43) and folds the public record (L73-77) into facts."""
    session, table = scripted_session(12, 4)
    seat = drive_to(session, offers("vote", "vote", day=3))
    view = GAME.view(session.state, seat)
    brief = build_brief(view, "vote", Names(table))
    text = render("battaglia/llm/decide", "en", view=brief, options=["pass"], task="Choose.")
    assert brief.me["mask"] == mask_name(str(view.card), "en")
    assert len(brief.days) == 2 and all(line.startswith(("1:", "2:")) for line in brief.days)
    assert "Vote: up to" in text and all(s.legend == "" for s in brief.seats), "legends only where speech needs them"
    latest = {dead: card for dead, _, card in view.graveyard}
    assert latest, "by day 3 someone has died"
    for dead, card in latest.items():
        assert any(mask_name(str(card), "en") in fact for fact in brief.seats[dead].facts), dead


def test_prompts_render_in_russian() -> None:
    session, table = scripted_session(8, 5, lang="ru")
    seat = drive_to(session, offers("accuse", "accuse"))
    brief = build_brief(GAME.view(session.state, seat), "accuse", Names(table))
    text = render("battaglia/llm/decide", "ru", view=brief, options=["pass"], task="Выбирай.")
    persona = render("battaglia/llm/persona", "ru", me=brief.me, setting=brief.setting,
                     faction_name=brief.faction_name)
    assert "Обвинений уже: 0 из" in text and "Твоя тайная маска" in persona
