"""The native Ten Candles playout (``narrator.fast._ten_candles``): the same games as the Python kernel, faster.

``rules/ten_candles`` is the law; the C++ engine (``native/ten_candles/``) replays its rules, the
session's loop (``narrator.session.Session``: chance, asks, re-asks, fallbacks) and the scripted
survivors and GM move for move, for simulations only. ``tests/fast/test_ten_candles_native.py``
holds it to the Python kernel, move for move and row for row.

Public functions (the contract of ``narrator.playtest.engines``):

* :func:`play_rows` ``(config, jobs) -> rows``: each row equals ``narrator.ten_candles.simulate.play_one(job)``.
* :func:`trace` ``(config, seed) -> moves``: every move of one game, each as ``rules.codec.action_to_dict``
  encodes it (chance moves as ``{"kind": "chance", "actor": -1, "values": [...]}``).
* :func:`trace_full` ``(config, seed)``: the same with rejected proposals and fallbacks, as
  ``(type, actor, payload, code)`` tuples in transcript order.
* :func:`unsupported` ``(config) -> str | None``: why a config cannot be played natively.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from typing import Any

from narrator.fast import engine, mt_key, unported
from narrator.fast.ten_candles_material import agent_keys, agent_material

_INT64 = 2**63
Move = tuple[str, int, "dict[str, Any] | None", "str | None"]


def unsupported(config: Any) -> str | None:
    """Why ``config`` (a ``TenCandlesConfig``) cannot be played natively, else ``None``.

    Options the engine plays only at their default (``narrator.fast.unported``) are refused.
    """
    if not 2 <= config.players <= 9:
        return f"{config.players} players: the native engine seats 2..9"
    return unported("ten_candles", config)


@lru_cache(maxsize=32)
def material_for(config: Any) -> Any:
    """The native Material of a run under ``config`` (its safety lines and veils filter it), built once."""
    return engine("ten_candles").material(agent_material(config))


def play_rows(config: Any, jobs: Sequence[Any]) -> list[dict[str, Any]]:
    """Play ``jobs`` (``narrator.playtest.GameJob``, all under ``config``) natively: their ``play_one`` rows."""
    native = engine("ten_candles")
    if any(job.players != config.players for job in jobs):
        raise ValueError(f"play_rows: every job must seat {config.players} players, as its config does")
    if all(type(job.seed) is int and -_INT64 < job.seed < _INT64 for job in jobs):  # keys computed natively
        return native.play_seeds(config, material_for(config), [(job.index, job.seed) for job in jobs])
    games = [(job.index, job.seed, mt_key(job.seed), *agent_keys(job.seed, job.players)) for job in jobs]
    return native.play_rows(config, material_for(config), games)


def trace_full(config: Any, seed: int) -> tuple[list[Move], dict[str, Any]]:
    """One simulated game's transcript lines (moves, chance, rejections, fallbacks) and its counters."""
    survivors, gm = agent_keys(seed, config.players)
    moves, tally = engine("ten_candles").trace_game(config, material_for(config), mt_key(seed), survivors, gm)
    return [tuple(m) for m in moves], tally


def transcript_moves(records: Sequence[dict[str, Any]]) -> list[Move]:
    """A Python session's transcript records in :func:`trace_full`'s form, to compare the two line by line."""
    out: list[Move] = []
    for r in records:
        if r["kind"] in ("action", "chance"):
            out.append((r["kind"], r["actor"], r["payload"], None))
        elif r["kind"] == "rejected":
            out.append(("rejected", r["actor"], r["payload"], r["rejection"]["code"]))
        elif r["kind"] == "fallback":
            out.append(("fallback", r["actor"], None, None))
    return out


def trace(config: Any, seed: int) -> list[dict[str, Any]]:
    """Every move of one simulated game (chance included), as ``rules.codec.action_to_dict`` encodes it."""
    return [payload for kind, _, payload, _ in trace_full(config, seed)[0]
            if kind in ("action", "chance") and payload is not None]
