"""Canary leak test: no Ten Candles LLM prompt carries a secret its seat may not know (issue #5;
seeds/000_e53cdcbb20917f8a.txt L102, L144, L174-192, L255-257).

Every secret text is planted with a marker (``tests/ten_candles/llm_helpers.py``): each Brink
(``⟦brink:<holder>⟧``, Their Brink ``⟦brink:-2⟧``), each recorded message, each Moment and each
written Trait. The table is the one ``narrator play ten-candles --llm`` builds (:class:`LLMTable`:
the LLM Storyteller over the template, every survivor an :class:`LLMSurvivor` over the scripted
one), all seats AI, each seat and the Storyteller over its own model that records every prompt
(with the auditor state at that moment) and then *fails*, so the fallbacks play on and no answer is
ever faked. The oracle (:func:`may_know`) says from the state and the rulebook which markers that
seat (or the GM) may know at that moment; any other marker in the prompt is a leak.

Games: 2..5 survivors on two seeds under each ``message_playback`` (the default ``at_end``, the
strictest ``never``, the earliest ``on_death``), plus ``gm_sees_all_brinks`` and a Russian table.
The kernel has no hidden GM notes; the Storyteller's module material is read aloud (L122).
"""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest
from narrator.rules.core import HOST, Viewer
from narrator.rules.ten_candles import GAME
from narrator.rules.ten_candles.state import SCENE_PHASES

from tests.lanes import sweep
from tests.ten_candles.llm_helpers import (
    MARKER,
    Prompt,
    canary_table,
    leaks,
    marker,
    may_know,
    models_in_place_of_clients,
    overhear,
)

PLAYBACKS = ("at_end", "never", "on_death")
GAMES: list[tuple[int, int, dict[str, Any], str]] = [
    *((players, seed, {"message_playback": playback}, "en")
      for playback in PLAYBACKS for players in range(2, 6) for seed in (1, 2)),
    (4, 3, {"gm_sees_all_brinks": True}, "en"),
    (3, 4, {}, "ru"),
]
"""(players, seed, config options, language)."""


def play_with_canaries(players: int, seed: int, options: dict[str, Any], lang: str = "en", *,
                       hear_everything: bool = False) -> tuple[list[Prompt], Any]:
    """One full game; returns every (seat, state, prompt) and the table."""
    with models_in_place_of_clients():
        table, models = canary_table(players, seed, options, lang)
        if hear_everything:
            table.session.listeners.append(overhear(table))
        outcome = table.run()
    assert outcome is not None, "the fallbacks finished the game"
    return [(seat, state, text) for seat, model in models.items() for state, text in model.prompts], table


FAST_GAMES = [(3, 1, {"message_playback": "at_end"}, "en"), (5, 2, {"message_playback": "never"}, "en"),
              (4, 1, {"message_playback": "on_death"}, "en"), (4, 3, {"gm_sees_all_brinks": True}, "en"),
              (3, 4, {}, "ru")]
"""The fast lane's five games: one of each playback, the GM who sees all Brinks, the Russian table;
the slow lane plays all of ``GAMES``."""


@pytest.fixture(scope="module", params=sweep([FAST_GAMES, GAMES], fast=1, ids=["five", "all"]))
def canary_games(request: pytest.FixtureRequest) -> list[tuple[tuple[Any, ...], list[Prompt]]]:
    return [(game, play_with_canaries(*game)[0]) for game in request.param]


def test_no_prompt_carries_a_secret_its_seat_may_not_know(canary_games: list[Any]) -> None:
    """L174-192, L255-257: a prompt holds the Brinks its seat holds or wrote (Theirs: author and GM),
    shown Brinks, its own message and played-back ones; nothing else."""
    found = [f"{game}: {leak}" for game, prompts in canary_games for leak in leaks(prompts)]
    assert not found, f"{len(found)} leaking prompts, e.g. {found[:3]}"


def test_the_canary_games_prompt_every_seat_and_carry_secrets(canary_games: list[Any]) -> None:
    """Not vacuous: the GM and every survivor were prompted, and prompts carried the secrets their
    seat knows (own Brink, others' shown Brinks, played-back messages under ``on_death``)."""
    for (players, *_), prompts in canary_games:
        assert set(Counter(seat for seat, _, _ in prompts)) == {HOST, *range(players)}
    carried = Counter()
    for (_, _, options, _), prompts in canary_games:
        for seat, _, text in prompts:
            for found in set(MARKER.findall(text)):
                kind, holder = found.strip("⟦⟧").split(":")
                whose = "own" if int(holder) == seat else "other"
                carried[(seat == HOST, kind, whose, options.get("message_playback", "at_end"))] += 1
    assert any(carried[(False, "brink", "own", p)] for p in PLAYBACKS), "a survivor's own Brink is in its prompt"
    assert sum(n for (gm, kind, whose, _), n in carried.items() if not gm and kind == "brink" and whose == "other")
    assert sum(n for (gm, kind, _, _), n in carried.items() if gm and kind == "brink"), "the GM hears shown Brinks"
    assert carried[(False, "message", "other", "on_death")], "played-back messages reach the survivors' prompts"
    assert not any(carried[(gm, "message", "other", "never")] for gm in (False, True))


def test_canary_catches_prompts_that_hear_every_event() -> None:
    """The recording catches a real leak path: agents that hear the events their seat may not see
    (others' ``message_kept``) put others' messages into the GM's and a survivor's prompts (L255-257)."""
    prompts, _ = play_with_canaries(3, 2, {}, hear_everything=True)
    found = leaks(prompts)
    assert any(line.startswith(f"seat {HOST},") for line in found), found
    assert any(not line.startswith(f"seat {HOST},") for line in found), found
    assert all("message:" in line for line in found)


def test_oracle_flags_the_auditor_view_and_passes_each_seats_own_view(canary_games: list[Any]) -> None:
    """The oracle is sharp and agrees with the kernel: at the first conflict of a 3-player game the
    auditor's view holds, for seat 0, the Brink of seat 2 (written by seat 1, L174) and Their Brink
    (written by seat 2, L192) and the others' messages; for the GM every players' Brink but seat 0's
    (its own, L190) and every message. Each seat's own view is never flagged."""
    (_, prompts), = [(game, p) for game, p in canary_games if game == (3, 1, {"message_playback": "at_end"}, "en")]
    state = next(s for _, s, _ in prompts
                 if s.phase in SCENE_PHASES and not any(c.brink_revealed for c in s.chars))
    auditor = repr(GAME.view(state, Viewer.HOST))
    extra = {seat: set(MARKER.findall(auditor)) - may_know(state, seat) for seat in (0, HOST)}
    assert extra[0] == {marker("brink", 2), marker("brink", HOST), marker("message", 1), marker("message", 2)}
    assert extra[HOST] == {marker("brink", 1), marker("brink", 2), *(marker("message", s) for s in range(3))}
    for _, prompts in canary_games:
        for _, state, _ in prompts[::7]:
            for seat in (HOST, *range(state.players)):
                assert not leaks([(seat, state, repr(GAME.view(state, seat)))])


def test_failing_models_mean_fallback_moves_not_invented_ones() -> None:
    """Every prompted decision ended in the fallback (one call, a transport failure, no answer)."""
    prompts, table = play_with_canaries(4, 1, {})
    summary = table.stats.summary()
    assert summary["decisions"] == summary["calls"] == len(prompts) > 0
    assert summary["fallback_rate"] == 1.0 and set(summary["fallbacks_by_reason"]) == {"transport"}
