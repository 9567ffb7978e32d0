"""Ten Candles at the web table: the GM seat, a survivor's proposed attempt, prose from the Storyteller.

Its words (events, moves, the panel) are :mod:`narrator.render.ten_candles`. The GM is the
host seat (``HOST``): a bot (the scripted GM with the template Storyteller's voice) or the table's
creator on the host page. With a bot GM, the Storyteller's prose on scene openings, conflicts and
the X-card, and the scripted survivors' table talk, are added as public narration after each move.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from narrator.agents.i18n import LANGUAGES
from narrator.agents.ten_candles.gm import NarratingGM
from narrator.agents.ten_candles.voice import RulesOnAttempt
from narrator.citations import split, why
from narrator.render.ten_candles import TenCandlesText
from narrator.rules.core import HOST, Action, Code, Event, PlayerId, Rejection
from narrator.rules.ten_candles import GAME
from narrator.rules.ten_candles.actions import DescribeCharacter, KillCharacter, StateAttempt
from narrator.rules.ten_candles.events import ConflictCalled, SceneStarted, XCard
from narrator.ten_candles.attempts import line, unreadable
from narrator.ten_candles.reference import Reference, is_irreversible, name_taken
from narrator.web.present import Context, Presenter
from narrator.web.render import Control

ATTEMPT_UNREAD = "ATTEMPT_UNREAD"
"""The table's code for a stated attempt whose words the offline template cannot read (the player is asked again)."""
NAME_TAKEN = "NAME_TAKEN"
"""The table's code for a character named as another character already is (the player names it again)."""
PROPOSE = "propose_attempt"
"""The web layer's move of a survivor: ``{"kind": "propose_attempt", "text": ...}`` (table talk)."""
PLAYING = frozenset({"scene", "roll", "reroll", "death", "narration", "truths"})

INTERJECTIONS = frozenset({"x_card", "candle_out", "reveal_brink"})


class TenCandlesPresenter(Presenter):
    """Ten Candles' table flow on the web (its words: :attr:`text`); the GM is the host seat, which a person or a
    bot plays."""

    text: TenCandlesText

    host_plays = True
    public_draft_roles = frozenset({"ten-candles-scene", "ten-candles-narration", "ten-candles-gm-truth",
                                    "ten-candles-truth", "ten-candles-player-narration", "ten-candles-survivor"})
    """The Storyteller's narration and truths, the characters' lines, truths and won narration: all said
    aloud to the table (L313, L380)."""

    def is_interjection(self, kind: str) -> bool:
        return kind in INTERJECTIONS

    table_move_kinds = frozenset({PROPOSE})
    worded_codes = frozenset({ATTEMPT_UNREAD, NAME_TAKEN})  # the offline Storyteller's own words; a name taken

    def table_controls(self, table: Any, seat: PlayerId | None, ctx: Context) -> list[Control]:
        """A living survivor's proposal of what they attempt, while scenes are played (``try`` at the terminal)."""
        state = table.session.state
        if state.config.stated_attempts:  # the kernel's own move (state_attempt) says it; no table talk needed
            return []
        if (not isinstance(seat, int) or seat < 0 or table.seat(seat).controller != "human"
                or str(state.phase) not in PLAYING or not state.chars[seat].alive):
            return []
        return [Control(str(Reference(ctx.language).say("propose")), {"kind": PROPOSE}, ["text"])]

    def table_move(self, table: Any, seat: PlayerId, payload: Mapping[str, Any]) -> Rejection | None:
        """Say the attempt aloud: table talk the GM hears (``attempt``), the words as the character's line."""
        text = str(payload.get("text") or "").strip()[:500]
        ref = Reference(table.record.language if table.record.language in ("ru", "en") else "en")
        if not text or not self.table_controls(table, seat, Context((), ref.lang, seat)):
            return Rejection(Code.MALFORMED, ref.say("propose_empty"), "web")
        table.session.say_aloud(seat, {"attempt": True})
        view = GAME.view(table.session.state, seat)
        table.say(seat, self.text.w(Context((), ref.lang, seat), "said", who=ref.who(view, int(seat)), text=text))
        return None

    def before_move(self, table: Any, seat: PlayerId, action: Action) -> Rejection | None:
        """A stated attempt the bot GM's offline template cannot read at all goes back to the player
        (issue 16: it never pretends to understand); a model or a person as GM reads any words. A character
        named as another already is goes back too (two of one name cannot be told apart)."""
        if isinstance(action, DescribeCharacter) and isinstance(seat, int):
            lang = table.record.language if table.record.language in LANGUAGES else "en"
            if name_taken(GAME.view(table.session.state, seat), seat, action.name):
                return Rejection(NAME_TAKEN, Reference(lang).say("name_taken", name=action.name.strip()), "table")
            return None
        if not isinstance(action, StateAttempt) or table.record.host.controller != "bot":
            return None
        gm = table.session.agents.get(HOST)
        if isinstance(gm, NarratingGM) and isinstance(gm.voice, RulesOnAttempt):  # a model reads any words
            return None
        lang = table.record.language if table.record.language in LANGUAGES else "en"
        view = GAME.view(table.session.state, seat)
        if not unreadable(view, action.text, lang):
            return None
        name = self.text.names(view, Context(tuple(table.names), lang, seat)).get(int(seat), f"#{seat}")
        text = action.text
        return Rejection(ATTEMPT_UNREAD, line("unreadable", lang, attempt=text, name=name), "table")

    def setup_options(self, options: Mapping[str, Any], language: str) -> dict[str, Any]:
        """People sit at a web table: they say what their characters attempt (the kernel's D45)."""
        return {"stated_attempts": True, **options}

    def guide(self, actions: Sequence[Action], view: Any, ctx: Context) -> list[str]:
        """What the seat's decision does (the neighbours named where one writes for them)."""
        if not hasattr(view, "characters") or not isinstance(ctx.viewer, int) or not 0 <= ctx.viewer < view.players:
            return []
        hint, lines = split(Reference(ctx.language).hint(view, ctx.viewer, actions))  # the rule lines named apart
        return [said for said in (hint, why(lines, ctx.language)) if said]

    def irreversible(self, action: Action, view: Any, ctx: Context) -> str:
        if is_irreversible(action) or isinstance(action, KillCharacter):
            return str(Reference(ctx.language).say("confirm_web"))
        return ""

    def seat_names(self, table: Any, language: str) -> list[str]:
        """A survivor's name once the table has heard it (the public view's characters), else the typed one."""
        named = {c.seat: c.name for c in getattr(table.view(None), "characters", ()) if c.name}
        return [named.get(seat) or typed for seat, typed in enumerate(table.names)]

    # -- the bot Storyteller's prose ----------------------------------------------------------------

    def narration(self, table: Any, events: Sequence[Event]) -> list[tuple[str, str]]:
        """The bot GM's Storyteller on scene openings, conflicts and the X-card (as the terminal
        game tells them). The survivors' own lines arrive with their moves (``Decision.said``)."""
        said: list[tuple[str, str]] = []
        gm = table.session.agents.get(HOST)
        if isinstance(gm, NarratingGM) and table.record.host.controller == "bot":
            voice = gm.voice
            view = GAME.view(table.session.state, HOST)  # the GM seat's own knowledge, nothing more
            for event in events:
                prose = _prose(voice, view, event)
                if prose:
                    said.append(("storyteller", prose))
        return said


def _prose(voice: Any, view: Any, event: Event) -> str:
    match event.payload:
        case SceneStarted(final=final) if final:
            return str(voice.final_scene(view))
        case SceneStarted(scene=scene) if scene > 1:
            return str(voice.open_scene(view))
        case ConflictCalled(active=active, dangerous=dangerous, moment=moment):
            return str(voice.frame_conflict(view, active, dangerous, moment))
        case XCard(note=note):
            return str(voice.x_card(view, note))
    return ""


PRESENTER = TenCandlesPresenter("ten-candles")
