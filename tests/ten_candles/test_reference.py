"""A Ten Candles survivor's reference at the terminal: the opening, the words on the own cards, the
neighbours named when writing for them, the truths said so far, commands that do not spend the turn,
``try`` proposals the GM grants, and no irreversible move on a bare Enter; nothing of another
survivor's hidden Brink reaches the reference."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from narrator.rules.core import HOST
from narrator.rules.ten_candles import GAME, TenCandlesConfig

from narrator.citations import split
from narrator.session import Session
from narrator.ten_candles.human import HumanSurvivor
from narrator.ten_candles.reference import Reference
from narrator.ten_candles.simulate import make_table


class Person:
    """A terminal person: ``answer(prompt, asked)`` decides each line; everything said is kept."""

    def __init__(self, answer: Callable[[str, int], str], limit: int = 4000) -> None:
        self.answer, self.limit, self.asked = answer, limit, 0
        self.output: list[str] = []

    def ask(self, prompt: str) -> str:
        self.output.append(prompt)
        self.asked += 1
        if self.asked > self.limit:
            raise EOFError
        return self.answer(prompt, self.asked)

    def say(self, text: str) -> None:
        self.output.append(text)


def table(person: Person, lang: str = "en", seed: int = 4, players: int = 4) -> tuple[Session, HumanSurvivor]:
    human = HumanSurvivor(0, person, lang=lang, seed=seed)
    agents = make_table(players, seed, lang=lang, human={0: human})
    session = Session(GAME, TenCandlesConfig(players=players), agents, seed=seed)
    session.heard = []  # type: ignore[attr-defined]
    session.listeners.append(lambda _a, events: session.heard.extend(events))  # type: ignore[attr-defined]
    return session, human


def run(session: Session, until: Callable[[Session], bool] = lambda s: False) -> None:
    try:
        while session.step() and not until(session):
            pass
    except EOFError:
        pass


@pytest.mark.parametrize(("lang", "words"), [("en", ["?", "sheet", "who", "truths"]),
                                             ("ru", ["помощь", "лист", "кто", "истины"])])
def test_commands_show_the_reference_and_the_turn_goes_on(lang: str, words: list[str]) -> None:
    script = iter(words)
    state = {"scene": False}

    def answer(prompt: str, _n: int) -> str:
        if state["scene"] and ("Choose" in prompt or "Выберите" in prompt):
            return next(script, "")
        return ""

    person = Person(answer)
    session, _human = table(person, lang)
    run(session, until=lambda s: s.state.scene >= 1 and not state.update(scene=True))
    run(session, until=lambda s: s.state.scene >= 3)
    ref = Reference(lang)
    said = "\n".join(person.output)
    assert split(ref.say("opening"))[0] in said
    assert ref.say("commands") in said and ref.say("sheet") + ":" in said and ref.say("table") + ":" in said
    me = session.state.chars[0]
    assert f"“{me.virtue}”" in said or f"“{me.vice}”" in said or ref.say("truths") in said
    assert session.state.scene >= 3  # the commands spent no turn: the game went on


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_neighbours_are_named_when_writing_for_them(lang: str) -> None:
    person = Person(lambda _p, _n: "")
    session, _human = table(person, lang)
    view = GAME.view(session.state, 0)
    hint = Reference(lang).hint(view, 0, GAME.legal_actions(session.state, 0))
    ref = Reference(lang)
    assert ref.who(view, 3) in hint and ref.who(view, 1) in hint  # virtue right (seat 3), vice left (seat 1)


def test_enter_never_burns_a_trait_and_burning_needs_yes() -> None:
    answers: list[str] = []

    def answer(prompt: str, _n: int) -> str:
        answers.append(prompt)
        return ""

    person = Person(answer, limit=3000)
    session, _ = table(person)
    run(session)
    burned_by_human = [e for e in session.heard if e.kind == "trait_burned" and e.data.get("seat") == 0]
    died_volunteering = [e for e in session.heard if e.kind == "character_died" and e.data.get("seat") == 0
                         and e.data.get("cause") == "voluntary"]
    assert not burned_by_human and not died_volunteering
    assert session.outcome() is not None


def test_a_burn_is_made_only_after_yes() -> None:
    state = {"tried": 0}

    def answer(prompt: str, _n: int) -> str:
        view = human.view
        legal = {a.kind for a in human.legal}
        if "burn_trait" in legal and ("Choose" in prompt):
            state["tried"] += 1
            return "1"  # Burn your active Trait
        if "This cannot be undone" in prompt:
            return "" if state["tried"] == 1 else "yes"
        del view
        return ""

    person = Person(answer)
    session, human = table(person)
    run(session, until=lambda s: any(e.kind == "trait_burned" and e.data.get("seat") == 0 for e in s.heard))
    said = "\n".join(person.output)
    assert state["tried"] >= 2 and Reference("en").say("back") in said
    assert any(e.kind == "trait_burned" and e.data.get("seat") == 0 for e in session.heard)


def test_a_proposed_attempt_gets_the_next_conflict() -> None:
    start: list[int] = []

    def answer(prompt: str, _n: int) -> str:
        if human.view is not None and human.view.scene >= 1 and not start:
            start.append(len(session.heard))  # type: ignore[attr-defined]
            return "try I climb the frozen escalator"
        return ""

    person = Person(answer)
    session, human = table(person)
    run(session, until=lambda s: bool(start) and any(e.kind == "conflict_called" for e in s.heard[start[0]:]))
    calls = [e for e in session.heard[start[0]:] if e.kind == "conflict_called"]  # type: ignore[attr-defined]
    assert calls and calls[0].data["active"] == 0
    assert any(t.offers.get("attempt") for t in session.talk if t.seat == 0)
    assert Reference("en").say("proposed", text="I climb the frozen escalator") in person.output


def test_no_reference_shows_a_hidden_brink() -> None:
    person = Person(lambda _p, _n: "")
    session, _ = table(person)
    run(session, until=lambda s: s.state.scene >= 2)
    truth = GAME.view(session.state, HOST)
    for seat in range(session.state.players):
        view = GAME.view(session.state, seat)
        for lang in ("en", "ru"):
            ref = Reference(lang)
            shown = "\n".join(ref.sheet(view, seat) + ref.table(view, seat) + ref.truths(view) + ref.opening(view)
                              + [ref.hint(view, seat, GAME.legal_actions(session.state, seat))])
            for other in truth.characters:
                secret = session.state.chars[other.seat].brink
                if secret and view.characters[other.seat].brink is None:
                    assert secret not in shown, (seat, other.seat)


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_resume_opens_with_a_recap(tmp_path, lang: str) -> None:
    from narrator.ten_candles.human import ScriptedIO
    from narrator.ten_candles.play import TableSettings, play, settings_from_header

    path = tmp_path / "cut.jsonl"
    play(TableSettings(humans=1, ai=3, seed=5, lang=lang), ScriptedIO([""] * 16), path)
    io = ScriptedIO([""] * 3)
    play(settings_from_header(path), io, path, resume=True)
    said = "\n".join(io.output)
    ref = Reference(lang)
    assert ref.say("recap") + ":" in said and split(ref.say("opening"))[0] in said
