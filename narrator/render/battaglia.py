"""Battaglia's words: the host's narration for events, readable moves, a compact panel.

Events are told by :class:`narrator.battaglia.narration.Narrator` (the terminal host's words in
Russian or English), fed only the events the page's viewer may see. Names: the creator's seat
names where given, else the town's dressing drawn from the table's seed (as the bots say them).
A person moderating (``human_moderator``) reads the whole truth and every event
(:mod:`narrator.render.battaglia_host`). The web table's flow is :mod:`narrator.web.adapters.battaglia`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from narrator.agents.battaglia.texts import Table, faction_words, mask_info
from narrator.agents.i18n import ByLanguage, endings
from narrator.agents.names import fill
from narrator.rules.core import HOST, Action, Event, PlayerId

from narrator.battaglia.narration import Narrator, recorded_table
from narrator.battaglia.reference import Reference
from narrator.render.battaglia_host import host_word, moderator_event_lines, truth_sections
from narrator.render.text import Context, Section, Text

WORDS = ByLanguage("web_battaglia")
"""The seat page's words by language (``prompts/i18n/<lang>/web_battaglia.yaml``)."""


class BattagliaText(Text):
    """Battaglia's words, through the host's voice (:meth:`narrator`)."""

    def narrator(self, view: Any, ctx: Context) -> Narrator:
        """The host's voice for this page (``you`` marks the page's own seat)."""
        players = int(getattr(view, "players", len(ctx.names)) or len(ctx.names))
        dressing = Table.for_game(ctx.seed, players, ctx.language)
        names = tuple((ctx.names[s] if s < len(ctx.names) and ctx.names[s] else dressing.names[s])
                      for s in range(players))
        seat = ctx.viewer if isinstance(ctx.viewer, int) and ctx.viewer >= 0 else None
        return Narrator(recorded_table(ctx.language, dressing.setting, names, dressing.legends), seat)

    def w(self, ctx: Context, key: str, **values: Any) -> str:
        """One of this adapter's words."""
        return fill(WORDS[ctx.language if ctx.language in WORDS else "en"][key], ctx.language, **values)

    def event_text(self, event: Event, view: Any, ctx: Context) -> str | None:
        voice = self.narrator(view, ctx)
        if ctx.viewer == HOST and getattr(view, "truth", None) is not None:
            return "\n".join(moderator_event_lines(event, voice, ctx.language))
        return "\n".join(voice.lines([event]))

    def action_label(self, action: Action, view: Any, ctx: Context) -> str:
        voice = self.narrator(view, ctx)
        say, kind = voice.say, action.kind
        phase = str(getattr(view, "phase", ""))
        if kind == "choose":
            return self.w(ctx, "choose", name=voice.name(action.target))  # type: ignore[attr-defined]
        if kind == "whisper":
            return self.w(ctx, "whisper")
        if kind == "speak":
            return say("action_speak")
        if kind == "judge":
            return self.w(ctx, "approve" if action.approve else "refuse")  # type: ignore[attr-defined]
        if kind == "vote":
            return self.w(ctx, "vote_for", names=voice.names(action.targets))  # type: ignore[attr-defined]
        if kind == "accuse":
            return f"{self.w(ctx, 'accuse')}: {self.option_label(action, view, ctx)}"
        if kind == "dying_shot":
            return say("action_dying_shot", name=voice.name(action.target))  # type: ignore[attr-defined]
        if kind == "declare_outcome":
            force = action.force  # type: ignore[attr-defined]
            if force == "none":
                return host_word(ctx.language, "declare_none")
            return host_word(ctx.language, "declare", force=voice.forces.get(force, force))
        if kind == "pass":
            return (say("action_accept") if phase == "condemned" else say("action_no_objection")
                    if phase == "execution" else say("prompt_pass"))
        key = f"action_{kind}"
        return say(key) if key in voice.words else super().action_label(action, view, ctx)

    def identity(self, view: Any, ctx: Context) -> str:
        """The seat's name at the table and its own mask ("Борис, колдунья"): the page is the seat's own."""
        seat = ctx.viewer
        if not isinstance(seat, int) or seat < 0 or getattr(view, "card", None) is None:
            return super().identity(view, ctx)
        voice = self.narrator(view, ctx)
        return f"{voice.table.names[seat]}, {voice.card(str(view.card))}"

    def is_out(self, view: Any, seat: PlayerId | None) -> bool:
        """Out for good: no second life left (``view.out``)."""
        return isinstance(seat, int) and seat in getattr(view, "out", ())

    def group_label(self, kind: str, actions: Sequence[Action], view: Any, ctx: Context) -> str:
        if kind == "choose":
            step = self.narrator(view, ctx).steps.get(str(getattr(view, "step", "")), "")
            return f"{self.w(ctx, 'choose_group')} ({step})" if step else self.w(ctx, "choose_group")
        if kind in ("vote", "accuse", "dying_shot"):
            return self.w(ctx, kind)
        return super().group_label(kind, actions, view, ctx)

    def option_label(self, action: Action, view: Any, ctx: Context) -> str:
        voice = self.narrator(view, ctx)
        if action.kind == "accuse":
            a: Any = action
            basis = voice.words.get(f"basis_{a.basis}", a.basis)
            charge = f", {voice.say('prompt_charge_shadow')}" if a.charge == "shadow" else ""
            return f"{voice.name(a.target)} — {basis}{charge}"
        if action.kind == "vote":
            return voice.names(action.targets)  # type: ignore[attr-defined]
        if action.kind in ("choose", "dying_shot"):
            return voice.name(action.target)  # type: ignore[attr-defined]
        return self.action_label(action, view, ctx)

    def panel(self, view: Any, ctx: Context) -> list[Section]:
        if not hasattr(view, "graveyard"):
            return super().panel(view, ctx)
        voice = self.narrator(view, ctx)
        sections = [self._now(view, voice, ctx)]
        if view.truth is not None:
            sections += truth_sections(view.truth, voice, ctx.language)
        if view.card is not None:
            sections.append(self._you(view, voice, ctx))
            sheet = Reference(voice).sheet(view, str(getattr(ctx, "rainmaker_force", "by_life")))
            sections.append(Section(sheet[0].rstrip(":"), items=[line.strip() for line in sheet[2:]]))
        learned = voice.lines(view.notes)
        if learned:
            sections.append(Section(self.w(ctx, "learned"), items=learned))
        sections.append(self._table(view, voice, ctx))
        today = self._today(view, voice, ctx)
        if today.rows or today.items:
            sections.append(today)
        return sections

    def _now(self, view: Any, voice: Narrator, ctx: Context) -> Section:
        phase = self.w(ctx, f"phase.{view.phase}") if f"phase.{view.phase}" in WORDS["en"] else str(view.phase)
        after_night = str(view.phase) == "night" or (str(view.phase) == "rebirth" and view.night > view.day)
        when = self.w(ctx, "night", night=view.night) if after_night else self.w(ctx, "day", day=view.day)
        step = voice.steps.get(str(view.step), "") if view.step is not None else ""
        rows = [(self.w(ctx, "phase"), ", ".join(p for p in (when, phase, step) if p))]
        if view.turn is not None:
            rows.append((self.w(ctx, "turn"), voice.name(view.turn)))
        return Section("", rows=rows)

    def _you(self, view: Any, voice: Narrator, ctx: Context) -> Section:
        info = mask_info(str(view.card))
        faction = faction_words(info["faction"], ctx.language if ctx.language in ("en", "ru") else "en")["name"]
        rows = [(self.w(ctx, "mask"), voice.card(str(view.card))), (self.w(ctx, "force"), faction),
                (self.w(ctx, "life"), str(view.life))]
        if view.heir_slot:
            rows.append((self.w(ctx, "heir"), str(view.heir_slot)))
        if view.awake_with:
            rows.append((self.w(ctx, "awake_with"), voice.names(s for s in view.awake_with if s != ctx.viewer)))
        return Section(self.w(ctx, "you"), rows=rows)

    def _table(self, view: Any, voice: Narrator, ctx: Context) -> Section:
        ref = Reference(voice)
        told = ref.deaths(view.record)
        flags = {"shadow": view.revealed_shadow, "child": view.revealed_child, "lord": view.revealed_lord,
                 "bishop": view.revealed_bishop}
        rows = []
        for seat in range(view.players):
            forms = endings(ctx.language, voice.table.gender(seat))  # «жива», «выбыла», «вскрыта» of a woman
            if seat in view.out:
                state = self.w(ctx, "out", **forms)
            else:
                alive = view.lives[seat:seat + 1] in ((), (1,))  # no lives yet: the deal waits for the shares (#35)
                state = self.w(ctx, "alive", **forms) if alive else self.w(ctx, "second_life")
            parts = [state, *told.get(seat, [])]
            shown = [self.w(ctx, f) for f, who in flags.items() if seat in who]
            if shown:
                parts.append(self.w(ctx, "revealed", what=", ".join(shown), **forms))
            rows.append((voice.name(seat), "; ".join(parts)))
        return Section(self.w(ctx, "table"), rows=rows, items=[ref.say("rebirth_rule")])

    def _today(self, view: Any, voice: Narrator, ctx: Context) -> Section:
        section = Section(self.w(ctx, "today"))
        if view.accusations or view.accusations_limit:
            section.rows.append((self.w(ctx, "accusations_label"), f"{len(view.accusations)}/{view.accusations_limit}"))
            for a in view.accusations:
                accuser = voice.say("nobody") if a.accuser < 0 else voice.name(a.accuser)
                basis = voice.words.get(f"basis_{a.basis}", a.basis)
                section.items.append(f"{accuser} → {voice.name(a.target)} ({basis})")
        pairs = (("candidates", view.candidates), ("judges", view.judges))
        for key, seats in pairs:
            if seats:
                section.rows.append((self.w(ctx, key), voice.names(seats)))
        if view.candidates and view.votes:
            section.rows.append((self.w(ctx, "votes"), str(view.votes)))
        for key in ("condemned", "cursed"):
            seat = getattr(view, key)
            if seat is not None:
                section.rows.append((self.w(ctx, key, **endings(ctx.language, voice.table.gender(seat))),
                                     voice.name(seat)))
        return section


TEXT = BattagliaText("battaglia")
