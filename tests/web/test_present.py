"""Per-game presenters: readable labels in both languages, grouped controls, panels, the fallback."""

from __future__ import annotations

from narrator.rules.battaglia.actions import Accuse, Choose, Judge, Pass, Vote
from narrator.rules.core import HOST, Event, public, seats
from narrator.rules.ten_candles.actions import ArrangeStack, CallConflict, SpeakTruth, WriteTraits, XCard

from narrator.web.present import Context, Group, Presenter, presenter_for


class _View:
    players = 5
    phase = "vote"
    step = None


def test_battaglia_votes_for_many_seats_are_one_select_with_names_in_both_languages() -> None:
    presenter = presenter_for("battaglia")
    votes = [Vote(actor=0, targets=(t,)) for t in (1, 2, 3, 4)] + [Pass(actor=0)]
    for lang, button, name in (("en", "vote", "Boris (1)"), ("ru", "голосовать", "Boris (1)")):
        controls = presenter.controls(votes, _View(), Context(("Anna", "Boris", "", "", ""), lang, 0, 5))
        group = controls[0]
        assert isinstance(group, Group) and group.label == button
        assert [c.payload["targets"] for c in group.choices] == [[1], [2], [3], [4]]
        assert group.choices[0].label == name
        assert controls[1].label == ("pass" if lang == "en" else "пропустить")  # a lone move: a button


def test_battaglia_accusations_name_the_target_basis_and_charge() -> None:
    presenter = presenter_for("battaglia")
    ctx = Context(("Anna", "Boris", "Vera", "Gleb"), "en", 0, 5)
    label = presenter.action_label(Accuse(actor=0, target=2, basis="logic", charge="shadow"), _View(), ctx)
    assert label == "accuse: Vera (2) — by logic, of being a shadow"
    ru = Context(("Anna", "Boris", "Vera", "Gleb"), "ru", 0, 5)
    assert presenter.action_label(Judge(actor=0, approve=False), _View(), ru) == "отклонить обвинение"
    assert presenter.action_label(Choose(actor=0, target=3), _View(), ru) == "выбрать: Gleb (3)"


def test_battaglia_events_are_the_host_s_sentences_and_silent_ones_are_untold() -> None:
    presenter = presenter_for("battaglia")
    ctx = Context(("Anna", "Boris", "Vera", "Gleb"), "en", 1, 5)
    line = presenter.event_text(public("condemned", seat=2), _View(), ctx)
    assert "Vera (2)" in line and "condemned" not in line.split()[0]  # a sentence, not "condemned: seat"
    assert presenter.event_text(public("day_end"), _View(), ctx) == ""


def test_ten_candles_labels_groups_and_text_fields_in_both_languages() -> None:
    presenter = presenter_for("ten-candles")
    assert presenter.host_plays
    calls = [CallConflict(active=s, dangerous=d) for s in range(3) for d in (False, True)]
    ctx = Context(("Anna", "Boris", "Vera"), "en", HOST, 1)
    group = presenter.controls([*calls, XCard(actor=HOST)], None, ctx)
    assert isinstance(group[0], Group) and group[0].label == "call a conflict"
    assert group[0].choices[1].label == "Anna, dangerous"
    assert group[1].label == "X-card" and presenter.is_interjection("x_card")
    traits = presenter.controls([WriteTraits(actor=0, virtue="x", vice="y")], None, ctx)[0]
    assert traits.text_fields == ["virtue", "vice"] and "virtue" not in traits.payload
    ru = Context(("Anna",), "ru", 0, 1)
    stack = ArrangeStack(actor=0, order=("vice", "virtue", "moment"))
    assert presenter.action_label(stack, None, ru) == "сложить карты: порок → добродетель → Момент"
    truth = SpeakTruth(actor=HOST, text="…", topic="sun")
    assert presenter.action_label(truth, None, ru) == "истина: солнце"


def test_ten_candles_private_setup_events_read_as_sentences() -> None:
    presenter = presenter_for("ten-candles")
    event = Event("brink_written", seats(0, 1), {"author": 0, "holder": 1, "them": False, "text": "I saw you run"})
    assert presenter.event_text(event, None, Context(("Anna", "Boris"), "en", 0, 1)) == "A Brink for Boris: I saw you run"
    assert presenter.event_text(public("candles_lit", step=1, lit=3, dark=0), None,
                                Context((), "ru", 0, 1)) == "Горит свечей: 3."


def test_an_unknown_game_keeps_the_generic_renderer() -> None:
    presenter = presenter_for("no-such-game")
    assert type(presenter) is Presenter and not presenter.host_plays
    ctx = Context(("Anna", "Boris"), "en", 0)
    assert presenter.event_text(public("hold", seat=1), None, ctx) == "hold: seat: Boris (seat 1)"
    assert presenter.panel({"lives": 2, "log": []}, ctx)[0].rows == [("lives", "2")]
