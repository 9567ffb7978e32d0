"""A battaglia seat's reference: its card's power (cited), its force, the public roster, hints, the
terminal commands that do not spend the turn, confirmation of moves that cannot be undone, and that
nothing of another seat's secrets reaches a seat's reference."""

from __future__ import annotations

import io
import random
import re
from dataclasses import replace
from pathlib import Path

import pytest
from narrator.agents.battaglia.texts import Table, load, mask_name
from narrator.agents.i18n import section
from narrator.rules.battaglia import GAME, BattagliaConfig, Phase
from narrator.rules.battaglia.cards import Card, Force
from narrator.rules.battaglia.state import NightStep
from narrator.rules.core import Event

from narrator.battaglia.human import TerminalHuman
from narrator.battaglia.narration import Narrator
from narrator.battaglia.playout import play_out, seat_request
from narrator.battaglia.reference import Reference
from narrator.battaglia.simulate import make_bots

SEED = sorted((Path(__file__).parents[2].parent / "shared" / "seeds").glob("004_*.txt"))
"""The rulebook beside the repo (as the citation tests expect it); the line check is skipped without it."""
CANARY = "CANARY-7f3a"


def played_to(phase: Phase, *, seed: int = 4, players: int = 9, after_deaths: int = 0, choice: bool = False):
    """A state in ``phase`` (with at least ``after_deaths`` announced deaths; with ``choice``, where the
    first active seat has more than one move), played by bots."""
    bots = make_bots(seed, players, None, talk=False)
    state, _ = play_out(GAME.initial_state(BattagliaConfig(players=players, speech_rounds=0)),
                        random.Random(seed), lambda s, seat: bots[seat].act(seat_request(s, seat)),
                        until=lambda s: s.phase is phase and len(s.graveyard) >= after_deaths and (
                            not choice or len(GAME.legal_actions(s, _first(s))) > 1))
    assert state.phase is phase, state.phase
    return state


def _first(state) -> int:
    return state.today.condemned if state.phase is Phase.CONDEMNED else min(GAME.active_players(state))


def reference(lang: str, seat: int | None, players: int = 9, seed: int = 4) -> Reference:
    return Reference(Narrator(Table.for_game(seed, players, lang), seat))


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_every_mask_has_a_power_with_rulebook_lines_and_every_force_how_it_wins(lang: str) -> None:
    words = section(lang, "battaglia_reference")
    seed_lines = SEED[0].read_text(encoding="utf-8").splitlines() if SEED else []
    for card in Card:
        ability = load("reference")["abilities"][str(card)]
        assert words["abilities"][str(card)].strip()
        cited = [int(n) for n in re.findall(r"L(\d+)", ability["lines"])]
        assert cited, card
        if seed_lines:  # every cited line exists, and the mask is named on one of them
            spans = [range(int(a), int(b or a) + 1) for a, b in re.findall(r"L(\d+)(?:-(\d+))?", ability["lines"])]
            lines = [n for span in spans for n in span]
            assert all(1 <= n <= len(seed_lines) for n in lines), card
            stem = mask_name(str(card), "ru").split()[0][:5]
            assert any(stem in seed_lines[n - 1].lower() for n in lines), card
    for force in Force:
        assert words["forces"][str(force)].strip()
    assert len({str(f) for f in Force}) == 6  # first and second darkness and gloom are separate (L92)
    for step in NightStep:
        if step is not NightStep.SHADOW:
            assert words["hints"][str(step)]


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_the_sheet_shows_the_own_mask_power_force_and_life(lang: str) -> None:
    state = played_to(Phase.ACCUSE)
    ref = reference(lang, 0)
    view = GAME.view(state, 0)
    text = "\n".join(ref.sheet(view))
    card = str(state.cards[0])
    assert section(lang, "battaglia_reference")["abilities"][card] in text
    assert ref.cite(load("reference")["abilities"][card]["lines"]) in text
    force = str(__import__("narrator.rules.battaglia.life", fromlist=["seat_force"]).seat_force(state, 0))
    assert section(lang, "battaglia_reference")["forces"][force] in text
    assert ref.narrator.card(card) in text


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_the_roster_shows_deaths_second_lives_and_how(lang: str) -> None:
    state = played_to(Phase.ACCUSE, after_deaths=1)
    ref = reference(lang, None)
    view = GAME.view(state, None)
    text = "\n".join(ref.roster(view))
    seat, _life, card = view.graveyard[0]
    assert ref.narrator.card(str(card)) in text
    assert ref.say("alive_second") in text or seat in view.out
    reborn = ref.rebirths(view, set())
    assert any(ref.narrator.name(seat) in line for line in reborn) == (seat not in view.out)
    assert ref.say("rebirth_rule") in text  # the rebirth rule is said where the dead seem to talk


def test_a_hint_for_every_kind_of_decision() -> None:
    ref = reference("en", 0)
    seen: dict[str, str] = {}
    bots = make_bots(5, 12, None, talk=False)

    def decide(state, seat):
        request = seat_request(state, seat)
        hint = ref.hint(request.view, request.legal)
        kinds = {a.kind for a in request.legal} - {"pass", "reveal_lord"}
        if kinds:
            seen[str(state.phase) if state.phase is not Phase.NIGHT else str(state.night.step)] = hint
        return bots[seat].act(request)

    play_out(GAME.initial_state(BattagliaConfig(players=12, speech_rounds=1)), random.Random(5), decide)
    assert {"speech", "accuse", "vote", "first_darkness", "first_corrigan", "first_cohen"} <= set(seen)
    assert all(seen.values()), {k: v for k, v in seen.items() if not v}
    assert "heal" in seen["first_cohen"].lower() and "shot" in seen["first_corrigan"].lower()


# -- the terminal --------------------------------------------------------------------------------


def human_at(phase: Phase, stdin: str, lang: str = "en", **kwargs):
    state = played_to(phase, **kwargs)
    seat = _first(state)
    out = io.StringIO()
    human = TerminalHuman(seat, Narrator(Table.for_game(4, 9, lang), seat), io.StringIO(stdin), out)
    return human, seat_request(state, seat), out, state


@pytest.mark.parametrize(("lang", "words"), [("en", ("help", "sheet", "who", "log")),
                                             ("ru", ("?", "лист", "кто", "журнал"))])
def test_reference_commands_do_not_spend_the_turn(lang: str, words: tuple[str, ...]) -> None:
    human, request, out, _state = human_at(Phase.VOTE, "\n".join(words) + "\n1\n", lang)
    action = human.act(request)
    assert action.kind == "vote" and action.targets == (request.view.candidates[0],)
    text = out.getvalue()
    ref = human.reference
    assert ref.say("commands") in text and ref.hints["vote"] in text
    assert ref.say("sheet") in text and ref.say("roster") in text and ref.say("log_title") in text
    assert text.count(f"1. {human.menu_name(request.view.candidates[0])}") >= 2  # options shown again


@pytest.mark.parametrize(("lang", "yes"), [("en", "yes"), ("ru", "да")])
def test_accepting_the_sentence_needs_an_explicit_yes(lang: str, yes: str) -> None:
    human, request, out, _state = human_at(Phase.CONDEMNED, "", lang, seed=2, choice=True)
    labels = [human._label(a, "condemned") for a in request.legal]
    accept = next(i for i, a in enumerate(request.legal, start=1) if a.kind == "pass")
    human.stdin = io.StringIO(f"{accept}\n\n{accept}\nno\n{accept}\n{yes}\n")
    action = human.act(request)
    assert action.kind == "pass"
    text = out.getvalue()
    assert text.count(human.reference.say("back")) == 2
    assert human.reference.confirm_prompt(labels[accept - 1]) in text


def test_a_bare_enter_never_makes_an_irreversible_move() -> None:
    human, request, _out, _ = human_at(Phase.CONDEMNED, "", seed=2, choice=True)
    accept = next(i for i, a in enumerate(request.legal, start=1) if a.kind == "pass")
    human.stdin = io.StringIO(f"\n{accept}\n" + "\n" * 5)
    with pytest.raises(Exception, match="end of input"):
        human.act(request)


# -- secrecy -------------------------------------------------------------------------------------


def with_canary(state, seat: int):
    """``seat``'s private notes carry a canary (as a learned card would); nobody else may show it."""
    note = Event("whispers", {"messages": [[seat, CANARY]]}, frozenset({seat}))
    notes = list(state.notes)
    notes[seat] = (*notes[seat], note)
    return replace(state, notes=tuple(notes))


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_no_seat_reference_shows_another_seats_secret(lang: str) -> None:
    state = played_to(Phase.VOTE, after_deaths=1)
    owner = 1
    state = with_canary(state, owner)
    abilities = section(lang, "battaglia_reference")["abilities"]
    for seat in [*range(state.players), None]:
        view = GAME.view(state, seat)
        ref = reference(lang, seat)
        shown = "\n".join(ref.sheet(view) + ref.roster(view) + ref.log(view, last=10_000) + ref.recap(view)
                          + [ref.hint(view, GAME.legal_actions(state, seat) if seat is not None else [])])
        if seat != owner:
            assert CANARY not in shown
        for other in range(state.players):
            other_power = abilities[str(state.cards[other])]
            if other != seat and (seat is None or other_power not in abilities[str(state.cards[seat])]):
                assert other_power not in shown, (seat, other)


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_resume_opens_with_a_recap_and_the_sheet(tmp_path: Path, lang: str) -> None:
    from typer.testing import CliRunner

    from narrator.cli.main import app

    path = tmp_path / "cut.jsonl"
    runner = CliRunner()
    # (seed 4: the game is still on after these 14 answers with today's bots)
    runner.invoke(app, ["play", "battaglia", "--players", "7", "--seat", "1", "--lang", lang, "--seed", "4",
                        "--transcript", str(path)], input="1\n" * 14)
    result = runner.invoke(app, ["play", "battaglia", "--resume", str(path)], input="")
    ref = reference(lang, 1, players=7, seed=4)
    out = result.output
    assert ref.say("recap_title") in out and ref.say("sheet") + ":" in out
    assert ref.say("recap_day", day=99).split("99")[0] in out  # the last day's accusations and votes
    assert out.index(ref.say("recap_title")) < out.index(ref.say("sheet") + ":")
    assert out.count(ref.narrator.say("deal", deck=", ".join(ref.narrator.card(str(c)) for c in
                                                             __import__("narrator.rules.battaglia.cards", fromlist=["deck_for"]).deck_for(9)),
                                      undealt=2)) == 0  # the retraced past is not told again line by line


def test_russian_past_tense_agrees_with_a_womans_name() -> None:
    """«погиб» takes «-ла» and «казнён» becomes «казнена» for a woman («погиба», «казнёна» were printed)."""
    table = Table.for_game(3, 9, "ru")
    woman = next(seat for seat in range(9) if table.gender(seat) == "f")
    man = next(seat for seat in range(9) if table.gender(seat) == "m")
    ref = Reference(Narrator(table, woman))
    assert ref.say("rebirth", woman, name="Нина").startswith("Нина погибла впервые")
    assert ref.say("rebirth", man, name="Олег").startswith("Олег погиб впервые")
    assert ref.say("died_night", woman, night=2, card="флюид").startswith("погибла ночью")
    assert ref.say("died_executed", woman, day=1, card="флюид").startswith("казнена в день")
    assert ref.say("died_executed", man, day=1, card="флюид").startswith("казнён в день")
    assert ref.say("alive", woman) == "жива" and ref.say("alive", man) == "жив"
