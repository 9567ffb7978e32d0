"""A Dark Ages / Wild West chronicle: one character across sessions (``narrator play … --chronicle DIR``).

``DIR/chronicle.json`` keeps the book, the language, the character's sheet as it changed
(Willpower points spent, health boxes marked, notes), and per session its transcript, scenes,
what the character tried and how it went, the people met and the ending. ``DIR/session-N.jsonl``
are the transcripts. A session that stopped before its story ended is resumed (the same game);
a finished one is read into the chronicle, and the next session starts from the sheet it left,
with a "previously" recap.

Everything read from a session is what the player's character knew: public events only (the
scenes begun, the character's own rolls and contests, who fought or resisted it, the ending),
the lines said at the table, and the character's own condition. No Storyteller-only sheet or
event reaches the chronicle, its recap or a model's memory.

The model's memory is bounded (:func:`memory`): a running summary of at most
:data:`SUMMARY_SENTENCES` sentences plus the facts that matter now (the character's condition,
the people met, the last session's ending), never the whole history.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from narrator.agents.i18n import health_name, message
from narrator.rules.core import PUBLIC, Event
from narrator.rules.replay import TranscriptError, replay
from narrator.rules.storyteller import events as ev
from narrator.storyteller.chronicle_file import (
    CHRONICLE_SCHEMA,
    MAX_TRANSCRIPT_BYTES,
    SUMMARY_SENTENCES,
    ChronicleDamagedError,
    load_checked,
    read_regular,
    seal_of,
    write_inside,
)
from narrator.storyteller.scenario import Scenario
from narrator.storyteller.template import display_name

FILE = "chronicle.json"
PEOPLE_KEPT = 8


@dataclass
class Chronicle:
    """One character's chronicle in ``folder`` (see the module docstring)."""

    folder: Path
    book: str
    lang: str
    sheet: dict[str, Any]
    sessions: list[dict[str, Any]] = field(default_factory=list)
    summary: list[str] = field(default_factory=list)

    # -- files ------------------------------------------------------------------------------------

    @classmethod
    def load(cls, folder: Path) -> Chronicle | None:
        """The chronicle kept in ``folder``, or ``None`` when none was started there.

        Raises:
            ChronicleDamagedError: the file is damaged, edited, or not as a chronicle writes it
                (:mod:`narrator.storyteller.chronicle_file`).
        """
        data = load_checked(folder, FILE)
        if data is None:
            return None
        return cls(folder, data["book"], data["lang"], data["sheet"], data["sessions"], data["summary"])

    def save(self) -> None:
        """Write ``chronicle.json``, sealed (an edit by hand then shows when it is read)."""
        self.folder.mkdir(parents=True, exist_ok=True)
        data: dict[str, Any] = {"schema": CHRONICLE_SCHEMA, "book": self.book, "lang": self.lang, "sheet": self.sheet,
                                "sessions": self.sessions, "summary": self.summary}
        data["seal"] = seal_of(data)
        write_inside(self.folder, FILE, json.dumps(data, ensure_ascii=False, indent=1))

    @property
    def open_session(self) -> dict[str, Any] | None:
        """The session whose story has not ended yet (resume it), if any."""
        last = self.sessions[-1] if self.sessions else None
        return last if last is not None and not last.get("ending") else None

    def open_transcript(self) -> Path | None:
        """The open session's transcript when it holds a game to resume (checked: the folder's own regular
        file, not a link), else ``None``."""
        session = self.open_session
        if session is None or not read_regular(self.folder, str(session["transcript"]), MAX_TRANSCRIPT_BYTES):
            return None
        return self.folder / str(session["transcript"])

    def transcript(self, number: int) -> Path:
        return self.folder / f"session-{number}.jsonl"

    def sheet_file(self) -> Path:
        """The sheet as it stands now, written for the next session's table."""
        write_inside(self.folder, "sheet.json", json.dumps(self.sheet, ensure_ascii=False, indent=1))
        return self.folder / "sheet.json"

    def begin(self, scenario: str) -> Path:
        """Open session N+1 (its transcript path); the caller plays it from :meth:`sheet_file`."""
        number = len(self.sessions) + 1
        if read_regular(self.folder, self.transcript(number).name, MAX_TRANSCRIPT_BYTES):  # a link, a FIFO: refused
            raise ChronicleDamagedError(self.folder, "transcript_there", f"{self.transcript(number).name} already "
                                        "holds a game the chronicle does not know", name=self.transcript(number).name)
        self.sessions.append({"number": number, "scenario": scenario, "transcript": self.transcript(number).name})
        self.save()
        return self.transcript(number)

    # -- reading a session -------------------------------------------------------------------------

    def session_lines(self, session: Mapping[str, Any]) -> list[str] | None:
        """The lines of a session's transcript (``None``: not written yet), checked whole (seals, records, the
        game replayed) before anything is read from them; only the folder's own ``session-N.jsonl`` is opened.

        Raises:
            ChronicleDamagedError: not a regular file, too large, damaged, or another game's.
        """
        name = str(session["transcript"])
        raw = read_regular(self.folder, name, MAX_TRANSCRIPT_BYTES)
        if raw is None:
            return None
        try:
            # split on "\n" alone: str.splitlines also breaks at U+0085 and U+2028, which a player's words may hold
            lines = [line for line in raw.decode("utf-8").split("\n") if line.strip()]
            result = replay(lines)
        except (TranscriptError, UnicodeDecodeError, ValueError, RecursionError) as error:
            line = getattr(error, "line", 0)
            raise ChronicleDamagedError(self.folder, "transcript", f"{name}: {error}", name=name, line=line) from None
        if result.header.get("game") != self.book.replace("_", "-"):
            raise ChronicleDamagedError(self.folder, "transcript_game", f"{name} is not a {self.book} game", name=name)
        return lines[: len(result.records) + 1]  # a half line a crash left is not read

    def close(self, scenario: Scenario) -> dict[str, Any] | None:
        """Read the open session's finished transcript into the chronicle (sheet, facts, summary).

        Returns the session's record, or ``None`` when its story has not ended (it stays open).
        """
        session = self.open_session
        if session is None:
            return None
        lines = self.session_lines(session)
        if lines is None:  # opened, never played
            return None
        known = known_facts(lines, str(self.sheet["id"]))
        if not known["ending"]:
            return None
        session.update(known)
        self.sheet = carried_sheet(self.sheet, known)
        self.summary = (self.summary + [recap_sentence(self.lang, scenario, session)])[-SUMMARY_SENTENCES:]
        self.save()
        return session


def known_facts(lines: Sequence[str], pc: str) -> dict[str, Any]:
    """What ``pc`` knew of a session: scenes, its own rolls, the people it met, the ending, its condition."""
    records = [json.loads(line) for line in lines if line.strip()]
    scenes: list[str] = []
    tried: list[dict[str, Any]] = []
    people: list[str] = []
    ending = ""
    intents: dict[str, str] = {}
    for record in records:
        if record.get("kind") == "answer":
            intents["last"] = str(record["payload"].get("intent") or "")
        if record.get("kind") != "event" or record.get("audience") != "public":
            continue
        match Event(str(record.get("event")), PUBLIC, record.get("data") or {}).payload:
            case ev.SceneBegun(scene=scene):
                scenes.append(str(scene))
            case ev.RollResolved(character=character) | ev.ContestResolved(character=character) as rolled \
                    if character == pc:
                won = rolled.winner == pc if isinstance(rolled, ev.ContestResolved) else None
                tried.append({"scene": scenes[-1] if scenes else "", "task": rolled.task,
                              "category": rolled.category, "won": won, "intent": intents.pop("last", "")})
                if isinstance(rolled, ev.ContestResolved) and rolled.opponent:
                    people.append(str(rolled.opponent))
            case ev.AttackRolled(character=attacker, defender=defender) | ev.Wounded(character=attacker,
                                                                                    defender=defender):
                for who in (attacker, defender):
                    if who and who != pc:
                        people.append(str(who))
            case ev.StoryEnded(ending=end):
                ending = str(end)
    state = replay(lines).state if ending else None
    condition = next((c for c in state.characters if c.id == pc), None) if state is not None else None
    return {"scenes": scenes, "tried": tried, "people": list(dict.fromkeys(people)), "ending": ending,
            "willpower_points": condition.willpower if condition else None,
            "damage": list(condition.damage) if condition else []}


def carried_sheet(sheet: Mapping[str, Any], known: Mapping[str, Any]) -> dict[str, Any]:
    """The sheet for the next session: the points and wounds this one left, a note of how it ended."""
    carried = dict(sheet)
    if known.get("willpower_points") is not None:
        carried["willpower_points"] = known["willpower_points"]
    carried["damage"] = list(known.get("damage") or [])
    notes = dict(carried.get("notes") or {})
    notes["chronicle"] = [*list(notes.get("chronicle") or []), str(known.get("ending"))][-PEOPLE_KEPT:]
    carried["notes"] = notes
    return carried


# -- what is told ------------------------------------------------------------------------------------


def recap_sentence(lang: str, scenario: Scenario, session: Mapping[str, Any]) -> str:
    """One sentence for the running summary: the session's story, its turning points, its ending."""
    done = [t for t in session.get("tried", ()) if t.get("category") not in ("failure", "botch")]
    labels = []
    for tried in done[-2:]:
        scene = scenario.scenes.get(str(tried.get("scene")))
        approach = next((a for a in scene.approaches if a.id == tried.get("task")), None) if scene else None
        labels.append(str(tried.get("intent") or "") or (_bare(approach.label.get(lang)) if approach else ""))
    ending = scenario.endings.get(str(session.get("ending")))
    return message(lang, "chronicle.sentence", title=scenario.title.get(lang),
                   deeds="; ".join(dict.fromkeys(label for label in labels if label)) or message(lang, "chronicle.no_deeds"),
                   ending=_first_sentence(ending.get(lang)) if ending else str(session.get("ending")))


def recap(lang: str, chronicle: Chronicle) -> list[str]:
    """The template's "previously" lines: the running summary, then the facts that matter now."""
    if not chronicle.summary:
        return []
    return [message(lang, "chronicle.previously"), *chronicle.summary, *now_facts(lang, chronicle)]


def now_facts(lang: str, chronicle: Chronicle) -> list[str]:
    """The facts that matter now: the character's condition and the people met (names told in the story)."""
    sheet = chronicle.sheet
    full, points = int(sheet.get("willpower", 0)), sheet.get("willpower_points")
    facts = [message(lang, "chronicle.condition", name=display_name(lang, str(sheet["id"])) or sheet.get("name"),
                     points=full if points is None else points, rating=full,
                     health=health_name(lang, "unhurt") if not sheet.get("damage")
                     else message(lang, "chronicle.wounds", n=len(sheet["damage"])))]
    met = list(dict.fromkeys(p for s in chronicle.sessions for p in s.get("people", ())))[-PEOPLE_KEPT:]
    if met:
        facts.append(message(lang, "chronicle.met", people=", ".join(display_name(lang, p) or p for p in met)))
    return facts


def memory(lang: str, chronicle: Chronicle | None) -> str:
    """The model's bounded memory of the chronicle (empty outside one): summary plus the facts of now."""
    if chronicle is None or not chronicle.summary:
        return ""
    return "\n".join([*chronicle.summary, *now_facts(lang, chronicle)])


def _bare(label: str) -> str:
    """An approach label without its mechanics in parentheses."""
    return re.sub(r"\s*\([^)]*\)", "", label).strip()


def _first_sentence(text: str) -> str:
    found = re.match(r"(.+?[.!?…])(\s|$)", text.strip())
    return found.group(1) if found else text.strip()
