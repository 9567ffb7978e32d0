"""Playing Ten Candles in the terminal: humans, AI companions and the template Storyteller.

:func:`play` seats the humans (seats ``0..humans-1``) and scripted survivors, the scripted GM with
the template Storyteller's voice, and runs the session, writing the transcript line by line. The
table hears every event (:mod:`narration`) and the Storyteller's prose, which is also written to
the transcript as ``narration`` records (replay ignores them). Leaving (EOF, Ctrl-C) saves; the
game resumes from its transcript. ``burn_minutes`` puts a candle out on a real-time clock.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from narrator import fairness
from narrator.agents.i18n import message
from narrator.resume import DamagedTranscriptError, ResumeError, is_retracing, load_header, resume_session
from narrator.rules.core import HOST, Action, Event, Outcome, Viewer
from narrator.rules.replay import decode_config
from narrator.rules.ten_candles import GAME, TenCandlesConfig
from narrator.rules.ten_candles.actions import CandleOut
from narrator.rules.ten_candles.events import CharacterDescribed, CharacterDied, ConflictCalled, SceneStarted, XCard
from narrator.rules.ten_candles.state import Phase
from narrator.session import NARRATION, Session
from narrator.ten_candles.human import HumanIO, HumanSurvivor
from narrator.ten_candles.narration import death_notice, describe, received
from narrator.ten_candles.seating import narrated_table
from narrator.ten_candles.storyteller import TemplateStoryteller
from narrator.transcript import TranscriptError, TranscriptWriter

PLAYING = {str(p) for p in (Phase.SCENE, Phase.ROLL, Phase.REROLL, Phase.DEATH, Phase.NARRATION, Phase.TRUTHS)}


@dataclass
class TableSettings:
    """How a terminal game is set up (all of it goes into the transcript header)."""

    humans: int = 1
    ai: int = 3
    lang: str = "en"
    seed: int = 0
    module: str | None = None
    lines: tuple[str, ...] = ()
    veils: tuple[str, ...] = ()
    burn_minutes: float | None = None
    secret: bool = False
    """Draw from a new secret seed (no ``--seed`` was given; docs/fairness.md), else from ``seed`` (public)."""


@dataclass
class PlayResult:
    """How a terminal game stopped: ``outcome`` when it ended, else saved for ``--resume``."""

    outcome: Outcome | None
    transcript: Path
    storyteller: TemplateStoryteller
    session: Session


class Table:
    """One game at the terminal: the session, the Storyteller, the humans' terminal, the clock."""

    def __init__(self, settings: TableSettings, io: HumanIO, *, clock: Callable[[], float] = time.monotonic,
                 status: Callable[[Any], None] | None = None) -> None:
        self.settings, self.io, self.clock = settings, io, clock
        self.storyteller = TemplateStoryteller(lang=settings.lang, module=settings.module, seed=settings.seed)
        humans = {s: HumanSurvivor(s, io, lang=settings.lang, seed=settings.seed, status=status,
                                   announce=settings.humans > 1) for s in range(settings.humans)}
        self.agents = narrated_table(settings.humans + settings.ai, settings.seed, lang=settings.lang,
                                     voice=self.storyteller, human=humans)
        self.names: dict[int, str] = {}
        self.session: Session | None = None
        self.last_burn = clock()

    # -- starting and resuming ------------------------------------------------------------------

    def start(self, path: Path) -> Session:
        """A new game recorded to ``path``."""
        s = self.settings
        config = TenCandlesConfig(players=s.humans + s.ai, lines=s.lines, veils=s.veils,
                                  stated_attempts=s.humans > 0)  # people say what they attempt (D45)
        session = Session(GAME, config, self.agents, seed=s.seed, recorder=TranscriptWriter(path))
        for line in fairness.begin(session, path, s.lang, chosen=None if s.secret else s.seed):  # before the header
            self.io.say(line)
        session.write_header(**header_extra(s))
        return self._attach(session)

    def resume(self, path: Path) -> Session:
        """The game recorded at ``path``, retraced with this table's agents, Storyteller and listener."""
        return resume_session(path, self.agents, fallbacks=getattr(self, "fallbacks", None), game=GAME.name,
                              listen=self._attach)

    def _attach(self, session: Session) -> Session:
        self.session = session
        session.listeners.append(self._hear)
        return session

    # -- the loop ---------------------------------------------------------------------------------

    def run(self) -> Outcome | None:
        """Play until the end, or until the humans leave (then ``None``: saved)."""
        assert self.session is not None
        try:
            while self.session.step():
                self._burn_clock()
        except (EOFError, KeyboardInterrupt):
            return None
        finally:
            self.session.close()
        return self.session.outcome()

    def _burn_clock(self) -> None:
        """A real-time candle: every ``burn_minutes`` of play one candle goes out (L47, L56, D5)."""
        minutes = self.settings.burn_minutes
        assert self.session is not None
        if not minutes or self.clock() - self.last_burn < minutes * 60:
            return
        self.last_burn = self.clock()
        state = self.session.state
        if str(state.phase) in PLAYING and state.lit > 0:
            self.session.submit(CandleOut(actor=HOST))

    # -- what the table hears ---------------------------------------------------------------------

    def _hear(self, action: Action, events: Sequence[Event]) -> None:
        self._note_names(events)
        lang = self.settings.lang
        assert self.session is not None
        quiet = is_retracing(self.session)  # a resumed game retraces its past without telling it again
        say = (lambda _text: None) if quiet else self.io.say
        for event in events:
            if event.kind == NARRATION:  # a character's words beside its move (kept by the session)
                who = self.names.get(event.data["by"], f"#{event.data['by']}")
                text = event.data["text"]
                say(message(lang, "tc_words.said", who=who, text=text))
                continue
            if not event.visible_to(0 if self.settings.humans else Viewer.PUBLIC):
                continue
            if self.settings.humans:  # the cards seat 0 receives: its Traits, its Brink, the others' Moments
                for card in received(event, 0, self.names, lang):
                    say(card)
            line = describe(event, self.names, lang)
            if line:
                say(line)
            if isinstance(died := event.payload, CharacterDied) and died.seat < self.settings.humans:
                say(self._out_line(died))  # a person's own character: told once, plainly
            if quiet and not self.storyteller.retraceable:
                continue  # a model's prose is in the transcript already; it is not asked twice
            prose = self._prose(event)
            if prose:
                say(prose)
                self.session.write({"kind": "narration", "by": "storyteller", "event": event.kind, "text": prose})
    def _out_line(self, died: CharacterDied) -> str:
        assert self.session is not None
        speaks = self.session.state.config.dead_players_speak_truths
        return death_notice(self.settings.lang, self.names.get(died.seat, died.name or f"#{died.seat}"), speaks=speaks)

    def _prose(self, event: Event) -> str:
        """The Storyteller's words on an event: openings, framings, the Last Stand, the X-card."""
        assert self.session is not None
        view = GAME.view(self.session.state, HOST)
        match event.payload:
            case SceneStarted(final=final) if final:
                return self.storyteller.final_scene(view)
            case SceneStarted(scene=scene) if scene > 1:
                return self.storyteller.open_scene(view)
            case ConflictCalled(active=active, dangerous=dangerous, moment=moment):
                return self.storyteller.frame_conflict(view, active, dangerous, moment)
            case XCard(note=note):
                return self.storyteller.x_card(view, note)
        return ""

    def _note_names(self, events: Sequence[Event]) -> None:
        for event in events:
            if isinstance(described := event.payload, CharacterDescribed):
                self.names[described.seat] = described.name


def header_extra(settings: TableSettings) -> dict[str, Any]:
    """What the header keeps to rebuild the table on resume."""
    return {"table": {"humans": settings.humans, "ai": settings.ai, "lang": settings.lang,
                      "module": settings.module, "burn_minutes": settings.burn_minutes}}


def settings_from_header(path: Path) -> TableSettings:
    """The table settings a transcript was started with.

    Raises:
        narrator.resume.ResumeError: another game's file, or a header that is not a terminal table's.
    """
    header = load_header(path, game=GAME.name)
    table = header.get("table") or {}
    if not isinstance(table, dict):
        raise ResumeError(f"{path}: line 1: a web table's transcript ({table!r}); continue it with narrator serve",
                          "web_table", path=path)
    try:
        config = decode_config(GAME, header.get("config") or {})
        humans = int(table.get("humans", 1))
        burn = table.get("burn_minutes")
        return TableSettings(humans=humans, ai=int(table.get("ai", config.players - humans)),
                             lang=str(table.get("lang", "en")), seed=int(header.get("seed") or 0),
                             module=None if table.get("module") is None else str(table["module"]),
                             lines=tuple(config.lines), veils=tuple(config.veils),
                             burn_minutes=None if burn is None else float(burn))
    except (TypeError, ValueError) as error:
        raise DamagedTranscriptError(path, TranscriptError(1, f"the table settings: {error}", "settings")) from None


def play(settings: TableSettings, io: HumanIO, transcript: Path, *, resume: bool = False,
         clock: Callable[[], float] = time.monotonic, status: Callable[[Any], None] | None = None) -> PlayResult:
    """Play (or resume) one game at the terminal.

    Raises:
        narrator.resume.ResumeError: the transcript cannot be resumed.
        ModuleBlockedError: the chosen module touches one of the table's lines.
    """
    table = Table(settings, io, clock=clock, status=status)
    session = table.resume(transcript) if resume else table.start(transcript)
    outcome = table.run()
    return PlayResult(outcome, transcript, table.storyteller, session)

