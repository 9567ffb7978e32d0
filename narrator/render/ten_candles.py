"""Ten Candles' words: the table's lines for events, the moves, the panel of candles, characters and truths.

Events are told with :func:`narrator.ten_candles.narration.describe` (the terminal's lines), plus
the setup steps it leaves out; characters are named as each page's view names them. The web table's flow (the GM
seat, the Storyteller's prose) is :mod:`narrator.web.adapters.ten_candles`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from narrator.agents.i18n import LANGUAGES, section
from narrator.agents.names import fill
from narrator.rules.core import HOST, Action, Event, PlayerId
from narrator.rules.ten_candles import TEXT_FIELDS, TenCandlesConfig, left_of, right_of
from narrator.rules.ten_candles.actions import ArrangeStack, CallConflict, KillCharacter, SpeakTruth
from narrator.rules.ten_candles.events import (
    AttemptAnswered,
    BrinkWritten,
    MessageKept,
    MessageRecorded,
    MomentsShared,
    MomentWritten,
    SceneEnded,
    StackArranged,
    StacksFixed,
    SuppliesDescribed,
    TraitsPassed,
    TraitsWritten,
)

from narrator.render.text import Context, Section, Text
from narrator.render.words import register_messages
from narrator.ten_candles.narration import TABLE as TABLE_WORDS
from narrator.ten_candles.narration import death_notice, describe
from narrator.ten_candles.reference import Reference

for _lang in LANGUAGES:  # the form fields' labels (virtue, vice, name, ...)
    register_messages(_lang, {f"field.{k}": v for k, v in section(_lang, "web_ten_candles")["fields"].items()})

SHOWN_TRUTHS = 8
"""The panel lists the latest truths only (the events panel keeps every one)."""


class TenCandlesText(Text):
    """Ten Candles' words; characters named as the viewer's view names them (:meth:`names`)."""

    text_fields = TEXT_FIELDS
    host_key = "viewer.storyteller"  # the rulebook's word for the one who runs the game, not a generic GM

    def w(self, ctx: Context, key: str, **values: Any) -> str:
        """One of this adapter's words."""
        words = section(ctx.language if ctx.language in LANGUAGES else "en", "web_ten_candles")["words"]
        text = words.get(key, key)
        return fill(text, ctx.language, **values) if values else text  # «У {who:gent} с собой» (agents/names.py)

    def names(self, view: Any, ctx: Context) -> dict[int, str]:
        """Seat -> character name (the seat's name until the character is described)."""
        named = {c.seat: c.name for c in getattr(view, "characters", ()) if c.name}
        return {s: named.get(s) or (ctx.names[s] if s < len(ctx.names) and ctx.names[s] else f"#{s}")
                for s in range(int(getattr(view, "players", 0) or len(ctx.names)))}

    def who(self, seat: Any, view: Any, ctx: Context) -> str:
        if seat == HOST:
            return self.w(ctx, "storyteller")
        return self.names(view, ctx).get(seat, f"#{seat}") if isinstance(seat, int) else str(seat)

    def event_text(self, event: Event, view: Any, ctx: Context) -> str | None:
        if event.kind == "narration":
            who = self.who(event.data.get("by"), view, ctx)
            text = str(event.data.get("text", ""))
            return text if event.data.get("by") == "storyteller" else self.w(ctx, "said", who=who, text=text)
        lang = ctx.language if ctx.language in TABLE_WORDS else "en"
        line = describe(event, self.names(view, ctx), lang)
        if line:
            return line
        return self._setup_line(event, view, ctx)

    def _setup_line(self, event: Event, view: Any, ctx: Context) -> str | None:
        told = event.payload
        match told:
            case TraitsWritten(virtue=virtue, vice=vice):
                return self.w(ctx, told.kind, virtue=virtue, vice=vice)
            case TraitsPassed(traits=traits):
                listed = "; ".join(f"{self.who(t['seat'], view, ctx)}: {t['virtue']} / {t['vice']}" for t in traits)
                return self.w(ctx, told.kind, traits=listed)
            case MomentsShared(moments=moments):
                listed = "; ".join(f"{self.who(int(s), view, ctx)}: {t}" for s, t in moments.items())
                return self.w(ctx, told.kind, moments=listed)
            case BrinkWritten(them=them, holder=holder, text=text):
                whose = self.w(ctx, "their_brink") if them else self.who(holder, view, ctx)
                return self.w(ctx, told.kind, holder=whose, text=text)
            case StackArranged(order=order):
                return self.w(ctx, told.kind, order=self._order(order, ctx))
            case MomentWritten(text=text) | MessageKept(text=text):
                return self.w(ctx, told.kind, text=text)
            case SuppliesDescribed(seat=seat, text=text):
                return self.w(ctx, told.kind, who=self.who(seat, view, ctx), text=text)
            case MessageRecorded(seat=seat):
                return self.w(ctx, told.kind, who=self.who(seat, view, ctx), text="")
            case StacksFixed() | SceneEnded():
                return self.w(ctx, told.kind)
            case AttemptAnswered():  # the GM's answer is told by its own move (the conflict's frame, the narration)
                return ""
        return super().event_text(event, view, ctx)

    def _order(self, order: Sequence[str], ctx: Context) -> str:
        return " → ".join(self.w(ctx, f"card.{card}") for card in order)

    def action_label(self, action: Action, view: Any, ctx: Context) -> str:
        match action:
            case CallConflict():
                return f"{self.w(ctx, 'call_conflict')}: {self.option_label(action, view, ctx)}"
            case ArrangeStack(order=order):
                return f"{self.w(ctx, 'arrange_stack')}: {self._order(order, ctx)}"
            case KillCharacter(target=target):
                return f"{self.w(ctx, 'kill_character')}: {self.who(target, view, ctx)}"
            case SpeakTruth(topic=topic) if topic != "general":
                return self.w(ctx, "truth_topic", topic=self.w(ctx, f"topic.{topic}"))
        return self.w(ctx, action.kind)

    def group_label(self, kind: str, actions: Sequence[Action], view: Any, ctx: Context) -> str:
        return self.w(ctx, kind)

    def option_label(self, action: Action, view: Any, ctx: Context) -> str:
        match action:
            case CallConflict(active=active, dangerous=dangerous, moment=moment):
                return self.w(ctx, "conflict_option", name=self.who(active, view, ctx),
                              danger=self.w(ctx, "danger") if dangerous else "",
                              moment=self.w(ctx, "moment") if moment else "")
            case ArrangeStack(order=order):
                return self._order(order, ctx)
            case KillCharacter(target=target):
                return self.who(target, view, ctx)
        return self.action_label(action, view, ctx)

    def is_out(self, view: Any, seat: PlayerId | None) -> bool:
        """The seat's character has died (its player may still speak truths: the controls stay)."""
        chars = getattr(view, "characters", ())
        return isinstance(seat, int) and 0 <= seat < len(chars) and bool(chars[seat].name) and not chars[seat].alive

    def out_notice(self, view: Any, ctx: Context) -> str:
        name = self.who(ctx.viewer, view, ctx)
        # the table's own option (D26: by default the dead keep speaking truths); the view carries no config
        rules = ctx.rules if ctx.rules is not None else TenCandlesConfig()
        speaks = bool(getattr(rules, "dead_players_speak_truths", TenCandlesConfig().dead_players_speak_truths))
        return death_notice(ctx.language, name, speaks=speaks)

    def identity(self, view: Any, ctx: Context) -> str:
        """The seat's character once it has a name (before that, the seat's typed name)."""
        seat = ctx.viewer
        named = {c.seat: c.name for c in getattr(view, "characters", ()) if c.name}
        return named.get(seat) or super().identity(view, ctx) if isinstance(seat, int) else super().identity(view, ctx)

    def panel(self, view: Any, ctx: Context) -> list[Section]:
        if not hasattr(view, "characters"):
            return super().panel(view, ctx)
        sections = [self._candles(view, ctx), Section("", items=Reference(ctx.language).opening(view))]
        me = view.characters[ctx.viewer] if isinstance(ctx.viewer, int) and 0 <= ctx.viewer < view.players else None
        if me is not None:
            sections.append(self._you(me, view, ctx))
        if view.conflict is not None:
            sections.append(self._conflict(view, ctx))
        sections.append(self._survivors(view, ctx, me))
        known = [(self.who(c.seat, view, ctx), c.brink) for c in view.characters
                 if c.brink and (me is None or c.seat != me.seat)]
        if view.their_brink:
            known.append((self.w(ctx, "their_brink"), view.their_brink))
        if known:
            sections.append(Section(self.w(ctx, "brinks_known"), rows=known))
        if view.truths:
            sections.append(Section(self.w(ctx, "truths"),
                                    items=[f"{self.who(seat, view, ctx)}: {text}"
                                           for _, seat, text, _ in view.truths[-SHOWN_TRUTHS:]]))
        return sections

    def _candles(self, view: Any, ctx: Context) -> Section:
        lit = "●" * view.lit + "○" * view.dark
        phase = self.w(ctx, f"phase.{view.phase}")
        scene = f"{self.w(ctx, 'scene')} {view.scene}" if view.scene else ""
        final = self.w(ctx, "final") if view.final_scene else ""
        rows = [(self.w(ctx, "candles"), f"{lit} {view.lit}/10"),
                (self.w(ctx, "phase"), ", ".join(p for p in (scene, phase, final) if p))]
        if view.scene:
            rows += [(self.w(ctx, "pool"), str(view.pool)), (self.w(ctx, "gm_pool"), str(view.gm_pool))]
        if view.x_cards:
            rows.append((self.w(ctx, "x_cards"), str(view.x_cards)))
        return Section("", rows=rows)

    def _you(self, me: Any, view: Any, ctx: Context) -> Section:
        rows = []
        if me.name:
            rows.append((me.name, self.w(ctx, "alive") if me.alive else self.w(ctx, "dead")))
        if me.virtue or me.vice:
            rows.append((self.w(ctx, "traits"), f"{me.virtue or '?'} / {me.vice or '?'}"))
        if me.moment:
            rows.append((self.w(ctx, "moment_text"), me.moment))
        if me.stack:
            rows.append((self.w(ctx, "stack"), self._order(me.stack, ctx)))
        if me.top:
            rows.append((self.w(ctx, "top"), self.w(ctx, f"card.{me.top}")))
        if me.burned:
            rows.append((self.w(ctx, "burned"), self._order(me.burned, ctx).replace(" → ", ", ")))
        if me.hope:
            rows.append((self.w(ctx, "hope"), self.w(ctx, "yes")))
        if me.brink:
            rows.append((self.w(ctx, "brink"), me.brink))
        if me.message:
            rows.append((self.w(ctx, "message"), me.message))
        return Section(self.w(ctx, "you"), rows=rows)

    def _conflict(self, view: Any, ctx: Context) -> Section:
        c = view.conflict
        flags = (self.w(ctx, "danger") if c.dangerous else "") + (self.w(ctx, "moment") if c.moment else "")
        rows = [(self.w(ctx, "rolls"), self.who(c.active, view, ctx) + flags)]
        if c.rolled:
            hope = f" + [{c.hope}]" if c.hope else ""
            rows.append((self.w(ctx, "dice"), (" ".join(map(str, c.common)) or "—") + hope))
            rows.append((self.w(ctx, "gm_dice"), " ".join(map(str, c.gm)) or "—"))
        return Section(self.w(ctx, "conflict"), rows=rows)

    def _survivors(self, view: Any, ctx: Context, me: Any) -> Section:
        rows = []
        for c in view.characters:
            if me is not None and c.seat == me.seat:
                continue
            parts = [self.w(ctx, "alive") if c.alive else self.w(ctx, "dead")]
            if c.top and c.alive:
                parts.append(f"{self.w(ctx, 'top')}: {self.w(ctx, 'card.' + c.top)}")
            if c.hope:
                parts.append(self.w(ctx, "hope"))
            if me is not None and c.seat in (right_of(me.seat, view.players), left_of(me.seat, view.players)):
                ref = Reference(ctx.language)
                parts.append(ref.say("right" if c.seat == right_of(me.seat, view.players) else "left"))
            rows.append((self.who(c.seat, view, ctx), ", ".join(parts)))
        return Section(self.w(ctx, "characters"), rows=rows)


TEXT = TenCandlesText("ten-candles")
