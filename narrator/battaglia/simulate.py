"""One simulated battaglia game per :class:`GameJob`: scripted bots in every seat, one row of results.

``play_one`` is the function ``narrator.playtest.run_games`` ships to worker processes. Without a
transcript it runs a lean loop (chance, ask the lowest active seat, ``apply``); with one it runs a
:class:`narrator.session.Session` writing the JSONL file. Both draw chance from
``random.Random(job.seed)`` in the same order, so a game is the same game either way, and the
kernel stays the only judge of legality (an illegal bot move is counted as a fallback and replaced
by the kernel's ``default_action``).
"""

from __future__ import annotations

import functools
import random
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from functools import lru_cache
from typing import TYPE_CHECKING, Any, cast

from narrator.agents.battaglia import BattagliaBot
from narrator.agents.battaglia.knowledge import faction_of
from narrator.agents.battaglia.texts import Table
from narrator.rules.battaglia import GAME, BattagliaConfig, BattagliaState, Card
from narrator.rules.battaglia.events import (
    BishopRevealed,
    ChildRevealed,
    Curse,
    Death,
    Execution,
    Intercession,
    LordRevealed,
    Morning,
    NightReport,
    NoCondemnation,
    ShadowRevealed,
)
from narrator.rules.chance import sample
from narrator.rules.core import CHANCE, ChanceAction, Event, IllegalActionError
from narrator.rules.events import EventBody
from narrator.rules.replay import decode_config

from narrator.battaglia.playout import seat_request
from narrator.playtest.engines import PlayBatch, in_runs
from narrator.playtest.runner import GameJob

if TYPE_CHECKING:
    from narrator.rules.chance import ChanceSpec

SIMULATION_DEFAULTS: Mapping[str, Any] = {"speech_rounds": 0, "objection_window": "eligible"}
"""Table options the simulation changes unless a rules profile sets them: bots neither read speeches
nor need the dummy objection window that hides Lun and the Bishop from people (spec §11.3.3), and
neither changes a rule."""
MAX_MOVES = 20_000
TRANSCRIPT_LANG = "en"
"""Language of the bots' speech in simulated transcripts (``narrator play`` lets people choose)."""
DARKNESS_STEPS = frozenset({"first_darkness", "second_darkness"})
GLOOM_STEPS = frozenset({"first_gloom", "second_gloom"})
CORRIGAN_STEPS = frozenset({"first_corrigan", "second_corrigan"})


@lru_cache(maxsize=64)
def _config(players: int, options: tuple[tuple[str, Any], ...]) -> BattagliaConfig:
    """The validated config of a job (cached: pydantic validation is slow next to a game)."""
    config: BattagliaConfig = decode_config(GAME, {**SIMULATION_DEFAULTS, **dict(options), "players": players})
    return config


def job_config(job: GameJob) -> BattagliaConfig:
    """The rules a job is played under."""
    return _config(job.players, tuple(sorted(job.options.items())))


def make_bots(seed: int | None, players: int, table: Table | None, *, talk: bool) -> dict[int, BattagliaBot]:
    """A scripted bot in every seat."""
    return {s: BattagliaBot(seed, s, table, talk=talk) for s in range(players)}


class Tally:
    """Counts what a row reports, from the events of each move (host-only ones included)."""

    def __init__(self) -> None:
        self.causes: Counter[str] = Counter()
        self.counts: Counter[str] = Counter()
        self._lun = -1

    def see(self, events: Sequence[Event]) -> None:
        """Fold one move's events (dispatched by payload class: the classes it counts are in ``TALLIED``; the
        events of other kinds are not read into their classes: this runs on every event of a simulation)."""
        for event in events:
            if event.kind in TALLIED_KINDS and (count := TALLIED.get(type(payload := event.payload))) is not None:
                count(self, payload)

    def _night(self, report: NightReport) -> None:
        acts = report.acts
        darkness = {t for step, s, t in acts if step in DARKNESS_STEPS and s == -1}
        gloom = {t for step, _, t in acts if step in GLOOM_STEPS}
        corrigan = {t for step, _, t in acts if step in CORRIGAN_STEPS}
        for seat in report.deaths:
            cause = ("darkness" if seat in darkness else "gloom" if seat in gloom
                     else "corrigan" if seat in corrigan else "guest")
            self.causes[cause] += 1

    def _intercession(self, intercession: Intercession) -> None:
        self._lun = intercession.lun
        self.counts["intercessions"] += 1

    def _execution(self, execution: Execution) -> None:
        self.causes["lun" if execution.seat == self._lun else "execution"] += 1
        self._lun = -1

    def _death(self, death: Death) -> None:
        self.causes[str(death.cause)] += 1

    def _reveal(self, reveal: EventBody) -> None:
        self.counts[reveal.kind] += 1  # lord_revealed, bishop_revealed, child_revealed, curse, shadow_revealed

    def _morning(self, morning: Morning) -> None:
        self.counts["night_shadow_reveals"] += len(morning.shadows)

    def _no_condemnation(self, _: NoCondemnation) -> None:
        self.counts["days_without_condemnation"] += 1


TALLIED: Mapping[type[EventBody], Callable[[Tally, Any], None]] = {
    NightReport: Tally._night, Intercession: Tally._intercession, Execution: Tally._execution, Death: Tally._death,
    LordRevealed: Tally._reveal, BishopRevealed: Tally._reveal, ChildRevealed: Tally._reveal, Curse: Tally._reveal,
    ShadowRevealed: Tally._reveal, Morning: Tally._morning, NoCondemnation: Tally._no_condemnation,
}
"""The event classes a row counts, each to its handler (a dict on the payload's class: one look-up an event)."""
TALLIED_KINDS = frozenset(cls.kind for cls in TALLIED)
"""Their kinds, so an event of any other kind is passed over without reading its payload."""


def play_one(job: GameJob) -> dict[str, Any]:
    """Play one game of ``job`` with its bots (scripted unless ``job.bots`` says otherwise) and return its row.

    Raises:
        ValueError: the plan has a search bot, which plays in the native engine only.
    """
    if job.bots is not None and job.bots.searches:
        raise ValueError("the search bot plays in the native engine only (narrator.fast)")
    config = job_config(job)
    tally = Tally()
    if job.transcript:
        state, moves, fallbacks = _play_recorded(job, config, tally)
    else:
        state, moves, fallbacks = _play_lean(job, config, tally)
    return make_row(job, state, tally, moves, fallbacks)


def native_engine() -> tuple[PlayBatch, Any]:
    """The native engine's batch function and its ``unsupported(config)`` (see ``narrator.fast``).

    Raises:
        narrator.fast.NativeUnavailableError: the engine is not built here.
    """
    from narrator.fast import playout

    fast = playout("battaglia")
    return functools.partial(in_runs, fast.play_rows, job_config, play_one), fast.unsupported


def lean_trace(job: GameJob, *, chance_seed: Any = None) -> tuple[list[Any], int]:
    """Every move the lean loop plays for ``job`` (chance included, a fallback's replacement in place
    of the illegal proposal) and its fallback count: what a native engine must play move for move.

    ``chance_seed`` seeds the chance stream instead of ``job.seed`` (for bots keyed by ``None``).
    """
    moves: list[Any] = []
    _, _, fallbacks = _play_lean(job, job_config(job), Tally(), record=moves, chance_seed=chance_seed)
    return moves, fallbacks


def _play_lean(job: GameJob, config: BattagliaConfig, tally: Tally, *, record: list[Any] | None = None,
               chance_seed: Any = None) -> tuple[BattagliaState, int, int]:
    rng = random.Random(job.seed if chance_seed is None else chance_seed)
    bots = make_bots(job.seed, job.players, None, talk=False)
    state = GAME.initial_state(config)
    fallbacks = 0
    chooser = random.Random(f"{job.seed}/random")  # the random-legal seats' one stream (narrator.battaglia.bots)
    random_sides = {f for f in ("light", "shadow", "darkness", "gloom") if job.bots and job.bots.kind(f) == "random"}
    for moves in range(MAX_MOVES):
        if state.result is not None:
            return state, moves, fallbacks
        active = GAME.active_players(state)
        if CHANCE in active:  # then the game names its draw (chance_spec is None only when chance is not to move)
            action: Any = ChanceAction(values=sample(cast("ChanceSpec", GAME.chance_spec(state)), rng))
        else:
            seat = min(active)
            if random_sides and faction_of(state.cards[seat]) in random_sides:
                legal = GAME.legal_actions(state, seat)
                action = legal[chooser.randrange(len(legal))]
            else:
                action = bots[seat].act(seat_request(state, seat))
                action = getattr(action, "action", action)
        try:
            step = GAME.apply(state, action)
        except IllegalActionError:
            fallbacks += 1
            action = GAME.default_action(state, action.actor)
            step = GAME.apply(state, action)
        if record is not None:
            record.append(action)
        tally.see(step.events)
        state = step.state
    return state, MAX_MOVES, fallbacks


def _play_recorded(job: GameJob, config: BattagliaConfig, tally: Tally) -> tuple[BattagliaState, int, int]:
    from narrator.transcript import TranscriptWriter

    assert job.transcript is not None
    table = Table.for_game(job.seed, job.players, TRANSCRIPT_LANG)
    bots = make_bots(job.seed, job.players, table, talk=True)
    with TranscriptWriter(job.transcript, overwrite=True) as file:
        return play_session(job, config, bots, table, tally, file)


def play_session(job: GameJob, config: BattagliaConfig, agents: Mapping[int, Any], table: Table, tally: Tally,
                 file: Any = None, *, fallbacks: Mapping[int, Any] | None = None,
                 concurrency: int = 1) -> tuple[BattagliaState, int, int]:
    """Play ``job`` as a :class:`narrator.session.Session` of ``agents`` (written to ``file`` when given);
    ``concurrency``: seats asked at once (model seats, see ``Session``).

    Returns the final state, the moves played and the fallback lines counted (illegal moves replaced).
    """
    from narrator.session import Session

    writer = _CountingWriter(file)
    session = Session(GAME, config, agents, seed=job.seed, recorder=writer, fallbacks=fallbacks,
                      concurrency=concurrency)
    if file is not None:  # a kept game commits to its public seed (narrator verify re-derives its draws)
        from narrator.fairness import attach, public_game

        attach(session, public_game(GAME, config, job.seed))
    session.listeners.append(lambda _action, events: tally.see(events))
    session.write_header(seats=[{"seat": s, "agent": a.name} for s, a in agents.items()],
                         table={"lang": table.lang, "setting": table.setting, "names": list(table.names),
                                "legends": list(table.legends)})
    moves = 0
    while moves < MAX_MOVES and session.step():
        moves += 1
    return session.state, moves, writer.fallbacks


class _CountingWriter:
    """Counts fallback lines (illegal moves replaced); passes records to the transcript file when there is one."""

    def __init__(self, file: Any) -> None:
        self.file, self.fallbacks = file, 0

    def write(self, record: dict[str, Any]) -> None:
        self.fallbacks += record.get("kind") == "fallback"
        if self.file is not None:
            self.file.write(record)

    def close(self) -> None:
        """The caller closes its transcript file."""


def make_row(job: GameJob, state: BattagliaState, tally: Tally, moves: int, fallbacks: int) -> dict[str, Any]:
    """The report row of a finished (or cut off) game."""
    outcome = state.result
    detail = dict(outcome.detail) if outcome else {}
    row: dict[str, Any] = {
        "index": job.index, "players": job.players, "seed": job.seed, "cards": len(state.deck),
        "winner": detail.get("force") or "none",
        "winners": " ".join(str(s) for s in sorted(outcome.winners)) if outcome else "",
        "termination": outcome.termination if outcome else "move_limit",
        "days": state.day, "moves": moves, "fallbacks": fallbacks,
        "survivors": state.players - len(state.out),
        "reborn": sum(1 for life in state.lives if life == 2),
        "deaths": sum(tally.causes.values()),
    }
    for cause in ("darkness", "gloom", "corrigan", "execution", "dying_shot", "guest", "lun"):
        row[f"death_{cause}"] = tally.causes.get(cause, 0)
    row["death_other"] = sum(v for k, v in tally.causes.items() if k not in
                             ("darkness", "gloom", "corrigan", "execution", "dying_shot", "guest", "lun"))
    for key in ("lord_revealed", "bishop_revealed", "child_revealed", "curse", "intercessions",
                "night_shadow_reveals", "days_without_condemnation"):
        row[key] = tally.counts.get(key, 0)
    seat_of = {card: seat for seat, card in enumerate(state.first_cards)}
    for card in Card:
        seat = seat_of.get(card)
        row[f"seat_{card.value}"] = "" if seat is None else seat
        row[f"survived_{card.value}"] = "" if seat is None else int(state.lives[seat] == 1 and seat not in state.out)
    return row
