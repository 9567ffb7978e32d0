"""The Storyteller games (Vampire: Dark Ages, Werewolf: Wild West) at the web table.

One player character per table (seat 0). The Storyteller is the host seat (``HOST``): by default the bot
:class:`WebStoryteller` (the template Storyteller of ``narrator/storyteller/template.py``), or a person on the host
page (``"host": "human"``), who then proposes the kernel's requests and sees the player's pending choice.

The kernel has no move for "the player chooses an approach": choices reach it through the Storyteller's roll
request. So the choice is the table's *question* to the player seat (the session's
:class:`~narrator.storyteller.seat.ApproachQuestion`, as at the terminal): the seat posts its answer
(``choose_approach``, or its own words: :mod:`~narrator.web.adapters.storyteller_choice`), the session keeps it as
an ``answer`` record, and the bot Storyteller turns it at once into its proposal, which the kernel checks; a refusal
(no Willpower left, pool below the difficulty, a trait missing from the sheet) reopens the question and is shown
beside the seat's controls with the kernel's code and reason. The template Storyteller keeps no state of its own (it
reads the kernel's host view), so a restarted server resumes the table where it stopped.

The words (events, the panel, a roll's line) are :mod:`narrator.render.storyteller`; the bots
:mod:`~narrator.web.adapters.storyteller_bots`; a new table's options :mod:`~narrator.web.adapters.storyteller_setup`;
a seat's rolls from its own sheet :mod:`~narrator.web.adapters.storyteller_rolls`; a question back's buttons
:mod:`~narrator.web.adapters.storyteller_readings`; the log's lines :mod:`~narrator.web.adapters.storyteller_log`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from narrator.agents.base import Question
from narrator.agents.i18n import message
from narrator.render.fields import Control
from narrator.render.storyteller import (
    StorytellerText,
    W,
    book_of,
    history_entry,
    player_ids,
    voice_of_view,
)
from narrator.rules.core import HOST, Event, PlayerId, Rejection
from narrator.rules.storyteller import events as ev
from narrator.storyteller.replies import act_of, free_deed, reply_to
from narrator.storyteller.seat import ApproachQuestion, choices
from narrator.storyteller.template import CHOOSE, PASS, Choice, Option, TemplateStoryteller, display_name
from narrator.web.adapters.storyteller_bots import (
    BotStoryteller,
    WebStoryteller,
    is_storyteller_bot,
    storyteller_llm,
    storyteller_scripted,
    table_questions,
)
from narrator.web.adapters.storyteller_choice import INTENT, ChoiceError, parse_choice, parse_intent
from narrator.web.adapters.storyteller_log import said_words, told_by_the_log
from narrator.web.adapters.storyteller_readings import (
    asked_back,
    forget_asked,
    is_words_in_fight,
    reading_label,
    remember_asked,
)
from narrator.web.adapters.storyteller_rolls import (
    ROLL_SHEET,
    restore_rolls,
    roll_history,
    roll_own_sheet,
    story_rolls,
)
from narrator.web.adapters.storyteller_setup import samples, setup_options, troupe_choices
from narrator.web.present import Context, Presenter, Section

POWER_RULES = "POWER_RULES"
"""The table's code for words naming a power of the sheet: the book's answer (its message is the player's language)."""


@dataclass
class ApproachControl(Control):
    """An approach as a button, with the Willpower / automatic-success boxes the kernel would accept."""

    flags: list[tuple[str, str]] = field(default_factory=list)
    hint: str = ""


# -- the presenter ---------------------------------------------------------------------------------


class StorytellerPresenter(Presenter):
    """The approaches for the player, its rolls from its sheet, the bot Storyteller's prose; the Storyteller is the
    host seat. Its words (scene, sheet, last roll, the events): :attr:`text`."""

    text: StorytellerText

    host_plays = True
    names_winners = False  # a story told together has an ending, not winners («Победители: —» on a finished table)
    table_move_kinds = frozenset({CHOOSE, ROLL_SHEET, INTENT})
    worded_codes = frozenset({"INTENT_UNCLEAR", POWER_RULES})  # the template's reading; the book on a power
    question_codes = frozenset({"INTENT_UNCLEAR"})  # the Storyteller asking which reading: never «Refused:»
    public_draft_roles = frozenset({"storyteller-frame", "storyteller-narration", "storyteller-recap"})
    """The Storyteller frames the scene and tells each result to the whole troupe."""

    def setup_options(self, options: Mapping[str, Any], language: str) -> dict[str, Any]:
        return setup_options(self.game, options)

    # -- whose turn ----------------------------------------------------------------------------

    def _host_view(self, table: Any) -> dict[str, Any]:
        return table.game.view(table.session.state, HOST)

    def _bot(self, table: Any) -> Any:
        """The bot in the host seat (the template's :class:`WebStoryteller` or the model's), else ``None``."""
        agent = table.session.agents.get(HOST)
        return agent if table.record.host.controller == "bot" and is_storyteller_bot(agent) else None

    def questions(self, language: str) -> ApproachQuestion:
        return table_questions(self.game, language)

    def choosing_seats(self, table: Any) -> list[PlayerId]:
        """The seats that must choose an approach now (seat 0 while the scenario waits for it)."""
        if table.error or table.session.outcome() is not None:
            return []
        return sorted(table.session.open_questions())

    def waiting(self, table: Any, seats: list[PlayerId]) -> list[PlayerId]:
        choosing = self.choosing_seats(table)
        if not choosing or self._bot(table) is None:
            return seats
        return sorted({*(s for s in seats if s != HOST), *choosing})

    # -- the player's table move -----------------------------------------------------------------

    def table_controls(self, table: Any, seat: PlayerId | None, ctx: Context) -> list[Control]:
        """The approaches seat ``seat`` may choose now, with the toggles the kernel would accept."""
        if seat is None or seat not in self.choosing_seats(table) or table.seat(seat).controller != "human":
            return []
        voice = voice_of_view(self._host_view(table), ctx.language)
        question = table.session.open_questions().get(seat)
        options = list(question.options) if question is not None else []
        controls: list[Control] = [self._approach_control(table, voice, seat, option, ctx) for option in options]
        words, readings = asked_back(table, seat, options)
        # every reading the question names is a button (a deed no approach lists too: «Без броска (разговор)»),
        # the words kept; one reading is a plain yes
        key = "take_reading" if len(readings) == 1 else "take_one_of"
        ratings = self._ratings(table, seat)
        controls += [ApproachControl(self.text.w(ctx, key, label=reading_label(ref, options, ctx.language, ratings)),
                                     {"kind": INTENT, "text": words, "take": ref}, []) for ref in readings]
        if any(o.approach != PASS for o in options):  # words at every question, a join/decline reply too (issue 16)
            controls.append(ApproachControl(self.text.w(ctx, "intent_label"), {"kind": INTENT}, ["text"]))
        return controls

    def _ratings(self, table: Any, seat: PlayerId) -> dict[str, int]:
        """The seat's character's Attributes and Abilities (an improvised roll's traits, as the question names them)."""
        own = self._own_sheet(table, seat)
        return {**own[0].get("attributes", {}), **own[0].get("abilities", {})} if own else {}

    def _approach_control(self, table: Any, voice: TemplateStoryteller, seat: PlayerId, option: Option,
                          ctx: Context) -> Control:
        payload: dict[str, Any] = {"kind": CHOOSE, "approach": option.approach}
        if option.joins:
            payload["joins"] = True
        flags = []
        for name, key in (("willpower", "wp_flag"), ("automatic", "auto_flag"), ("extra", "extra_flag")):
            flagged = Choice(actor=seat, approach=option.approach, willpower=name == "willpower",
                             automatic=name == "automatic", joins=option.joins, extra=name == "extra")
            if option.approach != PASS and self._accepts(table, voice, flagged):
                flags.append((name, self.text.w(ctx, key)))
        # under its own button the preview needs no dash ("— 4 dice" follows the label at the terminal)
        return ApproachControl(option.label, payload, [], flags, option.preview.removeprefix("— "))

    def _accepts(self, table: Any, voice: TemplateStoryteller, choice: Choice) -> bool:
        """Whether the kernel would accept the roll request a flagged ``choice`` becomes."""
        answers = {**choices(table.session.answers), choice.actor: choice}
        try:
            action = voice.propose(self._host_view(table), None, answers)
        except (ValueError, IndexError):
            return False
        flagged = getattr(action, "willpower", False) or getattr(action, "automatic", False) \
            or getattr(action, "extra", False)  # an extra action bought with Rage or Celerity (powers.py)
        return bool(flagged) and table.game.check(table.session.state, action) is None

    # -- rolls from the seat's own sheet (the table's dice bot) -----------------------------------

    def seat_tools(self, table: Any, seat: PlayerId | None, ctx: Context) -> list[Control]:
        """A roll from the seat's own sheet: traits, difficulty, Willpower (a roll beside the story)."""
        if seat is None or seat == HOST or table.error or table.seat(seat).controller != "human" \
                or table.session.outcome() is not None:  # the story is over: no roll beside it stays on the page
            return []
        label = message(ctx.language, "troupe.roll_button")
        return [ApproachControl(label, {"kind": ROLL_SHEET}, ["traits", "difficulty"],
                                [("willpower", self.text.w(ctx, "wp_flag"))], message(ctx.language, "troupe.roll_form"))]

    def table_sections(self, table: Any, seat: PlayerId | None, ctx: Context) -> list[Section]:
        if seat is None or seat == HOST:
            return []
        # every roll of the seat's character, newest first: the story's (as the log tells them) and its rolls
        # from the sheet beside the story (the panel said «no rolls yet» after two rolls of the story)
        own = self._own_sheet(table, seat)
        story = story_rolls(table, seat, str(own[0]["id"]), self.text.event_text, table.view(seat), ctx) if own else []
        rolls = [*((at, 1, line) for at, line in story),  # a sheet roll's place: before the event then next
                 *((int(entry.get("at", 0)), 0, " · ".join(entry["lines"])) for entry in roll_history(table, seat))]
        items = [line[:1].upper() + line[1:] for *_, line in sorted(rolls, reverse=True)] \
            or [message(ctx.language, "troupe.roll_none")]  # «брат Одо» opens an entry as «Брат Одо»
        return [*self._powers_section(table, seat, ctx), Section(message(ctx.language, "troupe.roll_history"), items=items)]

    def _own_sheet(self, table: Any, seat: PlayerId) -> tuple[Mapping[str, Any], str] | None:
        """The seat's character sheet and name in the table's language, or ``None``."""
        view = self._host_view(table)
        ids = player_ids(view)
        if not isinstance(seat, int) or not 0 <= seat < len(ids):
            return None
        sheet = next((s for s in view.get("sheets", ()) if s["id"] == ids[seat]), None)
        if sheet is None:
            return None
        return sheet, display_name(ctx_of(table).language, str(sheet["id"])) or str(sheet["name"])

    def _powers_section(self, table: Any, seat: PlayerId, ctx: Context) -> list[Section]:
        """The sheet's powers (Blood, Rage, Gnosis, Celerity) and how to ask what the rules here allow."""
        from narrator.storyteller.powers import hint

        own = self._own_sheet(table, seat)
        said = hint(own[0], own[1], ctx.language, self._host_view(table)) if own is not None else None
        return [Section(message(ctx.language, "st_powers.title"), items=[said])] if said else []

    def _power(self, table: Any, seat: PlayerId, text: str, ctx: Context) -> tuple[Any, Any]:
        """The seat's sheet (and name), and the book's answer when the words name a power of it (or one it lacks)."""
        from narrator.storyteller.powers import power_answer

        own = self._own_sheet(table, seat)
        return own, (power_answer(text, own[0], self._host_view(table), own[1], ctx.language) if own else None)

    def roll_sheet(self, table: Any, seat: PlayerId, payload: Mapping[str, Any]) -> Rejection | None:
        """Roll the seat's own sheet (never another's); the result joins the seat's roll history
        (:mod:`narrator.web.adapters.storyteller_rolls`).

        Raises:
            ChoiceError: a malformed body (the API answers 422).
        """
        return roll_own_sheet(table, seat, payload, book_of(self.game), ctx_of(table).language)

    def restore(self, table: Any, records: Sequence[Mapping[str, Any]]) -> None:
        """Each seat's roll history from the transcript's ``sheet_roll`` records (after a restart)."""
        restore_rolls(table, records, ctx_of(table).language)

    def table_move(self, table: Any, seat: PlayerId, payload: Mapping[str, Any]) -> Rejection | None:
        """A seat's answer to the table's question (its approach), taken by the session or refused.
        The Storyteller (a bot at once, or the person on the host page) turns it into its proposal.

        Raises:
            ChoiceError: a malformed body (the API answers 422).
        """
        if payload.get("kind") == ROLL_SHEET:
            return self.roll_sheet(table, seat, payload)
        if payload.get("kind") == INTENT:
            return self.typed_intent(table, seat, payload)
        choice = parse_choice(payload, seat)
        view = self._host_view(table)
        options = {o.approach: o.label for o in table.session.open_questions().get(seat, Question("", ())).options}
        options[PASS] = options.get(PASS, PASS)
        rejection = table.session.answer(seat, choice)
        if rejection is not None:
            return rejection
        flags = [self.text.w(ctx_of(table), key) for key, on in (
            ("wp_flag", choice.willpower), ("auto_flag", choice.automatic), ("extra_flag", choice.extra)) if on]
        pc = player_ids(view)[seat]
        who = display_name(ctx_of(table).language, str(pc)) or next(str(s["name"]) for s in view["sheets"]
                                                                    if s["id"] == pc)
        table.say(seat, self.text.w(ctx_of(table), "choice", who=who, label=options[choice.approach])
                  + "".join(f" + {f}" for f in flags))
        return None

    def typed_intent(self, table: Any, seat: PlayerId, payload: Mapping[str, Any]) -> Rejection | None:
        """The seat's own words for its character, through the terminal's path: a model Storyteller gets them as
        they are; the template reads them as the closest approach and says which, or asks the player again.

        Raises:
            ChoiceError: a malformed body (the API answers 422).
        """
        from narrator.storyteller.answers import deed_choice
        from narrator.storyteller.intent import clean_intent
        from narrator.storyteller.seat import INTENT_UNCLEAR, is_intent, typed_choice

        text, take = parse_intent(payload)
        ctx = ctx_of(table)
        question = table.session.open_questions().get(seat)
        options = list(question.options) if question is not None else []
        words, readings = asked_back(table, seat, options)
        if take is None and readings:  # a yes, or a reply that says a reading asked about («нет, я просто говорю»)
            replied, own_words = reply_to(text, readings, options, ctx.language)
            if replied is not None and own_words:  # the deed asked about, said anew: taken with the new words
                return self._take_deed(table, seat, replied, clean_intent(text))
            text, take = (words, replied) if replied is not None else (text, None)
        if take is not None:  # a reading the question back named, chosen by its button (or a yes)
            return self._take_reading(table, seat, text, take, options, words, readings)
        if not options or not is_intent(text):
            return Rejection(INTENT_UNCLEAR, message(ctx.language, "improv.empty"), "table")
        # a model, or a person on the host page, reads the words as they are; only the template matches them
        bot = table.session.agents.get(HOST)
        free = (isinstance(bot, BotStoryteller) and bot.free_intent) or table.human_host
        own, power = self._power(table, seat, text, ctx)
        if own is not None and power is not None:  # words naming Blood, Rage, Gnosis: the book's answer (issue 28)
            deed, lines = deed_choice(text, power, options, seat, own[1], ctx.language, free=bool(free), labels=True)
            if deed is None:  # no deed said with it, or one not read: no roll
                return Rejection(POWER_RULES, "\n".join(lines) or power.text, "table")
            choice, said = deed, "\n".join(lines)  # a deed said with it: read, the spend made or explained
        elif not free and (talk := free_deed(text, options, ctx.language)) is not None \
                and is_words_in_fight(talk, self._host_view(table), ctx.language):
            return self._take_deed(table, seat, talk, clean_intent(text))  # words in a fight: said, no action spent
        else:
            choice, said = typed_choice(text, options, seat, ctx.language, free=bool(free), labels=True)
        if choice is None:  # the question back: its readings become buttons, and a yes takes the only one
            remember_asked(table, seat, text, options, ctx.language, bool(free))
            return Rejection(INTENT_UNCLEAR, said, "table")  # already in the player's language: the closest ones
        return self._answer_typed(table, seat, choice, said)

    def _take_reading(self, table: Any, seat: PlayerId, text: str, take: str, options: Sequence[Option], words: str,
                      readings: Sequence[str]) -> Rejection | None:
        """The seat took a reading its question back named: that approach, with the words it was asked about."""
        from narrator.storyteller.seat import INTENT_UNCLEAR

        ctx = ctx_of(table)
        if take in readings and text == words and act_of(take, ctx.language) is not None:
            return self._take_deed(table, seat, take, words)
        option = next((o for o in options if o.approach == take), None)
        if option is None or take not in readings or text != words:
            return Rejection(INTENT_UNCLEAR, message(ctx.language, "improv.empty"), "table")
        said = message(ctx.language, "improv.chose_labelled", number=option.number, label=option.label, words=text)
        return self._answer_typed(table, seat, Choice(actor=seat, approach=take, intent=text, joins=option.joins), said)

    def _take_deed(self, table: Any, seat: PlayerId, ref: str, words: str) -> Rejection | None:
        """The seat took a deed no approach lists from its question back: in a fight, words cost no action (said,
        and the round waits for its move); else the Storyteller rules on the words as that deed."""
        from narrator.storyteller.intent import FREE

        ctx = ctx_of(table)
        if is_words_in_fight(ref, self._host_view(table), ctx.language):
            forget_asked(table, seat)
            who = self._who(table, seat, ctx)
            table.say(seat, said_words(self.text, ctx, who, words))
            table.say("storyteller", self.text.w(ctx, "words_in_fight", who=who))
            return None
        # the ruling says the deed and its roll (or none): no «Рассказчик обдумывает» the same words again
        return self._answer_typed(table, seat, Choice(actor=seat, approach=FREE, intent=words, reading=ref), "")

    def _who(self, table: Any, seat: PlayerId, ctx: Context) -> str:
        view = self._host_view(table)
        pc = player_ids(view)[seat]
        return display_name(ctx.language, str(pc)) or next(str(s["name"]) for s in view["sheets"] if s["id"] == pc)

    def _answer_typed(self, table: Any, seat: PlayerId, choice: Choice, said: str) -> Rejection | None:
        ctx = ctx_of(table)
        rejection = table.session.answer(seat, choice)
        if rejection is not None:
            return rejection
        forget_asked(table, seat)
        table.say(seat, said_words(self.text, ctx, self._who(table, seat, ctx), choice.intent))
        if said:
            table.say("storyteller", said)
        return None

    def seat_names(self, table: Any, language: str) -> list[str]:
        """Each seat's character (public: every page names the troupe), after the name its player typed."""
        view = table.view(None)
        players = [s for s in view.get("sheets", ()) if s.get("player", True)] if isinstance(view, Mapping) else []
        names = []
        for seat, typed in enumerate(table.names):
            sheet = players[seat] if seat < len(players) else None
            character = (display_name(language, str(sheet["id"])) or str(sheet["name"])) if sheet else ""
            names.append(", ".join(n for n in (typed, character) if n))
        return names

    # -- the bot Storyteller's prose -------------------------------------------------------------

    def narration(self, table: Any, events: Sequence[Event]) -> list[tuple[str, str]]:
        """The bot Storyteller's lines about the move (the scene's framing, the result, the ending)."""
        bot = self._bot(table)
        if bot is None:  # a person is the Storyteller: the page still marks each turn
            ctx = ctx_of(table)
            turns = [self.text.w(ctx, "turn_begun", turn=p.turn) for p in (e.payload for e in events)
                     if isinstance(p, ev.TurnBegun)]
            return [("storyteller", "\n".join(turns))] if turns else []
        # The bot's narration is the one telling of the move: its words beside the move (an answer given without a
        # roll, an improvised roll's ruling) and the turn's header, in that order (once: «Turn 4» stood above the
        # answer that ended turn 3). Its lines that only repeat the log's initiative and wounds go (storyteller_log).
        view = self._host_view(table)
        repeated = told_by_the_log(bot.voice, view, events)
        lines = [line for line in bot.voice.narrate(view, events) if line not in repeated]
        return [("storyteller", "\n".join(lines))] if lines else []


def ctx_of(table: Any) -> Context:
    """A context in the table's language (for lines written to the transcript)."""
    return Context(tuple(table.names), table.record.language if table.record.language in W else "en")


PRESENTERS = {"dark-ages": StorytellerPresenter("dark-ages"), "wild-west": StorytellerPresenter("wild-west")}
DARK_AGES_PRESENTER = PRESENTERS["dark-ages"]
WILD_WEST_PRESENTER = PRESENTERS["wild-west"]

__all__ = ["DARK_AGES_PRESENTER", "PRESENTERS", "WILD_WEST_PRESENTER", "BotStoryteller", "ChoiceError",
           "StorytellerPresenter", "WebStoryteller", "history_entry", "is_storyteller_bot", "parse_choice",
           "roll_history", "samples", "setup_options", "storyteller_llm", "storyteller_scripted", "troupe_choices",
           "voice_of_view"]
