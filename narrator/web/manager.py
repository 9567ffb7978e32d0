"""Every table of the server: made from the creator's form, rebuilt from the transcripts after a restart, and the
task that moves their bots (:class:`TableManager`). A table itself is :class:`narrator.web.tables.Table`."""

from __future__ import annotations

import dataclasses
import logging
import secrets
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from narrator import fairness
from narrator.resume import ResumeError, resume_session
from narrator.rules.core import HOST, PUBLIC, Event, Game, PlayerId
from narrator.rules.registry import get_game
from narrator.rules.replay import audience_from_json, decode_config, parse_lines
from narrator.session import Session
from narrator.transcript import TranscriptWriter, read_transcript
from narrator.web.bots import BotContext, HumanSeat, bot_kinds, make_bot
from narrator.web.present import presenter_for
from narrator.web.store import SeatRecord, TableRecord, TableStore
from narrator.web.tables import NARRATION, Table, kernel_events

logger = logging.getLogger("narrator.web")


class TableManager:
    """Every table of one data directory: created here, rebuilt from disk at start-up."""

    def __init__(self, data_dir: str | Path, *, bot_delay: float = 0.0) -> None:
        self.data_dir = Path(data_dir)
        self.store = TableStore(self.data_dir / "tables.sqlite3")
        self.bot_delay = bot_delay
        self.tables: dict[str, Table] = {}
        self.replay_pages: dict[tuple[str, str], str] = {}
        """Replay pages of finished tables, by table and owner lens (their transcripts no longer change)."""

    def transcript_path(self, table_id: str) -> Path:
        """Where a table's transcript lives."""
        return self.data_dir / "transcripts" / f"{table_id}.jsonl"

    def get(self, table_id: str) -> Table:
        """The table. Raises ``KeyError`` when there is none."""
        return self.tables[table_id]

    def add(self, table: Table) -> None:
        """Start serving ``table``."""
        self.tables[table.id] = table

    def agents_for(self, game: Game[Any, Any], record: TableRecord, context: BotContext) -> dict[PlayerId, Any]:
        """The agent in each seat: a bot of the seat's kind, or the web page's human (and the host
        seat's bot, where the rules give the host moves and the creator gave it to a bot)."""
        agents = {seat.seat: make_bot(seat.bot_kind, game, seat.seat, record.seed, context)
                  if seat.controller == "bot" else HumanSeat() for seat in record.seats}
        if presenter_for(game.name).host_plays:
            host = record.host
            agents[HOST] = make_bot(host.bot_kind, game, HOST, record.seed, context) \
                if host.controller == "bot" else HumanSeat()
        return agents

    def create(self, game_name: str, options: dict[str, Any], *, bot_seats: list[int], bot_kind: str,
               names: list[str], language: str, seed: int | None,
               host: str | None = None, shares: bool = False) -> tuple[Table, dict[PlayerId, str]]:
        """Set up a table and start it.

        Returns:
            the table and the tokens that open it: seat -> token, the host under ``HOST``. They
            exist only in this return value; the index keeps their hashes.

        Raises:
            TableSetupError: naming what is wrong (game, option, seat, bot kind).

        ``host`` (``"human"``/``"bot"``) says who plays the host seat where the rules give it moves
        (Ten Candles' GM; battaglia: ``"human"`` makes the creator the moderator); by default a bot
        or the program, so the host page stays public.

        Every table commits to its chance (:mod:`narrator.fairness`); with ``shares`` the first draw waits
        until each person's seat has added its share (:meth:`Table.contribute`).
        """
        game, config, seat_count = _checked(game_name, options, bot_seats, bot_kind, names, language, host)
        chosen, seed = seed, secrets.randbelow(2**31) if seed is None else seed  # a chosen seed: public dice
        seats = [SeatRecord(s, names[s].strip() if s < len(names) else "", "bot" if s in bot_seats else "human",
                            bot_kind) for s in range(seat_count)]
        _bots_named_apart(seats, presenter_for(game.name).drawn_names(seed, seat_count, language))
        host_controller = (host or "bot") if presenter_for(game.name).host_plays else "human"
        record = TableRecord(secrets.token_urlsafe(6), game.name, game.config_to_dict(config), seed, language, seats,
                             host=SeatRecord(HOST, "", host_controller, bot_kind))
        tokens = {s: secrets.token_urlsafe(24) for s in [HOST, *range(seat_count)] if s not in bot_seats}
        context = BotContext(language, config=config)
        session = Session(game, config, self.agents_for(game, record, context), seed=seed,
                          recorder=TranscriptWriter(self.transcript_path(record.id)),
                          questions=presenter_for(game.name).questions(language))
        fairness.begin(session, self.transcript_path(record.id), language, chosen=chosen)  # before the header
        if shares and session.fairness.open:
            session.fairness.awaits = tuple(s.seat for s in seats if s.controller == "human")
        session.write_header(seats=[{"seat": s.seat, "name": s.name, "agent": s.controller if s.controller == "human"
                                     else f"bot:{s.bot_kind}"} for s in seats], table=record.id)
        self.store.add(record, tokens)
        table = Table(record, game, session, [], self.store, bot_delay=self.bot_delay, bot_context=context)
        self.add(table)
        logger.info("table %s created: %s, %d seats, bots at %s", record.id, game.name, seat_count, sorted(bot_seats))
        return table, tokens

    def load_all(self) -> None:
        """Rebuild every table of the index from its transcript (a restart loses nothing played)."""
        for record in self.store.all():
            try:
                self.tables[record.id] = self._load(record)
            except Exception as error:  # noqa: BLE001 - one broken table must not keep the others down
                logger.error("table %s cannot be loaded: %s", record.id, error)

    def _load(self, record: TableRecord) -> Table:
        game = get_game(record.game)
        path = self.transcript_path(record.id)
        context = BotContext(record.language, config=decode_config(game, record.config))
        agents = self.agents_for(game, record, context)
        built: list[Table] = []

        def table_for(session: Session) -> None:  # built first, so its listener retraces the bots' prose too
            session.questions = presenter_for(game.name).questions(record.language)
            built.append(Table(record, game, session, [], self.store, bot_delay=self.bot_delay, bot_context=context))

        try:  # the game is retraced with the bots and their prose (narrator.resume): it goes on as it would have
            resume_session(path, agents, game=game.name, listen=table_for)
            table = built[-1]
        except ResumeError:
            replayed = read_transcript(path)
            session = Session(game, decode_config(game, record.config), agents, seed=record.seed,
                              state=replayed.state)
            try:  # its pages keep the fair-dice panel: the commitment, the shares, the revealed seed, the downloads
                session.fairness = fairness.restore_over(replayed.header, replayed.records, path)
            except fairness.FairnessError as error:
                logger.error("table %s: its fairness cannot be shown: %s", record.id, error)
            if record.status == "active" and replayed.outcome is not None:
                record.status = "finished"
                self.store.update(record)
            events = read_events(path)
            for seat, agent in agents.items():  # bots of a finished game catch up on what their seat has seen
                history = [e for e in kernel_events(events) if e.visible_to(seat)]
                if history:
                    agent.observe(history)
            session.questions = presenter_for(game.name).questions(record.language)
            table = Table(record, game, session, [], self.store, bot_delay=self.bot_delay, bot_context=context)
        table.events = read_events(path)
        with path.open(encoding="utf-8") as handle:
            table.presenter.restore(table, [record for _, record in parse_lines(handle)])
        return table

    def start(self) -> None:
        """Let every active table move its bots (call from the running event loop)."""
        for table in self.tables.values():
            table.kick()

    async def stop(self) -> None:
        """Stop every table's background task and close the transcripts."""
        for table in self.tables.values():
            await table.stop()


def _checked(game_name: str, options: dict[str, Any], bot_seats: list[int], bot_kind: str, names: list[str],
             language: str, host: str | None) -> tuple[Game[Any, Any], Any, int]:
    """The game, its config and seat count for a new table's form, or a :class:`TableSetupError` naming what is
    wrong (the game, an option, a seat, a name too many, the bot kind)."""
    try:
        game = get_game(game_name)
        options = presenter_for(game.name).setup_options(options, language)
        options = presenter_for(game.name).host_options(options, host)
        _refuse_unknown_options(game, options)
        config = decode_config(game, options)
        seat_count = game.seat_count(game.initial_state(config))
    except (KeyError, ValueError, TypeError) as error:
        raise TableSetupError(str(error.args[0] if isinstance(error, KeyError) else error)) from None
    wrong = [s for s in bot_seats if not 0 <= s < seat_count]
    if wrong:
        raise TableSetupError(f"bot_seats {wrong}: this {game.name} table has seats 0..{seat_count - 1}")
    if len(names) > seat_count:
        raise TableSetupError(f"{len(names)} names given for {seat_count} seats")
    if bot_kind not in bot_kinds(game.name):
        raise TableSetupError(f"unknown bot kind {bot_kind!r}; {game.name} offers: {', '.join(bot_kinds(game.name))}")
    return game, config, seat_count


def read_events(path: Path) -> list[Event]:
    """The events recorded in a transcript, in order, with the bots' public prose between them
    (each page filters them by viewer)."""
    with path.open(encoding="utf-8") as handle:
        records = [record for _, record in parse_lines(handle)]
    return [Event(r["event"], audience_from_json(r["audience"]), r.get("data") or {}) if r.get("kind") == "event"
            else Event(NARRATION, PUBLIC, {"by": r.get("by"), "text": str(r.get("text", ""))})
            for r in records if r.get("kind") in ("event", "narration")]


def _bots_named_apart(seats: list[SeatRecord], drawn: Sequence[str]) -> None:
    """No bot seat goes by a person's name at its table, nor by another bot's.

    A bot whose name (given by the host, or the one the game would deal its seat: ``drawn[seat]``) a
    person at the table has, compared without case and spaces, takes the first name of ``drawn`` no
    one has; a game that deals no names leaves such a bot unnamed (its seat number, or its character's
    name, shows). Bots keep their names otherwise: a page shows what it showed before.
    """
    def key(name: str) -> str:
        return " ".join(name.split()).casefold()

    def shown(seat: SeatRecord) -> str:
        return seat.name or (drawn[seat.seat] if seat.seat < len(drawn) else "")

    taken = {key(shown(seat)) for seat in seats if seat.controller == "human" and shown(seat)}
    for seat in seats:
        if seat.controller != "bot":
            continue
        name = shown(seat)
        if name and key(name) in taken:
            name = next((n for n in drawn if key(n) not in taken), "")
            seat.name = name
        if name:
            taken.add(key(name))


class TableSetupError(ValueError):
    """A table cannot be created as asked (unknown game, bad option, seat out of range...)."""


def _refuse_unknown_options(game: Game[Any, Any], options: dict[str, Any]) -> None:
    """A misspelt option would otherwise be silently ignored (pydantic drops extra dataclass keys)."""
    if not dataclasses.is_dataclass(game.config_type):
        return
    known = {f.name for f in dataclasses.fields(game.config_type)}
    unknown = sorted(set(options) - known)
    if unknown:
        raise TableSetupError(f"unknown {game.name} option(s) {', '.join(map(repr, unknown))}; "
                              f"known: {', '.join(sorted(known))}")
