"""The native battaglia playout (``narrator.fast._battaglia``): the same games as the Python kernel, faster.

``rules/battaglia`` is the law; the C++ engine (``native/battaglia/``) replays its rules and the
scripted bots move for move, for simulations only. ``tests/fast/test_battaglia_native.py`` holds it
to the Python kernel, move for move and row for row.

Public functions (the contract of ``narrator.playtest.engines``):

* :func:`play_rows` ``(config, jobs) -> rows``: each row equals ``narrator.battaglia.simulate.play_one(job)``.
* :func:`trace` ``(config, seed) -> moves``: every move of one game, each as ``rules.codec.action_to_dict``
  encodes it (chance moves as ``{"kind": "chance", "actor": -1, "values": [...]}``).
* :func:`unsupported` ``(config) -> str | None``: why a config cannot be played natively.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from narrator.agents.battaglia.draws import seed_key
from narrator.agents.i18n import message
from narrator.fast import engine, mt_key, unported

CAUSES = ("darkness", "gloom", "corrigan", "execution", "dying_shot", "guest", "lun")
"""The row's death causes, in the order the engine's tally reports them (then ``other``)."""
COUNTS = ("lord_revealed", "bishop_revealed", "child_revealed", "curse", "intercessions",
          "night_shadow_reveals", "days_without_condemnation")
CARD_NAMES = ("NIKOR", "CORRIGAN", "COHEN", "LUN", "RAINMAKER", "FLUID", "KOLDUNYA", "TRITON", "PUCK",
              "CHESHIRE_CAT", "LORD_LUIHAD", "KOLDUN", "DOMOVIK", "TIIR", "BASILISK", "BISHOP", "CHILD", "BROK",
              "MESKLINIT", "FREILINA")
"""``rules.battaglia.Card`` in deck order (the engine's card numbers)."""


def unsupported(config: Any) -> str | None:
    """Why ``config`` (a ``BattagliaConfig``) cannot be played by the native engine, else ``None``."""
    if config.players > 18:
        return f"{config.players} players: the native engine seats at most 18"
    return unported("battaglia", config)


def play_rows(config: Any, jobs: Sequence[Any], plan: Any = None) -> list[dict[str, Any]]:
    """Play ``jobs`` (``GameJob``s of one table: the same players, options and bots, ``config`` their validated
    ``BattagliaConfig``) with the bots of ``plan`` (default: the jobs' ``bots``, else scripted); each row
    equals ``simulate.play_one(job)``'s (the search bot has no Python twin: its rows are the engine's alone)."""
    plan = plan if plan is not None else jobs[0].bots if jobs else None
    if plan is None or plan.scripted:  # the engine derives the seeds' keys and makes the rows (make_row's)
        return engine("battaglia").play_rows(config, jobs)
    choosers = [mt_key(f"{job.seed}/random") for job in jobs]
    searchers = [seed_key(f"{job.seed}/search") for job in jobs]
    return engine("battaglia").play_rows(config, jobs, plan.vector(), choosers, searchers, plan.rollouts,
                                         plan.candidates, 0.0, plan.z, plan.probe_rounds)


def play_rows_python(config: Any, jobs: Sequence[Any], plan: Any = None) -> list[dict[str, Any]]:
    """:func:`play_rows` with the seeds' keys and the rows made in Python (``play_bots`` / ``play_kinds``, then
    :func:`make_row`): what the engine's ``play_rows`` is held to (tests/fast/test_battaglia_native_rows.py)."""
    plan = plan if plan is not None else jobs[0].bots if jobs else None
    seeds = [mt_key(job.seed) for job in jobs]
    keys = [bot_keys(job.seed, job.players) for job in jobs]
    if plan is None or plan.scripted:
        facts = engine("battaglia").play_bots(config, seeds, keys)
    else:
        choosers = [mt_key(f"{job.seed}/random") for job in jobs]
        searchers = [seed_key(f"{job.seed}/search") for job in jobs]
        facts = engine("battaglia").play_kinds(config, seeds, keys, plan.vector(), choosers, searchers,
                                               plan.rollouts, plan.candidates, 0.0, plan.z,
                                               plan.probe_rounds)
    return [make_row(job, config.cards, fact) for job, fact in zip(jobs, facts)]


def trace(config: Any, seed: int) -> list[dict[str, Any]]:
    """Every move of the game ``seed`` with the scripted bots, chance included, as ``action_to_dict`` encodes it."""
    moves, _, _ = engine("battaglia").trace_bots(config, mt_key(seed), bot_keys(seed, config.players))
    return [action_dict(m) for m in moves]


def bot_keys(seed: Any, players: int) -> list[int]:
    """``BattagliaBot(seed, seat)``'s stream keys: ``seed_key(f"{seed}/{seat}")`` for every seat."""
    return [seed_key(f"{seed}/{seat}") for seat in range(players)]


_CARD_KEYS = tuple((f"seat_{name}", f"survived_{name}") for name in CARD_NAMES)


def make_row(job: Any, cards: int, facts: Sequence[Any]) -> dict[str, Any]:
    """``simulate.make_row`` from the engine's facts of a finished (or cut off) game."""
    moves, fallbacks, termination, force, winners, day, lives, out, first_cards, causes, counts = facts
    over = termination != "move_limit"
    row: dict[str, Any] = {
        "index": job.index, "players": job.players, "seed": job.seed, "cards": cards,
        "winner": force or "none", "winners": " ".join(str(s) for s in winners) if over else "",
        "termination": termination, "days": day, "moves": moves, "fallbacks": fallbacks,
        "survivors": job.players - len(out), "reborn": lives.count(2), "deaths": sum(causes),
    }
    for cause, n in zip(CAUSES, causes):
        row[f"death_{cause}"] = n
    row["death_other"] = causes[len(CAUSES)]
    for key, n in zip(COUNTS, counts):
        row[key] = n
    seat_of = {card: seat for seat, card in enumerate(first_cards)}
    dead = set(out)
    for card, (seat_key, survived_key) in enumerate(_CARD_KEYS):
        seat = seat_of.get(card)
        row[seat_key] = "" if seat is None else seat
        row[survived_key] = "" if seat is None else int(lives[seat] == 1 and seat not in dead)
    return row


def whisper_text(seats: Sequence[int]) -> str:
    """A silent bot's whisper naming ``seats`` (sorted), as the Python bot words it; ``""`` for none."""
    return message("ru", "battaglia_host.whisper_dark", names=", ".join(map(str, seats))) if seats else ""


def action_dict(move: Sequence[Any]) -> dict[str, Any]:
    """One engine move tuple as ``rules.codec.action_to_dict`` encodes the Python action."""
    kind, actor, target, basis, charge, approve, targets, text_seats, values = move
    if kind == "chance":
        return {"kind": "chance", "actor": -1, "values": list(values)}
    data: dict[str, Any] = {"kind": kind, "actor": actor}
    if kind in ("choose", "dying_shot"):
        data["target"] = target
    elif kind == "accuse":
        data.update(target=target, basis=basis, charge=charge, text="")
    elif kind == "judge":
        data["approve"] = approve
    elif kind == "vote":
        data["targets"] = list(targets)
    elif kind == "whisper":
        data["text"] = whisper_text(text_seats)
    elif kind == "speak":
        data["text"] = ""
    return data


def trace_trivial(config: Any, seed: int | str, chooser_seed: int | str) -> tuple[list[dict[str, Any]], dict[str, Any]]:
    """One game where every seat plays ``legal[randrange(len(legal))]`` from ``random.Random(chooser_seed)``
    (the kernel check with a shared trivial chooser): its moves and the engine's summary."""
    moves, summary, _ = engine("battaglia").trace_trivial(config, mt_key(seed), mt_key(chooser_seed))
    return [action_dict(m) for m in moves], summary
