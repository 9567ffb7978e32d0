"""Each engine's state dataclasses and the C++ form of their fields (``narrator.fast.codegen_state``).

A field whose form follows from its annotation (``int``, ``bool``, ``frozenset[int]``, an enum) is not
named here. Only the standard library and the generator are imported: ``setup.py`` loads this file by path.
"""

from __future__ import annotations

from narrator.fast.codegen_state import (
    INT,
    Custom,
    Enum,
    Given,
    Int,
    Mask,
    Named,
    Optional,
    PerSeat,
    Records,
    Run,
    Schema,
    Skip,
)

_B = "battaglia"
_STEP = Enum("NightStep", "step_name", "NIGHT_STEPS", "NightStep")
_CARD = Enum("Card", "card_name", "MAX_CARDS", "Card")
_BEFORE_DEAL = "s.phase == Phase::DEAL"

SCHEMAS = {
    _B: Schema(
        "narrator.rules.battaglia.state",
        (("Accusation", "Accusation"), ("PendingCurse", "PendingCurse"), ("NightState", "State"),
         ("DayState", "State"), ("BattagliaState", "State")),
        {
            "Accusation": {"accuser": Int(), "target": Int(), "basis": Named(enum=Enum("Basis", "basis_name", "4")),
                           "charge": Named(enum=Enum("Charge", "charge_name", "2")),
                           "text": Skip(why="texts never reach the rules")},
            "PendingCurse": {},
            "NightState": {
                "remaining": Run(end="remaining_to", start="remaining_from", element=_STEP),
                "awake": Mask(), "offered": Mask(), "round": Int("night_round"),
                "chosen": Custom(reads=(
                    "t.n_chosen = 0; t.chosen_mask = 0;",
                    "for (auto e : v) {",
                    "  const py::tuple x = py::reinterpret_borrow<py::tuple>(e);",
                    "  const int seat = x[0].cast<int>();",
                    "  const bool text = py::isinstance<py::str>(x[1]);",
                    ("  t.chosen[t.n_chosen++] = Chosen{static_cast<int8_t>(seat), static_cast<int8_t>(text ? -1 : "
                     "x[1].cast<int>()), text, text ? seat_mask(classes().get(\"parse_whisper\")(x[1])) : 0u};"),
                    "  t.chosen_mask |= bit(seat);",
                    "}"),
                    writes="tuple_of(t.n_chosen, [&](int i) { const Chosen& c = t.chosen[i]; return py::object("
                           "py::make_tuple(static_cast<int>(c.seat), c.is_text ? classes().get(\"whisper_text\")("
                           "seat_tuple(c.text_seats)) : py::object(py::int_(static_cast<int>(c.target))))); })"),
                "acts": Records(count="n_acts", items=(("step", _STEP), ("seat", INT), ("target", INT))),
            },
            "DayState": {
                "order": Run(end="order_len"), "last_words": Mask(), "candidates": Mask(),
                "accusations": Records(count="n_accusations", of="Accusation"),
                "declared": Skip(why="accusation_order declare_draw is unported", refuse="py::len(v) != 0"),
                "declaring": Skip(why="accusation_order declare_draw is unported", refuse="v.cast<bool>()"),
                "pending": Optional("pending", flag="has_pending", of="Accusation"),
                "ballots": Custom(reads=(
                    "t.ballots_cast = 0;",
                    "for (int i = 0; i < MAX_SEATS; ++i) t.ballots[i] = 0;",
                    "for (auto e : v) {",
                    "  const py::tuple x = py::reinterpret_borrow<py::tuple>(e);",
                    "  const int seat = x[0].cast<int>();",
                    "  t.ballots_cast |= bit(seat);",
                    "  t.ballots[seat] = seat_mask(x[1]);",
                    "}"),
                    writes="tuple_of(popcount(t.ballots_cast), [&](int i) { const int seat = nth_seat(t.ballots_cast, "
                           "i); return py::object(py::make_tuple(seat, seat_tuple(t.ballots[seat]))); })"),
                "curse": Optional("day_curse", flag="day_curse.active", of="PendingCurse"),
                "window": Custom(reads=(
                    "t.window_answered = t.window_intercede = t.window_bishop = 0;",
                    "for (auto e : v) {",
                    "  const py::tuple x = py::reinterpret_borrow<py::tuple>(e);",
                    "  const int seat = x[0].cast<int>();",
                    "  const std::string kind = py::str(x[1]);",
                    "  t.window_answered |= bit(seat);",
                    "  if (kind == \"intercede\") t.window_intercede |= bit(seat);",
                    "  if (kind == \"reveal_bishop\") t.window_bishop |= bit(seat);",
                    "}"),
                    writes="tuple_of(popcount(t.window_answered), [&](int i) { const int seat = nth_seat("
                           "t.window_answered, i); return py::object(py::make_tuple(seat, has(t.window_intercede, "
                           "seat) ? \"intercede\" : has(t.window_bishop, seat) ? \"reveal_bishop\" : \"pass\")); })"),
            },
            "BattagliaState": {
                "config": Given(),
                "deck": Custom(reads=("t.deck_size = static_cast<int>(py::len(v));",),
                               writes="classes().get(\"DECK_ORDER\")[py::slice(0, t.deck_size, 1)]"),
                "cards": PerSeat(element=_CARD, empty_when=_BEFORE_DEAL),
                "first_cards": PerSeat(element=_CARD, empty_when=_BEFORE_DEAL),
                "lives": PerSeat(empty_when=_BEFORE_DEAL), "heirs": PerSeat(empty_when=_BEFORE_DEAL),
                "undealt": Mask(cards=True),
                "announced": Custom(reads=(
                    "t.announced[0] = t.announced[1] = t.announced[2] = 0;",
                    "for (auto e : v) {",
                    "  const py::tuple x = py::reinterpret_borrow<py::tuple>(e);",
                    "  t.announced[x[1].cast<int>()] |= cbit(named<Card>(x[0], card_name, MAX_CARDS));",
                    "}"),
                    writes="announced_set(t.announced)"),
                "graveyard": Records(count="graves", items=(("seat", INT), ("life", INT), ("card", _CARD))),
                "night": Optional(flag="has_night", of="NightState"),
                "today": Optional(flag="has_day", of="DayState"),
                "rebirths": Mask(), "died_lights": Mask(),
                "after_rebirth": Custom(reads=(
                    "{ const std::string after = py::str(v);",
                    "  t.ever_reborn = !after.empty(); t.after_rebirth_day = after == \"day\"; }"),
                    writes="py::str(!t.ever_reborn ? \"\" : t.after_rebirth_day ? \"day\" : \"night\")"),
                "curse": Optional("curse", flag="curse.active", of="PendingCurse"),
                "public_log": Skip(why="the engine's records: narrator/fast/battaglia.py converts them"),
                "notes": Skip(why="the engine's records: narrator/fast/battaglia.py converts them"),
                "record": Skip(why="folded from the public log"),
                "result": Skip(why="a finished game is not played on", refuse="!v.is_none()"),
            },
        },
        enums={"Phase": Enum("Phase", "phase_name", "12", "Phase"), "NightStep": _STEP, "Card": _CARD},
        python={"BattagliaState": "narrator.rules.battaglia.state:BattagliaState",
                "NightState": "narrator.rules.battaglia.state:NightState",
                "DayState": "narrator.rules.battaglia.state:DayState",
                "Accusation": "narrator.rules.battaglia.state:Accusation",
                "PendingCurse": "narrator.rules.battaglia.state:PendingCurse",
                "Phase": "narrator.rules.battaglia.state:Phase",
                "NightStep": "narrator.rules.battaglia.state:NightStep",
                "Card": "narrator.rules.battaglia.cards:Card",
                "DECK_ORDER": "narrator.rules.battaglia.cards:DECK_ORDER",
                "parse_whisper": "narrator.agents.battaglia.knowledge:parse_dark_whisper",
                "whisper_text": "narrator.fast.battaglia:whisper_text"},
        includes=("state_py.hpp",), unordered=("DayState.ballots", "DayState.window")),
}
"""The engines with state glue, by name (Ten Candles has none: nothing loads a Python state into it)."""


