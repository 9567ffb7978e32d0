"""The index of tables on disk: one SQLite file next to the transcripts (stdlib ``sqlite3``).

Both are readable by their owner only (a folder of 0700, files of 0600): the transcripts hold every
seat's secrets. The transcript is the game; this index only says which tables exist, how they were set up,
who sits where, and which token hashes open which seat. Tokens themselves are never stored:
only their SHA-256, so a copy of the data directory does not hand out seats.
"""

from __future__ import annotations

import hashlib
import json
import os
import secrets
import sqlite3
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

HOST_SEAT = -2
"""The seat number under which the host's token is stored (``rules.core.HOST``)."""

_SCHEMA = """
CREATE TABLE IF NOT EXISTS tables (
    id TEXT PRIMARY KEY,
    game TEXT NOT NULL,
    config TEXT NOT NULL,
    seed INTEGER NOT NULL,
    language TEXT NOT NULL,
    seats TEXT NOT NULL,
    status TEXT NOT NULL,
    created TEXT NOT NULL DEFAULT (datetime('now')),
    host TEXT NOT NULL DEFAULT ''
);
CREATE TABLE IF NOT EXISTS tokens (
    hash TEXT PRIMARY KEY,
    table_id TEXT NOT NULL REFERENCES tables(id),
    seat INTEGER NOT NULL,
    holder TEXT NOT NULL DEFAULT ''
);
"""
HELD_SEP = "."
"""Between a seat's token and its holder's key in a held credential (``token.key``; tokens are url-safe
base64, which has no dot)."""


def private_dir(path: Path) -> None:
    """Create ``path`` (and its parents) readable by its owner only; a folder made here is tightened too."""
    existed = path.exists()
    path.mkdir(mode=0o700, parents=True, exist_ok=True)
    if not existed:
        path.chmod(0o700)  # mkdir's mode passes through the umask


def token_hash(token: str) -> str:
    """The stored form of a token (tokens are long and random, so a plain hash is enough)."""
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


@dataclass
class SeatRecord:
    """Who plays a seat: a human (through a token) or a bot of some kind."""

    seat: int
    name: str
    controller: str  # "human" or "bot"
    bot_kind: str = "scripted"

    def to_dict(self) -> dict[str, Any]:
        """JSON form for the index."""
        return {"seat": self.seat, "name": self.name, "controller": self.controller, "bot_kind": self.bot_kind}


@dataclass
class TableRecord:
    """One row of the index."""

    id: str
    game: str
    config: dict[str, Any]
    seed: int
    language: str
    seats: list[SeatRecord] = field(default_factory=list)
    status: str = "active"
    host: SeatRecord = field(default_factory=lambda: SeatRecord(HOST_SEAT, "", "human"))
    """Who plays the host seat where the rules give it moves (Ten Candles' GM): a person through
    the host page, or a bot. Games whose program is the host (battaglia) never ask it."""


class TableStore:
    """Reads and writes the index. Safe to share between threads (one lock, short transactions)."""

    def __init__(self, path: str | Path) -> None:
        self.path = Path(path)
        private_dir(self.path.parent)
        os.close(os.open(self.path, os.O_WRONLY | os.O_CREAT, 0o600))  # SQLite's journals copy this mode
        self._lock = threading.Lock()
        with self._connect() as db:
            db.executescript(_SCHEMA)
            columns = {row[1] for row in db.execute("PRAGMA table_info(tables)")}
            if "host" not in columns:  # an index written before the host seat was kept
                db.execute("ALTER TABLE tables ADD COLUMN host TEXT NOT NULL DEFAULT ''")
            if "holder" not in {row[1] for row in db.execute("PRAGMA table_info(tokens)")}:  # before invites were bound
                db.execute("ALTER TABLE tokens ADD COLUMN holder TEXT NOT NULL DEFAULT ''")

    @contextmanager
    def _connect(self) -> Iterator[sqlite3.Connection]:
        with self._lock:
            db = sqlite3.connect(self.path)
            try:
                with db:
                    yield db
            finally:
                db.close()

    def add(self, record: TableRecord, tokens: dict[int, str]) -> None:
        """Insert a new table and the hashes of its tokens (seat -> token; the host is seat -2)."""
        with self._connect() as db:
            db.execute("INSERT INTO tables (id, game, config, seed, language, seats, status, host) "
                       "VALUES (?,?,?,?,?,?,?,?)",
                       (record.id, record.game, json.dumps(record.config), record.seed, record.language,
                        _seats_json(record.seats), record.status, json.dumps(record.host.to_dict())))
            db.executemany("INSERT INTO tokens (hash, table_id, seat) VALUES (?,?,?)",
                           [(token_hash(token), record.id, seat) for seat, token in tokens.items()])

    def update(self, record: TableRecord) -> None:
        """Save a table's seats and status."""
        with self._connect() as db:
            db.execute("UPDATE tables SET seats = ?, status = ?, host = ? WHERE id = ?",
                       (_seats_json(record.seats), record.status, json.dumps(record.host.to_dict()), record.id))

    def replace_token(self, table_id: str, seat: int, token: str) -> None:
        """Give ``seat`` a new token, held by nobody yet; the old one (and its holder's key) stops working."""
        with self._connect() as db:
            db.execute("DELETE FROM tokens WHERE table_id = ? AND seat = ?", (table_id, seat))
            db.execute("INSERT INTO tokens (hash, table_id, seat) VALUES (?,?,?)", (token_hash(token), table_id, seat))

    def lookup(self, credential: str) -> tuple[str, int] | None:
        """``(table_id, seat)`` the credential opens, or ``None``.

        A credential is a token (an invite link's, or the host's) or, once a seat's invite link was opened,
        ``token.key``: a held seat opens only with its holder's key (:meth:`hold`)."""
        token, _, key = credential.partition(HELD_SEP)
        found = self.find(token)
        if found is None:
            return None
        table_id, seat, holder = found
        if holder and token_hash(key) != holder:
            return None
        return table_id, seat

    def find(self, token: str) -> tuple[str, int, str] | None:
        """``(table_id, seat, holder)`` of a token (``holder``: its holder key's hash, "" while nobody holds it)."""
        with self._connect() as db:
            row = db.execute("SELECT table_id, seat, holder FROM tokens WHERE hash = ?", (token_hash(token),)).fetchone()
        return (row[0], int(row[1]), row[2]) if row else None

    def hold(self, token: str) -> str | None:
        """Bind the seat ``token`` opens to a new holder: returns the holder's key (their credential is
        ``token.key``), or ``None`` when the token is unknown or someone already holds the seat."""
        key = secrets.token_urlsafe(18)
        with self._connect() as db:
            changed = db.execute("UPDATE tokens SET holder = ? WHERE hash = ? AND holder = ''",
                                 (token_hash(key), token_hash(token))).rowcount
        return key if changed else None

    def all(self) -> list[TableRecord]:
        """Every table, oldest first."""
        with self._connect() as db:
            rows = db.execute("SELECT id, game, config, seed, language, seats, status, host FROM tables "
                              "ORDER BY created, rowid").fetchall()
        return [TableRecord(row[0], row[1], json.loads(row[2]), int(row[3]), row[4],
                            [SeatRecord(**s) for s in json.loads(row[5])], row[6], _host(row[7])) for row in rows]


def _host(text: str) -> SeatRecord:
    """The host seat's record ('' in an index from before it was kept: a person)."""
    return SeatRecord(**json.loads(text)) if text else SeatRecord(HOST_SEAT, "", "human")


def _seats_json(seats: list[SeatRecord]) -> str:
    return json.dumps([s.to_dict() for s in seats], ensure_ascii=False)
