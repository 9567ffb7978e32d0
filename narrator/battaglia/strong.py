"""The web table's "strong" battaglia bot: determinized Monte-Carlo search over the Python kernel.

The native search bot (``native/battaglia/search.hpp``) reads a native state and serves simulations only.
A web seat has only its :class:`~narrator.rules.battaglia.views.BattagliaView`, so this bot rebuilds whole
states from that view alone (:func:`~narrator.battaglia.determinize.determinize`, ``determinize.py``): the
public fields and the public record as they are, its own soul and notes, and everything else sampled (the
other seats' souls within what its scripted reading of the view knows of them, the kitty, the second
souls, the others' first-night clan notes, today's unpublished ballots). Each sample is checked before use: the seat's view of it must show what the
real view shows and offer the same legal moves, or the sample is dropped. Then, like the native bot,
every candidate move (the scripted bot's move, always, and a few other distinct moves) is played out
by scripted bots in every seat from the same samples and chance (paired rounds); another move replaces
the scripted one only when its paired win difference is over ``z`` standard errors.

Searched: the decisions whose state the view rebuilds: last words, accusations, judging, the first
ballot, and night choices (tonight replayed from dusk by the sampled holders' scripted bots, kept only
when it gives the seat the public record and notes it has). Re-votes, the condemned's and the
execution moment's choices and speeches are the scripted bot's move, as is any decision whose samples
all fail the check.
"""

from __future__ import annotations

import math
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from narrator.agents.base import Decision, Request, Seat
from narrator.agents.battaglia import BattagliaBot
from narrator.rules.battaglia import GAME, BattagliaState
from narrator.rules.battaglia.cards import Card
from narrator.rules.battaglia.config import BattagliaConfig
from narrator.rules.battaglia.state import Phase
from narrator.rules.core import Action

from narrator.battaglia.determinize import SEARCHED_PHASES, consistent, determinize, move_key
from narrator.battaglia.playout import play_out, seat_request


@dataclass(frozen=True)
class Budget:
    """The web search's budget per decision (about 20 ms of CPU per rollout at 12 players)."""

    rollouts: int = 32
    candidates: int = 4
    z: float = 1.0
    probe_rounds: int = 4
    samples_tried: int = 12
    """Samples drawn per round before the round is given up (each must pass the view check)."""


# ---- the search -------------------------------------------------------------------------------------


def _rollout(state: BattagliaState, me: int, first: Action, key: str) -> int:
    """1 if ``me`` wins when it plays ``first`` in ``state`` and everyone then plays as the scripted bot."""
    bots = {s: BattagliaBot(f"{key}/bots", s, talk=False) for s in range(state.players)}
    state = GAME.apply(state, first).state

    def decide(current: BattagliaState, seat: int) -> Action | Decision:
        return bots[seat].act(seat_request(current, seat))

    final, _ = play_out(state, random.Random(f"{key}/chance"), decide, max_moves=20000)
    return int(final.result is not None and me in final.result.winners)


def _stderr(total: float, squares: float, n: int) -> float:
    mean = total / n
    return math.sqrt(max(0.0, (squares - n * mean * mean) / (n - 1)) / n)


class StrongBot(Seat):
    """The web's ``strong`` battaglia seat: the scripted bot's move, unless the search finds a better one.

    Deterministic: a decision depends on (seed, seat, view) only, like the scripted bot's.
    """

    name = "strong"

    def __init__(self, seed: int | None, seat: int, config: BattagliaConfig | None = None,
                 budget: Budget = Budget(), **scripted: Any) -> None:
        self.seed, self.seat, self.config, self.budget = seed, seat, config, budget
        self.scripted = BattagliaBot(seed, seat, **scripted)
        self.searched = 0
        """Decisions searched so far (with at least one sample that passed the check)."""
        self.samples = {"day": [0, 0], "night": [0, 0]}
        """Samples drawn and samples that passed the check so far, by day and by night."""
        self.night_moves: dict[tuple[int, str, int], Action] = {}
        """This seat's own night moves, by (night, step, round): what it knows it did tonight."""

    def act(self, request: Request) -> Action | Decision:
        answer = self._decide(request)
        view = request.view
        if view.phase is Phase.NIGHT and view.viewer is not None:  # the replay of tonight plays them again
            self.night_moves[(view.night, str(view.step), view.night_round or 1)] = (
                answer.action if isinstance(answer, Decision) else answer)
        return answer

    def _decide(self, request: Request) -> Action | Decision:
        answer = self.scripted.act(request)
        legal, view = request.legal, request.view
        if len(legal) < 2 or view.phase not in SEARCHED_PHASES:
            return answer
        scripted = answer.action if isinstance(answer, Decision) else answer
        config = self.config or BattagliaConfig(players=view.players)
        position = f"{self.seed}/{self.seat}/strong/{len(view.log)}/{len(view.notes)}/{request.attempt}"
        rng = random.Random(position)
        candidates = [scripted] + self._others(legal, scripted, rng)
        if len(candidates) < 2:
            return answer
        known = dict(self.scripted._narrowing.known)  # the scripted bot's reading of this view
        best = self._search(view, legal, config, known, candidates, position, rng)
        return answer if best == 0 else candidates[best]

    def _others(self, legal: Sequence[Action], scripted: Action, rng: random.Random) -> list[Action]:
        seen, rest = {move_key(scripted)}, []
        for action in legal:
            if move_key(action) not in seen:
                seen.add(move_key(action))
                rest.append(action)
        rng.shuffle(rest)
        return rest[:self.budget.candidates - 1]

    def _search(self, view: Any, legal: Sequence[Action], config: BattagliaConfig,
                known: Mapping[int, frozenset[Card]], candidates: list[Action], position: str,
                rng: random.Random) -> int:
        n = len(candidates)
        total, squares = [0.0] * n, [0.0] * n
        active = [True] * n
        used, played = 0, 0
        while used < max(n, self.budget.rollouts):
            if played == self.budget.probe_rounds and not self._prune(total, squares, active, played):
                break
            sample = None
            counts = self.samples["night" if view.phase is Phase.NIGHT else "day"]
            for _ in range(self.budget.samples_tried):
                counts[0] += 1
                sample = determinize(view, config, known, rng, own=self.night_moves)
                if sample is not None and consistent(sample, view, legal):
                    counts[1] += 1
                    break
                sample = None
            if sample is None:
                break
            key = f"{position}/{played}"
            results = [_rollout(sample, view.viewer, c, key) if active[c_i] else 0
                       for c_i, c in enumerate(candidates)]
            used += sum(active)
            for c in range(1, n):
                if active[c]:
                    diff = results[c] - results[0]
                    total[c] += diff
                    squares[c] += diff * diff
            played += 1
        if played:
            self.searched += 1
        best, best_mean = 0, 0.0
        for c in range(1, n):
            if not active[c] or played < 2:
                continue
            mean = total[c] / played
            if mean > best_mean and mean > self.budget.z * _stderr(total[c], squares[c], played):
                best, best_mean = c, mean
        return best

    def _prune(self, total: list[float], squares: list[float], active: list[bool], played: int) -> bool:
        """After the probe rounds: stop when no candidate changed a rollout; drop the clear losers."""
        z, any_left = self.budget.z, False
        for c in range(1, len(total)):
            if not active[c]:
                continue
            if squares[c] == 0 or total[c] / played < -z * _stderr(total[c], squares[c], played):
                active[c] = False
                continue
            any_left = True
        return any_left
