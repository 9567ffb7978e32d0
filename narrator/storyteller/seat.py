"""The Storyteller games' seats: the table asks the player for an approach (a question outside the
rules), the Storyteller turns the answer into its proposal; the kernel has the last word."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from typing import Any

from rich.markup import escape

from narrator.agents.base import Agent, AgentGaveUpError, Decision, Question, ReopenQuestion, Request, Seat
from narrator.agents.i18n import message, refusal, typed, typed_commands
from narrator.rules.core import HOST, Action, PlayerId, Rejection
from narrator.storyteller.answers import (  # re-exported: the tables import them from here
    INTENT_UNCLEAR,
    QuitGame,
    deed_choice,
    is_intent,
    parse_choice,
    typed_choice,
)
from narrator.storyteller.intent import FREE, MAX_INTENT
from narrator.storyteller.powers import PowerAnswer, hint, power_answer
from narrator.storyteller.replies import asked_readings, reply_to, taken
from narrator.storyteller.template import CHOOSE, Choice, IntentUnclear, Option, StorytellerVoice
from narrator.storyteller.template_base import RulesIntent, TemplateBase

Player = Agent
"""Whoever answers for the player character: an agent answering the table's question (``Request.question``)."""


class TerminalPlayer(Seat):
    """The player's seat at the terminal: answers the table's question (which approach); illegal
    input gets a reason and a new prompt, EOF or ``q`` quits cleanly."""

    name = "human"
    person = True
    max_attempts: int | None = None
    """Asked until the answer stands: a person is never replaced by a bot."""

    def __init__(self, ask: Callable[[str], str], say: Callable[[str], None], lang: str = "en") -> None:
        self.ask, self.say, self.lang = ask, say, lang
        self.shown_sheet = False
        self.free_intent = False
        self.on_x_card: Callable[[], None] | None = None
        """What the X-card does at this table (a model Storyteller: the last text it told becomes a line)."""
        """Whether typed intents go to a model Storyteller as they are (else the template matches them)."""
        self.hinted = False
        """Whether the player was told they may type their own words (once a sitting)."""
        self.troupe = False
        """Several characters share the terminal (hot-seat): each question names whose it is."""
        self.pending: Choice | None = None
        """A deed said with an extra action bought ("I spend Rage and gallop..."): the first action once declared."""

    def act(self, request: Request) -> Choice:
        from narrator.storyteller.reference import Reference

        options = list(request.options)
        view = request.view if isinstance(request.view, dict) else {}
        ref = Reference(self.lang, {**{str(s["id"]): str(s["name"]) for s in view.get("sheets", ())},
                                    **_npc_names(view, self.lang)})  # the scenario's names in the player's language
        own = next((s for s in view.get("sheets", ()) if "attributes" in s and s.get("player", True)), None)
        pending, self.pending = self.pending, None
        if pending is not None and own is not None and _declared_first(view, str(own["id"]), pending, options):
            self.say("[dim]" + escape(message(self.lang, "st_powers.deed_taken", name=ref.who(own["id"]))) + "[/]")
            return Choice(actor=request.seat, approach=pending.approach, intent=pending.intent, joins=pending.joins)
        self._show_question(request, view, ref, own, options)
        asked: tuple[str, ...] = ()  # the readings the last question back named ("you mean 1?", "… or no roll?")
        asked_words = ""
        while True:
            try:
                text = self.ask("> ")
            except (EOFError, KeyboardInterrupt):
                raise QuitGame("end of input") from None
            if self._command(text, ref, view):
                continue
            parsed = parse_choice(text, options, request.seat, self.lang)
            if isinstance(parsed, Choice) and self._no_willpower_here(parsed, options):
                continue
            if isinstance(parsed, Choice):
                return parsed
            power = power_answer(text, own, view, ref.who(own["id"]), self.lang) if own is not None else None
            if power is not None and own is not None:
                choice = self._power_said(text, power, options, request.seat, ref.who(own["id"]))
                if choice is not None:
                    return choice
                continue
            if asked:  # "did you mean 1?" "yes"; "1 or no roll (talk)?" "no, I only talk to him": the reading taken
                took, own_words = reply_to(text, asked, options, self.lang)
                choice = taken(request.seat, took, text if own_words else asked_words, options) if took else None
                if choice is not None:
                    return choice
            asked = ()
            if is_intent(text):
                choice, said = typed_choice(text, options, request.seat, self.lang, free=self.free_intent)
                self.say("[dim]" + escape(said) + "[/]" if choice is not None else "[yellow]" + escape(said) + "[/]")
                if choice is not None:
                    return choice
                asked, asked_words = asked_readings(text, options, self.lang, free=self.free_intent), text
                continue
            self.say("[yellow]" + escape(parsed) + "[/]")

    def _power_said(self, text: str, power: PowerAnswer, options: Sequence[Option], seat: PlayerId,
                    name: str) -> Choice | None:
        """The player's words name a power of their sheet: a deed said with it is read, and the spend made or
        explained (the choice, its first action kept when an extra one was bought); else the book's answer is
        said, never the plain pool rolled (issue 28), and ``None`` asks again."""
        choice, lines = deed_choice(text, power, options, seat, name, self.lang, free=self.free_intent)
        for line in lines:
            self.say(("[dim]" if choice is not None else "[yellow]") + escape(line) + "[/]")
        if choice is not None:
            self.pending = choice if choice.extra else None
            return choice
        if not lines:
            self.say("[yellow]" + escape(power.text) + "[/]")
        return None

    def _no_willpower_here(self, choice: Choice, options: Sequence[Option]) -> bool:
        """``2w`` on a contest or a team roll, where the kernel takes no Willpower point (its law under the
        table's rules refuses it, by the books' defaults D53; a blow takes one since playtest 17, D4): the table says why
        and asks again, as the kernel's refusal does on an extended task (the point was dropped without a word:
        playtest 16)."""
        bar = next((o.willpower for o in options if o.approach == choice.approach), "")
        if not choice.willpower or bar not in ("contest", "team"):
            return False
        self.say("[yellow]" + escape(message(self.lang, f"st_intent.willpower_not.{bar}").strip()) + "[/]")
        return True

    def _show_question(self, request: Request, view: Mapping[str, Any], ref: Any, own: Mapping[str, Any] | None,
                       options: list[Option]) -> None:
        """Whose turn (in a troupe), the sheet once, why the last answer was refused, the options, and once a
        sitting that words are welcome (and what the sheet's powers allow)."""
        if own is not None and sum(1 for s in view.get("sheets", ()) if s.get("player", True)) > 1:
            self.say("[bold]" + escape(message(self.lang, "troupe.turn_of", name=ref.who(own["id"]),
                                               seat=request.seat + 1)) + "[/]")
        if not self.shown_sheet and view:
            self.shown_sheet = True
            for line in ref.sheet(view):
                self.say(escape(line))
        if request.rejection is not None and request.rejection.code == INTENT_UNCLEAR:
            self.say("[yellow]" + escape(request.rejection.message) + "[/]")  # already in the player's language
        elif request.rejection is not None and (said := no_dice_line(self.lang, request.rejection, view, own, options,
                                                                      ref)):
            self.say("[yellow]" + escape(said) + "[/]")
        elif request.rejection is not None:
            self.say("[red]" + escape(refusal(self.lang, request.rejection.code)) + "[/]")  # the kernel's English: logs
        for option in options:
            self.say(f"  [bold]{option.number}[/]. {option.label} [dim]{option.preview}[/]")
        if not self.hinted:  # the suggestions are suggestions: say once that words are welcome (issue 16)
            self.hinted = True
            self.say("[dim]" + escape(message(self.lang, "st_intent.hint")) + "[/]")
            powers = hint(own, ref.who(own["id"]), self.lang, view) if own is not None else None
            if powers:  # the sheet's Blood, Rage, Gnosis, Celerity: what the rules here let them do (issue 28)
                self.say("[dim]" + escape(powers) + "[/]")

    def _command(self, text: str, ref: Any, view: Mapping[str, Any]) -> bool:
        """A table command typed instead of an answer (quit, the X-card, help, the sheet, who is here), done;
        ``False`` for anything else."""
        if text.strip().lower() in ("q", "quit", "exit"):
            raise QuitGame("quit")
        if text.strip().lower() in typed("x_card"):  # the table leaves the last subject and moves on
            if self.on_x_card is not None:
                self.on_x_card()
            self.say("[bold]" + escape(message(self.lang, "improv.x_card")) + "[/]")
            return True
        command = typed_commands("storyteller").get(text.strip().lower())
        if command == "help":
            self.say(escape(message(self.lang, "storyteller.help")))
            self.say(escape(message(self.lang, "improv.help")))
            self.say(escape(ref.say("commands")))
            return True
        if command in ("sheet", "who") and view:
            shown = ref.sheet(view) if command == "sheet" else ref.scene(view, _present(view))
            for line in shown:
                self.say(escape(line))
            return True
        return False


def no_dice_line(lang: str, rejection: Rejection, view: Mapping[str, Any], own: Mapping[str, Any] | None,
                 options: Sequence[Option], ref: Any) -> str:
    """A roll refused because wounds leave its pool no dice, said in words with what the player can still do: a
    Willpower point's automatic success on an option that takes one (D2, D4; WW L86 «even when a roll is
    required»), a deed with no roll, or holding back. Playtest 17 (Crippled, −5): a bare «There are no dice to
    roll.» and the same menu, and the fight never moved. ``""`` for any other refusal."""
    from narrator.agents.i18n import character_gender, health_name

    if str(rejection.code) != "POOL_EMPTY" or own is None:
        return ""
    pc = str(own["id"])
    cond: Mapping[str, Any] = next((c for c in view.get("characters") or () if c.get("id") == pc), {})
    if not cond.get("damage"):
        return ""
    health = health_name(lang, str(cond.get("health", "")), character_gender(lang, pc, view))
    able = next((o for o in options if o.deed in ("roll", "attack") and not o.willpower and not o.joins), None)
    if able is None:
        return message(lang, "storyteller.no_dice_spent", name=ref.who(pc), health=health)
    return message(lang, "storyteller.no_dice", name=ref.who(pc), health=health, example=able.number)


def _declared_first(view: Mapping[str, Any], pc: str, pending: Choice, options: Sequence[Option]) -> bool:
    """Whether ``pc`` has just declared an extra action (none taken yet) and ``pending`` is still offered."""
    cond: Mapping[str, Any] = next((c for c in view.get("characters") or () if c.get("id") == pc), {})
    return (len(cond.get("declared") or ()) > 1 and not cond.get("actions_used")
            and any(o.approach == pending.approach for o in options))


def _npc_names(view: Mapping[str, Any], lang: str = "en") -> dict[str, str]:
    """The scenario's characters by name (their names are told in the story; their sheets stay hidden)."""
    from narrator.storyteller.data import DataError
    from narrator.storyteller.scenario import find_scenario

    try:
        return find_scenario(str(view.get("book")), str(view.get("scenario") or "")).npc_names(lang)
    except (DataError, ValueError, KeyError, OSError):
        return {}


def _present(view: Mapping[str, Any]) -> set[str] | None:
    """Who is in the current scene: the player characters, the scene's Storyteller characters, and any
    character already hurt (met before); ``None`` (everyone) when the scenario cannot be read."""
    from narrator.storyteller.data import DataError
    from narrator.storyteller.scenario import find_scenario

    try:
        scene = find_scenario(str(view.get("book")), str(view.get("scenario") or "")).scenes.get(str(view.get("scene")))
    except (DataError, ValueError, KeyError, OSError):
        return None
    if scene is None:
        return None
    players = {str(s["id"]) for s in view.get("sheets", ()) if s.get("player", True)}
    hurt = {str(c["id"]) for c in view.get("characters") or () if c.get("damage")}
    return players | scene.present() | hurt


class ScriptedPlayer(Seat):
    """Answers from a list of inputs (tests, demos); when they run out, quits or picks the first approach."""

    name = "scripted-player"
    max_attempts: int | None = None

    def __init__(self, inputs: Iterable[str], *, then: str = "quit", free_intent: bool = False,
                 lang: str = "en") -> None:
        self.inputs: Iterator[str] = iter(inputs)
        self.then, self.free_intent, self.lang = then, free_intent, lang
        self.said: list[str] = []
        """What the table said about the typed intents (the template's readings)."""
        self.rejections: list[Rejection] = []
        self.fallback_index = -1

    def act(self, request: Request) -> Choice:
        options = list(request.options)
        if request.rejection is not None:
            self.rejections.append(request.rejection)
        for text in self.inputs:
            parsed = parse_choice(text, options, request.seat)
            if isinstance(parsed, Choice):
                return parsed
            if is_intent(text):
                choice, said = typed_choice(text, options, request.seat, self.lang, free=self.free_intent)
                self.said.append(said)
                if choice is not None:
                    return choice
        if self.then == "quit":
            raise QuitGame("script exhausted")
        # after a refusal try the next approach, so a scripted player never repeats a refused one forever
        self.fallback_index = self.fallback_index + 1 if request.rejection is not None else 0
        return Choice(actor=request.seat, approach=options[self.fallback_index % len(options)].approach)


class BotPlayer(Seat):
    """A character played by a bot: a seeded choice among the offered approaches (holding back only when
    nothing else is offered, and joining a teamwork task when asked). Its choice is a function of the
    seed and the moment (scene, turn, seat), so a resumed game goes on as it would have; after a refusal
    it takes the next option (counted within the moment)."""

    name = "bot-player"
    max_attempts: int | None = None

    def __init__(self, seed: int) -> None:
        self.seed = seed
        self._refused: tuple[str, int] = ("", 0)

    def act(self, request: Request) -> Choice:
        import random

        options = list(request.options)
        view = request.view if isinstance(request.view, dict) else {}
        moment = f"{self.seed}:{view.get('scene_count')}:{view.get('turn')}:{request.seat}"
        acting = [o for o in options if o.approach != "pass"] or options
        if options and options[0].joins:
            acting = options[:1]
        skip = self._refused[1] + 1 if request.rejection is not None and self._refused[0] == moment else 0
        self._refused = (moment, skip)
        if skip >= len(acting):  # every approach was refused: hold back (or decline)
            acting = [o for o in options if o.approach == "pass"] or acting
        start = random.Random(moment).randrange(len(acting))
        pick = acting[(start + skip) % len(acting)]
        return Choice(actor=request.seat, approach=pick.approach, joins=pick.joins)


def choice_notes(choice: Choice, by: str = "player") -> dict[str, Any]:
    """What the transcript keeps beside a roll request made of the player's choice."""
    notes = {"by": by, "approach": choice.approach, "willpower": choice.willpower, "automatic": choice.automatic}
    return {**notes, "intent": choice.intent} if choice.intent else notes


class StorytellerSeat(Seat):
    """The agent in the Storyteller's seat (``HOST``): it moves alone, or turns the player's answer
    (``request.answers``) into its proposal; a refused proposal gives the question back to the player."""

    max_attempts: int | None = None
    """Asked until its own move is legal or it hands the question back (a human is choosing)."""

    def __init__(self, voice: StorytellerVoice, name: str = "template-storyteller") -> None:
        self.voice, self.name = voice, name

    def act(self, request: Request) -> Decision:
        answers = choices(request.answers)
        move = self.voice.storyteller_move(request.view, answers)
        if move is not None:
            if request.rejection is not None:
                raise AgentGaveUpError(f"the Storyteller's own move was refused: {request.rejection.message}")
            return Decision(move, {"by": "storyteller"})
        lead = self.voice.lead(request.view, answers)
        if lead is None:
            raise AgentGaveUpError("the Storyteller was asked before a character chose an approach")
        if request.rejection is not None:
            raise ReopenQuestion(request.rejection.message)
        try:
            if lead.approach == FREE and isinstance(self.voice, RulesIntent):  # the player's own words (issue 28)
                ruling = self.voice.rule_intent(request.view, lead, answers)
                return Decision(ruling.action, {**choice_notes(lead), "ruling": ruling.kind}, said=ruling.said)
            return Decision(self.voice.propose(request.view, lead, answers), choice_notes(lead))
        except IntentUnclear as unclear:  # the player is asked again, told which approaches are closest
            raise ReopenQuestion(str(unclear), rejection=Rejection(INTENT_UNCLEAR, str(unclear), "table")) from None


def choices(answers: Mapping[PlayerId, Any]) -> dict[PlayerId, Choice]:
    """The table's standing answers that are choices (approaches, holds, replies to an invitation)."""
    return {seat: answer for seat, answer in answers.items() if isinstance(answer, Choice)}


PLAYER_SEAT: PlayerId = 0
"""The player character's seat (the scenarios and the template Storyteller run one character)."""


class ApproachQuestion:
    """The Storyteller games' question (:class:`narrator.session.Questions`): while the Storyteller
    waits on the troupe (the scene offers approaches, no dice are awaited), the addressed character's
    seat chooses one; after a teamwork choice, each free character's seat says whether it joins.

    Args:
        voice_of: the Storyteller voice reading a host view (the table's template Storyteller).
    """

    def __init__(self, voice_of: Callable[[Any], Any]) -> None:
        self.voice_of = voice_of

    def asked(self, session: Any) -> list[Any]:
        """What the table asks now (:class:`~narrator.storyteller.template.Asked`), in seat order."""
        if HOST not in session.game.active_players(session.state):
            return []
        view = session.game.view(session.state, HOST)
        if view.get("awaiting_dice"):
            return []
        voice = self.voice_of(view)
        template = getattr(voice, "template", voice)  # a model's voice asks with its template's menu
        if isinstance(template, TemplateBase):  # the menu's Willpower offer asks the kernel under the table's rules
            template.rules = getattr(session, "config", None)
        return list(voice.questions(view, choices(session.answers)))

    def options(self, session: Any) -> list[Option]:
        """The options of the first open question (empty when the Storyteller moves alone)."""
        asked = [a for a in self.asked(session) if a.seat not in session.answers]
        return list(asked[0].options) if asked else []

    def open(self, session: Any) -> dict[PlayerId, Question]:
        return {a.seat: Question(CHOOSE, tuple(Choice(actor=a.seat, approach=o.approach, joins=o.joins)
                                               for o in a.options), tuple(a.options))
                for a in self.asked(session) if a.seat not in session.answers}

    def check(self, session: Any, seat: PlayerId, answer: Action) -> Rejection | None:
        if not isinstance(answer, Choice):
            return Rejection("NOT_A_CHOICE", f"seat {seat}: expected a choice of approach, got {answer.kind!r}",
                             "table")
        question = self.open(session).get(seat)
        if question is None:
            return Rejection("NOT_CHOOSING", f"seat {seat} chose {answer.approach!r}, but the Storyteller is not "
                                             "waiting for this seat's choice now; wait for the next prompt", "table")
        if len(answer.intent) > MAX_INTENT:
            return Rejection("INTENT_TOO_LONG", f"seat {seat}: an intent is at most {MAX_INTENT} characters", "table")
        if answer.approach == FREE and answer.intent.strip() and not answer.joins:
            return None  # the player's own words: the Storyteller rules on them, the kernel on its request
        offered = [(o.approach, o.joins) for o in question.options]
        if (answer.approach, answer.joins) not in offered:
            return Rejection("UNKNOWN_APPROACH", f"seat {seat} chose {answer.approach!r}, which is not offered "
                                                 f"now; choose one of: {', '.join(a for a, _ in offered)}", "table")
        return None
