"""Per-game presenters: readable labels in both languages, grouped controls, panels, the fallback."""

from __future__ import annotations

from narrator.rules.battaglia.actions import Accuse, Choose, Judge, Pass, Vote
from narrator.rules.battaglia.events import Condemned, DayEnd
from narrator.rules.core import HOST, PUBLIC, Event, public, seats
from narrator.rules.ten_candles.actions import ArrangeStack, CallConflict, SpeakTruth, WriteTraits, XCard

from narrator.web.present import Accusation, Ballot, Context, Group, Presenter, presenter_for


class _View:
    players = 5
    phase = "vote"
    step = None


class _Accused:
    def __init__(self, accuser: int, target: int) -> None:
        self.accuser, self.target, self.basis = accuser, target, "logic"


class _VoteView(_View):
    accusations = (_Accused(2, 1), _Accused(3, 1), _Accused(1, 4))


def test_battaglia_vote_is_a_ballot_of_checkboxes_with_its_count_and_the_day_s_accusers() -> None:
    presenter = presenter_for("battaglia")
    votes = [Vote(actor=0, targets=b) for b in ((1,), (4,), (1, 4))] + [Pass(actor=0)]
    for lang, note, by, by_one in (("en", "up to 2", "accused by", "accused by"),
                                   ("ru", "не больше 2", "обвиняют", "обвиняет")):
        controls = presenter.controls(votes, _VoteView(), Context(("Anna", "Boris", "Vera", "Gleb", "Oleg"), lang, 0, 5))
        ballot = controls[0]
        assert isinstance(ballot, Ballot) and ballot.most == 2 and note in ballot.note
        assert [seat for seat, _ in ballot.options] == [1, 4]
        assert ballot.options[0][1].startswith("Boris (1)") and by in ballot.options[0][1]
        assert "Vera (2)" in ballot.options[0][1] and "Gleb (3)" in ballot.options[0][1]
        assert "Boris (1)" in ballot.options[1][1] and by_one in ballot.options[1][1]  # Oleg was accused by Boris
        assert "(и)" not in ballot.options[0][1]  # no «обвинил(и)»
        assert controls[1].label == ("pass" if lang == "en" else "пропустить")  # abstaining: its own button
    one = presenter.controls([Vote(actor=0, targets=(t,)) for t in (1, 2)], _VoteView(), Context((), "en", 0, 5))[0]
    assert isinstance(one, Ballot) and one.most == 1 and "one" in one.note


def test_battaglia_accusation_is_a_picker_that_never_offers_yourself() -> None:
    presenter = presenter_for("battaglia")
    moves = [Accuse(actor=2, target=t, basis=b, charge=c) for t in (0, 1, 2, 3) for b in ("legend", "logic")
             for c in ("dark", "shadow") if c == "dark" or b == "logic"]
    for lang, legend in (("en", "by legend"), ("ru", "по легенде")):
        picker = presenter.controls(moves, _View(), Context(("Anna", "Boris", "Vera", "Gleb"), lang, 2, 5))[0]
        assert isinstance(picker, Accusation)
        assert [seat for seat, _ in picker.targets] == [0, 1, 3]
        assert [b for b, _ in picker.bases] == ["legend", "logic"] and picker.bases[0][1] == legend
        assert picker.shadow
    plain = presenter.controls([Accuse(actor=0, target=1, basis="logic")], _View(), Context((), "en", 0, 5))[0]
    assert isinstance(plain, Accusation) and not plain.shadow and [b for b, _ in plain.bases] == ["logic"]


def test_battaglia_accusation_with_only_yourself_left_is_no_picker_but_a_pass() -> None:
    """Two alive on day 7, the other one accused already: the kernel still offers accusing yourself; the page
    offers only "pass", not a picker with an empty "whom" list."""
    presenter = presenter_for("battaglia")
    moves = [Accuse(actor=2, target=2, basis=b) for b in ("legend", "logic")] + [Pass(actor=2)]
    for lang, label in (("en", "pass"), ("ru", "пропустить")):
        controls = presenter.controls(moves, _View(), Context(("Anna", "Boris", "Vera"), lang, 2, 5))
        assert not any(isinstance(c, Accusation) for c in controls)
        assert [c.label for c in controls] == [label]


def test_battaglia_accusations_name_the_target_basis_and_charge() -> None:
    presenter = presenter_for("battaglia")
    ctx = Context(("Anna", "Boris", "Vera", "Gleb"), "en", 0, 5)
    label = presenter.text.action_label(Accuse(actor=0, target=2, basis="logic", charge="shadow"), _View(), ctx)
    assert label == "accuse: Vera (2) — by logic, of being a shadow"
    ru = Context(("Anna", "Boris", "Vera", "Gleb"), "ru", 0, 5)
    assert presenter.text.action_label(Judge(actor=0, approve=False), _View(), ru) == "отклонить обвинение"
    assert presenter.text.action_label(Choose(actor=0, target=3), _View(), ru) == "выбрать: Gleb (3)"


def test_battaglia_events_are_the_host_s_sentences_and_silent_ones_are_untold() -> None:
    presenter = presenter_for("battaglia")
    ctx = Context(("Anna", "Boris", "Vera", "Gleb"), "en", 1, 5)
    line = presenter.text.event_text(Condemned(day=1, seat=2).event(PUBLIC), _View(), ctx)
    assert "Vera (2)" in line and "condemned" not in line.split()[0]  # a sentence, not "condemned: seat"
    assert presenter.text.event_text(DayEnd(day=1).event(PUBLIC), _View(), ctx) == ""


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
    assert presenter.text.action_label(stack, None, ru) == "сложить карты: порок → добродетель → Момент"
    truth = SpeakTruth(actor=HOST, text="…", topic="sun")
    assert presenter.text.action_label(truth, None, ru) == "истина: солнце"


def test_ten_candles_private_setup_events_read_as_sentences() -> None:
    presenter = presenter_for("ten-candles")
    event = Event("brink_written", seats(0, 1), {"author": 0, "holder": 1, "them": False, "text": "I saw you run"})
    assert presenter.text.event_text(event, None, Context(("Anna", "Boris"), "en", 0, 1)) == "A Brink for Boris: I saw you run"
    assert presenter.text.event_text(public("candles_lit", step=1, lit=3, dark=0), None,
                                Context((), "ru", 0, 1)) == "Горит свечей: 3."


def test_an_unknown_game_keeps_the_generic_renderer() -> None:
    presenter = presenter_for("no-such-game")
    assert type(presenter) is Presenter and not presenter.host_plays
    ctx = Context(("Anna", "Boris"), "en", 0)
    assert presenter.text.event_text(public("hold", seat=1), None, ctx) == "hold: seat: Boris (seat 1)"
    assert presenter.text.panel({"lives": 2, "log": []}, ctx)[0].rows == [("lives", "2")]


def test_battaglia_second_souls_dealt_after_a_day_are_timed_by_that_day_not_the_night_before() -> None:
    """After day 1 the public replay's panel said "now: night 1, rebirth" while the next heading was "Night 2"."""
    presenter = presenter_for("battaglia")

    class _Rebirth(_View):
        phase, turn = "rebirth", None

        def __init__(self, day: int, night: int) -> None:
            self.day, self.night = day, night

    for lang, after_day, after_night in (("en", "day 1, rebirth", "night 2, rebirth"),
                                         ("ru", "день 1, перерождение", "ночь 2, перерождение")):
        ctx = Context(("Anna", "Boris", "Vera", "Gleb", "Oleg"), lang, PUBLIC, 5)
        for view, expected in ((_Rebirth(1, 1), after_day), (_Rebirth(1, 2), after_night)):
            now = presenter.text._now(view, presenter.text.narrator(view, ctx), ctx)
            assert now.rows[0][1] == expected, (lang, now.rows)
