"""A fuzz of move proposals against the four kernels, the way agents make them and the way the wire does.

Games are played with random legal moves; at each decision, proposals are made from the legal moves
and from every action type of the game, with fields replaced by values of the wrong type (``1.5``,
``True``, ``None``, a list, an object) or by odd values of the right type (``-2``, ``10**18``, a
long text). Two paths:

* **direct**: the typed action, as an agent inside the process hands it to the session
  (``Session.admit`` then ``check``, and ``apply`` when accepted);
* **codec**: its JSON form, damaged the same way (or its kind changed, a field dropped or added),
  decoded by the codec first, as the web API and transcripts do.

A proposal **crashes** when anything but ``IllegalActionError``/``InvalidActionError`` escapes, or
when ``check`` accepts a move ``apply`` then refuses or fails on. A **wrong-typed acceptance** is a
proposal ``check`` accepts although a field is not of its annotated type, judged by pydantic's strict
validation of each field (an oracle independent of the codec's own check). ``admit=False`` skips
the session's admission to measure the kernels alone (their public ``check``/``apply`` refuse a
malformed action themselves, ``rules.core.Game.malformed``); ``guard=False`` also calls the rules
behind that guard (``Game.malformed`` switched off for the run): the kernels as any caller reached them before.
"""

from __future__ import annotations

import dataclasses
import random
import typing
from collections import Counter
from dataclasses import dataclass, field
from functools import cache
from typing import Any, Literal

from narrator.rules.chance import sample
from narrator.rules.codec import action_to_dict, codec_for
from narrator.rules.core import CHANCE, ChanceAction, IllegalActionError, InvalidActionError
from narrator.rules.registry import get_game
from narrator.rules.replay import decode_config
from pydantic import TypeAdapter, ValidationError

from narrator.session import Session

GAMES = ("battaglia", "ten-candles", "dark-ages", "wild-west")

WRONG_TYPED: tuple[Any, ...] = (1.5, -0.0, float("nan"), float("inf"), True, False, None, "1", "", b"x", [], [1],
                                {}, {"a": 1}, (1,), ("a",), (("a",),), object(), 1j)
"""Values that are not of any field's type, or only of some (a str for an int field...)."""
ODD: tuple[Any, ...] = (-2, -1, 0, 1, 3, 99, 10**18, -(10**18), 2**70, "x" * 5000, "\x00", "strength", "hall",
                        (), ("strength", "strength"), ("nope",), (0, 0), (-1,), (10**9,))
"""Values of some field's type that the rules rarely see."""
JSON_VALUES: tuple[Any, ...] = (1.5, 1.0, True, False, None, "1", "", "x" * 5000, [], [1], ["a"], [["a"]], [[1]], {},
                                {"a": 1}, -2, -1, 0, 1, 99, 10**18, 2**70, float("inf"), float("nan"), "strength")
"""What a JSON body may carry in place of a field."""


@dataclass
class Tally:
    """What a fuzz run found."""

    proposals: int = 0
    crashes: Counter[str] = field(default_factory=Counter)
    wrong_typed_accepted: Counter[str] = field(default_factory=Counter)
    outcomes: Counter[str] = field(default_factory=Counter)
    examples: list[str] = field(default_factory=list)

    def add(self, other: Tally) -> None:
        self.proposals += other.proposals
        self.crashes.update(other.crashes)
        self.wrong_typed_accepted.update(other.wrong_typed_accepted)
        self.outcomes.update(other.outcomes)
        self.examples.extend(other.examples[: max(0, 20 - len(self.examples))])

    def note(self, counter: Counter[str], key: str, example: str) -> None:
        counter[key] += 1
        if len(self.examples) < 20:
            self.examples.append(example)


def storyteller_config(game: Any) -> Any:
    """A Storyteller config with two characters, so that rolls have sheets to refer to."""
    from narrator.rules.storyteller import Character

    attributes = {a: 2 for a in ("strength", "dexterity", "stamina", "charisma", "manipulation", "appearance",
                                 "perception", "intelligence", "wits")}
    sheets = tuple(Character(id=i, name=i.title(), attributes=attributes, abilities={"brawl": 2}, willpower=3)
                   for i in ("hall", "mira"))
    return dataclasses.replace(decode_config(game, {}), characters=sheets)


def config_for(name: str) -> Any:
    game = get_game(name)
    if name in ("dark-ages", "wild-west"):
        return storyteller_config(game)
    return decode_config(game, {})


@cache
def _hints(action_type: type) -> dict[str, Any]:
    """The action type's resolved annotations (its string annotations evaluated once, not per proposal)."""
    return typing.get_type_hints(action_type)


@cache
def _field_oracle(action_type: type) -> tuple[tuple[str, TypeAdapter[Any]], ...]:
    hints = _hints(action_type)
    return tuple((f.name, TypeAdapter(hints[f.name])) for f in dataclasses.fields(action_type))


def well_typed(action: Any) -> bool:
    """Every field of exactly its annotated type (pydantic strict mode: no bool for int, no list for tuple)."""
    for name, adapter in _field_oracle(type(action)):
        try:
            adapter.validate_python(getattr(action, name), strict=True)
        except ValidationError:
            return False
    return True


def _plausible(annotation: Any, rng: random.Random) -> Any:
    """A value of the annotated type, from the values the kernels use and a few odd ones."""
    origin, args = typing.get_origin(annotation), typing.get_args(annotation)
    if annotation is int:
        return rng.choice((-2, -1, 0, 1, 2, 3, 5, 6, 8, 10, 11, 99))
    if annotation is bool:
        return rng.random() < 0.5
    if annotation is str:
        return rng.choice(("", "hall", "mira", "strength", "brawl", "dexterity", "text", "a truth", "dark",
                           "light", "fist", "sword"))
    if origin is Literal:
        return rng.choice(args)
    if origin is tuple:
        return tuple(_plausible(args[0], rng) for _ in range(rng.choice((0, 1, 1, 2, 3))))
    return None


def _template(action_type: type, seat: int, rng: random.Random) -> Any:
    hints = _hints(action_type)
    values = {f.name: _plausible(hints[f.name], rng) for f in dataclasses.fields(action_type)
              if f.name != "kind"}
    values["actor"] = seat if rng.random() < 0.8 else values["actor"]
    return action_type(**values)


def _damage(action: Any, rng: random.Random) -> Any:
    names = [f.name for f in dataclasses.fields(action)]
    for _ in range(rng.choice((1, 1, 2))):
        pool = WRONG_TYPED if rng.random() < 0.6 else ODD
        action = dataclasses.replace(action, **{rng.choice(names): rng.choice(pool)})
    return action


def _damage_json(data: dict[str, Any], kinds: tuple[str, ...], rng: random.Random) -> Any:
    roll = rng.random()
    data = dict(data)
    if roll < 0.05:
        return rng.choice(([], "roll", None, 3, [data]))
    if roll < 0.15:
        data["kind"] = rng.choice((*kinds, "fly", "", 1, None))
    elif roll < 0.22 and len(data) > 1:
        data.pop(rng.choice([k for k in data if k != "kind"] or ["kind"]))
    elif roll < 0.27:
        data["extra_field"] = 1
    else:
        for _ in range(rng.choice((1, 1, 2))):
            data[rng.choice(list(data))] = rng.choice(JSON_VALUES)
    return data


def fuzz(name: str, proposals: int, *, seed: int = 0, admit: bool = True, guard: bool = True,
         per_state: int = 20) -> Tally:
    """Make ``proposals`` proposals against game ``name`` (half direct, half through the codec)."""
    if guard:
        return _fuzz(name, proposals, seed, admit, per_state)
    kernel = type(get_game(name))
    kernel.malformed = lambda _self, _action: None  # type: ignore[method-assign]  # the rules as they were
    try:
        return _fuzz(name, proposals, seed, admit, per_state)
    finally:
        del kernel.malformed  # Game.malformed again


def _fuzz(name: str, proposals: int, seed: int, admit: bool, per_state: int) -> Tally:
    game, config, rng = get_game(name), config_for(name), random.Random(seed)
    codec = codec_for(tuple(game.action_types))
    types = [t for t in game.action_types if t is not ChanceAction]
    session = Session(game, config, {}, seed=seed)
    tally = Tally()
    moves = 0
    while tally.proposals < proposals:
        state = session.state
        if game.outcome(state) is not None or moves > 400:
            session.state, moves = game.initial_state(config), 0
            continue
        active = sorted(game.active_players(state))
        if not active:
            session.state, moves = game.initial_state(config), 0
            continue
        if CHANCE in active:
            session.state = game.apply(state, ChanceAction(values=sample(game.chance_spec(state), rng))).state
            moves += 1
            continue
        seat = rng.choice(active)
        legal = list(game.legal_actions(state, seat))
        for _ in range(min(per_state, proposals - tally.proposals)):
            base = rng.choice(legal) if legal and rng.random() < 0.6 else _template(rng.choice(types), seat, rng)
            tally.proposals += 1
            if rng.random() < 0.5:
                _judge(session, seat, _damage(base, rng), "direct", admit, tally)
            else:
                data = _damage_json(action_to_dict(base), codec.kinds, rng)
                try:
                    action = codec.decode(data)
                except InvalidActionError:
                    tally.outcomes["codec: invalid"] += 1
                    continue
                except Exception as error:  # noqa: BLE001 - what the fuzz looks for
                    tally.note(tally.crashes, f"{name} codec {type(error).__name__}", f"{name} decode {data!r:.150}: "
                               f"{type(error).__name__}: {error}")
                    continue
                _judge(session, seat, action, "codec", admit, tally)
        if not legal:
            session.state, moves = game.initial_state(config), 0
            continue
        session.state = game.apply(state, rng.choice(legal)).state
        moves += 1
    return tally


def _judge(session: Session, seat: int, action: Any, path: str, admit: bool, tally: Tally) -> None:
    game, state = session.game, session.state
    where = f"{game.name} {path} {getattr(action, 'kind', type(action).__name__)}"
    try:
        rejection = session.admit(seat, action) if admit else None
        if rejection is not None:
            tally.outcomes[f"{path}: not admitted"] += 1
            return
        rejection = game.check(state, action)
        if rejection is not None:
            tally.outcomes[f"{path}: refused"] += 1
            if rejection.code == "MALFORMED":
                tally.outcomes[f"{path}: refused malformed"] += 1
            return
        game.apply(state, action)
    except IllegalActionError as error:
        tally.note(tally.crashes, f"{where} apply refused what check accepted", f"{where}: {action!r:.200}: {error}")
        return
    except Exception as error:  # noqa: BLE001 - what the fuzz looks for
        tally.note(tally.crashes, f"{where} {type(error).__name__}", f"{where}: {action!r:.200}: "
                   f"{type(error).__name__}: {str(error)[:100]}")
        return
    tally.outcomes[f"{path}: accepted"] += 1
    if not well_typed(action):
        tally.note(tally.wrong_typed_accepted, where, f"{where} accepted: {action!r:.200}")
