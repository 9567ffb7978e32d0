"""The session's transcript side: records numbered and handed to a recorder, a seat's refusals kept to a few.

:class:`narrator.session.Session` is a :class:`Recording`: every line it writes goes through :meth:`Recording.write`
(numbered ``seq``), a refusal through :meth:`Recording.write_refusal` (a seat clicking a refused move a thousand
times adds :attr:`Recording.kept_refusals` lines and a count, not a thousand lines).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Protocol, runtime_checkable

from narrator.rules.core import PlayerId


class Recorder(Protocol):
    """Where transcript records go (a file, a list, nowhere)."""

    def write(self, record: dict[str, Any]) -> None:
        """Keep one record."""

    def close(self) -> None:
        """Flush and release the file, if any."""


@runtime_checkable
class Retracing(Protocol):
    """A recorder that may be retracing a recorded game before it appends (:class:`narrator.resume.Retrace`)."""

    retracing: bool
    """Still matching the file's past records (nothing new is written, no person waits)."""


class Recording:
    """Numbers records and hands them to ``recorder`` (``None`` records nothing: a fast simulation)."""

    def __init__(self, recorder: Recorder | None) -> None:
        self.recorder = recorder
        self.seq = 1
        self.kept_refusals: int | None = None
        """How many of a seat's refusals in a row are written (``None``: all). The web table keeps a few: a seat
        clicking a refused move a thousand times adds those lines and a count, not a thousand lines."""
        self._refused_in_a_row: dict[PlayerId, int] = {}
        self._not_kept: dict[PlayerId, int] = {}

    @property
    def retracing(self) -> bool:
        """Whether the recorder is still retracing a resumed game's past (:class:`Retracing`)."""
        return isinstance(self.recorder, Retracing) and self.recorder.retracing

    def write(self, record: dict[str, Any]) -> None:
        """Number ``record`` and hand it to the recorder (if any)."""
        if self.recorder is None:
            return
        self.recorder.write({"seq": self.seq, **record})
        self.seq += 1

    def write_refusal(self, record: dict[str, Any]) -> None:
        """Write a ``rejected`` line, unless :attr:`kept_refusals` of the seat's refusals in a row were written
        already: then it is only counted, and the count rides on the seat's next accepted move or answer."""
        seat = record["actor"]
        self._refused_in_a_row[seat] = self._refused_in_a_row.get(seat, 0) + 1
        if self.kept_refusals is not None and self._refused_in_a_row[seat] > self.kept_refusals:
            self._not_kept[seat] = self._not_kept.get(seat, 0) + 1
            return
        self.write(record)

    def _refusals_end(self, seat: PlayerId, notes: Mapping[str, Any] | None) -> Mapping[str, Any] | None:
        """``seat`` moved or answered: its run of refusals ends; the ones not written are counted in ``notes``."""
        self._refused_in_a_row.pop(seat, None)
        not_kept = self._not_kept.pop(seat, 0)
        return {**dict(notes or {}), "refusals_not_kept": not_kept} if not_kept else notes

    def close(self) -> None:
        """Close the transcript (if any)."""
        if self.recorder is not None:
            self.recorder.close()
