"""Battaglia at the web table: its flow (the vote as a ballot, the accusation as a picker, the moderator's
declarations, who the table waits for); its words are :mod:`narrator.render.battaglia` (the host's narration).

Names: the creator's seat names where given, else the town's dressing drawn from the table's seed.

The program is the host unless the creator chose ``"host": "human"``: then the config's
``human_moderator`` is on, the host page shows the whole truth (``view(state, Viewer.HOST)``, every
event, :mod:`narrator.render.battaglia_host`) and the moderator's ``declare_outcome`` buttons.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from narrator.agents.battaglia.texts import Table
from narrator.agents.i18n import message
from narrator.battaglia.reference import Reference, is_irreversible
from narrator.citations import split, why
from narrator.render.battaglia import BattagliaText
from narrator.rules.codec import action_to_dict
from narrator.rules.core import Action, Audience, PlayerId, Viewer
from narrator.web.present import Accusation, Ballot, Context, Presenter
from narrator.web.render import Control


class BattagliaPresenter(Presenter):
    """Battaglia's table flow on the web (its words: :attr:`text`). ``host_plays`` stays False (no bot ever sits as
    host: the program hosts); a person may moderate instead (``"host": "human"``)."""

    text: BattagliaText

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

    # -- moves -----------------------------------------------------------------------------------

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
        if any(a.target != ctx.viewer for a in by_kind.get("accuse", ())):  # type: ignore[attr-defined]
            shown.append(self._accusation(by_kind["accuse"], view, ctx))  # yourself alone left: only "pass"
        declarations = [Control(self.text.action_label(a, view, ctx), action_to_dict(a))
                        for a in by_kind.get("declare_outcome", [])]
        for control in declarations:  # declaring the outcome ends the game: never by one stray tap
            control.confirm = Reference(self.text.narrator(view, ctx)).say("confirm_web")  # type: ignore[attr-defined]
        return shown + super().controls(rest, view, ctx) + declarations

    def _ballot(self, votes: Sequence[Action], view: Any, ctx: Context) -> Ballot:
        """Every candidate once, with who accused them today (the vote sits beside the accusations)."""
        voice = self.text.narrator(view, ctx)
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
        voice = self.text.narrator(view, ctx)
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

    def waiting(self, table: Any, seats: list[PlayerId]) -> list[PlayerId]:
        """At an execution the page names every seat the window opened for, not only those who still
        hold a power: the loop passes for a seat with no objection, and naming the rest would tell who
        is Lun or the Bishop."""
        today = getattr(table.session.state, "today", None)
        if str(getattr(table.session.state, "phase", "")) == "execution" and today is not None:
            return sorted(today.window_seats) if seats else seats
        return seats

    def guide(self, actions: Sequence[Action], view: Any, ctx: Context) -> list[str]:
        """What the decision does (one line), and what "by legend / by logic" mean where it is chosen."""
        if not hasattr(view, "graveyard"):
            return []
        ref = Reference(self.text.narrator(view, ctx))
        hint, lines = split(ref.hint(view, actions))  # the rule lines named apart, not inside the sentence
        bases = {getattr(a, "basis", None) for a in actions if a.kind == "accuse"}
        basis, basis_lines = split(ref.basis()) if {"legend", "logic"} <= bases else ("", [])
        return [line for line in (hint, basis, why(lines + basis_lines, ctx.language)) if line]

    def irreversible(self, action: Action, view: Any, ctx: Context) -> str:
        if not hasattr(view, "graveyard") or not is_irreversible(action, str(view.phase)):
            return ""
        return Reference(self.text.narrator(view, ctx)).say("confirm_web")


PRESENTER = BattagliaPresenter("battaglia")
