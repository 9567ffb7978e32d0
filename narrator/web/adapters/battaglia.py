"""Battaglia at the web table: the host's narration for events, readable moves, a compact panel.

Events are told by :class:`narrator.battaglia.narration.Narrator` (the terminal host's words in
Russian or English), fed only the events the page's viewer may see. Names: the creator's seat
names where given, else the town's dressing drawn from the table's seed (as the bots say them).

The program is the host unless the creator chose ``"host": "human"``: then the config's
``human_moderator`` is on, the host page shows the whole truth (``view(state, Viewer.HOST)``, every
event, :mod:`narrator.web.adapters.battaglia_host`) and the moderator's ``declare_outcome`` buttons.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from narrator.agents.battaglia.texts import Table, faction_words, mask_info
from narrator.agents.i18n import ByLanguage, endings, message
from narrator.agents.names import fill
from narrator.battaglia.narration import Narrator, recorded_table
from narrator.battaglia.reference import Reference, is_irreversible
from narrator.citations import split, why
from narrator.rules.codec import action_to_dict
from narrator.rules.core import HOST, Action, Audience, Event, PlayerId, Viewer
from narrator.web.adapters.battaglia_host import host_word, moderator_event_lines, truth_sections
from narrator.web.present import Accusation, Ballot, Context, Presenter, Section
from narrator.web.render import Control

WORDS = ByLanguage("web_battaglia")
"""The seat page's words by language (``prompts/i18n/<lang>/web_battaglia.yaml``)."""


class BattagliaPresenter(Presenter):
    """Battaglia's words on the web. ``host_plays`` stays False (no bot ever sits as host: the program
    hosts); a person may moderate instead (``"host": "human"``)."""

    host_viewer = Viewer.HOST
    host_acts_any_time = True
    public_draft_roles = frozenset({"battaglia-accuse", "battaglia-speak"})
    """Accusations and day speeches are said to the whole town (L74)."""

    def draft_audience(self, role: str, who: PlayerId | None) -> Audience:
        """A whisper's finished line goes to the seats awake with its writer (the shadow at night);
        while it is written it is shown to the writer's own page only: a whisper asked ahead of its
        turn cannot know the awake group yet, and a smaller audience never leaks."""
        if role == "battaglia-whisper" and who is not None and who >= 0:
            return frozenset({who})
        return super().draft_audience(role, who)

    # -- the moderator ---------------------------------------------------------------------------

    def host_options(self, options: dict[str, Any], host: str | None) -> dict[str, Any]:
        """``"host": "human"`` turns ``human_moderator`` on; ``"bot"`` (the program) may not be combined with it."""
        if host == "human":
            return {**options, "human_moderator": True}
        if host == "bot" and options.get("human_moderator"):
            raise ValueError('human_moderator: true needs "host": "human" (a person moderates; no bot does)')
        return options

    def human_host(self, table: Any) -> bool:
        return bool(getattr(table.session.state.config, "human_moderator", False))

    def seat_names(self, table: Any, language: str) -> list[str]:
        """The town's name of each unnamed seat, as every page's host narration calls it (public)."""
        drawn = self.drawn_names(table.record.seed, len(table.names), language)
        return [typed or drawn[seat] for seat, typed in enumerate(table.names)]

    def drawn_names(self, seed: int, seats: int, language: str) -> list[str]:
        """The town's names for ``seats`` seats (what :meth:`narrator` shows for an unnamed seat), then the
        rest of the shuffled names as spares."""
        lang = language if language in ("ru", "en") else "en"
        seated = Table.for_game(seed, seats, lang).names
        spares = [n for n in Table.for_game(seed, seats + 64, lang).names[seats:] if n not in seated]
        return [*seated, *dict.fromkeys(spares)]

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

    # -- events ----------------------------------------------------------------------------------

    def event_text(self, event: Event, view: Any, ctx: Context) -> str | None:
        voice = self.narrator(view, ctx)
        if ctx.viewer == HOST and getattr(view, "truth", None) is not None:
            return "\n".join(moderator_event_lines(event, voice, ctx.language))
        return "\n".join(voice.lines([event]))

    # -- moves -----------------------------------------------------------------------------------

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

    def controls(self, actions: Sequence[Action], view: Any, ctx: Context) -> list[Control]:
        """A vote as checkboxes, an accusation as a picker, the moderator's declarations one button
        each (seven at most), the rest as usual."""
        by_kind: dict[str, list[Action]] = {}
        for action in actions:
            by_kind.setdefault(action.kind, []).append(action)
        rest = [a for a in actions if a.kind not in ("declare_outcome", "vote", "accuse")]
        shown: list[Control] = []
        if by_kind.get("vote"):
            shown.append(self._ballot(by_kind["vote"], view, ctx))
        if by_kind.get("accuse"):
            shown.append(self._accusation(by_kind["accuse"], view, ctx))
        declarations = [Control(self.action_label(a, view, ctx), action_to_dict(a))
                        for a in by_kind.get("declare_outcome", [])]
        for control in declarations:  # declaring the outcome ends the game: never by one stray tap
            control.confirm = Reference(self.narrator(view, ctx)).say("confirm_web")  # type: ignore[attr-defined]
        return shown + super().controls(rest, view, ctx) + declarations

    def _ballot(self, votes: Sequence[Action], view: Any, ctx: Context) -> Ballot:
        """Every candidate once, with who accused them today (the vote sits beside the accusations)."""
        voice = self.narrator(view, ctx)
        candidates = sorted({t for v in votes for t in v.targets})  # type: ignore[attr-defined]
        most = max(len(v.targets) for v in votes)  # type: ignore[attr-defined]
        accusers: dict[int, list[int]] = {}
        for a in getattr(view, "accusations", ()):
            accusers.setdefault(a.target, []).append(a.accuser)
        options = []
        for seat in candidates:
            label = voice.name(seat)
            by = [voice.say("nobody") if s < 0 else voice.name(s) for s in accusers.get(seat, [])]
            if by:
                key = "web.accused_by_one" if len(by) == 1 else "web.accused_by"
                label += f" — {message(ctx.language, key, names=', '.join(by))}"
            options.append((seat, label))
        note = message(ctx.language, "web.vote_one") if most == 1 else message(ctx.language, "web.vote_up_to", n=most)
        return Ballot(message(ctx.language, "web.vote_send"), {"kind": "vote"}, options=options, most=most, note=note)

    def _accusation(self, moves: Sequence[Action], view: Any, ctx: Context) -> Accusation:
        """Whom (never yourself), on what ground (the guide above the moves explains the two), and a
        shadow charge where one is legal."""
        voice = self.narrator(view, ctx)
        seen: list[Any] = list(moves)
        targets = sorted({a.target for a in seen if a.target != ctx.viewer})
        bases = [b for b in ("legend", "logic") if any(a.basis == b for a in seen)]
        lang = ctx.language
        shadow = message(lang, "web.accuse_shadow") if any(a.charge == "shadow" for a in seen) else ""
        texts = ["text"] if str(getattr(view, "phase", "")) == "accuse" else []  # a dead light names, no more
        return Accusation(
            message(lang, "web.accuse_send"), {"kind": "accuse"}, texts,
            targets=[(t, voice.name(t)) for t in targets],
            bases=[(b, voice.words.get(f"basis_{b}", b)) for b in bases],
            shadow=shadow,
            labels={"whom": message(lang, "web.accuse_whom"), "basis": message(lang, "web.accuse_basis")})

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

    def waiting(self, table: Any, seats: list[PlayerId]) -> list[PlayerId]:
        """At an execution the page names every seat the window opened for, not only those who still
        hold a power: the loop passes for a seat with no objection, and naming the rest would tell who
        is Lun or the Bishop."""
        today = getattr(table.session.state, "today", None)
        if str(getattr(table.session.state, "phase", "")) == "execution" and today is not None:
            return sorted(today.window_seats) if seats else seats
        return seats

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

    def guide(self, actions: Sequence[Action], view: Any, ctx: Context) -> list[str]:
        """What the decision does (one line), and what "by legend / by logic" mean where it is chosen."""
        if not hasattr(view, "graveyard"):
            return []
        ref = Reference(self.narrator(view, ctx))
        hint, lines = split(ref.hint(view, actions))  # the rule lines named apart, not inside the sentence
        bases = {getattr(a, "basis", None) for a in actions if a.kind == "accuse"}
        basis, basis_lines = split(ref.basis()) if {"legend", "logic"} <= bases else ("", [])
        return [line for line in (hint, basis, why(lines + basis_lines, ctx.language)) if line]

    def irreversible(self, action: Action, view: Any, ctx: Context) -> str:
        if not hasattr(view, "graveyard") or not is_irreversible(action, str(view.phase)):
            return ""
        return Reference(self.narrator(view, ctx)).say("confirm_web")

    # -- the view --------------------------------------------------------------------------------

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
        when = self.w(ctx, "night", night=view.night) if str(view.phase) in ("night", "rebirth") else \
            self.w(ctx, "day", day=view.day)
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
        told = ref.deaths(view.log)
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


PRESENTER = BattagliaPresenter("battaglia")
