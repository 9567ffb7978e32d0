"""Tables in play: a session per table, who controls each seat, and the task that moves the bots.

A :class:`Table` wraps one :class:`narrator.session.Session`. Human moves arrive through
:meth:`Table.submit`; a background task (:meth:`Table.kick`) samples chance and asks bot seats
until a human must act, and after every move tells each connected page to refresh. Every move
goes to the table's transcript as it happens, so the :class:`~narrator.web.manager.TableManager` can rebuild
every table from disk after a restart.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

from narrator import fairness
from narrator.rules.codec import action_to_dict
from narrator.rules.core import CHANCE, HOST, PUBLIC, Action, Code, Event, Game, PlayerId, Rejection
from narrator.session import NARRATION as SESSION_NARRATION
from narrator.session import Session
from narrator.web.bots import BotContext, HumanSeat, make_bot
from narrator.web.drafts import WebDrafts, stream_setting
from narrator.web.i18n import translate
from narrator.web.limits import KEPT_REFUSALS
from narrator.web.present import presenter_for
from narrator.web.render import seat_name
from narrator.web.store import SeatRecord, TableRecord, TableStore

logger = logging.getLogger("narrator.web")

SEAT_IS_BOT = "SEAT_IS_BOT"
"""Rejection code: a human acted for a seat while a bot plays it."""

NARRATION = SESSION_NARRATION
"""Kind of the public pseudo-events carrying bots' prose (a bot Storyteller's framing, a survivor's
line). They are kept in the transcript as ``narration`` records, which replay ignores."""


@dataclass(eq=False)
class Subscriber:
    """A connected page: who it shows (a seat, or ``None`` for the public host page), how to refresh it,
    and how to send it one message (a streamed draft, :mod:`narrator.web.drafts`)."""

    viewer: PlayerId | None
    push: Callable[[], Awaitable[None]]
    send: Callable[[dict[str, Any]], Awaitable[None]] | None = None


class Table:
    """One game at one table.

    Args:
        record: the table's row in the index (seats, status...).
        game: the kernel.
        session: the running session (its recorder writes the transcript).
        events: every event so far, in order (each page filters what its viewer may see).
        store: where seat and status changes are saved.
        bot_delay: seconds between bot moves, so people can follow the game as it streams.
    """

    def __init__(self, record: TableRecord, game: Game[Any, Any], session: Session, events: list[Event],
                 store: TableStore, *, bot_delay: float = 0.0, error: str | None = None,
                 bot_context: BotContext | None = None) -> None:
        self.record, self.game, self.session, self.store = record, game, session, store
        self.presenter = presenter_for(game.name)
        self.bot_context = bot_context or BotContext(record.language)
        self.events = events
        self.bot_delay = bot_delay
        self.error = error
        self.rejections: dict[PlayerId, Rejection] = {}
        self.last_refused: dict[PlayerId, dict[str, Any]] = {}
        session.kept_refusals = KEPT_REFUSALS  # a seat's repeated refusals: the first few written, the rest counted
        self.subscribers: set[Subscriber] = set()
        self.lock = asyncio.Lock()
        self.idle = asyncio.Event()
        self.idle.set()
        self._driver: asyncio.Task[None] | None = None
        self._drafts: WebDrafts | None = None
        self._drafts_on = True
        session.listeners.append(self._on_move)

    # -- what pages read ---------------------------------------------------------------------

    @property
    def id(self) -> str:
        return self.record.id

    @property
    def names(self) -> list[str]:
        return [seat.name for seat in self.record.seats]

    def seat(self, seat: PlayerId) -> SeatRecord:
        """The seat's record. Raises ``IndexError`` for a seat the table does not have."""
        if not 0 <= seat < len(self.record.seats):
            raise IndexError(seat)
        return self.record.seats[seat]

    def view(self, viewer: PlayerId | None) -> Any:
        """What ``viewer`` may know now (``None``: the public; ``HOST``: the presenter's host viewer)."""
        return self.game.view(self.session.state, self._knower(viewer))

    def _knower(self, viewer: PlayerId | None) -> Any:
        """Whom the kernel is asked about: a seat, the public, or for ``HOST`` the presenter's host
        viewer (battaglia's moderator is ``Viewer.HOST``: the int ``HOST`` is not the host there)."""
        return self.presenter.host_viewer if viewer == HOST else viewer

    @property
    def human_host(self) -> bool:
        """A person plays the host seat with the host's knowledge and moves (a human Ten Candles GM,
        a battaglia moderator)."""
        return self.presenter.human_host(self)

    def host_may_act(self) -> bool:
        """Whether the host page offers the host's moves now: the kernel waits for the host, or the
        host is a person whose moves the presenter offers at any moment (a battaglia moderator)."""
        return HOST in self.waiting_for() or (self.presenter.host_acts_any_time and self.human_host)

    def page_viewer(self, viewer: PlayerId | None) -> PlayerId | None:
        """Whose knowledge a page shows: its seat; on the host page the host seat's (``HOST``) only
        when a person plays a host the rules give moves, else the public's (``None``)."""
        if viewer is None or viewer == HOST:
            return HOST if self.human_host else None
        return viewer

    def speaker_name(self, seat: PlayerId | None) -> str:
        """How a page names who is writing a draft: the seat's name, or the Storyteller for the host."""
        if seat is None or seat == HOST or not 0 <= seat < len(self.record.seats):
            return translate(self.record.language, "draft.storyteller")
        return seat_name(self.names, seat, self.record.language)

    def visible_events(self, viewer: PlayerId | None) -> list[Event]:
        """The events ``viewer`` may see, in order."""
        knower = self._knower(viewer)
        return [event for event in list(self.events) if event.visible_to(knower)]

    def legal(self, seat: PlayerId) -> list[Action]:
        """The moves ``seat`` may make now (none while a bot plays it or the game is over)."""
        if self.error or self.session.outcome() is not None:
            return []
        if (self.record.host if seat == HOST else self.seat(seat)).controller != "human":
            return []
        if seat in self.session.agents and self.session.no_choice(seat) is not None:
            return []  # the loop makes the lone pass for it: nothing to click
        return list(self.game.legal_actions(self.session.state, seat))

    def waiting_for_kernel(self) -> list[PlayerId]:
        """The seats the kernel waits for now (chance excluded)."""
        if self.error or self.session.outcome() is not None:
            return []
        return sorted(s for s in self.game.active_players(self.session.state) if s != CHANCE)

    def waiting_for(self) -> list[PlayerId]:
        """The seats the table waits for now: the kernel's, or a seat whose table move a bot awaits, or the people
        whose share of the chance the first draw awaits."""
        seats = self.presenter.waiting(self, self.waiting_for_kernel())
        if not seats and not self.error and CHANCE in self.game.active_players(self.session.state):
            return self.shares_awaited()
        return seats

    # -- moves -------------------------------------------------------------------------------

    async def submit(self, seat: PlayerId, action: Action) -> Rejection | None:
        """Apply a human's move for ``seat``, or return the kernel's reason for refusing it."""
        rejection: Rejection | None
        async with self.lock:
            if (self.record.host if seat == HOST else self.seat(seat)).controller != "human":
                rejection = Rejection(SEAT_IS_BOT, f"a bot plays seat {seat} now; take the seat back to act", "web")
            elif self.error:
                rejection = Rejection(Code.GAME_OVER, f"this table stopped: {self.error}", "web")
            else:
                rejection = self.presenter.before_move(self, seat, action) or self.session.submit(action)
            if rejection is None:
                self.rejections.pop(seat, None)
            else:
                self.rejections[seat], self.last_refused[seat] = rejection, action_to_dict(action)
        self.kick()
        await self.broadcast()
        return rejection

    async def table_move(self, seat: PlayerId, payload: dict[str, Any]) -> Rejection | None:
        """A move of the web layer (``presenter.table_move_kinds``: a player's choice of approach).

        Raises:
            ValueError: a malformed move (from the presenter).
        """
        rejection: Rejection | None
        async with self.lock:
            if self.seat(seat).controller != "human":
                rejection = Rejection(SEAT_IS_BOT, f"a bot plays seat {seat} now; take the seat back to act", "web")
            elif self.error or self.session.outcome() is not None:
                rejection = Rejection(Code.GAME_OVER, "this table is not in play", "web")
            else:
                rejection = self.presenter.table_move(self, seat, payload)
                if rejection is None and not self.session.waiting_for():
                    # a bot turns the answer into its move now, so the page learns if the kernel took it
                    await self._step()
                    rejection = self.session.refused_answers.get(seat)
            if rejection is None:
                self.rejections.pop(seat, None)
            else:
                self.rejections[seat], self.last_refused[seat] = rejection, dict(payload)
        self.kick()
        await self.broadcast()
        return rejection

    def say(self, speaker: Any, text: str, **extra: Any) -> None:
        """Public words beside the kernel's events (bots' prose, a player's choice), kept in the transcript."""
        self.events.append(Event(NARRATION, PUBLIC, {"by": speaker, "text": text}))
        self.session.write({"kind": "narration", "by": speaker, "text": text, **extra})

    async def set_controller(self, seat: PlayerId, controller: str) -> None:
        """Hand ``seat`` to a bot (``"bot"``) or back to its human (``"human"``).

        A bot taking over first observes every event the seat has seen, so it plays on with the
        seat's memory; the human coming back sees the same seat view as before.
        """
        async with self.lock:
            record = self.seat(seat)
            if record.controller == controller:
                return
            if controller == "bot":
                agent = make_bot(record.bot_kind, self.game, seat, self.record.seed, self.bot_context)
                history = kernel_events(self.visible_events(seat))
                if history:
                    agent.observe(history)
                agent.bind_calls(self.session.write_llm_call)  # a model bot's calls go to the transcript too
                self.session.agents[seat] = agent
            else:
                self.session.agents[seat] = HumanSeat()
            record.controller = controller
            self.rejections.pop(seat, None)
            self.store.update(self.record)
        logger.info("table %s: seat %d is now played by a %s", self.id, seat, controller)
        self.kick()
        await self.broadcast()

    def kick(self) -> None:
        """Start moving bots and chance in the background, unless that is already under way."""
        if self.record.status != "active" or (self._driver is not None and not self._driver.done()):
            return
        self.idle.clear()
        self._driver = asyncio.get_running_loop().create_task(self._drive())

    async def wait_idle(self) -> None:
        """Wait until the bots have made every move they can (tests, shutdown)."""
        await self.idle.wait()

    async def stop(self) -> None:
        """Cancel the background task and close the transcript."""
        if self._driver is not None and not self._driver.done():
            self._driver.cancel()
            try:
                await self._driver
            except asyncio.CancelledError:
                pass
        self.session.close()

    async def _drive(self) -> None:
        try:
            while True:
                async with self.lock:
                    moved = await self._advance_once()
                if not moved:
                    break
                await self.broadcast()
                if self.bot_delay:
                    await asyncio.sleep(self.bot_delay)
        except asyncio.CancelledError:
            self.idle.set()
            raise
        except Exception as error:  # a kernel or bot bug must stop this table, not the server
            logger.exception("table %s stopped", self.id)
            self.error = f"{type(error).__name__}: {error}"
            self._set_status("error")
        await self.broadcast()
        self.idle.set()

    async def _advance_once(self) -> bool:
        """One step of the session's loop (chance, or a bot: human seats are remote, so the loop
        waits for them). ``False`` when a human must act, the first draw waits for the people's shares, or the
        game is over."""
        if self.session.outcome() is not None:
            self._set_status("finished")
            return False
        if self.shares_awaited() and CHANCE in self.game.active_players(self.session.state):
            return False
        return await self._step()

    def shares_awaited(self) -> list[PlayerId]:
        """The people's seats whose share of the chance the first draw still waits for (:mod:`narrator.fairness`)."""
        fair = self.session.fairness
        return fair.missing() if fair is not None else []

    async def contribute(self, seat: PlayerId, text: str) -> str | None:
        """Add ``seat``'s share to the game's chance (before the first draw); ``None`` when taken, else why not
        (``closed``: the draws began; ``twice``: the seat gave one; ``none``: the table commits to nothing)."""
        async with self.lock:
            fair = self.session.fairness
            if fair is None:
                return "none"
            try:
                record = fair.contribute(seat, text)
            except fairness.FairnessError as error:
                return error.key
            self.session.write(record)
        self.kick()
        await self.broadcast()
        return None

    async def _step(self) -> bool:
        """One step of the session in a worker thread, the model's prose streaming to the pages as it is
        written (:mod:`narrator.web.drafts`); every draft is out before the move's update."""
        drafts = self._streaming()
        if drafts is None:
            return await asyncio.to_thread(self.session.step)

        from narrator.agents.llm.streaming import streaming_to  # langchain: only once a table plays

        def step() -> bool:
            with streaming_to(drafts):
                return self.session.step()

        try:
            return await asyncio.to_thread(step)
        finally:
            await drafts.flush()

    def _streaming(self) -> WebDrafts | None:
        """The table's draft display, unless streaming is turned off (``NARRATOR_LLM_STREAM=false``)."""
        if self._drafts is None:
            self._drafts = WebDrafts(self, asyncio.get_running_loop())
            self._drafts_on = stream_setting()
        return self._drafts if self._drafts_on else None

    def _on_move(self, _action: Action, new_events: Any) -> None:
        """Keep the move's events, then any prose the game's bots add about them (public)."""
        self.events.extend(new_events)
        for speaker, text in self.presenter.narration(self, new_events):
            self.say(speaker, text)

    def _set_status(self, status: str) -> None:
        if self.record.status != status:
            self.record.status = status
            self.store.update(self.record)

    async def broadcast(self) -> None:
        """Refresh every connected page (each renders only what its viewer may see)."""
        for subscriber in list(self.subscribers):
            try:
                await subscriber.push()
            except Exception:  # noqa: BLE001 - a closed socket (any transport error): forget it
                self.subscribers.discard(subscriber)


def kernel_events(events: list[Event]) -> list[Event]:
    """The kernel's events only (what bots observe), without the table's prose."""
    return [event for event in events if event.kind != NARRATION]
